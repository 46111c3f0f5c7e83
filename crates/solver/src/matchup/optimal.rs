//! Perfect play's turn-score distribution at every position of a duel, computed once from the
//! duel solution's tables and kept on disk beside them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use martian_engine::{BONUS_POINTS, EndRule, Points, Rules, SolveLimit, Turn};
use rayon::prelude::*;

use crate::cache::{TableCache, f64s_from_bytes, f64s_to_bytes};
use crate::duel::{DuelPosition, duel};

/// The cache file kind of these distributions.
const KIND: &str = "duel-turns";

/// Payloads larger than this are computed in each process rather than stored (a target of a
/// few hundred: the tables behind them take long to build anyway).
const MAX_STORED_BYTES: usize = 64 << 20;

/// Perfect play's turn: the probability of each final score, per position of the duel.
#[derive(Debug)]
pub(super) struct OptimalTurns {
    target: usize,
    /// The scores `0..=max_score` of a turn.
    width: usize,
    /// Rows: the open positions `(seat * target + a) * target + b`, then the last turn per need
    /// `0..=max_score + 1` (a greater need is as hopeless).
    rows: Vec<f64>,
}

impl OptimalTurns {
    fn positions(rules: Rules) -> Vec<DuelPosition> {
        let t = rules.target();
        let max_score = Points::from(rules.dice()) + BONUS_POINTS;
        let mut positions = Vec::new();
        for seat in 0..2 {
            for a in 0..t {
                for b in 0..t {
                    positions.push(DuelPosition::Open {
                        seat,
                        scores: [a, b],
                    });
                }
            }
        }
        if rules.end() == EndRule::CompleteRound {
            positions.extend((0..=max_score + 1).map(|need| DuelPosition::LastTurn { need }));
        }
        positions
    }

    fn compute(rules: Rules) -> Result<OptimalTurns, SolveLimit> {
        let solution = duel(rules)?;
        let rows: Vec<Vec<f64>> = OptimalTurns::positions(rules)
            .par_iter()
            .map(|&position| {
                solution
                    .table(position)
                    .score_distribution(&Turn::new(rules))
            })
            .collect();
        Ok(OptimalTurns {
            target: usize::from(rules.target()),
            width: usize::from(rules.dice()) + usize::from(BONUS_POINTS) + 1,
            rows: rows.concat(),
        })
    }

    fn from_payload(rules: Rules, mut bytes: &[u8]) -> Option<OptimalTurns> {
        let width = usize::from(rules.dice()) + usize::from(BONUS_POINTS) + 1;
        let count = OptimalTurns::positions(rules).len() * width;
        let rows = f64s_from_bytes(&mut bytes, count)?;
        let sane = rows.iter().all(|p| (0.0..=1.0).contains(p));
        (bytes.is_empty() && sane).then_some(OptimalTurns {
            target: usize::from(rules.target()),
            width,
            rows,
        })
    }

    /// The distribution of the turn perfect play plays in `position`.
    pub fn scores(&self, position: DuelPosition) -> &[f64] {
        let t = self.target;
        let row = match position {
            DuelPosition::Open { seat, scores } => {
                (seat * t + usize::from(scores[0])) * t + usize::from(scores[1])
            }
            DuelPosition::LastTurn { need } => 2 * t * t + usize::from(need).min(self.width),
        };
        &self.rows[row * self.width..(row + 1) * self.width]
    }
}

/// The distributions for `rules`: from this process's memory, else the user's disk cache, else
/// computed from the duel solution (solved or read as [`duel`] does) and stored; rules beyond
/// the duel solver's limits have none.
pub(super) fn optimal_turns(rules: Rules) -> Result<Arc<OptimalTurns>, SolveLimit> {
    type All = Mutex<HashMap<Rules, Arc<OptimalTurns>>>;
    static ALL: OnceLock<All> = OnceLock::new();
    let all = ALL.get_or_init(Default::default);
    if let Some(turns) = all.lock().unwrap_or_else(|e| e.into_inner()).get(&rules) {
        return Ok(Arc::clone(turns));
    }
    let cache = TableCache::user().ok();
    let loaded = cache
        .as_ref()
        .and_then(|cache| cache.load(KIND, rules).0)
        .and_then(|payload| OptimalTurns::from_payload(rules, &payload));
    let turns = match loaded {
        Some(turns) => turns,
        None => {
            let turns = OptimalTurns::compute(rules)?;
            if let Some(cache) = &cache
                && turns.rows.len() * 8 <= MAX_STORED_BYTES
            {
                let mut payload = Vec::with_capacity(turns.rows.len() * 8);
                f64s_to_bytes(&turns.rows, &mut payload);
                // A cache that cannot be written only costs the next process the computation.
                let _ = cache.store(KIND, rules, &payload);
            }
            turns
        }
    };
    Ok(Arc::clone(
        all.lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(rules)
            .or_insert_with(|| Arc::new(turns)),
    ))
}
