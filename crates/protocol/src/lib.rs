//! The WebSocket protocol of Martian Dice online, version [`PROTOCOL_VERSION`]: JSON text messages
//! with a `type` field. Documented for client writers in `docs/websocket-protocol.md`; keep the two
//! in step.
//!
//! The messages both ways are here (`ClientMessage`, `ServerMessage`, the error codes and the
//! checks of names), with the shapes they carry: [`views`] (a room as its members see it),
//! [`meeting`] (the public lists, the quick-match queue, a browser's rooms), [`coach`] (the
//! coach's advice, a solve's progress), [`room`] (a room's language, timer, status and finished
//! games; the chat's limits), [`avatars`] and [`names`] (look-alike names). The server
//! (`martian-server`) builds and sends them; a client written in Rust can read them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use martian_engine::Rules;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

pub mod avatars;
pub mod coach;
pub mod meeting;
pub mod names;
pub mod room;
pub mod views;

pub use room::{OnTimeout, RoomLang, Timer};

/// The version of the protocol this server speaks; sent in `welcome`.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest message a client may send, in bytes. Larger ones are refused with `too_large`.
pub const MAX_MESSAGE_BYTES: usize = 2048;

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// The chat's one-tap phrases: only the id travels, and each reader sees it in their language.
pub const QUICK_MESSAGES: &[&str] = &[
    "hello",
    "good_luck",
    "nice_roll",
    "oops",
    "well_played",
    "thinking",
    "be_right_back",
    "rematch",
    "thanks",
    "wow",
    "so_close",
    "your_turn",
    "bye",
];

/// The most seats `my_rooms` asks about at once.
pub const MAX_MY_ROOMS: usize = 20;

/// The smallest and largest tables quick match makes.
pub const MATCH_PLAYERS: (usize, usize) = (2, 4);

/// A seat a browser holds: the room and the seat's token (`my_rooms`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeldSeat {
    pub room: String,
    pub token: String,
}

/// A signed-in player's account, as the `welcome` names it.
#[derive(Clone, Debug, Serialize)]
pub struct AccountName<'a> {
    pub name: &'a str,
}

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Creates a room; the sender becomes its host, seated first.
    CreateRoom {
        name: String,
        avatar: Option<String>,
        lang: Option<RoomLang>,
        public: Option<bool>,
    },
    /// Takes a seat in a room that has not started (by its id or its code); with the token of
    /// one of its seats, comes back to that seat instead.
    Join {
        room: Option<String>,
        code: Option<String>,
        name: String,
        avatar: Option<String>,
        token: Option<String>,
    },
    /// Comes back to a seat with its secret token.
    Resume { room: String, token: String },
    /// Watches a room without a seat (by its id or its code); `name` signs chat lines.
    Watch {
        room: Option<String>,
        code: Option<String>,
        name: Option<String>,
    },
    /// Leaves the room (the seat stays, and may be resumed).
    Leave {},
    /// Gives one's seat up for good: removed in the lobby, played by a bot in a game.
    LeaveSeat {},
    /// Host, before the start: adds a bot seat.
    AddBot { bot: String },
    /// Host: removes a seat (before the start), or hands the seat of a player who left to a bot.
    Remove { seat: usize },
    /// A spectator asks for a seat: at once in the lobby, else at the next game.
    JoinNext {
        name: String,
        avatar: Option<String>,
    },
    /// Any seated player, during a game: a bot plays the turns of an absent player until they
    /// come back.
    HandToBot { seat: usize },
    /// Host, before the start: the rules.
    SetRules { rules: Rules },
    /// Host, before the start: makes the room's games rated (or not): official rules, every
    /// seated person signed in as their seat's account, the bots among the rated ones.
    SetRated { rated: bool },
    /// Host: the turn timer.
    SetTimer { timer: Timer },
    /// Host: the room's options (at least one).
    SetOptions {
        public: Option<bool>,
        spectator_chat: Option<bool>,
        lang: Option<RoomLang>,
        /// A standing table: the room and its code kept for good (docs/accounts.md).
        #[serde(default)]
        standing: Option<bool>,
    },
    /// A seated person (or one in line): their avatar.
    SetAvatar { avatar: String },
    /// Host: mutes (or unmutes) a seat in the chat.
    Mute { seat: usize, muted: bool },
    /// Host: starts the game (from the lobby), or a new game once one is over.
    Start {},
    /// The seated player whose turn it is: `roll`, `stop`, or a face letter `R` `H` `C` `K`.
    Act { action: String },
    /// A chat phrase (one of [`QUICK_MESSAGES`]).
    Say { message: String },
    /// A chat line of free text.
    Chat { text: String },
    /// Asks for the coach's advice for one's own turn (games with bots only).
    Coach { on: bool },
    /// Subscribes to the live list of public rooms, or stops.
    Browse { on: bool },
    /// Waits in the quick-match queue for a table of `players` (2 by default); `rated` (signed
    /// in only) for a rated table, with rated askers of close ratings.
    QuickMatch {
        name: String,
        avatar: Option<String>,
        lang: Option<RoomLang>,
        players: Option<usize>,
        rated: Option<bool>,
    },
    /// Takes the bot offered after a wait in the queue.
    MatchBot {},
    /// Leaves the quick-match queue.
    MatchCancel {},
    /// What became of the rooms of these seats.
    MyRooms { seats: Vec<HeldSeat> },
    /// Keeps the connection alive; answered with `pong`.
    Ping {},
    /// Plays the daily challenge of `date` (today, UTC, when absent) against its bot, in a room
    /// of one's own (docs/challenge.md). A guest gives the key its browser keeps (`guest` in
    /// `challenge_started`), which counts its one ranked attempt a day.
    Challenge {
        date: Option<String>,
        name: String,
        avatar: Option<String>,
        guest: Option<String>,
    },
}

impl ClientMessage {
    /// Every request's `type`, as [`ClientMessage::kind`] names them.
    pub const KINDS: [&'static str; 28] = [
        "create_room",
        "join",
        "resume",
        "watch",
        "leave",
        "leave_seat",
        "add_bot",
        "remove",
        "join_next",
        "hand_to_bot",
        "set_rules",
        "set_rated",
        "set_timer",
        "set_options",
        "set_avatar",
        "mute",
        "start",
        "act",
        "say",
        "chat",
        "coach",
        "browse",
        "quick_match",
        "match_bot",
        "match_cancel",
        "my_rooms",
        "ping",
        "challenge",
    ];

    /// The request type of a text that is not a valid message but plainly meant to be one: a
    /// JSON object whose `type` is a known one (its fields are what is wrong).
    pub fn intended_kind(text: &str) -> Option<&'static str> {
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        let kind = value.get("type")?.as_str()?;
        Self::KINDS.into_iter().find(|&known| known == kind)
    }

    /// The `type` of the message, to name it in error replies.
    pub fn kind(&self) -> &'static str {
        match self {
            ClientMessage::CreateRoom { .. } => "create_room",
            ClientMessage::Join { .. } => "join",
            ClientMessage::Resume { .. } => "resume",
            ClientMessage::Watch { .. } => "watch",
            ClientMessage::Leave {} => "leave",
            ClientMessage::LeaveSeat {} => "leave_seat",
            ClientMessage::AddBot { .. } => "add_bot",
            ClientMessage::Remove { .. } => "remove",
            ClientMessage::JoinNext { .. } => "join_next",
            ClientMessage::HandToBot { .. } => "hand_to_bot",
            ClientMessage::SetRules { .. } => "set_rules",
            ClientMessage::SetRated { .. } => "set_rated",
            ClientMessage::SetTimer { .. } => "set_timer",
            ClientMessage::SetOptions { .. } => "set_options",
            ClientMessage::SetAvatar { .. } => "set_avatar",
            ClientMessage::Mute { .. } => "mute",
            ClientMessage::Start {} => "start",
            ClientMessage::Act { .. } => "act",
            ClientMessage::Say { .. } => "say",
            ClientMessage::Chat { .. } => "chat",
            ClientMessage::Coach { .. } => "coach",
            ClientMessage::Browse { .. } => "browse",
            ClientMessage::QuickMatch { .. } => "quick_match",
            ClientMessage::MatchBot {} => "match_bot",
            ClientMessage::MatchCancel {} => "match_cancel",
            ClientMessage::MyRooms { .. } => "my_rooms",
            ClientMessage::Ping {} => "ping",
            ClientMessage::Challenge { .. } => "challenge",
        }
    }
}

/// Error codes: stable, for programs; the message beside them is for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not a message of this protocol (unknown type, missing or unknown field).
    Malformed,
    /// Over [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// Too many messages: slow down.
    RateLimited,
    /// The server holds as many connections as it allows.
    ServerFull,
    /// The client's address holds as many connections as one address may.
    TooManyConnections,
    /// The server holds as many rooms as it allows, each with someone in it.
    TooManyRooms,
    /// The address created as many live rooms as one may.
    RoomsPerAddress,
    /// The connection created as many live rooms as one may.
    RoomsPerConnection,
    /// No open room has that code.
    UnknownCode,
    /// Too many unknown codes from this address: wait.
    TooManyGuesses,
    /// A seat or a place in line of the room has that name.
    NameTaken,
    /// The host muted the sender's seat in the chat.
    Muted,
    /// A chat line over the length limit.
    ChatTooLong,
    /// Too many chat lines: wait.
    ChatRateLimited,
    /// The quick-match queue is full.
    QueueFull,
    /// As many people from this address wait in the quick-match queue as may.
    QueueAddressLimit,
    /// No such room (or it was closed).
    NoSuchRoom,
    /// The room has no free seat.
    RoomFull,
    /// The room's game has started: watch it instead.
    AlreadyStarted,
    /// The seat token is not valid for this room.
    BadToken,
    /// The message needs a room: create, join, resume or watch one first.
    NotInRoom,
    /// Already in a room: leave it first.
    AlreadyInRoom,
    /// Only the host may do this.
    NotHost,
    /// Spectators cannot do this.
    NotSeated,
    /// Not possible in the room's current state.
    WrongState,
    /// Not the sender's turn.
    NotYourTurn,
    /// The rules do not allow this move now.
    Illegal,
    /// A value is out of range (a name, a bot, a seat, a quick message).
    Invalid,
    /// The server could not store the change: nothing changed.
    Storage,
    /// The server's solver is busy preparing other rooms' bots: try again shortly.
    Busy,
    /// Another process of the cluster runs the room: reconnect to `/ws?room=ROOM`.
    Moved,
    /// The rules and the bots chosen together are beyond what the solver takes: the reply's
    /// `limit` says up to which target.
    SolverLimit,
    /// Only a signed-in page may do this (a rated quick match).
    NotSignedIn,
}

impl ErrorCode {
    /// The code as the protocol writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Malformed => "malformed",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::ServerFull => "server_full",
            ErrorCode::TooManyConnections => "too_many_connections",
            ErrorCode::TooManyRooms => "too_many_rooms",
            ErrorCode::RoomsPerAddress => "rooms_per_address",
            ErrorCode::RoomsPerConnection => "rooms_per_connection",
            ErrorCode::UnknownCode => "unknown_code",
            ErrorCode::TooManyGuesses => "too_many_guesses",
            ErrorCode::NameTaken => "name_taken",
            ErrorCode::Muted => "muted",
            ErrorCode::ChatTooLong => "chat_too_long",
            ErrorCode::ChatRateLimited => "chat_rate_limited",
            ErrorCode::QueueFull => "queue_full",
            ErrorCode::QueueAddressLimit => "queue_address_limit",
            ErrorCode::NoSuchRoom => "no_such_room",
            ErrorCode::RoomFull => "room_full",
            ErrorCode::AlreadyStarted => "already_started",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::NotInRoom => "not_in_room",
            ErrorCode::AlreadyInRoom => "already_in_room",
            ErrorCode::NotHost => "not_host",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::WrongState => "wrong_state",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::Illegal => "illegal",
            ErrorCode::Invalid => "invalid",
            ErrorCode::Storage => "storage",
            ErrorCode::Busy => "busy",
            ErrorCode::Moved => "moved",
            ErrorCode::SolverLimit => "solver_limit",
            ErrorCode::NotSignedIn => "not_signed_in",
        }
    }
}

/// A message from the server. Serialized once and sent to every member of a room.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage<'a> {
    /// First message on a connection.
    Welcome {
        protocol: u32,
        bots: Vec<BotEntry>,
        quick_messages: &'static [&'static str],
        avatars: &'static [&'static str],
        chat: ChatLimits,
        quick_match: MatchLimits,
        coach: bool,
        /// The largest target the coach works for with each number of dice: entry `i` for
        /// `i + 1` dice (1 to 30), so that the page offers the coach only where it is given.
        coach_max_target: Vec<martian_engine::Points>,
        /// The address players reach the server at (`--public-url`), for invite links; absent
        /// when the server was not told (the page then uses its own address).
        #[serde(skip_serializing_if = "Option::is_none")]
        public_url: Option<&'a str>,
        /// The account the connection is signed in as (from the session cookie), or null for a
        /// guest. Always the last field: the server fills it in per connection.
        account: Option<AccountName<'a>>,
    },
    /// The sender is now in `room`: at `seat` with its secret `token`, or watching (`seat` null).
    Joined {
        room: &'a str,
        seat: Option<usize>,
        #[serde(skip_serializing_if = "Option::is_none")]
        token: Option<&'a str>,
        /// In line for a seat at the next game.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        waiting: bool,
    },
    /// The room changed: its whole state, and the events that changed it.
    Update {
        room: &'a views::RoomView,
        events: &'a [views::RoomEvent],
    },
    /// A chat line (JSON of a chat line: `rooms::chat::ChatLine`).
    Chat {
        line: &'a serde_json::value::RawValue,
    },
    /// The chat lines kept so far, on entering a room (a JSON list).
    ChatHistory {
        lines: &'a serde_json::value::RawValue,
    },
    /// A phrase of a seated player (kept for clients written before the chat).
    Said {
        seat: usize,
        name: &'a str,
        message: &'a str,
    },
    /// A bot of the room's game `game` waits for the solver's tables, being computed: which
    /// one and how far along (absent before the solver's first report).
    Solving {
        game: u32,
        #[serde(flatten)]
        solving: Option<crate::coach::Solving>,
    },
    /// The coach's advice for the recipient's decision.
    Advice {
        advice: &'a crate::coach::CoachAdvice,
    },
    /// The sender left the room (or was removed from its seat).
    Left {
        code: LeftCode,
        reason: &'a str,
    },
    Pong {},
    /// The server is stopping to restart: the connection closes next (code 1012); reconnect
    /// and resume in a moment.
    Restarting {},
    /// The public rooms (a JSON object's fields, written by the directory).
    PublicRooms {
        #[serde(flatten)]
        lists: &'a meeting::PublicLists,
    },
    /// The quick-match queue, for one waiting in it.
    Matching {
        #[serde(flatten)]
        state: &'a meeting::MatchState,
    },
    /// What became of the rooms of the seats asked about.
    MyRooms {
        rooms: &'a [meeting::MyRoom],
    },
    /// A player the recipient's account is followed by invites it to their room (to every
    /// connection the account has open): join with the code.
    Invited {
        from: &'a str,
        code: &'a str,
    },
    /// The sender plays the daily challenge of `date` (before `joined`): ranked or not, and,
    /// for a guest, the key its browser keeps for the next days' attempts.
    ChallengeStarted {
        date: &'a str,
        ranked: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        guest: Option<&'a str>,
    },
    /// The sender's challenge game is graded: its result (docs/challenge.md), or why it is not.
    ChallengeResult {
        #[serde(flatten)]
        result: &'a serde_json::Value,
    },
    /// A request was refused; nothing changed.
    Error {
        code: ErrorCode,
        message: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        request: Option<&'a str>,
        #[serde(flatten)]
        extra: ErrorExtra<'a>,
    },
}

/// What an error reply says beyond its code, for some codes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ErrorExtra<'a> {
    /// The limit that was reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<ErrorLimit>,
    /// When to try again, in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_ms: Option<u64>,
    /// The room meant (for `moved`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub room: Option<&'a str>,
    /// What is wrong, as a message of `/i18n/*.ftl` for the page to word in its reader's
    /// language (a bad name, a malformed message).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<ErrorReason>,
}

/// A refusal's words as a Fluent message of the program's own (`crates/i18n/locales`) and its
/// arguments: `{"id": "web-refusal-name", "args": {"why": "too-long", "limit": 24}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorReason {
    pub id: &'static str,
    pub args: BTreeMap<&'static str, ReasonArg>,
}

/// An argument of an [`ErrorReason`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ReasonArg {
    Text(String),
    Number(u64),
}

impl ErrorReason {
    pub fn new(
        id: &'static str,
        args: impl IntoIterator<Item = (&'static str, ReasonArg)>,
    ) -> ErrorReason {
        ErrorReason {
            id,
            args: args.into_iter().collect(),
        }
    }
}

impl From<&str> for ReasonArg {
    fn from(text: &str) -> ReasonArg {
        ReasonArg::Text(text.to_string())
    }
}

impl From<usize> for ReasonArg {
    fn from(n: usize) -> ReasonArg {
        ReasonArg::Number(n as u64)
    }
}

/// The limit an error reply names: a count (rooms, characters), or, with `solver_limit`, the
/// solver's, for the page to word in its reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ErrorLimit {
    Count(usize),
    Solver(LimitView),
}

/// The chat's limits, in `welcome`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ChatLimits {
    pub max_chars: usize,
    pub history: usize,
}

/// Quick match's table sizes and wait before a bot is offered, in `welcome`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct MatchLimits {
    pub players: [usize; 2],
    pub bot_after_ms: u64,
}

/// Rules beyond the solver's limits as the protocol tells them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LimitView {
    /// `solo`, `duel` or `trio`: the game exact play of the room's seats needs.
    pub game: &'static str,
    pub dice: u8,
    pub target: martian_engine::Points,
    /// The highest target solved with these dice.
    pub max_target: martian_engine::Points,
}

impl From<martian_engine::SolveLimit> for LimitView {
    fn from(limit: martian_engine::SolveLimit) -> LimitView {
        LimitView {
            game: match limit.game {
                martian_engine::SolvedGame::Solo => "solo",
                martian_engine::SolvedGame::Duel => "duel",
                martian_engine::SolvedGame::Trio => "trio",
                martian_engine::SolvedGame::Quad => "quad",
            },
            dice: limit.dice,
            target: limit.target,
            max_target: limit.max_target,
        }
    }
}

/// Why a connection is no longer in its room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LeftCode {
    /// It asked to leave.
    Left,
    /// The host removed its seat.
    Removed,
    /// Its seat was resumed on another connection.
    ResumedElsewhere,
    /// It gave its seat up for good.
    LeftSeat,
}

/// A bot the page can seat.
#[derive(Clone, Debug, Serialize)]
pub struct BotEntry {
    pub name: String,
    pub summary: String,
    pub avatar: crate::avatars::Avatar,
}

impl meeting::MatchState {
    pub fn to_json(&self) -> String {
        ServerMessage::Matching { state: self }.to_json()
    }
}

impl ServerMessage<'_> {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages always serialise")
    }
}

/// An error reply as JSON text.
pub fn error_json(code: ErrorCode, message: &str, request: Option<&str>) -> String {
    error_json_with(code, message, request, ErrorExtra::default())
}

/// An error reply with what it says beyond its code.
pub fn error_json_with(
    code: ErrorCode,
    message: &str,
    request: Option<&str>,
    extra: ErrorExtra<'_>,
) -> String {
    ServerMessage::Error {
        code,
        message,
        request,
        extra,
    }
    .to_json()
}

/// Characters that reorder the text around them (bidirectional embeddings, overrides and
/// isolates): in a name they could make other players' names or messages read backwards.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that show nothing: Unicode's default-ignorable code points (zero-width spaces and
/// joiners, variation selectors, fillers, tags…) and the blank Braille pattern.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{2800}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}'
        | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}' | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// Why a name is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("the name is empty")]
    Empty,
    #[error("the name is longer than {MAX_NAME_CHARS} characters")]
    TooLong,
    #[error("the name has control characters")]
    Control,
    #[error("the name has characters that reverse the direction of text")]
    Bidi,
    #[error("the name has no visible character")]
    Invisible,
    #[error("the name has a line or paragraph separator")]
    LineBreak,
    #[error("the name has characters that are not text (noncharacters or annotation marks)")]
    NotText,
    #[error("the name has only private-use characters, which each device shows differently")]
    PrivateUse,
    #[error("the name has only accents or other combining marks, with no letter to carry them")]
    OnlyMarks,
}

impl NameError {
    /// The case of `web-refusal-name` that words this refusal.
    pub fn case(self) -> &'static str {
        match self {
            NameError::Empty => "empty",
            NameError::TooLong => "too-long",
            NameError::Control => "control",
            NameError::Bidi => "bidi",
            NameError::Invisible => "invisible",
            NameError::LineBreak => "line-break",
            NameError::NotText => "not-text",
            NameError::PrivateUse => "private-use",
            NameError::OnlyMarks => "only-marks",
        }
    }

    /// The refusal's words for the page: `web-refusal-name` with `why` (and `limit`).
    pub fn reason(self) -> ErrorReason {
        ErrorReason::new(
            "web-refusal-name",
            [
                ("why", ReasonArg::from(self.case())),
                ("limit", ReasonArg::from(MAX_NAME_CHARS)),
            ],
        )
    }

    /// The `error` reply's extra fields for this refusal.
    pub fn extra(self) -> ErrorExtra<'static> {
        ErrorExtra {
            reason: Some(self.reason()),
            ..ErrorExtra::default()
        }
    }
}

/// Characters no text should hold: Unicode's noncharacters and the interlinear annotation
/// marks, which devices show (or hide) each their own way.
pub fn is_not_text(c: char) -> bool {
    matches!(c, '\u{FDD0}'..='\u{FDEF}' | '\u{FFF9}'..='\u{FFFB}') || (c as u32) & 0xFFFE == 0xFFFE
}

/// Checks a player name: 1 to [`MAX_NAME_CHARS`] characters, trimmed, no control characters, no
/// characters that turn text around, and something visible.
pub fn clean_name(name: &str) -> Result<String, NameError> {
    // Before trimming, which would take these separators for spaces.
    if name.chars().any(|c| matches!(c, '\u{2028}' | '\u{2029}')) {
        return Err(NameError::LineBreak);
    }
    if name.chars().any(is_not_text) {
        return Err(NameError::NotText);
    }
    let name = name.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NameError::TooLong);
    }
    if name.chars().any(char::is_control) {
        return Err(NameError::Control);
    }
    if name.chars().any(is_bidi_control) {
        return Err(NameError::Bidi);
    }
    let mut visible = name
        .chars()
        .filter(|&c| !c.is_whitespace() && !is_invisible(c))
        .peekable();
    if visible.peek().is_none() || crate::names::skeleton(name).is_empty() {
        return Err(NameError::Invisible);
    }
    let categories: Vec<GeneralCategory> = visible.map(|c| c.general_category()).collect();
    if categories.iter().all(|&c| c == GeneralCategory::PrivateUse) {
        return Err(NameError::PrivateUse);
    }
    if categories.iter().all(|&c| {
        matches!(
            c,
            GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
        )
    }) {
        return Err(NameError::OnlyMarks);
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_parse_and_unknown_fields_are_refused() {
        let m: ClientMessage = serde_json::from_str(r#"{"type":"act","action":"R"}"#).unwrap();
        assert_eq!(m, ClientMessage::Act { action: "R".into() });
        assert!(
            serde_json::from_str::<ClientMessage>(r#"{"type":"act","action":"R","x":1}"#).is_err()
        );
        assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"start","x":1}"#).is_err());
        assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"nope"}"#).is_err());
        assert!(serde_json::from_str::<ClientMessage>(r#"{"action":"R"}"#).is_err());
        let m: ClientMessage = serde_json::from_str(r#"{"type":"start"}"#).unwrap();
        assert_eq!(m, ClientMessage::Start {});
        let rules = r#"{"type":"set_rules","rules":{"dice":8,"target":15,"bonus":"one-of-each","end":"immediate","tie":"shared"}}"#;
        assert!(serde_json::from_str::<ClientMessage>(rules).is_ok());
        let bad_rules = rules.replace("\"dice\":8", "\"dice\":0");
        assert!(serde_json::from_str::<ClientMessage>(&bad_rules).is_err());
        let timer = r#"{"type":"set_timer","timer":{"seconds":30,"on_timeout":"stop"}}"#;
        assert!(serde_json::from_str::<ClientMessage>(timer).is_ok());
    }

    #[test]
    fn the_known_kinds_are_exactly_the_protocol_s_types() {
        // serde names every type it expects when it meets an unknown one.
        let error = serde_json::from_str::<ClientMessage>(r#"{"type":"nope"}"#)
            .unwrap_err()
            .to_string();
        let expected = error.split("expected one of ").nth(1).unwrap();
        let mut named: Vec<&str> = expected
            .split(", ")
            .map(|k| k.trim_matches(|c: char| c == '`' || !c.is_ascii_graphic()))
            .map(|k| k.split('`').next().unwrap())
            .collect();
        named.sort_unstable();
        let mut kinds = ClientMessage::KINDS.to_vec();
        kinds.sort_unstable();
        assert_eq!(named, kinds, "{error}");
        assert_eq!(
            ClientMessage::intended_kind(r#"{"type":"act","action":7}"#),
            Some("act")
        );
        assert_eq!(ClientMessage::intended_kind(r#"{"type":"dance"}"#), None);
        assert_eq!(ClientMessage::intended_kind(r#"{"type":"act""#), None);
        assert_eq!(ClientMessage::intended_kind(r#"["act"]"#), None);
    }

    #[test]
    fn error_codes_are_written_as_serde_writes_them() {
        use ErrorCode::*;
        for code in [
            Malformed,
            TooLarge,
            RateLimited,
            ServerFull,
            TooManyConnections,
            TooManyRooms,
            NoSuchRoom,
            RoomFull,
            AlreadyStarted,
            BadToken,
            NotInRoom,
            AlreadyInRoom,
            NotHost,
            NotSeated,
            WrongState,
            NotYourTurn,
            Illegal,
            Invalid,
            Storage,
            Busy,
            Moved,
            RoomsPerAddress,
            RoomsPerConnection,
            UnknownCode,
            TooManyGuesses,
            NameTaken,
            Muted,
            ChatTooLong,
            ChatRateLimited,
            QueueFull,
            QueueAddressLimit,
        ] {
            assert_eq!(
                serde_json::to_value(code).unwrap(),
                serde_json::Value::from(code.as_str())
            );
        }
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(clean_name("  Ana "), Ok("Ana".into()));
        assert_eq!(clean_name("   "), Err(NameError::Empty));
        assert_eq!(clean_name(&"x".repeat(25)), Err(NameError::TooLong));
        assert_eq!(clean_name("a\u{7}b"), Err(NameError::Control));
        // Accents, scripts written right to left and emoji are names like any other.
        for fine in [
            "José",
            "Zoë 2",
            "محمد",
            "דנה",
            "王小明",
            "🐔 Chicken",
            "a\u{200D}b",
        ] {
            assert_eq!(clean_name(fine), Ok(fine.to_string()), "{fine}");
        }
        for reversed in [
            "evil\u{202E}gnp.exe",
            "a\u{2066}b",
            "\u{200F}Ana",
            "x\u{061C}",
        ] {
            assert_eq!(clean_name(reversed), Err(NameError::Bidi), "{reversed:?}");
        }
        for blank in [
            "\u{200B}",
            "\u{200B}\u{2060} \u{FEFF}",
            "\u{3164}",
            "\u{2800}\u{2800}",
            "\u{E0041}",
        ] {
            assert_eq!(clean_name(blank), Err(NameError::Invisible), "{blank:?}");
        }
        for (name, refused) in [
            ("\u{2028}", NameError::LineBreak),
            ("\u{2029}\u{2029}", NameError::LineBreak),
            ("Ana\u{2028}Bia", NameError::LineBreak),
            ("\u{FFF9}", NameError::NotText),
            ("\u{FFFA}\u{FFFB}", NameError::NotText),
            ("a\u{FFF9}b\u{FFFB}", NameError::NotText),
            ("\u{FDD0}", NameError::NotText),
            ("\u{FFFE}\u{FFFF}", NameError::NotText),
            ("\u{1FFFE}", NameError::NotText),
            ("\u{10FFFF}", NameError::NotText),
            ("Ana\u{FDEF}", NameError::NotText),
            ("\u{E000}", NameError::PrivateUse),
            ("\u{F8FF}\u{F8FF} \u{E123}", NameError::PrivateUse),
            ("\u{F0000}\u{100000}", NameError::PrivateUse),
            ("\u{0301}", NameError::OnlyMarks),
            ("\u{0301}\u{0308}\u{0327}", NameError::OnlyMarks),
            ("\u{20DD} \u{0903}", NameError::OnlyMarks),
        ] {
            assert_eq!(clean_name(name), Err(refused), "{name:?}");
        }
        // Marks on a letter, and a private-use sign beside one, are names.
        for fine in ["e\u{0301}", "Ana \u{F8FF}", "\u{0915}\u{093F}"] {
            assert_eq!(clean_name(fine), Ok(fine.to_string()), "{fine:?}");
        }
    }
}
