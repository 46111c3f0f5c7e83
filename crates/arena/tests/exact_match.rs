//! `--exact` against the sampled arena: the exact chances of a duel lie inside the arena's 95%
//! intervals over millions of turn-level games, and within 5 standard errors of die-by-die play
//! (which checks the exact turn distributions of bots that decide die by die).

use martian_arena::stats::wilson;
use martian_arena::{ArenaConfig, ArenaReport, ExactReport, PlayMode, exact, run};
use martian_engine::Rules;
use martian_solver::{TurnPlay, duel, duel_match};

fn config(rules: Rules, bots: &[&str], games: u64, seed: u64, mode: PlayMode) -> ArenaConfig {
    ArenaConfig {
        threads: 2,
        mode: Some(mode),
        ..ArenaConfig::new(
            rules,
            bots.iter().map(|b| b.to_string()).collect(),
            games,
            seed,
        )
    }
}

/// Every bot's exact chance from each seat within the arena's interval at `z`.
fn assert_within(exact: &ExactReport, sampled: &ArenaReport, z: f64) {
    for (e, s) in exact.bots.iter().zip(&sampled.bots) {
        assert_eq!(e.name, s.name);
        for (es, ss) in e.seats.iter().zip(&s.seats) {
            let (lo, hi) = wilson(ss.wins, ss.games as f64, z);
            assert!(
                (lo..=hi).contains(&es.win_rate),
                "{} at seat {}: exact {:.5}, arena {:.5} in [{lo:.5}, {hi:.5}] over {} games",
                e.name,
                es.seat,
                es.win_rate,
                ss.win_rate,
                ss.games
            );
        }
    }
}

/// The normal quantile that makes the six independent checks below (three pairs, two seatings
/// each: a bot's chance from one seat is the other's complement) hold together with 95%
/// confidence (Bonferroni: each at 1 − 0.05/6, two-sided), so that a correct solver fails the
/// test less than one time in twenty whatever the seeds.
const FAMILY_95: f64 = 2.638_257_273_476_751;

#[test]
fn exact_chances_lie_in_the_turn_level_arenas_95_percent_intervals() {
    let rules = Rules::official();
    for (bots, games, seed) in [
        (["optimal", "greedy"], 3_000_000, 51),
        (["card-3", "optimal"], 2_000_000, 52),
        (["card-5", "greedy"], 2_000_000, 53),
    ] {
        let exact = exact(&config(rules, &bots, 1, 0, PlayMode::Turns)).unwrap();
        let sampled = run(&config(rules, &bots, games, seed, PlayMode::Turns), &|_| {}).unwrap();
        assert_eq!(sampled.mode, PlayMode::Turns);
        assert_within(&exact, &sampled, FAMILY_95);
    }
}

#[test]
fn exact_chances_match_die_by_die_play() {
    let rules = Rules::official();
    for (bots, games, seed) in [
        (["card-5", "greedy"], 150_000, 54),
        (["defensive", "aggressive"], 150_000, 55),
        (["random", "card-1"], 50_000, 56),
    ] {
        let exact = exact(&config(rules, &bots, 1, 0, PlayMode::Dice)).unwrap();
        let sampled = run(&config(rules, &bots, games, seed, PlayMode::Dice), &|_| {}).unwrap();
        assert_eq!(sampled.mode, PlayMode::Dice);
        assert_within(&exact, &sampled, 5.0);
    }
}

#[test]
fn a_level_is_valued_exactly_through_its_decision_probabilities() {
    // A small game keeps the level's per-position valuation quick.
    let rules = Rules::official()
        .with_dice(7)
        .unwrap()
        .with_target(12)
        .unwrap();
    let bots = ["medium", "greedy"];
    let exact = exact(&config(rules, &bots, 1, 0, PlayMode::Dice)).unwrap();
    let sampled = run(&config(rules, &bots, 100_000, 57, PlayMode::Dice), &|_| {}).unwrap();
    assert_within(&exact, &sampled, 5.0);
}

#[test]
fn the_exact_report_is_the_solvers_value() {
    let rules = Rules::official();
    let report = exact(&config(
        rules,
        &["optimal", "optimal"],
        1,
        0,
        PlayMode::Turns,
    ))
    .unwrap();
    let [first, second] = duel(rules).unwrap().game_wins();
    for bot in &report.bots {
        assert!((bot.seats[0].win_rate - first).abs() < 1e-12);
        assert!((bot.seats[1].win_rate - second).abs() < 1e-12);
        assert!((bot.win_rate - 0.5).abs() < 1e-12);
    }
    assert_eq!(report.bots[1].name, "optimal#2");
    let report = exact(&config(
        rules,
        &["greedy", "optimal"],
        1,
        0,
        PlayMode::Turns,
    ))
    .unwrap();
    let value = duel_match(rules, [&TurnPlay::Greedy, &TurnPlay::Optimal]).unwrap();
    assert_eq!(report.bots[0].win_rate, value.win(0));
    assert_eq!(report.bots[1].seats[0].win_rate, value.seat_wins[1][0]);
}

#[test]
fn only_duels_of_bots_known_in_advance_are_valued() {
    let rules = Rules::official();
    let three = exact(&config(
        rules,
        &["greedy", "greedy", "optimal"],
        1,
        0,
        PlayMode::Turns,
    ));
    assert!(matches!(
        three,
        Err(martian_arena::ArenaError::ExactSeats(3))
    ));
    let external = exact(&config(
        rules,
        &["greedy", "exec:/bin/true"],
        1,
        0,
        PlayMode::Dice,
    ));
    assert!(
        matches!(&external, Err(martian_arena::ArenaError::NotExact(name)) if name.starts_with("exec:")),
        "{external:?}"
    );
}
