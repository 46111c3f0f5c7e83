//! Exact solutions of Martian Dice.
//!
//! - [`TurnSpace`] / [`TurnTable`]: the optimal play of one turn for *any* utility of the turn's
//!   final score, from any turn state, for 1–30 dice and both bonus readings; the score
//!   distribution under that play. [`expected_score_table`] is the expected-score player.
//! - [`DuelSolution`]: two players under optimal play — every position's win probability and the
//!   best decision in every turn state.
//! - [`SoloSolution`]: the fewest expected turns to reach the target.
//! - [`advise`]: the options of a decision with their values.
//!
//! Tables that take long to compute are cached on disk (see [`cache`]).

#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]

mod advise;
pub mod cache;
mod duel;
mod error;
#[cfg(test)]
mod fraction;
mod multi;
mod solo;
mod trio;
mod turn;

pub use advise::{Advice, AdviceMeasure, AdviceOption, AdviceRequest, advise};
pub use duel::{
    DuelPosition, DuelSolution, Progress, Provenance, TIE_VALUE, duel, duel_position,
    duel_with_progress,
};
pub use error::{CacheError, PositionError};
pub use solo::{SoloSolution, solo};
pub use multi::{MultiPlayer, Reduced, Reduction, reduce};
pub use trio::{
    MAX_TRIO_TARGET, TRIO_TOLERANCE, TrioError, TrioPosition, TrioSolution, TrioStats, trio,
    trio_position, trio_with_progress,
};
pub use turn::{ActionValues, StartValue, TurnSolver, TurnSpace, TurnTable, expected_score_table};
