//! How a level weighs its options: the cost of each as a person feels it, and the probability
//! of choosing it.
//!
//! An option's **cost** is measured in points of the turn. It is the larger of two losses
//! against the best option:
//! - the loss in the game's value (the chance to win, or the expected turns alone), turned into
//!   points at the rate [`Measure`] sets (a point of the turn is worth about 3 percentage points
//!   of the chance to win at the start of a duel, and 1/3.11 of a turn alone), and
//! - the points of the turn given up: the expected score of the turn (played on for points, the
//!   turn solver's expected-score table) after the best option, minus after this one.
//!
//! The second is what a person sees at the table — 1 cow over 5 chickens gives up points and
//! dice whatever the scores — while the first can be tiny early in a game. The best option costs
//! nothing. A level of temperature `T` and blunder bound `B` never picks an option that costs
//! more than `B`, and picks the others with probability proportional to `exp(−cost ÷ T)`: the
//! likelier a mistake, the smaller its cost. Since the best option's weight is 1, an option of
//! cost `c` is picked with probability at most `exp(−c ÷ T)`.

use martian_engine::Action;
use martian_solver::ActionProbabilities;

use crate::oracle::Measure;

/// Percentage points of the chance to win a point of the turn is worth, as a person weighs
/// them: at the start of an official duel one more point banked raises the mover's chance by
/// about 3 of them (the duel solution: 25 points from 0 are worth the whole game, about 8 turns of
/// 3.11 points).
const WIN_CHANCE_PER_POINT: f64 = 0.03;

/// The temperature of strength 0, in points of the turn.
const TEMPERATURE_AT_ZERO: f64 = 1.2;
/// The blunder bound of strength 0, in points of the turn.
const BOUND_AT_ZERO: f64 = 3.0;

/// How a level of some strength weighs its options (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Feel {
    /// In points of the turn; 0 plays the best option.
    pub temperature: f64,
    /// No option costing more (in points of the turn) is ever picked.
    pub bound: f64,
}

impl Feel {
    /// The feel of `strength` (0 to 1): the temperature falls as `(1 − s)²`, the bound as
    /// `1 − s`; strength 1 plays optimally.
    pub fn of(strength: f64) -> Feel {
        let weakness = 1.0 - strength;
        Feel {
            temperature: TEMPERATURE_AT_ZERO * weakness * weakness,
            bound: BOUND_AT_ZERO * weakness,
        }
    }
}

/// How many units of `measure` a point of the turn is worth; `points_per_turn` is the expected
/// score of a turn played for points.
pub(crate) fn unit(measure: Measure, points_per_turn: f64) -> f64 {
    match measure {
        Measure::WinProbability => WIN_CHANCE_PER_POINT,
        Measure::MinusTurns => 1.0 / points_per_turn,
        Measure::Points => 1.0,
    }
}

/// The cost of each option (see the module comment), `values` in the measure (higher is
/// better), `points` the expected score of the turn after each, `unit` from [`unit`].
pub(crate) fn costs(values: &[f64], points: &[f64], unit: f64, out: &mut [f64]) {
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tied = 1e-12 * best.abs().max(1.0);
    // Among the options of the best value, the one that keeps the most points is the reference.
    let reference = values
        .iter()
        .zip(points)
        .filter(|&(&v, _)| v >= best - tied)
        .map(|(_, &p)| p)
        .fold(f64::NEG_INFINITY, f64::max);
    for ((cost, &v), &p) in out.iter_mut().zip(values).zip(points) {
        let value_loss = ((best - v) / unit).max(0.0);
        let points_loss = (reference - p).max(0.0);
        *cost = value_loss.max(points_loss);
    }
}

/// The probability of each option from its cost under `feel`, into `out`.
pub(crate) fn probabilities(costs: &[f64], feel: Feel, out: &mut [f64]) {
    let cheapest = costs.iter().copied().fold(f64::INFINITY, f64::min);
    if feel.temperature <= 0.0 || costs.len() == 1 {
        let first = costs.iter().position(|&c| c == cheapest).unwrap_or(0);
        for (i, p) in out.iter_mut().enumerate() {
            *p = if i == first { 1.0 } else { 0.0 };
        }
        return;
    }
    let mut total = 0.0;
    for (p, &c) in out.iter_mut().zip(costs) {
        *p = if c == cheapest || c <= feel.bound {
            (-(c - cheapest) / feel.temperature).exp()
        } else {
            0.0
        };
        total += *p;
    }
    for p in out.iter_mut() {
        *p /= total;
    }
}

/// The options' probabilities as actions, `actions[i]` having probability `p[i]`.
pub(crate) fn as_actions(actions: &[Action], p: &[f64]) -> ActionProbabilities {
    actions.iter().copied().zip(p.iter().copied()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cost_is_the_larger_of_the_value_lost_in_points_and_the_points_given_up() {
        let mut out = [0.0; 3];
        // Option 0 is best in value; option 1 loses 3 percentage points (1 point of the turn)
        // and 2 points of the turn; option 2 loses 9 percentage points but gains points.
        costs(&[0.50, 0.47, 0.41], &[4.0, 2.0, 5.0], 0.03, &mut out);
        assert_eq!(out[0], 0.0);
        assert!((out[1] - 2.0).abs() < 1e-12);
        assert!((out[2] - 3.0).abs() < 1e-9);
    }

    #[test]
    fn among_options_of_equal_value_giving_up_points_costs() {
        let mut out = [0.0; 2];
        costs(&[0.0, 0.0], &[1.0, 3.5], 0.03, &mut out);
        assert_eq!(out, [2.5, 0.0]);
    }

    #[test]
    fn nothing_beyond_the_bound_and_cheaper_mistakes_likelier() {
        let feel = Feel {
            temperature: 0.5,
            bound: 2.0,
        };
        let mut p = [0.0; 4];
        probabilities(&[0.0, 0.3, 1.5, 2.5], feel, &mut p);
        assert_eq!(p[3], 0.0);
        assert!(p[0] > p[1] && p[1] > p[2] && p[2] > 0.0);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // The bound every mistake of cost c keeps to: exp(−c ÷ T).
        for (&c, &q) in [0.3, 1.5].iter().zip(&p[1..3]) {
            assert!(q <= (-c / feel.temperature).exp());
        }
    }

    #[test]
    fn strength_one_plays_the_best_and_weaker_levels_are_warmer() {
        let mut p = [0.0; 2];
        probabilities(&[0.2, 0.0], Feel::of(1.0), &mut p);
        assert_eq!(p, [0.0, 1.0]);
        let (easy, medium, hard) = (Feel::of(0.3), Feel::of(0.6), Feel::of(0.75));
        assert!(easy.temperature > medium.temperature && medium.temperature > hard.temperature);
        assert!(easy.bound > medium.bound && medium.bound > hard.bound);
    }
}
