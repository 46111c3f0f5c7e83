//! A move in flight when the server stops or loses its room: the client is told `restarting`,
//! then closed with 1012, in that order, every time; and every change the room stored was told
//! before (an acknowledged move is never lost, a move not acknowledged is not applied). Tried
//! many times with the stop landing at varied moments around the move.

mod common;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

use martian_testkit::postgres;

type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

const ITERATIONS: u32 = 30;
const WAIT: Duration = Duration::from_secs(20);

/// What a client is sent: a JSON message, a close frame's code, or the end with no close frame.
#[derive(Debug)]
enum Heard {
    Json(Value),
    Closed(u16),
    Cut,
}

async fn hear(ws: &mut Ws) -> Heard {
    loop {
        match tokio::time::timeout(WAIT, ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                return Heard::Json(serde_json::from_str(&text).expect("JSON"));
            }
            Ok(Some(Ok(Message::Close(frame)))) => {
                return Heard::Closed(frame.map_or(0, |f| u16::from(f.code)));
            }
            Ok(Some(Ok(_))) => continue,
            Ok(Some(Err(_)) | None) => return Heard::Cut,
            Err(_) => panic!("nothing heard for {WAIT:?}"),
        }
    }
}

async fn send(ws: &mut Ws, message: Value) {
    ws.send(Message::Text(message.to_string().into()))
        .await
        .expect("sends");
}

async fn connect(addr: SocketAddr, room: Option<&str>) -> Ws {
    let url = match room {
        Some(room) => format!("ws://{addr}/ws?room={room}"),
        None => format!("ws://{addr}/ws"),
    };
    let (mut ws, _) = connect_async(url).await.expect("connects");
    match hear(&mut ws).await {
        Heard::Json(welcome) if welcome["type"] == "welcome" => ws,
        other => panic!("no welcome: {other:?}"),
    }
}

/// The game's number and moves in a room's state.
fn position(room: &Value) -> (u64, u64) {
    (
        room["game"]["number"].as_u64().unwrap_or(0),
        room["game"]["moves"].as_u64().unwrap_or(0),
    )
}

/// Reads until the person (seat `seat`) is to move; starts the next game when one ends.
async fn until_my_move(ws: &mut Ws, seat: u64, host: bool) -> Value {
    loop {
        match hear(ws).await {
            Heard::Json(m) if m["type"] == "update" => {
                let room = &m["room"];
                if room["status"] == "playing" && room["game"]["to_move"] == seat {
                    return room.clone();
                }
                if room["status"] == "over" && host {
                    send(ws, json!({"type": "start"})).await;
                }
            }
            Heard::Json(m) => assert_ne!(m["type"], "error", "{m}"),
            other => panic!("the connection ended: {other:?}"),
        }
    }
}

/// A legal move that keeps the game going.
fn a_move(room: &Value) -> String {
    let legal: Vec<&str> = room["game"]["turn"]["legal"]
        .as_array()
        .expect("legal actions")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    ["roll", "R", "H", "C", "K", "stop"]
        .into_iter()
        .find(|a| legal.contains(a))
        .unwrap_or(legal[0])
        .to_string()
}

/// After the move was sent: everything up to the close. Checks `restarting` then close 1012,
/// nothing after `restarting` but the close; returns the last position told.
async fn told_until_closed(ws: &mut Ws, mut last: (u64, u64), what: &str) -> (u64, u64) {
    let mut restarting = false;
    loop {
        match hear(ws).await {
            Heard::Json(m) if m["type"] == "restarting" => {
                assert!(!restarting, "{what}: restarting twice");
                restarting = true;
            }
            Heard::Json(m) => {
                assert!(!restarting, "{what}: {m} after restarting");
                if m["type"] == "update" {
                    last = last.max(position(&m["room"]));
                }
            }
            Heard::Closed(code) => {
                assert!(restarting, "{what}: close {code} without restarting");
                assert_eq!(code, 1012, "{what}");
                return last;
            }
            Heard::Cut => panic!("{what}: the connection ended without a close frame"),
        }
    }
}

/// A room on `addr` with a bot, its game started at a target far away; returns the host's
/// connection, the room and the host's token.
async fn a_game(addr: SocketAddr) -> (Ws, String, String) {
    let mut ws = connect(addr, None).await;
    send(&mut ws, json!({"type": "create_room", "name": "Ana"})).await;
    let joined = loop {
        if let Heard::Json(m) = hear(&mut ws).await
            && m["type"] == "joined"
        {
            break m;
        }
    };
    let room = joined["room"].as_str().unwrap().to_string();
    let token = joined["token"].as_str().unwrap().to_string();
    send(&mut ws, json!({"type": "add_bot", "bot": "greedy"})).await;
    send(
        &mut ws,
        json!({"type": "set_rules", "rules": {"dice": 13, "target": 999, "bonus": "one-of-each", "end": "complete-round", "tie": "shared"}}),
    )
    .await;
    send(&mut ws, json!({"type": "start"})).await;
    (ws, room, token)
}

async fn resume(addr: SocketAddr, room: &str, token: &str) -> Ws {
    let mut ws = connect(addr, Some(room)).await;
    send(
        &mut ws,
        json!({"type": "resume", "room": room, "token": token}),
    )
    .await;
    ws
}

/// The moment, after the move is sent, at which the server is told to stop: from at once to a
/// few milliseconds, so that the stop lands before, while and after the move is stored.
fn delay(iteration: u32) -> Duration {
    Duration::from_micros(u64::from(iteration % 10) * 400)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "unfinished: the set-up waits 20 s for the person's first move and times out"]
async fn a_move_in_flight_at_a_stop_is_told_or_not_applied_and_restarting_precedes_1012() {
    let dir = std::env::temp_dir().join(format!("martian-restarting-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db: PathBuf = dir.join("rooms.db");
    let start = || {
        common::server(|c| {
            c.db = Some(db.clone());
        })
    };
    let server = start().await;
    let (mut ws, room, token) = a_game(server.addr()).await;
    let mut server = Some(server);
    for iteration in 0..ITERATIONS {
        let running = server.take().unwrap();
        let state = until_my_move(&mut ws, 0, true).await;
        let before = position(&state);
        send(&mut ws, json!({"type": "act", "action": a_move(&state)})).await;
        tokio::time::sleep(delay(iteration)).await;
        let stopping = tokio::spawn(running.shutdown(Duration::from_secs(10)));
        let what = format!("iteration {iteration}");
        let told = told_until_closed(&mut ws, before, &what).await;
        stopping.await.unwrap();
        // Back on the same database: the game is exactly where the client was last told.
        let again = start().await;
        ws = resume(again.addr(), &room, &token).await;
        let back = loop {
            match hear(&mut ws).await {
                Heard::Json(m) if m["type"] == "update" => break m["room"].clone(),
                Heard::Json(m) => assert_ne!(m["type"], "error", "{what}: {m}"),
                other => panic!("{what}: {other:?}"),
            }
        };
        assert_eq!(position(&back), told, "{what}: stored and told differ");
        server = Some(again);
    }
    drop(ws);
    server.unwrap().shutdown(Duration::from_secs(5)).await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two processes on one PostgreSQL database, as `serve` runs them in a cluster.
async fn node(url: &str, name: &str) -> martian_server::Running {
    common::server(|c| {
        let mut cluster = martian_server::ClusterConfig::new(url);
        cluster.node = Some(name.into());
        cluster.lease = Duration::from_secs(30);
        cluster.renew = Duration::from_millis(200);
        c.cluster = Some(cluster);
        c.trusted_proxies = vec![martian_server::parse_proxy("127.0.0.1").unwrap()];
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "unfinished: the set-up waits 20 s for the person's first move and times out"]
async fn a_move_in_flight_when_the_room_is_lost_or_the_relay_stops_ends_with_restarting_then_1012()
{
    let pg = postgres::server();
    let url = pg.database();
    let db = postgres::PgServer::name_of(&url).to_string();
    let a = node(&url, "a").await;
    let b = node(&url, "b").await;
    let (mut ws, room, token) = a_game(a.addr()).await;
    let owner = |room: &str| {
        pg.sql(
            &db,
            &format!("SELECT owner || ' ' || generation FROM rooms WHERE id = '{room}'"),
        )
    };
    // The room is lost: another process claims it (as one does when this one was paused past
    // its lease) while the person's move is on its way. The move is stored only if it came first.
    for iteration in 0..ITERATIONS / 3 {
        let what = format!("lease, iteration {iteration}");
        let state = until_my_move(&mut ws, 0, true).await;
        let before = position(&state);
        send(&mut ws, json!({"type": "act", "action": a_move(&state)})).await;
        tokio::time::sleep(delay(iteration)).await;
        let (holder, generation) = {
            let row = owner(&room);
            let (holder, generation) = row.split_once(' ').unwrap();
            (holder.to_string(), generation.parse::<u64>().unwrap())
        };
        let (thief, home) = if holder == "a" {
            ("b", a.addr())
        } else {
            ("a", b.addr())
        };
        pg.sql(
            &db,
            &format!(
                "UPDATE rooms SET owner = '{thief}', generation = {} WHERE id = '{room}'",
                generation + 1
            ),
        );
        let told = told_until_closed(&mut ws, before, &what).await;
        // The new holder brings the room back from the database: where the client was told.
        ws = resume(home, &room, &token).await;
        let back = loop {
            match hear(&mut ws).await {
                Heard::Json(m) if m["type"] == "update" => break m["room"].clone(),
                Heard::Json(m) => assert_ne!(m["type"], "error", "{what}: {m}"),
                other => panic!("{what}: {other:?}"),
            }
        };
        assert_eq!(position(&back), told, "{what}: stored and told differ");
    }
    // The process that hands the connection on to the room's owner stops: the client is told,
    // not cut.
    let holder = owner(&room);
    let (relay, owner_addr) = if holder.starts_with("a ") {
        (b, a.addr())
    } else {
        (a, b.addr())
    };
    drop(ws);
    let mut through = resume(relay.addr(), &room, &token).await;
    let state = until_my_move(&mut through, 0, true).await;
    let before = position(&state);
    send(
        &mut through,
        json!({"type": "act", "action": a_move(&state)}),
    )
    .await;
    let stopping = tokio::spawn(relay.shutdown(Duration::from_secs(10)));
    let told = told_until_closed(&mut through, before, "the relay stops").await;
    stopping.await.unwrap();
    let mut back = resume(owner_addr, &room, &token).await;
    loop {
        match hear(&mut back).await {
            Heard::Json(m) if m["type"] == "update" => {
                assert!(position(&m["room"]) >= told, "{m}");
                break;
            }
            Heard::Json(_) => {}
            other => panic!("{other:?}"),
        }
    }
}
