//! The host's requests: seats, rules, timer, and starting a game.

use super::*;
use crate::rooms::table::DiceSource;
use martian_challenge::Challenge;

impl Room {
    pub(super) async fn host(&mut self, message: ClientMessage) -> Reply {
        if self.state.challenge.is_some() {
            // The day's game is the whole room: no other seats, rules or games.
            return Err(Refusal::ChallengeRoom);
        }
        let lobby = self.state.status == Status::Lobby;
        match message {
            ClientMessage::AddBot { bot } => {
                if !lobby {
                    return Err(Refusal::BotAfterStart);
                }
                if !martian_bots::catalogue().iter().any(|b| b.name == bot) {
                    return Err(Refusal::UnknownBot(bot));
                }
                if self.state.seats.len() >= MAX_PLAYERS {
                    return Err(Refusal::SeatsTaken);
                }
                martian_bots::check_limits(&bot, self.state.rules, self.state.seats.len() + 1)
                    .map_err(Refusal::SolverLimit)?;
                let mut next = self.state.clone();
                let same = next
                    .seats
                    .iter()
                    .filter(|s| s.bot.as_deref() == Some(&bot))
                    .count();
                let name = if same == 0 {
                    bot.clone()
                } else {
                    format!("{bot} {}", same + 1)
                };
                next.seats.push(SeatState::bot(name, bot));
                self.commit_state(next).await?;
                self.bots.push(None);
                self.stand_in.push(None);
                self.disconnected.push(None);
                Ok(vec![RoomEvent::Room(RoomChange::Seated {
                    seat: self.state.seats.len() - 1,
                })])
            }
            ClientMessage::Remove { seat } => {
                if seat == self.state.host || seat >= self.state.seats.len() {
                    return Err(Refusal::CannotRemove(seat));
                }
                if lobby {
                    let mut next = self.state.clone();
                    next.seats.remove(seat);
                    if next.host > seat {
                        next.host -= 1;
                    }
                    self.commit_state(next).await?;
                    self.seat_gone(seat, LeftCode::Removed, "the host removed you");
                    return Ok(vec![RoomEvent::Room(RoomChange::SeatRemoved { seat })]);
                }
                if self.state.seats[seat].bot.is_some() {
                    return Err(Refusal::PlayedByBot(seat));
                }
                if self.seat_connected(seat) {
                    return Err(Refusal::RemovePresent);
                }
                let bot = self.settings.stand_in.clone();
                let mut next = self.state.clone();
                next.seats[seat].bot = Some(bot.clone());
                next.seats[seat].token_hash = None;
                self.commit_state(next).await?;
                self.make_bots()?;
                self.schedule();
                Ok(vec![RoomEvent::Room(RoomChange::HandedToBot { seat, bot })])
            }
            ClientMessage::SetRules { rules } => {
                if !lobby {
                    return Err(Refusal::RulesAfterStart);
                }
                self.check_bot_limits(rules)?;
                let mut next = self.state.clone();
                next.rules = rules;
                self.commit_state(next).await?;
                Ok(vec![RoomEvent::Room(RoomChange::RulesChanged)])
            }
            ClientMessage::SetRated { rated } => self.set_rated(rated).await,
            ClientMessage::SetTimer { timer } => {
                if timer.seconds > Timer::MAX_SECONDS {
                    return Err(Refusal::TimerTooLong);
                }
                let mut next = self.state.clone();
                next.timer = timer;
                next.timer_auto = false;
                self.commit_state(next).await?;
                self.schedule();
                Ok(vec![RoomEvent::Room(RoomChange::TimerChanged)])
            }
            ClientMessage::SetOptions {
                public,
                spectator_chat,
                lang,
                standing,
            } => {
                if let Some(on) = standing {
                    self.set_standing(on).await?;
                    if public.is_none() && spectator_chat.is_none() && lang.is_none() {
                        return Ok(vec![RoomEvent::Room(RoomChange::OptionsChanged)]);
                    }
                }
                self.set_options(public, spectator_chat, lang).await
            }
            ClientMessage::Mute { seat, muted } => self.mute(seat, muted).await,
            ClientMessage::Start {} => self.start_game().await,
            other => Err(Refusal::NotAHostRequest(other.kind())),
        }
    }

    /// Starts a game: the first from the lobby, or a rematch (the seats turned by one, so
    /// that the first player moves on).
    pub(super) async fn start_game(&mut self) -> Reply {
        if self.state.status == Status::Playing {
            return Err(Refusal::GameUnderWay);
        }
        if self.state.challenge.is_some() && self.state.game > 0 {
            return Err(Refusal::ChallengeRoom);
        }
        self.prepare_bots()?;
        let source = match &self.state.challenge {
            Some(challenge) => DiceSource::Challenge(Challenge::of(challenge.date)),
            None => DiceSource::Seed(random_seed()),
        };
        let seed = source.seed();
        let mut next = self.state.clone();
        // A rated game's seats are drawn (who sits first is a small disadvantage, docs/ratings.md:
        // nobody always takes it); another rematch turns them by one, so the first player moves on.
        let seats = next.seats.len();
        let reseat = if next.rated && seats > 1 {
            Some(Reseat::Drawn(super::social::drawn_order(seats)))
        } else if next.status == Status::Over && seats > 1 {
            Some(Reseat::Rotated(
                (0..seats).map(|new| (new + 1) % seats).collect(),
            ))
        } else {
            None
        };
        if let Some(order) = reseat.as_ref().map(Reseat::order) {
            next.seats = super::social::permuted(std::mem::take(&mut next.seats), order);
            next.host = order.iter().position(|&old| old == next.host).unwrap_or(0);
        }
        // People in line (and here) take their seats.
        let seated = self.seat_waiting(&mut next);
        if next.rated {
            super::rated::check_rateable(&next)?;
            if next.seats.len() < 2 {
                return Err(Refusal::NotRateable(super::rated::TOO_FEW));
            }
        }
        next.status = Status::Playing;
        next.game += 1;
        let number = next.game;
        let table =
            Table::dealt(next.rules, next.seats.len(), source).map_err(Refusal::NoGameFor)?;
        // The new game and the room's state: one transaction, or nothing.
        let started = Write::GameStarted {
            room: self.id.clone(),
            number,
            seed,
        };
        self.commit(vec![started], Some(next)).await?;
        self.auto_start = None;
        self.settings.metrics.game_started();
        tracing::info!(game = number, "game started");
        if let Some(order) = reseat.as_ref().map(Reseat::order) {
            self.reseated(order);
        }
        self.seated_from_line(&seated);
        self.table = Some(table);
        self.stand_in = vec![None; self.state.seats.len()];
        self.make_bots()?;
        self.schedule();
        let mut events: Vec<RoomEvent> = Vec::new();
        match reseat {
            Some(Reseat::Rotated(_)) => events.push(RoomEvent::Room(RoomChange::SeatsRotated)),
            Some(Reseat::Drawn(order)) => {
                events.push(RoomEvent::Room(RoomChange::SeatsDrawn { order }));
            }
            None => {}
        }
        events.extend(
            seated
                .iter()
                .map(|&(_, seat)| RoomEvent::Room(RoomChange::Seated { seat })),
        );
        events.push(RoomEvent::Room(RoomChange::GameStarted { number }));
        Ok(events)
    }
}

/// How a game's start seats the players anew: `order[new]` is the old seat.
enum Reseat {
    /// A rematch: turned by one.
    Rotated(Vec<usize>),
    /// A rated game: drawn at random.
    Drawn(Vec<usize>),
}

impl Reseat {
    fn order(&self) -> &[usize] {
        match self {
            Reseat::Rotated(order) | Reseat::Drawn(order) => order,
        }
    }
}
