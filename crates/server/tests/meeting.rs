//! Meeting people: the live list of public rooms, quick match (two strangers matched, a bot
//! offered after the wait and taken for everyone waiting, sizes combined after the wait,
//! cancelling, the queue's bound), room codes typed with look-alikes, and — with several
//! processes sharing PostgreSQL — the per-address room cap, the public list, room codes and
//! quick match across processes.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{Client, next_where, server};
use martian_testkit::postgres;
use serde_json::{Value, json};

fn rooms_in(list: &Value, which: &str) -> Vec<String> {
    list[which]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["room"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_rooms_are_listed_live_waiting_apart_from_playing() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut home = Client::connect(addr).await;
    home.send(json!({"type": "browse", "on": true})).await;
    let first = next_where(&mut home, "public_rooms", |_| true).await;
    assert_eq!(first["waiting"], json!([]));
    assert_eq!(first["playing"], json!([]));
    assert_eq!(first["queue"], json!({"2": 0, "3": 0, "4": 0}));

    // A private room is not listed; a public one is, with what a passer-by needs.
    let _private = Client::create(addr, "Zed").await;
    let mut ana = Client::connect(addr).await;
    ana.send(
        json!({"type": "create_room", "name": "Ana", "avatar": "cow",
                    "lang": "pt-BR", "public": true}),
    )
    .await;
    ana.recv_type("update").await;
    let room = ana.room_id.clone().unwrap();
    let list = next_where(&mut home, "public_rooms", |l| {
        !l["waiting"].as_array().unwrap().is_empty()
    })
    .await;
    assert_eq!(rooms_in(&list, "waiting"), std::slice::from_ref(&room));
    let listed = &list["waiting"][0];
    assert_eq!(listed["code"], ana.room["code"]);
    assert_eq!(listed["host"], "Ana");
    assert_eq!(listed["lang"], "pt-BR");
    assert_eq!(listed["free"], 7);
    assert_eq!(
        listed["seats"][0],
        json!({"name": "Ana", "avatar": "cow", "bot": null})
    );
    assert_eq!(listed["rules"]["target"], 25);

    // Started: listed among the games to watch.
    ana.send(json!({"type": "add_bot", "bot": "random"})).await;
    ana.send(json!({"type": "start"})).await;
    let list = next_where(&mut home, "public_rooms", |l| {
        !l["playing"].as_array().unwrap().is_empty()
    })
    .await;
    assert_eq!(rooms_in(&list, "playing"), std::slice::from_ref(&room));
    assert_eq!(rooms_in(&list, "waiting"), Vec::<String>::new());
    // Made private, or left by everyone: off the list.
    ana.send(json!({"type": "set_options", "public": false}))
        .await;
    next_where(&mut home, "public_rooms", |l| {
        l["playing"].as_array().unwrap().is_empty()
    })
    .await;
    ana.send(json!({"type": "set_options", "public": true}))
        .await;
    next_where(&mut home, "public_rooms", |l| {
        !l["playing"].as_array().unwrap().is_empty()
    })
    .await;
    ana.close().await;
    next_where(&mut home, "public_rooms", |l| {
        l["playing"].as_array().unwrap().is_empty()
    })
    .await;
    // Entering a room ends the subscription.
    home.send(json!({"type": "watch", "room": room})).await;
    home.recv_type("joined").await;
    home.send(json!({"type": "ping"})).await;
    loop {
        let message = home.recv().await;
        assert_ne!(message["type"], "public_rooms", "{message}");
        if message["type"] == "pong" {
            break;
        }
    }
    running.abort();
}

/// Asks for a quick match of `players` and returns the first `matching` state.
async fn quick_match(client: &mut Client, name: &str, lang: &str, players: u64) -> Value {
    client
        .send(json!({"type": "quick_match", "name": name, "lang": lang, "players": players}))
        .await;
    client.recv_type("matching").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_strangers_are_matched_into_a_game_of_their_own() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::connect(addr).await;
    let waiting = quick_match(&mut ana, "Ana", "en", 2).await;
    assert_eq!(waiting["state"], "waiting", "{waiting}");
    assert_eq!(waiting["position"], 1);
    assert_eq!(waiting["waiting"], 1);
    assert_eq!(waiting["bot_offered"], false);
    assert!(waiting["bot_offer_ms"].as_u64().unwrap() > 0);
    // While waiting, nothing enters a room.
    ana.refused(json!({"type": "create_room", "name": "Ana"}), "wrong_state")
        .await;
    let mut bia = Client::connect(addr).await;
    bia.send(json!({"type": "quick_match", "name": "Bia", "lang": "en"}))
        .await;
    for (client, seat) in [(&mut ana, 0), (&mut bia, 1)] {
        let matched = next_where(client, "matching", |m| m["state"] == "matched").await;
        let joined = client.recv_type("joined").await;
        assert_eq!(joined["room"], matched["room"]);
        assert_eq!(joined["seat"], seat);
        assert!(joined["token"].is_string());
        client.until(|r| r["status"] == "playing").await;
        let names: Vec<&str> = client.room["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["Ana", "Bia"]);
        assert_eq!(client.room["public"], false);
    }
    assert_eq!(ana.room["host"], 0);
    assert_eq!(
        ana.room["timer"]["seconds"], 60,
        "two people: the usual timer"
    );
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_is_offered_after_the_wait_and_the_queue_can_be_left() {
    let running = server(|config| {
        config.match_bot_after = Duration::from_millis(300);
        config.match_queue = 2;
    })
    .await;
    let addr = running.addr();
    let mut ana = Client::connect(addr).await;
    let waiting = quick_match(&mut ana, "Ana", "pt-BR", 2).await;
    assert_eq!(waiting["bot_offered"], false);
    ana.refused(json!({"type": "match_bot"}), "wrong_state")
        .await;
    let offered = next_where(&mut ana, "matching", |m| m["bot_offered"] == true).await;
    assert_eq!(offered["bot_offer_ms"], 0);
    assert!(offered["waited_ms"].as_u64().unwrap() >= 300);
    ana.send(json!({"type": "match_bot"})).await;
    next_where(&mut ana, "matching", |m| m["state"] == "matched").await;
    assert_eq!(ana.recv_type("joined").await["seat"], 0);
    ana.until(|r| r["status"] == "playing").await;
    assert!(ana.room["seats"][1]["bot"].is_string());
    assert_eq!(ana.room["lang"], "pt-BR");
    assert_eq!(
        ana.room["timer"]["seconds"], 0,
        "one person with a bot: no timer"
    );

    // Cancelling leaves the queue; the connection may then do anything.
    let mut bia = Client::connect(addr).await;
    quick_match(&mut bia, "Bia", "en", 3).await;
    bia.send(json!({"type": "match_cancel"})).await;
    let cancelled = next_where(&mut bia, "matching", |m| m["state"] != "waiting").await;
    assert_eq!(cancelled["state"], "cancelled");
    bia.refused(json!({"type": "match_cancel"}), "wrong_state")
        .await;
    bia.send(json!({"type": "create_room", "name": "Bia"}))
        .await;
    bia.recv_type("joined").await;

    // The queue is bounded: two wait (a 3 and a 4 alone never make a table), a third is
    // refused.
    let mut cid = Client::connect(addr).await;
    quick_match(&mut cid, "Cid", "en", 3).await;
    let mut dan = Client::connect(addr).await;
    quick_match(&mut dan, "Dan", "en", 4).await;
    let mut eva = Client::connect(addr).await;
    eva.refused(
        json!({"type": "quick_match", "name": "Eva", "players": 2}),
        "queue_full",
    )
    .await;
    eva.refused(
        json!({"type": "quick_match", "name": "Eva", "players": 9}),
        "invalid",
    )
    .await;
    // A connection that closes leaves its place.
    dan.close().await;
    let mut tries = 0;
    loop {
        eva.send(json!({"type": "quick_match", "name": "Eva", "players": 2}))
            .await;
        let answer = eva.recv().await;
        if answer["type"] == "matching" {
            break;
        }
        assert_eq!(answer["code"], "queue_full", "{answer}");
        tries += 1;
        assert!(tries < 50, "the closed connection's place is freed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    running.abort();
}

/// Waits (at most 10 s) until `client` is matched; its room id and seat, once the game started.
async fn matched(client: &mut Client) -> (String, u64) {
    let matched = tokio::time::timeout(
        Duration::from_secs(10),
        next_where(client, "matching", |m| m["state"] != "waiting"),
    )
    .await
    .expect("matched within seconds");
    seated(client, matched).await
}

/// After `matched` (a `matching` that is not `waiting`): the room id and seat, once the game
/// started.
async fn seated(client: &mut Client, matched: Value) -> (String, u64) {
    assert_eq!(matched["state"], "matched", "{matched}");
    let joined = client.recv_type("joined").await;
    assert_eq!(joined["room"], matched["room"]);
    client.until(|r| r["status"] == "playing").await;
    // The seat now: a rated game's start draws the seats, and tells the moved their new one.
    (
        joined["room"].as_str().unwrap().to_string(),
        client.seat.expect("seated"),
    )
}

/// The seats' names, and whether each is a bot.
fn table(client: &Client) -> Vec<(String, bool)> {
    client.room["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["bot"].is_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_taken_seats_everyone_waiting_and_sizes_combine_after_the_wait() {
    let running = server(|config| config.match_bot_after = Duration::from_millis(300)).await;
    let addr = running.addr();
    // Two wait for a table of 3 (never shrunk to 2 between themselves); the second takes the
    // bot offered: both sit at the table, with one bot, whatever their languages.
    let mut ana = Client::connect(addr).await;
    quick_match(&mut ana, "Ana", "en", 3).await;
    let mut bia = Client::connect(addr).await;
    quick_match(&mut bia, "Bia", "pt-BR", 3).await;
    next_where(&mut ana, "matching", |m| m["bot_offered"] == true).await;
    next_where(&mut bia, "matching", |m| m["bot_offered"] == true).await;
    bia.send(json!({"type": "match_bot"})).await;
    let (room, seat) = matched(&mut ana).await;
    assert_eq!(seat, 0);
    assert_eq!(matched(&mut bia).await, (room, 1));
    let bot = table(&ana)[2].0.clone();
    assert_eq!(
        table(&ana),
        [("Ana".into(), false), ("Bia".into(), false), (bot, true)]
    );
    assert_eq!(ana.room["lang"], "en", "the first who asked hosts");

    // A 3 and a 2: apart until the 3 is offered a bot, then together at a table of 2, no bot.
    let mut cid = Client::connect(addr).await;
    quick_match(&mut cid, "Cid", "en", 3).await;
    let mut dan = Client::connect(addr).await;
    let waiting = quick_match(&mut dan, "Dan", "en", 2).await;
    assert_eq!(waiting["state"], "waiting", "{waiting}");
    let (room, seat) = matched(&mut dan).await;
    assert_eq!(seat, 1);
    assert_eq!(matched(&mut cid).await, (room, 0));
    assert_eq!(table(&cid), [("Cid".into(), false), ("Dan".into(), false)]);
    running.abort();
}

/// A server process of a cluster sharing PostgreSQL at `url`, in this process.
async fn node(
    url: &str,
    name: &str,
    adjust: impl FnOnce(&mut martian_server::Config),
) -> martian_server::Running {
    server(|config| {
        let mut cluster = martian_server::ClusterConfig::new(url);
        cluster.node = Some(name.to_string());
        config.cluster = Some(cluster);
        adjust(config);
    })
    .await
}

/// Creates a room on the process at `addr`; the answer, and the connection that keeps the room
/// live.
async fn create(addr: SocketAddr, name: &str) -> (Value, Client) {
    let mut client = Client::connect(addr).await;
    client
        .send(json!({"type": "create_room", "name": name}))
        .await;
    let answer = client.recv().await;
    (answer, client)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processes_sharing_postgresql_share_the_room_cap_the_list_and_the_codes() {
    let url = postgres::server().database();
    let a = node(&url, "a", |config| config.rooms_per_address = 3).await;
    let b = node(&url, "b", |config| config.rooms_per_address = 3).await;
    // One address, rooms on both processes: the cap counts them all.
    let mut live = Vec::new();
    for (server, name) in [(&a, "A1"), (&b, "B1"), (&a, "A2")] {
        let (answer, client) = create(server.addr(), name).await;
        assert_eq!(answer["type"], "joined", "{answer}");
        live.push(client);
    }
    // Each process hears of the other's live rooms through the database at once.
    let (refused, _) = create(b.addr(), "B2").await;
    assert_eq!(refused["code"], "rooms_per_address", "{refused}");
    assert_eq!(refused["limit"], 3);
    let (refused, _) = create(a.addr(), "A3").await;
    assert_eq!(refused["code"], "rooms_per_address", "{refused}");
    // A room everyone left frees its place, wherever it runs.
    live.remove(1).close().await;
    let mut freed = false;
    for _ in 0..50 {
        let (answer, client) = create(a.addr(), "A3").await;
        if answer["type"] == "joined" {
            live.push(client);
            freed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(freed, "the room left on the other process counts no more");

    // A public room of one process is listed by the other, and its code finds it there.
    let c = node(&url, "c", |config| config.rooms_per_address = 100).await;
    let mut host = Client::connect(c.addr()).await;
    host.send(json!({"type": "create_room", "name": "Host", "public": true}))
        .await;
    host.recv_type("update").await;
    let room = host.room_id.clone().unwrap();
    let code = host.room["code"].as_str().unwrap().to_string();
    let mut home = Client::connect(b.addr()).await;
    home.send(json!({"type": "browse", "on": true})).await;
    let list = tokio::time::timeout(
        Duration::from_secs(10),
        next_where(&mut home, "public_rooms", |l| {
            l["waiting"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["room"] == room.as_str())
        }),
    )
    .await
    .expect("the other process's public room is listed within seconds");
    assert_eq!(list["waiting"][0]["code"], code.as_str());
    let mut guest = Client::connect(b.addr()).await;
    guest
        .send(json!({"type": "join", "code": code.to_lowercase(), "name": "Guest"}))
        .await;
    let moved = guest.recv_type("error").await;
    assert_eq!(moved["code"], "moved", "{moved}");
    assert_eq!(moved["room"], room.as_str());
    a.abort();
    b.abort();
    c.abort();
}

/// A new account named `name`, made on the process at `addr`: its session cookie.
async fn account(addr: SocketAddr, name: &str) -> String {
    let body = json!({"name": name, "password": "correct horse battery"}).to_string();
    let (status, headers, text) =
        martian_testkit::ws::http(addr, "POST", "/api/accounts", &[], Some(body.as_bytes())).await;
    assert_eq!(status, 201, "{text}");
    headers
        .iter()
        .find(|(name, value)| name == "set-cookie" && value.starts_with("md_session="))
        .map(|(_, value)| value.split(';').next().unwrap().to_string())
        .expect("a session cookie")
}

/// Plays one move: the player whose turn it is moves, the other sees it.
async fn one_move(ana: &mut Client, bia: &mut Client) {
    let (mover, other) = if ana.my_turn() {
        (ana, bia)
    } else {
        (bia, ana)
    };
    assert!(mover.my_turn(), "one of the two is to move");
    let moves = mover.room["game"]["moves"].as_u64().unwrap();
    let action = mover.simple_action();
    mover.play_one(&action).await;
    other
        .until(|room| room["game"]["moves"].as_u64().unwrap() > moves)
        .await;
}

/// Issue 38: quick match meets people across the processes of a cluster. The process whose
/// lease is oldest (A, started first) makes every match: a `quick_match` on another process's
/// plain connection is answered `moved`, and the page connects again with `/ws?match=1`, which
/// that process hands to A. Guests meet and play; rated askers signed in on two processes meet
/// at a rated table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_match_meets_people_on_two_processes_of_a_cluster() {
    let url = postgres::server().database();
    let fast = |config: &mut martian_server::Config| {
        // The test plays faster than a person: the speed limit is not what it is about.
        config.rate_per_second = 1000.0;
        config.rate_burst = 1000.0;
    };
    let a = node(&url, "a", fast).await;
    let b = node(&url, "b", fast).await;
    let ask = |name: &str| json!({"type": "quick_match", "name": name, "lang": "en"});

    let mut ana = Client::connect(a.addr()).await;
    let waiting = ana.send_following(ask("Ana")).await;
    assert_eq!(waiting["state"], "waiting", "{waiting}");
    let mut bia = Client::connect(b.addr()).await;
    bia.send(ask("Bia")).await;
    let moved = bia.recv().await;
    assert_eq!(moved["code"], "moved", "{moved}");
    assert_eq!(moved["request"], "quick_match");
    assert!(moved["message"].as_str().unwrap().contains("/ws?match=1"));
    assert_eq!(moved.get("room"), None, "{moved}");
    // Followed as the page does: through B, to A's queue, where Ana waits (so Bia's first
    // answer may already be `matched`).
    let first = bia.send_following(ask("Bia")).await;
    assert_eq!(first["type"], "matching", "{first}");
    let (room, seat) = matched(&mut ana).await;
    assert_eq!(seat, 0);
    let bia_seat = match first["state"].as_str() {
        Some("waiting") => matched(&mut bia).await,
        _ => seated(&mut bia, first).await,
    };
    assert_eq!(bia_seat, (room.clone(), 1));
    assert_eq!(table(&bia), [("Ana".into(), false), ("Bia".into(), false)]);
    one_move(&mut ana, &mut bia).await;
    one_move(&mut ana, &mut bia).await;
    // Back to the room by its own URL on B (a page reloaded): handed to the room's process.
    let token = bia.token.clone().unwrap();
    bia.close().await;
    let mut bia = Client::connect_to(b.addr(), &format!("/ws?room={room}"), &[]).await;
    bia.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    assert_eq!(bia.recv_type("joined").await["seat"], 1);
    bia.recv_type("update").await;
    one_move(&mut ana, &mut bia).await;

    // Rated: Cleo signed in on B, Dora on A, both new (1000): one rated table.
    let (cleo, dora) = (
        account(b.addr(), "Cleo").await,
        account(a.addr(), "Dora").await,
    );
    let rated = |name: &str| json!({"type": "quick_match", "name": name, "rated": true});
    let (origin_a, origin_b) = (
        format!("http://{}", a.addr()),
        format!("http://{}", b.addr()),
    );
    let mut cleo =
        Client::connect_with(b.addr(), &[("Cookie", &cleo), ("Origin", &origin_b)]).await;
    assert_eq!(cleo.welcome["account"]["name"], "Cleo");
    let waiting = cleo.send_following(rated("Cleo")).await;
    assert_eq!(waiting["rating"], 1000, "{waiting}");
    assert_eq!(
        cleo.welcome["account"]["name"], "Cleo",
        "signed in after the move too"
    );
    let mut dora =
        Client::connect_with(a.addr(), &[("Cookie", &dora), ("Origin", &origin_a)]).await;
    let first = dora.send_following(rated("Dora")).await;
    assert_eq!(first["type"], "matching", "{first}");
    let (room, seat) = matched(&mut cleo).await;
    let dora_seat = match first["state"].as_str() {
        Some("waiting") => matched(&mut dora).await,
        _ => seated(&mut dora, first).await,
    };
    // A rated table's seats are drawn: either may sit first.
    assert_eq!(dora_seat, (room, 1 - seat));
    assert_eq!(cleo.room["rated"], true, "{}", cleo.room);
    let mut names = table(&dora);
    assert_eq!(names[seat as usize].0, "Cleo");
    names.sort();
    assert_eq!(names, [("Cleo".into(), false), ("Dora".into(), false)]);
    one_move(&mut cleo, &mut dora).await;
    a.abort();
    b.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_matched_room_is_stored_at_once_and_survives_a_restart() {
    let dir = std::env::temp_dir().join(format!("martian-meeting-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("server.db");
    let with_db = |config: &mut martian_server::Config| config.db = Some(db.clone());
    let running = server(with_db).await;
    let addr = running.addr();
    let mut ana = Client::connect(addr).await;
    quick_match(&mut ana, "Ana", "en", 2).await;
    let mut bia = Client::connect(addr).await;
    bia.send(json!({"type": "quick_match", "name": "Bia"}))
        .await;
    let matched = next_where(&mut bia, "matching", |m| m["state"] == "matched").await;
    let room = matched["room"].as_str().unwrap().to_string();
    bia.recv_type("joined").await;
    let token = bia.token.clone().unwrap();
    running.shutdown(Duration::from_secs(5)).await;

    let running = server(with_db).await;
    let mut back = Client::connect(running.addr()).await;
    back.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    assert_eq!(back.recv_type("joined").await["seat"], 1);
    back.recv_type("update").await;
    assert_eq!(back.room["seats"][0]["name"], "Ana");
    running.abort();
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_code_typed_with_look_alikes_finds_its_room_older_codes_included() {
    let dir = std::env::temp_dir().join(format!("martian-codes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("server.db");
    let with_db = |config: &mut martian_server::Config| config.db = Some(db.clone());
    let running = server(with_db).await;
    let addr = running.addr();
    // New codes hold none of the look-alikes; one holding Z, S, B or V (most do, within a few
    // rooms) is typed with 2, 5, 8 and u instead, in lower case, with a dash.
    let mut hosts = Vec::new();
    let (room, code) = loop {
        let host = Client::create(addr, "Ana").await;
        let code = host.room["code"].as_str().unwrap().to_string();
        assert!(!code.contains(|c| "0O1ILU258".contains(c)), "{code}");
        if code.contains(|c| "ZSBV".contains(c)) {
            break (host.room_id.clone().unwrap(), code);
        }
        assert!(hosts.len() < 40, "40 codes without Z, S, B or V");
        hosts.push(host);
    };
    let typed: String = code
        .chars()
        .map(|c| match c {
            'Z' => '2',
            'S' => '5',
            'B' => '8',
            'V' => 'u',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    let typed = format!("{}-{}", &typed[..2], &typed[2..]);
    let mut bia = Client::connect(addr).await;
    bia.send(json!({"type": "join", "code": typed, "name": "Bia"}))
        .await;
    let joined = bia.recv_type("joined").await;
    assert_eq!(joined["room"], room.as_str(), "{typed} finds {code}");
    running.shutdown(Duration::from_secs(5)).await;

    // A room of an older version, whose code holds the digits 2, 5 and 8 that new codes no
    // longer use, is found typed with either of each look-alike.
    {
        let conn = rusqlite::Connection::open(&db).expect("the database opens");
        let changed = conn
            .execute(
                "UPDATE rooms SET code = 'Q2S58', state = json_set(state, '$.code', 'Q2S58')
                 WHERE id = ?1",
                [&room],
            )
            .unwrap();
        assert_eq!(changed, 1);
    }
    let running = server(with_db).await;
    let addr = running.addr();
    for typed in ["qz-5sb", "Q2S58", "QZSSB"] {
        let mut guest = Client::connect(addr).await;
        guest.send(json!({"type": "watch", "code": typed})).await;
        let joined = guest.recv_type("joined").await;
        assert_eq!(joined["room"], room.as_str(), "{typed}");
        guest.recv_type("update").await;
        assert_eq!(
            guest.room["code"], "Q2S58",
            "the code is shown as it was given"
        );
    }
    running.abort();
    let _ = std::fs::remove_dir_all(&dir);
}
