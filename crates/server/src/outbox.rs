//! A connection's outgoing queue: bounded, so that a client that does not read cannot make the
//! server's memory grow.

use std::sync::Arc;

use tokio::sync::mpsc;

/// A message's text, shared between the members of a room without copying.
pub type Text = tokio_tungstenite::tungstenite::Utf8Bytes;

/// A connection's number, unique in the server.
pub type ConnId = u64;

/// What a connection is sent.
#[derive(Clone, Debug)]
pub enum Outgoing {
    /// A JSON text message (shared between the members of a room).
    Text(Text),
    /// The connection is no longer in the room (after this text, if any).
    Detached(Option<Text>),
    /// The room stopped running here (another process runs it now): the client is told to
    /// reconnect, which brings it to the room's new home.
    Reconnect,
}

/// The sending half of a connection's queue. The queue is bounded: a connection that does not
/// read what it is sent is told to close (`kick`) rather than let the server's memory grow.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Outgoing>,
    kick: Arc<tokio::sync::Notify>,
}

/// Why a message was not queued for a connection: it is dropped, and callers go on (the
/// connection is closing either way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// The connection does not read what it is sent: it was told to close.
    #[error("the connection is too slow to read what it is sent: closing it")]
    TooSlow,
    /// The connection is gone.
    #[error("the connection is closed")]
    Closed,
}

/// How many messages may wait for a connection before it is closed as too slow.
pub const OUTBOX_CAPACITY: usize = 1024;

impl Outbox {
    /// A queue, its receiving end, and the signal that the connection is too slow.
    pub fn new() -> (Outbox, mpsc::Receiver<Outgoing>, Arc<tokio::sync::Notify>) {
        let (tx, rx) = mpsc::channel(OUTBOX_CAPACITY);
        let kick = Arc::new(tokio::sync::Notify::new());
        (
            Outbox {
                tx,
                kick: kick.clone(),
            },
            rx,
            kick,
        )
    }

    /// Queues `message`; a full queue kicks the connection.
    pub fn send(&self, message: Outgoing) -> Result<(), SendError> {
        match self.tx.try_send(message) {
            Ok(()) => Ok(()),
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.kick.notify_one();
                Err(SendError::TooSlow)
            }
            Err(mpsc::error::TrySendError::Closed(_)) => Err(SendError::Closed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_full_outbox_kicks_its_connection_instead_of_growing() {
        let (outbox, mut rx, kick) = Outbox::new();
        let text: Text = "{}".into();
        for _ in 0..OUTBOX_CAPACITY {
            assert!(outbox.send(Outgoing::Text(text.clone())).is_ok());
        }
        assert_eq!(
            outbox.send(Outgoing::Text(text.clone())),
            Err(SendError::TooSlow)
        );
        tokio::time::timeout(Duration::from_secs(1), kick.notified())
            .await
            .expect("the connection is told to close");
        assert!(rx.try_recv().is_ok());
        assert!(
            outbox.send(Outgoing::Text(text.clone())).is_ok(),
            "room again once read"
        );
        drop(rx);
        assert_eq!(outbox.send(Outgoing::Text(text)), Err(SendError::Closed));
    }
}
