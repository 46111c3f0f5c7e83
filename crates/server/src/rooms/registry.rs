//! The rooms the server holds, by id and by code, within its caps: rooms in all, and **live**
//! rooms created from one address or one connection (so that one client cannot take every room
//! for itself). A room is live while it is in its lobby or being played and someone is connected
//! to it: finished rooms and rooms everyone left do not count against anyone. When the server is
//! full, a new room takes the place of the room nobody has been connected to for longest.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard};

use tokio::time::Instant;

use crate::edge::outbox::ConnId;
use crate::rooms::room::RoomSender;
use crate::state::Status;

/// Why a room cannot be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomCap {
    #[error("the server has as many rooms as it allows, each with people in it: try again later")]
    Server,
    #[error(
        "{limit} rooms created from your address are open with people in them: finish or leave one of them, then create another"
    )]
    Address { limit: usize },
    #[error(
        "{limit} rooms created on this connection are open with people in them: finish or leave one of them, then create another"
    )]
    Connection { limit: usize },
}

/// Who created a room: the address, and the connection (none for a room brought back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Creator {
    pub addr: IpAddr,
    pub conn: Option<ConnId>,
}

#[derive(Debug)]
struct Entry {
    sender: RoomSender,
    creator: Option<Creator>,
    code: String,
    /// The generation of the lease the room runs under (0 without leases).
    generation: u64,
    status: Status,
    /// Someone is connected to the room.
    attended: bool,
    /// Since when nobody is (or since the room was held).
    unattended_since: Instant,
    /// When the room was added.
    held_since: Instant,
}

impl Entry {
    fn live(&self) -> bool {
        self.attended && self.status != Status::Over
    }
}

#[derive(Debug, Default)]
struct Inner {
    rooms: HashMap<String, Entry>,
    codes: HashMap<String, String>,
    live_by_addr: HashMap<IpAddr, usize>,
    live_by_conn: HashMap<ConnId, usize>,
}

impl Inner {
    fn count(&mut self, creator: Option<Creator>, up: bool) {
        let Some(creator) = creator else {
            return;
        };
        fn step<K: std::hash::Hash + Eq + Copy>(map: &mut HashMap<K, usize>, key: K, up: bool) {
            let count = map.entry(key).or_default();
            if up {
                *count += 1;
            } else {
                *count = count.saturating_sub(1);
            }
            if *count == 0 {
                map.remove(&key);
            }
        }
        step(&mut self.live_by_addr, creator.addr, up);
        if let Some(conn) = creator.conn {
            step(&mut self.live_by_conn, conn, up);
        }
    }

    fn forget(&mut self, id: &str) -> Option<Entry> {
        let entry = self.rooms.remove(id)?;
        if entry.live() {
            self.count(entry.creator, false);
        }
        if self.codes.get(&entry.code).is_some_and(|owner| owner == id) {
            self.codes.remove(&entry.code);
        }
        Some(entry)
    }

    /// The room to close for a new one: nobody connected, finished rooms first, then lobbies,
    /// then games everyone left; the longest unattended of its kind.
    fn victim(&self) -> Option<String> {
        self.rooms
            .iter()
            .filter(|(_, e)| !e.attended)
            .min_by_key(|(_, e)| {
                let kind = match e.status {
                    Status::Over => 0,
                    Status::Lobby => 1,
                    Status::Playing => 2,
                };
                (kind, e.unattended_since)
            })
            .map(|(id, _)| id.clone())
    }
}

/// A room to add.
pub struct NewRoom {
    pub id: String,
    pub code: String,
    pub sender: RoomSender,
    pub creator: Option<Creator>,
    pub generation: u64,
    pub status: Status,
    /// Its people are entering it (a new room): it is live at once.
    pub attended: bool,
}

/// The rooms, behind one lock held only for lookups and updates.
#[derive(Debug)]
pub struct Registry {
    inner: Mutex<Inner>,
    max_rooms: usize,
    per_address: usize,
    per_connection: usize,
}

impl Registry {
    pub fn new(max_rooms: usize, per_address: usize, per_connection: usize) -> Registry {
        Registry {
            inner: Mutex::default(),
            max_rooms,
            per_address,
            per_connection,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The room with this id, if the server holds it.
    pub fn get(&self, id: &str) -> Option<RoomSender> {
        self.lock().rooms.get(id).map(|entry| entry.sender.clone())
    }

    /// The id of the room held here with this code.
    pub fn find_code(&self, code: &str) -> Option<String> {
        self.lock().codes.get(code).cloned()
    }

    /// Whether a room held here has this code.
    pub fn has_code(&self, code: &str) -> bool {
        self.lock().codes.contains_key(code)
    }

    /// Every room's sender (to tell them all something).
    pub fn senders(&self) -> Vec<RoomSender> {
        self.lock()
            .rooms
            .values()
            .map(|entry| entry.sender.clone())
            .collect()
    }

    /// Every room held since before `before`, with the generation of its lease and its sender.
    pub fn held(&self, before: Instant) -> Vec<(String, u64, RoomSender)> {
        self.lock()
            .rooms
            .iter()
            .filter(|(_, entry)| entry.held_since < before)
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

    /// Live rooms held here that `addr` created.
    pub fn live_from(&self, addr: IpAddr) -> usize {
        self.lock().live_by_addr.get(&addr).copied().unwrap_or(0)
    }

    /// Whether `creator` may create a room now, `elsewhere` more live rooms of its address
    /// being held by other processes. The server's own cap is checked when the room is added.
    pub fn check(&self, creator: Creator, elsewhere: usize) -> Result<(), RoomCap> {
        let inner = self.lock();
        let from_addr = inner.live_by_addr.get(&creator.addr).copied().unwrap_or(0);
        if from_addr + elsewhere >= self.per_address {
            return Err(RoomCap::Address {
                limit: self.per_address,
            });
        }
        if let Some(conn) = creator.conn
            && inner.live_by_conn.get(&conn).copied().unwrap_or(0) >= self.per_connection
        {
            return Err(RoomCap::Connection {
                limit: self.per_connection,
            });
        }
        Ok(())
    }

    /// Adds a room. When the server is full, a new room (`make_way`) takes the place of the
    /// room nobody has been connected to for longest, which is returned to be closed; a room
    /// brought back from storage takes nobody's place.
    pub fn insert(&self, room: NewRoom, make_way: bool) -> Result<Option<RoomSender>, RoomCap> {
        let mut inner = self.lock();
        let mut evicted = None;
        if inner.rooms.len() >= self.max_rooms {
            let victim = make_way.then(|| inner.victim()).flatten();
            let Some(victim) = victim else {
                return Err(RoomCap::Server);
            };
            evicted = inner.forget(&victim).map(|entry| entry.sender);
        }
        if !room.code.is_empty() {
            inner.codes.insert(room.code.clone(), room.id.clone());
        }
        let entry = Entry {
            sender: room.sender,
            creator: room.creator,
            code: room.code,
            generation: room.generation,
            status: room.status,
            attended: room.attended,
            unattended_since: Instant::now(),
            held_since: Instant::now(),
        };
        let live = entry.live();
        let creator = entry.creator;
        if let Some(old) = inner.rooms.insert(room.id, entry)
            && old.live()
        {
            inner.count(old.creator, false);
        }
        if live {
            inner.count(creator, true);
        }
        Ok(evicted)
    }

    /// A room tells where it stands: its status and whether someone is connected to it.
    pub fn activity(&self, id: &str, generation: u64, status: Status, attended: bool) {
        let mut inner = self.lock();
        let Some(entry) = inner
            .rooms
            .get_mut(id)
            .filter(|e| e.generation == generation)
        else {
            return;
        };
        let was = entry.live();
        if entry.attended && !attended {
            entry.unattended_since = Instant::now();
        }
        entry.attended = attended;
        entry.status = status;
        let now = entry.live();
        let creator = entry.creator;
        if was != now {
            inner.count(creator, now);
        }
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
        inner.forget(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn room(id: &str, creator: Option<Creator>, generation: u64) -> NewRoom {
        NewRoom {
            id: id.into(),
            code: format!("C{id}"),
            sender: crate::rooms::room::room_queue().0,
            creator,
            generation,
            status: Status::Lobby,
            attended: false,
        }
    }

    fn by(addr: [u8; 4], conn: u64) -> Creator {
        Creator {
            addr: addr.into(),
            conn: Some(conn),
        }
    }

    #[test]
    fn only_live_rooms_count_against_their_creator() {
        let registry = Registry::new(100, 2, 10);
        let ana = by([10, 0, 0, 1], 1);
        registry.check(ana, 0).unwrap();
        registry.insert(room("1", Some(ana), 0), true).unwrap();
        registry.insert(room("2", Some(ana), 0), true).unwrap();
        // Not live until someone is in them.
        registry.check(ana, 0).unwrap();
        registry.activity("1", 0, Status::Lobby, true);
        registry.activity("2", 0, Status::Playing, true);
        assert_eq!(registry.check(ana, 0), Err(RoomCap::Address { limit: 2 }));
        assert_eq!(registry.live_from(ana.addr), 2);
        // Another address is not held up; rooms of other processes count too.
        let bia = by([10, 0, 0, 2], 2);
        registry.check(bia, 0).unwrap();
        assert_eq!(registry.check(bia, 2), Err(RoomCap::Address { limit: 2 }));
        // A finished game and a room everyone left free their places.
        registry.activity("2", 0, Status::Over, true);
        registry.check(ana, 0).unwrap();
        registry.activity("2", 0, Status::Playing, true);
        registry.activity("1", 0, Status::Lobby, false);
        registry.check(ana, 0).unwrap();
        // A stale generation changes nothing.
        registry.activity("1", 7, Status::Lobby, true);
        registry.check(ana, 0).unwrap();
        registry.remove("2", 0);
        assert_eq!(registry.live_from(ana.addr), 0);
        assert!(registry.get("2").is_none() && registry.find_code("C2").is_none());
        assert_eq!(registry.find_code("C1").as_deref(), Some("1"));
    }

    #[test]
    fn rooms_per_connection_count_live_rooms() {
        let registry = Registry::new(100, 100, 1);
        let ana = by([10, 0, 0, 1], 1);
        registry.insert(room("1", Some(ana), 0), true).unwrap();
        registry.activity("1", 0, Status::Lobby, true);
        assert_eq!(
            registry.check(ana, 0),
            Err(RoomCap::Connection { limit: 1 })
        );
        registry.check(by([10, 0, 0, 1], 2), 0).unwrap();
        registry.activity("1", 0, Status::Over, true);
        registry.check(ana, 0).unwrap();
    }

    #[test]
    fn a_full_server_gives_the_longest_unattended_room_s_place_finished_rooms_first() {
        let registry = Registry::new(3, 100, 100);
        let ana = by([10, 0, 0, 1], 1);
        for id in ["lobby", "game", "over"] {
            registry.insert(room(id, Some(ana), 0), true).unwrap();
        }
        registry.activity("game", 0, Status::Playing, false);
        registry.activity("over", 0, Status::Over, false);
        // Brought back from storage: takes nobody's place.
        assert_eq!(
            registry.insert(room("restored", None, 0), false).err(),
            Some(RoomCap::Server)
        );
        let evicted = registry.insert(room("new1", Some(ana), 0), true).unwrap();
        assert!(evicted.is_some());
        assert!(registry.get("over").is_none());
        registry.insert(room("new2", Some(ana), 0), true).unwrap();
        assert!(registry.get("lobby").is_none());
        registry.activity("new1", 0, Status::Lobby, true);
        registry.activity("new2", 0, Status::Lobby, true);
        registry.insert(room("new3", Some(ana), 0), true).unwrap();
        assert!(registry.get("game").is_none());
        // Every room has someone in it now: the server is full.
        registry.activity("new3", 0, Status::Lobby, true);
        assert_eq!(
            registry.insert(room("new4", Some(ana), 0), true).err(),
            Some(RoomCap::Server)
        );
        assert_eq!(registry.len(), 3);
    }

    #[test]
    fn a_room_claimed_again_is_not_forgotten_by_its_older_run() {
        let registry = Registry::new(10, 10, 10);
        registry.insert(room("r", None, 3), false).unwrap();
        // The run of generation 2 ends after generation 3 took its place: nothing is removed.
        registry.remove("r", 2);
        assert!(registry.get("r").is_some());
        assert_eq!(
            registry.held(Instant::now() + Duration::from_secs(1))[0].1,
            3
        );
        assert!(
            registry
                .held(Instant::now() - Duration::from_secs(1))
                .is_empty()
        );
        registry.remove("r", 3);
        assert!(registry.get("r").is_none());
    }
}
