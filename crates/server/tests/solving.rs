//! A bot that plays by the solver's exact tables, under rules whose tables are not at hand (a
//! cold cache): the room is told what is computed and how far along (`solving`) before the bot's
//! first decision, instead of a bare wait.

// `std::env::set_var` is unsafe since Rust 2024: allowed here only, see `fresh_cache`.
#![allow(unsafe_code)]

mod common;

use std::collections::HashMap;
use std::sync::Once;

use common::{Client, server};
use serde_json::{Value, json};

/// The four-player test's rules: a solve of seconds on one thread.
const QUAD_DICE: u8 = 8;
const QUAD_TARGET: u16 = 9;

/// One test at a time: the four-player test measures the threads of this process.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The solver's disk cache of this test binary: a fresh directory, so that the tables are
/// computed here, not read.
fn fresh_cache() {
    static SET: Once = Once::new();
    SET.call_once(|| {
        let dir = std::env::temp_dir().join(format!("martian-solving-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // SAFETY: every test of this binary calls this first, before it starts any thread of
        // its own; nothing reads the environment concurrently.
        unsafe { std::env::set_var(martian_solver::cache::CACHE_DIR_ENV, &dir) };
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_room_hears_the_tables_being_computed_before_the_bot_s_first_decision() {
    fresh_cache();
    let _one_at_a_time = SERIAL.lock().await;
    // Target 40: a duel solve of a second or more, never done before in this process.
    let target = 40;
    let rules = martian_engine::Rules::official()
        .with_target(target)
        .unwrap();
    assert!(!martian_solver::duel_at_hand(rules), "a cold cache");
    {
        let running = server(|config| config.rate_burst = 1e9).await;
        let mut host = Client::create(running.addr(), "Ana").await;
        host.send(
            json!({"type": "set_rules", "rules": {"dice": 13, "target": target,
            "bonus": "one-of-each", "end": "complete-round", "tie": "roll-off"}}),
        )
        .await;
        host.until(|r| r["rules"]["target"] == target).await;
        host.send(json!({"type": "add_bot", "bot": "medium"})).await;
        host.until(|r| r["seats"].as_array().unwrap().len() == 2)
            .await;
        host.send(json!({"type": "start"})).await;
        host.until(|r| r["status"] == "playing").await;
        let number = host.room["game"]["number"].clone();
        // Ana's turn, played simply; then the bot rolls (no table needed) and decides.
        while host.my_turn() {
            let action = host.simple_action();
            host.play_one(&action).await;
        }
        let mut solving: Vec<Value> = Vec::new();
        loop {
            let message = host.recv().await;
            assert_ne!(message["type"], "error", "{message}");
            if message["type"] == "solving" {
                assert_eq!(message["game"], number, "{message}");
                solving.push(message);
                continue;
            }
            let decided = message["type"] == "update"
                && message["events"].as_array().unwrap().iter().any(|e| {
                    e["seat"] == 1 && matches!(e["kind"].as_str(), Some("took" | "turn_over"))
                });
            if decided {
                break;
            }
        }
        assert!(!solving.is_empty(), "told before the bot's first decision");
        // Figures of the duel (the wait may begin before the solver's first report, without
        // them), growing, never past their total.
        let figures: Vec<&Value> = solving
            .iter()
            .filter(|m| m.get("stage").is_some())
            .collect();
        assert!(!figures.is_empty(), "how far along: {solving:?}");
        let mut last = 0;
        for message in figures {
            assert_eq!(message["stage"], "duel", "{message}");
            let (done, total) = (
                message["done"].as_u64().unwrap(),
                message["total"].as_u64().unwrap(),
            );
            assert!(done <= total && total > 0, "{message}");
            assert!(done >= last, "growing: {solving:?}");
            last = done;
        }
        assert!(martian_solver::duel_at_hand(rules), "computed and kept");
        running.abort();
    }
}

/// The CPU time each thread of this process has used so far, in clock ticks, with its name (by
/// thread id: a name such as `martian-solver-0` may be shared by threads of different pools).
fn threads_cpu() -> HashMap<u32, (String, u64)> {
    let mut threads = HashMap::new();
    for task in std::fs::read_dir("/proc/self/task").unwrap() {
        let task = task.unwrap();
        let Ok(tid) = task.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        // A thread that ended meanwhile has no files left.
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let name = stat[open + 1..close].to_string();
        // After the name: state (field 3), …, utime (14), stime (15).
        let fields: Vec<&str> = stat[close + 1..].split_whitespace().collect();
        let ticks = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
        threads.insert(tid, (name, ticks));
    }
    threads
}

/// A game of four with bots that play exactly under rules never solved in this process: the
/// four-player solve runs on the solver pool's one thread (`--solver-threads 1`), the room is told
/// how far along it is (`stage` `quad`), and the bots play once it is ready. (Four players used to
/// be prepared as three — the three-player tables — and then each bot solved the four-player game
/// itself on the async runtime's threads, with rayon's threads on every core, telling no one.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_player_solve_runs_on_the_solver_s_thread_and_the_room_hears_it() {
    fresh_cache();
    let _one_at_a_time = SERIAL.lock().await;
    // A solve of a few seconds on one thread (the official four-player game takes minutes).
    let (dice, target) = (QUAD_DICE, QUAD_TARGET);
    let rules = martian_engine::Rules::official()
        .with_dice(dice)
        .unwrap()
        .with_target(target)
        .unwrap();
    assert_eq!(
        martian_engine::SolvedGame::for_players(4, rules),
        Ok(martian_engine::SolvedGame::Quad)
    );
    assert!(!martian_solver::quad_at_hand(rules), "a cold cache");
    let running = server(|config| {
        config.rate_burst = 1e9;
        config.solver_threads = 1;
    })
    .await;
    let mut host = Client::create(running.addr(), "Ana").await;
    host.send(
        json!({"type": "set_rules", "rules": {"dice": dice, "target": target,
        "bonus": "one-of-each", "end": "complete-round", "tie": "roll-off"}}),
    )
    .await;
    host.until(|r| r["rules"]["target"] == target).await;
    for seats in 2..=4 {
        host.send(json!({"type": "add_bot", "bot": "medium"})).await;
        host.until(|r| r["seats"].as_array().unwrap().len() == seats)
            .await;
    }
    let before = threads_cpu();
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["status"] == "playing").await;
    let number = host.room["game"]["number"].clone();
    // Ana's turn, played simply; then the bots roll (no table needed) and decide.
    let mut solving: Vec<Value> = Vec::new();
    loop {
        if host.my_turn() {
            let action = host.simple_action();
            host.play_one(&action).await;
            continue;
        }
        let message = host.recv().await;
        assert_ne!(message["type"], "error", "{message}");
        if message["type"] == "solving" {
            assert_eq!(message["game"], number, "{message}");
            solving.push(message);
            continue;
        }
        let decided = message["type"] == "update"
            && message["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["seat"] != 0 && e["kind"] == "took");
        if decided {
            break;
        }
    }
    let after = threads_cpu();
    assert!(martian_solver::quad_at_hand(rules), "computed and kept");
    // Told, with the four-player game's figures only (never the three-player tables).
    let stages: Vec<&Value> = solving.iter().filter_map(|m| m.get("stage")).collect();
    assert!(!stages.is_empty(), "how far along: {solving:?}");
    assert!(stages.iter().all(|s| *s == "quad"), "{solving:?}");
    // The solve's CPU: on the pool's threads, not the runtime's (or rayon's global pool's).
    let (mut pool, mut elsewhere) = (0, 0);
    let mut used = Vec::new();
    for (tid, (name, ticks)) in &after {
        let since = ticks - before.get(tid).map_or(0, |(_, t)| *t);
        if since == 0 {
            continue;
        }
        used.push((name.clone(), since));
        if name.starts_with("martian-solver-") {
            pool += since;
        } else {
            elsewhere += since;
        }
    }
    eprintln!("CPU ticks on the solver's threads {pool}, elsewhere {elsewhere}: {used:?}");
    assert!(
        pool > elsewhere,
        "the solve ran elsewhere than the solver's thread: {used:?}"
    );
    running.abort();
}
