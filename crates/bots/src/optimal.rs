//! `optimal`: maximises the probability of winning the game — exact for 1 to 4 players; for
//! more, the exact three-player solution of the mover and its two strongest opponents (see
//! [`crate::oracle`]).

use std::sync::Arc;

use martian_engine::{Action, GameRng, Points, Rules, Situation, SolvedGame, Turn};
use martian_solver::TurnPlay;

#[cfg(test)]
use crate::Greedy;
use crate::oracle::{Fallback, Oracle};
use crate::position_samplers::{
    Layout, PositionSamplers, Shape, expected_score_sampler, reduce_into,
};
use crate::{BotError, Strategy, TurnScoreSampler, TurnStart};

/// `optimal`: the decision of greatest win probability (see the module comment).
///
/// The solutions are loaded on the first decision, or ahead of it by
/// [`Strategy::new_game`]: the duel takes about a second to solve for the official rules, the
/// three-player game much longer; both are then kept in the user's cache directory.
#[derive(Debug)]
pub struct Optimal {
    oracle: Oracle,
    /// The turn-score samplers of the positions of the games being played (shared by the
    /// process), with the number of players they are for.
    samplers: Option<(Arc<PositionSamplers>, usize)>,
}

impl Optimal {
    pub fn new(rules: Rules) -> Optimal {
        Optimal {
            oracle: Oracle::new(rules),
            samplers: None,
        }
    }

    /// The layout of the positions `players` players are played through under `rules` (`None`
    /// when exact play is out of reach: the expected score is played everywhere).
    fn layout(&mut self, rules: Rules, players: usize) -> Option<Layout> {
        match players {
            1 => Some(Layout::Solo),
            2 => {
                self.oracle.prepare(rules, 2);
                self.oracle.fallback().is_none().then_some(Layout::Duel)
            }
            _ => match self.oracle.multi_game(rules, players)? {
                SolvedGame::Quad => Some(Layout::Quad),
                SolvedGame::Trio => Some(Layout::Trio),
                SolvedGame::Duel | SolvedGame::Solo => Some(Layout::Duel),
            },
        }
    }

    /// The slot of `start` in `layout` (`None`: a position the solutions do not cover, played
    /// by expected score, as [`Strategy::decide`] does).
    #[inline]
    fn slot(shape: &Shape, layout: Layout, start: &TurnStart<'_>) -> Option<usize> {
        let (scores, seat) = (start.scores, start.seat);
        match (layout, scores.len()) {
            (Layout::Solo, 1) => shape.solo_slot(scores[0]),
            (Layout::Duel, 2) => shape.duel_slot(scores, seat),
            (Layout::Duel, _) => {
                let (reduced, mover) = reduce_into::<2>(scores, seat)?;
                shape.duel_slot(&reduced, mover)
            }
            (Layout::Trio, 3) => shape.trio_slot(scores, seat),
            (Layout::Trio, _) => {
                let (reduced, mover): ([Points; 3], usize) = reduce_into::<3>(scores, seat)?;
                shape.trio_slot(&reduced, mover)
            }
            (Layout::Quad, 4) => shape.quad_slot(scores, seat),
            (Layout::Solo | Layout::Quad, _) => None,
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

    fn reads_solutions(&self) -> bool {
        true
    }

    fn turn_play(&self, _: Rules) -> Option<TurnPlay> {
        Some(TurnPlay::Optimal)
    }

    fn fallback(&self) -> Option<&Fallback> {
        self.oracle.fallback()
    }

    /// The distribution of the turn [`Strategy::decide`] plays from `start`: that of the same
    /// solver table, built once per position and process.
    #[inline]
    fn turn_score_sampler(&mut self, start: &TurnStart<'_>) -> Option<&TurnScoreSampler> {
        let (rules, players) = (start.rules, start.scores.len());
        let current = matches!(&self.samplers,
            Some((samplers, n)) if *n == players && samplers.rules() == rules);
        if !current {
            let Some(layout) = self.layout(rules, players) else {
                return Some(expected_score_sampler(rules));
            };
            self.samplers = Some((PositionSamplers::shared(rules, layout), players));
        }
        let (samplers, _) = self.samplers.as_ref().expect("set above");
        let shape = Shape::new(rules);
        let Some(slot) = Optimal::slot(&shape, samplers.layout(), start) else {
            return Some(expected_score_sampler(rules));
        };
        let oracle = &mut self.oracle;
        Some(samplers.get_or_build(slot, || {
            let turn = Turn::new(rules);
            let situation = Situation {
                rules,
                scores: start.scores,
                seat: start.seat,
                round: start.round,
                turn: &turn,
                triggered_by: start.triggered_by,
            };
            oracle.table(&situation).0
        }))
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

    /// Past the solvers' limits (13 dice to 800: the duel stops at 758) the exact bots say so and
    /// play the expected score, as `greedy`: every decision is greedy's, the turn samplers are
    /// greedy's, and their games end with a winner like any other.
    #[test]
    fn beyond_the_limits_the_exact_bots_play_greedy_and_say_so() {
        use martian_engine::{Awaiting, Game};
        let rules = Rules::official().with_target(800).unwrap();
        let greedy = Greedy::new(rules);
        let mut bots: Vec<Box<dyn Strategy>> = vec![
            Box::new(Optimal::new(rules)),
            crate::create("medium", rules).unwrap(),
        ];
        for (seat, bot) in bots.iter_mut().enumerate() {
            bot.new_game(rules, seat, 2).unwrap();
            let Some(crate::Fallback::BeyondLimit(limit)) = bot.fallback() else {
                panic!("{}: {:?}", bot.name(), bot.fallback());
            };
            assert_eq!(limit.max_target, 758);
        }
        let start = TurnStart {
            rules,
            scores: &[0, 0],
            seat: 0,
            round: 1,
            triggered_by: None,
        };
        let sampler = bots[0]
            .turn_score_sampler(&start)
            .unwrap()
            .probabilities()
            .to_vec();
        assert_eq!(sampler, expected_score_sampler(rules).probabilities());
        let mut game = Game::new(rules, 2).unwrap().without_history();
        let mut rng = seeded_rng(5);
        let mut decisions = 0u32;
        while game.awaiting() != Awaiting::Nothing {
            let Awaiting::Decision { seat } = game.awaiting() else {
                game.roll(&mut rng).unwrap();
                continue;
            };
            let situation = game.situation();
            let action = bots[seat].decide(&situation, &mut rng).unwrap();
            if seat == 0 {
                assert_eq!(Some(action), greedy.table().best_action(situation.turn));
                decisions += 1;
            }
            game.play(action).unwrap();
        }
        assert!(decisions > 500, "{decisions}");
        assert!(
            game.scores().iter().any(|&s| s >= 800),
            "{:?}",
            game.scores()
        );
        assert_eq!(game.outcome().unwrap().winners.len(), 1);
    }

    #[test]
    fn optimal_plays_many_seats_through_the_reduced_game() {
        // A target of 10 keeps the three-player solve behind the reduction quick.
        let turn = four_points_in_hand_under(Rules::official().with_target(10).unwrap());
        // Four players, last seat, final round: 5 + 4 loses to 10, so it rolls on.
        assert_eq!(decide(&turn, &[10, 3, 5, 5], 3, Some(0)), Action::Roll);
        // And it banks when 7 + 4 beats everyone.
        assert_eq!(decide(&turn, &[10, 3, 5, 7], 3, Some(0)), Action::Stop);
    }

    fn sampled(bot: &mut dyn Strategy, rules: Rules, scores: &[u16], seat: usize) -> Vec<f64> {
        let start = TurnStart {
            rules,
            scores,
            seat,
            round: 3,
            triggered_by: None,
        };
        bot.turn_score_sampler(&start)
            .expect("optimal offers a sampler everywhere")
            .probabilities()
            .to_vec()
    }

    fn distribution(table: &martian_solver::TurnTable, rules: Rules) -> Vec<f64> {
        let d = table.score_distribution(&Turn::new(rules));
        let sum: f64 = d.iter().sum();
        d.iter().map(|p| p / sum).collect()
    }

    #[test]
    fn optimal_samples_the_turn_the_duel_solution_plays() {
        let rules = Rules::official();
        let solution = martian_solver::duel(rules).unwrap();
        let mut bot = Optimal::new(rules);
        for (scores, seat) in [([0, 0], 0), ([20, 24], 1), ([24, 3], 0), ([27, 19], 1)] {
            let position = solution.position(&scores, seat).unwrap();
            assert_eq!(
                sampled(&mut bot, rules, &scores, seat),
                distribution(solution.table(position), rules),
                "{scores:?} seat {seat}"
            );
        }
        // Behind by 8 in the last turn: only 9 points or more win, so it plays for them.
        let last = sampled(&mut bot, rules, &[27, 19], 1);
        let greedy = sampled(&mut Greedy::new(rules), rules, &[27, 19], 1);
        assert!(last[9..].iter().sum::<f64>() > greedy[9..].iter().sum::<f64>());
    }

    #[test]
    fn optimal_samples_the_exact_four_player_game() {
        let rules = Rules::official()
            .with_dice(8)
            .unwrap()
            .with_target(10)
            .unwrap();
        let solution = martian_solver::quad(rules).unwrap();
        let mut bot = Optimal::new(rules);
        for (scores, seat) in [
            ([0, 0, 0, 0], 2),
            ([3, 9, 7, 1], 0),
            ([10, 3, 7, 9], 3),
            ([10, 12, 4, 9], 2),
        ] {
            let position = solution.position(&scores, seat).unwrap();
            assert_eq!(
                sampled(&mut bot, rules, &scores, seat),
                distribution(solution.table(position), rules),
                "{scores:?} seat {seat}"
            );
        }
    }

    #[test]
    fn optimal_samples_the_reduced_game_with_many_seats() {
        let rules = Rules::official().with_target(15).unwrap();
        let multi =
            martian_solver::MultiPlayer::new(rules, martian_solver::Reduction::Trio).unwrap();
        let mut bot = Optimal::new(rules);
        for (scores, seat) in [
            (vec![0, 0, 0, 0, 0], 2),
            (vec![3, 12, 7, 10, 1], 0),
            (vec![15, 3, 7, 12, 2], 3),
            (vec![9, 4, 11], 1),
            (vec![16, 3, 7, 12, 14], 2),
        ] {
            let turn = Turn::new(rules);
            let situation = Situation {
                rules,
                scores: &scores,
                seat,
                round: 4,
                turn: &turn,
                triggered_by: None,
            };
            assert_eq!(
                sampled(&mut bot, rules, &scores, seat),
                distribution(multi.table(&situation), rules),
                "{scores:?} seat {seat}"
            );
        }
    }
}
