//! The words of the game's table: the panels, the score table, the dice, the choices and their
//! keys, the log, the roll-off and the end of the game.

use martian_engine::{Action, Dice, EndRule, Face, Points, TurnEnd};
use martian_i18n::vocab::{self, face_id};
use martian_i18n::{Messages, tr};

use super::{END_KEYS, KeyAction, key_text, panel};

pub fn title(m: &Messages) -> String {
    tr!(m, "tui-title")
}
pub fn replay_title(m: &Messages) -> String {
    tr!(m, "tui-replay-title")
}
pub fn seed(m: &Messages, seed: u64) -> String {
    tr!(m, "tui-seed", seed = seed.to_string())
}

// ---- panels ----

pub fn turn_of(m: &Messages, name: &str) -> String {
    panel(tr!(
        m,
        "tui-turn-of",
        name = name,
        you = vocab::you_selector(name)
    ))
}
pub fn turn_over_of(m: &Messages, name: &str) -> String {
    panel(tr!(
        m,
        "tui-turn-over-of",
        name = name,
        you = vocab::you_selector(name)
    ))
}
pub fn panel_scores(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-scores"))
}
pub fn panel_log(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-log"))
}
/// The log's title when it is scrolled back: how many lines are below.
pub fn panel_log_scrolled(m: &Messages, below: usize) -> String {
    panel(tr!(m, "tui-panel-log-scrolled", below = below))
}
pub fn panel_coach(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-coach"))
}
pub fn panel_choices(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-choices"))
}
pub fn panel_roll_off(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-roll-off"))
}
pub fn panel_help(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-help"))
}
pub fn panel_setup(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-setup"))
}
pub fn panel_save(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-save"))
}
pub fn panel_quit(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-quit"))
}

// ---- the score table ----

pub fn round(m: &Messages, n: u32) -> String {
    tr!(m, "tui-round", round = n)
}
pub fn final_round(m: &Messages) -> String {
    tr!(m, "tui-final-round")
}
pub fn rules_line(m: &Messages, dice: u8, target: Points) -> String {
    tr!(
        m,
        "tui-rules-line",
        dice = vocab::dice_count(m, dice),
        target = target
    )
}
pub fn head_player(m: &Messages) -> String {
    tr!(m, "tui-head-player")
}
pub fn head_total(m: &Messages) -> String {
    tr!(m, "tui-head-total")
}
pub fn head_last(m: &Messages) -> String {
    tr!(m, "tui-head-last")
}
pub const TRIGGER_MARK: &str = "★";
pub fn trigger_legend(m: &Messages) -> String {
    tr!(m, "tui-trigger-legend")
}
/// What the marks of the score table mean once the game is over.
pub fn winner_legend(m: &Messages, target: Points) -> String {
    tr!(m, "tui-winner-legend", target = target)
}

// ---- the dice panel ----

pub fn rolled(m: &Messages, n: u8) -> String {
    tr!(m, "tui-rolled", dice = vocab::dice_count(m, n))
}
pub fn rolled_with_tanks(m: &Messages, n: u8, tanks: u8) -> String {
    tr!(
        m,
        "tui-rolled-with-tanks",
        dice = vocab::dice_count(m, n),
        tanks = tanks
    )
}
pub fn rolled_and_took(m: &Messages, n: u8, face: Face, taken: u8) -> String {
    tr!(
        m,
        "tui-rolled-and-took",
        dice = vocab::dice_count(m, n),
        taken = vocab::face_count(m, face, taken)
    )
}
pub fn to_roll(m: &Messages, n: u8) -> String {
    tr!(m, "tui-to-roll", dice = vocab::dice_count(m, n))
}
pub fn nothing_rolled(m: &Messages) -> String {
    tr!(m, "tui-nothing-rolled")
}
pub fn set_aside(m: &Messages) -> String {
    tr!(m, "tui-set-aside")
}
pub fn no_earthlings(m: &Messages) -> String {
    tr!(m, "tui-no-earthlings")
}
pub fn meter_tanks(m: &Messages) -> String {
    tr!(m, "tui-meter-tanks")
}
pub fn meter_rays(m: &Messages) -> String {
    tr!(m, "tui-meter-rays")
}
pub fn meter_safe(m: &Messages) -> String {
    tr!(m, "tui-meter-safe")
}
pub fn meter_danger(m: &Messages) -> String {
    tr!(m, "tui-meter-danger")
}
/// The death rays hold the tanks for now, but the tanks can still pass them with the dice left.
pub fn meter_hold(m: &Messages) -> String {
    tr!(m, "tui-meter-hold")
}

/// What the dice set aside score: if stopping now (after a take, where stopping is open), or so
/// far (while a roll awaits a choice, where it is not).
pub fn stop_now(m: &Messages, score: Points, busted: bool, bonus: bool, choosing: bool) -> String {
    let reason = if busted {
        "busted"
    } else if bonus {
        "bonus"
    } else {
        "plain"
    };
    let phase = if choosing { "choosing" } else { "deciding" };
    tr!(
        m,
        "tui-stop-now",
        reason = reason,
        score = score,
        phase = phase
    )
}

/// Why the last turn ended and what it scored.
pub fn turn_result(m: &Messages, end: TurnEnd, score: Points) -> String {
    tr!(
        m,
        "tui-turn-result",
        end = end.name(),
        points = vocab::points(m, score)
    )
}
pub fn busted_result(m: &Messages) -> String {
    tr!(m, "tui-busted-result", points = vocab::points(m, 0))
}
/// The bonus banner before a turn's result, with its separator.
pub fn bonus_banner(m: &Messages) -> String {
    format!("{} · ", tr!(m, "tui-bonus-banner"))
}

// ---- choices ----

/// "6 death rays", "1 galinha".
pub fn take_label(m: &Messages, face: Face, n: u8) -> String {
    vocab::face_count(m, face, n)
}
pub fn taken_already(m: &Messages, face: Face) -> String {
    tr!(m, "tui-taken-already", face = face_id(face))
}
pub fn none_rolled(m: &Messages, face: Face) -> String {
    tr!(m, "tui-none-rolled", face = face_id(face))
}
pub fn stop_label(m: &Messages, score: Points) -> String {
    tr!(m, "tui-stop-label", score = score)
}
pub fn roll_label(m: &Messages, n: u8) -> String {
    tr!(m, "tui-roll-label", dice = vocab::dice_count(m, n))
}
pub fn your_roll(m: &Messages, name: &str, n: u8) -> String {
    tr!(
        m,
        "tui-your-roll",
        name = name,
        key = key_text(m, KeyAction::Roll),
        dice = vocab::dice_count(m, n)
    )
}
pub fn bot_thinking(m: &Messages, name: &str) -> String {
    tr!(
        m,
        "tui-bot-thinking",
        name = name,
        fast = key_text(m, KeyAction::Fast)
    )
}
pub fn roll_off_your_roll(m: &Messages, name: &str, dice: u8) -> String {
    tr!(
        m,
        "tui-roll-off-your-roll",
        name = name,
        key = key_text(m, KeyAction::Roll),
        dice = vocab::dice_count(m, dice)
    )
}
pub fn hint_game(m: &Messages) -> String {
    tr!(
        m,
        "tui-hint-game",
        coach = key_text(m, KeyAction::Coach),
        quit = key_text(m, KeyAction::Quit)
    )
}
/// The keys at the end of the game: `results` on the end screen, else on the table.
pub fn hint_over(m: &Messages, results: bool) -> String {
    END_KEYS
        .iter()
        .map(|&action| {
            let id = match action {
                KeyAction::Save => "save",
                KeyAction::New => "new",
                KeyAction::View if results => "table",
                KeyAction::View => "results",
                KeyAction::Review => "review",
                _ => "quit",
            };
            format!(
                "[{}] {}",
                key_text(m, action),
                tr!(m, "tui-end-key", action = id)
            )
        })
        .collect::<Vec<_>>()
        .join("  ")
}
pub fn hint_replay(m: &Messages) -> String {
    tr!(
        m,
        "tui-hint-replay",
        coach = key_text(m, KeyAction::Coach),
        review = key_text(m, KeyAction::Review),
        quit = key_text(m, KeyAction::Quit)
    )
}
pub fn take_all_of_one(m: &Messages) -> String {
    tr!(
        m,
        "tui-take-all-of-one",
        coach = key_text(m, KeyAction::Coach)
    )
}
pub fn stop_or_roll_hint(m: &Messages) -> String {
    tr!(
        m,
        "tui-stop-or-roll-hint",
        coach = key_text(m, KeyAction::Coach)
    )
}
// ---- the end screen's review ----

pub fn end_review_working(m: &Messages) -> String {
    tr!(
        m,
        "tui-end-review-working",
        key = key_text(m, KeyAction::Review)
    )
}
/// A person's biggest mistake; `decision`: a review decision line.
pub fn end_biggest_mistake(m: &Messages, decision: &str) -> String {
    tr!(m, "tui-end-biggest-mistake", decision = decision)
}
pub fn end_no_mistake(m: &Messages) -> String {
    tr!(m, "tui-end-no-mistake")
}
pub fn end_review_key(m: &Messages) -> String {
    tr!(
        m,
        "tui-end-review-key",
        key = key_text(m, KeyAction::Review)
    )
}

// ---- log ----

pub fn log_turn_head(m: &Messages, name: &str, round: u32) -> String {
    tr!(m, "tui-log-turn-head", name = name, round = round)
}
pub fn log_rolled(m: &Messages, roll: Dice, tanks: u8) -> String {
    let letters = vocab::dice_letters(m, roll);
    if tanks == 0 {
        tr!(m, "tui-log-rolled", letters = letters)
    } else {
        tr!(
            m,
            "tui-log-rolled-with-tanks",
            letters = letters,
            tanks = tanks
        )
    }
}
pub fn log_action(m: &Messages, action: Action, n: u8) -> String {
    let (id, faces) = match action {
        Action::Take(face) => ("take", vocab::face_count(m, face, n)),
        Action::Stop => ("stop", String::new()),
        Action::Roll => ("roll", String::new()),
    };
    tr!(m, "tui-log-action", action = id, faces = faces)
}
pub fn log_result(m: &Messages, end: TurnEnd, score: Points, busted: bool) -> String {
    tr!(
        m,
        "tui-log-result",
        end = end.name(),
        result = if busted { "busted" } else { "scored" },
        points = vocab::points(m, score)
    )
}
pub fn log_roll_off(m: &Messages, name: &str, roll: Dice) -> String {
    tr!(
        m,
        "tui-log-roll-off",
        name = name,
        letters = vocab::dice_letters(m, roll),
        rays = roll.count(Face::DeathRay)
    )
}
pub fn log_roll_off_tied(m: &Messages) -> String {
    tr!(m, "tui-log-roll-off-tied")
}

// ---- roll-off and end ----

pub fn roll_off_between(m: &Messages, names: &[&str]) -> String {
    tr!(m, "tui-roll-off-between", names = vocab::list_and(m, names))
}
pub fn roll_off_round(m: &Messages, n: usize) -> String {
    tr!(m, "tui-roll-off-round", round = n)
}
pub fn roll_off_rays(m: &Messages, rays: u8) -> String {
    vocab::face_count(m, Face::DeathRay, rays)
}
pub fn wins(m: &Messages, name: &str) -> String {
    tr!(m, "tui-wins", name = name, you = vocab::you_selector(name))
}
pub fn share_victory(m: &Messages, names: &[&str]) -> String {
    tr!(m, "tui-share-victory", names = vocab::list_and(m, names))
}
pub fn won_roll_off(m: &Messages, name: &str) -> String {
    tr!(m, "tui-won-roll-off", name = name)
}
pub fn saved(m: &Messages, path: &str) -> String {
    tr!(m, "tui-saved", path = path)
}
pub fn save_failed(m: &Messages, error: &str) -> String {
    tr!(m, "tui-save-failed", error = error)
}
/// The prompt before the file name typed, with its space.
pub fn save_as(m: &Messages) -> String {
    format!("{} ", tr!(m, "tui-save-as"))
}
pub fn save_hint(m: &Messages) -> String {
    tr!(m, "tui-save-hint")
}
/// A file name, the same in every language.
pub fn default_record_name(seed: u64) -> String {
    format!("martian-dice-{seed}.json")
}
pub fn confirm_quit(m: &Messages) -> String {
    tr!(m, "tui-confirm-quit", yes = key_text(m, KeyAction::Yes))
}

// ---- the end of the game ----

pub fn panel_game_over(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-game-over"))
}
pub fn end_round_head(m: &Messages) -> String {
    tr!(m, "tui-end-round")
}
pub fn end_total_head(m: &Messages) -> String {
    tr!(m, "tui-end-total")
}
/// What the marks and the bars of the results mean.
pub fn end_legend(m: &Messages, target: Points, triggered: bool) -> String {
    tr!(
        m,
        "tui-end-legend",
        target = target,
        triggered = if triggered { "yes" } else { "no" }
    )
}
pub fn end_biggest(m: &Messages, name: &str, score: Points, round: u32, bonus: bool) -> String {
    tr!(
        m,
        "tui-end-biggest",
        name = name,
        points = vocab::points(m, score),
        round = round,
        bonus = if bonus { "yes" } else { "no" }
    )
}
pub fn end_no_score(m: &Messages) -> String {
    tr!(m, "tui-end-no-score")
}
pub fn end_trigger(m: &Messages, name: &str, target: Points, round: u32, rule: EndRule) -> String {
    let end = match rule {
        EndRule::CompleteRound => "complete-round",
        EndRule::Immediate => "immediate",
    };
    tr!(
        m,
        "tui-end-trigger",
        name = name,
        target = target,
        round = round,
        end = end
    )
}
/// One round of the roll-off: each roller's death rays.
pub fn end_roll_off_round(m: &Messages, round: usize, rolls: &[(&str, u8)]) -> String {
    let list: Vec<String> = rolls
        .iter()
        .map(|(name, rays)| format!("{name} {rays}"))
        .collect();
    tr!(
        m,
        "tui-end-roll-off-round",
        round = round,
        list = list.join(", ")
    )
}
