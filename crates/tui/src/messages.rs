//! Every player-facing text of the terminal game and the replay viewer, in one place so that it
//! can be localised. Key letters are here too: a translation may want other keys.

use martian_engine::{Action, BonusRule, Dice, EndRule, Face, Points, TieRule, TurnEnd};

pub const TITLE: &str = "MARTIAN DICE";
pub const REPLAY_TITLE: &str = "MARTIAN DICE · replay";

/// The key that takes each kind of face. `r` is roll, so death rays are `d`.
pub const fn take_key(face: Face) -> Option<char> {
    match face {
        Face::Tank => None,
        Face::DeathRay => Some('d'),
        Face::Human => Some('h'),
        Face::Cow => Some('c'),
        Face::Chicken => Some('k'),
    }
}
pub const KEY_STOP: char = 's';
pub const KEY_ROLL: char = 'r';
pub const KEY_COACH: char = 'a';
pub const KEY_FAST: char = 'f';
pub const KEY_SAVE: char = 'w';
pub const KEY_NEW: char = 'n';
pub const KEY_QUIT: char = 'q';
pub const KEY_HELP: char = '?';
pub const KEY_YES: char = 'y';

// ---- faces and dice ----

/// "1 tank", "3 death rays".
pub fn count(face: Face, n: u8) -> String {
    if n == 1 {
        format!("1 {}", face.name())
    } else {
        format!("{n} {}", face.plural())
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

/// The short label of a face under a die when colours are off, and in the aside line.
pub const fn face_short(face: Face) -> &'static str {
    match face {
        Face::Tank => "tank",
        Face::DeathRay => "ray",
        Face::Human => "human",
        Face::Cow => "cow",
        Face::Chicken => "chick",
    }
}

/// "Tanks", "Rays", … as column heads of the set-aside line.
pub const fn face_head(face: Face) -> &'static str {
    match face {
        Face::Tank => "Tanks",
        Face::DeathRay => "Rays",
        Face::Human => "Humans",
        Face::Cow => "Cows",
        Face::Chicken => "Chickens",
    }
}

pub fn points(n: Points) -> String {
    if n == 1 {
        "1 point".into()
    } else {
        format!("{n} points")
    }
}

// ---- panels ----

pub fn turn_of(name: &str) -> String {
    format!(" {name} to play ")
}
pub fn turn_over_of(name: &str) -> String {
    format!(" {name}: turn over ")
}
pub const PANEL_SCORES: &str = " Scores ";
pub const PANEL_LOG: &str = " Log ";
pub const PANEL_COACH: &str = " Coach ";
pub const PANEL_CHOICES: &str = " Choices ";
pub const PANEL_ROLL_OFF: &str = " Roll-off: most death rays wins ";
pub const PANEL_GAME_OVER: &str = " Game over ";
pub const PANEL_HELP: &str = " Help ";
pub const PANEL_SETUP: &str = " New game ";

pub fn round(n: u32) -> String {
    format!("Round {n}")
}
pub const FINAL_ROUND: &str = "final round";
pub fn rules_line(dice: u8, target: Points) -> String {
    format!("{} · target {target}", dice_count(dice))
}
pub const HEAD_PLAYER: &str = "Player";
pub const HEAD_TOTAL: &str = "Total";
pub const HEAD_LAST: &str = "Last";
pub const TRIGGER_MARK: &str = "★";
pub const TRIGGER_LEGEND: &str = "★ reached the target first";
pub const WINNER_MARK: &str = "winner";

pub fn rolled(n: u8) -> String {
    format!("Rolled {}", dice_count(n))
}
pub fn rolled_with_tanks(n: u8, tanks: u8) -> String {
    format!(
        "Rolled {}: {} forced aside",
        dice_count(n),
        count(Face::Tank, tanks)
    )
}
pub fn rolled_and_took(n: u8, face: Face, taken: u8) -> String {
    format!("Rolled {}, took {}", dice_count(n), count(face, taken))
}
pub fn to_roll(n: u8) -> String {
    format!("{} to roll", dice_count(n))
}
pub const NOTHING_ROLLED: &str = "No dice rolled yet this turn.";
pub const SET_ASIDE: &str = "Set aside";
pub const METER_TANKS: &str = "Tanks";
pub const METER_RAYS: &str = "Rays";
pub const METER_SAFE: &str = "rays hold";
pub const METER_DANGER: &str = "tanks lead!";

/// What the dice set aside would score if the turn ended now.
pub fn stop_now(score: Points, busted: bool, bonus: bool) -> String {
    if busted {
        "Score if stopping now: 0 (tanks outnumber rays)".into()
    } else if bonus {
        format!("Score if stopping now: {score} (bonus +3 included)")
    } else {
        format!("Score if stopping now: {score}")
    }
}

/// Why the last turn ended and what it scored.
pub fn turn_result(end: TurnEnd, score: Points) -> String {
    let why = match end {
        TurnEnd::Stop => "Stopped",
        TurnEnd::NoDice => "No dice left",
        TurnEnd::NoChoice => "Nothing could be taken",
    };
    format!("{why}: {}", points(score))
}

pub const BUSTED_RESULT: &str = "BUSTED! Tanks outnumber rays: 0 points";
pub const BONUS_BANNER: &str = "BONUS +3 · ";

// ---- choices ----

pub fn take_label(face: Face, n: u8) -> String {
    format!("{n} {}", if n == 1 { face.name() } else { face.plural() })
}
pub fn taken_already(face: Face) -> String {
    format!("{} taken", face.plural())
}
pub fn none_rolled(face: Face) -> String {
    format!("no {}", face.plural())
}
pub fn stop_label(score: Points) -> String {
    format!("stop, bank {score}")
}
pub fn roll_label(n: u8) -> String {
    format!("roll {}", dice_count(n))
}
pub fn your_roll(name: &str, n: u8) -> String {
    format!("{name}: press [r] to roll {}", dice_count(n))
}
pub fn bot_thinking(name: &str) -> String {
    format!("{name} is playing… [space] next step, [f] fast-forward")
}
pub fn roll_off_your_roll(name: &str) -> String {
    format!("{name}: press [r] to roll 6 dice in the roll-off")
}
pub const HINT_GAME: &str = "[a] coach  [?] help  [q] quit";
pub const HINT_OVER: &str = "[w] save record  [n] new game  [q] quit";
pub const HINT_REPLAY: &str = "[←/→] step  [PgUp/PgDn] turn  [Home/End]  [a] coach  [q] quit";

// ---- log ----

pub fn log_turn_head(name: &str, round: u32) -> String {
    format!("— {name}, round {round} —")
}
pub fn log_rolled(roll: Dice, tanks: u8) -> String {
    if tanks == 0 {
        format!("rolled {roll}")
    } else {
        format!("rolled {roll}: {} forced aside", count(Face::Tank, tanks))
    }
}
pub fn log_action(action: Action, n: u8) -> String {
    match action {
        Action::Take(face) => format!("took {}", count(face, n)),
        Action::Stop => "stopped".into(),
        Action::Roll => "rolled again".into(),
    }
}
pub fn log_result(end: TurnEnd, score: Points, busted: bool) -> String {
    let why = match end {
        TurnEnd::Stop => "stopped",
        TurnEnd::NoDice => "no dice left",
        TurnEnd::NoChoice => "nothing to take",
    };
    if busted {
        format!("{why}, busted: 0 points")
    } else {
        format!("{why}: {}", points(score))
    }
}
pub fn log_roll_off(name: &str, roll: Dice) -> String {
    let rays = roll.count(Face::DeathRay);
    format!(
        "roll-off: {name} rolled {roll}, {}",
        count(Face::DeathRay, rays)
    )
}
pub const LOG_ROLL_OFF_TIED: &str = "still tied: roll again";

// ---- roll-off and end ----

pub fn roll_off_between(names: &[&str]) -> String {
    format!("Tied for the most points: {}", names.join(", "))
}
pub fn roll_off_round(n: usize) -> String {
    format!("Roll-off round {n}")
}
pub fn roll_off_rays(rays: u8) -> String {
    count(Face::DeathRay, rays)
}
pub fn wins(name: &str) -> String {
    format!("Winner: {name}!")
}
pub fn share_victory(names: &[&str]) -> String {
    format!("Shared victory: {}", names.join(", "))
}
pub fn won_roll_off(name: &str) -> String {
    format!("{name} won the roll-off.")
}
pub fn saved(path: &str) -> String {
    format!("Record saved to {path}")
}
pub fn save_failed(error: &str) -> String {
    format!("Could not save: {error}")
}
pub const SAVE_AS: &str = "Save record as: ";
pub const SAVE_HINT: &str = "[enter] save  [esc] cancel";
pub fn default_record_name(seed: u64) -> String {
    format!("martian-dice-{seed}.json")
}
pub const CONFIRM_QUIT: &str = "Quit this game? [y] yes  [any other key] no";

// ---- coach ----

pub const COACH_OFF: &str = "Press [a] for the value of each option.";
pub const COACH_WAIT: &str = "Coach: waiting for a decision of yours.";
pub const COACH_UNAVAILABLE: &str = "The coach needs the solver, which is not built in yet.";
pub const COACH_NO_VALUES: &str = "No values for this position.";
pub const COACH_WORKING: &str = "Working out the chances to win…";
pub const COACH_WIN: &str = "chance to win";
pub const COACH_TURN: &str = "expected turn score";
pub fn coach_turns(target: Points) -> String {
    format!("expected turns to reach {target}")
}
pub fn cost_win(percent: f64) -> String {
    format!("{percent:.1}% win chance")
}
pub fn cost_points(points: f64) -> String {
    format!("{points:.2} points")
}
pub fn cost_turns(turns: f64) -> String {
    format!("{turns:.2} more turns")
}
pub fn action_short(action: Action) -> String {
    match action {
        Action::Take(face) => format!("take {}", face.plural()),
        Action::Stop => "stop".into(),
        Action::Roll => "roll again".into(),
    }
}
pub fn coach_best() -> &'static str {
    "best"
}
pub fn coach_cost(action: Action, cost: String) -> String {
    format!("Last: {} cost {cost}", action_short(action))
}
pub fn coach_good(action: Action) -> String {
    format!("Last: {} was best", action_short(action))
}
pub fn played_cost(action: Action, cost: String) -> String {
    format!("▸ played: {}, cost {cost}", action_short(action))
}
pub fn played_good(action: Action) -> String {
    format!("▸ played: {}, the best", action_short(action))
}

// ---- setup ----

pub const SETUP_PLAYERS: &str = "Players";
pub fn setup_seat(n: usize) -> String {
    format!("Seat {n}")
}
pub const SETUP_HUMAN: &str = "human";
pub fn setup_bot(name: &str) -> String {
    format!("bot: {name}")
}
pub const SETUP_ORDER: &str = "Order";
pub const ORDER_AS_LISTED: &str = "as listed";
pub const ORDER_RANDOM_FIRST: &str = "random first player";
pub const ORDER_SHUFFLE: &str = "shuffle all seats";
pub const SETUP_DICE: &str = "Dice";
pub const SETUP_TARGET: &str = "Target";
pub const SETUP_BONUS: &str = "Bonus";
pub const SETUP_END: &str = "End";
pub const SETUP_TIE: &str = "Tie";
pub const SETUP_SEED: &str = "Seed";
pub const SETUP_SEED_RANDOM: &str = "random (type digits to fix)";
pub const SETUP_COACH: &str = "Coach";
pub const COACH_ON_DEMAND: &str = "on demand [a]";
pub const COACH_ALWAYS: &str = "every decision";
pub const SETUP_PACE: &str = "Bot pace";
pub const SETUP_START: &str = "Start the game";
pub const SETUP_HINTS: &str =
    "[↑↓] field [←→] change, or type a name/number  [<>] move seat  [enter] start";
pub fn bonus_rule(rule: BonusRule) -> &'static str {
    match rule {
        BonusRule::OneOfEach => "+3 for one human, cow and chicken",
        BonusRule::AnyEarthling => "+3 for any earthling",
    }
}
pub fn end_rule(rule: EndRule) -> &'static str {
    match rule {
        EndRule::CompleteRound => "the round is completed",
        EndRule::Immediate => "the game ends at once",
    }
}
pub fn tie_rule(rule: TieRule) -> &'static str {
    match rule {
        TieRule::RollOff => "death-ray roll-off",
        TieRule::Shared => "shared victory",
    }
}
pub fn pace(ms: u64) -> String {
    if ms == 0 {
        "instant".into()
    } else {
        format!("{:.1} s a step", ms as f64 / 1000.0)
    }
}
pub const DEFAULT_HUMAN_NAME: &str = "You";
pub fn default_player_name(seat: usize) -> String {
    format!("Player {seat}")
}
/// A bot's name at the table: "Medium", or "Medium 2" when several seats have the same bot.
pub fn bot_player_name(bot: &str, nth: Option<usize>) -> String {
    let mut chars = bot.chars();
    let capitalised: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    match nth {
        Some(n) => format!("{capitalised} {n}"),
        None => capitalised,
    }
}
pub fn bot_summary(name: &str, summary: &str) -> String {
    format!(" {name}: {summary}")
}
pub fn bot_failed(name: &str, error: &str) -> String {
    format!("{name} could not play: {error}")
}
pub fn illegal(error: &str) -> String {
    format!("Not now: {error}")
}
pub const NOT_YOUR_TURN: &str = "Not your turn: [space] next step, [f] fast-forward";
pub const STOPPED_BY_SIGNAL: &str = "the game was stopped by a signal";
pub const TOO_SMALL: &str = "Make the terminal at least 80×24";

pub const HELP_TEXT: &[&str] = &[
    "Each turn: roll, tanks are set aside by force, then take",
    "ALL dice of one kind: [d] death rays, [h] humans, [c] cows,",
    "[k] chickens. Each earthling kind once a turn; rays any time.",
    "Then [s] stop and bank, or [r] roll the dice left.",
    "If tanks outnumber death rays, the turn scores 0.",
    "1 point per earthling; +3 for a human, a cow and a chicken.",
    "First to the target ends the game after the round.",
    "",
    "[a] coach: the value of each option   [space] next bot step",
    "[f] fast-forward bots   [q] quit   any key closes this help",
];
pub const CHOOSE_FIRST: &str = "take one kind of dice first";
pub const STOP_OR_ROLL: &str = "stop [s] or roll again [r]";
pub const NOT_NOW: &str = "it is not your move";
pub fn replay_position(step: usize, steps: usize, turn: usize, turns: usize) -> String {
    format!("Step {step} of {steps} · turn {turn} of {turns}")
}
pub fn log_rolled_tanks(tanks: u8) -> String {
    format!("{} forced aside", count(Face::Tank, tanks))
}
pub const NO_EARTHLINGS: &str = "no earthlings yet";
pub const TAKE_ALL_OF_ONE: &str =
    "Take every die of one kind. Tanks are set aside by force. [a] coach  [?] help";
pub const STOP_OR_ROLL_HINT: &str =
    "Stopping banks the score; rolling again risks more tanks. [a] coach  [?] help";
pub const PANEL_SAVE: &str = " Save the game record ";
pub const PANEL_QUIT: &str = " Quit ";
pub fn replay_next(name: &str) -> String {
    format!("Next: {name}")
}
