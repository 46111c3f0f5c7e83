//! What the meeting places send: the public rooms' list, the quick-match queue's state and the
//! rooms a browser holds seats in. The meeting module builds them; here is their shape.

use serde::{Deserialize, Serialize};

use martian_engine::Rules;

use crate::RoomLang;
use crate::avatars::Avatar;
use crate::room::{FinishedGame, Status};

/// A seat as the public list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedSeat {
    pub name: String,
    pub avatar: Avatar,
    pub bot: Option<String>,
    /// The name is an account's, its holder signed in as it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub claimed: bool,
}

/// A room as the public list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listing {
    pub room: String,
    pub code: String,
    /// The host's name.
    pub host: String,
    pub lang: RoomLang,
    pub seats: Vec<ListedSeat>,
    /// Seats still free.
    pub free: usize,
    pub rules: Rules,
    pub status: Status,
    /// Games played so far (the one under way included).
    pub game: u32,
}

impl Listing {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a listing is plain data")
    }
}

/// The lists as sent (`public_rooms`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct PublicLists {
    pub waiting: Vec<Listing>,
    pub playing: Vec<Listing>,
    /// People waiting in the quick-match queue, by table size.
    pub queue: std::collections::BTreeMap<String, usize>,
}

/// What a waiter is told (`matching`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MatchState {
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waiting: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waited_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot_offer_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot_offered: Option<bool>,
    /// A rated waiter's displayed rating.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
    /// The displayed ratings a rated waiter may be seated with now, lowest and highest: it
    /// widens as they wait.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating_range: Option<[i64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub room: Option<String>,
}

impl MatchState {
    pub fn cancelled() -> MatchState {
        MatchState {
            state: "cancelled",
            ..MatchState::default()
        }
    }
}

/// A room as its seat holder is told of it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MyRoom {
    pub room: String,
    /// `lobby`, `playing`, `over`, `closed`, or `gone` (no such room, or not the token's).
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    /// In line for a seat at the next game.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub waiting: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub your_turn: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<u32>,
    /// The scores of the game under way (`null`: not known here).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<u16>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seats: Option<Vec<ListedSeat>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finished: Option<Vec<FinishedGame>>,
}

impl MyRoom {
    /// A room that is gone (or not the token's).
    pub fn gone(room: &str) -> MyRoom {
        MyRoom {
            room: room.to_string(),
            status: "gone",
            ..MyRoom::default()
        }
    }
}
