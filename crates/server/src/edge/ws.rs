//! The WebSocket endpoint: the handshake, then one task per connection that reads the client's
//! frames within the limits (size, speed, silence) and forwards its room's messages to it. What a
//! client's messages do is in `client`; the frames written to it, in `frames`.

mod challenge;
mod client;
mod frames;

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::Extension;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use hyper::upgrade::Upgraded;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::time::Instant;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::error::{CapacityError, Error as WsError};
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};

use crate::cluster::Route;
use crate::edge::App;
use crate::edge::accept::{Admission, Peer};
use crate::meeting::matcher::MatchState;
use crate::rooms::outbox::{ConnId, Outbox, Outgoing, Text};
use crate::rooms::room::{Entry, RoomCommand};
use crate::state::ids::is_room_id;
use crate::state::stopped;
use martian_protocol::{ErrorCode, ServerMessage};

use client::{Client, refusal};
use frames::send_text;

/// The largest frame (and message) the WebSocket layer reads at all; above it the connection is
/// closed with code 1009. Between [`MAX_MESSAGE_BYTES`] and this, a message is refused with
/// `too_large`.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;

/// How many refusals for speed a connection may collect before it is closed.
const MAX_RATE_STRIKES: u32 = 50;

/// The close code of a connection that stayed silent too long (4000–4999 are the application's;
/// this one echoes HTTP's 408 Request Timeout).
pub const CLOSE_IDLE: u16 = 4408;

type Socket = WebSocketStream<TokioIo<Upgraded>>;

/// The buffers of a connection: small, since a connection mostly idles and messages are small.
fn socket_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(512)
        .write_buffer_size(0)
        .max_write_buffer_size(1024 * 1024)
        .max_message_size(Some(MAX_FRAME_BYTES))
        .max_frame_size(Some(MAX_FRAME_BYTES))
}

fn header_has_token(headers: &HeaderMap, name: header::HeaderName, token: &str) -> bool {
    headers
        .get_all(name)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|part| part.trim().eq_ignore_ascii_case(token))
}

/// `GET /ws`: the WebSocket handshake (RFC 6455), then the connection's task.
pub async fn upgrade(
    State(app): State<Arc<App>>,
    Extension(peer): Extension<Peer>,
    mut request: Request,
) -> Response {
    let headers = request.headers();
    if !header_has_token(headers, header::UPGRADE, "websocket")
        || !header_has_token(headers, header::CONNECTION, "upgrade")
    {
        return (
            StatusCode::UPGRADE_REQUIRED,
            [(header::UPGRADE, "websocket")],
            "this is the WebSocket endpoint of the game: see docs/websocket-protocol.md\n",
        )
            .into_response();
    }
    let version_13 = headers
        .get(header::SEC_WEBSOCKET_VERSION)
        .is_some_and(|v| v.as_bytes() == b"13");
    let Some(key) = headers
        .get(header::SEC_WEBSOCKET_KEY)
        .filter(|_| version_13)
        .map(|key| derive_accept_key(key.as_bytes()))
    else {
        return (
            StatusCode::BAD_REQUEST,
            [(header::SEC_WEBSOCKET_VERSION, "13")],
            "a WebSocket handshake of version 13 with a key is expected\n",
        )
            .into_response();
    };
    let direct = peer.addr;
    let mut peer = Peer {
        addr: crate::edge::proxies::client_addr(peer.addr, headers, &app.config.trusted_proxies),
        ..peer
    };
    // Behind a trusted proxy the connection was not counted by address at its accept (the
    // proxy speaks for many clients): its client is, here, for as long as its WebSocket lives.
    let address = peer.proxied.then(|| {
        let (from_here, slot) = app.connections.from_address(peer.addr);
        if from_here > app.config.connections_per_address && peer.admission == Admission::Served {
            peer.admission = Admission::AddressFull;
        }
        slot
    });
    let room = room_of(request.uri());
    // Served here (the matchmaker, or handed here by a process that found it so): its
    // `quick_match` joins this process's queue without asking the database again.
    let for_match = room.is_none() && asks_for_match(request.uri()) && app.cluster.is_some();
    if let Some(cluster) = app.cluster.clone()
        && peer.admission == Admission::Served
        && !request.headers().contains_key(crate::cluster::HOP_HEADER)
    {
        let route = match &room {
            Some(room) => Some(cluster.route(&app.rooms, room).await),
            None if for_match => Some(cluster.route_match().await),
            None => None,
        };
        match route {
            None | Some(Route::Local | Route::Missing) => {}
            Some(Route::Elsewhere { stream, addr }) => {
                return crate::edge::relay::proxy(
                    &app, request, peer, direct, stream, &addr, address,
                )
                .await;
            }
            Some(Route::Unavailable(why)) => {
                let (what, text) = match &room {
                    Some(room) => (
                        format!("the room {room}"),
                        "the room's server cannot be reached now: try again in a moment\n",
                    ),
                    None => (
                        "quick match".to_string(),
                        "the quick-match server cannot be reached now: try again in a moment\n",
                    ),
                };
                tracing::warn!("no process serves {what} now: {why}");
                return (
                    StatusCode::SERVICE_UNAVAILABLE,
                    [(header::RETRY_AFTER, "1")],
                    text,
                )
                    .into_response();
            }
        }
    }
    let Some(on_upgrade) = request
        .extensions_mut()
        .remove::<hyper::upgrade::OnUpgrade>()
    else {
        return (
            StatusCode::BAD_REQUEST,
            "this connection cannot be upgraded\n",
        )
            .into_response();
    };
    // The session cookie names the account, unless another site's page opened the socket.
    let token = crate::players::secrets::token_of(request.headers()).filter(|_| {
        request.headers().get(header::ORIGIN).is_none_or(|origin| {
            crate::edge::accounts::is_own_origin(&app, request.headers(), origin)
        })
    });
    tokio::spawn(async move {
        let Ok(upgraded) = on_upgrade.await else {
            return;
        };
        let account = app.players.account_of(token.as_deref()).await;
        let socket = WebSocketStream::from_raw_socket(
            TokioIo::new(upgraded),
            Role::Server,
            Some(socket_config()),
        )
        .await;
        connection(app, socket, peer, account, for_match).await;
        drop(address);
    });
    Response::builder()
        .status(StatusCode::SWITCHING_PROTOCOLS)
        .header(header::UPGRADE, "websocket")
        .header(header::CONNECTION, "upgrade")
        .header(header::SEC_WEBSOCKET_ACCEPT, key)
        .body(Body::empty())
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

/// The `welcome` for a connection: the shared one, with the account filled in when signed in
/// (its last field, `"account":null`, built once for every guest).
fn welcome(shared: &Text, account: Option<&crate::players::Account>) -> Text {
    let Some(account) = account else {
        return shared.clone();
    };
    let named = serde_json::json!({ "name": account.name }).to_string();
    match shared.as_str().strip_suffix("\"account\":null}") {
        Some(head) => format!("{head}\"account\":{named}}}").into(),
        None => shared.clone(),
    }
}

/// The room a WebSocket URL names (`/ws?room=ID`), if it names a well-formed one.
fn room_of(uri: &axum::http::Uri) -> Option<String> {
    uri.query()?
        .split('&')
        .find_map(|pair| pair.strip_prefix("room="))
        .filter(|room| is_room_id(room))
        .map(String::from)
}

/// Whether a WebSocket URL asks for the quick-match queue (`/ws?match=1`): with several
/// processes, the connection is served by the one that makes the quick matches.
fn asks_for_match(uri: &axum::http::Uri) -> bool {
    uri.query()
        .is_some_and(|query| query.split('&').any(|pair| pair == "match=1"))
}

/// A token bucket: `burst` frames at once, refilled at `rate` per second.
struct RateLimit {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl RateLimit {
    fn allow(&mut self) -> bool {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Closes the connection with `code`: the close frame, then whatever the client still sends is
/// read and dropped (for a moment) so that unread bytes do not turn the close into a reset that
/// would hide the frame from the client.
async fn close(mut socket: Socket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code: CloseCode::from(code),
        reason: reason.into(),
    };
    let _ = tokio::time::timeout(
        Duration::from_secs(2),
        socket.send(Message::Close(Some(frame))),
    )
    .await;
    let mut io = socket.into_inner();
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = io.shutdown().await;
        let mut sink = [0u8; 4096];
        let mut left: usize = 1024 * 1024;
        while left > 0 {
            match io.read(&mut sink).await {
                Ok(0) | Err(_) => break,
                Ok(n) => left = left.saturating_sub(n),
            }
        }
    })
    .await;
}

async fn connection(
    app: Arc<App>,
    mut socket: Socket,
    peer: Peer,
    account: Option<crate::players::Account>,
    match_here: bool,
) {
    let full = match peer.admission {
        Admission::Served => None,
        Admission::Refused => Some((
            ErrorCode::ServerFull,
            "the server has as many connections as it allows: try again later".to_string(),
            "server full",
        )),
        Admission::AddressFull => Some((
            ErrorCode::TooManyConnections,
            format!(
                "your address has {} connections open, as many as the server allows one address: close some, or try again later",
                app.config.connections_per_address
            ),
            "too many connections from your address",
        )),
    };
    if let Some((code, message, reason)) = full {
        let refused = refusal(&app, code, &message, None);
        let _ = send_text(&mut socket, refused.into()).await;
        Box::pin(close(socket, 1013, reason)).await;
        return;
    }
    let conn: ConnId = app.next_conn.fetch_add(1, Ordering::Relaxed);
    if !send_text(&mut socket, welcome(&app.welcome, account.as_ref())).await {
        return;
    }
    let (outbox, inbox) = Outbox::new();
    let _present = account.as_ref().map(|account| {
        app.players
            .online
            .arrive(&account.name, conn, outbox.clone())
    });
    let mut client = Client {
        conn,
        peer,
        outbox,
        room: None,
        just_left: false,
        browsing: None,
        matching: false,
        match_here,
        guesses: Default::default(),
        account,
    };
    let config = &app.config;
    let mut limit = RateLimit {
        tokens: config.rate_burst,
        rate: config.rate_per_second,
        burst: config.rate_burst,
        last: Instant::now(),
    };
    let mut strikes = 0u32;
    let mut heard = Instant::now();
    let mut stop = app.stop.clone();
    // Made once, not per message: each would register with a timer, the kick signal and the
    // server's stop signal (shared by every connection) and deregister again.
    let stopping = stopped(&mut stop);
    let kicked = inbox.kicked();
    let idle = tokio::time::sleep_until(heard + config.ws_idle_timeout);
    tokio::pin!(stopping, kicked, idle);
    let closing: Option<(u16, &'static str)> = loop {
        tokio::select! {
            incoming = socket.next() => {
                let message = match incoming {
                    None => break None,
                    Some(Err(error)) => break violation(&error),
                    Some(Ok(message)) => message,
                };
                heard = Instant::now();
                // Every frame counts, whatever its kind: pings and binary frames too.
                if !limit.allow() {
                    strikes += 1;
                    if strikes > MAX_RATE_STRIKES {
                        break Some((1008, "too many messages"));
                    }
                    let reply = refusal(&app, ErrorCode::RateLimited, "too many messages: slow down", None);
                    if !send_text(&mut socket, reply.into()).await { break None; }
                    continue;
                }
                let text = match message {
                    Message::Close(_) => {
                        // The WebSocket layer has queued its answer to the client's close
                        // frame (an echo, or 1002 for a code that may not be sent): it goes
                        // out before the connection ends.
                        let _ = tokio::time::timeout(Duration::from_secs(2), socket.flush()).await;
                        break None;
                    }
                    // Pongs to pings are sent by the WebSocket layer itself.
                    Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => continue,
                    Message::Binary(_) => {
                        let reply = refusal(&app, ErrorCode::Malformed, "binary messages are not part of the protocol: send JSON text", None);
                        if !send_text(&mut socket, reply.into()).await { break None; }
                        continue;
                    }
                    Message::Text(text) => text,
                };
                let reply = client.incoming_text(&app, text.as_str(), heard).await;
                if std::mem::take(&mut client.just_left) {
                    inbox.clear();
                }
                if let Some(reply) = reply
                    && !send_text(&mut socket, reply.into()).await
                {
                    break None;
                }
            }
            () = &mut kicked => break Some((1008, "too slow: messages were not read")),
            changed = async {
                match client.browsing.as_mut() {
                    Some(list) => list.changed().await.is_ok(),
                    None => std::future::pending().await,
                }
            } => {
                let list = match client.browsing.as_mut() {
                    Some(list) if changed => list.borrow_and_update().clone(),
                    _ => {
                        client.browsing = None;
                        continue;
                    }
                };
                if !list.is_empty() && !send_text(&mut socket, list).await {
                    break None;
                }
            }
            outgoing = inbox.recv() => {
                let text = match outgoing {
                    Some(Outgoing::Text(text)) => Some(text),
                    Some(Outgoing::Matched { room, token }) => {
                        client.matching = false;
                        let matched = MatchState {
                            state: "matched",
                            room: Some(room.clone()),
                            ..MatchState::default()
                        };
                        if !send_text(&mut socket, matched.to_json().into()).await {
                            break None;
                        }
                        let reply = Box::pin(client.enter(&app, "quick_match", room, Entry::Resume { token })).await;
                        reply.map(Text::from)
                    }
                    Some(Outgoing::Unmatched) => {
                        client.matching = false;
                        None
                    }
                    Some(Outgoing::Detached(text)) => {
                        client.room = None;
                        text
                    }
                    Some(Outgoing::Reconnect) => {
                        client.room = None;
                        let notice = ServerMessage::Restarting {}.to_json();
                        let _ = send_text(&mut socket, notice.into()).await;
                        break Some((1012, "the room moved: reconnect in a moment"));
                    }
                    None => None,
                };
                if let Some(text) = text
                    && !send_text(&mut socket, text).await
                {
                    break None;
                }
            }
            () = &mut idle => {
                let due = heard + config.ws_idle_timeout;
                if due > Instant::now() {
                    idle.as_mut().reset(due);
                    continue;
                }
                break Some((CLOSE_IDLE, "nothing received for too long: ping to stay connected"));
            }
            () = &mut stopping => {
                // The room finishes the change under way and lets its members go: what it told
                // them before goes out first, so that no change stored is left unsaid.
                if client.room.is_some() {
                    let _ = tokio::time::timeout(ROOM_STOP_WAIT, deliver_until_reconnect(&mut socket, &inbox)).await;
                    client.room = None;
                }
                let notice = ServerMessage::Restarting {}.to_json();
                let _ = send_text(&mut socket, notice.into()).await;
                break Some((1012, "the server is restarting: reconnect in a moment"));
            }
        }
    };
    if client.matching {
        app.matcher.leave(conn);
    }
    if let Some(room) = client.room.take() {
        let _ = room
            .send(RoomCommand::Gone {
                conn,
                left: false,
                give_up: false,
                done: None,
            })
            .await;
    }
    if let Some((code, reason)) = closing {
        // Boxed: with its 4 KiB read sink and a second place for the socket, it would be in
        // every connection's task for the connection's whole life.
        Box::pin(close(socket, code, reason)).await;
    }
}

/// How long a stopping connection waits for its room to let it go (the room's last change
/// stored and queued).
const ROOM_STOP_WAIT: Duration = Duration::from_secs(3);

/// Sends what the connection's room queued for it, up to the room's `Reconnect` (or the
/// connection's detachment).
async fn deliver_until_reconnect(socket: &mut Socket, inbox: &crate::rooms::outbox::Inbox) {
    while let Some(outgoing) = inbox.recv().await {
        let text = match outgoing {
            Outgoing::Text(text) => text,
            Outgoing::Detached(text) => {
                if let Some(text) = text {
                    let _ = send_text(socket, text).await;
                }
                return;
            }
            Outgoing::Reconnect => return,
            Outgoing::Matched { .. } | Outgoing::Unmatched => continue,
        };
        if !send_text(socket, text).await {
            return;
        }
    }
}

/// The close code and reason that answer what the client's frames broke, if the connection is
/// still there to answer: 1009 for a message too big, 1007 for text that is not UTF-8, 1002
/// for any other breach of RFC 6455.
fn violation(error: &WsError) -> Option<(u16, &'static str)> {
    use tokio_tungstenite::tungstenite::error::ProtocolError as Broke;
    let reason = match error {
        WsError::Capacity(CapacityError::MessageTooLong { .. }) => {
            return Some((1009, "message too big"));
        }
        WsError::Utf8(_) => return Some((1007, "text that is not UTF-8")),
        WsError::Protocol(broke) => match broke {
            Broke::ResetWithoutClosingHandshake => return None,
            Broke::NonZeroReservedBits => "reserved bits set without an extension",
            Broke::UnmaskedFrameFromClient => "a client frame must be masked",
            Broke::FragmentedControlFrame => "a fragmented control frame",
            Broke::ControlFrameTooBig => "a control frame over 125 bytes",
            Broke::UnknownControlFrameType(_)
            | Broke::UnknownDataFrameType(_)
            | Broke::InvalidOpcode(_) => "an unknown opcode",
            Broke::UnexpectedContinueFrame | Broke::ExpectedFragment(_) => {
                "a fragment out of sequence"
            }
            Broke::InvalidCloseSequence => "a malformed close frame",
            _ => "protocol violation",
        },
        _ => return None,
    };
    Some((1002, reason))
}
