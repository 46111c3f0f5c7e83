//! `GET /api/rooms/ROOM/games/N/review`: the review of a finished game, against a real server in
//! this process, after a game played over the WebSocket protocol.

// `std::env::set_var` is unsafe since Rust 2024: allowed here only, see `fresh_cache`.
#![allow(unsafe_code)]

mod common;

use std::sync::Once;

use common::{Client, http_get, http_get_with_headers, http_post, server};
use martian_engine::{GameRecord, Rules};
use serde_json::{Value, json};

/// The solver's disk cache of this test binary: a fresh directory, so that what is "at hand" is
/// only what these tests worked out.
fn fresh_cache() {
    static SET: Once = Once::new();
    SET.call_once(|| {
        let dir = std::env::temp_dir().join(format!("martian-review-http-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // SAFETY: every test of this binary calls this first, before it starts any thread of
        // its own; nothing reads the environment concurrently.
        unsafe { std::env::set_var(martian_solver::cache::CACHE_DIR_ENV, &dir) };
    });
}

fn rules(target: u16) -> Value {
    json!({"dice": 13, "target": target, "bonus": "one-of-each", "end": "complete-round", "tie": "roll-off"})
}

/// Plays the host's moves (the simple way that scores) until the game is over.
async fn play_to_the_end(host: &mut Client) {
    while host.room["status"] != "over" {
        if host.my_turn() {
            let action = host.simple_action();
            host.play_one(&action).await;
        } else {
            let message = host.recv().await;
            assert_ne!(message["type"], "error", "{message}");
        }
    }
}

/// A room of `name` against `bots` under `target`, played to the end: the client and the room.
async fn finished_game(addr: std::net::SocketAddr, bots: &[&str], target: u16) -> (Client, String) {
    let mut host = Client::create(addr, "Ana").await;
    let room = host.room_id.clone().unwrap();
    host.send(json!({"type": "set_rules", "rules": rules(target)}))
        .await;
    host.until(|r| r["rules"]["target"] == target).await;
    for (i, bot) in bots.iter().enumerate() {
        host.send(json!({"type": "add_bot", "bot": bot})).await;
        host.until(|r| r["seats"].as_array().unwrap().len() == i + 2)
            .await;
    }
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["status"] == "playing").await;
    play_to_the_end(&mut host).await;
    (host, room)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_s_review_is_the_review_of_its_record() {
    fresh_cache();
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    // The medium bot plays exactly: the duel's solution is worked out for the game.
    let (mut host, room) = finished_game(addr, &["medium"], 12).await;

    let (status, body) = http_get(addr, &format!("/api/rooms/{room}/games/1/record")).await;
    assert_eq!(status, 200, "{body}");
    let record = GameRecord::from_json(&body).unwrap();
    let (status, headers, body) =
        http_get_with_headers(addr, &format!("/api/rooms/{room}/games/1/review")).await;
    assert_eq!(status, 200, "{body}");
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(header("content-type"), Some("application/json"));
    assert!(header("content-security-policy").is_some_and(|v| v.contains("default-src 'self'")));
    assert_eq!(header("x-content-type-options"), Some("nosniff"));
    // The same JSON, to the last digit, as the review of the downloaded record.
    let expected = martian_review::review(&record).unwrap();
    assert!(
        body == serde_json::to_string(&expected).unwrap(),
        "the served review differs from the record's"
    );
    let served: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(served["valuation"], "duel");
    assert_eq!(served["finished"], true);
    assert_eq!(served["stopped"], Value::Null);
    assert_eq!(
        served["decisions"].as_array().unwrap().len(),
        expected.decisions.len()
    );
    assert!(!expected.decisions.is_empty());

    // A game under way, a game that does not exist, a room that does not exist: 404.
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["status"] == "playing" && r["game"]["number"] == 2)
        .await;
    let other = "0".repeat(32);
    for path in [
        format!("/api/rooms/{room}/games/2/review"),
        format!("/api/rooms/{room}/games/9/review"),
        format!("/api/rooms/{room}/games/x/review"),
        format!("/api/rooms/{other}/games/1/review"),
        "/api/rooms/nope/games/1/review".to_string(),
    ] {
        let (status, body) = http_get(addr, &path).await;
        assert_eq!(status, 404, "{path}: {body}");
    }
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_that_needs_a_solve_not_at_hand_is_refused_and_not_computed() {
    fresh_cache();
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    // Three players, two bots that need no solution: the three-player game is not worked out.
    let (_host, room) = finished_game(addr, &["defensive", "aggressive"], 6).await;
    let game_rules = Rules::official().with_target(6).unwrap();
    assert!(!martian_solver::solutions_at_hand(game_rules, 3));
    let (status, body) = http_get(addr, &format!("/api/rooms/{room}/games/1/review")).await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("not worked out on demand"), "{body}");
    assert!(
        !martian_solver::solutions_at_hand(game_rules, 3),
        "the refusal did not start the solve"
    );
    // The record itself is served as always.
    let (status, _) = http_get(addr, &format!("/api/rooms/{room}/games/1/record")).await;
    assert_eq!(status, 200);
    running.abort();
}

/// `?card=card-N`: the review measured against a shipped card, as `martian-dice review --json
/// --card card-N` gives it, with the card's lines in both languages; any other card is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_measures_the_game_against_a_shipped_card() {
    fresh_cache();
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let (_host, room) = finished_game(addr, &["medium"], 12).await;
    let (_, body) = http_get(addr, &format!("/api/rooms/{room}/games/1/record")).await;
    let record = GameRecord::from_json(&body).unwrap();
    let review = martian_review::review(&record).unwrap();

    for shipped in &martian_cards::shipped::SHIPPED {
        let path = format!("/api/rooms/{room}/games/1/review?card={}", shipped.bot);
        let (status, body) = http_get(addr, &path).await;
        assert_eq!(status, 200, "{path}: {body}");
        let mut served: Value = serde_json::from_str(&body).unwrap();
        let card = served.as_object_mut().unwrap().remove("card").unwrap();
        // The review itself is the same as without a card (both read by the same parser).
        let plain: Value = serde_json::from_str(&serde_json::to_string(&review).unwrap()).unwrap();
        assert!(
            served == plain,
            "the review with a card differs from the review"
        );
        assert_eq!(card["card"], shipped.bot);
        // Every decision with a choice, valued from the review's own options: the card's move
        // is the card's, its loss is the best option's chance minus the card move's.
        let parsed = shipped.card();
        let choices: Vec<usize> = (0..review.decisions.len())
            .filter(|&i| !review.decisions[i].forced)
            .collect();
        let measured = card["decisions"].as_array().unwrap();
        assert_eq!(measured.len(), choices.len(), "{card}");
        assert!(!measured.is_empty());
        let mut card_loss = [0.0; 2];
        let mut player_loss = [0.0; 2];
        for (at, &index) in measured.iter().zip(&choices) {
            let d = &review.decisions[index];
            assert_eq!(at["decision"], index);
            assert_eq!(at["seat"], d.seat);
            let value = |code: &str| {
                d.options
                    .iter()
                    .find(|o| o.action.code() == code)
                    .map(|o| o.value)
                    .unwrap()
            };
            let action = at["action"].as_str().unwrap();
            let best = value(&d.best.code());
            let loss = at["loss"].as_f64().unwrap();
            assert!((loss - (best - value(action))).abs() < 1e-12, "{at}");
            assert_eq!(at["followed"], action == d.chosen.code(), "{at}");
            card_loss[d.seat] += loss;
            player_loss[d.seat] += d.loss;
            // The quoted line is the card's, in English here and in both languages in `words`.
            if let Some(line) = at["line"].as_u64() {
                let i = line as usize - 1;
                let en = parsed.line_text(i, martian_cards::CardLang::En);
                assert_eq!(at["text"], format!("{line}. {en}"));
                assert_eq!(card["words"]["en"][i], en);
                assert_eq!(
                    card["words"]["pt-BR"][i],
                    parsed.line_text(i, martian_cards::CardLang::PtBr)
                );
            } else {
                assert_eq!(at["text"], Value::Null);
            }
        }
        assert_eq!(card["words"]["en"].as_array().unwrap().len(), shipped.lines);
        assert_eq!(
            card["words"]["pt-BR"].as_array().unwrap().len(),
            shipped.lines
        );
        assert_eq!(card["lines"], card["words"]["en"]);
        // The totals per seat add the decisions up.
        for seat in card["seats"].as_array().unwrap() {
            let s = seat["seat"].as_u64().unwrap() as usize;
            assert!((seat["card_loss"].as_f64().unwrap() - card_loss[s]).abs() < 1e-9);
            assert!((seat["player_loss"].as_f64().unwrap() - player_loss[s]).abs() < 1e-9);
        }
        assert!(!card["seats"].as_array().unwrap().is_empty());
    }

    for bad in ["card-2", "cards/3-lines.txt", "", "card-1%00"] {
        let path = format!("/api/rooms/{room}/games/1/review?card={bad}");
        let (status, body) = http_get(addr, &path).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert!(body.contains("card-1, card-3, card-5"), "{body}");
    }
    running.abort();
}

/// `POST` a card's text: the review measured against the reader's own card, as against the same
/// card shipped (in English or Portuguese); a card that does not read is answered 400 with where
/// and what, structured for the page to word; a body too big or not UTF-8 is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_measures_the_game_against_the_readers_own_card() {
    fresh_cache();
    let running = server(|config| config.rate_burst = 1e9).await;
    let addr = running.addr();
    let (_host, room) = finished_game(addr, &["medium"], 12).await;
    let path = format!("/api/rooms/{room}/games/1/review");
    let shipped = &martian_cards::shipped::SHIPPED[1];
    let (_, body) = http_get(addr, &format!("{path}?card={}", shipped.bot)).await;
    let mut expected: Value = serde_json::from_str(&body).unwrap();
    expected["card"]["card"] = json!("own");
    for lang in [martian_i18n::Lang::En, martian_i18n::Lang::PtBr] {
        let text = shipped.text_in(lang);
        let (status, body) = http_post(addr, &path, text.as_bytes()).await;
        assert_eq!(status, 200, "{body}");
        let served: Value = serde_json::from_str(&body).unwrap();
        assert!(
            served == expected,
            "{lang:?}: the own card's review differs"
        );
    }
    // A card of no line is the default play: every decision measured, none quoting a line.
    let (status, body) = http_post(addr, &path, b"# nothing but a comment\n").await;
    assert_eq!(status, 200, "{body}");
    let served: Value = serde_json::from_str(&body).unwrap();
    let decisions = served["card"]["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty());
    assert!(decisions.iter().all(|d| d["line"].is_null()));

    let refused = |body: &str| -> Value { serde_json::from_str(body).expect("a JSON error") };
    let (status, body) = http_post(
        addr,
        &path,
        b"1. Stop when you have 6 points or mor.\n2. Roll.\n",
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let error = refused(&body);
    assert_eq!(
        (error["line"].as_u64(), error["column"].as_u64()),
        (Some(1), Some(35))
    );
    assert_eq!(error["lang"], "en");
    assert_eq!(error["card_error"]["kind"], "expected");
    assert_eq!(error["card_error"]["found"], "'mor'");
    let listed = error["card_error"]["expected"].as_array().unwrap();
    assert!(
        listed.contains(&json!("'more'")) && listed.contains(&json!("'fewer'")),
        "{error}"
    );
    assert_eq!(
        error["error"],
        "line 1, column 35: expected 'more' or 'fewer', found 'mor'"
    );
    let (status, body) = http_post(
        addr,
        &path,
        "1. Pare se você tem 200 pontos ou mais.\n".as_bytes(),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let error = refused(&body);
    assert_eq!(error["lang"], "pt-BR");
    assert_eq!(
        error["card_error"],
        json!({"kind": "number", "found": 200, "min": 0, "max": 99})
    );
    let (status, body) = http_post(addr, &path, b"2. Stop.\n").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        refused(&body)["card_error"],
        json!({"kind": "numbering", "found": 2, "expected": 1})
    );
    let (status, body) = http_post(addr, &path, b"1. Stop!\n").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        refused(&body)["card_error"],
        json!({"kind": "character", "char": "!"})
    );

    let (status, body) = http_post(addr, &path, &[0xff, 0xfe, b'1']).await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("UTF-8"), "{body}");
    let big = "# a comment\n".repeat(2000);
    let (status, _) = http_post(addr, &path, big.as_bytes()).await;
    assert_eq!(status, 413);
    // No such game: as for GET.
    let (status, _) = http_post(addr, &format!("/api/rooms/{room}/games/9/review"), b"").await;
    assert_eq!(status, 404);
    running.abort();
}

/// Issue 39's contract: `GET /api/challenge/YYYY-MM-DD` gives the day's rules, seed and
/// opponents exactly as `martian_challenge` (and so `martian-dice challenge`) has them.
#[tokio::test]
async fn the_day_s_challenge_is_served_with_its_seed() {
    fresh_cache();
    let running = server(|_| {}).await;
    let (status, text) = http_get(running.addr(), "/api/challenge/2026-12-07").await;
    assert_eq!(status, 200, "{text}");
    let day: Value = serde_json::from_str(&text).unwrap();
    let challenge = martian_challenge::Challenge::of("2026-12-07".parse().expect("a date"));
    assert_eq!(day["date"], "2026-12-07");
    assert_eq!(day["seed_text"], challenge.seed.to_string());
    assert_eq!(day["seed"].as_u64(), Some(challenge.seed));
    assert_eq!(
        day["rules"],
        serde_json::to_value(Rules::official()).unwrap()
    );
    assert_eq!(day["opponents"], json!(["hard"]));
    assert_eq!(
        (day["players"].as_u64(), day["person_seat"].as_u64()),
        (Some(2), Some(0))
    );
    let (status, text) = http_get(running.addr(), "/api/challenge/2026-02-30").await;
    assert_eq!(status, 400);
    let refused: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(refused["error"], "bad_date");
    assert!(
        refused["message"].as_str().unwrap().contains("28 days"),
        "{refused}"
    );
}

/// `GET /api/cards`: every shipped card and the frontier, each card with its exact chance
/// against perfect play (as `martian_cards::chance` values it), the best card known never worse
/// with a larger budget, greedy and the levels beside; asked twice, the same answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cards_and_their_frontier_come_with_their_exact_chances() {
    use martian_cards::shipped;
    use martian_solver::{TurnPlay, duel_match};
    fresh_cache();
    let server = server(|_| {}).await;
    let addr = server.addr();
    let (status, body) = http_get(addr, "/api/cards").await;
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    let official = Rules::official();
    let exact = |card: &martian_cards::Card| {
        martian_cards::chance(card, &TurnPlay::Optimal, official)
            .unwrap()
            .win_rate
    };
    let cards = answer["cards"].as_array().unwrap();
    assert_eq!(cards.len(), shipped::all().count());
    for (entry, shipped) in cards.iter().zip(shipped::all()) {
        let card = shipped.card();
        assert_eq!(entry["bot"], shipped.bot);
        assert_eq!(entry["conditions"], card.conditions());
        assert_eq!(
            entry["against_optimal"].as_f64(),
            Some(exact(&card)),
            "{entry}"
        );
        assert_eq!(
            entry["carried"],
            shipped::CARRIED.iter().any(|c| c.bot == shipped.bot)
        );
        for lang in ["en", "pt-BR"] {
            assert_eq!(entry["lines"][lang].as_array().unwrap().len(), card.len());
        }
    }
    let frontier = answer["frontier"].as_array().unwrap();
    let budgets: Vec<u64> = frontier
        .iter()
        .map(|p| p["at_most"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = std::iter::once(0)
        .chain(shipped::BUDGETS.iter().map(|&b| b as u64))
        .collect();
    assert_eq!(budgets, expected);
    let mut best = 0.0;
    for point in frontier {
        let win = point["against_optimal"].as_f64().unwrap();
        assert!(win >= best, "the frontier falls at {point}");
        best = win;
        assert!(
            point["conditions"].as_u64() <= point["at_most"].as_u64(),
            "{point}"
        );
        let (_, known) = shipped::best_within(point["at_most"].as_u64().unwrap() as usize, |c| {
            Ok::<_, ()>(exact(c))
        })
        .unwrap()
        .unwrap_or((martian_cards::Card::default(), exact(&Default::default())));
        assert_eq!(win, known, "{point}");
    }
    let greedy = duel_match(official, [&TurnPlay::Greedy, &TurnPlay::Optimal])
        .unwrap()
        .win(0);
    let references = answer["references"].as_array().unwrap();
    let names: Vec<&str> = references
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["greedy", "easy", "medium", "hard"]);
    assert_eq!(references[0]["against_optimal"].as_f64(), Some(greedy));
    assert_eq!(http_get(addr, "/api/cards").await, (200, body));
}
