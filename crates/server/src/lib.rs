//! Martian Dice online: one server holds the rooms, plays the games through the engine, stores
//! everything in SQLite, and serves the browser page. The WebSocket protocol is described in
//! `docs/websocket-protocol.md`.

#![forbid(unsafe_code)]

mod accept;
mod assets;
pub mod avatars;
pub mod chat;
mod cluster;
mod coach;
mod codes;
mod deciders;
mod directory;
mod finished;
mod http;
mod ids;
mod malformed;
mod matcher;
mod metrics;
pub mod names;
mod outbox;
pub mod protocol;
mod proxies;
mod qr;
mod registry;
mod relay;
mod reviews;
mod room;
mod server;
mod solutions;
mod state;
pub mod store;
pub mod table;
mod views;
mod ws;
mod yours;

pub use cluster::ClusterConfig;
pub use metrics::Metrics;
pub use proxies::{IpNet, parse_proxy};
pub use server::{BotMaker, Config, MetricsAt, NotRestored, Running, ServerError, start};
pub use state::Status;
pub use store::{StoreError, backup, redact_url};
pub use views::RoomView;
