//! Issue 37's accounts over real HTTP and WebSockets: a guest's games claimed with a new account,
//! signing in on a second device, the same 401 for an unknown name and a wrong password, the
//! cookie's flags, another site's POST refused, the limits, a recovery code, the data download,
//! deleting — and no password, session token or recovery code in the database files in clear.

use serde_json::{Value, json};

use super::common::{Client, play_out, server};
use super::short_rules;
use martian_testkit::ws::http;

/// The session cookie of a response (`md_session=…`), and its whole `Set-Cookie` line.
pub(super) fn cookie_of(headers: &[(String, String)]) -> (String, String) {
    let line = headers
        .iter()
        .find(|(name, value)| name == "set-cookie" && value.starts_with("md_session="))
        .map(|(_, value)| value.clone())
        .expect("a session cookie");
    let pair = line.split(';').next().unwrap().to_string();
    (pair, line)
}

pub(super) async fn post(
    addr: std::net::SocketAddr,
    path: &str,
    cookie: Option<&str>,
    body: Value,
) -> (u16, Vec<(String, String)>, Value) {
    let origin = format!("http://{addr}");
    let mut headers = vec![
        ("Origin", origin.as_str()),
        ("Content-Type", "application/json"),
    ];
    if let Some(cookie) = cookie {
        headers.push(("Cookie", cookie));
    }
    let body = body.to_string();
    let (status, headers, text) = http(addr, "POST", path, &headers, Some(body.as_bytes())).await;
    (
        status,
        headers,
        serde_json::from_str(&text).unwrap_or(Value::Null),
    )
}

pub(super) async fn get(
    addr: std::net::SocketAddr,
    path: &str,
    cookie: Option<&str>,
) -> (u16, Value) {
    let headers: Vec<(&str, &str)> = cookie.map(|c| ("Cookie", c)).into_iter().collect();
    let (status, _, text) = http(addr, "GET", path, &headers, None).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_claims_a_name_keeps_it_on_another_device_and_can_delete_it() {
    let dir = std::env::temp_dir().join(format!("martian-accounts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("server.db");
    let running = server(|config| config.db = Some(db.clone())).await;
    let addr = running.addr();

    // Two games as a guest, to their end.
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut page = Client::create(addr, "Ana").await;
        page.send(json!({"type": "add_bot", "bot": "random"})).await;
        page.send(json!({"type": "set_rules", "rules": short_rules()}))
            .await;
        page.send(json!({"type": "start"})).await;
        page.until(|room| room["status"] == "playing").await;
        play_out(&mut page).await;
        held.push(
            json!({"room": page.room_id.clone().unwrap(), "token": page.token.clone().unwrap()}),
        );
    }
    // A seat token that is not one: left out of the claim.
    held.push(json!({"room": held[0]["room"], "token": "0".repeat(32)}));

    // Claiming the name: 201, the cookie, ten recovery codes, the two games.
    let password = "correct horse battery";
    let (status, headers, body) = post(
        addr,
        "/api/accounts",
        None,
        json!({"name": "Ana", "password": password, "seats": held}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["account"]["name"], "Ana");
    assert_eq!(body["claimed"], 2, "{body}");
    let codes: Vec<String> = body["recovery_codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    assert_eq!(codes.len(), 10);
    let (first, line) = cookie_of(&headers);
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(line.contains(flag), "{line}");
    }
    assert!(!line.contains("Secure"), "plain http: {line}");

    // The name is taken, look-alikes and case included; a weak password is refused.
    for double in ["ana", "Аna", "Ａｎａ"] {
        let (status, _, body) = post(
            addr,
            "/api/accounts",
            None,
            json!({"name": double, "password": password}),
        )
        .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (409, Some("name_taken")),
            "{double}"
        );
    }
    let (status, _, body) = post(
        addr,
        "/api/accounts",
        None,
        json!({"name": "Bia", "password": "short"}),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("weak_password"))
    );

    // The profile: the games claimed, by number of players, and the recent ones with links.
    let (status, profile) = get(addr, "/api/players/ana", None).await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["name"], "Ana");
    assert_eq!(profile["games"][0]["players"], 2);
    assert_eq!(profile["games"][0]["played"], 2);
    assert_eq!(profile["recent"].as_array().unwrap().len(), 2);
    let record = profile["recent"][0]["record"].as_str().unwrap().to_string();
    let (status, played) = get(addr, &record, None).await;
    assert_eq!(
        (status, &played["players"][0]["name"]),
        (200, &json!("Ana")),
        "{record}"
    );

    // An unknown name and a wrong password: the same 401, word for word.
    let (wrong, _, wrong_body) = post(
        addr,
        "/api/session",
        None,
        json!({"name": "Ana", "password": "not it at all"}),
    )
    .await;
    let (unknown, _, unknown_body) = post(
        addr,
        "/api/session",
        None,
        json!({"name": "Nobody", "password": "not it at all"}),
    )
    .await;
    assert_eq!((wrong, unknown), (401, 401));
    assert_eq!(wrong_body, unknown_body);

    // Another site's page may not sign in (or do anything else that changes state).
    let (status, _, text) = http(
        addr,
        "POST",
        "/api/session",
        &[
            ("Origin", "http://evil.example"),
            ("Content-Type", "application/json"),
        ],
        Some(
            json!({"name": "Ana", "password": password})
                .to_string()
                .as_bytes(),
        ),
    )
    .await;
    assert_eq!(status, 403, "{text}");

    // A second device signs in; both sessions work; the WebSocket names the account.
    let (status, headers, _) = post(
        addr,
        "/api/session",
        None,
        json!({"name": "ANA", "password": password}),
    )
    .await;
    assert_eq!(status, 200);
    let (second, _) = cookie_of(&headers);
    assert_ne!(first, second);
    for cookie in [&first, &second] {
        let (status, me) = get(addr, "/api/accounts/me", Some(cookie)).await;
        assert_eq!((status, me["account"]["name"].as_str()), (200, Some("Ana")));
    }
    let origin = format!("http://{addr}");
    let signed = Client::connect_with(addr, &[("Cookie", &second), ("Origin", &origin)]).await;
    assert_eq!(signed.welcome["account"], json!({"name": "Ana"}));
    let elsewhere = Client::connect_with(
        addr,
        &[("Cookie", &second), ("Origin", "http://evil.example")],
    )
    .await;
    assert_eq!(elsewhere.welcome["account"], Value::Null);
    assert_eq!(Client::connect(addr).await.welcome["account"], Value::Null);
    // A claimed name is the account's: a guest cannot sit as it (look-alikes included); signed
    // in, its owner can.
    let mut guest = Client::connect(addr).await;
    guest
        .refused(json!({"type": "create_room", "name": "ANA"}), "name_taken")
        .await;
    guest
        .refused(
            json!({"type": "quick_match", "name": "Аna", "players": 2}),
            "name_taken",
        )
        .await;
    let mut owner = signed;
    owner
        .send(json!({"type": "create_room", "name": "Ana"}))
        .await;
    assert_eq!(owner.recv_type("joined").await["seat"], 0);

    // Signing out ends that session only.
    let (status, _, _) = http(
        addr,
        "DELETE",
        "/api/session",
        &[("Cookie", &first), ("Origin", &origin)],
        None,
    )
    .await;
    assert_eq!(status, 204);
    assert_eq!(get(addr, "/api/accounts/me", Some(&first)).await.0, 401);
    assert_eq!(get(addr, "/api/accounts/me", Some(&second)).await.0, 200);

    // A recovery code signs in once, with a new password; every other session ends.
    let new_password = "staple grid cloud";
    let (status, headers, body) = post(
        addr,
        "/api/session/recover",
        None,
        json!({"name": "Ana", "code": codes[3].to_lowercase(), "password": new_password}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (third, _) = cookie_of(&headers);
    assert_eq!(get(addr, "/api/accounts/me", Some(&second)).await.0, 401);
    let (status, _, _) = post(
        addr,
        "/api/session/recover",
        None,
        json!({"name": "Ana", "code": codes[3], "password": new_password}),
    )
    .await;
    assert_eq!(status, 401, "a code is used once");

    // My data, as a download.
    let (status, headers, text) = http(
        addr,
        "GET",
        "/api/accounts/me/data",
        &[("Cookie", &third)],
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        headers
            .iter()
            .any(|(n, v)| n == "content-disposition" && v.contains("attachment"))
    );
    let data: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(data["name"], "Ana");
    assert_eq!(data["seats"].as_array().unwrap().len(), 2);
    assert_eq!(data["recovery_codes_left"], 9);

    // Following and blocking, by name as names compare; an unknown name or relation is 404.
    let (status, _, _) = post(
        addr,
        "/api/accounts",
        None,
        json!({"name": "Bia", "password": password}),
    )
    .await;
    assert_eq!(status, 201);
    let with = [("Cookie", third.as_str()), ("Origin", origin.as_str())];
    for (method, path, expected) in [
        ("PUT", "/api/accounts/me/follows/bia", 204),
        ("PUT", "/api/accounts/me/blocks/BIA", 204),
        ("PUT", "/api/accounts/me/follows/Nobody", 404),
        ("PUT", "/api/accounts/me/friends/Bia", 404),
    ] {
        assert_eq!(
            http(addr, method, path, &with, None).await.0,
            expected,
            "{method} {path}"
        );
    }
    let (_, me) = get(addr, "/api/accounts/me", Some(&third)).await;
    assert_eq!(me["follows"], json!(["Bia"]));
    assert_eq!(me["blocks"], json!(["Bia"]));
    assert_eq!(
        me["friends"],
        json!([{"name": "Bia", "online": false, "room": null}])
    );
    assert_eq!(
        http(addr, "DELETE", "/api/accounts/me/blocks/Bia", &with, None)
            .await
            .0,
        204
    );
    assert_eq!(
        get(addr, "/api/accounts/me", Some(&third)).await.1["blocks"],
        json!([])
    );

    // Nothing secret is in the database's files in clear.
    let mut stored = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        stored.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    let stored = String::from_utf8_lossy(&stored);
    for secret in [password, new_password]
        .into_iter()
        .chain(codes.iter().map(String::as_str))
        .chain(
            [&first, &second, &third]
                .iter()
                .map(|c| c.trim_start_matches("md_session=")),
        )
    {
        assert!(!stored.contains(secret), "{secret} is stored in clear");
    }

    // Deleting asks for the password; then the profile is gone and the name is free.
    let (status, _, _) = http(
        addr,
        "DELETE",
        "/api/accounts/me",
        &[("Cookie", &third), ("Origin", &origin)],
        Some(json!({"password": password}).to_string().as_bytes()),
    )
    .await;
    assert_eq!(status, 401, "the old password no longer deletes");
    let (status, _, _) = http(
        addr,
        "DELETE",
        "/api/accounts/me",
        &[("Cookie", &third), ("Origin", &origin)],
        Some(json!({"password": new_password}).to_string().as_bytes()),
    )
    .await;
    assert_eq!(status, 204);
    assert_eq!(get(addr, "/api/players/Ana", None).await.0, 404);
    // The games stay, under "deleted player" in the seat the account held.
    let (status, played) = get(addr, &record, None).await;
    assert_eq!(status, 200);
    assert_eq!(played["players"][0]["name"], "deleted player");
    assert_eq!(played["players"][1]["bot"], "random");
    assert_eq!(get(addr, "/api/accounts/me", Some(&third)).await.0, 401);
    let (status, _, _) = post(
        addr,
        "/api/accounts",
        None,
        json!({"name": "Ana", "password": password}),
    )
    .await;
    assert_eq!(status, 201, "the name is free again");
    running.shutdown(std::time::Duration::from_secs(5)).await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_passwords_wait_longer_and_longer_and_closed_signups_refuse() {
    let running = server(|config| config.signups = martian_server::Signups::Closed).await;
    let addr = running.addr();
    let (status, _, body) = post(
        addr,
        "/api/accounts",
        None,
        json!({"name": "Ana", "password": "long enough"}),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (403, Some("signups_closed"))
    );
    running.shutdown(std::time::Duration::from_secs(5)).await;

    let running = server(|_| {}).await;
    let addr = running.addr();
    let (status, _, _) = post(
        addr,
        "/api/accounts",
        None,
        json!({"name": "Ana", "password": "long enough"}),
    )
    .await;
    assert_eq!(status, 201);
    // Five wrong passwords are free; the sixth makes the next one wait (429, Retry-After).
    for attempt in 1..=6 {
        let (status, _, _) = post(
            addr,
            "/api/session",
            None,
            json!({"name": "Ana", "password": "not the one"}),
        )
        .await;
        assert_eq!(status, 401, "attempt {attempt}");
    }
    let (status, headers, body) = post(
        addr,
        "/api/session",
        None,
        json!({"name": "Ana", "password": "long enough"}),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (429, Some("too_many_attempts")),
        "{body}"
    );
    let retry: u64 = headers
        .iter()
        .find(|(name, _)| name == "retry-after")
        .map(|(_, value)| value.parse().unwrap())
        .expect("Retry-After");
    assert!((1..=60).contains(&retry), "{retry}");
    running.shutdown(std::time::Duration::from_secs(5)).await;
}

/// A duel of `target` points against the medium bot (it plays exactly, so the duel's solutions
/// are at hand when the game ends), its seat claimed by the signed-in `cookie` as the page claims
/// it: the room.
async fn duel_against_the_medium_bot(addr: std::net::SocketAddr, cookie: &str) -> (String, Client) {
    let origin = format!("http://{addr}");
    let mut page = Client::connect_with(addr, &[("Cookie", cookie), ("Origin", &origin)]).await;
    page.send(json!({"type": "create_room", "name": "Ana"}))
        .await;
    page.recv_type("joined").await;
    page.recv_type("update").await;
    let room = page.room_id.clone().unwrap();
    let (status, _, body) = post(
        addr,
        "/api/accounts/me/seats",
        Some(cookie),
        json!({"seats": [{"room": room, "token": page.token.clone().unwrap()}]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let rules = json!({"dice": 13, "target": 12, "bonus": "one-of-each", "end": "complete-round", "tie": "roll-off"});
    page.send(json!({"type": "set_rules", "rules": rules}))
        .await;
    page.until(|r| r["rules"]["target"] == 12).await;
    page.send(json!({"type": "add_bot", "bot": "medium"})).await;
    page.until(|r| r["seats"].as_array().unwrap().len() == 2)
        .await;
    page.send(json!({"type": "start"})).await;
    page.until(|room| room["status"] == "playing").await;
    play_out(&mut page).await;
    (room, page)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_duel_s_review_shows_on_the_profile_as_accuracy_trend_and_best_turn() {
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let cookie = ana_signs_up(addr).await;
    let (_, profile) = get(addr, "/api/players/Ana", None).await;
    assert_eq!(profile["accuracy"], Value::Null, "{profile}");
    assert_eq!(profile["trend"], json!([]));
    assert_eq!(profile["best_turn"], Value::Null);

    let (room, _page) = duel_against_the_medium_bot(addr, &cookie).await;
    let (profile, body) = reviewed_profile(addr, 1).await;

    // The review of the downloaded record, worked out here: the profile shows its figures.
    let review = review_of(addr, &room, 1).await;
    let accuracy = review.seats[0]
        .accuracy
        .expect("a duel to 12 puts something at stake");
    // Figures are read from the text with Rust's own (exact) reading: serde_json's best-effort
    // reading may be a unit in the last place off what the server wrote.
    let figure = |from: &str, key: &str| -> f64 {
        let at = body
            .find(from)
            .unwrap_or_else(|| panic!("no {from} in {body}"));
        let rest = &body[at..];
        let value = &rest[rest.find(key).unwrap() + key.len()..];
        let end = value.find([',', '}']).unwrap();
        value[..end].parse().unwrap()
    };
    assert_eq!(figure("\"accuracy\":{", "\"mean\":"), accuracy, "{body}");
    assert_eq!(profile["accuracy"]["games"], 1);
    let trend = profile["trend"].as_array().unwrap();
    assert_eq!(trend.len(), 1, "{profile}");
    assert_eq!(trend[0]["room"], room);
    assert_eq!(trend[0]["number"], 1);
    assert_eq!(figure("\"trend\":[", "\"accuracy\":"), accuracy, "{body}");
    assert!(trend[0]["played_ms"].as_i64().unwrap() > 1_700_000_000_000);
    // The best turn: the seat's turn of largest skill (the first of equal ones).
    let best = review
        .turns
        .iter()
        .filter(|turn| turn.seat == 0)
        .fold(
            None,
            |best: Option<&martian_review::TurnReview>, turn| match best {
                Some(kept) if kept.skill >= turn.skill => Some(kept),
                _ => Some(turn),
            },
        )
        .unwrap();
    let shown = &profile["best_turn"];
    assert_eq!(shown["room"], room, "{profile}");
    assert_eq!(shown["number"], 1);
    assert_eq!(shown["turn"], best.turn);
    assert_eq!(
        figure("\"best_turn\":{", "\"points\":"),
        100.0 * best.skill,
        "{body}"
    );
    assert_eq!(shown["replay"], format!("/#review={room}/1/{}", best.turn));
    // The bot is no account: no profile to link to.
    assert_eq!(profile["met"][0]["games"], 1, "{profile}");
    assert_eq!(profile["met"][0]["profile"], Value::Null);
    running.shutdown(std::time::Duration::from_secs(5)).await;
}

/// Signs Ana up: her session's cookie.
async fn ana_signs_up(addr: std::net::SocketAddr) -> String {
    let (status, headers, body) = post(
        addr,
        "/api/accounts",
        None,
        json!({"name": "Ana", "password": "correct horse battery"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let (cookie, _) = cookie_of(&headers);
    cookie
}

/// The review of a game's downloaded record, worked out here.
async fn review_of(addr: std::net::SocketAddr, room: &str, number: u32) -> martian_review::Review {
    let path = format!("/api/rooms/{room}/games/{number}/record");
    let (status, _, text) = http(addr, "GET", &path, &[], None).await;
    assert_eq!(status, 200, "{text}");
    let record = martian_engine::GameRecord::from_json(&text).unwrap();
    martian_review::review(&record).unwrap()
}

/// Ana's profile (and its text) once `games` of her games are reviewed: the review is stored off
/// the game's threads, a moment after the game ends.
async fn reviewed_profile(addr: std::net::SocketAddr, games: usize) -> (Value, String) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let (status, _, body) = http(addr, "GET", "/api/players/Ana", &[], None).await;
        assert_eq!(status, 200, "{body}");
        let profile: Value = serde_json::from_str(&body).unwrap();
        if profile["trend"]
            .as_array()
            .is_some_and(|t| t.len() >= games)
        {
            return (profile, body);
        }
        assert!(std::time::Instant::now() < deadline, "no review: {profile}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_profile_reads_the_review_of_the_seat_held_in_each_game_after_a_rematch() {
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let cookie = ana_signs_up(addr).await;
    let (room, mut page) = duel_against_the_medium_bot(addr, &cookie).await;
    // The rematch turns the seats: Ana, who claimed seat 0, plays the second game at seat 1.
    page.send(json!({"type": "start"})).await;
    page.until(|room| room["status"] == "playing").await;
    assert_eq!(page.room["seats"][1]["name"], "Ana", "{}", page.room);
    play_out(&mut page).await;

    let (profile, _) = reviewed_profile(addr, 2).await;
    let trend = profile["trend"].as_array().unwrap();
    assert_eq!(
        trend.len(),
        2,
        "one point a game, each of Ana's seat: {profile}"
    );
    for (number, seat) in [(1, 0), (2, 1)] {
        let review = review_of(addr, &room, number).await;
        let accuracy = review.seats[seat].accuracy.expect("something at stake");
        let point = trend
            .iter()
            .find(|point| point["number"] == number)
            .unwrap_or_else(|| panic!("game {number} in the trend: {profile}"));
        // serde_json's reading may be a unit in the last place off what the server wrote (the
        // test above reads the exact text); a billionth still tells Ana's figure from the bot's.
        let shown = point["accuracy"].as_f64().unwrap();
        assert!(
            (shown - accuracy).abs() < 1e-9,
            "game {number}: Ana's accuracy {accuracy} at seat {seat}, shown {shown}: {profile}"
        );
    }
    running.shutdown(std::time::Duration::from_secs(5)).await;
}
