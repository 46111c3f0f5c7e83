//! A level's decisions in duels as probabilities, for exact valuation
//! ([`martian_solver::duel_match`], `martian-dice arena --exact`).
//!
//! A level decides from two tables: the duel solution's turn table of the position (its values
//! change with the scores) and the expected-score table (the same everywhere). Asking about each
//! situation one by one rebuilds the same facts about the turn at every position; instead the
//! turn's states are laid out once ([`Layout`]: what each take leads to and the points it keeps),
//! and a position's turn is valued by reading its table once per place a take leads to, then
//! pushing probability through the turn with the same cost function as
//! [`Strategy::decide`](crate::Strategy::decide) — the same numbers to the last bit.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use martian_engine::{BONUS_POINTS, Dice, Points, Situation, TurnPhase, TurnStart};
use martian_solver::{
    ActionProbabilities, DecisionPolicy, DuelPosition, DuelSolution, PolicyError, PolicyTurns,
    TurnTable, TurnView, duel_position, expected_score_table,
};

use super::feel::{self, Feel};
use super::{level_probabilities, nothing_to_stop_for};
use crate::oracle::Measure;

/// A level's decisions in duels as probabilities, from the exact duel solution.
#[derive(Debug)]
pub struct SkilledPolicy {
    feel: Feel,
    solution: Arc<DuelSolution>,
    layout: OnceLock<Layout>,
}

impl SkilledPolicy {
    /// The level of `strength` (0 to 1) playing duels by `solution`.
    pub fn new(strength: f64, solution: Arc<DuelSolution>) -> SkilledPolicy {
        SkilledPolicy {
            feel: Feel::of(strength),
            solution,
            layout: OnceLock::new(),
        }
    }

    /// The table the level reads at `start` and what its values measure.
    fn table(&self, start: &TurnStart<'_>) -> (&TurnTable, Measure) {
        match duel_position(start.rules, start.scores, start.seat) {
            Ok(position) => (self.solution.table(position), Measure::WinProbability),
            Err(_) => (expected_score_table(start.rules), Measure::Points),
        }
    }
}

/// What a level reads in the turns of [`PolicyTurns`], position aside.
#[derive(Debug)]
struct Layout {
    /// Every set of dice aside a take leads to, once.
    afters: Vec<Dice>,
    /// Per choice of [`PolicyTurns::choices`], its takes in `take_after` and `take_points`.
    choice_takes: Vec<Range<u32>>,
    /// Per take, where it leads: an index into `afters`.
    take_after: Vec<u32>,
    /// Per take, the expected score of the turn after it, played on for points.
    take_points: Vec<f64>,
    /// Per state of [`PolicyTurns::states`] (`None` for the start): the dice aside, what
    /// stopping scores and the points of stopping and of rolling on, played for points.
    states: Vec<Option<StateFacts>>,
    /// The expected score of a turn played for points.
    points_per_turn: f64,
}

#[derive(Clone, Copy, Debug)]
struct StateFacts {
    aside: Dice,
    score: Points,
    stop_points: f64,
    roll_points: f64,
}

impl Layout {
    fn new(turns: &PolicyTurns) -> Layout {
        let greedy = expected_score_table(turns.rules());
        let mut index: HashMap<Dice, u32> = HashMap::new();
        let mut layout = Layout {
            afters: Vec::new(),
            choice_takes: Vec::with_capacity(turns.choices().len()),
            take_after: Vec::new(),
            take_points: Vec::new(),
            states: Vec::with_capacity(turns.states().len()),
            points_per_turn: greedy.start_value(),
        };
        for turn in turns.choices() {
            let TurnPhase::Choosing { roll } = turn.phase() else {
                unreachable!("a choice awaits a take");
            };
            let start = layout.take_after.len() as u32;
            for face in turn.legal_takes().iter() {
                let after = turn
                    .aside()
                    .checked_add(Dice::of(face, roll.count(face)))
                    .expect("a take never exceeds the dice of the turn");
                let next = layout.afters.len() as u32;
                let at = *index.entry(after).or_insert(next);
                if at == next {
                    layout.afters.push(after);
                }
                layout.take_after.push(at);
                layout.take_points.push(greedy.value_after_take(after));
            }
            layout
                .choice_takes
                .push(start..layout.take_after.len() as u32);
        }
        for state in turns.states() {
            layout.states.push(state.map(|turn| {
                let aside = turn.aside();
                StateFacts {
                    aside,
                    score: turn.score(),
                    stop_points: greedy.stop_value(aside),
                    roll_points: greedy.value_to_roll(aside),
                }
            }));
        }
        layout
    }
}

/// The version of a level's decisions in the names of their stored turns: bump it whenever
/// what a level of a given strength decides changes (its feel, its costs, the tables it reads),
/// so that no stored turn of the old decisions is read again.
const DECISIONS_VERSION: u32 = 1;

impl DecisionPolicy for SkilledPolicy {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        let (table, measure) = self.table(&TurnStart::of(situation));
        level_probabilities(situation.turn, table, measure, self.feel)
    }

    /// A level's turns take seconds to value at every position of a duel: they are stored on
    /// disk beside the duel solution they come from, one file per strength.
    fn cache_kind(&self) -> Option<String> {
        Some(format!(
            "level-turns-t{:016x}-b{:016x}-d{DECISIONS_VERSION}",
            self.feel.temperature.to_bits(),
            self.feel.bound.to_bits()
        ))
    }

    /// A level decides from the solver's values, which see a turn as its compact state does.
    fn view(&self) -> TurnView {
        TurnView::Compact
    }

    /// The last turns by the points needed (beyond the best turn every need is alike), as the
    /// solver's tables are; every other position apart.
    fn turn_key(&self, start: &TurnStart<'_>) -> Option<Vec<i32>> {
        match duel_position(start.rules, start.scores, start.seat) {
            Ok(DuelPosition::LastTurn { need }) => {
                let hopeless = Points::from(start.rules.dice()) + BONUS_POINTS + 1;
                Some(vec![i32::from(need.min(hopeless))])
            }
            _ => None,
        }
    }

    /// The turn from the laid-out facts and one read of the position's table per place a take
    /// leads to (see the module comment).
    fn score_distribution(
        &self,
        turns: &PolicyTurns,
        start: &TurnStart<'_>,
    ) -> Option<Result<Vec<f64>, PolicyError>> {
        let layout = self.layout.get_or_init(|| Layout::new(turns));
        let (table, measure) = self.table(start);
        let unit = feel::unit(measure, layout.points_per_turn);
        let after_values: Vec<f64> = layout
            .afters
            .iter()
            .map(|&after| table.value_after_take(after))
            .collect();
        let (mut values, mut costs) = ([0.0; 4], [0.0; 4]);
        let take = |i: usize, p: &mut [f64]| {
            let takes = layout.choice_takes[i].start as usize..layout.choice_takes[i].end as usize;
            let n = takes.len();
            for (value, &after) in values.iter_mut().zip(&layout.take_after[takes.clone()]) {
                *value = after_values[after as usize];
            }
            feel::costs(
                &values[..n],
                &layout.take_points[takes],
                unit,
                &mut costs[..n],
            );
            feel::probabilities(&costs[..n], self.feel, p);
        };
        let stop = |j: usize| {
            let facts = layout.states[j].expect("a state reached by a take");
            let values = [
                table.stop_value(facts.aside),
                table.value_to_roll(facts.aside),
            ];
            if nothing_to_stop_for(facts.score, facts.roll_points, values[0], values[1]) {
                return 0.0;
            }
            let (mut costs, mut p) = ([0.0; 2], [0.0; 2]);
            feel::costs(
                &values,
                &[facts.stop_points, facts.roll_points],
                unit,
                &mut costs,
            );
            feel::probabilities(&costs, self.feel, &mut p);
            p[0]
        };
        Some(Ok(turns.mixed_distribution(take, stop)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::{EndRule, Rules};
    use martian_solver::duel;

    /// The level asked situation by situation, without its own valuation.
    #[derive(Debug)]
    struct Asked<'a>(&'a SkilledPolicy);

    impl DecisionPolicy for Asked<'_> {
        fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
            self.0.action_probabilities(situation)
        }
        fn view(&self) -> TurnView {
            self.0.view()
        }
    }

    /// At every position of a small duel (both seats, the last turns too), for every level:
    /// the laid-out valuation gives exactly, bit for bit, what asking each situation gives.
    #[test]
    fn the_laid_out_turn_is_the_asked_turn_to_the_last_bit() {
        let rules = Rules::official()
            .with_dice(7)
            .unwrap()
            .with_target(9)
            .unwrap();
        assert_eq!(rules.end(), EndRule::CompleteRound);
        let solution = duel(rules).unwrap();
        let turns = PolicyTurns::shared(rules, TurnView::Compact);
        let t = rules.target();
        for (_, strength) in super::super::LEVELS {
            let policy = SkilledPolicy::new(strength, Arc::clone(&solution));
            let mut positions = Vec::new();
            for seat in 0..2 {
                for a in 0..t {
                    for b in 0..t {
                        positions.push(([a, b], seat));
                    }
                }
            }
            positions.extend((t..t + 5).map(|a| ([a, 3], 1)));
            for (scores, seat) in positions {
                let start = TurnStart {
                    rules,
                    scores: &scores,
                    seat,
                    round: 1,
                    triggered_by: (scores[0] >= t).then_some(0),
                };
                let fast = turns.score_distribution(&policy, &start).unwrap();
                let asked = turns.score_distribution(&Asked(&policy), &start).unwrap();
                assert_eq!(fast, asked, "{strength} at {scores:?}, seat {seat}");
                assert!((fast.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            }
        }
    }
}
