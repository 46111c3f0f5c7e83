//! `greedy`: maximises the expected score of each turn, exactly (the solver's expected-score
//! turn table), whatever the scores of the game.

use martian_engine::{Action, GameRng, Rules, Situation};
use martian_solver::{TurnTable, expected_score_table};

use crate::{BotError, Strategy};

/// `greedy`: the action of greatest expected turn score (ties: stop, then R, H, C, K).
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    table: &'static TurnTable,
}

impl Greedy {
    /// The greedy player for the dice and bonus reading of `rules` (the table is solved once per
    /// process: a few milliseconds for 13 dice).
    pub fn new(rules: Rules) -> Greedy {
        Greedy {
            table: expected_score_table(rules),
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
}
