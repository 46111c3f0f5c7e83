//! `martian-dice solve quad`: four players under perfect play, each playing to win.

use std::time::Instant;

use anyhow::Result;
use martian_solver::{Provenance, QUAD_TOLERANCE, QuadError, quad_with_progress};
use serde_json::json;

use martian_i18n::Messages;

use crate::output::UsageError;
use crate::output::emit;
use crate::rules_args::RulesArgs;

pub fn run(json: bool, rules: &RulesArgs, m: &Messages) -> Result<()> {
    let rules = rules.rules()?;
    let started = Instant::now();
    let solved = super::with_progress_bar(|report| quad_with_progress(rules, report));
    let (solution, provenance) = solved.map_err(|e| match e {
        QuadError::TargetTooHigh(limit) => UsageError::beyond(m, &limit),
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let wins = solution.game_wins();
    let stats = solution.stats();
    let computed = matches!(provenance, Provenance::Computed { .. });
    let source = super::source_name(provenance);
    if json {
        let object = json!({
            "rules": rules,
            "seat_win": wins,
            "tie_rule": "each of k tied leaders wins 1/k (the roll-off is symmetric; a shared victory counts 1/k)",
            "tolerance": QUAD_TOLERANCE,
            "mixed_tuples": stats.mixed_tuples,
            "turn_passes": computed.then_some(stats.passes),
            "worst_residual": computed.then_some(stats.worst_residual),
            "source": source,
            "seconds": seconds,
        });
        emit(&format!("{object}\n"))
    } else {
        emit(&crate::cmd::solve::messages::quad_report(
            m,
            rules,
            wins,
            stats.mixed_tuples,
            computed.then_some(seconds),
            provenance == Provenance::Disk,
        ))
    }
}
