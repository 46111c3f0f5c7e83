//! Martian Dice online: one server holds the rooms, plays the games through the engine, stores
//! everything in SQLite, and serves the browser page. The WebSocket protocol is described in
//! `docs/websocket-protocol.md`.
//!
//! # Where things are
//!
//! A folder per job; the wiring at the top of `src/`:
//!
//! ```text
//! lib.rs          the crate's public face: start, Config, the re-exports tests and the cli use
//! server.rs       the wiring: Config, start (opens the store, brings rooms back, hands each
//!                 part the handles it needs), Running, shutdown
//! assets.rs       the page, built into the binary (assets/)
//! edge/           the network edge, a thin layer over the rest: App (the handles the handlers
//!                 share), accept (connections, limits), http (routes), ws (a connection's task;
//!                 ws/client: what its messages do; ws/frames: the frames written), invite (the
//!                 QR image's route), relay (a connection handed to a room's owner), proxies,
//!                 malformed frames, finished games
//! players/        accounts a guest can claim: names, Argon2id passwords on their own pool,
//!                 sessions, sign-in limits, profiles, follows; operator's tools (`accounts`)
//! cluster/        leases between processes sharing PostgreSQL: claiming, routing, taking over
//! meeting/        codes, QR images, the public listing (directory), quick match (matcher),
//!                 "your games"
//! rooms/          Rooms (the handle to open, adopt and find rooms), a room's task (room/:
//!                 lobby, bots, presence, chat, entry, messages, telling, refusals, social), the
//!                 game at its table, views, the chat's rules, a connection's outbox, the registry
//! solving/        the coach, the solver's tables computed in the background, the deciders'
//!                 pool, reviews
//! state/          the bottom: what a room stores (RoomState, SeatState), ids, metrics, the stop
//!                 signal
//! ```
//!
//! Two crates below it, re-exported here under their old names: `martian-protocol` as `protocol`
//! (crates/protocol: the WebSocket messages both ways, docs/websocket-protocol.md, and the shapes
//! they carry: views, meeting's lists, the coach's advice, a room's language, timer and status,
//! avatars, names) and `martian-store` as `store` (crates/store: one interface, `Store` and
//! `Backend`; SQLite, and PostgreSQL split by what it stores).
//!
//! What each may import, downwards only, in this order: `server` (top) anything; `edge` the
//! folders below it; `players` meeting and below; `cluster` rooms and below; `meeting` rooms
//! and below; `rooms` solving, state; `solving` and `state` nothing above them; all may use the
//! protocol and the store, crates below the server. A lower layer that must reach a higher one
//! is handed a callback or a trait object by `server.rs` (the room's `on_close`,
//! `on_activity`, `Listings`). `python3 scripts/modules.py crates/server --layers
//! server,edge,players,cluster,meeting,rooms,solving,state --check` measures the folders, their
//! sizes and the arrows between them, and fails on a circle, an arrow up or a file over 1,000
//! lines of code (the page's tests run it).

#![forbid(unsafe_code)]

mod assets;
mod cluster;
mod edge;
mod meeting;
mod players;
pub use martian_protocol as protocol;
mod rooms;
mod server;
mod solving;
mod state;

pub use martian_store as store;
pub use rooms::{chat, table};
pub use state::{avatars, names};

pub use cluster::ClusterConfig;
pub use edge::proxies::{IpNet, parse_proxy};
pub use players::{AccountError, Signups, operator};
pub use rooms::views::RoomView;
pub use server::{BotMaker, Config, MetricsAt, NotRestored, Running, ServerError, start};
pub use state::Status;
pub use state::metrics::Metrics;
pub use store::{StoreError, backup, redact_url};
