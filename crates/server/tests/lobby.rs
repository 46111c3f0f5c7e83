//! The lobby over real WebSockets: leaving a room, the host removing a seat (the seats after it
//! move up and are told so), and a room's eight seats.

mod common;

use common::{Client, server};
use serde_json::{Value, json};

fn names(room: &Value) -> Vec<&str> {
    room["seats"]
        .as_array()
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect()
}

/// Reads until an update carries an event of `kind`; returns that update's events.
async fn events_with(client: &mut Client, kind: &str) -> Vec<Value> {
    loop {
        let message = client.recv().await;
        assert_ne!(message["type"], "error", "{message}");
        if message["type"] == "update" {
            let events = message["events"].as_array().unwrap().clone();
            if events.iter().any(|e| e["kind"] == kind) {
                return events;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_gives_the_room_up_and_keeps_the_seat_for_resume() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let mut bia = Client::join(addr, &room, "Bia").await;
    let token = bia.token.clone().unwrap();

    bia.send(json!({"type": "leave"})).await;
    let left = bia.recv_type("left").await;
    assert_eq!(left["code"], "left", "{left}");
    assert!(left["reason"].as_str().is_some_and(|r| !r.is_empty()));
    // The seat stays, empty of its person; the others see it.
    let events = events_with(&mut ana, "disconnected").await;
    assert!(
        events.contains(&json!({"kind": "disconnected", "seat": 1})),
        "{events:?}"
    );
    assert_eq!(names(&ana.room), ["Ana", "Bia"]);
    assert_eq!(ana.room["seats"][1]["connected"], false);
    // Out of the room, the connection can do nothing there.
    bia.refused(json!({"type": "leave"}), "not_in_room").await;
    bia.refused(json!({"type": "say", "message": "gg"}), "not_in_room")
        .await;

    // The token brings Bia back to her seat, on the same connection.
    bia.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    let joined = bia.recv_type("joined").await;
    assert_eq!(joined["seat"], 1);
    ana.until(|r| r["seats"][1]["connected"] == true).await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_removes_a_seat_in_the_lobby_and_the_seats_after_it_move_up() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let mut bia = Client::join(addr, &room, "Bia").await;
    let bia_token = bia.token.clone().unwrap();
    let mut cid = Client::join(addr, &room, "Cid").await;
    let cid_token = cid.token.clone().unwrap();
    ana.send(json!({"type": "add_bot", "bot": "random"})).await;
    ana.until(|r| names(r).len() == 4).await;
    cid.until(|r| names(r).len() == 4).await;

    // Only the host removes, and never the host's own seat or one that does not exist.
    cid.refused(json!({"type": "remove", "seat": 1}), "not_host")
        .await;
    ana.refused(json!({"type": "remove", "seat": 0}), "invalid")
        .await;
    ana.refused(json!({"type": "remove", "seat": 4}), "invalid")
        .await;

    ana.send(json!({"type": "remove", "seat": 1})).await;
    let left = bia.recv_type("left").await;
    assert_eq!(left["code"], "removed", "{left}");
    // Cid is told the new seat before the update that shows it.
    let joined = cid.recv().await;
    assert_eq!(joined["type"], "joined", "{joined}");
    assert_eq!(joined["seat"], 1);
    assert_eq!(joined["room"], room.as_str());
    assert!(joined.get("token").is_none(), "the token is not sent again");
    let update = cid.recv().await;
    assert_eq!(update["type"], "update", "{update}");
    assert_eq!(
        update["events"],
        json!([{"kind": "seat_removed", "seat": 1}])
    );
    assert_eq!(names(&cid.room), ["Ana", "Cid", "random"]);
    assert_eq!(cid.room["host"], 0);
    ana.until(|r| names(r).len() == 3).await;

    // Bia's token is revoked; Cid's still finds Cid, at the new seat.
    let mut again = Client::connect(addr).await;
    again
        .refused(
            json!({"type": "resume", "room": room, "token": bia_token}),
            "bad_token",
        )
        .await;
    let mut cid_again = Client::connect(addr).await;
    cid_again
        .send(json!({"type": "resume", "room": room, "token": cid_token}))
        .await;
    assert_eq!(cid_again.recv_type("joined").await["seat"], 1);
    cid_again.recv_type("update").await;

    // In the game, seat 1 is Cid's: after Ana's turn, Cid's moves are taken as seat 1's.
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    while ana.room["game"]["to_move"] == 0 {
        let action = ana.simple_action();
        ana.play_one(&action).await;
    }
    cid_again.until(|r| r["game"]["to_move"] == 1).await;
    assert!(cid_again.my_turn());
    cid_again.play_one("roll").await;
    assert_eq!(cid_again.room["game"]["seat"], 1);
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_has_eight_seats() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let mut bia = Client::join(addr, &room, "Bia").await;
    for n in 3..=8 {
        ana.send(json!({"type": "add_bot", "bot": "random"})).await;
        ana.until(|r| names(r).len() == n).await;
    }
    assert_eq!(
        names(&ana.room),
        [
            "Ana", "Bia", "random", "random 2", "random 3", "random 4", "random 5", "random 6"
        ]
    );
    ana.refused(json!({"type": "add_bot", "bot": "random"}), "room_full")
        .await;
    let mut cid = Client::connect(addr).await;
    cid.refused(
        json!({"type": "join", "room": room, "name": "Cid"}),
        "room_full",
    )
    .await;
    // Watching is still open to the ninth person, and a seat freed is a seat to take.
    cid.send(json!({"type": "watch", "room": room})).await;
    assert_eq!(cid.recv_type("joined").await["seat"], Value::Null);
    bia.send(json!({"type": "leave"})).await;
    bia.recv_type("left").await;
    ana.send(json!({"type": "remove", "seat": 1})).await;
    ana.until(|r| names(r).len() == 7).await;
    cid.until(|r| names(r).len() == 7).await;
    cid.send(json!({"type": "join_next", "name": "Cid"})).await;
    assert_eq!(cid.recv_type("joined").await["seat"], 7);
    running.abort();
}
