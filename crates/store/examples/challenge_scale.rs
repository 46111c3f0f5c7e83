//! Issue 39's scale: a day of the challenge with 100,000 ranked attempts, and how long the
//! questions a player's result asks take — the board's first page, the player's rank, and what
//! the others did at each of the player's positions (the shares and the best-ranked choice).
//!
//! ```text
//! cargo run --release -p martian-store --example challenge_scale                 # SQLite
//! cargo run --release -p martian-store --example challenge_scale -- --attempts 20000 \
//!     --postgres postgres://user@127.0.0.1:5432/db                             # PostgreSQL
//! ```
//!
//! The attempts are stored through the store's own API, one finished attempt per transaction as
//! the server does. Their decisions imitate a day: every attempt meets the same first positions
//! (the same first roll for everyone), later ones spread out.

use std::time::{Duration, Instant};

use martian_store::challenges::{AttemptDecision, AttemptPlayer, FinishedAttempt};
use martian_store::{PostgresOptions, Store, StoreMetrics};

/// Decisions with a choice per attempt (a typical game has 10 to 25).
const DECISIONS: usize = 16;
const DATE: &str = "2026-12-07";

/// A small fast generator (SplitMix64): the same day every run.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn attempt(index: u64, mix: &mut Mix) -> FinishedAttempt {
    let choices = ["roll", "stop", "R", "H", "C", "K"];
    let decisions = (0..DECISIONS)
        .map(|step| {
            // Position `step` has 1 + 40·step² variants: everyone shares the first ones.
            let variants = 1 + 40 * (step as u64).pow(2);
            AttemptDecision {
                position: format!("p{step} v{}", mix.next() % variants),
                choice: choices[(mix.next() % 3) as usize].to_string(),
                best: "roll".into(),
                loss: (mix.next() % 1000) as f64 / 1000.0,
            }
        })
        .collect();
    FinishedAttempt {
        date: DATE.into(),
        player: AttemptPlayer {
            key: format!("guest:{index:016x}"),
            account: None,
            name: format!("Player {index}"),
        },
        claimed: None,
        loss: (mix.next() % 20_000) as f64 / 1000.0,
        accuracy: Some(90.0),
        won: mix.next().is_multiple_of(2),
        scores: vec![25, 20],
        finished_ms: 1_765_000_000_000 + index as i64,
        decisions,
    }
}

fn timed<T>(what: &str, took: &mut Vec<(String, Duration)>, start: Instant, value: T) -> T {
    took.push((what.to_string(), start.elapsed()));
    value
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let attempts: u64 = value("--attempts").map_or(100_000, |n| n.parse().expect("a number"));
    let dir = std::env::temp_dir().join(format!("martian-challenge-scale-{}", std::process::id()));
    let store = match value("--postgres") {
        Some(url) => {
            let options = PostgresOptions {
                url,
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
            std::fs::create_dir_all(&dir).unwrap();
            Store::open_sqlite(Some(&dir.join("bench.db")), StoreMetrics::default())
                .expect("SQLite opens")
                .0
        }
    };
    let challenges = store.challenges();
    let filling = Instant::now();
    let mut mix = Mix(39);
    let mut ids = Vec::new();
    for index in 0..attempts {
        let mut ranked = attempt(index, &mut mix);
        ranked.claimed = challenges
            .claim(DATE.into(), ranked.player.clone(), ranked.finished_ms)
            .await
            .unwrap();
        ids.push(challenges.finish(ranked).await.unwrap());
    }
    println!(
        "stored {attempts} ranked attempts ({} decisions) in {:.1} s",
        attempts as usize * DECISIONS,
        filling.elapsed().as_secs_f64()
    );

    // One more player's result: the questions the server asks when its game ends.
    let mut took = Vec::new();
    let mine = attempt(attempts, &mut Mix(7));
    let positions: Vec<String> = mine.decisions.iter().map(|d| d.position.clone()).collect();
    let start = Instant::now();
    let board = challenges.board(DATE.into(), 0, 100).await.unwrap();
    timed("board, first 100 rows", &mut took, start, ());
    assert_eq!(board.total, attempts);
    let start = Instant::now();
    let (ahead, total) = challenges
        .ahead(DATE.into(), mine.loss, mine.finished_ms, i64::MAX)
        .await
        .unwrap();
    timed("rank (attempts ahead, total)", &mut took, start, ());
    let start = Instant::now();
    let counts = challenges
        .choices(DATE.into(), positions.clone())
        .await
        .unwrap();
    timed("what the others did: shares", &mut took, start, ());
    let start = Instant::now();
    let best = challenges
        .best_choices(DATE.into(), positions)
        .await
        .unwrap();
    timed(
        "what the others did: best-ranked choice",
        &mut took,
        start,
        (),
    );
    let start = Instant::now();
    let middle = ids[ids.len() / 2];
    challenges.attempt(middle).await.unwrap().unwrap();
    timed("an attempt with its decisions", &mut took, start, ());
    println!(
        "rank {} of {total}; {} choice counts and {} best choices at {DECISIONS} positions",
        ahead + 1,
        counts.len(),
        best.len()
    );
    let mut sum = Duration::ZERO;
    for (what, duration) in &took {
        sum += *duration;
        println!("{:>8.2} ms  {what}", duration.as_secs_f64() * 1000.0);
    }
    println!(
        "{:>8.2} ms  all of a result's questions",
        sum.as_secs_f64() * 1000.0
    );
    store.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
