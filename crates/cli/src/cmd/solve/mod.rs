//! `martian-dice solve turn|duel|solo|trio|quad`: exact values of perfect play.

use std::io::IsTerminal;
use std::time::Instant;

use anyhow::Result;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use martian_engine::{Rules, Turn};
use martian_i18n::{Lang, Messages};
use martian_solver::{DuelSolution, Progress, Provenance, expected_score_table, solo};
use serde_json::json;

use crate::output::{UsageError, emit};
use crate::rules_args::RulesArgs;

pub mod messages;
mod quad;
mod trio;

use messages as msg;

/// Solve the game exactly: a turn, a duel, three players, or solo play.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(subcommand)]
    pub what: SolveCommand,
}

#[derive(Debug, Subcommand)]
pub enum SolveCommand {
    /// One turn played to maximise its expected score: that score and the distribution of the
    /// final score.
    Turn(SolveOptions),
    /// Two players, each playing to win: each seat's probability of winning.
    Duel(SolveOptions),
    /// One player reaching the target in as few turns as possible: the expected number of turns.
    Solo(SolveOptions),
    /// Three players, each playing to win (exact equilibrium): each seat's probability of winning.
    Trio(SolveOptions),
    /// Four players, each playing to win (exact equilibrium, mixed where no pure one exists):
    /// each seat's probability of winning.
    Quad(SolveOptions),
}

#[derive(Debug, Args)]
pub struct SolveOptions {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}

pub fn run(args: SolveArgs, lang: Lang) -> Result<()> {
    let m = lang.messages();
    match args.what {
        SolveCommand::Turn(options) => turn(&options, m),
        SolveCommand::Duel(options) => duel(&options, m),
        SolveCommand::Solo(options) => solo_game(&options, m),
        SolveCommand::Trio(options) => trio::run(options.json, &options.rules, m),
        SolveCommand::Quad(options) => quad::run(options.json, &options.rules, m),
    }
}

fn turn(options: &SolveOptions, m: &Messages) -> Result<()> {
    let rules = options.rules.rules()?;
    let table = expected_score_table(rules);
    let distribution = table.score_distribution(&Turn::new(rules));
    let expected = table.start_value();
    if options.json {
        let object = json!({
            "rules": rules,
            "expected_score": expected,
            "distribution": distribution,
        });
        emit(&format!("{object}\n"))
    } else {
        emit(&msg::turn_report(m, rules, expected, &distribution))
    }
}

/// A progress bar on stderr when it is a terminal; nothing otherwise.
pub fn progress_bar() -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(1);
    bar.set_style(
        ProgressStyle::with_template("solving {bar:40} {pos}/{len} positions  eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    Some(bar)
}

/// Runs `solve` with a progress bar on a terminal fed by the progress it reports.
pub fn with_progress_bar<T>(solve: impl FnOnce(&(dyn Fn(Progress) + Sync)) -> T) -> T {
    let bar = progress_bar();
    let report = |p: Progress| {
        if let Some(bar) = &bar {
            bar.set_length(p.total);
            bar.set_position(p.done);
        }
    };
    let solved = solve(&report);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    solved
}

/// Where a solution came from, as `--json` names it.
fn source_name(provenance: Provenance) -> &'static str {
    match provenance {
        Provenance::Memory => "memory",
        Provenance::Disk => "cache",
        Provenance::Computed { .. } => "computed",
    }
}

/// The duel solution for `rules`, with a progress bar while it is computed; beyond the solver's
/// limits, a usage error naming them.
pub fn solve_duel(
    rules: Rules,
    m: &Messages,
) -> Result<(std::sync::Arc<DuelSolution>, Provenance), UsageError> {
    with_progress_bar(|report| martian_solver::duel_with_progress(rules, report))
        .map_err(|limit| UsageError::beyond(m, &limit))
}

fn duel(options: &SolveOptions, m: &Messages) -> Result<()> {
    let rules = options.rules.rules()?;
    let started = Instant::now();
    let (solution, provenance) = solve_duel(rules, m)?;
    let seconds = started.elapsed().as_secs_f64();
    let wins = solution.game_wins();
    let (source, from_disk) = (source_name(provenance), provenance == Provenance::Disk);
    if options.json {
        let t = rules.target();
        // Seat 1's chance in its last turn when seat 0 finished `k` points ahead.
        let last_turn: Vec<f64> = match rules.end() {
            martian_engine::EndRule::CompleteRound => (1..=t)
                .map(|need| solution.mover_win(martian_solver::DuelPosition::LastTurn { need }))
                .collect(),
            martian_engine::EndRule::Immediate => Vec::new(),
        };
        let object = json!({
            "rules": rules,
            "first_player_win": wins[0],
            "second_player_win": wins[1],
            "tie_value": martian_solver::TIE_VALUE,
            "second_player_last_turn_win_by_deficit": last_turn,
            "source": source,
            "seconds": seconds,
        });
        emit(&format!("{object}\n"))
    } else {
        let shown =
            (!from_disk && matches!(provenance, Provenance::Computed { .. })).then_some(seconds);
        emit(&msg::duel_report(m, rules, wins, shown, from_disk))
    }
}

fn solo_game(options: &SolveOptions, m: &Messages) -> Result<()> {
    let rules = options.rules.rules()?;
    let solution = solo(rules);
    let expected = solution.expected_turns();
    if options.json {
        let by_score: Vec<f64> = (0..rules.target())
            .map(|s| solution.expected_turns_from(s))
            .collect();
        let object = json!({
            "rules": rules,
            "expected_turns": expected,
            "expected_turns_by_score": by_score,
        });
        emit(&format!("{object}\n"))
    } else {
        emit(&msg::solo_report(m, rules, expected))
    }
}
