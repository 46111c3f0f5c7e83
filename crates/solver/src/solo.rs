//! Solo play: the fewest expected turns to reach the target.
//!
//! `E(s)`, the expected number of turns still needed from a banked `s`, is 0 from the target on.
//! Below it, a turn's utility for banking `k` points is `-E(s + k)`, and `E(s) = 1 - (best
//! expected utility)`. A turn that scores 0 comes back to `s` itself: that fixed point is found by
//! safeguarded Newton steps (the slope is the turn's probability of scoring 0, below 1), to within
//! 1e-12 of `E(s)` (see [`crate::cycle`]). The turn tables are built when first asked about.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use martian_engine::{Action, Points, Rules, Situation};

use crate::cycle::{Evaluation, fixed_point};
use crate::error::PositionError;
use crate::turn::{ActionValues, TurnSolver, TurnSpace, TurnTable};

const TOLERANCE: f64 = 1e-12;

/// The solved solo game for one set of rules.
#[derive(Debug)]
pub struct SoloSolution {
    rules: Rules,
    space: Arc<TurnSpace>,
    /// `E(s)` for `s` below the target.
    expected: Vec<f64>,
    tables: Vec<OnceLock<TurnTable>>,
}

fn utility(expected: &[f64], max_score: Points, s: usize, stay: f64) -> Vec<f64> {
    (0..=usize::from(max_score))
        .map(|k| match k {
            0 => -stay,
            _ => -expected.get(s + k).copied().unwrap_or(0.0),
        })
        .collect()
}

impl SoloSolution {
    /// Solves the solo game for `rules` (milliseconds for the official rules).
    pub fn solve(rules: Rules) -> SoloSolution {
        let space = TurnSpace::for_rules(rules);
        let t = usize::from(rules.target());
        let mut expected = vec![0.0; t];
        let mut solver = TurnSolver::new(Arc::clone(&space));
        for s in (0..t).rev() {
            let after: f64 = expected.get(s + 1).copied().unwrap_or(0.0);
            // One turn more than from a point higher, or the trend of the last two scores.
            let guess = match expected.get(s + 2) {
                Some(&further) => (2.0 * after - further).max(after),
                None => after + 1.0,
            };
            // At least one more turn than from a point higher; no upper bound known yet.
            let cycle = |x: f64| {
                let start =
                    solver.start_tracking_zero(&utility(&expected, space.max_score(), s, x));
                Evaluation {
                    value: 1.0 - start.value,
                    slope: start.zero,
                    result: (),
                }
            };
            let bracket = (after.max(1.0), f64::INFINITY);
            let tolerance = |x: f64| TOLERANCE * x.max(1.0);
            expected[s] = fixed_point(bracket, guess, tolerance, cycle).x;
        }
        SoloSolution {
            rules,
            space,
            expected,
            tables: (0..t).map(|_| OnceLock::new()).collect(),
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The expected number of turns from the start of the game.
    pub fn expected_turns(&self) -> f64 {
        self.expected_turns_from(0)
    }

    /// The expected number of turns still needed with `score` banked (0 from the target on).
    pub fn expected_turns_from(&self, score: Points) -> f64 {
        self.expected
            .get(usize::from(score))
            .copied()
            .unwrap_or(0.0)
    }

    /// The optimal turn with `score` banked: its utility for banking `k` points is minus the
    /// expected turns still needed afterwards.
    ///
    /// # Panics
    /// When `score` is not below the target.
    pub fn table(&self, score: Points) -> &TurnTable {
        let s = usize::from(score);
        self.tables[s].get_or_init(|| {
            let u = utility(&self.expected, self.space.max_score(), s, self.expected[s]);
            self.space.solve(&u)
        })
    }

    /// The number of turns still expected at the start of this one (this one included) for a
    /// value of [`SoloSolution::table`].
    pub fn turns_from_value(value: f64) -> f64 {
        1.0 - value
    }

    fn check(&self, situation: &Situation<'_>) -> Result<Points, PositionError> {
        if situation.rules != self.rules || situation.turn.rules() != self.rules {
            return Err(PositionError::RulesMismatch);
        }
        let &[score] = situation.scores else {
            return Err(PositionError::Players {
                given: situation.scores.len(),
                expected: 1,
            });
        };
        if score >= self.rules.target() {
            return Err(PositionError::GameOver {
                seat: 0,
                score,
                target: self.rules.target(),
                rule: "solo",
            });
        }
        Ok(score)
    }

    /// The decision that minimises the expected number of turns.
    pub fn best_action(&self, situation: &Situation<'_>) -> Result<Option<Action>, PositionError> {
        let score = self.check(situation)?;
        Ok(self.table(score).best_action(situation.turn))
    }

    /// Minus the expected number of turns after each decision (counting this turn as one).
    pub fn action_values(&self, situation: &Situation<'_>) -> Result<ActionValues, PositionError> {
        let score = self.check(situation)?;
        Ok(self.table(score).action_values(situation.turn))
    }
}

/// The solo solution for `rules`, solved once per process.
pub fn solo(rules: Rules) -> Arc<SoloSolution> {
    type Solutions = Mutex<HashMap<Rules, Arc<SoloSolution>>>;
    static SOLUTIONS: OnceLock<Solutions> = OnceLock::new();
    let solutions = SOLUTIONS.get_or_init(Default::default);
    if let Some(solution) = solutions
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&rules)
    {
        return Arc::clone(solution);
    }
    let solution = Arc::new(SoloSolution::solve(rules));
    Arc::clone(
        solutions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(rules)
            .or_insert(solution),
    )
}

#[cfg(test)]
mod tests {
    use martian_engine::{Awaiting, Game, seeded_rng};

    use super::*;

    fn rules(dice: u8, target: Points) -> Rules {
        Rules::official()
            .with_dice(dice)
            .unwrap()
            .with_target(target)
            .unwrap()
    }

    #[test]
    fn one_die_is_worked_by_hand() {
        // One die scores 1 with probability ½ (an earthling), else 0: a geometric wait of 2 turns
        // per point.
        for target in 1..=5 {
            let solution = SoloSolution::solve(rules(1, target));
            assert!((solution.expected_turns() - 2.0 * f64::from(target)).abs() < 1e-12);
        }
    }

    #[test]
    fn expected_turns_fall_as_the_score_rises_and_match_their_tables() {
        let solution = SoloSolution::solve(Rules::official());
        let t = solution.rules().target();
        for s in 0..t {
            let e = solution.expected_turns_from(s);
            assert!(e >= 1.0);
            assert!(e >= solution.expected_turns_from(s + 1) - 1e-12);
            let from_table = SoloSolution::turns_from_value(solution.table(s).start_value());
            assert!((from_table - e).abs() < 1e-11, "{s}: {from_table} vs {e}");
        }
        assert_eq!(solution.expected_turns_from(t), 0.0);
    }

    #[test]
    fn simulated_solo_games_take_the_computed_number_of_turns() {
        for rules in [Rules::official(), rules(6, 10)] {
            let solution = SoloSolution::solve(rules);
            let mut rng = seeded_rng(11);
            let games = 20_000;
            let mut turns = Vec::with_capacity(games);
            for _ in 0..games {
                let mut game = Game::new(rules, 1).unwrap().without_history();
                let mut count = 0u32;
                loop {
                    match game.awaiting() {
                        Awaiting::Nothing => break,
                        Awaiting::Decision { .. } => {
                            let action = solution.best_action(&game.situation()).unwrap().unwrap();
                            game.play(action).unwrap();
                        }
                        Awaiting::TurnRoll { .. } => {
                            if game.turn().aside().is_empty() {
                                count += 1;
                            }
                            game.roll(&mut rng).unwrap();
                        }
                        Awaiting::RollOffRoll { .. } => unreachable!("no roll-off alone"),
                    }
                }
                turns.push(f64::from(count));
            }
            let n = games as f64;
            let mean = turns.iter().sum::<f64>() / n;
            let variance = turns.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (n - 1.0);
            let standard_error = (variance / n).sqrt();
            let want = solution.expected_turns();
            assert!(
                (mean - want).abs() < 5.0 * standard_error,
                "{rules}: measured {mean}, computed {want}, standard error {standard_error}"
            );
        }
    }
}
