//! Martian Dice online: one server holds the rooms, plays the games through the engine, stores
//! everything in SQLite, and serves the browser page. The WebSocket protocol is described in
//! `docs/websocket-protocol.md`.

#![forbid(unsafe_code)]

mod assets;
mod cluster;
mod edge;
mod meeting;
pub mod protocol;
mod rooms;
mod server;
mod solving;
mod state;
pub mod store;

pub use meeting::{avatars, chat};
pub use rooms::table;

pub use cluster::ClusterConfig;
pub use edge::proxies::{IpNet, parse_proxy};
pub use rooms::views::RoomView;
pub use server::{BotMaker, Config, MetricsAt, NotRestored, Running, ServerError, start};
pub use state::Status;
pub use state::metrics::Metrics;
pub use store::{StoreError, backup, redact_url};
