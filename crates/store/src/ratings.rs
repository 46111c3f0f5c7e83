//! Ratings of rated games: the results kept (every rated game's places), each account's rating
//! and its history. A game's end applies its update in one transaction; voiding a game, or
//! recomputing, replays every result kept in the order they were applied, which gives the
//! stored ratings again bit for bit.
//!
//! The order is the results' sequence number, taken once the players' rating rows are locked
//! (PostgreSQL: rows locked in account order, so two games ending at once for one player apply
//! one after the other, neither lost; SQLite: one connection does everything in turn), so the
//! order applied is the order replayed.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::backend::StoreError;
use crate::rated::check;
pub use crate::rated::{
    AccountRating, Accurate, Climber, HistoryPoint, Ranked, RatedGame, RatedPlayer, RatedSeat,
    RatingChange,
};
use martian_ratings::Rating;

/// The handle on the ratings' tables. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Ratings {
    engine: Engine,
    changed: Arc<AtomicU64>,
}

#[derive(Clone, Debug)]
enum Engine {
    Sqlite(crate::sqlite::accounts::Calls),
    Postgres(Arc<crate::postgres::accounts::PgAccounts>),
}

macro_rules! each_engine {
    ($self:ident . $method:ident ( $($arg:expr),* )) => {
        match &$self.engine {
            Engine::Sqlite(calls) => calls.$method($($arg),*).await,
            Engine::Postgres(pg) => pg.$method($($arg),*).await,
        }
    };
}

impl Ratings {
    pub(crate) fn sqlite(
        calls: crate::sqlite::accounts::Calls,
        changed: Arc<AtomicU64>,
    ) -> Ratings {
        Ratings {
            engine: Engine::Sqlite(calls),
            changed,
        }
    }

    pub(crate) fn postgres(
        pg: Arc<crate::postgres::accounts::PgAccounts>,
        changed: Arc<AtomicU64>,
    ) -> Ratings {
        Ratings {
            engine: Engine::Postgres(pg),
            changed,
        }
    }

    /// How many times the ratings were changed through this store's handles (a game applied,
    /// voided, everything recomputed): what a list kept from them compares to know it is out of
    /// date. Another process's changes (a cluster's) are not counted.
    pub fn changes(&self) -> u64 {
        self.changed.load(Ordering::Acquire)
    }

    fn changed<T>(&self, done: Result<T, StoreError>) -> Result<T, StoreError> {
        if done.is_ok() {
            self.changed.fetch_add(1, Ordering::AcqRel);
        }
        done
    }

    /// Keeps a finished rated game's result and applies its update, in one transaction: the
    /// people's changes. A game kept before (the same room and number) changes nothing and
    /// answers the changes it made then.
    pub async fn apply(&self, game: RatedGame) -> Result<Vec<RatingChange>, StoreError> {
        check(&game)?;
        let applied = each_engine!(self.apply_rated(game));
        self.changed(applied)
    }

    /// An account's rating; `None` before its first rated game.
    pub async fn of(&self, account: i64) -> Result<Option<AccountRating>, StoreError> {
        each_engine!(self.rating_of(account))
    }

    /// Every rated account's rating, by account.
    pub async fn all(&self) -> Result<Vec<AccountRating>, StoreError> {
        each_engine!(self.all_ratings())
    }

    /// An account's rated games, the oldest first.
    pub async fn history(&self, account: i64) -> Result<Vec<HistoryPoint>, StoreError> {
        each_engine!(self.rating_history(account))
    }

    /// The established players (not provisional) whose last rated game ended at `since_ms`
    /// or later, the highest displayed rating first, at most `limit`; disabled accounts left out.
    pub async fn leaderboard(&self, since_ms: i64, limit: u32) -> Result<Vec<Ranked>, StoreError> {
        each_engine!(self.leaderboard(since_ms, limit, Rating::PROVISIONAL_SIGMA))
    }

    /// The accounts whose displayed rating rose most over their rated games ended at
    /// `since_ms` or later, the most first (then the older account), at most `limit` (only
    /// those who rose); disabled accounts left out.
    ///
    /// The period's moves are read in one pass (an index on the games' end, one covering the
    /// history by game), folded here, and only the first accounts' names looked up: a week of
    /// a busy server is tens of thousands of players.
    pub async fn climbers(&self, since_ms: i64, limit: u32) -> Result<Vec<Climber>, StoreError> {
        let moves = each_engine!(self.moves_since(since_ms))?;
        let risen = crate::rated::risen(&moves);
        let mut climbers = Vec::new();
        for chunk in risen.chunks(limit.max(1) as usize) {
            let ids: Vec<i64> = chunk.iter().map(|row| row.0).collect();
            let names = each_engine!(self.enabled_names(ids))?;
            for (account, before, after) in chunk {
                if let Some(name) = names.get(account) {
                    climbers.push(Climber {
                        name: name.clone(),
                        before: *before,
                        after: *after,
                    });
                }
            }
            if climbers.len() >= limit as usize {
                break;
            }
        }
        climbers.truncate(limit as usize);
        Ok(climbers)
    }

    /// The accounts of the best mean accuracy over their reviewed rated games, of those with
    /// at least `min_games` of them and a rated game ended at `since_ms` or later, the best
    /// first, at most `limit`; disabled accounts left out. A rated game counts once its review
    /// is stored (a voided one no longer does).
    pub async fn most_accurate(
        &self,
        since_ms: i64,
        min_games: u32,
        limit: u32,
    ) -> Result<Vec<Accurate>, StoreError> {
        each_engine!(self.most_accurate(since_ms, min_games, limit))
    }

    /// Voids a rated game and recomputes every rating without it: whether there was such a
    /// game (not voided already).
    pub async fn void(&self, room: &str, number: u32) -> Result<bool, StoreError> {
        let voided = each_engine!(self.void_rated(room.to_string(), number));
        self.changed(voided)
    }

    /// Recomputes every rating and history from the results kept.
    pub async fn recompute(&self) -> Result<(), StoreError> {
        let recomputed = each_engine!(self.recompute_ratings());
        self.changed(recomputed)
    }
}
