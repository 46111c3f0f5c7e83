//! The ratings' results and arithmetic, apart from the engines that store them (so that both
//! engines read these types without a circle back through the handle): the seats and places
//! of a rated game, the changes it makes, and the replay that recomputes every rating.

use std::collections::HashMap;

use martian_ratings::{Anchor, Entrant, Rating, RatingSystem, farming_weight, weighted};

use crate::backend::StoreError;

/// A seat of a rated game: who sat there and the place they finished in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedSeat {
    /// The seat (0-based).
    pub seat: u32,
    /// Who played it.
    pub player: RatedPlayer,
    /// The place (1 the best; see `martian_ratings::Standing::places`).
    pub place: u32,
}

/// Who played a rated seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatedPlayer {
    /// A signed-in person.
    Account(i64),
    /// A rated bot: one of the anchors, by its name (`hard`).
    Bot(String),
}

/// A finished rated game, as its end hands it to the storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedGame {
    pub room: String,
    pub number: u32,
    /// When it ended: its UTC day is the farming rule's day.
    pub finished_ms: i64,
    pub seats: Vec<RatedSeat>,
}

/// What a rated game did to one person's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub account: i64,
    pub seat: u32,
    pub before: Rating,
    pub after: Rating,
    /// How much the game counted (the farming rule): 1 in full.
    pub weight: f64,
}

impl RatingChange {
    /// The change people read: the displayed rating after, less before (`+12`).
    pub fn shown(&self) -> i64 {
        self.after.display() - self.before.display()
    }
}

/// An account's rating now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AccountRating {
    pub account: i64,
    pub rating: Rating,
    /// Rated games it counted in.
    pub games: u32,
    /// When its last rated game ended.
    pub updated_ms: i64,
}

/// A row of a leaderboard: an account's name and rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub name: String,
    pub rating: AccountRating,
}

/// A climber of the week: the displayed rating before their first rated game of the period
/// and after their last.
#[derive(Clone, Debug, PartialEq)]
pub struct Climber {
    pub name: String,
    pub before: Rating,
    pub after: Rating,
}

impl Climber {
    /// The displayed points gained.
    pub fn climb(&self) -> i64 {
        self.after.display() - self.before.display()
    }
}

/// A row of the best-accuracy board: an account's mean accuracy (the exact review's, 0 to 100)
/// over its reviewed rated games.
#[derive(Clone, Debug, PartialEq)]
pub struct Accurate {
    pub name: String,
    pub accuracy: f64,
    /// Rated games whose review had something at stake (the mean's games).
    pub games: u32,
}

/// One account's move in one rated game of a period: its rating before and after.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Move {
    pub account: i64,
    pub before: Rating,
    pub after: Rating,
}

/// The accounts whose displayed rating rose over `moves` (a period's, in the order applied):
/// each account's rating before its first move and after its last, the most risen first (then
/// by account), without names.
pub(crate) fn risen(moves: &[Move]) -> Vec<(i64, Rating, Rating)> {
    let mut spans: HashMap<i64, (Rating, Rating)> = HashMap::new();
    for step in moves {
        spans
            .entry(step.account)
            .and_modify(|span| span.1 = step.after)
            .or_insert((step.before, step.after));
    }
    let mut risen: Vec<(i64, Rating, Rating)> = spans
        .into_iter()
        .map(|(account, (before, after))| (account, before, after))
        .filter(|(_, before, after)| after.display() > before.display())
        .collect();
    risen.sort_by(|a, b| {
        let climb = |row: &(i64, Rating, Rating)| row.2.display() - row.1.display();
        climb(b).cmp(&climb(a)).then(a.0.cmp(&b.0))
    });
    risen
}

/// One rated game in an account's history: the rating after it.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryPoint {
    pub room: String,
    pub number: u32,
    pub finished_ms: i64,
    pub before: Rating,
    pub after: Rating,
    pub weight: f64,
}

const DAY_MS: i64 = 86_400_000;

/// The UTC day (days since 1970-01-01) of an instant: the farming rule's day.
pub(crate) fn day_of(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS)
}

/// The accounts at a rated game's table, each once, in account order (the order their rows are
/// locked in).
pub(crate) fn accounts_of(game: &RatedGame) -> Vec<i64> {
    let mut accounts: Vec<i64> = game
        .seats
        .iter()
        .filter_map(|seat| match seat.player {
            RatedPlayer::Account(id) => Some(id),
            RatedPlayer::Bot(_) => None,
        })
        .collect();
    accounts.sort_unstable();
    accounts.dedup();
    accounts
}

/// Refuses a game the ratings cannot take: not 2 to 8 seats, a bot that is not an anchor, an
/// account in two seats.
pub(crate) fn check(game: &RatedGame) -> Result<(), StoreError> {
    let unrated = |why: String| Err(StoreError::Unrated(why));
    if !(2..=martian_ratings::MAX_SEATS).contains(&game.seats.len()) {
        return unrated(format!("{} seats", game.seats.len()));
    }
    for seat in &game.seats {
        if let RatedPlayer::Bot(name) = &seat.player
            && Anchor::of_bot(name).is_none()
        {
            return unrated(format!("{name} is not a rated bot"));
        }
    }
    let people = game
        .seats
        .iter()
        .filter(|seat| matches!(seat.player, RatedPlayer::Account(_)))
        .count();
    if people != accounts_of(game).len() {
        return unrated("an account sits in two seats".into());
    }
    Ok(())
}

/// The update of one game: `current` gives each account's rating before it (absent: new),
/// `earlier` how many rated games of the game's day the two accounts played together before it.
pub(crate) fn settle(
    game: &RatedGame,
    current: &HashMap<i64, Rating>,
    earlier: impl Fn(i64, i64) -> u32,
) -> Result<Vec<RatingChange>, StoreError> {
    check(game)?;
    let rating_of = |player: &RatedPlayer| match player {
        RatedPlayer::Account(id) => current.get(id).copied().unwrap_or(Rating::NEW),
        RatedPlayer::Bot(name) => Anchor::of_bot(name).map_or(Rating::NEW, Anchor::rating),
    };
    let entrants: Vec<Entrant> = game
        .seats
        .iter()
        .map(|seat| Entrant {
            rating: rating_of(&seat.player),
            place: seat.place as usize,
            fixed: matches!(seat.player, RatedPlayer::Bot(_)),
        })
        .collect();
    let full = RatingSystem::martian()
        .rate(&entrants)
        .map_err(|error| StoreError::Unrated(error.to_string()))?;
    let accounts = accounts_of(game);
    Ok(game
        .seats
        .iter()
        .zip(entrants.iter().zip(full))
        .filter_map(|(seat, (entrant, full))| {
            let RatedPlayer::Account(account) = seat.player else {
                return None;
            };
            let weight = accounts
                .iter()
                .filter(|&&other| other != account)
                .map(|&other| farming_weight(earlier(account, other)))
                .fold(1.0, f64::min);
            Some(RatingChange {
                account,
                seat: seat.seat,
                before: entrant.rating,
                after: weighted(entrant.rating, full, weight),
                weight,
            })
        })
        .collect())
}

/// What replaying the results kept gives.
pub(crate) struct Replayed {
    /// Every rated account's rating, by account.
    pub(crate) ratings: HashMap<i64, AccountRating>,
    /// Each game's changes, with the game's sequence number.
    pub(crate) changes: Vec<(i64, RatingChange)>,
}

/// Every rating from the results kept, in the order they were applied (voided ones left out).
pub(crate) fn replay(games: &[(i64, RatedGame)]) -> Result<Replayed, StoreError> {
    let mut ratings: HashMap<i64, AccountRating> = HashMap::new();
    let mut together: HashMap<(i64, i64, i64), u32> = HashMap::new();
    let mut changes = Vec::new();
    for (sequence, game) in games {
        let day = day_of(game.finished_ms);
        let current: HashMap<i64, Rating> = accounts_of(game)
            .into_iter()
            .filter_map(|id| ratings.get(&id).map(|r| (id, r.rating)))
            .collect();
        let settled = settle(game, &current, |a, b| {
            together
                .get(&(day, a.min(b), a.max(b)))
                .copied()
                .unwrap_or(0)
        })?;
        let accounts = accounts_of(game);
        for (i, &a) in accounts.iter().enumerate() {
            for &b in &accounts[i + 1..] {
                *together.entry((day, a, b)).or_default() += 1;
            }
        }
        for change in settled {
            let entry = ratings.entry(change.account).or_insert(AccountRating {
                account: change.account,
                rating: Rating::NEW,
                games: 0,
                updated_ms: game.finished_ms,
            });
            entry.rating = change.after;
            entry.games += 1;
            entry.updated_ms = game.finished_ms;
            changes.push((*sequence, change));
        }
    }
    Ok(Replayed { ratings, changes })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(number: u32, day: i64, seats: &[(RatedPlayer, u32)]) -> RatedGame {
        RatedGame {
            room: "r".into(),
            number,
            finished_ms: day * DAY_MS + i64::from(number),
            seats: seats
                .iter()
                .enumerate()
                .map(|(seat, (player, place))| RatedSeat {
                    seat: seat as u32,
                    player: player.clone(),
                    place: *place,
                })
                .collect(),
        }
    }

    #[test]
    fn a_bot_never_moves_and_only_anchors_are_rated() {
        let win = game(
            1,
            0,
            &[
                (RatedPlayer::Account(7), 1),
                (RatedPlayer::Bot("hard".into()), 2),
            ],
        );
        let changes = settle(&win, &HashMap::new(), |_, _| 0).unwrap();
        assert_eq!(changes.len(), 1);
        assert!(changes[0].after.mu > Rating::NEW.mu);
        assert_eq!(changes[0].weight, 1.0);
        let card = game(
            2,
            0,
            &[
                (RatedPlayer::Account(7), 1),
                (RatedPlayer::Bot("card-1".into()), 2),
            ],
        );
        assert!(matches!(
            settle(&card, &HashMap::new(), |_, _| 0),
            Err(StoreError::Unrated(_))
        ));
        let twice = game(
            3,
            0,
            &[(RatedPlayer::Account(7), 1), (RatedPlayer::Account(7), 2)],
        );
        assert!(matches!(check(&twice), Err(StoreError::Unrated(_))));
    }

    #[test]
    fn the_fourth_game_of_a_day_between_two_accounts_counts_half() {
        let duel = |number, day, winner: i64| {
            game(
                number,
                day,
                &[
                    (RatedPlayer::Account(1), if winner == 1 { 1 } else { 2 }),
                    (RatedPlayer::Account(2), if winner == 2 { 1 } else { 2 }),
                ],
            )
        };
        let games: Vec<(i64, RatedGame)> = (0..5)
            .map(|i| (i as i64, duel(i, 0, 1)))
            .chain([(5, duel(5, 1, 1))])
            .collect();
        let Replayed { ratings, changes } = replay(&games).unwrap();
        let weights: Vec<f64> = changes
            .iter()
            .filter(|(_, change)| change.account == 1)
            .map(|(_, change)| change.weight)
            .collect();
        assert_eq!(weights, vec![1.0, 1.0, 1.0, 0.5, 0.25, 1.0]);
        assert_eq!(ratings[&1].games, 6);
        assert!(ratings[&1].rating.mu > ratings[&2].rating.mu);
    }

    #[test]
    fn days_are_utc_days() {
        assert_eq!(day_of(0), 0);
        assert_eq!(day_of(DAY_MS - 1), 0);
        assert_eq!(day_of(DAY_MS), 1);
        assert_eq!(day_of(-1), -1);
    }

    #[test]
    fn the_risen_are_measured_from_the_first_move_to_the_last_most_first() {
        let at = |mu: f64| Rating { mu, sigma: 5.0 };
        let step = |account, before, after| Move {
            account,
            before: at(before),
            after: at(after),
        };
        let moves = [
            step(1, 20.0, 21.0),
            step(2, 30.0, 29.0),
            step(3, 25.0, 26.0),
            step(1, 21.0, 20.5),
            step(3, 26.0, 28.0),
            step(2, 29.0, 29.5),
        ];
        let risen = risen(&moves);
        let order: Vec<(i64, f64, f64)> = risen.iter().map(|r| (r.0, r.1.mu, r.2.mu)).collect();
        // 3 rose 3 points, 1 half a point; 2 fell overall.
        assert_eq!(order, [(3, 25.0, 28.0), (1, 20.0, 20.5)]);
    }
}
