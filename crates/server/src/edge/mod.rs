//! The network edge: accepting connections, the HTTP routes, the WebSocket frames and the
//! outbox each connection reads from, the trusted proxies, and the words for malformed frames.

pub(crate) mod accept;
pub(crate) mod accounts;
pub(crate) mod challenge;
pub(crate) mod finished;
pub(crate) mod http;
pub(crate) mod invite;
pub(crate) mod malformed;
pub(crate) mod proxies;
pub(crate) mod relay;
pub(crate) mod ws;

use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

use tokio::sync::watch;

use crate::cluster::Cluster;
use crate::edge::accept::Connections;
use crate::edge::http::MetricsAt;
use crate::edge::proxies::IpNet;
use crate::meeting::codes::Guesses;
use crate::meeting::directory::Directory;
use crate::meeting::matcher::Matcher;
use crate::rooms::Rooms;
use crate::rooms::outbox::Text;
use crate::solving::solutions::Solutions;
use crate::state::metrics::Metrics;

/// What the edge reads of the server's configuration.
#[derive(Clone, Debug)]
pub(crate) struct EdgeConfig {
    /// Proxies whose word on the client's address is taken.
    pub trusted_proxies: Vec<IpNet>,
    /// Where players reach the server, for invite links; `None`: the request's `Host`.
    pub public_url: Option<String>,
    /// WebSockets one address may hold at once.
    pub connections_per_address: usize,
    /// Messages a connection may send per second, on average, and in a burst.
    pub rate_per_second: f64,
    pub rate_burst: f64,
    /// A WebSocket that sends nothing for this long is closed.
    pub ws_idle_timeout: Duration,
    /// Where `GET /metrics` answers.
    pub metrics: MetricsAt,
}

/// What the connections share: the handles of the layers below, given to each handler.
pub(crate) struct App {
    pub rooms: Rooms,
    /// Accounts, sessions, profiles.
    pub players: Arc<crate::players::Players>,
    pub connections: Arc<Connections>,
    pub solutions: Solutions,
    pub metrics: Metrics,
    pub next_conn: AtomicU64,
    pub config: EdgeConfig,
    /// This process's part in a cluster sharing PostgreSQL.
    pub cluster: Option<Arc<Cluster>>,
    pub welcome: Text,
    /// Turns true when the server stops: connections say so to their clients and close.
    pub stop: watch::Receiver<bool>,
    /// The public rooms' list.
    pub directory: Arc<Directory>,
    /// The quick-match queue.
    pub matcher: Arc<Matcher>,
    /// Unknown room codes tried, per address.
    pub guesses: Guesses,
}

/// The solver's pool, for the handlers that value with it (the strategy cards).
impl axum::extract::FromRef<Arc<App>> for crate::solving::solutions::Solutions {
    fn from_ref(app: &Arc<App>) -> crate::solving::solutions::Solutions {
        app.solutions.clone()
    }
}

/// The store, for the handlers that read records (the reviews).
impl axum::extract::FromRef<Arc<App>> for crate::solving::reviews::Records {
    fn from_ref(app: &Arc<App>) -> crate::solving::reviews::Records {
        crate::solving::reviews::Records(app.rooms.store.clone())
    }
}
