//! `solve trio` and three-player `advise` through the real binary.

use std::path::PathBuf;
use std::process::Output;

use crate::util::{json_stdout as json, martian_dice, unique_path};

/// A solver cache of the test's own, which the binary creates.
#[track_caller]
fn cache_dir(name: &str) -> PathBuf {
    unique_path(name)
}

fn run(cache: &PathBuf, args: &[&str]) -> Output {
    martian_dice()
        .args(args)
        .env("MARTIAN_DICE_CACHE_DIR", cache)
        .output()
        .unwrap()
}

const SMALL: [&str; 4] = ["--dice", "8", "--target", "9"];

#[test]
fn solve_trio_gives_three_seat_probabilities_then_reads_them_from_the_cache() {
    let cache = cache_dir("solve");
    let mut args = vec!["solve", "trio", "--json"];
    args.extend(SMALL);
    let first = json(&run(&cache, &args));
    let wins: Vec<f64> = first["seat_win"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(wins.len(), 3);
    assert!(wins.iter().all(|p| (0.0..=1.0).contains(p)));
    assert!((wins.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert_eq!(first["source"], "computed");
    assert_eq!(first["rules"]["target"], 9);
    let second = json(&run(&cache, &args));
    assert_eq!(second["source"], "cache");
    assert_eq!(second["seat_win"], first["seat_win"]);
    // The text form names the rules and the three seats.
    let text = run(&cache, &["solve", "trio", "--dice", "8", "--target", "9"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("8 dice, target 9") && text.contains("third player wins"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn solve_trio_refuses_targets_it_cannot_solve_in_reasonable_time() {
    let cache = cache_dir("limit");
    let output = run(&cache, &["solve", "trio", "--target", "200"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("up to 60"));
}

#[test]
fn advise_with_three_scores_gives_win_probabilities() {
    let cache = cache_dir("advise");
    let mut args = vec![
        "advise",
        "TTRRHCKK/K",
        "--scores",
        "2,5,7",
        "--seat",
        "1",
        "--json",
    ];
    args.extend(SMALL);
    let advice = json(&run(&cache, &args));
    assert_eq!(advice["measure"], "win-probability");
    let options = advice["options"].as_array().unwrap();
    assert_eq!(options.len(), 2);
    let best = options
        .iter()
        .max_by(|a, b| {
            a["value"]
                .as_f64()
                .unwrap()
                .total_cmp(&b["value"].as_f64().unwrap())
        })
        .unwrap();
    assert_eq!(advice["best"], best["action"]);
    for option in options {
        assert!((0.0..=1.0).contains(&option["value"].as_f64().unwrap()));
    }
    // The last seat of the final round knows what it needs: 4 behind, stopping with nothing loses.
    let mut args = vec![
        "advise",
        "RRRHHHCK/R",
        "--scores",
        "9,5,5",
        "--seat",
        "2",
        "--json",
    ];
    args.extend(SMALL);
    let advice = json(&run(&cache, &args));
    let stop = advice["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["action"] == "stop")
        .unwrap();
    assert_eq!(stop["value"].as_f64().unwrap(), 0.0);
    assert_eq!(advice["best"], "roll");
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn impossible_three_player_positions_exit_with_2() {
    let cache = cache_dir("errors");
    for (scores, seat, needle) in [
        ("9,5,5", "0", "already reached"),
        ("1,2,3", "3", "seat 3"),
        ("1,2,9", "0", "over"),
    ] {
        let mut args = vec!["advise", "", "--scores", scores, "--seat", seat];
        args.extend(SMALL);
        let output = run(&cache, &args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{scores} {seat}: {stderr}");
        assert!(stderr.contains(needle), "{scores} {seat}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&cache);
}
