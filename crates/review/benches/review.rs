//! Review speed: a 40-turn duel record, the solver tables already in memory (a warm cache: the
//! state of a program that has reviewed or played before, or the second review of a session).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use martian_engine::{
    Action, Awaiting, Face, Game, GameRecord, PlayerInfo, Rules, TurnPhase, seeded_rng,
};

/// A finished duel of exactly `turns` turns between two cautious players (each takes the type
/// with the most dice and stops as soon as the turn scores 3), from the first seed that gives one.
fn duel_of(turns: usize) -> GameRecord {
    let rules = Rules::official();
    for seed in 0.. {
        let mut rng = seeded_rng(seed);
        let mut game = Game::new(rules, 2).unwrap();
        while game.awaiting() != Awaiting::Nothing {
            match game.awaiting() {
                Awaiting::Decision { .. } => {
                    let turn = *game.turn();
                    let action = match turn.phase() {
                        TurnPhase::Choosing { roll } => {
                            let face = turn
                                .legal_takes()
                                .iter()
                                .max_by_key(|&f| (roll.count(f), f == Face::DeathRay))
                                .unwrap();
                            Action::Take(face)
                        }
                        _ if turn.score() >= 3 => Action::Stop,
                        _ => Action::Roll,
                    };
                    game.play(action).unwrap();
                }
                _ => {
                    game.roll(&mut rng).unwrap();
                }
            }
        }
        if game.history().len() == turns {
            let players = ["Ana", "Bob"]
                .map(|name| PlayerInfo {
                    name: name.into(),
                    bot: None,
                })
                .to_vec();
            return GameRecord::of_game(&game, players, Some(seed));
        }
    }
    unreachable!("some seed gives a game of that length")
}

fn review_duel(c: &mut Criterion) {
    let record = duel_of(40);
    // Loads the duel (from the disk cache, else solving it) and builds the turn tables of the
    // game's positions, as a first review does.
    let first = martian_review::review(&record).unwrap();
    assert_eq!(first.turns.len(), 40);
    assert!(first.stopped.is_none());
    c.bench_function("review, 40-turn duel record, warm cache", |b| {
        b.iter(|| martian_review::review(black_box(&record)).unwrap())
    });
}

criterion_group!(benches, review_duel);
criterion_main!(benches);
