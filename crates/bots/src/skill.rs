//! Difficulty levels for people to play against: `easy`, `medium`, `hard`, `strength:X`.
//!
//! A level errs like people do: it knows the value of every option (the same exact values as
//! `optimal`: the probability of winning, or for a lone player the expected number of turns) and
//! picks an option at random with probability proportional to `exp(value / temperature)`
//! (a softmax). Options almost as good as the best are often chosen; costly blunders rarely.
//! The temperature falls with the strength `s` (0 to 1) as `(1 - s)²`: strength 1 plays
//! optimally.
//!
//! Its mistakes are ones a person could make: it never stops with a turn worth nothing while
//! rolling on can still make it score, unless stopping is truly the better option (a person
//! rolls on when there is nothing to lose, whatever the game's chances say).

use std::sync::Arc;

use martian_engine::{
    Action, BONUS_POINTS, GameRng, Points, Rules, Situation, Turn, TurnPhase, TurnStart,
};
use martian_solver::{
    ActionProbabilities, DecisionPolicy, DuelPosition, DuelSolution, TurnPlay, TurnView, duel,
    duel_position, expected_score_table,
};
use rand::RngExt;

use crate::oracle::{Fallback, Measure, Oracle};
use crate::{BotError, Strategy};

/// The temperature at strength 0 when values are win probabilities: an option 10 percentage
/// points worse than the best is still chosen e⁻¹ ≈ 37% as often.
const WIN_TEMPERATURE_AT_ZERO: f64 = 0.10;
/// The same when values are expected turns (one turn ≈ a few percent of a game)…
const TURNS_TEMPERATURE_AT_ZERO: f64 = 1.0;
/// …and expected points (a fallback that exact play never needs).
const POINTS_TEMPERATURE_AT_ZERO: f64 = 2.5;

/// The named levels and their strengths. Measured in duels against `optimal` (official rules,
/// 100,000 games): easy wins 16%, medium 40%, hard 48% (about as often as `greedy`).
pub const LEVELS: [(&str, f64); 3] = [("easy", 0.3), ("medium", 0.6), ("hard", 0.75)];

/// A player of a given strength (see the module comment).
#[derive(Debug)]
pub struct Skilled {
    name: String,
    strength: f64,
    oracle: Oracle,
}

impl Skilled {
    /// A player of `strength` from 0 (weakest) to 1 (optimal), named `name`.
    ///
    /// # Panics
    /// When `strength` is not within 0..=1.
    pub fn new(name: impl Into<String>, strength: f64, rules: Rules) -> Skilled {
        assert!((0.0..=1.0).contains(&strength), "strength {strength}");
        Skilled {
            name: name.into(),
            strength,
            oracle: Oracle::new(rules),
        }
    }

    pub fn strength(&self) -> f64 {
        self.strength
    }

    fn temperature(&self, measure: Measure) -> f64 {
        temperature(self.strength, measure)
    }
}

/// The temperature of a level of `strength` for values measured in `measure`.
fn temperature(strength: f64, measure: Measure) -> f64 {
    let scale = match measure {
        Measure::WinProbability => WIN_TEMPERATURE_AT_ZERO,
        Measure::MinusTurns => TURNS_TEMPERATURE_AT_ZERO,
        Measure::Points => POINTS_TEMPERATURE_AT_ZERO,
    };
    scale * (1.0 - strength).powi(2)
}

/// The probability of each of `options` that [`softmax_pick`] picks it with.
fn softmax_probabilities(options: &[(Action, f64)], temperature: f64) -> ActionProbabilities {
    let best = options
        .iter()
        .map(|&(_, v)| v)
        .fold(f64::NEG_INFINITY, f64::max);
    if temperature <= 0.0 || options.len() == 1 {
        let (action, _) = *options
            .iter()
            .find(|&&(_, v)| v == best)
            .expect("at least one option");
        return ActionProbabilities::certain(action);
    }
    let weights: Vec<f64> = options
        .iter()
        .map(|&(_, v)| ((v - best) / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    options
        .iter()
        .zip(&weights)
        .map(|(&(action, _), &weight)| (action, weight / total))
        .collect()
}

/// What a level at `temperature` does in `turn` among `options` (each with its value), as
/// probabilities: what [`Strategy::decide`] draws from.
fn level_probabilities(
    turn: &Turn,
    options: &[(Action, f64)],
    temperature: f64,
) -> ActionProbabilities {
    if nothing_to_stop_for(turn, options) {
        return ActionProbabilities::certain(Action::Roll);
    }
    softmax_probabilities(options, temperature)
}

/// A level's decisions in duels as probabilities, from the exact duel solution: for exact
/// valuation ([`martian_solver::duel_match`]).
#[derive(Debug)]
pub struct SkilledPolicy {
    strength: f64,
    solution: Arc<DuelSolution>,
}

impl DecisionPolicy for SkilledPolicy {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        let (table, measure) =
            match duel_position(situation.rules, situation.scores, situation.seat) {
                Ok(position) => (self.solution.table(position), Measure::WinProbability),
                Err(_) => (expected_score_table(situation.rules), Measure::Points),
            };
        let options: Vec<(Action, f64)> = table.action_values(situation.turn).iter().collect();
        level_probabilities(
            situation.turn,
            &options,
            temperature(self.strength, measure),
        )
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
}

/// Picks among `(action, value)` options with probability ∝ `exp((value - best) / temperature)`;
/// the best (first among equals) at temperature 0.
pub(crate) fn softmax_pick(
    options: &[(Action, f64)],
    temperature: f64,
    rng: &mut GameRng,
) -> Action {
    let best = options
        .iter()
        .map(|&(_, v)| v)
        .fold(f64::NEG_INFINITY, f64::max);
    if temperature <= 0.0 || options.len() == 1 {
        return options
            .iter()
            .find(|&&(_, v)| v == best)
            .expect("at least one option")
            .0;
    }
    let weights: Vec<f64> = options
        .iter()
        .map(|&(_, v)| ((v - best) / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut pick = rng.random::<f64>() * total;
    for (&(action, _), &weight) in options.iter().zip(&weights) {
        if pick < weight {
            return action;
        }
        pick -= weight;
    }
    options.last().expect("at least one option").0
}

/// Whether stopping now would be a mistake no person makes: the turn is worth nothing if stopped,
/// rolling on can still make it score, and stopping is not truly better (by more than rounding)
/// in the values `options` give.
fn nothing_to_stop_for(turn: &Turn, options: &[(Action, f64)]) -> bool {
    if turn.phase() != TurnPhase::Deciding || turn.score() > 0 {
        return false;
    }
    let value = |action: Action| options.iter().find(|&&(a, _)| a == action).map(|&(_, v)| v);
    let (Some(stop), Some(roll)) = (value(Action::Stop), value(Action::Roll)) else {
        return false;
    };
    // Rolling on can score exactly when playing on for points scores something on average.
    let can_score = expected_score_table(turn.rules()).value_to_roll(turn.aside()) > 0.0;
    can_score && stop <= roll + 1e-12 * roll.abs().max(1.0)
}

impl Strategy for Skilled {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn reads_solutions(&self) -> bool {
        true
    }

    fn turn_play(&self, rules: Rules) -> Option<TurnPlay> {
        Some(TurnPlay::Policy(Arc::new(SkilledPolicy {
            strength: self.strength,
            solution: duel(rules).ok()?,
        })))
    }

    fn fallback(&self) -> Option<&Fallback> {
        self.oracle.fallback()
    }

    fn decide(&mut self, situation: &Situation<'_>, rng: &mut GameRng) -> Result<Action, BotError> {
        let (table, measure) = self.oracle.table(situation);
        let options: Vec<(Action, f64)> = table.action_values(situation.turn).iter().collect();
        if nothing_to_stop_for(situation.turn, &options) {
            return Ok(Action::Roll);
        }
        let temperature = self.temperature(measure);
        Ok(softmax_pick(&options, temperature, rng))
    }

    fn new_game(&mut self, rules: Rules, _seat: usize, players: usize) -> Result<(), BotError> {
        self.oracle.prepare(rules, players);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::{Face, seeded_rng};

    #[test]
    fn at_temperature_zero_the_best_option_is_taken() {
        let options = [(Action::Stop, 0.2), (Action::Roll, 0.7)];
        assert_eq!(
            softmax_pick(&options, 0.0, &mut seeded_rng(1)),
            Action::Roll
        );
    }

    #[test]
    fn cheap_mistakes_are_made_more_often_than_expensive_ones() {
        let options = [
            (Action::Take(Face::DeathRay), 0.50),
            (Action::Take(Face::Human), 0.49),
            (Action::Take(Face::Cow), 0.30),
        ];
        let temperature = 0.05;
        let mut rng = seeded_rng(3);
        let trials = 20_000;
        let mut counts = [0u32; 3];
        for _ in 0..trials {
            let picked = softmax_pick(&options, temperature, &mut rng);
            let i = options.iter().position(|&(a, _)| a == picked).unwrap();
            counts[i] += 1;
        }
        // Exact probabilities of the softmax, checked within 5 standard errors.
        let weights: Vec<f64> = options
            .iter()
            .map(|&(_, v)| ((v - 0.5) / temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        for (i, &w) in weights.iter().enumerate() {
            let p = w / total;
            let observed = f64::from(counts[i]) / f64::from(trials);
            let standard_error = (p * (1.0 - p) / f64::from(trials)).sqrt();
            assert!(
                (observed - p).abs() < 5.0 * standard_error + 1e-12,
                "option {i}: {observed} vs {p}"
            );
        }
        assert!(counts[1] > counts[2] * 10, "{counts:?}");
    }

    /// Over many seeded games of every level, alone and in duels: no level ever stops with a
    /// turn worth nothing while rolling on can score, unless stopping is truly better — although
    /// the plain softmax would have done it many times in those positions.
    #[test]
    fn levels_never_stop_with_nothing_while_rolling_can_still_score() {
        use martian_engine::{Awaiting, Game};
        let rules = Rules::official();
        let mut positions = 0u32;
        let mut softmax_stops = 0.0;
        for (name, strength) in LEVELS {
            for players in [1, 2] {
                for seed in 0..40 {
                    let mut bots: Vec<Skilled> = (0..players)
                        .map(|_| Skilled::new(name, strength, rules))
                        .collect();
                    for (seat, bot) in bots.iter_mut().enumerate() {
                        bot.new_game(rules, seat, players).unwrap();
                    }
                    let mut game = Game::new(rules, players).unwrap();
                    let mut rng = seeded_rng(seed);
                    while game.awaiting() != Awaiting::Nothing {
                        let Awaiting::Decision { seat } = game.awaiting() else {
                            game.roll(&mut rng).unwrap();
                            continue;
                        };
                        let situation = game.situation();
                        let turn = *situation.turn;
                        let bot = &mut bots[seat];
                        let (table, measure) = bot.oracle.table(&situation);
                        let options: Vec<(Action, f64)> =
                            table.action_values(&turn).iter().collect();
                        let temperature = bot.temperature(measure);
                        let at_stake = turn.phase() == TurnPhase::Deciding
                            && turn.score() == 0
                            && expected_score_table(rules).value_to_roll(turn.aside()) > 0.0;
                        if at_stake {
                            positions += 1;
                            let best = options.iter().map(|o| o.1).fold(f64::MIN, f64::max);
                            let weight = |v: f64| ((v - best) / temperature).exp();
                            let total: f64 = options.iter().map(|o| weight(o.1)).sum();
                            let stop = options.iter().find(|o| o.0 == Action::Stop).unwrap().1;
                            softmax_stops += weight(stop) / total;
                        }
                        let action = bot.decide(&situation, &mut rng).unwrap();
                        if at_stake && action == Action::Stop {
                            let value = |a| options.iter().find(|o| o.0 == a).unwrap().1;
                            assert!(
                                value(Action::Stop) > value(Action::Roll),
                                "{name} stopped with nothing at {turn:?}: {options:?}"
                            );
                        }
                        game.play(action).unwrap();
                    }
                }
            }
        }
        assert!(
            positions > 1_000,
            "only {positions} positions with nothing held"
        );
        // Expected stops of the plain softmax there: the rule is what keeps them away.
        assert!(softmax_stops > 20.0, "{softmax_stops}");
    }

    #[test]
    fn the_temperature_falls_with_strength_to_zero() {
        let rules = Rules::official();
        let t = |s: f64| Skilled::new("x", s, rules).temperature(Measure::WinProbability);
        assert!(t(0.3) > t(0.6) && t(0.6) > t(0.75) && t(0.75) > 0.0);
        assert_eq!(t(1.0), 0.0);
    }
}
