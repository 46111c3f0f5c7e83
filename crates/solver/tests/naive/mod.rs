//! The naive pieces the trio and quad checks share: a game's end by the engine's rules (as
//! `Game` does it), and one turn recursed over engine `Turn` states with every roll's exact
//! weight. Written apart from the solver, which they check.

use std::collections::HashMap;

use martian_engine::{Action, Dice, EndRule, Points, Rules, Turn, TurnPhase};

/// Between two turns: the seat to play, the scores, and who reached the target first.
pub type Position<const N: usize> = (usize, [Points; N], Option<usize>);

pub enum Next<const N: usize> {
    Play(Position<N>),
    Over([f64; N]),
}

/// Values of a finished game: tied leaders share (the roll-off is symmetric).
pub fn shares<const N: usize>(scores: [Points; N]) -> [f64; N] {
    let best = *scores.iter().max().unwrap();
    let k = scores.iter().filter(|&&s| s == best).count() as f64;
    scores.map(|s| if s == best { 1.0 / k } else { 0.0 })
}

/// What follows when the mover banks `points` (as `Game` does it).
pub fn after<const N: usize>(
    rules: Rules,
    (seat, scores, triggered): Position<N>,
    points: Points,
) -> Next<N> {
    let mut scores = scores;
    scores[seat] += points;
    let reached = scores[seat] >= rules.target();
    if reached && rules.end() == EndRule::Immediate {
        let mut win = [0.0; N];
        win[seat] = 1.0;
        return Next::Over(win);
    }
    let triggered = triggered.or(reached.then_some(seat));
    if seat == N - 1 && triggered.is_some() {
        return Next::Over(shares(scores));
    }
    Next::Play(((seat + 1) % N, scores, triggered))
}

const TIE: f64 = 1e-12;

/// The mover's best value for `utility` and the distribution of the final score under that play
/// (ties to stopping, then rays, then the earthling type with the most dice, then H, C, K).
pub fn turn(
    t: Turn,
    utility: &[f64],
    memo: &mut HashMap<Turn, (f64, Vec<f64>)>,
) -> (f64, Vec<f64>) {
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
