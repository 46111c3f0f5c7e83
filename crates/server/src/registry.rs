//! The rooms the server holds, by id, within its caps: rooms in all, and rooms created from one
//! address (so that one client cannot take every room for itself).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard};

use tokio::sync::mpsc;

use crate::room::RoomCommand;

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
    sender: mpsc::Sender<RoomCommand>,
    creator: Option<IpAddr>,
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
    pub fn get(&self, id: &str) -> Option<mpsc::Sender<RoomCommand>> {
        self.lock().rooms.get(id).map(|entry| entry.sender.clone())
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

    /// Adds a room created by `creator` (`None`: a room brought back from storage), if the caps
    /// allow it.
    pub fn insert(
        &self,
        id: String,
        sender: mpsc::Sender<RoomCommand>,
        creator: Option<IpAddr>,
    ) -> Result<(), RoomCap> {
        let mut inner = self.lock();
        Registry::admits(&inner, self.max_rooms, self.per_address, creator)?;
        if let Some(addr) = creator {
            *inner.by_creator.entry(addr).or_default() += 1;
        }
        inner.rooms.insert(id, Entry { sender, creator });
        Ok(())
    }

    /// Forgets a room that closed.
    pub fn remove(&self, id: &str) {
        let mut inner = self.lock();
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

    fn sender() -> mpsc::Sender<RoomCommand> {
        mpsc::channel(1).0
    }

    #[test]
    fn rooms_are_capped_in_all_and_per_creating_address() {
        let registry = Registry::new(3, 2);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        registry.insert("1".into(), sender(), Some(a)).unwrap();
        registry.insert("2".into(), sender(), Some(a)).unwrap();
        assert_eq!(registry.check(Some(a)), Err(RoomCap::Address));
        assert_eq!(
            registry.insert("3".into(), sender(), Some(a)),
            Err(RoomCap::Address)
        );
        registry.insert("3".into(), sender(), Some(b)).unwrap();
        assert_eq!(registry.check(Some(b)), Err(RoomCap::Server));
        assert_eq!(registry.check(None), Err(RoomCap::Server));
        registry.remove("1");
        assert_eq!(registry.check(Some(a)), Ok(()));
        registry.remove("nothing");
        assert_eq!(registry.len(), 2);
        assert!(registry.get("2").is_some() && registry.get("1").is_none());
    }
}
