//! The rooms the server holds, by id, within its caps: rooms in all, and rooms created from one
//! address (so that one client cannot take every room for itself).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard};

use crate::room::RoomSender;

/// Why a room cannot be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomCap {
    #[error("the server has as many rooms as it allows: try again later")]
    Server,
    #[error("too many rooms were created from your address: close some or try again later")]
    Address,
}

#[derive(Debug)]
struct Entry {
    sender: RoomSender,
    creator: Option<IpAddr>,
    /// The generation of the lease the room runs under (0 without leases).
    generation: u64,
}

#[derive(Debug, Default)]
struct Inner {
    rooms: HashMap<String, Entry>,
    by_creator: HashMap<IpAddr, usize>,
}

/// The rooms, behind one lock held only for lookups and updates.
#[derive(Debug)]
pub struct Registry {
    inner: Mutex<Inner>,
    max_rooms: usize,
    per_address: usize,
}

impl Registry {
    pub fn new(max_rooms: usize, per_address: usize) -> Registry {
        Registry {
            inner: Mutex::default(),
            max_rooms,
            per_address,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The room with this id, if the server holds it.
    pub fn get(&self, id: &str) -> Option<RoomSender> {
        self.lock().rooms.get(id).map(|entry| entry.sender.clone())
    }

    /// Every room's sender (to tell them all something).
    pub fn senders(&self) -> Vec<RoomSender> {
        self.lock()
            .rooms
            .values()
            .map(|entry| entry.sender.clone())
            .collect()
    }

    /// Every room held, with the generation of its lease and its sender.
    pub fn held(&self) -> Vec<(String, u64, RoomSender)> {
        self.lock()
            .rooms
            .iter()
            .map(|(id, entry)| (id.clone(), entry.generation, entry.sender.clone()))
            .collect()
    }

    /// The ids of the rooms held.
    pub fn ids(&self) -> Vec<String> {
        self.lock().rooms.keys().cloned().collect()
    }

    /// Rooms held now.
    pub fn len(&self) -> usize {
        self.lock().rooms.len()
    }

    /// Whether `creator` may create a room now.
    pub fn check(&self, creator: Option<IpAddr>) -> Result<(), RoomCap> {
        Registry::admits(&self.lock(), self.max_rooms, self.per_address, creator)
    }

    fn admits(
        inner: &Inner,
        max_rooms: usize,
        per_address: usize,
        creator: Option<IpAddr>,
    ) -> Result<(), RoomCap> {
        if inner.rooms.len() >= max_rooms {
            return Err(RoomCap::Server);
        }
        if let Some(addr) = creator
            && inner.by_creator.get(&addr).copied().unwrap_or(0) >= per_address
        {
            return Err(RoomCap::Address);
        }
        Ok(())
    }

    /// Adds a room created by `creator` (`None`: a room brought back from storage), running
    /// under its lease's `generation`, if the caps allow it.
    pub fn insert(
        &self,
        id: String,
        sender: RoomSender,
        creator: Option<IpAddr>,
        generation: u64,
    ) -> Result<(), RoomCap> {
        let mut inner = self.lock();
        Registry::admits(&inner, self.max_rooms, self.per_address, creator)?;
        if let Some(addr) = creator {
            *inner.by_creator.entry(addr).or_default() += 1;
        }
        inner.rooms.insert(
            id,
            Entry {
                sender,
                creator,
                generation,
            },
        );
        Ok(())
    }

    /// Forgets a room that closed or was given up, if it is the one running under
    /// `generation` (a room claimed again since is a newer one, and stays).
    pub fn remove(&self, id: &str, generation: u64) {
        let mut inner = self.lock();
        if inner
            .rooms
            .get(id)
            .is_none_or(|entry| entry.generation != generation)
        {
            return;
        }
        if let Some(entry) = inner.rooms.remove(id)
            && let Some(addr) = entry.creator
            && let Some(count) = inner.by_creator.get_mut(&addr)
        {
            *count -= 1;
            if *count == 0 {
                inner.by_creator.remove(&addr);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sender() -> RoomSender {
        crate::room::room_queue().0
    }

    #[test]
    fn rooms_are_capped_in_all_and_per_creating_address() {
        let registry = Registry::new(3, 2);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        registry.insert("1".into(), sender(), Some(a), 0).unwrap();
        registry.insert("2".into(), sender(), Some(a), 0).unwrap();
        assert_eq!(registry.check(Some(a)), Err(RoomCap::Address));
        assert_eq!(
            registry.insert("3".into(), sender(), Some(a), 0),
            Err(RoomCap::Address)
        );
        registry.insert("3".into(), sender(), Some(b), 0).unwrap();
        assert_eq!(registry.check(Some(b)), Err(RoomCap::Server));
        assert_eq!(registry.check(None), Err(RoomCap::Server));
        registry.remove("1", 0);
        assert_eq!(registry.check(Some(a)), Ok(()));
        registry.remove("nothing", 0);
        assert_eq!(registry.len(), 2);
        assert!(registry.get("2").is_some() && registry.get("1").is_none());
    }

    #[test]
    fn a_room_claimed_again_is_not_forgotten_by_its_older_run() {
        let registry = Registry::new(10, 10);
        registry.insert("r".into(), sender(), None, 3).unwrap();
        // The run of generation 2 ends after generation 3 took its place: nothing is removed.
        registry.remove("r", 2);
        assert!(registry.get("r").is_some());
        assert_eq!(registry.held()[0].1, 3);
        registry.remove("r", 3);
        assert!(registry.get("r").is_none());
    }
}
