//! `martian-dice serve` as a process: killed mid-game and restarted on the same database, it
//! resumes the game exactly where it was, and the finished game's record is complete.

use std::process::Command;

use martian_engine::GameRecord;
use martian_testkit::ws::{Client, http_get};
use serde_json::{Value, json};

use crate::util::serve::ServeProcess;
use crate::util::{BIN, scratch};

/// The game as everyone sees it, less the timer's countdown.
fn game_state(room: &Value) -> Value {
    let mut game = room["game"].clone();
    game.as_object_mut().unwrap().remove("deadline_ms");
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_the_game_where_it_was_and_the_record_is_complete() {
    let dir = scratch("killed");
    let db = dir.join("server.db");

    let first = ServeProcess::start(&db, &[], &[]);
    let addr = first.addr;
    let mut host = Client::connect(addr).await;
    host.send(json!({"type": "create_room", "name": "Ana"}))
        .await;
    let joined = host.recv_type("joined").await;
    let room = joined["room"].as_str().unwrap().to_string();
    let token = joined["token"].as_str().unwrap().to_string();
    host.send(json!({"type": "add_bot", "bot": "defensive"}))
        .await;
    host.until(|r| r["seats"].as_array().is_some_and(|s| s.len() == 2))
        .await;
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["status"] == "playing").await;
    // Play into the third turn, and stop in the middle of one of Ana's turns.
    loop {
        host.until(|r| r["game"]["to_move"] == 0).await;
        host.play_one(&host.simple_action()).await;
        let turns = host.room["game"]["history"].as_array().unwrap().len();
        if turns >= 2 && host.my_turn() && host.room["game"]["awaiting"] == "decision" {
            break;
        }
        assert_eq!(host.room["status"], "playing", "the game ended too soon");
    }
    let before = game_state(&host.room);
    first.kill();

    let second = ServeProcess::start(&db, &[], &[]);
    let addr = second.addr;
    let mut back = Client::connect(addr).await;
    back.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    assert_eq!(back.recv_type("joined").await["seat"], 0);
    back.recv_type("update").await;
    assert_eq!(game_state(&back.room), before, "the game resumes exactly");

    while back.room["status"] != "over" {
        if back.my_turn() {
            back.play_one(&back.simple_action()).await;
        } else {
            let message = back.recv().await;
            assert_ne!(message["type"], "error", "{message}");
        }
    }
    let url_path = format!("/api/rooms/{room}/games/1/record");
    let (status, body) = http_get(addr, &url_path).await;
    assert_eq!(status, 200, "{body}");
    let record = GameRecord::from_json(&body).unwrap();
    let game = record.replay().expect("the record replays");
    let history = back.room["game"]["history"].as_array().unwrap();
    assert_eq!(record.turns.len(), history.len());
    for (turn, seen) in record.turns.iter().zip(history) {
        assert_eq!(turn.transcript, seen["transcript"].as_str().unwrap());
    }
    for (turn, seen) in record
        .turns
        .iter()
        .zip(before["history"].as_array().unwrap())
    {
        assert_eq!(
            turn.transcript,
            seen["transcript"].as_str().unwrap(),
            "turns before the kill are kept"
        );
    }
    let winners: Vec<usize> = back.room["game"]["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(game.outcome().unwrap().winners, winners);
    second.kill();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_options_are_usage_errors_and_a_busy_address_is_named() {
    let run = |args: &[&str]| Command::new(BIN).arg("serve").args(args).output().unwrap();
    for (args, needle) in [
        (&["--rate-limit", "0"][..], "--rate-limit"),
        (&["--idle-hours", "0"][..], "--idle-hours"),
        (&["--max-rooms", "0"][..], "--max-rooms"),
        (&["--grace", "0"][..], "--grace"),
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(needle), "{stderr}");
    }
    // Given by a service's settings file instead: the variable is named, the exit is 2 (which
    // the unit's RestartPreventExitStatus= keeps from restarting in a loop).
    let scratch_db = scratch("bad-env").join("server.db");
    for (variable, value, command) in [
        ("MARTIAN_DICE_LANG", "fr", "serve"),
        ("MARTIAN_DICE_LANG", "fr", "backup"),
        ("MARTIAN_DICE_MAX_ROOMS", "lots", "serve"),
        ("MARTIAN_DICE_RATE_LIMIT", "0", "serve"),
        ("MARTIAN_DICE_PUBLIC_URL", "dice.example.org", "serve"),
    ] {
        let output = Command::new(BIN)
            .arg(command)
            .args(["--db", scratch_db.to_str().unwrap()])
            .args((command == "backup").then_some("copy.db"))
            .env_remove("MARTIAN_DICE_DB")
            .env(variable, value)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{variable}={value}: {stderr}"
        );
        assert!(stderr.contains(variable), "{variable}={value}: {stderr}");
        assert!(!scratch_db.exists(), "nothing started");
    }
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap().to_string();
    let db = scratch("busy").join("server.db");
    let output = run(&["--addr", &addr, "--db", db.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(&addr), "{stderr}");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}

/// Why the server did not start, in the log's own format: with `--log-format json` a collector
/// reads one JSON line (a usage error still exits 2); a PostgreSQL that cannot be used is named
/// (host and port) with the reason — the system's words, or that TLS is not supported.
#[test]
fn start_up_errors_follow_the_log_format_and_name_the_database_server() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let unreachable = format!("postgres://martian@127.0.0.1:{closed}/dice");
    let encrypted = format!("postgres://martian:secret@127.0.0.1:{closed}/dice?sslmode=require");
    for (db, extra, code, needles) in [
        (
            unreachable.as_str(),
            None,
            1,
            vec![format!("127.0.0.1:{closed}"), "os error".into()],
        ),
        (
            encrypted.as_str(),
            None,
            1,
            vec![format!("127.0.0.1:{closed}"), "TLS is not supported".into()],
        ),
        (
            unreachable.as_str(),
            Some("--max-rooms=0"),
            2,
            vec!["--max-rooms".into()],
        ),
    ] {
        for json in [false, true] {
            let mut command = Command::new(BIN);
            command.args(["serve", "--addr", "127.0.0.1:0", "--db", db]);
            command.args(extra);
            if json {
                command.args(["--log-format", "json"]);
            }
            let output = command.env_remove("RUST_LOG").output().unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(code), "{db} {json}: {stderr}");
            assert_eq!(String::from_utf8_lossy(&output.stdout), "", "{stderr}");
            assert!(!stderr.contains("secret"), "{stderr}");
            let said = if json {
                let lines: Vec<Value> = stderr
                    .lines()
                    .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
                    .collect();
                let last = lines.last().unwrap_or_else(|| panic!("no line: {stderr}"));
                assert_eq!(last["level"], "ERROR", "{stderr}");
                last["message"].as_str().unwrap().to_string()
            } else {
                stderr.to_string()
            };
            for needle in &needles {
                assert!(
                    said.contains(needle.as_str()),
                    "{db} {json}: {needle} not in {said}"
                );
            }
        }
    }
}
