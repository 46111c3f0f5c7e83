//! `martian-dice replay`, run as a user runs it, on records written by `play --plain --record`
//! and on damaged or doctored ones.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Output, Stdio};
use std::sync::OnceLock;

use martian_engine::GameRecord;
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::util::{martian_dice as binary, stderr, stdout};

/// One directory for the records of this module's tests, each in a file named after its test.
fn scratch() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| crate::util::scratch("records")).clone()
}

/// The text of a record written by `play --plain --record`: three bots, so no answers needed.
fn played_record() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let path = scratch().join("played.json");
        let output = binary()
            .args([
                "play",
                "--plain",
                "--players",
                "bot:defensive,bot:aggressive,bot:random",
            ])
            .args(["--seed", "3", "--record"])
            .arg(&path)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(output.status.success());
        std::fs::read_to_string(&path).unwrap()
    })
}

fn played() -> Value {
    serde_json::from_str(played_record()).unwrap()
}

/// Runs `replay` on `text` written to a file of its own.
fn replay_text(name: &str, text: &str, flags: &[&str]) -> Output {
    let path = scratch().join(format!("{name}.json"));
    std::fs::write(&path, text).unwrap();
    binary()
        .arg("replay")
        .arg(&path)
        .args(flags)
        .output()
        .unwrap()
}

fn replay_value(name: &str, record: &Value, flags: &[&str]) -> Output {
    replay_text(name, &serde_json::to_string_pretty(record).unwrap(), flags)
}

#[test]
fn a_played_record_replays_to_its_result() {
    let record = played();
    let output = replay_value("ok-json", &record, &["--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let summary: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(summary["finished"], true);
    assert_eq!(summary["scores"], record["result"]["scores"]);
    assert_eq!(summary["winners"], record["result"]["winners"]);
    assert_eq!(summary["players"], record["players"]);
    assert_eq!(summary["rules"], record["rules"]);
    assert_eq!(summary["seed"], 3);
    assert_eq!(summary["turns"], record["turns"].as_array().unwrap().len());
    let winner = summary["winners"][0].as_u64().unwrap() as usize;
    assert_eq!(
        summary["winner_names"],
        json!([record["players"][winner]["name"]])
    );
    let best = summary["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .max();
    assert_eq!(summary["scores"][winner].as_u64(), best);
    assert!(best.unwrap() >= 25);
}

#[test]
fn the_listing_shows_every_turn_and_the_winner() {
    let record = played();
    let plain = replay_value("ok-plain", &record, &["--plain"]);
    assert!(plain.status.success());
    let text = stdout(&plain);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "Rules: 13 dice, target 25, bonus for one of each, round completed, roll-off."
    );
    assert_eq!(lines[1], "Seat 0: defensive (bot)");
    assert_eq!(lines[4], "Seed: 3.");
    assert_eq!(lines[5], "Round 1:");
    for turn in record["turns"].as_array().unwrap() {
        let transcript = turn["transcript"].as_str().unwrap();
        let shown = lines
            .iter()
            .find(|l| l.contains(&format!(": {transcript} — scores ")))
            .copied();
        let shown = shown.unwrap_or_else(|| panic!("turn {transcript} not listed"));
        assert!(
            shown.contains(&format!("scores {} ", turn["score"])),
            "{shown}"
        );
    }
    let winner = record["result"]["winners"][0].as_u64().unwrap() as usize;
    let name = record["players"][winner]["name"].as_str().unwrap();
    let points = &record["result"]["scores"][winner];
    assert_eq!(
        lines.last().unwrap(),
        &format!("{name} wins with {points} points!")
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains("reaching the target of 25"))
            .count(),
        1
    );
    // Not a terminal: the listing is the default.
    let default = replay_value("ok-default", &record, &[]);
    assert_eq!(stdout(&default), text);
}

#[test]
fn an_unfinished_turn_that_opens_a_round_is_listed_under_the_round() {
    let mut record = played();
    let first = record["turns"][0].clone();
    let players = record["players"].as_array().unwrap().len();
    // The first turn alone, cut after its first roll's take; then the first turn of round 2.
    let first_step = first["transcript"]
        .as_str()
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    let roll = first_step.split('/').next().unwrap().to_string();
    record["result"] = Value::Null;
    record["turns"] = json!([{"seat": 0, "round": 1, "transcript": roll, "score": 0}]);
    let output = replay_value("unfinished-first", &record, &["--plain"]);
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    let round = text.find("Round 1:").expect("the round is named");
    let turn = text.find("the turn is unfinished").unwrap();
    assert!(round < turn, "{text}");

    let full = played();
    let round_one: Vec<Value> = full["turns"].as_array().unwrap()[..players].to_vec();
    let mut turns = round_one.clone();
    turns.push(json!({"seat": 0, "round": 2, "transcript": roll, "score": 0}));
    record["turns"] = Value::Array(turns);
    let output = replay_value("unfinished-second", &record, &["--plain"]);
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    let round = text.find("Round 2:").expect("the second round is named");
    assert!(
        round < text.find("the turn is unfinished").unwrap(),
        "{text}"
    );
}

#[test]
fn a_record_can_come_from_stdin() {
    let mut child = binary()
        .args(["replay", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(played_record().as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let summary: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(summary["finished"], true);
}

#[test]
fn the_documented_example_replays_as_documented() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/record-format.md"
    ))
    .unwrap();
    let blocks: Vec<&str> = doc.split("```").collect();
    let example =
        blocks.iter().find(|b| b.starts_with("json\n")).unwrap()["json\n".len()..].to_string();
    let shown = blocks
        .iter()
        .find(|b| b.starts_with("\nRules: "))
        .unwrap()
        .trim_start_matches('\n');
    let output = replay_text("doc", &example, &["--plain"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), shown);
}

/// A doctored record is refused with exit 2, naming the turn and step, in text and in JSON.
fn assert_rejected(name: &str, text: &str, turn: Value, step: Value, message: &str) {
    let output = replay_text(name, text, &[]);
    assert_eq!(output.status.code(), Some(2), "{name}: {}", stdout(&output));
    assert!(
        stderr(&output).contains(message),
        "{name}: {}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty(), "{name}");
    let output = replay_text(name, text, &["--json"]);
    assert_eq!(output.status.code(), Some(2), "{name}");
    let error: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        (&error["turn"], &error["step"]),
        (&turn, &step),
        "{name}: {error}"
    );
    assert!(
        error["error"].as_str().unwrap().contains(message),
        "{name}: {error}"
    );
}

fn doctored(name: &str, change: impl FnOnce(&mut Value), turn: Value, step: Value, message: &str) {
    let mut record = played();
    change(&mut record);
    assert_rejected(
        name,
        &serde_json::to_string_pretty(&record).unwrap(),
        turn,
        step,
        message,
    );
}

fn transcript(record: &Value, turn: usize) -> String {
    record["turns"][turn]["transcript"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn a_wrong_score_is_refused() {
    let scored = played()["turns"][0]["score"].as_u64().unwrap();
    doctored(
        "score",
        |r| r["turns"][0]["score"] = json!(scored + 1),
        json!(1),
        Value::Null,
        &format!("turn 1: the turn scores {scored}, not {}", scored + 1),
    );
}

#[test]
fn an_illegal_take_is_refused() {
    doctored(
        "take-tank",
        |r| {
            let text = transcript(r, 1);
            let (roll, rest) = text.split_once('/').unwrap();
            r["turns"][1]["transcript"] = json!(format!("{roll}/T{}", &rest[1..]));
        },
        json!(2),
        json!(1),
        "turn 2: step 1: tanks cannot be chosen",
    );
    doctored(
        "take-again",
        |r| r["turns"][0]["transcript"] = json!("TTRRRHHCKKKCC/K TRRRHHCK/K"),
        json!(1),
        json!(2),
        "turn 1: step 2: chickens were already taken this turn",
    );
}

#[test]
fn a_roll_of_the_wrong_number_of_dice_is_refused() {
    let record = played();
    // The first turn with a second roll: drop one die from that roll.
    let (turn, text) = (0..record["turns"].as_array().unwrap().len())
        .map(|t| (t, transcript(&record, t)))
        .find(|(_, text)| text.split(' ').nth(1).is_some_and(|s| s != "stop"))
        .expect("some turn rolls twice");
    let steps: Vec<&str> = text.split(' ').collect();
    let second = steps[1];
    let dice = second.split('/').next().unwrap().len();
    let shorter = format!("{} {} {}", steps[0], &second[1..], steps[2..].join(" "));
    doctored(
        "count",
        |r| r["turns"][turn]["transcript"] = json!(shorter.trim_end()),
        json!(turn + 1),
        json!(2),
        &format!(
            "step 2: {} dice were rolled but {dice} are available",
            dice - 1
        ),
    );
}

#[test]
fn damaged_or_foreign_files_are_refused() {
    let text = played_record();
    assert_rejected(
        "truncated",
        &text[..text.len() / 2],
        Value::Null,
        Value::Null,
        "not a game record",
    );
    assert_rejected("empty", "", Value::Null, Value::Null, "not a game record");
    assert_rejected(
        "not-json",
        "TTRRRHHCKKKCC/K",
        Value::Null,
        Value::Null,
        "not a game record",
    );
    doctored(
        "version",
        |r| r["version"] = json!(2),
        Value::Null,
        Value::Null,
        "record version 2 is not supported",
    );
    doctored(
        "format",
        |r| r["format"] = json!("chess-pgn"),
        Value::Null,
        Value::Null,
        "the \"format\" field must be",
    );
    doctored(
        "unknown-field",
        |r| r["turns"][0]["note"] = json!("hi"),
        Value::Null,
        Value::Null,
        "unknown field `note`",
    );
    doctored(
        "rules",
        |r| r["rules"]["dice"] = json!(0),
        Value::Null,
        Value::Null,
        "the number of dice must be from 1 to 30",
    );
    doctored(
        "no-players",
        |r| r["players"] = json!([]),
        Value::Null,
        Value::Null,
        "a game has from 1 to 8 players, not 0",
    );
    let output = binary()
        .args(["replay", "/no/such/record.json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("cannot read /no/such/record.json"));
}

#[test]
fn turns_out_of_order_are_refused() {
    doctored(
        "swapped",
        |r| r["turns"].as_array_mut().unwrap().swap(0, 1),
        json!(1),
        Value::Null,
        "turn 1: it is seat 0 in round 1, not seat 1 in round 1",
    );
    doctored(
        "missing",
        |r| {
            r["turns"].as_array_mut().unwrap().remove(1);
        },
        json!(2),
        Value::Null,
        "turn 2: it is seat 1 in round 1, not seat 2 in round 1",
    );
    doctored(
        "after-the-end",
        |r| {
            let turns = r["turns"].as_array_mut().unwrap();
            let last = turns.last().unwrap().clone();
            turns.push(last);
        },
        json!(played()["turns"].as_array().unwrap().len() + 1),
        Value::Null,
        "the game was already over",
    );
}

#[test]
fn a_result_that_does_not_follow_from_the_turns_is_refused() {
    doctored(
        "winner",
        |r| {
            let winner = r["result"]["winners"][0].as_u64().unwrap();
            r["result"]["winners"] = json!([(winner + 1) % 3]);
        },
        Value::Null,
        Value::Null,
        "result: the game ends with scores",
    );
    doctored(
        "scores",
        |r| r["result"]["scores"][0] = json!(99),
        Value::Null,
        Value::Null,
        "result: the game ends with scores",
    );
    doctored(
        "no-result",
        |r| r["result"] = Value::Null,
        Value::Null,
        Value::Null,
        "the game is over but the record has no result",
    );
    doctored(
        "early-result",
        |r| {
            r["turns"].as_array_mut().unwrap().pop();
        },
        Value::Null,
        Value::Null,
        "the record has a result but the game is not over",
    );
}

fn roll_off_record() -> Value {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/record-format.md"
    ))
    .unwrap();
    let block = doc
        .split("```json\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    serde_json::from_str(block).unwrap()
}

#[test]
fn a_wrong_roll_off_is_refused() {
    let mut record = roll_off_record();
    record["roll_off"][1][1]["seat"] = json!(0);
    let output = replay_value("roll-off-seat", &record, &["--json"]);
    assert_eq!(output.status.code(), Some(2));
    let error: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        error["error"],
        "roll-off round 2, roll 2: seat 1 rolls now, not seat 0"
    );
    let mut record = roll_off_record();
    record["roll_off"][0][0]["roll"] = json!("RRHHC");
    let output = replay_value("roll-off-dice", &record, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("roll-off round 1, roll 1: a roll-off roll has 6 dice, not 5")
    );
    let mut record = roll_off_record();
    record["roll_off"].as_array_mut().unwrap().pop();
    let output = replay_value("roll-off-short", &record, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("the record has a result but the game is not over"));
}

#[test]
fn json_and_plain_do_not_go_together() {
    let output = binary()
        .args(["replay", "x.json", "--json", "--plain"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

/// A record text with one random edit: a character replaced, a stretch deleted or text inserted.
fn mutated_record() -> impl Strategy<Value = String> {
    let edit = prop_oneof![
        (any::<prop::sample::Index>(), "[0-9a-zA-Z\\[\\]{}\",:/ -]")
            .prop_map(|(at, c)| (at, 1usize, c)),
        (any::<prop::sample::Index>(), 1usize..40).prop_map(|(at, n)| (at, n, String::new())),
        (any::<prop::sample::Index>(), "[0-9TRHCK\",{}]{1,6}").prop_map(|(at, s)| (at, 0usize, s)),
    ];
    edit.prop_map(|(at, remove, insert)| {
        let text = played_record();
        let chars: Vec<char> = text.chars().collect();
        let at = at.index(chars.len());
        let end = (at + remove).min(chars.len());
        chars[..at].iter().collect::<String>() + &insert + &chars[end..].iter().collect::<String>()
    })
}

fn json_ish() -> impl Strategy<Value = String> {
    prop_oneof![
        mutated_record(),
        "[\\[\\]{}\",:0-9a-z ]{0,60}",
        "\\PC{0,40}",
    ]
}

/// Proptest's configuration here: `cases` cases, and a failure's seed saved beside this file
/// (`cli_replay.proptest-regressions`, committed) so that it is tried first on every later run. The
/// default looks for a `lib.rs` above an integration test, finds none and only warns.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// In the library replay is built on: any text is refused or is a record that replays to
    /// itself, with totals that add up.
    #[test]
    fn any_text_is_refused_or_a_consistent_record(text in json_ish()) {
        let Ok(record) = GameRecord::from_json(&text) else { return Ok(()) };
        let Ok(game) = record.replay() else { return Ok(()) };
        let mut totals = vec![0u32; record.players.len()];
        for turn in &record.turns {
            totals[turn.seat] += u32::from(turn.score);
        }
        let scores: Vec<u32> = game.scores().iter().map(|&s| u32::from(s)).collect();
        prop_assert_eq!(totals, scores);
        let again = GameRecord::of_game(&game, record.players.clone(), record.seed);
        let replayed = again.replay().unwrap();
        prop_assert_eq!(replayed.scores(), game.scores());
        prop_assert_eq!(replayed.outcome(), game.outcome());
        if let Some(result) = &record.result {
            prop_assert_eq!(&result.scores, &game.outcome().unwrap().scores);
        }
    }
}

proptest! {
    #![proptest_config(config(40))]

    /// Through the binary: a damaged record is exit 0 or a JSON error with exit 2; never a crash.
    #[test]
    fn the_command_never_crashes_on_a_damaged_record(text in json_ish()) {
        let output = replay_text("fuzz", &text, &["--json"]);
        let reply: Value = serde_json::from_str(&stdout(&output)).unwrap();
        match output.status.code() {
            Some(0) => prop_assert!(reply["scores"].is_array()),
            Some(2) => prop_assert!(reply["error"].is_string()),
            other => prop_assert!(false, "exit {:?}: {}", other, stderr(&output)),
        }
    }
}
