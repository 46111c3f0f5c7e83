//! The engine states how large a game the solvers take ([`martian_engine::SolvedGame`]); these
//! tests hold that statement to the solvers: the turn solver's work it counts in, the refusals
//! beyond it, and the round limit that the solutions leave out.

use martian_engine::{BonusRule, Points, Rules, SolvedGame, Turn, turn_work};

use crate::trio::{MAX_TRIO_TARGET, TrioError, trio};
use crate::turn::{TurnSpace, expected_score_table};

fn rules(dice: u8, target: Points) -> Rules {
    Rules::official()
        .with_dice(dice)
        .unwrap()
        .with_target(target)
        .unwrap()
}

#[test]
fn the_engine_counts_the_turn_solver_s_work_for_every_number_of_dice() {
    for dice in Rules::MIN_DICE..=Rules::MAX_DICE {
        for bonus in [BonusRule::OneOfEach, BonusRule::AnyEarthling] {
            assert_eq!(
                TurnSpace::new(dice, bonus).work(),
                turn_work(dice),
                "{dice} dice"
            );
        }
    }
}

#[test]
fn the_three_player_limit_of_old_is_the_highest_for_any_number_of_dice() {
    let highest = (Rules::MIN_DICE..=Rules::MAX_DICE)
        .map(|dice| SolvedGame::Trio.max_target(dice))
        .max();
    assert_eq!(highest, Some(MAX_TRIO_TARGET));
    assert_eq!(SolvedGame::Trio.max_target(13), MAX_TRIO_TARGET);
}

#[test]
fn the_cached_solvers_refuse_beyond_the_limits_at_once() {
    let started = std::time::Instant::now();
    let error = crate::duel(rules(13, 999)).unwrap_err();
    assert_eq!((error.game, error.max_target), (SolvedGame::Duel, 758));
    let error = crate::duel(rules(30, 56)).unwrap_err();
    assert_eq!(error.max_target, 55);
    let TrioError::TargetTooHigh(error) = trio(rules(20, 25)).unwrap_err();
    assert_eq!((error.game, error.max_target), (SolvedGame::Trio, 24));
    let error = crate::MultiPlayer::new(rules(13, 999), crate::Reduction::Duel).unwrap_err();
    assert_eq!(error.game, SolvedGame::Duel);
    // Nothing was solved to find out.
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

/// The probability that a player who scores like `greedy` has not reached the target after
/// `turns` turns, exactly: the distribution of its total, turn after turn.
fn chance_still_short(rules: Rules, turns: u32) -> f64 {
    let scores = expected_score_table(rules).score_distribution(&Turn::new(rules));
    let target = usize::from(rules.target());
    let mut short = vec![0.0; target];
    short[0] = 1.0;
    for _ in 0..turns {
        let mut next = vec![0.0; target];
        for (total, &p) in short.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            for (score, &q) in scores.iter().enumerate() {
                if let Some(slot) = next.get_mut(total + score) {
                    *slot += p * q;
                }
            }
        }
        short = next;
    }
    short.iter().sum()
}

/// The solutions leave the round limit out: a game between players who play to score ends at the
/// target long before it. Checked exactly for the slowest scorers (one die: half a point a turn)
/// and others, from the smallest target to the largest: even one such player in the game makes
/// the limit practically unreachable.
#[test]
fn play_that_scores_never_meets_the_round_limit() {
    // One die: a point with probability ½ a turn, so a geometric wait per point.
    let one_die = rules(1, 1);
    assert!((chance_still_short(one_die, 1) - 0.5).abs() < 1e-15);
    assert!((chance_still_short(one_die, 3) - 0.125).abs() < 1e-15);
    for (dice, target) in [
        (1, 1),
        (1, 25),
        (1, 999),
        (2, 999),
        (13, 1),
        (13, 25),
        (13, 999),
    ] {
        let rules = rules(dice, target);
        let p = chance_still_short(rules, rules.round_limit());
        assert!(p < 1e-30, "{rules}: {p:e}");
    }
}
