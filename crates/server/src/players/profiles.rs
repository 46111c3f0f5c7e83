//! A player's public profile, read from the games of the seats their account holds; and
//! claiming seats: the seat tokens a browser holds (its guest games) become the account's.

use std::collections::HashMap;

use martian_protocol::HeldSeat;
use martian_protocol::names::skeleton;
use serde::Serialize;

use martian_store::accounts::SeatRow;
use martian_store::reviews::ReviewedSeatRow;

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
/// Reviewed games the accuracy's trend shows (the newest).
pub const TREND_GAMES: usize = 50;

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
    /// Whether each seat's name is an account's (the mark beside it).
    pub claimed: Vec<bool>,
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
    /// Their profile's address, when the name is an account's.
    pub profile: Option<String>,
}

/// The mean accuracy of the exact review over the player's reviewed games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Accuracy {
    /// From 0 to 100.
    pub mean: f64,
    /// How many games it covers.
    pub games: usize,
}

/// One reviewed game's accuracy, a point of the trend.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrendPoint {
    pub room: String,
    pub number: u32,
    pub accuracy: f64,
    pub played_ms: i64,
}

/// The turn whose decisions won the player the most chance, over every reviewed game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BestTurn {
    pub room: String,
    pub number: u32,
    /// The turn of the game's record, from 1.
    pub turn: u32,
    /// Points of chance to win (percentage points) the turn's decisions won.
    pub points: f64,
    /// The game's review page, its replay open at the turn.
    pub replay: String,
}

/// A standing table of the player's: a room that keeps its code for good.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    pub room: String,
    pub code: String,
}

/// A player's rating on the profile (docs/ratings.md).
#[derive(Clone, Debug, Serialize)]
pub struct ProfileRating {
    /// The displayed (conservative) rating.
    pub rating: i64,
    /// Too few games stand behind it to rank it with others.
    pub provisional: bool,
    pub games: u32,
    /// Every rated game, the oldest first: the rating's history, for its chart.
    pub history: Vec<RatingPoint>,
}

/// The displayed rating after one rated game, and the game's change of it.
#[derive(Clone, Debug, Serialize)]
pub struct RatingPoint {
    pub room: String,
    pub number: u32,
    pub played_ms: i64,
    pub rating: i64,
    pub change: i64,
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
    /// `None` before the first reviewed game.
    pub accuracy: Option<Accuracy>,
    /// The newest reviewed games' accuracies (at most [`TREND_GAMES`]), the newest last.
    pub trend: Vec<TrendPoint>,
    pub best_turn: Option<BestTurn>,
    /// `None` before the first rated game.
    pub rating: Option<ProfileRating>,
}

/// A profile's address: `/p/NAME`, the name percent-encoded as the page's links encode it.
pub fn profile_path(name: &str) -> String {
    let encoded = percent_encoding::utf8_percent_encode(name, percent_encoding::NON_ALPHANUMERIC);
    format!("/p/{encoded}")
}

/// The mean accuracy of the reviewed games that have one, and the newest of them in order.
fn accuracy_and_trend(reviewed: &[ReviewedSeatRow]) -> (Option<Accuracy>, Vec<TrendPoint>) {
    let mut points: Vec<TrendPoint> = reviewed
        .iter()
        .filter_map(|row| {
            Some(TrendPoint {
                room: row.room.clone(),
                number: row.number,
                accuracy: row.accuracy?,
                played_ms: row.finished_ms,
            })
        })
        .collect();
    let accuracy = (!points.is_empty()).then(|| Accuracy {
        mean: points.iter().map(|p| p.accuracy).sum::<f64>() / points.len() as f64,
        games: points.len(),
    });
    points.sort_by(|a, b| (a.played_ms, &a.room, a.number).cmp(&(b.played_ms, &b.room, b.number)));
    let older = points.len().saturating_sub(TREND_GAMES);
    points.drain(..older);
    (accuracy, points)
}

/// The reviewed turn of largest skill; of equal ones, the earliest played.
fn best_turn(reviewed: &[ReviewedSeatRow]) -> Option<BestTurn> {
    let (row, best) = reviewed
        .iter()
        .filter_map(|row| Some((row, row.best_turn?)))
        .min_by(|(a, x), (b, y)| {
            y.skill
                .total_cmp(&x.skill)
                .then((a.finished_ms, &a.room, a.number).cmp(&(b.finished_ms, &b.room, b.number)))
        })?;
    Some(BestTurn {
        room: row.room.clone(),
        number: row.number,
        turn: best.turn,
        points: 100.0 * best.skill,
        replay: format!("/#review={}/{}/{}", row.room, row.number, best.turn),
    })
}

impl Players {
    /// The public profile of `name`.
    pub async fn profile(&self, rooms: &Rooms, name: &str) -> Result<Profile, AccountError> {
        let row = self.find(name).await?;
        let key = skeleton(&row.name);
        let seats = self.accounts.seats(row.id).await?;
        let mut played: Vec<(i64, String, usize, FinishedGame)> = Vec::new();
        for seat in seats.iter().take(PROFILE_ROOMS) {
            let records = rooms
                .store
                .finished_records(&seat.room, u32::MAX, GAMES_PER_ROOM)
                .await?;
            let accounts: Vec<String> = self
                .accounts
                .seated_in(&seat.room)
                .await?
                .iter()
                .map(|(_, name)| skeleton(name))
                .collect();
            for (number, record) in records {
                let Some(mut game) = summary(number, &record) else {
                    continue;
                };
                // The seat the account held in this game: where its name sits (a rematch turns
                // the seats, a rated game draws them), else the seat it claimed.
                let here = game
                    .names
                    .iter()
                    .position(|name| skeleton(name) == key)
                    .unwrap_or(seat.seat as usize);
                if here < game.names.len() {
                    game.mark_accounts(&accounts);
                    played.push((seat.claimed_ms, seat.room.clone(), here, game));
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
                    profile: None,
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
        for entry in &mut met {
            entry.profile = match self.find(&entry.name).await {
                Ok(other) => Some(profile_path(&other.name)),
                Err(AccountError::NoSuchPlayer) => None,
                Err(error) => return Err(error),
            };
        }
        let reviewed = self.reviews_of(rooms, &seats, &played).await?;
        let (accuracy, trend) = accuracy_and_trend(&reviewed);
        let best_turn = best_turn(&reviewed);
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
                claimed: game
                    .names
                    .iter()
                    .enumerate()
                    .map(|(i, _)| game.claimed.get(i).copied().unwrap_or(false))
                    .collect(),
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
        let ratings = self.accounts.ratings();
        let rating = match ratings.of(row.id).await? {
            None => None,
            Some(now) => Some(ProfileRating {
                rating: now.rating.display(),
                provisional: now.rating.is_provisional(),
                games: now.games,
                history: ratings
                    .history(row.id)
                    .await?
                    .into_iter()
                    .map(|point| RatingPoint {
                        rating: point.after.display(),
                        change: point.after.display() - point.before.display(),
                        room: point.room,
                        number: point.number,
                        played_ms: point.finished_ms,
                    })
                    .collect(),
            }),
        };
        Ok(Profile {
            rating,
            standing,
            name: row.name,
            avatar: row.avatar,
            member_since_ms: row.created_ms,
            games,
            recent,
            met,
            accuracy,
            trend,
            best_turn,
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

    /// The reviews of the account's seats in the games of `played`: each game's review of the
    /// seat the account held in it (a rematch turns the seats, a rated game draws them), and
    /// for games beyond those read, of the seat it claimed in the room.
    async fn reviews_of(
        &self,
        rooms: &Rooms,
        seats: &[SeatRow],
        played: &[(i64, String, usize, FinishedGame)],
    ) -> Result<Vec<ReviewedSeatRow>, AccountError> {
        let held_in: HashMap<(&str, u32), u32> = played
            .iter()
            .map(|(_, room, seat, game)| ((room.as_str(), game.number), *seat as u32))
            .collect();
        let claimed: HashMap<&str, u32> = seats
            .iter()
            .take(PROFILE_ROOMS)
            .map(|seat| (seat.room.as_str(), seat.seat))
            .collect();
        let mut asked: Vec<(String, u32)> = claimed
            .iter()
            .map(|(room, seat)| (room.to_string(), *seat))
            .chain(
                held_in
                    .iter()
                    .map(|((room, _), seat)| (room.to_string(), *seat)),
            )
            .collect();
        asked.sort_unstable();
        asked.dedup();
        let mut reviewed = rooms.store.reviews().of_seats(asked).await?;
        reviewed.retain(|row| {
            let seat = held_in
                .get(&(row.room.as_str(), row.number))
                .or_else(|| claimed.get(row.room.as_str()));
            seat == Some(&row.seat)
        });
        Ok(reviewed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_store::reviews::BestTurn as StoredBest;

    fn row(number: u32, accuracy: Option<f64>, best: Option<(u32, f64)>) -> ReviewedSeatRow {
        ReviewedSeatRow {
            room: "r".into(),
            number,
            seat: 0,
            accuracy,
            decisions: 4,
            mean_loss: None,
            best_turn: best.map(|(turn, skill)| StoredBest { turn, skill }),
            // Stored out of order: the trend is ordered by when the games ended.
            finished_ms: 1000 - i64::from(number),
        }
    }

    #[test]
    fn the_accuracy_is_the_mean_of_the_games_that_have_one_and_the_trend_keeps_the_newest() {
        let mut rows: Vec<ReviewedSeatRow> =
            (1..=60).map(|n| row(n, Some(f64::from(n)), None)).collect();
        rows.push(row(61, None, None));
        let (accuracy, trend) = accuracy_and_trend(&rows);
        // 1 + 2 + … + 60 = 1830, over 60 games (the one without an accuracy left out).
        assert_eq!(
            accuracy,
            Some(Accuracy {
                mean: 30.5,
                games: 60
            })
        );
        assert_eq!(trend.len(), TREND_GAMES);
        // The game that ended last (number 1) is the last point; the 10 that ended first are gone.
        assert_eq!(trend.last().unwrap().number, 1);
        assert_eq!(trend[0].number, 50);
        assert!(trend.windows(2).all(|w| w[0].played_ms < w[1].played_ms));
        assert_eq!(
            accuracy_and_trend(&[row(1, None, None)]),
            (None, Vec::new())
        );
    }

    #[test]
    fn the_best_turn_has_the_largest_skill_the_earliest_of_equal_ones() {
        let rows = [
            row(1, Some(90.0), Some((3, 0.25))),
            row(2, Some(90.0), Some((5, -0.5))),
            row(3, Some(90.0), Some((7, 0.25))),
            row(4, Some(90.0), None),
        ];
        let best = best_turn(&rows).unwrap();
        // Games 1 and 3 tie; game 3 ended first (finished_ms 997 against 999).
        assert_eq!((best.number, best.turn, best.points), (3, 7, 25.0));
        assert_eq!(best.replay, "/#review=r/3/7");
        assert_eq!(best_turn(&rows[3..]), None);
    }

    #[test]
    fn a_profile_s_address_encodes_its_name() {
        assert_eq!(profile_path("Ana"), "/p/Ana");
        assert_eq!(profile_path("Zé Lu/2"), "/p/Z%C3%A9%20Lu%2F2");
    }
}
