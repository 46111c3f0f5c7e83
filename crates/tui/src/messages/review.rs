//! The words of the game review (the review screen, the replay's marks) and of the trainer, in
//! the reader's language: ids `tui-review-*`, `tui-replay-verdict`, `tui-trainer-*`,
//! `tui-mode*` of `crates/i18n/locales/*.ftl`.

use martian_engine::{Action, Face, RecordError, Transcript};
use martian_i18n::vocab::{self, ChangeUnit, face_id};
use martian_i18n::{Messages, decimal, errors, tr};
use martian_review::{
    Class, Decision, Measure, SeatSummary, StopReason, Stopped, Theme as TrainTheme, Thresholds,
    Thumb, Valuation,
};

use super::{KeyAction, key_text, panel};
use crate::setup::Mode;

pub fn review_title(m: &Messages) -> String {
    tr!(m, "tui-review-title")
}

/// The chart's panel title.
pub fn review_chart(m: &Messages, measure: Measure, approximate: bool) -> String {
    panel(tr!(
        m,
        "tui-review-chart",
        measure = measure_id(measure),
        approximate = if approximate { "yes" } else { "no" }
    ))
}

fn measure_id(measure: Measure) -> &'static str {
    match measure {
        Measure::WinProbability => "win-probability",
        Measure::ExpectedTurns => "expected-turns",
    }
}

pub fn review_x(m: &Messages) -> String {
    tr!(m, "tui-review-x")
}
pub fn review_roll_off_x(m: &Messages) -> String {
    tr!(m, "tui-review-roll-off-x")
}

/// The list's panel title: which lines are shown when they do not all fit.
pub fn review_list(m: &Messages, shown: std::ops::Range<usize>, count: usize) -> String {
    if shown.start == 0 && shown.end >= count {
        panel(tr!(m, "tui-review-list"))
    } else {
        panel(tr!(
            m,
            "tui-review-list-scrolled",
            from = shown.start + 1,
            to = shown.end,
            count = count
        ))
    }
}

pub fn review_working(m: &Messages) -> String {
    tr!(m, "tui-review-working")
}
pub fn review_lost(m: &Messages) -> String {
    tr!(m, "tui-review-lost")
}
pub fn review_failed(m: &Messages, error: &RecordError) -> String {
    tr!(
        m,
        "tui-review-failed",
        error = errors::record_error(m, error)
    )
}

/// What an approximate valuation means (nothing for an exact one).
pub fn review_approximate(m: &Messages, valuation: Valuation) -> Option<String> {
    let id = match valuation {
        Valuation::TrioReduction => "trio-reduction",
        Valuation::DuelReduction => "duel-reduction",
        Valuation::Solo | Valuation::Duel | Valuation::Trio | Valuation::Quad => return None,
    };
    Some(tr!(m, "tui-review-approximate", valuation = id))
}

pub fn review_unfinished(m: &Messages) -> String {
    tr!(m, "tui-review-unfinished")
}

/// Where and why a review stops before the end of its record.
pub fn review_stopped(m: &Messages, stopped: &Stopped) -> String {
    let detail = match &stopped.reason {
        StopReason::Record(error) => errors::record_error(m, error),
        StopReason::Position(error) => error.to_string(),
        StopReason::NotCovered | StopReason::NoDecision => String::new(),
    };
    tr!(
        m,
        "tui-review-stopped",
        turn = stopped.turn.unwrap_or(0),
        kind = stopped.reason.kind(),
        detail = detail
    )
}

/// The unit of a review's changes and the decimals they are shown with.
fn unit(measure: Measure) -> (ChangeUnit, f64, usize) {
    match measure {
        Measure::WinProbability => (ChangeUnit::WinChance, 100.0, 1),
        Measure::ExpectedTurns => (ChangeUnit::Turns, 1.0, 2),
    }
}

/// A loss: "7.3pp of chance to win" (percentage points), "0.13 turns" solo; no sign.
pub fn review_loss(m: &Messages, measure: Measure, loss: f64) -> String {
    let (unit, scale, places) = unit(measure);
    vocab::loss(m, unit, loss * scale, places)
}

/// Luck or skill, signed: "+12.3pp of chance to win", "−0.50 turns".
pub fn review_change(m: &Messages, measure: Measure, value: f64) -> String {
    let (unit, scale, places) = unit(measure);
    vocab::change(m, unit, value * scale, places, true)
}

/// An amount without a sign (a threshold): "0.5pp of chance to win", "0.03 turns".
pub fn review_amount(m: &Messages, measure: Measure, value: f64) -> String {
    let (unit, scale, places) = unit(measure);
    vocab::change(
        m,
        unit,
        value * scale,
        places.max(places_of(value * scale)),
        false,
    )
}

/// Enough decimals that a small amount (0.03 turns) is not written as none.
fn places_of(value: f64) -> usize {
    martian_solver::figures::shown_places(&[value], 0)
}

/// A loss in short, for the replay's log: "7.3pp" (percentage points of the chance to win),
/// "0.13" (turns); never with a minus sign.
fn loss_short(m: &Messages, measure: Measure, loss: f64) -> String {
    let (_, scale, places) = unit(measure);
    let shown = decimal(m, loss * scale, places);
    match measure {
        Measure::WinProbability => format!("{shown}pp"),
        Measure::ExpectedTurns => shown,
    }
}

/// A percentage with one decimal: "87.2%".
fn percent(m: &Messages, value: f64) -> String {
    format!("{}%", decimal(m, value, 1))
}

/// One seat's line: accuracy, the decisions by class, luck and skill.
pub fn review_seat(m: &Messages, measure: Measure, name: &str, seat: &SeatSummary) -> String {
    if seat.decisions == 0 {
        return tr!(m, "tui-review-seat-none", name = name);
    }
    let accuracy = seat
        .accuracy
        .map_or_else(|| "—".to_string(), |a| percent(m, a));
    tr!(
        m,
        "tui-review-seat",
        name = name,
        accuracy = accuracy,
        decisions = seat.decisions,
        best = seat.classes.best,
        inaccuracies = seat.classes.inaccuracy,
        mistakes = seat.classes.mistake,
        blunders = seat.classes.blunder,
        luck = review_change(m, measure, seat.luck),
        skill = review_change(m, measure, seat.skill)
    )
}

pub fn review_mistakes(m: &Messages) -> String {
    tr!(m, "tui-review-mistakes")
}
pub fn review_no_mistakes(m: &Messages, measure: Measure, thresholds: Thresholds) -> String {
    tr!(
        m,
        "tui-review-no-mistakes",
        least = review_amount(m, measure, thresholds.inaccuracy)
    )
}
pub fn review_all(m: &Messages) -> String {
    tr!(m, "tui-review-all")
}

/// What was done, in the past: "took the cows", "stopped".
pub fn review_action(m: &Messages, action: Action) -> String {
    let (id, face) = action_ids(action);
    tr!(m, "tui-review-action", action = id, face = face)
}

/// What should be done: "take the death rays", "roll again".
pub fn review_best_action(m: &Messages, action: Action) -> String {
    let (id, face) = action_ids(action);
    tr!(m, "tui-review-best-action", action = id, face = face)
}

fn action_ids(action: Action) -> (&'static str, &'static str) {
    match action {
        Action::Take(face) => ("take", face_id(face)),
        Action::Stop => ("stop", face_id(Face::Tank)),
        Action::Roll => ("roll", face_id(Face::Tank)),
    }
}

/// The selector of a decision's class (`forced` for a single option).
fn class_id(decision: &Decision) -> &'static str {
    if decision.forced {
        "forced"
    } else {
        decision.class.name()
    }
}

/// What a decision did and what it was worth: "took the cows: mistake, 3.1 points lost; best:
/// take the death rays".
pub fn review_verdict(m: &Messages, measure: Measure, decision: &Decision) -> String {
    tr!(
        m,
        "tui-review-verdict",
        class = class_id(decision),
        action = review_action(m, decision.chosen),
        loss = review_loss(m, measure, decision.loss),
        best = review_best_action(m, decision.best)
    )
}

/// A decision with where it was made: its turn, its player and the turn so far.
pub fn review_decision(m: &Messages, measure: Measure, name: &str, decision: &Decision) -> String {
    let position = decision.transcript.parse::<Transcript>().map_or_else(
        |_| decision.transcript.clone(),
        |t| vocab::transcript(m, &t),
    );
    tr!(
        m,
        "tui-review-decision",
        turn = decision.turn,
        round = decision.round,
        name = name,
        position = position,
        verdict = review_verdict(m, measure, decision)
    )
}

/// A decision's mark in the replay's log: "best", "mistake −3.1%".
pub fn review_mark(m: &Messages, measure: Measure, decision: &Decision) -> String {
    let loss = loss_short(m, measure, decision.loss);
    tr!(
        m,
        "tui-review-mark",
        class = class_id(decision),
        loss = loss
    )
}

pub fn hint_review(m: &Messages) -> String {
    tr!(m, "tui-hint-review", quit = key_text(m, KeyAction::Quit))
}

/// The decision played from the replay's position: "Ana took the cows: mistake, …".
pub fn replay_verdict(m: &Messages, measure: Measure, name: &str, decision: &Decision) -> String {
    tr!(
        m,
        "tui-replay-verdict",
        name = name,
        verdict = review_verdict(m, measure, decision)
    )
}
pub fn replay_reviewing(m: &Messages) -> String {
    tr!(m, "tui-replay-reviewing")
}

// ---- the trainer ----

/// The opponents of a training position, by name, in seat order.
pub const TRAINER_OPPONENTS: [&str; 3] = ["Ana", "Bia", "Caio"];

/// The names of a training position's seats: `you` for the seat to play, the opponents named
/// in seat order.
pub fn trainer_seat_names_as(you: &str, players: usize, seat: usize) -> Vec<String> {
    let mut opponents = TRAINER_OPPONENTS.iter();
    (0..players)
        .map(|s| {
            if s == seat {
                you.to_string()
            } else {
                opponents.next().copied().unwrap_or("?").to_string()
            }
        })
        .collect()
}

/// The names of a training position's seats in a sentence ("Ana 12, you 9").
pub fn trainer_seat_names(m: &Messages, players: usize, seat: usize) -> Vec<String> {
    trainer_seat_names_as(&tr!(m, "train-you"), players, seat)
}

/// How far back the trainer's trend looks.
const TREND_SESSIONS: usize = 5;

/// The last sessions' shares of best answers and where they are heading, when there are two or
/// more.
pub fn trainer_trend(m: &Messages, progress: &martian_review::Progress) -> Option<String> {
    let rates = progress.recent_rates(TREND_SESSIONS);
    if rates.len() < 2 {
        return None;
    }
    let list: Vec<String> = rates
        .iter()
        .map(|r| format!("{}%", martian_i18n::decimal(m, 100.0 * r, 0)))
        .collect();
    Some(tr!(
        m,
        "train-trend",
        rates = list.join(", "),
        trend = progress.trend(TREND_SESSIONS).name()
    ))
}

/// What a session starts with when progress is kept: the trend, and the kinds to work on.
pub fn trainer_progress(m: &Messages, progress: &martian_review::Progress) -> Vec<String> {
    let mut lines: Vec<String> = trainer_trend(m, progress).into_iter().collect();
    let weak: Vec<String> = progress
        .weak_lessons()
        .into_iter()
        .take(2)
        .map(|lesson| {
            let record = &progress.lessons[&lesson.name()];
            tr!(
                m,
                "train-lesson-record",
                lesson = self::lesson(m, lesson),
                right = record.right,
                seen = record.seen
            )
        })
        .collect();
    if !weak.is_empty() {
        lines.push(tr!(m, "train-work-on", lessons = weak.join("; ")));
    }
    lines
}

/// What a kind of position teaches, in words.
pub fn lesson(m: &Messages, lesson: martian_review::Lesson) -> String {
    tr!(
        m,
        "lesson-name",
        decision = martian_review::decision_word(lesson.decision),
        cause = lesson.cause.name()
    )
}

pub fn setup_mode(m: &Messages) -> String {
    tr!(m, "tui-setup-mode")
}
pub fn mode(m: &Messages, mode: Mode) -> String {
    let id = match mode {
        Mode::Game => "game",
        Mode::Trainer => "trainer",
    };
    tr!(m, "tui-mode", mode = id)
}
pub fn mode_about(m: &Messages, mode: Mode) -> String {
    let id = match mode {
        Mode::Game => "game",
        Mode::Trainer => "trainer",
    };
    tr!(m, "tui-mode-about", mode = id)
}
pub fn setup_theme(m: &Messages) -> String {
    tr!(m, "tui-setup-theme")
}
/// A kind of trainer position; `None`: any kind.
pub fn train_theme(m: &Messages, theme: Option<TrainTheme>) -> String {
    tr!(
        m,
        "tui-train-theme",
        theme = theme.map_or("any", TrainTheme::name)
    )
}
pub fn setup_start_trainer(m: &Messages) -> String {
    tr!(m, "tui-setup-start-trainer")
}
pub fn setup_hints_trainer(m: &Messages) -> String {
    tr!(m, "tui-setup-hints-trainer")
}
pub fn trainer_players(m: &Messages) -> String {
    tr!(m, "tui-trainer-players")
}
pub fn trainer_theme_never(m: &Messages, players: usize) -> String {
    tr!(m, "tui-trainer-theme-never", players = players)
}
pub fn trainer_title(m: &Messages) -> String {
    tr!(m, "tui-trainer-title")
}
pub fn trainer_working(m: &Messages) -> String {
    tr!(m, "tui-trainer-working")
}
pub fn trainer_none(m: &Messages) -> String {
    tr!(m, "tui-trainer-none")
}
pub fn trainer_failed(m: &Messages, error: &str) -> String {
    tr!(m, "tui-trainer-failed", error = error)
}
pub fn panel_position(m: &Messages, number: usize, round: u32) -> String {
    panel(tr!(m, "tui-panel-position", number = number, round = round))
}
pub fn panel_values(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-values"))
}
pub fn panel_trainer(m: &Messages) -> String {
    panel(tr!(m, "tui-panel-trainer"))
}
pub fn trainer_final_round(m: &Messages) -> String {
    tr!(m, "tui-trainer-final-round")
}
pub fn trainer_ask(m: &Messages) -> String {
    tr!(m, "tui-trainer-ask")
}
/// An option as the subject of a sentence: "taking the humans" ("pegar os humanos").
pub fn trainer_doing(m: &Messages, action: Action) -> String {
    let (id, face) = action_ids(action);
    tr!(m, "train-doing", action = id, face = face)
}
pub fn trainer_right(m: &Messages, action: Action) -> String {
    tr!(m, "tui-trainer-right", action = trainer_doing(m, action))
}
/// The dice of the position: rolled, awaiting a choice; or left to roll, after a take.
pub fn trainer_dice_left(m: &Messages, position: &martian_review::TrainingPosition) -> String {
    match position.turn.pending_roll() {
        Some(roll) => tr!(m, "tui-trainer-rolled", count = roll.total()),
        None => tr!(m, "tui-trainer-left", count = position.dice_left()),
    }
}
/// An answer that is not the best: its class and loss, and the best.
pub fn trainer_wrong(
    m: &Messages,
    measure: Measure,
    action: Action,
    loss: f64,
    best: Action,
) -> String {
    let class = measure.thresholds().classify(loss);
    let class = match class {
        // Every option but the best loses at least the trainer's margin; a margin set below the
        // inaccuracy threshold still names the answer as not the best.
        Class::Best | Class::Inaccuracy => "inaccuracy",
        Class::Mistake => "mistake",
        Class::Blunder => "blunder",
    };
    tr!(
        m,
        "tui-trainer-wrong",
        action = trainer_doing(m, action),
        class = class,
        loss = review_loss(m, measure, loss),
        best = trainer_doing(m, best)
    )
}
pub fn trainer_thumb(m: &Messages, thumb: Thumb, action: Action, right: bool) -> String {
    tr!(
        m,
        "tui-trainer-thumb",
        thumb = thumb.name(),
        action = review_best_action(m, action),
        right = if right { "yes" } else { "no" }
    )
}
pub fn trainer_score(
    m: &Messages,
    measure: Measure,
    best: usize,
    answered: usize,
    loss: f64,
) -> String {
    tr!(
        m,
        "tui-trainer-score",
        best = best,
        answered = answered,
        loss = review_loss(m, measure, loss),
        lost = if loss > 1e-12 { "yes" } else { "no" }
    )
}
pub fn trainer_you_chose(m: &Messages) -> String {
    tr!(m, "tui-trainer-you-chose")
}
pub fn hint_trainer(m: &Messages) -> String {
    tr!(m, "tui-hint-trainer")
}
pub fn hint_trainer_keys(m: &Messages) -> String {
    tr!(
        m,
        "tui-hint-trainer-keys",
        quit = key_text(m, KeyAction::Quit)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_i18n::Lang;

    #[test]
    fn losses_luck_and_skill_read_in_the_unit_of_the_review() {
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        let win = Measure::WinProbability;
        assert_eq!(review_loss(en, win, 0.0734), "7.3pp of chance to win");
        assert_eq!(review_loss(pt, win, 0.0734), "7,3pp de chance de vencer");
        assert_eq!(review_loss(en, win, 0.0004), "0.04pp of chance to win");
        assert_eq!(review_change(en, win, -0.041), "−4.1pp of chance to win");
        assert_eq!(review_change(en, win, 0.123), "+12.3pp of chance to win");
        assert_eq!(review_change(en, win, -0.0001), "0.0pp of chance to win");
        assert_eq!(review_amount(en, win, 0.005), "0.5pp of chance to win");
        let solo = Measure::ExpectedTurns;
        assert_eq!(review_loss(en, solo, 0.126), "0.13 turns");
        assert_eq!(review_change(pt, solo, 0.5), "+0,50 turnos");
        assert_eq!(review_amount(en, solo, 0.03), "0.03 turns");
    }
}
