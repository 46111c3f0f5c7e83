use super::*;
use crate::turn::TurnSolver;

fn small_rules() -> Rules {
    Rules::official()
        .with_dice(5)
        .unwrap()
        .with_target(8)
        .unwrap()
}

#[test]
fn the_pass_agrees_with_the_turn_solver_on_values_zero_scores_and_the_play_evaluated() {
    for (dice, bonus) in [
        (3, martian_engine::BonusRule::OneOfEach),
        (6, martian_engine::BonusRule::AnyEarthling),
        (13, martian_engine::BonusRule::OneOfEach),
    ] {
        let rules = Rules::official().with_dice(dice).unwrap().with_bonus(bonus);
        let space = TurnSpace::for_rules(rules);
        let eval = EvalSpace::new(dice, bonus);
        let mut scratch = eval.scratch::<1>();
        let max = usize::from(space.max_score());
        // Utilities of all shapes: increasing, decreasing, bumpy, constant.
        let mut next = crate::eval::uniforms(0x9e37_79b9_7f4a_7c15u64);
        for round in 0..20 {
            let u: Vec<f64> = (0..=max)
                .map(|s| match round % 4 {
                    0 => s as f64 / max as f64,
                    1 => next(),
                    2 => 0.25,
                    _ => {
                        if s >= 4 {
                            1.0
                        } else {
                            next() * 0.1
                        }
                    }
                })
                .collect();
            let w: Vec<[f64; 1]> = (0..=max).map(|_| [next()]).collect();
            let result = eval.evaluate(&mut scratch, &u, &w);
            let (table, start) = TurnSolver::new(Arc::clone(&space)).solve_tracking_zero(&u);
            assert!(
                (result.value - start.value).abs() < 1e-12,
                "{dice} dice: {result:?} {start:?}"
            );
            assert!(
                (result.zero - start.zero).abs() < 1e-12,
                "{dice} dice: {result:?} {start:?}"
            );
            let dist = table.score_distribution(&Turn::new(rules));
            let other: f64 = dist.iter().zip(&w).map(|(p, [w])| p * w).sum();
            assert!(
                (result.others[0] - other).abs() < 1e-12,
                "{dice} dice, round {round}: {} vs {other}",
                result.others[0]
            );
        }
    }
}

#[test]
fn small_trio_values_are_probabilities_summing_to_one() {
    for rules in [
        small_rules(),
        small_rules().with_end(EndRule::Immediate),
        small_rules().with_bonus(martian_engine::BonusRule::AnyEarthling),
    ] {
        let solution = TrioSolution::solve(rules, &|_| {}).unwrap();
        let wins = solution.game_wins();
        assert!((wins.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{wins:?}");
        for v in solution.open.iter() {
            assert!(v.iter().all(|p| (0.0..=1.0).contains(p)), "{v:?}");
            assert!((v.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{v:?}");
        }
        assert!(solution.stats().worst_residual <= TRIO_TOLERANCE);
    }
}

#[test]
fn positions_are_checked() {
    let rules = Rules::official();
    assert_eq!(
        trio_position(rules, &[3, 4, 5], 1),
        Ok(TrioPosition::Open {
            seat: 1,
            scores: [3, 4, 5]
        })
    );
    assert_eq!(
        trio_position(rules, &[27, 20, 5], 1),
        Ok(TrioPosition::SecondLast { behind: [7, 22] })
    );
    assert_eq!(
        trio_position(rules, &[27, 27, 5], 2),
        Ok(TrioPosition::Last {
            need: 22,
            leaders: [true, true]
        })
    );
    assert_eq!(
        trio_position(rules, &[20, 26, 5], 2),
        Ok(TrioPosition::Last {
            need: 21,
            leaders: [false, true]
        })
    );
    assert!(matches!(
        trio_position(rules, &[1, 2], 0),
        Err(PositionError::Players {
            given: 2,
            expected: 3
        })
    ));
    assert!(matches!(
        trio_position(rules, &[1, 2, 3], 3),
        Err(PositionError::Seat { .. })
    ));
    assert!(matches!(
        trio_position(rules, &[25, 2, 3], 0),
        Err(PositionError::NotInFinalRound {
            seat: 0,
            reached: 0
        })
    ));
    assert!(matches!(
        trio_position(rules, &[2, 25, 3], 0),
        Err(PositionError::NotInFinalRound {
            seat: 0,
            reached: 1
        })
    ));
    assert!(matches!(
        trio_position(rules, &[2, 3, 25], 0),
        Err(PositionError::GameOver { seat: 2, .. })
    ));
    assert!(matches!(
        trio_position(rules, &[25, 25, 3], 1),
        Err(PositionError::GameOver { seat: 1, .. })
    ));
    let immediate = rules.with_end(EndRule::Immediate);
    assert!(matches!(
        trio_position(immediate, &[25, 2, 3], 1),
        Err(PositionError::GameOver { seat: 0, .. })
    ));
}
