//! `martian-dice challenge`, run as a user runs it: bots in the person's seat (`--json`), a
//! person's moves piped in, both languages, a bad date.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::Value;

use crate::util::{json_stdout, martian_dice, stderr, stdout};

/// The day every test plays.
const DATE: &str = "2026-12-07";

/// One cache for this module's runs, so the duel is solved once.
fn cache() -> PathBuf {
    static CACHE: OnceLock<PathBuf> = OnceLock::new();
    CACHE
        .get_or_init(|| crate::util::unique_path("cache"))
        .clone()
}

fn binary() -> Command {
    let mut command = martian_dice();
    command.env("MARTIAN_DICE_CACHE_DIR", cache());
    command
}

fn run(args: &[&str], input: &str) -> Output {
    crate::util::run_with_input(binary().args(args), input)
}

fn bot_json(bot: &str) -> Value {
    json_stdout(&run(
        &["challenge", "--date", DATE, "--bot", bot, "--json"],
        "",
    ))
}

fn loss(json: &Value) -> f64 {
    json["score"]["loss_points"].as_f64().unwrap()
}

/// What a person types to make `decision` (a decision of the JSON): `ray` rather than `r`,
/// which means "roll again" after a take.
fn typed(decision: &Value) -> &'static str {
    match decision["chosen"].as_str().unwrap() {
        "R" => "ray",
        "H" => "h",
        "C" => "c",
        "K" => "k",
        "stop" => "stop",
        "roll" => "roll",
        other => panic!("no such action: {other}"),
    }
}

#[test]
fn optimal_play_loses_nothing_and_hard_play_something_the_same_each_time() {
    let optimal = bot_json("optimal");
    assert_eq!(optimal["date"], DATE);
    // The documented seed of the day (docs/challenge.md).
    assert_eq!(optimal["seed"].as_u64(), Some(5_635_980_170_318_780_047));
    assert_eq!(optimal["opponents"], serde_json::json!(["hard"]));
    assert_eq!(optimal["person_seat"], 0);
    assert_eq!(loss(&optimal), 0.0);
    let decisions = optimal["decisions"].as_array().unwrap();
    assert!(decisions.iter().all(|d| d["chosen"] == d["best"]));
    assert!(!decisions.is_empty());
    let marks = optimal["marks"].as_array().unwrap();
    assert!(marks.iter().all(|m| m == "best"), "{marks:?}");
    let share = optimal["share"].as_str().unwrap();
    assert_eq!(
        share,
        format!(
            "Martian Dice daily {DATE} — 0.0 points of chance lost\n{}",
            "🟩".repeat(marks.len())
        )
    );
    let scores = optimal["result"]["scores"].as_array().unwrap();
    let won = optimal["result"]["won"].as_bool().unwrap();
    assert_eq!(won, scores[0].as_u64() > scores[1].as_u64());

    let hard = bot_json("hard");
    assert!(loss(&hard) > 0.0, "{}", loss(&hard));
    let summed: f64 = hard["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["loss"].as_f64().unwrap())
        .sum();
    assert!((summed - loss(&hard)).abs() < 1e-9);
    assert_eq!(hard, bot_json("hard"), "the same bot, the same game");
}

#[test]
fn a_person_making_the_optimal_decisions_meets_the_same_dice_and_grade() {
    let optimal = bot_json("optimal");
    let moves: String = optimal["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| format!("{}\n", typed(d)))
        .collect();
    let output = run(&["challenge", "--date", DATE, "--json"], &moves);
    let mut person = json_stdout(&output);
    assert_eq!(person["bot"], Value::Null);
    person["bot"] = optimal["bot"].clone();
    assert_eq!(person, optimal);
    // The game was told on stderr, the person's prompts included.
    assert!(stderr(&output).contains("Which type do you take?"));

    // In text, the report and the share text.
    let text = stdout(&run(&["challenge", "--date", DATE], &moves));
    assert!(text.contains("Daily challenge of 2026-12-07"), "{text}");
    assert!(
        text.contains("Chance to win lost against perfect play: 0.00 points"),
        "{text}"
    );
    assert!(text.contains("You lost nothing: perfect play."), "{text}");
    assert!(text.ends_with(&format!("{}\n", optimal["share"].as_str().unwrap())));
}

#[test]
fn a_person_who_stops_at_once_is_graded_in_portuguese() {
    // Death rays when allowed, else any type, and stop: a line that is illegal is refused and
    // the next one read. The coach stays off.
    let mut moves = String::from("a\n");
    moves.push_str(&"r\nh\nc\nk\ns\n".repeat(2000));
    let output = run(&["challenge", "--date", DATE, "--lang", "pt-BR"], &moves);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("A análise fica desligada durante o desafio"),
        "{text}"
    );
    assert!(
        text.contains("Chance de vencer perdida contra o jogo perfeito:"),
        "{text}"
    );
    assert!(text.contains("Onde você mais perdeu:"), "{text}");
    assert!(text.contains("Martian Dice diário 2026-12-07 — "), "{text}");

    let same = json_stdout(&run(&["challenge", "--date", DATE, "--json"], &moves));
    assert!(loss(&same) > 0.0);
    assert_eq!(
        same,
        json_stdout(&run(&["challenge", "--date", DATE, "--json"], &moves))
    );
}

#[test]
fn an_unfinished_game_is_not_graded() {
    let output = run(&["challenge", "--date", DATE], "h\n");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("The input ended before the game did"));
    let quit = run(&["challenge", "--date", DATE], "q\n");
    assert!(quit.status.success());
    assert!(stdout(&quit).contains("You left the challenge before its end"));
}

#[test]
fn a_bad_date_exits_2_naming_the_problem() {
    for (date, problem) in [
        ("2026-02-30", "2026-02 has 28 days, not 30"),
        ("2026-13-01", "the month must be from 1 to 12, not 13"),
        ("7 Dec", "'7 Dec' is not a date written YYYY-MM-DD"),
    ] {
        let output = run(&["challenge", "--date", date, "--bot", "optimal"], "");
        assert_eq!(output.status.code(), Some(2), "{date}");
        assert_eq!(
            stderr(&output),
            format!("martian-dice: --date: {problem}\n")
        );
    }
    let output = run(&["challenge", "--date", DATE, "--bot", "nobody"], "");
    assert_eq!(output.status.code(), Some(2));
}
