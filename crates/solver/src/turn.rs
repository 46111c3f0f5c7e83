//! The optimal play of one turn for any utility of the turn's final score.
//!
//! A turn is a finite DAG: every take sets aside at least one die. What matters about the dice set
//! aside is captured exactly by a *compact state*:
//! - `n`, the dice left to roll;
//! - `d`, death rays minus tanks, clamped to `-(n+1)..=n` (with `d ≥ n` the tanks can never catch
//!   up; with `d < -n` the rays never can, so the turn is certainly a bust);
//! - how many earthling types are taken (0–3): the three types play alike (one side each, the
//!   bonus needs all or any of them), so which ones are taken does not matter, only how many;
//! - `e`, how many earthlings are aside.
//!
//! The score is 0 when `d < 0`, else `e` plus the bonus (earned by the number of types taken),
//! and the future depends on nothing else. The tests check this equivalence exhaustively against a recursion over engine
//! [`Turn`]s for up to 6 dice.
//!
//! [`TurnSpace`] holds the states and roll outcomes of a number of dice and a bonus reading;
//! [`TurnSpace::solve`] turns a utility into a [`TurnTable`], whose lookups are a few array reads.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

mod ending;
mod outlook;
mod solve;
mod space;
mod table;

pub use ending::{Ending, TurnLedger};
pub use outlook::TurnOutlook;
pub(crate) use solve::TurnSolverPool;
pub use solve::{StartValue, TurnSolver};
pub use space::TurnSpace;
pub use table::{ActionValues, TurnTable};

use martian_engine::{BonusRule, Dice, Face, FaceSet, Rules};
use space::{Key, Step};

/// Values closer than this (relative to their size) are treated as equal when choosing an action,
/// so that decisions do not hinge on rounding: ties go to stopping, then to death rays, then to the
/// earthling type with the most dice.
const TIE: f64 = 1e-12;

/// Whether `candidate` is better than `incumbent` by more than rounding noise.
#[inline]
fn clearly_better(candidate: f64, incumbent: f64) -> bool {
    candidate > incumbent + TIE * incumbent.abs().max(1.0)
}

/// The earthling faces.
const EARTHLINGS: [Face; 3] = Face::EARTHLINGS;

/// The legal takes in the order that wins ties: death rays, then earthlings by decreasing count
/// (then H, C, K). The solver's passes use the same order, so the policy they evaluate is the one
/// [`TurnTable::best_take`] plays.
#[inline]
fn tie_order(legal: FaceSet, roll: Dice) -> impl Iterator<Item = Face> {
    let mut earthlings = EARTHLINGS;
    earthlings.sort_by_key(|&f| std::cmp::Reverse(roll.count(f)));
    std::iter::once(Face::DeathRay)
        .chain(earthlings)
        .filter(move |&f| legal.contains(f))
}

/// `aside` with `count` more dice of `face`.
#[inline]
fn with_added(aside: Dice, face: Face, count: u8) -> Dice {
    let mut counts = aside.counts();
    counts[face.index()] += count;
    Dice::from_counts(counts).expect("a take never exceeds the dice of the turn")
}

/// The turn table that maximises the expected score, for the dice and bonus reading of `rules`;
/// built once per process.
pub fn expected_score_table(rules: Rules) -> &'static TurnTable {
    type Tables = Mutex<HashMap<(u8, BonusRule), &'static TurnTable>>;
    static TABLES: OnceLock<Tables> = OnceLock::new();
    let tables = TABLES.get_or_init(Default::default);
    let key = (rules.dice(), rules.bonus());
    if let Some(&table) = tables.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return table;
    }
    // Solved outside the lock; a race only wastes one solve.
    let space = TurnSpace::for_rules(rules);
    let table: &'static TurnTable = Box::leak(Box::new(space.solve_with(f64::from)));
    tables
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(key)
        .or_insert(table)
}

#[cfg(test)]
mod tests;
