use super::*;
use crate::turn::TurnSolver;
use martian_engine::{BonusRule, Turn};

fn small(dice: u8, target: Points) -> Rules {
    Rules::official()
        .with_dice(dice)
        .unwrap()
        .with_target(target)
        .unwrap()
}

#[test]
fn the_pass_agrees_with_the_turn_solver_for_two_other_utilities() {
    for (dice, bonus) in [(3, BonusRule::OneOfEach), (13, BonusRule::AnyEarthling)] {
        let rules = Rules::official().with_dice(dice).unwrap().with_bonus(bonus);
        let space = TurnSpace::for_rules(rules);
        let eval = EvalSpace::new(dice, bonus);
        let mut scratch = eval.scratch::<2>();
        let max = usize::from(space.max_score());
        let mut next = crate::eval::uniforms(0x2545_f491_4f6c_dd1du64);
        for _ in 0..10 {
            let u: Vec<f64> = (0..=max).map(|_| next()).collect();
            let w: Vec<[f64; 2]> = (0..=max).map(|_| [next(), next()]).collect();
            let result = eval.evaluate(&mut scratch, &u, &w);
            let (table, start) = TurnSolver::new(Arc::clone(&space)).solve_tracking_zero(&u);
            assert!((result.value - start.value).abs() < 1e-12);
            assert!((result.zero - start.zero).abs() < 1e-12);
            let dist = table.score_distribution(&Turn::new(rules));
            for j in 0..2 {
                let other: f64 = dist.iter().zip(&w).map(|(p, w)| p * w[j]).sum();
                assert!((result.others[j] - other).abs() < 1e-12);
            }
        }
    }
}

#[test]
fn every_position_s_values_are_probabilities_summing_to_one() {
    for rules in [
        small(4, 6),
        small(5, 7).with_end(EndRule::Immediate),
        small(3, 5).with_bonus(BonusRule::AnyEarthling),
        small(4, 6).with_tie(martian_engine::TieRule::Shared),
    ] {
        let solution = QuadSolution::solve(rules, &|_| {}).unwrap();
        for v in &solution.open {
            assert!(v.iter().all(|p| (0.0..=1.0).contains(p)), "{rules}: {v:?}");
            assert!(
                (v.iter().sum::<f64>() - 1.0).abs() < 1e-12,
                "{rules}: {v:?}"
            );
        }
        if rules.end() == EndRule::CompleteRound {
            let t = rules.target();
            for seat in 1..4 {
                for first in 0..seat {
                    for bump in 0..4 {
                        let mut scores = [t - 1, t - 2, t - 3, t - 4].map(|s| s.min(t - 1));
                        scores[first] = t + bump;
                        // Seats between the first and the mover finished too, some above it.
                        for (j, score) in scores.iter_mut().enumerate().take(seat).skip(first + 1) {
                            *score = t + 1 - bump.min(1) * 2 + j as Points;
                        }
                        let Ok(position) = solution.position(&scores, seat) else {
                            continue;
                        };
                        let v = solution.seat_wins(position);
                        assert!(
                            (v.iter().sum::<f64>() - 1.0).abs() < 1e-12,
                            "{scores:?} {v:?}"
                        );
                    }
                }
            }
        }
        let stats = solution.stats();
        assert!(stats.worst_residual <= QUAD_TOLERANCE, "{rules}: {stats:?}");
    }
}

#[test]
fn positions_are_checked() {
    let rules = Rules::official();
    assert_eq!(
        quad_position(rules, &[3, 4, 5, 6], 1),
        Ok(QuadPosition::Open {
            seat: 1,
            scores: [3, 4, 5, 6]
        })
    );
    assert_eq!(
        quad_position(rules, &[27, 20, 5, 3], 2),
        Ok(QuadPosition::Final {
            seat: 2,
            scores: [27, 20, 5, 3]
        })
    );
    assert!(matches!(
        quad_position(rules, &[1, 2, 3], 0),
        Err(PositionError::Players {
            given: 3,
            expected: 4
        })
    ));
    assert!(matches!(
        quad_position(rules, &[25, 2, 3, 4], 0),
        Err(PositionError::NotInFinalRound { .. })
    ));
    assert!(matches!(
        quad_position(rules, &[2, 3, 4, 25], 0),
        Err(PositionError::GameOver { seat: 3, .. })
    ));
    assert!(matches!(
        quad_position(rules, &[25, 2, 30, 4], 2),
        Err(PositionError::GameOver { seat: 2, .. })
    ));
}
