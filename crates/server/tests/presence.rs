//! Issue 10's room features over real WebSockets: latecomers in line for the next game, the host
//! role passing on, away players whose turns a bot plays until they come back, any seated player
//! handing an absent player's turns to a bot, the pause before a bot's first roll — and all of it
//! surviving a restart on the same database.

mod common;

use std::time::{Duration, Instant};

use common::{Client, play_out, server};
use serde_json::{Value, json};

fn seats(room: &Value) -> usize {
    room["seats"].as_array().map_or(0, Vec::len)
}

/// Reads until an update carries an event of `kind`; returns that event.
async fn event(client: &mut Client, kind: &str) -> Value {
    loop {
        let message = client.recv().await;
        assert_ne!(message["type"], "error", "{message}");
        if message["type"] == "update"
            && let Some(found) = message["events"]
                .as_array()
                .and_then(|events| events.iter().find(|e| e["kind"] == kind))
        {
            return found.clone();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_latecomer_waits_in_line_and_is_seated_at_the_next_game() {
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    ana.send(json!({"type": "add_bot", "bot": "random"})).await;
    ana.send(json!({"type": "set_rules", "rules": {"dice": 13, "target": 4, "bonus": "one-of-each", "end": "complete-round", "tie": "shared"}})).await;
    ana.until(|r| seats(r) == 2 && r["rules"]["target"] == 4)
        .await;
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;

    // Joining a game under way is still refused; watching and asking for the next game is not.
    let mut cid = Client::connect(addr).await;
    cid.refused(
        json!({"type": "join", "room": room, "name": "Cid"}),
        "already_started",
    )
    .await;
    cid.send(json!({"type": "watch", "room": room})).await;
    cid.recv_type("joined").await;
    cid.recv_type("update").await;
    cid.refused(json!({"type": "join_next", "name": " "}), "invalid")
        .await;
    cid.send(json!({"type": "join_next", "name": "Cid"})).await;
    let joined = cid.recv_type("joined").await;
    assert_eq!(joined["seat"], Value::Null);
    assert_eq!(joined["waiting"], true);
    let token = joined["token"].as_str().unwrap().to_string();
    cid.recv_type("update").await;
    let queued = event(&mut ana, "queued").await;
    assert_eq!(queued["name"], "Cid");
    assert_eq!(
        ana.room["waiting"],
        json!([{"name": "Cid", "connected": true, "avatar": "martian-purple"}])
    );
    cid.refused(json!({"type": "join_next", "name": "Cid"}), "wrong_state")
        .await;
    ana.refused(json!({"type": "join_next", "name": "Ana"}), "wrong_state")
        .await;
    cid.refused(json!({"type": "act", "action": "roll"}), "not_seated")
        .await;

    // Gone and back with the token: still in line.
    cid.close().await;
    ana.until(|r| r["waiting"][0]["connected"] == false).await;
    let mut cid = Client::connect(addr).await;
    cid.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    let joined = cid.recv_type("joined").await;
    assert_eq!(
        (joined["seat"].clone(), joined["waiting"].clone()),
        (Value::Null, json!(true))
    );
    cid.recv_type("update").await;
    ana.until(|r| r["waiting"][0]["connected"] == true).await;

    play_out(&mut ana).await;
    // The rematch seats Cid, who is told the seat.
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing" && r["game"]["number"] == 2)
        .await;
    assert_eq!(seats(&ana.room), 3);
    assert_eq!(ana.room["seats"][2]["name"], "Cid");
    assert_eq!(ana.room["waiting"], json!([]));
    let joined = cid.recv_type("joined").await;
    assert_eq!(joined["seat"], 2);
    assert_eq!(joined["token"], token.as_str());
    cid.until(|r| r["game"]["number"] == 2).await;
    // Cid now plays seat 2 and comes back to it with the same token.
    assert_eq!(cid.seat, Some(2));
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_role_passes_on_when_the_host_leaves_or_stays_away() {
    let running = server(|config| config.grace = Duration::from_millis(300)).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let ana_token = ana.token.clone().unwrap();
    let mut bia = Client::join(addr, &room, "Bia").await;
    let mut cid = Client::join(addr, &room, "Cid").await;
    assert_eq!(bia.room["host"], 0);
    // Ana leaves: Bia (the next seat with someone here) is the host at once.
    ana.send(json!({"type": "leave"})).await;
    let changed = event(&mut bia, "host_changed").await;
    assert_eq!(changed["seat"], 1);
    assert_eq!(bia.room["host"], 1);
    cid.until(|r| r["host"] == 1).await;
    cid.refused(json!({"type": "start"}), "not_host").await;
    // Ana comes back: the role stays with Bia.
    let mut ana = Client::connect(addr).await;
    ana.send(json!({"type": "resume", "room": room, "token": ana_token}))
        .await;
    ana.recv_type("joined").await;
    ana.recv_type("update").await;
    assert_eq!(ana.room["host"], 1);
    ana.refused(json!({"type": "add_bot", "bot": "random"}), "not_host")
        .await;
    // Bia drops without leaving: after the grace period the role moves to Cid.
    bia.close().await;
    cid.until(|r| r["seats"][1]["connected"] == false).await;
    assert_eq!(cid.room["host"], 1, "not before the grace period");
    let changed = event(&mut cid, "host_changed").await;
    assert_eq!(changed["seat"], 2);
    // The new host removes the seat before theirs: the host's seat moves up with it.
    cid.send(json!({"type": "remove", "seat": 1})).await;
    cid.until(|r| seats(r) == 2).await;
    assert_eq!(cid.room["host"], 1);
    assert_eq!(cid.seat, Some(1), "Cid is told the seat moved up");
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_players_turns_go_to_a_bot_after_the_grace_period_until_they_return() {
    let running = server(|config| {
        config.grace = Duration::from_millis(300);
        config.rate_burst = 1e9;
    })
    .await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let bia = Client::join(addr, &room, "Bia").await;
    let bia_token = bia.token.clone().unwrap();
    ana.send(json!({"type": "set_timer", "timer": {"seconds": 0, "on_timeout": "bot"}}))
        .await;
    ana.until(|r| r["timer"]["seconds"] == 0 && seats(r) == 2)
        .await;
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    bia.close().await;
    let away = event(&mut ana, "away").await;
    assert_eq!(away["seat"], 1);
    assert_eq!(ana.room["seats"][1]["away"], true);
    assert_eq!(ana.room["seats"][1]["bot"], Value::Null, "still Bia's seat");
    // Ana plays her turn; Bia's is played for her, with no timer to wait for.
    while ana.room["game"]["history"].as_array().unwrap().len() < 2 {
        if ana.my_turn() {
            let action = ana.simple_action();
            ana.play_one(&action).await;
        } else {
            ana.recv().await;
        }
    }
    assert_eq!(ana.room["game"]["history"][1]["seat"], 1);
    // Bia comes back: at once the seat is hers, and the game waits for her on her turn.
    while !(ana.my_turn() && ana.room["game"]["awaiting"] == "roll") {
        if ana.my_turn() {
            let action = ana.simple_action();
            ana.play_one(&action).await;
        } else {
            ana.recv().await;
        }
    }
    let mut bia = Client::connect(addr).await;
    bia.send(json!({"type": "resume", "room": room, "token": bia_token}))
        .await;
    bia.recv_type("joined").await;
    bia.recv_type("update").await;
    assert_eq!(bia.room["seats"][1]["away"], false);
    while !bia.my_turn() && bia.room["status"] == "playing" {
        if ana.my_turn() {
            let action = ana.simple_action();
            ana.play_one(&action).await;
        }
        bia.recv().await;
    }
    if bia.room["status"] == "playing" {
        let moves = bia.room["game"]["moves"].clone();
        tokio::time::sleep(Duration::from_millis(600)).await;
        bia.send(json!({"type": "ping"})).await;
        bia.recv_type("pong").await;
        assert_eq!(bia.room["game"]["moves"], moves, "nobody played Bia's turn");
        bia.play_one("roll").await;
    }
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn any_seated_player_hands_an_absent_players_turns_to_a_bot() {
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let mut bia = Client::join(addr, &room, "Bia").await;
    let cid = Client::join(addr, &room, "Cid").await;
    ana.send(json!({"type": "add_bot", "bot": "random"})).await;
    ana.until(|r| seats(r) == 4).await;
    bia.until(|r| seats(r) == 4).await;
    bia.refused(json!({"type": "hand_to_bot", "seat": 2}), "wrong_state")
        .await;
    ana.send(json!({"type": "start"})).await;
    bia.until(|r| r["status"] == "playing").await;
    // Cid is here: refused. A bot's seat, a seat that does not exist: refused.
    bia.refused(json!({"type": "hand_to_bot", "seat": 2}), "wrong_state")
        .await;
    bia.refused(json!({"type": "hand_to_bot", "seat": 3}), "invalid")
        .await;
    bia.refused(json!({"type": "hand_to_bot", "seat": 9}), "invalid")
        .await;
    let mut watcher = Client::connect(addr).await;
    watcher.send(json!({"type": "watch", "room": room})).await;
    watcher.recv_type("joined").await;
    watcher.recv_type("update").await;
    cid.close().await;
    bia.until(|r| r["seats"][2]["connected"] == false).await;
    watcher.until(|r| r["seats"][2]["connected"] == false).await;
    watcher
        .refused(json!({"type": "hand_to_bot", "seat": 2}), "not_seated")
        .await;
    // Bia (not the host) hands Cid's turns to a bot.
    bia.send(json!({"type": "hand_to_bot", "seat": 2})).await;
    let away = event(&mut bia, "away").await;
    assert_eq!(away["seat"], 2);
    assert_eq!(bia.room["seats"][2]["away"], true);
    bia.refused(json!({"type": "hand_to_bot", "seat": 2}), "wrong_state")
        .await;
    let _ = ana;
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_first_roll_waits_three_bot_delays_after_a_turn_ended() {
    let delay = Duration::from_millis(80);
    let running = server(|config| {
        config.bot_delay = delay;
        config.rate_burst = 1e9;
    })
    .await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    ana.send(json!({"type": "add_bot", "bot": "random"})).await;
    ana.until(|r| seats(r) == 2).await;
    ana.send(json!({"type": "set_timer", "timer": {"seconds": 0, "on_timeout": "bot"}}))
        .await;
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    // Ana's turn ends; then the bot's first roll comes no sooner than three delays later.
    // The clock starts when the ending action is sent: the server cannot end the turn before
    // that, while the moment its update arrives may lag more than the roll's does.
    let ended = loop {
        let action = ana.simple_action();
        let before = ana.room["game"]["history"].as_array().unwrap().len();
        let sent = Instant::now();
        ana.play_one(&action).await;
        if ana.room["game"]["history"].as_array().unwrap().len() > before {
            break sent;
        }
    };
    let rolled = event(&mut ana, "rolled").await;
    assert_eq!(rolled["seat"], 1);
    let waited = ended.elapsed();
    assert!(waited >= delay * 3, "the bot rolled after {waited:?}");
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn host_line_and_away_seats_survive_a_restart() {
    let dir = std::env::temp_dir().join(format!("martian-presence-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("rooms.db");
    let _ = std::fs::remove_file(&db);
    let config_db = db.clone();
    let running = server(move |config| {
        config.db = Some(config_db);
        config.rate_burst = 1e9;
    })
    .await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let bia = Client::join(addr, &room, "Bia").await;
    let cid = Client::join(addr, &room, "Cid").await;
    let bia_token = bia.token.clone().unwrap();
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    let mut dan = Client::connect(addr).await;
    dan.send(json!({"type": "watch", "room": room})).await;
    dan.recv_type("joined").await;
    dan.send(json!({"type": "join_next", "name": "Dan"})).await;
    let dan_token = dan.recv_type("joined").await["token"]
        .as_str()
        .unwrap()
        .to_string();
    cid.close().await;
    ana.until(|r| r["seats"][2]["connected"] == false).await;
    ana.send(json!({"type": "hand_to_bot", "seat": 2})).await;
    ana.until(|r| r["seats"][2]["away"] == true).await;
    ana.send(json!({"type": "leave"})).await;
    let mut bia = bia;
    bia.until(|r| r["host"] == 1).await;
    running.abort();
    drop((ana, bia, dan));

    let config_db = db.clone();
    let again = server(move |config| config.db = Some(config_db)).await;
    let mut bia = Client::connect(again.addr()).await;
    bia.send(json!({"type": "resume", "room": room, "token": bia_token}))
        .await;
    bia.recv_type("joined").await;
    bia.recv_type("update").await;
    assert_eq!(bia.room["host"], 1);
    assert_eq!(bia.room["seats"][2]["away"], true);
    assert_eq!(bia.room["waiting"][0]["name"], "Dan");
    let mut dan = Client::connect(again.addr()).await;
    dan.send(json!({"type": "resume", "room": room, "token": dan_token}))
        .await;
    assert_eq!(dan.recv_type("joined").await["waiting"], true);
    again.abort();
    let _ = std::fs::remove_dir_all(&dir);
}

/// A person whose turn timer runs out: the stand-in bot plays that turn (`timed_out`,
/// `stand_in`) until the person acts, which takes the turn back: the stand-in stops, and the
/// game waits for the person again, under the timer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_out_turn_is_played_by_a_stand_in_until_the_player_acts() {
    let running = server(|config| config.bot_delay = Duration::from_millis(300)).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    ana.send(json!({"type": "add_bot", "bot": "defensive"}))
        .await;
    ana.send(json!({"type": "set_timer", "timer": {"seconds": 2, "on_timeout": "bot"}}))
        .await;
    ana.until(|r| seats(r) == 2 && r["timer"]["seconds"] == 2)
        .await;
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    for _attempt in 0..20 {
        // Ana waits: the timer runs out and the stand-in takes her turn over.
        let timed_out = event(&mut ana, "timed_out").await;
        assert_eq!(
            timed_out,
            json!({"kind": "timed_out", "seat": 0, "on_timeout": "bot"})
        );
        assert_eq!(ana.room["seats"][0]["stand_in"], true);
        if ana.room["game"]["to_move"] != 0 {
            continue; // the stand-in's first move ended the turn: wait for her next one
        }
        // Ana acts (roll if she can: a roll never ends the turn by a choice of hers).
        let legal: Vec<String> = ana.room["game"]["turn"]["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .collect();
        let action = legal
            .iter()
            .find(|a| *a == "roll")
            .or_else(|| legal.iter().find(|a| *a != "stop"))
            .unwrap_or(&legal[0])
            .clone();
        ana.send(json!({"type": "act", "action": action})).await;
        let taken_back = loop {
            let message = ana.recv().await;
            if message["type"] == "error" {
                // The stand-in moved first and the action no longer fitted: try another turn.
                assert!(
                    matches!(message["code"].as_str(), Some("illegal" | "not_your_turn")),
                    "{message}"
                );
                break false;
            }
            if message["type"] == "update" && ana.room["seats"][0]["stand_in"] == false {
                break true;
            }
        };
        if !taken_back || ana.room["game"]["to_move"] != 0 {
            continue;
        }
        // The turn is hers again: three bot delays pass and the stand-in makes no move; the
        // timer runs for her once more.
        assert!(ana.room["game"]["deadline_ms"].as_u64().is_some());
        let moves = ana.room["game"]["moves"].clone();
        tokio::time::sleep(Duration::from_millis(900)).await;
        ana.send(json!({"type": "ping"})).await;
        loop {
            let message = ana.recv().await;
            if message["type"] == "pong" {
                break;
            }
            assert_ne!(message["type"], "error", "{message}");
        }
        assert_eq!(
            ana.room["game"]["moves"], moves,
            "the stand-in moved after Ana acted"
        );
        assert_eq!(ana.room["seats"][0]["stand_in"], false);
        running.abort();
        return;
    }
    panic!("Ana never took a timed-out turn back");
}
