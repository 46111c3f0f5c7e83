//! The cluster's presence in PostgreSQL: an unlogged table each process rewrites with the
//! accounts connected to it (a crash loses nothing worth keeping: the rows are rewritten within
//! seconds), and `NOTIFY` on one channel for what an account's connections anywhere are told.

use std::time::Duration;

use tokio::sync::mpsc;

use super::accounts::PgAccounts;
use super::{connect_hearing, pg};
use crate::backend::{Seen, StoreError, Told};

/// Migration 6: who is online on which process.
pub(super) const MIGRATION: &str = "
CREATE UNLOGGED TABLE presence (
    name_key TEXT NOT NULL,
    node TEXT NOT NULL,
    room_id TEXT,
    seen_ms BIGINT NOT NULL,
    PRIMARY KEY (name_key, node)
);
CREATE INDEX presence_by_node ON presence (node);
";

/// The channel every process listens on.
const CHANNEL: &str = "martian_dice_told";

/// How long a broken listening connection waits before connecting again.
const LISTEN_AGAIN: Duration = Duration::from_secs(1);

impl PgAccounts {
    pub(crate) async fn publish_presence(
        &self,
        node: &str,
        online: &[Seen],
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let keys: Vec<&str> = online.iter().map(|seen| seen.key.as_str()).collect();
        let rooms: Vec<Option<&str>> = online.iter().map(|seen| seen.room.as_deref()).collect();
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        let tx = client.transaction().await.map_err(pg)?;
        tx.execute(
            "DELETE FROM presence WHERE node = $1 AND NOT (name_key = ANY($2))",
            &[&node, &keys],
        )
        .await
        .map_err(pg)?;
        tx.execute(
            "INSERT INTO presence (name_key, node, room_id, seen_ms)
             SELECT key, $1, room, $4 FROM UNNEST($2::TEXT[], $3::TEXT[]) AS online (key, room)
             ON CONFLICT (name_key, node)
             DO UPDATE SET room_id = EXCLUDED.room_id, seen_ms = EXCLUDED.seen_ms",
            &[&node, &keys, &rooms, &now_ms],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)
    }

    pub(crate) async fn presence_elsewhere(
        &self,
        node: &str,
        keys: &[String],
        since_ms: i64,
    ) -> Result<Vec<Seen>, StoreError> {
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        let rows = client
            .query(
                "SELECT DISTINCT ON (name_key) name_key, room_id FROM presence
                 WHERE name_key = ANY($1) AND node <> $2 AND seen_ms >= $3
                 ORDER BY name_key, seen_ms DESC",
                &[&keys, &node, &since_ms],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|row| Seen {
                key: row.get(0),
                room: row.get(1),
            })
            .collect())
    }

    pub(crate) async fn notify_told(&self, told: &Told) -> Result<(), StoreError> {
        // NOTIFY's payload is text of at most 8,000 bytes: what accounts are told is short.
        let payload = serde_json::json!({"key": told.key, "text": told.text}).to_string();
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        client
            .execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
            .await
            .map_err(pg)?;
        Ok(())
    }

    pub(crate) fn listen_told(&self) -> mpsc::Receiver<Told> {
        let (told_tx, told_rx) = mpsc::channel(1024);
        let url = self.url().to_string();
        tokio::spawn(async move {
            while !told_tx.is_closed() {
                if let Err(error) = listen_once(&url, &told_tx).await {
                    tracing::warn!("listening for what accounts are told: {error}");
                }
                tokio::time::sleep(LISTEN_AGAIN).await;
            }
        });
        told_rx
    }
}

/// Listens on one connection until it breaks or nobody reads what is heard.
async fn listen_once(url: &str, told: &mpsc::Sender<Told>) -> Result<(), StoreError> {
    let (heard_tx, mut heard) = mpsc::unbounded_channel();
    let client = connect_hearing(url, Some(heard_tx)).await?;
    client
        .batch_execute(&format!("LISTEN {CHANNEL}"))
        .await
        .map_err(pg)?;
    // The client must live as long as the connection is listened on.
    while let Some(notification) = heard.recv().await {
        let payload: serde_json::Value =
            serde_json::from_str(notification.payload()).unwrap_or_default();
        let (Some(key), Some(text)) = (payload["key"].as_str(), payload["text"].as_str()) else {
            tracing::warn!("a notification on {CHANNEL} that is not ours: ignored");
            continue;
        };
        let told_now = Told {
            key: key.to_string(),
            text: text.to_string(),
        };
        if told.send(told_now).await.is_err() {
            return Ok(());
        }
    }
    drop(client);
    Err(StoreError::Unavailable(
        "the listening connection closed".into(),
    ))
}
