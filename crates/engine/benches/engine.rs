//! Engine speed: rolling dice, and whole games played by a trivial policy.

use criterion::{Criterion, criterion_group, criterion_main};
use martian_engine::{Action, Awaiting, Dice, Game, Rules, roll_dice, seeded_rng};
use std::hint::black_box;

fn rolls(c: &mut Criterion) {
    let mut rng = seeded_rng(1);
    c.bench_function("roll 13 dice", |b| {
        b.iter(|| roll_dice(black_box(13), &mut rng))
    });
    c.bench_function("roll 30 dice", |b| {
        b.iter(|| roll_dice(black_box(30), &mut rng))
    });
    c.bench_function("enumerate rolls of 13 dice", |b| {
        b.iter(|| Dice::outcomes(black_box(13)).map(|(_, w)| w).sum::<u128>())
    });
}

fn games(c: &mut Criterion) {
    let mut rng = seeded_rng(2);
    // Takes the first legal type, rolls again while fewer than 3 earthlings are aside.
    c.bench_function("duel, simple policy, no history", |b| {
        b.iter(|| {
            let mut game = Game::new(Rules::official(), 2).unwrap().without_history();
            loop {
                match game.awaiting() {
                    Awaiting::Nothing => break,
                    Awaiting::Decision { .. } => {
                        let turn = game.turn();
                        let action = if turn.pending_roll().is_some() {
                            Action::Take(turn.legal_takes().iter().next().unwrap())
                        } else if turn.aside().earthlings() < 3 {
                            Action::Roll
                        } else {
                            Action::Stop
                        };
                        game.play(action).unwrap();
                    }
                    _ => {
                        game.roll(&mut rng).unwrap();
                    }
                }
            }
            game.scores()[0]
        })
    });
}

criterion_group!(benches, rolls, games);
criterion_main!(benches);
