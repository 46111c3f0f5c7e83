//! The server: opens the database, brings its rooms back, and serves the page, the WebSocket
//! endpoint and the records until it is told to stop.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

use tokio::sync::watch;

use crate::cluster::{Cluster, ClusterConfig};
use crate::edge::accept::{Connections, Limits};
use crate::edge::{App, EdgeConfig};
use crate::meeting::codes::Guesses;
use crate::meeting::directory::Directory;
use crate::meeting::matcher::Matcher;
use crate::rooms::Rooms;
use crate::rooms::registry::Registry;
use crate::rooms::room::{RoomCommand, RoomSettings};
use crate::solving::solutions::Solutions;
use crate::state::avatars::{Avatar, PERSON_AVATARS};
use crate::state::metrics::Metrics;
use crate::state::{CHAT_HISTORY, MAX_CHAT_CHARS};
use martian_protocol::{
    BotEntry, ChatLimits, MATCH_PLAYERS, MatchLimits, PROTOCOL_VERSION, QUICK_MESSAGES,
    ServerMessage,
};
use martian_store::{PostgresOptions, Store, StoreError, StoredRoom};

pub use crate::rooms::NotRestored;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// The SQLite file; `None` keeps everything in memory (tests). Unused with `cluster`.
    pub db: Option<PathBuf>,
    /// PostgreSQL shared with other processes, instead of SQLite.
    pub cluster: Option<ClusterConfig>,
    pub max_rooms: usize,
    pub max_connections: usize,
    /// Connections one address may hold at once (behind trusted proxies: WebSockets one client
    /// may hold, by the address the proxy names).
    pub connections_per_address: usize,
    /// How long bots wait before each move.
    pub bot_delay: Duration,
    /// Messages a connection may send per second, on average.
    pub rate_per_second: f64,
    /// Messages a connection may send in a burst.
    pub rate_burst: f64,
    /// A room nobody is connected to for this long is closed.
    pub idle_close: Duration,
    /// Rooms one address may have created and still open.
    pub rooms_per_address: usize,
    /// Rooms one connection may create.
    pub rooms_per_connection: usize,
    /// A room whose game never started and that nobody is connected to is closed after this.
    pub lobby_idle_close: Duration,
    /// A person disconnected this long is away: a bot plays their turns until they come back,
    /// and the host role passes on.
    pub grace: Duration,
    /// Time a client has to send a request's headers.
    pub header_timeout: Duration,
    /// A WebSocket connection that sends nothing (not even a ping) for this long is closed.
    pub ws_idle_timeout: Duration,
    /// The longest a plain HTTP connection stays open.
    pub http_lifetime: Duration,
    /// Proxies (addresses or ranges) whose word on the client's address is taken (X-Real-IP,
    /// else the last X-Forwarded-For entry): behind a reverse proxy every connection comes from
    /// the proxy.
    pub trusted_proxies: Vec<crate::edge::proxies::IpNet>,
    /// Where players reach the server (`https://dice.example.org`), for invite links when it
    /// sits behind a proxy; `None`: the page uses the address it was loaded from.
    pub public_url: Option<String>,
    /// Threads that compute the solver's solutions for new rule sets.
    pub solver_threads: usize,
    /// Rule sets that may wait for those threads; more are refused with `busy`.
    pub solver_queue: usize,
    /// People who may wait in the quick-match queue at once.
    pub match_queue: usize,
    /// How long someone waits in the quick-match queue before a bot is offered.
    pub match_bot_after: Duration,
    /// Where `GET /metrics` answers.
    pub metrics: MetricsAt,
    /// Whether anyone may create an account (`--signups`).
    pub signups: crate::players::Signups,
    /// Threads that hash passwords (Argon2id): sign-ins wait for them, never the games.
    pub password_threads: usize,
    /// Makes the bot a seat's name describes: [`martian_bots::create`]. A seam for tests (a
    /// bot that fails), the same path for every bot the rooms make.
    pub make_bot: BotMaker,
}

pub use crate::rooms::room::BotMaker;

pub use crate::edge::http::MetricsAt;

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: None,
            cluster: None,
            max_rooms: 10_000,
            max_connections: 10_000,
            connections_per_address: 100,
            bot_delay: Duration::from_millis(700),
            rate_per_second: 10.0,
            rate_burst: 30.0,
            idle_close: Duration::from_secs(24 * 3600),
            rooms_per_address: 20,
            rooms_per_connection: 5,
            lobby_idle_close: Duration::from_secs(10 * 60),
            grace: Duration::from_secs(30),
            header_timeout: Duration::from_secs(10),
            ws_idle_timeout: Duration::from_secs(90),
            http_lifetime: Duration::from_secs(120),
            public_url: None,
            trusted_proxies: Vec::new(),
            solver_threads: 1,
            solver_queue: 8,
            match_queue: 1000,
            match_bot_after: Duration::from_secs(20),
            metrics: MetricsAt::GamePort,
            make_bot: martian_bots::create,
            signups: crate::players::Signups::Open,
            password_threads: 1,
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("cannot listen on {addr}: {error}")]
    Bind {
        addr: SocketAddr,
        error: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(
        "this process listens on {0}: give the address the other processes reach it at (--advertise)"
    )]
    Advertise(SocketAddr),
    #[error("{0}")]
    Serve(std::io::Error),
}

/// A server that is listening.
#[derive(Debug)]
pub struct Running {
    addr: SocketAddr,
    connections: Arc<Connections>,
    registry: Arc<Registry>,
    store: Store,
    cluster: Option<Arc<Cluster>>,
    restored: usize,
    not_restored: Vec<NotRestored>,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
    /// The address `/metrics` answers on when it has one of its own.
    metrics_addr: Option<SocketAddr>,
}

impl Running {
    /// The address it listens on (useful with port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address of `/metrics`, when it is served apart from the game (`MetricsAt::Separate`).
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics_addr
    }

    /// Connections open now (every TCP connection, WebSocket or not).
    pub fn open_connections(&self) -> usize {
        self.connections.open()
    }

    /// Rooms held now.
    pub fn rooms(&self) -> usize {
        self.registry.len()
    }

    /// Rooms live now (in their lobby or in play, someone connected) created from `addr`, and
    /// its games everyone left within the hour: what `rooms_per_address` caps.
    pub fn live_rooms_from(&self, addr: std::net::IpAddr) -> usize {
        self.registry.live_from(addr)
    }

    /// This process's name in its cluster, if it shares PostgreSQL.
    pub fn node(&self) -> Option<&str> {
        self.cluster.as_ref().map(|c| c.postgres.node())
    }

    /// How many rooms were brought back from the database.
    pub fn restored_rooms(&self) -> usize {
        self.restored
    }

    /// The stored rooms that were not brought back (damaged, or beyond `--max-rooms`): each is
    /// also said on standard error, and stays in the database.
    pub fn not_restored(&self) -> &[NotRestored] {
        &self.not_restored
    }

    /// Serves until the server is stopped.
    pub async fn wait(self) -> Result<(), ServerError> {
        self.task
            .await
            .map_err(|e| ServerError::Serve(std::io::Error::other(e)))
    }

    /// Stops at once: no more connections, and open ones are told and closed.
    pub fn abort(&self) {
        let _ = self.stop.send(true);
        self.task.abort();
    }

    /// Stops gracefully, within `limit`: accepts no more connections, tells every client that
    /// the server restarts and closes its connection (code 1012), lets every room finish the
    /// change under way and stop, and stores everything with the database checkpointed. A
    /// server started afterwards on the same database carries on where this one stopped.
    pub async fn shutdown(self, limit: Duration) {
        let _ = self.stop.send(true);
        let deadline = tokio::time::Instant::now() + limit;
        let rooms = self.registry.senders();
        let stopping = rooms.into_iter().map(|room| async move {
            let (done, stopped) = tokio::sync::oneshot::channel();
            if room.send(RoomCommand::Shutdown { done }).await.is_ok() {
                let _ = stopped.await;
            }
        });
        if tokio::time::timeout_at(deadline, futures_util::future::join_all(stopping))
            .await
            .is_err()
        {
            tracing::warn!("some rooms did not stop in time");
        }
        // Connections close by themselves on the stop signal; give them a moment to say so.
        while self.connections.open() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if let Some(cluster) = &self.cluster {
            // Everything is stored: the other processes may take the rooms over at once.
            match cluster.postgres.release().await {
                Ok(()) => tracing::info!("rooms and lease released to the other processes"),
                Err(error) => tracing::warn!("releasing the rooms: {error}"),
            }
        }
        self.store.close().await;
        self.task.abort();
    }
}

/// The bot that finishes stalled turns: the strongest of the usual names that exists.
fn stand_in_bot() -> String {
    let names: Vec<&str> = martian_bots::catalogue().iter().map(|b| b.name).collect();
    ["medium", "greedy", "defensive"]
        .into_iter()
        .find(|n| names.contains(n))
        .or(names.last().copied())
        .unwrap_or("random")
        .to_string()
}

/// Raises this process's limit of open files as far as it may go, and keeps the connection cap
/// clear of it, so that the database, its log and the listener always find a descriptor.
fn descriptors_for(max_connections: usize) -> usize {
    const SPARE: u64 = 64;
    let limit = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
    let allowed = limit.saturating_sub(SPARE) as usize;
    if max_connections > allowed {
        tracing::warn!(
            "at most {allowed} connections fit in this process's limit of {limit} open files (--max-connections {max_connections})"
        );
        allowed.max(1)
    } else {
        max_connections
    }
}

/// Opens the storage: SQLite with its rooms, or PostgreSQL with the rooms this process claims.
async fn open_storage(
    config: &Config,
    addr: SocketAddr,
    metrics: &Metrics,
) -> Result<(Store, Vec<StoredRoom>, Option<Arc<Cluster>>), ServerError> {
    let Some(cluster) = &config.cluster else {
        let (store, rooms) = Store::open_sqlite(config.db.as_deref(), metrics.clone())?;
        return Ok((store, rooms, None));
    };
    let advertise = match cluster.advertise {
        Some(advertise) => advertise,
        None if addr.ip().is_unspecified() => return Err(ServerError::Advertise(addr)),
        None => addr,
    };
    let options = PostgresOptions {
        url: cluster.url.clone(),
        node: cluster
            .node
            .clone()
            .unwrap_or_else(|| advertise.to_string()),
        addr: advertise.to_string(),
        lease: cluster.lease,
        writers: 4,
    };
    let (store, postgres) = Store::open_postgres(options, metrics.clone()).await?;
    postgres.renew().await?;
    let rooms = postgres.claim_expired(&[], config.max_rooms).await?;
    Ok((
        store,
        rooms,
        Some(Arc::new(Cluster::new(
            postgres,
            cluster.renew,
            config.max_rooms,
        ))),
    ))
}

/// Opens the database, brings back its rooms, and listens on `config.addr`.
pub async fn start(config: Config) -> Result<Running, ServerError> {
    let metrics = Metrics::new();
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|error| ServerError::Bind {
            addr: config.addr,
            error,
        })?;
    let addr = listener.local_addr().map_err(ServerError::Serve)?;
    let metrics_listener = match config.metrics {
        MetricsAt::Separate(at) => Some(
            tokio::net::TcpListener::bind(at)
                .await
                .map_err(|error| ServerError::Bind { addr: at, error })?,
        ),
        MetricsAt::GamePort | MetricsAt::Off => None,
    };
    let metrics_addr = metrics_listener
        .as_ref()
        .map(|l| l.local_addr())
        .transpose()
        .map_err(ServerError::Serve)?;
    let (store, stored, cluster) = open_storage(&config, addr, &metrics).await?;
    let registry = Arc::new(Registry::new(
        config.max_rooms,
        config.rooms_per_address,
        config.rooms_per_connection,
    ));
    let forget = Arc::downgrade(&registry);
    let tell = Arc::downgrade(&registry);
    let directory = Directory::new();
    let solutions =
        Solutions::new(config.solver_threads, config.solver_queue).map_err(ServerError::Serve)?;
    let deciders = crate::solving::deciders::Deciders::per_core().map_err(ServerError::Serve)?;
    let settings = Arc::new(RoomSettings {
        solutions: solutions.clone(),
        deciders,
        metrics: metrics.clone(),
        bot_delay: config.bot_delay,
        stand_in: stand_in_bot(),
        idle_close: config.idle_close,
        lobby_idle_close: config.lobby_idle_close,
        grace: config.grace,
        on_close: Arc::new(move |id: &str, generation: u64| {
            if let Some(registry) = forget.upgrade() {
                registry.remove(id, generation);
            }
        }),
        on_activity: Arc::new(move |id: &str, generation, status, attended, people| {
            if let Some(registry) = tell.upgrade() {
                registry.activity(id, generation, status, attended, people);
            }
        }),
        directory: directory.clone(),
        make_bot: config.make_bot,
    });
    let rooms = Rooms {
        registry: registry.clone(),
        store: store.clone(),
        settings,
    };
    let mut not_restored = Vec::new();
    let mut restored = 0;
    // The most recently changed rooms first: past --max-rooms, the oldest wait in the database.
    for stored_room in stored {
        if restored >= config.max_rooms {
            not_restored.push(NotRestored {
                room: stored_room.id,
                reason: format!("beyond --max-rooms {}", config.max_rooms),
            });
            continue;
        }
        match rooms.adopt(stored_room) {
            Ok(()) => restored += 1,
            Err(skipped) => not_restored.push(skipped),
        }
    }
    for skipped in &not_restored {
        tracing::warn!(
            room = %skipped.room,
            "room {} not restored: {}",
            skipped.room,
            skipped.reason
        );
    }
    let welcome = ServerMessage::Welcome {
        protocol: PROTOCOL_VERSION,
        bots: martian_bots::catalogue()
            .iter()
            .map(|b| BotEntry {
                name: b.name.to_string(),
                summary: b.summary.to_string(),
                avatar: Avatar::for_bot(b.name),
            })
            .collect(),
        quick_messages: QUICK_MESSAGES,
        avatars: &PERSON_AVATARS,
        chat: ChatLimits {
            max_chars: MAX_CHAT_CHARS,
            history: CHAT_HISTORY,
        },
        quick_match: MatchLimits {
            players: [MATCH_PLAYERS.0, MATCH_PLAYERS.1],
            bot_after_ms: config.match_bot_after.as_millis() as u64,
        },
        coach: true,
        coach_max_target: (1..=martian_engine::MAX_DICE)
            .map(crate::solving::coach::max_target)
            .collect(),
        public_url: config.public_url.as_deref(),
        account: None,
    }
    .to_json()
    .into();
    let max_connections = descriptors_for(config.max_connections);
    let limits = Limits {
        max_connections,
        refusal_reserve: (max_connections / 100).clamp(8, 256),
        per_address: config.connections_per_address,
        header_timeout: config.header_timeout,
        http_lifetime: config.http_lifetime,
    };
    let trusted_proxies: Arc<[crate::edge::proxies::IpNet]> = config.trusted_proxies.clone().into();
    let (stop_tx, stop) = watch::channel(false);
    let connections = Arc::new(Connections::default());
    let matcher = Arc::new(Matcher::new(config.match_queue, config.match_bot_after));
    tokio::spawn(
        directory
            .clone()
            .run(store.clone(), cluster.is_some(), stop.clone()),
    );
    let edge_config = EdgeConfig {
        trusted_proxies: config.trusted_proxies.clone(),
        public_url: config.public_url.clone(),
        connections_per_address: config.connections_per_address,
        rate_per_second: config.rate_per_second,
        rate_burst: config.rate_burst,
        ws_idle_timeout: config.ws_idle_timeout,
        metrics: config.metrics,
    };
    let players = Arc::new(crate::players::Players {
        accounts: store.accounts(),
        hasher: crate::players::passwords::Hasher::new(config.password_threads),
        limits: Default::default(),
        signups: config.signups,
        metrics: metrics.clone(),
        online: Default::default(),
        invites: Default::default(),
        climbers: Default::default(),
        shared: cluster.as_ref().and_then(|cluster| {
            let presence = store.accounts().presence()?;
            Some(crate::players::presence::SharedPresence::new(
                presence,
                cluster.postgres.node(),
                cluster.renew(),
            ))
        }),
    });
    tokio::spawn(crate::players::presence::share(
        players.clone(),
        stop.clone(),
    ));
    let app = Arc::new(App {
        players,
        rooms: rooms.clone(),
        connections: connections.clone(),
        solutions,
        metrics,
        next_conn: AtomicU64::new(1),
        config: edge_config,
        cluster: cluster.clone(),
        welcome,
        stop: stop.clone(),
        directory: directory.clone(),
        matcher: matcher.clone(),
        guesses: Guesses::default(),
    });
    tokio::spawn(matcher.run(rooms.clone(), directory, stop.clone()));
    if let Some(cluster) = &cluster {
        tokio::spawn(cluster.clone().run(rooms, stop.clone()));
    }
    if let Some(metrics_listener) = metrics_listener {
        // Scrapers only: a few connections at a time.
        let limits = Limits {
            max_connections: 64,
            refusal_reserve: 8,
            ..limits
        };
        tokio::spawn(crate::edge::accept::serve(
            metrics_listener,
            crate::edge::http::metrics_router(app.clone()),
            limits,
            Arc::from([]),
            Arc::new(Connections::default()),
            stop.clone(),
        ));
    }
    let router = crate::edge::http::router(app);
    let task = tokio::spawn(crate::edge::accept::serve(
        listener,
        router,
        limits,
        trusted_proxies,
        connections.clone(),
        stop,
    ));
    Ok(Running {
        addr,
        connections,
        registry,
        store,
        cluster,
        restored,
        not_restored,
        stop: stop_tx,
        task,
        metrics_addr,
    })
}
