//! The reviewed seats in PostgreSQL: each finished game's review summary per seat, written once
//! when the game ends and read back for the seats an account holds. On the accounts' connection
//! (a profile reads both).

use tokio_postgres::Row;

use super::accounts::PgAccounts;
use super::pg;
use crate::backend::{BestTurn, ReviewedSeatRow, StoreError};

/// Migration 5: the reviewed seats.
pub(super) const MIGRATION: &str = "
CREATE TABLE reviewed_seats (
    room_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    number INTEGER NOT NULL,
    accuracy DOUBLE PRECISION,
    decisions INTEGER NOT NULL,
    mean_loss DOUBLE PRECISION,
    best_turn INTEGER,
    best_skill DOUBLE PRECISION,
    finished_ms BIGINT NOT NULL,
    PRIMARY KEY (room_id, seat, number)
);
";

const COLUMNS: &str =
    "room_id, seat, number, accuracy, decisions, mean_loss, best_turn, best_skill, finished_ms";

fn reviewed_seat(row: &Row) -> ReviewedSeatRow {
    let turn: Option<i32> = row.get(6);
    let skill: Option<f64> = row.get(7);
    ReviewedSeatRow {
        room: row.get(0),
        seat: row.get::<_, i32>(1) as u32,
        number: row.get::<_, i32>(2) as u32,
        accuracy: row.get(3),
        decisions: row.get::<_, i32>(4) as u32,
        mean_loss: row.get(5),
        best_turn: turn.zip(skill).map(|(turn, skill)| BestTurn {
            turn: turn as u32,
            skill,
        }),
        finished_ms: row.get(8),
    }
}

impl PgAccounts {
    pub(crate) async fn store_reviewed(
        &self,
        rows: Vec<ReviewedSeatRow>,
    ) -> Result<(), StoreError> {
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        let tx = client.transaction().await.map_err(pg)?;
        let insert = tx
            .prepare(&format!(
                "INSERT INTO reviewed_seats ({COLUMNS})
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING"
            ))
            .await
            .map_err(pg)?;
        for row in &rows {
            let best_turn = row.best_turn.map(|best| best.turn as i32);
            let best_skill = row.best_turn.map(|best| best.skill);
            let added = tx
                .execute(
                    &insert,
                    &[
                        &row.room,
                        &(row.seat as i32),
                        &(row.number as i32),
                        &row.accuracy,
                        &(row.decisions as i32),
                        &row.mean_loss,
                        &best_turn,
                        &best_skill,
                        &row.finished_ms,
                    ],
                )
                .await
                .map_err(pg)?;
            if let (1, Some(accuracy)) = (added, row.accuracy) {
                super::ratings::count_accuracy(&tx, &row.room, row.number, row.seat, accuracy)
                    .await?;
            }
        }
        tx.commit().await.map_err(pg)
    }

    pub(crate) async fn reviewed(
        &self,
        seats: Vec<(String, u32)>,
    ) -> Result<Vec<ReviewedSeatRow>, StoreError> {
        let (rooms, numbers): (Vec<String>, Vec<i32>) = seats
            .into_iter()
            .map(|(room, seat)| (room, seat as i32))
            .unzip();
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        // One query for every seat: the pairs as two arrays, joined on the primary key.
        let rows = client
            .query(
                &format!(
                    "SELECT {} FROM reviewed_seats r
                     JOIN unnest($1::text[], $2::int[]) AS held (room_id, seat)
                       ON r.room_id = held.room_id AND r.seat = held.seat",
                    COLUMNS
                        .split(", ")
                        .map(|column| format!("r.{column}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                &[&rooms, &numbers],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(reviewed_seat).collect())
    }
}
