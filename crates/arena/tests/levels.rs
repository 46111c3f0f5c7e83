//! The difficulty levels are ordered: against `optimal`, `easy` wins less often than `medium`,
//! which wins less often than `hard` (that `optimal` beats `hard` is checked in
//! `exact_figures.rs`). Separations are checked at 5 standard errors of the difference of two win
//! rates.

use martian_arena::{ArenaConfig, run};
use martian_engine::Rules;

fn win_rate_against_optimal(level: &str, games: u64) -> (f64, f64) {
    let config = ArenaConfig {
        threads: 2,
        ..ArenaConfig::new(
            Rules::official(),
            vec!["optimal".into(), level.into()],
            games,
            31,
        )
    };
    let report = run(&config, &|_| {}).unwrap();
    let bot = &report.bots[1];
    let variance = bot.win_rate * (1.0 - bot.win_rate) / bot.games as f64;
    (bot.win_rate, variance)
}

#[test]
fn levels_are_ordered_from_easy_to_hard() {
    let games = 8_000;
    let rates: Vec<(f64, f64)> = ["easy", "medium", "hard"]
        .iter()
        .map(|level| win_rate_against_optimal(level, games))
        .collect();
    for pair in rates.windows(2) {
        let ((weaker, v1), (stronger, v2)) = (pair[0], pair[1]);
        assert!(
            stronger - weaker > 5.0 * (v1 + v2).sqrt(),
            "{rates:?}: each level must win clearly more often than the one below"
        );
    }
}
