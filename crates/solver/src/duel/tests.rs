use std::collections::HashMap;

use martian_engine::{
    Awaiting, BonusRule, Dice, Game, Outcome, TieRule, Turn, TurnPhase, seeded_rng,
};

use super::*;

fn small(dice: u8, target: Points) -> Rules {
    Rules::official()
        .with_dice(dice)
        .unwrap()
        .with_target(target)
        .unwrap()
}

fn variants(rules: Rules) -> Vec<Rules> {
    let mut out = Vec::new();
    for end in [EndRule::CompleteRound, EndRule::Immediate] {
        for tie in [TieRule::RollOff, TieRule::Shared] {
            for bonus in [BonusRule::OneOfEach, BonusRule::AnyEarthling] {
                out.push(rules.with_end(end).with_tie(tie).with_bonus(bonus));
            }
        }
    }
    out
}

/// Every value in range, the two seats' values summing to 1, monotone in both scores, and each
/// stored value equal to the start value of its own turn table (the fixed point holds).
fn check_table(solution: &DuelSolution) {
    let rules = solution.rules();
    let t = rules.target();
    let tolerance = 1e-12;
    let [first, second] = solution.game_wins();
    assert!((first + second - 1.0).abs() < 1e-15);
    for seat in 0..2 {
        for a in 0..t {
            for b in 0..t {
                let here = DuelPosition::Open {
                    seat,
                    scores: [a, b],
                };
                let w = solution.mover_win(here);
                assert!((0.0..=1.0).contains(&w), "{rules}: {here:?} = {w}");
                let table = solution.table(here);
                assert!(
                    (table.start_value() - w).abs() < 1e-12,
                    "{rules}: {here:?}: table {} vs stored {w}",
                    table.start_value()
                );
                // Own score up never hurts; the opponent's up never helps.
                let (own, other) = if seat == 0 { (a, b) } else { (b, a) };
                let at = |own: Points, other: Points| {
                    let scores = if seat == 0 {
                        [own, other]
                    } else {
                        [other, own]
                    };
                    solution.mover_win(DuelPosition::Open { seat, scores })
                };
                if own + 1 < t {
                    assert!(
                        at(own + 1, other) >= w - tolerance,
                        "{rules}: {here:?} own +1"
                    );
                }
                if other + 1 < t {
                    assert!(
                        at(own, other + 1) <= w + tolerance,
                        "{rules}: {here:?} other +1"
                    );
                }
            }
        }
    }
    if rules.end() == EndRule::CompleteRound {
        let max = solution.space.max_score();
        for need in 1..=max + 1 {
            let here = solution.mover_win(DuelPosition::LastTurn { need });
            let easier = solution.mover_win(DuelPosition::LastTurn { need: need - 1 });
            assert!((0.0..=1.0).contains(&here));
            assert!(easier >= here - tolerance);
        }
        assert_eq!(
            solution.mover_win(DuelPosition::LastTurn { need: max + 5 }),
            0.0
        );
    }
}

#[test]
fn small_duels_are_consistent_in_every_variant() {
    for rules in variants(small(4, 7)) {
        check_table(&DuelSolution::solve(rules, &|_| {}));
    }
}

#[test]
fn official_duel_is_consistent_and_the_second_seat_is_favoured() {
    let solution = DuelSolution::solve(Rules::official(), &|_| {});
    check_table(&solution);
    let [first, second] = solution.game_wins();
    assert!(second > first, "{first} vs {second}");
}

#[test]
fn immediate_end_gives_the_first_seat_the_edge() {
    let rules = Rules::official().with_end(EndRule::Immediate);
    let solution = DuelSolution::solve(rules, &|_| {});
    check_table(&solution);
    let [first, second] = solution.game_wins();
    assert!(first > second, "{first} vs {second}");
    let official = DuelSolution::solve(Rules::official(), &|_| {});
    assert!(first > official.game_wins()[0]);
}

/// An independent solution: plain value iteration over whole positions, with each turn solved by
/// recursion over engine `Turn` states and the game's end decided by replaying the engine's rules
/// through `Game`.
fn value_iteration(rules: Rules) -> HashMap<(usize, [Points; 2]), f64> {
    let t = rules.target();
    // Mover's win probability for seat `seat` to play at `scores`, for the open positions.
    let mut values: HashMap<(usize, [Points; 2]), f64> = HashMap::new();
    for seat in 0..2 {
        for a in 0..t {
            for b in 0..t {
                values.insert((seat, [a, b]), 0.5);
            }
        }
    }
    // The mover's value of banking `s` in (seat, scores), from the current estimates: a game is
    // played to the bank through the engine, then the end of the game is read from its state.
    let bank = |values: &HashMap<(usize, [Points; 2]), f64>,
                seat: usize,
                scores: [Points; 2],
                s: Points|
     -> f64 {
        let mut after = scores;
        after[seat] += s;
        let reached = after[seat] >= t;
        if reached && (rules.end() == EndRule::Immediate || seat == 1) {
            return 1.0;
        }
        if reached {
            // Seat 1's last turn: the mover (seat 0) wins unless seat 1 beats `need`.
            let need = after[0] - after[1];
            let last = last_turn_value(rules, need);
            return 1.0 - last;
        }
        let next = 1 - seat;
        1.0 - values[&(next, after)]
    };
    // Each sweep shrinks the error at least by the chance that both turns score 0 (about ½ with
    // 3 dice): 80 sweeps are far below the tolerance.
    for _ in 0..80 {
        let mut next = values.clone();
        for (&(seat, scores), value) in next.iter_mut() {
            let mut memo = HashMap::new();
            *value = turn_value(
                Turn::new(rules),
                &|s| bank(&values, seat, scores, s),
                &mut memo,
            );
        }
        values = next;
    }
    values
}

fn last_turn_value(rules: Rules, need: Points) -> f64 {
    let mut memo = HashMap::new();
    turn_value(
        Turn::new(rules),
        &|s: Points| match s.cmp(&need) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        },
        &mut memo,
    )
}

fn turn_value(turn: Turn, u: &dyn Fn(Points) -> f64, memo: &mut HashMap<Turn, f64>) -> f64 {
    if let Some(&v) = memo.get(&turn) {
        return v;
    }
    let v = match turn.phase() {
        TurnPhase::Over(_) => u(turn.score()),
        TurnPhase::ToRoll => {
            let n = turn.dice_left();
            Dice::outcomes(n)
                .map(|(roll, w)| {
                    let mut next = turn;
                    next.apply_roll(roll).unwrap();
                    w as f64 / 6f64.powi(i32::from(n)) * turn_value(next, u, memo)
                })
                .sum()
        }
        _ => turn
            .legal_actions()
            .iter()
            .map(|a| {
                let mut next = turn;
                next.play(a).unwrap();
                turn_value(next, u, memo)
            })
            .fold(f64::NEG_INFINITY, f64::max),
    };
    memo.insert(turn, v);
    v
}

#[test]
fn matches_plain_value_iteration_on_tiny_duels() {
    let rules = small(3, 4);
    for rules in [
        rules,
        rules.with_end(EndRule::Immediate),
        rules.with_tie(TieRule::Shared),
        rules.with_bonus(BonusRule::AnyEarthling),
    ] {
        let solution = DuelSolution::solve(rules, &|_| {});
        let naive = value_iteration(rules);
        for (&(seat, scores), &want) in &naive {
            let got = solution.mover_win(DuelPosition::Open { seat, scores });
            assert!(
                (got - want).abs() < 1e-10,
                "{rules}: seat {seat} at {scores:?}: {got} vs {want}"
            );
        }
    }
}

/// Plays `games` seeded games of the optimal duel player against itself through the engine.
fn simulate(solution: &DuelSolution, games: u32, seed: u64) -> [u32; 2] {
    let mut rng = seeded_rng(seed);
    let mut wins = [0u32; 2];
    for _ in 0..games {
        let mut game = Game::new(solution.rules(), 2).unwrap().without_history();
        loop {
            match game.awaiting() {
                Awaiting::Nothing => break,
                Awaiting::Decision { .. } => {
                    let action = solution.best_action(&game.situation()).unwrap().unwrap();
                    game.play(action).unwrap();
                }
                _ => {
                    game.roll(&mut rng).unwrap();
                }
            }
        }
        let Outcome { winners, .. } = game.outcome().unwrap();
        for &w in winners {
            wins[w] += 1;
        }
    }
    wins
}

#[test]
fn simulated_optimal_games_match_the_computed_win_probability() {
    for rules in [
        Rules::official(),
        Rules::official().with_end(EndRule::Immediate),
        small(6, 12),
    ] {
        let solution = DuelSolution::solve(rules, &|_| {});
        let games = 20_000;
        let wins = simulate(&solution, games, 7);
        let p = solution.game_wins()[0];
        let measured = f64::from(wins[0]) / f64::from(games);
        let standard_error = (p * (1.0 - p) / f64::from(games)).sqrt();
        assert!(
            (measured - p).abs() < 5.0 * standard_error,
            "{rules}: measured {measured}, computed {p}, standard error {standard_error}"
        );
    }
}

#[test]
fn positions_are_checked() {
    let rules = Rules::official();
    assert_eq!(
        duel_position(rules, &[3, 4], 1),
        Ok(DuelPosition::Open {
            seat: 1,
            scores: [3, 4]
        })
    );
    assert_eq!(
        duel_position(rules, &[27, 20], 1),
        Ok(DuelPosition::LastTurn { need: 7 })
    );
    assert!(matches!(
        duel_position(rules, &[27, 20], 0),
        Err(PositionError::GameOver { seat: 0, .. })
    ));
    assert!(matches!(
        duel_position(rules, &[20, 25], 0),
        Err(PositionError::GameOver { seat: 1, .. })
    ));
    assert!(matches!(
        duel_position(rules.with_end(EndRule::Immediate), &[27, 20], 1),
        Err(PositionError::GameOver { seat: 0, .. })
    ));
    assert!(matches!(
        duel_position(rules, &[1, 2, 3], 0),
        Err(PositionError::Players { given: 3, .. })
    ));
    assert!(matches!(
        duel_position(rules, &[1, 2], 2),
        Err(PositionError::Seat { seat: 2, .. })
    ));
}

#[test]
fn the_disk_cache_round_trips_and_a_damaged_file_is_rebuilt() {
    let dir = std::env::temp_dir().join(format!("martian-duel-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cache = TableCache::new(&dir);
    let rules = small(5, 9);
    let (solved, provenance) = DuelSolution::load_or_solve(rules, Some(&cache), &|_| {});
    assert_eq!(
        provenance,
        Provenance::Computed {
            stored: true,
            replaced_damaged: false
        }
    );
    let (loaded, provenance) = DuelSolution::load_or_solve(rules, Some(&cache), &|_| {});
    assert_eq!(provenance, Provenance::Disk);
    assert_eq!(solved.win, loaded.win);
    assert_eq!(solved.last, loaded.last);
    // Tables rebuilt from the stored values decide as the solved ones.
    let position = DuelPosition::Open {
        seat: 1,
        scores: [4, 2],
    };
    assert_eq!(
        solved.table(position).start_value(),
        loaded.table(position).start_value()
    );
    let path = cache.path("duel", rules);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&path, bytes).unwrap();
    let (rebuilt, provenance) = DuelSolution::load_or_solve(rules, Some(&cache), &|_| {});
    assert_eq!(
        provenance,
        Provenance::Computed {
            stored: true,
            replaced_damaged: true
        }
    );
    assert_eq!(rebuilt.win, solved.win);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn progress_reaches_its_total() {
    let done = std::sync::Mutex::new(Vec::new());
    DuelSolution::solve(small(4, 6), &|p| done.lock().unwrap().push(p));
    let done = done.into_inner().unwrap();
    let last = done.last().unwrap();
    assert_eq!(last.done, last.total);
    assert!(done.windows(2).all(|w| w[0].done <= w[1].done));
}

#[test]
fn a_solution_is_at_hand_once_solved_and_from_the_disk_cache() {
    // Rules no other test solves, and not in the cache from an earlier run.
    let rules = small(3, 9);
    let cache = TableCache::user().unwrap();
    let _ = std::fs::remove_file(cache.path(KIND, rules));
    assert!(!duel_at_hand(rules));
    duel(rules).unwrap();
    assert!(duel_at_hand(rules), "in memory");
    assert!(
        cache.path(KIND, rules).is_file(),
        "and on disk for the next process"
    );
    assert!(crate::solutions_at_hand(rules, 2));
    assert!(crate::solutions_at_hand(rules, 1), "solo is always quick");
}

/// The duel by an independent route: pairs from the highest total down, each pair's 2-cycle by
/// plain iteration of its map (no Newton step, no bracket), each turn by recursion over engine
/// `Turn` states with a plain maximum (no tie rule). The iteration of a pair converges to its one
/// fixed point from anywhere (the map is a contraction); it starts from `start`'s value to be
/// quick.
fn pairs_by_plain_iteration(
    rules: Rules,
    start: &DuelSolution,
) -> HashMap<(usize, [Points; 2]), f64> {
    let t = rules.target();
    let max_score = Points::from(rules.dice()) + martian_engine::BONUS_POINTS;
    let last: Vec<f64> = (0..=max_score + 1)
        .map(|need| last_turn_value(rules, need))
        .collect();
    let mut values: HashMap<(usize, [Points; 2]), f64> = HashMap::new();
    for total in (0..=2 * (t - 1)).rev() {
        for a in total.saturating_sub(t - 1)..=total.min(t - 1) {
            let b = total - a;
            let after = |values: &HashMap<_, f64>, seat: usize, s: Points| -> f64 {
                let mut scores = [a, b];
                scores[seat] += s;
                if scores[seat] < t {
                    return 1.0 - values[&(1 - seat, scores)];
                }
                match (rules.end(), seat) {
                    (EndRule::CompleteRound, 0) => {
                        1.0 - last[usize::from(scores[0] - scores[1]).min(last.len() - 1)]
                    }
                    _ => 1.0,
                }
            };
            let mut x = start.mover_win(DuelPosition::Open {
                seat: 1,
                scores: [a, b],
            });
            for _ in 0..1_000 {
                let u0 = |s: Points| {
                    if s == 0 {
                        1.0 - x
                    } else {
                        after(&values, 0, s)
                    }
                };
                let v0 = turn_value(Turn::new(rules), &u0, &mut HashMap::new());
                let u1 = |s: Points| {
                    if s == 0 {
                        1.0 - v0
                    } else {
                        after(&values, 1, s)
                    }
                };
                let v1 = turn_value(Turn::new(rules), &u1, &mut HashMap::new());
                let done = (v1 - x).abs() < 1e-15;
                x = v1;
                values.insert((0, [a, b]), v0);
                values.insert((1, [a, b]), x);
                if done {
                    break;
                }
            }
        }
    }
    values
}

/// Three dice to 62: the smallest target where the duel solver once panicked ("bisection halves
/// the bracket below the tolerance…"), as it did with 13 dice at targets of 200 and more. At
/// scores 58 and 12 seat 1's chance is about 1e-12, where the turn solver's tie rule (options
/// within 1e-12 are alike) makes the pair's map drop across the diagonal by more than the
/// tolerance. Now solved, and every value agrees with the independent computation.
#[test]
fn a_large_target_whose_cycle_falls_into_a_tie_jump_is_solved() {
    let rules = small(3, 62);
    let solution = DuelSolution::solve(rules, &|_| {});
    let stats = solution.stats();
    assert!(
        stats.worst_residual > CYCLE_TOLERANCE,
        "this solve meets a crossing inside a jump: {stats:?}"
    );
    assert!(stats.worst_residual < 1e-12, "{stats:?}");
    check_table(&solution);
    let plain = pairs_by_plain_iteration(rules, &solution);
    for (&(seat, scores), &want) in &plain {
        let got = solution.mover_win(DuelPosition::Open { seat, scores });
        assert!(
            (got - want).abs() < 1e-11,
            "seat {seat} at {scores:?}: {got} vs {want}"
        );
    }
}
