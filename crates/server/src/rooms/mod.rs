//! The rooms: a room's task (lobby, bots, presence, chat, refusals), the game at its table, what
//! its members are sent, and the registry of the rooms this process holds.

pub mod chat;
pub(crate) mod outbox;
pub(crate) mod registry;
pub(crate) mod room;
pub mod table;
pub(crate) mod views;

use std::sync::Arc;

use crate::rooms::registry::{Creator, NewRoom, Registry};
use crate::rooms::room::{Room, RoomSettings};
use martian_store::{Store, StoredRoom};

/// The rooms this process holds and what a room is made with: the handle of those who open or
/// adopt rooms (the connections, the quick match, the cluster) and find them (codes, your
/// games). Cheap to clone.
#[derive(Clone, Debug)]
pub struct Rooms {
    pub registry: Arc<Registry>,
    pub store: Store,
    pub settings: Arc<RoomSettings>,
}

/// A stored room that was not brought back, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotRestored {
    pub room: String,
    pub reason: String,
}

impl Rooms {
    /// Brings a stored room back to life in this process, under the lease generation it was
    /// claimed with.
    pub fn adopt(&self, stored: StoredRoom) -> Result<(), NotRestored> {
        let (registry, store, settings) = (&self.registry, &self.store, &self.settings);
        let room = Room::restore(
            stored.id.clone(),
            &stored.state,
            &stored.games,
            stored.chat,
            store.for_room(&stored.id, stored.generation),
            settings.clone(),
        )
        .map_err(|error| NotRestored {
            room: error.room,
            reason: error.message,
        })?;
        let (tx, rx) = room::room_queue();
        registry
            .insert(
                NewRoom {
                    id: stored.id.clone(),
                    code: room.code().to_string(),
                    sender: tx,
                    creator: room.creator().map(|addr| Creator { addr, conn: None }),
                    generation: stored.generation,
                    status: room.status(),
                    attended: false,
                    people: room.has_people(),
                },
                false,
            )
            .map_err(|cap| NotRestored {
                room: stored.id.clone(),
                reason: cap.to_string(),
            })?;
        room.spawn(rx);
        Ok(())
    }
}
