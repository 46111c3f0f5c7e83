//! Martian Dice online: one server holds the rooms, plays the games through the engine, stores
//! everything in SQLite, and serves the browser page. The WebSocket protocol is described in
//! `docs/websocket-protocol.md`.

#![forbid(unsafe_code)]

mod assets;
mod coach;
mod ids;
mod outbox;
pub mod protocol;
mod room;
mod server;
mod solutions;
mod state;
mod store;
pub mod table;
mod views;

pub use server::{Config, Running, ServerError, start};
pub use state::Status;
pub use store::StoreError;
pub use views::RoomView;
