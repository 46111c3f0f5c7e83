//! Issue 21 at the table, over real WebSockets: nobody is locked out after many games (and each
//! room limit says which it is), one person has one seat whatever the tabs, the timer against
//! bots, the rematch's first player, room codes and their QR code, the chat, avatars, giving a
//! seat up, "your games" — and all of it after a restart.

#[path = "social/accounts.rs"]
mod accounts;
mod common;
#[path = "social/friends.rs"]
mod friends;
#[path = "social/ratings.rs"]
mod ratings;

use std::time::Duration;

use common::{
    Client, events_with, http_get, http_get_with_headers, names, next_of, play_out, server,
};
use serde_json::{Value, json};

/// Rules under which a game ends at the first turn that scores.
fn short_rules() -> Value {
    json!({"dice": 13, "target": 1, "bonus": "one-of-each", "end": "immediate", "tie": "shared"})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_quick_games_in_a_row_from_one_address_all_start() {
    // The defaults of `serve`: 20 live rooms per address, 5 per connection.
    let running = server(|config| {
        config.rooms_per_address = 20;
        config.rooms_per_connection = 5;
        // The test plays faster than a person: the speed limit is not what it is about.
        config.rate_per_second = 1000.0;
        config.rate_burst = 1000.0;
    })
    .await;
    let addr = running.addr();
    let mut page = Client::connect(addr).await;
    for game in 0..30 {
        // "Play against a bot", as the page does it: a room, a bot, the start.
        page.send(json!({"type": "create_room", "name": "Ana"}))
            .await;
        let joined = page.recv_type("joined").await;
        assert_eq!(joined["seat"], 0, "game {game}");
        page.recv_type("update").await;
        page.send(json!({"type": "add_bot", "bot": "random"})).await;
        page.send(json!({"type": "set_rules", "rules": short_rules()}))
            .await;
        page.send(json!({"type": "start"})).await;
        page.until(|room| room["status"] == "playing").await;
        // Two games in three are played to their end; the others are left half-played with the
        // page's Leave button, which gives the seat up: either way the room counts no more. (A
        // game left with its seat kept counts against its creator for an hour: issue 41.)
        if game % 3 != 2 {
            play_out(&mut page).await;
            page.send(json!({"type": "leave"})).await;
        } else {
            page.send(json!({"type": "leave_seat"})).await;
        }
        page.recv_type("left").await;
    }
    // Meanwhile other tabs of the same address hold live rooms of their own, up to the cap.
    let mut tabs = Vec::new();
    for i in 0..20 {
        tabs.push(Client::create(addr, &format!("Tab {i}")).await);
    }
    let refused = {
        let mut one_more = Client::connect(addr).await;
        one_more
            .send(json!({"type": "create_room", "name": "Too many"}))
            .await;
        one_more.recv_type("error").await
    };
    assert_eq!(refused["code"], "rooms_per_address", "{refused}");
    assert_eq!(refused["limit"], 20, "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("finish or leave")
    );
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_room_limit_is_refused_with_its_own_code() {
    let running = server(|config| {
        config.rooms_per_address = 1000;
        config.rooms_per_connection = 1;
    })
    .await;
    let addr = running.addr();
    // A connection's room stays live while a friend is in it.
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let _bia = Client::join(addr, &room, "Bia").await;
    ana.send(json!({"type": "leave"})).await;
    ana.recv_type("left").await;
    ana.send(json!({"type": "create_room", "name": "Ana"}))
        .await;
    let refused = ana.recv_type("error").await;
    assert_eq!(refused["code"], "rooms_per_connection", "{refused}");
    assert_eq!(refused["limit"], 1);
    running.abort();

    // The server's own cap: a new room takes the place of one nobody is in (finished first);
    // only when every room has people in it is creating refused.
    let running = server(|config| config.max_rooms = 2).await;
    let addr = running.addr();
    let mut lonely = Client::create(addr, "Lonely").await;
    let lonely_room = lonely.room_id.clone().unwrap();
    lonely.send(json!({"type": "leave"})).await;
    lonely.recv_type("left").await;
    // The room tells the registry it is empty once it has handled the leave, a moment after the
    // reply: a loaded machine may run the next creates first.
    let local = std::net::IpAddr::from([127, 0, 0, 1]);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while running.live_rooms_from(local) > 0 {
        assert!(std::time::Instant::now() < deadline, "the room stayed live");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let _cid = Client::create(addr, "Cid").await;
    let _dan = Client::create(addr, "Dan").await;
    assert_eq!(running.rooms(), 2);
    lonely
        .refused(
            json!({"type": "watch", "room": lonely_room}),
            "no_such_room",
        )
        .await;
    let mut eva = Client::connect(addr).await;
    let refused = {
        eva.send(json!({"type": "create_room", "name": "Eva"}))
            .await;
        eva.recv_type("error").await
    };
    assert_eq!(refused["code"], "too_many_rooms", "{refused}");
    assert!(refused.get("limit").is_none());
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_tab_takes_the_seat_over_and_never_makes_a_second_one() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let mut first_tab = Client::join(addr, &room, "Gil").await;
    let token = first_tab.token.clone().unwrap();
    ana.until(|r| names(r).len() == 2).await;

    // The invite link opened in a second tab of the same browser: join, with the token kept.
    let mut second_tab = Client::connect(addr).await;
    second_tab
        .send(json!({"type": "join", "room": room, "name": "Gil", "token": token}))
        .await;
    let joined = second_tab.recv_type("joined").await;
    assert_eq!(joined["seat"], 1, "{joined}");
    assert_eq!(joined["token"], token.as_str());
    let left = first_tab.recv_type("left").await;
    assert_eq!(left["code"], "resumed_elsewhere");

    // The stale tab's "Join" with the same name: without the token it is refused, with it the
    // seat comes back — never a second Gil.
    first_tab
        .refused(
            json!({"type": "join", "room": room, "name": "Gil"}),
            "name_taken",
        )
        .await;
    first_tab
        .refused(
            json!({"type": "join", "room": room, "name": "gil"}),
            "name_taken",
        )
        .await;
    first_tab
        .send(json!({"type": "join", "room": room, "name": "Gil", "token": token}))
        .await;
    assert_eq!(first_tab.recv_type("joined").await["seat"], 1);
    assert_eq!(
        second_tab.recv_type("left").await["code"],
        "resumed_elsewhere"
    );
    ana.until(|r| r["seats"][1]["connected"] == true).await;
    assert_eq!(names(&ana.room), ["Ana", "Gil"]);
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_timer_when_one_person_plays_bots_unless_the_host_sets_one() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    assert_eq!(ana.room["timer_auto"], true);
    assert_eq!(ana.room["timer"]["seconds"], 0);
    ana.send(json!({"type": "add_bot", "bot": "greedy"})).await;
    ana.until(|r| names(r).len() == 2).await;
    assert_eq!(ana.room["timer"]["seconds"], 0);
    // A second person: the usual 60 s.
    let room = ana.room_id.clone().unwrap();
    let bia = Client::join(addr, &room, "Bia").await;
    ana.until(|r| names(r).len() == 3).await;
    assert_eq!(ana.room["timer"]["seconds"], 60);
    bia.close().await;
    ana.send(json!({"type": "remove", "seat": 2})).await;
    ana.until(|r| names(r).len() == 2).await;
    assert_eq!(ana.room["timer"]["seconds"], 0);
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    assert_eq!(ana.room["game"]["deadline_ms"], Value::Null);
    // The host may set one all the same.
    ana.send(json!({"type": "set_timer", "timer": {"seconds": 30, "on_timeout": "bot"}}))
        .await;
    ana.until(|r| r["timer"]["seconds"] == 30).await;
    assert_eq!(ana.room["timer_auto"], false);
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_moves_the_first_player_on() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let mut bia = Client::join(addr, &room, "Bia").await;
    ana.send(json!({"type": "add_bot", "bot": "random"})).await;
    ana.send(json!({"type": "set_rules", "rules": short_rules()}))
        .await;
    ana.until(|r| names(r).len() == 3).await;
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    assert_eq!(ana.room["game"]["seat"], 0, "Ana starts the first game");
    // Both play the game out (each reads the other's moves).
    let (a, b) = tokio::join!(play_out(&mut ana), play_out(&mut bia));
    let ((), ()) = (a, b);
    ana.send(json!({"type": "start"})).await;
    let joined = ana.recv_type("joined").await;
    assert_eq!(joined["seat"], 2, "Ana's seat moves to the end");
    assert!(joined.get("token").is_none());
    let events = events_with(&mut ana, "game_started").await;
    assert_eq!(events[0]["kind"], "seats_rotated", "{events:?}");
    assert_eq!(names(&ana.room), ["Bia", "random", "Ana"]);
    assert_eq!(ana.room["host"], 2, "the host is still Ana");
    assert_eq!(ana.room["game"]["seat"], 0);
    assert_eq!(bia.recv_type("joined").await["seat"], 0, "Bia starts now");
    bia.until(|r| r["game"]["number"] == 2).await;
    assert!(bia.my_turn());
    running.abort();
}

/// The dark modules of a QR code drawn as the server draws it: an SVG path of unit rectangles
/// (`M{x} {y}h{w}v{h}H{x}V{y}`), read back into a picture `scale` pixels per module.
fn svg_modules(svg: &str, scale: usize) -> (usize, Vec<u8>) {
    let width: usize = svg
        .split("width=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .and_then(|w| w.parse().ok())
        .expect("the SVG's width");
    let path = svg
        .split(" d=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the SVG's path");
    let size = width * scale;
    let mut pixels = vec![255u8; size * size];
    for rect in path.split('M').filter(|r| !r.is_empty()) {
        let numbers: Vec<usize> = rect
            .split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .map(|n| n.parse().unwrap())
            .collect();
        let (x, y, w, h) = (numbers[0], numbers[1], numbers[2], numbers[3]);
        for row in y * scale..(y + h) * scale {
            for col in x * scale..(x + w) * scale {
                pixels[row * size + col] = 0;
            }
        }
    }
    (size, pixels)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_have_codes_to_type_an_invite_link_and_its_qr_code() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let code = ana.room["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 5);
    assert!(
        code.bytes()
            .all(|b| b"34679ABCDEFGHJKMNPQRSTVWXYZ".contains(&b))
    );

    // Typed as people type: lower case, with a dash and spaces.
    let typed = format!(
        " {}-{} ",
        &code[..2].to_lowercase(),
        &code[2..].to_lowercase()
    );
    let mut bia = Client::connect(addr).await;
    bia.send(json!({"type": "join", "code": typed, "name": "Bia"}))
        .await;
    let joined = bia.recv_type("joined").await;
    assert_eq!(joined["room"], room.as_str());
    assert_eq!(joined["seat"], 1);
    let mut cid = Client::connect(addr).await;
    cid.send(json!({"type": "watch", "code": code})).await;
    assert_eq!(cid.recv_type("joined").await["seat"], Value::Null);
    cid.send(json!({"type": "leave"})).await;
    cid.recv_type("left").await;
    cid.refused(
        json!({"type": "join", "room": room, "code": code, "name": "Cid"}),
        "malformed",
    )
    .await;

    // Unknown codes: a clear refusal, and after ten, a pause — for valid codes too.
    let mut guesser = Client::connect(addr).await;
    guesser
        .refused(json!({"type": "watch", "code": "0000"}), "unknown_code")
        .await;
    let unknown = if code == "ZZZZZ" { "YYYYY" } else { "ZZZZZ" };
    for _ in 0..10 {
        guesser
            .refused(json!({"type": "watch", "code": unknown}), "unknown_code")
            .await;
    }
    guesser.send(json!({"type": "watch", "code": code})).await;
    let paused = guesser.recv_type("error").await;
    assert_eq!(paused["code"], "too_many_guesses", "{paused}");
    let retry = paused["retry_ms"].as_u64().unwrap();
    assert!(retry > 0 && retry <= 10_000, "{paused}");

    // The invite link is the page; its QR code decodes to the link.
    let (status, page) = http_get(addr, &format!("/r/{code}")).await;
    assert_eq!(status, 200);
    assert!(page.contains("data-i18n=\"web-title\""));
    let (status, headers, svg) =
        http_get_with_headers(addr, &format!("/r/{}/qr.svg", code.to_lowercase())).await;
    assert_eq!(status, 200);
    assert!(
        headers
            .iter()
            .any(|(name, value)| name == "content-type" && value == "image/svg+xml"),
        "{headers:?}"
    );
    let (size, pixels) = svg_modules(&svg, 4);
    let mut image =
        rqrr::PreparedImage::prepare_from_greyscale(size, size, |x, y| pixels[y * size + x]);
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code in the picture");
    let (_, content) = grids[0].decode().expect("the QR code decodes");
    assert_eq!(content, format!("http://{addr}/r/{code}"));
    let (status, _) = http_get(addr, "/r/NOT-A-CODE-AT-ALL/qr.svg").await;
    assert_eq!(status, 404);
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_qr_code_carries_the_public_address_when_the_server_has_one() {
    let running = server(|config| {
        config.public_url = Some("https://dice.example.org".into());
    })
    .await;
    let (status, svg) = http_get(running.addr(), "/r/K7MPX/qr.svg").await;
    assert_eq!(status, 200);
    let (size, pixels) = svg_modules(&svg, 4);
    let mut image =
        rqrr::PreparedImage::prepare_from_greyscale(size, size, |x, y| pixels[y * size + x]);
    let (_, content) = image.detect_grids()[0].decode().unwrap();
    assert_eq!(content, "https://dice.example.org/r/K7MPX");
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_phrases_and_plain_text_reach_everyone_within_limits() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let mut bia = Client::join(addr, &room, "Bia").await;
    ana.until(|r| names(r).len() == 2).await;

    // A phrase travels as its id.
    ana.send(json!({"type": "say", "message": "nice_roll"}))
        .await;
    for client in [&mut ana, &mut bia] {
        let line = next_of(client, "chat").await["line"].clone();
        assert_eq!(line["phrase"], "nice_roll");
        assert_eq!(line["seat"], 0);
        assert_eq!(line["name"], "Ana");
        assert_eq!(line["n"], 1);
        assert!(line.get("text").is_none());
    }
    // Markup is text: stored and relayed exactly, never interpreted.
    let injection = "<script>alert('x')</script><img src=x onerror=alert(1)> & \"hi\"";
    bia.send(json!({"type": "chat", "text": injection})).await;
    for client in [&mut ana, &mut bia] {
        let line = next_of(client, "chat").await["line"].clone();
        assert_eq!(line["text"], injection);
        assert_eq!(line["seat"], 1);
        assert_eq!(line["spectator"], false);
        assert_eq!(line["avatar"], "martian-purple");
    }
    // Control and direction characters are neutralised.
    bia.send(json!({"type": "chat", "text": "  two\nlines\u{202E}reversed\u{200B} "}))
        .await;
    let line = next_of(&mut ana, "chat").await["line"].clone();
    assert_eq!(line["text"], "two linesreversed");

    // Too long, empty, an unknown phrase.
    let long = "é".repeat(201);
    let refused = {
        bia.send(json!({"type": "chat", "text": long})).await;
        next_of(&mut bia, "error").await
    };
    assert_eq!(refused["code"], "chat_too_long");
    assert_eq!(refused["limit"], 200);
    bia.refused(json!({"type": "chat", "text": " \u{200B} "}), "invalid")
        .await;
    // What a name may not hold, a line may not either: noncharacters.
    bia.refused(json!({"type": "chat", "text": "hi \u{FDD0}"}), "invalid")
        .await;
    bia.refused(json!({"type": "say", "message": "lol"}), "invalid")
        .await;
    // Five lines at once, then a pause.
    for i in 0..3 {
        bia.send(json!({"type": "chat", "text": format!("line {i}")}))
            .await;
        next_of(&mut bia, "chat").await;
    }
    bia.send(json!({"type": "chat", "text": "one too many"}))
        .await;
    let paced = next_of(&mut bia, "error").await;
    assert_eq!(paced["code"], "chat_rate_limited", "{paced}");
    assert!(paced["retry_ms"].as_u64().unwrap() > 0);

    // Spectators read; they write only when the host allows it, under the name they gave.
    let mut cid = Client::connect(addr).await;
    cid.send(json!({"type": "watch", "room": room, "name": "Cid"}))
        .await;
    cid.recv_type("joined").await;
    let history = next_of(&mut cid, "chat_history").await;
    cid.recv_type("update").await;
    let lines = history["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 6, "{history}");
    assert_eq!(lines[1]["text"], injection);
    cid.refused(json!({"type": "chat", "text": "hello"}), "not_seated")
        .await;
    bia.until(|r| r["spectators"] == 1).await;
    bia.refused(
        json!({"type": "set_options", "spectator_chat": true}),
        "not_host",
    )
    .await;
    ana.send(json!({"type": "set_options", "spectator_chat": true}))
        .await;
    ana.until(|r| r["spectator_chat"] == true).await;
    cid.until(|r| r["spectator_chat"] == true).await;
    cid.send(json!({"type": "say", "message": "good_luck"}))
        .await;
    let line = next_of(&mut ana, "chat").await["line"].clone();
    assert_eq!(line["spectator"], true);
    assert_eq!(line["seat"], Value::Null);
    assert_eq!(line["name"], "Cid");
    let mut nameless = Client::connect(addr).await;
    nameless.send(json!({"type": "watch", "room": room})).await;
    nameless.recv_type("update").await;
    nameless
        .refused(json!({"type": "chat", "text": "hi"}), "not_seated")
        .await;

    // The host mutes a seat.
    ana.send(json!({"type": "mute", "seat": 1, "muted": true}))
        .await;
    ana.until(|r| r["seats"][1]["muted"] == true).await;
    bia.until(|r| r["seats"][1]["muted"] == true).await;
    bia.refused(json!({"type": "say", "message": "oops"}), "muted")
        .await;
    ana.refused(json!({"type": "mute", "seat": 0, "muted": true}), "invalid")
        .await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn avatars_are_picked_and_shown_at_every_seat() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::connect(addr).await;
    ana.refused(
        json!({"type": "create_room", "name": "Ana", "avatar": "bot-brain"}),
        "invalid",
    )
    .await;
    ana.send(json!({"type": "create_room", "name": "Ana", "avatar": "cow"}))
        .await;
    ana.recv_type("update").await;
    assert_eq!(ana.room["seats"][0]["avatar"], "cow");
    ana.send(json!({"type": "add_bot", "bot": "medium"})).await;
    ana.until(|r| names(r).len() == 2).await;
    assert_eq!(ana.room["seats"][1]["avatar"], "bot-brain");
    let room = ana.room_id.clone().unwrap();
    // Picking none gives the first no seat has.
    let mut bia = Client::join(addr, &room, "Bia").await;
    assert_eq!(bia.room["seats"][2]["avatar"], "martian-green");
    let mut cid = Client::connect(addr).await;
    cid.refused(
        json!({"type": "join", "room": room, "name": "Cid", "avatar": "dragon"}),
        "invalid",
    )
    .await;
    bia.send(json!({"type": "set_avatar", "avatar": "tank"}))
        .await;
    let events = events_with(&mut ana, "avatar_changed").await;
    assert_eq!(events[0]["seat"], 2);
    assert_eq!(ana.room["seats"][2]["avatar"], "tank");
    bia.until(|r| r["seats"][2]["avatar"] == "tank").await;
    bia.refused(
        json!({"type": "set_avatar", "avatar": "bot-robot"}),
        "invalid",
    )
    .await;
    let welcome = {
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        use futures_util::StreamExt;
        let message = ws.next().await.unwrap().unwrap();
        serde_json::from_str::<Value>(message.to_text().unwrap()).unwrap()
    };
    assert_eq!(welcome["avatars"].as_array().unwrap().len(), 12);
    assert!(
        welcome["bots"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["avatar"].as_str().unwrap().starts_with("bot-"))
    );
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_frees_a_lobby_seat_and_hands_a_game_seat_to_a_bot() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let mut bia = Client::join(addr, &room, "Bia").await;
    let mut cid = Client::join(addr, &room, "Cid").await;
    ana.until(|r| names(r).len() == 3).await;

    // In the lobby: the seat goes, the seats after it move up.
    bia.send(json!({"type": "leave_seat"})).await;
    assert_eq!(bia.recv_type("left").await["code"], "left_seat");
    let events = events_with(&mut ana, "seat_removed").await;
    assert_eq!(
        events[0],
        json!({"kind": "left_seat", "seat": 1, "name": "Bia"})
    );
    assert_eq!(names(&ana.room), ["Ana", "Cid"]);
    assert_eq!(cid.recv_type("joined").await["seat"], 1);
    let bia_token = bia.token.clone().unwrap();
    bia.refused(
        json!({"type": "resume", "room": room, "token": bia_token}),
        "bad_token",
    )
    .await;

    // In a game: a bot plays the seat, and the others are told.
    ana.send(json!({"type": "start"})).await;
    cid.until(|r| r["status"] == "playing").await;
    let cid_token = cid.token.clone().unwrap();
    cid.send(json!({"type": "leave_seat"})).await;
    assert_eq!(cid.recv_type("left").await["code"], "left_seat");
    let events = events_with(&mut ana, "left_seat").await;
    assert_eq!(
        events[0],
        json!({"kind": "left_seat", "seat": 1, "name": "Cid"})
    );
    assert_eq!(events[1]["kind"], "handed_to_bot");
    assert!(ana.room["seats"][1]["bot"].is_string());
    assert_eq!(ana.room["seats"][1]["human"], true);
    cid.refused(
        json!({"type": "resume", "room": room, "token": cid_token}),
        "bad_token",
    )
    .await;

    // The host leaving a lobby hands the room on; the last person leaving closes it.
    let mut eva = Client::create(addr, "Eva").await;
    let eva_room = eva.room_id.clone().unwrap();
    let mut fay = Client::join(addr, &eva_room, "Fay").await;
    eva.send(json!({"type": "add_bot", "bot": "random"})).await;
    eva.until(|r| names(r).len() == 3).await;
    eva.send(json!({"type": "leave_seat"})).await;
    eva.recv_type("left").await;
    let events = events_with(&mut fay, "host_changed").await;
    assert!(
        events.contains(&json!({"kind": "host_changed", "seat": 0})),
        "{events:?}"
    );
    assert_eq!(names(&fay.room), ["Fay", "random"]);
    assert_eq!(fay.room["host"], 0);
    fay.send(json!({"type": "leave_seat"})).await;
    fay.recv_type("left").await;
    fay.refused(json!({"type": "watch", "room": eva_room}), "no_such_room")
        .await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn your_games_are_told_to_the_holder_of_their_tokens_only() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let token = ana.token.clone().unwrap();
    ana.send(json!({"type": "add_bot", "bot": "random"})).await;
    ana.send(json!({"type": "set_rules", "rules": short_rules()}))
        .await;
    ana.until(|r| names(r).len() == 2).await;
    ana.send(json!({"type": "start"})).await;
    play_out(&mut ana).await;
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["game"]["number"] == 2).await;

    let mut home = Client::connect(addr).await;
    home.send(json!({"type": "my_rooms", "seats": [
        {"room": room, "token": token},
        {"room": room, "token": "0".repeat(32)},
        {"room": "f".repeat(32), "token": token},
        {"room": "../etc", "token": token},
    ]}))
    .await;
    let answer = home.recv_type("my_rooms").await;
    let rooms = answer["rooms"].as_array().unwrap();
    assert_eq!(rooms.len(), 4);
    let mine = &rooms[0];
    assert_eq!(mine["status"], "playing", "{mine}");
    assert_eq!(mine["code"], ana.room["code"]);
    assert_eq!(mine["name"], "Ana");
    assert_eq!(mine["seat"], ana.seat.unwrap());
    assert_eq!(mine["game"], 2);
    assert_eq!(mine["finished"].as_array().unwrap().len(), 1);
    assert_eq!(mine["scores"].as_array().unwrap().len(), 2);
    assert!(mine["your_turn"].is_boolean());
    for gone in &rooms[1..] {
        assert_eq!(gone["status"], "gone", "{gone}");
        assert!(gone.get("code").is_none() && gone.get("finished").is_none());
    }
    let too_many: Vec<Value> = (0..21)
        .map(|_| json!({"room": room, "token": token}))
        .collect();
    home.refused(json!({"type": "my_rooms", "seats": too_many}), "malformed")
        .await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_codes_chat_avatars_and_options() {
    let dir = std::env::temp_dir().join(format!("martian-social-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("server.db");
    let with_db = |config: &mut martian_server::Config| config.db = Some(db.clone());
    let running = server(with_db).await;
    let addr = running.addr();
    let mut ana = Client::connect(addr).await;
    ana.send(
        json!({"type": "create_room", "name": "Ana", "avatar": "chicken",
                    "lang": "pt-BR", "public": true}),
    )
    .await;
    ana.recv_type("update").await;
    let room = ana.room_id.clone().unwrap();
    let token = ana.token.clone().unwrap();
    let code = ana.room["code"].clone();
    ana.send(json!({"type": "set_options", "spectator_chat": true}))
        .await;
    ana.send(json!({"type": "chat", "text": "até já <b>"}))
        .await;
    next_of(&mut ana, "chat").await;
    ana.send(json!({"type": "mute", "seat": 0, "muted": true}))
        .await;
    ana.recv_type("error").await;
    running.shutdown(Duration::from_secs(5)).await;

    let running = server(with_db).await;
    let addr = running.addr();
    let mut back = Client::connect(addr).await;
    back.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    back.recv_type("joined").await;
    let history = next_of(&mut back, "chat_history").await;
    assert_eq!(history["lines"][0]["text"], "até já <b>");
    back.recv_type("update").await;
    assert_eq!(back.room["code"], code);
    assert_eq!(back.room["public"], true);
    assert_eq!(back.room["lang"], "pt-BR");
    assert_eq!(back.room["spectator_chat"], true);
    assert_eq!(back.room["seats"][0]["avatar"], "chicken");
    // Listed again among the public rooms, with its host back in it.
    let mut home = Client::connect(addr).await;
    home.send(json!({"type": "browse", "on": true})).await;
    let list = loop {
        let list = next_of(&mut home, "public_rooms").await;
        if !list["waiting"].as_array().unwrap().is_empty() {
            break list;
        }
    };
    assert_eq!(list["waiting"][0]["room"], room.as_str());
    assert_eq!(list["waiting"][0]["code"], code);
    assert_eq!(list["waiting"][0]["seats"][0]["avatar"], "chicken");
    // The code still finds the room, and the next line follows the stored ones.
    let mut bia = Client::connect(addr).await;
    bia.send(json!({"type": "watch", "code": code, "name": "Bia"}))
        .await;
    assert_eq!(bia.recv_type("joined").await["room"], room.as_str());
    bia.send(json!({"type": "chat", "text": "oi"})).await;
    assert_eq!(next_of(&mut back, "chat").await["line"]["n"], 2);
    running.abort();
    let _ = std::fs::remove_dir_all(&dir);
}
