//! The three-player solve against an independent, naive computation on tiny games: game positions
//! moved by the engine's rules of the end (the same logic as `Game`), turns recursed over engine
//! `Turn` states with every roll's exact weight, and plain Gauss–Seidel value iteration over all
//! reachable positions until nothing moves by 1e-15.

use std::collections::HashMap;

use martian_engine::{BonusRule, EndRule, Points, Rules, Turn};
use martian_solver::{TrioSolution, trio_position};

mod naive;

use naive::{Next, after, turn};

/// Between two turns: the seat to play, the scores, and who reached the target first.
type Position = naive::Position<3>;

fn naive(rules: Rules) -> HashMap<Position, [f64; 3]> {
    let max = usize::from(rules.dice()) + 3;
    // Every reachable position.
    let start: Position = (0, [0, 0, 0], None);
    let mut values = HashMap::from([(start, [1.0 / 3.0; 3])]);
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        for s in 0..=max as Points {
            if let Next::Play(q) = after(rules, p, s)
                && let std::collections::hash_map::Entry::Vacant(slot) = values.entry(q)
            {
                slot.insert([1.0 / 3.0; 3]);
                stack.push(q);
            }
        }
    }
    let positions: Vec<Position> = values.keys().copied().collect();
    for _sweep in 0..10_000 {
        let mut change = 0.0f64;
        for &p in &positions {
            let outcome = |s: usize| match after(rules, p, s as Points) {
                Next::Over(v) => v,
                Next::Play(q) => values[&q],
            };
            let utility: Vec<f64> = (0..=max).map(|s| outcome(s)[p.0]).collect();
            let (_, dist) = turn(Turn::new(rules), &utility, &mut HashMap::new());
            let mut v = [0.0; 3];
            for (s, &prob) in dist.iter().enumerate() {
                let o = outcome(s);
                (0..3).for_each(|j| v[j] += prob * o[j]);
            }
            let old = values.insert(p, v).unwrap();
            change = (0..3).map(|j| (old[j] - v[j]).abs()).fold(change, f64::max);
        }
        if change < 1e-15 {
            return values;
        }
    }
    panic!("value iteration did not settle");
}

#[test]
fn tiny_games_match_naive_value_iteration() {
    let tiny = |dice: u8, target: Points| {
        Rules::official()
            .with_dice(dice)
            .unwrap()
            .with_target(target)
            .unwrap()
    };
    for rules in [
        tiny(2, 3),
        tiny(2, 4).with_end(EndRule::Immediate),
        tiny(3, 3).with_bonus(BonusRule::AnyEarthling),
        tiny(1, 2),
    ] {
        let solution = TrioSolution::solve(rules, &|_| {}).unwrap();
        let naive = naive(rules);
        assert!(naive.len() > 20, "{rules}: {} positions", naive.len());
        for (&(seat, scores, _), expected) in &naive {
            let position = trio_position(rules, &scores, seat).unwrap();
            let got = solution.seat_wins(position);
            for j in 0..3 {
                assert!(
                    (got[j] - expected[j]).abs() < 1e-10,
                    "{rules}: seat {seat} to play at {scores:?}: {got:?} vs naive {expected:?}"
                );
            }
        }
    }
}
