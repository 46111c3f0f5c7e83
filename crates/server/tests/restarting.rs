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
const WAIT: Duration = Duration::from_secs(10);

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

/// From the room last told (`known`, if any) on, reads until the host (seat 0) is to move;
/// starts the next game when one ends. A room told on resuming may already be at the host's
/// move, and then nothing more comes until the host moves.
async fn until_my_move(ws: &mut Ws, mut known: Option<Value>) -> Value {
    loop {
        if let Some(room) = known.take() {
            if room["status"] == "playing" && room["game"]["to_move"] == 0 {
                return room;
            }
            if room["status"] == "over" {
                send(ws, json!({"type": "start"})).await;
            }
        }
        match hear(ws).await {
            Heard::Json(m) if m["type"] == "update" => known = Some(m["room"].clone()),
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
/// nothing after `restarting` but the close; returns the last position told. The connection is
/// closed then, as a browser closes it.
async fn told_until_closed(ws: Ws, last: (u64, u64), what: &str) -> (u64, u64) {
    until_closed(ws, last, what, false).await
}

/// As [`told_until_closed`], the person moving whenever it is their move until then.
async fn told_until_closed_playing(ws: Ws, last: (u64, u64), what: &str) -> (u64, u64) {
    until_closed(ws, last, what, true).await
}

async fn until_closed(mut ws: Ws, mut last: (u64, u64), what: &str, play: bool) -> (u64, u64) {
    let ws = &mut ws;
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
                    let room = &m["room"];
                    last = last.max(position(room));
                    if play && room["status"] == "playing" && room["game"]["to_move"] == 0 {
                        send(ws, json!({"type": "act", "action": a_move(room)})).await;
                    }
                }
            }
            Heard::Closed(code) => {
                assert!(restarting, "{what}: close {code} without restarting");
                assert_eq!(code, 1012, "{what}");
                // Reading on answers the close; the connection is dropped on return.
                while let Ok(Some(Ok(_))) = tokio::time::timeout(WAIT, ws.next()).await {}
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

/// The position (game number, moves) of the room's last game as stored; the same SQL in SQLite
/// and PostgreSQL, whose table of moves is named `move_log` and `moves`.
fn stored_position_sql_in(room: &str, moves_table: &str) -> String {
    assert!(room.chars().all(|c| c.is_ascii_hexdigit()), "{room}");
    format!(
        "SELECT g.number, (SELECT COUNT(DISTINCT m.idx) FROM {moves_table} m \
         WHERE m.room_id = g.room_id AND m.number = g.number) \
         FROM games g WHERE g.room_id = '{room}' ORDER BY g.number DESC LIMIT 1"
    )
}

fn stored_position_sql(room: &str) -> String {
    stored_position_sql_in(room, "moves")
}

/// The room's position as stored in the SQLite database `db` (its server stopped).
fn stored_in_sqlite(db: &std::path::Path, room: &str) -> (u64, u64) {
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .expect("the database opens");
    conn.query_row(&stored_position_sql_in(room, "move_log"), [], |row| {
        Ok((row.get::<_, i64>(0)? as u64, row.get::<_, i64>(1)? as u64))
    })
    .expect("a game stored")
}

/// The moment, after the move is sent, at which the server is told to stop: from at once to a
/// few milliseconds, so that the stop lands before, while and after the move is stored.
fn delay(iteration: u32) -> Duration {
    Duration::from_micros(u64::from(iteration % 10) * 400)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
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
    let mut known = None;
    for iteration in 0..ITERATIONS {
        let running = server.take().unwrap();
        let state = until_my_move(&mut ws, known.take()).await;
        let before = position(&state);
        send(&mut ws, json!({"type": "act", "action": a_move(&state)})).await;
        tokio::time::sleep(delay(iteration)).await;
        let stopping = tokio::spawn(running.shutdown(Duration::from_secs(10)));
        let what = format!("iteration {iteration}");
        let told = told_until_closed(ws, before, &what).await;
        stopping.await.unwrap();
        // Stored exactly where the client was last told: nothing told is lost, nothing
        // untold is applied.
        assert_eq!(
            stored_in_sqlite(&db, &room),
            told,
            "{what}: stored and told differ"
        );
        // Back on the same database, the game carries on from there (a bot may move at once).
        let again = start().await;
        ws = resume(again.addr(), &room, &token).await;
        let back = loop {
            match hear(&mut ws).await {
                Heard::Json(m) if m["type"] == "update" => break m["room"].clone(),
                Heard::Json(m) => assert_ne!(m["type"], "error", "{what}: {m}"),
                other => panic!("{what}: {other:?}"),
            }
        };
        assert!(position(&back) >= told, "{what}: {back} is behind {told:?}");
        known = Some(back);
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
async fn a_move_in_flight_when_the_room_is_lost_or_the_relay_stops_ends_with_restarting_then_1012()
{
    let pg = postgres::server();
    let url = pg.database();
    let db = postgres::PgServer::name_of(&url).to_string();
    let a = node(&url, "a").await;
    let b = node(&url, "b").await;
    let (mut ws, room, token) = a_game(a.addr()).await;
    let stored = |room: &str| {
        let row = pg.sql(&db, &stored_position_sql(room));
        let (number, moves) = row.trim().split_once('|').expect("a game stored");
        (number.parse().unwrap(), moves.parse().unwrap())
    };
    let owner = |room: &str| {
        pg.sql(
            &db,
            &format!("SELECT owner || ' ' || generation FROM rooms WHERE id = '{room}'"),
        )
    };
    // The room is lost: another process claims it (as one does when this one was paused past
    // its lease) while the person's move is on its way. The move is stored only if it came
    // first. The claimant is a process of the database's only, with a live lease, so that
    // neither server takes the room back before what is stored is looked at.
    pg.sql(
        &db,
        "INSERT INTO nodes (name, addr, expires_at, started_at) \
         VALUES ('thief', '127.0.0.1:1', now() + interval '1 hour', now())",
    );
    let mut known = None;
    for iteration in 0..ITERATIONS / 3 {
        let what = format!("lease, iteration {iteration}");
        let state = until_my_move(&mut ws, known.take()).await;
        let before = position(&state);
        send(&mut ws, json!({"type": "act", "action": a_move(&state)})).await;
        tokio::time::sleep(delay(iteration)).await;
        let (holder, generation) = {
            let row = owner(&room);
            let (holder, generation) = row.split_once(' ').unwrap();
            (holder.to_string(), generation.parse::<u64>().unwrap())
        };
        let hand_over = |to: &str, generation: u64| {
            pg.sql(
                &db,
                &format!(
                    "UPDATE rooms SET owner = '{to}', generation = {generation} WHERE id = '{room}'"
                ),
            );
        };
        hand_over("thief", generation + 1);
        // The person plays on until the process finds out, at its next write.
        let told = told_until_closed_playing(ws, before, &what).await;
        // The process that lost the room writes no more: stored exactly where the client was
        // told.
        assert_eq!(stored(&room), told, "{what}: stored and told differ");
        // The other server gets the room and carries on from there when the client comes back.
        let (next, home) = if holder == "a" {
            ("b", b.addr())
        } else {
            ("a", a.addr())
        };
        hand_over(next, generation + 2);
        ws = resume(home, &room, &token).await;
        let back = loop {
            match hear(&mut ws).await {
                Heard::Json(m) if m["type"] == "update" => break m["room"].clone(),
                Heard::Json(m) => assert_ne!(m["type"], "error", "{what}: {m}"),
                other => panic!("{what}: {other:?}"),
            }
        };
        assert!(position(&back) >= told, "{what}: {back} is behind {told:?}");
        known = Some(back);
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
    let state = until_my_move(&mut through, None).await;
    let before = position(&state);
    send(
        &mut through,
        json!({"type": "act", "action": a_move(&state)}),
    )
    .await;
    let stopping = tokio::spawn(relay.shutdown(Duration::from_secs(10)));
    let told = told_until_closed(through, before, "the relay stops").await;
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

/// Issue 37: a session is the database's, so every process of a cluster knows it, and signing
/// out on one ends it on the other; deleting the account on one leaves its games on the other
/// under "deleted player".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_made_on_one_process_is_valid_on_the_other() {
    use martian_testkit::ws::http;
    let url = postgres::server().database();
    let (a, b) = (node(&url, "node-a").await, node(&url, "node-b").await);
    // A guest's game on node a, to its end: the account claims it.
    let mut guest = common::Client::create(a.addr(), "Cleo").await;
    guest
        .send(json!({"type": "add_bot", "bot": "random"}))
        .await;
    guest
        .send(json!({"type": "set_rules", "rules": {"dice": 13, "target": 1, "bonus": "one-of-each", "end": "immediate", "tie": "shared"}}))
        .await;
    guest.send(json!({"type": "start"})).await;
    guest.until(|room| room["status"] == "playing").await;
    common::play_out(&mut guest).await;
    let room = guest.room_id.clone().unwrap();
    let seats = json!([{"room": room, "token": guest.token.clone().unwrap()}]);
    let body = json!({"name": "Cleo", "password": "long enough", "seats": seats}).to_string();
    let origin_a = format!("http://{}", a.addr());
    let (status, headers, text) = http(
        a.addr(),
        "POST",
        "/api/accounts",
        &[("Origin", &origin_a)],
        Some(body.as_bytes()),
    )
    .await;
    assert_eq!(status, 201, "{text}");
    let cookie = headers
        .iter()
        .find(|(name, _)| name == "set-cookie")
        .map(|(_, value)| value.split(';').next().unwrap().to_string())
        .unwrap();
    let me = |addr| {
        let cookie = cookie.clone();
        async move {
            http(
                addr,
                "GET",
                "/api/accounts/me",
                &[("Cookie", &cookie)],
                None,
            )
            .await
            .0
        }
    };
    assert_eq!(me(b.addr()).await, 200);
    let origin_b = format!("http://{}", b.addr());
    let (status, _, _) = http(
        b.addr(),
        "DELETE",
        "/api/session",
        &[("Cookie", &cookie), ("Origin", &origin_b)],
        None,
    )
    .await;
    assert_eq!(status, 204);
    assert_eq!(me(a.addr()).await, 401);
    // The name is taken on both.
    let (status, _, _) = http(
        b.addr(),
        "POST",
        "/api/accounts",
        &[],
        Some(body.as_bytes()),
    )
    .await;
    assert_eq!(status, 409);
    // Signed in again on b, the account is deleted there; its game stays, nameless.
    let (status, headers, text) = http(
        b.addr(),
        "POST",
        "/api/session",
        &[("Origin", &origin_b)],
        Some(
            json!({"name": "Cleo", "password": "long enough"})
                .to_string()
                .as_bytes(),
        ),
    )
    .await;
    assert_eq!(status, 200, "{text}");
    let cookie = headers
        .iter()
        .find(|(name, _)| name == "set-cookie")
        .map(|(_, value)| value.split(';').next().unwrap().to_string())
        .unwrap();
    let (status, _, text) = http(
        b.addr(),
        "DELETE",
        "/api/accounts/me",
        &[("Cookie", &cookie), ("Origin", &origin_b)],
        Some(json!({"password": "long enough"}).to_string().as_bytes()),
    )
    .await;
    assert_eq!(status, 204, "{text}");
    let record_path = format!("/api/rooms/{room}/games/1/record");
    let (status, _, text) = http(a.addr(), "GET", &record_path, &[], None).await;
    assert_eq!(status, 200, "{text}");
    let record: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(record["players"][0]["name"], "deleted player");
    a.shutdown(Duration::from_secs(5)).await;
    b.shutdown(Duration::from_secs(5)).await;
}
