//! `martian-dice solve`, run as a user runs it.

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

use crate::util::{martian_dice, unique_path};

/// A cache directory of the test's own, so that tests never touch the user's cache.
#[track_caller]
fn cache_dir(name: &str) -> PathBuf {
    unique_path(name)
}

fn solve(args: &[&str], cache: &PathBuf) -> Output {
    martian_dice()
        .arg("solve")
        .args(args)
        .env("MARTIAN_DICE_CACHE_DIR", cache)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str], cache: &PathBuf) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let output = solve(&all, cache);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON object on one line");
    serde_json::from_str(&text).expect("JSON")
}

#[test]
fn turn_gives_the_expected_score_and_a_distribution_summing_to_one() {
    let cache = cache_dir("turn");
    let value = json(&["turn"], &cache);
    let expected = value["expected_score"].as_f64().unwrap();
    assert!((expected - 3.1104).abs() < 5e-5, "{expected}");
    let distribution: Vec<f64> = value["distribution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    assert_eq!(distribution.len(), 17, "scores 0 to 13 + 3");
    assert!((distribution.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    let mean: f64 = distribution
        .iter()
        .enumerate()
        .map(|(s, p)| s as f64 * p)
        .sum();
    assert!((mean - expected).abs() < 1e-9);

    let few = json(&["turn", "--dice", "1"], &cache);
    assert_eq!(few["expected_score"].as_f64(), Some(0.5));
    assert_eq!(few["distribution"].as_array().unwrap().len(), 5);
    let literal = json(&["turn", "--dice", "1", "--bonus", "any-earthling"], &cache);
    assert_eq!(literal["expected_score"].as_f64(), Some(2.0));
}

#[test]
fn turn_as_text() {
    let output = solve(&["turn", "--dice", "5"], &cache_dir("turn-text"));
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Rules: 5 dice"), "{text}");
    assert!(text.contains("Expected turn score"), "{text}");
}

#[test]
fn duel_probabilities_sum_to_one_and_the_cache_is_used_the_second_time() {
    let cache = cache_dir("duel");
    let first = json(&["duel"], &cache);
    let p0 = first["first_player_win"].as_f64().unwrap();
    let p1 = first["second_player_win"].as_f64().unwrap();
    assert!((p0 + p1 - 1.0).abs() < 1e-12);
    assert!((p0 - 0.484123).abs() < 1e-6, "{p0}");
    assert_eq!(first["source"], "computed");
    let files: Vec<_> = std::fs::read_dir(&cache).unwrap().collect();
    assert_eq!(files.len(), 1, "one table written");
    let second = json(&["duel"], &cache);
    assert_eq!(second["source"], "cache");
    assert_eq!(second["first_player_win"], first["first_player_win"]);

    // A damaged file is noticed and rebuilt, with the same numbers.
    let path = files[0].as_ref().unwrap().path();
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xff;
    std::fs::write(&path, bytes).unwrap();
    let rebuilt = json(&["duel"], &cache);
    assert_eq!(rebuilt["source"], "computed");
    assert_eq!(rebuilt["first_player_win"], first["first_player_win"]);
    std::fs::remove_dir_all(&cache).unwrap();
}

#[test]
fn duel_variants_end_and_small_games() {
    let cache = cache_dir("duel-variants");
    let immediate = json(&["duel", "--end", "immediate"], &cache);
    assert!(immediate["first_player_win"].as_f64().unwrap() > 0.5);
    let small = json(
        &["duel", "--dice", "6", "--target", "10", "--tie", "shared"],
        &cache,
    );
    let sum =
        small["first_player_win"].as_f64().unwrap() + small["second_player_win"].as_f64().unwrap();
    assert!((sum - 1.0).abs() < 1e-12);
    let text = solve(&["duel", "--dice", "6", "--target", "10"], &cache);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("first player wins"), "{text}");
    std::fs::remove_dir_all(&cache).unwrap();
}

#[test]
fn solo_expected_turns() {
    let cache = cache_dir("solo");
    let value = json(&["solo"], &cache);
    let turns = value["expected_turns"].as_f64().unwrap();
    assert!((turns - 8.6044).abs() < 1e-4, "{turns}");
    // One die: each turn scores a point with probability 1/2.
    let one = json(&["solo", "--dice", "1", "--target", "3"], &cache);
    assert!((one["expected_turns"].as_f64().unwrap() - 6.0).abs() < 1e-12);
}

#[test]
fn bad_rules_exit_with_2() {
    let cache = cache_dir("bad");
    for args in [
        &["turn", "--dice", "0"][..],
        &["duel", "--target", "0"],
        &["solo", "--dice", "31"],
        &["duel", "--end", "sometime"],
    ] {
        let output = solve(args, &cache);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty());
    }
}

/// A duel beyond the solver's limits is refused at once (no solve, no panic) with the limit
/// stated, in the reader's language.
#[test]
fn a_duel_beyond_the_limits_is_refused_with_the_limit() {
    let cache = cache_dir("duel-limit");
    for (lang, words) in [("en", "up to 758, not 999"), ("pt-BR", "até 758, não 999")] {
        let output = martian_dice()
            .args(["--lang", lang, "solve", "duel", "--target", "999"])
            .env("MARTIAN_DICE_CACHE_DIR", &cache)
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(2), "{lang}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(words), "{lang}: {stderr}");
    }
}
