//! The levels among many bots. That the levels are ordered (`easy` below `medium` below `hard`
//! below `optimal`) is checked exactly, with their chances against `optimal`, in
//! `crates/review/tests/levels.rs`.

use martian_arena::{ArenaConfig, run};
use martian_engine::Rules;

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
