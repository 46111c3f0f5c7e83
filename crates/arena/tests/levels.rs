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

/// With four to eight players `optimal` plays through the exact three-player solution of itself
/// and its two strongest opponents: it must play every game without fault and win more than its
/// share against the other bots (the lower end of its 95% interval above 1/n) — a reduction that
/// went wrong would fall to a fair share or below. Target 12 keeps the three-player solve short.
#[test]
fn optimal_wins_more_than_its_share_with_four_to_eight_players() {
    let others = [
        "hard",
        "medium",
        "greedy",
        "defensive",
        "aggressive",
        "easy",
        "random",
    ];
    let rules = Rules::official().with_target(12).unwrap();
    for players in [4, 6, 8] {
        let mut bots = vec!["optimal".to_string()];
        bots.extend(others[..players - 1].iter().map(|b| b.to_string()));
        let config = ArenaConfig {
            threads: 2,
            ..ArenaConfig::new(rules, bots.clone(), 8_000, 41)
        };
        let report = run(&config, &|_| {}).unwrap();
        assert_eq!(report.forfeits, 0, "{:?}", report.errors);
        assert_eq!(report.games, 8_000);
        let optimal = &report.bots[0];
        let share = 1.0 / players as f64;
        assert!(
            optimal.ci95[0] > share,
            "{players} players {bots:?}: optimal wins {:.3} [{:.3}, {:.3}], a share is {share:.3}",
            optimal.win_rate,
            optimal.ci95[0],
            optimal.ci95[1]
        );
    }
}
