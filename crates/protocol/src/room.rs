//! What a room is, as the wire and the room's stored state both say it: its language, timer,
//! where it stands, the games it finished, and the chat's limits.

use serde::{Deserialize, Serialize};

/// A room's language, as the public list shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoomLang {
    #[default]
    #[serde(rename = "en")]
    En,
    #[serde(rename = "pt-BR")]
    PtBr,
}

/// What a stalled turn turns into when the room's turn timer runs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnTimeout {
    /// A stand-in bot plays the rest of the turn.
    #[default]
    Bot,
    /// The turn is stopped: roll if a roll is due, take death rays if possible, then stop.
    Stop,
}

/// The turn timer of a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Timer {
    /// Seconds a human has for each move; 0 turns the timer off.
    pub seconds: u32,
    pub on_timeout: OnTimeout,
}

impl Timer {
    pub const MAX_SECONDS: u32 = 600;
}

impl Default for Timer {
    fn default() -> Timer {
        Timer {
            seconds: 60,
            on_timeout: OnTimeout::Bot,
        }
    }
}

/// The longest line of free text, in characters (after cleaning).
pub const MAX_CHAT_CHARS: usize = 200;

/// The lines a room keeps (and stores) at most…
pub const CHAT_HISTORY: usize = 30;

/// …and the most bytes of JSON they may take together: a room's memory stays small whatever
/// its people write.
pub const CHAT_HISTORY_BYTES: usize = 6 * 1024;

/// Where a room stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Lobby,
    Playing,
    Over,
}

/// A finished game, as the room lists it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FinishedGame {
    pub number: u32,
    pub winners: Vec<usize>,
    pub scores: Vec<u16>,
    pub names: Vec<String>,
    /// A rated game's change of each seat's displayed rating (`+12` is 12), `None` for a bot;
    /// empty for a game that was not rated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rating_changes: Vec<Option<i64>>,
    /// Whether each seat's name is an account's (the mark beside it); empty when none is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claimed: Vec<bool>,
}

impl FinishedGame {
    /// Marks the seats whose name belongs to one of `accounts` (their name keys,
    /// [`names::skeleton`](crate::names::skeleton)): an account's name is its own, so a seat
    /// that bore it was the account's.
    pub fn mark_accounts(&mut self, accounts: &[String]) {
        let claimed: Vec<bool> = self
            .names
            .iter()
            .map(|name| accounts.contains(&crate::names::skeleton(name)))
            .collect();
        self.claimed = if claimed.contains(&true) {
            claimed
        } else {
            Vec::new()
        };
    }
}
