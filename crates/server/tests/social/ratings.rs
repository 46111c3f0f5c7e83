//! Issue 38's rated games at the table: a host signed in makes a room rated (refused with a bot
//! that is not rated), plays it out against a rated bot, sees their change at the end, and the
//! leaderboard answers with the bots' fixed ratings.

use serde_json::{Value, json};

use super::accounts::{cookie_of, post};
use super::common::{Client, http_get, play_out, server};

/// A signed-in page (a new account named `name`) that made a room, its seat marked.
async fn signed_host(addr: std::net::SocketAddr, name: &str) -> Client {
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
    let mut page =
        Client::connect_with(addr, &[("Cookie", cookie.as_str()), ("Origin", &origin)]).await;
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
    let mut ana = signed_host(addr, "Ana").await;

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

    ana.send(json!({"type": "start"})).await;
    ana.until(|room| room["status"] == "playing").await;
    // Rated or not is decided before the game.
    let error = refused(&mut ana, json!({"type": "set_rated", "rated": false})).await;
    assert_eq!(error["code"], "wrong_state", "{error}");
    play_out(&mut ana).await;

    let finished = &ana.room["finished"][0];
    let changes = finished["rating_changes"].as_array().expect("changes");
    assert_eq!(changes.len(), 2, "{finished}");
    assert!(
        changes[1].is_null(),
        "the bot's rating does not move: {finished}"
    );
    let change = changes[0].as_i64().expect("Ana's change");
    let won = finished["winners"] == json!([0]);
    assert_eq!(change > 0, won, "{finished}");

    // The profile shows the rating and its history.
    let (status, body) = http_get(addr, "/api/players/Ana").await;
    assert_eq!(status, 200, "{body}");
    let profile: Value = serde_json::from_str(&body).unwrap();
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
    // One game leaves Ana provisional: not among the established players.
    assert_eq!(board["players"], json!([]));
    let climbers = board["climbers"].as_array().unwrap();
    if won {
        assert_eq!(climbers.len(), 1, "{board}");
        assert_eq!(climbers[0]["name"], "Ana");
        assert_eq!(climbers[0]["climb"], change);
    } else {
        assert!(climbers.is_empty(), "{board}");
    }
}
