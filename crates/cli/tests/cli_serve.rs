//! `martian-dice serve` as a process: killed mid-game and restarted on the same database, it
//! resumes the game exactly where it was, and the finished game's record is complete.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use martian_engine::GameRecord;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// Starts the server on a free port; returns the process and its address.
fn serve(db: &Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_martian-dice"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--bot-delay",
            "0",
            "--rate-limit",
            "1000",
            "--db",
        ])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
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
    (child, addr)
}

struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    room: Value,
}

impl Client {
    async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
        let mut client = Client {
            ws,
            room: Value::Null,
        };
        assert_eq!(client.recv().await["type"], "welcome");
        client
    }

    async fn send(&mut self, message: Value) {
        self.ws
            .send(Message::Text(message.to_string().into()))
            .await
            .unwrap();
    }

    async fn recv(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("a message in time")
                .expect("open")
                .expect("a frame");
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).unwrap();
                assert_ne!(value["type"], "error", "{value}");
                if value["type"] == "update" {
                    self.room = value["room"].clone();
                }
                return value;
            }
        }
    }

    async fn recv_type(&mut self, kind: &str) -> Value {
        loop {
            let message = self.recv().await;
            if message["type"] == kind {
                return message;
            }
        }
    }

    async fn until(&mut self, done: impl Fn(&Value) -> bool) {
        while !done(&self.room) {
            self.recv().await;
        }
    }

    fn my_turn(&self) -> bool {
        self.room["status"] == "playing" && self.room["game"]["to_move"] == 0
    }

    /// Takes death rays while the tanks lead, else an earthling; stops once the turn scores.
    async fn play_one(&mut self) {
        let turn = &self.room["game"]["turn"];
        let legal: Vec<String> = turn["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        let has = |a: &str| legal.iter().any(|l| l == a);
        let earthling = legal.iter().find(|a| matches!(a.as_str(), "H" | "C" | "K"));
        let action = if has("stop") && turn["score"].as_u64() > Some(0) {
            "stop".to_string()
        } else if has("roll") {
            "roll".to_string()
        } else if has("R")
            && (turn["tanks"].as_u64() > turn["rays"].as_u64() || earthling.is_none())
        {
            "R".to_string()
        } else {
            earthling.cloned().unwrap_or_else(|| legal[0].clone())
        };
        let moves = self.room["game"]["moves"].as_u64().unwrap();
        self.send(json!({"type": "act", "action": action})).await;
        self.until(|r| r["game"]["moves"].as_u64().unwrap() > moves)
            .await;
    }
}

/// The game as everyone sees it, less the timer's countdown.
fn game_state(room: &Value) -> Value {
    let mut game = room["game"].clone();
    game.as_object_mut().unwrap().remove("deadline_ms");
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_the_game_where_it_was_and_the_record_is_complete() {
    let dir = std::env::temp_dir().join(format!("martian-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("server.db");
    let _ = std::fs::remove_file(&db);

    let (mut first, addr) = serve(&db);
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
        host.play_one().await;
        let turns = host.room["game"]["history"].as_array().unwrap().len();
        if turns >= 2 && host.my_turn() && host.room["game"]["awaiting"] == "decision" {
            break;
        }
        assert_eq!(host.room["status"], "playing", "the game ended too soon");
    }
    let before = game_state(&host.room);
    first.kill().unwrap();
    first.wait().unwrap();

    let (mut second, addr) = serve(&db);
    let mut back = Client::connect(addr).await;
    back.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    assert_eq!(back.recv_type("joined").await["seat"], 0);
    back.recv_type("update").await;
    assert_eq!(game_state(&back.room), before, "the game resumes exactly");

    while back.room["status"] != "over" {
        if back.my_turn() {
            back.play_one().await;
        } else {
            back.recv().await;
        }
    }
    let url_path = format!("/api/rooms/{room}/games/1/record");
    let body = http_get(addr, &url_path).await;
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
    second.kill().unwrap();
    second.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

async fn http_get(addr: SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    response.split_once("\r\n\r\n").unwrap().1.to_string()
}

#[test]
fn bad_options_are_usage_errors_and_a_busy_address_is_named() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_martian-dice"))
            .arg("serve")
            .args(args)
            .output()
            .unwrap()
    };
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
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap().to_string();
    let db = std::env::temp_dir().join(format!("martian-busy-{}.db", std::process::id()));
    let output = run(&["--addr", &addr, "--db", db.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(&addr), "{stderr}");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}
