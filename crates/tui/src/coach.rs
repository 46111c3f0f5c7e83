//! The coach: the value of each option at a decision, and what a decision cost.
//!
//! The values come from an [`Advisor`] (the solver); the coach only ranks and presents them.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use martian_engine::{Action, Points, Rules, Situation};
use martian_solver::DuelSolution;

/// What the values measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The probability of winning the game (a solved position), from 0 to 1.
    WinProbability,
    /// The expected score of the turn.
    TurnPoints,
}

/// The value of every legal option at one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub measure: Measure,
    /// One value per legal action, best first.
    pub values: Vec<(Action, f64)>,
    /// Better values are being worked out (the chance to win): ask again later.
    pub provisional: bool,
}

impl Advice {
    /// Advice with the values sorted best first.
    pub fn new(measure: Measure, mut values: Vec<(Action, f64)>) -> Advice {
        values.sort_by(|a, b| b.1.total_cmp(&a.1));
        Advice {
            measure,
            values,
            provisional: false,
        }
    }

    /// This advice, marked as standing in until better values are ready.
    #[must_use]
    pub fn provisional(mut self) -> Advice {
        self.provisional = true;
        self
    }

    pub fn best(&self) -> Option<(Action, f64)> {
        self.values.first().copied()
    }

    pub fn value_of(&self, action: Action) -> Option<f64> {
        self.values
            .iter()
            .find(|(a, _)| *a == action)
            .map(|&(_, v)| v)
    }

    /// How much less than the best `action` is worth (0 for the best or an equal one).
    pub fn cost_of(&self, action: Action) -> Option<f64> {
        let (_, best) = self.best()?;
        Some((best - self.value_of(action)?).max(0.0))
    }

    /// A value as the coach shows it: "61.2%" or "7.43".
    pub fn format_value(&self, value: f64) -> String {
        match self.measure {
            Measure::WinProbability => format!("{:.1}%", value * 100.0),
            Measure::TurnPoints => format!("{value:.2}"),
        }
    }

    /// A difference as the coach shows it: "3.2 pts of win chance" or "0.41 points".
    pub fn format_cost(&self, cost: f64) -> String {
        match self.measure {
            Measure::WinProbability => format!("{:.1}% win chance", cost * 100.0),
            Measure::TurnPoints => format!("{cost:.2} points"),
        }
    }
}

/// A source of values for decisions: the solver, behind whatever caching it does.
pub trait Advisor {
    /// The values of the options of `situation`, which awaits a decision; `None` when there is no
    /// solution for it.
    fn advise(&mut self, situation: &Situation<'_>) -> Option<Advice>;
}

/// The largest target for which the coach works out a duel's chances to win: the solution takes
/// time growing with the square of the target (about 20 s at 100 in release builds), once; it is
/// then kept on disk by the solver.
pub const MAX_DUEL_TARGET: Points = 100;

/// The solver's values: in a game of two, each option's probability of winning under optimal
/// play from there on (the duel solution); otherwise the expected score of the turn.
///
/// The duel solution takes a moment the first time: [`SolverAdvisor::new`] works it out on a
/// thread and answers with the expected turn score, marked provisional, meanwhile;
/// [`SolverAdvisor::blocking`] waits for it.
#[derive(Debug, Default)]
pub struct SolverAdvisor {
    blocking: bool,
    duels: HashMap<Rules, Arc<OnceLock<Arc<DuelSolution>>>>,
}

impl SolverAdvisor {
    /// Works the duel solution out in the background.
    pub fn new() -> SolverAdvisor {
        SolverAdvisor::default()
    }

    /// Waits for the duel solution when it is first needed.
    pub fn blocking() -> SolverAdvisor {
        SolverAdvisor {
            blocking: true,
            ..SolverAdvisor::default()
        }
    }

    /// The duel solution for `rules` if it is ready (starting it if need be).
    fn duel(&mut self, rules: Rules) -> Option<Arc<DuelSolution>> {
        if self.blocking {
            return Some(martian_solver::duel(rules));
        }
        let cell = self.duels.entry(rules).or_insert_with(|| {
            let cell = Arc::new(OnceLock::new());
            let filled = Arc::clone(&cell);
            std::thread::spawn(move || {
                let _ = filled.set(martian_solver::duel(rules));
            });
            cell
        });
        cell.get().cloned()
    }

    fn turn_values(situation: &Situation<'_>) -> Option<Advice> {
        let table = martian_solver::expected_score_table(situation.rules);
        let values: Vec<(Action, f64)> = table.action_values(situation.turn).iter().collect();
        (!values.is_empty()).then(|| Advice::new(Measure::TurnPoints, values))
    }
}

impl Advisor for SolverAdvisor {
    fn advise(&mut self, situation: &Situation<'_>) -> Option<Advice> {
        let duel = situation.scores.len() == 2 && situation.rules.target() <= MAX_DUEL_TARGET;
        if !duel {
            return Self::turn_values(situation);
        }
        let Some(solution) = self.duel(situation.rules) else {
            return Self::turn_values(situation).map(Advice::provisional);
        };
        match solution.action_values(situation) {
            Ok(values) if !values.is_empty() => Some(Advice::new(
                Measure::WinProbability,
                values.iter().collect(),
            )),
            _ => Self::turn_values(situation),
        }
    }
}

/// What a decision cost, as the coach reports it after the fact.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub action: Action,
    /// How much below the best option the decision was (0 when it was a best one).
    pub cost: f64,
    pub advice: Advice,
}

impl Review {
    pub fn of(advice: &Advice, action: Action) -> Option<Review> {
        Some(Review {
            action,
            cost: advice.cost_of(action)?,
            advice: advice.clone(),
        })
    }

    /// Whether the decision was (within rounding) a best one.
    pub fn was_best(&self) -> bool {
        self.cost < 1e-9
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::Face;

    #[test]
    fn advice_ranks_and_costs_options() {
        let advice = Advice::new(
            Measure::TurnPoints,
            vec![
                (Action::Take(Face::Cow), 4.0),
                (Action::Take(Face::DeathRay), 6.5),
            ],
        );
        assert_eq!(advice.best(), Some((Action::Take(Face::DeathRay), 6.5)));
        assert_eq!(advice.cost_of(Action::Take(Face::Cow)), Some(2.5));
        assert_eq!(advice.cost_of(Action::Stop), None);
        let review = Review::of(&advice, Action::Take(Face::DeathRay)).unwrap();
        assert!(review.was_best());
        assert_eq!(advice.format_cost(2.5), "2.50 points");
        let win = Advice::new(Measure::WinProbability, vec![(Action::Stop, 0.6123)]);
        assert_eq!(win.format_value(0.6123), "61.2%");
    }
}
