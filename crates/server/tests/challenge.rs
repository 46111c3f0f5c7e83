//! Issue 39: the daily challenge played through the WebSocket protocol against a real server in
//! this process — the same dice and the same grade as `martian_challenge` offline, one ranked
//! attempt a day, no coach in it, and the day's board in order.

mod common;

use std::net::SocketAddr;

use common::{Client, http_get, server};
use martian_challenge::{Challenge, ChallengeDate, ChallengeGame};
use martian_engine::{Action, GameRecord, Step, Transcript};
use serde_json::{Value, json};

fn today() -> ChallengeDate {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = (now / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
    ChallengeDate::new(year, month, day).unwrap()
}

/// How a test player decides: the testkit's simple way, or stopping as soon as allowed.
#[derive(Clone, Copy)]
enum Style {
    Simple,
    Timid,
}

fn action(client: &Client, style: Style) -> String {
    let legal: Vec<&str> = client.room["game"]["turn"]["legal"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    match style {
        Style::Timid if legal.contains(&"stop") => "stop".into(),
        _ => client.simple_action(),
    }
}

/// Starts a challenge on a new connection: the `challenge_started` message; the client is in
/// its room, the game started.
async fn start(addr: SocketAddr, message: Value) -> (Client, Value) {
    let mut client = Client::connect(addr).await;
    client.send(message).await;
    let started = client.recv_type("challenge_started").await;
    client.recv_type("joined").await;
    client.until(|room| room["status"] == "playing").await;
    (client, started)
}

/// Plays the person's seat to the end in `style`; the `challenge_result`.
async fn finish(client: &mut Client, style: Style) -> Value {
    while client.room["status"] != "over" {
        if client.my_turn() {
            let action = action(client, style);
            client.play_one(&action).await;
        } else {
            let message = client.recv().await;
            assert_ne!(message["type"], "error", "{message}");
        }
    }
    client.recv_type("challenge_result").await
}

/// The server's record of the room's game.
async fn record(addr: SocketAddr, client: &Client) -> GameRecord {
    let room = client.room_id.as_deref().unwrap();
    let (status, body) = http_get(addr, &format!("/api/rooms/{room}/games/1/record")).await;
    assert_eq!(status, 200, "{body}");
    GameRecord::from_json(&body).unwrap()
}

/// The person's decisions in `record`, in order.
fn persons_decisions(record: &GameRecord, person: usize) -> Vec<Action> {
    let mut decisions = Vec::new();
    for turn in record.turns.iter().filter(|t| t.seat == person) {
        let transcript: Transcript = turn.transcript.parse().unwrap();
        transcript
            .play_through(|step| {
                if let Step::Played(action) = step {
                    decisions.push(action);
                }
                Ok(())
            })
            .unwrap();
    }
    decisions
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_s_challenge_is_the_crate_s_ranked_once_without_the_coach() {
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let day = today();
    let (mut ana, started) = start(addr, json!({"type": "challenge", "name": "Ana"})).await;
    assert_eq!(started["date"], day.to_string());
    assert_eq!(started["ranked"], true, "{started}");
    let guest = started["guest"].as_str().expect("a guest key").to_string();
    let names: Vec<&str> = ana.room["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ana", "hard"]);
    // No coach in a ranked attempt, nor another game or bot in a challenge room.
    ana.refused(json!({"type": "coach", "on": true}), "wrong_state")
        .await;
    ana.refused(json!({"type": "add_bot", "bot": "easy"}), "wrong_state")
        .await;
    let result = finish(&mut ana, Style::Simple).await;

    // The same decisions, offline, meet the same dice and bot moves and get the same grade.
    let challenge = Challenge::of(day);
    let served = record(addr, &ana).await;
    let mut offline = ChallengeGame::new(challenge, None).unwrap();
    offline.advance().unwrap();
    for decision in persons_decisions(&served, challenge.person_seat()) {
        offline.play(decision).unwrap();
        offline.advance().unwrap();
    }
    let replayed = offline.record("Ana");
    assert_eq!(replayed.turns, served.turns);
    assert_eq!(replayed.roll_off, served.roll_off);
    assert_eq!(served.seed, Some(challenge.seed));
    let grade = martian_challenge::grade(&challenge, &served).unwrap();
    assert_eq!(result["loss"].as_f64(), Some(grade.loss_points));
    assert_eq!(result["share"], grade.share_text(day));
    assert_eq!(result["ranked"], true);
    assert_eq!(result["guest"], true);
    assert_eq!(
        result["placing"],
        json!({"rank": 1, "of": 1, "percentile": 100.0})
    );
    let chosen: Vec<&martian_challenge::GradedDecision> =
        grade.decisions.iter().filter(|d| !d.forced).collect();
    let told = result["decisions"].as_array().unwrap();
    assert_eq!(told.len(), chosen.len());
    for (told, graded) in told.iter().zip(&chosen) {
        assert_eq!(told["key"], graded.key);
        // Alone on the board: everyone (Ana) chose as Ana did, the best-ranked too.
        let others = &told["others"];
        assert_eq!(others["attempts"], 1, "{told}");
        assert_eq!(others["choices"][0]["choice"], graded.chosen.code());
        assert_eq!(others["choices"][0]["share"], 1.0);
        assert_eq!(others["top"], graded.chosen.code());
    }

    // The same browser again, under another name: unranked, and the coach may be asked.
    let again = json!({"type": "challenge", "name": "Anabel", "guest": guest});
    let (mut second, started) = start(addr, again).await;
    assert_eq!(started["ranked"], false, "{started}");
    assert!(started.get("guest").is_some_and(|g| g == guest.as_str()));
    second.send(json!({"type": "coach", "on": true})).await;
    second.send(json!({"type": "ping"})).await;
    loop {
        let message = second.recv().await;
        assert_ne!(message["code"], "wrong_state", "{message}");
        if message["type"] == "pong" {
            break;
        }
    }
    second.send(json!({"type": "coach", "on": false})).await;
    let unranked = finish(&mut second, Style::Timid).await;
    assert_eq!(unranked["ranked"], false);
    // An unranked attempt says where it would place, without taking a place.
    assert_eq!(unranked["placing"]["of"], 2);

    // A past day plays unranked; a day to come is refused.
    let past = json!({"type": "challenge", "name": "Bo", "date": "2026-01-01"});
    let (_bo, started) = start(addr, past).await;
    assert_eq!(
        (started["date"].as_str(), started["ranked"].as_bool()),
        (Some("2026-01-01"), Some(false))
    );
    let mut early = Client::connect(addr).await;
    early
        .refused(
            json!({"type": "challenge", "name": "Cy", "date": "9999-12-31"}),
            "invalid",
        )
        .await;

    // The board: ranked attempts only, the smallest loss first.
    let (mut cy, _) = start(addr, json!({"type": "challenge", "name": "Cy"})).await;
    let cy_result = finish(&mut cy, Style::Timid).await;
    let (status, body) = http_get(addr, &format!("/api/challenge/{day}/leaderboard")).await;
    assert_eq!(status, 200, "{body}");
    let board: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(board["total"], 2, "{board}");
    let rows = board["rows"].as_array().unwrap();
    let losses: Vec<f64> = rows.iter().map(|r| r["loss"].as_f64().unwrap()).collect();
    assert!(losses[0] <= losses[1], "{board}");
    let mut expected = vec![
        ("Ana", result["loss"].as_f64().unwrap()),
        ("Cy", cy_result["loss"].as_f64().unwrap()),
    ];
    // Ana finished first: ahead on a tie.
    expected.sort_by(|a, b| a.1.total_cmp(&b.1));
    let listed: Vec<(&str, f64)> = rows
        .iter()
        .map(|r| (r["name"].as_str().unwrap(), r["loss"].as_f64().unwrap()))
        .collect();
    assert_eq!(listed, expected);
    assert_eq!(
        (rows[0]["rank"].as_u64(), rows[1]["rank"].as_u64()),
        (Some(1), Some(2))
    );
    assert!(rows.iter().all(|r| r["guest"] == true));
    let cy_rank = listed.iter().position(|(name, _)| *name == "Cy").unwrap() + 1;
    assert_eq!(cy_result["placing"]["rank"], cy_rank);
    let (status, body) = http_get(
        addr,
        &format!("/api/challenge/{day}/leaderboard?offset=1&limit=1"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let page: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(page["rows"][0]["name"], listed[1].0);
    assert_eq!(page["next"], Value::Null);

    // What the others did at Cy's first decision, as the attempt's page gives it.
    let id = cy_result["attempt"].as_i64().unwrap();
    let (status, body) = http_get(addr, &format!("/api/challenge/{day}/attempts/{id}")).await;
    assert_eq!(status, 200, "{body}");
    let attempt: Value = serde_json::from_str(&body).unwrap();
    let first = &attempt["decisions"][0];
    // Ana and Cy both decided at the day's first position: the same first roll for everyone.
    assert_eq!(first["key"], told[0]["key"]);
    assert_eq!(first["others"]["attempts"], 2, "{attempt}");
    let shares: f64 = first["others"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["share"].as_f64().unwrap())
        .sum();
    assert!((shares - 1.0).abs() < 1e-12);
    let top = &listed[0].0;
    let top_choice = if *top == "Ana" {
        told[0]["chosen"].clone()
    } else {
        cy_result["decisions"][0]["chosen"].clone()
    };
    assert_eq!(first["others"]["top"], top_choice);
    let (status, _) = http_get(addr, &format!("/api/challenge/2026-01-01/attempts/{id}")).await;
    assert_eq!(status, 404);
    running.abort();
}
