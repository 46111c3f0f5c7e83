//! `martian-dice serve` as a process, as a host runs it: killed with SIGKILL at random moments
//! while many rooms play short games, restarted on the same file again and again, it never
//! leaves a room stuck or gone, never loses an acknowledged move, and keeps every finished
//! game's record; rooms it cannot bring back are reported and the others come back; a full disk
//! refuses changes cleanly and the server recovers by itself; SIGTERM restarts gracefully and
//! SIGHUP is ignored; a backup taken while it serves brings every room back; nginx in front of
//! it, as deploy/ says.

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt;
use martian_engine::GameRecord;
use serde_json::{Value, json};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, connect_async};

use martian_testkit::nginx::Nginx;
use martian_testkit::ws::http_get;

use crate::util::play::{Ws, action, position, send};
use crate::util::scratch;
use crate::util::serve::ServeProcess;

/// The next JSON message, or `None` when the connection ends (the server was killed).
async fn next_json(ws: &mut Ws) -> Option<Value> {
    loop {
        match tokio::time::timeout(Duration::from_secs(20), ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                return Some(serde_json::from_str(&text).expect("JSON"));
            }
            Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) => return None,
            Ok(Some(Ok(_))) => continue,
            Err(_) => panic!("the server went silent for 20 s"),
        }
    }
}

/// What a room must never be after a restart: playing a game that is over, over without a
/// result, or missing a finished game it listed before.
fn stuck(room: &Value) -> Option<String> {
    let game = &room["game"];
    match room["status"].as_str() {
        Some("playing") if game["awaiting"] == "nothing" || !game["winners"].is_null() => {
            Some("playing a game that is over".into())
        }
        Some("over") if game["winners"].is_null() => Some("over without winners".into()),
        _ => None,
    }
}

/// One person in one room against a bot, playing short games and rematches as fast as the
/// server answers, reconnecting after every crash; returns what went wrong.
async fn player(
    index: usize,
    mut addr: watch::Receiver<Option<SocketAddr>>,
    problems: Arc<Mutex<Vec<String>>>,
    finished: Arc<Mutex<Vec<(String, u64)>>>,
) {
    let fail = |what: String| {
        problems
            .lock()
            .unwrap()
            .push(format!("room {index}: {what}"))
    };
    let mut room_id: Option<String> = None;
    let mut token = String::new();
    // The furthest position this player was told of, and the history it saw in that game.
    let mut seen: (u64, u64) = (0, 0);
    let mut seen_history: Vec<Value> = Vec::new();
    let mut seen_finished = 0;
    loop {
        // Between a kill and the restart there is no address: wait for the next one.
        let Ok(current) = addr.wait_for(Option::is_some).await.map(|a| a.unwrap()) else {
            return;
        };
        let Ok((mut ws, _)) = connect_async(format!("ws://{current}/ws")).await else {
            if addr.changed().await.is_err() {
                return;
            }
            continue;
        };
        if next_json(&mut ws).await.is_none() {
            continue;
        }
        let entered = match &room_id {
            None => {
                send(
                    &mut ws,
                    json!({"type": "create_room", "name": format!("P{index}")}),
                )
                .await
                    && send(&mut ws, json!({"type": "add_bot", "bot": "aggressive"})).await
            }
            Some(room) => {
                send(
                    &mut ws,
                    json!({"type": "resume", "room": room, "token": token}),
                )
                .await
            }
        };
        if !entered {
            continue;
        }
        let mut first_update = true;
        while let Some(message) = next_json(&mut ws).await {
            match message["type"].as_str() {
                Some("joined") if room_id.is_none() => {
                    room_id = message["room"].as_str().map(String::from);
                    token = message["token"].as_str().unwrap().to_string();
                }
                Some("error") => {
                    let code = message["code"].as_str().unwrap_or("");
                    if matches!(code, "no_such_room" | "bad_token") {
                        fail(format!("vanished after a restart: {message}"));
                        return;
                    }
                    // A request raced the bot or a restart; the next update says what to do.
                }
                Some("update") => {
                    let room = &message["room"];
                    if first_update && room_id.is_some() && seen != (0, 0) {
                        // Just back after a restart: nothing acknowledged may be missing.
                        if position(room) < seen {
                            fail(format!(
                                "acknowledged moves lost: saw {seen:?}, restored {:?}",
                                position(room)
                            ));
                        } else if position(room).0 == seen.0 {
                            let history = room["game"]["history"].as_array().unwrap();
                            if !history.starts_with(&seen_history) {
                                fail("a turn seen before the crash changed".into());
                            }
                        }
                        if let Some(why) = stuck(room) {
                            fail(format!("stuck after a restart: {why}"));
                        }
                        if room["finished"].as_array().unwrap().len() < seen_finished {
                            fail("a finished game was forgotten".into());
                        }
                    }
                    first_update = false;
                    if position(room) >= seen {
                        seen = position(room);
                        seen_history = room["game"]["history"]
                            .as_array()
                            .cloned()
                            .unwrap_or_default();
                    }
                    let listed = room["finished"].as_array().unwrap();
                    seen_finished = seen_finished.max(listed.len());
                    {
                        let mut done = finished.lock().unwrap();
                        for game in listed {
                            let entry =
                                (room_id.clone().unwrap(), game["number"].as_u64().unwrap());
                            if !done.contains(&entry) {
                                done.push(entry);
                            }
                        }
                    }
                    let seats = room["seats"].as_array().map_or(0, Vec::len);
                    let request = match room["status"].as_str() {
                        Some("lobby") if seats == 2 => Some(json!({"type": "start"})),
                        Some("over") => Some(json!({"type": "start"})),
                        Some("playing") if room["game"]["to_move"] == 0 => {
                            Some(json!({"type": "act", "action": action(room)}))
                        }
                        _ => None,
                    };
                    if let Some(request) = request
                        && !send(&mut ws, request).await
                    {
                        break;
                    }
                }
                _ => {}
            }
        }
    }
}

/// A tiny seeded generator for the kill times, so a failing run can be repeated.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_again_and_again_no_room_is_stuck_or_gone_and_no_move_is_lost() {
    const ROOMS: usize = 24;
    const KILLS: usize = 25;
    let dir = scratch("torture");
    let db = dir.join("server.db");
    let rules = ["--max-rooms", "100"];
    let mut server = ServeProcess::start(&db, &rules, &[]);
    let (addr_tx, addr_rx) = watch::channel(Some(server.addr));
    let problems = Arc::new(Mutex::new(Vec::new()));
    let finished = Arc::new(Mutex::new(Vec::new()));
    let players: Vec<_> = (0..ROOMS)
        .map(|i| {
            tokio::spawn(player(
                i,
                addr_rx.clone(),
                problems.clone(),
                finished.clone(),
            ))
        })
        .collect();
    let mut seed = 0x5EED_0FC4_A5A5_u64;
    for kill in 0..KILLS {
        let alive = 150 + next_random(&mut seed) % 900;
        tokio::time::sleep(Duration::from_millis(alive)).await;
        tokio::task::block_in_place(|| server.kill());
        // No client may reach the dead server's port while the new one starts.
        addr_tx.send_replace(None);
        tokio::task::yield_now().await;
        let restarted = tokio::task::block_in_place(|| ServeProcess::start(&db, &rules, &[]));
        let report = restarted.stderr_with("rooms restored");
        assert!(
            !report.contains("not restored"),
            "kill {kill}: a room was not restored: {report}"
        );
        server = restarted;
        addr_tx.send_replace(Some(server.addr));
    }
    // A last stretch of play on the last server; then its records are checked.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let addr = server.addr;
    let games = finished.lock().unwrap().clone();
    assert!(
        games.len() >= ROOMS,
        "only {} games finished: the test played too little",
        games.len()
    );
    for (room, number) in &games {
        let (status, body) =
            http_get(addr, &format!("/api/rooms/{room}/games/{number}/record")).await;
        assert_eq!(
            status, 200,
            "the record of game {number} of room {room}: {body}"
        );
        let record = GameRecord::from_json(&body).expect("a record");
        record.replay().expect("the record replays");
    }
    for player in &players {
        player.abort();
    }
    tokio::task::block_in_place(|| server.kill());
    let problems = problems.lock().unwrap();
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Creates a room with a bot and starts its game; returns its id, the host's token, the
/// connection and the room as it last saw it.
async fn room_with_a_game(addr: SocketAddr, name: &str) -> (String, String, Ws, Value) {
    let (mut ws, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
    next_json(&mut ws).await.unwrap();
    send(&mut ws, json!({"type": "create_room", "name": name})).await;
    let joined = loop {
        let message = next_json(&mut ws).await.unwrap();
        if message["type"] == "joined" {
            break message;
        }
    };
    send(&mut ws, json!({"type": "add_bot", "bot": "aggressive"})).await;
    send(&mut ws, json!({"type": "start"})).await;
    let room = loop {
        let message = next_json(&mut ws).await.unwrap();
        if message["type"] == "update" && message["room"]["status"] == "playing" {
            break message["room"].clone();
        }
    };
    (
        joined["room"].as_str().unwrap().to_string(),
        joined["token"].as_str().unwrap().to_string(),
        ws,
        room,
    )
}

/// Resumes `room` with `token`; returns the first answer (`joined` or an error).
async fn resume(addr: SocketAddr, room: &str, token: &str) -> Value {
    let (mut ws, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
    next_json(&mut ws).await.unwrap();
    send(
        &mut ws,
        json!({"type": "resume", "room": room, "token": token}),
    )
    .await;
    next_json(&mut ws).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_room_is_reported_and_skipped_and_the_others_come_back() {
    let dir = scratch("damaged");
    let db = dir.join("server.db");
    let server = ServeProcess::start(&db, &[], &[]);
    let mut rooms = Vec::new();
    for name in ["Ana", "Bia", "Caio"] {
        let (room, token, _, _) = room_with_a_game(server.addr, name).await;
        rooms.push((room, token));
    }
    tokio::task::block_in_place(|| server.kill());
    // The second room's state is damaged on disk.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "UPDATE rooms SET state = '{\"seats\": 7' WHERE id = ?1",
        [&rooms[1].0],
    )
    .unwrap();
    drop(conn);
    let server = tokio::task::block_in_place(|| ServeProcess::start(&db, &[], &[]));
    let report = server.stderr_with("rooms restored");
    assert!(
        report.contains(&format!("room {} not restored", rooms[1].0)),
        "{report}"
    );
    assert!(
        report.contains("2 rooms restored, 1 not restored"),
        "{report}"
    );
    for (i, (room, token)) in rooms.iter().enumerate() {
        let answer = resume(server.addr, room, token).await;
        if i == 1 {
            assert_eq!(answer["code"], "no_such_room", "{answer}");
        } else {
            assert_eq!(answer["type"], "joined", "{answer}");
        }
    }
    tokio::task::block_in_place(|| server.kill());
    // Skipped, not dropped: the damaged room is still in the database.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let kept: i64 = conn
        .query_row(
            "SELECT count(*) FROM rooms WHERE id = ?1 AND closed = 0",
            [&rooms[1].0],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(kept, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_holds_no_more_rooms_than_max_rooms_and_keeps_the_rest() {
    let dir = scratch("max-rooms");
    let db = dir.join("server.db");
    let server = ServeProcess::start(&db, &[], &[]);
    let mut rooms = Vec::new();
    for name in ["Ana", "Bia", "Caio", "Duda"] {
        let (room, token, _, _) = room_with_a_game(server.addr, name).await;
        rooms.push((room, token));
        // Distinct change times, so "the most recent" is well defined.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::task::block_in_place(|| server.kill());
    let server =
        tokio::task::block_in_place(|| ServeProcess::start(&db, &["--max-rooms", "2"], &[]));
    let report = server.stderr_with("rooms restored");
    assert!(
        report.contains("2 rooms restored, 2 not restored"),
        "{report}"
    );
    assert!(report.contains("beyond --max-rooms 2"), "{report}");
    // The two most recently changed rooms are the ones held; their people stay.
    let mut present = Vec::new();
    for (i, (room, token)) in rooms.iter().enumerate() {
        let (mut ws, _) = connect_async(format!("ws://{}/ws", server.addr))
            .await
            .unwrap();
        next_json(&mut ws).await.unwrap();
        send(
            &mut ws,
            json!({"type": "resume", "room": room, "token": token}),
        )
        .await;
        let answer = next_json(&mut ws).await.unwrap();
        let expected = if i >= 2 { "joined" } else { "error" };
        assert_eq!(answer["type"], expected, "room {i}: {answer}");
        present.push(ws);
    }
    // The server is full of rooms with people in them: no new room.
    let (mut ws, _) = connect_async(format!("ws://{}/ws", server.addr))
        .await
        .unwrap();
    next_json(&mut ws).await.unwrap();
    send(&mut ws, json!({"type": "create_room", "name": "Eva"})).await;
    assert_eq!(next_json(&mut ws).await.unwrap()["code"], "too_many_rooms");
    // Once everyone has left one, its game is still theirs: a stranger's new room never takes
    // its place, however often it asks (before issue 41 it did, within a few tries).
    drop(present.remove(2));
    for _ in 0..100 {
        send(&mut ws, json!({"type": "create_room", "name": "Eva"})).await;
        let answer = next_json(&mut ws).await.unwrap();
        assert_eq!(answer["code"], "too_many_rooms", "{answer}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::task::block_in_place(|| server.kill());
    // With room for them, all four come back, the game everyone left among them.
    let server = tokio::task::block_in_place(|| ServeProcess::start(&db, &[], &[]));
    let report = server.stderr_with("rooms restored");
    assert!(report.contains("4 rooms restored"), "{report}");
    for (i, (room, token)) in rooms.iter().enumerate() {
        let answer = resume(server.addr, room, token).await;
        assert_eq!(answer["type"], "joined", "room {i}: {answer}");
    }
    tokio::task::block_in_place(|| server.kill());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A small tmpfs of the test's own, unmounted when dropped: a disk that really fills up.
struct SmallDisk {
    path: PathBuf,
}

impl SmallDisk {
    fn mount(path: PathBuf, size: &str) -> SmallDisk {
        std::fs::create_dir_all(&path).unwrap();
        let status = Command::new("mount")
            .args([
                "-t",
                "tmpfs",
                "-o",
                &format!("size={size},mode=0700"),
                "tmpfs",
            ])
            .arg(&path)
            .status()
            .expect("this test runs mount(8) to make a small disk");
        assert!(
            status.success(),
            "mounting a {size} tmpfs at {} failed: this test needs to run as root",
            path.display()
        );
        SmallDisk { path }
    }

    /// Fills what is left of the disk; returns the filler's path.
    fn fill(&self) -> PathBuf {
        use std::io::Write;
        let filler = self.path.join("filler");
        let mut file = std::fs::File::create(&filler).unwrap();
        let block = vec![0u8; 4096];
        while file.write_all(&block).is_ok() {}
        let _ = file.sync_all();
        filler
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.path).status();
    }
}

/// The next update or error, skipping the rest.
async fn next_update_or_error(ws: &mut Ws) -> Value {
    loop {
        let message = next_json(ws).await.expect("the connection stays open");
        if matches!(message["type"].as_str(), Some("update" | "error")) {
            return message;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_refuses_changes_cleanly_and_the_server_recovers_by_itself() {
    let dir = scratch("full-disk");
    let disk = SmallDisk::mount(dir.join("disk"), "2m");
    let db = disk.path.join("server.db");
    let server = ServeProcess::start(&db, &[], &[]);
    let (room, token, mut ws, mut state) = room_with_a_game(server.addr, "Ana").await;
    let filler = disk.fill();
    // Play until a change cannot be stored (the log may still have room for a few).
    let (refused, request) = 'play: {
        for _ in 0..2000 {
            let request = match state["status"].as_str() {
                Some("playing") if state["game"]["to_move"] == 0 => {
                    json!({"type": "act", "action": action(&state)})
                }
                Some("over") => json!({"type": "start"}),
                _ => {
                    let message = next_update_or_error(&mut ws).await;
                    if message["type"] == "update" {
                        state = message["room"].clone();
                    }
                    continue;
                }
            };
            send(&mut ws, request.clone()).await;
            let message = next_update_or_error(&mut ws).await;
            if message["type"] == "error" {
                break 'play (message, request);
            }
            state = message["room"].clone();
        }
        panic!("every change was stored on a full disk");
    };
    assert_eq!(refused["code"], "storage", "{refused}");
    let text = refused["message"].as_str().unwrap();
    assert!(
        text.contains("disk is full") && text.contains("nothing changed"),
        "{text}"
    );
    assert!(!text.to_lowercase().contains("sqlite"), "{text}");
    // Nothing changed, and the server still serves, alive but not ready.
    send(&mut ws, json!({"type": "ping"})).await;
    assert_eq!(next_json(&mut ws).await.unwrap()["type"], "pong");
    assert_eq!(http_get(server.addr, "/healthz").await.0, 200);
    let (status, body) = http_get(server.addr, "/readyz").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("disk is full"), "{body}");
    // Space comes back: the same request goes through, without a restart.
    std::fs::remove_file(&filler).unwrap();
    let mut stored = None;
    for _ in 0..50 {
        send(&mut ws, request.clone()).await;
        let message = next_update_or_error(&mut ws).await;
        if message["type"] == "update" {
            stored = Some(message["room"].clone());
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let stored = stored.expect("the server stores changes again once space is back");
    assert_eq!(http_get(server.addr, "/readyz").await.0, 200);
    assert!(position(&stored) > position(&state));
    tokio::task::block_in_place(|| server.kill());
    // What was acknowledged after the recovery survives a crash.
    let server = tokio::task::block_in_place(|| ServeProcess::start(&db, &[], &[]));
    let (mut back, _) = connect_async(format!("ws://{}/ws", server.addr))
        .await
        .unwrap();
    next_json(&mut back).await.unwrap();
    send(
        &mut back,
        json!({"type": "resume", "room": room, "token": token}),
    )
    .await;
    let restored = loop {
        let message = next_update_or_error(&mut back).await;
        if message["type"] == "update" {
            break message["room"].clone();
        }
    };
    assert!(position(&restored) >= position(&stored));
    tokio::task::block_in_place(|| server.kill());
    drop(disk);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Creates a room of the host and `bots` under `rules`, asks to start, and returns the answer:
/// the update of the started game, or the refusal.
async fn start_with(addr: SocketAddr, bots: &[&str], rules: Value) -> Value {
    let (mut ws, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
    next_json(&mut ws).await.unwrap();
    send(&mut ws, json!({"type": "create_room", "name": "Ana"})).await;
    for bot in bots {
        send(&mut ws, json!({"type": "add_bot", "bot": bot})).await;
    }
    send(&mut ws, json!({"type": "set_rules", "rules": rules})).await;
    send(&mut ws, json!({"type": "start"})).await;
    loop {
        let message = next_update_or_error(&mut ws).await;
        if message["type"] == "error" || message["room"]["status"] == "playing" {
            return message;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unusual_rules_wait_in_a_bounded_queue_and_beyond_it_are_refused_at_once() {
    let dir = scratch("busy");
    // A cache of its own: no three-player solution is at hand, so each must be solved.
    let cache = dir.join("cache");
    let server = ServeProcess::start(
        dir.join("server.db"),
        &["--solver-threads", "1", "--solver-queue", "1"],
        &[("MARTIAN_DICE_CACHE_DIR", &cache)],
    );
    let rules = |target: u16| json!({"dice": 13, "target": target, "bonus": "one-of-each", "end": "complete-round", "tie": "roll-off"});
    let optimal = ["optimal", "optimal"];
    // The first is being solved, the second waits in the queue, the third finds it full.
    let first = start_with(server.addr, &optimal, rules(60)).await;
    assert_eq!(first["room"]["status"], "playing", "{first}");
    let second = start_with(server.addr, &optimal, rules(59)).await;
    assert_eq!(second["room"]["status"], "playing", "{second}");
    let third = start_with(server.addr, &optimal, rules(58)).await;
    assert_eq!(third["code"], "busy", "{third}");
    assert_eq!(third["request"], "start");
    // Bots that read no solution start at once under any rules, queue or not.
    let plain = start_with(server.addr, &["aggressive", "greedy"], rules(57)).await;
    assert_eq!(plain["room"]["status"], "playing", "{plain}");
    tokio::task::block_in_place(|| server.kill());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A person against a bot with a turn timer, played into the middle of the person's turn;
/// returns the room, token, connection and the room as last seen.
async fn mid_turn(addr: SocketAddr, timer_seconds: u32) -> (String, String, Ws, Value) {
    let (mut ws, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
    next_json(&mut ws).await.unwrap();
    send(&mut ws, json!({"type": "create_room", "name": "Ana"})).await;
    let joined = loop {
        let message = next_json(&mut ws).await.unwrap();
        if message["type"] == "joined" {
            break message;
        }
    };
    send(&mut ws, json!({"type": "add_bot", "bot": "defensive"})).await;
    let timer = json!({"seconds": timer_seconds, "on_timeout": "bot"});
    send(&mut ws, json!({"type": "set_timer", "timer": timer})).await;
    send(&mut ws, json!({"type": "start"})).await;
    let room = loop {
        let message = next_update_or_error(&mut ws).await;
        assert_eq!(message["type"], "update", "{message}");
        let room = message["room"].clone();
        let mine = room["status"] == "playing" && room["game"]["to_move"] == 0;
        let turns = room["game"]["history"].as_array().map_or(0, Vec::len);
        if mine && turns >= 2 && room["game"]["awaiting"] == "decision" {
            break room;
        }
        if mine {
            send(&mut ws, json!({"type": "act", "action": action(&room)})).await;
        }
        assert_ne!(room["status"], "over", "the game ended too soon");
    };
    (
        joined["room"].as_str().unwrap().to_string(),
        joined["token"].as_str().unwrap().to_string(),
        ws,
        room,
    )
}

/// The game as everyone sees it, less the timer's countdown.
fn game_state(room: &Value) -> Value {
    let mut game = room["game"].clone();
    game.as_object_mut().unwrap().remove("deadline_ms");
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_tells_every_client_stores_everything_and_the_game_carries_on() {
    let dir = scratch("sigterm");
    let db = dir.join("server.db");
    let server = ServeProcess::start(&db, &[], &[]);
    let (room, token, mut ws, before) = mid_turn(server.addr, 30).await;
    let (_, _, mut other, _) = room_with_a_game(server.addr, "Bia").await;
    let (status, took, _) = tokio::task::block_in_place(|| server.terminate());
    assert!(status.success(), "a graceful stop exits 0: {status}");
    assert!(took < Duration::from_secs(10), "stopped in {took:?}");
    // Each client was told, then closed with 1012.
    for ws in [&mut ws, &mut other] {
        let mut told = false;
        let code = loop {
            match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
                Ok(Some(Ok(Message::Text(text)))) => {
                    told |= text.contains("\"restarting\"");
                }
                Ok(Some(Ok(Message::Close(frame)))) => break frame.map(|f| u16::from(f.code)),
                Ok(Some(Ok(_))) => {}
                other => panic!("no close frame after SIGTERM: {other:?}"),
            }
        };
        assert!(told, "the client was told that the server restarts");
        assert_eq!(code, Some(1012));
    }
    // Stored and checkpointed: the log is empty.
    let wal = PathBuf::from(format!("{}-wal", db.display()));
    assert_eq!(std::fs::metadata(&wal).map_or(0, |m| m.len()), 0);
    // The next process carries the game on where it was, with the timer given afresh.
    let server = tokio::task::block_in_place(|| ServeProcess::start(&db, &[], &[]));
    let (mut back, _) = connect_async(format!("ws://{}/ws", server.addr))
        .await
        .unwrap();
    next_json(&mut back).await.unwrap();
    send(
        &mut back,
        json!({"type": "resume", "room": room, "token": token}),
    )
    .await;
    let message = next_update_or_error(&mut back).await;
    assert_eq!(message["type"], "update", "{message}");
    let restored = message["room"].clone();
    assert_eq!(game_state(&restored), game_state(&before));
    let left = restored["game"]["deadline_ms"].as_u64().unwrap();
    assert!(
        left > 28_000 && left <= 30_000,
        "the player to move has the whole turn time again: {left} ms"
    );
    tokio::task::block_in_place(|| server.kill());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A stray SIGHUP (a closed terminal, `kill -HUP`, `systemctl reload`) never takes the site down:
/// the server says it ignores it and keeps serving, its players keep their connection and play
/// on; SIGTERM still stops it gracefully.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sighup_is_ignored_and_the_players_play_on() {
    let dir = scratch("sighup");
    let server = ServeProcess::start(dir.join("server.db"), &[], &[]);
    let (_, _, mut ws, before) = mid_turn(server.addr, 30).await;
    server.signal("HUP");
    tokio::task::block_in_place(|| server.stderr_with("SIGHUP ignored"));
    server.signal("HUP");
    let moves = before["game"]["moves"].as_u64().unwrap();
    send(&mut ws, json!({"type": "act", "action": action(&before)})).await;
    loop {
        let message = next_update_or_error(&mut ws).await;
        assert_eq!(message["type"], "update", "{message}");
        if message["room"]["game"]["moves"].as_u64().unwrap() > moves {
            break;
        }
    }
    assert_eq!(http_get(server.addr, "/healthz").await.0, 200);
    assert_eq!(http_get(server.addr, "/readyz").await.0, 200);
    let (status, _, stderr) = tokio::task::block_in_place(|| server.terminate());
    assert!(
        status.success(),
        "SIGTERM after SIGHUP exits 0: {status}\n{stderr}"
    );
    assert_eq!(stderr.matches("SIGHUP ignored").count(), 2, "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_serving_brings_every_room_back() {
    let dir = scratch("backup");
    let db = dir.join("server.db");
    let server = ServeProcess::start(&db, &[], &[]);
    let mut rooms = Vec::new();
    for name in ["Ana", "Bia", "Caio"] {
        let (room, token, ws, state) = room_with_a_game(server.addr, name).await;
        rooms.push((room, token, ws, state));
    }
    // One room keeps playing while the copy is taken.
    let (_, _, mut busy, mut state) = rooms.remove(0);
    let addr = server.addr;
    let copy = dir.join("copy.db");
    let backup = {
        let (db, copy) = (db.clone(), copy.clone());
        tokio::task::spawn_blocking(move || {
            Command::new(env!("CARGO_BIN_EXE_martian-dice"))
                .args(["backup", "--db"])
                .arg(&db)
                .arg(&copy)
                .output()
                .unwrap()
        })
    };
    let mut moves = 0;
    while !backup.is_finished() || moves < 20 {
        let request = match state["status"].as_str() {
            Some("playing") if state["game"]["to_move"] == 0 => {
                json!({"type": "act", "action": action(&state)})
            }
            Some("over") => json!({"type": "start"}),
            _ => {
                state = next_update_or_error(&mut busy).await["room"].clone();
                continue;
            }
        };
        send(&mut busy, request).await;
        let message = next_update_or_error(&mut busy).await;
        assert_eq!(message["type"], "update", "{message}");
        state = message["room"].clone();
        moves += 1;
    }
    let output = backup.await.unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains(&copy.display().to_string()), "{said}");
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&copy).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the copy holds the rooms' secrets");
    }
    // A copy is never written over.
    let again = Command::new(env!("CARGO_BIN_EXE_martian-dice"))
        .args(["backup", "--db"])
        .arg(&db)
        .arg(&copy)
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("will not overwrite"));
    // A second server on the copy, while the first still runs, has every room.
    let restored = tokio::task::block_in_place(|| ServeProcess::start(&copy, &[], &[]));
    let report = restored.stderr_with("rooms restored");
    assert!(report.contains("3 rooms restored"), "{report}");
    for (room, token, _, _) in &rooms {
        assert_eq!(resume(restored.addr, room, token).await["type"], "joined");
    }
    assert_eq!(http_get(addr, "/healthz").await.0, 200);
    tokio::task::block_in_place(|| restored.kill());
    tokio::task::block_in_place(|| server.kill());
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_name_rooms_and_games_and_never_a_token() {
    let dir = scratch("logs");
    let db = dir.join("server.db");
    let mut server = ServeProcess::start(&db, &["--log-format", "json"], &[]);
    let mut stdout = server
        .take_stdout()
        .expect("standard output is not read in JSON");
    let (room, token, mut ws, mut state) = room_with_a_game(server.addr, "Ana").await;
    // Play the game to its end, so that the room logs its start and end.
    loop {
        let request = match state["status"].as_str() {
            Some("playing") if state["game"]["to_move"] == 0 => {
                json!({"type": "act", "action": action(&state)})
            }
            Some("over") => break,
            _ => {
                state = next_update_or_error(&mut ws).await["room"].clone();
                continue;
            }
        };
        send(&mut ws, request).await;
        state = next_update_or_error(&mut ws).await["room"].clone();
    }
    let guest = resume(server.addr, &room, &token).await;
    assert_eq!(guest["type"], "joined");
    let server_addr = server.addr;
    let (status, _, stderr) = tokio::task::block_in_place(|| server.terminate());
    assert!(status.success());
    let lines: Vec<Value> = stderr
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}")))
        .collect();
    assert!(!stderr.contains(&token), "a seat token reached the log");
    // Nothing is written outside the JSON log, the address included: it is a field of the log's
    // own `listening on` line (standard output may be the same journal).
    let mut printed = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut printed).unwrap();
    assert_eq!(printed, "", "written outside the JSON log");
    let listening: Vec<&Value> = lines
        .iter()
        .filter(|l| {
            l["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("listening on http://"))
        })
        .collect();
    assert_eq!(listening.len(), 1, "{stderr}");
    assert_eq!(
        listening[0]["addr"].as_str(),
        Some(server_addr.to_string().as_str()),
        "{stderr}"
    );
    let about_the_room: Vec<&Value> = lines
        .iter()
        .filter(|line| line.to_string().contains(&room))
        .collect();
    let says = |what: &str| {
        about_the_room
            .iter()
            .any(|line| line["message"].as_str().is_some_and(|m| m.contains(what)))
    };
    assert!(says("game started") && says("game over"), "{stderr}");
    // The room's id comes from its span; the game's number from the line.
    for line in about_the_room
        .iter()
        .filter(|l| l["message"] == "game over")
    {
        assert_eq!(line["span"]["room"], room.as_str(), "{line}");
        assert_eq!(line["game"], 1, "{line}");
    }
    assert!(
        lines
            .iter()
            .all(|l| l["level"].is_string() && l["timestamp"].is_string())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A WebSocket through nginx from the local address `from` (127.0.0.x: a different player to
/// the proxy, which passes the address on).
async fn connect_from(from: [u8; 4], port: u16) -> Ws {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::from((from, 0)))
        .expect("a loopback address of its own");
    let stream = socket
        .connect(SocketAddr::from(([127, 0, 0, 1], port)))
        .await
        .unwrap();
    let url = format!("ws://127.0.0.1:{port}/ws");
    let (ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
        .await
        .expect("the WebSocket upgrade passes through nginx");
    ws
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_is_played_through_nginx_as_deploy_configures_it() {
    let dir = scratch("nginx");
    let server = ServeProcess::start(
        dir.join("server.db"),
        &[
            "--trusted-proxy",
            "127.0.0.1",
            "--rooms-per-address",
            "1",
            "--public-url",
            "https://dice.example.org/",
        ],
        &[],
    );
    let nginx = tokio::task::block_in_place(|| {
        Nginx::start(&dir.join("nginx"), "nginx.conf", &[server.addr])
    });
    let mut ws = connect_from([127, 0, 0, 2], nginx.addr.port()).await;
    let welcome = next_json(&mut ws).await.unwrap();
    assert_eq!(welcome["public_url"], "https://dice.example.org");
    send(&mut ws, json!({"type": "create_room", "name": "Ana"})).await;
    let room = loop {
        let message = next_json(&mut ws).await.unwrap();
        if message["type"] == "joined" {
            break message["room"].as_str().unwrap().to_string();
        }
    };
    send(&mut ws, json!({"type": "add_bot", "bot": "aggressive"})).await;
    let rules = json!({"dice": 13, "target": 5, "bonus": "one-of-each", "end": "immediate", "tie": "shared"});
    send(&mut ws, json!({"type": "set_rules", "rules": rules})).await;
    send(&mut ws, json!({"type": "start"})).await;
    let mut state = Value::Null;
    loop {
        let request = match state["status"].as_str() {
            Some("playing") if state["game"]["to_move"] == 0 => {
                json!({"type": "act", "action": action(&state)})
            }
            Some("over") => break,
            _ => {
                let message = next_update_or_error(&mut ws).await;
                assert_eq!(message["type"], "update", "{message}");
                state = message["room"].clone();
                continue;
            }
        };
        send(&mut ws, request).await;
        let message = next_update_or_error(&mut ws).await;
        assert_eq!(message["type"], "update", "{message}");
        state = message["room"].clone();
    }
    // The record, the page and its headers come through the proxy.
    let proxy = SocketAddr::from(([127, 0, 0, 1], nginx.addr.port()));
    let (status, body) = http_get(proxy, &format!("/api/rooms/{room}/games/1/record")).await;
    assert_eq!(status, 200);
    GameRecord::from_json(&body).unwrap().replay().unwrap();
    let page = raw_get(proxy, "/").await;
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    let lower = page.to_ascii_lowercase();
    assert!(lower.contains("content-security-policy:") && lower.contains("x-frame-options: deny"));
    // nginx tells browsers to come back over HTTPS only.
    assert!(
        lower.contains("strict-transport-security: max-age=63072000\r\n"),
        "{page}"
    );
    // Nor does it say which version it is.
    assert!(lower.contains("\r\nserver: nginx\r\n"), "{page}");
    // The room caps count players, not the proxy, and live rooms only: the finished game does
    // not count; a second live room from the same player is refused, one from another is not.
    send(&mut ws, json!({"type": "leave"})).await;
    send(&mut ws, json!({"type": "create_room", "name": "Ana"})).await;
    loop {
        let message = next_json(&mut ws).await.unwrap();
        assert_ne!(message["type"], "error", "{message}");
        if message["type"] == "joined" {
            break;
        }
    }
    let mut again = connect_from([127, 0, 0, 2], nginx.addr.port()).await;
    next_json(&mut again).await.unwrap();
    send(&mut again, json!({"type": "create_room", "name": "Ana"})).await;
    let refused = next_json(&mut again).await.unwrap();
    assert_eq!(refused["code"], "rooms_per_address", "{refused}");
    assert_eq!(refused["limit"], 1, "{refused}");
    let mut other = connect_from([127, 0, 0, 3], nginx.addr.port()).await;
    next_json(&mut other).await.unwrap();
    send(&mut other, json!({"type": "create_room", "name": "Bia"})).await;
    assert_eq!(next_json(&mut other).await.unwrap()["type"], "joined");
    // The metrics are for the host: allowed from the proxy's own machine only.
    let metrics = raw_get(proxy, "/metrics").await;
    assert!(
        metrics.contains("martian_dice_games_finished_total 1"),
        "{metrics}"
    );
    let outside = raw_get_from([127, 0, 0, 2], proxy, "/metrics").await;
    assert!(outside.starts_with("HTTP/1.1 403"), "{outside}");
    drop(nginx);
    tokio::task::block_in_place(|| server.kill());
    let _ = std::fs::remove_dir_all(&dir);
}

/// GET, the whole response as text (head and body).
async fn raw_get(addr: SocketAddr, path: &str) -> String {
    raw_get_from([127, 0, 0, 1], addr, path).await
}

/// GET from the local address `from`.
async fn raw_get_from(from: [u8; 4], addr: SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    let mut stream = socket.connect(addr).await.unwrap();
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: dice.example.org\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    response
}

#[test]
fn the_service_unit_starts_the_server_with_its_settings_and_stops_it_cleanly() {
    let unit = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/martian-dice.service"),
    )
    .unwrap();
    let help = Command::new(env!("CARGO_BIN_EXE_martian-dice"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    let mut env = Vec::new();
    for line in unit.lines() {
        if let Some(setting) = line.strip_prefix("Environment=") {
            let (name, value) = setting.split_once('=').unwrap();
            assert!(
                help.contains(name) || name == "MARTIAN_DICE_CACHE_DIR",
                "the unit sets {name}, which serve does not read"
            );
            env.push((name.to_string(), value.to_string()));
        }
    }
    // Every setting the settings file names (commented out or not) is one serve reads.
    let settings = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/martian-dice.env"),
    )
    .unwrap();
    for line in settings.lines() {
        let line = line.trim_start_matches('#');
        if let Some((name, _)) = line
            .split_once('=')
            .filter(|(n, _)| n.starts_with("MARTIAN_DICE_"))
        {
            assert!(
                help.contains(name),
                "martian-dice.env names {name}, which serve does not read"
            );
        }
    }
    assert!(unit.contains("EnvironmentFile=/etc/martian-dice/martian-dice.env"));
    let exec = unit
        .lines()
        .find_map(|l| l.strip_prefix("ExecStart="))
        .unwrap();
    assert_eq!(exec, "/usr/bin/martian-dice serve");
    assert!(unit.contains("KillSignal=SIGTERM"));
    // A bad setting exits 2 (crates/cli/tests/cli/serve.rs): not restarted in a loop; anything
    // else that stops it (a crash, a stray signal) is restarted.
    assert!(
        unit.lines().any(|l| l == "RestartPreventExitStatus=2"),
        "{unit}"
    );
    assert!(unit.lines().any(|l| l == "Restart=always"), "{unit}");
    // systemd itself reads the units (with a command that exists here).
    let dir = scratch("unit");
    let binary = env!("CARGO_BIN_EXE_martian-dice");
    let mut checked = Vec::new();
    for name in [
        "martian-dice.service",
        "martian-dice-backup.service",
        "martian-dice-backup.timer",
    ] {
        let shipped = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../deploy")
                .join(name),
        )
        .unwrap();
        let path = dir.join(name);
        std::fs::write(&path, shipped.replace("/usr/bin/martian-dice", binary)).unwrap();
        checked.push(path);
    }
    let verify = Command::new("systemd-analyze")
        .arg("verify")
        .args(&checked)
        .output()
        .expect("systemd-analyze runs (scripts/test installs systemd)");
    assert!(
        verify.status.success() && verify.stderr.is_empty(),
        "systemd-analyze verify: {}",
        String::from_utf8_lossy(&verify.stderr)
    );
    // Hardened: systemd's own rating of its exposure is at most 2.5 ("OK"), both units'.
    for unit in &checked[..2] {
        let security = Command::new("systemd-analyze")
            .args(["security", "--offline=true", "--threshold=25", "--no-pager"])
            .arg(unit)
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&security.stdout);
        let exposure: f64 = report
            .lines()
            .find_map(|l| {
                l.split_once("Overall exposure level for ")?
                    .1
                    .split_once(": ")
            })
            .and_then(|(_, level)| level.split_whitespace().next()?.parse().ok())
            .unwrap_or_else(|| panic!("no overall exposure level: {report}"));
        assert!(
            security.status.success() && exposure <= 2.5,
            "systemd-analyze security {}: {exposure}\n{report}",
            unit.display()
        );
    }
    // Its settings, with the paths and port moved into the test's own directory.
    let mut command = Command::new(env!("CARGO_BIN_EXE_martian-dice"));
    command.arg("serve");
    for (name, value) in &env {
        let value = match name.as_str() {
            "MARTIAN_DICE_ADDR" => "127.0.0.1:0".to_string(),
            "MARTIAN_DICE_DB" => dir.join("server.db").display().to_string(),
            "MARTIAN_DICE_CACHE_DIR" => dir.join("cache").display().to_string(),
            _ => value.clone(),
        };
        command.env(name, value);
    }
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The unit asks for JSON logs: the address is in one of their lines, on standard error.
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut logged = String::new();
    loop {
        let mut line = String::new();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "no address in {logged}"
        );
        logged.push_str(&line);
        let value: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if let Some(addr) = value["addr"].as_str() {
            assert!(addr.starts_with("127.0.0.1:"), "{line}");
            break;
        }
    }
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{:?}", output.status);
    // Nothing outside the log, which is JSON through and through.
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    err.read_to_string(&mut logged).unwrap();
    let stderr = logged;
    for line in stderr.lines() {
        let value: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(value["message"].is_string());
    }
    assert!(stderr.contains("stopped"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A process's threads and resident memory (KiB), from `/proc`.
fn threads_and_rss(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let field = |name: &str| -> u64 {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
            .map(|v| v.trim().trim_end_matches("kB").trim().parse().unwrap())
            .unwrap_or_else(|| panic!("no {name} in {status}"))
    };
    (field("Threads"), field("VmRSS"))
}

/// The memory a person's room may cost the server at most, in KiB: README's 40 kB at the peak
/// per room of one person (and bots), so per person connected.
const MAX_KIB_PER_PERSON: f64 = 40_000.0 / 1024.0;

/// Plays a room against a bot until the bot has moved and it is the person's turn again: the
/// bot's solutions are then prepared.
async fn warm_up_a_bot(addr: SocketAddr) {
    use martian_testkit::ws::Client;
    let mut warm = Client::create(addr, "Warm").await;
    warm.send(json!({"type": "add_bot", "bot": "medium"})).await;
    warm.send(json!({"type": "start"})).await;
    warm.until(|room| room["status"] == "playing").await;
    let mut bot_moved = false;
    while !(bot_moved && warm.my_turn()) {
        if warm.my_turn() {
            let action = warm.simple_action();
            warm.play_one(&action).await;
        } else {
            warm.recv().await;
            bot_moved |= warm.room["game"]["to_move"] == 1;
        }
    }
    warm.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mass_disconnect_mid_game_costs_no_thread_per_stand_in() {
    use martian_testkit::ws::Client;
    // Enough rooms that a thread per deciding stand-in would show many times over the few
    // threads the server has.
    const ROOMS: usize = 300;
    let dir = scratch("mass-disconnect");
    let cache = dir.join("cache");
    let start = |db: &str| {
        // Bots move a tenth of a second apart, as the stand-ins of rooms that lost their
        // people together all decide together.
        ServeProcess::start(
            dir.join(db),
            &["--grace", "1", "--bot-delay", "100"],
            &[("MARTIAN_DICE_CACHE_DIR", &cache)],
        )
    };
    // A first server solves the duel into the disk cache. The server measured loads it from
    // there: what a solve allocates and frees stays in the allocator's hands for a while, and
    // would be counted against the rooms or hide their cost by how much of it they reuse
    // (measured: 45 to 53 MB before the rooms, by the machine's load).
    let solving = start("solving.db");
    warm_up_a_bot(solving.addr).await;
    let (status, ..) = solving.terminate();
    assert!(status.success(), "{status:?}");
    let server = start("server.db");
    let (addr, pid) = (server.addr, server.pid());
    // The stand-in's solutions are loaded (by a bot that reads them, in a warm-up room), so
    // that what is measured after is the rooms' alone.
    warm_up_a_bot(addr).await;
    let (threads_before, rss_before) = threads_and_rss(pid);
    // Rooms of two people each, in play.
    let mut clients = Vec::new();
    let mut rooms = Vec::new();
    for i in 0..ROOMS {
        let mut ana = Client::create(addr, &format!("Ana {i}")).await;
        let room = ana.room_id.clone().unwrap();
        let bob = Client::join(addr, &room, &format!("Bob {i}")).await;
        ana.send(json!({"type": "start"})).await;
        ana.until(|room| room["status"] == "playing").await;
        rooms.push(room);
        clients.push(ana);
        clients.push(bob);
    }
    let (threads_playing, rss_playing) = threads_and_rss(pid);
    // Everyone drops at once (a proxy restarting); a second later the stand-ins take over.
    drop(clients);
    let mut most_threads = threads_playing;
    let end = tokio::time::Instant::now() + Duration::from_secs(5);
    while tokio::time::Instant::now() < end {
        most_threads = most_threads.max(threads_and_rss(pid).0);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (threads_after, rss_after) = threads_and_rss(pid);
    // The stand-ins were playing: every person is away, and the games moved on.
    let mut moves = Vec::new();
    for room in rooms.iter().step_by(ROOMS / 5) {
        let mut watcher = Client::connect(addr).await;
        watcher.send(json!({"type": "watch", "room": room})).await;
        watcher.recv_type("update").await;
        let seats = watcher.room["seats"].as_array().unwrap();
        assert!(seats.iter().all(|s| s["away"] == true), "{}", watcher.room);
        assert!(watcher.room["game"]["moves"].as_u64() > Some(0));
        moves.push(watcher.room["game"]["moves"].as_u64().unwrap_or(0));
    }
    // Two people a room: README's figure is for rooms of one (the load example's, against bots).
    let per_person = rss_after.saturating_sub(rss_before) as f64 / (2 * ROOMS) as f64;
    eprintln!(
        "threads: {threads_before} before, {threads_playing} in play, at most {most_threads} \
         and {threads_after} after the drop; RSS {rss_before} KiB before, {rss_playing} KiB in \
         play, {rss_after} KiB after ({per_person:.1} KiB per person); moves made in a fifth \
         of the rooms: {moves:?}"
    );
    // Every thread the server has is started once its rooms are in play: the runtime's, the
    // store's, the solver's and the bots' (one per core each at most). Stand-ins add none.
    assert!(
        most_threads <= threads_playing,
        "{most_threads} threads with {ROOMS} rooms' stand-ins deciding, {threads_playing} before"
    );
    assert!(
        per_person <= MAX_KIB_PER_PERSON,
        "{per_person:.1} KiB per person after a mass disconnect"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
