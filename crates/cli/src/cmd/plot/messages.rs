//! Every word a picture or the `plot` command shows, in one place so that it can be localised.

use martian_engine::{Dice, Points, Rules};

pub fn rules_note(rules: Rules) -> String {
    format!("Rules: {rules}.")
}

pub fn duel_win_title() -> String {
    "Duel under perfect play: probability that the player to move wins".into()
}

pub fn duel_stop_title(aside: Dice, score: Points, left: u8) -> String {
    format!(
        "Duel under perfect play: stop or roll with {aside} set aside ({score} points banked if it stops, {left} dice left)"
    )
}

pub fn seat_panel(seat: usize) -> String {
    match seat {
        0 => "first player (seat 0) to play".into(),
        _ => "second player (seat 1) to play".into(),
    }
}

pub fn my_score() -> String {
    "my banked score".into()
}

pub fn opponent_score() -> String {
    "opponent's banked score".into()
}

pub fn win_legend() -> String {
    "chance to win".into()
}

pub fn stop() -> String {
    "stop".into()
}

pub fn roll() -> String {
    "roll again".into()
}

pub fn nearly_even() -> String {
    "pale: the other choice is within one percentage point".into()
}

pub fn greedy_would(roll: bool) -> String {
    if roll {
        "The expected-score player would roll again here, whatever the scores.".into()
    } else {
        "The expected-score player would stop here, whatever the scores.".into()
    }
}

pub fn distribution_title() -> String {
    "Final score of a turn: the expected-score player against a player with a goal".into()
}

pub fn turn_score() -> String {
    "final score of the turn".into()
}

pub fn probability() -> String {
    "probability".into()
}

pub fn greedy_series(mean: f64) -> String {
    format!("maximises the expected score (mean {mean:.2})")
}

pub fn at_least_series(k: Points, mean: f64, chance: f64) -> String {
    format!(
        "maximises the chance of at least {k} points ({:.1}%; mean {mean:.2})",
        100.0 * chance
    )
}

pub fn duel_series(scores: [Points; 2], seat: usize, mean: f64, chance: f64) -> String {
    format!(
        "plays to win the duel at {}–{}, seat {seat} to play (wins {:.1}%; mean {mean:.2})",
        scores[0],
        scores[1],
        100.0 * chance
    )
}

pub fn written(path: &std::path::Path) -> String {
    format!("Picture written to {}.", path.display())
}

pub fn bad_extension(path: &std::path::Path) -> String {
    format!(
        "--out must name a .svg or .png file, not '{}'",
        path.display()
    )
}

pub fn bad_aside(text: &str, error: &str) -> String {
    format!("--aside '{text}': {error}")
}

pub fn aside_not_a_decision(text: &str, dice: u8) -> String {
    format!(
        "--aside '{text}' is not a moment to stop or roll: it must hold at least one death ray or earthling and leave some of the {dice} dice to roll"
    )
}

pub fn bad_scores(text: &str) -> String {
    format!(
        "--scores must be two banked totals separated by a comma, such as 12,24; '{text}' is not"
    )
}

pub fn cards_title() -> String {
    "Strategy cards: the chance to win against perfect play, exactly".into()
}

pub fn card_lines() -> String {
    "lines on the card (0: the default play alone)".into()
}

pub fn frontier_title() -> String {
    "The best strategy card known by what a person must remember, against perfect play".into()
}

pub fn card_conditions() -> String {
    "conditions on the card, at most (0: the default play alone)".into()
}

pub fn chance_against_optimal() -> String {
    "chance to win against optimal (%)".into()
}

pub fn optimal_reference() -> String {
    "optimal against itself: 50%".into()
}

pub fn greedy_reference(percent: f64) -> String {
    format!("greedy (expected score, not memorisable): {percent:.2}%")
}
