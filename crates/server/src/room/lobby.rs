//! The host's requests: seats, rules, timer, and starting a game.

use super::*;

impl Room {
    pub(super) async fn host(&mut self, message: ClientMessage) -> Reply {
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
                next.seats.push(SeatState {
                    name,
                    bot: Some(bot),
                    token_hash: None,
                    token: None,
                    human: false,
                    away: false,
                });
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
                    self.bots.remove(seat);
                    self.stand_in.remove(seat);
                    self.disconnected.remove(seat);
                    let mut removed = Vec::new();
                    let mut moved_up = Vec::new();
                    for (&id, member) in &mut self.members {
                        match member.seat {
                            Some(s) if s == seat => removed.push(id),
                            Some(s) if s > seat => {
                                member.seat = Some(s - 1);
                                moved_up.push((id, s - 1));
                            }
                            _ => {}
                        }
                    }
                    // Whoever sat after the removed seat is told their new seat before the update
                    // that shows it (their token is unchanged, so it is not sent again).
                    for (id, new_seat) in moved_up {
                        let joined = ServerMessage::Joined {
                            room: &self.id,
                            seat: Some(new_seat),
                            token: None,
                            waiting: false,
                        }
                        .to_json();
                        self.send(id, joined);
                    }
                    for id in removed {
                        if let Some(member) = self.members.remove(&id) {
                            let left = ServerMessage::Left {
                                code: LeftCode::Removed,
                                reason: "the host removed you",
                            }
                            .to_json();
                            let _ = member.outbox.send(Outgoing::Detached(Some(left.into())));
                        }
                    }
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
            ClientMessage::SetTimer { timer } => {
                if timer.seconds > Timer::MAX_SECONDS {
                    return Err(Refusal::TimerTooLong);
                }
                let mut next = self.state.clone();
                next.timer = timer;
                self.commit_state(next).await?;
                self.schedule();
                Ok(vec![RoomEvent::Room(RoomChange::TimerChanged)])
            }
            ClientMessage::Start {} => {
                if self.state.status == Status::Playing {
                    return Err(Refusal::GameUnderWay);
                }
                self.prepare_bots()?;
                let seed = random_seed();
                let mut next = self.state.clone();
                // People in line (and here) take their seats.
                let seated = self.seat_waiting(&mut next);
                next.status = Status::Playing;
                next.game += 1;
                let number = next.game;
                let table =
                    Table::new(next.rules, next.seats.len(), seed).map_err(Refusal::NoGameFor)?;
                // The new game and the room's state: one transaction, or nothing.
                let started = Write::GameStarted {
                    room: self.id.clone(),
                    number,
                    seed,
                };
                self.commit(vec![started], Some(next)).await?;
                self.settings.metrics.game_started();
                tracing::info!(game = number, "game started");
                self.seated_from_line(&seated);
                self.table = Some(table);
                self.stand_in = vec![None; self.state.seats.len()];
                self.make_bots()?;
                self.schedule();
                let mut events: Vec<RoomEvent> = seated
                    .iter()
                    .map(|&(_, seat)| RoomEvent::Room(RoomChange::Seated { seat }))
                    .collect();
                events.push(RoomEvent::Room(RoomChange::GameStarted { number }));
                Ok(events)
            }
            other => Err(Refusal::NotAHostRequest(other.kind())),
        }
    }
}
