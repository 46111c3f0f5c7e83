//! `martian-dice review RECORD`: every decision of a recorded game valued by the solver and
//! classed, luck told from skill, a summary per seat, and the chances after every turn (as a
//! chart with `--chart`). The work is done by `martian-review`; this file reads the record and
//! shows the review.

mod chart;
pub mod messages;

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Args;
use martian_cards::Card;
use martian_engine::{GameRecord, Points, RecordError};
use martian_i18n::{Lang, Messages, errors};
use martian_review::{CardReview, Review, StopReason};

use crate::output::UsageError;
use crate::output::emit;
use messages::Numbers;

/// Review a recorded game: every decision valued by the solver and classed, luck and skill.
///
/// Values are each seat's chance to win (exact with 2 or 3 players; with 4 to 8, the
/// approximation the optimal bot plays by, marked as such), or the expected number of turns
/// solo. A record that breaks the rules is reviewed up to the turn that breaks them, then the
/// command fails (exit code 2).
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  martian-dice review game.json\n  martian-dice review game.json --chart chances.svg\n  martian-dice review game.json --json"
)]
pub struct ReviewArgs {
    /// The game record (JSON, as `play --record` writes it), or - for standard input.
    #[arg(value_name = "RECORD")]
    pub file: PathBuf,
    /// Print one JSON object (the format is in docs/review-format.md).
    #[arg(long)]
    pub json: bool,
    /// Also draw every seat's chance after every turn into FILE (.svg or .png).
    #[arg(long, value_name = "FILE")]
    pub chart: Option<PathBuf>,
    /// Measure the game against a strategy card: at each decision whether the player followed
    /// it, what it would have done (its line) and what that costs; a summary per seat. A card
    /// file, or a shipped card (card-1, card-3, card-5).
    #[arg(long, value_name = "CARD")]
    pub card: Option<String>,
}

pub fn run(args: ReviewArgs, lang: Lang) -> Result<()> {
    // Errors read by a program (--json) stay English, as every machine output does.
    let m = if args.json {
        Lang::En.messages()
    } else {
        lang.messages()
    };
    let chart_format = args
        .chart
        .as_deref()
        .map(|path| chart::Format::of(path).ok_or_else(|| bad_chart(m, path)))
        .transpose()?;
    let card = args
        .card
        .as_deref()
        .map(|spec| crate::cmd::card::card_of_spec(spec, if args.json { Lang::En } else { lang }))
        .transpose()?;
    let record = load(&args.file, m)?;
    load_solutions(&record, m)?;
    let review =
        martian_review::review(&record).map_err(|e| UsageError(errors::record_error(m, &e)))?;
    let against = card.as_ref().map(|card| Against {
        spec: args.card.as_deref().unwrap_or_default(),
        card,
        all: CardReview::of(&review, card, None),
    });
    if args.json {
        let mut object = serde_json::to_value(&review)?;
        if let Some(against) = &against {
            object["card"] = martian_review::card_json(&review, against.card, against.spec);
        }
        emit(&(serde_json::to_string_pretty(&object)? + "\n"))?;
    } else {
        emit(&text(m, &review, against.as_ref()))?;
    }
    if let (Some(path), Some(format)) = (&args.chart, chart_format) {
        chart::write(lang.messages(), &review, format, path)?;
        eprintln!(
            "{}",
            martian_i18n::tr!(
                lang.messages(),
                "review-chart-written",
                path = path.display().to_string()
            )
        );
    }
    // A record that breaks the rules is shown as far as it is valid, and the command fails.
    if let Some(stopped) = &review.stopped
        && let StopReason::Record(error) = &stopped.reason
    {
        return Err(UsageError(errors::record_error(m, error)).into());
    }
    Ok(())
}

fn bad_chart(m: &Messages, path: &Path) -> UsageError {
    UsageError(martian_i18n::tr!(
        m,
        "review-bad-chart",
        path = path.display().to_string()
    ))
}

/// Reads the record (checking its format, not yet its rules).
fn load(path: &Path, m: &Messages) -> Result<GameRecord, UsageError> {
    let cannot_read = |e: std::io::Error| {
        UsageError(martian_i18n::tr!(
            m,
            "review-cannot-read",
            path = path.display().to_string(),
            error = e.to_string()
        ))
    };
    let text = if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(cannot_read)?;
        text
    } else {
        std::fs::read_to_string(path).map_err(cannot_read)?
    };
    GameRecord::from_json(&text).map_err(|e: RecordError| UsageError(errors::record_error(m, &e)))
}

/// Loads (or solves, with a progress bar on a terminal) the solutions the review reads; a game
/// beyond the solvers' limits is refused, naming them.
fn load_solutions(record: &GameRecord, m: &Messages) -> Result<(), UsageError> {
    let rules = record.rules;
    let players = record.players.len();
    let game = martian_engine::SolvedGame::for_players(players, rules)
        .map_err(|limit| UsageError::beyond(m, &limit))?;
    match (players, game) {
        (2, _) => {
            crate::cmd::solve::solve_duel(rules, m)?;
        }
        (_, martian_engine::SolvedGame::Trio) => {
            // A failure is the review's to report, position by position.
            let _ = crate::cmd::solve::with_progress_bar(|report| {
                martian_solver::trio_with_progress(rules, report)
            });
        }
        _ => {}
    }
    Ok(())
}

/// A review measured against a card (`--card`).
pub struct Against<'a> {
    /// The card as given: a file or a shipped card's name.
    pub spec: &'a str,
    pub card: &'a Card,
    /// Every seat's decisions against the card.
    pub all: CardReview,
}

/// The review as text: the header, every turn with its decisions, the summary, the ending; with
/// a card, each decision also set against it, and the card's summary.
pub fn text(m: &Messages, review: &Review, against: Option<&Against<'_>>) -> String {
    let n = Numbers::of(m, review);
    let names: Vec<&str> = review.players.iter().map(|p| p.name.as_str()).collect();
    let mut lines = messages::header(m, review);
    let mut scores: Vec<Points> = vec![0; names.len()];
    let mut finished = 0;
    for t in &review.turns {
        lines.push(String::new());
        lines.push(messages::turn_line(m, &names, t, &scores));
        for (index, d) in t
            .decisions
            .clone()
            .zip(&review.decisions[t.decisions.clone()])
        {
            let turn = messages::position_turn(review.rules, d);
            lines.push(format!("  {}", messages::decision(n, d, &turn)));
            if let Some(why) = messages::why(m, d) {
                lines.push(format!("    {why}"));
            }
            if let Some(against) = against
                && let Some(at) = against.all.decisions.iter().find(|c| c.index == index)
            {
                lines.push(format!(
                    "    {}",
                    messages::card_decision(n, against.card, at)
                ));
            }
        }
        lines.push(format!("  {}", messages::move_line(n, names[t.seat], t)));
        if t.finished {
            finished += 1;
            scores[t.seat] += t.score;
            if names.len() > 1
                && let Some(chances) = review.win_probability.get(finished)
            {
                lines.push(format!("  {}", messages::chances_line(n, &names, chances)));
            }
        }
    }
    lines.push(String::new());
    if let Some(stopped) = &review.stopped {
        lines.push(messages::stopped(m, stopped));
    }
    lines.extend(messages::ending(m, review, &scores));
    lines.push(String::new());
    lines.push(martian_i18n::tr!(m, "review-summary"));
    for seat in &review.seats {
        for line in messages::seat_lines(n, review, seat) {
            lines.push(format!("  {line}"));
        }
    }
    lines.push(martian_i18n::tr!(m, "review-accuracy-note"));
    if let Some(against) = against {
        lines.push(String::new());
        lines.extend(messages::card_summary(n, review, against));
    }
    lines.iter().map(|line| format!("{line}\n")).collect()
}
