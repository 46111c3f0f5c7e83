//! Who is online across the processes of a cluster, and telling an account's connections
//! wherever they are (`martian_store::presence`).
//!
//! Each process publishes the accounts connected to it on a timer; a friend is online if this
//! process has a connection of theirs, or another published one lately. What an account is told
//! (an invite) goes through the database to every process, which hands it to the connections it
//! has. Without a cluster (SQLite) this process knows everything itself.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use martian_protocol::names::skeleton;
use martian_store::presence::{Presence, Seen, Told};
use tokio::sync::watch;

use crate::players::{AccountError, Online, Players};
use crate::rooms::outbox::{Outgoing, Text};
use crate::state::stopped;

/// This process's part in its cluster's presence.
#[derive(Debug)]
pub struct SharedPresence {
    presence: Presence,
    node: String,
    every: Duration,
}

impl SharedPresence {
    /// Publishes as `node` every `every`.
    pub fn new(presence: Presence, node: &str, every: Duration) -> SharedPresence {
        SharedPresence {
            presence,
            node: node.to_string(),
            every,
        }
    }

    /// A row older than this belongs to a process that stopped publishing.
    fn since_ms(&self) -> i64 {
        let fresh = self.every * 3 + Duration::from_secs(1);
        martian_store::now_ms() - fresh.as_millis() as i64
    }
}

/// Whether a player is online, and in which room (its id).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Whereabouts {
    pub online: bool,
    /// The room they are in: a room running here, or one another process published.
    pub room: Option<String>,
}

impl Online {
    /// Every account connected here, with the room its newest connection is in.
    fn snapshot(&self) -> Vec<Seen> {
        self.lock()
            .iter()
            .map(|(key, connections)| Seen {
                key: key.clone(),
                room: connections.iter().rev().find_map(|c| c.room.clone()),
            })
            .collect()
    }

    /// Sends `text` to every connection the account with name key `key` has open here.
    fn tell_key(&self, key: &str, text: &Text) -> usize {
        let online = self.lock();
        let Some(connections) = online.get(key) else {
            return 0;
        };
        for connection in connections {
            let _ = connection.outbox.send(Outgoing::Text(text.clone()));
        }
        connections.len()
    }
}

impl Players {
    /// Where each of `names` is (in the same order); `live_here` says whether a room id is one
    /// this process runs (a connection's room that closed since is not told).
    pub async fn whereabouts(
        &self,
        names: &[String],
        live_here: impl Fn(&str) -> bool,
    ) -> Result<Vec<Whereabouts>, AccountError> {
        let mut found: Vec<Whereabouts> = names
            .iter()
            .map(|name| Whereabouts {
                online: self.online.is_online(name),
                room: self
                    .online
                    .rooms_of(name)
                    .into_iter()
                    .find(|room| live_here(room)),
            })
            .collect();
        let Some(shared) = &self.shared else {
            return Ok(found);
        };
        let elsewhere: Vec<String> = names
            .iter()
            .zip(&found)
            .filter(|(_, here)| !here.online)
            .map(|(name, _)| skeleton(name))
            .collect();
        if elsewhere.is_empty() {
            return Ok(found);
        }
        let seen: HashMap<String, Option<String>> = shared
            .presence
            .elsewhere(&shared.node, &elsewhere, shared.since_ms())
            .await?
            .into_iter()
            .map(|seen| (seen.key, seen.room))
            .collect();
        for (name, place) in names.iter().zip(found.iter_mut()) {
            if let Some(room) = seen.get(&skeleton(name)).filter(|_| !place.online) {
                *place = Whereabouts {
                    online: true,
                    room: room.clone(),
                };
            }
        }
        Ok(found)
    }

    /// Sends `text` to every connection `name` has open, on this process or (in a cluster) on
    /// any; whether they had one.
    pub async fn tell_everywhere(&self, name: &str, text: &Text) -> Result<bool, AccountError> {
        let Some(shared) = &self.shared else {
            return Ok(self.online.tell(name, text) > 0);
        };
        let whereabouts = self.whereabouts(&[name.to_string()], |_| false).await?;
        if !whereabouts.iter().any(|place| place.online) {
            return Ok(false);
        }
        // Every process hears it, this one too, and tells its own connections.
        let told = Told {
            key: skeleton(name),
            text: text.as_str().to_string(),
        };
        shared.presence.tell(&told).await?;
        Ok(true)
    }
}

/// Publishes who is connected here and hands what the cluster tells an account to its
/// connections here, until `stop`; then withdraws this process's rows.
pub async fn share(players: Arc<Players>, mut stop: watch::Receiver<bool>) {
    let Some(shared) = &players.shared else {
        return;
    };
    let mut told = shared.presence.listen();
    let mut every = tokio::time::interval(shared.every);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            () = stopped(&mut stop) => break,
            heard = told.recv() => {
                let Some(heard) = heard else { break };
                players.online.tell_key(&heard.key, &Text::from(heard.text));
            }
            _ = every.tick() => {
                let online = players.online.snapshot();
                let now = martian_store::now_ms();
                if let Err(error) = shared.presence.publish(&shared.node, &online, now).await {
                    tracing::warn!("publishing who is online here: {error}");
                }
            }
        }
    }
    let now = martian_store::now_ms();
    if let Err(error) = shared.presence.publish(&shared.node, &[], now).await {
        tracing::warn!("withdrawing who was online here: {error}");
    }
}
