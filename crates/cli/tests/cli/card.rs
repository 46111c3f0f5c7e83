//! `martian-dice card`, `arena --exact` and card bots, run as a user runs them.

use std::path::PathBuf;

use martian_engine::Rules;
use martian_solver::{TurnPlay, duel, duel_match};
use serde_json::Value;

use crate::util::{json_stdout, martian_dice, scratch, stderr, stdout, without_locale};

fn shipped(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../cards")
        .join(name)
        .display()
        .to_string()
}

fn json(args: &[&str]) -> Value {
    json_stdout(&martian_dice().args(args).output().unwrap())
}

#[test]
fn a_cards_values_agree_with_the_exact_arena() {
    let file = shipped("3-lines.txt");
    let value = json(&["card", &file, "--json"]);
    assert_eq!(value["size"], 3);
    assert_eq!(value["conditions"], 10);
    assert_eq!(value["lines"].as_array().unwrap().len(), 3);
    assert_eq!(value["line_worth"].as_array().unwrap().len(), 3);
    assert_eq!(value["language"], "en");
    assert_eq!(value["rules_key"], "d13-t25-each-round-rolloff");
    let spec = format!("card:{file}");
    for opponent in ["optimal", "greedy"] {
        let bots = format!("{spec},{opponent}");
        let arena = json(&["arena", "--bots", &bots, "--exact", "--json"]);
        assert_eq!(arena["mode"], "exact");
        let card = &arena["bots"][0];
        assert_eq!(card["win_rate"], value[opponent]["win_rate"], "{opponent}");
        for seat in 0..2 {
            assert_eq!(card["seats"][seat]["seat"], seat);
            assert_eq!(
                card["seats"][seat]["win_rate"],
                value[opponent]["seats"][seat]["win_rate"]
            );
        }
    }
    // Its Portuguese file is the same card.
    let pt = json(&["card", &shipped("pt-BR/3-lines.txt"), "--json"]);
    assert_eq!(pt["language"], "pt-BR");
    assert_eq!(pt["optimal"], value["optimal"]);
    // And the shipped card by its name, as the other commands take it.
    let named = json(&["card", "card-3", "--json"]);
    assert_eq!(named["file"], "card-3");
    assert_eq!(named["optimal"], value["optimal"]);
    assert_eq!(named["lines"], value["lines"]);
    let text = martian_dice().args(["card", "card-3"]).output().unwrap();
    assert!(text.status.success(), "{}", stderr(&text));
    assert!(
        stdout(&text).contains("without line 3"),
        "{}",
        stdout(&text)
    );
}

#[test]
fn arena_exact_gives_the_solvers_values_for_any_pair() {
    let rules = Rules::official();
    let report = json(&["arena", "--bots", "optimal,optimal", "--exact", "--json"]);
    let [first, second] = duel(rules).unwrap().game_wins();
    for bot in report["bots"].as_array().unwrap() {
        assert!((bot["seats"][0]["win_rate"].as_f64().unwrap() - first).abs() < 1e-12);
        assert!((bot["seats"][1]["win_rate"].as_f64().unwrap() - second).abs() < 1e-12);
    }
    let report = json(&["arena", "--bots", "greedy,optimal", "--exact", "--json"]);
    let value = duel_match(rules, [&TurnPlay::Greedy, &TurnPlay::Optimal]).unwrap();
    assert_eq!(
        report["bots"][0]["win_rate"].as_f64().unwrap(),
        value.win(0)
    );
    // Under a variant, text in Portuguese.
    let output = without_locale()
        .args([
            "arena",
            "--bots",
            "defensive,greedy",
            "--exact",
            "--end",
            "immediate",
            "--lang",
            "pt-BR",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("Chances exatas de um duelo"), "{text}");
    assert!(text.contains("fim imediato"), "{text}");
    assert!(text.contains("defensive"), "{text}");
}

#[test]
fn arena_exact_refuses_what_it_cannot_value() {
    let three = martian_dice()
        .args(["arena", "--bots", "greedy,greedy,optimal", "--exact"])
        .output()
        .unwrap();
    assert_eq!(three.status.code(), Some(2));
    assert!(
        stderr(&three).contains("2 bots, not 3"),
        "{}",
        stderr(&three)
    );
    let external = martian_dice()
        .args(["arena", "--bots", "greedy,exec:/bin/true", "--exact"])
        .output()
        .unwrap();
    assert_eq!(external.status.code(), Some(2));
    assert!(stderr(&external).contains("cannot be valued exactly"));
}

#[test]
fn a_card_that_does_not_read_is_told_where_and_why_in_both_languages() {
    let dir = scratch("bad");
    let file = dir.join("bad.txt");
    std::fs::write(
        &file,
        "# mine\n1. Take the death rays when the tanks lead.\n2. Stop when you have 6 points or mor.\n",
    )
    .unwrap();
    let path = file.display().to_string();
    let en = martian_dice().args(["card", &path]).output().unwrap();
    assert_eq!(en.status.code(), Some(2));
    assert_eq!(
        stderr(&en).trim(),
        format!("martian-dice: {path}, line 3, column 35: expected 'more' or 'fewer', found 'mor'")
    );
    let pt = without_locale()
        .args(["card", &path, "--lang", "pt-BR"])
        .output()
        .unwrap();
    assert_eq!(pt.status.code(), Some(2));
    assert_eq!(
        stderr(&pt).trim(),
        format!(
            "martian-dice: {path}, linha 3, coluna 35: esperava-se 'more' ou 'fewer', mas está escrito 'mor'"
        )
    );
    let json = martian_dice()
        .args(["card", &path, "--json"])
        .output()
        .unwrap();
    assert_eq!(json.status.code(), Some(2));
    let error: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        (error["line"].as_u64(), error["column"].as_u64()),
        (Some(3), Some(35))
    );
    let missing = martian_dice()
        .args(["card", "no-such-card.txt"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("no-such-card.txt"));
}

#[test]
fn the_card_text_names_the_chances_and_what_each_line_is_worth() {
    let output = without_locale()
        .args(["card", &shipped("5-lines.txt"), "--lang", "pt-BR"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Contra o jogo perfeito (optimal)"), "{text}");
    assert!(text.contains("sem a linha 5"), "{text}");
    // Its lines in the reader's language.
    assert!(text.contains("  1. "), "{text}");
}

#[test]
fn the_search_finds_a_card_its_own_valuation_agrees_with() {
    // A small game keeps the search to seconds.
    let dir = scratch("search");
    let found = json(&[
        "card", "search", "--lines", "1", "--dice", "6", "--target", "10", "--json",
    ]);
    assert_eq!(found["size"], 1);
    let line = found["lines"][0].as_str().unwrap();
    let file = dir.join("found.txt");
    std::fs::write(&file, format!("1. {line}\n")).unwrap();
    let value = json(&[
        "card",
        &file.display().to_string(),
        "--dice",
        "6",
        "--target",
        "10",
        "--json",
    ]);
    assert_eq!(value["optimal"]["win_rate"], found["win_rate"]);
    assert!(found["evaluations"].as_u64().unwrap() > 10);
    // By a budget of conditions: as many lines as help, their conditions within it.
    let found = json(&[
        "card",
        "search",
        "--conditions",
        "2",
        "--dice",
        "6",
        "--target",
        "10",
        "--json",
    ]);
    let conditions = found["conditions"].as_u64().unwrap();
    assert!((1..=2).contains(&conditions), "{found}");
    let lines: Vec<String> = found["lines"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, line)| format!("{}. {}\n", i + 1, line.as_str().unwrap()))
        .collect();
    let card: martian_cards::Card = lines.concat().parse().unwrap();
    assert_eq!(card.conditions() as u64, conditions);
    std::fs::write(&file, lines.concat()).unwrap();
    let value = json(&[
        "card",
        &file.display().to_string(),
        "--dice",
        "6",
        "--target",
        "10",
        "--json",
    ]);
    assert_eq!(value["optimal"]["win_rate"], found["win_rate"]);
    // Neither budget, or both, is a usage error.
    for args in [
        &["card", "search"][..],
        &["card", "search", "--lines", "1", "--conditions", "2"],
    ] {
        let output = martian_dice().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn a_card_plays_among_the_players_of_line_mode() {
    let output = martian_dice()
        .args([
            "play",
            "--plain",
            "--players",
            &format!("bot:card:{},bot:card-1", shipped("5-lines.txt")),
            "--seed",
            "3",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("wins"), "{text}");
}

#[test]
fn the_rules_end_with_the_shipped_cards_in_the_readers_language() {
    let en = stdout(&martian_dice().arg("rules").output().unwrap());
    assert!(en.contains("Strategy cards you can remember"));
    assert!(en.contains(include_str!("../../../../cards/5-lines.txt")));
    let pt = stdout(
        &without_locale()
            .args(["rules", "--lang", "pt-BR"])
            .output()
            .unwrap(),
    );
    assert!(pt.contains(include_str!("../../../../cards/pt-BR/5-lines.txt")));
}

/// Every shipped card states its exact chance against perfect play in its header, and the exact
/// arena plays it, by its name, to the same figure.
#[test]
fn every_shipped_cards_figure_is_what_the_exact_arena_computes() {
    for carried in martian_cards::shipped::all() {
        let bots = format!("{},optimal", carried.bot);
        let arena = json(&["arena", "--bots", &bots, "--exact", "--json"]);
        let card = &arena["bots"][0];
        let percent = |p: &Value| format!("{:.2}%", 100.0 * p.as_f64().unwrap());
        let header = format!(
            "# Exact chance to win against perfect play (optimal): {} ({} in the first seat, {} in the second).",
            percent(&card["win_rate"]),
            percent(&card["seats"][0]["win_rate"]),
            percent(&card["seats"][1]["win_rate"]),
        );
        let file =
            std::fs::read_to_string(shipped(carried.path.trim_start_matches("cards/"))).unwrap();
        assert!(file.contains(&header), "{}: {header}", carried.path);
    }
}
