//! Issue 38's rated games at the table: a host signed in makes a room rated (refused with a bot
//! that is not rated), plays it out against a rated bot, sees their change at the end, and the
//! leaderboard answers with the bots' fixed ratings; a rated quick match seats rated askers
//! together at a rated table, or with the anchor bot nearest their rating.

use std::time::Duration;

use serde_json::{Value, json};

use super::accounts::{cookie_of, post};
use super::common::{Client, http_get, next_where, play_out, server};

/// A page signed in as a new account named `name`.
async fn signed_page(addr: std::net::SocketAddr, name: &str) -> Client {
    signed(addr, name).await.0
}

/// A page signed in as a new account named `name`, and its session cookie.
async fn signed(addr: std::net::SocketAddr, name: &str) -> (Client, String) {
    let (status, headers, body) = post(
        addr,
        "/api/accounts",
        None,
        json!({"name": name, "password": "correct horse battery"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let cookie = cookie_of(&headers).0;
    let origin = format!("http://{addr}");
    let page =
        Client::connect_with(addr, &[("Cookie", cookie.as_str()), ("Origin", &origin)]).await;
    (page, cookie)
}

/// `page` (signed in as `name`) makes a room; its seat marked.
async fn hosting(mut page: Client, name: &str) -> Client {
    page.send(json!({"type": "create_room", "name": name}))
        .await;
    page.recv_type("joined").await;
    page.until(|room| room["seats"][0]["claimed"] == true).await;
    page
}

/// Sends `message` and reads the error it gets.
async fn refused(page: &mut Client, message: Value) -> Value {
    page.send(message).await;
    page.recv_type("error").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_against_a_rated_bot_shows_the_change_and_the_leaderboard_answers() {
    let running = server(|config| {
        // The test plays faster than a person: the speed limit is not what it is about.
        config.rate_per_second = 1000.0;
        config.rate_burst = 1000.0;
    })
    .await;
    let addr = running.addr();
    let (page, cookie) = signed(addr, "Ana").await;
    let mut ana = hosting(page, "Ana").await;
    // The page claims its seat for the account, as it does once signed in: the room's games
    // are Ana's on her profile.
    let seat = json!({"room": ana.room_id.clone().unwrap(), "token": ana.token.clone().unwrap()});
    let (status, _, body) = post(
        addr,
        "/api/accounts/me/seats",
        Some(&cookie),
        json!({ "seats": [seat] }),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    // A bot that is not rated keeps the room unrated.
    ana.send(json!({"type": "add_bot", "bot": "random"})).await;
    ana.until(|room| room["seats"].as_array().unwrap().len() == 2)
        .await;
    let error = refused(&mut ana, json!({"type": "set_rated", "rated": true})).await;
    assert_eq!(error["code"], "invalid", "{error}");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("easy, medium, hard"),
        "{error}"
    );
    ana.send(json!({"type": "remove", "seat": 1})).await;
    ana.send(json!({"type": "add_bot", "bot": "hard"})).await;
    ana.until(|room| {
        room["seats"].as_array().unwrap().len() == 2 && room["seats"][1]["name"] == "hard"
    })
    .await;
    ana.send(json!({"type": "set_rated", "rated": true})).await;
    ana.until(|room| room["rated"] == true).await;

    // The leaderboard asked before the game: the climbers it keeps must not outlive the game.
    let (status, body) = http_get(addr, "/api/leaderboard").await;
    assert_eq!(status, 200, "{body}");
    let board: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(board["climbers"], json!([]), "{board}");

    ana.send(json!({"type": "start"})).await;
    ana.until(|room| room["status"] == "playing").await;
    // A rated game's seats are drawn: Ana knows hers, whichever it is.
    let me = ana.seat.expect("Ana is seated") as usize;
    assert_eq!(ana.room["seats"][me]["name"], "Ana", "{}", ana.room);
    assert_eq!(ana.room["seats"][1 - me]["bot"], "hard", "{}", ana.room);
    // Rated or not is decided before the game.
    let error = refused(&mut ana, json!({"type": "set_rated", "rated": false})).await;
    assert_eq!(error["code"], "wrong_state", "{error}");
    play_out(&mut ana).await;

    let finished = &ana.room["finished"][0];
    let changes = finished["rating_changes"].as_array().expect("changes");
    assert_eq!(changes.len(), 2, "{finished}");
    assert!(
        changes[1 - me].is_null(),
        "the bot's rating does not move: {finished}"
    );
    let change = changes[me].as_i64().expect("Ana's change");
    let won = finished["winners"] == json!([me]);
    assert_eq!(change > 0, won, "{finished}");

    // The profile shows the rating and its history.
    let (status, body) = http_get(addr, "/api/players/Ana").await;
    assert_eq!(status, 200, "{body}");
    let profile: Value = serde_json::from_str(&body).unwrap();
    // The game is Ana's at the seat the draw gave her, won or lost as it was.
    let recent = &profile["recent"][0];
    assert_eq!(recent["seat"], me, "{profile}");
    assert_eq!(recent["won"], won, "{profile}");
    let rating = &profile["rating"];
    assert_eq!(rating["provisional"], true, "{profile}");
    assert_eq!(rating["games"], 1);
    assert_eq!(rating["history"].as_array().unwrap().len(), 1);
    assert_eq!(rating["history"][0]["change"], change);
    assert_eq!(rating["history"][0]["rating"], rating["rating"]);
    assert_eq!(rating["rating"].as_i64().unwrap(), 1000 + change);

    let (status, body) = http_get(addr, "/api/leaderboard").await;
    assert_eq!(status, 200, "{body}");
    let board: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(board["bots"][0], json!({"bot": "optimal", "rating": 1955}));
    // One game leaves Ana provisional: not among the established players; nor among the most
    // accurate, who need ten reviewed rated games.
    assert_eq!(board["players"], json!([]));
    assert_eq!(board["accuracy_games"], 10);
    assert_eq!(board["accuracy"], json!([]));
    let climbers = board["climbers"].as_array().unwrap();
    if won {
        assert_eq!(climbers.len(), 1, "{board}");
        assert_eq!(climbers[0]["name"], "Ana");
        assert_eq!(climbers[0]["climb"], change);
    } else {
        assert!(climbers.is_empty(), "{board}");
    }
}

/// Asks for a rated quick match (for two) and reads the first `waiting`.
async fn rated_quick_match(page: &mut Client, name: &str) -> Value {
    page.send(json!({"type": "quick_match", "name": name, "rated": true}))
        .await;
    page.recv_type("matching").await
}

/// Reads until matched, into the room, its game under way.
async fn matched(page: &mut Client) {
    next_where(page, "matching", |m| m["state"] == "matched").await;
    page.recv_type("joined").await;
    page.until(|room| room["status"] == "playing").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_quick_match_seats_rated_askers_at_a_rated_table() {
    let running = server(|config| {
        config.rate_per_second = 1000.0;
        config.rate_burst = 1000.0;
        config.match_bot_after = Duration::from_millis(500);
    })
    .await;
    let addr = running.addr();

    // A guest cannot ask for a rated table.
    let mut guest = Client::connect(addr).await;
    let error = refused(
        &mut guest,
        json!({"type": "quick_match", "name": "Guest", "rated": true}),
    )
    .await;
    assert_eq!(error["code"], "not_signed_in", "{error}");

    // A new player's rating is 1000; the reach starts 100 each side.
    let mut ana = signed_page(addr, "Ana").await;
    let waiting = rated_quick_match(&mut ana, "Ana").await;
    assert_eq!(waiting["state"], "waiting", "{waiting}");
    assert_eq!(waiting["rating"], 1000, "{waiting}");
    assert_eq!(waiting["rating_range"], json!([900, 1100]), "{waiting}");
    // Bob asks unrated: he and Ana never meet, though both are signed in.
    let mut bob = signed_page(addr, "Bob").await;
    bob.send(json!({"type": "quick_match", "name": "Bob"}))
        .await;
    let unrated = bob.recv_type("matching").await;
    assert!(unrated.get("rating_range").is_none(), "{unrated}");
    // Cy asks rated under another name: a rated seat is the account's, so he sits as Cy.
    let mut cy = signed_page(addr, "Cy").await;
    cy.send(json!({"type": "quick_match", "name": "Someone", "rated": true}))
        .await;
    matched(&mut ana).await;
    matched(&mut cy).await;
    assert_eq!(ana.room_id, cy.room_id);
    let room = &ana.room;
    assert_eq!(room["rated"], true, "{room}");
    assert_eq!(room["rules"]["target"], 25, "official rules: {room}");
    let mut seats: Vec<(&str, bool)> = room["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| (seat["name"].as_str().unwrap(), seat["claimed"] == true))
        .collect();
    // Drawn in either order; each knows their own.
    assert_eq!(room["seats"][ana.seat.unwrap() as usize]["name"], "Ana");
    assert_eq!(cy.room["seats"][cy.seat.unwrap() as usize]["name"], "Cy");
    seats.sort();
    assert_eq!(seats, [("Ana", true), ("Cy", true)]);
    // Bob still waits: cancelling tells him so.
    bob.send(json!({"type": "match_cancel"})).await;
    let cancelled = next_where(&mut bob, "matching", |m| m["state"] != "waiting").await;
    assert_eq!(cancelled["state"], "cancelled", "{cancelled}");

    tokio::join!(play_out(&mut ana), play_out(&mut cy));
    let finished = &ana.room["finished"][0];
    let changes = finished["rating_changes"].as_array().expect("changes");
    let winner = finished["winners"][0].as_u64().unwrap() as usize;
    assert_eq!(finished["winners"].as_array().unwrap().len(), 1);
    for (seat, change) in changes.iter().enumerate() {
        let change = change.as_i64().expect("each person's change");
        assert_eq!(change > 0, seat == winner, "{finished}");
    }
    assert_eq!(cy.room["finished"][0]["rating_changes"], json!(changes));

    // Alone past the bot offer, a new player (1000) is offered the anchor nearest: easy (1205).
    let mut dee = signed_page(addr, "Dee").await;
    rated_quick_match(&mut dee, "Dee").await;
    next_where(&mut dee, "matching", |m| m["bot_offered"] == true).await;
    dee.send(json!({"type": "match_bot"})).await;
    matched(&mut dee).await;
    assert_eq!(dee.room["rated"], true, "{}", dee.room);
    let dee_seat = dee.seat.expect("Dee is seated") as usize;
    assert_eq!(
        dee.room["seats"][1 - dee_seat]["bot"],
        "easy",
        "{}",
        dee.room
    );
    assert_eq!(dee.room["seats"][dee_seat]["claimed"], true, "{}", dee.room);
    running.abort();
}
