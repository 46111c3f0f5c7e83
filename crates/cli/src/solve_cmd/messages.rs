//! Every player-facing sentence of `solve` and `advise`, in one place so that they can be
//! localised. Machine output (JSON keys, action codes) is not here.

use martian_engine::{Action, Face, Points, Rules};

/// "42.17%".
pub fn percent(p: f64) -> String {
    format!("{:.2}%", 100.0 * p)
}

/// A bar for a probability: 40 characters for `scale`, the largest one shown.
fn bar(p: f64, scale: f64) -> String {
    "#".repeat((p / scale * 40.0).round() as usize)
}

pub fn rules_line(rules: Rules) -> String {
    format!("Rules: {rules}.\n")
}

pub fn turn_report(rules: Rules, expected: f64, distribution: &[f64]) -> String {
    let mut text = rules_line(rules);
    text += &format!(
        "Expected turn score, playing to maximise it: {expected:.4} points.\n\nFinal score of the turn:\n"
    );
    let top = distribution.iter().copied().fold(0.0, f64::max).max(1e-300);
    for (score, &p) in distribution.iter().enumerate() {
        if p > 0.0 {
            text += &format!("{score:>4}  {:>7}  {}\n", percent(p), bar(p, top));
        }
    }
    text
}

pub fn duel_report(rules: Rules, wins: [f64; 2], seconds: Option<f64>, from_disk: bool) -> String {
    let mut text = rules_line(rules);
    text += "Two players, both playing to win with perfect play";
    text += if rules.tie() == martian_engine::TieRule::Shared {
        " (a shared victory counts as half a win):\n"
    } else {
        " (the roll-off on a tie included):\n"
    };
    text += &format!("  first player wins   {}\n", percent(wins[0]));
    text += &format!("  second player wins  {}\n", percent(wins[1]));
    match (seconds, from_disk) {
        (_, true) => text += "(tables read from the cache)\n",
        (Some(s), false) => text += &format!("(solved in {s:.2} s)\n"),
        (None, false) => {}
    }
    text
}

pub fn solo_report(rules: Rules, expected_turns: f64) -> String {
    format!(
        "{}Playing alone to reach {} in as few turns as possible: {expected_turns:.4} turns expected.\n",
        rules_line(rules),
        rules.target()
    )
}

/// What a value of the advice means.
pub fn measure_heading(kind: MeasureText, seat: usize) -> String {
    match kind {
        MeasureText::ExpectedScore => "Options (expected final score of the turn):\n".into(),
        MeasureText::WinProbability => {
            format!("Options (probability that seat {seat} wins the game):\n")
        }
        MeasureText::ExpectedTurns => {
            "Options (expected turns to reach the target, this one included; fewer is better):\n"
                .into()
        }
    }
}

/// The kinds of value, as the messages word them.
#[derive(Clone, Copy, Debug)]
pub enum MeasureText {
    ExpectedScore,
    WinProbability,
    ExpectedTurns,
}

pub fn action(action: Action) -> String {
    match action {
        Action::Take(face) => format!("take the {}", face_plural(face)),
        Action::Stop => "stop".into(),
        Action::Roll => "roll".into(),
    }
}

fn face_plural(face: Face) -> &'static str {
    match face {
        Face::Tank => "tanks",
        Face::DeathRay => "death rays",
        Face::Human => "humans",
        Face::Cow => "cows",
        Face::Chicken => "chickens",
    }
}

pub fn option_line(kind: MeasureText, act: Action, value: f64, best: bool) -> String {
    let shown = match kind {
        MeasureText::WinProbability => percent(value),
        MeasureText::ExpectedScore => format!("{value:.4}"),
        MeasureText::ExpectedTurns => format!("{value:.4}"),
    };
    let mark = if best { "  <- best" } else { "" };
    format!("  {:<22}{shown:>10}{mark}\n", action(act))
}

pub fn best_line(act: Action) -> String {
    format!("Best: {}.\n", action(act))
}

pub fn bad_scores(text: &str) -> String {
    format!("--scores must be banked totals separated by commas, such as 12,20; '{text}' is not")
}

pub fn bad_transcript(error: &str) -> String {
    format!("bad transcript: {error}")
}

pub fn banked(scores: &[Points]) -> String {
    let list: Vec<String> = scores.iter().map(ToString::to_string).collect();
    format!("Banked scores in seat order: {}.\n", list.join(", "))
}
