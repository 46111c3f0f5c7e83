//! The exact values behind `optimal` and the difficulty levels: for a situation, the turn table
//! of the best player the solver offers and what its values measure.
//!
//! - 1 player: the solo solution (values: minus the expected number of turns to the target).
//! - 2 players: the exact duel (values: the mover's probability of winning).
//! - 3 players: the exact three-player equilibrium (targets up to 60 with 13 dice; beyond, the
//!   duel against the strongest opponent).
//! - 4 players: the exact four-player equilibrium (targets up to 26 with 13 dice; beyond, as
//!   for more players).
//! - 5 to 8 players: no exact solution exists; the solver's [`MultiPlayer`] plays the exact
//!   three-player equilibrium of the mover and its two strongest opponents, seated as they sit
//!   (the duel against the strongest one past the three-player game's limit). Values are then
//!   the mover's probability of winning the reduced game.
//!
//! Where even that is beyond the solvers' limits ([`SolvedGame::for_players`]), or a solve fails,
//! the oracle says why ([`Fallback`]) and gives the expected-score table instead — the play of
//! `greedy`, exact for each turn's points and sound: it scores whenever it can, so games end.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use martian_engine::{Rules, Situation, SolveLimit, SolvedGame};
use martian_solver::{
    DuelSolution, MultiPlayer, QuadError, QuadSolution, Reduction, SoloSolution, TurnTable, duel,
    duel_position, expected_score_table, quad, quad_position, solo,
};

/// What the values of a table measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Measure {
    /// The mover's probability of winning the game.
    WinProbability,
    /// Minus the expected number of turns to reach the target alone.
    MinusTurns,
    /// The expected score of the turn.
    Points,
}

/// Why a bot that plays by the solver's exact solutions plays for the expected score of each
/// turn instead (as `greedy` does).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fallback {
    /// The game is beyond what the solvers take under these rules.
    #[error("{0}")]
    BeyondLimit(SolveLimit),
    /// The solve failed (a defect: it is logged with its message).
    #[error("the exact solution could not be computed: {0}")]
    SolveFailed(String),
}

/// The solutions for one set of rules, loaded on first need.
#[derive(Debug)]
pub(crate) struct Oracle {
    rules: Rules,
    solo: Option<Arc<SoloSolution>>,
    duel: Option<Arc<DuelSolution>>,
    multi: Option<MultiPlayer>,
    quad: Option<Arc<QuadSolution>>,
    /// Set once exact play turned out to be out of reach under these rules.
    fallback: Option<Fallback>,
}

/// Runs a solver call, turning a panic into a [`Fallback`].
fn guarded<T>(load: impl FnOnce() -> Result<T, SolveLimit>) -> Result<T, Fallback> {
    match catch_unwind(AssertUnwindSafe(load)) {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(limit)) => Err(Fallback::BeyondLimit(limit)),
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Err(Fallback::SolveFailed(message))
        }
    }
}

impl Oracle {
    pub fn new(rules: Rules) -> Oracle {
        Oracle {
            rules,
            solo: None,
            duel: None,
            multi: None,
            quad: None,
            fallback: None,
        }
    }

    fn reset_for(&mut self, rules: Rules) {
        if rules != self.rules {
            *self = Oracle::new(rules);
        }
    }

    /// Why exact play is out of reach under the current rules, once found out.
    pub fn fallback(&self) -> Option<&Fallback> {
        self.fallback.as_ref()
    }

    /// The game exact play of `players` reads, loaded; `None` (and the reason kept) when out of
    /// reach.
    fn load(&mut self, players: usize) -> Option<SolvedGame> {
        if self.fallback.is_some() {
            return None;
        }
        let rules = self.rules;
        let loaded = SolvedGame::for_players(players, rules)
            .map_err(Fallback::BeyondLimit)
            .and_then(|game| {
                match (game, players) {
                    (SolvedGame::Solo, _) => {
                        if self.solo.is_none() {
                            self.solo = Some(guarded(|| Ok(solo(rules)))?);
                        }
                    }
                    (SolvedGame::Duel, 2) => {
                        if self.duel.is_none() {
                            self.duel = Some(guarded(|| duel(rules))?);
                        }
                    }
                    (SolvedGame::Quad, _) => {
                        if self.quad.is_none() {
                            self.quad = Some(guarded(|| {
                                quad(rules).map_err(|QuadError::TargetTooHigh(limit)| limit)
                            })?);
                        }
                    }
                    (SolvedGame::Duel | SolvedGame::Trio, _) => {
                        if self.multi.is_none() {
                            let reduction = match game {
                                SolvedGame::Trio => Reduction::Trio,
                                _ => Reduction::Duel,
                            };
                            self.multi = Some(guarded(|| MultiPlayer::new(rules, reduction))?);
                        }
                    }
                }
                Ok(game)
            });
        match loaded {
            Ok(game) => Some(game),
            Err(fallback) => {
                self.fallback = Some(fallback);
                None
            }
        }
    }

    /// Loads (solving, or reading the disk cache) what games of `players` under `rules` need, so
    /// that the first decision does not wait.
    pub fn prepare(&mut self, rules: Rules, players: usize) {
        self.reset_for(rules);
        self.load(players);
    }

    /// How games of 3 or more players are played (loading what that reads): exactly (the
    /// three- and four-player games, [`SolvedGame::Trio`], [`SolvedGame::Quad`]) or through the
    /// duel of the mover and its strongest opponent ([`SolvedGame::Duel`]); five players or more
    /// read [`SolvedGame::Trio`] as the reduction to the mover and its two strongest opponents.
    /// `None` when exact play is out of reach.
    pub fn multi_game(&mut self, rules: Rules, players: usize) -> Option<SolvedGame> {
        self.reset_for(rules);
        match self.load(players.max(3))? {
            SolvedGame::Quad => Some(SolvedGame::Quad),
            _ => self.multi.as_ref().map(|multi| match multi.reduction() {
                Reduction::Trio => SolvedGame::Trio,
                Reduction::Duel => SolvedGame::Duel,
            }),
        }
    }

    /// The table of the best play in `situation` and what its values measure.
    pub fn table(&mut self, situation: &Situation<'_>) -> (&TurnTable, Measure) {
        self.reset_for(situation.rules);
        let rules = self.rules;
        let (scores, seat) = (situation.scores, situation.seat);
        let greedy = expected_score_table(rules);
        if self.load(scores.len().max(1)).is_none() {
            return (greedy, Measure::Points);
        }
        match scores.len() {
            1 if scores[0] < rules.target() => {
                let solo = self.solo.as_deref().expect("loaded above");
                (solo.table(scores[0]), Measure::MinusTurns)
            }
            2 => match duel_position(rules, scores, seat) {
                Ok(position) => {
                    let duel = self.duel.as_deref().expect("loaded above");
                    (duel.table(position), Measure::WinProbability)
                }
                Err(_) => (greedy, Measure::Points),
            },
            4 if self.quad.is_some() => match quad_position(rules, scores, seat) {
                Ok(position) => {
                    let quad = self.quad.as_deref().expect("loaded above");
                    (quad.table(position), Measure::WinProbability)
                }
                Err(_) => (greedy, Measure::Points),
            },
            n if n >= 3 => {
                let table = self.multi.as_ref().expect("loaded above").table(situation);
                // The multi-player table falls back on the expected score for positions no game
                // reaches.
                let measure = if std::ptr::eq(table, greedy) {
                    Measure::Points
                } else {
                    Measure::WinProbability
                };
                (table, measure)
            }
            _ => (greedy, Measure::Points),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::{Turn, TurnPhase};

    fn situation_at<'a>(rules: Rules, scores: &'a [u16], turn: &'a Turn) -> Situation<'a> {
        Situation {
            rules,
            scores,
            seat: 0,
            round: 1,
            turn,
            triggered_by: None,
        }
    }

    #[test]
    fn beyond_the_limits_the_expected_score_is_played_and_the_reason_kept() {
        let rules = Rules::official().with_target(999).unwrap();
        let mut oracle = Oracle::new(rules);
        let turn = Turn::new(rules);
        assert_eq!(turn.phase(), TurnPhase::ToRoll);
        for scores in [&[0u16, 0][..], &[0, 0, 0], &[0, 0, 0, 0, 0]] {
            let (table, measure) = oracle.table(&situation_at(rules, scores, &turn));
            assert!(std::ptr::eq(table, expected_score_table(rules)));
            assert_eq!(measure, Measure::Points);
        }
        let Some(Fallback::BeyondLimit(limit)) = oracle.fallback() else {
            panic!("{:?}", oracle.fallback());
        };
        assert_eq!((limit.game, limit.max_target), (SolvedGame::Duel, 758));
        // Alone, exact play takes every target.
        let mut alone = Oracle::new(rules);
        alone.prepare(rules, 1);
        assert_eq!(alone.fallback(), None);
    }

    #[test]
    fn a_solve_that_panics_becomes_a_fallback() {
        let failed = guarded::<()>(|| panic!("bisection gave up"));
        assert_eq!(
            failed.unwrap_err(),
            Fallback::SolveFailed("bisection gave up".into())
        );
    }
}
