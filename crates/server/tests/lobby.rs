//! The lobby over real WebSockets: leaving a room, the host removing a seat (the seats after it
//! move up and are told so), and a room's eight seats.

mod common;

use common::{Client, events_with, names, server};
use serde_json::{Value, json};

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

/// Sends `message` and returns the error reply it gets.
async fn error_reply(client: &mut Client, message: Value) -> Value {
    client.send(message).await;
    loop {
        let reply = client.recv().await;
        if reply["type"] == "error" {
            return reply;
        }
    }
}

/// Bots that play by the solver's exact solutions are refused under rules beyond its limits,
/// where they are chosen, with the limit; bots that do not read the solver take any rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exact_bots_beyond_the_solvers_limits_are_refused_with_the_limit() {
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let rules = |target: u16| json!({"dice": 13, "target": target, "bonus": "one-of-each", "end": "complete-round", "tie": "shared"});
    ana.send(json!({"type": "set_rules", "rules": rules(999)}))
        .await;
    ana.until(|r| r["rules"]["target"] == 999).await;

    let refused = error_reply(&mut ana, json!({"type": "add_bot", "bot": "medium"})).await;
    assert_eq!(refused["code"], "solver_limit", "{refused}");
    assert_eq!(refused["request"], "add_bot", "{refused}");
    assert_eq!(
        refused["limit"],
        json!({"game": "duel", "dice": 13, "target": 999, "max_target": 758})
    );
    let message = refused["message"].as_str().unwrap();
    assert!(message.contains("up to 758, not 999"), "{message}");
    ana.refused(json!({"type": "add_bot", "bot": "optimal"}), "solver_limit")
        .await;
    // greedy takes any rules.
    ana.send(json!({"type": "add_bot", "bot": "greedy"})).await;
    ana.until(|r| names(r).len() == 2).await;

    // With an exact bot seated, rules beyond its limits are refused. Three players read the
    // three-player game up to its limit (60 with 13 dice), and beyond it each opponent's duel.
    ana.send(json!({"type": "set_rules", "rules": rules(40)}))
        .await;
    ana.until(|r| r["rules"]["target"] == 40).await;
    ana.send(json!({"type": "add_bot", "bot": "hard"})).await;
    ana.until(|r| names(r).len() == 3).await;
    let refused = error_reply(&mut ana, json!({"type": "set_rules", "rules": rules(999)})).await;
    assert_eq!(refused["code"], "solver_limit", "{refused}");
    assert_eq!(
        refused["limit"],
        json!({"game": "duel", "dice": 13, "target": 999, "max_target": 758})
    );
    ana.refused(
        json!({"type": "set_rules", "rules": rules(759)}),
        "solver_limit",
    )
    .await;
    assert_eq!(ana.room["rules"]["target"], 40, "nothing changed");
    ana.send(json!({"type": "set_rules", "rules": rules(758)}))
        .await;
    ana.until(|r| r["rules"]["target"] == 758).await;
    running.abort();
}

/// A bot whose decision thread dies: it says it reads the solver's solutions (so it decides on
/// the blocking pool, as the exact bots do) and panics there.
struct DyingBot;

impl martian_bots::Strategy for DyingBot {
    fn name(&self) -> String {
        "medium".into()
    }
    fn decide(
        &mut self,
        _: &martian_engine::Situation<'_>,
        _: &mut martian_engine::GameRng,
    ) -> Result<martian_engine::Action, martian_bots::BotError> {
        panic!("the solve failed (a test's bot)")
    }
    fn reads_solutions(&self) -> bool {
        true
    }
}

/// `medium` is the dying bot; every other name as usual.
fn dying_medium(
    spec: &str,
    rules: martian_engine::Rules,
) -> Result<Box<dyn martian_bots::Strategy>, martian_bots::BotError> {
    if spec == "medium" {
        Ok(Box::new(DyingBot))
    } else {
        martian_bots::create(spec, rules)
    }
}

/// A bot's decision thread panics: greedy plays its seat from then on, the room is told so once
/// (`plays_greedy`, without `max_target`), and the game goes on to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_whose_decision_thread_dies_is_replaced_by_greedy_and_the_game_ends() {
    let running = server(|config| {
        config.rate_burst = 1e9;
        config.make_bot = dying_medium;
    })
    .await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    // A short game, whose duel the solver works out in a moment.
    ana.send(json!({"type": "set_rules", "rules": {"dice": 13, "target": 8, "bonus": "one-of-each", "end": "complete-round", "tie": "shared"}})).await;
    ana.send(json!({"type": "add_bot", "bot": "medium"})).await;
    ana.until(|r| r["rules"]["target"] == 8 && names(r).len() == 2)
        .await;
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    let mut told = Vec::new();
    let mut sent_at = None;
    while ana.room["status"] != "over" {
        if ana.my_turn() {
            let moves = ana.room["game"]["moves"].as_u64();
            if sent_at != moves {
                sent_at = moves;
                let action = ana.simple_action();
                ana.send(json!({"type": "act", "action": action})).await;
            }
        }
        let message = ana.recv().await;
        assert_ne!(message["type"], "error", "{message}");
        for event in message["events"].as_array().into_iter().flatten() {
            if event["kind"] == "plays_greedy" {
                told.push(event.clone());
            }
        }
    }
    assert_eq!(
        told,
        [json!({"kind": "plays_greedy", "seat": 1, "bot": "medium", "max_target": null})],
        "said once"
    );
    running.abort();
}

/// A person's seat handed to the server's stand-in (an exact bot) under rules beyond the
/// solver's limits: the stand-in plays greedy, and the room is told so, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stand_in_beyond_the_limits_plays_greedy_and_the_room_is_told() {
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let mut bia = Client::join(addr, &room, "Bia").await;
    ana.send(json!({"type": "set_rules", "rules": {"dice": 13, "target": 999, "bonus": "one-of-each", "end": "complete-round", "tie": "shared"}})).await;
    ana.until(|r| r["rules"]["target"] == 999 && names(r).len() == 2)
        .await;
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    bia.send(json!({"type": "leave"})).await;
    bia.recv_type("left").await;
    ana.send(json!({"type": "remove", "seat": 1})).await;

    let mut told = Vec::new();
    let mut sent_at = None;
    // Ana plays her turns until the stand-in has played a few of its own.
    let mut stand_in_turns = 0;
    while stand_in_turns < 3 {
        if ana.my_turn() {
            let moves = ana.room["game"]["moves"].as_u64();
            if sent_at != moves {
                sent_at = moves;
                let action = ana.simple_action();
                ana.send(json!({"type": "act", "action": action})).await;
            }
        }
        let message = ana.recv().await;
        assert_ne!(message["type"], "error", "{message}");
        for event in message["events"].as_array().into_iter().flatten() {
            match event["kind"].as_str() {
                Some("plays_greedy") => told.push(event.clone()),
                Some("turn_over") if event["seat"] == 1 => stand_in_turns += 1,
                _ => {}
            }
        }
    }
    assert_eq!(
        told,
        [json!({"kind": "plays_greedy", "seat": 1, "bot": "medium", "max_target": 758})],
        "said once"
    );
    running.abort();
}

/// Names are compared by their look-alike skeleton: whatever invisible characters, case,
/// compatibility forms or letters of another script make a second `Ana`, it is `name_taken`,
/// for a seat and for a place in line alike; different names (accents included) are seated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn look_alikes_of_a_name_in_the_room_are_taken() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    let doubles = [
        "ANA",
        "Ana\u{200B}",
        "A\u{200B}na",
        "Ana\u{00AD}",
        "Ana\u{034F}",
        "Ana\u{E0041}\u{E007F}",
        "\u{FF21}\u{FF4E}\u{FF41}",
        "\u{0410}na",
    ];
    let mut newcomer = Client::connect(addr).await;
    for double in doubles {
        newcomer
            .refused(
                json!({"type": "join", "room": room, "name": double}),
                "name_taken",
            )
            .await;
    }
    let mut others = Vec::new();
    for name in ["Ann", "José", "Jose"] {
        others.push(Client::join(addr, &room, name).await);
    }
    ana.until(|r| names(r).len() == 4).await;
    assert_eq!(names(&ana.room), ["Ana", "Ann", "José", "Jose"]);

    // During a game, a place in line is refused alike.
    ana.send(json!({"type": "start"})).await;
    ana.until(|r| r["status"] == "playing").await;
    let mut watcher = Client::connect(addr).await;
    watcher.send(json!({"type": "watch", "room": room})).await;
    watcher.recv_type("joined").await;
    watcher.recv_type("update").await;
    for double in ["JOSÉ", "Jos\u{0435}\u{0301}", "A\u{200D}nn"] {
        watcher
            .refused(json!({"type": "join_next", "name": double}), "name_taken")
            .await;
    }
    running.abort();
}
