//! Checks of the forward pass against the solver's own distributions and against a naive
//! recursion over every engine turn state.

use std::collections::HashMap;

use martian_engine::{BonusRule, TurnPhase, TurnStart};

use super::*;
use crate::{DuelPosition, TurnTable, duel, expected_score_table};

/// Plays a turn table's best action: deterministic, and compact by construction.
#[derive(Debug)]
struct TablePolicy {
    table: TurnTable,
    view: TurnView,
}

impl DecisionPolicy for TablePolicy {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        ActionProbabilities::certain(self.table.best_action(situation.turn).unwrap())
    }
    fn view(&self) -> TurnView {
        self.view
    }
}

/// Takes uniformly at random, except that it takes chickens whenever it can and holds no cow
/// (a preference for one kind: valued exactly only by the kinds-held view); after a take stops
/// with probability 0.3, or 0.8 when it holds cows and 3 points or more.
#[derive(Debug)]
struct Whimsical;

impl DecisionPolicy for Whimsical {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        let turn = situation.turn;
        match turn.phase() {
            TurnPhase::Choosing { .. } => {
                let legal = turn.legal_takes();
                if legal.contains(Face::Chicken) && turn.aside().count(Face::Cow) == 0 {
                    return ActionProbabilities::certain(Action::Take(Face::Chicken));
                }
                ActionProbabilities::uniform(legal.iter().map(Action::Take))
            }
            _ => {
                let stop = if turn.aside().count(Face::Cow) > 0 && turn.score() >= 3 {
                    0.8
                } else {
                    0.3
                };
                [(Action::Stop, stop), (Action::Roll, 1.0 - stop)]
                    .into_iter()
                    .collect()
            }
        }
    }
}

/// Takes uniformly at random and stops half of the time: as the compact state sees a turn.
#[derive(Debug)]
struct Uniform;

impl DecisionPolicy for Uniform {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        ActionProbabilities::uniform(situation.turn.legal_actions().iter())
    }
    fn view(&self) -> TurnView {
        TurnView::Compact
    }
}

fn start(rules: Rules) -> TurnStart<'static> {
    TurnStart {
        rules,
        scores: &[0, 0],
        seat: 0,
        round: 1,
        triggered_by: None,
    }
}

/// The score distribution of `turn` played on under `policy`, by recursion over every engine
/// state: every roll of the dice left, every action the policy may choose.
fn naive(
    turn: Turn,
    policy: &dyn DecisionPolicy,
    start: &TurnStart<'_>,
    memo: &mut HashMap<Turn, Vec<f64>>,
) -> Vec<f64> {
    if let Some(known) = memo.get(&turn) {
        return known.clone();
    }
    let rules = turn.rules();
    let mut out = vec![0.0; usize::from(rules.dice()) + 4];
    match turn.phase() {
        TurnPhase::Over(_) => out[usize::from(turn.score())] = 1.0,
        TurnPhase::ToRoll => {
            let n = turn.dice_left();
            let total = 6f64.powi(i32::from(n));
            for (roll, weight) in Dice::outcomes(n) {
                let mut next = turn;
                next.apply_roll(roll).unwrap();
                let below = naive(next, policy, start, memo);
                for (o, b) in out.iter_mut().zip(below) {
                    *o += weight as f64 / total * b;
                }
            }
        }
        TurnPhase::Choosing { .. } | TurnPhase::Deciding => {
            let probabilities = policy.action_probabilities(&start.with_turn(&turn));
            for (action, p) in probabilities.iter() {
                let mut next = turn;
                next.play(action).unwrap();
                let below = naive(next, policy, start, memo);
                for (o, b) in out.iter_mut().zip(below) {
                    *o += p * b;
                }
            }
        }
    }
    memo.insert(turn, out.clone());
    out
}

fn assert_close(got: &[f64], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (score, (g, w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).abs() < 1e-12, "{what}: score {score}: {g} vs {w}");
    }
}

#[test]
fn a_table_played_as_a_policy_gives_the_tables_own_distribution() {
    let rules = Rules::official();
    let greedy = expected_score_table(rules);
    let want = greedy.score_distribution(&Turn::new(rules));
    for view in [TurnView::KindsHeld, TurnView::Compact] {
        let policy = TablePolicy {
            table: greedy.clone(),
            view,
        };
        let got = PolicyTurns::shared(rules, view)
            .score_distribution(&policy, &start(rules))
            .unwrap();
        assert_close(&got, &want, &format!("greedy, {view:?}"));
    }
    // A table of perfect play: the second seat's last turn, 6 points to make.
    let solution = duel(rules).unwrap();
    let table = solution.table(DuelPosition::LastTurn { need: 6 });
    let want = table.score_distribution(&Turn::new(rules));
    let policy = TablePolicy {
        table: table.clone(),
        view: TurnView::Compact,
    };
    let got = PolicyTurns::shared(rules, TurnView::Compact)
        .score_distribution(&policy, &start(rules))
        .unwrap();
    assert_close(&got, &want, "last turn, need 6");
}

#[test]
fn randomised_policies_match_a_recursion_over_every_engine_state() {
    for dice in [1, 3, 6] {
        for bonus in [BonusRule::OneOfEach, BonusRule::AnyEarthling] {
            let rules = Rules::official().with_dice(dice).unwrap().with_bonus(bonus);
            let cases: [(&dyn DecisionPolicy, &[TurnView]); 2] = [
                (&Whimsical, &[TurnView::KindsHeld]),
                (&Uniform, &[TurnView::KindsHeld, TurnView::Compact]),
            ];
            for (policy, views) in cases {
                let want = naive(Turn::new(rules), policy, &start(rules), &mut HashMap::new());
                assert!((want.iter().sum::<f64>() - 1.0).abs() < 1e-12);
                for &view in views {
                    let got = PolicyTurns::shared(rules, view)
                        .score_distribution(policy, &start(rules))
                        .unwrap();
                    assert_close(&got, &want, &format!("{rules}, {policy:?}, {view:?}"));
                }
            }
        }
    }
}

/// Chooses what is not legal, or probabilities that do not add up.
#[derive(Debug)]
struct Broken {
    illegal: bool,
}

impl DecisionPolicy for Broken {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        if self.illegal {
            ActionProbabilities::certain(Action::Take(Face::Tank))
        } else {
            ActionProbabilities::uniform(situation.turn.legal_actions().iter())
                .iter()
                .map(|(a, p)| (a, p * 0.9))
                .collect()
        }
    }
}

#[test]
fn a_policy_that_is_not_a_distribution_over_legal_actions_is_refused() {
    let rules = Rules::official();
    let turns = PolicyTurns::shared(rules, TurnView::KindsHeld);
    let error = turns
        .score_distribution(&Broken { illegal: true }, &start(rules))
        .unwrap_err();
    assert!(
        matches!(&error, PolicyError::Illegal { action, .. } if action == "T"),
        "{error}"
    );
    let error = turns
        .score_distribution(&Broken { illegal: false }, &start(rules))
        .unwrap_err();
    assert!(matches!(error, PolicyError::Sum { .. }), "{error}");
    assert!(error.to_string().contains("sum to 0.9"), "{error}");
}

#[test]
fn action_probabilities_pick_by_a_uniform_draw() {
    let probabilities: ActionProbabilities = [(Action::Stop, 0.25), (Action::Roll, 0.75)]
        .into_iter()
        .collect();
    assert_eq!(probabilities.pick(0.0), Some(Action::Stop));
    assert_eq!(probabilities.pick(0.2499), Some(Action::Stop));
    assert_eq!(probabilities.pick(0.25), Some(Action::Roll));
    assert_eq!(probabilities.pick(0.9999999), Some(Action::Roll));
    assert_eq!(probabilities.most_likely(), Some(Action::Roll));
    assert_eq!(probabilities.probability(Action::Roll), 0.75);
    assert_eq!(probabilities.probability(Action::Take(Face::Cow)), 0.0);
}
