//! The exact values behind `optimal` and the difficulty levels: for a situation, the turn table
//! of the best player the solver offers and what its values measure.
//!
//! - 1 player: the solo solution (values: minus the expected number of turns to the target).
//! - 2 players: the exact duel (values: the mover's probability of winning).
//! - 3 players: the exact three-player equilibrium (targets up to 60; beyond, the duel against
//!   the strongest opponent).
//! - 4 to 8 players: no exact solution exists; the solver's [`MultiPlayer`] plays the exact
//!   three-player equilibrium of the mover and its two strongest opponents, seated as they sit
//!   (the duel against the strongest one past a target of 60). Values are then the mover's
//!   probability of winning the reduced game.

use std::sync::Arc;

use martian_engine::{Rules, Situation};
use martian_solver::{
    DuelSolution, MultiPlayer, Reduction, SoloSolution, TurnTable, duel, duel_position,
    expected_score_table, solo,
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

/// The solutions for one set of rules, loaded on first need.
#[derive(Debug)]
pub(crate) struct Oracle {
    rules: Rules,
    solo: Option<Arc<SoloSolution>>,
    duel: Option<Arc<DuelSolution>>,
    multi: Option<MultiPlayer>,
}

impl Oracle {
    pub fn new(rules: Rules) -> Oracle {
        Oracle {
            rules,
            solo: None,
            duel: None,
            multi: None,
        }
    }

    fn reset_for(&mut self, rules: Rules) {
        if rules != self.rules {
            *self = Oracle::new(rules);
        }
    }

    fn load_duel(&mut self) {
        let rules = self.rules;
        self.duel.get_or_insert_with(|| duel(rules));
    }

    fn load_solo(&mut self) {
        let rules = self.rules;
        self.solo.get_or_insert_with(|| solo(rules));
    }

    fn load_multi(&mut self) {
        let rules = self.rules;
        self.multi.get_or_insert_with(|| {
            MultiPlayer::new(rules, Reduction::Trio)
                .or_else(|_| MultiPlayer::new(rules, Reduction::Duel))
                .expect("the duel reduction takes every rule set")
        });
    }

    /// Loads (solving, or reading the disk cache) what games of `players` under `rules` need, so
    /// that the first decision does not wait.
    pub fn prepare(&mut self, rules: Rules, players: usize) {
        self.reset_for(rules);
        match players {
            1 => self.load_solo(),
            2 => self.load_duel(),
            _ => self.load_multi(),
        }
    }

    /// The reduction games of 3 or more players are played through (loading it).
    pub fn multi_reduction(&mut self, rules: Rules) -> Reduction {
        self.reset_for(rules);
        self.load_multi();
        self.multi.as_ref().expect("loaded above").reduction()
    }

    /// The table of the best play in `situation` and what its values measure.
    pub fn table(&mut self, situation: &Situation<'_>) -> (&TurnTable, Measure) {
        self.reset_for(situation.rules);
        let rules = self.rules;
        let (scores, seat) = (situation.scores, situation.seat);
        let greedy = expected_score_table(rules);
        match scores.len() {
            1 if scores[0] < rules.target() => {
                self.load_solo();
                let solo = self.solo.as_deref().expect("loaded above");
                (solo.table(scores[0]), Measure::MinusTurns)
            }
            2 => match duel_position(rules, scores, seat) {
                Ok(position) => {
                    self.load_duel();
                    let duel = self.duel.as_deref().expect("loaded above");
                    (duel.table(position), Measure::WinProbability)
                }
                Err(_) => (greedy, Measure::Points),
            },
            n if n >= 3 => {
                self.load_multi();
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
