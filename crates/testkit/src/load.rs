//! The load driver: many WebSocket clients, each in its own room against a bot, playing whole
//! games (and rematches) with a think time between moves, measuring action-to-update latency.
//! Each client picks an avatar and chats as players do: a phrase after each game, a line of its
//! own every few moves (well within the chat's pace). Shared by `examples/load` and the small
//! load test of the normal suite.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async_with_config;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// Small buffers for the many clients of one process (the default read buffer is 128 KiB).
fn client_config() -> Option<WebSocketConfig> {
    Some(
        WebSocketConfig::default()
            .read_buffer_size(4096)
            .write_buffer_size(0),
    )
}

async fn connect(
    addr: SocketAddr,
) -> Result<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    String,
> {
    connect_async_with_config(format!("ws://{addr}/ws"), client_config(), false)
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| format!("connect: {e}"))
}

/// How hard to push.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    pub clients: usize,
    /// How long the clients play once all are connected.
    pub duration: Duration,
    /// Think time before each move: uniform in this range of milliseconds.
    pub think_ms: (u64, u64),
    /// The bots the rooms seat, in turn.
    pub bots: Vec<String>,
    /// Rooms that, while the others play, start games under rules new to the server with bots
    /// that play exactly (three players: each needs a three-player solve).
    pub expensive_rooms: usize,
}

/// What was measured.
#[derive(Debug, Default)]
pub struct LoadReport {
    pub clients: usize,
    /// Chat lines sent, and received back (each client's own lines come back to it).
    pub chat_sent: usize,
    pub chat_received: usize,
    /// Clients connected at the same time at the peak.
    pub concurrent: usize,
    pub actions: usize,
    pub games_finished: usize,
    /// Action-to-update latencies, microseconds, sorted.
    pub latencies_us: Vec<u64>,
    pub errors: Vec<String>,
    pub connect_time: Duration,
    pub play_time: Duration,
    /// Updates received, and their total size in bytes.
    pub updates: usize,
    pub update_bytes: usize,
}

impl LoadReport {
    pub fn percentile_ms(&self, p: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return f64::NAN;
        }
        let rank = ((p / 100.0) * self.latencies_us.len() as f64).ceil() as usize;
        let index = rank.clamp(1, self.latencies_us.len()) - 1;
        self.latencies_us[index] as f64 / 1000.0
    }
}

#[derive(Default)]
struct Shared {
    actions: usize,
    games: usize,
    latencies: Vec<u64>,
    errors: Vec<String>,
    connected: usize,
    peak: usize,
    updates: usize,
    update_bytes: usize,
    chat_sent: usize,
    chat_received: usize,
}

/// A client writes a line of its own every this many moves…
const CHAT_EVERY_MOVES: u64 = 8;

/// …and chats at most this often (the server paces a writer at one line every 3 s).
const CHAT_PAUSE: Duration = Duration::from_secs(4);

/// A tiny generator for think times (the clients need no more).
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn between(&mut self, (low, high): (u64, u64)) -> u64 {
        low + self.next() % (high - low + 1)
    }
}

/// Takes death rays while the tanks lead, else an earthling; stops once the turn scores.
pub fn simple_action(turn: &TurnLite) -> &'static str {
    let has = |a: &str| turn.legal.iter().any(|l| l == a);
    let earthling = ["H", "C", "K"].into_iter().find(|a| has(a));
    if has("stop") && turn.score > 0 {
        "stop"
    } else if has("roll") {
        "roll"
    } else if has("R") && (turn.tanks > turn.rays || earthling.is_none()) {
        "R"
    } else {
        earthling
            .or(turn.legal.first().and_then(|first| {
                ["R", "H", "C", "K", "stop", "roll"]
                    .into_iter()
                    .find(|a| a == first)
            }))
            .unwrap_or("roll")
    }
}

// What a client reads of the server's messages: only the fields it acts on, the rest skipped
// unparsed (a whole `serde_json::Value` per update cost the driver more than the server's work).
#[derive(Deserialize)]
struct Incoming<'a> {
    #[serde(rename = "type")]
    kind: &'a str,
    /// A room's state in an update, its id in other messages.
    #[serde(borrow)]
    room: Option<&'a RawValue>,
    /// The seat in `joined` (a rematch moves it on).
    seat: Option<usize>,
    /// The avatars a person may pick, in `welcome`: the clients pick them in turn.
    #[serde(default)]
    avatars: Vec<String>,
}

#[derive(Deserialize)]
struct RoomLite {
    status: String,
    seats: Vec<IgnoredAny>,
    game: Option<GameLite>,
}

#[derive(Deserialize)]
struct GameLite {
    // Required in every update, though the driver plays without it.
    #[allow(dead_code)]
    number: u32,
    moves: u64,
    to_move: Option<usize>,
    turn: TurnLite,
}

/// The turn as the load's player reads it.
#[derive(Debug, Deserialize)]
pub struct TurnLite {
    legal: Vec<String>,
    score: u64,
    tanks: u64,
    rays: u64,
}

/// Runs the load against a server at `addr`.
pub async fn run(addr: SocketAddr, config: LoadConfig) -> LoadReport {
    let shared = Arc::new(Mutex::new(Shared::default()));
    let start = Instant::now();
    // All clients connect and set up their rooms first; then they play together.
    let ready = Arc::new(tokio::sync::Barrier::new(config.clients + 1));
    let mut tasks = Vec::new();
    for index in 0..config.clients {
        let shared = shared.clone();
        let ready = ready.clone();
        let config = config.clone();
        tasks.push(tokio::spawn(async move {
            if let Err(error) = client(addr, index, &config, &shared, &ready).await {
                shared
                    .lock()
                    .unwrap()
                    .errors
                    .push(format!("client {index}: {error}"));
            }
        }));
    }
    ready.wait().await;
    let connect_time = start.elapsed();
    let play_start = Instant::now();
    for index in 0..config.expensive_rooms {
        let shared = shared.clone();
        tasks.push(tokio::spawn(async move {
            if let Err(error) = expensive_room(addr, index).await {
                shared
                    .lock()
                    .unwrap()
                    .errors
                    .push(format!("expensive room {index}: {error}"));
            }
        }));
    }
    for task in tasks {
        if let Err(error) = task.await {
            shared
                .lock()
                .unwrap()
                .errors
                .push(format!("client task: {error}"));
        }
    }
    let play_time = play_start.elapsed();
    let mut shared = shared.lock().unwrap();
    shared.latencies.sort_unstable();
    LoadReport {
        clients: config.clients,
        concurrent: shared.peak,
        actions: shared.actions,
        games_finished: shared.games,
        latencies_us: std::mem::take(&mut shared.latencies),
        errors: std::mem::take(&mut shared.errors),
        connect_time,
        play_time,
        updates: shared.updates,
        update_bytes: shared.update_bytes,
        chat_sent: shared.chat_sent,
        chat_received: shared.chat_received,
    }
}

async fn client(
    addr: SocketAddr,
    index: usize,
    config: &LoadConfig,
    shared: &Mutex<Shared>,
    ready: &tokio::sync::Barrier,
) -> Result<(), String> {
    let mut rng =
        XorShift(0x9E37_79B9_7F4A_7C15 ^ (index as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03));
    let setup = connect(addr);
    let ws = tokio::time::timeout(Duration::from_secs(60), setup)
        .await
        .map_err(|_| "connect timed out".to_string())
        .and_then(|r| r);
    let mut ws = match ws {
        Ok(ws) => ws,
        Err(error) => {
            ready.wait().await;
            return Err(error);
        }
    };
    {
        let mut s = shared.lock().unwrap();
        s.connected += 1;
        s.peak = s.peak.max(s.connected);
    }
    let bot = &config.bots[index % config.bots.len()];
    let mut seated = false;
    let mut my_seat = 0;
    let mut stage = 0; // 0: create, 1: add bot, 2: start, 3: playing
    let mut pending: Option<(Instant, u64)> = None;
    let mut deadline: Option<tokio::time::Instant> = None;
    let mut ready_waited = false;
    let (mut updates, mut update_bytes) = (0, 0);
    let (mut chat_sent, mut chat_received) = (0, 0);
    let mut moves_made: u64 = 0;
    let mut chat_due = Instant::now();
    let send = |text: String| Message::Text(text.into());
    let result: Result<(), String> = async {
        loop {
            let next = match deadline {
                Some(d) => match tokio::time::timeout_at(d, ws.next()).await {
                    Ok(next) => next,
                    Err(_) => return Ok(()),
                },
                None => tokio::time::timeout(Duration::from_secs(60), ws.next())
                    .await
                    .map_err(|_| "no message for 60 s during setup".to_string())?,
            };
            let message = match next {
                Some(Ok(Message::Text(text))) => text,
                Some(Ok(Message::Close(frame))) => {
                    return Err(format!("closed by the server: {frame:?}"));
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(format!("read: {e}")),
                None => return Err("the connection ended".into()),
            };
            let incoming: Incoming = serde_json::from_str(&message).map_err(|e| e.to_string())?;
            match incoming.kind {
                "welcome" => {
                    // The server's own list, so that the clients pick what it offers.
                    let avatars = &incoming.avatars;
                    if avatars.is_empty() {
                        return Err(format!("a welcome without avatars: {message}"));
                    }
                    ws.send(send(
                        json!({"type": "create_room", "name": format!("load {index}"),
                               "avatar": avatars[index % avatars.len()]})
                        .to_string(),
                    ))
                    .await
                    .map_err(|e| e.to_string())?;
                }
                "joined" => {
                    seated = true;
                    if let Some(seat) = incoming.seat {
                        my_seat = seat;
                    }
                }
                "error" => return Err(format!("error: {message}")),
                "chat" => chat_received += 1,
                "update" => {
                    let room: RoomLite = incoming
                        .room
                        .ok_or("an update without its room")
                        .and_then(|room| {
                            serde_json::from_str(room.get()).map_err(|_| "a room I cannot read")
                        })
                        .map_err(|e| format!("{e}: {message}"))?;
                    let moves = room.game.as_ref().map_or(0, |g| g.moves);
                    if let Some((sent, before)) = pending
                        && (moves > before || room.game.is_some() && moves < before)
                    {
                        let mut s = shared.lock().unwrap();
                        s.latencies.push(sent.elapsed().as_micros() as u64);
                        s.actions += 1;
                        pending = None;
                    }
                    if deadline.is_some() {
                        updates += 1;
                        update_bytes += message.len();
                    }
                    if !seated {
                        continue;
                    }
                    match stage {
                        0 => {
                            stage = 1;
                            ws.send(send(json!({"type": "add_bot", "bot": bot}).to_string()))
                                .await
                                .map_err(|e| e.to_string())?;
                        }
                        1 if room.seats.len() == 2 => {
                            stage = 2;
                            if !ready_waited {
                                ready_waited = true;
                                ready.wait().await;
                                deadline = Some(tokio::time::Instant::now() + config.duration);
                            }
                            ws.send(send(json!({"type": "start"}).to_string()))
                                .await
                                .map_err(|e| e.to_string())?;
                        }
                        2 if room.status == "playing" => stage = 3,
                        _ => {}
                    }
                    if stage == 3 && room.status == "over" && pending.is_none() {
                        shared.lock().unwrap().games += 1;
                        if chat_due <= Instant::now() {
                            chat_due = Instant::now() + CHAT_PAUSE;
                            ws.send(send(
                                json!({"type": "say", "message": "well_played"}).to_string(),
                            ))
                            .await
                            .map_err(|e| e.to_string())?;
                            chat_sent += 1;
                        }
                        tokio::time::sleep(Duration::from_millis(rng.between(config.think_ms)))
                            .await;
                        ws.send(send(json!({"type": "start"}).to_string()))
                            .await
                            .map_err(|e| e.to_string())?;
                        pending = Some((Instant::now(), u64::MAX));
                        stage = 2;
                        continue;
                    }
                    let game = room.game.as_ref();
                    let my_turn = room.status == "playing"
                        && game.is_some_and(|g| g.to_move == Some(my_seat));
                    if stage == 3 && my_turn && pending.is_none() {
                        tokio::time::sleep(Duration::from_millis(rng.between(config.think_ms)))
                            .await;
                        let game = game.expect("checked above");
                        let action = simple_action(&game.turn);
                        moves_made += 1;
                        if moves_made.is_multiple_of(CHAT_EVERY_MOVES) && chat_due <= Instant::now()
                        {
                            chat_due = Instant::now() + CHAT_PAUSE;
                            let line = format!("move {moves_made}: {action}, <b>{index}</b>");
                            ws.send(send(json!({"type": "chat", "text": line}).to_string()))
                                .await
                                .map_err(|e| e.to_string())?;
                            chat_sent += 1;
                        }
                        pending = Some((Instant::now(), moves));
                        ws.send(send(json!({"type": "act", "action": action}).to_string()))
                            .await
                            .map_err(|e| e.to_string())?;
                    }
                }
                _ => {}
            }
        }
    }
    .await;
    if !ready_waited {
        ready.wait().await;
    }
    let _ = ws.close(None).await;
    let mut s = shared.lock().unwrap();
    s.connected -= 1;
    s.updates += updates;
    s.update_bytes += update_bytes;
    s.chat_sent += chat_sent;
    s.chat_received += chat_received;
    drop(s);
    result
}

/// A room of one person and two `optimal` bots under rules of its own (target 40 + `index`),
/// started while the others play: its bots need a three-player solve the server has never done.
/// Returns once the start is answered (a refusal with `busy` is an answer: the queue is full).
async fn expensive_room(addr: SocketAddr, index: usize) -> Result<(), String> {
    let mut ws = connect(addr).await?;
    let rules = json!({"dice": 13, "target": 40 + index, "bonus": "one-of-each",
        "end": "complete-round", "tie": "roll-off"});
    let requests = [
        json!({"type": "create_room", "name": format!("expensive {index}")}),
        json!({"type": "add_bot", "bot": "optimal"}),
        json!({"type": "add_bot", "bot": "optimal"}),
        json!({"type": "set_rules", "rules": rules}),
        json!({"type": "start"}),
    ];
    for request in requests {
        ws.send(Message::Text(request.to_string().into()))
            .await
            .map_err(|e| e.to_string())?;
    }
    loop {
        let next = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .map_err(|_| "no answer to start within 60 s".to_string())?;
        let Some(Ok(Message::Text(text))) = next else {
            return Err("the connection ended".into());
        };
        let value: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        match value["type"].as_str() {
            Some("error") if value["code"] == "busy" => return Ok(()),
            Some("error") => return Err(format!("error: {value}")),
            Some("update") if value["room"]["status"] == "playing" => {
                // Keep the room open (its bots wait for their solve) until the run ends.
                while let Some(Ok(_)) = ws.next().await {}
                return Ok(());
            }
            _ => {}
        }
    }
}

/// Opens `count` WebSocket connections that only read the welcome and stay idle (pinging
/// every 20 s, as the page does); returns them, to be closed by dropping.
pub async fn idle_connections(
    addr: SocketAddr,
    count: usize,
) -> Result<Vec<tokio::task::JoinHandle<()>>, String> {
    let mut handles = Vec::with_capacity(count);
    for _ in 0..count {
        let mut ws = connect(addr).await?;
        match ws.next().await {
            Some(Ok(Message::Text(_))) => {}
            other => return Err(format!("no welcome: {other:?}")),
        }
        handles.push(tokio::spawn(async move {
            loop {
                tokio::select! {
                    next = ws.next() => if !matches!(next, Some(Ok(_))) { break },
                    () = tokio::time::sleep(Duration::from_secs(20)) => {
                        let ping = json!({"type": "ping"}).to_string();
                        if ws.send(Message::Text(ping.into())).await.is_err() { break; }
                    }
                }
            }
        }));
    }
    Ok(handles)
}
