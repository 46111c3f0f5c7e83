//! The reviewed seats: the exact review's summary of each seat of each finished game, stored once
//! when the game ends (reviewing is too slow for a profile that must answer at once), and read
//! back for the seats an account holds. Beside the accounts, on their connection.

use std::sync::Arc;

use crate::backend::StoreError;
pub use crate::backend::{BestTurn, ReviewedSeatRow};

/// The handle on the reviewed seats. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Reviews {
    engine: Engine,
}

#[derive(Clone, Debug)]
enum Engine {
    Sqlite(crate::sqlite::accounts::Calls),
    Postgres(Arc<crate::postgres::accounts::PgAccounts>),
}

impl Reviews {
    pub(crate) fn sqlite(calls: crate::sqlite::accounts::Calls) -> Reviews {
        Reviews {
            engine: Engine::Sqlite(calls),
        }
    }

    pub(crate) fn postgres(pg: Arc<crate::postgres::accounts::PgAccounts>) -> Reviews {
        Reviews {
            engine: Engine::Postgres(pg),
        }
    }

    /// Stores the seats of one finished game in one transaction; a seat stored before (the same
    /// room, game and seat) is left as it was.
    pub async fn store(&self, rows: Vec<ReviewedSeatRow>) -> Result<(), StoreError> {
        match &self.engine {
            Engine::Sqlite(calls) => calls.store_reviewed(rows).await,
            Engine::Postgres(pg) => pg.store_reviewed(rows).await,
        }
    }

    /// Every reviewed game of the seats given (room, seat), in no particular order.
    pub async fn of_seats(
        &self,
        seats: Vec<(String, u32)>,
    ) -> Result<Vec<ReviewedSeatRow>, StoreError> {
        if seats.is_empty() {
            return Ok(Vec::new());
        }
        match &self.engine {
            Engine::Sqlite(calls) => calls.reviewed(seats).await,
            Engine::Postgres(pg) => pg.reviewed(seats).await,
        }
    }
}
