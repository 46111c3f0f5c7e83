//! Accepting connections: every TCP connection is counted from the moment it is accepted (plain
//! HTTP, WebSocket handshakes and open WebSockets alike) until its socket closes, in all and by
//! its address, so that sockets that never finish their request cannot hold the server past
//! `--max-connections`, nor one address take them all (`--connections-per-address`); requests
//! must send their headers within a timeout, and a plain HTTP connection lives a bounded time.
//! Monitoring is never locked out: a connection from the machine itself (a loopback address)
//! whose request is for `/healthz`, `/readyz` or `/metrics` is answered past every cap, a few at
//! a time ([`MONITORING_RESERVE`]).

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
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
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

/// Connections from the machine itself for a monitoring path that are served past the refusal
/// reserves (in all, or of their address), at once; past them, they are refused like any other.
pub const MONITORING_RESERVE: usize = 8;

/// The paths of monitoring: answered to the machine itself even when it holds every connection
/// it may (`/metrics` only where it is served at all).
pub const MONITORING_PATHS: [&str; 3] = ["/healthz", "/readyz", "/metrics"];

/// Counts the open connections, in all and by address.
#[derive(Debug, Default)]
pub struct Connections {
    open: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
    /// Connections served in the [`MONITORING_RESERVE`].
    monitoring: AtomicUsize,
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

impl Connections {
    /// A place in the [`MONITORING_RESERVE`], if one is free.
    fn monitoring_slot(self: &Arc<Self>) -> Option<MonitoringSlot> {
        self.monitoring
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < MONITORING_RESERVE).then_some(n + 1)
            })
            .ok()
            .map(|_| MonitoringSlot(self.clone()))
    }
}

/// A connection's place in the monitoring reserve, given back when its socket is dropped.
#[derive(Debug)]
struct MonitoringSlot(Arc<Connections>);

impl Drop for MonitoringSlot {
    fn drop(&mut self) {
        self.0.monitoring.fetch_sub(1, Ordering::SeqCst);
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
    _monitoring: Option<MonitoringSlot>,
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
        let served = Served {
            router: router.clone(),
            http: http.clone(),
            stop: stop.clone(),
            lifetime: limits.http_lifetime,
        };
        let admission = match admission(&limits, open, from_here) {
            Ok(admission) => admission,
            Err(answer) => {
                // The machine's own monitoring still gets its answer, past every reserve.
                let over_all = open > limits.max_connections;
                let connections = connections.clone();
                tokio::spawn(async move {
                    let mut stream = stream;
                    if addr.is_loopback()
                        && monitoring_request(&stream, Duration::from_secs(1)).await
                        && let Some(monitoring) = connections.monitoring_slot()
                    {
                        let peer = Peer {
                            addr,
                            admission: if over_all {
                                Admission::Refused
                            } else {
                                Admission::AddressFull
                            },
                            proxied,
                        };
                        let counted = Counted {
                            stream,
                            _slot: slot,
                            _address: address,
                            _monitoring: Some(monitoring),
                        };
                        served.run(counted, peer).await;
                        return;
                    }
                    // The request may have been read (peeked): it is drained after the answer,
                    // so that closing does not reset the connection before the client reads it.
                    let answered = async {
                        stream.write_all(answer).await?;
                        stream.shutdown().await?;
                        let mut sink = [0u8; 1024];
                        while stream.read(&mut sink).await? > 0 {}
                        io::Result::Ok(())
                    };
                    let _ = tokio::time::timeout(Duration::from_secs(1), answered).await;
                    drop((slot, address));
                });
                continue;
            }
        };
        let peer = Peer {
            addr,
            admission,
            proxied,
        };
        let counted = Counted {
            stream,
            _slot: slot,
            _address: address,
            _monitoring: None,
        };
        tokio::spawn(served.run(counted, peer));
    }
}

/// What serving a connection takes.
struct Served {
    router: Router,
    http: Arc<hyper::server::conn::http1::Builder>,
    stop: watch::Receiver<bool>,
    lifetime: Duration,
}

impl Served {
    /// Serves the requests of `counted` until it closes, its lifetime is over or the server
    /// stops.
    async fn run(self, counted: Counted, peer: Peer) {
        let Served {
            router,
            http,
            mut stop,
            lifetime,
        } = self;
        let _ = counted.stream.set_nodelay(true);
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(peer);
            router.clone().oneshot(request)
        });
        let io = TokioIo::new(counted);
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
    }
}

/// Whether the request that `stream` starts with is a `GET` of a monitoring path, read without
/// taking it from the socket (so that it is then served as usual), within `limit`.
async fn monitoring_request(stream: &TcpStream, limit: Duration) -> bool {
    let mut head = [0u8; 16];
    let read = async {
        loop {
            let n = stream.peek(&mut head).await.ok()?;
            if n == 0 {
                return None;
            }
            let seen = &head[..n];
            let mut undecided = false;
            for path in MONITORING_PATHS {
                let line = [b"GET ".as_slice(), path.as_bytes()].concat();
                if seen.len() > line.len() {
                    if seen.starts_with(&line) && matches!(seen[line.len()], b' ' | b'?') {
                        return Some(true);
                    }
                } else if line.starts_with(seen) {
                    undecided = true;
                }
            }
            if !undecided || n == head.len() {
                return Some(false);
            }
            // Part of the line has come: wait a moment for the rest.
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    };
    matches!(tokio::time::timeout(limit, read).await, Ok(Some(true)))
}

use crate::state::stopped;

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
