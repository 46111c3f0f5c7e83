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

/// The tank/ray balance of what is set aside: "Tanks 3, death rays 2: tanks lead by 1".
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
    format!("Tanks {tanks}, death rays {rays}: {verdict}")
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
    balance(aside) + "."
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

// ---- the line-mode game ----

pub fn game_title(rules: Rules) -> String {
    format!("Martian Dice: {rules}.")
}

pub fn game_players(players: &[&str]) -> String {
    format!("Players in seat order: {}.", players.join(", "))
}

pub fn game_seed(seed: u64) -> String {
    format!("Seed {seed}: play again with --seed {seed} for the same dice.")
}

pub const GAME_MANUAL_DICE: &str =
    "Scorekeeper mode: roll your own dice and type what they show, such as 2T3RHCK.";

pub const GAME_HELP_HINT: &str = "Type ? for help at any prompt.";

pub fn turn_start(round: u32, name: &str, total: Points) -> String {
    format!("Round {round}: {name}'s turn ({}).", points(total))
}

pub fn turn_start_final_round(round: u32, name: &str, total: Points) -> String {
    format!(
        "Round {round}, the final round: {name}'s last turn ({}).",
        points(total)
    )
}

pub fn rolls(name: &str, roll: Dice) -> String {
    format!(
        "{name} rolls {}: {} ({roll}).",
        dice_count(roll.total()),
        dice_list(roll)
    )
}

pub fn tanks_forced(tanks: u8) -> String {
    if tanks == 1 {
        "The tank is set aside by force.".into()
    } else {
        format!("The {tanks} tanks are set aside by force.")
    }
}

pub fn set_aside(aside: Dice, dice_left: u8) -> String {
    format!(
        "Set aside: {}; {} left.",
        dice_list(aside),
        dice_count(dice_left)
    )
}

pub fn set_aside_while_choosing(aside: Dice) -> String {
    format!("Set aside: {}.", dice_list(aside))
}

/// The balance line shown after a roll: what is set aside scores so far.
pub fn balance_so_far(aside: Dice, score: Points) -> String {
    let text = balance(aside);
    format!("{text} — what is set aside scores {score} so far.")
}

/// The balance line shown after a take: what stopping now would score.
pub fn balance_if_stopping(aside: Dice, score: Points) -> String {
    let text = balance(aside);
    format!("{text} — stopping now scores {score}.")
}

pub fn choices(roll: Dice, legal: &[Face]) -> String {
    let list: Vec<String> = legal
        .iter()
        .map(|&face| format!("{} for {}", face.letter(), count(face, roll.count(face))))
        .collect();
    format!("You may take: {}.", list.join(", "))
}

pub fn choose_prompt(name: &str, legal: &[Face]) -> String {
    let keys: Vec<String> = legal.iter().map(|f| f.letter().to_string()).collect();
    format!("{name}, which type do you take? ({})", keys.join(", "))
}

pub fn decide_prompt(name: &str, score: Points, dice_left: u8) -> String {
    format!(
        "{name}, stop and score {score} (s), or roll the {} left (r)?",
        dice_count(dice_left)
    )
}

pub fn takes(name: &str, face: Face, n: u8) -> String {
    format!("{name} takes {}.", count(face, n))
}

pub fn stops(name: &str) -> String {
    format!("{name} stops.")
}

pub const NO_CHOICE: &str = "No type can be taken from this roll: the turn is over.";
pub const NO_DICE: &str = "Every die is set aside: the turn is over.";

pub fn turn_scores(name: &str, aside: Dice, rules: Rules, total: Points) -> String {
    format!(
        "{name} scores {} this turn, {} in all.",
        score_explained(rules, aside),
        points(total)
    )
}

pub fn score_table_title(round: u32, target: Points) -> String {
    format!("Score table, round {round} (target {target}):")
}

pub fn score_table_row(name: &str, total: Points) -> String {
    format!("{name}: {}", points(total))
}

pub fn reached_target(name: &str, total: Points, target: Points) -> String {
    format!(
        "{name} has {}, reaching the target of {target}.",
        points(total)
    )
}

pub const FINAL_ROUND: &str = "This is the final round: the players after them have one last turn.";
pub const IMMEDIATE_END: &str = "The game ends at once.";

pub fn roll_off_start(names_tied: &[&str], total: Points) -> String {
    format!(
        "{} are tied with {}: roll-off! Each rolls {} dice; the most death rays wins.",
        names(names_tied),
        points(total),
        martian_engine::ROLL_OFF_DICE
    )
}

pub fn roll_off_roll(name: &str, roll: Dice) -> String {
    format!(
        "{name} rolls for the roll-off: {} ({roll}): {}.",
        dice_list(roll),
        count(Face::DeathRay, roll.count(Face::DeathRay))
    )
}

pub fn roll_off_again(names_tied: &[&str]) -> String {
    format!("Still tied: {} roll again.", names(names_tied))
}

pub fn winner(name: &str, total: Points) -> String {
    format!("{name} wins with {}!", points(total))
}

pub fn shared_victory(winners: &[&str], total: Points) -> String {
    format!(
        "{} share the victory with {}!",
        names(winners),
        points(total)
    )
}

pub const FINAL_SCORES: &str = "Final scores:";

pub fn manual_roll_prompt(name: &str, dice: u8) -> String {
    format!(
        "{name}, roll {} and type what they show (such as 2T3RHCK):",
        dice_count(dice)
    )
}

pub fn manual_roll_off_prompt(name: &str) -> String {
    format!(
        "{name}, roll {} for the roll-off and type what they show:",
        dice_count(martian_engine::ROLL_OFF_DICE)
    )
}

pub fn bad_faces(error: &martian_engine::ParseDiceError) -> String {
    format!("That is not a roll: {error}. Type the faces again.")
}

pub fn wrong_count(typed: u8, expected: u8) -> String {
    format!(
        "That is {}, but {} were rolled. Type all of them again.",
        dice_count(typed),
        dice_count(expected)
    )
}

pub const EMPTY_INPUT: &str = "Please type something (? for help).";

pub fn unknown_input(text: &str) -> String {
    format!("'{text}' is not a choice I know (? for help).")
}

pub fn illegal(error: &martian_engine::TurnError) -> String {
    use martian_engine::TurnError as E;
    match error {
        E::TakeTank => "Tanks cannot be taken: they are set aside by force.".into(),
        E::NotRolled(face) => format!("No {} were rolled.", face.plural()),
        E::AlreadyTaken(face) => format!(
            "You already took {} this turn: each earthling type is taken once.",
            face.plural()
        ),
        E::AwaitingChoice => "First take one type from this roll.".into(),
        E::AwaitingDecision => {
            "You already took a type from this roll: stop (s) or roll again (r).".into()
        }
        other => format!("That is not possible now: {other}."),
    }
}

pub const HELP_CHOOSE: &[&str] = &[
    "Take a type by its letter or name: r or ray (death rays), h or human, c or cow, k or chicken (v and g also work).",
    "Tanks are set aside by force. Death rays can always be taken; each earthling type once a turn.",
    "Other commands: scores (the score table), q or quit (leave the game; the record is kept).",
];

pub const HELP_DECIDE: &[&str] = &[
    "s or stop: end the turn and score what is set aside (nothing if the tanks outnumber the death rays).",
    "r or roll: roll the dice left again.",
    "Other commands: scores (the score table), q or quit (leave the game; the record is kept).",
];

pub const HELP_ROLL: &[&str] = &[
    "Type the faces shown by the dice: T tank, R death ray, H human, C cow, K chicken (V and G also work).",
    "A number may stand before a letter: 2T3RHCK is T T R R R H C K. Spaces are ignored.",
    "q or quit leaves the game; the record is kept.",
];

pub fn bot_error(name: &str, error: &dyn std::fmt::Display) -> String {
    format!("{name} could not play: {error}")
}

pub const QUIT: &str = "You left the game: it is unfinished.";
pub const INPUT_ENDED: &str = "The input ended: the game is left unfinished.";

pub fn record_saved(path: &std::path::Path) -> String {
    format!("The game record is saved in {}.", path.display())
}

pub fn record_not_saved(path: &std::path::Path, error: &std::io::Error) -> String {
    format!(
        "Could not save the game record in {}: {error}.",
        path.display()
    )
}

// ---- the `replay` listing ----

pub fn replay_rules(rules: Rules) -> String {
    format!("Rules: {rules}.")
}

/// Seats are numbered from 0 here, as in the record and in its error messages.
pub fn replay_player(seat: usize, name: &str, bot: Option<&str>) -> String {
    match bot {
        Some(bot) if bot != name => format!("Seat {seat}: {name} (bot {bot})"),
        Some(_) => format!("Seat {seat}: {name} (bot)"),
        None => format!("Seat {seat}: {name}"),
    }
}

pub fn replay_seed(seed: u64) -> String {
    format!("Seed: {seed}.")
}

pub fn replay_round(round: u32) -> String {
    format!("Round {round}:")
}

pub fn replay_turn(
    name: &str,
    transcript: &str,
    score: &str,
    end: TurnEnd,
    total: Points,
) -> String {
    format!(
        "  {name}: {transcript} — scores {score}, {}; {} in all.",
        turn_end(end),
        points(total)
    )
}

pub fn replay_turn_unfinished(name: &str, transcript: &str) -> String {
    format!("  {name}: {transcript} — the turn is unfinished.")
}

pub fn replay_totals(round: u32, rows: &[(&str, Points)]) -> String {
    let list: Vec<String> = rows.iter().map(|(n, p)| format!("{n} {p}")).collect();
    format!("  Totals after round {round}: {}.", list.join(", "))
}

pub fn replay_roll_off_title(names_tied: &[&str], total: Points) -> String {
    format!(
        "Roll-off between {}, tied with {}:",
        names(names_tied),
        points(total)
    )
}

pub fn replay_roll_off_round(round: usize, rolls: &[(&str, Dice)]) -> String {
    let list: Vec<String> = rolls
        .iter()
        .map(|(name, roll)| {
            format!(
                "{name} {roll} ({})",
                count(Face::DeathRay, roll.count(Face::DeathRay))
            )
        })
        .collect();
    format!("  Roll-off round {round}: {}.", list.join(", "))
}

pub fn replay_unfinished(name: &str, round: u32) -> String {
    format!("The game is unfinished: {name} is to play in round {round}.")
}

pub fn replay_roll_off_unfinished(name: &str) -> String {
    format!("The game is unfinished: {name} is to roll in the roll-off.")
}
