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
//!   A claim renews the claimant's own lease in the same statement: a room is never held under
//!   a lease that has already run out (after a database outage, before the next renewal), which
//!   any other process's renewal would take at once. A node's `started_at` is when its lease
//!   began, unbroken since (a lease renewed after it ran out begins again): the process with the
//!   oldest live lease makes the cluster's quick matches ([`Postgres::matchmaker`]).

pub(crate) mod accounts;
mod challenges;
mod leases;
mod presence;
mod ratings;
mod reviews;
mod writes;

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, GenericClient, NoTls, Statement};

use crate::backend::StoreMetrics;
use crate::backend::{
    Backend, BoxFuture, CHAT_KEPT, Fence, RoomRow, StoreError, StoredGame, StoredRoom, Write,
    now_ms,
};
use writes::writer;

/// The schema version this program writes and reads.
pub const SCHEMA_VERSION: i32 = MIGRATIONS.len() as i32;

/// Migration `i` brings the schema from version `i` to `i + 1`.
const MIGRATIONS: [&str; 9] = [
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
    accounts::MIGRATION,
    accounts::STANDING_MIGRATION,
    reviews::MIGRATION,
    presence::MIGRATION,
    ratings::MIGRATION,
    challenges::MIGRATION,
    ratings::ACCURACY_MIGRATION,
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
            .field("url", &crate::redact::redact_url(&self.url))
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
    accounts: Arc<accounts::PgAccounts>,
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

/// Where `config` connects: each host with its port (`db.internal:5432`, a socket's directory).
fn servers(config: &tokio_postgres::Config) -> String {
    let ports = config.get_ports();
    let port = |i: usize| ports.get(i).or(ports.first()).copied().unwrap_or(5432);
    let mut named: Vec<String> = config
        .get_hosts()
        .iter()
        .enumerate()
        .map(|(i, host)| match host {
            tokio_postgres::config::Host::Tcp(host) if host.contains(':') => {
                format!("[{host}]:{}", port(i))
            }
            tokio_postgres::config::Host::Tcp(host) => format!("{host}:{}", port(i)),
            tokio_postgres::config::Host::Unix(dir) => {
                format!("{} (port {})", dir.display(), port(i))
            }
        })
        .collect();
    if named.is_empty() {
        named = config
            .get_hostaddrs()
            .iter()
            .enumerate()
            .map(|(i, addr)| std::net::SocketAddr::new(*addr, port(i)).to_string())
            .collect();
    }
    named.join(", ")
}

/// `error` with the causes beneath it (the system's own words: "Connection refused (os error
/// 111)"), which its own text leaves out.
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        cause = inner.source();
    }
    text
}

/// Connects to PostgreSQL; a failure names the server (host and port) and why.
async fn connect(url: &str) -> Result<Client, StoreError> {
    connect_hearing(url, None).await
}

/// Connects to PostgreSQL, handing the notifications the connection receives (after a `LISTEN`)
/// to `heard`.
async fn connect_hearing(
    url: &str,
    heard: Option<tokio::sync::mpsc::UnboundedSender<tokio_postgres::Notification>>,
) -> Result<Client, StoreError> {
    let config: tokio_postgres::Config = url.parse().map_err(|error| {
        StoreError::Postgres(format!(
            "the database URL is not one PostgreSQL reads: {}",
            with_causes(&error)
        ))
    })?;
    let at = servers(&config);
    if config.get_ssl_mode() == tokio_postgres::config::SslMode::Require {
        return Err(StoreError::Postgres(format!(
            "{at}: TLS is not supported: martian-dice connects to PostgreSQL unencrypted, and the \
             URL asks for sslmode=require; use sslmode=disable (keep the database on a private \
             network)"
        )));
    }
    let (client, connection) = tokio::time::timeout(Duration::from_secs(10), config.connect(NoTls))
        .await
        .map_err(|_| StoreError::Unavailable(format!("{at}: connecting took over 10 s")))?
        .map_err(|error| {
            let words = with_causes(&error);
            match pg(error) {
                StoreError::Unavailable(_) => StoreError::Unavailable(format!("{at}: {words}")),
                StoreError::Postgres(said) => StoreError::Postgres(format!("{at}: {said}")),
                other => other,
            }
        })?;
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
                Ok(tokio_postgres::AsyncMessage::Notification(heard_now)) => {
                    if let Some(heard) = &heard {
                        let _ = heard.send(heard_now);
                    }
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
    pub async fn open(
        options: PostgresOptions,
        metrics: StoreMetrics,
    ) -> Result<Postgres, StoreError> {
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
            accounts: Arc::new(accounts::PgAccounts::new(options.url.clone())),
            options,
            queue: std::sync::Mutex::new(Some(tx)),
            writers: Mutex::new(writers),
            reader: Mutex::new(Some(Arc::new(client))),
        })
    }

    /// The accounts' tables' connection.
    pub(crate) fn account_tables(&self) -> Arc<accounts::PgAccounts> {
        self.accounts.clone()
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
