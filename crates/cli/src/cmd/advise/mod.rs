//! `martian-dice advise TRANSCRIPT`: the options of the decision at the end of a turn transcript,
//! with their exact values, and the best.

use anyhow::Result;
use clap::Args;
use martian_engine::{Points, Transcript};
use martian_i18n::{Lang, Messages};
use martian_solver::{AdviceMeasure, AdviceRequest, Reason, advise_with_reason};
use serde_json::json;

use martian_cards::Card;
use martian_review::{CardMove, CardPlace, Measure, OptionValue};

use crate::cmd::card::messages as card_messages;
use crate::cmd::solve::messages::{self as msg, MeasureText};
use crate::cmd::solve::solve_duel;
use crate::output::UsageError;
use crate::output::emit;
use crate::rules_args::RulesArgs;

/// The best decision at the end of a turn transcript, and the value of every option.
///
/// Without --scores the values are the turn's expected final score. With --scores (banked totals
/// in seat order; seat 0 opens every round) they are the probability that the player to move
/// (--seat) wins the game: exact for two to four players, and for one player the expected number of
/// turns to reach the target. An empty transcript asks about the turn as a whole.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  martian-dice advise TTRRRHHCKKKCC/K TRRRHHCC\n  martian-dice advise TTRRRHHCKKKCC/K --scores 20,23 --seat 1"
)]
pub struct AdviseArgs {
    /// The turn so far, e.g. "TTRRRHHCKKKCC/K TRRRHHCC" (empty: before the first roll).
    #[arg(value_name = "TRANSCRIPT")]
    pub transcript: Vec<String>,
    /// Banked totals in seat order, before this turn: "20,23".
    #[arg(long, value_name = "S0,S1,...")]
    pub scores: Option<String>,
    /// Whose turn it is (0 = the first seat).
    #[arg(long, default_value_t = 0, requires = "scores")]
    pub seat: usize,
    /// Also say what this strategy card would do here, the line that says so and what it
    /// costs against the best: a card file, or a shipped card (card-1, card-3, card-5).
    #[arg(long, value_name = "FILE")]
    pub card: Option<String>,
    /// The round (1-based), for a card's "last round" and seat conditions (default 1; with
    /// --scores a seat at the target or past it makes this the last round).
    #[arg(long, default_value_t = 1, requires = "card")]
    pub round: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}

fn parse_scores(m: &Messages, text: &str) -> Result<Vec<Points>, UsageError> {
    text.split(',')
        .map(|part| part.trim().parse::<Points>())
        .collect::<Result<_, _>>()
        .map_err(|_| UsageError(msg::bad_scores(m, text)))
}

pub fn run(args: AdviseArgs, lang: Lang) -> Result<()> {
    // Errors read by a program (--json) stay English, as every machine output does.
    let m = if args.json {
        Lang::En.messages()
    } else {
        lang.messages()
    };
    let rules = args.rules.rules()?;
    let card = args
        .card
        .as_deref()
        .map(|spec| crate::cmd::card::card_of_spec(spec, if args.json { Lang::En } else { lang }))
        .transpose()?;
    let text = args.transcript.join(" ");
    let turn = text
        .parse::<Transcript>()
        .and_then(|t| t.replay(rules))
        .map_err(|e| UsageError(msg::bad_transcript(m, &e.to_string())))?;
    let scores = args
        .scores
        .as_deref()
        .map(|text| parse_scores(m, text))
        .transpose()?;
    if scores.as_ref().is_some_and(|s| s.len() == 2) {
        // Solved (or read from the cache) here, with a progress bar when it takes a while.
        solve_duel(rules, m)?;
    }
    let (advice, reason) = advise_with_reason(AdviceRequest {
        rules,
        scores: scores.as_deref(),
        seat: args.seat,
        turn: &turn,
    })
    .map_err(|e| UsageError(e.to_string()))?;
    // What the card does here, against the best, when the transcript awaits a decision.
    let card_move = match (&card, turn.phase()) {
        (
            Some(card),
            martian_engine::TurnPhase::Choosing { .. } | martian_engine::TurnPhase::Deciding,
        ) => {
            let no_scores = vec![0; 2];
            let at = CardPlace {
                rules,
                scores: scores.as_deref().unwrap_or(&no_scores),
                seat: if scores.is_some() { args.seat } else { 0 },
                round: args.round,
                turn: &turn,
            };
            let options: Vec<OptionValue> = advice
                .options
                .iter()
                .map(|o| OptionValue {
                    action: o.action,
                    value: o.value,
                })
                .collect();
            // The loss is how much worse, whatever the measure (fewer turns are better).
            let measure = match advice.measure {
                AdviceMeasure::ExpectedTurns => Measure::ExpectedTurns,
                _ => Measure::WinProbability,
            };
            Some(CardMove::of(card, at, &options, advice.best, measure))
        }
        _ => None,
    };
    let kind = match advice.measure {
        AdviceMeasure::ExpectedScore => MeasureText::ExpectedScore,
        AdviceMeasure::WinProbability => MeasureText::WinProbability,
        AdviceMeasure::ExpectedTurns => MeasureText::ExpectedTurns,
    };
    if args.json {
        let measure = match advice.measure {
            AdviceMeasure::ExpectedScore => "expected-score",
            AdviceMeasure::WinProbability => "win-probability",
            AdviceMeasure::ExpectedTurns => "expected-turns",
        };
        let options: Vec<_> = advice
            .options
            .iter()
            .map(|o| json!({"action": o.action.code(), "value": o.value}))
            .collect();
        let object = json!({
            "rules": rules,
            "transcript": turn_text(&text),
            "scores": scores,
            "seat": scores.as_ref().map(|_| args.seat),
            "measure": measure,
            "options": options,
            "best": advice.best.code(),
            "reason": reason.as_ref().map(reason_json),
        });
        let mut object = object;
        if let (Some(card), Some(card_move)) = (&card, &card_move) {
            object["card"] = json!({
                "action": card_move.action.code(),
                "line": card_move.line.map(|i| i + 1),
                "text": card_move.line.map(|i| crate::cmd::card::quoted_line(card, i, Lang::En)),
                "loss": card_move.loss,
                "best": card_move.action == advice.best || card_move.loss == 0.0,
            });
        }
        emit(&format!("{object}\n"))
    } else {
        let mut out = msg::rules_line(m, rules);
        if let Some(scores) = &scores {
            out += &msg::banked(m, scores);
        }
        out += &msg::measure_heading(m, kind, args.seat);
        let column = msg::option_column(m, advice.options.iter().map(|o| o.action));
        let values: Vec<f64> = advice.options.iter().map(|o| o.value).collect();
        let places = msg::option_places(kind, &values);
        for option in &advice.options {
            out += &msg::option_line(
                m,
                column,
                (kind, places),
                option.action,
                option.value,
                option.action == advice.best,
            );
        }
        out += &msg::best_line(m, advice.best);
        if let Some(reason) = &reason {
            out += &msg::why_line(m, reason);
        }
        if let (Some(card), Some(card_move)) = (&card, &card_move) {
            out += &card_lines(m, card, card_move, advice.measure, advice.best);
            // Why the best beats the card's move, when they differ.
            if card_move.action != advice.best {
                let request = AdviceRequest {
                    rules,
                    scores: scores.as_deref(),
                    seat: args.seat,
                    turn: &turn,
                };
                if let Ok((_, Some(reason))) =
                    martian_solver::advise_against(request, card_move.action)
                {
                    out += &msg::why_line(m, &reason);
                }
            }
        }
        emit(&out)
    }
}

/// What the card does here and what it costs, then why the best beats it.
fn card_lines(
    m: &Messages,
    card: &Card,
    card_move: &CardMove,
    measure: AdviceMeasure,
    best: martian_engine::Action,
) -> String {
    use martian_i18n::vocab::{ChangeUnit, loss};
    let mut out = card_messages::card_move(m, card, card_move.action, card_move.line) + "\n";
    let cost = (card_move.action != best && card_move.loss > 0.0).then(|| match measure {
        AdviceMeasure::WinProbability => loss(m, ChangeUnit::WinChance, 100.0 * card_move.loss, 2),
        AdviceMeasure::ExpectedScore => loss(m, ChangeUnit::Points, card_move.loss, 2),
        AdviceMeasure::ExpectedTurns => loss(m, ChangeUnit::Turns, card_move.loss, 2),
    });
    out += &card_messages::card_verdict(m, cost, best);
    out + "\n"
}

fn turn_text(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A reason as `--json` gives it: the Fluent message that words it (`coach-why-*` in
/// `crates/i18n/locales/*.ftl`), its arguments, the cause named and the parts of the difference
/// (see `martian_solver::Reason`'s JSON).
fn reason_json(reason: &Reason) -> serde_json::Value {
    serde_json::to_value(reason).unwrap_or(serde_json::Value::Null)
}
