//! `martian-dice solve trio`: three players under perfect play, each playing to win.

use std::time::Instant;

use anyhow::Result;
use martian_solver::{Provenance, TRIO_TOLERANCE, TrioError, trio_with_progress};
use serde_json::json;

use martian_i18n::Messages;

use crate::output::UsageError;
use crate::output::emit;
use crate::rules_args::RulesArgs;

pub fn run(json: bool, rules: &RulesArgs, m: &Messages) -> Result<()> {
    let rules = rules.rules()?;
    let started = Instant::now();
    let solved = super::with_progress_bar(|report| trio_with_progress(rules, report));
    let (solution, provenance) = solved.map_err(|e| match e {
        TrioError::TargetTooHigh(limit) => UsageError::beyond(m, &limit),
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let wins = solution.game_wins();
    let source = super::source_name(provenance);
    if json {
        let stats = solution.stats();
        let object = json!({
            "rules": rules,
            "seat_win": wins,
            "tie_rule": "each of k tied leaders wins 1/k (the roll-off is symmetric; a shared victory counts 1/k)",
            "tolerance": TRIO_TOLERANCE,
            "turn_passes": matches!(provenance, Provenance::Computed { .. }).then_some(stats.passes),
            "source": source,
            "seconds": seconds,
        });
        emit(&format!("{object}\n"))
    } else {
        let computed = matches!(provenance, Provenance::Computed { .. });
        emit(&crate::cmd::solve::messages::trio_report(
            m,
            rules,
            wins,
            computed.then_some(seconds),
            provenance == Provenance::Disk,
        ))
    }
}
