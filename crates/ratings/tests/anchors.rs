//! The published anchors against the games: their predicted chances against the exact duels,
//! and a sampled arena within the interval its number of games gives.

use martian_arena::{ArenaConfig, exact, run};
use martian_engine::Rules;
use martian_ratings::{Anchor, RatingSystem};

/// Each anchor against perfect play: the chance the ratings predict is the exact one to within
/// the calibration's largest difference over every pair (0.05 percentage points), rounded up.
#[test]
fn the_anchors_predict_the_exact_duels_against_optimal() {
    let system = RatingSystem::martian();
    for anchor in [Anchor::Easy, Anchor::Medium, Anchor::Hard, Anchor::Greedy] {
        let config = ArenaConfig::new(
            Rules::official(),
            vec![anchor.bot().into(), "optimal".into()],
            1,
            0,
        );
        let exact = exact(&config).unwrap().bots[0].win_rate;
        let predicted = system.win_chance(anchor.rating(), Anchor::Optimal.rating());
        assert!(
            (predicted - exact).abs() < 0.0006,
            "{}: predicted {predicted}, exact {exact}",
            anchor.bot()
        );
    }
}

/// Greedy against optimal in the arena (turn-level, seats rotated): the measured win rate lies
/// within 3.3 standard errors (a one-in-a-thousand band) of the rate the anchors predict.
#[test]
fn the_arena_reproduces_greedy_against_optimal() {
    const GAMES: u64 = 20_000;
    let config = ArenaConfig::new(
        Rules::official(),
        vec!["greedy".into(), "optimal".into()],
        GAMES,
        38,
    );
    let measured = run(&config, &|_| {}).unwrap().bots[0].win_rate;
    let predicted =
        RatingSystem::martian().win_chance(Anchor::Greedy.rating(), Anchor::Optimal.rating());
    let standard_error = (predicted * (1.0 - predicted) / GAMES as f64).sqrt();
    assert!(
        (measured - predicted).abs() < 3.3 * standard_error,
        "measured {measured}, predicted {predicted} ± {standard_error}"
    );
}
