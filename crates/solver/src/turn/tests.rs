//! Checks of the turn solver against independent recursions over engine [`Turn`] states.

use std::collections::HashMap;
use std::sync::Arc;

use super::*;
use crate::fraction::Fraction;
use martian_engine::{Action, Points, Turn, TurnPhase};

/// Every turn state reachable from a fresh turn, each once.
fn reachable_turns(rules: Rules) -> Vec<Turn> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![Turn::new(rules)];
    let mut out = Vec::new();
    while let Some(turn) = stack.pop() {
        if !seen.insert(turn) {
            continue;
        }
        out.push(turn);
        match turn.phase() {
            TurnPhase::ToRoll => {
                for (roll, _) in Dice::outcomes(turn.dice_left()) {
                    let mut next = turn;
                    next.apply_roll(roll).unwrap();
                    stack.push(next);
                }
            }
            TurnPhase::Choosing { .. } | TurnPhase::Deciding => {
                for action in turn.legal_actions().iter() {
                    let mut next = turn;
                    next.play(action).unwrap();
                    stack.push(next);
                }
            }
            TurnPhase::Over(_) => {}
        }
    }
    out
}

/// The naive full-state recursion, generic over the number type.
trait Num: Copy + PartialOrd {
    fn from_ratio(num: u128, den: u128) -> Self;
    fn add(self, other: Self) -> Self;
    fn mul(self, other: Self) -> Self;
    fn zero() -> Self;
}

impl Num for f64 {
    fn from_ratio(num: u128, den: u128) -> f64 {
        num as f64 / den as f64
    }
    fn add(self, other: f64) -> f64 {
        self + other
    }
    fn mul(self, other: f64) -> f64 {
        self * other
    }
    fn zero() -> f64 {
        0.0
    }
}

impl Num for Fraction {
    fn from_ratio(num: u128, den: u128) -> Fraction {
        Fraction::new(num as i128, den as i128)
    }
    fn add(self, other: Fraction) -> Fraction {
        self + other
    }
    fn mul(self, other: Fraction) -> Fraction {
        self * other
    }
    fn zero() -> Fraction {
        Fraction::from(0)
    }
}

fn naive<N: Num>(turn: Turn, utility: &dyn Fn(Points) -> N, memo: &mut HashMap<Turn, N>) -> N {
    if let Some(&v) = memo.get(&turn) {
        return v;
    }
    let value = match turn.phase() {
        TurnPhase::Over(_) => utility(turn.score()),
        TurnPhase::ToRoll => {
            let n = turn.dice_left();
            let total = 6u128.pow(u32::from(n));
            let mut sum = N::zero();
            for (roll, weight) in Dice::outcomes(n) {
                let mut next = turn;
                next.apply_roll(roll).unwrap();
                sum = sum.add(N::from_ratio(weight, total).mul(naive(next, utility, memo)));
            }
            sum
        }
        TurnPhase::Choosing { .. } | TurnPhase::Deciding => {
            let mut best: Option<N> = None;
            for action in turn.legal_actions().iter() {
                let mut next = turn;
                next.play(action).unwrap();
                let v = naive(next, utility, memo);
                if best.is_none_or(|b| v > b) {
                    best = Some(v);
                }
            }
            best.unwrap()
        }
    };
    memo.insert(turn, value);
    value
}

fn all_rules(dice: u8) -> [Rules; 2] {
    let rules = Rules::official().with_dice(dice).unwrap();
    [rules, rules.with_bonus(BonusRule::AnyEarthling)]
}

/// Utilities that exercise different shapes: linear, a threshold, and an arbitrary one.
type Utility = Box<dyn Fn(Points) -> i128>;

fn utilities() -> Vec<(&'static str, Utility)> {
    vec![
        ("score", Box::new(i128::from)),
        ("at least 4", Box::new(|s| i128::from(s >= 4))),
        ("arbitrary", Box::new(|s| (i128::from(s) * 7919) % 13 - 5)),
    ]
}

#[test]
fn tiny_turns_match_exact_rational_values_in_every_state() {
    for dice in 1..=3 {
        for rules in all_rules(dice) {
            let space = TurnSpace::for_rules(rules);
            for (name, u) in utilities() {
                let table = space.solve_with(|s| u(s) as f64);
                let mut memo = HashMap::new();
                let exact_u = |s: Points| Fraction::from(u(s));
                for turn in reachable_turns(rules) {
                    let exact = naive(turn, &exact_u, &mut memo);
                    let got = table.value(&turn);
                    assert!(
                        (got - exact.to_f64()).abs() < 1e-12,
                        "{rules}, {name}: {turn:?}: {got} vs {exact}"
                    );
                }
            }
        }
    }
}

#[test]
fn one_die_expected_score_is_exact() {
    // One die: a human, cow or chicken (1/2) is taken and scores 1; otherwise 0.
    let table = TurnSpace::shared(1, BonusRule::OneOfEach).solve_with(f64::from);
    assert_eq!(table.start_value(), 0.5);
    // Literal bonus: an earthling scores 1 + 3.
    let table = TurnSpace::shared(1, BonusRule::AnyEarthling).solve_with(f64::from);
    assert_eq!(table.start_value(), 2.0);
}

#[test]
fn compact_state_equals_full_state_recursion_up_to_six_dice() {
    for dice in 1..=6 {
        for rules in all_rules(dice) {
            let space = TurnSpace::for_rules(rules);
            let turns = reachable_turns(rules);
            for (name, u) in utilities() {
                let table = space.solve_with(|s| u(s) as f64);
                let mut memo = HashMap::new();
                let float_u = |s: Points| u(s) as f64;
                for turn in &turns {
                    let want = naive(*turn, &float_u, &mut memo);
                    let got = table.value(turn);
                    assert!(
                        (got - want).abs() < 1e-9,
                        "{rules}, {name}: {turn:?}: {got} vs {want}"
                    );
                    // Every option's value is the naive value of the state it leads to.
                    for (action, value) in table.action_values(turn).iter() {
                        let mut next = *turn;
                        next.play(action).unwrap();
                        let want = naive(next, &float_u, &mut memo);
                        assert!((value - want).abs() < 1e-9, "{turn:?} {action:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn chicken_solver_figures() {
    let table = expected_score_table(Rules::official());
    assert_eq!(format!("{:.2}", table.start_value()), "3.11");
    let mut turn = Turn::resume(Rules::official(), "5C".parse().unwrap()).unwrap();
    turn.apply_roll("RRRRHHHH".parse().unwrap()).unwrap();
    let values: HashMap<Action, f64> = table.action_values(&turn).iter().collect();
    assert_eq!(format!("{:.2}", values[&Action::Take(Face::Human)]), "9.23");
    assert_eq!(
        format!("{:.2}", values[&Action::Take(Face::DeathRay)]),
        "7.30"
    );
    assert_eq!(table.best_action(&turn), Some(Action::Take(Face::Human)));
}

#[test]
fn distribution_sums_to_one_and_its_mean_is_the_expected_score() {
    for dice in [1, 2, 5, 13, 20] {
        for rules in all_rules(dice) {
            let table = expected_score_table(rules);
            let dist = table.score_distribution(&Turn::new(rules));
            let total: f64 = dist.iter().sum();
            let mean: f64 = dist.iter().enumerate().map(|(s, p)| s as f64 * p).sum();
            assert!((total - 1.0).abs() < 1e-12, "{rules}: total {total}");
            assert!(
                (mean - table.start_value()).abs() < 1e-9,
                "{rules}: mean {mean} vs {}",
                table.start_value()
            );
            assert!(dist.iter().all(|&p| (0.0..=1.0).contains(&p)));
        }
    }
}

#[test]
fn distribution_matches_exact_policy_evaluation_in_small_cases() {
    // Follow the table's own decisions through the engine, exactly.
    fn exact_dist(table: &TurnTable, turn: Turn, p: Fraction, dist: &mut Vec<Fraction>) {
        match turn.phase() {
            TurnPhase::Over(_) => {
                let s = usize::from(turn.score());
                dist[s] = dist[s] + p;
            }
            TurnPhase::ToRoll => {
                let n = turn.dice_left();
                for (roll, w) in Dice::outcomes(n) {
                    let mut next = turn;
                    next.apply_roll(roll).unwrap();
                    let q = Fraction::new(w as i128, 6i128.pow(u32::from(n)));
                    exact_dist(table, next, p * q, dist);
                }
            }
            _ => {
                let mut next = turn;
                next.play(table.best_action(&turn).unwrap()).unwrap();
                exact_dist(table, next, p, dist);
            }
        }
    }
    for dice in 1..=4 {
        for rules in all_rules(dice) {
            for (_, u) in utilities() {
                let table = TurnSpace::for_rules(rules).solve_with(|s| u(s) as f64);
                let mut want = vec![Fraction::from(0); usize::from(table.space().max_score()) + 1];
                exact_dist(&table, Turn::new(rules), Fraction::from(1), &mut want);
                let got = table.score_distribution(&Turn::new(rules));
                for (g, w) in got.iter().zip(&want) {
                    assert!(
                        (g - w.to_f64()).abs() < 1e-12,
                        "{rules}: {got:?} vs {want:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn mid_turn_distribution_starts_where_the_turn_stands() {
    let rules = Rules::official();
    let table = expected_score_table(rules);
    let mut turn = Turn::resume(rules, "5C".parse().unwrap()).unwrap();
    turn.apply_roll("RRRRHHHH".parse().unwrap()).unwrap();
    let dist = table.score_distribution(&turn);
    let mean: f64 = dist.iter().enumerate().map(|(s, p)| s as f64 * p).sum();
    assert!((mean - table.value(&turn)).abs() < 1e-9);
    turn.play(Action::Take(Face::Human)).unwrap();
    assert_eq!(table.best_action(&turn), Some(Action::Roll));
}

#[test]
fn thirty_dice_solve() {
    let rules = Rules::official().with_dice(30).unwrap();
    let table = expected_score_table(rules);
    let dist = table.score_distribution(&Turn::new(rules));
    let mean: f64 = dist.iter().enumerate().map(|(s, p)| s as f64 * p).sum();
    assert!((mean - table.start_value()).abs() < 1e-9);
    assert!(table.start_value() > expected_score_table(Rules::official()).start_value());
}

#[test]
fn the_zero_score_derivative_is_the_probability_of_scoring_zero() {
    let rules = Rules::official().with_dice(8).unwrap();
    let space = TurnSpace::for_rules(rules);
    let mut u: Vec<f64> = (0..=space.max_score())
        .map(|s| f64::from(s).sqrt())
        .collect();
    u[0] = 0.3;
    let mut solver = TurnSolver::new(Arc::clone(&space));
    let (table, start) = solver.solve_tracking_zero(&u);
    let dist = table.score_distribution(&Turn::new(rules));
    assert!((start.zero - dist[0]).abs() < 1e-12);
    assert!((start.value - table.start_value()).abs() < 1e-15);
}

#[test]
fn outcome_probabilities_sum_to_one_for_every_level_and_types_taken() {
    for dice in [1, 7, 13, 30] {
        let space = TurnSpace::new(dice, BonusRule::OneOfEach);
        for n in 1..=dice {
            for taken in 0..4 {
                let total: f64 = space.outcomes[usize::from(n) * 4 + taken]
                    .iter()
                    .map(|o| o.p)
                    .sum();
                assert!(
                    (total - 1.0).abs() < 1e-12,
                    "{dice} dice, n {n}, {taken} taken: {total}"
                );
            }
        }
    }
}

#[test]
fn simulated_turns_score_the_computed_mean() {
    use martian_engine::seeded_rng;
    for rules in [
        Rules::official(),
        Rules::official().with_bonus(BonusRule::AnyEarthling),
        Rules::official().with_dice(20).unwrap(),
    ] {
        let table = expected_score_table(rules);
        let dist = table.score_distribution(&Turn::new(rules));
        let mean: f64 = dist.iter().enumerate().map(|(s, p)| s as f64 * p).sum();
        let variance: f64 = dist
            .iter()
            .enumerate()
            .map(|(s, p)| (s as f64 - mean).powi(2) * p)
            .sum();
        let mut rng = seeded_rng(5);
        let turns = 50_000u32;
        let mut total = 0.0;
        let mut zeros = 0u32;
        for _ in 0..turns {
            let mut turn = Turn::new(rules);
            while !turn.is_over() {
                match table.best_action(&turn) {
                    Some(action) => turn.play(action).unwrap(),
                    None => {
                        turn.roll(&mut rng).unwrap();
                    }
                }
            }
            total += f64::from(turn.score());
            zeros += u32::from(turn.score() == 0);
        }
        let n = f64::from(turns);
        let measured = total / n;
        let standard_error = (variance / n).sqrt();
        assert!(
            (measured - table.start_value()).abs() < 5.0 * standard_error,
            "{rules}: measured {measured}, computed {}, standard error {standard_error}",
            table.start_value()
        );
        let p0 = dist[0];
        let zero_rate = f64::from(zeros) / n;
        assert!((zero_rate - p0).abs() < 5.0 * (p0 * (1.0 - p0) / n).sqrt());
    }
}

mod properties {
    use proptest::prelude::*;
    use rand::SeedableRng;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// At any state reached by random play, for a random utility: a decision is worth its
        /// best option, and a state before a roll is worth the average over every roll of the
        /// state that roll leads to (the Bellman equations, checked through the engine).
        #[test]
        fn bellman_equations_hold_at_random_states(
            dice in 1u8..=9,
            any_earthling in any::<bool>(),
            utility in proptest::collection::vec(-10.0f64..10.0, 13),
            seed in any::<u64>(),
            steps in 0usize..12,
        ) {
            let bonus = if any_earthling { BonusRule::AnyEarthling } else { BonusRule::OneOfEach };
            let rules = Rules::official().with_dice(dice).unwrap().with_bonus(bonus);
            let space = TurnSpace::for_rules(rules);
            let u: Vec<f64> = (0..=usize::from(space.max_score())).map(|s| utility[s % 13]).collect();
            let table = space.solve(&u);
            let mut rng = martian_engine::GameRng::seed_from_u64(seed);
            let mut turn = Turn::new(rules);
            for _ in 0..steps {
                if turn.is_over() {
                    break;
                }
                match turn.phase() {
                    TurnPhase::ToRoll => {
                        turn.roll(&mut rng).unwrap();
                    }
                    _ => {
                        let actions: Vec<Action> = turn.legal_actions().iter().collect();
                        let pick = actions[usize::try_from(seed % actions.len() as u64).unwrap()];
                        turn.play(pick).unwrap();
                    }
                }
            }
            let value = table.value(&turn);
            match turn.phase() {
                TurnPhase::Over(_) => prop_assert_eq!(value, u[usize::from(turn.score())]),
                TurnPhase::ToRoll => {
                    let n = turn.dice_left();
                    let mut average = 0.0;
                    for (roll, weight) in Dice::outcomes(n) {
                        let mut next = turn;
                        next.apply_roll(roll).unwrap();
                        average += weight as f64 / 6f64.powi(i32::from(n)) * table.value(&next);
                    }
                    prop_assert!((average - value).abs() < 1e-9, "{} vs {}", average, value);
                }
                _ => {
                    let values = table.action_values(&turn);
                    let best = values.iter().map(|(_, v)| v).fold(f64::NEG_INFINITY, f64::max);
                    prop_assert!((best - value).abs() < 1e-12);
                    let (action, chosen) = values.best().unwrap();
                    prop_assert_eq!(Some(action), table.best_action(&turn));
                    prop_assert!(chosen >= best - 1e-9);
                    let mut next = turn;
                    next.play(action).unwrap();
                    prop_assert!((table.value(&next) - chosen).abs() < 1e-12);
                }
            }
        }
    }
}

/// The endings of `turn` played on under `table`'s decisions, exactly: the probability of each
/// final score, and of ending with the tanks ahead.
fn exact_endings(
    table: &TurnTable,
    turn: Turn,
    p: Fraction,
    scores: &mut Vec<Fraction>,
    tanks_ahead: &mut Fraction,
) {
    match turn.phase() {
        TurnPhase::Over(_) => {
            let s = usize::from(turn.score());
            scores[s] = scores[s] + p;
            let aside = turn.aside();
            if aside.count(Face::Tank) > aside.count(Face::DeathRay) {
                *tanks_ahead = *tanks_ahead + p;
            }
        }
        TurnPhase::ToRoll => {
            let n = turn.dice_left();
            for (roll, w) in Dice::outcomes(n) {
                let mut next = turn;
                next.apply_roll(roll).unwrap();
                let q = Fraction::new(w as i128, 6i128.pow(u32::from(n)));
                exact_endings(table, next, p * q, scores, tanks_ahead);
            }
        }
        _ => {
            let mut next = turn;
            next.play(table.best_action(&turn).unwrap()).unwrap();
            exact_endings(table, next, p, scores, tanks_ahead);
        }
    }
}

#[test]
fn outlooks_match_exact_policy_evaluation_from_every_decision_in_small_cases() {
    for dice in 1..=4 {
        for rules in all_rules(dice) {
            for (_, u) in utilities() {
                let table = TurnSpace::for_rules(rules).solve_with(|s| u(s) as f64);
                let size = usize::from(table.space().max_score()) + 1;
                let check = |got: &TurnOutlook, start: Turn| {
                    let mut scores = vec![Fraction::from(0); size];
                    let mut ahead = Fraction::from(0);
                    exact_endings(&table, start, Fraction::from(1), &mut scores, &mut ahead);
                    for (g, w) in got.scores.iter().zip(&scores) {
                        assert!((g - w.to_f64()).abs() < 1e-12, "{rules}: {got:?}");
                    }
                    assert!(
                        (got.tanks_ahead - ahead.to_f64()).abs() < 1e-12,
                        "{rules} {start:?}: {} vs {}",
                        got.tanks_ahead,
                        ahead.to_f64()
                    );
                };
                for turn in reachable_turns(rules) {
                    match turn.phase() {
                        TurnPhase::Deciding => {
                            // Rolling now, whatever the policy would do here.
                            let mut rolled = turn;
                            rolled.play(Action::Roll).unwrap();
                            check(&table.outlook_rolling(turn.aside()), rolled);
                            check(&table.outlook_after_take(turn.aside()), turn);
                        }
                        TurnPhase::Over(_) if turn.dice_left() == 0 => {
                            check(&table.outlook_rolling(turn.aside()), turn);
                        }
                        _ => {}
                    }
                }
            }
        }
    }
}

#[test]
fn an_outlook_s_mean_when_the_rays_hold_leaves_out_the_endings_with_the_tanks_ahead() {
    let outlook = TurnOutlook {
        scores: vec![0.5, 0.0, 0.25, 0.25],
        tanks_ahead: 0.4,
    };
    // 0.1 of the endings score 0 with the rays holding.
    assert!((outlook.mean() - 1.25).abs() < 1e-15);
    assert!((outlook.mean_when_rays_hold().unwrap() - 1.25 / 0.6).abs() < 1e-15);
    assert!((outlook.scores_something() - 0.5).abs() < 1e-15);
}
