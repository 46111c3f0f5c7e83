//! Golden slices of the solved tables: any change in the numbers shows up here. Regenerate with
//! `UPDATE_GOLDEN=1 cargo test -p martian-solver --test golden` after checking that the change is
//! wanted.

use std::fmt::Write;
use std::path::PathBuf;

use martian_engine::{BonusRule, EndRule, Points, Rules, Turn};
use martian_solver::{DuelPosition, DuelSolution, SoloSolution, expected_score_table};

const TOLERANCE: f64 = 1e-9;

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.txt"))
}

/// Compares `lines` (`key value`) with the golden file, or rewrites it under `UPDATE_GOLDEN=1`.
fn check(name: &str, lines: &[(String, f64)]) {
    let path = golden_path(name);
    let mut text = String::new();
    for (key, value) in lines {
        writeln!(text, "{key} {value:.12}").unwrap();
    }
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with UPDATE_GOLDEN=1 to create it)",
            path.display()
        )
    });
    let stored: Vec<(&str, f64)> = stored
        .lines()
        .map(|line| {
            let (key, value) = line.rsplit_once(' ').expect("key value");
            (key, value.parse().expect("a number"))
        })
        .collect();
    assert_eq!(stored.len(), lines.len(), "{name}: number of lines");
    for ((key, value), (stored_key, stored_value)) in lines.iter().zip(stored) {
        assert_eq!(key, stored_key, "{name}");
        assert!(
            (value - stored_value).abs() < TOLERANCE,
            "{name}: {key} is {value:.12}, golden {stored_value:.12}"
        );
    }
}

const SCORES: [Points; 7] = [0, 4, 8, 12, 16, 20, 24];

fn duel_lines(solution: &DuelSolution) -> Vec<(String, f64)> {
    let mut lines = Vec::new();
    let [first, second] = solution.game_wins();
    lines.push(("first_player_win".to_string(), first));
    lines.push(("second_player_win".to_string(), second));
    let target = solution.rules().target();
    for seat in 0..2 {
        for &a in SCORES.iter().filter(|&&s| s < target) {
            for &b in SCORES.iter().filter(|&&s| s < target) {
                let position = DuelPosition::Open {
                    seat,
                    scores: [a, b],
                };
                lines.push((
                    format!("seat{seat}_to_play_at_{a}_{b}"),
                    solution.mover_win(position),
                ));
            }
        }
    }
    if solution.rules().end() == EndRule::CompleteRound {
        for need in 1..=17 {
            lines.push((
                format!("last_turn_need_{need}"),
                solution.mover_win(DuelPosition::LastTurn { need }),
            ));
        }
    }
    lines
}

#[test]
fn duel_official() {
    check(
        "duel-official",
        &duel_lines(&DuelSolution::solve(Rules::official(), &|_| {})),
    );
}

#[test]
fn duel_immediate_end() {
    let rules = Rules::official().with_end(EndRule::Immediate);
    check(
        "duel-immediate",
        &duel_lines(&DuelSolution::solve(rules, &|_| {})),
    );
}

#[test]
fn turn_distributions() {
    let mut lines = Vec::new();
    for rules in [
        Rules::official(),
        Rules::official().with_bonus(BonusRule::AnyEarthling),
        Rules::official().with_dice(8).unwrap(),
        Rules::official().with_dice(30).unwrap(),
    ] {
        let table = expected_score_table(rules);
        let key = format!("d{}-{:?}", rules.dice(), rules.bonus());
        lines.push((format!("{key}_expected"), table.start_value()));
        for (score, p) in table
            .score_distribution(&Turn::new(rules))
            .iter()
            .enumerate()
        {
            lines.push((format!("{key}_p{score}"), *p));
        }
    }
    check("turn", &lines);
}

#[test]
fn solo_expected_turns() {
    let solution = SoloSolution::solve(Rules::official());
    let lines: Vec<(String, f64)> = (0..25)
        .map(|s| (format!("from_{s}"), solution.expected_turns_from(s)))
        .collect();
    check("solo-official", &lines);
}
