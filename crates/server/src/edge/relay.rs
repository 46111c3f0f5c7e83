//! A WebSocket handed to the process that runs its room (see `cluster`): the handshake passed
//! on, then the byte copy both ways, aware
//! of the frames the owner sends: when this process stops, the client is told `restarting` and
//! closed with 1012 between two of the owner's frames, as if it were served here, instead of
//! losing its connection with no close frame at all.

use std::net::IpAddr;
use std::time::Duration;

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::watch;

use crate::cluster::HOP_HEADER;
use crate::edge::App;
use crate::edge::accept::{AddressSlot, Peer};
use crate::state::stopped;
use martian_protocol::ServerMessage;

/// Hands a WebSocket handshake to the process at `addr` (the room's owner) over `stream`, and
/// once both sides have switched protocols, copies bytes both ways until either side closes
/// (or this process stops: see `relay`).
///
/// `peer` is the client as this process sees it (after trusted proxies), `direct` the address
/// the connection came from: the owner is told the client in X-Real-IP and gets the
/// X-Forwarded-For chain with `direct` appended, which it believes when it trusts this
/// process (`--trusted-proxy`).
pub async fn proxy(
    app: &App,
    mut request: axum::extract::Request,
    peer: Peer,
    direct: IpAddr,
    stream: TcpStream,
    addr: &str,
    address: Option<AddressSlot>,
) -> Response {
    let unavailable = |why: String| {
        tracing::warn!("handing a connection to {addr}: {why}");
        (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::RETRY_AFTER, "1")],
            "the room's server cannot be reached now: try again in a moment\n",
        )
            .into_response()
    };
    let _ = stream.set_nodelay(true);
    let (mut sender, connection) =
        match hyper::client::conn::http1::handshake(TokioIo::new(stream)).await {
            Ok(pair) => pair,
            Err(error) => return unavailable(error.to_string()),
        };
    tokio::spawn(async move {
        let _ = connection.with_upgrades().await;
    });
    let downstream = request
        .extensions_mut()
        .remove::<hyper::upgrade::OnUpgrade>();
    let mut forwarded = hyper::Request::builder().method(request.method()).uri(
        request
            .uri()
            .path_and_query()
            .map_or("/ws", |p| p.as_str())
            .to_string(),
    );
    for (name, value) in request.headers() {
        if name != "x-forwarded-for" && name != "x-real-ip" {
            forwarded = forwarded.header(name, value);
        }
    }
    let chain = match request
        .headers()
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok())
    {
        Some(before) => format!("{before}, {direct}"),
        None => direct.to_string(),
    };
    forwarded = forwarded.header("x-forwarded-for", chain);
    forwarded = forwarded.header("x-real-ip", peer.addr.to_string());
    forwarded = forwarded.header(HOP_HEADER, HeaderValue::from_static("1"));
    let Ok(forwarded) = forwarded.body(Body::empty()) else {
        return unavailable("the request could not be copied".into());
    };
    let mut response = match sender.send_request(forwarded).await {
        Ok(response) => response,
        Err(error) => return unavailable(error.to_string()),
    };
    app.metrics.connection_proxied();
    if response.status() != StatusCode::SWITCHING_PROTOCOLS {
        let (parts, body) = response.into_parts();
        return Response::from_parts(parts, Body::new(body));
    }
    let upstream = hyper::upgrade::on(&mut response);
    let Some(downstream) = downstream else {
        return unavailable("this connection cannot be upgraded".into());
    };
    let stop = app.stop.clone();
    tokio::spawn(async move {
        let (Ok(upstream), Ok(downstream)) = (upstream.await, downstream.await) else {
            return;
        };
        relay(TokioIo::new(downstream), TokioIo::new(upstream), stop).await;
        // The client's place in its address's count, for as long as its connection lives.
        drop(address);
    });
    let (parts, _) = response.into_parts();
    Response::from_parts(parts, Body::empty())
}

/// How long a frame of the owner's already begun may take to end once this process stops.
const FRAME_END_WAIT: Duration = Duration::from_secs(2);

/// Where the owner's stream stands between frames: the bytes of a header read so far, or the
/// payload bytes still to come.
#[derive(Debug, Default)]
pub struct FrameCursor {
    header: Vec<u8>,
    payload_left: u64,
    /// The owner sent a close frame: the connection ends its own way.
    closing: bool,
}

impl FrameCursor {
    /// Follows `bytes`, the next ones of the owner's stream.
    pub fn feed(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let used = self.feed_to_frame_end(bytes);
            bytes = &bytes[used..];
        }
    }

    /// Follows `bytes` up to the end of the frame under way (or all of them, if it does not end
    /// in them); returns how many it took.
    pub fn feed_to_frame_end(&mut self, bytes: &[u8]) -> usize {
        let mut used = 0;
        while used < bytes.len() {
            if self.payload_left > 0 {
                let left = bytes.len() - used;
                let skipped = left.min(usize::try_from(self.payload_left).unwrap_or(usize::MAX));
                self.payload_left -= skipped as u64;
                used += skipped;
            } else {
                self.header.push(bytes[used]);
                used += 1;
                if let Some(payload) = self.header_payload() {
                    if self.header[0] & 0x0f == 0x8 {
                        self.closing = true;
                    }
                    self.payload_left = payload;
                    self.header.clear();
                }
            }
            if self.between_frames() {
                break;
            }
        }
        used
    }

    /// The payload length once the header read so far is whole.
    fn header_payload(&self) -> Option<u64> {
        let header = &self.header;
        if header.len() < 2 {
            return None;
        }
        let masked = header[1] & 0x80 != 0;
        let (extended, length) = match header[1] & 0x7f {
            126 => (2, None),
            127 => (8, None),
            short => (0, Some(u64::from(short))),
        };
        let whole = 2 + extended + if masked { 4 } else { 0 };
        if header.len() < whole {
            return None;
        }
        Some(length.unwrap_or_else(|| {
            header[2..2 + extended]
                .iter()
                .fold(0u64, |n, &b| (n << 8) | u64::from(b))
        }))
    }

    /// How many bytes may be read, at most `limit`, without going past the end of the frame
    /// under way (at least 1, when its end is not known yet: a header still being read).
    pub fn bytes_to_frame_end(&self, limit: usize) -> usize {
        if self.payload_left > 0 {
            limit.min(usize::try_from(self.payload_left).unwrap_or(usize::MAX))
        } else {
            1
        }
    }

    /// Between two frames: a frame of the relay's own may go to the client now.
    pub fn between_frames(&self) -> bool {
        self.header.is_empty() && self.payload_left == 0
    }
}

/// An unmasked, final frame of `opcode` with `payload`, as a server sends it.
fn frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
    let mut bytes = vec![0x80 | opcode];
    match payload.len() {
        len @ 0..=125 => bytes.push(len as u8),
        len @ 126..=65_535 => {
            bytes.push(126);
            bytes.extend_from_slice(&(len as u16).to_be_bytes());
        }
        len => {
            bytes.push(127);
            bytes.extend_from_slice(&(len as u64).to_be_bytes());
        }
    }
    bytes.extend_from_slice(payload);
    bytes
}

/// The `restarting` message and the close frame 1012 a stopping process sends a client.
pub fn restarting_frames() -> Vec<u8> {
    let mut bytes = frame(0x1, ServerMessage::Restarting {}.to_json().as_bytes());
    let mut close = 1012u16.to_be_bytes().to_vec();
    close.extend_from_slice(b"the server is restarting: reconnect in a moment");
    bytes.extend(frame(0x8, &close));
    bytes
}

/// Copies bytes between the client and the room's owner until either ends, or until this
/// process stops: the client is then told `restarting` and closed with 1012 at the end of the
/// owner's frame under way.
pub async fn relay(
    client: impl AsyncRead + AsyncWrite + Unpin,
    owner: impl AsyncRead + AsyncWrite + Unpin,
    mut stop: watch::Receiver<bool>,
) {
    let (mut client_read, mut client_write) = tokio::io::split(client);
    let (mut owner_read, mut owner_write) = tokio::io::split(owner);
    let upward = async {
        let _ = tokio::io::copy(&mut client_read, &mut owner_write).await;
        let _ = owner_write.shutdown().await;
    };
    let mut cursor = FrameCursor::default();
    let downward = async {
        let mut buffer = vec![0u8; 8192];
        let stopping = stopped(&mut stop);
        tokio::pin!(stopping);
        let mut stop_by: Option<tokio::time::Instant> = None;
        loop {
            if let Some(deadline) = stop_by
                && (cursor.between_frames() || tokio::time::Instant::now() >= deadline)
            {
                if cursor.between_frames() && !cursor.closing {
                    let _ = client_write.write_all(&restarting_frames()).await;
                }
                break;
            }
            // Once stopping, nothing is read past the end of the frame under way.
            let wanted = match stop_by {
                Some(_) => cursor.bytes_to_frame_end(buffer.len()),
                None => buffer.len(),
            };
            tokio::select! {
                read = owner_read.read(&mut buffer[..wanted]) => match read {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        cursor.feed(&buffer[..n]);
                        if client_write.write_all(&buffer[..n]).await.is_err() {
                            break;
                        }
                    }
                },
                () = &mut stopping, if stop_by.is_none() => {
                    stop_by = Some(tokio::time::Instant::now() + FRAME_END_WAIT);
                }
                () = async {
                    match stop_by {
                        Some(deadline) => tokio::time::sleep_until(deadline).await,
                        None => std::future::pending().await,
                    }
                } => {}
            }
        }
        let _ = client_write.flush().await;
        let _ = client_write.shutdown().await;
    };
    // Either direction ending ends the other's reason to be: the client's echo of the close
    // frame is read (for a moment) so that the close is not turned into a reset.
    tokio::pin!(upward);
    tokio::select! {
        () = downward => {
            let _ = tokio::time::timeout(Duration::from_secs(2), &mut upward).await;
        }
        () = &mut upward => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cursor finds frame ends at every header size, fed whole or a byte at a time.
    #[test]
    fn the_cursor_follows_frames_of_every_header_size() {
        let mut stream = Vec::new();
        for len in [0usize, 5, 125, 126, 300, 65_535, 65_536] {
            stream.extend(frame(0x1, &vec![b'x'; len]));
        }
        let mut whole = FrameCursor::default();
        whole.feed(&stream);
        assert!(whole.between_frames() && !whole.closing);
        let mut ends = 0;
        let mut bytewise = FrameCursor::default();
        for byte in &stream {
            bytewise.feed(std::slice::from_ref(byte));
            ends += usize::from(bytewise.between_frames());
        }
        // An empty payload ends with its header: every frame's end is seen once.
        assert_eq!(ends, 7);
        let mut cut = FrameCursor::default();
        cut.feed(&stream[..stream.len() - 1]);
        assert!(!cut.between_frames());
        let mut closed = FrameCursor::default();
        closed.feed(&restarting_frames());
        assert!(closed.between_frames() && closed.closing);
    }
}
