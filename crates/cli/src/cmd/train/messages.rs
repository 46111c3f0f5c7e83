//! The sentences of `martian-dice train` (ids `train-*` of `crates/i18n/locales/*.ftl`), and its
//! `--list --json` objects.

use martian_engine::{Action, Dice, Face, Turn, TurnPhase};
use martian_i18n::{Lang, Messages, tr, vocab};
use martian_review::{CardMove, CardPlace, Class, Kind, Measure, Progress, TrainingPosition};
use serde_json::json;

use crate::cmd::review::messages::{self as msg, Numbers};

/// The position as the player reads it: the scores with the opponents named, the seat order, the
/// final round, what is set aside (and the dice left), the roll.
pub fn show(m: &Messages, position: &TrainingPosition, number: u32, count: u32) -> String {
    let names = martian_tui::messages::trainer_seat_names(m, position.scores.len(), position.seat);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut lines = vec![
        String::new(),
        tr!(
            m,
            "train-position",
            number = number,
            count = count,
            round = position.round,
            scores = msg::scores(&names, &position.scores)
        ),
    ];
    if names.len() > 1 {
        lines.push(tr!(
            m,
            "train-order",
            order = names.join(", "),
            first = names[0]
        ));
    }
    if position.final_round {
        lines.push(tr!(m, "train-final-round"));
    }
    let turn = &position.turn;
    let aside = turn.aside();
    // While a roll awaits a choice its tanks are already aside: they are shown with the roll.
    let roll = turn.pending_roll();
    let before_roll = match roll {
        Some(roll) => {
            let mut counts = aside.counts();
            counts[Face::Tank.index()] -= roll.count(Face::Tank);
            Dice::from_counts(counts).unwrap_or(aside)
        }
        None => aside,
    };
    let lead = before_roll.count(Face::Tank) > before_roll.count(Face::DeathRay);
    if before_roll.total() == 0 {
        lines.push(tr!(m, "train-aside-nothing"));
    } else {
        lines.push(tr!(
            m,
            "train-aside",
            dice = msg::aside(m, before_roll),
            tanks = if lead { "lead" } else { "hold" },
            points = position.rules.score(before_roll),
            phase = if roll.is_some() {
                "choosing"
            } else {
                "deciding"
            },
            left = turn.dice_left()
        ));
    }
    if let Some(roll) = roll {
        lines.push(tr!(
            m,
            "train-rolled",
            roll = vocab::dice_letters(m, roll),
            count = roll.total()
        ));
    }
    lines.iter().map(|line| format!("{line}\n")).collect()
}

pub fn prompt(m: &Messages, turn: &Turn) -> String {
    match turn.phase() {
        TurnPhase::Choosing { .. } => {
            tr!(m, "train-ask-take", choices = msg::take_choices(m, turn))
        }
        _ => {
            let (stop, roll) = match m.lang() {
                Lang::PtBr => ("p", "l"),
                Lang::En => ("s", "r"),
            };
            tr!(m, "train-ask-decide", stop = stop, roll = roll)
        }
    }
}

/// An option as a subject: "taking the humans" ("pegar os humanos").
fn doing(m: &Messages, action: Action) -> String {
    let (action, face) = match action {
        Action::Take(face) => ("take", vocab::face_id(face)),
        Action::Stop => ("stop", ""),
        Action::Roll => ("roll", ""),
    };
    tr!(m, "train-doing", action = action, face = face)
}

/// The verdict, why, the rule of thumb and every option, after an answer.
pub fn answer_lines(n: Numbers<'_>, position: &TrainingPosition, action: Action) -> Vec<String> {
    let m = n.m;
    let mut lines = Vec::new();
    if action == position.best {
        lines.push(tr!(m, "train-right", action = doing(m, action)));
    } else {
        let loss = position.loss(action).unwrap_or(0.0);
        lines.push(tr!(
            m,
            "train-wrong",
            action = doing(m, action),
            class = class(position.measure, loss),
            loss = n.loss(loss),
            best = doing(m, position.best)
        ));
    }
    if let Some(reason) = position.reason_for(action) {
        lines.push(why(m, &reason));
    }
    lines.push(thumb_line(m, position));
    lines.push(options_line(n, position));
    lines
}

/// What `--list` shows under a position: every option, the best, the rule of thumb and why.
pub fn listed_lines(n: Numbers<'_>, position: &TrainingPosition) -> Vec<String> {
    let m = n.m;
    vec![
        options_line(n, position),
        tr!(m, "train-best", action = doing(m, position.best)),
        thumb_line(m, position),
        why(m, &position.reason),
    ]
}

fn why(m: &Messages, reason: &martian_solver::Reason) -> String {
    tr!(
        m,
        "train-why",
        reason = martian_tui::messages::coach_reason(m, reason)
    )
}

fn options_line(n: Numbers<'_>, position: &TrainingPosition) -> String {
    tr!(
        n.m,
        "train-options",
        options = msg::options(n, &position.options, position.best)
    )
}

fn thumb_line(m: &Messages, position: &TrainingPosition) -> String {
    tr!(
        m,
        "train-thumb",
        thumb = position.thumb.name(),
        action = msg::to_do(m, position.thumb_choice),
        right = if position.thumb_right() { "yes" } else { "no" }
    )
}

/// The class an answer that is not the best falls in; every option but the best loses at least
/// the trainer's margin, and one set below the inaccuracy threshold still names the answer as
/// not the best.
fn class(measure: Measure, loss: f64) -> &'static str {
    match measure.thresholds().classify(loss) {
        Class::Best | Class::Inaccuracy => "inaccuracy",
        Class::Mistake => "mistake",
        Class::Blunder => "blunder",
    }
}

/// The running score, after an answer.
pub fn score_line(n: Numbers<'_>, best: u32, answered: u32, loss: f64) -> String {
    tr!(
        n.m,
        "train-score",
        best = best,
        answered = answered,
        loss = n.loss(loss),
        lost = if loss > 1e-12 { "yes" } else { "no" }
    )
}

/// The session's score, at its end.
pub fn summary_line(n: Numbers<'_>, best: u32, answered: u32, loss: f64) -> String {
    tr!(
        n.m,
        "train-summary",
        best = best,
        answered = answered,
        loss = n.loss(loss),
        lost = if loss > 1e-12 { "yes" } else { "no" }
    )
}

/// The last sessions' shares of best answers and where they are heading, when there are two or
/// more.
pub fn trend_line(m: &Messages, progress: &Progress) -> Option<String> {
    martian_tui::messages::trainer_trend(m, progress)
}

/// What a session starts with when progress is kept: the trend, and the kinds to work on.
pub fn progress_lines(m: &Messages, progress: &Progress) -> Vec<String> {
    martian_tui::messages::trainer_progress(m, progress)
}

/// A position as `--list --json` gives it.
pub fn json(position: &TrainingPosition, number: usize) -> serde_json::Value {
    let m = Lang::En.messages();
    let kind = match position.kind() {
        Kind::Take => "take",
        Kind::StopOrRoll => "stop_or_roll",
    };
    let options: Vec<serde_json::Value> = position
        .options
        .iter()
        .map(|o| json!({"action": o.action.code(), "value": o.value}))
        .collect();
    let measure = match position.measure {
        Measure::WinProbability => "win-probability",
        Measure::ExpectedTurns => "expected-turns",
    };
    json!({
        "number": number,
        "kind": kind,
        "lesson": position.lesson.name(),
        "players": position.scores.len(),
        "scores": position.scores,
        "seat": position.seat,
        "round": position.round,
        "final_round": position.final_round,
        "transcript": position.transcript,
        "dice_left": position.dice_left(),
        "measure": measure,
        "options": options,
        "best": position.best.code(),
        "margin": position.margin,
        "rule_of_thumb": position.thumb_choice.code(),
        "thumb": position.thumb.name(),
        "themes": position.themes,
        "reason": martian_tui::messages::coach_reason(m, &position.reason),
        "why": position.reason,
    })
}

/// What `card` does at `position` and what it costs against the best.
pub fn card_move(card: &martian_cards::Card, position: &TrainingPosition) -> CardMove {
    CardMove::of(
        card,
        CardPlace {
            rules: position.rules,
            scores: &position.scores,
            seat: position.seat,
            round: position.round,
            turn: &position.turn,
        },
        &position.options,
        position.best,
        position.measure,
    )
}

/// After an answer (`action`; the best when listing): what the card does here, its line, whether
/// it is right, and — when it is wrong and the answer was not the card's move — why the best
/// beats it.
pub fn card_lines(
    n: Numbers<'_>,
    card: &martian_cards::Card,
    position: &TrainingPosition,
    action: Action,
) -> Vec<String> {
    let m = n.m;
    let played = card_move(card, position);
    let mut lines = vec![
        crate::cmd::card::messages::card_move(m, card, played.action, played.line),
        crate::cmd::card::messages::card_verdict(
            m,
            (played.action != position.best).then(|| n.loss(played.loss)),
            position.best,
        ),
    ];
    if played.action != position.best
        && played.action != action
        && let Some(reason) = position.reason_for(played.action)
    {
        lines.push(why(m, &reason));
    }
    lines
}

/// The card's move at a position as `--list --json` gives it: `action`, `line` (1-based, `null`
/// for the card's default play), `text` (the line in English), `loss` against the best.
pub fn card_json(card: &martian_cards::Card, position: &TrainingPosition) -> serde_json::Value {
    let played = card_move(card, position);
    json!({
        "action": played.action.code(),
        "line": played.line.map(|i| i + 1),
        "text": played.line.map(|i| crate::cmd::card::quoted_line(card, i, Lang::En)),
        "loss": played.loss,
        "best": played.action == position.best,
    })
}
