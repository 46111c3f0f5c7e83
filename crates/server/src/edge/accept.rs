//! Accepting connections: every TCP connection is counted from the moment it is accepted (plain
//! HTTP, WebSocket handshakes and open WebSockets alike) until its socket closes, in all and by
//! its address, so that sockets that never finish their request cannot hold the server past
//! `--max-connections`, nor one address take them all (`--connections-per-address`); requests
//! must send their headers within a timeout, and a plain HTTP connection lives a bounded time.

use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

use crate::edge::proxies::IpNet;

/// How connections are accepted and bounded.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections served at once.
    pub max_connections: usize,
    /// Connections beyond `max_connections` that are still answered, with a refusal, before
    /// being closed; past them a connection is closed at once.
    pub refusal_reserve: usize,
    /// Connections served at once from one address (trusted proxies aside: behind them, each
    /// client's WebSockets are counted by the address the proxy names, see `ws`).
    pub per_address: usize,
    /// Time a client has to send a request's headers.
    pub header_timeout: Duration,
    /// The longest a plain HTTP connection (not a WebSocket) stays open.
    pub http_lifetime: Duration,
}

/// Connections of one address beyond its cap that are still answered with a refusal; past
/// them its connections are closed at once.
const ADDRESS_REFUSAL_RESERVE: usize = 8;

/// Counts the open connections, in all and by address.
#[derive(Debug, Default)]
pub struct Connections {
    open: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

impl Connections {
    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::SeqCst)
    }

    /// Counts one more connection from `addr`: returns how many it has now, this one included,
    /// and the slot that gives it back when dropped.
    pub fn from_address(self: &Arc<Self>, addr: IpAddr) -> (usize, AddressSlot) {
        let mut counts = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        let count = counts.entry(addr).or_default();
        *count += 1;
        let now = *count;
        (
            now,
            AddressSlot {
                connections: self.clone(),
                addr,
            },
        )
    }
}

/// A connection's place in the count, given back when its socket is dropped.
#[derive(Debug)]
struct Slot(Arc<Connections>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A connection's place in its address's count, given back when dropped.
#[derive(Debug)]
pub struct AddressSlot {
    connections: Arc<Connections>,
    addr: IpAddr,
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut counts = self
            .connections
            .by_address
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(count) = counts.get_mut(&self.addr) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.addr);
            }
        }
    }
}

/// Whether a connection is served, or only told why not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admission {
    Served,
    /// The server holds as many connections as it allows.
    Refused,
    /// The client's address holds as many connections as one address may.
    AddressFull,
}

/// Where a connection stands against the caps: `open` connections in all and `from_here` from
/// its address, this one included (`None`: not counted by address, a trusted proxy's). Past
/// every reserve, the answer written at once before it is closed.
pub fn admission(
    limits: &Limits,
    open: usize,
    from_here: Option<usize>,
) -> Result<Admission, &'static [u8]> {
    let from_here = from_here.unwrap_or(0);
    if open > limits.max_connections + limits.refusal_reserve {
        Err(FULL)
    } else if from_here > limits.per_address + ADDRESS_REFUSAL_RESERVE {
        Err(ADDRESS_FULL)
    } else if open > limits.max_connections {
        Ok(Admission::Refused)
    } else if from_here > limits.per_address {
        Ok(Admission::AddressFull)
    } else {
        Ok(Admission::Served)
    }
}

/// What handlers know of the connection a request came on (a request extension).
#[derive(Clone, Copy, Debug)]
pub struct Peer {
    pub addr: IpAddr,
    pub admission: Admission,
    /// The connection comes from a trusted proxy: not counted by address at its accept (the
    /// proxy speaks for many clients).
    pub proxied: bool,
}

/// A socket that holds its connection's slot: the slot lives exactly as long as the socket,
/// through an upgrade to a WebSocket too.
struct Counted {
    stream: TcpStream,
    _slot: Slot,
    _address: Option<AddressSlot>,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// The answer to a connection past the refusal reserve: written at once, no parsing.
const FULL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: 41\r\nretry-after: 30\r\nconnection: close\r\n\r\nthe server is full: try again in a while\n";

/// The answer to a connection past its address's refusal reserve.
const ADDRESS_FULL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: 51\r\nretry-after: 30\r\nconnection: close\r\n\r\ntoo many connections from your address: close some\n";

/// Accepts connections on `listener` and serves `router` on them until `stop` turns true;
/// then stops accepting and lets the open connections finish their current request.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    trusted_proxies: Arc<[IpNet]>,
    connections: Arc<Connections>,
    mut stop: watch::Receiver<bool>,
) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let http = Arc::new(http);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = stopped(&mut stop) => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors or a transient network error: the listener stays, and
                // is tried again shortly.
                tracing::warn!("accept: {error}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let open = connections.open.fetch_add(1, Ordering::SeqCst) + 1;
        let slot = Slot(connections.clone());
        let addr = crate::edge::proxies::canonical(peer.ip());
        let proxied = crate::edge::proxies::trusts(&trusted_proxies, addr);
        let (from_here, address) = if proxied {
            (None, None)
        } else {
            let (from_here, address) = connections.from_address(addr);
            (Some(from_here), Some(address))
        };
        let admission = match admission(&limits, open, from_here) {
            Ok(admission) => admission,
            Err(answer) => {
                tokio::spawn(async move {
                    let mut stream = stream;
                    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(answer))
                        .await;
                    drop((slot, address));
                });
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let peer = Peer {
            addr,
            admission,
            proxied,
        };
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(peer);
            router.clone().oneshot(request)
        });
        let http = http.clone();
        let mut stop = stop.clone();
        let lifetime = limits.http_lifetime;
        tokio::spawn(async move {
            let io = TokioIo::new(Counted {
                stream,
                _slot: slot,
                _address: address,
            });
            let connection = http.serve_connection(io, service).with_upgrades();
            tokio::pin!(connection);
            let deadline = tokio::time::sleep(lifetime);
            tokio::pin!(deadline);
            let mut closing = false;
            loop {
                tokio::select! {
                    _ = connection.as_mut() => break,
                    () = deadline.as_mut() => {
                        if closing {
                            break;
                        }
                        connection.as_mut().graceful_shutdown();
                        closing = true;
                        // A client that does not read its answer is not waited for long.
                        deadline.as_mut().reset(tokio::time::Instant::now() + Duration::from_secs(5));
                    }
                    () = stopped(&mut stop), if !closing => {
                        connection.as_mut().graceful_shutdown();
                        closing = true;
                        deadline.as_mut().reset(tokio::time::Instant::now() + Duration::from_secs(5));
                    }
                }
            }
        });
    }
}

/// Resolves once the server is told to stop.
pub async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|stop| *stop).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_answers_have_the_length_they_say() {
        for answer in [FULL, ADDRESS_FULL] {
            let text = std::str::from_utf8(answer).unwrap();
            let (head, body) = text.split_once("\r\n\r\n").unwrap();
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length: "))
                .unwrap()
                .parse()
                .unwrap();
            assert_eq!(length, body.len(), "{text}");
        }
    }

    #[test]
    fn each_cap_is_answered_then_closed_past_its_reserve() {
        let limits = Limits {
            max_connections: 100,
            refusal_reserve: 8,
            per_address: 10,
            header_timeout: Duration::from_secs(1),
            http_lifetime: Duration::from_secs(1),
        };
        let verdict = |open, from_here| admission(&limits, open, from_here);
        assert_eq!(verdict(1, Some(1)), Ok(Admission::Served));
        assert_eq!(verdict(100, Some(10)), Ok(Admission::Served));
        assert_eq!(verdict(50, Some(11)), Ok(Admission::AddressFull));
        assert_eq!(verdict(50, Some(18)), Ok(Admission::AddressFull));
        assert_eq!(verdict(50, Some(19)), Err(ADDRESS_FULL));
        // A trusted proxy's connections count in all only.
        assert_eq!(verdict(100, None), Ok(Admission::Served));
        assert_eq!(verdict(101, None), Ok(Admission::Refused));
        assert_eq!(verdict(101, Some(11)), Ok(Admission::Refused));
        assert_eq!(verdict(109, None), Err(FULL));
    }
}
