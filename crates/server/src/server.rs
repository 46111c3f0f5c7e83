//! The HTTP side: the page's assets, the WebSocket endpoint with its limits, and game records.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use martian_i18n::Lang;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::assets;
use crate::ids::{is_room_id, random_room_id};
use crate::outbox::{ConnId, Outbox, Outgoing};
use crate::protocol::{
    BotEntry, ClientMessage, ErrorCode, LeftCode, MAX_MESSAGE_BYTES, PROTOCOL_VERSION,
    QUICK_MESSAGES, ServerMessage, error_json,
};
use crate::room::{Entry, Room, RoomCommand, RoomSettings};
use crate::store::{Store, StoreError};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// The SQLite file; `None` keeps everything in memory (tests).
    pub db: Option<PathBuf>,
    pub max_rooms: usize,
    pub max_connections: usize,
    /// How long bots wait before each move.
    pub bot_delay: Duration,
    /// Messages a connection may send per second, on average.
    pub rate_per_second: f64,
    /// Messages a connection may send in a burst.
    pub rate_burst: f64,
    /// A room nobody is connected to for this long is closed.
    pub idle_close: Duration,
    /// A person disconnected this long is away: a bot plays their turns until they come back,
    /// and the host role passes on.
    pub grace: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: None,
            max_rooms: 10_000,
            max_connections: 10_000,
            bot_delay: Duration::from_millis(700),
            rate_per_second: 10.0,
            rate_burst: 30.0,
            idle_close: Duration::from_secs(24 * 3600),
            grace: Duration::from_secs(30),
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("cannot listen on {addr}: {error}")]
    Bind {
        addr: SocketAddr,
        error: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Serve(std::io::Error),
}

/// The largest frame the WebSocket layer reads at all; above it the connection is closed.
/// Between [`MAX_MESSAGE_BYTES`] and this, a message is refused with `too_large`.
const MAX_FRAME_BYTES: usize = 64 * 1024;

/// How many refusals for speed a connection may collect before it is closed.
const MAX_RATE_STRIKES: u32 = 50;

type Rooms = Arc<Mutex<HashMap<String, mpsc::Sender<RoomCommand>>>>;

struct App {
    rooms: Rooms,
    connections: AtomicUsize,
    next_conn: AtomicU64,
    store: Store,
    settings: Arc<RoomSettings>,
    config: Config,
    welcome: Arc<str>,
}

/// A server that is listening.
#[derive(Debug)]
pub struct Running {
    addr: SocketAddr,
    restored: usize,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    /// The address it listens on (useful with port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// How many rooms were brought back from the database.
    pub fn restored_rooms(&self) -> usize {
        self.restored
    }

    /// Serves until the task ends (it ends only on an I/O error).
    pub async fn wait(self) -> Result<(), ServerError> {
        match self.task.await {
            Ok(result) => result.map_err(ServerError::Serve),
            Err(e) => Err(ServerError::Serve(std::io::Error::other(e))),
        }
    }

    /// Stops serving.
    pub fn abort(&self) {
        self.task.abort();
    }
}

/// The bot that finishes stalled turns: the strongest of the usual names that exists.
fn stand_in_bot() -> String {
    let names: Vec<&str> = martian_bots::catalogue().iter().map(|b| b.name).collect();
    ["medium", "greedy", "defensive"]
        .into_iter()
        .find(|n| names.contains(n))
        .or(names.last().copied())
        .unwrap_or("random")
        .to_string()
}

/// Opens the database, brings back its rooms, and listens on `config.addr`.
pub async fn start(config: Config) -> Result<Running, ServerError> {
    let (store, stored) = Store::open(config.db.as_deref())?;
    let rooms: Rooms = Arc::default();
    let forget = Arc::downgrade(&rooms);
    let settings = Arc::new(RoomSettings {
        bot_delay: config.bot_delay,
        stand_in: stand_in_bot(),
        idle_close: config.idle_close,
        grace: config.grace,
        on_close: Arc::new(move |id: &str| {
            if let Some(rooms) = forget.upgrade() {
                rooms.lock().expect("rooms lock").remove(id);
            }
        }),
    });
    for stored_room in stored {
        match Room::restore(
            stored_room.id.clone(),
            &stored_room.state,
            &stored_room.games,
            store.clone(),
            settings.clone(),
        ) {
            Ok(room) => {
                rooms
                    .lock()
                    .expect("rooms lock")
                    .insert(stored_room.id, spawn_room(room));
            }
            Err(error) => eprintln!("martian-server: not restored: {error}"),
        }
    }
    let restored = rooms.lock().expect("rooms lock").len();
    let welcome = ServerMessage::Welcome {
        protocol: PROTOCOL_VERSION,
        bots: martian_bots::catalogue()
            .iter()
            .map(|b| BotEntry {
                name: b.name.to_string(),
                summary: b.summary.to_string(),
            })
            .collect(),
        quick_messages: QUICK_MESSAGES,
        coach: true,
    }
    .to_json()
    .into();
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|error| ServerError::Bind {
            addr: config.addr,
            error,
        })?;
    let addr = listener.local_addr().map_err(ServerError::Serve)?;
    let app = Arc::new(App {
        rooms,
        connections: AtomicUsize::new(0),
        next_conn: AtomicU64::new(1),
        store,
        settings,
        config,
        welcome,
    });
    let router = Router::new()
        .route(
            "/",
            get(|| async { page(assets::INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(assets::APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/i18n.js",
            get(|| async { page(assets::I18N_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/fluent.js",
            get(|| async { page(assets::FLUENT_JS, "text/javascript; charset=utf-8") }),
        )
        .route("/js/{file}", get(module))
        .route(
            "/style.css",
            get(|| async { page(assets::STYLE_CSS, "text/css; charset=utf-8") }),
        )
        .route(
            "/favicon.svg",
            get(|| async { page(assets::FAVICON_SVG, "image/svg+xml") }),
        )
        .route("/ws", get(ws_upgrade))
        .route(
            "/i18n/en.ftl",
            get(|| async { page(Lang::En.ftl_source(), "text/plain; charset=utf-8") }),
        )
        .route(
            "/i18n/pt-BR.ftl",
            get(|| async { page(Lang::PtBr.ftl_source(), "text/plain; charset=utf-8") }),
        )
        .route("/api/rooms/{room}/games/{number}/record", get(record))
        .route("/healthz", get(|| async { "ok" }))
        .with_state(app);
    let task = tokio::spawn(async move { axum::serve(listener, router).await });
    Ok(Running {
        addr,
        restored,
        task,
    })
}

fn spawn_room(room: Room) -> mpsc::Sender<RoomCommand> {
    let (tx, rx) = mpsc::channel(256);
    tokio::spawn(room.run(rx));
    tx
}

fn page(body: &'static str, content_type: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; style-src-attr 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'",
            ),
        ],
        body,
    )
        .into_response()
}

async fn module(Path(file): Path<String>) -> Response {
    match assets::module(&file) {
        Some(body) => page(body, "text/javascript; charset=utf-8"),
        None => (StatusCode::NOT_FOUND, "no such file\n").into_response(),
    }
}

async fn record(
    State(app): State<Arc<App>>,
    Path((room, number)): Path<(String, String)>,
) -> Response {
    let not_found = || (StatusCode::NOT_FOUND, "no such finished game\n").into_response();
    let Ok(number) = number.parse::<u32>() else {
        return not_found();
    };
    if !is_room_id(&room) {
        return not_found();
    }
    match app.store.record(&room, number).await {
        Ok(Some(record)) => (
            [
                (header::CONTENT_TYPE, "application/json".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!(
                        "attachment; filename=\"martian-dice-{}-game-{number}.json\"",
                        &room[..8]
                    ),
                ),
            ],
            record,
        )
            .into_response(),
        Ok(None) => not_found(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, format!("{e}\n")).into_response(),
    }
}

async fn ws_upgrade(State(app): State<Arc<App>>, ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| connection(app, socket))
}

/// Counts a connection while it lives.
struct ConnectionSlot(Arc<App>);

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A token bucket: `burst` messages at once, refilled at `rate` per second.
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

async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        })))
        .await;
}

async fn connection(app: Arc<App>, mut socket: WebSocket) {
    let count = app.connections.fetch_add(1, Ordering::SeqCst) + 1;
    let _slot = ConnectionSlot(app.clone());
    if count > app.config.max_connections {
        let refusal = error_json(
            ErrorCode::ServerFull,
            "the server has as many connections as it allows: try again later",
            None,
        );
        let _ = socket.send(Message::Text(refusal.into())).await;
        close(&mut socket, 1013, "server full").await;
        return;
    }
    let conn: ConnId = app.next_conn.fetch_add(1, Ordering::Relaxed);
    if socket
        .send(Message::Text(app.welcome.as_ref().into()))
        .await
        .is_err()
    {
        return;
    }
    let (outbox, mut inbox, kick) = Outbox::new();
    let mut room: Option<mpsc::Sender<RoomCommand>> = None;
    let mut limit = RateLimit {
        tokens: app.config.rate_burst,
        rate: app.config.rate_per_second,
        burst: app.config.rate_burst,
        last: Instant::now(),
    };
    let mut strikes = 0u32;
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Binary(_))) => {
                        let reply = error_json(ErrorCode::Malformed, "binary messages are not part of the protocol: send JSON text", None);
                        if socket.send(Message::Text(reply.into())).await.is_err() { break; }
                        continue;
                    }
                    Some(Ok(Message::Text(text))) => text,
                };
                if !limit.allow() {
                    strikes += 1;
                    if strikes > MAX_RATE_STRIKES {
                        close(&mut socket, 1008, "too many messages").await;
                        break;
                    }
                    let reply = error_json(ErrorCode::RateLimited, "too many messages: slow down", None);
                    if socket.send(Message::Text(reply.into())).await.is_err() { break; }
                    continue;
                }
                if let Some(reply) = incoming_text(&app, conn, &outbox, &mut room, text.as_str()).await
                    && socket.send(Message::Text(reply.into())).await.is_err()
                {
                    break;
                }
            }
            () = kick.notified() => {
                close(&mut socket, 1008, "too slow: messages were not read").await;
                break;
            }
            outgoing = inbox.recv() => {
                let text = match outgoing {
                    Some(Outgoing::Text(text)) => Some(text),
                    Some(Outgoing::Detached(text)) => {
                        room = None;
                        text
                    }
                    None => None,
                };
                if let Some(text) = text
                    && socket.send(Message::Text(text.as_ref().into())).await.is_err()
                {
                    break;
                }
            }
        }
    }
    if let Some(room) = room {
        let _ = room.send(RoomCommand::Gone { conn, left: false }).await;
    }
}

/// Handles one text message; returns a direct reply (errors outside a room), if any.
async fn incoming_text(
    app: &Arc<App>,
    conn: ConnId,
    outbox: &Outbox,
    room: &mut Option<mpsc::Sender<RoomCommand>>,
    text: &str,
) -> Option<String> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Some(error_json(
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
            return Some(error_json(
                ErrorCode::Malformed,
                &format!("not a message of protocol {PROTOCOL_VERSION}: {error}"),
                None,
            ));
        }
    };
    let kind = message.kind();
    if let Some(sender) = room.as_ref() {
        if matches!(
            message,
            ClientMessage::CreateRoom { .. }
                | ClientMessage::Join { .. }
                | ClientMessage::Resume { .. }
                | ClientMessage::Watch { .. }
        ) {
            return Some(error_json(
                ErrorCode::AlreadyInRoom,
                "you are already in a room: leave it first",
                Some(kind),
            ));
        }
        if message == (ClientMessage::Leave {}) {
            // Handled here so that a join right after it finds the connection out of the room.
            let _ = sender.send(RoomCommand::Gone { conn, left: true }).await;
            *room = None;
            return Some(
                ServerMessage::Left {
                    code: LeftCode::Left,
                    reason: "you left the room",
                }
                .to_json(),
            );
        }
        if sender
            .send(RoomCommand::Message { conn, message })
            .await
            .is_err()
        {
            *room = None;
            return Some(error_json(
                ErrorCode::NoSuchRoom,
                "the room was closed",
                Some(kind),
            ));
        }
        return None;
    }
    let (room_id, entry) = match message {
        ClientMessage::Ping {} => return Some(ServerMessage::Pong {}.to_json()),
        ClientMessage::CreateRoom { name } => match create_room(app, &name).await {
            Ok(created) => created,
            Err((code, text)) => return Some(error_json(code, &text, Some(kind))),
        },
        ClientMessage::Join { room, name } => (room, Entry::Join { name }),
        ClientMessage::Resume { room, token } => (room, Entry::Resume { token }),
        ClientMessage::Watch { room } => (room, Entry::Watch),
        _ => {
            return Some(error_json(
                ErrorCode::NotInRoom,
                "create, join, resume or watch a room first",
                Some(kind),
            ));
        }
    };
    let no_room = || {
        Some(error_json(
            ErrorCode::NoSuchRoom,
            "no such room",
            Some(kind),
        ))
    };
    if !is_room_id(&room_id) {
        return no_room();
    }
    let Some(sender) = app.rooms.lock().expect("rooms lock").get(&room_id).cloned() else {
        return no_room();
    };
    let (reply, entered) = oneshot::channel();
    let command = RoomCommand::Enter {
        conn,
        outbox: outbox.clone(),
        entry,
        reply,
    };
    if sender.send(command).await.is_err() {
        return no_room();
    }
    match entered.await {
        Ok(true) => *room = Some(sender),
        Ok(false) => {}
        // The room closed before it could answer.
        Err(_) => return no_room(),
    }
    None
}

/// Makes a room with `host` in seat 0; returns its id and how the host enters it.
async fn create_room(app: &Arc<App>, host: &str) -> Result<(String, Entry), (ErrorCode, String)> {
    let full = || {
        (
            ErrorCode::TooManyRooms,
            "the server has as many rooms as it allows: try again later".to_string(),
        )
    };
    if app.rooms.lock().expect("rooms lock").len() >= app.config.max_rooms {
        return Err(full());
    }
    let id = random_room_id();
    let (room, token) = Room::create(id.clone(), host, app.store.clone(), app.settings.clone())
        .map_err(|e| (ErrorCode::Invalid, e))?;
    let write = room.first_write();
    app.store
        .write(write)
        .await
        .map_err(|e| (ErrorCode::Storage, e.to_string()))?;
    let mut rooms = app.rooms.lock().expect("rooms lock");
    if rooms.len() >= app.config.max_rooms {
        return Err(full());
    }
    rooms.insert(id.clone(), spawn_room(room));
    Ok((id, Entry::Resume { token }))
}
