//! Every player-facing sentence of the line-mode game, the `turn` report and the `replay` listing,
//! in one place so that they can be localised. Machine output (JSON keys, codes) is not here.

use martian_engine::{Dice, Face, Points, Rules, TurnEnd};

/// "1 tank", "3 death rays".
pub fn count(face: Face, n: u8) -> String {
    if n == 1 {
        format!("1 {}", face.name())
    } else {
        format!("{n} {}", face.plural())
    }
}

/// "2 tanks, 1 death ray, 3 humans" (kinds with no die left out), or "nothing".
pub fn dice_list(dice: Dice) -> String {
    let parts: Vec<String> = Face::ALL
        .iter()
        .filter(|&&f| dice.count(f) > 0)
        .map(|&f| count(f, dice.count(f)))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

/// "1 die", "13 dice".
pub fn dice_count(n: u8) -> String {
    if n == 1 {
        "1 die".into()
    } else {
        format!("{n} dice")
    }
}

/// The tank/ray balance of what is set aside: "tanks 3, death rays 2: tanks lead by 1".
pub fn balance(aside: Dice) -> String {
    let tanks = aside.count(Face::Tank);
    let rays = aside.count(Face::DeathRay);
    let verdict = if tanks > rays {
        format!("tanks lead by {}", tanks - rays)
    } else if rays > tanks {
        format!("death rays lead by {}", rays - tanks)
    } else {
        "even, the death rays hold".into()
    };
    format!("tanks {tanks}, death rays {rays}: {verdict}")
}

/// A score with its reason: "0 (tanks outnumber death rays)", "10 (7 earthlings + 3 bonus)".
pub fn score_explained(rules: Rules, aside: Dice) -> String {
    let score = rules.score(aside);
    if aside.count(Face::Tank) > aside.count(Face::DeathRay) {
        return format!("{score} (the tanks outnumber the death rays)");
    }
    let earthlings = aside.earthlings();
    let noun = if earthlings == 1 {
        "earthling"
    } else {
        "earthlings"
    };
    if rules.earns_bonus(aside) {
        format!(
            "{score} ({earthlings} {noun} + {} bonus)",
            martian_engine::BONUS_POINTS
        )
    } else {
        format!("{score} ({earthlings} {noun})")
    }
}

/// "a point" / "5 points".
pub fn points(n: Points) -> String {
    if n == 1 {
        "1 point".into()
    } else {
        format!("{n} points")
    }
}

/// Why a turn ended, as a sentence.
pub fn turn_end(end: TurnEnd) -> &'static str {
    match end {
        TurnEnd::Stop => "the player stopped",
        TurnEnd::NoDice => "every die was set aside",
        TurnEnd::NoChoice => "no type could be taken from the last roll",
    }
}

/// "Ana", "Ana and Bob", "Ana, Bob and Cid".
pub fn names(list: &[&str]) -> String {
    match list {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

// ---- the `turn` command ----

pub fn turn_transcript(transcript: &str) -> String {
    if transcript.is_empty() {
        "Transcript: (empty)".into()
    } else {
        format!("Transcript: {transcript}")
    }
}

pub fn turn_rules(rules: Rules) -> String {
    format!("Rules: {rules}")
}

pub fn turn_step_roll(step: usize, roll: Dice) -> String {
    format!(
        "Step {step}: rolled {}: {}",
        dice_count(roll.total()),
        dice_list(roll)
    )
}

pub fn turn_step_tanks_aside(tanks: u8) -> String {
    format!("{} set aside by force", count(Face::Tank, tanks))
}

pub fn turn_step_took(face: Face, n: u8) -> String {
    format!("took {}", count(face, n))
}

pub const TURN_STEP_NO_CHOICE: &str = "no type can be taken";

pub fn turn_step_stop(step: usize) -> String {
    format!("Step {step}: stopped")
}

pub fn turn_aside(aside: Dice, dice_left: u8) -> String {
    format!(
        "Set aside: {}; {} left.",
        dice_list(aside),
        dice_count(dice_left)
    )
}

pub fn turn_balance(aside: Dice) -> String {
    let mut text = balance(aside);
    text[..1].make_ascii_uppercase();
    text + "."
}

pub fn turn_not_started(dice: u8) -> String {
    format!("The turn has not started: {} to roll.", dice_count(dice))
}

pub fn turn_choosing(roll: Dice, legal: &[(Face, u8)], score_now: &str) -> String {
    let choices: Vec<String> = legal
        .iter()
        .map(|&(face, n)| format!("{} ({})", face.letter(), count(face, n)))
        .collect();
    format!(
        "The roll {roll} awaits a choice: take {}. What is set aside scores {score_now} so far.",
        choices.join(", or ")
    )
}

pub fn turn_deciding(score_now: &str, dice_left: u8) -> String {
    format!(
        "Next: stop, scoring {score_now}, or roll the {} left.",
        dice_count(dice_left)
    )
}

pub fn turn_over(end: TurnEnd, score: &str) -> String {
    format!("The turn is over ({}): it scores {score}.", turn_end(end))
}
