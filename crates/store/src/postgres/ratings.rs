//! The ratings in PostgreSQL: rated games' results, each account's rating and its history, on
//! the accounts' connection. Several processes apply games at once: a game's update locks its
//! people's rating rows first (made if missing, then `FOR UPDATE` in account order, so two
//! updates never wait on each other in a circle), and only then takes its sequence number, so
//! two games ending at once for one player apply one after the other — neither is lost — in the
//! order their numbers say, which is the order a recomputation replays.

use std::collections::HashMap;

use martian_ratings::Rating;
use tokio_postgres::{Row, Transaction};

use super::accounts::PgAccounts;
use super::pg;
use crate::backend::StoreError;
use crate::rated::{
    AccountRating, Accurate, HistoryPoint, Move, Ranked, RatedGame, RatedPlayer, RatedSeat,
    RatingChange, Replayed, accounts_of, day_of, replay, settle,
};

/// Migration 7: the ratings.
pub(super) const MIGRATION: &str = "
CREATE TABLE rated_games (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    room_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    finished_ms BIGINT NOT NULL,
    voided BOOLEAN NOT NULL DEFAULT FALSE,
    UNIQUE (room_id, number)
);
CREATE TABLE rated_seats (
    seq BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    account_id BIGINT,
    bot TEXT,
    place INTEGER NOT NULL,
    PRIMARY KEY (seq, seat)
);
CREATE INDEX rated_seats_by_account ON rated_seats (account_id, seq);
CREATE TABLE ratings (
    account_id BIGINT PRIMARY KEY,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX ratings_by_updated ON ratings (updated_ms);
CREATE TABLE rating_history (
    account_id BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    weight DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account_id, seq)
);
CREATE INDEX rating_history_by_game ON rating_history (seq);
";

/// Every account's reviewed rated games summed from the results and reviews kept (voided games
/// left out), in the games' order: migration 9's fill and a recomputation's.
macro_rules! fill_accuracy {
    () => {
        "
INSERT INTO rated_accuracy (account_id, reviewed, accuracy_sum, accuracy)
SELECT account_id, count(*), sum(accuracy), sum(accuracy) / count(*)
FROM (SELECT s.account_id, r.accuracy
      FROM rated_games g JOIN rated_seats s ON s.seq = g.seq
      JOIN reviewed_seats r ON r.room_id = g.room_id AND r.number = g.number AND r.seat = s.seat
      WHERE NOT g.voided AND s.account_id IS NOT NULL AND r.accuracy IS NOT NULL
      ORDER BY g.seq) reviewed
GROUP BY account_id;
"
    };
}

/// Migration 9: each account's reviewed rated games and the sum of their accuracies, kept as
/// the reviews are stored (the best-accuracy board reads it; summing at each look would scan
/// every rated game), filled from what is kept; the indexes the leaderboard's lists read in
/// their order (the rated games by when they ended and the history by game, covering, for the
/// week's climbers; the ratings by conservative skill).
pub(super) const ACCURACY_MIGRATION: &str = concat!(
    "
CREATE TABLE rated_accuracy (
    account_id BIGINT PRIMARY KEY,
    reviewed INTEGER NOT NULL,
    accuracy_sum DOUBLE PRECISION NOT NULL,
    accuracy DOUBLE PRECISION NOT NULL
);
CREATE INDEX rated_accuracy_by_accuracy ON rated_accuracy (accuracy DESC, account_id);
CREATE INDEX rated_games_by_finished ON rated_games (finished_ms);
DROP INDEX rating_history_by_game;
CREATE INDEX rating_history_by_seq ON rating_history (seq)
    INCLUDE (account_id, mu_before, sigma_before, mu, sigma);
CREATE INDEX ratings_by_conservative ON ratings ((mu - 3 * sigma) DESC, account_id);
",
    fill_accuracy!()
);

/// Every account's reviewed rated games again, from the results and reviews kept.
const REBUILD_ACCURACY: &str = concat!("DELETE FROM rated_accuracy;", fill_accuracy!());

/// Counts a stored review of `seat` of the game `room`/`number` in its account's accuracy, if
/// the game is rated (not voided) and an account played the seat. Under the recomputation's
/// lock, shared: a rebuild never meets a count half done.
pub(super) async fn count_accuracy(
    tx: &Transaction<'_>,
    room: &str,
    number: u32,
    seat: u32,
    accuracy: f64,
) -> Result<(), StoreError> {
    tx.execute(
        "SELECT pg_advisory_xact_lock_shared($1)",
        &[&RECOMPUTE_LOCK],
    )
    .await
    .map_err(pg)?;
    tx.execute(
        "INSERT INTO rated_accuracy AS x (account_id, reviewed, accuracy_sum, accuracy)
         SELECT s.account_id, 1, $4, $4
         FROM rated_games g JOIN rated_seats s ON s.seq = g.seq
         WHERE g.room_id = $1 AND g.number = $2 AND s.seat = $3 AND NOT g.voided
               AND s.account_id IS NOT NULL
         ON CONFLICT (account_id) DO UPDATE SET
             reviewed = x.reviewed + 1,
             accuracy_sum = x.accuracy_sum + excluded.accuracy_sum,
             accuracy = (x.accuracy_sum + excluded.accuracy_sum) / (x.reviewed + 1)",
        &[&room, &(number as i32), &(seat as i32), &accuracy],
    )
    .await
    .map_err(pg)?;
    Ok(())
}

/// The advisory lock a recomputation holds, and every update in shared mode: no update runs
/// while every rating is rewritten.
const RECOMPUTE_LOCK: i64 = 0x0072_6174_696e_6773; // "ratings"

const DAY_MS: i64 = 86_400_000;

fn change(row: &Row) -> RatingChange {
    RatingChange {
        account: row.get(0),
        seat: row.get::<_, i32>(1) as u32,
        before: Rating {
            mu: row.get(2),
            sigma: row.get(3),
        },
        after: Rating {
            mu: row.get(4),
            sigma: row.get(5),
        },
        weight: row.get(6),
    }
}

fn account_rating(row: &Row) -> AccountRating {
    AccountRating {
        account: row.get(0),
        rating: Rating {
            mu: row.get(1),
            sigma: row.get(2),
        },
        games: row.get::<_, i32>(3) as u32,
        updated_ms: row.get(4),
    }
}

async fn changes_of(tx: &Transaction<'_>, seq: i64) -> Result<Vec<RatingChange>, StoreError> {
    let rows = tx
        .query(
            "SELECT account_id, seat, mu_before, sigma_before, mu, sigma, weight
             FROM rating_history WHERE seq = $1 ORDER BY seat",
            &[&seq],
        )
        .await
        .map_err(pg)?;
    Ok(rows.iter().map(change).collect())
}

async fn insert_history(
    tx: &Transaction<'_>,
    changes: &[(i64, RatingChange)],
) -> Result<(), StoreError> {
    let mut columns: (Vec<i64>, Vec<i64>, Vec<i32>) = Default::default();
    let mut numbers: [Vec<f64>; 5] = Default::default();
    for (seq, change) in changes {
        columns.0.push(change.account);
        columns.1.push(*seq);
        columns.2.push(change.seat as i32);
        for (column, value) in numbers.iter_mut().zip([
            change.before.mu,
            change.before.sigma,
            change.after.mu,
            change.after.sigma,
            change.weight,
        ]) {
            column.push(value);
        }
    }
    tx.execute(
        "INSERT INTO rating_history
             (account_id, seq, seat, mu_before, sigma_before, mu, sigma, weight)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::int[], $4::float8[], $5::float8[],
                              $6::float8[], $7::float8[], $8::float8[])",
        &[
            &columns.0,
            &columns.1,
            &columns.2,
            &numbers[0],
            &numbers[1],
            &numbers[2],
            &numbers[3],
            &numbers[4],
        ],
    )
    .await
    .map_err(pg)?;
    Ok(())
}

async fn apply(tx: &Transaction<'_>, game: &RatedGame) -> Result<Vec<RatingChange>, StoreError> {
    tx.execute(
        "SELECT pg_advisory_xact_lock_shared($1)",
        &[&RECOMPUTE_LOCK],
    )
    .await
    .map_err(pg)?;
    let accounts = accounts_of(game);
    // The people's rows first, locked in account order: a new player's row is made (its
    // rating the new one, no games yet) so that it can be locked like the others.
    tx.execute(
        "INSERT INTO ratings (account_id, mu, sigma, games, updated_ms)
         SELECT id, $2, $3, 0, 0 FROM unnest($1::bigint[]) AS id ORDER BY id
         ON CONFLICT (account_id) DO NOTHING",
        &[&accounts, &Rating::NEW.mu, &Rating::NEW.sigma],
    )
    .await
    .map_err(pg)?;
    let locked = tx
        .query(
            "SELECT account_id, mu, sigma, games FROM ratings
             WHERE account_id = ANY($1) ORDER BY account_id FOR UPDATE",
            &[&accounts],
        )
        .await
        .map_err(pg)?;
    let current: HashMap<i64, Rating> = locked
        .iter()
        .filter(|row| row.get::<_, i32>(3) > 0)
        .map(|row| {
            (
                row.get(0),
                Rating {
                    mu: row.get(1),
                    sigma: row.get(2),
                },
            )
        })
        .collect();
    let inserted = tx
        .query_opt(
            "INSERT INTO rated_games (room_id, number, finished_ms) VALUES ($1, $2, $3)
             ON CONFLICT (room_id, number) DO NOTHING RETURNING seq",
            &[&game.room, &(game.number as i32), &game.finished_ms],
        )
        .await
        .map_err(pg)?;
    let Some(inserted) = inserted else {
        let seq: i64 = tx
            .query_one(
                "SELECT seq FROM rated_games WHERE room_id = $1 AND number = $2",
                &[&game.room, &(game.number as i32)],
            )
            .await
            .map_err(pg)?
            .get(0);
        return changes_of(tx, seq).await;
    };
    let seq: i64 = inserted.get(0);
    let (mut seats, mut ids, mut bots, mut places) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for seat in &game.seats {
        seats.push(seat.seat as i32);
        places.push(seat.place as i32);
        match &seat.player {
            RatedPlayer::Account(id) => {
                ids.push(Some(*id));
                bots.push(None);
            }
            RatedPlayer::Bot(name) => {
                ids.push(None);
                bots.push(Some(name.clone()));
            }
        }
    }
    tx.execute(
        "INSERT INTO rated_seats (seq, seat, account_id, bot, place)
         SELECT $1, * FROM unnest($2::int[], $3::bigint[], $4::text[], $5::int[])",
        &[&seq, &seats, &ids, &bots, &places],
    )
    .await
    .map_err(pg)?;
    let day = day_of(game.finished_ms);
    let mut together = HashMap::new();
    for (i, &a) in accounts.iter().enumerate() {
        for &b in &accounts[i + 1..] {
            let earlier: i64 = tx
                .query_one(
                    "SELECT count(*) FROM rated_games g
                     JOIN rated_seats a ON a.seq = g.seq AND a.account_id = $1
                     JOIN rated_seats b ON b.seq = g.seq AND b.account_id = $2
                     WHERE NOT g.voided AND g.seq < $3
                       AND g.finished_ms >= $4 AND g.finished_ms < $5",
                    &[&a, &b, &seq, &(day * DAY_MS), &((day + 1) * DAY_MS)],
                )
                .await
                .map_err(pg)?
                .get(0);
            together.insert((a, b), earlier as u32);
        }
    }
    let changes = settle(game, &current, |a, b| {
        together.get(&(a.min(b), a.max(b))).copied().unwrap_or(0)
    })?;
    for change in &changes {
        tx.execute(
            "UPDATE ratings SET mu = $2, sigma = $3, games = games + 1, updated_ms = $4
             WHERE account_id = $1",
            &[
                &change.account,
                &change.after.mu,
                &change.after.sigma,
                &game.finished_ms,
            ],
        )
        .await
        .map_err(pg)?;
    }
    let numbered: Vec<(i64, RatingChange)> = changes.iter().map(|c| (seq, *c)).collect();
    insert_history(tx, &numbered).await?;
    Ok(changes)
}

async fn kept_games(tx: &Transaction<'_>) -> Result<Vec<(i64, RatedGame)>, StoreError> {
    let rows = tx
        .query(
            "SELECT g.seq, g.room_id, g.number, g.finished_ms, s.seat, s.account_id, s.bot, s.place
             FROM rated_games g JOIN rated_seats s ON s.seq = g.seq
             WHERE NOT g.voided ORDER BY g.seq, s.seat",
            &[],
        )
        .await
        .map_err(pg)?;
    let mut games: Vec<(i64, RatedGame)> = Vec::new();
    for row in rows {
        let seq: i64 = row.get(0);
        if games.last().is_none_or(|(last, _)| *last != seq) {
            games.push((
                seq,
                RatedGame {
                    room: row.get(1),
                    number: row.get::<_, i32>(2) as u32,
                    finished_ms: row.get(3),
                    seats: Vec::new(),
                },
            ));
        }
        let player = match (
            row.get::<_, Option<i64>>(5),
            row.get::<_, Option<String>>(6),
        ) {
            (Some(id), _) => RatedPlayer::Account(id),
            (None, bot) => RatedPlayer::Bot(bot.unwrap_or_default()),
        };
        if let Some((_, game)) = games.last_mut() {
            game.seats.push(RatedSeat {
                seat: row.get::<_, i32>(4) as u32,
                player,
                place: row.get::<_, i32>(7) as u32,
            });
        }
    }
    Ok(games)
}

async fn recompute(tx: &Transaction<'_>) -> Result<(), StoreError> {
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&RECOMPUTE_LOCK])
        .await
        .map_err(pg)?;
    let games = kept_games(tx).await?;
    let Replayed { ratings, changes } = replay(&games)?;
    tx.batch_execute("DELETE FROM ratings; DELETE FROM rating_history")
        .await
        .map_err(pg)?;
    tx.batch_execute(REBUILD_ACCURACY).await.map_err(pg)?;
    let rows: Vec<&AccountRating> = ratings.values().collect();
    let accounts: Vec<i64> = rows.iter().map(|r| r.account).collect();
    let mus: Vec<f64> = rows.iter().map(|r| r.rating.mu).collect();
    let sigmas: Vec<f64> = rows.iter().map(|r| r.rating.sigma).collect();
    let games: Vec<i32> = rows.iter().map(|r| r.games as i32).collect();
    let updated: Vec<i64> = rows.iter().map(|r| r.updated_ms).collect();
    tx.execute(
        "INSERT INTO ratings (account_id, mu, sigma, games, updated_ms)
         SELECT * FROM unnest($1::bigint[], $2::float8[], $3::float8[], $4::int[], $5::bigint[])",
        &[&accounts, &mus, &sigmas, &games, &updated],
    )
    .await
    .map_err(pg)?;
    insert_history(tx, &changes).await
}

impl PgAccounts {
    pub(crate) async fn apply_rated(
        &self,
        game: RatedGame,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        let tx = client.transaction().await.map_err(pg)?;
        let changes = apply(&tx, &game).await?;
        tx.commit().await.map_err(pg)?;
        Ok(changes)
    }

    pub(crate) async fn rating_of(
        &self,
        account: i64,
    ) -> Result<Option<AccountRating>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let row = client
            .query_opt(
                "SELECT account_id, mu, sigma, games, updated_ms FROM ratings
                 WHERE account_id = $1 AND games > 0",
                &[&account],
            )
            .await
            .map_err(pg)?;
        Ok(row.as_ref().map(account_rating))
    }

    pub(crate) async fn all_ratings(&self) -> Result<Vec<AccountRating>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let rows = client
            .query(
                "SELECT account_id, mu, sigma, games, updated_ms FROM ratings
                 WHERE games > 0 ORDER BY account_id",
                &[],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(account_rating).collect())
    }

    pub(crate) async fn rating_history(
        &self,
        account: i64,
    ) -> Result<Vec<HistoryPoint>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let rows = client
            .query(
                "SELECT g.room_id, g.number, g.finished_ms, h.mu_before, h.sigma_before, h.mu,
                        h.sigma, h.weight
                 FROM rating_history h JOIN rated_games g ON g.seq = h.seq
                 WHERE h.account_id = $1 ORDER BY h.seq",
                &[&account],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|row| HistoryPoint {
                room: row.get(0),
                number: row.get::<_, i32>(1) as u32,
                finished_ms: row.get(2),
                before: Rating {
                    mu: row.get(3),
                    sigma: row.get(4),
                },
                after: Rating {
                    mu: row.get(5),
                    sigma: row.get(6),
                },
                weight: row.get(7),
            })
            .collect())
    }

    pub(crate) async fn leaderboard(
        &self,
        since_ms: i64,
        limit: u32,
        established: f64,
    ) -> Result<Vec<Ranked>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let rows = client
            .query(
                "SELECT a.name, r.account_id, r.mu, r.sigma, r.games, r.updated_ms
                 FROM ratings r JOIN accounts a ON a.id = r.account_id
                 WHERE r.games > 0 AND r.updated_ms >= $1 AND r.sigma <= $2 AND NOT a.disabled
                 ORDER BY (r.mu - 3 * r.sigma) DESC, r.account_id LIMIT $3",
                &[&since_ms, &established, &i64::from(limit)],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|row| Ranked {
                name: row.get(0),
                rating: AccountRating {
                    account: row.get(1),
                    rating: Rating {
                        mu: row.get(2),
                        sigma: row.get(3),
                    },
                    games: row.get::<_, i32>(4) as u32,
                    updated_ms: row.get(5),
                },
            })
            .collect())
    }

    pub(crate) async fn most_accurate(
        &self,
        since_ms: i64,
        min_games: u32,
        limit: u32,
    ) -> Result<Vec<Accurate>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let rows = client
            .query(
                "SELECT a.name, x.accuracy, x.reviewed
                 FROM rated_accuracy x JOIN accounts a ON a.id = x.account_id
                 JOIN ratings r ON r.account_id = x.account_id
                 WHERE x.reviewed >= $2 AND r.updated_ms >= $1 AND NOT a.disabled
                 ORDER BY x.accuracy DESC, x.account_id LIMIT $3",
                &[&since_ms, &(min_games as i32), &i64::from(limit)],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|row| Accurate {
                name: row.get(0),
                accuracy: row.get(1),
                games: row.get::<_, i32>(2) as u32,
            })
            .collect())
    }

    pub(crate) async fn moves_since(&self, since_ms: i64) -> Result<Vec<Move>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        // The period's first game, then the history from it on: a range the planner sees
        // (joined on the games' end alone it reads the whole history into a hash). The period's
        // games are read by their end (OFFSET 0 keeps the planner from walking every game in
        // sequence order looking for the first that ended in the period).
        let first: Option<i64> = client
            .query_one(
                "SELECT min(seq) FROM (SELECT seq FROM rated_games WHERE finished_ms >= $1
                 OFFSET 0) period",
                &[&since_ms],
            )
            .await
            .map_err(pg)?
            .get(0);
        let Some(first) = first else {
            return Ok(Vec::new());
        };
        let rows = client
            .query(
                "SELECT h.seq, h.account_id, h.mu_before, h.sigma_before, h.mu, h.sigma
                 FROM rated_games g JOIN rating_history h ON h.seq = g.seq
                 WHERE g.finished_ms >= $1 AND h.seq >= $2",
                &[&since_ms, &first],
            )
            .await
            .map_err(pg)?;
        let mut moves: Vec<(i64, Move)> = rows
            .iter()
            .map(|row| {
                let step = Move {
                    account: row.get(1),
                    before: Rating {
                        mu: row.get(2),
                        sigma: row.get(3),
                    },
                    after: Rating {
                        mu: row.get(4),
                        sigma: row.get(5),
                    },
                };
                (row.get(0), step)
            })
            .collect();
        // In the order applied (sorted here: PostgreSQL's sort of the week spills to disk).
        moves.sort_by_key(|(seq, _)| *seq);
        Ok(moves.into_iter().map(|(_, step)| step).collect())
    }

    pub(crate) async fn enabled_names(
        &self,
        ids: Vec<i64>,
    ) -> Result<HashMap<i64, String>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let rows = client
            .query(
                "SELECT id, name FROM accounts WHERE id = ANY($1) AND NOT disabled",
                &[&ids],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|row| (row.get(0), row.get(1))).collect())
    }

    pub(crate) async fn void_rated(&self, room: String, number: u32) -> Result<bool, StoreError> {
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        let tx = client.transaction().await.map_err(pg)?;
        let voided = tx
            .execute(
                "UPDATE rated_games SET voided = TRUE
                 WHERE room_id = $1 AND number = $2 AND NOT voided",
                &[&room, &(number as i32)],
            )
            .await
            .map_err(pg)?;
        if voided == 1 {
            recompute(&tx).await?;
        }
        tx.commit().await.map_err(pg)?;
        Ok(voided == 1)
    }

    pub(crate) async fn recompute_ratings(&self) -> Result<(), StoreError> {
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        let tx = client.transaction().await.map_err(pg)?;
        recompute(&tx).await?;
        tx.commit().await.map_err(pg)
    }
}
