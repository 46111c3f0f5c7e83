//! Accepting connections: every TCP connection is counted from the moment it is accepted (plain
//! HTTP, WebSocket handshakes and open WebSockets alike) until its socket closes, so that sockets
//! that never finish their request cannot hold the server past `--max-connections`; requests must
//! send their headers within a timeout, and a plain HTTP connection lives a bounded time.

use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
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

/// How connections are accepted and bounded.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections served at once.
    pub max_connections: usize,
    /// Connections beyond `max_connections` that are still answered, with a refusal, before
    /// being closed; past them a connection is closed at once.
    pub refusal_reserve: usize,
    /// Time a client has to send a request's headers.
    pub header_timeout: Duration,
    /// The longest a plain HTTP connection (not a WebSocket) stays open.
    pub http_lifetime: Duration,
}

/// Counts the open connections.
#[derive(Debug, Default)]
pub struct Connections {
    open: AtomicUsize,
}

impl Connections {
    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::SeqCst)
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

/// Whether a connection is served, or only told that the server is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admission {
    Served,
    Refused,
}

/// What handlers know of the connection a request came on (a request extension).
#[derive(Clone, Copy, Debug)]
pub struct Peer {
    pub addr: IpAddr,
    pub admission: Admission,
}

/// A socket that holds its connection's slot: the slot lives exactly as long as the socket,
/// through an upgrade to a WebSocket too.
struct Counted {
    stream: TcpStream,
    _slot: Slot,
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

/// Accepts connections on `listener` and serves `router` on them until `stop` turns true;
/// then stops accepting and lets the open connections finish their current request.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
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
        let admission = if open <= limits.max_connections {
            Admission::Served
        } else if open <= limits.max_connections + limits.refusal_reserve {
            Admission::Refused
        } else {
            tokio::spawn(async move {
                let mut stream = stream;
                let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(FULL)).await;
                drop(slot);
            });
            continue;
        };
        let _ = stream.set_nodelay(true);
        let peer = Peer {
            addr: crate::proxies::canonical(peer.ip()),
            admission,
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
