//! The three-player solve against an independent, naive computation on tiny games: game positions
//! moved by the engine's rules of the end (the same logic as `Game`), turns recursed over engine
//! `Turn` states with every roll's exact weight, and plain Gauss–Seidel value iteration over all
//! reachable positions until nothing moves by 1e-15.

use std::collections::HashMap;

use martian_engine::{Action, BonusRule, Dice, EndRule, Points, Rules, Turn, TurnPhase};
use martian_solver::{TrioSolution, trio_position};

/// Between two turns: the seat to play, the scores, and who reached the target first.
type Position = (usize, [Points; 3], Option<usize>);

enum Next {
    Play(Position),
    Over([f64; 3]),
}

/// Values of a finished game: tied leaders share.
fn shares(scores: [Points; 3]) -> [f64; 3] {
    let best = *scores.iter().max().unwrap();
    let k = scores.iter().filter(|&&s| s == best).count() as f64;
    scores.map(|s| if s == best { 1.0 / k } else { 0.0 })
}

/// What follows when the mover banks `points` (as `Game` does it).
fn after(rules: Rules, (seat, scores, triggered): Position, points: Points) -> Next {
    let mut scores = scores;
    scores[seat] += points;
    let reached = scores[seat] >= rules.target();
    if reached && rules.end() == EndRule::Immediate {
        let mut win = [0.0; 3];
        win[seat] = 1.0;
        return Next::Over(win);
    }
    let triggered = triggered.or(reached.then_some(seat));
    if seat == 2 && triggered.is_some() {
        return Next::Over(shares(scores));
    }
    Next::Play(((seat + 1) % 3, scores, triggered))
}

const TIE: f64 = 1e-12;

/// The mover's best value for `utility` and the distribution of the final score under that play
/// (ties to stopping, then rays, then the earthling type with the most dice, then H, C, K).
fn turn(t: Turn, utility: &[f64], memo: &mut HashMap<Turn, (f64, Vec<f64>)>) -> (f64, Vec<f64>) {
    if let Some(v) = memo.get(&t) {
        return v.clone();
    }
    let point = |score: Points| {
        let mut d = vec![0.0; utility.len()];
        d[usize::from(score)] = 1.0;
        (utility[usize::from(score)], d)
    };
    let result = match t.phase() {
        TurnPhase::Over(_) => point(t.score()),
        TurnPhase::ToRoll => {
            let n = t.dice_left();
            let total = 6f64.powi(i32::from(n));
            let mut value = 0.0;
            let mut dist = vec![0.0; utility.len()];
            for (roll, weight) in Dice::outcomes(n) {
                let mut next = t;
                next.apply_roll(roll).unwrap();
                let (v, d) = turn(next, utility, memo);
                let p = weight as f64 / total;
                value += p * v;
                dist.iter_mut().zip(&d).for_each(|(a, b)| *a += p * b);
            }
            (value, dist)
        }
        TurnPhase::Deciding => {
            let stop = point(t.score());
            let mut next = t;
            next.play(Action::Roll).unwrap();
            let roll = turn(next, utility, memo);
            if roll.0 > stop.0 + TIE { roll } else { stop }
        }
        TurnPhase::Choosing { roll } => {
            let mut order: Vec<_> = t.legal_takes().iter().collect();
            order.sort_by_key(|f| {
                (
                    !matches!(f, martian_engine::Face::DeathRay),
                    std::cmp::Reverse(roll.count(*f)),
                )
            });
            let mut best: Option<(f64, Vec<f64>)> = None;
            for face in order {
                let mut next = t;
                next.play(Action::Take(face)).unwrap();
                let candidate = turn(next, utility, memo);
                if best.as_ref().is_none_or(|b| candidate.0 > b.0 + TIE) {
                    best = Some(candidate);
                }
            }
            best.unwrap()
        }
    };
    memo.insert(t, result.clone());
    result
}

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
