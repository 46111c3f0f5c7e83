//! Every player-facing sentence of `solve` and `advise`, in the reader's language: each function
//! words one sentence through the Fluent messages of `martian-i18n` (section "Solve and advise",
//! ids `solve-*` and `advise-*` of `crates/i18n/locales/*.ftl`). Machine output (JSON keys,
//! action codes) is not here.

use martian_engine::{Action, Points, Rules, TieRule};
use martian_i18n::vocab::{self, face_id};
use martian_i18n::{Messages, decimal, tr};

/// "42.17%", "42,17%".
pub fn percent(m: &Messages, p: f64) -> String {
    format!("{}%", decimal(m, 100.0 * p, 2))
}

/// A bar for a probability: 40 characters for `scale`, the largest one shown.
fn bar(p: f64, scale: f64) -> String {
    "#".repeat((p / scale * 40.0).round() as usize)
}

/// The selector value of a tie rule in the messages.
fn tie_id(rules: Rules) -> &'static str {
    match rules.tie() {
        TieRule::Shared => "shared",
        TieRule::RollOff => "roll-off",
    }
}

pub fn rules_line(m: &Messages, rules: Rules) -> String {
    tr!(m, "solve-rules", rules = vocab::ruleset(m, rules)) + "\n"
}

pub fn turn_report(m: &Messages, rules: Rules, expected: f64, distribution: &[f64]) -> String {
    let mut text = rules_line(m, rules);
    text += &tr!(m, "solve-turn-expected", expected = decimal(m, expected, 4));
    text += "\n\n";
    text += &tr!(m, "solve-turn-distribution");
    text += "\n";
    let top = distribution.iter().copied().fold(0.0, f64::max).max(1e-300);
    for (score, &p) in distribution.iter().enumerate() {
        if p > 0.0 {
            text += &format!("{score:>4}  {:>7}  {}\n", percent(m, p), bar(p, top));
        }
    }
    text
}

/// "  first player wins   48.41%" lines: the seats' names padded to the longest one, then
/// each seat's chance, right-aligned to `width`.
fn seat_lines(m: &Messages, wins: &[f64], width: usize) -> String {
    let names: Vec<String> = (1..=wins.len())
        .map(|seat| tr!(m, "solve-seat-wins", seat = seat))
        .collect();
    let longest = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    names
        .iter()
        .zip(wins)
        .map(|(name, &p)| format!("  {name:<longest$}  {:>width$}\n", percent(m, p)))
        .collect()
}

/// Where the tables came from: "(tables read from the cache)", "(solved in 1.23 s)".
fn provenance(m: &Messages, seconds: Option<f64>, places: usize, from_disk: bool) -> String {
    match (seconds, from_disk) {
        (_, true) => tr!(m, "solve-from-cache") + "\n",
        (Some(s), false) => tr!(m, "solve-solved-in", seconds = decimal(m, s, places)) + "\n",
        (None, false) => String::new(),
    }
}

pub fn duel_report(
    m: &Messages,
    rules: Rules,
    wins: [f64; 2],
    seconds: Option<f64>,
    from_disk: bool,
) -> String {
    let mut text = rules_line(m, rules);
    text += &tr!(m, "solve-duel-heading", tie = tie_id(rules));
    text += "\n";
    text += &seat_lines(m, &wins, 0);
    text + &provenance(m, seconds, 2, from_disk)
}

pub fn trio_report(
    m: &Messages,
    rules: Rules,
    wins: [f64; 3],
    seconds: Option<f64>,
    from_disk: bool,
) -> String {
    let mut text = rules_line(m, rules);
    text += &tr!(m, "solve-trio-heading", tie = tie_id(rules));
    text += "\n";
    text += &seat_lines(m, &wins, 7);
    text + &provenance(m, seconds, 1, from_disk)
}

pub fn quad_report(
    m: &Messages,
    rules: Rules,
    wins: [f64; 4],
    mixed_tuples: u64,
    seconds: Option<f64>,
    from_disk: bool,
) -> String {
    let mut text = rules_line(m, rules);
    text += &tr!(m, "solve-quad-heading", tie = tie_id(rules));
    text += "\n";
    text += &seat_lines(m, &wins, 7);
    text += &tr!(m, "solve-quad-mixed", count = mixed_tuples);
    text += "\n";
    text + &provenance(m, seconds, 1, from_disk)
}

pub fn solo_report(m: &Messages, rules: Rules, expected_turns: f64) -> String {
    rules_line(m, rules)
        + &tr!(
            m,
            "solve-solo",
            target = rules.target(),
            turns = decimal(m, expected_turns, 4)
        )
        + "\n"
}

/// What a value of the advice means.
pub fn measure_heading(m: &Messages, kind: MeasureText, seat: usize) -> String {
    let measure = match kind {
        MeasureText::ExpectedScore => "expected-score",
        MeasureText::WinProbability => "win-probability",
        MeasureText::ExpectedTurns => "expected-turns",
    };
    tr!(m, "advise-heading", measure = measure, seat = seat) + "\n"
}

/// The kinds of value, as the messages word them.
#[derive(Clone, Copy, Debug)]
pub enum MeasureText {
    ExpectedScore,
    WinProbability,
    ExpectedTurns,
}

pub fn action(m: &Messages, action: Action) -> String {
    match action {
        Action::Take(face) => tr!(m, "advise-action", action = "take", face = face_id(face)),
        Action::Stop => tr!(m, "advise-action", action = "stop", face = ""),
        Action::Roll => tr!(m, "advise-action", action = "roll", face = ""),
    }
}

/// The width of the options' first column: 22 characters, or more for longer wordings, so that
/// the values stay aligned.
pub fn option_column(m: &Messages, actions: impl IntoIterator<Item = Action>) -> usize {
    actions
        .into_iter()
        .map(|act| action(m, act).chars().count() + 1)
        .fold(22, usize::max)
}

/// The decimals the options' values are shown with: 2 for chances in percent, 4 otherwise, more
/// when two values that differ would read alike (`martian_solver::figures`).
pub fn option_places(kind: MeasureText, values: &[f64]) -> usize {
    use martian_solver::figures::{distinct_places, percent_places};
    match kind {
        MeasureText::WinProbability => percent_places(values, 2),
        MeasureText::ExpectedScore | MeasureText::ExpectedTurns => distinct_places(values, 4),
    }
}

/// One option of the advice, its action padded to `column` characters, its value with `places`
/// decimals.
pub fn option_line(
    m: &Messages,
    column: usize,
    (kind, places): (MeasureText, usize),
    act: Action,
    value: f64,
    best: bool,
) -> String {
    let shown = match kind {
        MeasureText::WinProbability => format!("{}%", decimal(m, 100.0 * value, places)),
        MeasureText::ExpectedScore | MeasureText::ExpectedTurns => decimal(m, value, places),
    };
    let mark = if best {
        format!("  {}", tr!(m, "advise-best-mark"))
    } else {
        String::new()
    };
    format!("  {:<column$}{shown:>10}{mark}\n", action(m, act))
}

pub fn best_line(m: &Messages, act: Action) -> String {
    tr!(m, "advise-best", action = action(m, act)) + "\n"
}

/// Why the best option is best, in the words every interface uses (`coach-why-*`).
pub fn why_line(m: &Messages, reason: &martian_solver::Reason) -> String {
    tr!(
        m,
        "advise-why",
        reason = martian_tui::messages::coach_reason(m, reason)
    ) + "\n"
}

pub fn bad_scores(m: &Messages, text: &str) -> String {
    tr!(m, "advise-bad-scores", text = text)
}

pub fn bad_transcript(m: &Messages, error: &str) -> String {
    tr!(m, "advise-bad-transcript", error = error)
}

pub fn banked(m: &Messages, scores: &[Points]) -> String {
    let list: Vec<String> = scores.iter().map(ToString::to_string).collect();
    tr!(m, "advise-banked", scores = list.join(", ")) + "\n"
}
