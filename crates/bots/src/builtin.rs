//! The simple built-in bots: `random`, `aggressive`, `defensive`. Their rules of thumb are
//! defined in issue 4 and restated on each type.

use std::sync::Arc;

use martian_engine::{
    Action, BONUS_POINTS, Dice, EndRule, Face, GameRng, Points, Rules, Situation, TieRule, Turn,
    TurnPhase, TurnStart,
};
use martian_solver::{ActionProbabilities, DecisionPolicy, TurnPlay, TurnView};
use rand::RngExt;

use crate::{BotError, Strategy};

/// The roll awaiting a choice, or `None` when the decision is stop / roll again.
fn pending_roll(turn: &Turn) -> Option<Dice> {
    match turn.phase() {
        TurnPhase::Choosing { roll } => Some(roll),
        _ => None,
    }
}

/// The largest earthling group of `roll` that may be taken and passes `keep`; the first in
/// H, C, K order among equals.
fn largest_earthling(turn: &Turn, roll: Dice, keep: impl Fn(u8) -> bool) -> Option<Face> {
    let legal = turn.legal_takes();
    Face::EARTHLINGS
        .into_iter()
        .filter(|&face| legal.contains(face) && keep(roll.count(face)))
        .fold(None, |best: Option<Face>, face| match best {
            Some(b) if roll.count(b) >= roll.count(face) => Some(b),
            _ => Some(face),
        })
}

/// Whether banking the turn now ends the game with this seat among the winners.
pub(crate) fn stopping_wins(situation: &Situation<'_>) -> bool {
    stopping_wins_with(&TurnStart::of(situation), situation.turn.score())
}

/// The fewest points whose banking from `start` ends the game with this seat among the
/// winners, or one more than the best turn when none does: the one thing about the position
/// the rule-of-thumb bots look at.
fn points_that_win(start: &TurnStart<'_>) -> Points {
    let best = Points::from(start.rules.dice()) + BONUS_POINTS;
    (0..=best)
        .find(|&points| stopping_wins_with(start, points))
        .unwrap_or(best + 1)
}

/// Whether banking `points` from `start` ends the game with this seat among the winners.
fn stopping_wins_with(start: &TurnStart<'_>, points: Points) -> bool {
    let rules = start.rules;
    let seat = start.seat;
    let total = start.scores[seat] + points;
    let reached = total >= rules.target();
    match rules.end() {
        EndRule::Immediate => reached,
        EndRule::CompleteRound => {
            let last_seat = seat + 1 == start.scores.len();
            let final_round = reached || start.triggered_by.is_some();
            let best_other = start
                .scores
                .iter()
                .enumerate()
                .filter(|&(s, _)| s != seat)
                .map(|(_, &p)| p)
                .max();
            let ahead = match (best_other, rules.tie()) {
                (None, _) => true,
                (Some(other), TieRule::RollOff) => total > other,
                (Some(other), TieRule::Shared) => total >= other,
            };
            last_seat && final_round && ahead
        }
    }
}

/// `random`: a uniformly random legal take; after a take, stops with probability 1/2.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl DecisionPolicy for RandomBot {
    /// Every legal take alike; after a take, stop or roll alike.
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        ActionProbabilities::uniform(situation.turn.legal_actions().iter())
    }

    fn view(&self) -> TurnView {
        TurnView::Compact
    }

    fn turn_key(&self, _: &TurnStart<'_>) -> Option<Vec<i32>> {
        Some(Vec::new())
    }
}

impl Strategy for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn turn_play(&self, _: Rules) -> Option<TurnPlay> {
        Some(TurnPlay::Policy(Arc::new(*self)))
    }

    fn decide(&mut self, situation: &Situation<'_>, rng: &mut GameRng) -> Result<Action, BotError> {
        let legal = situation.turn.legal_actions();
        let action = if pending_roll(situation.turn).is_some() {
            let pick = rng.random_range(0..legal.len());
            legal.iter().nth(pick).expect("pick is below the count")
        } else if rng.random_range(0..2u32) == 0 {
            Action::Stop
        } else {
            Action::Roll
        };
        Ok(action)
    }
}

/// `aggressive`: takes the largest earthling group it may take that does not make defeat certain
/// (the rays set aside plus every die still to roll after the take can still match the tanks),
/// else death rays; never stops by choice.
#[derive(Clone, Copy, Debug, Default)]
pub struct Aggressive;

impl Aggressive {
    fn take(turn: &Turn, roll: Dice) -> Face {
        let aside = turn.aside();
        let (tanks, rays) = (aside.count(Face::Tank), aside.count(Face::DeathRay));
        let left = turn.dice_left();
        let safe = |group: u8| rays + (left - group) >= tanks;
        largest_earthling(turn, roll, safe)
            .or_else(|| {
                turn.legal_takes()
                    .contains(Face::DeathRay)
                    .then_some(Face::DeathRay)
            })
            // Only unsafe earthlings remain: defeat is certain whatever is taken.
            .or_else(|| largest_earthling(turn, roll, |_| true))
            .expect("a roll awaiting a choice offers a legal take")
    }
}

impl Aggressive {
    fn action(situation: &Situation<'_>) -> Action {
        match pending_roll(situation.turn) {
            Some(roll) => Action::Take(Aggressive::take(situation.turn, roll)),
            None => Action::Roll,
        }
    }
}

impl DecisionPolicy for Aggressive {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        ActionProbabilities::certain(Aggressive::action(situation))
    }

    /// The safety of a group compares the death rays plus the dice still to roll with the
    /// tanks: capping the rays' lead at the dice left changes none of its answers.
    fn view(&self) -> TurnView {
        TurnView::Compact
    }

    fn turn_key(&self, _: &TurnStart<'_>) -> Option<Vec<i32>> {
        Some(Vec::new())
    }
}

impl Strategy for Aggressive {
    fn name(&self) -> String {
        "aggressive".into()
    }

    fn decide(&mut self, situation: &Situation<'_>, _: &mut GameRng) -> Result<Action, BotError> {
        Ok(Aggressive::action(situation))
    }

    fn turn_play(&self, _: Rules) -> Option<TurnPlay> {
        Some(TurnPlay::Policy(Arc::new(*self)))
    }
}

/// `defensive`: takes death rays while tanks lead, else the largest earthling group it may take
/// (death rays if none); stops as soon as it has points and its rays lead the tanks by less
/// than 2, or when stopping wins the game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Defensive;

impl Defensive {
    fn take(turn: &Turn, roll: Dice) -> Face {
        let aside = turn.aside();
        let rays_legal = turn.legal_takes().contains(Face::DeathRay);
        if rays_legal && aside.count(Face::Tank) > aside.count(Face::DeathRay) {
            return Face::DeathRay;
        }
        largest_earthling(turn, roll, |_| true)
            .or_else(|| rays_legal.then_some(Face::DeathRay))
            .expect("a roll awaiting a choice offers a legal take")
    }

    fn stops(situation: &Situation<'_>) -> bool {
        let turn = situation.turn;
        let aside = turn.aside();
        let lead = i16::from(aside.count(Face::DeathRay)) - i16::from(aside.count(Face::Tank));
        (turn.score() > 0 && lead < 2) || stopping_wins(situation)
    }
}

impl Defensive {
    fn action(situation: &Situation<'_>) -> Action {
        match pending_roll(situation.turn) {
            Some(roll) => Action::Take(Defensive::take(situation.turn, roll)),
            None if Defensive::stops(situation) => Action::Stop,
            None => Action::Roll,
        }
    }
}

impl DecisionPolicy for Defensive {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        ActionProbabilities::certain(Defensive::action(situation))
    }

    /// Positions play alike when the same points win the game by stopping.
    fn turn_key(&self, start: &TurnStart<'_>) -> Option<Vec<i32>> {
        Some(vec![i32::from(points_that_win(start))])
    }
}

impl Strategy for Defensive {
    fn name(&self) -> String {
        "defensive".into()
    }

    fn decide(&mut self, situation: &Situation<'_>, _: &mut GameRng) -> Result<Action, BotError> {
        Ok(Defensive::action(situation))
    }

    fn turn_play(&self, _: Rules) -> Option<TurnPlay> {
        Some(TurnPlay::Policy(Arc::new(*self)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::{Rules, seeded_rng};

    fn dice(text: &str) -> Dice {
        text.parse().unwrap()
    }

    /// A turn under official rules after the given (roll, take) steps and a final roll awaiting a
    /// choice; each earlier take is followed by "roll again".
    fn turn_after(steps: &[(&str, Face)], last_roll: &str) -> Turn {
        let mut turn = Turn::new(Rules::official());
        for &(roll, take) in steps {
            turn.apply_roll(dice(roll)).unwrap();
            turn.play(Action::Take(take)).unwrap();
            turn.play(Action::Roll).unwrap();
        }
        turn.apply_roll(dice(last_roll)).unwrap();
        turn
    }

    fn decide(bot: &mut dyn Strategy, turn: &Turn, scores: &[u16], seat: usize) -> Action {
        let situation = Situation {
            rules: turn.rules(),
            scores,
            seat,
            round: 1,
            turn,
            triggered_by: None,
        };
        bot.decide(&situation, &mut seeded_rng(1)).unwrap()
    }

    fn after_take(mut turn: Turn, take: Face) -> Turn {
        turn.play(Action::Take(take)).unwrap();
        turn
    }

    #[test]
    fn aggressive_takes_the_largest_earthling_group() {
        let turn = turn_after(&[], "TRRRHHCCCCKKK");
        assert_eq!(
            decide(&mut Aggressive, &turn, &[0, 0], 0),
            Action::Take(Face::Cow)
        );
    }

    #[test]
    fn aggressive_breaks_ties_between_groups_in_h_c_k_order() {
        let turn = turn_after(&[], "RRRRRHHHCCCKK");
        assert_eq!(
            decide(&mut Aggressive, &turn, &[0, 0], 0),
            Action::Take(Face::Human)
        );
    }

    #[test]
    fn aggressive_avoids_a_group_that_makes_the_bust_certain() {
        // 5 tanks aside, no rays; 8 dice in the roll: taking the 4 humans leaves 4 dice, which
        // can bring at most 4 rays against 5 tanks. The 3 cows leave 5: still possible.
        let turn = turn_after(&[], "5TRHHHHCCC");
        assert_eq!(
            decide(&mut Aggressive, &turn, &[0, 0], 0),
            Action::Take(Face::Cow)
        );
    }

    #[test]
    fn aggressive_takes_rays_when_every_earthling_group_is_fatal() {
        // 6 tanks, 7 dice in the roll: humans would leave 4 dice, cows 5, the chicken 6 — just
        // enough rays to match the tanks.
        let turn = turn_after(&[], "6TRHHHCCK");
        assert_eq!(
            decide(&mut Aggressive, &turn, &[0, 0], 0),
            Action::Take(Face::Chicken)
        );
        // 7 tanks, 6 dice in the roll: no earthling group is safe (6 - g < 7): rays.
        let turn = turn_after(&[], "7THHHCCR");
        assert_eq!(
            decide(&mut Aggressive, &turn, &[0, 0], 0),
            Action::Take(Face::DeathRay)
        );
    }

    #[test]
    fn aggressive_never_stops() {
        let turn = after_take(turn_after(&[], "RRRRRRRRRRHCK"), Face::DeathRay);
        assert_eq!(decide(&mut Aggressive, &turn, &[24, 0], 0), Action::Roll);
    }

    #[test]
    fn defensive_takes_rays_while_tanks_lead() {
        let turn = turn_after(&[], "TTTRRHHHHCCCK");
        assert_eq!(
            decide(&mut Defensive, &turn, &[0, 0], 0),
            Action::Take(Face::DeathRay)
        );
    }

    #[test]
    fn defensive_takes_the_largest_earthling_group_when_tanks_do_not_lead() {
        let turn = turn_after(&[], "RRHHHHHCCCKKK");
        assert_eq!(
            decide(&mut Defensive, &turn, &[0, 0], 0),
            Action::Take(Face::Human)
        );
    }

    #[test]
    fn defensive_stops_with_points_and_a_narrow_ray_lead() {
        // T, R, R aside after taking the rays: lead 1, but no points yet: roll.
        let turn = after_take(turn_after(&[], "TRRHHHHCCCKKK"), Face::DeathRay);
        assert_eq!(decide(&mut Defensive, &turn, &[0, 0], 0), Action::Roll);
        // Then 4 humans: points and a lead of 1: stop.
        let mut turn = turn;
        turn.play(Action::Roll).unwrap();
        turn.apply_roll(dice("HHHHCCCKKK")).unwrap();
        let turn = after_take(turn, Face::Human);
        assert_eq!(decide(&mut Defensive, &turn, &[0, 0], 0), Action::Stop);
    }

    #[test]
    fn defensive_rolls_on_with_a_wide_ray_lead() {
        let turn = turn_after(&[("RRRRRHHCCCKKK", Face::DeathRay)], "HHHHCCKK");
        let turn = after_take(turn, Face::Human);
        assert_eq!(decide(&mut Defensive, &turn, &[0, 0], 0), Action::Roll);
    }

    #[test]
    fn defensive_stops_when_stopping_wins_the_game() {
        let turn = turn_after(&[("RRRRRHHCCCKKK", Face::DeathRay)], "HHHHCCKK");
        let turn = after_take(turn, Face::Human);
        // Last seat, 4 points in hand, 21 banked against 24: 25 wins at once.
        assert_eq!(decide(&mut Defensive, &turn, &[24, 21], 1), Action::Stop);
        // First seat: the other still plays, so it rolls on with its wide lead.
        assert_eq!(decide(&mut Defensive, &turn, &[21, 24], 0), Action::Roll);
    }

    #[test]
    fn stopping_wins_follows_the_end_and_tie_rules() {
        let turn = after_take(turn_after(&[], "RRRRRRRRRRHCK"), Face::Human); // 1 point
        let check = |rules: Rules, scores: &[u16], seat: usize, triggered: Option<usize>| {
            stopping_wins(&Situation {
                rules,
                scores,
                seat,
                round: 5,
                turn: &turn,
                triggered_by: triggered,
            })
        };
        let official = Rules::official();
        assert!(
            !check(official, &[24, 20], 1, Some(0)),
            "21 does not beat 24"
        );
        assert!(check(official, &[24, 24], 1, Some(0)));
        assert!(
            !check(official, &[25, 24], 1, Some(0)),
            "a tie goes to the roll-off"
        );
        let shared = official.with_tie(martian_engine::TieRule::Shared);
        assert!(check(shared, &[25, 24], 1, Some(0)));
        let immediate = official.with_end(EndRule::Immediate);
        assert!(check(immediate, &[24, 0], 0, None));
        assert!(!check(immediate, &[23, 0], 0, None));
        assert!(
            !check(official, &[10], 0, None),
            "alone, 11 is short of the target"
        );
    }

    #[test]
    fn random_plays_only_legal_actions_and_stops_about_half_the_time() {
        let mut rng = seeded_rng(5);
        let turn = turn_after(&[], "TRRHHHHCCCKKK");
        let scores = [0u16, 0];
        let situation = Situation {
            rules: turn.rules(),
            scores: &scores,
            seat: 0,
            round: 1,
            turn: &turn,
            triggered_by: None,
        };
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let action = RandomBot.decide(&situation, &mut rng).unwrap();
            assert!(turn.legal_actions().contains(action));
            seen.insert(action);
        }
        assert_eq!(seen.len(), 4, "every legal take is chosen sometimes");
        let turn = after_take(turn, Face::Human);
        let situation = Situation {
            turn: &turn,
            ..situation
        };
        let trials = 4000;
        let stops = (0..trials)
            .filter(|_| RandomBot.decide(&situation, &mut rng).unwrap() == Action::Stop)
            .count() as f64;
        let standard_error = (0.25 / f64::from(trials)).sqrt();
        assert!((stops / f64::from(trials) - 0.5).abs() < 5.0 * standard_error);
    }
}
