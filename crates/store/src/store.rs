//! The handle rooms and the server hold: one engine behind it, and a room's fence.

use std::path::Path;
use std::sync::Arc;

use crate::accounts::Accounts;
use crate::backend::*;
use crate::postgres::{Postgres, PostgresOptions};
use crate::sqlite;

/// A handle on the storage, for the server or for one room. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    backend: Arc<dyn Backend>,
    fence: Option<Fence>,
    accounts: Accounts,
}

impl Store {
    pub fn new(backend: Arc<dyn Backend>, accounts: Accounts) -> Store {
        Store {
            backend,
            fence: None,
            accounts,
        }
    }

    /// SQLite at `path` (or in memory for `None`), with the open rooms, the most recently
    /// changed first.
    pub fn open_sqlite(
        path: Option<&Path>,
        metrics: impl Into<StoreMetrics>,
    ) -> Result<(Store, Vec<StoredRoom>), StoreError> {
        let (backend, rooms) = sqlite::Sqlite::open(path, metrics.into())?;
        let accounts = Accounts::sqlite(backend.account_calls());
        Ok((Store::new(Arc::new(backend), accounts), rooms))
    }

    /// PostgreSQL, its schema brought up to date; the rooms are claimed apart (see
    /// [`Postgres::claim_expired`]).
    pub async fn open_postgres(
        options: PostgresOptions,
        metrics: impl Into<StoreMetrics>,
    ) -> Result<(Store, Arc<Postgres>), StoreError> {
        let postgres = Arc::new(Postgres::open(options, metrics.into()).await?);
        let accounts = Accounts::postgres(postgres.account_tables());
        Ok((Store::new(postgres.clone(), accounts), postgres))
    }

    /// The handle a room writes with: under the room's lease at `generation` when the engine
    /// fences (PostgreSQL), the same handle otherwise.
    pub fn for_room(&self, room: &str, generation: u64) -> Store {
        Store {
            backend: self.backend.clone(),
            accounts: self.accounts.clone(),
            fence: self.backend.fences().then(|| Fence {
                room: room.to_string(),
                generation,
            }),
        }
    }

    /// The fence this handle writes under, if any.
    pub fn fence(&self) -> Option<&Fence> {
        self.fence.as_ref()
    }

    /// Stores `write` and waits until it is committed.
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        self.commit(vec![write]).await
    }

    /// Stores `writes` in one transaction (all of them, or none on error) and waits until they
    /// are committed: what one message, bot step or timer changes in a room is one commit, so a
    /// crash never leaves half a change behind.
    pub async fn commit(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        self.backend.commit(writes, self.fence.clone()).await
    }

    /// The accounts' tables, in the same database.
    pub fn accounts(&self) -> Accounts {
        self.accounts.clone()
    }

    /// The reviewed seats of finished games, in the same database.
    pub fn reviews(&self) -> crate::reviews::Reviews {
        self.accounts.reviews()
    }

    /// The ratings of rated games, in the same database.
    pub fn ratings(&self) -> crate::ratings::Ratings {
        self.accounts.ratings()
    }

    /// The daily challenge's attempts, in the same database.
    pub fn challenges(&self) -> crate::challenges::Challenges {
        self.accounts.challenges()
    }

    /// Whether the storage can store now: a small real write, committed.
    pub async fn probe(&self) -> Result<(), StoreError> {
        self.backend.probe().await
    }

    /// Stores what was handed over before this call and stops the storage; later calls answer
    /// an error.
    pub async fn close(&self) {
        self.backend.close().await
    }

    /// The record of a finished game, if there is one.
    pub async fn record(&self, room: &str, number: u32) -> Result<Option<String>, StoreError> {
        self.backend.record(room.to_string(), number).await
    }

    /// A room's stored state, if the database has the room.
    pub async fn room(&self, id: &str) -> Result<Option<RoomRow>, StoreError> {
        self.backend.room(id.to_string()).await
    }

    /// Tells the other processes (if any) whether this handle's room is live and how it is
    /// listed; errors are only logged.
    pub async fn publish(&self, room: &str, live: bool, listing: Option<String>) {
        self.backend.publish(room.to_string(), live, listing).await
    }

    /// Live rooms created from `creator` that other processes run.
    pub async fn live_elsewhere(&self, creator: &str) -> Result<usize, StoreError> {
        self.backend.live_elsewhere(creator.to_string()).await
    }

    /// The open room with this code that another process runs.
    pub async fn find_code(&self, code: &str) -> Result<Option<String>, StoreError> {
        self.backend.find_code(code.to_string()).await
    }

    /// The public listings of the rooms other processes run.
    pub async fn listings_elsewhere(&self) -> Result<Vec<String>, StoreError> {
        self.backend.listings_elsewhere().await
    }

    /// The records of a room's finished games numbered below `before`, the `limit` highest
    /// numbered, highest first.
    pub async fn finished_records(
        &self,
        room: &str,
        before: u32,
        limit: usize,
    ) -> Result<Vec<(u32, String)>, StoreError> {
        self.backend
            .finished_records(room.to_string(), before, limit)
            .await
    }
}
