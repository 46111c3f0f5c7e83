//! A player's public profile, read from the games of the seats their account holds; and
//! claiming seats: the seat tokens a browser holds (its guest games) become the account's.

use std::collections::HashMap;

use martian_protocol::HeldSeat;
use serde::Serialize;

use crate::players::{Account, AccountError, Players};
use crate::rooms::Rooms;
use crate::state::FinishedGame;
use crate::state::records::summary;

/// Rooms a profile reads the games of (the newest claimed).
pub const PROFILE_ROOMS: usize = 200;
/// Games a profile reads per room (the newest).
const GAMES_PER_ROOM: usize = 200;
/// Recent games a profile lists.
pub const RECENT_GAMES: usize = 20;
/// Opponents a profile lists (the most met).
const MET: usize = 10;

/// Games played and won at tables of one size.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub players: usize,
    pub played: u32,
    pub won: u32,
}

/// A finished game of the player's.
#[derive(Clone, Debug, Serialize)]
pub struct RecentGame {
    pub room: String,
    pub number: u32,
    pub seat: usize,
    pub names: Vec<String>,
    pub scores: Vec<u16>,
    pub won: bool,
    /// The game's record (JSON) and its exact review.
    pub record: String,
    pub review: String,
}

/// Someone the player met, and how their games went.
#[derive(Clone, Debug, Serialize)]
pub struct Met {
    pub name: String,
    pub games: u32,
    pub won: u32,
    pub lost: u32,
}

/// A standing table of the player's: a room that keeps its code for good.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    pub room: String,
    pub code: String,
}

/// `GET /api/players/NAME`.
#[derive(Clone, Debug, Serialize)]
pub struct Profile {
    pub name: String,
    pub avatar: String,
    pub member_since_ms: i64,
    pub games: Vec<Tally>,
    pub recent: Vec<RecentGame>,
    pub met: Vec<Met>,
    pub standing: Vec<Standing>,
}

impl Players {
    /// The public profile of `name`.
    pub async fn profile(&self, rooms: &Rooms, name: &str) -> Result<Profile, AccountError> {
        let row = self.find(name).await?;
        let seats = self.accounts.seats(row.id).await?;
        let mut played: Vec<(i64, String, usize, FinishedGame)> = Vec::new();
        for seat in seats.iter().take(PROFILE_ROOMS) {
            let records = rooms
                .store
                .finished_records(&seat.room, u32::MAX, GAMES_PER_ROOM)
                .await?;
            for (number, record) in records {
                if let Some(game) = summary(number, &record)
                    && (seat.seat as usize) < game.names.len()
                {
                    played.push((seat.claimed_ms, seat.room.clone(), seat.seat as usize, game));
                }
            }
        }
        // Newest first: rooms by when they were claimed, games by number.
        played.sort_by(|a, b| b.0.cmp(&a.0).then(b.3.number.cmp(&a.3.number)));
        let mut tallies: HashMap<usize, Tally> = HashMap::new();
        let mut met: HashMap<String, Met> = HashMap::new();
        for (_, _, seat, game) in &played {
            let won = game.winners.contains(seat);
            let tally = tallies.entry(game.names.len()).or_insert_with(|| Tally {
                players: game.names.len(),
                ..Tally::default()
            });
            tally.played += 1;
            tally.won += u32::from(won);
            for (other, name) in game.names.iter().enumerate() {
                // Deleted accounts are nobody to meet again.
                if other == *seat || name == martian_store::DELETED_PLAYER {
                    continue;
                }
                let entry = met.entry(name.clone()).or_insert_with(|| Met {
                    name: name.clone(),
                    games: 0,
                    won: 0,
                    lost: 0,
                });
                entry.games += 1;
                entry.won += u32::from(won);
                entry.lost += u32::from(game.winners.contains(&other));
            }
        }
        let mut games: Vec<Tally> = tallies.into_values().collect();
        games.sort_by_key(|t| t.players);
        let mut met: Vec<Met> = met.into_values().collect();
        met.sort_by(|a, b| b.games.cmp(&a.games).then(a.name.cmp(&b.name)));
        met.truncate(MET);
        let recent = played
            .into_iter()
            .take(RECENT_GAMES)
            .map(|(_, room, seat, game)| RecentGame {
                record: format!("/api/rooms/{room}/games/{}/record", game.number),
                review: format!("/api/rooms/{room}/games/{}/review", game.number),
                won: game.winners.contains(&seat),
                room,
                number: game.number,
                seat,
                names: game.names,
                scores: game.scores,
            })
            .collect();
        let standing = self
            .accounts
            .standing(row.id)
            .await?
            .into_iter()
            .map(|(room, code)| Standing { room, code })
            .collect();
        Ok(Profile {
            standing,
            name: row.name,
            avatar: row.avatar,
            member_since_ms: row.created_ms,
            games,
            recent,
            met,
        })
    }

    /// Makes the seats of `held` (room and token, as the browser keeps them) the account's:
    /// each token is checked by its room (or the stored room); the seats it does not open are
    /// left out. How many were added.
    pub async fn claim(
        &self,
        rooms: &Rooms,
        account: &Account,
        held: Vec<HeldSeat>,
    ) -> Result<u64, AccountError> {
        let found = crate::meeting::yours::my_rooms(rooms, held).await;
        let seats: Vec<(String, u32)> = found
            .into_iter()
            .filter_map(|room| Some((room.room, room.seat? as u32)))
            .collect();
        if seats.is_empty() {
            return Ok(0);
        }
        Ok(self
            .accounts
            .claim_seats(account.id, seats, martian_store::now_ms())
            .await?)
    }
}
