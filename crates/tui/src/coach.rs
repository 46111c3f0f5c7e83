//! The coach: the value of each option at a decision, and what a decision cost.
//!
//! The values come from an [`Advisor`] (the solver); the coach only ranks and presents them.

use std::collections::HashMap;
use std::sync::{Arc, Barrier, OnceLock};

use martian_engine::{Action, Points, Rules, Situation, SolvedGame};
use martian_i18n::vocab::{self, ChangeUnit};
use martian_i18n::{Messages, decimal};
use martian_solver::{AdviceMeasure, AdviceRequest, Reason, figures};

/// What the values measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The probability of winning the game (a solved position), from 0 to 1.
    WinProbability,
    /// The expected score of the turn.
    TurnPoints,
    /// Alone: the expected number of turns, this one included, to reach the target (lower is
    /// better).
    ExpectedTurns,
}

impl Measure {
    /// Whether a lower value is the better one.
    pub fn lower_is_better(self) -> bool {
        self == Measure::ExpectedTurns
    }

    /// How good a value is: higher is better whatever the measure.
    fn merit(self, value: f64) -> f64 {
        if self.lower_is_better() {
            -value
        } else {
            value
        }
    }
}

/// The value of every legal option at one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub measure: Measure,
    /// One value per legal action, best first.
    pub values: Vec<(Action, f64)>,
    /// Better values are being worked out (the chance to win): they come with the next
    /// decision, so that one decision is valued in one measure.
    pub provisional: bool,
    /// Why the best option is best, in the same measure's play.
    pub reason: Option<Reason>,
    /// The decimals the values are shown with: the fewest, from 1 (percent) or 2, with which
    /// values that differ read differently (`martian_solver::figures`).
    pub places: usize,
}

impl Advice {
    /// Advice with the values sorted best first.
    pub fn new(measure: Measure, mut values: Vec<(Action, f64)>) -> Advice {
        values.sort_by(|a, b| measure.merit(b.1).total_cmp(&measure.merit(a.1)));
        let numbers: Vec<f64> = values.iter().map(|&(_, v)| v).collect();
        let places = match measure {
            Measure::WinProbability => figures::percent_places(&numbers, 1),
            Measure::TurnPoints | Measure::ExpectedTurns => figures::distinct_places(&numbers, 2),
        };
        Advice {
            measure,
            values,
            provisional: false,
            reason: None,
            places,
        }
    }

    /// This advice with the reason for its best option.
    #[must_use]
    pub fn with_reason(mut self, reason: Option<Reason>) -> Advice {
        self.reason = reason;
        self
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

    /// How much worse than the best `action` is (0 for the best or an equal one).
    pub fn cost_of(&self, action: Action) -> Option<f64> {
        let (_, best) = self.best()?;
        let value = self.value_of(action)?;
        Some((self.measure.merit(best) - self.measure.merit(value)).max(0.0))
    }

    /// Whether `value` is (within rounding) as good as the best.
    pub fn is_best(&self, value: f64) -> bool {
        self.best()
            .is_some_and(|(_, best)| self.measure.merit(best) - self.measure.merit(value) < 1e-9)
    }

    /// A value as the coach shows it: "61.2%", "7.43" points, "4.10" turns (with a decimal
    /// comma in Portuguese), with [`Advice::places`] decimals.
    pub fn format_value(&self, m: &Messages, value: f64) -> String {
        match self.measure {
            Measure::WinProbability => format!("{}%", decimal(m, value * 100.0, self.places)),
            Measure::TurnPoints | Measure::ExpectedTurns => decimal(m, value, self.places),
        }
    }

    /// What a choice cost, as every interface names a loss: "2.8pp of chance to win"
    /// (percentage points), "0.35 turns", "1.25 points", never with a minus sign.
    pub fn format_cost(&self, m: &Messages, cost: f64) -> String {
        match self.measure {
            Measure::WinProbability => vocab::loss(m, ChangeUnit::WinChance, cost * 100.0, 1),
            Measure::TurnPoints => vocab::loss(m, ChangeUnit::Points, cost, 2),
            Measure::ExpectedTurns => vocab::loss(m, ChangeUnit::Turns, cost, 2),
        }
    }
}

/// A source of values for decisions: the solver, behind whatever caching it does.
pub trait Advisor {
    /// The values of the options of `situation`, which awaits a decision; `None` when there is no
    /// solution for it.
    fn advise(&mut self, situation: &Situation<'_>) -> Option<Advice>;

    /// Why the best option of `situation` beats `chosen` (the next best when `chosen` is the
    /// best), in the measure of [`Advisor::advise`]'s values; `None` when there is none.
    fn explain_choice(&mut self, situation: &Situation<'_>, chosen: Action) -> Option<Reason> {
        let _ = (situation, chosen);
        None
    }
}

/// The largest target for which the coach works out a duel's chances to win: the solution takes
/// time growing with the square of the target (about 1 s at 25, 20 s at 100 in release builds),
/// once; the solver then keeps it on disk.
pub const MAX_DUEL_TARGET: Points = 100;

/// Whether the coach gives game-level values (chances to win; turns to the target alone) for
/// this many players under `rules` (within the solvers' limits too); otherwise the expected turn
/// score.
fn game_level(rules: Rules, players: usize) -> bool {
    match players {
        1 => true,
        2 => rules.target() <= MAX_DUEL_TARGET && SolvedGame::Duel.fits(rules),
        3 => SolvedGame::Trio.fits(rules),
        4 => SolvedGame::Quad.fits(rules),
        _ => false,
    }
}

/// Works out (or loads) the game-level solution for `players` under `rules`, so that
/// `martian_solver::advise` answers at once afterwards: the game's preparation, shared with its
/// bots (see `prepare.rs`), whose progress the screen shows.
fn prepare_solution(rules: Rules, players: usize) {
    if let Some(preparation) = crate::prepare::preparation(rules, players) {
        preparation.run();
    }
}

/// The solver's advice (`martian_solver::advise`): alone, the expected number of turns to reach
/// the target; two to four players, each option's probability of winning; more, or past the
/// targets solved in reasonable time, the expected score of the turn.
///
/// A game-level solution may take a while the first time (about a second for a duel, a minute
/// for three players under the official rules): [`SolverAdvisor::new`] works it out on a thread
/// and answers with the expected turn score, marked provisional, meanwhile;
/// [`SolverAdvisor::blocking`] waits for it.
#[derive(Debug, Default)]
pub struct SolverAdvisor {
    blocking: bool,
    /// Background work starts only once this gate is passed (see [`SolverAdvisor::gated`]).
    gate: Option<Arc<Barrier>>,
    ready: HashMap<(Rules, usize), Arc<OnceLock<()>>>,
}

impl SolverAdvisor {
    /// Works game-level solutions out in the background.
    pub fn new() -> SolverAdvisor {
        SolverAdvisor::default()
    }

    /// Like [`SolverAdvisor::new`], but each background solve first waits at `gate` (a barrier of
    /// two) until its other party passes it too: a caller can see the stand-in for certain, even
    /// when the solution is already in memory and would otherwise be ready at once.
    pub fn gated(gate: Arc<Barrier>) -> SolverAdvisor {
        SolverAdvisor {
            gate: Some(gate),
            ..SolverAdvisor::default()
        }
    }

    /// Waits for a game-level solution when it is first needed.
    pub fn blocking() -> SolverAdvisor {
        SolverAdvisor {
            blocking: true,
            ..SolverAdvisor::default()
        }
    }

    /// Whether the solution for `players` under `rules` is ready (starting it if need be).
    fn ready(&mut self, rules: Rules, players: usize) -> bool {
        if self.blocking {
            prepare_solution(rules, players);
            return true;
        }
        let cell = self.ready.entry((rules, players)).or_insert_with(|| {
            let cell = Arc::new(OnceLock::new());
            let done = Arc::clone(&cell);
            let gate = self.gate.clone();
            std::thread::spawn(move || {
                if let Some(gate) = gate {
                    gate.wait();
                }
                prepare_solution(rules, players);
                let _ = done.set(());
            });
            cell
        });
        cell.get().is_some()
    }

    fn ask(situation: &Situation<'_>, with_scores: bool) -> Option<Advice> {
        let (advice, reason) = martian_solver::advise_with_reason(AdviceRequest {
            rules: situation.rules,
            scores: with_scores.then_some(situation.scores),
            seat: situation.seat,
            turn: situation.turn,
        })
        .ok()?;
        let measure = match advice.measure {
            AdviceMeasure::WinProbability => Measure::WinProbability,
            AdviceMeasure::ExpectedScore => Measure::TurnPoints,
            AdviceMeasure::ExpectedTurns => Measure::ExpectedTurns,
        };
        let values: Vec<(Action, f64)> = advice
            .options
            .iter()
            .map(|option| (option.action, option.value))
            .collect();
        (!values.is_empty()).then(|| Advice::new(measure, values).with_reason(reason))
    }
}

impl SolverAdvisor {
    /// Whether the values of `situation` are game-level ones (else the turn's expected score).
    fn with_scores(&mut self, situation: &Situation<'_>) -> bool {
        let players = situation.scores.len();
        game_level(situation.rules, players) && self.ready(situation.rules, players)
    }

    fn reason_against(
        situation: &Situation<'_>,
        with_scores: bool,
        chosen: Action,
    ) -> Option<Reason> {
        let (_, reason) = martian_solver::advise_against(
            AdviceRequest {
                rules: situation.rules,
                scores: with_scores.then_some(situation.scores),
                seat: situation.seat,
                turn: situation.turn,
            },
            chosen,
        )
        .ok()?;
        reason
    }
}

impl Advisor for SolverAdvisor {
    fn advise(&mut self, situation: &Situation<'_>) -> Option<Advice> {
        let players = situation.scores.len();
        if !game_level(situation.rules, players) {
            return Self::ask(situation, false);
        }
        if !self.ready(situation.rules, players) {
            return Self::ask(situation, false).map(Advice::provisional);
        }
        // A position the game-level solution does not cover falls back to the turn.
        Self::ask(situation, true).or_else(|| Self::ask(situation, false))
    }

    fn explain_choice(&mut self, situation: &Situation<'_>, chosen: Action) -> Option<Reason> {
        let with_scores = self.with_scores(situation);
        Self::reason_against(situation, with_scores, chosen)
            .or_else(|| Self::reason_against(situation, false, chosen))
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
        let (en, pt) = (
            martian_i18n::Lang::En.messages(),
            martian_i18n::Lang::PtBr.messages(),
        );
        assert_eq!(advice.format_cost(en, 2.5), "2.50 points");
        assert_eq!(advice.format_cost(pt, 2.5), "2,50 pontos");
        let turns = Advice::new(
            Measure::ExpectedTurns,
            vec![(Action::Roll, 6.5), (Action::Stop, 6.0)],
        );
        assert_eq!(
            turns.best(),
            Some((Action::Stop, 6.0)),
            "fewer turns is better"
        );
        assert_eq!(turns.cost_of(Action::Roll), Some(0.5));
        assert!(turns.is_best(6.0) && !turns.is_best(6.5));
        assert_eq!(turns.format_cost(en, 0.5), "0.50 turns");
        let win = Advice::new(Measure::WinProbability, vec![(Action::Stop, 0.6123)]);
        assert_eq!(win.format_value(en, 0.6123), "61.2%");
        assert_eq!(win.format_value(pt, 0.6123), "61,2%");
        assert_eq!(win.format_cost(en, 0.028), "2.8pp of chance to win");
        assert_eq!(win.format_cost(pt, 0.028), "2,8pp de chance de vencer");
        assert_eq!(win.format_cost(en, 0.0004), "0.04pp of chance to win");
        // Options whose values differ never read alike.
        let close = Advice::new(
            Measure::WinProbability,
            vec![(Action::Stop, 0.64321), (Action::Roll, 0.64349)],
        );
        assert_eq!(close.format_value(en, 0.64321), "64.32%");
        assert_eq!(close.format_value(en, 0.64349), "64.35%");
    }
}
