//! The four-player solve against an independent, naive computation on tiny games: game positions
//! moved by the engine's rules of the end (the same logic as `Game`), turns recursed over engine
//! `Turn` states with every roll's exact weight, and plain Gauss–Seidel value iteration over all
//! reachable positions until nothing moves by 1e-15. Where the value iteration cannot settle (a
//! tuple without a pure equilibrium, see the solver's docs), the check is the equilibrium itself:
//! at the solver's values, every mover's best reply (found by the naive turn recursion) gains
//! nothing, and the values are those of the play they describe.

use std::collections::HashMap;

use martian_engine::{BonusRule, EndRule, Points, Rules, TieRule, Turn};
use martian_solver::{QuadSolution, quad_position};

const SEATS: usize = 4;

mod naive;

use naive::{Next, after, turn};

/// Between two turns: the seat to play, the scores, and who reached the target first.
type Position = naive::Position<SEATS>;

fn max_score(rules: Rules) -> usize {
    usize::from(rules.dice()) + 3
}

/// Every position reachable from the start.
fn reachable(rules: Rules) -> Vec<Position> {
    let start: Position = (0, [0; SEATS], None);
    let mut seen = std::collections::HashSet::from([start]);
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        for s in 0..=max_score(rules) as Points {
            if let Next::Play(q) = after(rules, p, s)
                && seen.insert(q)
            {
                stack.push(q);
            }
        }
    }
    seen.into_iter().collect()
}

/// One mover's best reply at `values`: its value and every seat's value under that play.
fn reply(
    rules: Rules,
    p: Position,
    value_of: &dyn Fn(Position) -> [f64; SEATS],
) -> (f64, [f64; SEATS]) {
    let outcome = |s: usize| match after(rules, p, s as Points) {
        Next::Over(v) => v,
        Next::Play(q) => value_of(q),
    };
    let outcomes: Vec<[f64; SEATS]> = (0..=max_score(rules)).map(outcome).collect();
    let utility: Vec<f64> = outcomes.iter().map(|o| o[p.0]).collect();
    let (best, dist) = turn(Turn::new(rules), &utility, &mut HashMap::new());
    let mut v = [0.0; SEATS];
    for (prob, o) in dist.iter().zip(&outcomes) {
        (0..SEATS).for_each(|j| v[j] += prob * o[j]);
    }
    (best, v)
}

/// Plain value iteration; `None` when it does not settle.
fn naive(rules: Rules, positions: &[Position]) -> Option<HashMap<Position, [f64; SEATS]>> {
    let mut values: HashMap<Position, [f64; SEATS]> =
        positions.iter().map(|&p| (p, [0.25; SEATS])).collect();
    for _sweep in 0..3_000 {
        let mut change = 0.0f64;
        for &p in positions {
            let (_, v) = reply(rules, p, &|q| values[&q]);
            let old = values.insert(p, v).unwrap();
            change = (0..SEATS)
                .map(|j| (old[j] - v[j]).abs())
                .fold(change, f64::max);
        }
        if change < 1e-15 {
            return Some(values);
        }
    }
    None
}

fn tiny(dice: u8, target: Points) -> Rules {
    Rules::official()
        .with_dice(dice)
        .unwrap()
        .with_target(target)
        .unwrap()
}

/// The solver's values are an equilibrium, checked position by position at one sweep's cost:
/// no mover gains by deviating from them (its best reply found by the naive recursion), and
/// where no tuple was mixed each position's values are those of that best reply (the fixed point
/// of the play, which is unique because a turn passes the move at the same scores with
/// probability below 1). Returns the solution's count of mixed tuples.
fn check_equilibrium(rules: Rules, solution: &QuadSolution, positions: &[Position]) -> u64 {
    let mixed = solution.stats().mixed_tuples;
    let solved = |(seat, scores, _): Position| {
        solution.seat_wins(quad_position(rules, &scores, seat).unwrap())
    };
    for &p in positions {
        let got = solved(p);
        assert!(
            (got.iter().sum::<f64>() - 1.0).abs() < 1e-12,
            "{rules}: {p:?}: {got:?}"
        );
        let (best, v) = reply(rules, p, &solved);
        assert!(best <= got[p.0] + 1e-9, "{rules}: {p:?}: {best} > {got:?}");
        // In a mixed tuple the values are those of a mixture of two best replies.
        let repeats = matches!(after(rules, p, 0), Next::Play(q) if q.1 == p.1);
        if !repeats || mixed == 0 {
            for j in 0..SEATS {
                assert!(
                    (v[j] - got[j]).abs() < 1e-9,
                    "{rules}: {p:?}: {v:?} vs {got:?}"
                );
            }
        }
    }
    mixed
}

#[test]
fn tiny_games_match_naive_value_iteration() {
    for rules in [
        tiny(2, 3),
        tiny(2, 3).with_end(EndRule::Immediate),
        tiny(2, 3).with_tie(TieRule::Shared),
        tiny(1, 2),
    ] {
        let solution = QuadSolution::solve(rules, &|_| {}).unwrap();
        let positions = reachable(rules);
        assert!(
            positions.len() > 40,
            "{rules}: {} positions",
            positions.len()
        );
        let naive = naive(rules, &positions).expect("value iteration settles");
        assert_eq!(solution.stats().mixed_tuples, 0, "{rules}");
        for (&(seat, scores, _), expected) in &naive {
            let got = solution.seat_wins(quad_position(rules, &scores, seat).unwrap());
            for j in 0..SEATS {
                assert!(
                    (got[j] - expected[j]).abs() < 1e-9,
                    "{rules}: seat {seat} to play at {scores:?}: {got:?} vs naive {expected:?}"
                );
            }
        }
        check_equilibrium(rules, &solution, &positions);
    }
}

#[test]
fn small_games_are_equilibria_position_by_position() {
    for rules in [
        tiny(3, 5),
        tiny(4, 5).with_bonus(BonusRule::AnyEarthling),
        tiny(3, 4).with_tie(TieRule::Shared),
        tiny(5, 4).with_end(EndRule::Immediate),
    ] {
        let solution = QuadSolution::solve(rules, &|_| {}).unwrap();
        let positions = reachable(rules);
        let mixed = check_equilibrium(rules, &solution, &positions);
        eprintln!(
            "{rules}: {} positions, {mixed} mixed tuples",
            positions.len()
        );
    }
}
