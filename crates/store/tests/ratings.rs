//! Rated games kept and applied, on SQLite (a file) and on PostgreSQL (a server of the tests'
//! own): the changes, the history, voiding, and a recomputation giving the stored ratings bit
//! for bit; on PostgreSQL, two processes applying games of one player at once.

use martian_ratings::Rating;
use martian_store::ratings::{AccountRating, RatedGame, RatedPlayer, RatedSeat};
use martian_store::{Accounts, Ratings, Store, StoreMetrics};
use martian_testkit::postgres;

const DAY_MS: i64 = 86_400_000;

/// A database of the test's own; the SQLite one is removed when dropped.
enum Engine {
    Sqlite(std::path::PathBuf, Store),
    Postgres(String),
}

impl Engine {
    fn sqlite(name: &str) -> Engine {
        let dir =
            std::env::temp_dir().join(format!("martian-ratings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("test.db");
        let (store, _) = Store::open_sqlite(Some(&path), StoreMetrics::default()).unwrap();
        Engine::Sqlite(dir, store)
    }

    fn postgres() -> Engine {
        Engine::Postgres(postgres::server().database())
    }

    /// A handle on the ratings: on PostgreSQL each is a connection of its own, as a process's.
    async fn ratings(&self) -> Ratings {
        match self {
            Engine::Sqlite(_, store) => store.ratings(),
            Engine::Postgres(url) => Accounts::open_beside_server(url).await.unwrap().ratings(),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Engine::Sqlite(dir, _) = self {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

fn game(room: &str, number: u32, finished_ms: i64, seats: &[(RatedPlayer, u32)]) -> RatedGame {
    RatedGame {
        room: room.into(),
        number,
        finished_ms,
        seats: seats
            .iter()
            .enumerate()
            .map(|(seat, (player, place))| RatedSeat {
                seat: seat as u32,
                player: player.clone(),
                place: *place,
            })
            .collect(),
    }
}

fn person(id: i64) -> RatedPlayer {
    RatedPlayer::Account(id)
}

fn bot(name: &str) -> RatedPlayer {
    RatedPlayer::Bot(name.into())
}

/// A season: duels, free-for-alls of up to five, games against the bots, repeated pairs on one
/// day (the farming rule), over three days.
fn season() -> Vec<RatedGame> {
    let mut games = Vec::new();
    for number in 0..40u32 {
        let day = i64::from(number / 15);
        let at = day * DAY_MS + i64::from(number) * 1000;
        let a = i64::from(number % 6) + 1;
        let b = i64::from((number * 7 + 3) % 6) + 1;
        let seats: Vec<(RatedPlayer, u32)> = match number % 4 {
            0 if a != b => vec![(person(a), 1), (person(b), 2)],
            1 => vec![(person(1), 2), (person(2), 1)],
            2 => vec![
                (person(a), 1 + number % 3),
                (bot("hard"), 2),
                (bot("optimal"), 1),
            ],
            _ => (1..=5)
                .map(|id| (person(id), 1 + ((id as u32 + number) % 4)))
                .collect(),
        };
        if seats.len() >= 2 {
            games.push(game("season", number, at, &seats));
        }
    }
    games
}

fn bits(ratings: &[AccountRating]) -> Vec<(i64, u64, u64, u32, i64)> {
    ratings
        .iter()
        .map(|r| {
            (
                r.account,
                r.rating.mu.to_bits(),
                r.rating.sigma.to_bits(),
                r.games,
                r.updated_ms,
            )
        })
        .collect()
}

mod shared {
    use super::*;

    pub async fn a_game_applies_once_and_reads_back(engine: Engine) {
        let ratings = engine.ratings().await;
        let won = game("r", 1, 5 * DAY_MS, &[(person(7), 1), (bot("hard"), 2)]);
        let changes = ratings.apply(won.clone()).await.unwrap();
        assert_eq!(changes.len(), 1);
        let change = changes[0];
        assert_eq!((change.account, change.seat), (7, 0));
        assert_eq!(change.before, Rating::NEW);
        assert!(change.after.mu > Rating::NEW.mu && change.shown() > 0);
        // Applied again (a retry), nothing changes and the same changes are answered.
        assert_eq!(ratings.apply(won).await.unwrap(), changes);
        let stored = ratings.of(7).await.unwrap().unwrap();
        assert_eq!(stored.rating, change.after);
        assert_eq!((stored.games, stored.updated_ms), (1, 5 * DAY_MS));
        assert_eq!(ratings.of(8).await.unwrap(), None);
        let history = ratings.history(7).await.unwrap();
        assert_eq!(history.len(), 1);
        assert_eq!((history[0].room.as_str(), history[0].number), ("r", 1));
        assert_eq!(history[0].after, change.after);
        // A bot that is not an anchor is refused, and nothing is kept.
        let unrated = game("r", 2, 5 * DAY_MS, &[(person(7), 1), (bot("card-1"), 2)]);
        assert!(ratings.apply(unrated).await.is_err());
        assert_eq!(ratings.history(7).await.unwrap().len(), 1);
    }

    pub async fn recomputing_gives_the_stored_ratings_bit_for_bit(engine: Engine) {
        let ratings = engine.ratings().await;
        for game in season() {
            ratings.apply(game).await.unwrap();
        }
        let stored = ratings.all().await.unwrap();
        assert_eq!(stored.len(), 6);
        let weights: Vec<f64> = ratings
            .history(1)
            .await
            .unwrap()
            .iter()
            .map(|point| point.weight)
            .collect();
        assert!(
            weights.contains(&0.5),
            "no game of player 1 counted half: {weights:?}"
        );
        let histories = {
            let mut all = Vec::new();
            for id in 1..=6 {
                all.push(ratings.history(id).await.unwrap());
            }
            all
        };
        ratings.recompute().await.unwrap();
        assert_eq!(bits(&ratings.all().await.unwrap()), bits(&stored));
        for (id, history) in (1..=6).zip(histories) {
            assert_eq!(ratings.history(id).await.unwrap(), history);
        }
    }

    pub async fn a_voided_game_is_as_if_never_played(engine: Engine, other: Engine) {
        let ratings = engine.ratings().await;
        let without = other.ratings().await;
        let games = season();
        let voided = &games[5];
        for game in &games {
            ratings.apply(game.clone()).await.unwrap();
            if game != voided {
                without.apply(game.clone()).await.unwrap();
            }
        }
        assert_ne!(
            bits(&ratings.all().await.unwrap()),
            bits(&without.all().await.unwrap())
        );
        assert!(ratings.void(&voided.room, voided.number).await.unwrap());
        assert!(!ratings.void(&voided.room, voided.number).await.unwrap());
        assert!(!ratings.void("nowhere", 1).await.unwrap());
        assert_eq!(
            bits(&ratings.all().await.unwrap()),
            bits(&without.all().await.unwrap())
        );
    }
}

macro_rules! both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    shared::$name(Engine::sqlite(stringify!($name))).await;
                }
            )*

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn a_voided_game_is_as_if_never_played() {
                shared::a_voided_game_is_as_if_never_played(
                    Engine::sqlite("voided"),
                    Engine::sqlite("never-played"),
                )
                .await;
            }
        }
        mod postgresql {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    shared::$name(Engine::postgres()).await;
                }
            )*

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn a_voided_game_is_as_if_never_played() {
                shared::a_voided_game_is_as_if_never_played(Engine::postgres(), Engine::postgres())
                    .await;
            }
        }
    };
}

both!(
    a_game_applies_once_and_reads_back,
    recomputing_gives_the_stored_ratings_bit_for_bit,
);

/// Two processes (two connections) end rated games of one player at the same moment, many
/// times: every game applies (none lost), and replaying them in the order kept gives the same
/// ratings, so the order applied was the order kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_ending_games_of_one_player_at_once_lose_nothing() {
    let engine = Engine::postgres();
    let (one, two) = (engine.ratings().await, engine.ratings().await);
    const ROUNDS: u32 = 15;
    for round in 0..ROUNDS {
        let at = i64::from(round) * 1000;
        let first = game("one", round, at, &[(person(1), 1), (person(2), 2)]);
        let second = game("two", round, at, &[(person(1), 2), (bot("medium"), 1)]);
        let (a, b) = tokio::join!(one.apply(first), two.apply(second));
        a.unwrap();
        b.unwrap();
    }
    let stored = one.all().await.unwrap();
    let player = stored.iter().find(|r| r.account == 1).unwrap();
    assert_eq!(player.games, 2 * ROUNDS);
    assert_eq!(one.history(1).await.unwrap().len(), 2 * ROUNDS as usize);
    // Each history point starts where the one before ended: no update read a stale rating.
    let history = two.history(1).await.unwrap();
    for pair in history.windows(2) {
        assert_eq!(pair[1].before, pair[0].after);
    }
    two.recompute().await.unwrap();
    assert_eq!(bits(&one.all().await.unwrap()), bits(&stored));
}
