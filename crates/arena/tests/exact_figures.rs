//! The arena against exact figures: win rates from each seat of optimal and greedy self-play
//! match exact computations, die by die and turn-level (where millions of games cost a second,
//! so the check is much tighter); turn-level and die-by-die play agree; and `optimal` beats every
//! other bot.
//!
//! Tolerances come from the standard error of each estimate: an exact figure must lie within
//! 5 standard errors (a Wilson interval at z = 5) of the arena's win rate.

use martian_arena::stats::wilson;
use martian_arena::{ArenaConfig, ArenaReport, PlayMode, run};
use martian_engine::{Rules, Turn};
use martian_solver::{duel, expected_score_table, quad, trio};

const Z: f64 = 5.0;

fn arena(rules: Rules, bots: &[&str], games: u64, seed: u64) -> ArenaReport {
    arena_in(PlayMode::Dice, rules, bots, games, seed)
}

fn arena_in(mode: PlayMode, rules: Rules, bots: &[&str], games: u64, seed: u64) -> ArenaReport {
    let config = ArenaConfig {
        threads: 2,
        mode: Some(mode),
        ..ArenaConfig::new(
            rules,
            bots.iter().map(|b| b.to_string()).collect(),
            games,
            seed,
        )
    };
    run(&config, &|_| {}).unwrap()
}

/// Wins and games of whoever sat at each seat, all entries together.
fn seat_records(report: &ArenaReport) -> Vec<(f64, u64)> {
    (0..report.bots.len())
        .map(|seat| {
            report.bots.iter().fold((0.0, 0), |(wins, games), bot| {
                (wins + bot.seats[seat].wins, games + bot.seats[seat].games)
            })
        })
        .collect()
}

fn assert_seats_match(report: &ArenaReport, exact: &[f64]) {
    for (seat, ((wins, games), &p)) in seat_records(report).into_iter().zip(exact).enumerate() {
        let (lo, hi) = wilson(wins, games as f64, Z);
        assert!(
            (lo..=hi).contains(&p),
            "seat {seat}: exact {p:.5}, arena {:.5} in [{lo:.5}, {hi:.5}] over {games} games",
            wins / games as f64
        );
    }
}

#[test]
fn optimal_self_play_wins_from_each_seat_as_the_exact_duel_says() {
    let rules = Rules::official();
    let exact = duel(rules).unwrap().game_wins();
    let report = arena(rules, &["optimal", "optimal"], 100_000, 21);
    assert_seats_match(&report, &exact);
}

#[test]
fn turn_level_optimal_self_play_wins_from_each_seat_as_the_exact_duel_says() {
    for (rules, games) in [
        (Rules::official(), 4_000_000),
        (
            Rules::official().with_end(martian_engine::EndRule::Immediate),
            1_000_000,
        ),
        (
            Rules::official().with_tie(martian_engine::TieRule::Shared),
            1_000_000,
        ),
    ] {
        let exact = duel(rules).unwrap().game_wins();
        let report = arena_in(PlayMode::Turns, rules, &["optimal", "optimal"], games, 31);
        assert_eq!(report.mode, PlayMode::Turns);
        assert_seats_match(&report, &exact);
    }
}

#[test]
fn turn_level_greedy_self_play_wins_from_each_seat_as_the_exact_markov_chain_says() {
    let rules = Rules::official();
    let p = expected_score_table(rules).score_distribution(&Turn::new(rules));
    let exact = fixed_policy_duel(rules, &p);
    let report = arena_in(PlayMode::Turns, rules, &["greedy", "greedy"], 4_000_000, 32);
    assert_seats_match(&report, &exact);
}

#[test]
fn turn_level_optimal_three_player_self_play_wins_from_each_seat_as_the_exact_solver_says() {
    let rules = Rules::official().with_target(12).unwrap();
    let exact = trio(rules).unwrap().game_wins();
    let report = arena_in(
        PlayMode::Turns,
        rules,
        &["optimal", "optimal", "optimal"],
        3_000_000,
        33,
    );
    assert_seats_match(&report, &exact);
}

#[test]
fn optimal_four_player_self_play_wins_from_each_seat_as_the_exact_solver_says() {
    // A smaller game keeps the four-player solve quick; turn by turn and decision by decision.
    let rules = Rules::official()
        .with_dice(8)
        .unwrap()
        .with_target(10)
        .unwrap();
    let exact = quad(rules).unwrap().game_wins();
    let bots = ["optimal", "optimal", "optimal", "optimal"];
    let turns = arena_in(PlayMode::Turns, rules, &bots, 2_000_000, 38);
    assert_seats_match(&turns, &exact);
    let dice = arena_in(PlayMode::Dice, rules, &bots, 60_000, 39);
    assert_seats_match(&dice, &exact);
}

/// `|a - b|` within 5 combined standard errors of two independent win rates, per entry and seat.
fn assert_modes_agree(turns: &ArenaReport, dice: &ArenaReport) {
    let se2 = |wins: f64, games: u64| {
        let n = games as f64;
        let p = wins / n;
        p * (1.0 - p) / n
    };
    let check = |what: String, (tw, tg): (f64, u64), (dw, dg): (f64, u64)| {
        let (pt, pd) = (tw / tg as f64, dw / dg as f64);
        let sigma = (se2(tw, tg) + se2(dw, dg)).sqrt();
        assert!(
            (pt - pd).abs() <= Z * sigma,
            "{what}: turn-level {pt:.5}, die by die {pd:.5}, combined σ {sigma:.5}"
        );
    };
    for (t, d) in turns.bots.iter().zip(&dice.bots) {
        check(t.name.clone(), (t.wins, t.games), (d.wins, d.games));
        for (ts, ds) in t.seats.iter().zip(&d.seats) {
            check(
                format!("{} at seat {}", t.name, ts.seat),
                (ts.wins, ts.games),
                (ds.wins, ds.games),
            );
        }
    }
}

#[test]
fn turn_level_and_die_by_die_optimal_against_greedy_agree() {
    let rules = Rules::official();
    let bots = ["optimal", "greedy"];
    let turns = arena_in(PlayMode::Turns, rules, &bots, 4_000_000, 34);
    let dice = arena_in(PlayMode::Dice, rules, &bots, 200_000, 35);
    assert_eq!((turns.mode, dice.mode), (PlayMode::Turns, PlayMode::Dice));
    assert_modes_agree(&turns, &dice);
    // Greedy's turns are independent draws of one distribution in both modes: its mean points
    // per turn is the distribution's mean within 5 standard errors.
    let p = expected_score_table(rules).score_distribution(&Turn::new(rules));
    let mean: f64 = p.iter().enumerate().map(|(k, pk)| k as f64 * pk).sum();
    let variance: f64 = p
        .iter()
        .enumerate()
        .map(|(k, pk)| (k as f64 - mean).powi(2) * pk)
        .sum();
    for report in [&turns, &dice] {
        let greedy = &report.bots[1];
        let sigma = (variance / greedy.turns as f64).sqrt();
        assert!(
            (greedy.points_per_turn - mean).abs() <= Z * sigma,
            "{:?}: greedy scores {} per turn, exactly {mean} (σ {sigma})",
            report.mode,
            greedy.points_per_turn
        );
    }
}

#[test]
fn turn_level_and_die_by_die_agree_with_five_players_through_the_reduction() {
    let rules = Rules::official().with_target(12).unwrap();
    let bots = ["optimal", "greedy", "optimal", "greedy", "optimal"];
    let turns = arena_in(PlayMode::Turns, rules, &bots, 2_000_000, 36);
    let dice = arena_in(PlayMode::Dice, rules, &bots, 100_000, 37);
    assert_modes_agree(&turns, &dice);
}

/// Seat 0's probability of winning a duel in which both players follow a policy that ignores the
/// game (its turn scores have the same distribution `p` every turn): a Markov chain over the
/// banked scores, solved exactly from the highest totals down; a turn scoring 0 passes the move,
/// so the two positions at the same scores are solved together.
fn fixed_policy_duel(rules: Rules, p: &[f64]) -> [f64; 2] {
    let t = usize::from(rules.target());
    let p0 = p[0];
    // Seat 1's last turn against a total `a`: seat 0 wins if it scores less, ties half.
    let last = |a: usize, b: usize| -> f64 {
        p.iter()
            .enumerate()
            .map(|(k, &pk)| match (b + k).cmp(&a) {
                std::cmp::Ordering::Less => pk,
                std::cmp::Ordering::Equal => 0.5 * pk,
                std::cmp::Ordering::Greater => 0.0,
            })
            .sum()
    };
    // w0[a][b]: seat 0 wins, seat 0 to play; w1[a][b]: seat 0 wins, seat 1 to play.
    let mut w0 = vec![vec![0.0; t]; t];
    let mut w1 = vec![vec![0.0; t]; t];
    for total in (0..=2 * (t - 1)).rev() {
        for a in total.saturating_sub(t - 1)..=total.min(t - 1) {
            let b = total - a;
            let x: f64 = (1..p.len())
                .map(|k| {
                    p[k] * if a + k >= t {
                        last(a + k, b)
                    } else {
                        w1[a + k][b]
                    }
                })
                .sum();
            let y: f64 = (1..p.len())
                .map(|k| p[k] * if b + k >= t { 0.0 } else { w0[a][b + k] })
                .sum();
            w0[a][b] = (x + p0 * y) / (1.0 - p0 * p0);
            w1[a][b] = y + p0 * w0[a][b];
        }
    }
    [w0[0][0], 1.0 - w0[0][0]]
}

#[test]
fn greedy_self_play_wins_from_each_seat_as_the_exact_markov_chain_says() {
    let rules = Rules::official();
    let p = expected_score_table(rules).score_distribution(&Turn::new(rules));
    let exact = fixed_policy_duel(rules, &p);
    let report = arena(rules, &["greedy", "greedy"], 100_000, 22);
    assert_seats_match(&report, &exact);
}

#[test]
fn the_markov_chain_is_right_on_a_game_of_one_die() {
    // One die, target 1: a turn scores 1 exactly when the die shows an earthling (1/2). Seat 0
    // wins if it scores and seat 1 does not (or ties and wins the roll-off), and so on:
    // W = (1/2)(1/2 + 1/4) + (1/2)(1/2)W ⇒ W = (3/8) / (3/4) = 1/2.
    let rules = Rules::official()
        .with_dice(1)
        .unwrap()
        .with_target(1)
        .unwrap();
    let [w0, w1] = fixed_policy_duel(rules, &[0.5, 0.5, 0.0, 0.0, 0.0]);
    assert!(
        (w0 - 0.5).abs() < 1e-15 && (w1 - 0.5).abs() < 1e-15,
        "{w0} {w1}"
    );
}

#[test]
fn optimal_three_player_self_play_wins_from_each_seat_as_the_exact_solver_says() {
    // A smaller game keeps the three-player solve quick.
    let rules = Rules::official().with_target(12).unwrap();
    let exact = trio(rules).unwrap().game_wins();
    let report = arena(rules, &["optimal", "optimal", "optimal"], 60_000, 23);
    assert_seats_match(&report, &exact);
}

#[test]
fn optimal_beats_every_other_bot() {
    let rules = Rules::official();
    for (other, games) in [
        ("random", 2_000),
        ("aggressive", 4_000),
        ("defensive", 4_000),
        ("easy", 4_000),
        ("medium", 10_000),
        ("greedy", 60_000),
        ("hard", 60_000),
    ] {
        let report = arena(rules, &["optimal", other], games, 24);
        let optimal = &report.bots[0];
        let (lo, _) = wilson(optimal.wins, optimal.games as f64, Z);
        assert!(
            lo > 0.5,
            "optimal against {other}: {:.4}, 5σ interval from {lo:.4}",
            optimal.win_rate
        );
    }
}
