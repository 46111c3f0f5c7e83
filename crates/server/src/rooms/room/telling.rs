//! Telling the members: one member's message, the events everyone is sent, the coach's advice
//! to the seat to move, and the room's view.

use super::*;

impl Room {
    pub(super) fn send(&self, conn: ConnId, text: String) {
        if let Some(member) = self.members.get(&conn) {
            let _ = member.outbox.send(Outgoing::Text(text.into()));
        }
    }

    /// Sends everyone in the room its state and `events`.
    pub(super) fn broadcast(&self, events: &[RoomEvent]) {
        let view = self.view();
        let text: Text = ServerMessage::Update {
            room: &view,
            events,
        }
        .to_json()
        .into();
        for member in self.members.values() {
            let _ = member.outbox.send(Outgoing::Text(text.clone()));
        }
        self.send_advice();
    }

    /// Why the coach is not offered in this room now, if it is not.
    pub(super) fn coach_unavailable(&self) -> Option<CoachUnavailable> {
        let humans = self.state.seats.iter().filter(|s| s.bot.is_none()).count();
        crate::solving::coach::unavailable(self.state.rules, self.state.seats.len(), humans)
    }

    /// Sends the coached members the advice for the game as it stands. The solver works on the
    /// deciders' threads (a first duel solution takes a moment); advice names the move count it is
    /// for, so a client drops advice that arrives after the game moved on.
    pub(super) fn send_advice(&self) {
        let Some(table) = &self.table else {
            return;
        };
        let game = table.game();
        let Some(mover) = table.seat_to_move() else {
            return;
        };
        if self.state.status != Status::Playing
            || !matches!(game.state(), GameState::Playing)
            || self.coach_unavailable().is_some()
        {
            return;
        }
        let coached: Vec<(Outbox, usize)> = self
            .members
            .values()
            .filter(|m| m.coach)
            .filter_map(|m| m.seat.map(|seat| (m.outbox.clone(), seat)))
            .collect();
        if coached.is_empty() {
            return;
        }
        let rules = game.rules();
        let scores = game.scores().to_vec();
        let turn = *game.turn();
        let round = game.round();
        let moves = table.moves().len();
        let ready = match self
            .settings
            .solutions
            .request(Need::new(rules, scores.len()))
        {
            Readiness::Ready => None,
            Readiness::Pending(ready) => Some(ready),
            Readiness::Busy => {
                let busy: Text = Refusal::CoachBusy.to_json(Some("coach")).into();
                for (outbox, _) in coached {
                    let _ = outbox.send(Outgoing::Text(busy.clone()));
                }
                return;
            }
        };
        let advise = move || {
            for (outbox, seat) in coached {
                if let Some(advice) =
                    crate::solving::coach::advice(rules, &scores, mover, &turn, round, moves, seat)
                {
                    let text = ServerMessage::Advice { advice: &advice }.to_json();
                    let _ = outbox.send(Outgoing::Text(text.into()));
                }
            }
        };
        let deciders = self.settings.deciders.clone();
        match ready {
            None => deciders.spawn(advise),
            Some(ready) => {
                tokio::spawn(async move {
                    // Prepared elsewhere or not, the advice reads (or computes) the solution.
                    let _ = ready.await;
                    deciders.spawn(advise);
                });
            }
        }
    }

    pub fn view(&self) -> RoomView {
        RoomView {
            id: self.id.clone(),
            code: self.state.code.clone(),
            status: self.state.status,
            host: self.state.host,
            waiting: self
                .state
                .waiting
                .iter()
                .map(|w| WaitingView {
                    name: w.name.clone(),
                    avatar: w.avatar.unwrap_or(Avatar::nth_person(0)),
                    connected: self
                        .members
                        .values()
                        .filter_map(|m| m.waiting.as_deref())
                        .any(|token| token_hash(token) == w.token_hash),
                })
                .collect(),
            seats: self
                .state
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatView {
                    name: s.name.clone(),
                    bot: s.bot.clone(),
                    human: s.human,
                    connected: s.bot.is_some() || self.seat_connected(i),
                    stand_in: self.stand_in.get(i).is_some_and(Option::is_some),
                    away: s.away,
                    avatar: self.state.avatar(i),
                    muted: s.muted,
                    claimed: s.claimed,
                })
                .collect(),
            rules: self.state.rules,
            timer: self.state.timer_now(),
            timer_auto: self.state.timer_auto,
            public: self.state.public,
            lang: self.state.lang,
            spectator_chat: self.state.spectator_chat,
            standing: self.state.standing.is_some(),
            rated: self.state.rated,
            spectators: self.spectators(),
            game: self.table.as_ref().map(|t| {
                game_view(
                    t,
                    self.state.game,
                    self.deadline,
                    &mut self.history.borrow_mut(),
                )
            }),
            finished: self.state.finished.clone(),
            finished_total: self.state.finished_total(),
        }
    }
}
