//! The many-player approximation: exact where it can be, legal and complete in big games.

use martian_engine::{Awaiting, Game, Rules, seeded_rng};
use martian_solver::{MultiPlayer, Reduction, trio};

fn rules() -> Rules {
    Rules::official().with_target(10).unwrap()
}

/// Plays a seeded game of `players` seats, all following `player`; checks each decision against
/// `check`.
fn play(
    player: &MultiPlayer,
    players: usize,
    seed: u64,
    check: &mut dyn FnMut(&Game, martian_engine::Action),
) {
    let mut rng = seeded_rng(seed);
    let mut game = Game::new(player.rules(), players).unwrap();
    while game.awaiting() != Awaiting::Nothing {
        if let Awaiting::Decision { .. } = game.awaiting() {
            let action = player
                .best_action(&game.situation())
                .expect("a decision is awaited");
            assert!(game.turn().legal_actions().contains(action));
            check(&game, action);
            game.play(action).unwrap();
        } else {
            game.roll(&mut rng).unwrap();
        }
    }
    assert!(game.outcome().is_some());
}

#[test]
fn with_three_players_the_trio_reduction_is_the_exact_equilibrium() {
    let exact = trio(rules()).unwrap();
    let multi = MultiPlayer::new(rules(), Reduction::Trio).unwrap();
    let mut decisions = 0;
    for seed in 0..200 {
        play(&multi, 3, seed, &mut |game, action| {
            assert_eq!(exact.best_action(&game.situation()).unwrap(), Some(action));
            decisions += 1;
        });
    }
    assert!(decisions > 1000);
}

#[test]
fn with_two_players_both_reductions_play_the_exact_duel() {
    let duel = martian_solver::duel(rules()).unwrap();
    for reduction in [Reduction::Duel, Reduction::Trio] {
        let multi = MultiPlayer::new(rules(), reduction).unwrap();
        for seed in 0..100 {
            play(&multi, 2, seed, &mut |game, action| {
                assert_eq!(duel.best_action(&game.situation()).unwrap(), Some(action));
            });
        }
    }
}

#[test]
fn games_of_four_to_eight_players_are_played_to_the_end() {
    let multi = MultiPlayer::new(rules(), Reduction::Trio).unwrap();
    for players in 4..=8 {
        for seed in 0..20 {
            let mut values_checked = 0;
            play(
                &multi,
                players,
                seed * 31 + players as u64,
                &mut |game, _| {
                    let values = multi.action_values(&game.situation());
                    assert!(values.iter().all(|(_, v)| (0.0..=1.0).contains(&v)));
                    values_checked += 1;
                },
            );
            assert!(values_checked > 0);
        }
    }
}
