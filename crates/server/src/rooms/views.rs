//! What the members of a room are sent: the room's state as everyone sees it (never a token), and
//! the events that changed it.

use serde_json::value::RawValue;
use tokio::time::Instant;

use martian_engine::{Awaiting, Face, GameState, TurnPhase};

use crate::rooms::table::Table;
use crate::state::ids::{constant_time_eq, token_hash};
use crate::state::{RoomState, Status};
use martian_protocol::meeting::{ListedSeat, MyRoom};

pub use martian_protocol::views::{
    GameView, RollOffView, RoomChange, RoomEvent, RoomView, Scoring, SeatView, TurnSummary,
    TurnView, WaitingView,
};

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

/// The finished games `my_rooms` tells of each room (the last ones).
pub const FINISHED_TOLD: usize = 5;

/// What the state of room `id` tells the holder of `seat` (or of place `in_line`).
pub fn my_room_of_state(
    id: &str,
    state: &RoomState,
    seat: Option<usize>,
    in_line: Option<usize>,
) -> MyRoom {
    let finished = &state.finished[state.finished.len().saturating_sub(FINISHED_TOLD)..];
    MyRoom {
        room: id.to_string(),
        status: match state.status {
            Status::Lobby => "lobby",
            Status::Playing => "playing",
            Status::Over => "over",
        },
        code: Some(state.code.clone()),
        seat,
        waiting: in_line.is_some(),
        name: seat
            .map(|s| state.seats[s].name.clone())
            .or_else(|| in_line.map(|w| state.waiting[w].name.clone())),
        host: Some(seat == Some(state.host)),
        your_turn: None,
        game: Some(state.game),
        scores: None,
        seats: Some(
            (0..state.seats.len())
                .map(|i| ListedSeat {
                    name: state.seats[i].name.clone(),
                    avatar: state.avatar(i),
                    bot: state.seats[i].bot.clone(),
                    claimed: state.seats[i].claimed,
                })
                .collect(),
        ),
        finished: Some(finished.to_vec()),
    }
}

/// What a stored state tells the holder of `token`, if it is one of its seats' or places'.
pub fn my_room_of_stored(id: &str, state: &str, closed: bool, token: &str) -> Option<MyRoom> {
    let state: RoomState = serde_json::from_str(state).ok()?;
    let presented = token_hash(token);
    let seat = state.seats.iter().position(|s| {
        s.token_hash
            .as_deref()
            .is_some_and(|hash| constant_time_eq(hash, &presented))
    });
    let in_line = state
        .waiting
        .iter()
        .position(|w| constant_time_eq(&w.token_hash, &presented));
    if seat.is_none() && in_line.is_none() {
        return None;
    }
    let mut mine = my_room_of_state(id, &state, seat, in_line);
    if closed {
        mine.status = "closed";
        mine.code = None;
    }
    Some(mine)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rooms::table::Command;
    use martian_engine::Rules;

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
