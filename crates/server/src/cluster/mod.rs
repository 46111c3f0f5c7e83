//! Several processes sharing PostgreSQL: each runs the rooms it holds a lease on, renews its
//! lease on a timer, takes over the rooms whose lease ran out, gives up the rooms another process
//! took, and hands a connection for a room it does not run to the process that runs it.
//!
//! - **Renewal** (every `renew`): the process pushes its lease `lease` ahead (the database's
//!   clock) and reads which rooms it owns; a room it runs under another generation than the one
//!   stored (another process claimed it meanwhile: this one was paused, or cut off from the
//!   database, past its lease) is given up at once — its members are told to reconnect.
//! - **Takeover** (at start and at every renewal): rooms with no owner, an owner whose lease ran
//!   out, or owned by this process but not running here are claimed (generation + 1) and brought
//!   back from the database, within `--max-rooms`. A claim for a connection renews this
//!   process's lease with it: after a database outage every lease has run out, and a room
//!   claimed under one would be taken again by the next process to renew.
//! - **Routing**: a WebSocket for `/ws?room=ID` that reaches a process not running the room is
//!   served where the room is: claimed here if nobody holds it; else handed (proxied, byte for
//!   byte) to the process that holds its lease; while that process does not answer (it died and
//!   its lease has not run out yet) the connection waits for the lease to run out and the room is
//!   taken over here.
//!
//! - **Quick match**: one process of the cluster makes every quick match, the **matchmaker**:
//!   the live process whose lease has run unbroken the longest (every process reads the same
//!   answer from the database; one that joins never takes the part over). A WebSocket for
//!   `/ws?match=1` reaching another process is handed to it as a room's connection is to the
//!   room's owner (waiting out the lease of one that does not answer); a `quick_match` on a
//!   connection opened without it, on another process, is answered `moved` (reconnect to
//!   `/ws?match=1`). The queue is the matchmaker's, in memory: if it dies, its waiters'
//!   connections drop, and they reconnect and ask again (the next oldest process is the
//!   matchmaker once the lease of the dead one runs out).
//!
//! Fencing is the storage's: every change of a room is stored only if the room's row still names
//! this process and the generation the room was claimed with (see `store/postgres.rs`).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpStream;
use tokio::sync::{Mutex, watch};
use tokio::time::Instant;

use crate::rooms::Rooms;
use crate::rooms::room::RoomCommand;
use crate::state::stopped;
use martian_store::{Claim, Postgres, StoreError};

/// The header a process adds to a connection it hands to another, so that the other serves it
/// whatever it finds (no second hop).
pub const HOP_HEADER: &str = "x-martian-dice-hop";

/// How a process takes part in a cluster.
#[derive(Clone)]
pub struct ClusterConfig {
    /// The PostgreSQL database the processes share (`postgres://…`).
    pub url: String,
    /// This process's name, unique among the processes (default: its address).
    pub node: Option<String>,
    /// Where the other processes reach this one (default: the address it listens on, which
    /// must then not be 0.0.0.0).
    pub advertise: Option<SocketAddr>,
    /// How long a lease lasts without renewal.
    pub lease: Duration,
    /// How often the lease is renewed and expired rooms are looked for.
    pub renew: Duration,
}

impl std::fmt::Debug for ClusterConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClusterConfig")
            .field("url", &martian_store::redact_url(&self.url))
            .field("node", &self.node)
            .field("advertise", &self.advertise)
            .field("lease", &self.lease)
            .field("renew", &self.renew)
            .finish()
    }
}

impl ClusterConfig {
    pub fn new(url: impl Into<String>) -> ClusterConfig {
        ClusterConfig {
            url: url.into(),
            node: None,
            advertise: None,
            lease: Duration::from_secs(10),
            renew: Duration::from_secs(3),
        }
    }
}

/// This process's part in the cluster.
#[derive(Debug)]
pub struct Cluster {
    pub postgres: Arc<Postgres>,
    renew: Duration,
    /// Claims are made one at a time, so that a room is never claimed twice here at once.
    claiming: Mutex<()>,
    /// The most rooms this process holds (`--max-rooms`): past it, rooms stay with others.
    max_rooms: usize,
}

impl Cluster {
    /// How often the lease is renewed: the cluster's heartbeat, which presence follows too.
    pub fn renew(&self) -> Duration {
        self.renew
    }
}

/// Where a connection for a room is served.
pub enum Route {
    /// Here: the room runs in this process (now).
    Local,
    /// By the process that holds the room's lease, reached on this stream.
    Elsewhere { stream: TcpStream, addr: String },
    /// No open room has that id (served here: the client is told so).
    Missing,
    /// The database cannot be reached, or the owner did not answer within its lease.
    Unavailable(String),
}

impl Cluster {
    pub fn new(postgres: Arc<Postgres>, renew: Duration, max_rooms: usize) -> Cluster {
        Cluster {
            postgres,
            renew,
            claiming: Mutex::new(()),
            max_rooms,
        }
    }

    /// Renews the lease and takes over expired rooms every `renew`, until the server stops.
    pub async fn run(self: Arc<Cluster>, rooms: Rooms, mut stop: watch::Receiver<bool>) {
        let mut tick = tokio::time::interval(self.renew);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                () = stopped(&mut stop) => return,
            }
            self.renew_and_take_over(&rooms).await;
        }
    }

    /// One round: renew the lease, give up the rooms held elsewhere now, take over the rooms
    /// nobody holds.
    pub async fn renew_and_take_over(&self, rooms: &Rooms) {
        // Looked at before the renewal reads what this process owns: a room created after it
        // is not judged by a read that could not see it. Rooms held for less than a lease are
        // left out too: none can have been taken over so soon (their writes are fenced all the
        // same).
        let settled = Instant::now()
            .checked_sub(self.postgres.lease())
            .unwrap_or_else(Instant::now);
        let held = rooms.registry.held(settled);
        let owned: std::collections::HashMap<String, u64> = match self.postgres.renew().await {
            Ok(owned) => owned.into_iter().collect(),
            Err(error) => {
                tracing::warn!("renewing the lease: {error}");
                return;
            }
        };
        let doubtful: Vec<_> = held
            .into_iter()
            .filter(|(id, generation, _)| owned.get(id) != Some(generation))
            .collect();
        if !doubtful.is_empty() {
            // Not owned at that read: either another process holds the room now, or it was
            // still being created (its first commit under way), or it changed hands since.
            // Only a stored row that names another holder gives the room up.
            let ids: Vec<String> = doubtful.iter().map(|(id, _, _)| id.clone()).collect();
            match self.postgres.holders(&ids).await {
                Ok(holders) => {
                    let me = self.postgres.node();
                    for (id, generation, sender) in doubtful {
                        let Some(holder) = holders.get(&id) else {
                            continue;
                        };
                        if holder.as_ref() != Some(&(me.to_string(), generation)) {
                            tracing::warn!(room = %id, "another process holds this room now");
                            let _ = sender.try_send(RoomCommand::GiveUp);
                        }
                    }
                }
                Err(error) => tracing::warn!("renewing the lease: {error}"),
            }
        }
        let _claiming = self.claiming.lock().await;
        let running = rooms.registry.ids();
        let room_for = self.max_rooms.saturating_sub(running.len());
        match self.postgres.claim_expired(&running, room_for).await {
            Ok(claimed) => {
                for stored in claimed {
                    let id = stored.id.clone();
                    match rooms.adopt(stored) {
                        Ok(()) => {
                            rooms.settings.metrics.room_taken_over();
                            tracing::info!(room = %id, "took the room over");
                        }
                        Err(skipped) => tracing::warn!(
                            room = %skipped.room,
                            "room {} not restored: {}",
                            skipped.room,
                            skipped.reason
                        ),
                    }
                }
            }
            Err(error) => tracing::warn!("taking over rooms: {error}"),
        }
    }

    /// Claims `room` for this process if nobody holds a live lease on it.
    async fn claim(&self, rooms: &Rooms, room: &str) -> Result<Claim, StoreError> {
        let _claiming = self.claiming.lock().await;
        if rooms.registry.get(room).is_some() {
            return Ok(Claim::Missing);
        }
        if rooms.registry.len() >= self.max_rooms {
            // Full here: the room stays where it is (or waits for a process with room).
            return Ok(Claim::Missing);
        }
        let claim = self.postgres.claim(room).await?;
        if let Claim::Claimed(stored) = claim {
            let id = stored.id.clone();
            match rooms.adopt(stored) {
                Ok(()) => {
                    rooms.settings.metrics.room_taken_over();
                    tracing::info!(room = %id, "took the room over for a connection");
                }
                Err(skipped) => tracing::warn!(
                    room = %skipped.room,
                    "room {} not restored: {}",
                    skipped.room,
                    skipped.reason
                ),
            }
            return Ok(Claim::Missing);
        }
        Ok(claim)
    }

    /// Where a connection for `room` is served. An owner that does not answer is waited for
    /// until its lease runs out, and the room is then taken over here.
    pub async fn route(&self, rooms: &Rooms, room: &str) -> Route {
        let deadline = Instant::now() + self.postgres.lease() + Duration::from_secs(2);
        loop {
            if rooms.registry.get(room).is_some() {
                return Route::Local;
            }
            match self.claim(rooms, room).await {
                Err(error) => return Route::Unavailable(error.to_string()),
                Ok(Claim::Claimed(_)) => unreachable!("claimed rooms are adopted"),
                Ok(Claim::Missing) if rooms.registry.get(room).is_some() => return Route::Local,
                Ok(Claim::Missing) => return Route::Missing,
                Ok(Claim::Elsewhere {
                    node,
                    addr,
                    expires_in,
                }) => {
                    // Our own room, not running here and not claimable, is being given up or
                    // claimed right now: look again in a moment.
                    if node != self.postgres.node()
                        && let Ok(Ok(stream)) =
                            tokio::time::timeout(Duration::from_secs(1), TcpStream::connect(&addr))
                                .await
                    {
                        return Route::Elsewhere { stream, addr };
                    }
                    if Instant::now() >= deadline {
                        return Route::Unavailable(format!(
                            "the process {node} that holds the room does not answer"
                        ));
                    }
                    let pause = expires_in.clamp(Duration::from_millis(100), self.renew);
                    tokio::time::sleep(pause.min(Duration::from_millis(500))).await;
                }
            }
        }
    }

    /// Where a connection for quick match (`/ws?match=1`) is served: here if this process is
    /// the matchmaker (or no lease is live: the queue is then this process's), else by the
    /// matchmaker. One that does not answer is waited for until its lease runs out and another
    /// process is the matchmaker.
    pub async fn route_match(&self) -> Route {
        let deadline = Instant::now() + self.postgres.lease() + Duration::from_secs(2);
        loop {
            let (node, addr) = match self.postgres.matchmaker().await {
                Err(error) => return Route::Unavailable(error.to_string()),
                Ok(None) => return Route::Local,
                Ok(Some(found)) => found,
            };
            if node == self.postgres.node() {
                return Route::Local;
            }
            if let Ok(Ok(stream)) =
                tokio::time::timeout(Duration::from_secs(1), TcpStream::connect(&addr)).await
            {
                return Route::Elsewhere { stream, addr };
            }
            if Instant::now() >= deadline {
                return Route::Unavailable(format!(
                    "the process {node} that makes the quick matches does not answer"
                ));
            }
            tokio::time::sleep(Duration::from_millis(500).min(self.renew)).await;
        }
    }

    /// Whether another process is the matchmaker now (for a `quick_match` on a connection
    /// opened without `match=1`: the client is told to reconnect to `/ws?match=1`).
    pub async fn matches_elsewhere(&self) -> Result<bool, StoreError> {
        Ok(self
            .postgres
            .matchmaker()
            .await?
            .is_some_and(|(node, _)| node != self.postgres.node()))
    }

    /// Whether `room` is held by another process now (for a request on an open connection:
    /// the client is told to reconnect to the room's own URL). Claims it here if nobody does.
    pub async fn held_elsewhere(&self, rooms: &Rooms, room: &str) -> Result<bool, StoreError> {
        if rooms.registry.get(room).is_some() {
            return Ok(false);
        }
        match self.claim(rooms, room).await? {
            Claim::Elsewhere { node, .. } => Ok(node != self.postgres.node()),
            _ => Ok(false),
        }
    }
}
