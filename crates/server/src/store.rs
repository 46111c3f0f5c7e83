//! SQLite storage: rooms, games in progress (seed and moves) and finished games (records).
//!
//! One thread owns the connection. Writes arrive on a channel, are batched into one transaction
//! and acknowledged once committed, so a room tells its players about a move only after the move
//! is stored: a server killed at any moment restarts with every move anyone has seen.

use std::path::{Path, PathBuf};
use std::sync::mpsc;

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::oneshot;

/// The storage failed. Its text is for the server's log: clients are told
/// [`StoreError::to_client`], never SQLite's own words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The disk (or the file system's quota) is full.
    #[error("storage: the disk is full")]
    DiskFull,
    /// SQLite refused or failed.
    #[error("storage: {0}")]
    Sqlite(String),
    /// A file or directory of the database could not be made ready.
    #[error("storage: {what}: {error}")]
    File { what: String, error: String },
    /// The storage thread is gone (the server is stopping).
    #[error("storage: the storage thread stopped")]
    Stopped,
}

impl StoreError {
    /// What a client is told: nothing of the server's files or of SQLite.
    pub fn to_client(&self) -> &'static str {
        match self {
            StoreError::DiskFull => {
                "the server's disk is full, so nothing changed: try again in a while"
            }
            _ => "the server could not store the change, so nothing changed: try again",
        }
    }

    fn file(what: impl Into<String>, error: std::io::Error) -> StoreError {
        StoreError::File {
            what: what.into(),
            error: error.to_string(),
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        match error.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DiskFull) => StoreError::DiskFull,
            _ => StoreError::Sqlite(error.to_string()),
        }
    }
}

/// The write-ahead log is checkpointed and cut back to this size once it grows past it, so that
/// steady writing never fills the disk with log.
const WAL_LIMIT_BYTES: u64 = 4 * 1024 * 1024;

/// Creates the database file readable by its owner only (it holds the rooms' secrets), and the
/// directory it is in if needed; tightens the mode of an existing file that others could read.
/// SQLite gives its -wal and -shm files the database file's mode.
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
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(path)
        .map_err(|e| StoreError::file(format!("cannot open {}", path.display()), e))?;
    let metadata = file
        .metadata()
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

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    room_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    started_ms INTEGER NOT NULL,
    finished_ms INTEGER,
    record TEXT,
    PRIMARY KEY (room_id, number)
);
CREATE TABLE IF NOT EXISTS moves (
    room_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    code TEXT NOT NULL,
    PRIMARY KEY (room_id, number, idx)
) WITHOUT ROWID;
";

/// A change to store.
#[derive(Debug)]
pub enum Write {
    /// Creates or replaces a room's state (JSON).
    Room {
        id: String,
        state: String,
        closed: bool,
    },
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
    /// A game is over; `record` is its JSON record.
    GameFinished {
        room: String,
        number: u32,
        record: String,
    },
}

enum Op {
    /// Writes stored together in one transaction: all of them or none.
    Commit(Vec<Write>, oneshot::Sender<Result<(), StoreError>>),
    Record {
        room: String,
        number: u32,
        reply: oneshot::Sender<Result<Option<String>, StoreError>>,
    },
}

/// A room as stored, with its last game if any.
#[derive(Clone, Debug)]
pub struct StoredRoom {
    pub id: String,
    pub state: String,
    pub games: Vec<StoredGame>,
}

/// A game as stored.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub number: u32,
    pub seed: u64,
    pub moves: Vec<String>,
}

/// A handle on the storage thread. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    tx: mpsc::Sender<Op>,
}

impl std::fmt::Debug for Op {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Op")
    }
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Store {
    /// Opens (creating if needed) the database at `path`, or an in-memory one for `None`, and
    /// returns the open rooms with their current games, the most recently changed first.
    pub fn open(path: Option<&Path>) -> Result<(Store, Vec<StoredRoom>), StoreError> {
        let conn = match path {
            Some(path) => {
                prepare_file(path)?;
                Connection::open(path)?
            }
            None => Connection::open_in_memory()?,
        };
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // WAL with NORMAL survives a killed process (not a power cut) without an fsync per commit.
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "busy_timeout", 5000)?;
        conn.pragma_update(None, "journal_size_limit", WAL_LIMIT_BYTES as i64)?;
        conn.execute_batch(SCHEMA)?;
        let rooms = load_rooms(&conn)?;
        let wal = path.map(|path| PathBuf::from(format!("{}-wal", path.display())));
        if let Some(path) = path {
            // Checkpoints fsync the database file: done by a connection of their own, so that the
            // writer (and every move waiting on it) rarely stalls behind one.
            conn.pragma_update(None, "wal_autocheckpoint", 0)?;
            let checkpointer = Connection::open(path)?;
            checkpointer.pragma_update(None, "busy_timeout", 5000)?;
            std::thread::Builder::new()
                .name("martian-checkpoint".into())
                .spawn(move || checkpoints(checkpointer))
                .map_err(|e| StoreError::file("cannot start the checkpoint thread", e))?;
        }
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("martian-store".into())
            .spawn(move || run(conn, rx, wal))
            .map_err(|e| StoreError::file("cannot start the storage thread", e))?;
        Ok((Store { tx }, rooms))
    }

    /// Stores `write` and waits until it is committed.
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        self.commit(vec![write]).await
    }

    /// Stores `writes` in one transaction (all of them, or none on error) and waits until they
    /// are committed: what one message, bot step or timer changes in a room is one commit, so a
    /// crash never leaves half a change behind.
    pub async fn commit(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        let (reply, done) = oneshot::channel();
        self.tx
            .send(Op::Commit(writes, reply))
            .map_err(|_| StoreError::Stopped)?;
        done.await.map_err(|_| StoreError::Stopped)?
    }

    /// The record of a finished game, if there is one.
    pub async fn record(&self, room: &str, number: u32) -> Result<Option<String>, StoreError> {
        let (reply, done) = oneshot::channel();
        self.tx
            .send(Op::Record {
                room: room.into(),
                number,
                reply,
            })
            .map_err(|_| StoreError::Stopped)?;
        done.await.map_err(|_| StoreError::Stopped)?
    }
}

fn load_rooms(conn: &Connection) -> Result<Vec<StoredRoom>, StoreError> {
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
        });
    }
    // A room shows its current (last) game: only that one is replayed, so only its moves load.
    let mut games = conn.prepare(
        "SELECT number, seed FROM games WHERE room_id = ?1 ORDER BY number DESC LIMIT 1",
    )?;
    let mut moves =
        conn.prepare("SELECT code FROM moves WHERE room_id = ?1 AND number = ?2 ORDER BY idx")?;
    for room in &mut rooms {
        let last = games
            .query_row([&room.id], |row| {
                Ok((row.get::<_, u32>(0)?, row.get::<_, i64>(1)?))
            })
            .optional()?;
        if let Some((number, seed)) = last {
            let codes = moves
                .query_map(params![room.id, number], |r| r.get::<_, String>(0))?
                .collect::<Result<Vec<_>, _>>()?;
            room.games.push(StoredGame {
                number,
                seed: seed as u64,
                moves: codes,
            });
        }
    }
    Ok(rooms)
}

/// Copies the log into the database every second, without holding up the writer; says so once
/// when it starts failing (a full disk, say) and once when it works again.
fn checkpoints(checkpointer: Connection) {
    let mut failing = false;
    loop {
        std::thread::sleep(std::time::Duration::from_secs(1));
        match checkpointer.execute_batch("PRAGMA wal_checkpoint(PASSIVE);") {
            Ok(()) if failing => {
                eprintln!("martian-server: checkpoints work again");
                failing = false;
            }
            Ok(()) => {}
            Err(error) if !failing => {
                eprintln!("martian-server: checkpoint: {}", StoreError::from(error));
                failing = true;
            }
            Err(_) => {}
        }
    }
}

/// Cuts the log back when it has grown past [`WAL_LIMIT_BYTES`]: a truncating checkpoint waits
/// for no reader here (the writer is the only one) and leaves an empty log.
fn bound_wal(conn: &Connection, wal: &Path) {
    let big = std::fs::metadata(wal).is_ok_and(|m| m.len() > WAL_LIMIT_BYTES);
    if big && let Err(error) = conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);") {
        eprintln!(
            "martian-server: truncating the log: {}",
            StoreError::from(error)
        );
    }
}

fn run(mut conn: Connection, rx: mpsc::Receiver<Op>, wal: Option<PathBuf>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while let Ok(more) = rx.try_recv() {
            batch.push(more);
            if batch.len() >= 512 {
                break;
            }
        }
        let mut commits: Vec<Vec<Write>> = Vec::new();
        let mut acks = Vec::new();
        for op in batch {
            match op {
                Op::Commit(writes, ack) => {
                    commits.push(writes);
                    acks.push(ack);
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
            }
        }
        if commits.is_empty() {
            continue;
        }
        // The commits of a batch share one transaction (one sync of the log for many rooms).
        if apply(&mut conn, commits.iter().flatten()).is_ok() {
            for ack in acks {
                let _ = ack.send(Ok(()));
            }
        } else {
            // One bad commit must not sink the others of the batch: redo them one by one, each
            // whole or not at all.
            for (writes, ack) in commits.iter().zip(acks) {
                let _ = ack.send(apply(&mut conn, writes.iter()));
            }
        }
        if let Some(wal) = &wal {
            bound_wal(&conn, wal);
        }
    }
}

fn apply<'a>(
    conn: &mut Connection,
    writes: impl Iterator<Item = &'a Write>,
) -> Result<(), StoreError> {
    let tx = conn.transaction()?;
    let now = now_ms();
    for write in writes {
        match write {
            Write::Room { id, state, closed } => {
                tx.prepare_cached(
                    "INSERT INTO rooms (id, created_ms, updated_ms, closed, state) VALUES (?1, ?2, ?2, ?3, ?4)
                     ON CONFLICT(id) DO UPDATE SET updated_ms = ?2, closed = ?3, state = ?4",
                )?
                .execute(params![id, now, closed, state])?;
            }
            Write::GameStarted { room, number, seed } => {
                tx.prepare_cached(
                    "INSERT INTO games (room_id, number, seed, started_ms) VALUES (?1, ?2, ?3, ?4)",
                )?
                .execute(params![room, number, *seed as i64, now])?;
            }
            Write::Moves {
                room,
                number,
                first,
                codes,
            } => {
                let mut insert = tx.prepare_cached(
                    "INSERT INTO moves (room_id, number, idx, code) VALUES (?1, ?2, ?3, ?4)",
                )?;
                for (offset, code) in codes.iter().enumerate() {
                    insert.execute(params![room, number, (first + offset) as i64, code])?;
                }
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
            }
        }
    }
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn writes_are_read_back_after_reopening() {
        let dir = std::env::temp_dir().join(format!("martian-store-{}", std::process::id()));
        let path = dir.join("test.db");
        let _ = std::fs::remove_file(&path);
        {
            let (store, rooms) = Store::open(Some(&path)).unwrap();
            assert!(rooms.is_empty());
            for (id, state) in [("a", "{}"), ("b", "{\"x\":1}")] {
                store
                    .write(Write::Room {
                        id: id.into(),
                        state: state.into(),
                        closed: false,
                    })
                    .await
                    .unwrap();
            }
            store
                .write(Write::GameStarted {
                    room: "a".into(),
                    number: 1,
                    seed: u64::MAX,
                })
                .await
                .unwrap();
            store
                .write(Write::Moves {
                    room: "a".into(),
                    number: 1,
                    first: 0,
                    codes: vec!["dice".into(), "R".into()],
                })
                .await
                .unwrap();
            // A duplicate move index is refused.
            assert!(
                store
                    .write(Write::Moves {
                        room: "a".into(),
                        number: 1,
                        first: 1,
                        codes: vec!["stop".into()],
                    })
                    .await
                    .is_err()
            );
            assert_eq!(store.record("a", 1).await.unwrap(), None);
        }
        let (store, rooms) = Store::open(Some(&path)).unwrap();
        assert_eq!(rooms.len(), 2);
        let a = rooms.iter().find(|room| room.id == "a").unwrap();
        assert_eq!(a.games.len(), 1);
        assert_eq!(a.games[0].seed, u64::MAX);
        assert_eq!(a.games[0].moves, vec!["dice", "R"]);
        store
            .write(Write::GameFinished {
                room: "a".into(),
                number: 1,
                record: "{}".into(),
            })
            .await
            .unwrap();
        assert_eq!(store.record("a", 1).await.unwrap().as_deref(), Some("{}"));
        let _ = std::fs::remove_dir_all(dir);
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
        }
    }

    #[tokio::test]
    async fn a_commit_is_whole_or_nothing() {
        let path = scratch("atomic");
        let (store, _) = Store::open(Some(&path)).unwrap();
        store
            .commit(vec![
                room("r", "{\"v\":1}"),
                Write::GameStarted {
                    room: "r".into(),
                    number: 1,
                    seed: 5,
                },
            ])
            .await
            .unwrap();
        // The second game start repeats the first: the whole commit fails, the room's new state
        // with it.
        let failed = store
            .commit(vec![
                room("r", "{\"v\":2}"),
                Write::GameStarted {
                    room: "r".into(),
                    number: 1,
                    seed: 6,
                },
            ])
            .await;
        assert!(matches!(failed, Err(StoreError::Sqlite(_))), "{failed:?}");
        drop(store);
        let (_, rooms) = Store::open(Some(&path)).unwrap();
        assert_eq!(rooms[0].state, "{\"v\":1}");
        assert_eq!(rooms[0].games[0].seed, 5);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[tokio::test]
    async fn the_database_is_its_owners_alone() {
        use std::os::unix::fs::PermissionsExt;
        let path = scratch("mode");
        let (store, _) = Store::open(Some(&path)).unwrap();
        store.write(room("r", "{}")).await.unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600);
        assert_eq!(
            mode(&PathBuf::from(format!("{}-wal", path.display()))),
            0o600
        );
        assert_eq!(mode(path.parent().unwrap()), 0o700);
        drop(store);
        // A file others could read is tightened when opened.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        Store::open(Some(&path)).unwrap();
        assert_eq!(mode(&path), 0o600);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[tokio::test]
    async fn steady_writing_keeps_the_log_bounded() {
        let path = scratch("wal");
        let wal = PathBuf::from(format!("{}-wal", path.display()));
        let (store, _) = Store::open(Some(&path)).unwrap();
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
        let bound = WAL_LIMIT_BYTES + 512 * 3 * 4120;
        assert!(
            largest <= bound,
            "the log grew to {largest} bytes (bound {bound})"
        );
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}
