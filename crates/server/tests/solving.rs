//! A bot that plays by the solver's exact tables, under rules whose tables are not at hand (a
//! cold cache): the room is told what is computed and how far along (`solving`) before the bot's
//! first decision, instead of a bare wait.

// `std::env::set_var` is unsafe since Rust 2024: allowed here only, see `fresh_cache`.
#![allow(unsafe_code)]

mod common;

use std::sync::Once;

use common::{Client, server};
use serde_json::{Value, json};

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
