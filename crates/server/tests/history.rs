//! A room that plays rematch after rematch: its updates keep a bounded list of the recent
//! finished games, and every game it finished stays listed (`GET /api/rooms/ROOM/games`) and
//! downloadable.

mod common;

use common::{Client, http_get, server};
use serde_json::{Value, json};

/// Rematches to play: many more than a room's recent list holds, over several pages.
const GAMES: u64 = 1_050;
/// How many finished games a room's state and updates keep (`state::RECENT_FINISHED`).
const RECENT: usize = 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn updates_list_the_recent_games_and_every_game_stays_listed() {
    let running = server(|config| {
        config.rate_per_second = 1e6;
        config.rate_burst = 1e6;
    })
    .await;
    let addr = running.addr();
    let mut ana = Client::create(addr, "Ana").await;
    let room = ana.room_id.clone().unwrap();
    ana.send(json!({"type": "add_bot", "bot": "greedy"})).await;
    // Games of one round at most: the first to score wins.
    ana.send(json!({"type": "set_rules", "rules": {"dice": 13, "target": 1, "bonus": "one-of-each", "end": "immediate", "tie": "shared"}})).await;
    ana.until(|r| r["rules"]["target"] == 1 && r["seats"].as_array().unwrap().len() == 2)
        .await;
    let mut seen: Vec<Value> = Vec::new();
    // The largest update (in bytes, its game left out) over the first hundred games after the
    // list is full, and over the last hundred.
    let (mut largest_early, mut largest_late) = (0, 0);
    for number in 1..=GAMES {
        ana.send(json!({"type": "start"})).await;
        ana.until(|r| r["game"]["number"] == number).await;
        while ana.room["status"] != "over" {
            if ana.my_turn() {
                let action = ana.simple_action();
                ana.play_one(&action).await;
            } else {
                let message = ana.recv().await;
                assert_ne!(message["type"], "error", "{message}");
            }
            // The update without its game (whose length is its turns', whatever came before):
            // what the room's history adds to every update.
            let mut room = ana.room.clone();
            room["game"] = Value::Null;
            let size = json!({"type": "update", "room": room}).to_string().len();
            if (RECENT as u64 + 1..=RECENT as u64 + 100).contains(&number) {
                largest_early = largest_early.max(size);
            } else if number > GAMES - 100 {
                largest_late = largest_late.max(size);
            }
        }
        let finished = ana.room["finished"].as_array().unwrap().clone();
        // The recent games, oldest first, the one just over last; the total beside them.
        assert_eq!(finished.len(), (number as usize).min(RECENT));
        assert_eq!(finished.last().unwrap()["number"], number);
        assert_eq!(ana.room["finished_total"], number);
        seen.push(finished.last().unwrap().clone());
    }
    let numbers: Vec<u64> = ana.room["finished"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["number"].as_u64().unwrap())
        .collect();
    assert_eq!(
        numbers,
        ((GAMES - RECENT as u64 + 1)..=GAMES).collect::<Vec<_>>()
    );
    // The whole list, page after page (newest first), every game as the updates told of it.
    let mut listed: Vec<Value> = Vec::new();
    let mut pages = 0;
    let mut path = format!("/api/rooms/{room}/games");
    loop {
        let (status, body) = http_get(addr, &path).await;
        assert_eq!(status, 200, "{body}");
        let page: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(page["room"], room.as_str());
        let games = page["games"].as_array().unwrap();
        assert!(games.len() <= 100, "a page of {} games", games.len());
        listed.splice(0..0, games.iter().cloned());
        pages += 1;
        match page["before"].as_u64() {
            Some(before) => path = format!("/api/rooms/{room}/games?before={before}"),
            None => break,
        }
    }
    assert_eq!(pages, GAMES.div_ceil(100));
    assert_eq!(listed.len(), seen.len());
    assert!(
        listed == seen,
        "the listed games differ from those the updates told of"
    );
    // The games before one, and each record downloadable.
    let (_, body) = http_get(addr, &format!("/api/rooms/{room}/games?before=4")).await;
    let older: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(older["games"].as_array().unwrap(), &seen[..3]);
    for number in [1, GAMES] {
        let path = format!("/api/rooms/{room}/games/{number}/record");
        assert_eq!(http_get(addr, &path).await.0, 200);
    }
    // Refusals in words.
    let (status, body) = http_get(addr, &format!("/api/rooms/{room}/games?before=x")).await;
    assert_eq!(
        (status, body.as_str()),
        (400, "before must be a game number, not 'x'\n")
    );
    assert_eq!(http_get(addr, "/api/rooms/nope/games").await.0, 404);
    // An update weighs what its game weighs, not what the room's history does: a thousand
    // more games add but a few digits — four-digit game numbers in the list and the game, and
    // the scores' digits (one or two per seat) of the listed games and the game, which vary
    // from one window of games to the other.
    eprintln!("largest update: {largest_early} B (games 21-120), {largest_late} B (last 100)");
    assert!(
        largest_late <= largest_early + 2 * RECENT + 2 * 2 * (RECENT + 1) + 16,
        "updates grew from {largest_early} to {largest_late} bytes"
    );
    running.abort();
}
