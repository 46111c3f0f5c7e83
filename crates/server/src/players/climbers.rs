//! This week's climbers, kept between asks. The list folds every rated game of the last 7 days
//! (on a server of 100,000 rated players, tens of thousands of rating moves, about 100 ms on
//! PostgreSQL), where the leaderboard's other lists are a few milliseconds of index reads; so
//! the list is computed once and answered from memory until it is out of date:
//!
//! - at once when this process changed the ratings (a rated game ended here, a game voided): the
//!   next ask computes it again, so a player who just finished sees their climb;
//! - after [`FRESH`] otherwise (a cluster's other processes rate games too, and the week moves
//!   on): the list kept is answered while a new one is computed behind it.
//!
//! One computation at a time: asks arriving during one wait for it rather than start their own.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use martian_store::StoreError;
use martian_store::ratings::{Climber, Ratings};

/// This week's climbers: rated games of this many days.
pub const CLIMB_DAYS: i64 = 7;
/// How long a list computed while the ratings did not change here is answered as it is.
pub const FRESH: Duration = Duration::from_secs(30);

const DAY_MS: i64 = 86_400_000;

/// The climbers kept, and the one computation under way.
#[derive(Debug, Default)]
pub struct KeptClimbers {
    kept: Mutex<Option<Kept>>,
    computing: Arc<tokio::sync::Mutex<()>>,
}

#[derive(Clone, Debug)]
struct Kept {
    /// The ratings' changes on this process when the computation began.
    changes: u64,
    limit: u32,
    at: Instant,
    climbers: Arc<Vec<Climber>>,
}

impl KeptClimbers {
    /// The climbers of the last [`CLIMB_DAYS`] days, the most first, at most `limit`.
    pub async fn climbers(
        self: &Arc<Self>,
        ratings: &Ratings,
        limit: u32,
    ) -> Result<Arc<Vec<Climber>>, StoreError> {
        if let Some(kept) = self.current(ratings, limit) {
            if kept.at.elapsed() >= FRESH {
                self.compute_behind(ratings.clone(), limit);
            }
            return Ok(kept.climbers);
        }
        let _alone = self.computing.lock().await;
        // Another ask may have computed it while this one waited.
        if let Some(kept) = self.current(ratings, limit) {
            return Ok(kept.climbers);
        }
        self.compute(ratings, limit).await
    }

    /// The list kept, if the ratings did not change here since it was computed.
    fn current(&self, ratings: &Ratings, limit: u32) -> Option<Kept> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.as_ref()
            .filter(|kept| kept.changes == ratings.changes() && kept.limit == limit)
            .cloned()
    }

    /// Computes the list again behind the answer, unless a computation is under way.
    fn compute_behind(self: &Arc<Self>, ratings: Ratings, limit: u32) {
        let Ok(alone) = self.computing.clone().try_lock_owned() else {
            return;
        };
        let this = self.clone();
        tokio::spawn(async move {
            let _alone = alone;
            if let Err(error) = this.compute(&ratings, limit).await {
                tracing::warn!("this week's climbers: {error}");
            }
        });
    }

    /// Computes and keeps the list (the caller holds `computing`).
    async fn compute(
        &self,
        ratings: &Ratings,
        limit: u32,
    ) -> Result<Arc<Vec<Climber>>, StoreError> {
        // Read before: a change during the computation leaves the list out of date.
        let changes = ratings.changes();
        let at = Instant::now();
        let since = martian_store::now_ms() - CLIMB_DAYS * DAY_MS;
        let climbers = Arc::new(ratings.climbers(since, limit).await?);
        *self.kept.lock().unwrap_or_else(|e| e.into_inner()) = Some(Kept {
            changes,
            limit,
            at,
            climbers: climbers.clone(),
        });
        Ok(climbers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_store::accounts::NewAccount;
    use martian_store::ratings::{RatedGame, RatedPlayer, RatedSeat};
    use martian_store::{Store, StoreMetrics};

    async fn account(store: &Store, name: &str) -> i64 {
        let new = NewAccount {
            name: name.into(),
            key: name.to_lowercase(),
            password: "x".into(),
            recovery: Vec::new(),
            avatar: String::new(),
            created_ms: 0,
        };
        store.accounts().create(new).await.unwrap().unwrap().id
    }

    fn duel(room: &str, winner: i64, loser: i64) -> RatedGame {
        let seat = |seat, id, place| RatedSeat {
            seat,
            player: RatedPlayer::Account(id),
            place,
        };
        RatedGame {
            room: room.into(),
            number: 1,
            finished_ms: martian_store::now_ms(),
            seats: vec![seat(0, winner, 1), seat(1, loser, 2)],
        }
    }

    fn names(climbers: &[Climber]) -> Vec<&str> {
        climbers.iter().map(|c| c.name.as_str()).collect()
    }

    #[tokio::test]
    async fn the_list_kept_is_computed_again_once_the_ratings_change_here() {
        let (store, _) = Store::open_sqlite(None, StoreMetrics::default()).unwrap();
        let ratings = store.ratings();
        let (ana, bia) = (account(&store, "Ana").await, account(&store, "Bia").await);
        let kept = Arc::new(KeptClimbers::default());
        assert!(kept.climbers(&ratings, 10).await.unwrap().is_empty());

        ratings.apply(duel("one", ana, bia)).await.unwrap();
        assert_eq!(names(&kept.climbers(&ratings, 10).await.unwrap()), ["Ana"]);
        // Answered from memory while nothing changed: the same list, not a new one.
        let first = kept.climbers(&ratings, 10).await.unwrap();
        assert!(Arc::ptr_eq(
            &first,
            &kept.climbers(&ratings, 10).await.unwrap()
        ));

        // Bia wins twice: she climbs past where she fell, Ana's climb is gone.
        ratings.apply(duel("two", bia, ana)).await.unwrap();
        ratings.apply(duel("three", bia, ana)).await.unwrap();
        assert_eq!(names(&kept.climbers(&ratings, 10).await.unwrap()), ["Bia"]);
        // Voiding changes the ratings too.
        assert!(ratings.void("three", 1).await.unwrap());
        let after_void = kept.climbers(&ratings, 10).await.unwrap();
        let from_store = ratings
            .climbers(martian_store::now_ms() - CLIMB_DAYS * DAY_MS, 10)
            .await
            .unwrap();
        assert_eq!(*after_void, from_store);
        store.close().await;
    }

    #[tokio::test]
    async fn an_ask_for_another_length_is_not_answered_from_the_list_kept() {
        let (store, _) = Store::open_sqlite(None, StoreMetrics::default()).unwrap();
        let ratings = store.ratings();
        let mut ids = Vec::new();
        for name in ["Ana", "Bia", "Cid", "Dan"] {
            ids.push(account(&store, name).await);
        }
        ratings.apply(duel("one", ids[0], ids[1])).await.unwrap();
        ratings.apply(duel("two", ids[2], ids[3])).await.unwrap();
        let kept = Arc::new(KeptClimbers::default());
        assert_eq!(kept.climbers(&ratings, 1).await.unwrap().len(), 1);
        assert_eq!(kept.climbers(&ratings, 10).await.unwrap().len(), 2);
        store.close().await;
    }
}
