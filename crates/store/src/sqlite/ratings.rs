//! The ratings in SQLite: rated games' results, each account's rating and its history. On the
//! storage thread, like the accounts' calls: one connection does everything in turn, so a
//! game's update never meets another's half done.

use std::collections::HashMap;

use martian_ratings::Rating;
use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};

use super::accounts::Calls;
use crate::backend::StoreError;
use crate::rated::{
    AccountRating, Accurate, HistoryPoint, Move, Ranked, RatedGame, RatedPlayer, RatedSeat,
    RatingChange, Replayed, accounts_of, day_of, replay, settle,
};

pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rated_games (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    room_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    finished_ms INTEGER NOT NULL,
    voided INTEGER NOT NULL DEFAULT 0,
    UNIQUE (room_id, number)
);
CREATE TABLE IF NOT EXISTS rated_seats (
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    account_id INTEGER,
    bot TEXT,
    place INTEGER NOT NULL,
    PRIMARY KEY (seq, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rated_seats_by_account ON rated_seats (account_id, seq);
CREATE TABLE IF NOT EXISTS ratings (
    account_id INTEGER PRIMARY KEY,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ratings_by_updated ON ratings (updated_ms);
CREATE TABLE IF NOT EXISTS rating_history (
    account_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    weight REAL NOT NULL,
    PRIMARY KEY (account_id, seq)
) WITHOUT ROWID;
DROP INDEX IF EXISTS rating_history_by_game;
CREATE INDEX IF NOT EXISTS rating_history_by_seq
    ON rating_history (seq, account_id, mu_before, sigma_before, mu, sigma);
CREATE INDEX IF NOT EXISTS rated_games_by_finished ON rated_games (finished_ms);
CREATE INDEX IF NOT EXISTS ratings_by_conservative ON ratings (mu - 3 * sigma DESC, account_id);
";

/// Each account's reviewed rated games and the sum of their accuracies, kept as the reviews are
/// stored (the best-accuracy board reads it; summing at each look would scan every rated game).
const ACCURACY_SCHEMA: &str = "
CREATE TABLE rated_accuracy (
    account_id INTEGER PRIMARY KEY,
    reviewed INTEGER NOT NULL,
    accuracy_sum REAL NOT NULL,
    accuracy REAL NOT NULL
);
CREATE INDEX rated_accuracy_by_accuracy ON rated_accuracy (accuracy DESC, account_id);
";

/// Every account's reviewed rated games again, from the results and reviews kept (voided games
/// left out), summed in the games' order.
const REBUILD_ACCURACY: &str = "
DELETE FROM rated_accuracy;
INSERT INTO rated_accuracy (account_id, reviewed, accuracy_sum, accuracy)
SELECT account_id, count(*), sum(accuracy), sum(accuracy) / count(*)
FROM (SELECT s.account_id, r.accuracy
      FROM rated_games g JOIN rated_seats s ON s.seq = g.seq
      JOIN reviewed_seats r ON r.room_id = g.room_id AND r.number = g.number AND r.seat = s.seat
      WHERE g.voided = 0 AND s.account_id IS NOT NULL AND r.accuracy IS NOT NULL
      ORDER BY g.seq)
GROUP BY account_id;
";

/// Makes the accuracies' table if it is missing and fills it from what is kept (a database
/// from before it existed).
pub(super) fn ensure_accuracy(conn: &Connection) -> rusqlite::Result<()> {
    let exists: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rated_accuracy')",
        [],
        |row| row.get(0),
    )?;
    if !exists {
        conn.execute_batch(&format!(
            "BEGIN; {ACCURACY_SCHEMA} {REBUILD_ACCURACY} COMMIT;"
        ))?;
    }
    Ok(())
}

/// Counts a stored review of `seat` of the game `room`/`number` in its account's accuracy, if
/// the game is rated (not voided) and an account played the seat.
pub(super) fn count_accuracy(
    tx: &Transaction<'_>,
    room: &str,
    number: u32,
    seat: u32,
    accuracy: f64,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO rated_accuracy (account_id, reviewed, accuracy_sum, accuracy)
         SELECT s.account_id, 1, ?4, ?4
         FROM rated_games g JOIN rated_seats s ON s.seq = g.seq
         WHERE g.room_id = ?1 AND g.number = ?2 AND s.seat = ?3 AND g.voided = 0
               AND s.account_id IS NOT NULL
         ON CONFLICT (account_id) DO UPDATE SET
             reviewed = reviewed + 1,
             accuracy_sum = accuracy_sum + excluded.accuracy_sum,
             accuracy = (accuracy_sum + excluded.accuracy_sum) / (reviewed + 1)",
        params![room, number, seat, accuracy],
    )?;
    Ok(())
}

const DAY_MS: i64 = 86_400_000;

fn change(row: &Row<'_>) -> rusqlite::Result<RatingChange> {
    Ok(RatingChange {
        account: row.get(0)?,
        seat: row.get(1)?,
        before: Rating {
            mu: row.get(2)?,
            sigma: row.get(3)?,
        },
        after: Rating {
            mu: row.get(4)?,
            sigma: row.get(5)?,
        },
        weight: row.get(6)?,
    })
}

fn account_rating(row: &Row<'_>) -> rusqlite::Result<AccountRating> {
    Ok(AccountRating {
        account: row.get(0)?,
        rating: Rating {
            mu: row.get(1)?,
            sigma: row.get(2)?,
        },
        games: row.get(3)?,
        updated_ms: row.get(4)?,
    })
}

fn changes_of(tx: &Transaction<'_>, seq: i64) -> rusqlite::Result<Vec<RatingChange>> {
    let mut statement = tx.prepare(
        "SELECT account_id, seat, mu_before, sigma_before, mu, sigma, weight
         FROM rating_history WHERE seq = ?1 ORDER BY seat",
    )?;
    statement.query_map([seq], change)?.collect()
}

fn insert_changes(
    tx: &Transaction<'_>,
    seq: i64,
    finished_ms: i64,
    changes: &[RatingChange],
) -> rusqlite::Result<()> {
    for change in changes {
        tx.execute(
            "INSERT INTO ratings (account_id, mu, sigma, games, updated_ms)
             VALUES (?1, ?2, ?3, 1, ?4)
             ON CONFLICT (account_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
                 games = games + 1, updated_ms = excluded.updated_ms",
            params![
                change.account,
                change.after.mu,
                change.after.sigma,
                finished_ms
            ],
        )?;
        tx.execute(
            "INSERT INTO rating_history
                 (account_id, seq, seat, mu_before, sigma_before, mu, sigma, weight)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                change.account,
                seq,
                change.seat,
                change.before.mu,
                change.before.sigma,
                change.after.mu,
                change.after.sigma,
                change.weight,
            ],
        )?;
    }
    Ok(())
}

fn apply(tx: &Transaction<'_>, game: &RatedGame) -> Result<Vec<RatingChange>, StoreError> {
    let kept: Option<i64> = tx
        .query_row(
            "SELECT seq FROM rated_games WHERE room_id = ?1 AND number = ?2",
            params![game.room, game.number],
            |row| row.get(0),
        )
        .optional()?;
    if let Some(seq) = kept {
        return Ok(changes_of(tx, seq)?);
    }
    tx.execute(
        "INSERT INTO rated_games (room_id, number, finished_ms) VALUES (?1, ?2, ?3)",
        params![game.room, game.number, game.finished_ms],
    )?;
    let seq = tx.last_insert_rowid();
    for seat in &game.seats {
        let (account, bot) = match &seat.player {
            RatedPlayer::Account(id) => (Some(*id), None),
            RatedPlayer::Bot(name) => (None, Some(name.as_str())),
        };
        tx.execute(
            "INSERT INTO rated_seats (seq, seat, account_id, bot, place)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![seq, seat.seat, account, bot, seat.place],
        )?;
    }
    let accounts = accounts_of(game);
    let mut current = HashMap::new();
    for &id in &accounts {
        let rating = tx
            .query_row(
                "SELECT mu, sigma FROM ratings WHERE account_id = ?1",
                [id],
                |row| {
                    Ok(Rating {
                        mu: row.get(0)?,
                        sigma: row.get(1)?,
                    })
                },
            )
            .optional()?;
        if let Some(rating) = rating {
            current.insert(id, rating);
        }
    }
    let day = day_of(game.finished_ms);
    let mut together = HashMap::new();
    for (i, &a) in accounts.iter().enumerate() {
        for &b in &accounts[i + 1..] {
            let earlier: u32 = tx.query_row(
                "SELECT count(*) FROM rated_games g
                 JOIN rated_seats a ON a.seq = g.seq AND a.account_id = ?1
                 JOIN rated_seats b ON b.seq = g.seq AND b.account_id = ?2
                 WHERE g.voided = 0 AND g.seq < ?3
                   AND g.finished_ms >= ?4 AND g.finished_ms < ?5",
                params![a, b, seq, day * DAY_MS, (day + 1) * DAY_MS],
                |row| row.get(0),
            )?;
            together.insert((a, b), earlier);
        }
    }
    let changes = settle(game, &current, |a, b| {
        together.get(&(a.min(b), a.max(b))).copied().unwrap_or(0)
    })?;
    insert_changes(tx, seq, game.finished_ms, &changes)?;
    Ok(changes)
}

/// Every result kept and not voided, in the order applied.
fn kept_games(tx: &Transaction<'_>) -> rusqlite::Result<Vec<(i64, RatedGame)>> {
    let mut statement = tx.prepare(
        "SELECT g.seq, g.room_id, g.number, g.finished_ms, s.seat, s.account_id, s.bot, s.place
         FROM rated_games g JOIN rated_seats s ON s.seq = g.seq
         WHERE g.voided = 0 ORDER BY g.seq, s.seat",
    )?;
    let mut games: Vec<(i64, RatedGame)> = Vec::new();
    let mut rows = statement.query([])?;
    while let Some(row) = rows.next()? {
        let seq: i64 = row.get(0)?;
        if games.last().is_none_or(|(last, _)| *last != seq) {
            games.push((
                seq,
                RatedGame {
                    room: row.get(1)?,
                    number: row.get(2)?,
                    finished_ms: row.get(3)?,
                    seats: Vec::new(),
                },
            ));
        }
        let account: Option<i64> = row.get(5)?;
        let bot: Option<String> = row.get(6)?;
        let player = match (account, bot) {
            (Some(id), _) => RatedPlayer::Account(id),
            (None, bot) => RatedPlayer::Bot(bot.unwrap_or_default()),
        };
        if let Some((_, game)) = games.last_mut() {
            game.seats.push(RatedSeat {
                seat: row.get(4)?,
                player,
                place: row.get(7)?,
            });
        }
    }
    Ok(games)
}

fn recompute(tx: &Transaction<'_>) -> Result<(), StoreError> {
    let games = kept_games(tx)?;
    let Replayed { ratings, changes } = replay(&games)?;
    tx.execute("DELETE FROM ratings", [])?;
    tx.execute("DELETE FROM rating_history", [])?;
    for rating in ratings.values() {
        tx.execute(
            "INSERT INTO ratings (account_id, mu, sigma, games, updated_ms)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                rating.account,
                rating.rating.mu,
                rating.rating.sigma,
                rating.games,
                rating.updated_ms
            ],
        )?;
    }
    tx.execute_batch(REBUILD_ACCURACY)?;
    for (seq, change) in &changes {
        tx.execute(
            "INSERT INTO rating_history
                 (account_id, seq, seat, mu_before, sigma_before, mu, sigma, weight)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                change.account,
                seq,
                change.seat,
                change.before.mu,
                change.before.sigma,
                change.after.mu,
                change.after.sigma,
                change.weight,
            ],
        )?;
    }
    Ok(())
}

impl Calls {
    pub(crate) async fn apply_rated(
        &self,
        game: RatedGame,
    ) -> Result<Vec<RatingChange>, StoreError> {
        self.call_stored(move |conn| {
            let tx = conn.transaction()?;
            let changes = apply(&tx, &game)?;
            tx.commit()?;
            Ok(changes)
        })
        .await
    }

    pub(crate) async fn rating_of(
        &self,
        account: i64,
    ) -> Result<Option<AccountRating>, StoreError> {
        self.call(move |conn| {
            conn.query_row(
                "SELECT account_id, mu, sigma, games, updated_ms FROM ratings WHERE account_id = ?1",
                [account],
                account_rating,
            )
            .optional()
        })
        .await
    }

    pub(crate) async fn all_ratings(&self) -> Result<Vec<AccountRating>, StoreError> {
        self.call(move |conn| {
            let mut statement = conn.prepare(
                "SELECT account_id, mu, sigma, games, updated_ms FROM ratings ORDER BY account_id",
            )?;
            statement.query_map([], account_rating)?.collect()
        })
        .await
    }

    pub(crate) async fn rating_history(
        &self,
        account: i64,
    ) -> Result<Vec<HistoryPoint>, StoreError> {
        self.call(move |conn| {
            let mut statement = conn.prepare(
                "SELECT g.room_id, g.number, g.finished_ms, h.mu_before, h.sigma_before, h.mu,
                        h.sigma, h.weight
                 FROM rating_history h JOIN rated_games g ON g.seq = h.seq
                 WHERE h.account_id = ?1 ORDER BY h.seq",
            )?;
            statement
                .query_map([account], |row| {
                    Ok(HistoryPoint {
                        room: row.get(0)?,
                        number: row.get(1)?,
                        finished_ms: row.get(2)?,
                        before: Rating {
                            mu: row.get(3)?,
                            sigma: row.get(4)?,
                        },
                        after: Rating {
                            mu: row.get(5)?,
                            sigma: row.get(6)?,
                        },
                        weight: row.get(7)?,
                    })
                })?
                .collect()
        })
        .await
    }

    pub(crate) async fn leaderboard(
        &self,
        since_ms: i64,
        limit: u32,
        established: f64,
    ) -> Result<Vec<Ranked>, StoreError> {
        self.call(move |conn| {
            let mut statement = conn.prepare(
                // From the highest conservative skill down by its index (CROSS JOIN keeps that
                // order), until the limit is met.
                "SELECT a.name, r.account_id, r.mu, r.sigma, r.games, r.updated_ms
                 FROM ratings r CROSS JOIN accounts a ON a.id = r.account_id
                 WHERE r.games > 0 AND r.updated_ms >= ?1 AND r.sigma <= ?2 AND a.disabled = 0
                 ORDER BY r.mu - 3 * r.sigma DESC, r.account_id LIMIT ?3",
            )?;
            statement
                .query_map(params![since_ms, established, limit], |row| {
                    Ok(Ranked {
                        name: row.get(0)?,
                        rating: AccountRating {
                            account: row.get(1)?,
                            rating: Rating {
                                mu: row.get(2)?,
                                sigma: row.get(3)?,
                            },
                            games: row.get(4)?,
                            updated_ms: row.get(5)?,
                        },
                    })
                })?
                .collect()
        })
        .await
    }

    pub(crate) async fn most_accurate(
        &self,
        since_ms: i64,
        min_games: u32,
        limit: u32,
    ) -> Result<Vec<Accurate>, StoreError> {
        self.call(move |conn| {
            let mut statement = conn.prepare(
                // From the best accuracy down by its index (CROSS JOIN keeps that order), until
                // the limit is met.
                "SELECT a.name, x.accuracy, x.reviewed
                 FROM rated_accuracy x CROSS JOIN ratings r ON r.account_id = x.account_id
                 CROSS JOIN accounts a ON a.id = x.account_id
                 WHERE x.reviewed >= ?2 AND r.updated_ms >= ?1 AND a.disabled = 0
                 ORDER BY x.accuracy DESC, x.account_id LIMIT ?3",
            )?;
            statement
                .query_map(params![since_ms, min_games, limit], |row| {
                    Ok(Accurate {
                        name: row.get(0)?,
                        accuracy: row.get(1)?,
                        games: row.get(2)?,
                    })
                })?
                .collect()
        })
        .await
    }

    pub(crate) async fn moves_since(&self, since_ms: i64) -> Result<Vec<Move>, StoreError> {
        self.call(move |conn| {
            // The period's games by the index on their end (named: scanning the games in
            // order would skip the sort but read them all), then each game's moves by the
            // covering index (CROSS JOIN keeps that order).
            let mut statement = conn.prepare(
                "SELECT h.account_id, h.mu_before, h.sigma_before, h.mu, h.sigma
                 FROM rated_games g INDEXED BY rated_games_by_finished
                 CROSS JOIN rating_history h ON h.seq = g.seq
                 WHERE g.finished_ms >= ?1 ORDER BY g.seq",
            )?;
            statement
                .query_map([since_ms], |row| {
                    Ok(Move {
                        account: row.get(0)?,
                        before: Rating {
                            mu: row.get(1)?,
                            sigma: row.get(2)?,
                        },
                        after: Rating {
                            mu: row.get(3)?,
                            sigma: row.get(4)?,
                        },
                    })
                })?
                .collect()
        })
        .await
    }

    pub(crate) async fn enabled_names(
        &self,
        ids: Vec<i64>,
    ) -> Result<HashMap<i64, String>, StoreError> {
        self.call(move |conn| {
            let mut statement =
                conn.prepare("SELECT name FROM accounts WHERE id = ?1 AND disabled = 0")?;
            let mut names = HashMap::new();
            for id in ids {
                if let Some(name) = statement.query_row([id], |row| row.get(0)).optional()? {
                    names.insert(id, name);
                }
            }
            Ok(names)
        })
        .await
    }

    pub(crate) async fn void_rated(&self, room: String, number: u32) -> Result<bool, StoreError> {
        self.call_stored(move |conn| {
            let tx = conn.transaction()?;
            let voided = tx.execute(
                "UPDATE rated_games SET voided = 1
                 WHERE room_id = ?1 AND number = ?2 AND voided = 0",
                params![room, number],
            )?;
            if voided == 1 {
                recompute(&tx)?;
            }
            tx.commit()?;
            Ok(voided == 1)
        })
        .await
    }

    pub(crate) async fn recompute_ratings(&self) -> Result<(), StoreError> {
        self.call_stored(move |conn| {
            let tx = conn.transaction()?;
            recompute(&tx)?;
            tx.commit()?;
            Ok(())
        })
        .await
    }
}
