//! The public rooms: each public room with someone in it tells the directory how it is listed;
//! connections that `browse` get the list, written at most once a second when it changed. With
//! PostgreSQL the rooms of the other processes are read from the database every few seconds
//! and listed too.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::watch;
use tokio::time::Instant;

use crate::rooms::outbox::Text;
use crate::state::Status;
use martian_protocol::{MATCH_PLAYERS, ServerMessage};
use martian_store::Store;

/// Rooms each list shows at most.
pub const LISTED: usize = 50;

/// How often the list is written again (when it changed).
const EVERY: Duration = Duration::from_secs(1);

/// How often the other processes' rooms are read (PostgreSQL).
const REMOTE_EVERY: Duration = Duration::from_secs(2);

pub use martian_protocol::meeting::{Listing, PublicLists};

#[derive(Default)]
struct Inner {
    /// This process's listed rooms, with when each last changed.
    local: HashMap<String, (Listing, Instant)>,
    /// The other processes' listed rooms, newest first.
    remote: Vec<Listing>,
    queue: std::collections::BTreeMap<String, usize>,
    dirty: bool,
}

/// The public rooms' list and its subscribers.
pub struct Directory {
    inner: Mutex<Inner>,
    sender: watch::Sender<Text>,
}

impl std::fmt::Debug for Directory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Directory").finish_non_exhaustive()
    }
}

impl crate::rooms::room::Listings for Directory {
    fn set(&self, room: &str, listing: Option<Listing>) {
        Directory::set(self, room, listing);
    }
}

impl Directory {
    pub fn new() -> Arc<Directory> {
        let directory = Directory {
            inner: Mutex::new(Inner {
                dirty: true,
                queue: (MATCH_PLAYERS.0..=MATCH_PLAYERS.1)
                    .map(|players| (players.to_string(), 0))
                    .collect(),
                ..Inner::default()
            }),
            sender: watch::channel(Text::from("")).0,
        };
        directory.publish();
        Arc::new(directory)
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A room's listing, or `None` to take it off the list.
    pub fn set(&self, room: &str, listing: Option<Listing>) {
        let mut inner = self.lock();
        match listing {
            Some(listing) => {
                inner
                    .local
                    .insert(room.to_string(), (listing, Instant::now()));
            }
            None => {
                if inner.local.remove(room).is_none() {
                    return;
                }
            }
        }
        inner.dirty = true;
    }

    /// How many wait in the quick-match queue for each table size.
    pub fn set_queue(&self, counts: &[usize]) {
        let mut inner = self.lock();
        let queue = (MATCH_PLAYERS.0..=MATCH_PLAYERS.1)
            .zip(counts.iter().copied())
            .map(|(players, count)| (players.to_string(), count))
            .collect();
        if inner.queue != queue {
            inner.queue = queue;
            inner.dirty = true;
        }
    }

    /// The list as last written, changing as it is written again.
    pub fn subscribe(&self) -> watch::Receiver<Text> {
        let mut receiver = self.sender.subscribe();
        receiver.mark_changed();
        receiver
    }

    /// The lists as they stand.
    pub fn lists(&self) -> PublicLists {
        let inner = self.lock();
        let mut local: Vec<&(Listing, Instant)> = inner.local.values().collect();
        local.sort_by_key(|(_, at)| std::cmp::Reverse(*at));
        let mut lists = PublicLists {
            queue: inner.queue.clone(),
            ..PublicLists::default()
        };
        // This process's rooms first (newest first), then the others' (newest first).
        let all = local
            .into_iter()
            .map(|(listing, _)| listing)
            .chain(inner.remote.iter());
        for listing in all {
            let list = match listing.status {
                Status::Lobby => &mut lists.waiting,
                Status::Playing => &mut lists.playing,
                Status::Over => continue,
            };
            if list.len() < LISTED {
                list.push(listing.clone());
            }
        }
        lists
    }

    /// Writes the list for the subscribers if it changed.
    fn publish(&self) {
        let dirty = std::mem::take(&mut self.lock().dirty);
        if !dirty {
            return;
        }
        let lists = self.lists();
        let text = ServerMessage::PublicRooms { lists: &lists }.to_json();
        self.sender.send_replace(text.into());
    }

    /// Writes the list once a second when it changed, and reads the other processes' rooms
    /// (when there are others) every few seconds, until `stop`.
    pub async fn run(
        self: Arc<Directory>,
        store: Store,
        shared: bool,
        mut stop: watch::Receiver<bool>,
    ) {
        let mut tick = tokio::time::interval(EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut remote_due = Instant::now();
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                () = crate::state::stopped(&mut stop) => return,
            }
            if shared && Instant::now() >= remote_due {
                remote_due = Instant::now() + REMOTE_EVERY;
                match store.listings_elsewhere().await {
                    Ok(rows) => {
                        let remote: Vec<Listing> = rows
                            .iter()
                            .filter_map(|row| serde_json::from_str(row).ok())
                            .collect();
                        let mut inner = self.lock();
                        if inner.remote != remote {
                            inner.remote = remote;
                            inner.dirty = true;
                        }
                    }
                    Err(error) => {
                        tracing::warn!("reading the other processes' public rooms: {error}")
                    }
                }
            }
            self.publish();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::avatars::Avatar;
    use martian_engine::Rules;
    use martian_protocol::RoomLang;
    use martian_protocol::meeting::ListedSeat;

    fn listing(room: &str, status: Status) -> Listing {
        Listing {
            room: room.into(),
            code: "K7MPX".into(),
            host: "Ana".into(),
            lang: RoomLang::PtBr,
            seats: vec![ListedSeat {
                name: "Ana".into(),
                avatar: Avatar::nth_person(0),
                bot: None,
                claimed: false,
            }],
            free: 7,
            rules: Rules::official(),
            status,
            game: 0,
        }
    }

    #[test]
    fn rooms_are_listed_newest_first_waiting_apart_from_playing() {
        let directory = Directory::new();
        directory.set("a", Some(listing("a", Status::Lobby)));
        std::thread::sleep(Duration::from_millis(2));
        directory.set("b", Some(listing("b", Status::Lobby)));
        directory.set("c", Some(listing("c", Status::Playing)));
        let lists = directory.lists();
        let rooms = |list: &[Listing]| list.iter().map(|l| l.room.clone()).collect::<Vec<_>>();
        assert_eq!(rooms(&lists.waiting), ["b", "a"]);
        assert_eq!(rooms(&lists.playing), ["c"]);
        directory.set("b", None);
        assert_eq!(rooms(&directory.lists().waiting), ["a"]);
        for i in 0..(LISTED + 5) {
            directory.set(
                &format!("r{i}"),
                Some(listing(&format!("r{i}"), Status::Lobby)),
            );
        }
        assert_eq!(directory.lists().waiting.len(), LISTED);
        directory.set_queue(&[1, 0, 0]);
        let json: serde_json::Value = serde_json::from_str(
            &ServerMessage::PublicRooms {
                lists: &directory.lists(),
            }
            .to_json(),
        )
        .unwrap();
        assert_eq!(json["type"], "public_rooms");
        assert_eq!(json["queue"], serde_json::json!({"2": 1, "3": 0, "4": 0}));
        assert_eq!(json["waiting"][0]["lang"], "pt-BR");
        assert_eq!(json["waiting"][0]["seats"][0]["avatar"], "martian-green");
    }
}
