//! A member's message: what each of the protocol's messages does to the room, and a seat's move
//! played at the table.

use super::*;
use crate::solving::summaries::{Ended, review_ended};

impl Room {
    pub(super) async fn message(&mut self, conn: ConnId, message: ClientMessage) -> Reply {
        let Some(member) = self.members.get(&conn) else {
            return Err(Refusal::NotInRoom);
        };
        let seat = member.seat;
        match message {
            ClientMessage::Leave {} => {
                if let Some(member) = self.members.remove(&conn) {
                    let left = ServerMessage::Left {
                        code: LeftCode::Left,
                        reason: "you left the room",
                    }
                    .to_json();
                    let _ = member.outbox.send(Outgoing::Detached(Some(left.into())));
                }
                Ok(match seat {
                    Some(seat) if !self.seat_connected(seat) => {
                        vec![RoomEvent::Room(RoomChange::Disconnected { seat })]
                    }
                    _ => Vec::new(),
                })
            }
            ClientMessage::Act { action } => {
                let seat = seat.ok_or(Refusal::SpectatorPlays)?;
                let command = Command::parse(&action).ok_or(Refusal::NotAnAction(action))?;
                if self.state.status != Status::Playing {
                    return Err(Refusal::NoGame);
                }
                if self.state.seats[seat].bot.is_some() {
                    return Err(Refusal::BotPlaysYourSeat);
                }
                // Acting takes a timed-out turn back from the stand-in.
                let taken_back = self.stand_in[seat].take();
                let result = self.play(seat, command).await;
                if result.is_err() {
                    self.stand_in[seat] = taken_back;
                }
                result
            }
            ClientMessage::Say { message } => self.say(conn, &message).await,
            ClientMessage::Chat { text } => self.chat_text(conn, &text).await,
            ClientMessage::LeaveSeat {} => {
                let Some(member) = self.members.remove(&conn) else {
                    return Err(Refusal::NotInRoom);
                };
                let left = ServerMessage::Left {
                    code: LeftCode::LeftSeat,
                    reason: "you left your seat",
                }
                .to_json();
                let _ = member
                    .outbox
                    .send(Outgoing::Detached(Some(left.clone().into())));
                Ok(self.give_up_seat(member).await)
            }
            ClientMessage::SetAvatar { avatar } => self.set_avatar(conn, &avatar).await,
            ClientMessage::Coach { on } => {
                if seat.is_none() {
                    return Err(Refusal::SpectatorCoached);
                }
                if on && self.ranked_challenge() {
                    return Err(Refusal::CoachInRankedChallenge);
                }
                if on && let Some(reason) = self.coach_unavailable() {
                    return Err(reason.into());
                }
                if let Some(member) = self.members.get_mut(&conn) {
                    member.coach = on;
                }
                if on {
                    self.send_advice();
                }
                Ok(Vec::new())
            }
            ClientMessage::Ping {} => {
                self.send(conn, ServerMessage::Pong {}.to_json());
                Ok(Vec::new())
            }
            ClientMessage::JoinNext { name, avatar } => {
                let avatar = match avatar {
                    Some(id) => Some(Avatar::person(&id).ok_or(Refusal::UnknownAvatar(id))?),
                    None => None,
                };
                self.join_next(conn, &name, avatar).await
            }
            ClientMessage::HandToBot { seat: absent } => {
                if seat.is_none() {
                    return Err(Refusal::SpectatorHandsOver);
                }
                self.hand_to_bot(absent).await
            }
            ClientMessage::CreateRoom { .. }
            | ClientMessage::Join { .. }
            | ClientMessage::Resume { .. }
            | ClientMessage::Watch { .. }
            | ClientMessage::QuickMatch { .. }
            | ClientMessage::MatchBot {}
            | ClientMessage::MatchCancel {}
            | ClientMessage::Challenge { .. } => Err(Refusal::AlreadyInRoom),
            // Answered by the connection itself, in a room or not.
            ClientMessage::Browse { .. } | ClientMessage::MyRooms { .. } => Ok(Vec::new()),
            host_only => {
                if seat != Some(self.state.host) {
                    return Err(Refusal::NotHost);
                }
                self.host(host_only).await
            }
        }
    }

    /// Plays `command` for `seat`, stores the moves, and moves the room on. Nothing changes on
    /// error.
    pub(super) async fn play(&mut self, seat: usize, command: Command) -> Reply {
        let Some(table) = &self.table else {
            return Err(Refusal::NoGame);
        };
        let mut next = table.clone();
        let first = next.moves().len();
        let (moves, events) = next.command(seat, command)?;
        let mut writes = vec![Write::Moves {
            room: self.id.clone(),
            number: self.state.game,
            first,
            codes: moves.iter().map(|m| m.code()).collect(),
        }];
        let mut state = None;
        let mut ended = None;
        if let Some(outcome) = next.game().outcome() {
            let finished = next.record(self.players());
            let record = finished.to_json();
            let finished_ms = martian_store::now_ms();
            let rated = if self.state.rated {
                self.rated_game(&outcome.scores, &outcome.winners, finished_ms)
            } else {
                None
            };
            let rating_changes = match rated {
                Some(game) => super::rated::apply_rated(self.store.ratings(), game).await,
                None => Vec::new(),
            };
            ended = Some(Ended {
                room: self.id.clone(),
                number: self.state.game,
                record: finished,
                finished_ms,
            });
            let mut over = self.state.clone();
            over.status = Status::Over;
            over.finish(FinishedGame {
                number: over.game,
                winners: outcome.winners.clone(),
                scores: outcome.scores.clone(),
                names: over.seats.iter().map(|s| s.name.clone()).collect(),
                rating_changes,
                claimed: if over.seats.iter().any(|s| s.claimed) {
                    over.seats.iter().map(|s| s.claimed).collect()
                } else {
                    Vec::new()
                },
            });
            writes.push(Write::GameFinished {
                room: self.id.clone(),
                number: self.state.game,
                record,
            });
            state = Some(over);
        }
        // The moves, the game's end and the room's state: one transaction, or nothing.
        self.commit(writes, state).await?;
        if let Some(ended) = ended {
            self.settings.metrics.game_finished();
            tracing::info!(game = self.state.game, "game over");
            self.challenge_over(&ended.record);
            review_ended(
                ended,
                &self.settings.deciders,
                self.store.reviews(),
                self.settings.metrics.clone(),
            );
        }
        let room_events = events.into_iter().map(RoomEvent::Game).collect();
        // A turn that ended releases its stand-in.
        if next.game().seat() != seat || next.game().is_over() || next.seat_to_move() != Some(seat)
        {
            self.stand_in[seat] = None;
        }
        self.table = Some(next);
        self.schedule();
        Ok(room_events)
    }
}
