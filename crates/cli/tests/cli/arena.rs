//! `martian-dice arena`, run as a user runs it.

use std::process::Output;

use serde_json::Value;

use crate::util::{martian_dice, stderr, stdout};

fn arena(args: &[&str]) -> Output {
    martian_dice()
        .arg("arena")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json_of(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let output = arena(&all);
    assert!(output.status.success(), "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("one JSON object")
}

#[test]
fn json_has_the_documented_keys() {
    let report = json_of(&[
        "--bots",
        "greedy,defensive",
        "--games",
        "400",
        "--seed",
        "9",
    ]);
    let bots = report["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    for bot in bots {
        let rate = bot["win_rate"].as_f64().unwrap();
        let ci = bot["ci95"].as_array().unwrap();
        let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        assert!(lo <= rate && rate <= hi, "{bot}");
        assert!(bot["wins"].as_f64().is_some() && bot["name"].is_string());
        assert_eq!(bot["seats"].as_array().unwrap().len(), 2);
    }
    assert_eq!(bots[0]["name"], "greedy");
    let wins: f64 = bots.iter().map(|b| b["wins"].as_f64().unwrap()).sum();
    assert_eq!(wins, 400.0);
    assert!(report["games_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(report["rules_key"], "d13-t25-each-round-rolloff");
}

#[test]
fn the_same_seed_gives_the_same_results_with_one_and_two_threads() {
    let strip = |mut v: Value| {
        for key in [
            "seconds",
            "games_per_second",
            "decisions_per_second",
            "threads",
        ] {
            v.as_object_mut().unwrap().remove(key);
        }
        v
    };
    let args = [
        "--bots",
        "random,aggressive,defensive",
        "--games",
        "900",
        "--seed",
        "4",
    ];
    let one = strip(json_of(&[&args[..], &["--threads", "1"]].concat()));
    let two = strip(json_of(&[&args[..], &["--threads", "2"]].concat()));
    assert_eq!(one, two);
}

#[test]
fn text_output_names_every_bot_and_the_seed() {
    let output = arena(&["--bots", "greedy,random", "--games", "200", "--seed", "77"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("seed 77"), "{text}");
    assert!(text.contains("greedy") && text.contains("random"), "{text}");
    assert!(
        text.contains("95% interval") && text.contains("seat 2"),
        "{text}"
    );
    assert!(text.contains("games/s"), "{text}");
    assert!(stderr(&output).is_empty(), "no progress bar off a terminal");
}

#[test]
fn rule_options_reach_the_games() {
    let report = json_of(&[
        "--bots",
        "greedy,greedy",
        "--games",
        "100",
        "--seed",
        "1",
        "--dice",
        "8",
        "--target",
        "10",
        "--tie",
        "shared",
    ]);
    assert_eq!(report["rules"]["dice"], 8);
    assert_eq!(report["rules"]["target"], 10);
    assert_eq!(report["rules"]["tie"], "shared");
}

#[test]
fn a_round_robin_prints_the_matrix_and_ratings() {
    let report = json_of(&[
        "--round-robin",
        "random,defensive,greedy",
        "--games",
        "200",
        "--seed",
        "2",
    ]);
    assert_eq!(report["pairs"].as_array().unwrap().len(), 3);
    let ratings = report["ratings"].as_array().unwrap();
    assert_eq!(ratings[0]["name"], "greedy");
    assert_eq!(ratings[2]["name"], "random");
    let matrix = report["matrix"].as_array().unwrap();
    let cell = |i: usize, j: usize| matrix[i][j].as_f64().unwrap();
    assert!((cell(0, 2) + cell(2, 0) - 1.0).abs() < 1e-9);
    assert!(matrix[1][1].is_null());
    let text = stdout(&arena(&[
        "--round-robin",
        "random,greedy",
        "--games",
        "50",
        "--seed",
        "2",
    ]));
    assert!(text.contains("Bradley–Terry"), "{text}");
}

#[test]
fn unknown_bots_and_bad_seat_counts_are_usage_errors() {
    let output = arena(&["--bots", "greedy,wizard", "--games", "10"]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("wizard") && message.contains("defensive"),
        "{message}"
    );
    let output = arena(&["--bots", "greedy", "--games", "10"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("from 2 to 8"),
        "{}",
        stderr(&output)
    );
    let output = arena(&["--bots", "greedy,greedy", "--games", "0"]);
    assert_eq!(output.status.code(), Some(2));
    let output = arena(&["--games", "10"]);
    assert_eq!(output.status.code(), Some(2), "a bot list is required");
}

#[test]
fn a_misbehaving_external_bot_is_reported_and_forfeits() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bots/tests/bots/wrong_action.sh"
    );
    let spec = format!("exec:sh:{script}");
    let output = arena(&[
        "--bots",
        &format!("{spec},greedy"),
        "--games",
        "4",
        "--seed",
        "3",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("4 games lost by forfeit"), "{text}");
    assert!(text.contains("not legal"), "{text}");
    // The text counts games and seats from 1 (the bot sits first in the first game), the JSON
    // from 0, both alike.
    assert!(text.contains("  game 1, seat 1: "), "{text}");
    let json = json_of(&[
        "--bots",
        &format!("{spec},greedy"),
        "--games",
        "4",
        "--seed",
        "3",
    ]);
    assert_eq!(json["errors"][0]["game"], 0, "{json}");
    assert_eq!(json["errors"][0]["seat"], 0, "{json}");
}

#[test]
fn greedy_and_optimal_play_turn_level_unless_dice_are_asked_for() {
    let args = ["--bots", "optimal,greedy", "--games", "2000", "--seed", "8"];
    let turns = json_of(&args);
    assert_eq!(turns["mode"], "turns");
    assert!(turns["decisions"].is_null() && turns["decisions_per_second"].is_null());
    assert!(turns["games_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(
        json_of(&[&args[..], &["--mode", "turns"]].concat())["mode"],
        "turns"
    );

    let dice = json_of(&[&args[..], &["--mode", "dice"]].concat());
    assert_eq!(dice["mode"], "dice");
    assert!(dice["decisions"].as_u64().unwrap() > 2000);
    assert!(dice["decisions_per_second"].as_f64().unwrap() > 0.0);

    // A strategy card plays turn-level too, as the help says; any other bot plays die by die.
    let card = json_of(&["--bots", "card-1,greedy", "--games", "100"]);
    assert_eq!(card["mode"], "turns");
    let mixed = json_of(&["--bots", "optimal,random", "--games", "100"]);
    assert_eq!(mixed["mode"], "dice");
    let help = stdout(&arena(&["--help"]));
    assert!(
        help.contains("greedy, optimal or a strategy card (card-1, card-3, card-5, card:FILE)"),
        "{help}"
    );

    let text = stdout(&arena(&args));
    assert!(text.contains("turn-level"), "{text}");
    let text = stdout(&arena(&[&args[..], &["--mode", "dice"]].concat()));
    assert!(
        text.contains("decisions/s") && !text.contains("turn-level"),
        "{text}"
    );
}

#[test]
fn turn_level_play_of_a_bot_that_cannot_is_a_usage_error() {
    let output = arena(&["--bots", "greedy,defensive", "--mode", "turns"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let message = stderr(&output);
    assert!(
        message.contains("defensive") && message.contains("turn"),
        "{message}"
    );
    let output = arena(&["--bots", "greedy,optimal", "--mode", "cards"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_round_robin_tells_how_each_pair_was_played() {
    let report = json_of(&[
        "--round-robin",
        "greedy,optimal,random",
        "--games",
        "200",
        "--seed",
        "5",
    ]);
    let modes: Vec<&str> = report["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| pair["mode"].as_str().unwrap())
        .collect();
    assert_eq!(modes, ["turns", "dice", "dice"]);
}
