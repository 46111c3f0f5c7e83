//! What a room stores: its seats, rules, timer, where it stands and the games it finished. The
//! game in progress is stored apart, as its seed and moves (see `table`).

use serde::{Deserialize, Serialize};

use martian_engine::Rules;

use crate::protocol::Timer;

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
pub struct SeatState {
    pub name: String,
    /// The bot that plays this seat: a bot seat, or a person's seat handed to a bot by the host.
    pub bot: Option<String>,
    /// The SHA-256 of a person's secret token (none for bots and for removed players): the
    /// token itself is never stored.
    #[serde(default)]
    pub token_hash: Option<String>,
    /// A token an older version stored in clear: hashed when the room is restored.
    #[serde(default, skip_serializing)]
    pub token: Option<String>,
    /// Whether a person sat here (a bot may play for them now).
    pub human: bool,
    /// The person is away (disconnected past the grace period, or handed to a bot by another
    /// player): the stand-in bot plays their turns until they come back.
    #[serde(default)]
    pub away: bool,
}

/// A person waiting for a seat at the next game (they came while a game was being played).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WaitingState {
    pub name: String,
    /// The SHA-256 of their secret token (the seat's token once they are seated).
    pub token_hash: String,
}

/// How many finished games a room keeps in its state and sends in every update, the most
/// recent; every one stays downloadable (`GET /api/rooms/ROOM/games`).
pub const RECENT_FINISHED: usize = 20;

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
pub struct RoomState {
    pub seats: Vec<SeatState>,
    /// The host's seat: seat 0 at first; it passes on when the host leaves or stays away.
    #[serde(default)]
    pub host: usize,
    /// People waiting for a seat at the next game, in the order they asked.
    #[serde(default)]
    pub waiting: Vec<WaitingState>,
    pub rules: Rules,
    pub timer: Timer,
    pub status: Status,
    /// The number of the current (or last) game; 0 before the first.
    pub game: u32,
    /// The last [`RECENT_FINISHED`] finished games, oldest first.
    pub finished: Vec<FinishedGame>,
}

impl RoomState {
    /// Adds a finished game to the list, which keeps the [`RECENT_FINISHED`] most recent.
    pub fn finish(&mut self, game: FinishedGame) {
        self.finished.push(game);
        self.trim_finished();
    }

    /// Drops all but the [`RECENT_FINISHED`] most recent finished games from the list (a state
    /// stored by an older version kept them all).
    pub fn trim_finished(&mut self) {
        let excess = self.finished.len().saturating_sub(RECENT_FINISHED);
        self.finished.drain(..excess);
    }

    /// How many games the room has finished (the list keeps only the recent ones): games are
    /// numbered from 1 and each finishes before the next starts.
    pub fn finished_total(&self) -> u32 {
        self.finished.last().map_or(0, |game| game.number)
    }

    /// The state as stored (JSON).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("room state serialises")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_keeps_the_most_recent_finished_games() {
        let mut state: RoomState = serde_json::from_value(serde_json::json!({
            "seats": [], "rules": Rules::official(), "timer": Timer::default(),
            "status": "over", "game": 0, "finished": []
        }))
        .unwrap();
        assert_eq!(state.finished_total(), 0);
        for number in 1..=RECENT_FINISHED as u32 + 5 {
            state.finish(FinishedGame {
                number,
                winners: vec![0],
                scores: vec![25],
                names: vec!["Ana".into()],
            });
            assert!(state.finished.len() <= RECENT_FINISHED);
            assert_eq!(state.finished_total(), number);
        }
        assert_eq!(state.finished[0].number, 6);
        // A list an older version kept whole is cut the same way.
        state.finished = (1..=40)
            .map(|number| FinishedGame {
                number,
                winners: vec![],
                scores: vec![],
                names: vec![],
            })
            .collect();
        state.trim_finished();
        let numbers: Vec<u32> = state.finished.iter().map(|g| g.number).collect();
        assert_eq!(numbers, (21..=40).collect::<Vec<_>>());
    }
}
