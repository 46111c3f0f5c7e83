//! One client must not be able to hurt the others: slow and silent sockets, floods of frames of
//! any kind, rooms created by the hundred, names that hide or turn text around, and secrets in
//! the database file — each refused or bounded, with the server still serving everyone else.

mod common;

use std::time::Duration;

use common::{Client, WAIT, http_get_with_headers, server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

/// Polls `check` until it holds or `limit` passes; says whether it held.
async fn eventually(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let end = tokio::time::Instant::now() + limit;
    while tokio::time::Instant::now() < end {
        if check() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    check()
}

/// Whether the server closes `stream` within `limit` (end of stream or a reset, not a timeout).
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let mut buffer = [0u8; 1024];
    let end = tokio::time::Instant::now() + limit;
    loop {
        match tokio::time::timeout_at(end, stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

/// The close frame the server ends a connection with, read past any other message.
async fn close_code<S>(ws: &mut S) -> u16
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let message = tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("the server closes within the wait")
            .expect("a close frame before the end")
            .expect("a close frame, not a reset");
        if let Message::Close(frame) = message {
            return frame.map_or(1005, |f| u16::from(f.code));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_silent_sockets_are_counted_and_closed() {
    let running = server(|config| {
        config.max_connections = 3;
        config.header_timeout = Duration::from_secs(1);
    })
    .await;
    let addr = running.addr();
    // Three sockets that never finish a request: silent, dribbling, half a header.
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut dribbling = TcpStream::connect(addr).await.unwrap();
    assert!(
        eventually(WAIT, || running.open_connections() == 3).await,
        "every socket counts from its accept: {}",
        running.open_connections()
    );
    // Meanwhile a game client finds the server full, and is told so.
    let (mut refused, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
    let first = refused.next().await.unwrap().unwrap();
    let refusal: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert_eq!(refusal["code"], "server_full", "{refusal}");
    assert_eq!(close_code(&mut refused).await, 1013);
    drop(refused);
    // The dribbler sends a byte every 300 ms; all three are closed by the header timeout.
    let dribble = async {
        for byte in b"GET / HTTP/1.1\r\nHost: x\r\nX: " {
            if dribbling.write_all(&[*byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    };
    let limit = Duration::from_secs(4);
    let (_, silent_closed, half_closed) = tokio::join!(
        dribble,
        closed_within(&mut silent, limit),
        closed_within(&mut half, limit)
    );
    assert!(silent_closed && half_closed);
    assert!(closed_within(&mut dribbling, limit).await);
    assert!(
        eventually(WAIT, || running.open_connections() == 0).await,
        "{} connections still counted",
        running.open_connections()
    );
    // A connection left idle after a whole request is closed too.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    assert!(closed_within(&mut idle, limit).await);
    // And the room they took is free again.
    let mut client = Client::connect(addr).await;
    client.send(json!({"type": "ping"})).await;
    assert_eq!(client.recv().await["type"], "pong");
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_websocket_is_closed_and_a_pinging_one_stays() {
    let running = server(|config| config.ws_idle_timeout = Duration::from_secs(1)).await;
    let addr = running.addr();
    let (mut silent, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
    let (mut talker, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
    let (mut pinger, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
    for ws in [&mut silent, &mut talker, &mut pinger] {
        let welcome = ws.next().await.unwrap().unwrap();
        assert!(welcome.to_text().unwrap().contains("welcome"));
    }
    let started = tokio::time::Instant::now();
    // Three seconds of protocol pings from one, WebSocket pings from the other.
    for _ in 0..10 {
        talker
            .send(Message::Text(json!({"type": "ping"}).to_string().into()))
            .await
            .unwrap();
        let pong = talker.next().await.unwrap().unwrap();
        assert!(pong.to_text().unwrap().contains("pong"), "{pong:?}");
        pinger
            .send(Message::Ping(b"still here".to_vec().into()))
            .await
            .unwrap();
        let pong = tokio::time::timeout(WAIT, pinger.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        assert!(matches!(pong, Message::Pong(_)), "{pong:?}");
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    assert!(started.elapsed() > Duration::from_secs(2));
    assert_eq!(close_code(&mut silent).await, 4408);
    running.abort();
}

/// Counts the `rate_limited` refusals among what arrives within a moment.
async fn refusals<S>(ws: &mut S) -> (usize, Vec<Value>)
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let mut limited = 0;
    let mut others = Vec::new();
    while let Ok(Some(Ok(message))) =
        tokio::time::timeout(Duration::from_millis(500), ws.next()).await
    {
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(&text).unwrap();
            if value["code"] == "rate_limited" {
                limited += 1;
            } else {
                others.push(value);
            }
        }
    }
    (limited, others)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_frame_counts_against_the_rate_limit() {
    let running = server(|config| {
        config.rate_burst = 5.0;
        config.rate_per_second = 1.0;
    })
    .await;
    let addr = running.addr();
    let (mut ws, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
    ws.next().await.unwrap().unwrap();
    // Twelve WebSocket pings: the burst of five passes, the rest are refused.
    for _ in 0..12 {
        ws.send(Message::Ping(Vec::new().into())).await.unwrap();
    }
    let (limited, others) = refusals(&mut ws).await;
    assert!((6..=7).contains(&limited), "{limited} refusals, {others:?}");
    assert!(others.is_empty(), "{others:?}");
    // Binary frames count the same way.
    let (mut binary, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
    binary.next().await.unwrap().unwrap();
    for _ in 0..12 {
        binary
            .send(Message::Binary(vec![0u8; 1000].into()))
            .await
            .unwrap();
    }
    let (limited, others) = refusals(&mut binary).await;
    assert!((6..=7).contains(&limited), "{limited} refusals");
    assert!(
        others.iter().all(|o| o["code"] == "malformed"),
        "{others:?}"
    );
    assert!((5..=6).contains(&others.len()), "{others:?}");
    // A flood of pings past fifty refusals is closed.
    let (mut flood, _) = connect_async(format!("ws://{addr}/ws")).await.unwrap();
    flood.next().await.unwrap().unwrap();
    for _ in 0..80 {
        if flood.send(Message::Ping(Vec::new().into())).await.is_err() {
            break;
        }
    }
    assert_eq!(close_code(&mut flood).await, 1008);
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_client_cannot_take_every_room() {
    let running = server(|config| {
        config.rooms_per_connection = 2;
        config.rooms_per_address = 3;
    })
    .await;
    let addr = running.addr();
    // Rooms count while they are live: in their lobby with someone in them. The first client
    // makes two, leaving each to a friend who stays.
    let mut first = Client::connect(addr).await;
    let mut friends = Vec::new();
    for name in ["A", "B"] {
        first
            .send(json!({"type": "create_room", "name": name}))
            .await;
        let joined = first.recv_type("joined").await;
        let room = joined["room"].as_str().unwrap().to_string();
        friends.push(Client::join(addr, &room, &format!("{name} friend")).await);
        first.send(json!({"type": "leave"})).await;
        first.recv_type("left").await;
    }
    first
        .refused(
            json!({"type": "create_room", "name": "C"}),
            "rooms_per_connection",
        )
        .await;
    let second = Client::create(addr, "D").await;
    let mut third = Client::connect(addr).await;
    third
        .refused(
            json!({"type": "create_room", "name": "E"}),
            "rooms_per_address",
        )
        .await;
    assert_eq!(running.rooms(), 3);
    // A room everyone left counts no more, once the server has seen its last player go.
    second.close().await;
    assert!(
        eventually(Duration::from_secs(5), || running
            .live_rooms_from(addr.ip())
            == 2)
        .await,
        "the room left by everyone still counts"
    );
    third
        .send(json!({"type": "create_room", "name": "E"}))
        .await;
    third.recv_type("joined").await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_lobby_closes_within_minutes_and_frees_its_place() {
    let running = server(|config| {
        config.rooms_per_address = 1;
        config.lobby_idle_close = Duration::from_millis(500);
    })
    .await;
    let addr = running.addr();
    let host = Client::create(addr, "Ana").await;
    let room = host.room_id.clone().unwrap();
    let mut other = Client::connect(addr).await;
    other
        .refused(
            json!({"type": "create_room", "name": "Bob"}),
            "rooms_per_address",
        )
        .await;
    host.close().await;
    assert!(
        eventually(WAIT, || running.rooms() == 0).await,
        "the empty lobby is closed"
    );
    other
        .refused(json!({"type": "watch", "room": room}), "no_such_room")
        .await;
    other
        .send(json!({"type": "create_room", "name": "Bob"}))
        .await;
    other.recv_type("joined").await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_hide_or_turn_text_around_are_refused() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut client = Client::connect(addr).await;
    for name in [
        "\u{202E}gnp.exe",
        "Ana\u{2067}",
        "\u{200B}\u{2060}",
        "\u{3164}",
    ] {
        client
            .refused(json!({"type": "create_room", "name": name}), "invalid")
            .await;
    }
    let host = Client::create(addr, "Ana").await;
    let room = host.room_id.clone().unwrap();
    client
        .refused(
            json!({"type": "join", "room": room, "name": "\u{202D}Bob"}),
            "invalid",
        )
        .await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_the_security_headers() {
    let running = server(|config| config.bot_delay = Duration::ZERO).await;
    let addr = running.addr();
    // A finished game, so that a record is served too.
    let mut host = Client::create(addr, "Ana").await;
    let room = host.room_id.clone().unwrap();
    host.send(json!({"type": "add_bot", "bot": "aggressive"}))
        .await;
    host.recv_type("update").await;
    let rules = json!({"dice": 13, "target": 1, "bonus": "one-of-each", "end": "immediate", "tie": "shared"});
    host.send(json!({"type": "set_rules", "rules": rules}))
        .await;
    host.recv_type("update").await;
    host.send(json!({"type": "start"})).await;
    host.until(|room| room["status"] == "playing").await;
    while host.room["status"] != "over" {
        if host.my_turn() {
            let action = host.simple_action();
            host.play_one(&action).await;
        } else {
            host.recv().await;
        }
    }
    let record = format!("/api/rooms/{room}/games/1/record");
    let missing = format!("/api/rooms/{room}/games/9/record");
    for (path, status) in [
        ("/", 200),
        ("/app.js", 200),
        ("/style.css", 200),
        ("/i18n/en.ftl", 200),
        ("/healthz", 200),
        (record.as_str(), 200),
        (missing.as_str(), 404),
        ("/api/rooms/x/games/1/record", 404),
        ("/nothing/here", 404),
        ("/ws", 426),
    ] {
        let (got, headers, _) = http_get_with_headers(addr, path).await;
        assert_eq!(got, status, "{path}");
        let header = |name: &str| {
            headers
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
                .unwrap_or_else(|| panic!("{path}: no {name} header in {headers:?}"))
        };
        assert!(
            header("content-security-policy").contains("frame-ancestors 'none'"),
            "{path}"
        );
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("x-frame-options"), "DENY", "{path}");
        assert_eq!(header("referrer-policy"), "no-referrer", "{path}");
    }
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_tokens_never_reach_the_database_file() {
    let dir = std::env::temp_dir().join(format!("martian-tokens-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("server.db");
    let path = db.clone();
    let running = server(move |config| config.db = Some(path)).await;
    let addr = running.addr();
    let mut host = Client::create(addr, "Ana").await;
    let room = host.room_id.clone().unwrap();
    let guest = Client::join(addr, &room, "Bob").await;
    host.recv_type("update").await;
    let tokens = [host.token.clone().unwrap(), guest.token.clone().unwrap()];
    // The tokens still work: the server keeps what it needs to check them.
    let mut back = Client::connect(addr).await;
    back.send(json!({"type": "resume", "room": room, "token": tokens[1]}))
        .await;
    assert_eq!(back.recv_type("joined").await["seat"], 1);
    running.abort();
    let mut stored = Vec::new();
    for suffix in ["", "-wal"] {
        if let Ok(bytes) = std::fs::read(format!("{}{suffix}", db.display())) {
            stored.extend(bytes);
        }
    }
    let contains = |needle: &str| stored.windows(needle.len()).any(|w| w == needle.as_bytes());
    assert!(contains(&room), "the file holds the room");
    for token in &tokens {
        assert!(!contains(token), "a token is stored in clear");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A TCP connection to `addr` from the loopback address `from` (127.0.0.x: a client of its own).
async fn tcp_from(from: [u8; 4], addr: std::net::SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(std::net::SocketAddr::from((from, 0)))
        .expect("a loopback address of its own");
    socket.connect(addr).await.unwrap()
}

/// A WebSocket from `from` whose handshake carries `headers`; returns its first message.
async fn first_message(
    from: [u8; 4],
    addr: std::net::SocketAddr,
    headers: &[(&'static str, &str)],
) -> (tokio_tungstenite::WebSocketStream<TcpStream>, Value) {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(*name, value.parse().unwrap());
    }
    let (mut ws, _) = tokio_tungstenite::client_async(request, tcp_from(from, addr).await)
        .await
        .unwrap();
    let first = tokio::time::timeout(WAIT, ws.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    (ws, value)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_hold_every_connection() {
    let running = server(|config| {
        config.connections_per_address = 3;
        config.header_timeout = Duration::from_secs(30);
    })
    .await;
    let addr = running.addr();
    // 127.0.0.3 holds three sockets (silent ones, a page and a game alike).
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(tcp_from([127, 0, 0, 3], addr).await);
    }
    // Its fourth is told why, in the protocol for a game client, then closed (1013)...
    let (mut ws, refusal) = first_message([127, 0, 0, 3], addr, &[]).await;
    assert_eq!(refusal["code"], "too_many_connections", "{refusal}");
    assert!(
        refusal["message"]
            .as_str()
            .unwrap()
            .contains("your address"),
        "{refusal}"
    );
    assert_eq!(close_code(&mut ws).await, 1013);
    drop(ws);
    // ... and with a 503 for a page.
    let mut page = tcp_from([127, 0, 0, 3], addr).await;
    page.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    page.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("your address"), "{answer}");
    // Past its reserve of answered refusals, its connections are closed at once, with a word.
    let mut extra = Vec::new();
    for _ in 0..8 {
        extra.push(tcp_from([127, 0, 0, 3], addr).await);
    }
    let mut past = tcp_from([127, 0, 0, 3], addr).await;
    let mut answer = String::new();
    past.read_to_string(&mut answer).await.unwrap();
    assert!(
        answer.contains("too many connections from your address"),
        "{answer}"
    );
    // Everyone else is served meanwhile.
    let (_other, welcome) = first_message([127, 0, 0, 4], addr, &[]).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    // And once its connections close, the address is served again.
    drop((held, extra, past));
    let mut served = false;
    for _ in 0..50 {
        // The server learns of the closed sockets when it next reads them: until then the
        // handshake may still meet a 503, or the socket a refusal.
        let socket = tcp_from([127, 0, 0, 3], addr).await;
        if let Ok((mut ws, _)) =
            tokio_tungstenite::client_async(format!("ws://{addr}/ws"), socket).await
            && let Ok(Some(Ok(first))) = tokio::time::timeout(WAIT, ws.next()).await
            && first
                .to_text()
                .is_ok_and(|text| text.contains("\"welcome\""))
        {
            served = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        served,
        "the address stays refused after its connections closed"
    );
    running.abort();
}

/// GET `path` from `from` on a connection of its own: the whole answer.
async fn get_from(from: [u8; 4], addr: std::net::SocketAddr, path: &str) -> String {
    let mut stream = tcp_from(from, addr).await;
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    let _ = tokio::time::timeout(WAIT, stream.read_to_string(&mut answer)).await;
    answer
}

/// The machine's own monitoring (Prometheus, a health check, on 127.0.0.1) is answered when its
/// address holds every connection it may, past the refusals' reserve too, and when the server
/// holds every connection it may; anything else from there is still refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn monitoring_from_the_machine_is_answered_at_every_cap() {
    let running = server(|config| {
        config.connections_per_address = 100;
        config.header_timeout = Duration::from_secs(30);
    })
    .await;
    let addr = running.addr();
    let home = [127, 0, 0, 1];
    let mut held = Vec::new();
    for _ in 0..100 {
        held.push(tcp_from(home, addr).await);
    }
    let monitoring = ["/healthz", "/readyz", "/metrics"];
    let check = |stage: &'static str| async move {
        for path in monitoring {
            let answer = get_from(home, addr, path).await;
            assert!(
                answer.starts_with("HTTP/1.1 200"),
                "{stage}: {path}: {answer}"
            );
        }
        let page = get_from(home, addr, "/").await;
        assert!(page.starts_with("HTTP/1.1 503"), "{stage}: {page}");
        assert!(page.contains("connections"), "{stage}: {page}");
    };
    check("at its cap").await;
    // Past the reserve of answered refusals, where other requests are cut short at once.
    for _ in 0..8 {
        held.push(tcp_from(home, addr).await);
    }
    check("past the reserve").await;
    drop(held);
    running.abort();

    // The whole server full, with every connection another address's.
    let running = server(|config| {
        config.max_connections = 2;
        config.header_timeout = Duration::from_secs(30);
    })
    .await;
    let addr = running.addr();
    let mut held = Vec::new();
    for _ in 0..10 {
        held.push(tcp_from([127, 0, 0, 2], addr).await);
    }
    assert!(eventually(WAIT, || running.open_connections() == 10).await);
    for path in monitoring {
        let answer = get_from(home, addr, path).await;
        assert!(
            answer.starts_with("HTTP/1.1 200"),
            "server full: {path}: {answer}"
        );
    }
    let page = get_from(home, addr, "/").await;
    assert!(page.starts_with("HTTP/1.1 503"), "{page}");
    drop(held);
    running.abort();
}

/// A club behind one router (one address): several people each typing a wrong code or three
/// must not lock the others out of the right one. Each connection has its own budget of misses;
/// the address's, shared, is large enough for a room full of typos.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_club_behind_one_address_typing_wrong_codes_still_finds_its_room() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let host = Client::create(addr, "Ana").await;
    let code = host.room["code"].as_str().unwrap().to_string();
    let unknown = if code == "ZZZZZ" { "YYYYY" } else { "ZZZZZ" };
    // Five people from 127.0.0.1, three typos each: more misses than one connection may make.
    let mut members = Vec::new();
    for _ in 0..5 {
        let mut member = Client::connect(addr).await;
        for _ in 0..3 {
            member
                .refused(
                    json!({"type": "join", "code": unknown, "name": "Bia"}),
                    "unknown_code",
                )
                .await;
        }
        members.push(member);
    }
    // Each of them, and a newcomer from the same address, still gets in with the right code.
    for (at, member) in members.iter_mut().enumerate() {
        member
            .send(json!({"type": "watch", "code": code.to_lowercase()}))
            .await;
        let joined = member.recv_type("joined").await;
        assert_eq!(joined["seat"], Value::Null, "member {at} watches: {joined}");
    }
    let mut newcomer = Client::connect(addr).await;
    newcomer
        .send(json!({"type": "join", "code": code, "name": "Cid"}))
        .await;
    assert_eq!(newcomer.recv_type("joined").await["seat"], 1);
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_has_its_own_cap() {
    let running = server(|config| {
        config.connections_per_address = 2;
        config.trusted_proxies = vec!["127.0.0.0/29".parse().unwrap()];
    })
    .await;
    let addr = running.addr();
    // Every connection comes from the proxy (127.0.0.5), which names its client.
    let client = |ip: &'static str| [("x-real-ip", ip)];
    let (_a, first) = first_message([127, 0, 0, 5], addr, &client("203.0.113.9")).await;
    let (b, second) = first_message([127, 0, 0, 5], addr, &client("203.0.113.9")).await;
    assert_eq!(
        (first["type"].as_str(), second["type"].as_str()),
        (Some("welcome"), Some("welcome"))
    );
    let (mut third, refusal) = first_message([127, 0, 0, 5], addr, &client("203.0.113.9")).await;
    assert_eq!(refusal["code"], "too_many_connections", "{refusal}");
    assert_eq!(close_code(&mut third).await, 1013);
    // Another client through the same proxy is served: the proxy itself is not capped.
    let mut others = Vec::new();
    for _ in 0..2 {
        let (ws, welcome) = first_message([127, 0, 0, 5], addr, &client("203.0.113.10")).await;
        assert_eq!(welcome["type"], "welcome");
        others.push(ws);
    }
    // A closed WebSocket gives its place back.
    drop(b);
    let mut served = false;
    for _ in 0..50 {
        let (_ws, message) = first_message([127, 0, 0, 5], addr, &client("203.0.113.9")).await;
        if message["type"] == "welcome" {
            served = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(served);
    running.abort();
}

/// A game from `from`: created by `name` with a greedy bot, started, then left — with `leave`
/// (the seat kept, to come back to) or `leave_seat` (given up to a bot). Returns the room, or the
/// refusal's code.
async fn start_and_leave(
    addr: std::net::SocketAddr,
    from: [u8; 4],
    give_up: bool,
) -> Result<String, String> {
    let mut client = Client::connect_from(addr, from).await;
    client
        .send(json!({"type": "create_room", "name": "Mallory"}))
        .await;
    let reply = client.recv().await;
    if reply["type"] == "error" {
        return Err(reply["code"].as_str().unwrap().to_string());
    }
    assert_eq!(reply["type"], "joined", "{reply}");
    client
        .send(json!({"type": "add_bot", "bot": "greedy"}))
        .await;
    client
        .until(|room| room["seats"].as_array().is_some_and(|s| s.len() == 2))
        .await;
    client.send(json!({"type": "start"})).await;
    client.until(|room| room["status"] == "playing").await;
    let leave = if give_up { "leave_seat" } else { "leave" };
    client.send(json!({"type": leave})).await;
    client.recv_type("left").await;
    Ok(client.room_id.clone().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_churning_rooms_never_close_a_game_people_left() {
    let running = server(|config| {
        config.max_rooms = 5;
        config.rooms_per_address = 3;
        // Bots and stand-ins never move, and nobody is away: the games stay unfinished.
        config.bot_delay = Duration::from_secs(3600);
        config.grace = Duration::from_secs(3600);
    })
    .await;
    let addr = running.addr();
    // Ana and Bob play; both leave a moment later.
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let token = ana.token.clone().unwrap();
    let mut bob = Client::join(addr, &room, "Bob").await;
    ana.send(json!({"type": "start"})).await;
    ana.until(|room| room["status"] == "playing").await;
    for client in [&mut ana, &mut bob] {
        client.send(json!({"type": "leave"})).await;
        client.recv_type("left").await;
    }
    // A stranger starts a game and gives his seat up to a bot: nobody will miss it.
    let bots_only = start_and_leave(addr, [127, 0, 0, 10], true).await.unwrap();
    // Another starts and leaves games: each counts against his address, left or not.
    for _ in 0..3 {
        start_and_leave(addr, [127, 0, 0, 11], false).await.unwrap();
    }
    assert_eq!(
        start_and_leave(addr, [127, 0, 0, 11], false).await,
        Err("rooms_per_address".into())
    );
    assert_eq!(running.rooms(), 5);
    // The server is full: a new room takes the place of the game only bots play...
    start_and_leave(addr, [127, 0, 0, 12], false).await.unwrap();
    assert_eq!(running.rooms(), 5);
    // ... and then of nothing: every other room holds a game people will come back to.
    assert_eq!(
        start_and_leave(addr, [127, 0, 0, 13], false).await,
        Err("too_many_rooms".into())
    );
    // Ana's game is there, as she left it.
    let mut ana = Client::connect(addr).await;
    ana.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    ana.recv_type("joined").await;
    ana.until(|room| room["status"] == "playing").await;
    assert_eq!(ana.seat, Some(0));
    // The game closed to make way keeps its record, unfinished.
    let (status, record) =
        common::http_get(addr, &format!("/api/rooms/{bots_only}/games/1/record")).await;
    assert_eq!(status, 200, "{record}");
    let record: Value = serde_json::from_str(&record).unwrap();
    assert!(record["result"].is_null(), "{record}");
    assert_eq!(record["players"][0]["name"], "Mallory");
    running.abort();
}
