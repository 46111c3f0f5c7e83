//! The interface every engine implements: the changes to store, what is read back, the errors,
//! and the measures taken.

use std::future::Future;
use std::pin::Pin;

/// What the storage measures: how long a change takes from being handed over to its commit.
/// The server registers the histogram beside its other metrics. Cheap to clone.
#[derive(Clone, Debug)]
pub struct StoreMetrics {
    write_latency: prometheus_client::metrics::histogram::Histogram,
}

impl StoreMetrics {
    /// The storage's measures, observed into `write_latency` (seconds).
    pub fn new(write_latency: prometheus_client::metrics::histogram::Histogram) -> StoreMetrics {
        StoreMetrics { write_latency }
    }

    /// A change was committed `took` after it was handed over.
    pub fn storage_latency(&self, took: std::time::Duration) {
        self.write_latency.observe(took.as_secs_f64());
    }
}

impl Default for StoreMetrics {
    /// Measures nobody reads (tools and tests).
    fn default() -> StoreMetrics {
        StoreMetrics::new(prometheus_client::metrics::histogram::Histogram::new(
            prometheus_client::metrics::histogram::exponential_buckets(0.0001, 2.0, 16),
        ))
    }
}

/// A future the storage engines return (the interface is used through `dyn`).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// The storage failed. Its text is for the server's log: clients are told
/// [`StoreError::to_client`], never the database's own words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The disk (or the file system's quota) is full.
    #[error("storage: the disk is full")]
    DiskFull,
    /// SQLite refused or failed.
    #[error("storage: {0}")]
    Sqlite(String),
    /// PostgreSQL refused the change.
    #[error("storage: postgresql: {0}")]
    Postgres(String),
    /// PostgreSQL could not be reached, or the connection broke: the change may or may not have
    /// been stored.
    #[error("storage: postgresql unreachable: {0}")]
    Unavailable(String),
    /// Another process holds the room's lease now (this one was paused or cut off past it): the
    /// change was not stored, and this process must give the room up.
    #[error("storage: the room's lease is held by another process")]
    LeaseLost,
    /// The database was set up by a newer version of the program.
    #[error(
        "storage: the database's schema is version {found}, newer than this program's {known}: run a newer martian-dice"
    )]
    NewerSchema { found: i32, known: i32 },
    /// A file or directory of the database could not be made ready.
    #[error("storage: {what}: {error}")]
    File { what: String, error: String },
    /// Another process holds the SQLite file: two servers on one file would split its rooms.
    #[error(
        "storage: {path} is in use by another martian-dice server (two servers on one SQLite file would each run its rooms and split them): stop that server first, or share a PostgreSQL database between several (--db postgres://…)"
    )]
    InUse { path: String },
    /// The SQLite file is damaged (found by the check at start).
    #[error(
        "storage: {path} is damaged ({detail}): restore it from a backup (martian-dice backup), or move it aside to start with an empty database"
    )]
    Damaged { path: String, detail: String },
    /// The storage thread is gone (the server is stopping).
    #[error("storage: the storage thread stopped")]
    Stopped,
    /// A game the ratings cannot take (a bug of the caller, never stored).
    #[error("storage: not a rated game: {0}")]
    Unrated(String),
    /// Moves that do not follow the stored ones of their game (a bug, never stored).
    #[error("storage: room {room} game {number}: move {first} given, move {expected} expected")]
    OutOfOrder {
        room: String,
        number: u32,
        first: usize,
        expected: String,
    },
}

impl StoreError {
    /// What a client is told: nothing of the server's files or of the database.
    pub fn to_client(&self) -> &'static str {
        match self {
            StoreError::DiskFull => {
                "the server's disk is full, so nothing changed: try again in a while"
            }
            _ => "the server could not store the change, so nothing changed: try again",
        }
    }

    /// Whether the room that met this error must stop and be brought back from the database:
    /// its lease is gone, or the database may hold a change the room does not know of.
    pub fn loses_the_room(&self) -> bool {
        matches!(self, StoreError::LeaseLost | StoreError::Unavailable(_))
    }

    pub(crate) fn file(what: impl Into<String>, error: std::io::Error) -> StoreError {
        StoreError::File {
            what: what.into(),
            error: error.to_string(),
        }
    }
}

/// A change to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Write {
    /// Creates or replaces a room's state (JSON); a new room's row also gets its code (unique
    /// among open rooms) and the address that created it (what the per-address cap counts
    /// by), which later writes leave as they are.
    Room {
        id: String,
        state: String,
        closed: bool,
        code: String,
        creator: Option<String>,
    },
    /// Gives a room stored before codes its code.
    Code { room: String, code: String },
    /// A chat line (JSON) of a room, its `n`th; only the room's last lines are kept.
    Chat { room: String, n: u64, line: String },
    /// A game starts in a room.
    GameStarted {
        room: String,
        number: u32,
        seed: u64,
    },
    /// Moves of a game, from index `first` on.
    Moves {
        room: String,
        number: u32,
        first: usize,
        codes: Vec<String>,
    },
    /// A game is over, or was left unfinished by its room's closing; `record` is its JSON record
    /// (without a result when unfinished).
    GameFinished {
        room: String,
        number: u32,
        record: String,
    },
}

/// A room as stored, with its last game if any.
#[derive(Clone, Debug)]
pub struct StoredRoom {
    pub id: String,
    pub state: String,
    pub games: Vec<StoredGame>,
    /// The generation of this process's lease on the room (PostgreSQL); 0 with SQLite.
    pub generation: u64,
    /// The room's last chat lines (JSON), oldest first.
    pub chat: Vec<String>,
}

/// A room's stored state, for `my_rooms`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRow {
    pub state: String,
    pub closed: bool,
}

/// How many chat lines of a room are kept in the database.
pub const CHAT_KEPT: u64 = 30;

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub number: u32,
    pub seed: u64,
    pub moves: Vec<String>,
}

/// The lease a room's writes are made under: the room, and the generation of the lease this
/// process holds on it. A commit under a fence that is no longer current fails with
/// [`StoreError::LeaseLost`] and stores nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fence {
    pub room: String,
    pub generation: u64,
}

/// A storage engine.
pub trait Backend: Send + Sync + std::fmt::Debug {
    /// Stores `writes` in one transaction, under `fence` if given, and answers once committed.
    fn commit(
        &self,
        writes: Vec<Write>,
        fence: Option<Fence>,
    ) -> BoxFuture<'_, Result<(), StoreError>>;
    /// A small real write, to tell whether the storage can store now.
    fn probe(&self) -> BoxFuture<'_, Result<(), StoreError>>;
    /// The record of a finished game, if there is one.
    fn record(
        &self,
        room: String,
        number: u32,
    ) -> BoxFuture<'_, Result<Option<String>, StoreError>>;
    /// The records of a room's finished games numbered below `before`, the `limit` highest
    /// numbered, highest first.
    fn finished_records(
        &self,
        room: String,
        before: u32,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<(u32, String)>, StoreError>>;
    /// Stores what was handed over before, and stops; later calls fail.
    fn close(&self) -> BoxFuture<'_, ()>;
    /// Whether the engine fences each room's writes by its lease (PostgreSQL).
    fn fences(&self) -> bool;
    /// A room's stored state and whether it is closed.
    fn room(&self, id: String) -> BoxFuture<'_, Result<Option<RoomRow>, StoreError>>;
    /// Tells the other processes whether a room run here is live and how it is listed
    /// (PostgreSQL; nothing to do for one process). Not part of a room's changes: a hint that
    /// is never worth refusing a move for.
    fn publish(&self, _room: String, _live: bool, _listing: Option<String>) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
    /// Live rooms created from `creator` that other processes run (PostgreSQL).
    fn live_elsewhere(&self, _creator: String) -> BoxFuture<'_, Result<usize, StoreError>> {
        Box::pin(async { Ok(0) })
    }
    /// The open room with this code that another process runs, if any (PostgreSQL).
    fn find_code(&self, _code: String) -> BoxFuture<'_, Result<Option<String>, StoreError>> {
        Box::pin(async { Ok(None) })
    }
    /// The public listings (JSON) of the rooms other processes run (PostgreSQL).
    fn listings_elsewhere(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(async { Ok(Vec::new()) })
    }
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    pub id: i64,
    /// The name as claimed (what is shown).
    pub name: String,
    /// The name's skeleton: what two names are compared by (unique).
    pub key: String,
    /// The password's Argon2id PHC string.
    pub password: String,
    pub created_ms: i64,
    pub disabled: bool,
    /// The avatar chosen last (empty: none yet).
    pub avatar: String,
}

/// An account to create.
#[derive(Clone, Debug)]
pub struct NewAccount {
    pub name: String,
    pub key: String,
    pub password: String,
    /// SHA-256 (hex) of each recovery code.
    pub recovery: Vec<String>,
    pub avatar: String,
    pub created_ms: i64,
}

/// A seat an account held in a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub room: String,
    pub seat: u32,
    pub claimed_ms: i64,
}

/// A session found by its token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRow {
    pub account: AccountRow,
    pub created_ms: i64,
    pub expires_ms: i64,
}

/// Everything stored of an account, for "download my data".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountData {
    pub account: AccountRow,
    pub sessions: Vec<(i64, i64)>,
    pub recovery_left: usize,
    pub seats: Vec<SeatRow>,
    pub follows: Vec<String>,
    pub blocks: Vec<String>,
}

/// The turn of a seat's game whose decisions won the most chance: its review's largest skill.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BestTurn {
    /// The turn of the game's record, from 1.
    pub turn: u32,
    /// What the turn's decisions changed in the seat's chance (a win probability: 0.05 is five
    /// points of chance).
    pub skill: f64,
}

/// One seat's summary in the exact review of a finished game, stored when the game ends.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewedSeatRow {
    pub room: String,
    pub number: u32,
    pub seat: u32,
    /// The review's accuracy (0 to 100); `None` when nothing was at stake in the seat's
    /// decisions.
    pub accuracy: Option<f64>,
    /// Decisions with a choice.
    pub decisions: u32,
    /// The mean loss per decision with a choice; `None` without any.
    pub mean_loss: Option<f64>,
    /// `None` when the seat played no turn.
    pub best_turn: Option<BestTurn>,
    /// When the game ended.
    pub finished_ms: i64,
}

/// An account online on some process, and the room its newest connection there is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    /// The account's name key (`martian_protocol::names::skeleton` of its name).
    pub key: String,
    /// The room (its id) the account is in there, if any.
    pub room: Option<String>,
}

/// A text for every connection an account has open, whichever process holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// The account's name key.
    pub key: String,
    /// The message, as the connections are sent it.
    pub text: String,
}
