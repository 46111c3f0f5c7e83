//! "Your games": what became of the rooms a browser holds seats in (`my_rooms`), told only to
//! the holder of a seat's token.

use crate::rooms::Rooms;
use crate::rooms::room::RoomCommand;
use crate::state::ids::is_room_id;

use crate::rooms::views::my_room_of_stored;
pub use martian_protocol::meeting::MyRoom;

/// What became of each room of `seats` (in the same order).
pub async fn my_rooms(here: &Rooms, seats: Vec<martian_protocol::HeldSeat>) -> Vec<MyRoom> {
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
            Ok(Some(row)) => my_room_of_stored(&held.room, &row.state, row.closed, &held.token),
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
