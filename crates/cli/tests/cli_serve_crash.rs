//! `martian-dice serve` through crashes and a full disk: killed with SIGKILL at random moments
//! while many rooms play short games, restarted on the same file again and again, it never
//! leaves a room stuck or gone, never loses an acknowledged move, and keeps every finished
//! game's record; rooms it cannot bring back are reported and the others come back; a full disk
//! refuses changes cleanly and the server recovers by itself.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use martian_engine::GameRecord;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// A server process on a free port, its standard error collected.
struct Server {
    child: Child,
    addr: SocketAddr,
    stderr: Arc<Mutex<Vec<String>>>,
}

impl Server {
    fn start(db: &Path, extra: &[&str], env: &[(&str, &Path)]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_martian-dice"));
        command
            .args(["serve", "--addr", "127.0.0.1:0", "--bot-delay", "0"])
            .args([
                "--rate-limit",
                "1000",
                "--rooms-per-address",
                "1000",
                "--db",
            ])
            .arg(db)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("the binary starts");
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let lines = stderr.clone();
        let err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                lines.lock().unwrap().push(line);
            }
        });
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .parse()
            .unwrap();
        Server {
            child,
            addr,
            stderr,
        }
    }

    /// SIGKILL, as a crash would.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Standard error so far, once the line containing `needle` has arrived.
    fn stderr_with(&self, needle: &str) -> String {
        for _ in 0..200 {
            let text = self.stderr.lock().unwrap().join("\n");
            if text.contains(needle) {
                return text;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!(
            "no '{needle}' on standard error: {}",
            self.stderr.lock().unwrap().join("\n")
        );
    }
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

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

async fn send(ws: &mut Ws, message: Value) -> bool {
    ws.send(Message::Text(message.to_string().into()))
        .await
        .is_ok()
}

/// A playable action: stop once the turn scores, else roll, else take something.
fn action(room: &Value) -> String {
    let turn = &room["game"]["turn"];
    let legal: Vec<&str> = turn["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    if legal.contains(&"stop") && turn["score"].as_u64() > Some(0) {
        "stop".into()
    } else if legal.contains(&"roll") {
        "roll".into()
    } else if legal.contains(&"R") && turn["tanks"].as_u64() > turn["rays"].as_u64() {
        "R".into()
    } else {
        legal[0].to_string()
    }
}

/// Where a room's game stands, ordered: a later game, or more moves in the same game.
fn position(room: &Value) -> (u64, u64) {
    match room["game"].as_object() {
        Some(game) => (
            game["number"].as_u64().unwrap(),
            game["moves"].as_u64().unwrap(),
        ),
        None => (0, 0),
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

async fn http_get(addr: SocketAddr, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("martian-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_again_and_again_no_room_is_stuck_or_gone_and_no_move_is_lost() {
    const ROOMS: usize = 24;
    const KILLS: usize = 25;
    let dir = scratch("torture");
    let db = dir.join("server.db");
    let rules = ["--max-rooms", "100"];
    let mut server = Server::start(&db, &rules, &[]);
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
        let restarted = tokio::task::block_in_place(|| Server::start(&db, &rules, &[]));
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
    let server = Server::start(&db, &[], &[]);
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
    let server = tokio::task::block_in_place(|| Server::start(&db, &[], &[]));
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
    let server = Server::start(&db, &[], &[]);
    let mut rooms = Vec::new();
    for name in ["Ana", "Bia", "Caio", "Duda"] {
        let (room, token, _, _) = room_with_a_game(server.addr, name).await;
        rooms.push((room, token));
        // Distinct change times, so "the most recent" is well defined.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::task::block_in_place(|| server.kill());
    let server = tokio::task::block_in_place(|| Server::start(&db, &["--max-rooms", "2"], &[]));
    let report = server.stderr_with("rooms restored");
    assert!(
        report.contains("2 rooms restored, 2 not restored"),
        "{report}"
    );
    assert!(report.contains("beyond --max-rooms 2"), "{report}");
    // The two most recently changed rooms are the ones held.
    for (i, (room, token)) in rooms.iter().enumerate() {
        let answer = resume(server.addr, room, token).await;
        let expected = if i >= 2 { "joined" } else { "error" };
        assert_eq!(answer["type"], expected, "room {i}: {answer}");
    }
    // The server is full: no new room until one closes.
    let (mut ws, _) = connect_async(format!("ws://{}/ws", server.addr))
        .await
        .unwrap();
    next_json(&mut ws).await.unwrap();
    send(&mut ws, json!({"type": "create_room", "name": "Eva"})).await;
    assert_eq!(next_json(&mut ws).await.unwrap()["code"], "too_many_rooms");
    tokio::task::block_in_place(|| server.kill());
    // With room for them, the others come back.
    let server = tokio::task::block_in_place(|| Server::start(&db, &[], &[]));
    assert!(
        server
            .stderr_with("rooms restored")
            .contains("4 rooms restored")
    );
    for (room, token) in &rooms {
        assert_eq!(resume(server.addr, room, token).await["type"], "joined");
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
    let server = Server::start(&db, &[], &[]);
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
    // Nothing changed, and the server still serves.
    send(&mut ws, json!({"type": "ping"})).await;
    assert_eq!(next_json(&mut ws).await.unwrap()["type"], "pong");
    assert_eq!(http_get(server.addr, "/healthz").await.0, 200);
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
    assert!(position(&stored) > position(&state));
    tokio::task::block_in_place(|| server.kill());
    // What was acknowledged after the recovery survives a crash.
    let server = tokio::task::block_in_place(|| Server::start(&db, &[], &[]));
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
    let server = Server::start(
        &dir.join("server.db"),
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
