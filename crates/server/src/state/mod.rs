//! What a room stores: its seats, rules, timer, where it stands and the games it finished. The
//! game in progress is stored apart, as its seed and moves (see `table`).

pub(crate) mod ids;
pub(crate) mod metrics;
pub(crate) mod records;
pub(crate) mod signed;

pub use martian_protocol::room::{
    CHAT_HISTORY, CHAT_HISTORY_BYTES, FinishedGame, MAX_CHAT_CHARS, RoomLang, Status, Timer,
};
pub use martian_protocol::{avatars, names};

// The database keeps as many lines as a room does.
const _: () = assert!(CHAT_HISTORY as u64 == martian_store::CHAT_KEPT);

use serde::{Deserialize, Serialize};

use std::net::IpAddr;

use martian_engine::Rules;

use martian_protocol::avatars::Avatar;

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
    /// The seat's picture (`None` in rooms stored before avatars: one is chosen when shown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avatar: Option<Avatar>,
    /// The host muted this seat in the chat.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub muted: bool,
    /// The seat's name is an account's, and its holder is signed in as it (the mark beside it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub claimed: bool,
    /// The id of the account `claimed` marks: what a rated game rates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<i64>,
}

impl SeatState {
    /// A person's seat.
    pub fn person(name: String, token_hash: String, avatar: Avatar) -> SeatState {
        SeatState {
            name,
            bot: None,
            token_hash: Some(token_hash),
            token: None,
            human: true,
            away: false,
            avatar: Some(avatar),
            muted: false,
            claimed: false,
            account: None,
        }
    }

    /// A bot's seat.
    pub fn bot(name: String, bot: String) -> SeatState {
        let avatar = Avatar::for_bot(&bot);
        SeatState {
            name,
            bot: Some(bot),
            token_hash: None,
            token: None,
            human: false,
            away: false,
            avatar: Some(avatar),
            muted: false,
            claimed: false,
            account: None,
        }
    }
}

/// A person waiting for a seat at the next game (they came while a game was being played).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WaitingState {
    pub name: String,
    /// The SHA-256 of their secret token (the seat's token once they are seated).
    pub token_hash: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avatar: Option<Avatar>,
}

/// How many finished games a room keeps in its state and sends in every update, the most
/// recent; every one stays downloadable (`GET /api/rooms/ROOM/games`).
pub const RECENT_FINISHED: usize = 20;

/// A standing table nobody enters for this long closes all the same (its owner gone for good).
pub const STANDING_IDLE: std::time::Duration = std::time::Duration::from_secs(60 * 24 * 3600);

/// The standing tables an account may keep at once.
pub const MAX_STANDING: u32 = 3;

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
    /// The timer the host set, or the one applied with two people or more while `timer_auto`.
    pub timer: Timer,
    /// The host has not set the timer: it is off while at most one seat is a person's.
    #[serde(default)]
    pub timer_auto: bool,
    pub status: Status,
    /// The number of the current (or last) game; 0 before the first.
    pub game: u32,
    /// The last [`RECENT_FINISHED`] finished games, oldest first.
    pub finished: Vec<FinishedGame>,
    /// The room's code (empty in rooms stored before codes: one is given when brought back).
    #[serde(default)]
    pub code: String,
    /// The address the room was created from: its live rooms count against it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creator: Option<IpAddr>,
    /// Listed among the public rooms.
    #[serde(default)]
    pub public: bool,
    #[serde(default)]
    pub lang: RoomLang,
    /// Spectators may write in the chat.
    #[serde(default)]
    pub spectator_chat: bool,
    /// A standing table: the room keeps its code for good (it is closed only after
    /// [`STANDING_IDLE`] with nobody in it); the id of the account whose it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standing: Option<i64>,
    /// The room's games are rated (docs/ratings.md).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// A room of the daily challenge: its one game is the day's, against the day's bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub challenge: Option<ChallengeSeat>,
}

/// Who plays a room's daily challenge, and whether the attempt is ranked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeSeat {
    pub date: martian_challenge::ChallengeDate,
    /// What one ranked attempt a day is counted by (`martian_store::challenges::AttemptPlayer`).
    pub player: String,
    pub account: Option<i64>,
    /// The ranked attempt claimed in the store when the room was made; `None`: unranked.
    pub claimed: Option<i64>,
}

impl RoomState {
    /// The timer that applies now: off while `timer_auto` and at most one seat is a person's.
    pub fn timer_now(&self) -> Timer {
        let people = self
            .seats
            .iter()
            .filter(|s| s.human && s.bot.is_none())
            .count();
        if self.timer_auto && people <= 1 {
            Timer {
                seconds: 0,
                ..self.timer
            }
        } else {
            self.timer
        }
    }

    /// The avatar shown for `seat`: its own, or (rooms stored before avatars) one by its number.
    pub fn avatar(&self, seat: usize) -> Avatar {
        self.seats[seat]
            .avatar
            .unwrap_or_else(|| Avatar::nth_person(seat))
    }

    /// An avatar for a newcomer who picked none: the first no seat has.
    pub fn free_avatar(&self) -> Avatar {
        Avatar::first_free(
            self.seats
                .iter()
                .filter_map(|s| s.avatar)
                .chain(self.waiting.iter().filter_map(|w| w.avatar)),
        )
    }

    /// Whether `name` is already a seat's or a place in line's, or looks like one (compared by
    /// [`crate::state::names::skeleton`]: ignoring case, invisible characters and look-alike letters).
    pub fn has_name(&self, name: &str) -> bool {
        let skeleton = crate::state::names::skeleton(name);
        self.seats
            .iter()
            .map(|s| &s.name)
            .chain(self.waiting.iter().map(|w| &w.name))
            .any(|n| crate::state::names::skeleton(n) == skeleton)
    }

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

/// Resolves once the server is told to stop.
pub async fn stopped(stop: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = stop.wait_for(|stop| *stop).await;
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
                rating_changes: Vec::new(),
                claimed: Vec::new(),
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
                rating_changes: Vec::new(),
                claimed: Vec::new(),
            })
            .collect();
        state.trim_finished();
        let numbers: Vec<u32> = state.finished.iter().map(|g| g.number).collect();
        assert_eq!(numbers, (21..=40).collect::<Vec<_>>());
    }
}
