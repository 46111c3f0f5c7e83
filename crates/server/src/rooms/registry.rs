//! The rooms the server holds, by id and by code, within its caps: rooms in all, and the rooms
//! created from one address or one connection that are in use (so that one client cannot take
//! every room for itself). A room is in use while it is **live** — in its lobby or being played,
//! someone connected to it — and, for [`ABANDONED_COUNTS`] after everyone left, while it holds a
//! game under way that people hold seats in (an **abandoned** game: they may come back to it).
//! Finished rooms, lobbies everyone left and games only bots play count against nobody.
//!
//! When the server is full, a new room takes the place of a room nobody will miss: nobody
//! connected to it, and no game under way that people hold seats in (finished rooms first, then
//! lobbies, then games only bots play; the longest unattended of its kind). A game people hold
//! seats in is never closed to make way for another room: with nothing to close, the new room is
//! refused.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use tokio::time::Instant;

use crate::rooms::outbox::ConnId;
use crate::rooms::room::RoomSender;
use crate::state::Status;
use crate::state::ids::code_key;

/// Why a room cannot be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomCap {
    #[error("the server has as many rooms as it allows, each with people in it: try again later")]
    Server,
    #[error(
        "{limit} rooms created from your address are open with people in them, or hold games they left unfinished within the hour: finish or leave one of them, or try again later"
    )]
    Address { limit: usize },
    #[error(
        "{limit} rooms created on this connection are open with people in them, or hold games they left unfinished within the hour: finish or leave one of them, or try again later"
    )]
    Connection { limit: usize },
}

/// How long a started game everyone left still counts against its creator (unless someone comes
/// back, it ends or it closes first): long enough that one address cannot churn out abandoned
/// games (at most `rooms_per_address` an hour), short enough that people whose friends dropped
/// a few games are not locked out for the day the room stays open.
pub const ABANDONED_COUNTS: Duration = Duration::from_secs(3600);

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
    /// People hold seats (or places in line) in the room: they may come back to it.
    people: bool,
}

impl Entry {
    fn live(&self) -> bool {
        self.attended && self.status != Status::Over
    }

    /// A game under way that people hold seats in: never closed to make way for a new room.
    fn kept(&self) -> bool {
        self.status == Status::Playing && self.people
    }

    /// What the room counts for against its creator: live, or abandoned since when.
    fn counted(&self) -> Counted {
        Counted {
            live: self.live(),
            abandoned: (!self.attended && self.kept()).then_some(self.unattended_since),
        }
    }
}

/// What a room counts for against its creator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counted {
    live: bool,
    /// Abandoned (a started game people hold seats in, nobody connected) since then.
    abandoned: Option<Instant>,
}

/// The abandoned games of each creator (address or connection), each with the time until which
/// it counts; those past it are dropped when counted.
#[derive(Debug)]
struct Abandoned<K>(HashMap<K, HashMap<String, Instant>>);

impl<K> Default for Abandoned<K> {
    fn default() -> Self {
        Abandoned(HashMap::new())
    }
}

impl<K: std::hash::Hash + Eq + Copy> Abandoned<K> {
    fn mark(&mut self, key: K, id: &str, until: Instant) {
        self.0.entry(key).or_default().insert(id.to_string(), until);
    }

    fn unmark(&mut self, key: K, id: &str) {
        if let Some(rooms) = self.0.get_mut(&key) {
            rooms.remove(id);
            if rooms.is_empty() {
                self.0.remove(&key);
            }
        }
    }

    /// How many of `key`'s abandoned games count at `now`.
    fn count(&mut self, key: K, now: Instant) -> usize {
        let Some(rooms) = self.0.get_mut(&key) else {
            return 0;
        };
        rooms.retain(|_, until| *until > now);
        let count = rooms.len();
        if count == 0 {
            self.0.remove(&key);
        }
        count
    }
}

#[derive(Debug, Default)]
struct Inner {
    rooms: HashMap<String, Entry>,
    codes: HashMap<String, String>,
    live_by_addr: HashMap<IpAddr, usize>,
    live_by_conn: HashMap<ConnId, usize>,
    abandoned_by_addr: Abandoned<IpAddr>,
    abandoned_by_conn: Abandoned<ConnId>,
    /// How long an abandoned game counts against its creator.
    abandoned_counts: Duration,
}

impl Inner {
    /// What a room created by `creator` counts for changed from `before` to `after`.
    fn account(&mut self, id: &str, creator: Option<Creator>, before: Counted, after: Counted) {
        if before.live != after.live {
            self.count(creator, after.live);
        }
        let Some(creator) = creator else {
            return;
        };
        if before.abandoned != after.abandoned {
            match after.abandoned {
                Some(since) => {
                    let until = since + self.abandoned_counts;
                    self.abandoned_by_addr.mark(creator.addr, id, until);
                    if let Some(conn) = creator.conn {
                        self.abandoned_by_conn.mark(conn, id, until);
                    }
                }
                None => {
                    self.abandoned_by_addr.unmark(creator.addr, id);
                    if let Some(conn) = creator.conn {
                        self.abandoned_by_conn.unmark(conn, id);
                    }
                }
            }
        }
    }

    /// The rooms created from `addr` that count against it now.
    fn counted_for_addr(&mut self, addr: IpAddr) -> usize {
        let live = self.live_by_addr.get(&addr).copied().unwrap_or(0);
        live + self.abandoned_by_addr.count(addr, Instant::now())
    }

    /// The rooms created on `conn` that count against it now.
    fn counted_for_conn(&mut self, conn: ConnId) -> usize {
        let live = self.live_by_conn.get(&conn).copied().unwrap_or(0);
        live + self.abandoned_by_conn.count(conn, Instant::now())
    }

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
        self.account(id, entry.creator, entry.counted(), Counted::default());
        if self.codes.get(&entry.code).is_some_and(|owner| owner == id) {
            self.codes.remove(&entry.code);
        }
        Some(entry)
    }

    /// The room to close for a new one: one nobody will miss — nobody connected, and no game
    /// under way that people hold seats in. Finished rooms first, then lobbies, then games only
    /// bots play; the longest unattended of its kind.
    fn victim(&self) -> Option<String> {
        self.rooms
            .iter()
            .filter(|(_, e)| !e.attended && !e.kept())
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
    /// People hold seats (or places in line) in it.
    pub people: bool,
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
        Registry::with_abandoned_counts(max_rooms, per_address, per_connection, ABANDONED_COUNTS)
    }

    /// As [`Registry::new`], an abandoned game counting against its creator for `counts`.
    pub fn with_abandoned_counts(
        max_rooms: usize,
        per_address: usize,
        per_connection: usize,
        counts: Duration,
    ) -> Registry {
        Registry {
            inner: Mutex::new(Inner {
                abandoned_counts: counts,
                ..Inner::default()
            }),
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

    /// The id of the room held here with this code (look-alikes read as one: see
    /// [`code_key`]).
    pub fn find_code(&self, code: &str) -> Option<String> {
        self.lock().codes.get(&code_key(code)).cloned()
    }

    /// Whether a room held here has this code (look-alikes read as one).
    pub fn has_code(&self, code: &str) -> bool {
        self.lock().codes.contains_key(&code_key(code))
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

    /// Rooms held here that `addr` created and that count against it: live rooms, and the games
    /// abandoned within [`ABANDONED_COUNTS`].
    pub fn live_from(&self, addr: IpAddr) -> usize {
        self.lock().counted_for_addr(addr)
    }

    /// Whether `creator` may create a room now, `elsewhere` more live rooms of its address
    /// being held by other processes. The server's own cap is checked when the room is added.
    pub fn check(&self, creator: Creator, elsewhere: usize) -> Result<(), RoomCap> {
        let mut inner = self.lock();
        if inner.counted_for_addr(creator.addr) + elsewhere >= self.per_address {
            return Err(RoomCap::Address {
                limit: self.per_address,
            });
        }
        if let Some(conn) = creator.conn
            && inner.counted_for_conn(conn) >= self.per_connection
        {
            return Err(RoomCap::Connection {
                limit: self.per_connection,
            });
        }
        Ok(())
    }

    /// Adds a room. When the server is full, a new room (`make_way`) takes the place of a room
    /// nobody will miss (see [`Inner::victim`]), which is returned to be closed; a room brought
    /// back from storage takes nobody's place.
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
        // Indexed by its key, so that an older code holding 2, 5 or 8 is found typed either way.
        let code = code_key(&room.code);
        if !code.is_empty() {
            inner.codes.insert(code.clone(), room.id.clone());
        }
        let entry = Entry {
            sender: room.sender,
            creator: room.creator,
            code,
            generation: room.generation,
            status: room.status,
            attended: room.attended,
            unattended_since: Instant::now(),
            held_since: Instant::now(),
            people: room.people,
        };
        let counted = entry.counted();
        let creator = entry.creator;
        if let Some(old) = inner.rooms.insert(room.id.clone(), entry) {
            inner.account(&room.id, old.creator, old.counted(), Counted::default());
        }
        inner.account(&room.id, creator, Counted::default(), counted);
        Ok(evicted)
    }

    /// A room tells where it stands: its status, whether someone is connected to it, and
    /// whether people hold seats (or places in line) in it.
    pub fn activity(
        &self,
        id: &str,
        generation: u64,
        status: Status,
        attended: bool,
        people: bool,
    ) {
        let mut inner = self.lock();
        let Some(entry) = inner
            .rooms
            .get_mut(id)
            .filter(|e| e.generation == generation)
        else {
            return;
        };
        let was = entry.counted();
        if entry.attended && !attended {
            entry.unattended_since = Instant::now();
        }
        entry.attended = attended;
        entry.status = status;
        entry.people = people;
        let now = entry.counted();
        let creator = entry.creator;
        inner.account(id, creator, was, now);
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
            people: true,
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
        registry.activity("1", 0, Status::Lobby, true, true);
        registry.activity("2", 0, Status::Playing, true, true);
        assert_eq!(registry.check(ana, 0), Err(RoomCap::Address { limit: 2 }));
        assert_eq!(registry.live_from(ana.addr), 2);
        // Another address is not held up; rooms of other processes count too.
        let bia = by([10, 0, 0, 2], 2);
        registry.check(bia, 0).unwrap();
        assert_eq!(registry.check(bia, 2), Err(RoomCap::Address { limit: 2 }));
        // A finished game and a room everyone left free their places.
        registry.activity("2", 0, Status::Over, true, true);
        registry.check(ana, 0).unwrap();
        registry.activity("2", 0, Status::Playing, true, true);
        registry.activity("1", 0, Status::Lobby, false, true);
        registry.check(ana, 0).unwrap();
        // A stale generation changes nothing.
        registry.activity("1", 7, Status::Lobby, true, true);
        registry.check(ana, 0).unwrap();
        registry.remove("2", 0);
        assert_eq!(registry.live_from(ana.addr), 0);
        assert!(registry.get("2").is_none() && registry.find_code("C2").is_none());
        assert_eq!(registry.find_code("C1").as_deref(), Some("1"));
    }

    #[test]
    fn an_older_code_with_look_alikes_is_found_typed_either_way() {
        let registry = Registry::new(100, 2, 10);
        let mut older = room("1", None, 0);
        older.code = "Q2S58".into();
        registry.insert(older, true).unwrap();
        for typed in ["Q2S58", "QZSSB", "q2s5b", "QZ5S8"] {
            assert_eq!(registry.find_code(typed).as_deref(), Some("1"), "{typed}");
            assert!(registry.has_code(typed), "{typed}");
        }
        assert!(registry.find_code("QZSS8X").is_none());
        // Removed, it is forgotten under every spelling.
        registry.remove("1", 0);
        assert!(!registry.has_code("Q2S58") && !registry.has_code("QZSSB"));
    }

    #[test]
    fn rooms_per_connection_count_live_rooms() {
        let registry = Registry::new(100, 100, 1);
        let ana = by([10, 0, 0, 1], 1);
        registry.insert(room("1", Some(ana), 0), true).unwrap();
        registry.activity("1", 0, Status::Lobby, true, true);
        assert_eq!(
            registry.check(ana, 0),
            Err(RoomCap::Connection { limit: 1 })
        );
        registry.check(by([10, 0, 0, 1], 2), 0).unwrap();
        registry.activity("1", 0, Status::Over, true, true);
        registry.check(ana, 0).unwrap();
    }

    #[test]
    fn a_full_server_gives_the_place_of_a_room_nobody_will_miss_finished_rooms_first() {
        let registry = Registry::new(4, 100, 100);
        let ana = by([10, 0, 0, 1], 1);
        for id in ["lobby", "game", "bots", "over"] {
            registry.insert(room(id, Some(ana), 0), true).unwrap();
        }
        // Everyone left: a game people hold seats in, a game only bots play (every person gave
        // their seat up), a finished game and a lobby.
        registry.activity("game", 0, Status::Playing, false, true);
        registry.activity("bots", 0, Status::Playing, false, false);
        registry.activity("over", 0, Status::Over, false, true);
        registry.activity("lobby", 0, Status::Lobby, false, true);
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
        registry.activity("new1", 0, Status::Lobby, true, true);
        registry.activity("new2", 0, Status::Lobby, true, true);
        registry.insert(room("new3", Some(ana), 0), true).unwrap();
        assert!(registry.get("bots").is_none());
        registry.activity("new3", 0, Status::Lobby, true, true);
        // Every other room has someone in it, and the game everyone left is theirs still: the
        // server is full, however long they have been away.
        assert_eq!(
            registry.insert(room("new4", Some(ana), 0), true).err(),
            Some(RoomCap::Server)
        );
        assert!(registry.get("game").is_some());
        assert_eq!(registry.len(), 4);
        // Once it is over (or its people gave their seats up), it may make way.
        registry.activity("game", 0, Status::Over, false, true);
        registry.insert(room("new4", Some(ana), 0), true).unwrap();
        assert!(registry.get("game").is_none());
    }

    #[tokio::test(start_paused = true)]
    async fn a_game_everyone_left_counts_against_its_creator_for_a_while() {
        let registry = Registry::with_abandoned_counts(100, 2, 10, Duration::from_secs(60));
        let ana = by([10, 0, 0, 1], 1);
        let bia = by([10, 0, 0, 2], 2);
        for id in ["1", "2"] {
            registry.insert(room(id, Some(ana), 0), true).unwrap();
            registry.activity(id, 0, Status::Playing, true, true);
        }
        registry.insert(room("bia", Some(bia), 0), true).unwrap();
        registry.activity("bia", 0, Status::Playing, true, true);
        // Everyone leaves game 1, and 30 s later game 2: they still count.
        registry.activity("1", 0, Status::Playing, false, true);
        tokio::time::advance(Duration::from_secs(30)).await;
        registry.activity("2", 0, Status::Playing, false, true);
        assert_eq!(registry.check(ana, 0), Err(RoomCap::Address { limit: 2 }));
        assert_eq!(registry.live_from(ana.addr), 2);
        // A game whose people all gave their seats up, or that ended, counts no more.
        registry.activity("1", 0, Status::Playing, false, false);
        assert_eq!(registry.live_from(ana.addr), 1);
        registry.activity("2", 0, Status::Over, false, true);
        assert_eq!(registry.live_from(ana.addr), 0);
        registry.activity("1", 0, Status::Playing, false, true);
        registry.activity("2", 0, Status::Playing, false, true);
        assert_eq!(registry.check(ana, 0), Err(RoomCap::Address { limit: 2 }));
        // Each counts for 60 s from when everyone left it: game 1's end first.
        tokio::time::advance(Duration::from_secs(31)).await;
        assert_eq!(registry.live_from(ana.addr), 1);
        registry.check(ana, 0).unwrap();
        // Someone back: live again; gone again, counted again from then.
        registry.activity("1", 0, Status::Playing, true, true);
        registry.activity("1", 0, Status::Playing, false, true);
        assert_eq!(registry.live_from(ana.addr), 2);
        tokio::time::advance(Duration::from_secs(61)).await;
        assert_eq!(registry.live_from(ana.addr), 0);
        // Another address's game never counted against Ana, nor is it forgotten by her time.
        registry.activity("bia", 0, Status::Playing, false, true);
        assert_eq!(registry.live_from(bia.addr), 1);
        // A game that closes counts no more, at once.
        registry.remove("bia", 0);
        assert_eq!(registry.live_from(bia.addr), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn a_connection_s_abandoned_games_count_against_it_too() {
        let registry = Registry::with_abandoned_counts(100, 100, 1, Duration::from_secs(60));
        let ana = by([10, 0, 0, 1], 1);
        registry.insert(room("1", Some(ana), 0), true).unwrap();
        registry.activity("1", 0, Status::Playing, true, true);
        registry.activity("1", 0, Status::Playing, false, true);
        assert_eq!(
            registry.check(ana, 0),
            Err(RoomCap::Connection { limit: 1 })
        );
        tokio::time::advance(Duration::from_secs(61)).await;
        registry.check(ana, 0).unwrap();
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
