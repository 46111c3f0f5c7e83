//! Issue 38's scale: 100,000 rated players and a million rated games stored, and how long the
//! questions the server asks take — the leaderboard's three lists, the rating part of a profile
//! (the rating and its history) — and a rated game's end applying its update.
//!
//! ```text
//! cargo run --release -p martian-store --example ratings_scale                    # SQLite
//! cargo run --release -p martian-store --example ratings_scale -- \
//!     --postgres postgres://user@127.0.0.1:5432/db                                # PostgreSQL
//! ```
//!
//! The games and their reviews are written straight into the tables (a million games through the
//! API would take an hour on PostgreSQL); the ratings, their history and the accuracies are then
//! computed from them by the store's own recomputation, so every rating is what the games give.
//! Each game has two accounts, one of the tenth who play most (a hundred games a year each),
//! the other anyone; a game ends every 30 seconds over the year before now. `--keep` leaves
//! the SQLite file behind (its path printed) to look at the queries' plans.

use std::time::{Duration, Instant};

use martian_store::ratings::{RatedGame, RatedPlayer, RatedSeat};
use martian_store::{PostgresOptions, Store, StoreMetrics, now_ms};

const DAY_MS: i64 = 86_400_000;

/// The fill, one engine's SQL: the accounts, the games, their seats and the seats' reviews.
/// `$PLAYERS`, `$GAMES` and `$NOW` are put in before it runs; `numbers(n)` counts 1 to the
/// largest of them.
const FILL: &str = "
INSERT INTO accounts (id, name, name_key, password, created_ms)
    SELECT n, 'Player ' || n, 'player ' || n, 'x', 0 FROM numbers WHERE n <= $PLAYERS;
INSERT INTO rated_games (seq, room_id, number, finished_ms)
    SELECT n, 'room' || (n / 100), n % 100, $NOW - ($GAMES - n) * 30000 FROM numbers WHERE n <= $GAMES;
INSERT INTO rated_seats (seq, seat, account_id, place)
    SELECT n, 0, n % ($PLAYERS / 10) + 1, 1 + n % 2 FROM numbers WHERE n <= $GAMES;
INSERT INTO rated_seats (seq, seat, account_id, place)
    SELECT n, 1, (CASE WHEN (n * 7919 + 13) % $PLAYERS = n % ($PLAYERS / 10)
                       THEN (n * 7919 + 14) % $PLAYERS ELSE (n * 7919 + 13) % $PLAYERS END) + 1,
           2 - n % 2
    FROM numbers WHERE n <= $GAMES;
INSERT INTO reviewed_seats (room_id, seat, number, accuracy, decisions, finished_ms)
    SELECT g.room_id, s.seat, g.number, 70 + (g.seq * 31 + s.seat * 17) % 30, 12, g.finished_ms
    FROM rated_games g JOIN rated_seats s ON s.seq = g.seq;
";

fn fill_sql(players: u64, games: u64, now: i64) -> String {
    FILL.replace("$PLAYERS", &players.to_string())
        .replace("$GAMES", &games.to_string())
        .replace("$NOW", &now.to_string())
}

fn fill_sqlite(path: &std::path::Path, players: u64, games: u64, now: i64) {
    let conn = rusqlite::Connection::open(path).expect("SQLite opens");
    let count = players.max(games);
    conn.execute_batch(&format!(
        "BEGIN;
         CREATE TEMP TABLE numbers (n INTEGER PRIMARY KEY);
         WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < {count})
             INSERT INTO numbers SELECT n FROM c;
         {}
         COMMIT;",
        fill_sql(players, games, now)
    ))
    .expect("the fill");
}

async fn fill_postgres(url: &str, players: u64, games: u64, now: i64) {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .expect("PostgreSQL connects");
    tokio::spawn(connection);
    let count = players.max(games);
    // The accounts' and games' numbers are given, not drawn from the identities' sequences:
    // those are set after.
    let sql = fill_sql(players, games, now)
        .replace(
            "(id, name, name_key, password, created_ms)",
            "(id, name, name_key, password, created_ms) OVERRIDING SYSTEM VALUE",
        )
        .replace(
            "(seq, room_id, number, finished_ms)",
            "(seq, room_id, number, finished_ms) OVERRIDING SYSTEM VALUE",
        );
    client
        .batch_execute(&format!(
            "BEGIN;
             CREATE TEMP TABLE numbers AS SELECT n FROM generate_series(1::bigint, {count}) n;
             {sql}
             SELECT setval(pg_get_serial_sequence('rated_games', 'seq'), {games});
             SELECT setval(pg_get_serial_sequence('accounts', 'id'), {players});
             COMMIT;
             ANALYZE;"
        ))
        .await
        .expect("the fill");
}

fn median(mut durations: Vec<Duration>) -> Duration {
    durations.sort();
    durations[durations.len() / 2]
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let number =
        |flag: &str, default: u64| value(flag).map_or(default, |n| n.parse().expect("a number"));
    let players = number("--players", 100_000);
    let games = number("--games", 1_000_000);
    let now = now_ms();
    let dir = std::env::temp_dir().join(format!("martian-ratings-scale-{}", std::process::id()));
    let postgres = value("--postgres");
    let open = || async {
        match &postgres {
            Some(url) => {
                let options = PostgresOptions {
                    url: url.clone(),
                    node: "bench".into(),
                    addr: "127.0.0.1:1/bench".into(),
                    lease: Duration::from_secs(30),
                    writers: 2,
                };
                Store::open_postgres(options, StoreMetrics::default())
                    .await
                    .expect("PostgreSQL opens")
                    .0
            }
            None => {
                Store::open_sqlite(Some(&dir.join("bench.db")), StoreMetrics::default())
                    .expect("SQLite opens")
                    .0
            }
        }
    };
    std::fs::create_dir_all(&dir).unwrap();
    // The schema, made by the store; then the fill, beside it.
    open().await.close().await;
    let filling = Instant::now();
    match &postgres {
        Some(url) => fill_postgres(url, players, games, now).await,
        None => fill_sqlite(&dir.join("bench.db"), players, games, now),
    }
    let filled = filling.elapsed();
    let store = open().await;
    let ratings = store.ratings();
    let computing = Instant::now();
    ratings.recompute().await.expect("the recomputation");
    println!(
        "{players} players, {games} rated games: filled in {:.1} s, rated in {:.1} s",
        filled.as_secs_f64(),
        computing.elapsed().as_secs_f64()
    );

    if let Some(url) = &postgres {
        // The recomputation rewrote the ratings and the history: a live server's tables have
        // their statistics (autovacuum's ANALYZE) by the time anyone reads them.
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .expect("PostgreSQL connects");
        tokio::spawn(connection);
        client.batch_execute("ANALYZE").await.expect("ANALYZE");
    }

    // Each question five times: the first (cold) and the median.
    let mut took = Vec::new();
    let since_30 = now - 30 * DAY_MS;
    let since_7 = now - 7 * DAY_MS;
    let mut board = Vec::new();
    let mut climbers = Vec::new();
    let mut accurate = Vec::new();
    let mut history = Vec::new();
    let mut times: [Vec<Duration>; 4] = Default::default();
    for _ in 0..5 {
        let start = Instant::now();
        board = ratings.leaderboard(since_30, 100).await.unwrap();
        times[0].push(start.elapsed());
        let start = Instant::now();
        climbers = ratings.climbers(since_7, 100).await.unwrap();
        times[1].push(start.elapsed());
        let start = Instant::now();
        accurate = ratings.most_accurate(since_30, 10, 100).await.unwrap();
        times[2].push(start.elapsed());
        let account = board.first().map_or(1, |row| row.rating.account);
        let start = Instant::now();
        ratings.of(account).await.unwrap().expect("rated");
        history = ratings.history(account).await.unwrap();
        times[3].push(start.elapsed());
    }
    let whats = [
        "leaderboard: established, active in 30 days",
        "leaderboard: the week's climbers",
        "leaderboard: best accuracy",
        "profile: rating and its history",
    ];
    for (what, runs) in whats.iter().zip(times) {
        let first = runs[0];
        took.push((
            format!(
                "{what} (median of 5; first {:.1} ms)",
                first.as_secs_f64() * 1000.0
            ),
            median(runs),
        ));
    }
    println!(
        "{} on the board, {} climbers, {} by accuracy; the profile's history has {} games",
        board.len(),
        climbers.len(),
        accurate.len(),
        history.len()
    );

    // Rated games ending now, one after the other, between players drawn across the table.
    let mut applies = Vec::new();
    for i in 0..21u64 {
        let one = (i * 4_447) % players + 1;
        let other = (one + players / 2) % players + 1;
        let game = RatedGame {
            room: format!("bench{i}"),
            number: 1,
            finished_ms: now_ms(),
            seats: vec![
                RatedSeat {
                    seat: 0,
                    player: RatedPlayer::Account(one as i64),
                    place: 1,
                },
                RatedSeat {
                    seat: 1,
                    player: RatedPlayer::Account(other as i64),
                    place: 2,
                },
            ],
        };
        let start = Instant::now();
        let changes = ratings.apply(game).await.unwrap();
        applies.push(start.elapsed());
        assert_eq!(changes.len(), 2);
    }
    let slowest = applies.iter().max().copied().unwrap_or_default();
    took.push((
        "a rated game's end: its update (median of 21)".into(),
        median(applies),
    ));
    for (what, duration) in &took {
        println!("{:>8.2} ms  {what}", duration.as_secs_f64() * 1000.0);
    }
    println!(
        "{:>8.2} ms  the slowest of the 21 updates",
        slowest.as_secs_f64() * 1000.0
    );
    store.close().await;
    if args.iter().any(|a| a == "--keep") {
        println!("kept {}", dir.join("bench.db").display());
    } else {
        let _ = std::fs::remove_dir_all(&dir);
    }
}
