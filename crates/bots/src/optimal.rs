//! `optimal`: maximises the probability of winning the game — exact for 1, 2 and 3 players; for
//! more, the exact three-player solution of the mover and its two strongest opponents (see
//! [`crate::oracle`]).

use martian_engine::{Action, GameRng, Rules, Situation};

#[cfg(test)]
use crate::Greedy;
use crate::oracle::Oracle;
use crate::{BotError, Strategy};

/// `optimal`: the decision of greatest win probability (see the module comment).
///
/// The solutions are loaded on the first decision, or ahead of it by
/// [`Strategy::new_game`]: the duel takes about a second to solve for the official rules, the
/// three-player game much longer; both are then kept in the user's cache directory.
#[derive(Debug)]
pub struct Optimal {
    oracle: Oracle,
}

impl Optimal {
    pub fn new(rules: Rules) -> Optimal {
        Optimal {
            oracle: Oracle::new(rules),
        }
    }
}

impl Strategy for Optimal {
    fn name(&self) -> String {
        "optimal".into()
    }

    #[inline]
    fn decide(&mut self, situation: &Situation<'_>, _: &mut GameRng) -> Result<Action, BotError> {
        let (table, _) = self.oracle.table(situation);
        Ok(table
            .best_action(situation.turn)
            .expect("decide is called only when a decision is awaited"))
    }

    fn new_game(&mut self, rules: Rules, _seat: usize, players: usize) -> Result<(), BotError> {
        self.oracle.prepare(rules, players);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::{Face, Turn, seeded_rng};

    fn decide(turn: &Turn, scores: &[u16], seat: usize, triggered_by: Option<usize>) -> Action {
        let situation = Situation {
            rules: turn.rules(),
            scores,
            seat,
            round: 6,
            turn,
            triggered_by,
        };
        Optimal::new(turn.rules())
            .decide(&situation, &mut seeded_rng(0))
            .unwrap()
    }

    /// R5 then H4 aside: 4 points in hand, 4 dice left.
    fn four_points_in_hand() -> Turn {
        four_points_in_hand_under(Rules::official())
    }

    fn four_points_in_hand_under(rules: Rules) -> Turn {
        let mut turn = Turn::new(rules);
        turn.apply_roll("RRRRRHHCCCKKK".parse().unwrap()).unwrap();
        turn.play(Action::Take(Face::DeathRay)).unwrap();
        turn.play(Action::Roll).unwrap();
        turn.apply_roll("HHHHCCKK".parse().unwrap()).unwrap();
        turn.play(Action::Take(Face::Human)).unwrap();
        turn
    }

    /// T2 R2 H4 C3 aside: 7 points in hand, 2 dice left. Rolling risks a bust on any tank
    /// against a chicken and the bonus: worth 6.7 points on average, so greedy stops.
    fn seven_points_and_two_dice() -> Turn {
        let mut turn = Turn::new(Rules::official());
        for (roll, take) in [
            ("TTRRHHHHCCCKK", Face::DeathRay),
            ("HHHHCCCKK", Face::Human),
        ] {
            turn.apply_roll(roll.parse().unwrap()).unwrap();
            turn.play(Action::Take(take)).unwrap();
            turn.play(Action::Roll).unwrap();
        }
        turn.apply_roll("CCCKK".parse().unwrap()).unwrap();
        turn.play(Action::Take(Face::Cow)).unwrap();
        turn
    }

    #[test]
    fn optimal_rolls_on_when_stopping_loses_the_duel() {
        // Last turn of the second seat: 16 + 7 does not beat 25; a chicken and the bonus would.
        let turn = seven_points_and_two_dice();
        assert_eq!((turn.score(), turn.dice_left()), (7, 2));
        assert_eq!(decide(&turn, &[25, 16], 1, Some(0)), Action::Roll);
        let greedy = Greedy::new(Rules::official());
        assert_eq!(greedy.table().best_action(&turn), Some(Action::Stop));
    }

    #[test]
    fn optimal_stops_when_stopping_wins_the_duel() {
        let turn = four_points_in_hand();
        assert_eq!(decide(&turn, &[25, 22], 1, Some(0)), Action::Stop);
    }

    #[test]
    fn optimal_plays_many_seats_through_the_reduced_game() {
        // A target of 15 keeps the three-player solve behind the reduction quick.
        let turn = four_points_in_hand_under(Rules::official().with_target(15).unwrap());
        // Four players, last seat, final round: 10 + 4 loses to 15, so it rolls on.
        assert_eq!(decide(&turn, &[15, 3, 7, 10], 3, Some(0)), Action::Roll);
        // And it banks when 12 + 4 beats everyone.
        assert_eq!(decide(&turn, &[15, 3, 7, 12], 3, Some(0)), Action::Stop);
    }
}
