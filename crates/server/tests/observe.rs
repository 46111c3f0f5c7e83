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
    // The classic text format by default (OpenMetrics when asked: below).
    let (status, headers, text) = http_get_with_headers(addr, "/metrics").await;
    assert_eq!(status, 200);
    assert!(
        headers
            .iter()
            .any(|(n, v)| n == "content-type" && v.starts_with("text/plain; version=0.0.4")),
        "{headers:?}"
    );
    assert_eq!(metric(&text, "martian_dice_games_started_total"), 0.0);
    assert!(!text.contains("# EOF"), "{text}");

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
    // The finished game's review is counted once it is stored or skipped, off the game's threads.
    let reviewed = |text: &str| -> f64 {
        ["stored", "not_at_hand", "stopped", "failed"]
            .iter()
            .map(|kind| format!("martian_dice_game_reviews_total{{kind=\"{kind}\"}} "))
            .filter_map(|prefix| {
                text.lines()
                    .find_map(|line| line.strip_prefix(prefix.as_str())?.parse::<f64>().ok())
            })
            .sum()
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let text = loop {
        let (_, _, text) = http_get_with_headers(addr, "/metrics").await;
        if reviewed(&text) > 0.0 || std::time::Instant::now() > deadline {
            break text;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(reviewed(&text), 1.0, "{text}");
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
    every_counter_reads_in_both_formats(addr, f64::from(acts + 1)).await;
    waiting.close().await;
    running.abort();
}

/// GET `path` with an `Accept` header: the content type and the body.
async fn get_accepting(addr: std::net::SocketAddr, path: &str, accept: &str) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: {accept}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let content_type = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-type:")
                .map(|v| v.trim().to_string())
        })
        .unwrap_or_default();
    (content_type, body.to_string())
}

/// The families Prometheus's Python library reads in `text` with its classic (`classic`) or
/// OpenMetrics parser: name → (type, samples), as JSON. Debian's python3-prometheus-client.
fn parsed(parser: &str, text: &str) -> serde_json::Value {
    use std::io::Write;
    const SCRIPT: &str = r#"
import json, sys
from prometheus_client.parser import text_string_to_metric_families as classic
from prometheus_client.openmetrics.parser import text_string_to_metric_families as openmetrics
parse = classic if sys.argv[1] == "classic" else openmetrics
families = {f.name: [f.type, [[s.name, s.labels, s.value] for s in f.samples]] for f in parse(sys.stdin.read())}
print(json.dumps(families))
"#;
    let mut child = std::process::Command::new("/usr/bin/python3")
        .args(["-c", SCRIPT, parser])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("/usr/bin/python3 runs (scripts/test installs python3-prometheus-client)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the {parser} parser refuses the metrics: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Prometheus's own parsers read every counter family with its samples: the classic parser the
/// default text and the text asked for as `text/plain`, the OpenMetrics parser the text asked for
/// as OpenMetrics (by Prometheus's own `Accept` header).
async fn every_counter_reads_in_both_formats(addr: std::net::SocketAddr, messages_act: f64) {
    let asked = [
        ("*/*", "classic", "text/plain; version=0.0.4"),
        (
            "text/plain;version=0.0.4",
            "classic",
            "text/plain; version=0.0.4",
        ),
        (
            "application/openmetrics-text;version=1.0.0;q=0.5,application/openmetrics-text;version=0.0.1;q=0.4,text/plain;version=0.0.4;q=0.3,*/*;q=0.2",
            "openmetrics",
            "application/openmetrics-text; version=1.0.0",
        ),
    ];
    let mut counters_seen = Vec::new();
    for (accept, parser, content_type) in asked {
        let (got_type, text) = get_accepting(addr, "/metrics", accept).await;
        assert!(got_type.starts_with(content_type), "{accept}: {got_type}");
        let families = parsed(parser, &text);
        let counters: Vec<(String, Vec<serde_json::Value>)> = families
            .as_object()
            .unwrap()
            .iter()
            .filter(|(_, f)| f[0] == "counter")
            .map(|(name, f)| (name.clone(), f[1].as_array().unwrap().clone()))
            .collect();
        for (name, samples) in &counters {
            assert!(
                !samples.is_empty(),
                "{parser}: {name} has no sample in:\n{text}"
            );
        }
        // No sample is read outside its family (as an untyped family of its own).
        for (name, family) in families.as_object().unwrap() {
            assert_ne!(family[0], "unknown", "{parser}: {name} untyped in:\n{text}");
        }
        let act = counters
            .iter()
            .find(|(name, _)| name == "martian_dice_messages")
            .and_then(|(_, samples)| samples.iter().find(|s| s[1]["kind"] == "act"))
            .unwrap_or_else(|| panic!("{parser}: no act messages in:\n{text}"));
        assert_eq!(act[2].as_f64(), Some(messages_act), "{parser}: {act}");
        let mut names: Vec<String> = counters.into_iter().map(|(name, _)| name).collect();
        names.sort();
        counters_seen.push(names);
    }
    // The same eleven counters, whichever the format.
    assert_eq!(counters_seen[0].len(), 11, "{:?}", counters_seen[0]);
    assert!(
        counters_seen.iter().all(|names| *names == counters_seen[0]),
        "{counters_seen:?}"
    );
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
