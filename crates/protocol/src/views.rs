//! What the members of a room are sent: the room's state as everyone sees it (never a token),
//! and the events that changed it. The rooms build these (`rooms::views`); here is their shape.

use serde::Serialize;
use serde_json::value::RawValue;

use martian_engine::{BONUS_POINTS, Dice, Face, Rules};

use crate::avatars::Avatar;
use crate::room::{FinishedGame, Status};
use crate::{OnTimeout, RoomLang, Timer};

/// Something that happened, for the clients to show (and animate).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// `seat` rolled `dice` (tanks among them already set aside).
    Rolled { seat: usize, dice: String },
    /// `seat` set aside every rolled die of `face`.
    Took { seat: usize, face: char, count: u8 },
    /// `seat` chose to roll again.
    RollAgain { seat: usize },
    /// The turn of `seat` ended scoring `score`; `end` is `stop`, `no-dice` or `no-choice`.
    TurnOver {
        seat: usize,
        score: u16,
        total: u16,
        end: &'static str,
    },
    /// `seat` rolled six dice in the roll-off.
    RollOffRoll { seat: usize, dice: String },
    /// The game is over.
    GameOver { winners: Vec<usize> },
}

/// What everyone in a room sees: never a token.
#[derive(Clone, Debug, Serialize)]
pub struct RoomView {
    pub id: String,
    pub code: String,
    pub status: Status,
    /// The host's seat.
    pub host: usize,
    pub seats: Vec<SeatView>,
    /// People waiting for a seat at the next game.
    pub waiting: Vec<WaitingView>,
    pub rules: Rules,
    /// The timer that applies now.
    pub timer: Timer,
    /// The host has not set the timer (off while one person plays with bots).
    pub timer_auto: bool,
    pub public: bool,
    pub lang: RoomLang,
    pub spectator_chat: bool,
    /// A standing table: an account's room that keeps its code for good.
    pub standing: bool,
    /// The room's games are rated.
    pub rated: bool,
    pub spectators: usize,
    pub game: Option<GameView>,
    /// The most recent finished games (the last 20), oldest first.
    pub finished: Vec<FinishedGame>,
    /// How many games the room finished: those before `finished` are listed by
    /// `GET /api/rooms/ROOM/games`.
    pub finished_total: u32,
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
    /// The person is away: the stand-in bot plays their turns until they come back.
    pub away: bool,
    pub avatar: Avatar,
    /// The host muted the seat in the chat.
    pub muted: bool,
    /// The seat's name is an account's, its holder signed in as it.
    pub claimed: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct WaitingView {
    pub name: String,
    pub connected: bool,
    pub avatar: Avatar,
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
    /// The finished turns, each a [`TurnSummary`].
    pub history: Box<RawValue>,
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
    /// How that score is made up.
    #[serde(flatten)]
    pub scoring: Scoring,
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
    /// Why the turn ended: `stop`, `no-dice` or `no-choice`.
    pub end: &'static str,
    /// The dice set aside at the end, as face letters.
    pub aside: String,
    pub tanks: u8,
    pub rays: u8,
    #[serde(flatten)]
    pub scoring: Scoring,
}

/// How the dice set aside score, as the engine's rules count it, so that clients can explain a
/// score without knowing the rules.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Scoring {
    /// Humans, cows and chickens set aside.
    pub earthlings: u8,
    /// The bonus points in the score (0 when not earned, or when the tanks win).
    pub bonus: u16,
    /// The tanks outnumber the death rays: the turn scores 0.
    pub tanks_win: bool,
}

impl Scoring {
    pub fn of(rules: Rules, aside: Dice) -> Scoring {
        let tanks_win = aside.count(Face::Tank) > aside.count(Face::DeathRay);
        Scoring {
            earthlings: aside.earthlings(),
            bonus: if !tanks_win && rules.earns_bonus(aside) {
                BONUS_POINTS
            } else {
                0
            },
            tanks_win,
        }
    }
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
    Seated {
        seat: usize,
    },
    Connected {
        seat: usize,
    },
    Disconnected {
        seat: usize,
    },
    SeatRemoved {
        seat: usize,
    },
    HandedToBot {
        seat: usize,
        bot: String,
    },
    RulesChanged,
    TimerChanged,
    GameStarted {
        number: u32,
    },
    TimedOut {
        seat: usize,
        on_timeout: OnTimeout,
    },
    /// The seat's person is away: a bot plays their turns until they come back.
    Away {
        seat: usize,
    },
    HostChanged {
        seat: usize,
    },
    /// Someone asked for a seat at the next game.
    Queued {
        name: String,
    },
    /// A person gave their seat up for good.
    LeftSeat {
        seat: usize,
        name: String,
    },
    /// A rematch moved the first player on: the seats turned by one.
    SeatsRotated,
    /// A rated game's seats were drawn at random (no one always sits first): `order[new]` is
    /// the seat each player had before.
    SeatsDrawn {
        order: Vec<usize>,
    },
    /// A seat (or, `None`, one in line) picked another avatar.
    AvatarChanged {
        seat: Option<usize>,
    },
    Muted {
        seat: usize,
        muted: bool,
    },
    OptionsChanged,
    /// The seat's bot cannot play by the solver's exact solutions in this game and plays for
    /// the expected score of each turn instead, as `greedy` does: the rules are beyond the
    /// solver's limits (`max_target`: the highest target it solves with these dice), or the
    /// solve failed (`max_target` null).
    PlaysGreedy {
        seat: usize,
        bot: String,
        max_target: Option<martian_engine::Points>,
    },
}
