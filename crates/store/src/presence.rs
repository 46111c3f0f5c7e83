//! Who is online on the other processes of a cluster, and a way to tell them something.
//!
//! Each process runs its own WebSockets, so it alone knows which accounts are connected to it.
//! With PostgreSQL every process publishes that list (each account's name key and the room its
//! newest connection is in) on a timer, and reads the others' to say whether a friend is online
//! and where; a row not refreshed lately belongs to a process that stopped, and is not read.
//! A message for an account's connections on every process goes through PostgreSQL's
//! `NOTIFY`: each process listens and hands it to the connections it has.
//!
//! SQLite serves one process, which knows everything itself: there is no presence to share.

use std::sync::Arc;

use tokio::sync::mpsc;

use crate::backend::StoreError;
use crate::postgres::accounts::PgAccounts;

pub use crate::backend::{Seen, Told};

/// The shared presence of a cluster's processes. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Presence {
    pg: Arc<PgAccounts>,
}

impl Presence {
    pub(crate) fn postgres(pg: Arc<PgAccounts>) -> Presence {
        Presence { pg }
    }

    /// Replaces what process `node` publishes with `online`, seen at `now_ms`.
    pub async fn publish(
        &self,
        node: &str,
        online: &[Seen],
        now_ms: i64,
    ) -> Result<(), StoreError> {
        self.pg.publish_presence(node, online, now_ms).await
    }

    /// Which of `keys` some process other than `node` published at `since_ms` or later (one
    /// row per key: the newest).
    pub async fn elsewhere(
        &self,
        node: &str,
        keys: &[String],
        since_ms: i64,
    ) -> Result<Vec<Seen>, StoreError> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        self.pg.presence_elsewhere(node, keys, since_ms).await
    }

    /// Sends `told` to every process listening (this one too).
    pub async fn tell(&self, told: &Told) -> Result<(), StoreError> {
        self.pg.notify_told(told).await
    }

    /// What is told to every process, from now on, for as long as the receiver lives (listening
    /// again on a new connection when the old one breaks; what is told meanwhile is lost).
    pub fn listen(&self) -> mpsc::Receiver<Told> {
        self.pg.listen_told()
    }
}
