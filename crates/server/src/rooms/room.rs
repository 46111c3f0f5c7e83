//! A room: seats, rules, the game being played, and the connections in it. Each room is one task
//! (an actor) that owns its state, so rooms never block each other and a room's moves are applied
//! one at a time in the order they arrive.

mod bots;
mod challenge;
mod chat;
mod entry;
mod lobby;
mod messages;
mod presence;
mod rated;
mod refusal;
mod social;
mod telling;

pub use refusal::{CreateRefusal, Refusal};

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use martian_bots::Strategy;
use martian_engine::{Action, Awaiting, GameState, MAX_PLAYERS, PlayerInfo, Rules};

use crate::rooms::chat::{Bucket, ChatLog};
use crate::rooms::outbox::{ConnId, Outbox, Outgoing, Text};
use crate::rooms::table::{self, Command, Move, Table};
use crate::rooms::views::{
    HistoryCache, RoomChange, RoomEvent, RoomView, SeatView, WaitingView, game_view,
};
use crate::solving::coach::CoachUnavailable;
use crate::solving::solutions::{Need, Readiness, Solutions};
use crate::state::avatars::Avatar;
use crate::state::ids::{constant_time_eq, random_code, random_seed, random_token, token_hash};
use crate::state::metrics::Metrics;
pub use crate::state::signed::Signed;
use crate::state::{FinishedGame, RoomState, SeatState, Status, WaitingState};
use martian_protocol::{
    ClientMessage, LeftCode, NameError, OnTimeout, RoomLang, ServerMessage, Timer, clean_name,
};
use martian_store::{Store, StoreError, StoredGame, Write};

/// The most spectators a room admits.
pub const MAX_SPECTATORS: usize = 64;

/// Told the id of a room that closed or was given up, with the generation of the lease it ran
/// under.
pub type OnClose = Arc<dyn Fn(&str, u64) + Send + Sync>;

/// Told where a room stands whenever that changes: its id, lease generation, status, whether
/// someone is connected to it, and whether people hold seats (or places in line) in it.
pub type OnActivity = Arc<dyn Fn(&str, u64, Status, bool, bool) + Send + Sync>;

/// Settings that rooms share.
pub struct RoomSettings {
    /// How long a bot waits before each move, so people can follow.
    pub bot_delay: Duration,
    /// The bot that plays for a seat whose turn timed out, or whose player the host removed.
    pub stand_in: String,
    /// A room nobody is connected to for this long is closed (its records stay downloadable).
    pub idle_close: Duration,
    /// A person disconnected this long is away: the stand-in plays their turns until they come
    /// back, and the host role passes on.
    pub grace: Duration,
    /// A room whose game never started and that nobody is connected to is closed after this.
    pub lobby_idle_close: Duration,
    /// Told the id of a room that closed or was given up, with the generation of the lease it
    /// ran under, so the server forgets it.
    pub on_close: OnClose,
    /// Told where a room stands (for the live-room caps and the choice of a room to close).
    pub on_activity: OnActivity,
    /// The public rooms' list.
    pub directory: Arc<dyn Listings>,
    /// Where the solutions of new rule sets are prepared.
    pub solutions: Solutions,
    /// Where bots that read those solutions decide, and the coach advises.
    pub deciders: crate::solving::deciders::Deciders,
    pub metrics: Metrics,
    /// Makes the bots of the bot seats and the stand-ins.
    pub make_bot: BotMaker,
}

/// Makes the bot `spec` names for games under the rules given.
pub type BotMaker = fn(
    &str,
    martian_engine::Rules,
) -> Result<Box<dyn martian_bots::Strategy>, martian_bots::BotError>;

/// Where a room lists itself for the public (the meeting's directory): `None` takes it off.
pub trait Listings: Send + Sync {
    fn set(&self, room: &str, listing: Option<martian_protocol::meeting::Listing>);
}

impl std::fmt::Debug for RoomSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RoomSettings")
            .field("bot_delay", &self.bot_delay)
            .field("stand_in", &self.stand_in)
            .field("idle_close", &self.idle_close)
            .field("grace", &self.grace)
            .field("lobby_idle_close", &self.lobby_idle_close)
            .finish_non_exhaustive()
    }
}

/// How a connection enters a room.
#[derive(Debug)]
pub enum Entry {
    /// A new seat (or, with the token of one of the room's seats, that seat).
    Join {
        name: String,
        avatar: Option<Avatar>,
        token: Option<String>,
    },
    Resume {
        token: String,
    },
    /// As a spectator, whose chat lines are signed `name`.
    Watch {
        name: Option<String>,
    },
}

/// What a new room starts with: its host, and the host's choices.
#[derive(Clone, Debug)]
pub struct Founding {
    pub host: String,
    pub avatar: Option<Avatar>,
    pub lang: RoomLang,
    pub public: bool,
    /// The address the room is created from.
    pub creator: Option<std::net::IpAddr>,
}

/// How many commands may wait for a room; senders wait beyond.
const ROOM_QUEUE: usize = 256;

/// The sending end of a room's queue of commands. The commands are boxed: tokio's queue keeps
/// slots in blocks of 32 for as long as the room lives, and 32 boxes are a tenth of the size of
/// 32 commands.
#[derive(Clone, Debug)]
pub struct RoomSender(mpsc::Sender<Box<RoomCommand>>);

/// The receiving end of a room's queue of commands (the room's task holds it).
#[derive(Debug)]
pub struct RoomReceiver(mpsc::Receiver<Box<RoomCommand>>);

/// The room's task is gone: the command was not delivered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the room is closed")]
pub struct RoomClosed;

/// A room's queue of commands.
pub fn room_queue() -> (RoomSender, RoomReceiver) {
    let (tx, rx) = mpsc::channel(ROOM_QUEUE);
    (RoomSender(tx), RoomReceiver(rx))
}

/// How long a new room waits for the room it evicts to store its closing.
const EVICT_WAIT: Duration = Duration::from_secs(2);

/// Closes `room` to make way for a new one and waits (at most [`EVICT_WAIT`]) until its closing
/// is stored, so that a crash right after the new room is acknowledged cannot bring the evicted
/// room back at the next start, beside the new one.
pub async fn evict(room: &RoomSender) {
    let (done, closed) = oneshot::channel();
    if room.try_send(RoomCommand::Evict { done }) {
        let _ = tokio::time::timeout(EVICT_WAIT, closed).await;
    }
}

impl RoomSender {
    /// Queues `command`, waiting while the queue is full.
    pub async fn send(&self, command: RoomCommand) -> Result<(), RoomClosed> {
        self.0.send(Box::new(command)).await.map_err(|_| RoomClosed)
    }

    /// Queues `command` if the queue has room for it now; tells whether it did.
    pub fn try_send(&self, command: RoomCommand) -> bool {
        self.0.try_send(Box::new(command)).is_ok()
    }
}

impl RoomReceiver {
    async fn recv(&mut self) -> Option<RoomCommand> {
        self.0.recv().await.map(|command| *command)
    }
}

/// A request to a room's task.
#[derive(Debug)]
pub enum RoomCommand {
    /// A connection enters; `reply` tells whether it is now in the room.
    Enter {
        conn: ConnId,
        outbox: Outbox,
        entry: Entry,
        /// The account the connection is signed in as.
        signed: Option<Signed>,
        reply: oneshot::Sender<bool>,
    },
    /// A message from a connection in the room.
    Message {
        conn: ConnId,
        message: ClientMessage,
        /// When the connection received it (for the action-to-update latency).
        received: Instant,
    },
    /// The connection dropped, or `left` the room on purpose (`give_up`: giving its seat up
    /// for good).
    Gone {
        conn: ConnId,
        left: bool,
        give_up: bool,
        /// Told once the room has let the connection go: nothing more is sent to it after.
        done: Option<oneshot::Sender<()>>,
    },
    /// The server stops: finish the change under way, make no other, and answer `done`. The
    /// room stays open in the database, to be brought back by the next start.
    Shutdown { done: oneshot::Sender<()> },
    /// The server is full and this room, which nobody is in, gives its place to a new one: it
    /// closes for good (its records stay), and answers `done` once its closing is stored.
    Evict { done: oneshot::Sender<()> },
    /// What became of the room, for the holder of `token` (`my_rooms`).
    Describe {
        token: String,
        reply: oneshot::Sender<Option<martian_protocol::meeting::MyRoom>>,
    },
    /// Another process holds the room's lease now: stop at once, change nothing, and tell the
    /// members to reconnect (they reach the new owner).
    GiveUp,
}

struct Member {
    outbox: Outbox,
    seat: Option<usize>,
    /// The token of the member's place in line for the next game.
    waiting: Option<String>,
    /// The member asked for the coach's advice.
    coach: bool,
    /// A spectator's name, for their chat lines.
    name: Option<Box<str>>,
    /// Paces the member's chat lines.
    chat: Bucket,
    /// The account the member is signed in as.
    signed: Option<Signed>,
}

impl Member {
    fn new(outbox: Outbox, seat: Option<usize>, waiting: Option<String>) -> Member {
        Member {
            outbox,
            seat,
            waiting,
            coach: false,
            name: None,
            chat: Bucket::full(chat::MEMBER_BURST),
            signed: None,
        }
    }
}

/// What the room last told the registry and the other processes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Reported {
    status: Option<Status>,
    attended: bool,
    people: bool,
    live: bool,
    listing: Option<String>,
}

impl Reported {
    /// A new room, whose people are entering: the registry and the database already count it
    /// as live (so that a room created a moment later counts it too).
    fn entering() -> Reported {
        Reported {
            status: Some(Status::Lobby),
            attended: true,
            people: true,
            live: true,
            listing: None,
        }
    }
}

/// A room's task state.
pub struct Room {
    id: String,
    state: RoomState,
    members: HashMap<ConnId, Member>,
    table: Option<Table>,
    /// The game's finished turns as sent, written once each (views take `&self`).
    history: RefCell<HistoryCache>,
    bots: Vec<Option<Box<dyn Strategy>>>,
    /// Seats whose bot was found this game to play greedy instead of exact play, and said so.
    fallback_told: std::collections::HashSet<usize>,
    /// Seats whose current turn a stand-in finishes, and how.
    stand_in: Vec<Option<OnTimeout>>,
    deadline: Option<Instant>,
    bot_due: Option<Instant>,
    /// Since when nobody is connected.
    idle_since: Option<Instant>,
    /// For each seat of a person: since when nobody is connected on it.
    disconnected: Vec<Option<Instant>>,
    /// A bot deciding on the deciders' threads, so that a slow one never holds up the room.
    thinking: Option<Thinking>,
    store: Store,
    settings: Arc<RoomSettings>,
    /// The state as loaded must be stored again (it held secrets in clear, or every finished
    /// game).
    rewrite_state: bool,
    /// The room's lease was lost (or a change may have been stored unseen): it must stop and
    /// be brought back from the database.
    lost: bool,
    /// The chat's last lines.
    chat: ChatLog,
    /// Paces the chat of the whole room.
    chat_bucket: Bucket,
    reported: Reported,
    /// A quick-match room starts its game once its people are in, or at this time.
    auto_start: Option<Instant>,
    /// The room is to close once the change under way is told (its last person left it).
    close_now: bool,
}

/// A bot's decision under way: for `seat`, when the game had made `moves` moves.
struct Thinking {
    seat: usize,
    moves: usize,
    done: oneshot::Receiver<(Box<dyn Strategy>, Result<Action, martian_bots::BotError>)>,
    /// The solutions the bot waits for, while they are prepared: the room tells its members
    /// what is computed and how far along (`solving`), at `tell_at`.
    waits: Option<Need>,
    tell_at: Option<Instant>,
    /// What it last told (`None` inside: that the tables are being prepared, no figure yet).
    told: Option<Option<crate::solving::solutions::Solving>>,
}

/// How often a room tells how far the solutions its bots wait for are along.
const SOLVING_EVERY: Duration = Duration::from_millis(250);

/// Why a stored room cannot be brought back.
#[derive(Debug, thiserror::Error)]
#[error("room {room}: {message}")]
pub struct RestoreError {
    pub room: String,
    pub message: String,
}

type Reply = Result<Vec<RoomEvent>, Refusal>;

/// How a connection came into the room.
struct Entered {
    seat: Option<usize>,
    token: Option<String>,
    /// In line for a seat at the next game (`token` is its place's).
    waiting: bool,
    events: Vec<RoomEvent>,
}

impl Entered {
    fn watching() -> Entered {
        Entered {
            seat: None,
            token: None,
            waiting: false,
            events: Vec::new(),
        }
    }
}

impl Room {
    /// A new room with its host in seat 0; returns the host's token.
    pub fn create(
        id: String,
        founding: Founding,
        store: Store,
        settings: Arc<RoomSettings>,
    ) -> Result<(Room, String), NameError> {
        let name = clean_name(&founding.host)?;
        let token = random_token();
        let avatar = founding.avatar.unwrap_or(Avatar::nth_person(0));
        let state = RoomState {
            seats: vec![SeatState::person(name, token_hash(&token), avatar)],
            host: 0,
            waiting: Vec::new(),
            rules: Rules::official(),
            timer: Timer::default(),
            timer_auto: true,
            status: Status::Lobby,
            game: 0,
            finished: Vec::new(),
            code: random_code(),
            creator: founding.creator,
            public: founding.public,
            lang: founding.lang,
            spectator_chat: false,
            standing: None,
            rated: false,
            challenge: None,
        };
        let mut room = Room::with_state(id, state, store, settings);
        room.reported = Reported::entering();
        Ok((room, token))
    }

    /// A quick-match room: a seat for each player (names already checked), then `bots` seats of
    /// the bot `bot`; its game starts once the players are in. Returns each player's token.
    pub fn matched(
        id: String,
        players: &[(String, Option<Avatar>)],
        bots: usize,
        bot: &str,
        founding: Founding,
        store: Store,
        settings: Arc<RoomSettings>,
    ) -> (Room, Vec<String>) {
        let mut tokens = Vec::new();
        let mut seats: Vec<SeatState> = Vec::new();
        for (name, avatar) in players {
            let token = random_token();
            let avatar =
                avatar.unwrap_or_else(|| Avatar::first_free(seats.iter().filter_map(|s| s.avatar)));
            // The same name twice: the later one is told apart by its seat number.
            let taken = seats
                .iter()
                .any(|s| crate::state::names::same_name(&s.name, name));
            let name = if taken {
                format!("{name} {}", seats.len() + 1)
            } else {
                name.clone()
            };
            seats.push(SeatState::person(name, token_hash(&token), avatar));
            tokens.push(token);
        }
        for i in 0..bots {
            let name = if i == 0 {
                bot.to_string()
            } else {
                format!("{bot} {}", i + 1)
            };
            seats.push(SeatState::bot(name, bot.to_string()));
        }
        let state = RoomState {
            seats,
            host: 0,
            waiting: Vec::new(),
            rules: Rules::official(),
            timer: Timer::default(),
            timer_auto: true,
            status: Status::Lobby,
            game: 0,
            finished: Vec::new(),
            code: random_code(),
            creator: founding.creator,
            public: false,
            lang: founding.lang,
            spectator_chat: false,
            standing: None,
            rated: false,
            challenge: None,
        };
        let mut room = Room::with_state(id, state, store, settings);
        room.reported = Reported::entering();
        room.auto_start = Some(Instant::now() + social::MATCH_START_WAIT);
        (room, tokens)
    }

    /// The room's code.
    pub fn code(&self) -> &str {
        &self.state.code
    }

    /// Draws another code (before the room is stored: another room had this one).
    pub fn new_code(&mut self) {
        self.state.code = random_code();
    }

    /// The address the room was created from.
    pub fn creator(&self) -> Option<std::net::IpAddr> {
        self.state.creator
    }

    /// Where the room stands.
    pub fn status(&self) -> Status {
        self.state.status
    }

    /// Whether people hold seats (or places in line) in the room: they may come back to it.
    pub fn has_people(&self) -> bool {
        self.state.seats.iter().any(|s| s.token_hash.is_some()) || !self.state.waiting.is_empty()
    }

    fn with_state(id: String, state: RoomState, store: Store, settings: Arc<RoomSettings>) -> Room {
        let seats = state.seats.len();
        let now = Instant::now();
        let disconnected = state
            .seats
            .iter()
            .map(|s| s.bot.is_none().then_some(now))
            .collect();
        Room {
            id,
            state,
            members: HashMap::new(),
            table: None,
            history: RefCell::default(),
            bots: (0..seats).map(|_| None).collect(),
            fallback_told: std::collections::HashSet::new(),
            stand_in: vec![None; seats],
            deadline: None,
            bot_due: None,
            idle_since: Some(now),
            disconnected,
            thinking: None,
            store,
            settings,
            rewrite_state: false,
            lost: false,
            chat: ChatLog::default(),
            chat_bucket: Bucket::full(chat::ROOM_BURST),
            reported: Reported::default(),
            auto_start: None,
            close_now: false,
        }
    }

    /// The generation of the lease the room runs under (0 without leases).
    pub fn generation(&self) -> u64 {
        self.store.fence().map_or(0, |fence| fence.generation)
    }

    /// A room brought back from storage, its game replayed to where it was.
    pub fn restore(
        id: String,
        state: &str,
        games: &[StoredGame],
        chat: Vec<String>,
        store: Store,
        settings: Arc<RoomSettings>,
    ) -> Result<Room, RestoreError> {
        let fail = |message: String| RestoreError {
            room: id.clone(),
            message,
        };
        let mut state: RoomState =
            serde_json::from_str(state).map_err(|e| fail(format!("bad state: {e}")))?;
        // Tokens an older version stored in clear are kept only as their hash from now on.
        let mut clear_tokens = false;
        for seat in &mut state.seats {
            if let Some(token) = seat.token.take() {
                seat.token_hash = Some(token_hash(&token));
                clear_tokens = true;
            }
        }
        // Rooms stored before codes get one now.
        let coded = state.code.is_empty();
        if coded {
            state.code = random_code();
        }
        // A list kept whole by an older version is cut to the recent games, stored so at once.
        let long_list = state.finished.len() > crate::state::RECENT_FINISHED;
        state.trim_finished();
        let mut room = Room::with_state(id.clone(), state, store, settings);
        room.rewrite_state = clear_tokens || coded || long_list;
        room.chat = ChatLog::restore(chat);
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
            let source = match &room.state.challenge {
                Some(challenge) => {
                    table::DiceSource::Challenge(martian_challenge::Challenge::of(challenge.date))
                }
                None => table::DiceSource::Seed(game.seed),
            };
            let table =
                Table::replay_dealt(room.state.rules, room.state.seats.len(), source, &moves)
                    .map_err(|e| fail(e.to_string()))?;
            room.table = Some(table);
            room.make_bots().map_err(|e| fail(e.to_string()))?;
            room.schedule();
            // A game this process will finish counts as started here too: a process's
            // games_finished never exceeds its games_started.
            if room.state.status == Status::Playing {
                room.settings.metrics.game_started();
            }
        }
        Ok(room)
    }

    /// Runs the room on a task of its own, every line it logs naming it.
    pub fn spawn(self, commands: RoomReceiver) {
        use tracing::Instrument;
        let span = tracing::info_span!("room", room = %self.id);
        // Boxed: by value the room would be in its task twice (argument and local).
        tokio::spawn(Box::new(self).run(commands).instrument(span));
    }

    /// Runs the room until every handle to it is dropped, it closes, or the server stops.
    async fn run(mut self: Box<Self>, commands: RoomReceiver) {
        self.settings
            .metrics
            .room_state(None, Some(self.state.status));
        self.run_loop(commands).await;
        self.settings
            .metrics
            .room_state(Some(self.state.status), None);
    }

    async fn run_loop(&mut self, mut commands: RoomReceiver) {
        if self.rewrite_state {
            // A room stored before codes is given the code it got when brought back.
            let recode = Write::Code {
                room: self.id.clone(),
                code: self.state.code.clone(),
            };
            match self.commit(vec![recode], Some(self.state.clone())).await {
                Ok(()) => self.rewrite_state = false,
                Err(error) => tracing::warn!("storing the state again: {error}"),
            }
        }
        loop {
            let idle_end = self.idle_since.map(|since| since + self.idle_limit());
            let wake = [
                self.deadline,
                self.bot_due,
                idle_end,
                self.grace_due(),
                self.auto_start,
                self.thinking.as_ref().and_then(|t| t.tell_at),
            ]
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
                    Some(RoomCommand::Shutdown { done }) => {
                        // Everything this room did before is queued for its members ahead of
                        // this: their connections deliver it, then tell them the server restarts.
                        for (_, member) in self.members.drain() {
                            let _ = member.outbox.send(Outgoing::Reconnect);
                        }
                        let _ = done.send(());
                        break;
                    }
                    Some(RoomCommand::GiveUp) => {
                        self.give_up();
                        break;
                    }
                    Some(RoomCommand::Evict { done }) => {
                        tracing::info!("closing the room to make way for a new one");
                        for (_, member) in self.members.drain() {
                            let _ = member.outbox.send(Outgoing::Reconnect);
                        }
                        self.close().await;
                        let _ = done.send(());
                        break;
                    }
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                decision = decided => self.decided(decision).await,
                () = sleep => {
                    if idle_end.is_some_and(|end| end <= Instant::now()) {
                        self.close().await;
                        break;
                    }
                    self.grace_tick().await;
                    self.auto_start_tick().await;
                    self.tell_solving();
                    self.tick().await;
                }
            }
            if self.lost {
                self.give_up();
                break;
            }
            if self.close_now {
                for (_, member) in self.members.drain() {
                    let _ = member.outbox.send(Outgoing::Detached(None));
                }
                self.close().await;
                break;
            }
            self.idle_since = match (self.members.is_empty(), self.idle_since) {
                (true, None) => Some(Instant::now()),
                (true, since) => since,
                (false, _) => None,
            };
            self.report().await;
        }
    }

    /// How long the room stays open with nobody in it: a room whose game never started is
    /// closed sooner, so that empty rooms cannot pile up.
    fn idle_limit(&self) -> Duration {
        if self.state.standing.is_some() {
            crate::state::STANDING_IDLE
        } else if self.state.status == Status::Lobby && self.state.game == 0 {
            self.settings.lobby_idle_close.min(self.settings.idle_close)
        } else {
            self.settings.idle_close
        }
    }

    /// Closes the room for good: stored as closed, forgotten by the server. A game it leaves
    /// unfinished keeps its record (without a result), stored with the closing.
    async fn close(&mut self) {
        let mut writes = Vec::new();
        if self.state.status == Status::Playing
            && let Some(table) = &self.table
            && !table.game().is_over()
        {
            writes.push(Write::GameFinished {
                room: self.id.clone(),
                number: self.state.game,
                record: table.record(self.players()).to_json(),
            });
        }
        writes.push(self.room_write(&self.state, true));
        if let Err(error) = self.store.commit(writes).await {
            tracing::error!("closing: {error}");
        }
        self.settings.directory.set(&self.id, None);
        (self.settings.on_close)(&self.id, self.generation());
    }

    /// The write that stores `state` as the room's.
    fn room_write(&self, state: &RoomState, closed: bool) -> Write {
        Write::Room {
            id: self.id.clone(),
            state: state.to_json(),
            closed,
            code: state.code.clone(),
            creator: state.creator.map(|addr| addr.to_string()),
        }
    }

    /// Tells the registry, the public list and the other processes where the room stands, when
    /// that changed.
    async fn report(&mut self) {
        let attended = !self.members.is_empty();
        let status = self.state.status;
        let people = self.has_people();
        let live = attended && status != Status::Over;
        let listing = self.listing();
        let listing_json = listing.as_ref().map(|l| l.to_json());
        if self.reported.status != Some(status)
            || self.reported.attended != attended
            || self.reported.people != people
        {
            (self.settings.on_activity)(&self.id, self.generation(), status, attended, people);
        }
        if self.reported.listing != listing_json {
            self.settings.directory.set(&self.id, listing);
        }
        if (self.reported.live != live || self.reported.listing != listing_json)
            && self.store.fence().is_some()
        {
            self.store
                .publish(&self.id, live, listing_json.clone())
                .await;
        }
        self.reported = Reported {
            status: Some(status),
            attended,
            people,
            live,
            listing: listing_json,
        };
    }

    /// Stops running the room here without changing it: another process holds its lease (or
    /// the database may hold a change this run does not know of). Its members are told to
    /// reconnect; they reach whoever runs the room next, which brings it back from the database.
    fn give_up(&mut self) {
        self.settings.directory.set(&self.id, None);
        tracing::warn!(
            generation = self.generation(),
            "giving the room up: its lease is held elsewhere or its last change is uncertain"
        );
        for (_, member) in self.members.drain() {
            let _ = member.outbox.send(Outgoing::Reconnect);
        }
        self.settings.metrics.room_given_up();
        (self.settings.on_close)(&self.id, self.generation());
    }

    async fn handle(&mut self, command: RoomCommand) {
        match command {
            RoomCommand::Enter {
                conn,
                outbox,
                entry,
                signed,
                reply,
            } => {
                let request = match entry {
                    Entry::Join { .. } => "join",
                    Entry::Resume { .. } => "resume",
                    Entry::Watch { .. } => "watch",
                };
                let spectator_name = match &entry {
                    Entry::Watch { name } => name.clone(),
                    _ => None,
                };
                let result = self.enter(conn, &outbox, entry).await;
                match result {
                    Ok(Entered {
                        seat,
                        token,
                        waiting,
                        events,
                    }) => {
                        let _ = reply.send(true);
                        let joined = ServerMessage::Joined {
                            room: &self.id,
                            seat,
                            token: token.as_deref(),
                            waiting,
                        }
                        .to_json();
                        let _ = outbox.send(Outgoing::Text(joined.into()));
                        let history = self.chat_history(signed.as_ref());
                        let _ = outbox.send(Outgoing::Text(history.into()));
                        if let Some(seat) = seat {
                            self.arrived(seat);
                            self.mark_claimed(seat, signed.as_ref()).await;
                        }
                        let mut member =
                            Member::new(outbox, seat, if waiting { token } else { None });
                        member.name = spectator_name.map(String::into_boxed_str);
                        member.signed = signed;
                        self.members.insert(conn, member);
                        self.schedule();
                        self.broadcast(&events);
                        self.maybe_auto_start().await;
                    }
                    Err(refusal) => {
                        let _ = reply.send(false);
                        self.settings.metrics.refusal(refusal.code().as_str());
                        let _ = outbox.send(Outgoing::Text(refusal.to_json(Some(request)).into()));
                    }
                }
            }
            RoomCommand::Describe { token, reply } => {
                let _ = reply.send(self.describe(&token));
            }
            RoomCommand::Message {
                conn,
                message,
                received,
            } => {
                let kind = message.kind();
                match self.message(conn, message).await {
                    Ok(events) => {
                        if !events.is_empty() {
                            self.broadcast(&events);
                            if kind == "act" {
                                self.settings.metrics.action_latency(received.elapsed());
                            }
                        }
                    }
                    Err(refusal) => {
                        self.settings.metrics.refusal(refusal.code().as_str());
                        self.send(conn, refusal.to_json(Some(kind)));
                    }
                }
            }
            RoomCommand::Shutdown { .. } | RoomCommand::GiveUp | RoomCommand::Evict { .. } => {
                unreachable!("handled by the loop")
            }
            RoomCommand::Gone {
                conn,
                left,
                give_up,
                done,
            } => {
                if let Some(member) = self.members.remove(&conn) {
                    let events = if give_up {
                        self.give_up_seat(member).await
                    } else {
                        self.gone(member, left).await
                    };
                    self.broadcast(&events);
                }
                if let Some(done) = done {
                    let _ = done.send(());
                }
            }
        }
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
    async fn commit_state(&mut self, next: RoomState) -> Result<(), StoreError> {
        self.commit(Vec::new(), Some(next)).await
    }

    /// Stores `writes` and, if given, `next` as the room's state, in one transaction; then adopts
    /// `next`. Nothing changes on error.
    async fn commit(
        &mut self,
        mut writes: Vec<Write>,
        next: Option<RoomState>,
    ) -> Result<(), StoreError> {
        if let Some(next) = &next {
            writes.push(self.room_write(next, false));
        }
        self.store.commit(writes).await.map_err(|e| {
            tracing::error!(game = self.state.game, "storing a change: {e}");
            if e.loses_the_room() && self.store.fence().is_some() {
                self.lost = true;
            }
            e
        })?;
        if let Some(next) = next {
            self.settings
                .metrics
                .room_state(Some(self.state.status), Some(next.status));
            self.state = next;
        }
        Ok(())
    }

    /// The write that stores a brand-new room.
    pub fn first_write(&self) -> Write {
        self.room_write(&self.state, false)
    }

    fn seat_connected(&self, seat: usize) -> bool {
        self.members.values().any(|m| m.seat == Some(seat))
    }

    fn spectators(&self) -> usize {
        self.members.values().filter(|m| m.seat.is_none()).count()
    }
}
