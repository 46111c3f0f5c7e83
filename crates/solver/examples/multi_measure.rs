//! Measures the many-player approximation against exact three-player play in seeded games, and
//! with `quad` against exact four-player play (the four-player solve takes minutes the first time).
//!
//! ```text
//! cargo run --release -p martian-solver --example multi_measure -- [GAMES] [TARGET] [quad]
//! ```
//!
//! Every match rotates the tested player through the seats (game `g` puts it in seat
//! `g % players`), so under equal strength its share of the wins is exactly `1/players`; the
//! report gives its share with a 95% interval. Shared wins count `1/k`.

use std::time::Instant;

use martian_engine::{Awaiting, Game, Rules, seeded_rng};
use martian_solver::{
    MultiPlayer, QuadSolution, Reduction, TrioSolution, expected_score_table, quad, trio,
};
use rayon::prelude::*;

#[derive(Clone, Copy, Debug)]
enum Player<'a> {
    Exact(&'a TrioSolution),
    Quad(&'a QuadSolution),
    Reduced(&'a MultiPlayer),
    Greedy,
}

impl Player<'_> {
    fn name(&self) -> String {
        match self {
            Player::Exact(_) => "exact trio".into(),
            Player::Quad(_) => "exact quad".into(),
            Player::Reduced(m) => match m.reduction() {
                Reduction::Duel => "duel reduction".into(),
                Reduction::Trio => "trio reduction".into(),
            },
            Player::Greedy => "expected score".into(),
        }
    }
}

/// Plays `games` games of `tested` against `others` (one per other seat); returns the tested
/// player's share of the wins.
fn share(rules: Rules, tested: Player<'_>, other: Player<'_>, players: usize, games: u64) -> f64 {
    let wins: f64 = (0..games)
        .into_par_iter()
        .map(|g| {
            let seat_of_tested = (g % players as u64) as usize;
            let mut rng = seeded_rng(0x5eed_0000 + g);
            let mut game = Game::new(rules, players).unwrap().without_history();
            loop {
                match game.awaiting() {
                    Awaiting::Nothing => break,
                    Awaiting::Decision { seat } => {
                        let player = if seat == seat_of_tested {
                            tested
                        } else {
                            other
                        };
                        let situation = game.situation();
                        let action = match player {
                            Player::Exact(solution) => solution.best_action(&situation).unwrap(),
                            Player::Quad(solution) => solution.best_action(&situation).unwrap(),
                            Player::Reduced(multi) => multi.best_action(&situation),
                            Player::Greedy => {
                                expected_score_table(rules).best_action(situation.turn)
                            }
                        };
                        game.play(action.expect("a decision is awaited")).unwrap();
                    }
                    _ => {
                        game.roll(&mut rng).unwrap();
                    }
                }
            }
            let winners = &game.outcome().unwrap().winners;
            if winners.contains(&seat_of_tested) {
                1.0 / winners.len() as f64
            } else {
                0.0
            }
        })
        .sum();
    wins / games as f64
}

fn report(rules: Rules, tested: Player<'_>, other: Player<'_>, players: usize, games: u64) {
    let started = Instant::now();
    let p = share(rules, tested, other, players, games);
    let fair = 1.0 / players as f64;
    let half = 1.96 * (p * (1.0 - p) / games as f64).sqrt();
    println!(
        "{players} players: {:>15} vs {} × {:<15} share {:.4} ± {:.4} (fair {:.4}; difference {:+.4}) [{} games, {:.1} s]",
        tested.name(),
        players - 1,
        other.name(),
        p,
        half,
        fair,
        p - fair,
        games,
        started.elapsed().as_secs_f64()
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(30_000, |a| a.parse().expect("GAMES"));
    let target = args.next().map_or(25, |a| a.parse().expect("TARGET"));
    let four = args.next().as_deref() == Some("quad");
    let rules = Rules::official().with_target(target).unwrap();
    println!("Rules: {rules}.");
    let started = Instant::now();
    let exact = trio(rules).unwrap();
    println!(
        "three-player solution ready in {:.1} s; seat_win {:?}",
        started.elapsed().as_secs_f64(),
        exact.game_wins()
    );
    let duel_reduction = MultiPlayer::new(rules, Reduction::Duel).unwrap();
    let trio_reduction = MultiPlayer::new(rules, Reduction::Trio).unwrap();
    let (exact, duel_r, trio_r) = (
        Player::Exact(&exact),
        Player::Reduced(&duel_reduction),
        Player::Reduced(&trio_reduction),
    );
    if four {
        // Four players: the trio reduction the bots played before, against exact play.
        let started = Instant::now();
        let exact = quad(rules).unwrap();
        println!(
            "four-player solution ready in {:.1} s; seat_win {:?}",
            started.elapsed().as_secs_f64(),
            exact.game_wins()
        );
        report(rules, trio_r, Player::Quad(&exact), 4, games);
        report(rules, Player::Quad(&exact), trio_r, 4, games);
        return;
    }
    // Against exact three-player play: what dropping an opponent costs, and a naive player.
    report(rules, duel_r, exact, 3, games);
    report(rules, Player::Greedy, exact, 3, games);
    // Four and five players: the trio reduction against the duel reduction and the greedy player.
    for players in [4, 5] {
        report(rules, trio_r, duel_r, players, games);
        report(rules, trio_r, Player::Greedy, players, games);
        report(rules, duel_r, Player::Greedy, players, games);
    }
}
