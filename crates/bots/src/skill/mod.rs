//! Difficulty levels for people to play against: `easy`, `medium`, `hard`, `strength:X`.
//!
//! A level errs like people do: it knows the value of every option (the same exact values as
//! `optimal`: the probability of winning, or for a lone player the expected number of turns) and
//! the points of the turn each gives up, weighs each option's cost as a person would feel it (the
//! larger of the two, in points of the turn: [`feel`]) and picks at random, cheap mistakes often,
//! dear ones rarely and none beyond its blunder bound. The temperature and the bound fall with the
//! strength `s` (0 to 1): strength 1 plays optimally.
//!
//! Its mistakes are ones a person could make: it never stops with a turn worth nothing while
//! rolling on can still make it score, unless stopping is truly the better option (a person
//! rolls on when there is nothing to lose, whatever the game's chances say).
//!
//! A level's decisions are known in advance as probabilities ([`SkilledPolicy`]), which is how
//! the exact arena values it; the same function gives both those probabilities and what
//! [`Strategy::decide`] draws from.

use std::sync::Arc;

use martian_engine::{Action, GameRng, Rules, Situation, Turn, TurnPhase};
use martian_solver::{ActionProbabilities, TurnPlay, TurnTable, duel, expected_score_table};
use rand::RngExt;

use crate::oracle::{Fallback, Measure, Oracle};
use crate::{BotError, Strategy};

mod exact;
mod feel;

pub use exact::SkilledPolicy;
pub(crate) use feel::Feel;

/// The named levels and their strengths, weakest first. Their exact chances against `optimal`,
/// accuracy and blunder rates are in `docs/levels.md`.
pub const LEVELS: [(&str, f64); 3] = [("easy", 0.15), ("medium", 0.35), ("hard", 0.5)];

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
}

/// What a level of `feel` does in `turn` (awaiting a decision) when `table` values its options
/// in `measure`: the probability of each option, in the order of the table's options.
pub(crate) fn level_probabilities(
    turn: &Turn,
    table: &TurnTable,
    measure: Measure,
    feel: Feel,
) -> ActionProbabilities {
    let greedy = expected_score_table(turn.rules());
    let mut actions = [Action::Roll; 4];
    let mut values = [0.0; 4];
    let mut points = [0.0; 4];
    let mut n = 0;
    for ((action, value), (_, point)) in table
        .action_values(turn)
        .iter()
        .zip(greedy.action_values(turn).iter())
    {
        actions[n] = action;
        values[n] = value;
        points[n] = point;
        n += 1;
    }
    if turn.phase() == TurnPhase::Deciding
        && nothing_to_stop_for(
            turn.score(),
            greedy.value_to_roll(turn.aside()),
            values[0],
            values[1],
        )
    {
        return ActionProbabilities::certain(Action::Roll);
    }
    let mut costs = [0.0; 4];
    let mut p = [0.0; 4];
    feel::costs(
        &values[..n],
        &points[..n],
        feel::unit(measure, greedy.start_value()),
        &mut costs[..n],
    );
    feel::probabilities(&costs[..n], feel, &mut p[..n]);
    feel::as_actions(&actions[..n], &p[..n])
}

/// Whether stopping now (after a take, the turn at `score`) would be a mistake no person makes:
/// the turn is worth nothing if stopped, rolling on can still make it score (its expected score
/// played on for points, `points_rolling`, is positive), and stopping is not truly better (by
/// more than rounding) than rolling in the values `stop` and `roll`.
pub(crate) fn nothing_to_stop_for(score: u16, points_rolling: f64, stop: f64, roll: f64) -> bool {
    score == 0 && points_rolling > 0.0 && stop <= roll + 1e-12 * roll.abs().max(1.0)
}

impl Strategy for Skilled {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn reads_solutions(&self) -> bool {
        true
    }

    fn turn_play(&self, rules: Rules) -> Option<TurnPlay> {
        Some(TurnPlay::Policy(Arc::new(SkilledPolicy::new(
            self.strength,
            duel(rules).ok()?,
        ))))
    }

    fn fallback(&self) -> Option<&Fallback> {
        self.oracle.fallback()
    }

    fn decide(&mut self, situation: &Situation<'_>, rng: &mut GameRng) -> Result<Action, BotError> {
        let (table, measure) = self.oracle.table(situation);
        let probabilities =
            level_probabilities(situation.turn, table, measure, Feel::of(self.strength));
        Ok(probabilities
            .pick(rng.random::<f64>())
            .expect("a decision has at least one option"))
    }

    fn new_game(&mut self, rules: Rules, _seat: usize, players: usize) -> Result<(), BotError> {
        self.oracle.prepare(rules, players);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::seeded_rng;

    /// The probabilities, the costs and the feel of `level` in `turn` at the start of an
    /// official duel (0–0, the first seat), from the level's own distribution
    /// ([`SkilledPolicy`], what the exact arena values it by).
    fn at_the_start(level: &str, turn: &Turn) -> (ActionProbabilities, Vec<(Action, f64)>, Feel) {
        let rules = Rules::official();
        let strength = LEVELS.iter().find(|l| l.0 == level).unwrap().1;
        let solution = duel(rules).unwrap();
        let scores = [0, 0];
        let situation = Situation {
            rules,
            scores: &scores,
            seat: 0,
            round: 1,
            turn,
            triggered_by: None,
        };
        let policy = SkilledPolicy::new(strength, Arc::clone(&solution));
        let probabilities =
            martian_solver::DecisionPolicy::action_probabilities(&policy, &situation);
        let table = solution.table(martian_solver::duel_position(rules, &scores, 0).unwrap());
        let greedy = expected_score_table(rules);
        let values: Vec<f64> = table.action_values(turn).iter().map(|o| o.1).collect();
        let points: Vec<f64> = greedy.action_values(turn).iter().map(|o| o.1).collect();
        let mut costs = vec![0.0; values.len()];
        feel::costs(
            &values,
            &points,
            feel::unit(Measure::WinProbability, greedy.start_value()),
            &mut costs,
        );
        let costs = table
            .action_values(turn)
            .iter()
            .map(|o| o.0)
            .zip(costs)
            .collect();
        (probabilities, costs, Feel::of(strength))
    }

    /// The bound every mistake keeps to: a level picks an option of cost `c` (in points of the
    /// turn) with probability at most `exp(−c ÷ T)`, `T` its temperature — the best option's
    /// weight, 1, is part of the sum the weights are divided by — and never when `c` is beyond its
    /// blunder bound. Asserts the level's exact probability of `action` keeps to it and returns
    /// the bound.
    fn assert_within_bound(level: &str, turn: &Turn, action: Action) -> f64 {
        let (p, costs, feel) = at_the_start(level, turn);
        let cost = costs.iter().find(|c| c.0 == action).unwrap().1;
        let bound = if cost > feel.bound {
            0.0
        } else {
            (-cost / feel.temperature).exp()
        };
        let chosen = p.probability(action);
        assert!(
            chosen <= bound * (1.0 + 1e-12),
            "{level}: {action:?} at {chosen}, bound {bound} (cost {cost}, {feel:?})"
        );
        bound
    }

    /// A roll of 13 dice at the start of a duel: a tank, 4 death rays, 2 humans, 1 cow and 5
    /// chickens. The cow costs 6.9 percentage points of the chance to win against the chickens
    /// (2.3 points of the turn at 3 per point), beyond medium's blunder bound (1.95 points): medium
    /// never takes it (the plain softmax of the chance to win took it about 1.4% of the time).
    #[test]
    fn medium_takes_one_cow_over_five_chickens_almost_never() {
        let rules = Rules::official();
        let mut turn = Turn::new(rules);
        turn.apply_roll("TRRRRHHCKKKKK".parse().unwrap()).unwrap();
        let cow = Action::Take(martian_engine::Face::Cow);
        assert_eq!(assert_within_bound("medium", &turn, cow), 0.0);
    }

    /// A turn with a tank, 2 death rays and 2 humans aside (2 points) and 8 dice left, at the
    /// start of a duel: stopping costs 10.4 percentage points of the chance to win (3.5 points of
    /// the turn) and 2.7 points of the turn's expected score, beyond easy's blunder bound (2.55
    /// points): easy never stops there.
    #[test]
    fn easy_stops_with_two_points_and_eight_dice_left_almost_never() {
        let rules = Rules::official();
        let mut turn = Turn::new(rules);
        turn.apply_roll("TRRCCCKKKKKHH".parse().unwrap()).unwrap();
        turn.play(Action::Take(martian_engine::Face::DeathRay))
            .unwrap();
        turn.play(Action::Roll).unwrap();
        turn.apply_roll("RRCCCKKKHH".parse().unwrap()).unwrap();
        turn.play(Action::Take(martian_engine::Face::Human))
            .unwrap();
        assert_eq!((turn.score(), turn.dice_left()), (2, 8));
        assert_eq!(assert_within_bound("easy", &turn, Action::Stop), 0.0);
    }

    /// Over many seeded games of every level, alone and in duels: no level ever stops with a
    /// turn worth nothing while rolling on can score, unless stopping is truly better — although
    /// the levels' costs alone would have stopped many times in those positions.
    #[test]
    fn levels_never_stop_with_nothing_while_rolling_can_still_score() {
        use martian_engine::{Awaiting, Game};
        let rules = Rules::official();
        let greedy = expected_score_table(rules);
        let mut positions = 0u32;
        let mut stops_without_the_rule = 0.0;
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
                        let at_stake = turn.phase() == TurnPhase::Deciding
                            && turn.score() == 0
                            && greedy.value_to_roll(turn.aside()) > 0.0;
                        if at_stake {
                            positions += 1;
                            let values: Vec<f64> = options.iter().map(|o| o.1).collect();
                            let points: Vec<f64> =
                                greedy.action_values(&turn).iter().map(|o| o.1).collect();
                            let (mut costs, mut p) = ([0.0; 2], [0.0; 2]);
                            let unit = feel::unit(measure, greedy.start_value());
                            feel::costs(&values, &points, unit, &mut costs);
                            feel::probabilities(&costs, Feel::of(strength), &mut p);
                            stops_without_the_rule += p[0];
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
        // Expected stops without the rule there: the rule is what keeps them away.
        assert!(stops_without_the_rule > 1.0, "{stops_without_the_rule}");
    }
}
