//! `solve quad` through the real binary.

use std::path::PathBuf;
use std::process::Output;

use crate::util::{json_stdout as json, martian_dice, unique_path};

fn run(cache: &PathBuf, args: &[&str]) -> Output {
    martian_dice()
        .args(args)
        .env("MARTIAN_DICE_CACHE_DIR", cache)
        .output()
        .unwrap()
}

#[test]
fn solve_quad_gives_four_seat_probabilities_then_reads_them_from_the_cache() {
    let cache = unique_path("quad-solve");
    let args = ["solve", "quad", "--json", "--dice", "5", "--target", "7"];
    let first = json(&run(&cache, &args));
    let wins: Vec<f64> = first["seat_win"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(wins.len(), 4);
    assert!(wins.iter().all(|p| (0.0..=1.0).contains(p)));
    assert!((wins.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert_eq!(first["source"], "computed");
    assert_eq!(first["rules"]["target"], 7);
    assert_eq!(first["rules"]["dice"], 5);
    assert!(first["mixed_tuples"].as_u64().is_some());
    assert!(first["worst_residual"].as_f64().unwrap() <= 1e-12);
    let second = json(&run(&cache, &args));
    assert_eq!(second["source"], "cache");
    assert_eq!(second["seat_win"], first["seat_win"]);
    assert_eq!(second["mixed_tuples"], first["mixed_tuples"]);
    // The text form names the rules and the four seats, in both languages.
    let text = run(&cache, &["solve", "quad", "--dice", "5", "--target", "7"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("5 dice, target 7") && text.contains("fourth player wins"),
        "{text}"
    );
    let text = run(
        &cache,
        &[
            "--lang", "pt-BR", "solve", "quad", "--dice", "5", "--target", "7",
        ],
    );
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("quarto jogador"), "{text}");
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn solve_quad_refuses_beyond_its_limit_naming_it() {
    let cache = unique_path("quad-limit");
    let output = run(&cache, &["solve", "quad", "--target", "200"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("four-player") && stderr.contains("up to 26"),
        "{stderr}"
    );
    let output = run(
        &cache,
        &["--lang", "pt-BR", "solve", "quad", "--target", "200"],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("quatro jogadores"), "{stderr}");
    assert!(!cache.exists() || std::fs::read_dir(&cache).unwrap().next().is_none());
}
