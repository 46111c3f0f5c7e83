//! The protocol against a real server on 127.0.0.1 with real WebSocket clients.

mod common;

use common::{Client, http_get, server};
use martian_engine::GameRecord;
use serde_json::json;

fn over(room: &serde_json::Value) -> bool {
    room["status"] == "over"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_a_bot_ends_with_a_complete_downloadable_record() {
    // The test plays far faster than a person may.
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let mut host = Client::create(addr, "Ana").await;
    assert_eq!(host.seat, Some(0));
    let room = host.room_id.clone().unwrap();
    host.send(json!({"type": "add_bot", "bot": "defensive"}))
        .await;
    host.until(|r| r["seats"].as_array().unwrap().len() == 2)
        .await;
    assert_eq!(host.room["seats"][1]["bot"], "defensive");
    let mut spectator = Client::connect(addr).await;
    spectator.send(json!({"type": "watch", "room": room})).await;
    let joined = spectator.recv_type("joined").await;
    assert_eq!(joined["seat"], serde_json::Value::Null);
    assert!(joined.get("token").is_none());
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["status"] == "playing").await;
    let mut my_moves = 0;
    while !over(&host.room) {
        if host.my_turn() {
            let action = host.simple_action();
            host.play_one(&action).await;
            my_moves += 1;
        } else {
            let message = host.recv().await;
            assert_ne!(message["type"], "error", "{message}");
        }
    }
    assert!(my_moves > 0);
    let game = &host.room["game"];
    let winners = game["winners"].as_array().unwrap().clone();
    assert!(!winners.is_empty());
    spectator.until(over).await;
    assert_eq!(spectator.room["game"], host.room["game"]);
    // The spectator never sees a token.
    assert!(
        !spectator
            .room
            .to_string()
            .contains(host.token.as_deref().unwrap())
    );

    let (status, body) = http_get(addr, &format!("/api/rooms/{room}/games/1/record")).await;
    assert_eq!(status, 200, "{body}");
    let record = GameRecord::from_json(&body).unwrap();
    let replayed = record
        .replay()
        .expect("the record replays under the engine");
    let outcome = replayed
        .outcome()
        .expect("the record is of a finished game");
    let winners: Vec<usize> = winners
        .iter()
        .map(|w| w.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(outcome.winners, winners);
    assert_eq!(record.players[0].name, "Ana");
    assert_eq!(record.players[1].bot.as_deref(), Some("defensive"));
    assert_eq!(
        record.turns.len(),
        host.room["game"]["history"].as_array().unwrap().len()
    );
    assert!(record.seed.is_some());
    assert_eq!(host.room["finished"][0]["number"], 1);

    let (status, _) = http_get(addr, &format!("/api/rooms/{room}/games/2/record")).await;
    assert_eq!(status, 404);
    let other = "0".repeat(32);
    let (status, _) = http_get(addr, &format!("/api/rooms/{other}/games/1/record")).await;
    assert_eq!(status, 404);

    // Rematch: a new game in the same room.
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["status"] == "playing" && r["game"]["number"] == 2)
        .await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_and_every_bad_request_is_refused_changing_nothing() {
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let mut bia = Client::join(addr, &room, "Bia").await;
    assert_eq!(bia.seat, Some(1));
    ana.until(|r| r["seats"].as_array().unwrap().len() == 2)
        .await;

    // Host-only requests from a guest.
    bia.refused(json!({"type": "start"}), "not_host").await;
    bia.refused(json!({"type": "add_bot", "bot": "random"}), "not_host")
        .await;
    // Acting before any game.
    ana.refused(json!({"type": "act", "action": "roll"}), "wrong_state")
        .await;
    // Bad values.
    ana.refused(json!({"type": "add_bot", "bot": "exec:/bin/sh"}), "invalid")
        .await;
    ana.refused(
        json!({"type": "set_timer", "timer": {"seconds": 100000, "on_timeout": "bot"}}),
        "invalid",
    )
    .await;
    ana.refused(json!({"type": "remove", "seat": 0}), "invalid")
        .await;
    ana.refused(json!({"type": "say", "message": "free text"}), "invalid")
        .await;
    // Malformed: not JSON, unknown type, unknown field, missing field, wrong type, binary-ish.
    ana.refused_text("{not json".into(), "malformed").await;
    ana.refused(json!({"type": "teleport"}), "malformed").await;
    ana.refused(
        json!({"type": "act", "action": "roll", "seat": 1}),
        "malformed",
    )
    .await;
    ana.refused(json!({"type": "act"}), "malformed").await;
    ana.refused(json!({"type": "act", "action": 5}), "malformed")
        .await;
    ana.refused(json!({"type": "set_rules", "rules": {"dice": 0, "target": 25, "bonus": "one-of-each", "end": "complete-round", "tie": "roll-off"}}), "malformed").await;
    // Oversized.
    let big = json!({"type": "say", "message": "x".repeat(5000)}).to_string();
    ana.refused_text(big, "too_large").await;
    // Entering twice.
    ana.refused(json!({"type": "watch", "room": room}), "already_in_room")
        .await;

    ana.send(json!({"type": "set_rules", "rules": {"dice": 13, "target": 8, "bonus": "one-of-each", "end": "complete-round", "tie": "roll-off"}})).await;
    ana.until(|r| r["rules"]["target"] == 8).await;
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    bia.until(|r| r["status"] == "playing").await;
    // Joining a game under way is refused; watching is fine.
    let mut late = Client::connect(addr).await;
    late.refused(
        json!({"type": "join", "room": room, "name": "Cid"}),
        "already_started",
    )
    .await;
    late.send(json!({"type": "watch", "room": room})).await;
    late.recv_type("joined").await;
    late.recv_type("update").await;
    late.refused(json!({"type": "act", "action": "roll"}), "not_seated")
        .await;
    late.refused(json!({"type": "say", "message": "hello"}), "not_seated")
        .await;
    ana.until(|r| r["spectators"] == 1).await;
    bia.until(|r| r["spectators"] == 1).await;

    // Out of turn: Bia acts on Ana's turn.
    assert!(ana.my_turn());
    bia.refused(json!({"type": "act", "action": "roll"}), "not_your_turn")
        .await;
    // Illegal: stop or take before rolling; take tanks, take what was not rolled.
    ana.refused(json!({"type": "act", "action": "stop"}), "illegal")
        .await;
    ana.refused(json!({"type": "act", "action": "R"}), "illegal")
        .await;
    ana.refused(json!({"type": "act", "action": "fly"}), "invalid")
        .await;
    ana.play_one("roll").await;
    if ana.my_turn() && ana.room["game"]["awaiting"] == "decision" {
        ana.refused(json!({"type": "act", "action": "T"}), "illegal")
            .await;
        let roll = ana.room["game"]["turn"]["roll"]
            .as_str()
            .unwrap()
            .to_string();
        if let Some(missing) = ["H", "C", "K"].into_iter().find(|f| !roll.contains(f)) {
            ana.refused(json!({"type": "act", "action": missing}), "illegal")
                .await;
        }
        ana.refused(json!({"type": "act", "action": "stop"}), "illegal")
            .await;
    }
    // Quick messages reach everyone in the room.
    bia.send(json!({"type": "say", "message": "good_luck"}))
        .await;
    let said = ana.recv_type("said").await;
    assert_eq!(
        (said["seat"].as_u64(), said["message"].as_str()),
        (Some(1), Some("good_luck"))
    );

    // Play it out, each for their own seat; both see every move.
    let target = ana.room["game"]["moves"].clone();
    bia.until(|r| r["game"]["moves"] == target).await;
    while !over(&ana.room) {
        let (mover, other) = if ana.my_turn() {
            (&mut ana, &mut bia)
        } else if bia.my_turn() {
            (&mut bia, &mut ana)
        } else {
            panic!("nobody's turn: {}", ana.room);
        };
        let action = mover.simple_action();
        mover.play_one(&action).await;
        let target = mover.room["game"]["moves"].clone();
        other.until(|r| r["game"]["moves"] == target).await;
    }
    assert!(
        ana.room["game"]["winners"]
            .as_array()
            .is_some_and(|w| !w.is_empty())
    );
    ana.refused(json!({"type": "act", "action": "roll"}), "wrong_state")
        .await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_comes_back_to_the_same_seat_with_the_token() {
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let bia = Client::join(addr, &room, "Bia").await;
    let token = bia.token.clone().unwrap();
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    ana.play_one("roll").await;
    bia.close().await;
    ana.until(|r| r["seats"][1]["connected"] == false).await;

    // A wrong token, another room's token, a malformed room id: refused.
    let mut intruder = Client::connect(addr).await;
    intruder
        .refused(
            json!({"type": "resume", "room": room, "token": "0".repeat(32)}),
            "bad_token",
        )
        .await;
    // Ana's token with its last digit changed.
    let mut near = ana.token.clone().unwrap();
    let last = near.pop().unwrap();
    near.push(if last == '0' { '1' } else { '0' });
    intruder
        .refused(
            json!({"type": "resume", "room": room, "token": near}),
            "bad_token",
        )
        .await;
    intruder
        .refused(
            json!({"type": "resume", "room": "../x", "token": token}),
            "no_such_room",
        )
        .await;
    intruder
        .refused(
            json!({"type": "watch", "room": "f".repeat(32)}),
            "no_such_room",
        )
        .await;

    let mut back = Client::connect(addr).await;
    back.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    let joined = back.recv_type("joined").await;
    assert_eq!(joined["seat"], 1);
    back.recv_type("update").await;
    assert_eq!(back.room["game"]["moves"], ana.room["game"]["moves"]);
    ana.until(|r| r["seats"][1]["connected"] == true).await;

    // A second resume of the same seat takes it over; the older connection is told.
    let mut again = Client::connect(addr).await;
    again
        .send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    again.recv_type("joined").await;
    let left = back.recv_type("left").await;
    assert_eq!(left["code"], "resumed_elsewhere");
    assert!(
        left["reason"]
            .as_str()
            .unwrap()
            .contains("another connection")
    );
    back.refused(json!({"type": "act", "action": "roll"}), "not_in_room")
        .await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn caps_on_connections_rooms_and_speed_are_refused_clearly() {
    let running = server(|config| {
        config.max_connections = 2;
        config.max_rooms = 1;
        config.rate_burst = 5.0;
        config.rate_per_second = 1.0;
    })
    .await;
    let addr = running.addr();
    let mut a = Client::create(addr, "A").await;
    let mut b = Client::connect(addr).await;
    b.refused(
        json!({"type": "create_room", "name": "B"}),
        "too_many_rooms",
    )
    .await;

    // A third connection is refused with a reason, then closed.
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    use futures_util::StreamExt;
    let first = ws.next().await.unwrap().unwrap();
    let refusal: serde_json::Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert_eq!(refusal["code"], "server_full", "{refusal}");
    let closing = ws.next().await.unwrap().unwrap();
    assert!(closing.is_close(), "{closing:?}");
    drop(ws);

    // Speed: a burst over the limit gets rate_limited answers, and nothing else happens.
    for _ in 0..12 {
        a.send(json!({"type": "ping"})).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    for _ in 0..12 {
        let reply = a.recv().await;
        match reply["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") => {
                assert_eq!(reply["code"], "rate_limited");
                limited += 1;
            }
            _ => panic!("{reply}"),
        }
    }
    // The burst of 5 less the create_room.
    assert!(
        pongs >= 4 && limited >= 1,
        "{pongs} pongs, {limited} refusals"
    );
    b.close().await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_see_nothing_of_each_other() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut one = Client::create(addr, "One").await;
    let mut two = Client::create(addr, "Two").await;
    assert_ne!(one.room_id, two.room_id);
    two.send(json!({"type": "add_bot", "bot": "random"})).await;
    two.until(|r| r["seats"].as_array().unwrap().len() == 2)
        .await;
    two.send(json!({"type": "start"})).await;
    two.until(|r| r["status"] == "playing").await;
    two.send(json!({"type": "say", "message": "hello"})).await;
    two.recv_type("said").await;
    // Room one hears nothing of room two: the next thing it receives is its own pong.
    one.send(json!({"type": "ping"})).await;
    assert_eq!(one.recv().await["type"], "pong");
    assert_eq!(one.room["seats"].as_array().unwrap().len(), 1);
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_turn_is_handed_to_a_bot_and_the_host_can_remove_a_player_who_left() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let bia = Client::join(addr, &room, "Bia").await;
    ana.send(json!({"type": "set_timer", "timer": {"seconds": 1, "on_timeout": "stop"}}))
        .await;
    ana.until(|r| r["timer"]["seconds"] == 1).await;
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    assert!(
        ana.room["game"]["deadline_ms"]
            .as_u64()
            .is_some_and(|ms| ms <= 1000)
    );
    // Ana does nothing: her turn is stopped for her, and Bia's turn comes.
    ana.until(|r| r["game"]["to_move"] == 1).await;
    assert_eq!(ana.room["game"]["history"].as_array().unwrap().len(), 1);
    // Bia leaves; the host hands her seat to a bot, which plays on.
    bia.close().await;
    ana.until(|r| r["seats"][1]["connected"] == false).await;
    ana.send(json!({"type": "set_timer", "timer": {"seconds": 0, "on_timeout": "bot"}}))
        .await;
    ana.send(json!({"type": "remove", "seat": 1})).await;
    ana.until(|r| !r["seats"][1]["bot"].is_null()).await;
    assert_eq!(ana.room["seats"][1]["human"], true);
    ana.until(|r| r["game"]["to_move"] == 0 || r["status"] == "over")
        .await;
    running.abort();
}

/// Seats a defensive bot beside the room's host, starts the game and turns the coach on.
async fn play_against_a_bot_with_the_coach(host: &mut Client) {
    host.send(json!({"type": "add_bot", "bot": "defensive"}))
        .await;
    host.until(|r| r["seats"].as_array().unwrap().len() == 2)
        .await;
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["status"] == "playing").await;
    host.send(json!({"type": "coach", "on": true})).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_coach_advises_a_person_against_a_bot_with_exact_chances() {
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    play_against_a_bot_with_the_coach(&mut ana).await;
    let advice = ana.recv_type("advice").await["advice"].clone();
    let chances: Vec<f64> = advice["chances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_f64().unwrap())
        .collect();
    assert_eq!(chances.len(), 2);
    assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // At the start the chances are the duel's, from the solver directly.
    let exact = martian_solver::duel(martian_engine::Rules::official())
        .unwrap()
        .game_wins();
    assert!(
        (chances[0] - exact[0]).abs() < 1e-12,
        "{chances:?} vs {exact:?}"
    );
    assert_eq!(advice["moves"], 0);
    assert_eq!(advice["best"], "roll");
    ana.play_one("roll").await;
    if ana.my_turn() {
        let advice = loop {
            let message = ana.recv_type("advice").await;
            if message["advice"]["moves"] == ana.room["game"]["moves"] {
                break message["advice"].clone();
            }
        };
        let options: Vec<&str> = advice["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["action"].as_str().unwrap())
            .collect();
        let legal: Vec<&str> = ana.room["game"]["turn"]["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        assert_eq!(options, legal);
    }
    // Between two people the coach is refused.
    let mut bia_room = Client::create(addr, "Bia").await;
    let room = bia_room.room_id.clone().unwrap();
    let _cid = Client::join(addr, &room, "Cid").await;
    bia_room
        .until(|r| r["seats"].as_array().unwrap().len() == 2)
        .await;
    bia_room
        .refused(json!({"type": "coach", "on": true}), "wrong_state")
        .await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_nobody_is_in_closes_after_the_idle_time_and_frees_its_place() {
    let running = server(|config| {
        config.max_rooms = 1;
        config.idle_close = std::time::Duration::from_millis(300);
    })
    .await;
    let addr = running.addr();
    let ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let mut other = Client::connect(addr).await;
    other
        .refused(
            json!({"type": "create_room", "name": "Bia"}),
            "too_many_rooms",
        )
        .await;
    // While someone is in it, the room stays.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    other
        .refused(
            json!({"type": "resume", "room": room, "token": "0".repeat(32)}),
            "bad_token",
        )
        .await;
    ana.close().await;
    tokio::time::sleep(std::time::Duration::from_millis(800)).await;
    other
        .refused(json!({"type": "watch", "room": room}), "no_such_room")
        .await;
    other
        .send(json!({"type": "create_room", "name": "Bia"}))
        .await;
    other.recv_type("joined").await;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tie_is_settled_by_a_roll_off_that_the_record_keeps() {
    // One die and a target of 1: ties are frequent, so a few games bring a roll-off.
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    ana.send(json!({"type": "add_bot", "bot": "random"})).await;
    ana.send(json!({"type": "set_rules", "rules": {"dice": 1, "target": 1, "bonus": "one-of-each", "end": "complete-round", "tie": "roll-off"}})).await;
    ana.until(|r| r["rules"]["dice"] == 1 && r["seats"].as_array().unwrap().len() == 2)
        .await;
    for game in 1..=200 {
        ana.send(json!({"type": "start"})).await;
        ana.until(|r| r["status"] == "playing" && r["game"]["number"] == game)
            .await;
        // The roll-off's requests of Ana, as the room state puts them to her.
        let mut asked_to_roll_off = Vec::new();
        while !over(&ana.room) {
            if ana.room["game"]["awaiting"] == "roll_off_roll" && ana.my_turn() {
                asked_to_roll_off.push(ana.room["game"]["turn"]["legal"].clone());
            }
            if ana.my_turn() {
                let action = ana.simple_action();
                ana.play_one(&action).await;
            } else {
                ana.recv().await;
            }
        }
        let rounds = ana.room["game"]["roll_off"]["rounds"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if rounds.is_empty() {
            continue;
        }
        // Both seats tie, so both roll off, Ana (seat 0) first in every round: the server asked
        // her once per round, with the roll as her only move.
        assert_eq!(
            ana.room["game"]["roll_off"]["contenders"],
            json!([0, 1]),
            "{}",
            ana.room
        );
        assert_eq!(
            asked_to_roll_off,
            vec![json!(["roll"]); rounds.len()],
            "one request per roll-off round"
        );
        let scores = ana.room["game"]["scores"].clone();
        assert_eq!(scores[0], scores[1], "a roll-off only between tied players");
        let winners = ana.room["game"]["winners"].as_array().unwrap().clone();
        assert_eq!(winners.len(), 1);
        // The last round has a single player with the most rays.
        let last = rounds.last().unwrap().as_array().unwrap();
        let rays = |r: &serde_json::Value| r["roll"].as_str().unwrap().matches('R').count();
        let best = last.iter().map(rays).max().unwrap();
        let leaders: Vec<_> = last.iter().filter(|r| rays(r) == best).collect();
        assert_eq!(leaders.len(), 1);
        assert_eq!(leaders[0]["seat"], winners[0]);
        let (status, body) =
            http_get(addr, &format!("/api/rooms/{room}/games/{game}/record")).await;
        assert_eq!(status, 200);
        let record = GameRecord::from_json(&body).unwrap();
        assert_eq!(record.roll_off.len(), rounds.len());
        let replayed = record.replay().unwrap();
        assert_eq!(
            replayed.outcome().unwrap().winners,
            vec![winners[0].as_u64().unwrap() as usize]
        );
        running.abort();
        return;
    }
    panic!("no roll-off in 200 games of one die to 1 point");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_beyond_what_the_server_reads_closes_the_connection() {
    use futures_util::StreamExt;
    let running = server(|_| {}).await;
    let addr = running.addr();
    // A frame beyond what the server reads at all closes that connection.
    let (mut huge, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let welcome = huge.next().await.unwrap().unwrap();
    assert!(welcome.to_text().unwrap().contains("welcome"));
    use futures_util::SinkExt;
    let text = json!({"type": "say", "message": "x".repeat(100_000)}).to_string();
    let _ = huge
        .send(tokio_tungstenite::tungstenite::Message::Text(text.into()))
        .await;
    // Not a reset: the documented close code, readable by the client.
    let end = tokio::time::timeout(common::WAIT, huge.next())
        .await
        .expect("an answer within the wait")
        .expect("a close frame, not the end of the stream")
        .expect("a close frame, not a connection error");
    let tokio_tungstenite::tungstenite::Message::Close(Some(frame)) = &end else {
        panic!("expected a close frame with a code, got {end:?}");
    };
    assert_eq!(u16::from(frame.code), 1009, "{frame:?}");
    drop(huge);

    // The server goes on serving others.
    let mut other = Client::connect(addr).await;
    other.send(json!({"type": "ping"})).await;
    assert_eq!(other.recv().await["type"], "pong");
    running.abort();
}

/// A malformed message whose type is plainly a known one is refused naming that request; one of
/// no known type, or not JSON, names none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_request_of_a_known_type_is_named_in_the_refusal() {
    let running = server(|_| {}).await;
    let mut client = Client::connect(running.addr()).await;
    for (text, request) in [
        (r#"{"type":"act","action":7}"#, Some("act")),
        (r#"{"type":"create_room"}"#, Some("create_room")),
        (r#"{"type":"start","now":true}"#, Some("start")),
        (r#"{"type":"dance"}"#, None),
        (r#"{"type":"act""#, None),
        ("hello", None),
    ] {
        client.send_text(text.to_string()).await;
        let reply = client.recv().await;
        assert_eq!(reply["type"], "error", "{text}: {reply}");
        assert_eq!(reply["code"], "malformed", "{text}: {reply}");
        assert_eq!(reply["request"].as_str(), request, "{text}: {reply}");
        // Worded for the page in its reader's language by a message of /i18n/*.ftl.
        assert_eq!(reply["reason"]["id"], "web-refusal-malformed", "{reply}");
        assert!(reply["reason"]["args"]["case"].is_string(), "{reply}");
    }
    // A refused name likewise (`web-refusal-name`), in a room or in the quick-match queue.
    for message in [
        json!({"type": "create_room", "name": "x".repeat(40)}),
        json!({"type": "quick_match", "name": "\u{2028}Ana"}),
    ] {
        client.send(message.clone()).await;
        let reply = client.recv().await;
        assert_eq!(reply["code"], "invalid", "{message}: {reply}");
        assert_eq!(reply["reason"]["id"], "web-refusal-name", "{reply}");
        assert!(reply["reason"]["args"]["why"].is_string(), "{reply}");
        assert_eq!(reply["reason"]["args"]["limit"], 24, "{reply}");
    }
    running.abort();
}

/// `welcome.coach_max_target` is the limit the server coaches within: for each number of dice
/// the lower of 100 and the duel solver's limit, and a game of 30 dice one past it is refused
/// naming that very limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_welcome_names_the_coach_s_limit_for_each_number_of_dice() {
    use futures_util::StreamExt;
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let message = ws.next().await.unwrap().unwrap();
    let welcome: serde_json::Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
    let limits: Vec<u64> = welcome["coach_max_target"]
        .as_array()
        .expect("coach_max_target")
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(limits.len(), usize::from(martian_engine::MAX_DICE));
    for (i, &max) in limits.iter().enumerate() {
        let dice = i as u8 + 1;
        let solver = martian_engine::SolvedGame::Duel.max_target(dice);
        assert_eq!(max, u64::from(solver.min(100)), "{dice} dice");
    }
    assert_eq!(limits[12], 100, "13 dice: the coach's own cap");
    let thirty = limits[29];
    assert!(thirty < 100, "30 dice: the solver's limit is lower");

    // A game of 30 dice one past the limit: the coach is refused, naming the limit sent.
    let mut ana = Client::create(addr, "Ana").await;
    let rules = json!({"dice": 30, "target": thirty + 1, "bonus": "one-of-each",
        "end": "complete-round", "tie": "roll-off"});
    ana.send(json!({"type": "set_rules", "rules": rules})).await;
    ana.until(|r| r["rules"]["target"] == thirty + 1).await;
    play_against_a_bot_with_the_coach(&mut ana).await;
    let refusal = loop {
        let message = ana.recv().await;
        if message["type"] == "error" {
            break message;
        }
        assert_ne!(message["type"], "advice", "{message}");
    };
    assert_eq!(refusal["code"], "wrong_state", "{refusal}");
    assert_eq!(
        refusal["message"],
        format!("the coach works for targets up to {thirty} with 30 dice"),
    );
    running.abort();
}
