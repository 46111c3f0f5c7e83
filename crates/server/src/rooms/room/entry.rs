//! Entering a room: a seat taken or a spectator let in, and a seat's holder coming back with
//! its token.

use super::*;

impl Room {
    pub(super) async fn enter(
        &mut self,
        conn: ConnId,
        outbox: &Outbox,
        entry: Entry,
    ) -> Result<Entered, Refusal> {
        match entry {
            Entry::Watch { name } => {
                if let Some(name) = name {
                    clean_name(&name)?;
                }
                let spectators = self.spectators();
                if spectators >= MAX_SPECTATORS {
                    return Err(Refusal::SpectatorsFull);
                }
                Ok(Entered::watching())
            }
            Entry::Join {
                name,
                avatar,
                token,
            } => {
                // One person, one seat: the browser's token for a seat of this room brings it
                // back to that seat, whatever the name says.
                if let Some(token) = token
                    && self.holds_place(&token)
                {
                    return self.resume(conn, outbox, token).await;
                }
                if self.state.status != Status::Lobby {
                    return Err(Refusal::AlreadyStarted);
                }
                self.seat_person(&name, avatar).await
            }
            Entry::Resume { token } => self.resume(conn, outbox, token).await,
        }
    }

    /// Whether `token` is a seat's or a place in line's of this room.
    pub(super) fn holds_place(&self, token: &str) -> bool {
        let presented = token_hash(token);
        self.state.seats.iter().any(|s| {
            s.token_hash
                .as_deref()
                .is_some_and(|hash| constant_time_eq(hash, &presented))
        }) || self
            .state
            .waiting
            .iter()
            .any(|w| constant_time_eq(&w.token_hash, &presented))
    }

    /// The seat (or place in line) of `token`, taken up on `conn`; an older connection on the
    /// seat is detached: one connection per seat.
    pub(super) async fn resume(
        &mut self,
        conn: ConnId,
        outbox: &Outbox,
        token: String,
    ) -> Result<Entered, Refusal> {
        let presented = token_hash(&token);
        let seat = self.state.seats.iter().position(|s| {
            s.token_hash
                .as_deref()
                .is_some_and(|hash| constant_time_eq(hash, &presented))
        });
        let Some(seat) = seat else {
            // A place in line for the next game.
            if self
                .state
                .waiting
                .iter()
                .any(|w| constant_time_eq(&w.token_hash, &presented))
            {
                return Ok(Entered {
                    seat: None,
                    token: Some(token),
                    waiting: true,
                    events: Vec::new(),
                });
            }
            return Err(Refusal::BadToken);
        };
        let older: Vec<ConnId> = self
            .members
            .iter()
            .filter(|(id, m)| m.seat == Some(seat) && **id != conn)
            .map(|(id, _)| *id)
            .collect();
        for id in older {
            if let Some(member) = self.members.remove(&id) {
                let left = ServerMessage::Left {
                    code: LeftCode::ResumedElsewhere,
                    reason: "your seat was resumed on another connection",
                }
                .to_json();
                let _ = member.outbox.send(Outgoing::Detached(Some(left.into())));
            }
        }
        let _ = outbox;
        // Back: the seat is the person's again at once.
        if self.state.seats[seat].away {
            let mut next = self.state.clone();
            next.seats[seat].away = false;
            self.commit_state(next).await?;
        }
        Ok(Entered {
            seat: Some(seat),
            token: Some(token),
            waiting: false,
            events: vec![RoomEvent::Room(RoomChange::Connected { seat })],
        })
    }
}
