//! `greedy`: maximises the expected score of each turn, exactly (the solver's expected-score
//! turn table), whatever the scores of the game.

use martian_engine::{Action, GameRng, Rules, Situation};
use martian_solver::{TurnPlay, TurnTable, expected_score_table};

use crate::position_samplers::expected_score_sampler;
use crate::{BotError, Strategy, TurnScoreSampler, TurnStart};

/// `greedy`: the action of greatest expected turn score (ties: stop, then R, H, C, K).
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    rules: Rules,
    table: &'static TurnTable,
    /// Its turns' score distribution, the same in every position; built on first need.
    sampler: Option<&'static TurnScoreSampler>,
}

impl Greedy {
    /// The greedy player for the dice and bonus reading of `rules` (the table is solved once per
    /// process: a few milliseconds for 13 dice).
    pub fn new(rules: Rules) -> Greedy {
        Greedy {
            rules,
            table: expected_score_table(rules),
            sampler: None,
        }
    }

    /// The table this bot plays by.
    pub fn table(&self) -> &'static TurnTable {
        self.table
    }
}

impl Strategy for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    #[inline]
    fn decide(&mut self, situation: &Situation<'_>, _: &mut GameRng) -> Result<Action, BotError> {
        Ok(self
            .table
            .best_action(situation.turn)
            .expect("decide is called only when a decision is awaited"))
    }

    /// The same distribution in every position: the play ignores the scores.
    #[inline]
    fn turn_score_sampler(&mut self, start: &TurnStart<'_>) -> Option<&TurnScoreSampler> {
        // Only the dice and the bonus reading shape a turn.
        let same_turn = |a: Rules, b: Rules| a.dice() == b.dice() && a.bonus() == b.bonus();
        if !same_turn(start.rules, self.rules) {
            *self = Greedy::new(start.rules);
        }
        let rules = self.rules;
        Some(
            self.sampler
                .get_or_insert_with(|| expected_score_sampler(rules)),
        )
    }

    fn turn_play(&self, _: Rules) -> Option<TurnPlay> {
        Some(TurnPlay::Greedy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::{Face, Turn, seeded_rng};

    fn decide(turn: &Turn) -> Action {
        let scores = [0, 0];
        let situation = Situation {
            rules: turn.rules(),
            scores: &scores,
            seat: 0,
            round: 1,
            turn,
            triggered_by: None,
        };
        Greedy::new(turn.rules())
            .decide(&situation, &mut seeded_rng(0))
            .unwrap()
    }

    fn turn(steps: &[(&str, Face)], last_roll: &str) -> Turn {
        let mut turn = Turn::new(Rules::official());
        for &(roll, take) in steps {
            turn.apply_roll(roll.parse().unwrap()).unwrap();
            turn.play(Action::Take(take)).unwrap();
            turn.play(Action::Roll).unwrap();
        }
        turn.apply_roll(last_roll.parse().unwrap()).unwrap();
        turn
    }

    #[test]
    fn greedy_secures_rays_against_many_tanks() {
        // Four tanks already: the three rays are worth far more than two earthlings.
        assert_eq!(
            decide(&turn(&[], "4TRRRHHCCKK")),
            Action::Take(Face::DeathRay)
        );
    }

    #[test]
    fn greedy_takes_earthlings_when_the_rays_are_safe() {
        // Five rays aside against no tank: the four humans are nearly free points.
        let t = turn(&[("RRRRRHHCCCKKK", Face::DeathRay)], "HHHHCCKK");
        assert_eq!(decide(&t), Action::Take(Face::Human));
    }

    #[test]
    fn greedy_stops_when_one_die_can_only_lose_a_big_score() {
        // T2 R2 H3 C3 K2 aside: 11 points; the last die adds nothing and busts on a tank.
        let mut t = turn(
            &[
                ("TTRRHHHCCCKKK", Face::DeathRay),
                ("HHHCCCKKK", Face::Human),
                ("CCCKKK", Face::Cow),
            ],
            "KKR",
        );
        t.play(Action::Take(Face::Chicken)).unwrap();
        assert_eq!((t.score(), t.dice_left()), (11, 1));
        assert_eq!(decide(&t), Action::Stop);
    }

    #[test]
    fn greedy_rolls_on_with_nothing_to_lose() {
        let mut t = turn(&[], "RRRRRHHCCCKKK");
        t.play(Action::Take(Face::DeathRay)).unwrap();
        assert_eq!(decide(&t), Action::Roll);
    }

    #[test]
    fn greedy_samples_the_same_expected_score_turn_everywhere() {
        let rules = Rules::official();
        let exact = expected_score_table(rules).score_distribution(&Turn::new(rules));
        let mut bot = Greedy::new(rules);
        for (scores, seat) in [([0u16, 0], 0), ([24, 3], 1), ([30, 3], 1)] {
            let start = TurnStart {
                rules,
                scores: &scores,
                seat,
                round: 2,
                triggered_by: None,
            };
            let sampler = bot.turn_score_sampler(&start).unwrap();
            let mean: f64 = (0..=sampler.max_score())
                .map(|s| f64::from(s) * sampler.probability(s))
                .sum();
            assert!((mean - 3.11).abs() < 0.005, "{mean}");
            for (score, &p) in exact.iter().enumerate() {
                assert!((sampler.probability(score as u16) - p).abs() < 1e-15);
            }
        }
    }
}
