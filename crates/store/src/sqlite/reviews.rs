//! The reviewed seats in SQLite: each finished game's review summary per seat, written once when
//! the game ends and read back for the seats an account holds. On the storage thread, like the
//! accounts' calls.

use rusqlite::{Row, params};

use super::accounts::Calls;
use crate::backend::{BestTurn, ReviewedSeatRow, StoreError};

pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS reviewed_seats (
    room_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    number INTEGER NOT NULL,
    accuracy REAL,
    decisions INTEGER NOT NULL,
    mean_loss REAL,
    best_turn INTEGER,
    best_skill REAL,
    finished_ms INTEGER NOT NULL,
    PRIMARY KEY (room_id, seat, number)
) WITHOUT ROWID;
";

const COLUMNS: &str =
    "room_id, seat, number, accuracy, decisions, mean_loss, best_turn, best_skill, finished_ms";

fn reviewed_seat(row: &Row<'_>) -> rusqlite::Result<ReviewedSeatRow> {
    let turn: Option<u32> = row.get(6)?;
    let skill: Option<f64> = row.get(7)?;
    Ok(ReviewedSeatRow {
        room: row.get(0)?,
        seat: row.get(1)?,
        number: row.get(2)?,
        accuracy: row.get(3)?,
        decisions: row.get(4)?,
        mean_loss: row.get(5)?,
        best_turn: turn
            .zip(skill)
            .map(|(turn, skill)| BestTurn { turn, skill }),
        finished_ms: row.get(8)?,
    })
}

impl Calls {
    pub(crate) async fn store_reviewed(
        &self,
        rows: Vec<ReviewedSeatRow>,
    ) -> Result<(), StoreError> {
        self.call(move |conn| {
            let tx = conn.transaction()?;
            for row in &rows {
                let added = tx.execute(
                    &format!(
                        "INSERT OR IGNORE INTO reviewed_seats ({COLUMNS})
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
                    ),
                    params![
                        row.room,
                        row.seat,
                        row.number,
                        row.accuracy,
                        row.decisions,
                        row.mean_loss,
                        row.best_turn.map(|best| best.turn),
                        row.best_turn.map(|best| best.skill),
                        row.finished_ms,
                    ],
                )?;
                if let (1, Some(accuracy)) = (added, row.accuracy) {
                    super::ratings::count_accuracy(&tx, &row.room, row.number, row.seat, accuracy)?;
                }
            }
            tx.commit()
        })
        .await
    }

    pub(crate) async fn reviewed(
        &self,
        seats: Vec<(String, u32)>,
    ) -> Result<Vec<ReviewedSeatRow>, StoreError> {
        self.call(move |conn| {
            let mut statement = conn.prepare(&format!(
                "SELECT {COLUMNS} FROM reviewed_seats WHERE room_id = ?1 AND seat = ?2"
            ))?;
            let mut found = Vec::new();
            for (room, seat) in &seats {
                for row in statement.query_map(params![room, seat], reviewed_seat)? {
                    found.push(row?);
                }
            }
            Ok(found)
        })
        .await
    }
}
