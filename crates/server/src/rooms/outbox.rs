//! A connection's outgoing queue: bounded, so that a client that does not read cannot make the
//! server's memory grow.
//!
//! Not a channel of tokio's: every connection has one for its whole life, and a channel costs
//! about 3 KiB even when empty (a cache-padded header and blocks of 32 slots). This queue is a
//! `VecDeque` under a lock, as large as what waits in it, beside two signals.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::Notify;
use tokio::sync::futures::Notified;

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
    /// Quick match seated the connection in `room` with `token`: it enters the room.
    Matched { room: String, token: String },
    /// Quick match could not seat the connection (it was told why): it waits no more.
    Unmatched,
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

/// What an emptied queue keeps of its storage; a burst's larger buffer is given back.
const KEPT_CAPACITY: usize = 8;

struct Queue {
    state: Mutex<State>,
    /// A message was queued, or the last sender left.
    ready: Notify,
    /// The queue overflowed: the connection is to close.
    kicked: Notify,
}

struct State {
    messages: VecDeque<Outgoing>,
    senders: usize,
    receiving: bool,
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing panics while holding the lock, but a poisoned queue is still a sound one.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The sending half of a connection's queue (the rooms hold it). The queue is bounded: a
/// connection that does not read what it is sent is told to close rather than let the server's
/// memory grow.
#[derive(Debug)]
pub struct Outbox {
    queue: Arc<Queue>,
}

/// The receiving half of a connection's queue (the connection's task holds it).
#[derive(Debug)]
pub struct Inbox {
    queue: Arc<Queue>,
}

impl std::fmt::Debug for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = self.lock();
        f.debug_struct("Queue")
            .field("waiting", &state.messages.len())
            .field("senders", &state.senders)
            .field("receiving", &state.receiving)
            .finish()
    }
}

impl Outbox {
    /// A queue: its sending and its receiving half.
    pub fn new() -> (Outbox, Inbox) {
        let queue = Arc::new(Queue {
            state: Mutex::new(State {
                messages: VecDeque::new(),
                senders: 1,
                receiving: true,
            }),
            ready: Notify::new(),
            kicked: Notify::new(),
        });
        (
            Outbox {
                queue: queue.clone(),
            },
            Inbox { queue },
        )
    }

    /// Queues `message`; a full queue kicks the connection.
    pub fn send(&self, message: Outgoing) -> Result<(), SendError> {
        let mut state = self.queue.lock();
        if !state.receiving {
            return Err(SendError::Closed);
        }
        if state.messages.len() >= OUTBOX_CAPACITY {
            drop(state);
            self.queue.kicked.notify_one();
            return Err(SendError::TooSlow);
        }
        state.messages.push_back(message);
        drop(state);
        // Stores a permit when the receiver is not waiting yet: no wake-up is lost.
        self.queue.ready.notify_one();
        Ok(())
    }
}

impl Clone for Outbox {
    fn clone(&self) -> Outbox {
        self.queue.lock().senders += 1;
        Outbox {
            queue: self.queue.clone(),
        }
    }
}

impl Drop for Outbox {
    fn drop(&mut self) {
        let mut state = self.queue.lock();
        state.senders -= 1;
        let last = state.senders == 0;
        drop(state);
        if last {
            self.queue.ready.notify_one();
        }
    }
}

impl Inbox {
    /// The next message; `None` once it is empty and every sender is gone. Cancel-safe: a
    /// message is taken only by the call that returns it.
    pub async fn recv(&self) -> Option<Outgoing> {
        loop {
            {
                let mut state = self.queue.lock();
                if let Some(message) = state.messages.pop_front() {
                    if state.messages.is_empty() && state.messages.capacity() > KEPT_CAPACITY {
                        state.messages.shrink_to(KEPT_CAPACITY);
                    }
                    return Some(message);
                }
                if state.senders == 0 {
                    return None;
                }
            }
            self.queue.ready.notified().await;
        }
    }

    /// Drops everything queued so far.
    pub fn clear(&self) {
        let mut state = self.queue.lock();
        state.messages.clear();
        state.messages.shrink_to(KEPT_CAPACITY);
    }

    /// Completes once the queue has overflowed: the connection does not read fast enough.
    pub fn kicked(&self) -> Notified<'_> {
        self.queue.kicked.notified()
    }

    #[cfg(test)]
    fn capacity(&self) -> usize {
        self.queue.lock().messages.capacity()
    }
}

impl Drop for Inbox {
    fn drop(&mut self) {
        let mut state = self.queue.lock();
        state.receiving = false;
        // What waits is for nobody now; the rooms may hold their halves a while longer.
        state.messages = VecDeque::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn text(n: usize) -> Outgoing {
        Outgoing::Text(n.to_string().into())
    }

    fn number(message: Option<Outgoing>) -> usize {
        match message {
            Some(Outgoing::Text(text)) => text.as_str().parse().unwrap(),
            other => panic!("expected a text, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_full_outbox_kicks_its_connection_instead_of_growing() {
        let (outbox, inbox) = Outbox::new();
        for n in 0..OUTBOX_CAPACITY {
            assert!(outbox.send(text(n)).is_ok());
        }
        assert_eq!(outbox.send(text(0)), Err(SendError::TooSlow));
        tokio::time::timeout(Duration::from_secs(1), inbox.kicked())
            .await
            .expect("the connection is told to close");
        assert_eq!(number(inbox.recv().await), 0);
        assert!(outbox.send(text(0)).is_ok(), "room again once read");
        drop(inbox);
        assert_eq!(outbox.send(text(0)), Err(SendError::Closed));
    }

    #[tokio::test]
    async fn messages_come_out_in_order_and_the_end_once_every_sender_is_gone() {
        let (outbox, inbox) = Outbox::new();
        let other = outbox.clone();
        outbox.send(text(1)).unwrap();
        other.send(text(2)).unwrap();
        drop(outbox);
        other.send(Outgoing::Detached(None)).unwrap();
        drop(other);
        assert_eq!(number(inbox.recv().await), 1);
        assert_eq!(number(inbox.recv().await), 2);
        assert!(matches!(inbox.recv().await, Some(Outgoing::Detached(None))));
        assert!(inbox.recv().await.is_none(), "no sender is left");
    }

    #[tokio::test]
    async fn a_waiting_receiver_wakes_for_a_message_and_for_the_last_sender_leaving() {
        let (outbox, inbox) = Outbox::new();
        let sender = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(20)).await;
            outbox.send(text(7)).unwrap();
            tokio::time::sleep(Duration::from_millis(20)).await;
        });
        let first = tokio::time::timeout(Duration::from_secs(5), inbox.recv()).await;
        assert_eq!(number(first.expect("woken by the message")), 7);
        let end = tokio::time::timeout(Duration::from_secs(5), inbox.recv()).await;
        assert!(end.expect("woken by the sender leaving").is_none());
        sender.await.unwrap();
    }

    #[tokio::test]
    async fn cleared_and_emptied_queues_give_a_bursts_memory_back() {
        let (outbox, inbox) = Outbox::new();
        for n in 0..500 {
            outbox.send(text(n)).unwrap();
        }
        assert!(inbox.capacity() >= 500);
        for n in 0..500 {
            assert_eq!(number(inbox.recv().await), n);
        }
        assert!(inbox.capacity() <= KEPT_CAPACITY);
        for n in 0..500 {
            outbox.send(text(n)).unwrap();
        }
        inbox.clear();
        assert!(inbox.capacity() <= KEPT_CAPACITY);
        outbox.send(text(9)).unwrap();
        assert_eq!(
            number(inbox.recv().await),
            9,
            "nothing from before the clearing"
        );
    }

    /// Senders on other threads, a receiver that is often cancelled (as in the connection's
    /// `select!`): every message arrives once, in each sender's order.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn nothing_is_lost_or_doubled_across_threads_and_cancelled_receives() {
        const SENDERS: usize = 4;
        const EACH: usize = 2000;
        let (outbox, inbox) = Outbox::new();
        let mut tasks = Vec::new();
        for sender in 0..SENDERS {
            let outbox = outbox.clone();
            tasks.push(tokio::spawn(async move {
                for n in 0..EACH {
                    // Within capacity: the receiver below keeps up, or the sender waits.
                    while outbox.send(text(sender * EACH + n)) == Err(SendError::TooSlow) {
                        tokio::task::yield_now().await;
                    }
                    if n % 64 == 0 {
                        tokio::task::yield_now().await;
                    }
                }
            }));
        }
        drop(outbox);
        let mut next = [0usize; SENDERS];
        let mut received = 0;
        loop {
            let message = tokio::select! {
                message = inbox.recv() => message,
                () = tokio::task::yield_now() => continue,
            };
            let Some(message) = message else { break };
            let n = number(Some(message));
            let (sender, index) = (n / EACH, n % EACH);
            assert_eq!(index, next[sender], "sender {sender}'s messages in order");
            next[sender] += 1;
            received += 1;
        }
        assert_eq!(received, SENDERS * EACH);
        for task in tasks {
            task.await.unwrap();
        }
    }
}
