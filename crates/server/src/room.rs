//! A room: seats, rules, the game being played, and the connections in it. Each room is one task
//! (an actor) that owns its state, so rooms never block each other and a room's moves are applied
//! one at a time in the order they arrive.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use martian_bots::Strategy;
use martian_engine::{Action, Awaiting, GameState, MAX_PLAYERS, PlayerInfo, Rules, TurnPhase};

use crate::ids::{constant_time_eq, random_seed, random_token};
use crate::protocol::{
    ClientMessage, ErrorCode, LeftCode, OnTimeout, QUICK_MESSAGES, ServerMessage, Timer,
    clean_name, error_json,
};
use crate::store::{Store, StoredGame, Write};
use crate::table::{Command, Event, Move, Table, TableError};

/// A connection's number, unique in the server.
pub type ConnId = u64;

/// What a connection is sent.
#[derive(Clone, Debug)]
pub enum Outgoing {
    /// A JSON text message (shared between the members of a room).
    Text(Arc<str>),
    /// The connection is no longer in the room (after this text, if any).
    Detached(Option<Arc<str>>),
}

/// The sending half of a connection's queue. The queue is bounded: a connection that does not
/// read what it is sent is told to close (`kick`) rather than let the server's memory grow.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Outgoing>,
    kick: Arc<tokio::sync::Notify>,
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
    pub fn send(&self, message: Outgoing) -> Result<(), ()> {
        match self.tx.try_send(message) {
            Ok(()) => Ok(()),
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.kick.notify_one();
                Err(())
            }
            Err(mpsc::error::TrySendError::Closed(_)) => Err(()),
        }
    }
}

/// The most spectators a room admits.
pub const MAX_SPECTATORS: usize = 64;

/// Settings that rooms share.
pub struct RoomSettings {
    /// How long a bot waits before each move, so people can follow.
    pub bot_delay: Duration,
    /// The bot that plays for a seat whose turn timed out, or whose player the host removed.
    pub stand_in: String,
    /// A room nobody is connected to for this long is closed (its records stay downloadable).
    pub idle_close: Duration,
    /// Told the id of a room that closed, so the server forgets it.
    pub on_close: Arc<dyn Fn(&str) + Send + Sync>,
}

impl std::fmt::Debug for RoomSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RoomSettings")
            .field("bot_delay", &self.bot_delay)
            .field("stand_in", &self.stand_in)
            .field("idle_close", &self.idle_close)
            .finish_non_exhaustive()
    }
}

/// How a connection enters a room.
#[derive(Debug)]
pub enum Entry {
    Join { name: String },
    Resume { token: String },
    Watch,
}

/// A request to a room's task.
#[derive(Debug)]
pub enum RoomCommand {
    /// A connection enters; `reply` tells whether it is now in the room.
    Enter {
        conn: ConnId,
        outbox: Outbox,
        entry: Entry,
        reply: oneshot::Sender<bool>,
    },
    /// A message from a connection in the room.
    Message {
        conn: ConnId,
        message: ClientMessage,
    },
    /// The connection left or dropped.
    Gone { conn: ConnId },
}

/// Where a room stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Lobby,
    Playing,
    Over,
}

/// A seat as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SeatState {
    name: String,
    /// The bot that plays this seat: a bot seat, or a person's seat handed to a bot by the host.
    bot: Option<String>,
    /// A person's secret token (none for bots and for removed players).
    token: Option<String>,
    /// Whether a person sat here (a bot may play for them now).
    human: bool,
}

/// A finished game, as the room lists it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FinishedGame {
    pub number: u32,
    pub winners: Vec<usize>,
    pub scores: Vec<u16>,
    pub names: Vec<String>,
}

/// What a room stores.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct RoomState {
    seats: Vec<SeatState>,
    rules: Rules,
    timer: Timer,
    status: Status,
    /// The number of the current (or last) game; 0 before the first.
    game: u32,
    finished: Vec<FinishedGame>,
}

/// What everyone in a room sees: never a token.
#[derive(Clone, Debug, Serialize)]
pub struct RoomView {
    pub id: String,
    pub status: Status,
    /// The host is always seat 0.
    pub host: usize,
    pub seats: Vec<SeatView>,
    pub rules: Rules,
    pub timer: Timer,
    pub spectators: usize,
    pub game: Option<GameView>,
    pub finished: Vec<FinishedGame>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub name: String,
    /// The bot playing the seat, if a bot plays it.
    pub bot: Option<String>,
    /// Whether the seat is a person's (even if a bot now plays for them).
    pub human: bool,
    pub connected: bool,
    /// A stand-in finishes this seat's timed-out turn.
    pub stand_in: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    pub number: u32,
    /// How many moves have been made: grows with every update of the game.
    pub moves: usize,
    pub scores: Vec<u16>,
    pub round: u32,
    /// Whose turn it is (the last turn's seat once over).
    pub seat: usize,
    /// What the game waits for: `roll`, `decision`, `roll_off_roll` or `nothing`.
    pub awaiting: &'static str,
    /// The seat the game waits for.
    pub to_move: Option<usize>,
    pub turn: TurnView,
    pub triggered_by: Option<usize>,
    pub history: Vec<TurnSummary>,
    pub roll_off: Option<RollOffView>,
    pub winners: Option<Vec<usize>>,
    /// Milliseconds left for the seat to move before the timer acts.
    pub deadline_ms: Option<u64>,
}

#[derive(Clone, Debug, Serialize)]
pub struct TurnView {
    /// `to_roll`, `choosing`, `deciding` or `over`.
    pub phase: &'static str,
    /// Dice set aside, as face letters (`TTRRH`).
    pub aside: String,
    /// The roll awaiting a choice (its tanks already aside), as face letters.
    pub roll: Option<String>,
    pub dice_left: u8,
    pub tanks: u8,
    pub rays: u8,
    /// What the turn would score if it ended now.
    pub score: u16,
    /// The legal actions: face letters, `stop`, `roll` (a roll being due shows as `roll`).
    pub legal: Vec<String>,
    /// The turn so far as a transcript.
    pub transcript: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct TurnSummary {
    pub seat: usize,
    pub round: u32,
    pub transcript: String,
    pub score: u16,
}

#[derive(Clone, Debug, Serialize)]
pub struct RollOffView {
    pub contenders: Vec<usize>,
    pub rounds: Vec<Vec<martian_engine::RollOffRoll>>,
}

/// Something that happened in a room, sent with the update it caused.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum RoomEvent {
    Game(Event),
    Room(RoomChange),
}

#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoomChange {
    Seated { seat: usize },
    Connected { seat: usize },
    Disconnected { seat: usize },
    SeatRemoved { seat: usize },
    HandedToBot { seat: usize, bot: String },
    RulesChanged,
    TimerChanged,
    GameStarted { number: u32 },
    TimedOut { seat: usize, on_timeout: OnTimeout },
}

struct Member {
    outbox: Outbox,
    seat: Option<usize>,
    /// The member asked for the coach's advice.
    coach: bool,
}

/// A room's task state.
pub struct Room {
    id: String,
    state: RoomState,
    members: HashMap<ConnId, Member>,
    table: Option<Table>,
    bots: Vec<Option<Box<dyn Strategy>>>,
    /// Seats whose current turn a stand-in finishes, and how.
    stand_in: Vec<Option<OnTimeout>>,
    deadline: Option<Instant>,
    bot_due: Option<Instant>,
    /// Since when nobody is connected.
    idle_since: Option<Instant>,
    /// A bot deciding on the blocking pool, so that a slow one never holds up the room.
    thinking: Option<Thinking>,
    store: Store,
    settings: Arc<RoomSettings>,
}

/// A bot's decision under way: for `seat`, when the game had made `moves` moves.
struct Thinking {
    seat: usize,
    moves: usize,
    done: oneshot::Receiver<(Box<dyn Strategy>, Result<Action, martian_bots::BotError>)>,
}

/// Why a stored room cannot be brought back.
#[derive(Debug, thiserror::Error)]
#[error("room {room}: {message}")]
pub struct RestoreError {
    pub room: String,
    pub message: String,
}

type Reply = Result<Vec<RoomEvent>, (ErrorCode, String)>;

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, (ErrorCode, String)> {
    Err((code, message.into()))
}

impl Room {
    /// A new room with its host in seat 0; returns the host's token.
    pub fn create(
        id: String,
        host: &str,
        store: Store,
        settings: Arc<RoomSettings>,
    ) -> Result<(Room, String), String> {
        let name = clean_name(host)?;
        let token = random_token();
        let state = RoomState {
            seats: vec![SeatState {
                name,
                bot: None,
                token: Some(token.clone()),
                human: true,
            }],
            rules: Rules::official(),
            timer: Timer::default(),
            status: Status::Lobby,
            game: 0,
            finished: Vec::new(),
        };
        Ok((Room::with_state(id, state, store, settings), token))
    }

    fn with_state(id: String, state: RoomState, store: Store, settings: Arc<RoomSettings>) -> Room {
        let seats = state.seats.len();
        Room {
            id,
            state,
            members: HashMap::new(),
            table: None,
            bots: (0..seats).map(|_| None).collect(),
            stand_in: vec![None; seats],
            deadline: None,
            bot_due: None,
            idle_since: Some(Instant::now()),
            thinking: None,
            store,
            settings,
        }
    }

    /// A room brought back from storage, its game replayed to where it was.
    pub fn restore(
        id: String,
        state: &str,
        games: &[StoredGame],
        store: Store,
        settings: Arc<RoomSettings>,
    ) -> Result<Room, RestoreError> {
        let fail = |message: String| RestoreError {
            room: id.clone(),
            message,
        };
        let state: RoomState =
            serde_json::from_str(state).map_err(|e| fail(format!("bad state: {e}")))?;
        let mut room = Room::with_state(id.clone(), state, store, settings);
        if room.state.status != Status::Lobby {
            let game = games
                .iter()
                .find(|g| g.number == room.state.game)
                .ok_or_else(|| fail(format!("game {} is missing", room.state.game)))?;
            let moves = game
                .moves
                .iter()
                .map(|code| Move::parse(code).ok_or_else(|| fail(format!("bad move '{code}'"))))
                .collect::<Result<Vec<_>, _>>()?;
            let table = Table::replay(room.state.rules, room.state.seats.len(), game.seed, &moves)
                .map_err(|e| fail(e.to_string()))?;
            room.table = Some(table);
            room.make_bots().map_err(fail)?;
            room.schedule();
        }
        Ok(room)
    }

    /// Runs the room until every handle to it is dropped.
    pub async fn run(mut self, mut commands: mpsc::Receiver<RoomCommand>) {
        loop {
            let idle_end = self
                .idle_since
                .map(|since| since + self.settings.idle_close);
            let wake = [self.deadline, self.bot_due, idle_end]
                .into_iter()
                .flatten()
                .min();
            let sleep = async {
                match wake {
                    Some(at) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            };
            let decided = async {
                match self.thinking.as_mut() {
                    Some(thinking) => (&mut thinking.done).await.ok(),
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                decision = decided => self.decided(decision).await,
                () = sleep => {
                    if idle_end.is_some_and(|end| end <= Instant::now()) {
                        self.close().await;
                        break;
                    }
                    self.tick().await;
                }
            }
            self.idle_since = match (self.members.is_empty(), self.idle_since) {
                (true, None) => Some(Instant::now()),
                (true, since) => since,
                (false, _) => None,
            };
        }
    }

    /// Closes the room for good: stored as closed, forgotten by the server.
    async fn close(&mut self) {
        let write = Write::Room {
            id: self.id.clone(),
            state: serde_json::to_string(&self.state).expect("room state serialises"),
            closed: true,
        };
        if let Err(error) = self.store.write(write).await {
            eprintln!("martian-server: room {}: {error}", self.id);
        }
        (self.settings.on_close)(&self.id);
    }

    async fn handle(&mut self, command: RoomCommand) {
        match command {
            RoomCommand::Enter {
                conn,
                outbox,
                entry,
                reply,
            } => {
                let request = match entry {
                    Entry::Join { .. } => "join",
                    Entry::Resume { .. } => "resume",
                    Entry::Watch => "watch",
                };
                let result = self.enter(conn, &outbox, entry).await;
                match result {
                    Ok((seat, token, events)) => {
                        let _ = reply.send(true);
                        let joined = ServerMessage::Joined {
                            room: &self.id,
                            seat,
                            token: token.as_deref(),
                        }
                        .to_json();
                        let _ = outbox.send(Outgoing::Text(joined.into()));
                        self.members.insert(
                            conn,
                            Member {
                                outbox,
                                seat,
                                coach: false,
                            },
                        );
                        self.broadcast(&events);
                    }
                    Err((code, message)) => {
                        let _ = reply.send(false);
                        let _ = outbox.send(Outgoing::Text(
                            error_json(code, &message, Some(request)).into(),
                        ));
                    }
                }
            }
            RoomCommand::Message { conn, message } => {
                let kind = message.kind();
                match self.message(conn, message).await {
                    Ok(events) => {
                        if !events.is_empty() {
                            self.broadcast(&events);
                        }
                    }
                    Err((code, text)) => self.send(conn, error_json(code, &text, Some(kind))),
                }
            }
            RoomCommand::Gone { conn } => {
                if let Some(member) = self.members.remove(&conn) {
                    let events = match member.seat {
                        Some(seat) if !self.seat_connected(seat) => {
                            vec![RoomEvent::Room(RoomChange::Disconnected { seat })]
                        }
                        _ => Vec::new(),
                    };
                    self.broadcast(&events);
                }
            }
        }
    }

    async fn enter(
        &mut self,
        conn: ConnId,
        outbox: &Outbox,
        entry: Entry,
    ) -> Result<(Option<usize>, Option<String>, Vec<RoomEvent>), (ErrorCode, String)> {
        match entry {
            Entry::Watch => {
                let spectators = self.spectators();
                if spectators >= MAX_SPECTATORS {
                    return refuse(
                        ErrorCode::RoomFull,
                        "the room has as many spectators as it admits",
                    );
                }
                Ok((None, None, Vec::new()))
            }
            Entry::Join { name } => {
                let name = clean_name(&name).or_else(|e| refuse(ErrorCode::Invalid, e))?;
                if self.state.status != Status::Lobby {
                    return refuse(
                        ErrorCode::AlreadyStarted,
                        "the game has started: you can watch it",
                    );
                }
                if self.state.seats.len() >= MAX_PLAYERS {
                    return refuse(
                        ErrorCode::RoomFull,
                        format!("the room has all {MAX_PLAYERS} seats taken"),
                    );
                }
                let token = random_token();
                let mut next = self.state.clone();
                next.seats.push(SeatState {
                    name,
                    bot: None,
                    token: Some(token.clone()),
                    human: true,
                });
                self.commit_state(next).await?;
                self.bots.push(None);
                self.stand_in.push(None);
                let seat = self.state.seats.len() - 1;
                Ok((
                    Some(seat),
                    Some(token),
                    vec![RoomEvent::Room(RoomChange::Seated { seat })],
                ))
            }
            Entry::Resume { token } => {
                let seat = self
                    .state
                    .seats
                    .iter()
                    .position(|s| {
                        s.token
                            .as_deref()
                            .is_some_and(|t| constant_time_eq(t, &token))
                    })
                    .ok_or((
                        ErrorCode::BadToken,
                        "this seat token is not valid in this room".to_string(),
                    ))?;
                // The seat's older connection, if any, is detached: one connection per seat.
                let older: Vec<ConnId> = self
                    .members
                    .iter()
                    .filter(|(id, m)| m.seat == Some(seat) && **id != conn)
                    .map(|(id, _)| *id)
                    .collect();
                for id in older {
                    if let Some(member) = self.members.remove(&id) {
                        let left = ServerMessage::Left {
                            code: LeftCode::ResumedElsewhere,
                            reason: "your seat was resumed on another connection",
                        }
                        .to_json();
                        let _ = member.outbox.send(Outgoing::Detached(Some(left.into())));
                    }
                }
                let _ = outbox;
                Ok((
                    Some(seat),
                    Some(token),
                    vec![RoomEvent::Room(RoomChange::Connected { seat })],
                ))
            }
        }
    }

    async fn message(&mut self, conn: ConnId, message: ClientMessage) -> Reply {
        let Some(member) = self.members.get(&conn) else {
            return refuse(ErrorCode::NotInRoom, "you are not in this room");
        };
        let seat = member.seat;
        match message {
            ClientMessage::Leave {} => {
                if let Some(member) = self.members.remove(&conn) {
                    let left = ServerMessage::Left {
                        code: LeftCode::Left,
                        reason: "you left the room",
                    }
                    .to_json();
                    let _ = member.outbox.send(Outgoing::Detached(Some(left.into())));
                }
                Ok(match seat {
                    Some(seat) if !self.seat_connected(seat) => {
                        vec![RoomEvent::Room(RoomChange::Disconnected { seat })]
                    }
                    _ => Vec::new(),
                })
            }
            ClientMessage::Act { action } => {
                let seat = seat.ok_or((ErrorCode::NotSeated, "spectators cannot play".into()))?;
                let command = Command::parse(&action).ok_or_else(|| {
                    (
                        ErrorCode::Invalid,
                        format!("'{action}' is not an action: use roll, stop, R, H, C or K"),
                    )
                })?;
                if self.state.status != Status::Playing {
                    return refuse(ErrorCode::WrongState, "no game is being played");
                }
                if self.state.seats[seat].bot.is_some() {
                    return refuse(ErrorCode::NotYourTurn, "a bot plays your seat now");
                }
                // Acting takes a timed-out turn back from the stand-in.
                let taken_back = self.stand_in[seat].take();
                let result = self.play(seat, command).await;
                if result.is_err() {
                    self.stand_in[seat] = taken_back;
                }
                result
            }
            ClientMessage::Say { message } => {
                let seat = seat.ok_or((
                    ErrorCode::NotSeated,
                    "spectators cannot send messages".into(),
                ))?;
                let Some(&message) = QUICK_MESSAGES.iter().find(|&&m| m == message) else {
                    return refuse(
                        ErrorCode::Invalid,
                        format!(
                            "'{message}' is not a quick message: use one of {}",
                            QUICK_MESSAGES.join(", ")
                        ),
                    );
                };
                let said = ServerMessage::Said {
                    seat,
                    name: &self.state.seats[seat].name,
                    message,
                }
                .to_json();
                let said: Arc<str> = said.into();
                for member in self.members.values() {
                    let _ = member.outbox.send(Outgoing::Text(said.clone()));
                }
                Ok(Vec::new())
            }
            ClientMessage::Coach { on } => {
                if seat.is_none() {
                    return refuse(ErrorCode::NotSeated, "the coach advises seated players");
                }
                if on && let Some(reason) = self.coach_unavailable() {
                    return refuse(ErrorCode::WrongState, reason);
                }
                if let Some(member) = self.members.get_mut(&conn) {
                    member.coach = on;
                }
                if on {
                    self.send_advice();
                }
                Ok(Vec::new())
            }
            ClientMessage::Ping {} => {
                self.send(conn, ServerMessage::Pong {}.to_json());
                Ok(Vec::new())
            }
            ClientMessage::CreateRoom { .. }
            | ClientMessage::Join { .. }
            | ClientMessage::Resume { .. }
            | ClientMessage::Watch { .. } => refuse(
                ErrorCode::AlreadyInRoom,
                "you are already in a room: leave it first",
            ),
            host_only => {
                if seat != Some(0) {
                    return refuse(ErrorCode::NotHost, "only the host may do this");
                }
                self.host(host_only).await
            }
        }
    }

    async fn host(&mut self, message: ClientMessage) -> Reply {
        let lobby = self.state.status == Status::Lobby;
        match message {
            ClientMessage::AddBot { bot } => {
                if !lobby {
                    return refuse(
                        ErrorCode::WrongState,
                        "bots are seated before the game starts",
                    );
                }
                if !martian_bots::catalogue().iter().any(|b| b.name == bot) {
                    return refuse(ErrorCode::Invalid, format!("unknown bot '{bot}'"));
                }
                if self.state.seats.len() >= MAX_PLAYERS {
                    return refuse(
                        ErrorCode::RoomFull,
                        format!("the room has all {MAX_PLAYERS} seats taken"),
                    );
                }
                let mut next = self.state.clone();
                let same = next
                    .seats
                    .iter()
                    .filter(|s| s.bot.as_deref() == Some(&bot))
                    .count();
                let name = if same == 0 {
                    bot.clone()
                } else {
                    format!("{bot} {}", same + 1)
                };
                next.seats.push(SeatState {
                    name,
                    bot: Some(bot),
                    token: None,
                    human: false,
                });
                self.commit_state(next).await?;
                self.bots.push(None);
                self.stand_in.push(None);
                Ok(vec![RoomEvent::Room(RoomChange::Seated {
                    seat: self.state.seats.len() - 1,
                })])
            }
            ClientMessage::Remove { seat } => {
                if seat == 0 || seat >= self.state.seats.len() {
                    return refuse(ErrorCode::Invalid, format!("seat {seat} cannot be removed"));
                }
                if lobby {
                    let mut next = self.state.clone();
                    next.seats.remove(seat);
                    self.commit_state(next).await?;
                    self.bots.remove(seat);
                    self.stand_in.remove(seat);
                    let mut removed = Vec::new();
                    for (&id, member) in &mut self.members {
                        match member.seat {
                            Some(s) if s == seat => removed.push(id),
                            Some(s) if s > seat => member.seat = Some(s - 1),
                            _ => {}
                        }
                    }
                    for id in removed {
                        if let Some(member) = self.members.remove(&id) {
                            let left = ServerMessage::Left {
                                code: LeftCode::Removed,
                                reason: "the host removed you",
                            }
                            .to_json();
                            let _ = member.outbox.send(Outgoing::Detached(Some(left.into())));
                        }
                    }
                    return Ok(vec![RoomEvent::Room(RoomChange::SeatRemoved { seat })]);
                }
                if self.state.seats[seat].bot.is_some() {
                    return refuse(
                        ErrorCode::Invalid,
                        format!("seat {seat} is already played by a bot"),
                    );
                }
                if self.seat_connected(seat) {
                    return refuse(
                        ErrorCode::WrongState,
                        "only a player who left can be removed during a game",
                    );
                }
                let bot = self.settings.stand_in.clone();
                let mut next = self.state.clone();
                next.seats[seat].bot = Some(bot.clone());
                next.seats[seat].token = None;
                self.commit_state(next).await?;
                self.make_bots().map_err(|e| (ErrorCode::Invalid, e))?;
                self.schedule();
                Ok(vec![RoomEvent::Room(RoomChange::HandedToBot { seat, bot })])
            }
            ClientMessage::SetRules { rules } => {
                if !lobby {
                    return refuse(
                        ErrorCode::WrongState,
                        "the rules are set before the game starts",
                    );
                }
                let mut next = self.state.clone();
                next.rules = rules;
                self.commit_state(next).await?;
                Ok(vec![RoomEvent::Room(RoomChange::RulesChanged)])
            }
            ClientMessage::SetTimer { timer } => {
                if timer.seconds > Timer::MAX_SECONDS {
                    return refuse(
                        ErrorCode::Invalid,
                        format!("the timer is at most {} seconds", Timer::MAX_SECONDS),
                    );
                }
                let mut next = self.state.clone();
                next.timer = timer;
                self.commit_state(next).await?;
                self.schedule();
                Ok(vec![RoomEvent::Room(RoomChange::TimerChanged)])
            }
            ClientMessage::Start {} => {
                if self.state.status == Status::Playing {
                    return refuse(ErrorCode::WrongState, "the game is under way");
                }
                let seed = random_seed();
                let mut next = self.state.clone();
                next.status = Status::Playing;
                next.game += 1;
                let number = next.game;
                let table = Table::new(next.rules, next.seats.len(), seed)
                    .map_err(|e| (ErrorCode::WrongState, e.to_string()))?;
                self.store
                    .write(Write::GameStarted {
                        room: self.id.clone(),
                        number,
                        seed,
                    })
                    .await
                    .map_err(|e| (ErrorCode::Storage, e.to_string()))?;
                self.commit_state(next).await?;
                self.table = Some(table);
                self.stand_in = vec![None; self.state.seats.len()];
                self.make_bots().map_err(|e| (ErrorCode::Invalid, e))?;
                self.schedule();
                Ok(vec![RoomEvent::Room(RoomChange::GameStarted { number })])
            }
            other => refuse(
                ErrorCode::Malformed,
                format!("'{}' is not a host request", other.kind()),
            ),
        }
    }

    /// Plays `command` for `seat`, stores the moves, and moves the room on. Nothing changes on
    /// error.
    async fn play(&mut self, seat: usize, command: Command) -> Reply {
        let Some(table) = &self.table else {
            return refuse(ErrorCode::WrongState, "no game is being played");
        };
        let mut next = table.clone();
        let first = next.moves().len();
        let (moves, events) = next.command(seat, command).map_err(|e| match e {
            TableError::NotYourTurn => (ErrorCode::NotYourTurn, e.to_string()),
            TableError::Over => (ErrorCode::WrongState, e.to_string()),
            TableError::NothingToRoll | TableError::Illegal(_) => {
                (ErrorCode::Illegal, e.to_string())
            }
        })?;
        self.store
            .write(Write::Moves {
                room: self.id.clone(),
                number: self.state.game,
                first,
                codes: moves.iter().map(|m| m.code()).collect(),
            })
            .await
            .map_err(|e| (ErrorCode::Storage, e.to_string()))?;
        let mut room_events: Vec<RoomEvent> = events.into_iter().map(RoomEvent::Game).collect();
        if let Some(outcome) = next.game().outcome() {
            let players = self.players();
            let record = next.record(players).to_json();
            let mut state = self.state.clone();
            state.status = Status::Over;
            state.finished.push(FinishedGame {
                number: state.game,
                winners: outcome.winners.clone(),
                scores: outcome.scores.clone(),
                names: state.seats.iter().map(|s| s.name.clone()).collect(),
            });
            self.store
                .write(Write::GameFinished {
                    room: self.id.clone(),
                    number: self.state.game,
                    record,
                })
                .await
                .map_err(|e| (ErrorCode::Storage, e.to_string()))?;
            // The moves are stored: from here on the game is over whatever happens to the state.
            if let Err(e) = self.commit_state(state).await {
                room_events.push(RoomEvent::Room(RoomChange::TimerChanged));
                eprintln!("martian-server: room {}: {}", self.id, e.1);
            }
        }
        // A turn that ended releases its stand-in.
        if next.game().seat() != seat || next.game().is_over() || next.seat_to_move() != Some(seat)
        {
            self.stand_in[seat] = None;
        }
        self.table = Some(next);
        self.schedule();
        Ok(room_events)
    }

    /// Sets the turn timer and the next bot move for whoever is to move.
    fn schedule(&mut self) {
        self.deadline = None;
        self.bot_due = None;
        let Some(seat) = self.table.as_ref().and_then(Table::seat_to_move) else {
            return;
        };
        if self.state.status != Status::Playing {
            return;
        }
        if self.state.seats[seat].bot.is_some() || self.stand_in[seat].is_some() {
            if self.thinking.is_none() {
                self.bot_due = Some(Instant::now() + self.settings.bot_delay);
            }
        } else if self.state.timer.seconds > 0 {
            self.deadline =
                Some(Instant::now() + Duration::from_secs(u64::from(self.state.timer.seconds)));
        }
    }

    /// The timer ran out or a bot is due to move.
    async fn tick(&mut self) {
        let now = Instant::now();
        let Some(seat) = self.table.as_ref().and_then(Table::seat_to_move) else {
            self.deadline = None;
            self.bot_due = None;
            return;
        };
        let mut events = Vec::new();
        if self.deadline.is_some_and(|d| d <= now) {
            let on_timeout = self.state.timer.on_timeout;
            self.stand_in[seat] = Some(on_timeout);
            events.push(RoomEvent::Room(RoomChange::TimedOut { seat, on_timeout }));
            self.deadline = None;
            self.bot_due = Some(now);
        }
        if self.bot_due.is_some_and(|d| d <= now) {
            self.bot_due = None;
            if let Some(command) = self.bot_command(seat) {
                self.bot_play(seat, command, &mut events).await;
            }
        }
        if !events.is_empty() {
            self.broadcast(&events);
        }
    }

    async fn bot_play(&mut self, seat: usize, command: Command, events: &mut Vec<RoomEvent>) {
        match self.play(seat, command).await {
            Ok(more) => events.extend(more),
            Err((_, message)) => {
                eprintln!("martian-server: room {}: seat {seat}: {message}", self.id);
                // Storage failed: try again a little later.
                self.bot_due = Some(Instant::now() + Duration::from_millis(500));
            }
        }
    }

    /// A bot's decision came back: played if the game is still where the bot saw it.
    async fn decided(
        &mut self,
        decision: Option<(Box<dyn Strategy>, Result<Action, martian_bots::BotError>)>,
    ) {
        let Some(thinking) = self.thinking.take() else {
            return;
        };
        let seat = thinking.seat;
        let Some((bot, decision)) = decision else {
            eprintln!(
                "martian-server: room {}: bot of seat {seat} failed",
                self.id
            );
            self.schedule();
            return;
        };
        if let Some(slot) = self.bots.get_mut(seat)
            && slot.is_none()
        {
            *slot = Some(bot);
        }
        let Some(table) = &self.table else {
            return;
        };
        let current = table.moves().len() == thinking.moves
            && table.seat_to_move() == Some(seat)
            && (self.state.seats[seat].bot.is_some() || self.stand_in[seat].is_some());
        if !current {
            self.schedule();
            return;
        }
        let fallback = table.stopping_command().unwrap_or(Command::Roll);
        let command = match decision {
            Ok(action) if table.game().turn().legal_actions().contains(action) => match action {
                Action::Take(face) => Command::Take(face),
                Action::Stop => Command::Stop,
                Action::Roll => Command::Roll,
            },
            Ok(action) => {
                eprintln!(
                    "martian-server: room {}: bot of seat {seat} chose illegal {action}",
                    self.id
                );
                fallback
            }
            Err(error) => {
                eprintln!(
                    "martian-server: room {}: bot of seat {seat}: {error}",
                    self.id
                );
                fallback
            }
        };
        let mut events = Vec::new();
        self.bot_play(seat, command, &mut events).await;
        if !events.is_empty() {
            self.broadcast(&events);
        }
    }

    /// What a bot (or a stand-in) plays for `seat` now: a command at once, or `None` while the
    /// bot decides on the blocking pool (see [`Room::decided`]).
    fn bot_command(&mut self, seat: usize) -> Option<Command> {
        let table = self.table.as_ref().expect("a bot moves only in a game");
        let fallback = table.stopping_command().unwrap_or(Command::Roll);
        if !matches!(table.game().awaiting(), Awaiting::Decision { .. }) {
            return Some(Command::Roll);
        }
        if self.stand_in[seat] == Some(OnTimeout::Stop) {
            return Some(fallback);
        }
        let Some(mut bot) = self.bots.get_mut(seat).and_then(Option::take) else {
            return Some(fallback);
        };
        let mut rng = table.bot_rng();
        let game = table.game().clone();
        let (reply, done) = oneshot::channel();
        tokio::task::spawn_blocking(move || {
            let decision = bot.decide(&game.situation(), &mut rng);
            let _ = reply.send((bot, decision));
        });
        self.thinking = Some(Thinking {
            seat,
            moves: table.moves().len(),
            done,
        });
        None
    }

    /// Makes the bots of the bot seats and the stand-ins.
    fn make_bots(&mut self) -> Result<(), String> {
        let rules = self.state.rules;
        let stand_in = &self.settings.stand_in;
        self.bots = self
            .state
            .seats
            .iter()
            .map(|seat| {
                let spec = seat.bot.as_deref().unwrap_or(stand_in);
                martian_bots::create(spec, rules)
                    .map(Some)
                    .map_err(|e| e.to_string())
            })
            .collect::<Result<_, _>>()?;
        self.stand_in.resize(self.state.seats.len(), None);
        Ok(())
    }

    fn players(&self) -> Vec<PlayerInfo> {
        self.state
            .seats
            .iter()
            .map(|s| PlayerInfo {
                name: s.name.clone(),
                bot: s.bot.clone(),
            })
            .collect()
    }

    /// Stores `next` as the room's state, then adopts it.
    async fn commit_state(&mut self, next: RoomState) -> Result<(), (ErrorCode, String)> {
        let json = serde_json::to_string(&next).expect("room state serialises");
        self.store
            .write(Write::Room {
                id: self.id.clone(),
                state: json,
                closed: false,
            })
            .await
            .map_err(|e| (ErrorCode::Storage, e.to_string()))?;
        self.state = next;
        Ok(())
    }

    /// The write that stores a brand-new room.
    pub fn first_write(&self) -> Write {
        Write::Room {
            id: self.id.clone(),
            state: serde_json::to_string(&self.state).expect("room state serialises"),
            closed: false,
        }
    }

    fn seat_connected(&self, seat: usize) -> bool {
        self.members.values().any(|m| m.seat == Some(seat))
    }

    fn spectators(&self) -> usize {
        self.members.values().filter(|m| m.seat.is_none()).count()
    }

    fn send(&self, conn: ConnId, text: String) {
        if let Some(member) = self.members.get(&conn) {
            let _ = member.outbox.send(Outgoing::Text(text.into()));
        }
    }

    /// Sends everyone in the room its state and `events`.
    fn broadcast(&self, events: &[RoomEvent]) {
        let view = self.view();
        let text: Arc<str> = ServerMessage::Update {
            room: &view,
            events,
        }
        .to_json()
        .into();
        for member in self.members.values() {
            let _ = member.outbox.send(Outgoing::Text(text.clone()));
        }
        self.send_advice();
    }

    /// Why the coach is not offered in this room now, if it is not.
    fn coach_unavailable(&self) -> Option<&'static str> {
        let humans = self.state.seats.iter().filter(|s| s.bot.is_none()).count();
        crate::coach::unavailable(self.state.rules, self.state.seats.len(), humans)
    }

    /// Sends the coached members the advice for the game as it stands. The solver works on the
    /// blocking pool (a first duel solution takes a moment); advice names the move count it is
    /// for, so a client drops advice that arrives after the game moved on.
    fn send_advice(&self) {
        let Some(table) = &self.table else {
            return;
        };
        let game = table.game();
        let Some(mover) = table.seat_to_move() else {
            return;
        };
        if self.state.status != Status::Playing
            || !matches!(game.state(), GameState::Playing)
            || self.coach_unavailable().is_some()
        {
            return;
        }
        let coached: Vec<(Outbox, usize)> = self
            .members
            .values()
            .filter(|m| m.coach)
            .filter_map(|m| m.seat.map(|seat| (m.outbox.clone(), seat)))
            .collect();
        if coached.is_empty() {
            return;
        }
        let rules = game.rules();
        let scores = game.scores().to_vec();
        let turn = *game.turn();
        let moves = table.moves().len();
        tokio::task::spawn_blocking(move || {
            for (outbox, seat) in coached {
                if let Some(advice) =
                    crate::coach::advice(rules, &scores, mover, &turn, moves, seat)
                {
                    let text = ServerMessage::Advice { advice: &advice }.to_json();
                    let _ = outbox.send(Outgoing::Text(text.into()));
                }
            }
        });
    }

    pub fn view(&self) -> RoomView {
        RoomView {
            id: self.id.clone(),
            status: self.state.status,
            host: 0,
            seats: self
                .state
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatView {
                    name: s.name.clone(),
                    bot: s.bot.clone(),
                    human: s.human,
                    connected: s.bot.is_some() || self.seat_connected(i),
                    stand_in: self.stand_in.get(i).is_some_and(Option::is_some),
                })
                .collect(),
            rules: self.state.rules,
            timer: self.state.timer,
            spectators: self.spectators(),
            game: self.table.as_ref().map(|t| self.game_view(t)),
            finished: self.state.finished.clone(),
        }
    }

    fn game_view(&self, table: &Table) -> GameView {
        let game = table.game();
        let turn = game.turn();
        let awaiting = game.awaiting();
        let (awaiting_name, to_move) = match awaiting {
            Awaiting::TurnRoll { seat, .. } => ("roll", Some(seat)),
            Awaiting::Decision { seat } => ("decision", Some(seat)),
            Awaiting::RollOffRoll { seat, .. } => ("roll_off_roll", Some(seat)),
            Awaiting::Nothing => ("nothing", None),
        };
        let mut legal: Vec<String> = turn.legal_actions().iter().map(|a| a.code()).collect();
        if matches!(
            awaiting,
            Awaiting::TurnRoll { .. } | Awaiting::RollOffRoll { .. }
        ) {
            legal = vec!["roll".into()];
        }
        let aside = turn.aside();
        GameView {
            number: self.state.game,
            moves: table.moves().len(),
            scores: game.scores().to_vec(),
            round: game.round(),
            seat: game.seat(),
            awaiting: awaiting_name,
            to_move,
            turn: TurnView {
                phase: match turn.phase() {
                    TurnPhase::ToRoll => "to_roll",
                    TurnPhase::Choosing { .. } => "choosing",
                    TurnPhase::Deciding => "deciding",
                    TurnPhase::Over(_) => "over",
                },
                aside: aside.to_string(),
                roll: turn.pending_roll().map(|r| r.to_string()),
                dice_left: turn.dice_left(),
                tanks: aside.count(martian_engine::Face::Tank),
                rays: aside.count(martian_engine::Face::DeathRay),
                score: turn.score(),
                legal,
                transcript: martian_engine::Transcript::from_log_steps(table.turn_steps())
                    .to_string(),
            },
            triggered_by: game.triggered_by(),
            history: game
                .history()
                .iter()
                .map(|log| TurnSummary {
                    seat: log.seat,
                    round: log.round,
                    transcript: log.transcript().to_string(),
                    score: log.turn.score(),
                })
                .collect(),
            roll_off: game.roll_off().map(|r| RollOffView {
                contenders: r.contenders().to_vec(),
                rounds: r
                    .rounds()
                    .iter()
                    .filter(|round| !round.is_empty())
                    .cloned()
                    .collect(),
            }),
            winners: match game.state() {
                GameState::Over(outcome) => Some(outcome.winners.clone()),
                _ => None,
            },
            deadline_ms: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_outbox_kicks_its_connection_instead_of_growing() {
        let (outbox, mut rx, kick) = Outbox::new();
        let text: Arc<str> = "{}".into();
        for _ in 0..OUTBOX_CAPACITY {
            assert!(outbox.send(Outgoing::Text(text.clone())).is_ok());
        }
        assert!(outbox.send(Outgoing::Text(text.clone())).is_err());
        tokio::time::timeout(Duration::from_secs(1), kick.notified())
            .await
            .expect("the connection is told to close");
        assert!(rx.try_recv().is_ok());
        assert!(
            outbox.send(Outgoing::Text(text)).is_ok(),
            "room again once read"
        );
    }
}
