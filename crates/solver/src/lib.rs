//! Exact solutions of Martian Dice.
//!
//! - [`TurnSpace`] / [`TurnTable`]: the optimal play of one turn for *any* utility of the turn's
//!   final score (a slice indexed by score, or [`TurnSpace::solve_with`] a function), from any
//!   turn state, for 1–30 dice and both bonus readings; the score distribution under that play.
//!   [`expected_score_table`] is the expected-score player, built once per process.
//! - [`DuelSolution`] ([`duel`]): two players under optimal play — every position's win
//!   probability and the best decision in every turn state, the second seat's last turn and the
//!   roll-off included. Cached on disk.
//! - [`QuadSolution`] ([`quad`]): four players under optimal play, the same way (a few score
//!   tuples are mixed equilibria: see the module's docs).
//! - [`SoloSolution`] ([`solo`]): the fewest expected turns to reach the target.
//! - [`duel_match`]: the exact chance that one player beats another in a duel when both play
//!   by fixed rules (perfect play, the expected-score play, or any [`DecisionPolicy`]: a bot, a
//!   level, a strategy card), from each seat; [`PolicyTurns`] gives the exact distribution of a
//!   turn's score under a policy.
//! - [`advise`]: the options of a decision with their values, and the best;
//!   [`advise_with_reason`] adds why the best is best ([`Reason`]: the exact difference between
//!   the best option and the next best split into its parts, the largest named).
//! - [`figures`]: how many decimals a figure needs, the rule every interface shows values by.
//!
//! Tables that take long to compute are cached on disk (see [`cache`]).
//!
//! A bot deciding through the duel solution (a few array reads per decision):
//!
//! ```
//! use martian_engine::{Awaiting, Game, Rules, seeded_rng};
//! # let rules = Rules::official().with_dice(5).unwrap().with_target(6).unwrap();
//! let solution = martian_solver::DuelSolution::solve(rules, &|_| {});
//! let mut game = Game::new(rules, 2).unwrap();
//! let mut rng = seeded_rng(1);
//! while game.awaiting() != Awaiting::Nothing {
//!     if let Awaiting::Decision { .. } = game.awaiting() {
//!         let action = solution.best_action(&game.situation()).unwrap().unwrap();
//!         game.play(action).unwrap();
//!     } else {
//!         game.roll(&mut rng).unwrap();
//!     }
//! }
//! ```
//!
//! The turn solver serves any game model: give it the value of banking each score.
//!
//! ```
//! use martian_engine::{Rules, Turn};
//! use martian_solver::TurnSpace;
//! let space = TurnSpace::for_rules(Rules::official());
//! // The chance to score at least 10 points in a turn, and how to play for it.
//! let table = space.solve_with(|score| if score >= 10 { 1.0 } else { 0.0 });
//! let p = table.start_value();
//! assert!(p > 0.0 && p < 0.2);
//! let distribution = table.score_distribution(&Turn::new(Rules::official()));
//! assert!((distribution[10..].iter().sum::<f64>() - p).abs() < 1e-12);
//! ```

mod advise;
pub mod cache;
mod cycle;
mod duel;
mod error;
mod eval;
mod explain;
pub mod figures;
#[cfg(test)]
mod fraction;
mod lazy;
#[cfg(test)]
mod limits;
mod matchup;
mod multi;
mod policy;
mod quad;
mod solo;
mod trio;
mod turn;

pub use advise::{
    Advice, AdviceMeasure, AdviceOption, AdviceRequest, advise, advise_against, advise_with_reason,
    explain,
};
pub use duel::{
    DuelPosition, DuelSolution, DuelStats, Progress, Provenance, TIE_VALUE, duel, duel_at_hand,
    duel_position, duel_with_progress,
};
pub use error::{CacheError, PositionError};
pub use explain::{
    Cause, Claim, Comparison, DecisionKind, Indifference, OptionEnd, Parts, Reason, ReasonArg,
    ReasonKind, Stakes, face_word,
};
pub use matchup::{MatchError, MatchValue, TurnPlay, duel_match};
pub use multi::{MultiPlayer, Reduced, Reduction, reduce};
pub use policy::{
    ActionProbabilities, DecisionPolicy, PolicyError, PolicyTurns, TurnDescription, TurnView,
};
pub use quad::{
    MixedTuple, QUAD_TOLERANCE, QuadError, QuadPosition, QuadSolution, QuadStats, quad,
    quad_at_hand, quad_position, quad_table_slot, quad_table_slots, quad_with_progress,
};
pub use solo::{SoloSolution, solo};
pub use trio::{
    MAX_TRIO_TARGET, TRIO_TOLERANCE, TrioError, TrioPosition, TrioSolution, TrioStats, trio,
    trio_at_hand, trio_position, trio_with_progress,
};
/// Whether what exact play in a game of `players` under `rules` reads is at hand (see
/// [`duel_at_hand`]): loading it then takes moments, where solving it may take minutes. The
/// solo solution is always quick to solve. Rules beyond the solvers' limits have nothing to
/// prepare (exact play refuses them at once).
pub fn solutions_at_hand(rules: martian_engine::Rules, players: usize) -> bool {
    use martian_engine::SolvedGame;
    match SolvedGame::for_players(players, rules) {
        Err(_) | Ok(SolvedGame::Solo) => true,
        Ok(SolvedGame::Duel) => duel_at_hand(rules),
        Ok(SolvedGame::Trio) => duel_at_hand(rules) && trio_at_hand(rules),
        Ok(SolvedGame::Quad) => quad_at_hand(rules),
    }
}
pub use martian_engine::{SolveLimit, SolvedGame};
pub use turn::{
    ActionValues, Ending, StartValue, TurnLedger, TurnOutlook, TurnSolver, TurnSpace, TurnTable,
    expected_score_table,
};
