//! Each bot's decisions as probabilities ([`Strategy::turn_play`]) are what it plays: sampling
//! its `decide` gives them, its claimed view of a turn loses nothing against every engine state,
//! and positions it says it plays alike are valued alike.

use std::collections::HashMap;
use std::sync::Arc;

use martian_bots::{Strategy, create, names};
use martian_engine::{
    Action, Awaiting, Dice, Game, Rules, Situation, Turn, TurnPhase, TurnStart, seeded_rng,
};
use martian_solver::{
    ActionProbabilities, DecisionPolicy, PolicyTurns, TurnPlay, TurnView, duel_match,
};

/// The bots whose decisions are policies (the others play by the solver's tables).
fn policy_of(name: &str, rules: Rules) -> Option<Arc<dyn DecisionPolicy>> {
    match create(name, rules).unwrap().turn_play(rules) {
        Some(TurnPlay::Policy(policy)) => Some(policy),
        Some(TurnPlay::Greedy | TurnPlay::Optimal) => None,
        None => panic!("{name} offers no exact play"),
    }
}

/// Situations of seeded duels between `name` and itself, every decision of both seats.
fn situations(name: &str, rules: Rules, games: u64) -> Vec<(Vec<u16>, usize, Option<usize>, Turn)> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut bots: Vec<Box<dyn Strategy>> =
            (0..2).map(|_| create(name, rules).unwrap()).collect();
        let mut game = Game::new(rules, 2).unwrap();
        let mut rng = seeded_rng(seed);
        while game.awaiting() != Awaiting::Nothing {
            if let Awaiting::Decision { seat } = game.awaiting() {
                let situation = game.situation();
                out.push((
                    situation.scores.to_vec(),
                    situation.seat,
                    situation.triggered_by,
                    *situation.turn,
                ));
                let action = bots[seat].decide(&situation, &mut rng).unwrap();
                game.play(action).unwrap();
            } else {
                game.roll(&mut rng).unwrap();
            }
        }
    }
    out
}

#[test]
fn every_bot_but_the_external_ones_can_be_valued_exactly() {
    let rules = Rules::official();
    for &name in names() {
        assert!(
            create(name, rules).unwrap().turn_play(rules).is_some(),
            "{name}"
        );
    }
    let exec = create("exec:/bin/true", rules).unwrap();
    assert!(exec.turn_play(rules).is_none());
}

/// Whether `count` successes in `n` draws of probability `p` are plausible: neither binomial
/// tail beyond them holds less than 1e-9 (hundreds of checks stay far from a false alarm, where
/// a normal approximation misjudges the rare actions).
fn plausible(count: u32, n: u32, p: f64) -> bool {
    let term = |k: u32| {
        let ln_choose: f64 = (1..=k)
            .map(|i| (f64::from(n - k + i) / f64::from(i)).ln())
            .sum();
        (ln_choose + f64::from(k) * p.ln() + f64::from(n - k) * (1.0 - p).ln()).exp()
    };
    if p >= 1.0 {
        return count == n;
    }
    let upper: f64 = (count..=n).map(term).sum();
    let lower: f64 = (0..=count).map(term).sum();
    upper > 1e-9 && lower > 1e-9
}

/// At every situation of a few games, `decide` drawn many times picks each action as often as
/// its probability says (and never an action of probability 0).
#[test]
fn sampling_decide_gives_each_bots_probabilities() {
    let rules = Rules::official();
    let draws = 400u32;
    for &name in names() {
        let Some(policy) = policy_of(name, rules) else {
            continue;
        };
        let mut bot = create(name, rules).unwrap();
        bot.new_game(rules, 0, 2).unwrap();
        let mut rng = seeded_rng(99);
        let mut randomised = 0;
        for (scores, seat, triggered_by, turn) in situations(name, rules, 6) {
            let situation = Situation {
                rules,
                scores: &scores,
                seat,
                round: 1,
                turn: &turn,
                triggered_by,
            };
            let probabilities = policy.action_probabilities(&situation);
            probabilities.check(&turn).unwrap();
            let certain = probabilities.iter().any(|(_, p)| p == 1.0);
            let tries = if certain { 3 } else { draws };
            randomised += u32::from(!certain);
            let mut counts: HashMap<Action, u32> = HashMap::new();
            for _ in 0..tries {
                *counts
                    .entry(bot.decide(&situation, &mut rng).unwrap())
                    .or_default() += 1;
            }
            for (action, count) in &counts {
                assert!(
                    probabilities.probability(*action) > 0.0,
                    "{name} chose {action:?} of probability 0 at {turn:?}"
                );
                let p = probabilities.probability(*action);
                assert!(
                    plausible(*count, tries, p),
                    "{name} at {turn:?}: {action:?} {count} of {tries}, p = {p}"
                );
            }
        }
        if ["random", "easy", "medium", "hard"].contains(&name) {
            assert!(
                randomised > 20,
                "{name}: only {randomised} randomised decisions"
            );
        }
    }
}

/// The score distribution of `turn` played on under `policy`, by recursion over every engine
/// state (no view): every roll, every action of positive probability.
fn naive(
    turn: Turn,
    policy: &dyn DecisionPolicy,
    start: &TurnStart<'_>,
    memo: &mut HashMap<Turn, Vec<f64>>,
) -> Vec<f64> {
    if let Some(known) = memo.get(&turn) {
        return known.clone();
    }
    let mut out = vec![0.0; usize::from(turn.rules().dice()) + 4];
    let mut add = |p: f64, below: Vec<f64>| {
        for (o, b) in out.iter_mut().zip(below) {
            *o += p * b;
        }
    };
    match turn.phase() {
        TurnPhase::Over(_) => out[usize::from(turn.score())] = 1.0,
        TurnPhase::ToRoll => {
            let n = turn.dice_left();
            for (roll, weight) in Dice::outcomes(n) {
                let mut next = turn;
                next.apply_roll(roll).unwrap();
                add(
                    weight as f64 / 6f64.powi(i32::from(n)),
                    naive(next, policy, start, memo),
                );
            }
        }
        TurnPhase::Choosing { .. } | TurnPhase::Deciding => {
            let probabilities: ActionProbabilities =
                policy.action_probabilities(&start.with_turn(&turn));
            for (action, p) in probabilities.iter() {
                let mut next = turn;
                next.play(action).unwrap();
                add(p, naive(next, policy, start, memo));
            }
        }
    }
    memo.insert(turn, out.clone());
    out
}

/// Each bot's view of a turn (kinds held, or the solver's compact state) gives the same
/// distribution as every engine state, from positions early, late and in the last turn.
#[test]
fn each_bots_view_of_a_turn_loses_nothing() {
    let rules = Rules::official()
        .with_dice(6)
        .unwrap()
        .with_target(10)
        .unwrap();
    let positions: [([u16; 2], usize, Option<usize>); 4] = [
        ([0, 0], 0, None),
        ([8, 3], 1, None),
        ([9, 7], 0, None),
        ([12, 8], 1, Some(0)),
    ];
    for &name in names() {
        let Some(policy) = policy_of(name, rules) else {
            continue;
        };
        for (scores, seat, triggered_by) in &positions {
            let start = TurnStart {
                rules,
                scores,
                seat: *seat,
                round: 1,
                triggered_by: *triggered_by,
            };
            let want = naive(
                Turn::new(rules),
                policy.as_ref(),
                &start,
                &mut HashMap::new(),
            );
            let got = PolicyTurns::shared(rules, policy.view())
                .score_distribution(policy.as_ref(), &start)
                .unwrap();
            for (score, (g, w)) in got.iter().zip(&want).enumerate() {
                assert!(
                    (g - w).abs() < 1e-12,
                    "{name} ({:?}) at {scores:?}: score {score}: {g} vs {w}",
                    policy.view()
                );
            }
        }
    }
}

/// The same policy without its keys: every position valued apart.
#[derive(Debug)]
struct Apart(Arc<dyn DecisionPolicy>);

impl DecisionPolicy for Apart {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        self.0.action_probabilities(situation)
    }
    fn view(&self) -> TurnView {
        self.0.view()
    }
}

#[test]
fn positions_a_bot_plays_alike_are_valued_alike() {
    let rules = Rules::official()
        .with_dice(5)
        .unwrap()
        .with_target(9)
        .unwrap();
    for &name in names() {
        let Some(policy) = policy_of(name, rules) else {
            continue;
        };
        let keyed = TurnPlay::Policy(Arc::clone(&policy));
        let apart = TurnPlay::Policy(Arc::new(Apart(policy)));
        let a = duel_match(rules, [&keyed, &TurnPlay::Optimal]).unwrap();
        let b = duel_match(rules, [&apart, &TurnPlay::Optimal]).unwrap();
        assert_eq!(a, b, "{name}");
    }
}
