//! Martian Dice online: one server holds the rooms, plays the games through the engine, stores
//! everything in SQLite, and serves the browser page. The WebSocket protocol is described in
//! `docs/websocket-protocol.md`.
//!
//! # Where things are
//!
//! A folder per job; the wiring and the wire format at the top of `src/`:
//!
//! ```text
//! lib.rs          the crate's public face: start, Config, the re-exports tests and the cli use
//! server.rs       the wiring: Config, App (what every part shares), start, restoring rooms
//! protocol.rs     the WebSocket messages, both ways (docs/websocket-protocol.md)
//! assets.rs       the page, built into the binary (assets/)
//! edge/           the network edge: accept (connections, limits), http (routes), ws (frames),
//!                 outbox (what a connection is sent), proxies, malformed frames, finished games
//! rooms/          a room's task (room/: lobby, bots, presence, chat, entry, messages, telling,
//!                 refusals, social), the game at its table, views, the registry of rooms held
//! meeting/        codes and their QR images, the public listing (directory), quick match
//!                 (matcher), chat, avatars, "your games"
//! solving/        the coach, the solver's tables computed in the background, reviews
//! cluster/        leases between processes sharing PostgreSQL, and the relay to a room's owner
//! store/          one interface (Store, Backend); SQLite and PostgreSQL (postgres/: leases, writes)
//! state/          the bottom: what a room stores (RoomState, Status), ids, metrics
//! ```
//!
//! What each may import, downwards only: `edge` and `server` anything; `cluster` rooms, store,
//! state; `meeting` rooms, store, state; `rooms` solving, store, state; `solving`, `store` state;
//! `state` nothing of the crate; `protocol` is read by all. Today's exceptions (the arrows up and
//! the circles they make) are listed by `python3 scripts/modules.py crates/server`, which
//! measures the folders, their sizes and every circle; `--check` fails on a circle or a file
//! over 1,000 lines of code.

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
pub use state::names;

pub use cluster::ClusterConfig;
pub use edge::proxies::{IpNet, parse_proxy};
pub use rooms::views::RoomView;
pub use server::{BotMaker, Config, MetricsAt, NotRestored, Running, ServerError, start};
pub use state::Status;
pub use state::metrics::Metrics;
pub use store::{StoreError, backup, redact_url};
