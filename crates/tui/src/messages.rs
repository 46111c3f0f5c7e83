//! Every player-facing text of the terminal game and the replay viewer, in the reader's language:
//! each function words one text through the Fluent messages of `martian-i18n` (section
//! `## Terminal game`, ids `tui-*`, of `crates/i18n/locales/*.ftl`), from the shared vocabulary of
//! [`martian_i18n::vocab`]. The keys are messages too ([`Keys`]): a language shows its own letters
//! while the English ones keep working.

use martian_cards::Card;
use martian_engine::{Action, BonusRule, Dice, EndRule, Face, Points, TieRule, TurnEnd};
use martian_i18n::errors;
use martian_i18n::vocab::{self, face_id};
use martian_i18n::{Arg, Lang, Messages, decimal, tr};
use martian_solver::{Reason, ReasonArg};

use crate::card::{CardAdvice, CardName};
use crate::coach::Advice;
use crate::session::{BotFault, Illegal, MoveRefused, StartError};
use crate::setup::SetupError;

mod review;
pub use review::*;

/// The help key, the same in every language.
pub const KEY_HELP: char = '?';

/// What a key does. Which keys are live depends on the screen: see [`Keys::action`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyAction {
    /// Take every die of this face (never a tank).
    Take(Face),
    Stop,
    Roll,
    Coach,
    /// Bots play on until a person is to act.
    Fast,
    Save,
    New,
    /// At the end: the results or the table.
    View,
    /// The game's review (at the end, and in the replay viewer).
    Review,
    Quit,
    Yes,
    /// The coach's strategy card: the next one (none, the shipped ones, the player's own).
    Card,
}

impl KeyAction {
    /// The selector value of the action in `tui-key`.
    fn id(self) -> &'static str {
        match self {
            KeyAction::Take(face) => face_id(face),
            KeyAction::Stop => "stop",
            KeyAction::Roll => "roll",
            KeyAction::Coach => "coach",
            KeyAction::Fast => "fast",
            KeyAction::Save => "save",
            KeyAction::New => "new",
            KeyAction::View => "view",
            KeyAction::Review => "review",
            KeyAction::Quit => "quit",
            KeyAction::Yes => "yes",
            KeyAction::Card => "card",
        }
    }

    /// Every action that has a key.
    pub const ALL: [KeyAction; 15] = [
        KeyAction::Take(Face::DeathRay),
        KeyAction::Take(Face::Human),
        KeyAction::Take(Face::Cow),
        KeyAction::Take(Face::Chicken),
        KeyAction::Stop,
        KeyAction::Roll,
        KeyAction::Coach,
        KeyAction::Fast,
        KeyAction::Save,
        KeyAction::New,
        KeyAction::View,
        KeyAction::Review,
        KeyAction::Quit,
        KeyAction::Yes,
        KeyAction::Card,
    ];
}

/// The keys of the game's end, in the order the end screen shows them.
pub const END_KEYS: [KeyAction; 5] = [
    KeyAction::Save,
    KeyAction::New,
    KeyAction::View,
    KeyAction::Review,
    KeyAction::Quit,
];

/// The keys of the replay viewer (besides the arrows and the like).
pub const REPLAY_KEYS: [KeyAction; 3] = [KeyAction::Coach, KeyAction::Review, KeyAction::Quit];

/// The faces a player takes by key, in the order the choices show them.
pub const TAKEABLE: [Face; 4] = [Face::DeathRay, Face::Human, Face::Cow, Face::Chicken];

/// The keys live when a person takes a type from a roll: the take keys, and stopping (refused
/// with the reason). Rolling is not among them: `r` takes the death rays, as the dice show `R`.
pub const CHOOSE_KEYS: [KeyAction; 7] = [
    KeyAction::Take(Face::DeathRay),
    KeyAction::Take(Face::Human),
    KeyAction::Take(Face::Cow),
    KeyAction::Take(Face::Chicken),
    KeyAction::Stop,
    KeyAction::Coach,
    KeyAction::Quit,
];

/// The keys live when a person stops or rolls after a take: `r` rolls; the earthling keys are
/// refused with the reason (the death rays' key is the roll key here).
pub const DECIDE_KEYS: [KeyAction; 7] = [
    KeyAction::Stop,
    KeyAction::Roll,
    KeyAction::Take(Face::Human),
    KeyAction::Take(Face::Cow),
    KeyAction::Take(Face::Chicken),
    KeyAction::Coach,
    KeyAction::Quit,
];

/// The key letters of one language.
#[derive(Clone, Copy, Debug)]
pub struct Keys {
    m: &'static Messages,
}

impl Keys {
    pub fn of(lang: Lang) -> Keys {
        Keys { m: lang.messages() }
    }

    /// The key this language shows for `action`.
    pub fn key(self, action: KeyAction) -> char {
        keys_in(self.m, action).chars().next().unwrap_or(' ')
    }

    /// The key that takes `face` (`None` for tanks, which are never taken).
    pub fn take(self, face: Face) -> Option<char> {
        (face != Face::Tank).then(|| self.key(KeyAction::Take(face)))
    }

    /// Which of `live` actions `key` (lower-cased) asks for: this language's keys first, then the
    /// English ones, which always work. An action may have more keys than the one shown (death
    /// rays: `r` like the dice, and `d` as before).
    pub fn action(self, key: char, live: &[KeyAction]) -> Option<KeyAction> {
        let key = key.to_ascii_lowercase();
        [self.m, Lang::En.messages()]
            .into_iter()
            .find_map(|m| live.iter().copied().find(|&a| keys_in(m, a).contains(key)))
    }
}

/// Every key of `action` in the language of `m`, the one shown first.
fn keys_in(m: &Messages, action: KeyAction) -> String {
    tr!(m, "tui-key", action = action.id())
}

/// A panel title, padded off the border.
fn panel(text: String) -> String {
    format!(" {text} ")
}

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

fn key_text(m: &Messages, action: KeyAction) -> String {
    keys_in(m, action).chars().next().unwrap_or(' ').to_string()
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

// ---- coach ----

pub fn coach_off(m: &Messages) -> String {
    tr!(m, "tui-coach-off", coach = key_text(m, KeyAction::Coach))
}
pub fn coach_wait(m: &Messages) -> String {
    tr!(m, "tui-coach-wait")
}
/// In a replay, where the player to move has no decision yet (a roll is to come).
pub fn coach_wait_for(m: &Messages, name: &str) -> String {
    tr!(m, "tui-coach-wait-for", name = name)
}
/// In a replay, whose decision the coach's values are.
pub fn coach_whose(m: &Messages, name: &str) -> String {
    tr!(m, "tui-coach-whose", name = name)
}
pub fn coach_unavailable(m: &Messages) -> String {
    tr!(m, "tui-coach-unavailable")
}
pub fn coach_no_values(m: &Messages) -> String {
    tr!(m, "tui-coach-no-values")
}
pub fn coach_working(m: &Messages) -> String {
    tr!(m, "tui-coach-working")
}
pub fn coach_win(m: &Messages) -> String {
    tr!(m, "tui-coach-win")
}
pub fn coach_turn(m: &Messages) -> String {
    tr!(m, "tui-coach-turn")
}
pub fn coach_turns(m: &Messages, target: Points) -> String {
    tr!(m, "tui-coach-turns", target = target)
}
pub fn coach_best(m: &Messages) -> String {
    tr!(m, "tui-coach-best")
}
/// An option in the coach's list of values: short, the list has 28 columns.
pub fn coach_option(m: &Messages, action: Action) -> String {
    let (id, face) = match action {
        Action::Take(face) => ("take", face_id(face)),
        Action::Stop => ("stop", ""),
        Action::Roll => ("roll", ""),
    };
    tr!(m, "tui-coach-option", action = id, face = face)
}
/// The first line of what the last decision of a person cost.
pub fn coach_last(m: &Messages, action: Action) -> String {
    tr!(m, "tui-coach-last", action = coach_option(m, action))
}
/// The first line of what the move played from a replayed position cost.
pub fn coach_played(m: &Messages, action: Action) -> String {
    tr!(m, "tui-coach-played", action = coach_option(m, action))
}
/// The second line of a review: what it cost, or that it was the best.
pub fn review_cost(m: &Messages, cost: String) -> String {
    tr!(m, "tui-review-cost", cost = cost)
}
pub fn review_best(m: &Messages) -> String {
    tr!(m, "tui-review-best")
}
/// The coach's reason for its best option: the `coach-why-*` message the reason names, with its
/// arguments (see `martian_solver::Reason`); the same words in every interface.
pub fn coach_reason(m: &Messages, reason: &Reason) -> String {
    let args: Vec<(&str, Arg<'_>)> = reason
        .args()
        .into_iter()
        .map(|(name, arg)| {
            let arg = match arg {
                ReasonArg::Number(n) => Arg::from(n),
                ReasonArg::Word(word) => Arg::from(word),
                ReasonArg::Decimal { value, places } => {
                    Arg::from(decimal(m, value, usize::from(places)))
                }
            };
            (name, arg)
        })
        .collect();
    m.text(reason.id(), &args)
}
/// The reason under the keys, after its label.
pub fn coach_why(m: &Messages, reason: &Reason) -> String {
    tr!(m, "tui-coach-why", reason = coach_reason(m, reason))
}

// ---- the exact tables being prepared ----

/// What is computed for the game and how far along: "Computing the three-player tables, once
/// for these rules … 42%".
pub fn tables(m: &Messages, status: &crate::prepare::Status) -> String {
    use crate::prepare::Stage;
    let stage = match status.stage {
        Stage::Duel => "duel",
        Stage::Trio => "trio",
        Stage::Quad => "quad",
    };
    let percent = status
        .percent()
        .map_or_else(|| "none".to_string(), |p| p.to_string());
    tr!(
        m,
        "tui-tables",
        stage = stage,
        cached = if status.cached { "yes" } else { "no" },
        percent = percent
    )
}

/// Under the gauge, while the bot `name` waits for the tables.
pub fn tables_bot(m: &Messages, name: &str) -> String {
    tr!(m, "tui-tables-bot", name = name)
}

// ---- the coach's strategy card ----

/// The tag of the option the card plays, in the coach's list (as short as [`coach_best`]).
pub fn coach_card_tag(m: &Messages) -> String {
    tr!(m, "tui-coach-card-tag")
}

fn card_name_args(name: Option<&CardName>) -> (&'static str, usize, String) {
    match name {
        None => ("none", 0, String::new()),
        Some(CardName::Shipped(lines)) => ("shipped", *lines, String::new()),
        Some(CardName::File(file)) => ("file", 0, file.clone()),
    }
}

/// The status line after the card key: which card the coach quotes now (`None`: none).
pub fn coach_card_chosen(m: &Messages, name: Option<&CardName>) -> String {
    let (card, lines, file) = card_name_args(name);
    tr!(
        m,
        "tui-coach-card",
        card = card,
        lines = lines,
        file = file,
        key = key_text(m, KeyAction::Card)
    )
}

/// The coach panel's title while it quotes a card.
pub fn panel_coach_card(m: &Messages, name: &CardName) -> String {
    let (card, lines, file) = card_name_args(Some(name));
    panel(tr!(
        m,
        "tui-panel-coach-card",
        card = card,
        lines = lines,
        file = file
    ))
}

/// A move as a card's advice words it: "stop", "take the humans".
fn card_action(m: &Messages, action: Action) -> String {
    let (word, face) = match action {
        Action::Take(face) => ("take", face_id(face)),
        Action::Stop => ("stop", ""),
        Action::Roll => ("roll", ""),
    };
    tr!(m, "card-action", action = word, face = face)
}

/// What the card would do here, its line quoted in the reader's language (or that its default
/// play does), then whether that is the best, else what following it costs and the best: the
/// line mode's `--coach-card` words made shorter, since a card's line can fill four rows of the
/// choices panel at 80 columns.
pub fn card_says(m: &Messages, card: &Card, said: &CardAdvice, advice: &Advice) -> String {
    let text = said
        .line
        .map(|i| card.line_text(i, martian_cards::shipped::card_lang(m.lang())))
        .unwrap_or_default();
    let doing = tr!(
        m,
        "tui-card-move",
        line = said.line.map_or(0, |i| i + 1),
        doing = card_action(m, said.action),
        text = text
    );
    let Some((best, _)) = advice.best() else {
        return doing;
    };
    let loss = said
        .cost
        .filter(|_| !said.is_best())
        .map(|cost| advice.format_cost(m, cost));
    let verdict = tr!(
        m,
        "tui-card-verdict",
        right = if loss.is_none() { "yes" } else { "no" },
        loss = loss.unwrap_or_default(),
        best = card_action(m, best)
    );
    format!("{doing} {verdict}")
}

// ---- setup ----

pub fn setup_language(m: &Messages) -> String {
    tr!(m, "tui-setup-language")
}
pub fn setup_players(m: &Messages) -> String {
    tr!(m, "tui-setup-players")
}
pub fn setup_seat(m: &Messages, n: usize) -> String {
    tr!(m, "tui-setup-seat", seat = n)
}
pub fn setup_human(m: &Messages, name: &str) -> String {
    tr!(m, "tui-setup-human", name = name)
}
/// A bot seat on the setup form, the bot named in the reader's words ("médio").
pub fn setup_bot(m: &Messages, bot: &str) -> String {
    tr!(m, "tui-setup-bot", name = vocab::bot_name(m, bot))
}
pub fn setup_order(m: &Messages) -> String {
    tr!(m, "tui-setup-order")
}
pub fn order(m: &Messages, order: crate::setup::Order) -> String {
    use crate::setup::Order;
    let id = match order {
        Order::AsListed => "as-listed",
        Order::RandomFirst => "random-first",
        Order::Shuffle => "shuffle",
    };
    tr!(m, "tui-order", order = id)
}
pub fn setup_dice(m: &Messages) -> String {
    tr!(m, "tui-setup-dice")
}
pub fn setup_target(m: &Messages) -> String {
    tr!(m, "tui-setup-target")
}
pub fn setup_bonus(m: &Messages) -> String {
    tr!(m, "tui-setup-bonus")
}
pub fn setup_end(m: &Messages) -> String {
    tr!(m, "tui-setup-end")
}
pub fn setup_tie(m: &Messages) -> String {
    tr!(m, "tui-setup-tie")
}
pub fn setup_seed(m: &Messages) -> String {
    tr!(m, "tui-setup-seed")
}
pub fn setup_seed_random(m: &Messages) -> String {
    tr!(m, "tui-setup-seed-random")
}
pub fn setup_coach(m: &Messages) -> String {
    tr!(m, "tui-setup-coach")
}
pub fn coach_mode(m: &Messages, mode: crate::setup::CoachMode) -> String {
    use crate::setup::CoachMode;
    let id = match mode {
        CoachMode::OnDemand => "on-demand",
        CoachMode::Always => "always",
    };
    tr!(
        m,
        "tui-coach-mode",
        mode = id,
        coach = key_text(m, KeyAction::Coach)
    )
}
pub fn setup_pace(m: &Messages) -> String {
    tr!(m, "tui-setup-pace")
}
pub fn setup_start(m: &Messages) -> String {
    tr!(m, "tui-setup-start")
}
pub fn setup_hints(m: &Messages) -> String {
    tr!(m, "tui-setup-hints")
}
pub fn bonus_rule(m: &Messages, rule: BonusRule) -> String {
    let id = match rule {
        BonusRule::OneOfEach => "one-of-each",
        BonusRule::AnyEarthling => "any-earthling",
    };
    tr!(m, "tui-bonus-rule", bonus = id)
}
pub fn end_rule(m: &Messages, rule: EndRule) -> String {
    let id = match rule {
        EndRule::CompleteRound => "complete-round",
        EndRule::Immediate => "immediate",
    };
    tr!(m, "tui-end-rule", end = id)
}
pub fn tie_rule(m: &Messages, rule: TieRule) -> String {
    let id = match rule {
        TieRule::RollOff => "roll-off",
        TieRule::Shared => "shared",
    };
    tr!(m, "tui-tie-rule", tie = id)
}
pub fn pace(m: &Messages, ms: u64) -> String {
    let (id, seconds) = if ms == 0 {
        ("instant", String::new())
    } else {
        ("timed", decimal(m, ms as f64 / 1000.0, 1))
    };
    tr!(m, "tui-pace", pace = id, seconds = seconds)
}
pub fn default_human_name(m: &Messages) -> String {
    vocab::you(m)
}
pub fn default_player_name(m: &Messages, seat: usize) -> String {
    tr!(m, "tui-default-player", number = seat)
}
/// A bot's name at the table: "Medium" ("Médio"), or "Medium 2" when several seats have it.
pub fn bot_player_name(m: &Messages, bot: &str, nth: Option<usize>) -> String {
    let name = tr!(m, "tui-bot-player", bot = bot, name = capitalised(bot));
    match nth {
        Some(n) => format!("{name} {n}"),
        None => name,
    }
}
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
/// What a bot does, under the setup form; `summary` is its own (English) description.
pub fn bot_summary(m: &Messages, bot: &str, summary: &str) -> String {
    format!(
        " {}",
        tr!(
            m,
            "tui-bot-about",
            bot = bot,
            name = vocab::bot_name(m, bot),
            summary = summary
        )
    )
}
/// "Zorg could not play: …": what a bot says of itself stays in its own words.
pub fn bot_stuck(m: &Messages, name: &str, cause: &BotFault) -> String {
    let error = match cause {
        BotFault::Bot(error) => error.to_string(),
        BotFault::Game(error) => errors::game_error(m, error),
    };
    tr!(m, "tui-bot-failed", name = name, error = error)
}

/// A person's roll or decision that was refused: "Not now: no cows were rolled".
pub fn move_refused(m: &Messages, refused: &MoveRefused) -> String {
    match refused {
        MoveRefused::Illegal(why) => {
            let reason = match *why {
                Illegal::TakenAlready(face) => taken_already(m, face),
                Illegal::NoneRolled(face) => none_rolled(m, face),
                Illegal::ChooseFirst => choose_first(m),
                Illegal::StopOrRoll => stop_or_roll(m),
                Illegal::NotNow => not_now(m),
            };
            illegal(m, &reason)
        }
        MoveRefused::Game(error) => errors::game_error(m, error),
    }
}

pub fn illegal(m: &Messages, reason: &str) -> String {
    tr!(m, "tui-illegal", reason = reason)
}

/// Why the setup form cannot start: the rules, the seats, a bot (in its own words), or the
/// trainer's limits.
pub fn setup_error(m: &Messages, error: &SetupError) -> String {
    match error {
        SetupError::Rules(error) => errors::rules_error(m, error),
        SetupError::Start(StartError::Game(error)) => errors::game_error(m, error),
        SetupError::Start(StartError::Bot(error)) => error.to_string(),
        SetupError::Start(StartError::Limit(limit)) | SetupError::Limit(limit) => {
            errors::solve_limit_for_bots(m, limit)
        }
        SetupError::TrainerPlayers => trainer_players(m),
        SetupError::TrainerThemeNever { players } => trainer_theme_never(m, *players),
    }
}
pub fn not_your_turn(m: &Messages) -> String {
    tr!(m, "tui-not-your-turn", fast = key_text(m, KeyAction::Fast))
}
pub fn stopped_by_signal(m: &Messages) -> String {
    tr!(m, "tui-stopped-by-signal")
}
pub fn terminal_gone(m: &Messages) -> String {
    tr!(m, "tui-terminal-gone")
}
pub fn too_small(m: &Messages, width: u16, height: u16) -> String {
    tr!(m, "tui-too-small", width = width, height = height)
}
pub fn choose_first(m: &Messages) -> String {
    tr!(m, "tui-choose-first")
}
pub fn stop_or_roll(m: &Messages) -> String {
    tr!(
        m,
        "tui-stop-or-roll",
        stop = key_text(m, KeyAction::Stop),
        roll = key_text(m, KeyAction::Roll)
    )
}
pub fn not_now(m: &Messages) -> String {
    tr!(m, "tui-not-now")
}
pub fn replay_position(
    m: &Messages,
    step: usize,
    steps: usize,
    turn: usize,
    turns: usize,
) -> String {
    tr!(
        m,
        "tui-replay-position",
        step = step,
        steps = steps,
        turn = turn,
        turns = turns
    )
}
pub fn replay_next(m: &Messages, name: &str) -> String {
    tr!(m, "tui-replay-next", name = name)
}
/// The head of the legend of the faces.
pub fn faces_legend_head(m: &Messages) -> String {
    tr!(m, "tui-faces-legend")
}
/// The setup screen's help, a line each.
pub fn setup_help(m: &Messages) -> Vec<String> {
    tr!(m, "tui-setup-help")
        .lines()
        .map(str::to_string)
        .collect()
}
/// The help overlay, a line each.
pub fn help(m: &Messages) -> Vec<String> {
    let k = |action| key_text(m, action);
    tr!(
        m,
        "tui-help",
        ray = k(KeyAction::Take(Face::DeathRay)),
        human = k(KeyAction::Take(Face::Human)),
        cow = k(KeyAction::Take(Face::Cow)),
        chicken = k(KeyAction::Take(Face::Chicken)),
        stop = k(KeyAction::Stop),
        roll = k(KeyAction::Roll),
        coach = k(KeyAction::Coach),
        fast = k(KeyAction::Fast),
        quit = k(KeyAction::Quit),
        card = k(KeyAction::Card)
    )
    .lines()
    .map(str::to_string)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Every refusal the terminal game shows, worded completely in both languages: no message
    /// id, no unfilled variable, and English and Portuguese different.
    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        use martian_engine::{GameError, RulesError, TurnError};
        let illegal = [
            Illegal::TakenAlready(Face::Cow),
            Illegal::NoneRolled(Face::Human),
            Illegal::ChooseFirst,
            Illegal::StopOrRoll,
            Illegal::NotNow,
        ];
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        let mut texts: Vec<(String, String)> = Vec::new();
        for why in illegal {
            let refused = MoveRefused::Illegal(why);
            texts.push((move_refused(en, &refused), move_refused(pt, &refused)));
        }
        let refused = MoveRefused::Game(GameError::Over);
        texts.push((move_refused(en, &refused), move_refused(pt, &refused)));
        let setup = [
            SetupError::Rules(RulesError::Target(0)),
            SetupError::Start(StartError::Game(GameError::Players(9))),
            SetupError::TrainerPlayers,
            SetupError::TrainerThemeNever { players: 4 },
            SetupError::Start(StartError::Limit(
                martian_engine::SolvedGame::Duel
                    .check(martian_engine::Rules::official().with_target(999).unwrap())
                    .unwrap_err(),
            )),
        ];
        for error in &setup {
            texts.push((setup_error(en, error), setup_error(pt, error)));
        }
        let stuck = BotFault::Game(GameError::Turn(TurnError::TakeTank));
        texts.push((bot_stuck(en, "Zorg", &stuck), bot_stuck(pt, "Zorg", &stuck)));
        for (english, portuguese) in &texts {
            for text in [english, portuguese] {
                assert!(!text.contains('{') && !text.contains("tui-"), "{text}");
            }
            assert_ne!(english, portuguese);
        }
        assert_eq!(texts[0].0, "Not now: cows taken");
        assert_eq!(texts[3].1, "Agora não: pare [p] ou lance de novo [l]");
        assert_eq!(texts[5].0, "the game is over");
        assert_eq!(texts[6].0, "the target score must be from 1 to 999, not 0");
        assert_eq!(texts[7].1, "uma partida tem de 1 a 8 jogadores, não 9");
        assert!(
            texts[10].0.contains("up to 758, not 999"),
            "{}",
            texts[10].0
        );
        assert!(texts[10].1.contains("até 758, não 999"), "{}", texts[10].1);
    }

    /// A bot's own complaint stays in its words, after the language's lead-in.
    #[test]
    fn a_bot_s_failure_keeps_its_own_words() {
        let cause = BotFault::Bot(martian_bots::BotError::Misbehaved {
            bot: "exec:./zorg".into(),
            message: "answered 'jump'".into(),
        });
        assert_eq!(
            bot_stuck(Lang::PtBr.messages(), "Zorg", &cause),
            "Zorg não conseguiu jogar: exec:./zorg: answered 'jump'"
        );
        let start = SetupError::Start(StartError::Bot(martian_bots::BotError::UnknownBot {
            spec: "zorg".into(),
            known: "greedy".into(),
        }));
        assert_eq!(
            setup_error(Lang::PtBr.messages(), &start),
            "unknown bot 'zorg'; known bots: greedy"
        );
    }

    /// The actions live together on one screen.
    const SCREENS: [&[KeyAction]; 8] = [
        // A person takes a type (the coach's card key is live throughout the game).
        &[
            KeyAction::Take(Face::DeathRay),
            KeyAction::Take(Face::Human),
            KeyAction::Take(Face::Cow),
            KeyAction::Take(Face::Chicken),
            KeyAction::Stop,
            KeyAction::Coach,
            KeyAction::Quit,
            KeyAction::Card,
        ],
        // A person stops or rolls.
        &[
            KeyAction::Stop,
            KeyAction::Roll,
            KeyAction::Take(Face::Human),
            KeyAction::Take(Face::Cow),
            KeyAction::Take(Face::Chicken),
            KeyAction::Coach,
            KeyAction::Quit,
            KeyAction::Card,
        ],
        // A person rolls.
        &[
            KeyAction::Roll,
            KeyAction::Coach,
            KeyAction::Quit,
            KeyAction::Card,
        ],
        // A bot's turn.
        &[
            KeyAction::Fast,
            KeyAction::Coach,
            KeyAction::Quit,
            KeyAction::Card,
        ],
        // The end of the game.
        &END_KEYS,
        // Quit?
        &[KeyAction::Yes],
        // The replay viewer.
        &REPLAY_KEYS,
        // The review screen.
        &[KeyAction::Review, KeyAction::Quit],
    ];

    #[test]
    fn on_every_screen_each_key_of_a_language_or_of_english_means_one_thing() {
        for lang in Lang::ALL {
            for live in SCREENS {
                let mut meaning: HashMap<char, KeyAction> = HashMap::new();
                for m in [lang.messages(), Lang::En.messages()] {
                    for &action in live {
                        for key in keys_in(m, action).chars() {
                            assert!(key.is_ascii_lowercase(), "{lang} {action:?}: '{key}'");
                            assert_ne!(key, KEY_HELP);
                            let before = meaning.insert(key, action);
                            assert!(
                                before.is_none_or(|a| a == action),
                                "{lang}: '{key}' means {before:?} and {action:?}"
                            );
                        }
                    }
                }
                for (&key, &action) in &meaning {
                    assert_eq!(Keys::of(lang).action(key, live), Some(action), "{lang}");
                }
            }
        }
    }

    #[test]
    fn the_take_keys_are_the_letters_on_the_dice_and_r_rolls_after_a_take() {
        for lang in Lang::ALL {
            let keys = Keys::of(lang);
            let m = lang.messages();
            for face in TAKEABLE {
                let letter = vocab::face_letter(m, face).to_ascii_lowercase();
                assert_eq!(keys.take(face), Some(letter), "{lang} {face:?}");
                assert_eq!(
                    keys.action(letter, &CHOOSE_KEYS),
                    Some(KeyAction::Take(face))
                );
            }
            assert_eq!(
                keys.action('r', &DECIDE_KEYS),
                Some(KeyAction::Roll),
                "{lang}"
            );
            // The old key for death rays keeps working.
            assert_eq!(
                keys.action('d', &CHOOSE_KEYS),
                Some(KeyAction::Take(Face::DeathRay))
            );
        }
    }

    #[test]
    fn portuguese_keys_are_the_portuguese_words_and_english_still_works() {
        let pt = Keys::of(Lang::PtBr);
        let en = Keys::of(Lang::En);
        for (key, action) in [
            ('v', KeyAction::Take(Face::Cow)),
            ('g', KeyAction::Take(Face::Chicken)),
            ('h', KeyAction::Take(Face::Human)),
            ('r', KeyAction::Take(Face::DeathRay)),
            ('m', KeyAction::Take(Face::DeathRay)),
            ('p', KeyAction::Stop),
            ('c', KeyAction::Take(Face::Cow)),
            ('k', KeyAction::Take(Face::Chicken)),
            ('d', KeyAction::Take(Face::DeathRay)),
            ('s', KeyAction::Stop),
            ('V', KeyAction::Take(Face::Cow)),
        ] {
            assert_eq!(pt.action(key, &CHOOSE_KEYS), Some(action), "'{key}'");
        }
        for (key, action) in [
            ('p', KeyAction::Stop),
            ('l', KeyAction::Roll),
            ('s', KeyAction::Stop),
            ('r', KeyAction::Roll),
        ] {
            assert_eq!(pt.action(key, &DECIDE_KEYS), Some(action), "'{key}'");
        }
        assert_eq!(pt.take(Face::Cow), Some('v'));
        assert_eq!(pt.take(Face::Tank), None);
        // The Portuguese letters are not keys in English.
        assert_eq!(en.action('v', &CHOOSE_KEYS), None);
        assert_eq!(en.action('p', &DECIDE_KEYS), None);
        assert_eq!(pt.action('s', &[KeyAction::Yes]), Some(KeyAction::Yes));
        assert_eq!(en.action('s', &[KeyAction::Yes]), None);
    }

    /// Reasons of every kind and every variant of their messages, from the solver itself: the
    /// decisions of seeded games alone, in duels (at scores near the end too) and of the turn
    /// alone, one reason per message and choice of words.
    pub(crate) fn sample_reasons() -> Vec<Reason> {
        use martian_engine::{Awaiting, Game, Rules, seeded_rng};
        use martian_solver::{AdviceRequest, advise_with_reason};
        let rules = Rules::official();
        let mut shapes = std::collections::HashSet::new();
        let mut out = Vec::new();
        for (players, starts) in [
            (1, vec![vec![0]]),
            (2, vec![vec![0, 0], vec![20, 22], vec![24, 9]]),
        ] {
            for start in starts {
                for seed in 0..12 {
                    let mut game = Game::new(rules, players).unwrap();
                    let mut rng = seeded_rng(seed);
                    let mut scores_known = false;
                    while game.awaiting() != Awaiting::Nothing && game.round() < 12 {
                        let Awaiting::Decision { seat } = game.awaiting() else {
                            game.roll(&mut rng).unwrap();
                            continue;
                        };
                        let turn = *game.turn();
                        // The game's own scores, shifted to start from `start`.
                        let scores: Vec<_> = game
                            .scores()
                            .iter()
                            .zip(&start)
                            .map(|(s, b)| s + b)
                            .collect();
                        scores_known |= scores.iter().any(|&s| s >= rules.target());
                        for with_scores in [true, false] {
                            let asked = advise_with_reason(AdviceRequest {
                                rules,
                                scores: with_scores.then_some(&scores[..]),
                                seat,
                                turn: &turn,
                            });
                            if let Ok((_, Some(reason))) = asked {
                                let words: Vec<String> = reason
                                    .args()
                                    .iter()
                                    .filter_map(|(name, arg)| match arg {
                                        ReasonArg::Word(w) => Some(format!("{name}={w}")),
                                        ReasonArg::Number(0 | 1) => Some(format!("{name}=small")),
                                        _ => None,
                                    })
                                    .collect();
                                if shapes.insert((reason.id(), words)) {
                                    out.push(reason);
                                }
                            }
                        }
                        let best = martian_solver::advise(AdviceRequest {
                            rules,
                            scores: None,
                            seat,
                            turn: &turn,
                        })
                        .unwrap()
                        .best;
                        game.play(best).unwrap();
                        if scores_known {
                            break;
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn every_reason_is_worded_with_its_own_figures_in_both_languages() {
        let reasons = sample_reasons();
        let kinds: std::collections::HashSet<_> = reasons.iter().map(Reason::kind).collect();
        assert_eq!(
            kinds.len(),
            martian_solver::ReasonKind::ALL.len(),
            "{kinds:?}"
        );
        for lang in Lang::ALL {
            let m = lang.messages();
            for reason in &reasons {
                assert!(m.has(reason.id()), "{lang}: no {}", reason.id());
                let text = coach_reason(m, reason);
                assert!(
                    !text.contains('{') && !text.contains("coach-") && !text.contains("  "),
                    "{lang}: {text}"
                );
                // The situation always quotes both options' values.
                if reason.id() == "coach-why-situation" {
                    for (name, arg) in reason.args() {
                        if let ("value" | "other_value", ReasonArg::Decimal { value, places }) =
                            (name, arg)
                        {
                            let shown = decimal(m, value, usize::from(places));
                            assert!(text.contains(&shown), "{lang}: {name} {shown} in {text}");
                        }
                    }
                }
                assert!(
                    coach_why(m, reason).ends_with(&text),
                    "{lang}: the reason follows its label"
                );
            }
        }
        // The case, word for word (its figures are checked against the engine by the
        // solver's tests).
        let turn: martian_engine::Turn = "TTRRRRHHHCCKK/R RRRRRRC"
            .parse::<martian_engine::Transcript>()
            .unwrap()
            .replay(martian_engine::Rules::official())
            .unwrap();
        let (_, reason) = martian_solver::advise_with_reason(martian_solver::AdviceRequest {
            rules: martian_engine::Rules::official(),
            scores: None,
            seat: 0,
            turn: &turn,
        })
        .unwrap();
        let reason = reason.unwrap();
        assert_eq!(
            coach_reason(Lang::En.messages(), &reason),
            "Take 1 cow: it leaves 6 dice to roll, against 1 after the 6 death rays; the turn \
             then makes about 4.3 points on average, against 0.5."
        );
        assert_eq!(
            coach_reason(Lang::PtBr.messages(), &reason),
            "Pegue 1 vaca: sobram 6 dados para lançar, contra 1 pegando os 6 raios da morte; o \
             turno faz então cerca de 4,3 pontos em média, contra 0,5."
        );
    }

    #[test]
    fn numbers_take_the_language_s_decimal_separator() {
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        assert_eq!(pace(pt, 700), "0,7 s por passo");
        assert_eq!(pace(en, 0), "instant");
    }

    #[test]
    fn the_help_fits_its_box_in_every_language() {
        for lang in Lang::ALL {
            let lines = help(lang.messages());
            assert_eq!(lines.len(), 11, "{lang}");
            assert_eq!(lines[7], "", "{lang}: the blank line is kept");
            for line in &lines {
                assert!(line.chars().count() <= 64, "{lang}: {line}");
            }
            for line in setup_help(lang.messages()) {
                assert!(line.chars().count() <= 64, "{lang}: {line}");
            }
        }
    }

    #[test]
    fn bots_are_named_in_the_language_and_numbered() {
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        assert_eq!(bot_player_name(en, "medium", None), "Medium");
        assert_eq!(bot_player_name(pt, "medium", Some(2)), "Médio 2");
        assert_eq!(bot_player_name(pt, "exec:./x", None), "Exec:./x");
        for &name in martian_bots::names() {
            assert!(!bot_player_name(pt, name, None).is_empty());
        }
    }

    #[test]
    fn built_in_bots_are_described_in_portuguese_and_others_in_their_own_words() {
        let pt = Lang::PtBr.messages();
        assert_eq!(
            bot_summary(pt, "medium", "a fair player: small mistakes now and then"),
            " médio: um jogador razoável: pequenos erros de vez em quando"
        );
        assert_eq!(
            bot_summary(pt, "steady", "stops at 6"),
            " steady: stops at 6"
        );
        assert_eq!(
            bot_summary(Lang::En.messages(), "medium", "a fair player"),
            " medium: a fair player"
        );
        // Every built-in bot has its Portuguese description.
        for info in martian_bots::catalogue() {
            let text = bot_summary(pt, info.name, info.summary);
            assert!(!text.contains(info.summary), "{}: {text}", info.name);
        }
    }
}
