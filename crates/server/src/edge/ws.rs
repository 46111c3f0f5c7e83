//! The WebSocket endpoint: the handshake, then one task per connection that reads the client's
//! frames within the limits (size, speed, silence) and forwards its room's messages to it.

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
use tokio::sync::oneshot;
use tokio::time::Instant;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::error::{CapacityError, Error as WsError};
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::frame::FrameHeader;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{CloseCode, Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};

use crate::cluster::Route;
use crate::edge::App;
use crate::edge::accept::{Admission, Peer};
use crate::meeting::codes::CodeRefusal;
use crate::meeting::matcher::{MatchState, Waiter};
use crate::rooms::outbox::{ConnId, Outbox, Outgoing, Text};
use crate::rooms::registry::{Creator, NewRoom};
use crate::rooms::room::{
    CreateRefusal, Entry, Founding, Room, RoomCommand, RoomSender, room_queue,
};
use crate::state::Status;
use crate::state::avatars::Avatar;
use crate::state::ids::{is_room_id, random_room_id};
use crate::state::stopped;
use martian_protocol::{
    ClientMessage, ErrorCode, ErrorExtra, LeftCode, MATCH_PLAYERS, MAX_MESSAGE_BYTES, MAX_MY_ROOMS,
    ServerMessage, clean_name, error_json_with,
};

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
    if let Some(cluster) = app.cluster.clone()
        && peer.admission == Admission::Served
        && !request.headers().contains_key(crate::cluster::HOP_HEADER)
        && let Some(room) = room_of(request.uri())
    {
        match cluster.route(&app.rooms, &room).await {
            Route::Local | Route::Missing => {}
            Route::Elsewhere { stream, addr } => {
                return crate::edge::relay::proxy(
                    &app, request, peer, direct, stream, &addr, address,
                )
                .await;
            }
            Route::Unavailable(why) => {
                tracing::warn!(room = %room, "no process serves the room now: {why}");
                return (
                    StatusCode::SERVICE_UNAVAILABLE,
                    [(header::RETRY_AFTER, "1")],
                    "the room's server cannot be reached now: try again in a moment\n",
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
    tokio::spawn(async move {
        let Ok(upgraded) = on_upgrade.await else {
            return;
        };
        let socket = WebSocketStream::from_raw_socket(
            TokioIo::new(upgraded),
            Role::Server,
            Some(socket_config()),
        )
        .await;
        connection(app, socket, peer).await;
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

/// The room a WebSocket URL names (`/ws?room=ID`), if it names a well-formed one.
fn room_of(uri: &axum::http::Uri) -> Option<String> {
    uri.query()?
        .split('&')
        .find_map(|pair| pair.strip_prefix("room="))
        .filter(|room| is_room_id(room))
        .map(String::from)
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

/// Sends a text message as one frame written straight to the connection, header and shared
/// text in one vectored write. Through the WebSocket layer, the text would be copied into a
/// buffer of the connection's that keeps the size of the largest message ever sent: updates
/// grow with a game's history, and those buffers were a third of the server's memory.
async fn send_text(socket: &mut Socket, text: Text) -> bool {
    // Whatever the WebSocket layer still holds (a pong, say) goes first, whole, so that frames
    // never interleave.
    if socket.flush().await.is_err() {
        return false;
    }
    let (header, header_len) = text_frame_header(text.len());
    write_all_vectored(socket.get_mut(), &header[..header_len], text.as_bytes())
        .await
        .is_ok()
}

/// The header of an unmasked, final text frame with a payload of `len` bytes (as a server
/// sends it), formatted by the WebSocket library; returns the bytes and how many are used.
fn text_frame_header(len: usize) -> ([u8; 10], usize) {
    let header = FrameHeader {
        is_final: true,
        opcode: OpCode::Data(Data::Text),
        mask: None,
        ..FrameHeader::default()
    };
    let mut bytes = [0u8; 10];
    let mut cursor = std::io::Cursor::new(&mut bytes[..]);
    // An unmasked header is at most 10 bytes: this cannot fail.
    let formatted = header.format(len as u64, &mut cursor);
    debug_assert!(formatted.is_ok());
    let used = cursor.position() as usize;
    (bytes, used)
}

/// Writes `head` then `body`, as few system calls as the connection takes them in.
async fn write_all_vectored(
    io: &mut (impl tokio::io::AsyncWrite + Unpin),
    mut head: &[u8],
    mut body: &[u8],
) -> std::io::Result<()> {
    use std::io::IoSlice;
    while !head.is_empty() || !body.is_empty() {
        let written = io
            .write_vectored(&[IoSlice::new(head), IoSlice::new(body)])
            .await?;
        if written == 0 {
            return Err(std::io::ErrorKind::WriteZero.into());
        }
        let from_head = written.min(head.len());
        head = &head[from_head..];
        body = &body[written - from_head..];
    }
    io.flush().await
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

async fn connection(app: Arc<App>, mut socket: Socket, peer: Peer) {
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
    if !send_text(&mut socket, app.welcome.clone()).await {
        return;
    }
    let (outbox, inbox) = Outbox::new();
    let mut client = Client {
        conn,
        peer,
        outbox,
        room: None,
        just_left: false,
        browsing: None,
        matching: false,
        guesses: Default::default(),
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

/// A connection's state between its messages.
struct Client {
    conn: ConnId,
    peer: Peer,
    outbox: Outbox,
    room: Option<RoomSender>,
    /// The connection has just left its room: what the room queued for it before is dropped.
    just_left: bool,
    /// The public rooms' list, while the connection browses it.
    browsing: Option<tokio::sync::watch::Receiver<Text>>,
    /// The connection waits in the quick-match queue.
    matching: bool,
    /// The room codes it typed that found no room.
    guesses: crate::meeting::codes::ConnectionGuesses,
}

/// An avatar a person picked, if any; an unknown id is refused.
fn person_avatar(id: Option<String>) -> Result<Option<Avatar>, String> {
    match id {
        None => Ok(None),
        Some(id) => Avatar::person(&id)
            .map(Some)
            .ok_or(format!("unknown avatar '{id}'")),
    }
}

impl Client {
    /// Handles one text message; returns a direct reply (errors outside a room), if any.
    async fn incoming_text(
        &mut self,
        app: &Arc<App>,
        text: &str,
        received: Instant,
    ) -> Option<String> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Some(refusal(
                app,
                ErrorCode::TooLarge,
                &format!(
                    "the message has {} bytes; the limit is {MAX_MESSAGE_BYTES}",
                    text.len()
                ),
                None,
            ));
        }
        let message: ClientMessage = match serde_json::from_str(text) {
            Ok(message) => message,
            Err(error) => {
                let explained = crate::edge::malformed::explain(text, &error);
                app.metrics.refusal(ErrorCode::Malformed.as_str());
                return Some(error_json_with(
                    ErrorCode::Malformed,
                    &explained.message,
                    ClientMessage::intended_kind(text),
                    ErrorExtra {
                        reason: Some(explained.reason),
                        ..ErrorExtra::default()
                    },
                ));
            }
        };
        let kind = message.kind();
        app.metrics.message(kind);
        // Answered here, in a room or not.
        match message {
            ClientMessage::Browse { on } => {
                self.browsing = on.then(|| app.directory.subscribe());
                return None;
            }
            ClientMessage::MyRooms { seats } => {
                if seats.len() > MAX_MY_ROOMS {
                    return Some(refusal(
                        app,
                        ErrorCode::Malformed,
                        &format!("my_rooms asks about at most {MAX_MY_ROOMS} seats"),
                        Some(kind),
                    ));
                }
                let rooms = Box::pin(crate::meeting::yours::my_rooms(&app.rooms, seats)).await;
                return Some(ServerMessage::MyRooms { rooms: &rooms }.to_json());
            }
            _ => {}
        }
        let conn = self.conn;
        if let Some(sender) = self.room.as_ref() {
            if matches!(
                message,
                ClientMessage::CreateRoom { .. }
                    | ClientMessage::Join { .. }
                    | ClientMessage::Resume { .. }
                    | ClientMessage::Watch { .. }
                    | ClientMessage::QuickMatch { .. }
                    | ClientMessage::MatchBot {}
                    | ClientMessage::MatchCancel {}
            ) {
                return Some(refusal(
                    app,
                    ErrorCode::AlreadyInRoom,
                    "you are already in a room: leave it first",
                    Some(kind),
                ));
            }
            let give_up = message == (ClientMessage::LeaveSeat {});
            if give_up || message == (ClientMessage::Leave {}) {
                // Handled here so that a join right after it finds the connection out of the
                // room; answered once the room has let go, so that nothing of it follows.
                let (done, let_go) = oneshot::channel();
                let gone = RoomCommand::Gone {
                    conn,
                    left: true,
                    give_up,
                    done: Some(done),
                };
                if sender.send(gone).await.is_ok() {
                    let _ = let_go.await;
                }
                self.room = None;
                self.just_left = true;
                let left = if give_up {
                    ServerMessage::Left {
                        code: LeftCode::LeftSeat,
                        reason: "you left your seat",
                    }
                } else {
                    ServerMessage::Left {
                        code: LeftCode::Left,
                        reason: "you left the room",
                    }
                };
                return Some(left.to_json());
            }
            if sender
                .send(RoomCommand::Message {
                    conn,
                    message,
                    received,
                })
                .await
                .is_err()
            {
                self.room = None;
                return Some(refusal(
                    app,
                    ErrorCode::NoSuchRoom,
                    "the room was closed",
                    Some(kind),
                ));
            }
            return None;
        }
        if self.matching {
            return Box::pin(self.while_matching(app, message)).await;
        }
        let (room_id, entry) = match message {
            ClientMessage::Ping {} => return Some(ServerMessage::Pong {}.to_json()),
            // Boxed, as is the cluster's lookup below: rare and large futures, which would
            // otherwise be part of every connection's task for its whole life.
            ClientMessage::CreateRoom {
                name,
                avatar,
                lang,
                public,
            } => {
                let avatar = match person_avatar(avatar) {
                    Ok(avatar) => avatar,
                    Err(why) => return Some(refusal(app, ErrorCode::Invalid, &why, Some(kind))),
                };
                let founding = Founding {
                    host: name,
                    avatar,
                    lang: lang.unwrap_or_default(),
                    public: public.unwrap_or(false),
                    creator: Some(self.peer.addr),
                };
                match Box::pin(self.create_room(app, founding)).await {
                    Ok(created) => created,
                    Err(refused) => {
                        app.metrics.refusal(refused.code().as_str());
                        return Some(error_json_with(
                            refused.code(),
                            &refused.to_string(),
                            Some(kind),
                            refused.extra(),
                        ));
                    }
                }
            }
            ClientMessage::Join {
                room,
                code,
                name,
                avatar,
                token,
            } => {
                let avatar = match person_avatar(avatar) {
                    Ok(avatar) => avatar,
                    Err(why) => return Some(refusal(app, ErrorCode::Invalid, &why, Some(kind))),
                };
                let room = match Box::pin(self.room_named(app, kind, room, code)).await {
                    Ok(room) => room,
                    Err(reply) => return Some(reply),
                };
                (
                    room,
                    Entry::Join {
                        name,
                        avatar,
                        token,
                    },
                )
            }
            ClientMessage::Resume { room, token } => (room, Entry::Resume { token }),
            ClientMessage::Watch { room, code, name } => {
                let room = match Box::pin(self.room_named(app, kind, room, code)).await {
                    Ok(room) => room,
                    Err(reply) => return Some(reply),
                };
                (room, Entry::Watch { name })
            }
            ClientMessage::QuickMatch {
                name,
                avatar,
                lang,
                players,
            } => return self.quick_match(app, name, avatar, lang, players),
            ClientMessage::MatchBot {} | ClientMessage::MatchCancel {} => {
                return Some(refusal(
                    app,
                    ErrorCode::WrongState,
                    "you are not waiting for a quick match",
                    Some(kind),
                ));
            }
            _ => {
                return Some(refusal(
                    app,
                    ErrorCode::NotInRoom,
                    "create, join, resume or watch a room first",
                    Some(kind),
                ));
            }
        };
        Box::pin(self.enter(app, kind, room_id, entry)).await
    }

    /// The room a `join` or `watch` names: by id, or by code (found here or, with several
    /// processes, in the database). The error reply otherwise.
    async fn room_named(
        &self,
        app: &Arc<App>,
        kind: &'static str,
        room: Option<String>,
        code: Option<String>,
    ) -> Result<String, String> {
        match (room, code) {
            (Some(room), None) => Ok(room),
            (None, Some(code)) => crate::meeting::codes::resolve(
                &crate::meeting::codes::CodeLookup {
                    rooms: &app.rooms,
                    clustered: app.cluster.is_some(),
                    guesses: &app.guesses,
                },
                self.peer.addr,
                &self.guesses,
                &code,
            )
            .await
            .map_err(|refused| {
                let (code, extra) = match &refused {
                    CodeRefusal::Unknown(_) | CodeRefusal::Shape(_) => {
                        (ErrorCode::UnknownCode, ErrorExtra::default())
                    }
                    CodeRefusal::TooManyGuesses(wait) => (
                        ErrorCode::TooManyGuesses,
                        ErrorExtra {
                            retry_ms: Some(wait.as_millis().max(1) as u64),
                            ..ErrorExtra::default()
                        },
                    ),
                    CodeRefusal::Storage(_) => (ErrorCode::Storage, ErrorExtra::default()),
                };
                app.metrics.refusal(code.as_str());
                error_json_with(code, &refused.to_string(), Some(kind), extra)
            }),
            _ => Err(refusal(
                app,
                ErrorCode::Malformed,
                &format!("{kind} takes either a room or a code"),
                Some(kind),
            )),
        }
    }

    /// Enters room `room_id` as `entry` says; the error reply, if any.
    async fn enter(
        &mut self,
        app: &Arc<App>,
        kind: &'static str,
        room_id: String,
        entry: Entry,
    ) -> Option<String> {
        let conn = self.conn;
        let no_room = || {
            Some(refusal(
                app,
                ErrorCode::NoSuchRoom,
                "no such room",
                Some(kind),
            ))
        };
        if !is_room_id(&room_id) {
            return no_room();
        }
        if let Some(cluster) = &app.cluster {
            // A room run by another process: this connection reached the wrong one.
            match Box::pin(cluster.held_elsewhere(&app.rooms, &room_id)).await {
                Ok(false) => {}
                Ok(true) => {
                    app.metrics.refusal(ErrorCode::Moved.as_str());
                    return Some(error_json_with(
                        ErrorCode::Moved,
                        &format!("another server runs this room: reconnect to /ws?room={room_id}"),
                        Some(kind),
                        ErrorExtra {
                            room: Some(&room_id),
                            ..ErrorExtra::default()
                        },
                    ));
                }
                Err(error) => {
                    tracing::error!(room = %room_id, "finding the room: {error}");
                    return Some(refusal(
                        app,
                        ErrorCode::Storage,
                        error.to_client(),
                        Some(kind),
                    ));
                }
            }
        }
        let Some(sender) = app.rooms.registry.get(&room_id) else {
            return no_room();
        };
        let (reply, entered) = oneshot::channel();
        let command = RoomCommand::Enter {
            conn,
            outbox: self.outbox.clone(),
            entry,
            reply,
        };
        if sender.send(command).await.is_err() {
            return no_room();
        }
        match entered.await {
            Ok(true) => {
                self.room = Some(sender);
                // A connection in a room follows the room, not the list.
                self.browsing = None;
            }
            Ok(false) => {}
            // The room closed before it could answer.
            Err(_) => return no_room(),
        }
        None
    }

    /// Makes a room as `founding` says, with its host in seat 0; returns its id and how the
    /// host enters it.
    async fn create_room(
        &mut self,
        app: &Arc<App>,
        founding: Founding,
    ) -> Result<(String, Entry), CreateRefusal> {
        let creator = Creator {
            addr: self.peer.addr,
            conn: Some(self.conn),
        };
        // With several processes, the live rooms of this address elsewhere count too.
        let elsewhere = if app.cluster.is_some() {
            app.rooms
                .store
                .live_elsewhere(&creator.addr.to_string())
                .await?
        } else {
            0
        };
        app.rooms.registry.check(creator, elsewhere)?;
        let id = random_room_id();
        // A new room's lease starts at generation 1 (with leases; 0 without).
        let store = app.rooms.store.for_room(&id, 1);
        let generation = store.fence().map_or(0, |fence| fence.generation);
        let (mut room, token) = Room::create(
            id.clone(),
            founding,
            store.clone(),
            app.rooms.settings.clone(),
        )?;
        // A code no other room here has (with several processes, the database's unique index
        // refuses the rare code another process took at the same moment).
        for _ in 0..8 {
            if !app.rooms.registry.has_code(room.code())
                && (app.cluster.is_none()
                    || app.rooms.store.find_code(room.code()).await?.is_none())
            {
                break;
            }
            room.new_code();
        }
        // The room takes its place first (the caps are checked again under the lock), is stored,
        // and only then runs; messages sent to it meanwhile wait in its queue.
        let (tx, rx) = room_queue();
        let evicted = app.rooms.registry.insert(
            NewRoom {
                id: id.clone(),
                code: room.code().to_string(),
                sender: tx,
                creator: Some(creator),
                generation,
                status: Status::Lobby,
                attended: true,
                people: true,
            },
            true,
        )?;
        if let Some(evicted) = evicted {
            app.metrics.room_evicted();
            crate::rooms::room::evict(&evicted).await;
        }
        if let Err(error) = store.commit(vec![room.first_write()]).await {
            app.rooms.registry.remove(&id, generation);
            tracing::error!(room = %id, "creating a room: {error}");
            return Err(error.into());
        }
        room.spawn(rx);
        Ok((id, Entry::Resume { token }))
    }

    /// Takes a place in the quick-match queue.
    fn quick_match(
        &mut self,
        app: &Arc<App>,
        name: String,
        avatar: Option<String>,
        lang: Option<martian_protocol::RoomLang>,
        players: Option<usize>,
    ) -> Option<String> {
        let kind = "quick_match";
        let name = match clean_name(&name) {
            Ok(name) => name,
            Err(why) => {
                app.metrics.refusal(ErrorCode::Invalid.as_str());
                return Some(error_json_with(
                    ErrorCode::Invalid,
                    &why.to_string(),
                    Some(kind),
                    why.extra(),
                ));
            }
        };
        let avatar = match person_avatar(avatar) {
            Ok(avatar) => avatar,
            Err(why) => return Some(refusal(app, ErrorCode::Invalid, &why, Some(kind))),
        };
        let waiter = Waiter::new(
            self.conn,
            self.outbox.clone(),
            self.peer.addr,
            name,
            avatar,
            lang.unwrap_or_default(),
            players.unwrap_or(MATCH_PLAYERS.0),
        );
        match app.matcher.join(waiter) {
            Ok(()) => {
                self.matching = true;
                None
            }
            Err(refused) => Some(refusal(
                app,
                refused.code(),
                &refused.to_string(),
                Some(kind),
            )),
        }
    }

    /// A request while waiting in the quick-match queue.
    async fn while_matching(&mut self, app: &Arc<App>, message: ClientMessage) -> Option<String> {
        let kind = message.kind();
        match message {
            ClientMessage::Ping {} => Some(ServerMessage::Pong {}.to_json()),
            ClientMessage::MatchCancel {} => {
                app.matcher.leave(self.conn);
                self.matching = false;
                Some(MatchState::cancelled().to_json())
            }
            ClientMessage::MatchBot {} => match app.matcher.take_bot(self.conn) {
                Ok(waiter) => {
                    let bots = waiter.players - 1;
                    // The room tells the connection to enter it (`Outgoing::Matched`).
                    crate::meeting::matcher::seat(&app.rooms, vec![waiter], bots).await;
                    None
                }
                Err(refused) => Some(refusal(
                    app,
                    refused.code(),
                    &refused.to_string(),
                    Some(kind),
                )),
            },
            _ => Some(refusal(
                app,
                ErrorCode::WrongState,
                "you are waiting for a quick match: cancel it first (match_cancel)",
                Some(kind),
            )),
        }
    }
}

/// An error reply, counted in the metrics.
fn refusal(app: &App, code: ErrorCode, message: &str, request: Option<&str>) -> String {
    app.metrics.refusal(code.as_str());
    error_json_with(code, message, request, ErrorExtra::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Our frames, read back by the WebSocket library's own parser, at each length encoding
    /// (7 bits, 16 bits, 64 bits) and their edges.
    #[test]
    fn text_frame_headers_parse_back_as_final_unmasked_text_frames() {
        for len in [0, 1, 125, 126, 127, 65_535, 65_536, 1 << 20] {
            let (bytes, used) = text_frame_header(len);
            let expected = match len {
                0..=125 => 2,
                126..=65_535 => 4,
                _ => 10,
            };
            assert_eq!(used, expected, "header size for {len} bytes");
            let mut cursor = std::io::Cursor::new(&bytes[..used]);
            let (header, length) = FrameHeader::parse(&mut cursor)
                .expect("a valid header")
                .expect("a whole header");
            assert_eq!(length, len as u64);
            assert!(header.is_final && header.mask.is_none());
            assert_eq!(header.opcode, OpCode::Data(Data::Text));
            assert!(!header.rsv1 && !header.rsv2 && !header.rsv3);
        }
    }

    /// A writer that takes at most `step` bytes per call: partial writes resume where they
    /// stopped, across the head and the body.
    #[tokio::test]
    async fn vectored_writes_resume_after_partial_writes() {
        struct Trickle {
            written: Vec<u8>,
            step: usize,
        }
        impl tokio::io::AsyncWrite for Trickle {
            fn poll_write(
                mut self: std::pin::Pin<&mut Self>,
                _: &mut std::task::Context<'_>,
                buf: &[u8],
            ) -> std::task::Poll<std::io::Result<usize>> {
                let n = buf.len().min(self.step);
                self.written.extend_from_slice(&buf[..n]);
                std::task::Poll::Ready(Ok(n))
            }
            fn poll_flush(
                self: std::pin::Pin<&mut Self>,
                _: &mut std::task::Context<'_>,
            ) -> std::task::Poll<std::io::Result<()>> {
                std::task::Poll::Ready(Ok(()))
            }
            fn poll_shutdown(
                self: std::pin::Pin<&mut Self>,
                _: &mut std::task::Context<'_>,
            ) -> std::task::Poll<std::io::Result<()>> {
                std::task::Poll::Ready(Ok(()))
            }
        }
        for step in [1, 2, 3, 7, 100] {
            let mut io = Trickle {
                written: Vec::new(),
                step,
            };
            write_all_vectored(&mut io, b"head", b"and the body")
                .await
                .unwrap();
            assert_eq!(io.written, b"headand the body", "{step} bytes at a time");
        }
    }
}
