//! Martian Dice online: one server holds the rooms, plays the games through the engine, stores
//! everything in SQLite, and serves the browser page. The WebSocket protocol is described in
//! `docs/websocket-protocol.md`.

#![forbid(unsafe_code)]

mod assets;
mod coach;
mod ids;
pub mod protocol;
mod room;
mod server;
mod store;
pub mod table;

pub use room::{RoomView, Status};
pub use server::{Config, Running, ServerError, start};
pub use store::StoreError;
