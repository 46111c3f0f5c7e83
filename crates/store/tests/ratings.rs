//! Rated games kept and applied, on SQLite (a file) and on PostgreSQL (a server of the tests'
//! own): the changes, the history, voiding, and a recomputation giving the stored ratings bit
//! for bit; on PostgreSQL, two processes applying games of one player at once.

use martian_ratings::Rating;
use martian_store::accounts::NewAccount;
use martian_store::ratings::{AccountRating, RatedGame, RatedPlayer, RatedSeat};
use martian_store::reviews::ReviewedSeatRow;
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
        self.accounts().await.ratings()
    }

    /// A handle on the accounts (and the ratings and reviews beside them).
    async fn accounts(&self) -> Accounts {
        match self {
            Engine::Sqlite(_, store) => store.accounts(),
            Engine::Postgres(url) => Accounts::open_beside_server(url).await.unwrap(),
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

    /// A review of `seat` of the game `room`/`number` with `accuracy`.
    fn reviewed(room: &str, number: u32, seat: u32, accuracy: Option<f64>) -> ReviewedSeatRow {
        ReviewedSeatRow {
            room: room.into(),
            number,
            seat,
            accuracy,
            decisions: 10,
            mean_loss: Some(0.01),
            best_turn: None,
            finished_ms: 5 * DAY_MS,
        }
    }

    pub async fn the_best_accuracy_counts_reviewed_rated_games(engine: Engine) {
        let accounts = engine.accounts().await;
        let ratings = accounts.ratings();
        let reviews = accounts.reviews();
        let mut ids = Vec::new();
        for name in ["Ana", "Bia", "Cid"] {
            let row = accounts
                .create(NewAccount {
                    name: name.into(),
                    key: name.to_lowercase(),
                    password: "x".into(),
                    recovery: Vec::new(),
                    avatar: String::new(),
                    created_ms: 0,
                })
                .await
                .unwrap()
                .unwrap();
            ids.push(row.id);
        }
        let (ana, bia, cid) = (ids[0], ids[1], ids[2]);
        // Ana and Bia play 12 rated duels; Cid plays 9 against a bot: too few to be listed.
        for number in 0..12 {
            let room = format!("duel{number}");
            ratings
                .apply(game(
                    &room,
                    1,
                    5 * DAY_MS,
                    &[(person(ana), 1), (person(bia), 2)],
                ))
                .await
                .unwrap();
            let ana_accuracy = 90.0 + f64::from(number % 3);
            reviews
                .store(vec![
                    reviewed(&room, 1, 0, Some(ana_accuracy)),
                    reviewed(&room, 1, 1, Some(80.0)),
                ])
                .await
                .unwrap();
        }
        for number in 0..9 {
            let room = format!("bot{number}");
            ratings
                .apply(game(
                    &room,
                    1,
                    5 * DAY_MS,
                    &[(person(cid), 1), (bot("easy"), 2)],
                ))
                .await
                .unwrap();
            reviews
                .store(vec![reviewed(&room, 1, 0, Some(99.0))])
                .await
                .unwrap();
        }
        // Not counted: a review stored again, a seat with nothing at stake, an unrated game.
        reviews
            .store(vec![reviewed("duel0", 1, 0, Some(10.0))])
            .await
            .unwrap();
        reviews
            .store(vec![reviewed("bot0", 1, 1, None)])
            .await
            .unwrap();
        reviews
            .store(vec![reviewed("casual", 1, 0, Some(0.0))])
            .await
            .unwrap();
        let board = ratings.most_accurate(0, 10, 100).await.unwrap();
        // Ana: four games each of 90, 91 and 92.
        let names: Vec<(&str, f64, u32)> = board
            .iter()
            .map(|row| (row.name.as_str(), row.accuracy, row.games))
            .collect();
        assert_eq!(names, [("Ana", 91.0, 12), ("Bia", 80.0, 12)]);
        // Cid's tenth reviewed rated game lists him, first.
        ratings
            .apply(game(
                "bot9",
                1,
                5 * DAY_MS,
                &[(person(cid), 1), (bot("easy"), 2)],
            ))
            .await
            .unwrap();
        reviews
            .store(vec![reviewed("bot9", 1, 0, Some(99.0))])
            .await
            .unwrap();
        let board = ratings.most_accurate(0, 10, 2).await.unwrap();
        let names: Vec<&str> = board.iter().map(|row| row.name.as_str()).collect();
        assert_eq!(names, ["Cid", "Ana"]);
        // Players not active since the date given are left out.
        assert!(
            ratings
                .most_accurate(6 * DAY_MS, 10, 100)
                .await
                .unwrap()
                .is_empty()
        );
        // A voided game no longer counts: Cid is back to nine.
        let before = ratings.most_accurate(0, 1, 100).await.unwrap();
        assert!(ratings.void("bot9", 1).await.unwrap());
        let after = ratings.most_accurate(0, 10, 100).await.unwrap();
        let names: Vec<&str> = after.iter().map(|row| row.name.as_str()).collect();
        assert_eq!(names, ["Ana", "Bia"]);
        // The recomputation gives the counts kept as the reviews came.
        let ana_before: Vec<_> = before.iter().filter(|row| row.name != "Cid").collect();
        let after_all = ratings.most_accurate(0, 1, 100).await.unwrap();
        let ana_after: Vec<_> = after_all.iter().filter(|row| row.name != "Cid").collect();
        assert_eq!(ana_before, ana_after);
        assert_eq!(
            after_all
                .iter()
                .find(|row| row.name == "Cid")
                .unwrap()
                .games,
            9
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
    the_best_accuracy_counts_reviewed_rated_games,
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
