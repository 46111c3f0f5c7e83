//! The daily challenge's attempts (docs/challenge.md): one row per game played, its grade, and
//! each graded decision's position with the choice made, for the day's board, a player's rank
//! and what the others did at the same position. Beside the accounts, on their connection.
//!
//! A ranked attempt is claimed when its game starts ([`Challenges::claim`]): one per day and
//! player, so that leaving a game half-played and starting again plays unranked. Decisions carry
//! their attempt's place on the board (its loss and finish), so that the best-ranked player's
//! choice at a position is the first entry of an index, however many played the day; and each
//! ranked choice is counted as it is stored, so that the shares at a position everyone reaches
//! (the day's first roll) are read, not counted, at each result.

use std::sync::Arc;

pub use crate::attempts::{
    AttemptDecision, AttemptPlayer, AttemptRow, BoardPage, ChoiceCount, FinishedAttempt,
};
use crate::backend::StoreError;

/// The handle on the challenge's attempts. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Challenges {
    engine: Engine,
}

#[derive(Clone, Debug)]
enum Engine {
    Sqlite(crate::sqlite::accounts::Calls),
    Postgres(Arc<crate::postgres::accounts::PgAccounts>),
}

/// Dispatches one call to the engine: `$method` is implemented by both with the same signature.
macro_rules! each_engine {
    ($self:ident . $method:ident ( $($arg:expr),* )) => {
        match &$self.engine {
            Engine::Sqlite(calls) => calls.$method($($arg),*).await,
            Engine::Postgres(pg) => pg.$method($($arg),*).await,
        }
    };
}

impl Challenges {
    pub(crate) fn sqlite(calls: crate::sqlite::accounts::Calls) -> Challenges {
        Challenges {
            engine: Engine::Sqlite(calls),
        }
    }

    pub(crate) fn postgres(pg: Arc<crate::postgres::accounts::PgAccounts>) -> Challenges {
        Challenges {
            engine: Engine::Postgres(pg),
        }
    }

    /// Claims the ranked attempt of `player` on `date`, if the player has none yet (played or
    /// under way): its id, or `None` (this attempt plays unranked).
    pub async fn claim(
        &self,
        date: String,
        player: AttemptPlayer,
        started_ms: i64,
    ) -> Result<Option<i64>, StoreError> {
        each_engine!(self.claim_attempt(date, player, started_ms))
    }

    /// Stores a finished attempt and its decisions in one transaction: the claimed row
    /// completed, or a new unranked one. Its id.
    pub async fn finish(&self, attempt: FinishedAttempt) -> Result<i64, StoreError> {
        each_engine!(self.finish_attempt(attempt))
    }

    /// The day's board from `offset`, at most `limit` rows.
    pub async fn board(
        &self,
        date: String,
        offset: u64,
        limit: u64,
    ) -> Result<BoardPage, StoreError> {
        each_engine!(self.challenge_board(date, offset, limit))
    }

    /// The ranked finished attempts of `date` ahead of a result of `loss` finished at
    /// `finished_ms` (row `id`), and how many there are in all.
    pub async fn ahead(
        &self,
        date: String,
        loss: f64,
        finished_ms: i64,
        id: i64,
    ) -> Result<(u64, u64), StoreError> {
        each_engine!(self.challenge_ahead(date, loss, finished_ms, id))
    }

    /// How many ranked attempts of `date` made each choice at each of `positions`.
    pub async fn choices(
        &self,
        date: String,
        positions: Vec<String>,
    ) -> Result<Vec<ChoiceCount>, StoreError> {
        each_engine!(self.challenge_choices(date, positions))
    }

    /// At each of `positions` some ranked attempt reached: the choice of the best-ranked one.
    pub async fn best_choices(
        &self,
        date: String,
        positions: Vec<String>,
    ) -> Result<Vec<(String, String)>, StoreError> {
        each_engine!(self.challenge_best_choices(date, positions))
    }

    /// An attempt by its id, with its decisions in order.
    pub async fn attempt(
        &self,
        id: i64,
    ) -> Result<Option<(AttemptRow, Vec<AttemptDecision>)>, StoreError> {
        each_engine!(self.challenge_attempt(id))
    }

    /// The days (`YYYY-MM-DD`) `account` finished a ranked attempt on, the latest first, at
    /// most `limit`.
    pub async fn ranked_days(&self, account: i64, limit: u64) -> Result<Vec<String>, StoreError> {
        each_engine!(self.challenge_ranked_days(account, limit))
    }
}
