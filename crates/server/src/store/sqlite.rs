//! SQLite storage: rooms, games in progress (seed and moves) and finished games (records), in one
//! file for one process.
//!
//! One thread owns the connection. Writes arrive on a channel, are batched into one transaction
//! and acknowledged once committed, so a room tells its players about a move only after the move
//! is stored: a server killed at any moment restarts with every move anyone has seen.

use std::path::{Path, PathBuf};
use std::sync::mpsc;

use rusqlite::{Connection, OptionalExtension, params};

use crate::metrics::Metrics;
use tokio::sync::oneshot;

use super::{Backend, BoxFuture, Fence, StoreError, StoredGame, StoredRoom, Write, now_ms};

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
    /// A small real write, to tell whether the storage can store.
    Probe(oneshot::Sender<Result<(), StoreError>>),
    /// Finishes what was handed over before, leaves the database checkpointed with an empty
    /// log, and stops.
    Close(oneshot::Sender<()>),
}

/// A handle on the storage thread.
#[derive(Debug)]
pub struct Sqlite {
    tx: std::sync::Mutex<mpsc::Sender<Op>>,
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
        metrics: Metrics,
    ) -> Result<(Sqlite, Vec<StoredRoom>), StoreError> {
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
        conn.execute_batch(HEALTH_SCHEMA)?;
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
            .spawn(move || run(conn, rx, wal, metrics))
            .map_err(|e| StoreError::file("cannot start the storage thread", e))?;
        Ok((
            Sqlite {
                tx: std::sync::Mutex::new(tx),
            },
            rooms,
        ))
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

    fn fences(&self) -> bool {
        false
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
            generation: 0,
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
                tracing::info!("checkpoints work again");
                failing = false;
            }
            Ok(()) => {}
            Err(error) if !failing => {
                tracing::warn!("checkpoint: {}", StoreError::from(error));
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
        tracing::warn!("truncating the log: {}", StoreError::from(error));
    }
}

fn run(mut conn: Connection, rx: mpsc::Receiver<Op>, wal: Option<PathBuf>, metrics: Metrics) {
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
                Op::Close(reply) => closing = Some(reply),
            }
        }
        if !commits.is_empty() {
            // The commits of a batch share one transaction (one sync of the log for many rooms).
            if apply(&mut conn, commits.iter().flatten()).is_ok() {
                for (ack, since) in acks {
                    metrics.storage_latency(since.elapsed());
                    let _ = ack.send(Ok(()));
                }
            } else {
                // One bad commit must not sink the others of the batch: redo them one by one,
                // each whole or not at all.
                for (writes, (ack, since)) in commits.iter().zip(acks) {
                    let result = apply(&mut conn, writes.iter());
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
            let _ = reply.send(());
            return;
        }
    }
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

// What both engines must do is tested once for both: `tests/storage.rs`. Here, what is SQLite's.
#[cfg(test)]
mod tests {
    use super::*;

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
    async fn the_database_is_its_owners_alone() {
        use std::os::unix::fs::PermissionsExt;
        let path = scratch("mode");
        let (store, _) = crate::store::Store::open_sqlite(Some(&path), Metrics::new()).unwrap();
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
        crate::store::Store::open_sqlite(Some(&path), Metrics::new()).unwrap();
        assert_eq!(mode(&path), 0o600);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[tokio::test]
    async fn steady_writing_keeps_the_log_bounded() {
        let path = scratch("wal");
        let wal = PathBuf::from(format!("{}-wal", path.display()));
        let (store, _) = crate::store::Store::open_sqlite(Some(&path), Metrics::new()).unwrap();
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
