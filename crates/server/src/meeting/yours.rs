//! "Your games": what became of the rooms a browser holds seats in (`my_rooms`), told only to
//! the holder of a seat's token.

use crate::meeting::directory::ListedSeat;
use crate::rooms::Rooms;
use crate::rooms::room::RoomCommand;
use crate::state::ids::{constant_time_eq, is_room_id, token_hash};
use crate::state::{RoomState, Status};

/// The finished games `my_rooms` tells of each room (the last ones).
pub const FINISHED_TOLD: usize = 5;

pub use crate::protocol::meeting::MyRoom;

impl MyRoom {
    fn gone(room: &str) -> MyRoom {
        MyRoom {
            room: room.to_string(),
            status: "gone",
            ..MyRoom::default()
        }
    }

    /// What the state of room `id` tells the holder of `seat` (or of place `in_line`).
    pub fn of_state(
        id: &str,
        state: &RoomState,
        seat: Option<usize>,
        in_line: Option<usize>,
    ) -> MyRoom {
        let finished = &state.finished[state.finished.len().saturating_sub(FINISHED_TOLD)..];
        MyRoom {
            room: id.to_string(),
            status: match state.status {
                Status::Lobby => "lobby",
                Status::Playing => "playing",
                Status::Over => "over",
            },
            code: Some(state.code.clone()),
            seat,
            waiting: in_line.is_some(),
            name: seat
                .map(|s| state.seats[s].name.clone())
                .or_else(|| in_line.map(|w| state.waiting[w].name.clone())),
            host: Some(seat == Some(state.host)),
            your_turn: None,
            game: Some(state.game),
            scores: None,
            seats: Some(
                (0..state.seats.len())
                    .map(|i| ListedSeat {
                        name: state.seats[i].name.clone(),
                        avatar: state.avatar(i),
                        bot: state.seats[i].bot.clone(),
                    })
                    .collect(),
            ),
            finished: Some(finished.to_vec()),
        }
    }

    /// What a stored state tells the holder of `token`, if it is one of its seats' or places'.
    fn of_stored(id: &str, state: &str, closed: bool, token: &str) -> Option<MyRoom> {
        let state: RoomState = serde_json::from_str(state).ok()?;
        let presented = token_hash(token);
        let seat = state.seats.iter().position(|s| {
            s.token_hash
                .as_deref()
                .is_some_and(|hash| constant_time_eq(hash, &presented))
        });
        let in_line = state
            .waiting
            .iter()
            .position(|w| constant_time_eq(&w.token_hash, &presented));
        if seat.is_none() && in_line.is_none() {
            return None;
        }
        let mut mine = MyRoom::of_state(id, &state, seat, in_line);
        if closed {
            mine.status = "closed";
            mine.code = None;
        }
        Some(mine)
    }
}

/// What became of each room of `seats` (in the same order).
pub async fn my_rooms(here: &Rooms, seats: Vec<crate::protocol::HeldSeat>) -> Vec<MyRoom> {
    let mut rooms = Vec::with_capacity(seats.len());
    for held in seats {
        if !is_room_id(&held.room) {
            rooms.push(MyRoom::gone(&held.room));
            continue;
        }
        if let Some(sender) = here.registry.get(&held.room) {
            let (reply, answer) = tokio::sync::oneshot::channel();
            let asked = sender
                .send(RoomCommand::Describe {
                    token: held.token,
                    reply,
                })
                .await
                .is_ok();
            let told = if asked {
                answer.await.ok().flatten()
            } else {
                None
            };
            rooms.push(told.unwrap_or_else(|| MyRoom::gone(&held.room)));
            continue;
        }
        let told = match here.store.room(&held.room).await {
            Ok(Some(row)) => MyRoom::of_stored(&held.room, &row.state, row.closed, &held.token),
            Ok(None) => None,
            Err(error) => {
                tracing::warn!(room = %held.room, "reading a room for my_rooms: {error}");
                None
            }
        };
        rooms.push(told.unwrap_or_else(|| MyRoom::gone(&held.room)));
    }
    rooms
}
