//! PostgreSQL storage, for several server processes sharing one database: the same tables as
//! SQLite's, plus each room's owner and lease generation, and the processes (nodes) with the
//! time their leases run to.
//!
//! - **Migrations** are numbered and applied at start, under an advisory lock so that processes
//!   starting together apply each once; a database whose schema is newer than the program's is
//!   refused.
//! - **Writes** go to a few writer connections, each taking what is queued as one batch: one
//!   transaction of a few prepared statements sent together (all the fences in one, then each
//!   kind of write for every change in one), so a batch costs about four round trips whatever
//!   its size. If anything but a fence refuses, the batch is stored again change by change, a
//!   savepoint each, so that one change refused does not sink the others. A change is
//!   acknowledged only once committed.
//! - **Fencing**: a room's change first updates the room's row where this process owns it at the
//!   generation the room was claimed with; no such row, nothing stored ([`StoreError::LeaseLost`]).
//!   The row stays locked until the commit, so a takeover waits for the change or precedes it.
//! - **Leases** are kept per process: a node row whose `expires_at` this process pushes forward
//!   (the database's clock, never the processes' own). A room whose owner's lease has run out (or
//!   that has no owner) may be claimed by any process, which adds one to the room's generation.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, GenericClient, NoTls, Statement};

use super::{
    Backend, BoxFuture, CHAT_KEPT, Fence, RoomRow, StoreError, StoredGame, StoredRoom, Write,
    now_ms,
};
use crate::state::metrics::Metrics;

/// The schema version this program writes and reads.
pub const SCHEMA_VERSION: i32 = MIGRATIONS.len() as i32;

/// Migration `i` brings the schema from version `i` to `i + 1`.
const MIGRATIONS: [&str; 2] = [
    "
CREATE TABLE rooms (
    id TEXT PRIMARY KEY,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    closed BOOLEAN NOT NULL DEFAULT FALSE,
    state TEXT NOT NULL,
    owner TEXT,
    generation BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX rooms_open_by_owner ON rooms (owner) WHERE NOT closed;
CREATE TABLE games (
    room_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    seed BIGINT NOT NULL,
    started_ms BIGINT NOT NULL,
    finished_ms BIGINT,
    record TEXT,
    PRIMARY KEY (room_id, number)
);
CREATE TABLE moves (
    room_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    code TEXT NOT NULL,
    PRIMARY KEY (room_id, number, idx)
);
CREATE TABLE nodes (
    name TEXT PRIMARY KEY,
    addr TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    started_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE health (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    probed_ms BIGINT NOT NULL
);
",
    "
-- Room codes (unique among open rooms), the address a room was created from and whether the
-- room is live (what the per-address cap counts across processes), its public listing (what the
-- other processes list), and each room's last chat lines.
ALTER TABLE rooms ADD COLUMN code TEXT;
ALTER TABLE rooms ADD COLUMN creator TEXT;
ALTER TABLE rooms ADD COLUMN live BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE rooms ADD COLUMN listing TEXT;
CREATE UNIQUE INDEX rooms_open_code ON rooms (code) WHERE NOT closed AND code IS NOT NULL;
CREATE INDEX rooms_live_by_creator ON rooms (creator) WHERE live AND NOT closed;
CREATE INDEX rooms_listed ON rooms (updated_ms) WHERE listing IS NOT NULL AND NOT closed;
CREATE TABLE chat (
    room_id TEXT NOT NULL,
    n BIGINT NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (room_id, n)
);
",
];

/// The advisory lock migrations are applied under (any number, the same for every process).
const MIGRATION_LOCK: i64 = 0x006d_6172_7469_616e; // "martian"

/// How a process uses PostgreSQL.
#[derive(Clone)]
pub struct PostgresOptions {
    /// `postgres://user:password@host:port/database` (or the key=value form).
    pub url: String,
    /// This process's name among the processes sharing the database (unique among them).
    pub node: String,
    /// Where the other processes reach this one (`host:port`), to hand it connections.
    pub addr: String,
    /// How long a lease lasts without renewal.
    pub lease: Duration,
    /// Connections that write the rooms' changes.
    pub writers: usize,
}

impl std::fmt::Debug for PostgresOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresOptions")
            .field("url", &super::redact_url(&self.url))
            .field("node", &self.node)
            .field("addr", &self.addr)
            .field("lease", &self.lease)
            .field("writers", &self.writers)
            .finish()
    }
}

/// What claiming one room found.
#[derive(Debug)]
pub enum Claim {
    /// This process holds the room now (its generation one more than before).
    Claimed(StoredRoom),
    /// Another process holds a lease on it: `expires_in` is zero once its lease has run out.
    Elsewhere {
        node: String,
        addr: String,
        expires_in: Duration,
    },
    /// No open room has that id.
    Missing,
}

enum Op {
    Commit {
        writes: Vec<Write>,
        fence: Option<Fence>,
        reply: oneshot::Sender<Result<(), StoreError>>,
        since: Instant,
    },
}

/// PostgreSQL: the writers' queue, a connection for reads and leases, and this process's name.
pub struct Postgres {
    options: PostgresOptions,
    queue: std::sync::Mutex<Option<mpsc::UnboundedSender<Op>>>,
    writers: Mutex<Vec<tokio::task::JoinHandle<()>>>,
    reader: Mutex<Option<Arc<Client>>>,
}

impl std::fmt::Debug for Postgres {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Postgres")
            .field("node", &self.options.node)
            .field("addr", &self.options.addr)
            .finish_non_exhaustive()
    }
}

fn pg(error: tokio_postgres::Error) -> StoreError {
    match error.as_db_error() {
        Some(db) if *db.code() == SqlState::DISK_FULL => StoreError::DiskFull,
        Some(db) => StoreError::Postgres(format!("{}: {}", db.code().code(), db.message())),
        None => StoreError::Unavailable(error.to_string()),
    }
}

async fn connect(url: &str) -> Result<Client, StoreError> {
    let (client, connection) =
        tokio::time::timeout(Duration::from_secs(10), tokio_postgres::connect(url, NoTls))
            .await
            .map_err(|_| StoreError::Unavailable("connecting took over 10 s".into()))?
            .map_err(pg)?;
    // Driven message by message rather than awaited whole, which would log every notice of
    // the server at INFO: "relation schema_version already exists, skipping" on each start,
    // from the migrations' CREATE … IF NOT EXISTS. Notices are the database's chatter: debug.
    let mut connection = connection;
    tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(message) = futures_util::StreamExt::next(&mut messages).await {
            match message {
                Ok(tokio_postgres::AsyncMessage::Notice(notice)) => {
                    tracing::debug!("postgresql notice: {}", notice.message());
                }
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!("postgresql connection: {error}");
                    break;
                }
            }
        }
    });
    Ok(client)
}

/// Brings the schema to [`SCHEMA_VERSION`], or refuses a newer one.
async fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let tx = client.transaction().await.map_err(pg)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(pg)?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        .await
        .map_err(pg)?;
    let current: Option<i32> = tx
        .query_one("SELECT max(version) FROM schema_version", &[])
        .await
        .map_err(pg)?
        .get(0);
    let current = current.unwrap_or(0);
    if current > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found: current,
            known: SCHEMA_VERSION,
        });
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(current as usize) {
        tx.batch_execute(migration).await.map_err(pg)?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[&(index as i32 + 1)],
        )
        .await
        .map_err(pg)?;
        tracing::info!("postgresql schema migrated to version {}", index + 1);
    }
    tx.commit().await.map_err(pg)
}

impl Postgres {
    /// Connects, migrates, and starts the writers.
    pub async fn open(options: PostgresOptions, metrics: Metrics) -> Result<Postgres, StoreError> {
        let mut client = connect(&options.url).await?;
        migrate(&mut client).await?;
        let (tx, rx) = mpsc::unbounded_channel();
        let rx = Arc::new(Mutex::new(rx));
        let mut writers = Vec::new();
        for _ in 0..options.writers.max(1) {
            writers.push(tokio::spawn(writer(
                options.url.clone(),
                options.node.clone(),
                rx.clone(),
                metrics.clone(),
            )));
        }
        Ok(Postgres {
            options,
            queue: std::sync::Mutex::new(Some(tx)),
            writers: Mutex::new(writers),
            reader: Mutex::new(Some(Arc::new(client))),
        })
    }

    /// This process's name.
    pub fn node(&self) -> &str {
        &self.options.node
    }

    /// How long a lease lasts.
    pub fn lease(&self) -> Duration {
        self.options.lease
    }

    /// The connection for reads and leases, connected again if it broke.
    async fn reader(&self) -> Result<Arc<Client>, StoreError> {
        let mut reader = self.reader.lock().await;
        if let Some(client) = reader.as_ref()
            && !client.is_closed()
        {
            return Ok(client.clone());
        }
        let client = Arc::new(connect(&self.options.url).await?);
        *reader = Some(client.clone());
        Ok(client)
    }

    /// Takes (or renews) this process's lease: it holds its rooms until `lease` from now, by
    /// the database's clock. Returns the rooms it owns, with their generations.
    pub async fn renew(&self) -> Result<Vec<(String, u64)>, StoreError> {
        let client = self.reader().await?;
        client
            .execute(
                "INSERT INTO nodes (name, addr, expires_at, started_at)
                 VALUES ($1, $2, now() + make_interval(secs => $3), now())
                 ON CONFLICT (name) DO UPDATE
                 SET addr = $2, expires_at = now() + make_interval(secs => $3)",
                &[
                    &self.options.node,
                    &self.options.addr,
                    &self.options.lease.as_secs_f64(),
                ],
            )
            .await
            .map_err(pg)?;
        let rows = client
            .query(
                "SELECT id, generation FROM rooms WHERE owner = $1 AND NOT closed",
                &[&self.options.node],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|row| (row.get::<_, String>(0), row.get::<_, i64>(1) as u64))
            .collect())
    }

    /// Who holds each of `rooms` as stored now: its owner and generation, unless it is closed;
    /// rooms with no row (one being created: its first commit is not done) are left out.
    pub async fn holders(
        &self,
        rooms: &[String],
    ) -> Result<std::collections::HashMap<String, Option<(String, u64)>>, StoreError> {
        let client = self.reader().await?;
        let rows = client
            .query(
                "SELECT id, owner, generation, closed FROM rooms WHERE id = ANY($1)",
                &[&rooms],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|row| {
                let owner: Option<String> = row.get(1);
                let closed: bool = row.get(3);
                let holder = owner
                    .filter(|_| !closed)
                    .map(|owner| (owner, row.get::<_, i64>(2) as u64));
                (row.get::<_, String>(0), holder)
            })
            .collect())
    }

    /// Claims up to `limit` open rooms that nobody holds a live lease on — no owner, an owner
    /// whose lease ran out, or this process's own rooms that it does not run (`running`) — the
    /// most recently changed first; returns them as stored, each with its new generation.
    ///
    /// A room is claimed only at the generation it was seen with: when two processes claim at
    /// once, the second waits for the first's row lock, then finds the generation changed and
    /// leaves the room alone (the join with `nodes` is not looked at again after such a wait).
    pub async fn claim_expired(
        &self,
        running: &[String],
        limit: usize,
    ) -> Result<Vec<StoredRoom>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let client = self.reader().await?;
        let rows = client
            .query(
                "UPDATE rooms SET owner = $1, generation = rooms.generation + 1, live = FALSE, listing = NULL
                 FROM (
                     SELECT r.id, r.generation FROM rooms r LEFT JOIN nodes n ON n.name = r.owner
                     WHERE NOT r.closed AND NOT (r.id = ANY($2))
                       AND (r.owner IS NULL OR r.owner = $1 OR n.name IS NULL
                            OR n.expires_at < now())
                     ORDER BY r.updated_ms DESC
                     LIMIT $3) expired
                 WHERE rooms.id = expired.id AND rooms.generation = expired.generation
                 RETURNING rooms.id, rooms.state, rooms.generation, rooms.updated_ms",
                &[&self.options.node, &running, &(limit as i64)],
            )
            .await
            .map_err(pg)?;
        let mut claimed: Vec<(i64, StoredRoom)> = rows
            .iter()
            .map(|row| {
                (
                    row.get::<_, i64>(3),
                    StoredRoom {
                        id: row.get(0),
                        state: row.get(1),
                        games: Vec::new(),
                        generation: row.get::<_, i64>(2) as u64,
                        chat: Vec::new(),
                    },
                )
            })
            .collect();
        claimed.sort_by_key(|(updated, _)| std::cmp::Reverse(*updated));
        let mut rooms: Vec<StoredRoom> = claimed.into_iter().map(|(_, room)| room).collect();
        load_games(&*client, &mut rooms).await?;
        Ok(rooms)
    }

    /// Claims `room` if nobody holds a live lease on it; otherwise says who does.
    pub async fn claim(&self, room: &str) -> Result<Claim, StoreError> {
        let client = self.reader().await?;
        let claimed = client
            .query_opt(
                "UPDATE rooms SET owner = $1, generation = rooms.generation + 1, live = FALSE, listing = NULL
                 FROM (
                     SELECT r.id, r.generation FROM rooms r LEFT JOIN nodes n ON n.name = r.owner
                     WHERE r.id = $2 AND NOT r.closed
                       AND (r.owner IS NULL OR r.owner = $1 OR n.name IS NULL
                            OR n.expires_at < now())) expired
                 WHERE rooms.id = expired.id AND rooms.generation = expired.generation
                 RETURNING rooms.id, rooms.state, rooms.generation",
                &[&self.options.node, &room],
            )
            .await
            .map_err(pg)?;
        if let Some(row) = claimed {
            let mut rooms = vec![StoredRoom {
                id: row.get(0),
                state: row.get(1),
                games: Vec::new(),
                generation: row.get::<_, i64>(2) as u64,
                chat: Vec::new(),
            }];
            load_games(&*client, &mut rooms).await?;
            return Ok(Claim::Claimed(rooms.remove(0)));
        }
        let owner = client
            .query_opt(
                "SELECT r.owner, n.addr,
                        GREATEST(EXTRACT(EPOCH FROM (n.expires_at - now())), 0)::float8
                 FROM rooms r JOIN nodes n ON n.name = r.owner
                 WHERE r.id = $1 AND NOT r.closed",
                &[&room],
            )
            .await
            .map_err(pg)?;
        Ok(match owner {
            Some(row) => Claim::Elsewhere {
                node: row.get(0),
                addr: row.get(1),
                expires_in: Duration::from_secs_f64(row.get::<_, f64>(2)),
            },
            None => Claim::Missing,
        })
    }

    /// Lets go of every room this process owns and of its lease, so that the other processes
    /// take the rooms over at once (a graceful stop: the rooms have stopped and stored all).
    pub async fn release(&self) -> Result<(), StoreError> {
        let client = self.reader().await?;
        client
            .execute(
                "UPDATE rooms SET owner = NULL, live = FALSE, listing = NULL
                 WHERE owner = $1 AND NOT closed",
                &[&self.options.node],
            )
            .await
            .map_err(pg)?;
        client
            .execute("DELETE FROM nodes WHERE name = $1", &[&self.options.node])
            .await
            .map_err(pg)?;
        Ok(())
    }
}

/// Reads each room's last game and its moves.
async fn load_games(
    client: &impl GenericClient,
    rooms: &mut [StoredRoom],
) -> Result<(), StoreError> {
    if rooms.is_empty() {
        return Ok(());
    }
    let ids: Vec<&str> = rooms.iter().map(|r| r.id.as_str()).collect();
    let games = client
        .query(
            "SELECT DISTINCT ON (room_id) room_id, number, seed FROM games
             WHERE room_id = ANY($1) ORDER BY room_id, number DESC",
            &[&ids],
        )
        .await
        .map_err(pg)?;
    let moves = client
        .query(
            "SELECT m.room_id, m.code FROM moves m
             JOIN (SELECT room_id, max(number) AS number FROM games
                   WHERE room_id = ANY($1) GROUP BY room_id) g
               ON g.room_id = m.room_id AND g.number = m.number
             ORDER BY m.room_id, m.idx",
            &[&ids],
        )
        .await
        .map_err(pg)?;
    let mut by_room: std::collections::HashMap<String, StoredGame> = games
        .iter()
        .map(|row| {
            (
                row.get::<_, String>(0),
                StoredGame {
                    number: row.get::<_, i32>(1) as u32,
                    seed: row.get::<_, i64>(2) as u64,
                    moves: Vec::new(),
                },
            )
        })
        .collect();
    for row in &moves {
        if let Some(game) = by_room.get_mut(row.get::<_, &str>(0)) {
            game.moves.push(row.get(1));
        }
    }
    let chat = client
        .query(
            "SELECT room_id, line FROM chat WHERE room_id = ANY($1) ORDER BY room_id, n",
            &[&ids],
        )
        .await
        .map_err(pg)?;
    let mut lines: std::collections::HashMap<String, Vec<String>> = Default::default();
    for row in &chat {
        lines.entry(row.get(0)).or_default().push(row.get(1));
    }
    for room in rooms {
        if let Some(game) = by_room.remove(&room.id) {
            room.games.push(game);
        }
        room.chat = lines.remove(&room.id).unwrap_or_default();
    }
    Ok(())
}

/// Takes what is queued as one batch, stores it, answers each change; connects again when the
/// connection broke.
async fn writer(
    url: String,
    node: String,
    queue: Arc<Mutex<mpsc::UnboundedReceiver<Op>>>,
    metrics: Metrics,
) {
    let mut connection: Option<(Client, Statements)> = None;
    loop {
        let batch = {
            let mut queue = queue.lock().await;
            let Some(first) = queue.recv().await else {
                return;
            };
            let mut batch = vec![first];
            while batch.len() < 256 {
                match queue.try_recv() {
                    Ok(op) => batch.push(op),
                    Err(_) => break,
                }
            }
            batch
        };
        if connection
            .as_ref()
            .is_none_or(|(client, _)| client.is_closed())
        {
            connection = match connect_writer(&url).await {
                Ok(connection) => Some(connection),
                Err(error) => {
                    tracing::warn!("postgresql writer: {error}");
                    None
                }
            };
        }
        let commits: Vec<(&[Write], Option<&Fence>)> = batch
            .iter()
            .map(|Op::Commit { writes, fence, .. }| (writes.as_slice(), fence.as_ref()))
            .collect();
        let results = match connection.as_mut() {
            Some((client, statements)) => {
                match apply_together(client, statements, &node, &commits).await {
                    Ok(results) => Ok(results),
                    // Something in the batch was refused: store each change on its own, so
                    // that only the refused one fails.
                    Err(_) => apply_batch(client, &node, &commits).await,
                }
            }
            None => Err(StoreError::Unavailable("cannot connect".into())),
        };
        let results = match results {
            Ok(results) => results,
            Err(error) => vec![Err(error); batch.len()],
        };
        for (Op::Commit { reply, since, .. }, result) in batch.into_iter().zip(results) {
            metrics.storage_latency(since.elapsed());
            let _ = reply.send(result);
        }
    }
}

/// A writer's statements, prepared once per connection.
struct Statements {
    fence: Statement,
    existing: Statement,
    rooms: Statement,
    chat: Statement,
    chat_trim: Statement,
    codes: Statement,
    games_started: Statement,
    moves: Statement,
    games_finished: Statement,
}

async fn connect_writer(url: &str) -> Result<(Client, Statements), StoreError> {
    let client = connect(url).await?;
    let statements = Statements {
        fence: client
            .prepare(
                "UPDATE rooms SET updated_ms = $1
                 FROM unnest($2::text[], $3::bigint[]) AS f(id, generation)
                 WHERE rooms.id = f.id AND rooms.owner = $4 AND rooms.generation = f.generation
                 RETURNING rooms.id",
            )
            .await
            .map_err(pg)?,
        existing: client
            .prepare("SELECT id FROM rooms WHERE id = ANY($1::text[])")
            .await
            .map_err(pg)?,
        rooms: client
            .prepare(
                "INSERT INTO rooms (id, created_ms, updated_ms, closed, state, owner, generation,
                                   code, creator, live)
                 SELECT r.id, $1, $1, r.closed, r.state, r.owner, r.generation, r.code, r.creator,
                        NOT r.closed
                 FROM unnest($2::text[], $3::bool[], $4::text[], $5::text[], $6::bigint[],
                             $7::text[], $8::text[])
                      AS r(id, closed, state, owner, generation, code, creator)
                 ON CONFLICT (id) DO UPDATE
                 SET updated_ms = $1, closed = EXCLUDED.closed, state = EXCLUDED.state,
                     live = rooms.live AND NOT EXCLUDED.closed,
                     listing = CASE WHEN EXCLUDED.closed THEN NULL ELSE rooms.listing END",
            )
            .await
            .map_err(pg)?,
        chat: client
            .prepare(
                "INSERT INTO chat (room_id, n, line)
                 SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])",
            )
            .await
            .map_err(pg)?,
        codes: client
            .prepare(
                "UPDATE rooms SET code = c.code
                 FROM unnest($1::text[], $2::text[]) AS c(id, code) WHERE rooms.id = c.id",
            )
            .await
            .map_err(pg)?,
        chat_trim: client
            .prepare(
                "DELETE FROM chat USING unnest($1::text[], $2::bigint[]) AS t(room_id, below)
                 WHERE chat.room_id = t.room_id AND chat.n <= t.below",
            )
            .await
            .map_err(pg)?,
        games_started: client
            .prepare(
                "INSERT INTO games (room_id, number, seed, started_ms)
                 SELECT g.room_id, g.number, g.seed, $1
                 FROM unnest($2::text[], $3::int[], $4::bigint[]) AS g(room_id, number, seed)",
            )
            .await
            .map_err(pg)?,
        moves: client
            .prepare(
                "INSERT INTO moves (room_id, number, idx, code)
                 SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[])",
            )
            .await
            .map_err(pg)?,
        games_finished: client
            .prepare(
                "UPDATE games SET finished_ms = $1, record = f.record
                 FROM unnest($2::text[], $3::int[], $4::text[]) AS f(room_id, number, record)
                 WHERE games.room_id = f.room_id AND games.number = f.number",
            )
            .await
            .map_err(pg)?,
    };
    Ok((client, statements))
}

/// Every change of the batch in one transaction of a few statements sent together: the fences
/// in one, then each kind of write in one, so that a batch costs the same few round trips
/// whatever its size. A change whose fence is not held is answered [`StoreError::LeaseLost`]
/// and stores nothing; any other failure fails the whole batch (nothing stored), for the
/// caller to store the changes one by one.
async fn apply_together(
    client: &mut Client,
    statements: &Statements,
    node: &str,
    commits: &[(&[Write], Option<&Fence>)],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut rooms_seen = std::collections::HashSet::new();
    let one_change_per_room = commits.iter().all(|(_, fence)| match fence {
        Some(fence) => rooms_seen.insert(fence.room.as_str()),
        None => true,
    });
    if !one_change_per_room {
        return Err(StoreError::Postgres(
            "a room changes twice in the batch".into(),
        ));
    }
    let now = now_ms();
    let tx = client.transaction().await.map_err(pg)?;

    let (fenced, generations): (Vec<&str>, Vec<i64>) = commits
        .iter()
        .filter_map(|(_, fence)| fence.map(|f| (f.room.as_str(), f.generation as i64)))
        .unzip();
    let held: std::collections::HashSet<String> = if fenced.is_empty() {
        Default::default()
    } else {
        tx.query(&statements.fence, &[&now, &fenced, &generations, &node])
            .await
            .map_err(pg)?
            .iter()
            .map(|row| row.get(0))
            .collect()
    };
    // Only a room's very first change may find no row: it creates the room.
    let creates = |writes: &[Write], room: &str| {
        writes
            .iter()
            .any(|w| matches!(w, Write::Room { id, .. } if id == room))
    };
    let unheld_creating: Vec<&str> = commits
        .iter()
        .filter_map(|(writes, fence)| {
            let fence = (*fence)?;
            (!held.contains(&fence.room) && creates(writes, &fence.room))
                .then_some(fence.room.as_str())
        })
        .collect();
    let existing: std::collections::HashSet<String> = if unheld_creating.is_empty() {
        Default::default()
    } else {
        tx.query(&statements.existing, &[&unheld_creating])
            .await
            .map_err(pg)?
            .iter()
            .map(|row| row.get(0))
            .collect()
    };
    let results: Vec<Result<(), StoreError>> = commits
        .iter()
        .map(|(writes, fence)| match fence {
            Some(fence)
                if !held.contains(&fence.room)
                    && (existing.contains(&fence.room) || !creates(writes, &fence.room)) =>
            {
                Err(StoreError::LeaseLost)
            }
            _ => Ok(()),
        })
        .collect();

    let mut rooms = RoomRows::default();
    let mut started = StartedRows::default();
    let mut moves = MoveRows::default();
    let mut finished = FinishedRows::default();
    let mut chat = ChatRows::default();
    let mut codes = CodeRows::default();
    for ((writes, fence), result) in commits.iter().zip(&results) {
        if result.is_err() {
            continue;
        }
        for write in *writes {
            match write {
                Write::Room {
                    id,
                    state,
                    closed,
                    code,
                    creator,
                } => {
                    rooms.id.push(id);
                    rooms.closed.push(*closed);
                    rooms.state.push(state);
                    rooms.owner.push(fence.map(|_| node));
                    rooms
                        .generation
                        .push(fence.map_or(0, |f| f.generation as i64));
                    rooms.code.push(code);
                    rooms.creator.push(creator.as_deref());
                    if *closed {
                        // The room's chat goes with it.
                        chat.trim_room.push(id);
                        chat.trim_below.push(i64::MAX);
                    }
                }
                Write::Code { room, code } => {
                    codes.room.push(room);
                    codes.code.push(code);
                }
                Write::Chat { room, n, line } => {
                    chat.room.push(room);
                    chat.n.push(*n as i64);
                    chat.line.push(line);
                    if *n > CHAT_KEPT {
                        chat.trim_room.push(room);
                        chat.trim_below.push((*n - CHAT_KEPT) as i64);
                    }
                }
                Write::GameStarted { room, number, seed } => {
                    started.room.push(room);
                    started.number.push(*number as i32);
                    started.seed.push(*seed as i64);
                }
                Write::Moves {
                    room,
                    number,
                    first,
                    codes,
                } => {
                    for (offset, code) in codes.iter().enumerate() {
                        moves.room.push(room);
                        moves.number.push(*number as i32);
                        moves.idx.push((first + offset) as i32);
                        moves.code.push(code);
                    }
                }
                Write::GameFinished {
                    room,
                    number,
                    record,
                } => {
                    finished.room.push(room);
                    finished.number.push(*number as i32);
                    finished.record.push(record);
                }
            }
        }
    }
    let room_params: [&(dyn ToSql + Sync); 8] = [
        &now,
        &rooms.id,
        &rooms.closed,
        &rooms.state,
        &rooms.owner,
        &rooms.generation,
        &rooms.code,
        &rooms.creator,
    ];
    let chat_params: [&(dyn ToSql + Sync); 3] = [&chat.room, &chat.n, &chat.line];
    let code_params: [&(dyn ToSql + Sync); 2] = [&codes.room, &codes.code];
    let trim_params: [&(dyn ToSql + Sync); 2] = [&chat.trim_room, &chat.trim_below];
    let started_params: [&(dyn ToSql + Sync); 4] =
        [&now, &started.room, &started.number, &started.seed];
    let move_params: [&(dyn ToSql + Sync); 4] =
        [&moves.room, &moves.number, &moves.idx, &moves.code];
    let finished_params: [&(dyn ToSql + Sync); 4] =
        [&now, &finished.room, &finished.number, &finished.record];
    // Sent together (pipelined), executed in this order.
    let pending = [
        (rooms.id.is_empty(), &statements.rooms, &room_params[..]),
        (
            started.room.is_empty(),
            &statements.games_started,
            &started_params[..],
        ),
        (moves.room.is_empty(), &statements.moves, &move_params[..]),
        (
            finished.room.is_empty(),
            &statements.games_finished,
            &finished_params[..],
        ),
        (codes.room.is_empty(), &statements.codes, &code_params[..]),
        (chat.room.is_empty(), &statements.chat, &chat_params[..]),
        (
            chat.trim_room.is_empty(),
            &statements.chat_trim,
            &trim_params[..],
        ),
    ]
    .into_iter()
    .filter(|(empty, _, _)| !empty)
    .map(|(_, statement, params)| tx.execute(statement, params));
    futures_util::future::try_join_all(pending)
        .await
        .map_err(pg)?;
    tx.commit().await.map_err(pg)?;
    Ok(results)
}

#[derive(Default)]
struct RoomRows<'a> {
    id: Vec<&'a str>,
    closed: Vec<bool>,
    state: Vec<&'a str>,
    owner: Vec<Option<&'a str>>,
    generation: Vec<i64>,
    code: Vec<&'a str>,
    creator: Vec<Option<&'a str>>,
}

#[derive(Default)]
struct CodeRows<'a> {
    room: Vec<&'a str>,
    code: Vec<&'a str>,
}

#[derive(Default)]
struct ChatRows<'a> {
    room: Vec<&'a str>,
    n: Vec<i64>,
    line: Vec<&'a str>,
    /// Rooms whose lines up to `trim_below` are dropped (after the new ones are added).
    trim_room: Vec<&'a str>,
    trim_below: Vec<i64>,
}

#[derive(Default)]
struct MoveRows<'a> {
    room: Vec<&'a str>,
    number: Vec<i32>,
    idx: Vec<i32>,
    code: Vec<&'a str>,
}

#[derive(Default)]
struct StartedRows<'a> {
    room: Vec<&'a str>,
    number: Vec<i32>,
    seed: Vec<i64>,
}

#[derive(Default)]
struct FinishedRows<'a> {
    room: Vec<&'a str>,
    number: Vec<i32>,
    record: Vec<&'a str>,
}

/// One transaction for the batch, a savepoint per change (when there are several): each change
/// whole or not at all, each answered; the error of the batch as a whole if it cannot commit.
async fn apply_batch(
    client: &mut Client,
    node: &str,
    commits: &[(&[Write], Option<&Fence>)],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let tx = client.transaction().await.map_err(pg)?;
    let mut results = Vec::with_capacity(commits.len());
    if let [(writes, fence)] = commits {
        let result = apply(&tx, node, writes, *fence).await;
        if result.is_err() {
            return Ok(vec![result]);
        }
        results.push(result);
    } else {
        for (writes, fence) in commits {
            tx.batch_execute("SAVEPOINT change").await.map_err(pg)?;
            let result = apply(&tx, node, writes, *fence).await;
            let end = if result.is_ok() {
                "RELEASE SAVEPOINT change"
            } else {
                "ROLLBACK TO SAVEPOINT change"
            };
            tx.batch_execute(end).await.map_err(pg)?;
            results.push(result);
        }
    }
    tx.commit().await.map_err(pg)?;
    Ok(results)
}

/// The writes of one room change, under its fence.
async fn apply(
    tx: &tokio_postgres::Transaction<'_>,
    node: &str,
    writes: &[Write],
    fence: Option<&Fence>,
) -> Result<(), StoreError> {
    let now = now_ms();
    if let Some(fence) = fence {
        let held = tx
            .execute(
                "UPDATE rooms SET updated_ms = $4 WHERE id = $1 AND owner = $2 AND generation = $3",
                &[&fence.room, &node, &(fence.generation as i64), &now],
            )
            .await
            .map_err(pg)?;
        if held == 0 {
            // Only a room's very first change may find no row: it creates the room.
            let creates = writes
                .iter()
                .any(|w| matches!(w, Write::Room { id, .. } if *id == fence.room));
            let exists = tx
                .query_opt("SELECT 1 FROM rooms WHERE id = $1", &[&fence.room])
                .await
                .map_err(pg)?
                .is_some();
            if exists || !creates {
                return Err(StoreError::LeaseLost);
            }
        }
    }
    let owner = fence.map(|_| node);
    let generation = fence.map_or(0, |f| f.generation as i64);
    for write in writes {
        match write {
            Write::Room {
                id,
                state,
                closed,
                code,
                creator,
            } => {
                tx.execute(
                    "INSERT INTO rooms (id, created_ms, updated_ms, closed, state, owner, generation,
                                       code, creator, live)
                     VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, NOT $3)
                     ON CONFLICT (id) DO UPDATE SET updated_ms = $2, closed = $3, state = $4,
                         live = rooms.live AND NOT $3,
                         listing = CASE WHEN $3 THEN NULL ELSE rooms.listing END",
                    &[id, &now, closed, state, &owner, &generation, code, creator],
                )
                .await
                .map_err(pg)?;
                if *closed {
                    tx.execute("DELETE FROM chat WHERE room_id = $1", &[id])
                        .await
                        .map_err(pg)?;
                }
            }
            Write::Code { room, code } => {
                tx.execute("UPDATE rooms SET code = $2 WHERE id = $1", &[room, code])
                    .await
                    .map_err(pg)?;
            }
            Write::Chat { room, n, line } => {
                tx.execute(
                    "INSERT INTO chat (room_id, n, line) VALUES ($1, $2, $3)",
                    &[room, &(*n as i64), line],
                )
                .await
                .map_err(pg)?;
                if *n > CHAT_KEPT {
                    tx.execute(
                        "DELETE FROM chat WHERE room_id = $1 AND n <= $2",
                        &[room, &((*n - CHAT_KEPT) as i64)],
                    )
                    .await
                    .map_err(pg)?;
                }
            }
            Write::GameStarted { room, number, seed } => {
                tx.execute(
                    "INSERT INTO games (room_id, number, seed, started_ms) VALUES ($1, $2, $3, $4)",
                    &[room, &(*number as i32), &(*seed as i64), &now],
                )
                .await
                .map_err(pg)?;
            }
            Write::Moves {
                room,
                number,
                first,
                codes,
            } => {
                tx.execute(
                    "INSERT INTO moves (room_id, number, idx, code)
                     SELECT $1, $2, $3 + (t.i - 1)::int, t.code
                     FROM unnest($4::text[]) WITH ORDINALITY AS t(code, i)",
                    &[room, &(*number as i32), &(*first as i32), codes],
                )
                .await
                .map_err(pg)?;
            }
            Write::GameFinished {
                room,
                number,
                record,
            } => {
                tx.execute(
                    "UPDATE games SET finished_ms = $3, record = $4 WHERE room_id = $1 AND number = $2",
                    &[room, &(*number as i32), &now, record],
                )
                .await
                .map_err(pg)?;
            }
        }
    }
    Ok(())
}

impl Backend for Postgres {
    fn commit(
        &self,
        writes: Vec<Write>,
        fence: Option<Fence>,
    ) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let (reply, done) = oneshot::channel();
            let op = Op::Commit {
                writes,
                fence,
                reply,
                since: Instant::now(),
            };
            let sent = match self
                .queue
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .as_ref()
            {
                Some(queue) => queue.send(op).is_ok(),
                None => false,
            };
            if !sent {
                return Err(StoreError::Stopped);
            }
            done.await.map_err(|_| StoreError::Stopped)?
        })
    }

    fn probe(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let client = self.reader().await?;
            client
                .execute(
                    "INSERT INTO health (id, probed_ms) VALUES (1, $1)
                     ON CONFLICT (id) DO UPDATE SET probed_ms = $1",
                    &[&now_ms()],
                )
                .await
                .map_err(pg)?;
            Ok(())
        })
    }

    fn record(
        &self,
        room: String,
        number: u32,
    ) -> BoxFuture<'_, Result<Option<String>, StoreError>> {
        Box::pin(async move {
            let client = self.reader().await?;
            let row = client
                .query_opt(
                    "SELECT record FROM games WHERE room_id = $1 AND number = $2",
                    &[&room, &(number as i32)],
                )
                .await
                .map_err(pg)?;
            Ok(row.and_then(|row| row.get::<_, Option<String>>(0)))
        })
    }

    fn finished_records(
        &self,
        room: String,
        before: u32,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<(u32, String)>, StoreError>> {
        Box::pin(async move {
            let client = self.reader().await?;
            // `number` is an INTEGER: the bound as one (any bound above holds them all).
            let before = i32::try_from(before).unwrap_or(i32::MAX);
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            let rows = client
                .query(
                    "SELECT number, record FROM games
                     WHERE room_id = $1 AND number < $2 AND record IS NOT NULL
                     ORDER BY number DESC LIMIT $3",
                    &[&room, &before, &limit],
                )
                .await
                .map_err(pg)?;
            Ok(rows
                .iter()
                .map(|row| (row.get::<_, i32>(0) as u32, row.get::<_, String>(1)))
                .collect())
        })
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            // The writers finish what is queued, then stop.
            self.queue.lock().unwrap_or_else(|e| e.into_inner()).take();
            let writers = std::mem::take(&mut *self.writers.lock().await);
            for writer in writers {
                let _ = writer.await;
            }
        })
    }

    fn fences(&self) -> bool {
        true
    }

    fn room(&self, id: String) -> BoxFuture<'_, Result<Option<RoomRow>, StoreError>> {
        Box::pin(async move {
            let client = self.reader().await?;
            let row = client
                .query_opt("SELECT state, closed FROM rooms WHERE id = $1", &[&id])
                .await
                .map_err(pg)?;
            Ok(row.map(|row| RoomRow {
                state: row.get(0),
                closed: row.get(1),
            }))
        })
    }

    fn publish(&self, room: String, live: bool, listing: Option<String>) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let result = async {
                let client = self.reader().await?;
                client
                    .execute(
                        "UPDATE rooms SET live = $2, listing = $3
                         WHERE id = $1 AND owner = $4 AND NOT closed",
                        &[&room, &live, &listing, &self.options.node],
                    )
                    .await
                    .map_err(pg)
            }
            .await;
            if let Err(error) = result {
                tracing::warn!(room = %room, "telling the other processes about the room: {error}");
            }
        })
    }

    fn live_elsewhere(&self, creator: String) -> BoxFuture<'_, Result<usize, StoreError>> {
        Box::pin(async move {
            let client = self.reader().await?;
            let row = client
                .query_one(
                    "SELECT count(*) FROM rooms r JOIN nodes n ON n.name = r.owner
                     WHERE r.creator = $1 AND r.live AND NOT r.closed AND r.owner <> $2
                       AND n.expires_at > now()",
                    &[&creator, &self.options.node],
                )
                .await
                .map_err(pg)?;
            Ok(row.get::<_, i64>(0) as usize)
        })
    }

    fn find_code(&self, code: String) -> BoxFuture<'_, Result<Option<String>, StoreError>> {
        Box::pin(async move {
            let client = self.reader().await?;
            let row = client
                .query_opt(
                    "SELECT id FROM rooms WHERE code = $1 AND NOT closed",
                    &[&code],
                )
                .await
                .map_err(pg)?;
            Ok(row.map(|row| row.get(0)))
        })
    }

    fn listings_elsewhere(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(async move {
            let client = self.reader().await?;
            let rows = client
                .query(
                    "SELECT r.listing FROM rooms r JOIN nodes n ON n.name = r.owner
                     WHERE r.listing IS NOT NULL AND NOT r.closed AND r.owner <> $1
                       AND n.expires_at > now()
                     ORDER BY r.updated_ms DESC LIMIT 200",
                    &[&self.options.node],
                )
                .await
                .map_err(pg)?;
            Ok(rows.iter().map(|row| row.get(0)).collect())
        })
    }
}
