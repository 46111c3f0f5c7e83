//! SQLite storage: rooms, games in progress (seed and moves) and finished games (records), in one
//! file for one process.
//!
//! One thread owns the connection. Writes arrive on a channel, are batched into one transaction
//! and acknowledged once committed, so a room tells its players about a move only after the move
//! is stored: a server killed at any moment restarts with every move anyone has seen.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use rusqlite::{Connection, OptionalExtension, params};

use crate::backend::StoreMetrics;
use tokio::sync::oneshot;

use crate::backend::{
    Backend, BoxFuture, CHAT_KEPT, Fence, RoomRow, StoreError, StoredGame, StoredRoom, Write,
    now_ms,
};
use crate::file_lock::FileLock;

pub(crate) mod accounts;
mod challenges;
mod ratings;
mod reviews;

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        match error.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DiskFull) => StoreError::DiskFull,
            _ => StoreError::Sqlite(error.to_string()),
        }
    }
}

/// How long the storage thread, under load, gathers writes into one transaction after the
/// first arrives.
const GROUP_WINDOW: std::time::Duration = std::time::Duration::from_millis(2);

/// The write-ahead log starts over, cut back to this size, once it grows past it, so that steady
/// writing never fills the disk with log. Each start-over holds the writer while it copies what
/// the checkpoint thread has not yet and syncs (about a second of writing at 10,000 players
/// with 4 MiB): large enough that this is rare.
const WAL_LIMIT_BYTES: u64 = 64 * 1024 * 1024;

/// What the write-ahead log's file is cut back to (`journal_size_limit`): whenever the log starts
/// over (at the first commit after it has all been copied, which the checkpoint thread achieves
/// whenever it catches up), and by the checkpoint thread once writing pauses. Without it, a
/// file that a busy hour grew (15.5 MB after a load of 1,000 rooms) stayed that large.
const WAL_KEPT_BYTES: u64 = 4 * 1024 * 1024;

/// Creates the database file readable by its owner only (it holds the rooms' secrets), and the
/// directory it is in if needed; tightens the mode of an existing file that others could read.
/// SQLite gives its -wal and -shm files the database file's mode. An existing file is not opened
/// (see `file_lock`: this process may have it open already).
fn prepare_file(path: &Path) -> Result<(), StoreError> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.exists()
    {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|e| StoreError::file(format!("cannot create {}", dir.display()), e))?;
    }
    if !path.exists() {
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(path)
        {
            Ok(_) => {}
            // Made by someone else meanwhile: checked below like any existing file.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => {
                return Err(StoreError::file(
                    format!("cannot open {}", path.display()),
                    e,
                ));
            }
        }
    }
    let metadata = std::fs::metadata(path)
        .map_err(|e| StoreError::file(format!("cannot read {}", path.display()), e))?;
    if metadata.permissions().mode() & 0o077 != 0 {
        for suffix in ["", "-wal", "-shm"] {
            let path = PathBuf::from(format!("{}{suffix}", path.display()));
            if path.exists() {
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).map_err(
                    |e| StoreError::file(format!("cannot restrict {}", path.display()), e),
                )?;
            }
        }
    }
    Ok(())
}

/// Checks every page of the database at `path` (SQLite's `quick_check`: the pages, their
/// records and their order; not whether each index matches its table, which
/// `integrity_check` adds for about a fifth more time): a damaged file is refused at start
/// rather than found by the first write that meets it. About 10 s for a 1.9 GB file (100,000
/// rooms, 300,000 finished games).
fn check_pages(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let damaged = |detail: String| StoreError::Damaged {
        path: path.display().to_string(),
        detail,
    };
    let mut statement = conn
        .prepare("PRAGMA quick_check(5)")
        .map_err(|e| damaged(e.to_string()))?;
    let problems: Vec<String> = statement
        .query_map([], |row| row.get::<_, String>(0))
        .and_then(|rows| rows.collect())
        .map_err(|e| damaged(e.to_string()))?;
    if problems == ["ok"] {
        Ok(())
    } else {
        Err(damaged(problems.join("; ")))
    }
}

/// An error met while opening the file: damage is named as such, with the file; a file SQLite
/// cannot open or write is named with its directory, where SQLite keeps its log beside it.
fn opening(path: &Path) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |error| match error.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase) => {
            StoreError::Damaged {
                path: path.display().to_string(),
                detail: error.to_string(),
            }
        }
        Some(
            rusqlite::ErrorCode::CannotOpen
            | rusqlite::ErrorCode::ReadOnly
            | rusqlite::ErrorCode::PermissionDenied,
        ) => StoreError::File {
            what: format!(
                "cannot open {} for writing, with its -wal and -shm files beside it",
                path.display()
            ),
            error: error.to_string(),
        },
        _ => StoreError::from(error),
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL,
    code TEXT,
    creator TEXT
);
CREATE TABLE IF NOT EXISTS games (
    room_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    started_ms INTEGER NOT NULL,
    finished_ms INTEGER,
    record TEXT,
    log_from INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (room_id, number)
);
-- Every room's moves in the order they were played. A table keyed by room scattered each move
-- into a page of its own (a page written to the log and checkpointed per move and room);
-- appended in rowid order, a commit of many rooms' moves fills one page or two. A game's moves
-- start after the row `games.log_from`; the store thread checks each move's index.
CREATE TABLE IF NOT EXISTS move_log (
    room_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    code TEXT NOT NULL
);
-- Each room's last chat lines (JSON), numbered from 1.
CREATE TABLE IF NOT EXISTS chat (
    room_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (room_id, n)
) WITHOUT ROWID;
";

/// Made once the columns they index exist (after [`migrate`]).
const INDEXES: &str = "
CREATE UNIQUE INDEX IF NOT EXISTS rooms_open_code ON rooms (code) WHERE closed = 0 AND code IS NOT NULL;
";

enum Op {
    /// Writes stored together in one transaction: all of them or none; handed over at `since`.
    Commit(
        Vec<Write>,
        oneshot::Sender<Result<(), StoreError>>,
        std::time::Instant,
    ),
    Record {
        room: String,
        number: u32,
        reply: oneshot::Sender<Result<Option<String>, StoreError>>,
    },
    Room {
        id: String,
        reply: oneshot::Sender<Result<Option<RoomRow>, StoreError>>,
    },
    Finished {
        room: String,
        before: u32,
        limit: usize,
        reply: oneshot::Sender<Result<Vec<(u32, String)>, StoreError>>,
    },
    /// A small real write, to tell whether the storage can store.
    Probe(oneshot::Sender<Result<(), StoreError>>),
    /// A call of the accounts' (which answers on its own channel).
    Call(accounts::Call),
    /// Finishes what was handed over before, leaves the database checkpointed with an empty
    /// log, and stops.
    Close(oneshot::Sender<()>),
}

/// A handle on the storage thread.
#[derive(Debug)]
pub struct Sqlite {
    tx: std::sync::Arc<std::sync::Mutex<mpsc::Sender<Op>>>,
}

const HEALTH_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS health (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    probed_ms INTEGER NOT NULL
);
";

impl std::fmt::Debug for Op {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Op")
    }
}

impl Sqlite {
    /// Opens (creating if needed) the database at `path`, or an in-memory one for `None`, and
    /// returns the open rooms with their current games, the most recently changed first.
    pub fn open(
        path: Option<&Path>,
        metrics: StoreMetrics,
    ) -> Result<(Sqlite, Vec<StoredRoom>), StoreError> {
        Sqlite::open_with_wal_limit(path, metrics, WAL_LIMIT_BYTES)
    }

    /// [`Sqlite::open`], the log starting over past `wal_limit` bytes.
    fn open_with_wal_limit(
        path: Option<&Path>,
        metrics: StoreMetrics,
        wal_limit: u64,
    ) -> Result<(Sqlite, Vec<StoredRoom>), StoreError> {
        // Locked first: a second server on the file is refused before it reads or writes.
        if let Some(path) = path {
            prepare_file(path)?;
        }
        let lock = path.map(FileLock::take).transpose()?;
        let conn = match path {
            Some(path) => {
                let conn = Connection::open(path).map_err(opening(path))?;
                conn.pragma_update(None, "journal_mode", "WAL")
                    .map_err(opening(path))?;
                check_pages(&conn, path)?;
                conn
            }
            None => {
                let conn = Connection::open_in_memory()?;
                conn.pragma_update(None, "journal_mode", "WAL")?;
                conn
            }
        };
        // WAL with NORMAL survives a killed process (not a power cut) without an fsync per commit.
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "busy_timeout", 5000)?;
        conn.pragma_update(
            None,
            "journal_size_limit",
            wal_limit.min(WAL_KEPT_BYTES) as i64,
        )?;
        // Pages the writer touches stay in memory (16 MiB) instead of being read back.
        conn.pragma_update(None, "cache_size", -16 * 1024)?;
        conn.execute_batch(SCHEMA)?;
        conn.execute_batch(HEALTH_SCHEMA)?;
        conn.execute_batch(accounts::SCHEMA)?;
        conn.execute_batch(reviews::SCHEMA)?;
        conn.execute_batch(ratings::SCHEMA)?;
        conn.execute_batch(challenges::SCHEMA)?;
        ratings::ensure_accuracy(&conn)?;
        migrate(&conn)?;
        conn.execute_batch(INDEXES)?;
        let (rooms, next_moves) = load_rooms(&conn)?;
        let wal = path.map(|path| Wal {
            path: PathBuf::from(format!("{}-wal", path.display())),
            limit: wal_limit,
        });
        let mut checkpointing = None;
        if let Some(path) = path {
            // Checkpoints fsync the database file: done by a connection of their own, so that the
            // writer (and every move waiting on it) rarely stalls behind one.
            conn.pragma_update(None, "wal_autocheckpoint", 0)?;
            let checkpointer = Connection::open(path)?;
            checkpointer.pragma_update(None, "busy_timeout", 5000)?;
            let (stop, stopped) = mpsc::channel::<()>();
            let kept = Wal {
                path: PathBuf::from(format!("{}-wal", path.display())),
                limit: wal_limit.min(WAL_KEPT_BYTES),
            };
            let thread = std::thread::Builder::new()
                .name("martian-checkpoint".into())
                .spawn(move || checkpoints(checkpointer, kept, stopped))
                .map_err(|e| StoreError::file("cannot start the checkpoint thread", e))?;
            checkpointing = Some((stop, thread));
        }
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("martian-store".into())
            .spawn(move || {
                let closing = run(conn, rx, wal, metrics, next_moves);
                // The file's other connection closes, and only then its lock goes (see
                // `file_lock`), before a close is answered: a server started right after on the
                // same file finds it free.
                if let Some((stop, thread)) = checkpointing {
                    drop(stop);
                    let _ = thread.join();
                }
                drop(lock);
                if let Some(reply) = closing {
                    let _ = reply.send(());
                }
            })
            .map_err(|e| StoreError::file("cannot start the storage thread", e))?;
        Ok((
            Sqlite {
                tx: std::sync::Arc::new(std::sync::Mutex::new(tx)),
            },
            rooms,
        ))
    }

    /// The accounts' handle on this storage thread.
    pub(crate) fn account_calls(&self) -> accounts::Calls {
        accounts::Calls::new(self.tx.clone())
    }

    fn send(&self, op: Op) -> Result<(), StoreError> {
        self.tx
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(op)
            .map_err(|_| StoreError::Stopped)
    }
}

impl Backend for Sqlite {
    fn commit(
        &self,
        writes: Vec<Write>,
        _fence: Option<Fence>,
    ) -> BoxFuture<'_, Result<(), StoreError>> {
        // One process owns the file: there is no lease to check.
        Box::pin(async move {
            let (reply, done) = oneshot::channel();
            self.send(Op::Commit(writes, reply, std::time::Instant::now()))?;
            done.await.map_err(|_| StoreError::Stopped)?
        })
    }

    fn probe(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let (reply, done) = oneshot::channel();
            self.send(Op::Probe(reply))?;
            done.await.map_err(|_| StoreError::Stopped)?
        })
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let (reply, done) = oneshot::channel();
            if self.send(Op::Close(reply)).is_ok() {
                let _ = done.await;
            }
        })
    }

    fn record(
        &self,
        room: String,
        number: u32,
    ) -> BoxFuture<'_, Result<Option<String>, StoreError>> {
        Box::pin(async move {
            let (reply, done) = oneshot::channel();
            self.send(Op::Record {
                room,
                number,
                reply,
            })?;
            done.await.map_err(|_| StoreError::Stopped)?
        })
    }

    fn finished_records(
        &self,
        room: String,
        before: u32,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<(u32, String)>, StoreError>> {
        Box::pin(async move {
            let (reply, done) = oneshot::channel();
            self.send(Op::Finished {
                room,
                before,
                limit,
                reply,
            })?;
            done.await.map_err(|_| StoreError::Stopped)?
        })
    }

    fn fences(&self) -> bool {
        false
    }

    fn room(&self, id: String) -> BoxFuture<'_, Result<Option<RoomRow>, StoreError>> {
        Box::pin(async move {
            let (reply, done) = oneshot::channel();
            self.send(Op::Room { id, reply })?;
            done.await.map_err(|_| StoreError::Stopped)?
        })
    }
}

/// For each room with a game in progress: the game's number and the index its next move must
/// have (what the store thread checks each move write against, the log having no key to refuse
/// a duplicate).
type NextMoves = HashMap<String, (u32, usize)>;

/// Brings a database of an earlier version to this one, in one transaction: the moves of the
/// table keyed by room go into the log, in their games' order; rooms get the columns of their
/// code and creator (filled when each room is next stored).
fn migrate(conn: &Connection) -> Result<(), StoreError> {
    let has = |table: &str, column: &str| -> Result<bool, rusqlite::Error> {
        conn.prepare("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2")?
            .exists([table, column])
    };
    let has_column = has("games", "log_from")?;
    let has_code = has("rooms", "code")?;
    let has_old_moves = conn
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'moves'")?
        .exists([])?;
    if has_column && has_code && !has_old_moves {
        return Ok(());
    }
    conn.execute_batch("BEGIN IMMEDIATE")?;
    let result = (|| -> Result<(), rusqlite::Error> {
        if !has_column {
            conn.execute_batch("ALTER TABLE games ADD COLUMN log_from INTEGER NOT NULL DEFAULT 0")?;
        }
        if !has_code {
            conn.execute_batch(
                "ALTER TABLE rooms ADD COLUMN code TEXT; ALTER TABLE rooms ADD COLUMN creator TEXT;",
            )?;
        }
        if has_old_moves {
            conn.execute_batch(
                "INSERT INTO move_log (room_id, number, idx, code)
                     SELECT room_id, number, idx, code FROM moves ORDER BY room_id, number, idx;
                 DROP TABLE moves;",
            )?;
        }
        conn.execute_batch("COMMIT")
    })();
    if result.is_err() {
        let _ = conn.execute_batch("ROLLBACK");
    }
    Ok(result?)
}

fn load_rooms(conn: &Connection) -> Result<(Vec<StoredRoom>, NextMoves), StoreError> {
    let mut rooms = Vec::new();
    let mut statement = conn.prepare(
        "SELECT id, state FROM rooms WHERE closed = 0 ORDER BY updated_ms DESC, created_ms DESC",
    )?;
    let rows = statement.query_map([], |row| {
        Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
    })?;
    for row in rows {
        let (id, state) = row?;
        rooms.push(StoredRoom {
            id,
            state,
            games: Vec::new(),
            generation: 0,
            chat: Vec::new(),
        });
    }
    let mut chat = conn.prepare("SELECT line FROM chat WHERE room_id = ?1 ORDER BY n")?;
    for room in &mut rooms {
        room.chat = chat
            .query_map([&room.id], |row| row.get::<_, String>(0))?
            .collect::<Result<_, _>>()?;
    }
    // A room shows its current (last) game: only that one is replayed, so only its moves load,
    // read from the log after the oldest of those games began.
    let mut games = conn.prepare(
        "SELECT number, seed, log_from FROM games WHERE room_id = ?1 ORDER BY number DESC LIMIT 1",
    )?;
    let mut current: Vec<(usize, u32, u64)> = Vec::new();
    let mut log_from = i64::MAX;
    for (index, room) in rooms.iter().enumerate() {
        let last = games
            .query_row([&room.id], |row| {
                Ok((
                    row.get::<_, u32>(0)?,
                    row.get::<_, i64>(1)?,
                    row.get::<_, i64>(2)?,
                ))
            })
            .optional()?;
        if let Some((number, seed, from)) = last {
            log_from = log_from.min(from);
            current.push((index, number, seed as u64));
        }
    }
    let mut logged: HashMap<(String, u32), Vec<(i64, String)>> = current
        .iter()
        .map(|&(index, number, _)| ((rooms[index].id.clone(), number), Vec::new()))
        .collect();
    if !logged.is_empty() {
        let mut log = conn.prepare(
            "SELECT room_id, number, idx, code FROM move_log WHERE rowid > ?1 ORDER BY rowid",
        )?;
        let mut rows = log.query([log_from])?;
        while let Some(row) = rows.next()? {
            let key = (row.get::<_, String>(0)?, row.get::<_, u32>(1)?);
            if let Some(moves) = logged.get_mut(&key) {
                moves.push((row.get(2)?, row.get(3)?));
            }
        }
    }
    let mut next_moves = NextMoves::new();
    for (index, number, seed) in current {
        let key = (rooms[index].id.clone(), number);
        let mut moves = logged.remove(&key).unwrap_or_default();
        // In the order of their indices: a log edited by hand with a gap or a duplicate then
        // fails its replay, and the room is reported as not restored.
        moves.sort_by_key(|(idx, _)| *idx);
        next_moves.insert(key.0.clone(), (number, moves.len()));
        rooms[index].games.push(StoredGame {
            number,
            seed,
            moves: moves.into_iter().map(|(_, code)| code).collect(),
        });
    }
    Ok((rooms, next_moves))
}

/// How often the checkpoint thread copies the log into the database: often enough that the
/// store thread, when it lets the log start over, finds little left to copy.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// Copies the log into the database every [`CHECKPOINT_EVERY`], without holding up the writer,
/// until `stop` is dropped; says so once when it starts failing (a full disk, say) and once when
/// it works again. Once writing pauses (nothing new in the log since the last look, all of it
/// copied) a log file larger than `kept` allows is emptied: no commit comes to cut it back.
fn checkpoints(checkpointer: Connection, kept: Wal, stop: mpsc::Receiver<()>) {
    let mut failing = false;
    let mut last_frames = None;
    while let Err(mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(CHECKPOINT_EVERY) {
        // (busy, frames in the log, frames copied)
        let checkpoint = checkpointer.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, i64>(1)?,
                row.get::<_, i64>(2)?,
            ))
        });
        match checkpoint {
            Ok((busy, frames, copied)) => {
                if failing {
                    tracing::info!("checkpoints work again");
                    failing = false;
                }
                let quiet = busy == 0 && frames == copied && last_frames == Some(frames);
                last_frames = Some(frames);
                if quiet && std::fs::metadata(&kept.path).is_ok_and(|m| m.len() > kept.limit) {
                    empty_wal(&checkpointer);
                }
            }
            Err(error) if !failing => {
                tracing::warn!("checkpoint: {}", StoreError::from(error));
                failing = true;
            }
            Err(_) => {}
        }
    }
}

/// Empties a log that is all copied: a truncating checkpoint, which then has nothing to copy
/// or sync. It does not wait for the writer: busy, it is left for the next quiet moment.
fn empty_wal(checkpointer: &Connection) {
    let _ = checkpointer.busy_timeout(std::time::Duration::ZERO);
    if let Err(error) = checkpointer.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);") {
        tracing::debug!("emptying the log: {}", StoreError::from(error));
    }
    let _ = checkpointer.busy_timeout(std::time::Duration::from_secs(5));
}

/// The log's file, and the size past which it starts over.
struct Wal {
    path: PathBuf,
    limit: u64,
}

/// Lets the log start over when it has grown past its limit. While writes keep
/// coming, the checkpoint thread never catches up with the log's end, and SQLite starts a log
/// over only from a fully copied one. Between two of its own transactions the store thread is
/// the log's only writer, so a passive checkpoint here copies the little that is left (it
/// neither waits for the checkpoint thread nor blocks it: busy, it is tried after the next
/// batch), and the next transaction starts the log over, cut to the limit. A truncating
/// checkpoint here instead waited on the checkpoint thread and its syncs: 20–70 ms during
/// which no room could store a move.
fn bound_wal(conn: &Connection, wal: &Wal) {
    let big = std::fs::metadata(&wal.path).is_ok_and(|m| m.len() > wal.limit);
    if big && let Err(error) = conn.execute_batch("PRAGMA wal_checkpoint(PASSIVE);") {
        tracing::warn!("copying the log: {}", StoreError::from(error));
    }
}

/// Serves the operations sent on `rx` until the handles are dropped or one asks to close; returns
/// that close's answer, to give once everything is let go.
fn run(
    mut conn: Connection,
    rx: mpsc::Receiver<Op>,
    wal: Option<Wal>,
    metrics: StoreMetrics,
    mut next_moves: NextMoves,
) -> Option<oneshot::Sender<()>> {
    // Whether the last batch found company: the load is high enough to gather.
    let mut gathering = false;
    while let Ok(first) = rx.recv() {
        // Group commit: under load, what arrives within GROUP_WINDOW of the first write shares
        // its transaction. A transaction's fixed cost (its log frames, their checkpoint) was most
        // of the storage's time with thousands of rooms each committing alone. At low load a
        // write is stored at once: the window would only add its length to every action.
        // The thread sleeps through the window rather than waiting on the channel: a waiting
        // receiver is woken (a futex call each side) by every send.
        if gathering {
            std::thread::sleep(GROUP_WINDOW);
        }
        let mut batch = vec![first];
        while batch.len() < 512
            && let Ok(more) = rx.try_recv()
        {
            batch.push(more);
        }
        gathering = batch.len() > 1;
        let mut commits: Vec<Vec<Write>> = Vec::new();
        let mut acks = Vec::new();
        let mut closing = None;
        for op in batch {
            match op {
                Op::Commit(writes, ack, since) => {
                    commits.push(writes);
                    acks.push((ack, since));
                }
                Op::Record {
                    room,
                    number,
                    reply,
                } => {
                    let record = conn
                        .query_row(
                            "SELECT record FROM games WHERE room_id = ?1 AND number = ?2",
                            params![room, number],
                            |row| row.get::<_, Option<String>>(0),
                        )
                        .optional()
                        .map(Option::flatten)
                        .map_err(StoreError::from);
                    let _ = reply.send(record);
                }
                Op::Room { id, reply } => {
                    let row = conn
                        .query_row(
                            "SELECT state, closed FROM rooms WHERE id = ?1",
                            [&id],
                            |row| {
                                Ok(RoomRow {
                                    state: row.get(0)?,
                                    closed: row.get(1)?,
                                })
                            },
                        )
                        .optional()
                        .map_err(StoreError::from);
                    let _ = reply.send(row);
                }
                Op::Finished {
                    room,
                    before,
                    limit,
                    reply,
                } => {
                    let _ = reply.send(finished_records(&conn, &room, before, limit));
                }
                Op::Probe(reply) => {
                    let probe = conn
                        .execute(
                            "INSERT INTO health (id, probed_ms) VALUES (1, ?1)
                             ON CONFLICT(id) DO UPDATE SET probed_ms = ?1",
                            [now_ms()],
                        )
                        .map(|_| ())
                        .map_err(StoreError::from);
                    let _ = reply.send(probe);
                }
                Op::Call(call) => call(&mut conn),
                Op::Close(reply) => closing = Some(reply),
            }
        }
        if !commits.is_empty() {
            // The commits of a batch share one transaction (one sync of the log for many rooms).
            if apply(&mut conn, &mut next_moves, commits.iter().flatten()).is_ok() {
                for (ack, since) in acks {
                    metrics.storage_latency(since.elapsed());
                    let _ = ack.send(Ok(()));
                }
            } else {
                // One bad commit must not sink the others of the batch: redo them one by one,
                // each whole or not at all.
                for (writes, (ack, since)) in commits.iter().zip(acks) {
                    let result = apply(&mut conn, &mut next_moves, writes.iter());
                    metrics.storage_latency(since.elapsed());
                    let _ = ack.send(result);
                }
            }
            if let Some(wal) = &wal {
                bound_wal(&conn, wal);
            }
        }
        if let Some(reply) = closing {
            // What arrived after the close is refused: its senders see the thread stop.
            if wal.is_some()
                && let Err(error) = conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
            {
                tracing::warn!("closing the database: {}", StoreError::from(error));
            }
            return Some(reply);
        }
    }
    None
}

/// The records of `room`'s finished games numbered below `before`, the `limit` highest first.
fn finished_records(
    conn: &Connection,
    room: &str,
    before: u32,
    limit: usize,
) -> Result<Vec<(u32, String)>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT number, record FROM games
         WHERE room_id = ?1 AND number < ?2 AND record IS NOT NULL
         ORDER BY number DESC LIMIT ?3",
    )?;
    let rows = statement.query_map(params![room, before, limit as i64], |row| {
        Ok((row.get::<_, u32>(0)?, row.get::<_, String>(1)?))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Copies the database at `from` to a new file `to` while a server may be writing to it
/// (SQLite's online backup): the copy is a consistent snapshot, made readable by its owner
/// only, that a server can be started on.
pub fn backup(from: &Path, to: &Path) -> Result<(), StoreError> {
    if !from.is_file() {
        return Err(StoreError::File {
            what: format!("cannot read {}", from.display()),
            error: "no such file".into(),
        });
    }
    if to.exists() {
        return Err(StoreError::File {
            what: format!("will not overwrite {}", to.display()),
            error: "the file exists".into(),
        });
    }
    let source = Connection::open_with_flags(from, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    source.pragma_update(None, "busy_timeout", 5000)?;
    prepare_file(to)?;
    let mut target = Connection::open(to)?;
    {
        let copy = rusqlite::backup::Backup::new(&source, &mut target)?;
        // Pages in steps, pausing between them so that the server's writer is never held up.
        copy.run_to_completion(256, std::time::Duration::from_millis(5), None)?;
    }
    // A copy that is a database of ours, whole.
    let check: String = target.query_row("PRAGMA integrity_check", [], |row| row.get(0))?;
    if check != "ok" {
        return Err(StoreError::Sqlite(format!(
            "the copy fails its check: {check}"
        )));
    }
    target.query_row("SELECT count(*) FROM rooms", [], |row| row.get::<_, i64>(0))?;
    Ok(())
}

fn apply<'a>(
    conn: &mut Connection,
    next_moves: &mut NextMoves,
    writes: impl Iterator<Item = &'a Write>,
) -> Result<(), StoreError> {
    let tx = conn.transaction()?;
    let now = now_ms();
    // What the writes change of `next_moves`, adopted only once they are committed.
    let mut changed: HashMap<&str, Option<(u32, usize)>> = HashMap::new();
    for write in writes {
        match write {
            Write::Room {
                id,
                state,
                closed,
                code,
                creator,
            } => {
                // The code and the creator are the room's first write's: a code changes only by
                // `Write::Code`, so that the index of codes costs nothing per move.
                tx.prepare_cached(
                    "INSERT INTO rooms (id, created_ms, updated_ms, closed, state, code, creator)
                     VALUES (?1, ?2, ?2, ?3, ?4, ?5, ?6)
                     ON CONFLICT(id) DO UPDATE SET updated_ms = ?2, state = ?4",
                )?
                .execute(params![id, now, closed, state, code, creator])?;
                // `closed` is set apart, only when the room closes: the index of open rooms'
                // codes depends on it, and would be written with every change otherwise.
                if *closed {
                    tx.prepare_cached("UPDATE rooms SET closed = 1 WHERE id = ?1")?
                        .execute([id])?;
                }

                if *closed {
                    changed.insert(id, None);
                    tx.prepare_cached("DELETE FROM chat WHERE room_id = ?1")?
                        .execute([id])?;
                }
            }
            Write::Code { room, code } => {
                tx.prepare_cached("UPDATE rooms SET code = ?2 WHERE id = ?1")?
                    .execute([room, code])?;
            }
            Write::Chat { room, n, line } => {
                tx.prepare_cached("INSERT INTO chat (room_id, n, line) VALUES (?1, ?2, ?3)")?
                    .execute(params![room, *n as i64, line])?;
                if *n > CHAT_KEPT {
                    tx.prepare_cached("DELETE FROM chat WHERE room_id = ?1 AND n <= ?2")?
                        .execute(params![room, (*n - CHAT_KEPT) as i64])?;
                }
            }
            Write::GameStarted { room, number, seed } => {
                tx.prepare_cached(
                    "INSERT INTO games (room_id, number, seed, started_ms, log_from)
                     VALUES (?1, ?2, ?3, ?4, (SELECT COALESCE(MAX(rowid), 0) FROM move_log))",
                )?
                .execute(params![room, number, *seed as i64, now])?;
                changed.insert(room, Some((*number, 0)));
            }
            Write::Moves {
                room,
                number,
                first,
                codes,
            } => {
                let next = match changed.get(room.as_str()) {
                    Some(next) => *next,
                    None => next_moves.get(room).copied(),
                };
                if next != Some((*number, *first)) {
                    return Err(StoreError::OutOfOrder {
                        room: room.clone(),
                        number: *number,
                        first: *first,
                        expected: match next {
                            Some((n, idx)) if n == *number => idx.to_string(),
                            Some((n, _)) => format!("none (game {n} is the one in progress)"),
                            None => "none (no game in progress)".into(),
                        },
                    });
                }
                let mut insert = tx.prepare_cached(
                    "INSERT INTO move_log (room_id, number, idx, code) VALUES (?1, ?2, ?3, ?4)",
                )?;
                for (offset, code) in codes.iter().enumerate() {
                    insert.execute(params![room, number, (first + offset) as i64, code])?;
                }
                changed.insert(room, Some((*number, first + codes.len())));
            }
            Write::GameFinished {
                room,
                number,
                record,
            } => {
                tx.prepare_cached(
                    "UPDATE games SET finished_ms = ?3, record = ?4 WHERE room_id = ?1 AND number = ?2",
                )?
                .execute(params![room, number, now, record])?;
                changed.insert(room, None);
            }
        }
    }
    tx.commit()?;
    for (room, next) in changed {
        match next {
            Some(next) => next_moves.insert(room.to_string(), next),
            None => next_moves.remove(room),
        };
    }
    Ok(())
}

// What both engines must do is tested once for both: `tests/storage.rs`. Here, what is SQLite's.
#[cfg(test)]
mod tests {
    use super::*;

    fn moves(room: &str, number: u32, first: usize, codes: &[&str]) -> Write {
        Write::Moves {
            room: room.into(),
            number,
            first,
            codes: codes.iter().map(|c| c.to_string()).collect(),
        }
    }

    fn started(room: &str, number: u32) -> Write {
        Write::GameStarted {
            room: room.into(),
            number,
            seed: 7,
        }
    }

    #[tokio::test]
    async fn moves_must_follow_the_stored_ones_of_the_game_in_progress() {
        let path = scratch("order");
        let (store, _) =
            crate::store::Store::open_sqlite(Some(&path), StoreMetrics::default()).unwrap();
        store
            .commit(vec![
                room("a", "{}"),
                started("a", 1),
                moves("a", 1, 0, &["dice"]),
            ])
            .await
            .unwrap();
        let refused = |result: Result<(), StoreError>| {
            assert!(
                matches!(result, Err(StoreError::OutOfOrder { .. })),
                "{result:?}"
            )
        };
        // A duplicate, a gap, another game, a room without a game: all refused, nothing stored.
        refused(store.write(moves("a", 1, 0, &["stop"])).await);
        refused(store.write(moves("a", 1, 2, &["stop"])).await);
        refused(store.write(moves("a", 2, 1, &["stop"])).await);
        refused(store.write(moves("b", 1, 0, &["dice"])).await);
        // A refused commit stores none of its writes, and the next index stays where it was.
        refused(
            store
                .commit(vec![moves("a", 1, 1, &["R"]), moves("a", 1, 3, &["stop"])])
                .await,
        );
        store.write(moves("a", 1, 1, &["R", "stop"])).await.unwrap();
        // A new game starts over at move 0; the finished one takes no more moves.
        store
            .commit(vec![
                Write::GameFinished {
                    room: "a".into(),
                    number: 1,
                    record: "{}".into(),
                },
                started("a", 2),
                moves("a", 2, 0, &["dice"]),
            ])
            .await
            .unwrap();
        refused(store.write(moves("a", 1, 3, &["dice"])).await);
        store.close().await;
        // After a restart the check goes on from the stored moves.
        let (store, rooms) =
            crate::store::Store::open_sqlite(Some(&path), StoreMetrics::default()).unwrap();
        assert_eq!(rooms[0].games[0].number, 2);
        assert_eq!(rooms[0].games[0].moves, vec!["dice"]);
        refused(store.write(moves("a", 2, 0, &["R"])).await);
        store.write(moves("a", 2, 1, &["R"])).await.unwrap();
        store.close().await;
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[tokio::test]
    async fn a_database_with_moves_keyed_by_room_is_migrated_to_the_log() {
        let path = scratch("migrate");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        {
            // The schema before the move log, with two rooms' games half played.
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(
                "CREATE TABLE rooms (id TEXT PRIMARY KEY, created_ms INTEGER NOT NULL,
                     updated_ms INTEGER NOT NULL, closed INTEGER NOT NULL DEFAULT 0,
                     state TEXT NOT NULL);
                 CREATE TABLE games (room_id TEXT NOT NULL, number INTEGER NOT NULL,
                     seed INTEGER NOT NULL, started_ms INTEGER NOT NULL, finished_ms INTEGER,
                     record TEXT, PRIMARY KEY (room_id, number));
                 CREATE TABLE moves (room_id TEXT NOT NULL, number INTEGER NOT NULL,
                     idx INTEGER NOT NULL, code TEXT NOT NULL,
                     PRIMARY KEY (room_id, number, idx)) WITHOUT ROWID;
                 INSERT INTO rooms VALUES ('a', 1, 1, 0, '{}'), ('b', 2, 2, 0, '{}');
                 INSERT INTO games VALUES ('a', 1, 5, 1, NULL, NULL), ('b', 3, 6, 2, NULL, NULL);
                 INSERT INTO moves VALUES ('b', 3, 1, 'H'), ('a', 1, 0, 'dice'),
                     ('b', 3, 0, 'dice'), ('a', 1, 1, 'R'), ('b', 3, 2, 'roll');",
            )
            .unwrap();
        }
        let (store, rooms) =
            crate::store::Store::open_sqlite(Some(&path), StoreMetrics::default()).unwrap();
        let game = |id: &str| rooms.iter().find(|r| r.id == id).unwrap().games[0].clone();
        assert_eq!(game("a").moves, vec!["dice", "R"]);
        assert_eq!((game("b").number, game("b").seed), (3, 6));
        assert_eq!(game("b").moves, vec!["dice", "H", "roll"]);
        store.write(moves("b", 3, 3, &["stop"])).await.unwrap();
        store.close().await;
        let conn = Connection::open(&path).unwrap();
        let old: bool = conn
            .prepare("SELECT 1 FROM sqlite_master WHERE name = 'moves'")
            .unwrap()
            .exists([])
            .unwrap();
        assert!(!old, "the old table is gone");
        drop(conn);
        // Opening again finds nothing more to migrate.
        let (_, rooms) =
            crate::store::Store::open_sqlite(Some(&path), StoreMetrics::default()).unwrap();
        let b = rooms.iter().find(|r| r.id == "b").unwrap();
        assert_eq!(b.games[0].moves, vec!["dice", "H", "roll", "stop"]);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("martian-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("test.db")
    }

    fn room(id: &str, state: &str) -> Write {
        Write::Room {
            id: id.into(),
            state: state.into(),
            closed: false,
            code: format!("C{id}"),
            creator: None,
        }
    }

    #[tokio::test]
    async fn the_database_is_its_owners_alone() {
        use std::os::unix::fs::PermissionsExt;
        let path = scratch("mode");
        let (store, _) =
            crate::store::Store::open_sqlite(Some(&path), StoreMetrics::default()).unwrap();
        store.write(room("r", "{}")).await.unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600);
        assert_eq!(
            mode(&PathBuf::from(format!("{}-wal", path.display()))),
            0o600
        );
        assert_eq!(mode(path.parent().unwrap()), 0o700);
        store.close().await;
        // A file others could read is tightened when opened.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        crate::store::Store::open_sqlite(Some(&path), StoreMetrics::default()).unwrap();
        assert_eq!(mode(&path), 0o600);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[tokio::test]
    async fn steady_writing_keeps_the_log_bounded() {
        let path = scratch("wal");
        let wal = PathBuf::from(format!("{}-wal", path.display()));
        let limit = 4 * 1024 * 1024;
        let (sqlite, _) =
            Sqlite::open_with_wal_limit(Some(&path), StoreMetrics::default(), limit).unwrap();
        let accounts = crate::accounts::Accounts::sqlite(sqlite.account_calls());
        let store = crate::store::Store::new(std::sync::Arc::new(sqlite), accounts);
        for room_id in (0..20).map(|i| format!("room{i}")) {
            store.write(started(&room_id, 1)).await.unwrap();
        }
        let mut largest = 0;
        // Twenty rooms playing: each commit a room's moves and its new state, as games write.
        for round in 0..3000_usize {
            let room_id = format!("room{}", round % 20);
            let state = format!("{{\"round\":{round},\"pad\":\"{}\"}}", "x".repeat(500));
            let moves = Write::Moves {
                room: room_id.clone(),
                number: 1,
                first: round / 20 * 3,
                codes: vec!["dice".into(), "R".into(), "stop".into()],
            };
            store
                .commit(vec![moves, room(&room_id, &state)])
                .await
                .unwrap();
            if round % 25 == 0 {
                largest = largest.max(std::fs::metadata(&wal).map_or(0, |m| m.len()));
            }
        }
        largest = largest.max(std::fs::metadata(&wal).unwrap().len());
        // The limit, plus what commits add between two looks at the log's size (each look
        // follows a batch of at most 512 commits).
        let bound = limit + 512 * 3 * 4120;
        assert!(
            largest <= bound,
            "the log grew to {largest} bytes (bound {bound})"
        );
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    /// A burst grows the log far past what is kept; once writing pauses, the file is cut back
    /// to at most 4 MiB (as docs/websocket-protocol.md says) without another commit.
    #[tokio::test]
    async fn a_log_grown_by_a_burst_is_cut_back_once_writing_pauses() {
        let path = scratch("wal-burst");
        let wal = PathBuf::from(format!("{}-wal", path.display()));
        let (store, _) =
            crate::store::Store::open_sqlite(Some(&path), StoreMetrics::default()).unwrap();
        // One commit of 10 MiB of rooms: the log holds it all until it is copied.
        let pad = "x".repeat(100 * 1024);
        let rooms = (0..100)
            .map(|i| room(&format!("room{i}"), &format!("{{\"pad\":\"{pad}\"}}")))
            .collect();
        store.commit(rooms).await.unwrap();
        let grown = std::fs::metadata(&wal).unwrap().len();
        assert!(grown > 2 * WAL_KEPT_BYTES, "the log is only {grown} bytes");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let mut size = grown;
        while size > WAL_KEPT_BYTES {
            assert!(
                std::time::Instant::now() < deadline,
                "the log is still {size} bytes ({grown} after the burst)"
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            size = std::fs::metadata(&wal).unwrap().len();
        }
        // And the rooms are all there.
        store.close().await;
        let (_, rooms) =
            crate::store::Store::open_sqlite(Some(&path), StoreMetrics::default()).unwrap();
        assert_eq!(rooms.len(), 100);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}
