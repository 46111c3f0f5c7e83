//! Storage: one interface, two engines. SQLite (the embedded default: one file, one process) and
//! PostgreSQL (several processes sharing one database, each running the rooms it holds a lease on).
//!
//! Rooms call [`Store::commit`] once per change, whatever the engine: the writes of one message,
//! bot step or timer are stored in one transaction, all or nothing, and the call returns only once
//! they are committed. With PostgreSQL every room's handle carries a [`Fence`]: the commit checks,
//! in the same transaction, that this process still holds the room's lease at that generation, so
//! a process that lost a room (paused past its lease, then resumed) cannot write to it.

pub mod accounts;
mod attempts;
mod backend;
pub mod challenges;
mod file_lock;
mod forget;
mod postgres;
pub mod presence;
mod rated;
pub mod ratings;
mod redact;
pub mod reviews;
mod sqlite;
mod store;

pub use accounts::Accounts;
pub use backend::{
    Backend, BoxFuture, CHAT_KEPT, Fence, RoomRow, StoreError, StoreMetrics, StoredGame,
    StoredRoom, Write, now_ms,
};
pub use challenges::Challenges;
pub use forget::DELETED_PLAYER;
pub use postgres::{Claim, Postgres, PostgresOptions, SCHEMA_VERSION};
pub use presence::Presence;
pub use ratings::Ratings;
pub use redact::redact_url;
pub use reviews::Reviews;
pub use sqlite::backup;
pub use store::Store;
