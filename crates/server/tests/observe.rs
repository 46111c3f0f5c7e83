//! What a host sees of the server: Prometheus metrics that follow what happens, and readiness.

mod common;

use std::time::Duration;

use common::{Client, http_get_with_headers, play_out, server};
use serde_json::json;

/// The value of the metric line that starts with `name` (labels included).
fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no {name} in:\n{text}"))
        .parse()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_follow_rooms_games_messages_and_refusals() {
    // The host answers at once: a generous rate limit, so that no move is refused as too fast
    // (the refusals counted below are the test's own).
    let running = server(|config| {
        config.bot_delay = Duration::ZERO;
        config.rate_per_second = 1000.0;
        config.rate_burst = 1000.0;
    })
    .await;
    let addr = running.addr();
    let (status, headers, text) = http_get_with_headers(addr, "/metrics").await;
    assert_eq!(status, 200);
    assert!(
        headers
            .iter()
            .any(|(n, v)| n == "content-type" && v.starts_with("application/openmetrics-text"))
    );
    assert_eq!(metric(&text, "martian_dice_games_started_total"), 0.0);
    assert!(text.ends_with("# EOF\n"));

    let mut host = Client::create(addr, "Ana").await;
    let waiting = Client::create(addr, "Bia").await;
    host.send(json!({"type": "add_bot", "bot": "aggressive"}))
        .await;
    host.recv_type("update").await;
    let rules = json!({"dice": 13, "target": 3, "bonus": "one-of-each", "end": "immediate", "tie": "shared"});
    host.send(json!({"type": "set_rules", "rules": rules}))
        .await;
    host.recv_type("update").await;
    host.refused(json!({"type": "act", "action": "roll"}), "wrong_state")
        .await;
    host.send(json!({"type": "start"})).await;
    host.until(|room| room["status"] == "playing").await;
    let mut acts = 0;
    while host.room["status"] != "over" {
        if host.my_turn() {
            let action = host.simple_action();
            host.play_one(&action).await;
            acts += 1;
        } else {
            host.recv().await;
        }
    }
    let (_, _, text) = http_get_with_headers(addr, "/metrics").await;
    // The connections: the two clients (the metrics request itself is one too).
    assert!(metric(&text, "martian_dice_connections") >= 2.0);
    assert_eq!(metric(&text, "martian_dice_rooms{state=\"over\"}"), 1.0);
    assert_eq!(metric(&text, "martian_dice_rooms{state=\"lobby\"}"), 1.0);
    assert_eq!(metric(&text, "martian_dice_games_started_total"), 1.0);
    assert_eq!(metric(&text, "martian_dice_games_finished_total"), 1.0);
    assert_eq!(
        metric(&text, "martian_dice_messages_total{kind=\"act\"}"),
        f64::from(acts + 1)
    );
    assert_eq!(
        metric(&text, "martian_dice_refusals_total{code=\"wrong_state\"}"),
        1.0
    );
    // Every accepted act was timed to its update; every change was timed to its commit.
    assert_eq!(
        metric(&text, "martian_dice_action_latency_seconds_count"),
        f64::from(acts)
    );
    assert!(metric(&text, "martian_dice_storage_write_latency_seconds_count") >= f64::from(acts));
    assert_eq!(metric(&text, "martian_dice_solver_queue"), 0.0);
    waiting.close().await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ready_while_the_storage_takes_writes_and_alive_always() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let (status, _, body) = http_get_with_headers(addr, "/readyz").await;
    assert_eq!((status, body.as_str()), (200, "ready\n"));
    let (status, _, body) = http_get_with_headers(addr, "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok\n"));
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_on_an_address_of_their_own_are_not_on_the_game_s() {
    use martian_server::MetricsAt;
    let running = server(|config| {
        config.metrics = MetricsAt::Separate("127.0.0.1:0".parse().unwrap());
    })
    .await;
    let game = running.addr();
    let metrics = running.metrics_addr().expect("an address of their own");
    assert_ne!(metrics, game);
    let (status, _, text) = http_get_with_headers(metrics, "/metrics").await;
    assert_eq!(status, 200);
    assert!(text.contains("martian_dice_games_started_total"), "{text}");
    assert_eq!(http_get_with_headers(game, "/metrics").await.0, 404);
    // The metrics' address serves nothing else; the game's serves the rest.
    assert_eq!(http_get_with_headers(metrics, "/").await.0, 404);
    assert_eq!(http_get_with_headers(game, "/healthz").await.0, 200);
    running.abort();

    let running = server(|config| config.metrics = MetricsAt::Off).await;
    assert_eq!(running.metrics_addr(), None);
    assert_eq!(
        http_get_with_headers(running.addr(), "/metrics").await.0,
        404
    );
    running.abort();
}

/// A game taken up from the database after a restart and finished there counts as started there
/// too: a process's `games_finished_total` never exceeds its `games_started_total`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_resumed_after_a_restart_counts_as_started_where_it_finishes() {
    let dir = std::env::temp_dir().join(format!("martian-observe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("rooms.db");
    let start = || {
        server(|config| {
            config.db = Some(db.clone());
            config.rate_per_second = 1000.0;
            config.rate_burst = 1000.0;
        })
    };
    let counts = |text: &str| {
        (
            metric(text, "martian_dice_games_started_total"),
            metric(text, "martian_dice_games_finished_total"),
        )
    };

    // A game started and left under way: the round is complete only once the host has moved,
    // so it cannot end before the stop.
    let running = start().await;
    let mut host = Client::create(running.addr(), "Ana").await;
    host.send(json!({"type": "add_bot", "bot": "aggressive"}))
        .await;
    host.recv_type("update").await;
    let rules = json!({"dice": 13, "target": 3, "bonus": "one-of-each", "end": "complete-round", "tie": "shared"});
    host.send(json!({"type": "set_rules", "rules": rules}))
        .await;
    host.recv_type("update").await;
    host.send(json!({"type": "start"})).await;
    host.until(|room| room["status"] == "playing").await;
    let room = host.room_id.clone().unwrap();
    let token = host.token.clone().unwrap();
    let (_, _, text) = http_get_with_headers(running.addr(), "/metrics").await;
    assert_eq!(counts(&text), (1.0, 0.0), "{text}");
    host.close().await;
    running.shutdown(Duration::from_secs(5)).await;

    // Restarted on the same database, the game is finished by the new process.
    let running = start().await;
    let mut host = Client::connect(running.addr()).await;
    host.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    host.recv_type("joined").await;
    host.until(|room| room["status"] == "playing").await;
    play_out(&mut host).await;
    let (_, _, text) = http_get_with_headers(running.addr(), "/metrics").await;
    assert_eq!(counts(&text), (1.0, 1.0), "{text}");
    host.close().await;
    running.shutdown(Duration::from_secs(5)).await;
    let _ = std::fs::remove_dir_all(&dir);
}
