//! Who is here: people arriving and leaving, the grace period after which an absent person's
//! turns are played by the stand-in bot and the host role passes on, the line of latecomers for
//! the next game, and handing an absent player's turns to a bot.

use super::*;

impl Room {
    /// A seat's person is connected again.
    pub(super) fn arrived(&mut self, seat: usize) {
        if let Some(since) = self.disconnected.get_mut(seat) {
            *since = None;
        }
    }

    /// A member's connection is gone (dropped, or `left` on purpose). Returns the events to tell.
    pub(super) async fn gone(&mut self, member: Member, left: bool) -> Vec<RoomEvent> {
        let mut events = Vec::new();
        if let Some(seat) = member.seat
            && !self.seat_connected(seat)
        {
            if let Some(since) = self.disconnected.get_mut(seat) {
                *since = Some(Instant::now());
            }
            events.push(RoomEvent::Room(RoomChange::Disconnected { seat }));
            if left && seat == self.state.host {
                events.extend(self.pass_host().await);
            }
        }
        if left && let Some(token) = member.waiting {
            // Leaving the line: the place is given up.
            let hash = token_hash(&token);
            let mut next = self.state.clone();
            next.waiting.retain(|w| w.token_hash != hash);
            if let Err(error) = self.commit_state(next).await {
                eprintln!("martian-server: room {}: {error}", self.id);
            }
        }
        events
    }

    /// The seat the host role passes to: the next person's seat after the host, in seat order,
    /// whose person is connected.
    fn next_host(&self) -> Option<usize> {
        let seats = self.state.seats.len();
        (1..seats)
            .map(|step| (self.state.host + step) % seats)
            .find(|&seat| self.state.seats[seat].bot.is_none() && self.seat_connected(seat))
    }

    async fn pass_host(&mut self) -> Vec<RoomEvent> {
        let Some(host) = self.next_host() else {
            return Vec::new();
        };
        let mut next = self.state.clone();
        next.host = host;
        match self.commit_state(next).await {
            Ok(()) => vec![RoomEvent::Room(RoomChange::HostChanged { seat: host })],
            Err(error) => {
                eprintln!("martian-server: room {}: {error}", self.id);
                Vec::new()
            }
        }
    }

    /// Whether the grace period running for `seat` would change anything when it ends.
    fn grace_matters(&self, seat: usize) -> bool {
        let person = &self.state.seats[seat];
        person.bot.is_none()
            && ((seat == self.state.host && self.next_host().is_some())
                || (self.state.status == Status::Playing && !person.away))
    }

    /// When the next grace period that matters ends.
    pub(super) fn grace_due(&self) -> Option<Instant> {
        self.disconnected
            .iter()
            .enumerate()
            .filter_map(|(seat, since)| Some((seat, (*since)?)))
            .filter(|&(seat, _)| seat < self.state.seats.len() && self.grace_matters(seat))
            .map(|(_, since)| since + self.settings.grace)
            .min()
    }

    /// Ends the grace periods that are over: an absent host hands the role on, and an absent
    /// player's turns go to the stand-in bot — one stored change, then everyone is told.
    pub(super) async fn grace_tick(&mut self) {
        let now = Instant::now();
        let expired: Vec<usize> = (0..self.state.seats.len())
            .filter(|&seat| {
                self.disconnected
                    .get(seat)
                    .copied()
                    .flatten()
                    .is_some_and(|since| since + self.settings.grace <= now)
                    && self.grace_matters(seat)
            })
            .collect();
        if expired.is_empty() {
            return;
        }
        let mut next = self.state.clone();
        let mut events = Vec::new();
        for &seat in &expired {
            if seat == self.state.host
                && let Some(host) = self.next_host()
            {
                next.host = host;
                events.push(RoomEvent::Room(RoomChange::HostChanged { seat: host }));
            }
            if self.state.status == Status::Playing && !next.seats[seat].away {
                next.seats[seat].away = true;
                events.push(RoomEvent::Room(RoomChange::Away { seat }));
            }
        }
        match self.commit_state(next).await {
            Ok(()) => {
                self.schedule();
                self.broadcast(&events);
            }
            Err(error) => {
                eprintln!("martian-server: room {}: {error}", self.id);
                // Try again in a moment rather than at once.
                let retry = now + Duration::from_millis(500) - self.settings.grace;
                for seat in expired {
                    self.disconnected[seat] = Some(retry);
                }
            }
        }
    }

    /// Seats a person named `name` (the lobby's `join`, or `join_next` in the lobby).
    pub(super) async fn seat_person(
        &mut self,
        name: &str,
        avatar: Option<Avatar>,
    ) -> Result<Entered, Refusal> {
        let name = clean_name(name)?;
        if self.state.seats.len() >= MAX_PLAYERS {
            return Err(Refusal::SeatsTaken);
        }
        if self.state.has_name(&name) {
            return Err(Refusal::NameTaken(name));
        }
        let token = random_token();
        let mut next = self.state.clone();
        let avatar = avatar.unwrap_or_else(|| next.free_avatar());
        next.seats
            .push(SeatState::person(name, token_hash(&token), avatar));
        self.commit_state(next).await?;
        self.bots.push(None);
        self.stand_in.push(None);
        self.disconnected.push(None);
        let seat = self.state.seats.len() - 1;
        Ok(Entered {
            seat: Some(seat),
            token: Some(token),
            waiting: false,
            events: vec![RoomEvent::Room(RoomChange::Seated { seat })],
        })
    }

    /// A spectator asks for a seat: in the lobby at once, else a place in line for the next game.
    pub(super) async fn join_next(
        &mut self,
        conn: ConnId,
        name: &str,
        avatar: Option<Avatar>,
    ) -> Reply {
        let member = self.members.get(&conn).expect("the sender is a member");
        if member.seat.is_some() {
            return Err(Refusal::AlreadySeated);
        }
        if member.waiting.is_some() {
            return Err(Refusal::AlreadyInLine);
        }
        let entered = if self.state.status == Status::Lobby {
            self.seat_person(name, avatar).await?
        } else {
            let name = clean_name(name)?;
            if self.state.seats.len() + self.state.waiting.len() >= MAX_PLAYERS {
                return Err(Refusal::NextGameFull);
            }
            if self.state.has_name(&name) {
                return Err(Refusal::NameTaken(name));
            }
            let token = random_token();
            let mut next = self.state.clone();
            let avatar = avatar.unwrap_or_else(|| next.free_avatar());
            next.waiting.push(WaitingState {
                name: name.clone(),
                token_hash: token_hash(&token),
                avatar: Some(avatar),
            });
            self.commit_state(next).await?;
            Entered {
                seat: None,
                token: Some(token),
                waiting: true,
                events: vec![RoomEvent::Room(RoomChange::Queued { name })],
            }
        };
        let joined = ServerMessage::Joined {
            room: &self.id,
            seat: entered.seat,
            token: entered.token.as_deref(),
            waiting: entered.waiting,
        }
        .to_json();
        self.send(conn, joined);
        if let Some(member) = self.members.get_mut(&conn) {
            member.seat = entered.seat;
            member.waiting = if entered.waiting { entered.token } else { None };
        }
        Ok(entered.events)
    }

    /// Seats the people in line who are here, at the start of a game, in `next`; returns their
    /// tokens and seats (those not connected keep their place in line).
    pub(super) fn seat_waiting(&self, next: &mut RoomState) -> Vec<(String, usize)> {
        let mut seated = Vec::new();
        let mut still = Vec::new();
        let line: Vec<WaitingState> = next.waiting.drain(..).collect();
        for waiting in line {
            let here = self
                .members
                .values()
                .filter_map(|m| m.waiting.as_deref())
                .find(|token| token_hash(token) == waiting.token_hash);
            if let Some(token) = here
                && next.seats.len() < MAX_PLAYERS
            {
                let avatar = waiting.avatar.unwrap_or_else(|| next.free_avatar());
                next.seats
                    .push(SeatState::person(waiting.name, waiting.token_hash, avatar));
                seated.push((token.to_string(), next.seats.len() - 1));
            } else {
                still.push(waiting);
            }
        }
        next.waiting = still;
        seated
    }

    /// Tells the members seated from the line their seats.
    pub(super) fn seated_from_line(&mut self, seated: &[(String, usize)]) {
        self.disconnected.resize(self.state.seats.len(), None);
        for (token, seat) in seated {
            let Some((&conn, _)) = self
                .members
                .iter()
                .find(|(_, m)| m.waiting.as_deref() == Some(token.as_str()))
            else {
                continue;
            };
            let joined = ServerMessage::Joined {
                room: &self.id,
                seat: Some(*seat),
                token: Some(token),
                waiting: false,
            }
            .to_json();
            self.send(conn, joined);
            if let Some(member) = self.members.get_mut(&conn) {
                member.seat = Some(*seat);
                member.waiting = None;
            }
        }
    }

    /// Any seated player: a bot plays the turns of `seat`, whose person is not here, until they
    /// come back (no waiting for the grace period).
    pub(super) async fn hand_to_bot(&mut self, seat: usize) -> Reply {
        if self.state.status == Status::Lobby {
            return Err(Refusal::NoGame);
        }
        let Some(person) = self.state.seats.get(seat) else {
            return Err(Refusal::NoSuchSeat(seat));
        };
        if person.bot.is_some() {
            return Err(Refusal::PlayedByBot(seat));
        }
        if self.seat_connected(seat) {
            return Err(Refusal::PlayerHere);
        }
        if person.away {
            return Err(Refusal::AlreadyAway);
        }
        let mut next = self.state.clone();
        next.seats[seat].away = true;
        self.commit_state(next).await?;
        self.schedule();
        Ok(vec![RoomEvent::Room(RoomChange::Away { seat })])
    }
}
