//! What the members of a room are sent: the room's state as everyone sees it (never a token), and
//! the events that changed it.

use serde::Serialize;
use serde_json::value::RawValue;
use tokio::time::Instant;

use martian_engine::{Awaiting, BONUS_POINTS, Dice, Face, GameState, Rules, TurnPhase};

use crate::meeting::avatars::Avatar;
use crate::protocol::{OnTimeout, RoomLang, Timer};
use crate::rooms::table::{Event, Table};
use crate::state::{FinishedGame, Status};

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
    fn of(rules: Rules, aside: Dice) -> Scoring {
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

/// The finished turns of a game as JSON, kept from one update to the next: a turn's summary
/// never changes once the turn is over, so each is written once instead of on every update
/// (late in a game the history was most of an update's cost).
#[derive(Debug, Default)]
pub struct HistoryCache {
    /// The game the turns belong to (its seed) and how many there are.
    seed: u64,
    turns: usize,
    /// The list as sent (checked JSON, built again only when a turn is added). Kept once, the
    /// only copy: with thousands of rooms a second copy was a tenth of the server's memory.
    list: Option<Box<RawValue>>,
}

impl HistoryCache {
    /// The history of the game at `table` as a JSON list, written from the cache plus the
    /// turns finished since.
    fn refresh(&mut self, table: &Table) -> Box<RawValue> {
        let game = table.game();
        let history = game.history();
        if self.seed != table.seed() || self.turns > history.len() {
            *self = HistoryCache {
                seed: table.seed(),
                ..HistoryCache::default()
            };
        }
        if let Some(list) = &self.list
            && self.turns == history.len()
        {
            return list.clone();
        }
        // The kept list without its closing bracket, then the new turns.
        let mut json = match self.list.take() {
            Some(list) => {
                let mut json = String::from(Box::<str>::from(list));
                json.pop();
                json
            }
            None => String::from("["),
        };
        for log in &history[self.turns..] {
            let aside = log.turn.aside();
            let summary = TurnSummary {
                seat: log.seat,
                round: log.round,
                transcript: log.transcript().to_string(),
                score: log.turn.score(),
                end: log.turn.ended_by().map_or("stop", |end| end.name()),
                aside: aside.to_string(),
                tanks: aside.count(Face::Tank),
                rays: aside.count(Face::DeathRay),
                scoring: Scoring::of(game.rules(), aside),
            };
            if json.len() > 1 {
                json.push(',');
            }
            json.push_str(&serde_json::to_string(&summary).expect("a turn summary is plain data"));
        }
        json.push(']');
        self.turns = history.len();
        let list = RawValue::from_string(json).expect("the cache holds a JSON list");
        self.list = Some(list.clone());
        list
    }
}

/// The view of the game at `table`: game `number` of its room, with the turn timer's `deadline`
/// and the finished turns from `history`.
pub fn game_view(
    table: &Table,
    number: u32,
    deadline: Option<Instant>,
    history: &mut HistoryCache,
) -> GameView {
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
        number,
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
            tanks: aside.count(Face::Tank),
            rays: aside.count(Face::DeathRay),
            score: turn.score(),
            scoring: Scoring::of(game.rules(), aside),
            legal,
            transcript: martian_engine::Transcript::from_log_steps(table.turn_steps()).to_string(),
        },
        triggered_by: game.triggered_by(),
        history: history.refresh(table),
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
        deadline_ms: deadline
            .map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rooms::table::Command;

    /// The cached history equals one written afresh after every move of whole games.
    #[test]
    fn the_kept_history_is_the_history_written_afresh() {
        for seed in 0..10 {
            let mut table = Table::new(Rules::default(), 3, seed).unwrap();
            let mut kept = HistoryCache::default();
            for _ in 0..2000 {
                let Some(seat) = table.seat_to_move() else {
                    break;
                };
                // Rolling on while the turn has under 4 points (over 8 in odd games), else the
                // stand-in's move (a take, or a stop).
                let limit = if seed % 2 == 0 { 4 } else { 8 };
                let preferred = match table.game().awaiting() {
                    Awaiting::Decision { .. } if table.game().turn().score() >= limit => {
                        table.stopping_command().unwrap_or(Command::Roll)
                    }
                    _ => Command::Roll,
                };
                let mut next = table.clone();
                if next.command(seat, preferred).is_err() {
                    next = table.clone();
                    let fallback = table.stopping_command().unwrap_or(Command::Roll);
                    next.command(seat, fallback).unwrap();
                }
                table = next;
                let fresh = HistoryCache::default().refresh(&table);
                assert_eq!(kept.refresh(&table).get(), fresh.get());
                let list: Vec<serde_json::Value> = serde_json::from_str(fresh.get()).unwrap();
                assert_eq!(list.len(), table.game().history().len());
            }
            assert!(table.game().is_over(), "game {seed} ends within 2000 moves");
        }
    }
}
