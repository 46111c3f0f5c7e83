//! The daily challenge's attempts in SQLite (see `crate::challenges`). On the storage thread,
//! like the accounts' calls.

use rusqlite::{OptionalExtension, Row, params};

use super::accounts::Calls;
use crate::attempts::{
    AttemptDecision, AttemptPlayer, AttemptRow, BOARD_ORDER, BoardPage, ChoiceCount,
    FinishedAttempt, scores_of, scores_text,
};
use crate::backend::StoreError;

pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS challenge_attempts (
    id INTEGER PRIMARY KEY,
    date TEXT NOT NULL,
    player TEXT NOT NULL,
    account INTEGER,
    name TEXT NOT NULL,
    guest INTEGER NOT NULL,
    ranked INTEGER NOT NULL,
    started_ms INTEGER NOT NULL,
    finished_ms INTEGER,
    loss REAL,
    accuracy REAL,
    won INTEGER,
    scores TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS challenge_ranked_once
    ON challenge_attempts (date, player) WHERE ranked = 1;
CREATE INDEX IF NOT EXISTS challenge_board
    ON challenge_attempts (date, loss, finished_ms, id) WHERE ranked = 1 AND finished_ms IS NOT NULL;
CREATE INDEX IF NOT EXISTS challenge_account_days
    ON challenge_attempts (account, date) WHERE ranked = 1 AND finished_ms IS NOT NULL;
CREATE TABLE IF NOT EXISTS challenge_decisions (
    attempt INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    date TEXT NOT NULL,
    position TEXT NOT NULL,
    choice TEXT NOT NULL,
    best TEXT NOT NULL,
    loss REAL NOT NULL,
    ranked INTEGER NOT NULL,
    attempt_loss REAL NOT NULL,
    attempt_finished_ms INTEGER NOT NULL,
    PRIMARY KEY (attempt, seq)
);
CREATE TABLE IF NOT EXISTS challenge_choice_counts (
    date TEXT NOT NULL,
    position TEXT NOT NULL,
    choice TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (date, position, choice)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS challenge_positions
    ON challenge_decisions (date, position, attempt_loss, attempt_finished_ms, attempt, choice)
    WHERE ranked = 1;
";

const COLUMNS: &str =
    "id, date, name, guest, account, ranked, loss, accuracy, won, scores, finished_ms";

fn attempt_row(row: &Row<'_>) -> rusqlite::Result<AttemptRow> {
    let scores: String = row.get(9)?;
    Ok(AttemptRow {
        id: row.get(0)?,
        date: row.get(1)?,
        name: row.get(2)?,
        guest: row.get(3)?,
        account: row.get(4)?,
        ranked: row.get(5)?,
        loss: row.get(6)?,
        accuracy: row.get(7)?,
        won: row.get(8)?,
        scores: scores_of(&scores),
        finished_ms: row.get(10)?,
    })
}

/// `?` placeholders for `count` values from `?first` on.
fn placeholders(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Calls {
    pub(crate) async fn claim_attempt(
        &self,
        date: String,
        player: AttemptPlayer,
        started_ms: i64,
    ) -> Result<Option<i64>, StoreError> {
        self.call(move |conn| {
            let inserted = conn.execute(
                "INSERT INTO challenge_attempts
                     (date, player, account, name, guest, ranked, started_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6) ON CONFLICT DO NOTHING",
                params![
                    date,
                    player.key,
                    player.account,
                    player.name,
                    player.guest(),
                    started_ms
                ],
            )?;
            Ok((inserted == 1).then(|| conn.last_insert_rowid()))
        })
        .await
    }

    pub(crate) async fn finish_attempt(&self, a: FinishedAttempt) -> Result<i64, StoreError> {
        self.call(move |conn| {
            let tx = conn.transaction()?;
            let scores = scores_text(&a.scores);
            let id = match a.claimed {
                Some(id) => {
                    tx.execute(
                        "UPDATE challenge_attempts
                         SET name = ?2, finished_ms = ?3, loss = ?4, accuracy = ?5, won = ?6,
                             scores = ?7
                         WHERE id = ?1",
                        params![
                            id,
                            a.player.name,
                            a.finished_ms,
                            a.loss,
                            a.accuracy,
                            a.won,
                            scores
                        ],
                    )?;
                    id
                }
                None => {
                    tx.execute(
                        "INSERT INTO challenge_attempts
                             (date, player, account, name, guest, ranked, started_ms, finished_ms,
                              loss, accuracy, won, scores)
                         VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6, ?6, ?7, ?8, ?9, ?10)",
                        params![
                            a.date,
                            a.player.key,
                            a.player.account,
                            a.player.name,
                            a.player.guest(),
                            a.finished_ms,
                            a.loss,
                            a.accuracy,
                            a.won,
                            scores
                        ],
                    )?;
                    tx.last_insert_rowid()
                }
            };
            {
                let mut insert = tx.prepare(
                    "INSERT INTO challenge_decisions
                         (attempt, seq, date, position, choice, best, loss, ranked, attempt_loss,
                          attempt_finished_ms)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                )?;
                let mut count = tx.prepare(
                    "INSERT INTO challenge_choice_counts (date, position, choice, count)
                     VALUES (?1, ?2, ?3, 1)
                     ON CONFLICT (date, position, choice) DO UPDATE SET count = count + 1",
                )?;
                for (seq, d) in a.decisions.iter().enumerate() {
                    if a.claimed.is_some() {
                        count.execute(params![a.date, d.position, d.choice])?;
                    }
                    insert.execute(params![
                        id,
                        seq as i64,
                        a.date,
                        d.position,
                        d.choice,
                        d.best,
                        d.loss,
                        a.claimed.is_some(),
                        a.loss,
                        a.finished_ms
                    ])?;
                }
            }
            tx.commit()?;
            Ok(id)
        })
        .await
    }

    pub(crate) async fn challenge_board(
        &self,
        date: String,
        offset: u64,
        limit: u64,
    ) -> Result<BoardPage, StoreError> {
        self.call(move |conn| {
            let ranked = "date = ?1 AND ranked = 1 AND finished_ms IS NOT NULL";
            let total: i64 = conn.query_row(
                &format!("SELECT COUNT(*) FROM challenge_attempts WHERE {ranked}"),
                [&date],
                |row| row.get(0),
            )?;
            let mut statement = conn.prepare(&format!(
                "SELECT {COLUMNS} FROM challenge_attempts WHERE {ranked}
                 ORDER BY {BOARD_ORDER} LIMIT ?2 OFFSET ?3"
            ))?;
            let rows = statement
                .query_map(params![date, limit as i64, offset as i64], attempt_row)?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(BoardPage {
                total: total as u64,
                rows,
            })
        })
        .await
    }

    pub(crate) async fn challenge_ahead(
        &self,
        date: String,
        loss: f64,
        finished_ms: i64,
        id: i64,
    ) -> Result<(u64, u64), StoreError> {
        self.call(move |conn| {
            let ranked = "date = ?1 AND ranked = 1 AND finished_ms IS NOT NULL";
            let ahead: i64 = conn.query_row(
                &format!(
                    "SELECT COUNT(*) FROM challenge_attempts WHERE {ranked}
                     AND (loss, finished_ms, id) < (?2, ?3, ?4)"
                ),
                params![date, loss, finished_ms, id],
                |row| row.get(0),
            )?;
            let total: i64 = conn.query_row(
                &format!("SELECT COUNT(*) FROM challenge_attempts WHERE {ranked}"),
                [&date],
                |row| row.get(0),
            )?;
            Ok((ahead as u64, total as u64))
        })
        .await
    }

    pub(crate) async fn challenge_choices(
        &self,
        date: String,
        positions: Vec<String>,
    ) -> Result<Vec<ChoiceCount>, StoreError> {
        if positions.is_empty() {
            return Ok(Vec::new());
        }
        self.call(move |conn| {
            let mut statement = conn.prepare(&format!(
                "SELECT position, choice, count FROM challenge_choice_counts
                 WHERE date = ?1 AND position IN ({})",
                placeholders(2, positions.len())
            ))?;
            let values: Vec<&dyn rusqlite::ToSql> = std::iter::once(&date as &dyn rusqlite::ToSql)
                .chain(positions.iter().map(|p| p as &dyn rusqlite::ToSql))
                .collect();
            let rows = statement
                .query_map(values.as_slice(), |row| {
                    Ok(ChoiceCount {
                        position: row.get(0)?,
                        choice: row.get(1)?,
                        count: row.get::<_, i64>(2)? as u64,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
        .await
    }

    pub(crate) async fn challenge_best_choices(
        &self,
        date: String,
        positions: Vec<String>,
    ) -> Result<Vec<(String, String)>, StoreError> {
        self.call(move |conn| {
            let mut statement = conn.prepare(
                "SELECT choice FROM challenge_decisions
                 WHERE date = ?1 AND position = ?2 AND ranked = 1
                 ORDER BY attempt_loss, attempt_finished_ms, attempt LIMIT 1",
            )?;
            let mut found = Vec::new();
            for position in positions {
                let choice: Option<String> = statement
                    .query_row(params![date, position], |row| row.get(0))
                    .optional()?;
                if let Some(choice) = choice {
                    found.push((position, choice));
                }
            }
            Ok(found)
        })
        .await
    }

    pub(crate) async fn challenge_attempt(
        &self,
        id: i64,
    ) -> Result<Option<(AttemptRow, Vec<AttemptDecision>)>, StoreError> {
        self.call(move |conn| {
            let row = conn
                .query_row(
                    &format!(
                        "SELECT {COLUMNS} FROM challenge_attempts
                         WHERE id = ?1 AND finished_ms IS NOT NULL"
                    ),
                    [id],
                    attempt_row,
                )
                .optional()?;
            let Some(row) = row else {
                return Ok(None);
            };
            let mut statement = conn.prepare(
                "SELECT position, choice, best, loss FROM challenge_decisions
                 WHERE attempt = ?1 ORDER BY seq",
            )?;
            let decisions = statement
                .query_map([id], |row| {
                    Ok(AttemptDecision {
                        position: row.get(0)?,
                        choice: row.get(1)?,
                        best: row.get(2)?,
                        loss: row.get(3)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(Some((row, decisions)))
        })
        .await
    }

    pub(crate) async fn challenge_ranked_days(
        &self,
        account: i64,
        limit: u64,
    ) -> Result<Vec<String>, StoreError> {
        self.call(move |conn| {
            let mut statement = conn.prepare(
                "SELECT DISTINCT date FROM challenge_attempts
                 WHERE account = ?1 AND ranked = 1 AND finished_ms IS NOT NULL
                 ORDER BY date DESC LIMIT ?2",
            )?;
            let days = statement
                .query_map(params![account, limit as i64], |row| row.get(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(days)
        })
        .await
    }
}
