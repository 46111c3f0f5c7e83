//! The daily challenge's attempts in PostgreSQL (see `crate::challenges`). On the accounts'
//! connection.

use tokio_postgres::Row;

use super::accounts::PgAccounts;
use super::pg;
use crate::attempts::{
    AttemptDecision, AttemptPlayer, AttemptRow, BOARD_ORDER, BoardPage, ChoiceCount,
    FinishedAttempt, scores_of, scores_text,
};
use crate::backend::StoreError;

/// Migration 8: the daily challenge's attempts.
pub(super) const MIGRATION: &str = "
CREATE TABLE challenge_attempts (
    id BIGSERIAL PRIMARY KEY,
    date TEXT NOT NULL,
    player TEXT NOT NULL,
    account BIGINT,
    name TEXT NOT NULL,
    guest BOOLEAN NOT NULL,
    ranked BOOLEAN NOT NULL,
    started_ms BIGINT NOT NULL,
    finished_ms BIGINT,
    loss DOUBLE PRECISION,
    accuracy DOUBLE PRECISION,
    won BOOLEAN,
    scores TEXT
);
CREATE UNIQUE INDEX challenge_ranked_once ON challenge_attempts (date, player) WHERE ranked;
CREATE INDEX challenge_board
    ON challenge_attempts (date, loss, finished_ms, id) WHERE ranked AND finished_ms IS NOT NULL;
CREATE INDEX challenge_account_days
    ON challenge_attempts (account, date) WHERE ranked AND finished_ms IS NOT NULL;
CREATE TABLE challenge_decisions (
    attempt BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    date TEXT NOT NULL,
    position TEXT NOT NULL,
    choice TEXT NOT NULL,
    best TEXT NOT NULL,
    loss DOUBLE PRECISION NOT NULL,
    ranked BOOLEAN NOT NULL,
    attempt_loss DOUBLE PRECISION NOT NULL,
    attempt_finished_ms BIGINT NOT NULL,
    PRIMARY KEY (attempt, seq)
);
CREATE TABLE challenge_choice_counts (
    date TEXT NOT NULL,
    position TEXT NOT NULL,
    choice TEXT NOT NULL,
    count BIGINT NOT NULL,
    PRIMARY KEY (date, position, choice)
);
CREATE INDEX challenge_positions
    ON challenge_decisions (date, position, attempt_loss, attempt_finished_ms, attempt, choice)
    WHERE ranked;
";

const COLUMNS: &str =
    "id, date, name, guest, account, ranked, loss, accuracy, won, scores, finished_ms";

fn attempt_row(row: &Row) -> AttemptRow {
    let scores: String = row.get(9);
    AttemptRow {
        id: row.get(0),
        date: row.get(1),
        name: row.get(2),
        guest: row.get(3),
        account: row.get(4),
        ranked: row.get(5),
        loss: row.get(6),
        accuracy: row.get(7),
        won: row.get(8),
        scores: scores_of(&scores),
        finished_ms: row.get(10),
    }
}

impl PgAccounts {
    pub(crate) async fn claim_attempt(
        &self,
        date: String,
        player: AttemptPlayer,
        started_ms: i64,
    ) -> Result<Option<i64>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let row = client
            .query_opt(
                "INSERT INTO challenge_attempts
                     (date, player, account, name, guest, ranked, started_ms)
                 VALUES ($1, $2, $3, $4, $5, TRUE, $6) ON CONFLICT DO NOTHING RETURNING id",
                &[
                    &date,
                    &player.key,
                    &player.account,
                    &player.name,
                    &player.guest(),
                    &started_ms,
                ],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|row| row.get(0)))
    }

    pub(crate) async fn finish_attempt(&self, a: FinishedAttempt) -> Result<i64, StoreError> {
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        let tx = client.transaction().await.map_err(pg)?;
        let scores = scores_text(&a.scores);
        let id: i64 = match a.claimed {
            Some(id) => {
                tx.execute(
                    "UPDATE challenge_attempts
                     SET name = $2, finished_ms = $3, loss = $4, accuracy = $5, won = $6,
                         scores = $7
                     WHERE id = $1",
                    &[
                        &id,
                        &a.player.name,
                        &a.finished_ms,
                        &a.loss,
                        &a.accuracy,
                        &a.won,
                        &scores,
                    ],
                )
                .await
                .map_err(pg)?;
                id
            }
            None => tx
                .query_one(
                    "INSERT INTO challenge_attempts
                         (date, player, account, name, guest, ranked, started_ms, finished_ms,
                          loss, accuracy, won, scores)
                     VALUES ($1, $2, $3, $4, $5, FALSE, $6, $6, $7, $8, $9, $10) RETURNING id",
                    &[
                        &a.date,
                        &a.player.key,
                        &a.player.account,
                        &a.player.name,
                        &a.player.guest(),
                        &a.finished_ms,
                        &a.loss,
                        &a.accuracy,
                        &a.won,
                        &scores,
                    ],
                )
                .await
                .map_err(pg)?
                .get(0),
        };
        let insert = tx
            .prepare(
                "INSERT INTO challenge_decisions
                     (attempt, seq, date, position, choice, best, loss, ranked, attempt_loss,
                      attempt_finished_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .await
            .map_err(pg)?;
        let ranked = a.claimed.is_some();
        let count = tx
            .prepare(
                "INSERT INTO challenge_choice_counts (date, position, choice, count)
                 VALUES ($1, $2, $3, 1)
                 ON CONFLICT (date, position, choice)
                 DO UPDATE SET count = challenge_choice_counts.count + 1",
            )
            .await
            .map_err(pg)?;
        for (seq, d) in a.decisions.iter().enumerate() {
            if ranked {
                tx.execute(&count, &[&a.date, &d.position, &d.choice])
                    .await
                    .map_err(pg)?;
            }
            tx.execute(
                &insert,
                &[
                    &id,
                    &(seq as i32),
                    &a.date,
                    &d.position,
                    &d.choice,
                    &d.best,
                    &d.loss,
                    &ranked,
                    &a.loss,
                    &a.finished_ms,
                ],
            )
            .await
            .map_err(pg)?;
        }
        tx.commit().await.map_err(pg)?;
        Ok(id)
    }

    pub(crate) async fn challenge_board(
        &self,
        date: String,
        offset: u64,
        limit: u64,
    ) -> Result<BoardPage, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let ranked = "date = $1 AND ranked AND finished_ms IS NOT NULL";
        let total: i64 = client
            .query_one(
                &format!("SELECT COUNT(*) FROM challenge_attempts WHERE {ranked}"),
                &[&date],
            )
            .await
            .map_err(pg)?
            .get(0);
        let rows = client
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM challenge_attempts WHERE {ranked}
                     ORDER BY {BOARD_ORDER} LIMIT $2 OFFSET $3"
                ),
                &[&date, &(limit as i64), &(offset as i64)],
            )
            .await
            .map_err(pg)?;
        Ok(BoardPage {
            total: total as u64,
            rows: rows.iter().map(attempt_row).collect(),
        })
    }

    pub(crate) async fn challenge_ahead(
        &self,
        date: String,
        loss: f64,
        finished_ms: i64,
        id: i64,
    ) -> Result<(u64, u64), StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let row = client
            .query_one(
                "SELECT COUNT(*) FILTER (WHERE (loss, finished_ms, id) < ($2, $3, $4)), COUNT(*)
                 FROM challenge_attempts WHERE date = $1 AND ranked AND finished_ms IS NOT NULL",
                &[&date, &loss, &finished_ms, &id],
            )
            .await
            .map_err(pg)?;
        Ok((row.get::<_, i64>(0) as u64, row.get::<_, i64>(1) as u64))
    }

    pub(crate) async fn challenge_choices(
        &self,
        date: String,
        positions: Vec<String>,
    ) -> Result<Vec<ChoiceCount>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let rows = client
            .query(
                "SELECT position, choice, count FROM challenge_choice_counts
                 WHERE date = $1 AND position = ANY($2)",
                &[&date, &positions],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|row| ChoiceCount {
                position: row.get(0),
                choice: row.get(1),
                count: row.get::<_, i64>(2) as u64,
            })
            .collect())
    }

    pub(crate) async fn challenge_best_choices(
        &self,
        date: String,
        positions: Vec<String>,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let first = client
            .prepare(
                "SELECT choice FROM challenge_decisions
                 WHERE date = $1 AND position = $2 AND ranked
                 ORDER BY attempt_loss, attempt_finished_ms, attempt LIMIT 1",
            )
            .await
            .map_err(pg)?;
        let mut found = Vec::new();
        for position in positions {
            if let Some(row) = client
                .query_opt(&first, &[&date, &position])
                .await
                .map_err(pg)?
            {
                found.push((position, row.get(0)));
            }
        }
        Ok(found)
    }

    pub(crate) async fn challenge_attempt(
        &self,
        id: i64,
    ) -> Result<Option<(AttemptRow, Vec<AttemptDecision>)>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let Some(row) = client
            .query_opt(
                &format!(
                    "SELECT {COLUMNS} FROM challenge_attempts WHERE id = $1 AND finished_ms IS NOT NULL"
                ),
                &[&id],
            )
            .await
            .map_err(pg)?
        else {
            return Ok(None);
        };
        let decisions = client
            .query(
                "SELECT position, choice, best, loss FROM challenge_decisions
                 WHERE attempt = $1 ORDER BY seq",
                &[&id],
            )
            .await
            .map_err(pg)?
            .iter()
            .map(|row| AttemptDecision {
                position: row.get(0),
                choice: row.get(1),
                best: row.get(2),
                loss: row.get(3),
            })
            .collect();
        Ok(Some((attempt_row(&row), decisions)))
    }

    pub(crate) async fn challenge_ranked_days(
        &self,
        account: i64,
        limit: u64,
    ) -> Result<Vec<String>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let rows = client
            .query(
                "SELECT DISTINCT date FROM challenge_attempts
                 WHERE account = $1 AND ranked AND finished_ms IS NOT NULL
                 ORDER BY date DESC LIMIT $2",
                &[&account, &(limit as i64)],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|row| row.get(0)).collect())
    }
}
