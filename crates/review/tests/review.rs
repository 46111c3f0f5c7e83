//! The review through the library, on records of every kind the project writes: optimal play
//! loses nothing, every value is the advisor's, the chances start at the solved game's and end
//! at the result, and luck plus skill is the whole move at every turn.

mod common;

use martian_engine::{
    Action, BonusRule, EndRule, GameRecord, Points, Rules, Situation, Step, TieRule, Turn,
};
use martian_review::{Class, Measure, Review, StopReason, Valuation, review};
use martian_solver::{
    MultiPlayer, Reduction, TRIO_TOLERANCE, TurnTable, duel, duel_position, quad, quad_position,
    solo, trio, trio_position,
};

/// A small target keeps the three-player solve behind 3 to 8 seats to seconds.
fn short() -> Rules {
    Rules::official().with_target(12).unwrap()
}

/// The solver's values are fixed points found to within `TRIO_TOLERANCE` (1e-13 for the duel);
/// a turn's value read from its table and the same position's value read from the stored
/// solution may differ by that much at each end of the turn.
const FIXED_POINT: f64 = 2.0 * TRIO_TOLERANCE;

fn assert_zero_loss(review: &Review) {
    assert!(!review.decisions.is_empty());
    for d in &review.decisions {
        assert_eq!(d.chosen, d.best, "{d:?}");
        assert_eq!(d.loss, 0.0, "{d:?}");
        assert_eq!(d.class, Class::Best);
    }
    for seat in &review.seats {
        assert_eq!(seat.mean_loss, Some(0.0));
        assert_eq!(seat.total_loss, 0.0);
        assert!(seat.accuracy.is_none_or(|a| a == 100.0), "{seat:?}");
        assert_eq!(seat.biggest_mistake, None);
    }
}

/// Every decision of a review of 1 to 4 players has the values and best of `advise`, asked
/// afresh from the decision's transcript and scores.
fn assert_values_are_the_advisors(review: &Review) {
    for d in &review.decisions {
        let (options, best) = common::advice_for(d, review.rules);
        let ours: Vec<(Action, f64)> = d.options.iter().map(|o| (o.action, o.value)).collect();
        assert_eq!(ours, options, "{d:?}");
        assert_eq!(d.best, best);
    }
}

/// luck + skill is the whole move at every turn (up to the rounding of one addition), and the
/// turns chain: each turn starts where the series stood.
fn assert_luck_and_skill_add_up(review: &Review) {
    for t in &review.turns {
        let sum = t.luck + t.skill;
        assert!(
            (sum - t.whole()).abs() <= 4.0 * f64::EPSILON * t.before.abs().max(t.after.abs()),
            "{t:?}"
        );
        let losses: f64 = review.decisions[t.decisions.clone()]
            .iter()
            .map(|d| d.loss)
            .sum();
        let expected_skill = match review.measure {
            Measure::WinProbability => -losses,
            Measure::ExpectedTurns => losses,
        };
        assert!((t.skill - expected_skill).abs() < 1e-15, "{t:?}");
    }
}

/// The mover's turn table of a turn, asked of the solver directly.
fn mover_table(rules: Rules, scores: &[Points], seat: usize) -> TurnTable {
    match scores.len() {
        1 => solo(rules).table(scores[0]).clone(),
        2 => duel(rules)
            .unwrap()
            .table(duel_position(rules, scores, seat).unwrap())
            .clone(),
        3 => trio(rules)
            .unwrap()
            .table(trio_position(rules, scores, seat).unwrap())
            .clone(),
        _ => quad(rules)
            .unwrap()
            .table(quad_position(rules, scores, seat).unwrap())
            .clone(),
    }
}

/// Exact games: the luck of each finished turn is the sum over its rolls of the value after the
/// roll minus the value before it, computed here from the solver's table, independently of the
/// review's bookkeeping (which takes luck as the whole move minus the decisions' losses).
fn assert_luck_is_the_dice(review: &Review) {
    let rules = review.rules;
    let mut scores = vec![0; review.players.len()];
    for t in &review.turns {
        let table = mover_table(rules, &scores, t.seat);
        let shown = |v: f64| match review.measure {
            Measure::WinProbability => v,
            Measure::ExpectedTurns => 1.0 - v,
        };
        let mut turn = Turn::new(rules);
        let mut dice = 0.0;
        let steps = steps_of(&t.transcript, rules);
        for step in steps {
            match step {
                Step::Rolled(roll) => {
                    let before = shown(table.value(&turn));
                    turn.apply_roll(roll).unwrap();
                    dice += shown(table.value(&turn)) - before;
                }
                Step::Played(action) => turn.play(action).unwrap(),
            }
        }
        if t.finished {
            assert!(
                (dice - t.luck).abs() <= FIXED_POINT,
                "turn {}: dice {dice} luck {} (gap {:e})",
                t.turn,
                t.luck,
                dice - t.luck
            );
        }
        scores[t.seat] += t.score;
    }
}

fn steps_of(transcript: &str, rules: Rules) -> Vec<Step> {
    let transcript: martian_engine::Transcript = transcript.parse().unwrap();
    let mut turn = Turn::new(rules);
    let mut steps = Vec::new();
    transcript
        .play_through(|step| {
            steps.push(step);
            match step {
                Step::Rolled(r) => turn.apply_roll(r),
                Step::Played(a) => turn.play(a),
            }
        })
        .unwrap();
    steps
}

/// The last entry of a finished game: 1 for the winner, 0 for the others (1/k when k share).
fn assert_ends_at_the_result(review: &Review) {
    assert!(review.finished);
    let last = review.win_probability.last().unwrap();
    for (seat, &p) in last.iter().enumerate() {
        let expected = if review.winners.contains(&seat) {
            1.0 / review.winners.len() as f64
        } else {
            0.0
        };
        assert_eq!(p, expected, "seat {seat}: {last:?}");
    }
}

fn entries_expected(review: &Review) -> usize {
    let finished = review.turns.iter().filter(|t| t.finished).count();
    let roll_off = review
        .roll_off
        .as_ref()
        .is_some_and(|r| !r.rounds.is_empty());
    1 + finished + usize::from(roll_off)
}

fn check_exact_optimal_game(record: &GameRecord) -> Review {
    let review = review(record).unwrap();
    assert!(review.stopped.is_none(), "{:?}", review.stopped);
    assert!(!review.approximate);
    assert_zero_loss(&review);
    assert_values_are_the_advisors(&review);
    assert_luck_and_skill_add_up(&review);
    assert_luck_is_the_dice(&review);
    assert_ends_at_the_result(&review);
    assert_eq!(review.win_probability.len(), entries_expected(&review));
    for chances in &review.win_probability {
        assert!(
            (chances.iter().sum::<f64>() - 1.0).abs() < 1e-9,
            "{chances:?}"
        );
    }
    review
}

#[test]
fn optimal_duels_lose_nothing_and_start_at_the_solved_duel() {
    let rules = Rules::official();
    let wins = duel(rules).unwrap().game_wins();
    for seed in 0..6 {
        let record = common::play(rules, &["optimal", "optimal"], seed);
        let review = check_exact_optimal_game(&record);
        assert_eq!(review.valuation, Valuation::Duel);
        assert_eq!(review.win_probability[0], wins.to_vec());
        assert_eq!(review.measure, Measure::WinProbability);
    }
}

#[test]
fn optimal_three_player_games_lose_nothing_and_start_at_the_solved_trio() {
    let rules = short();
    let wins = trio(rules).unwrap().game_wins();
    for seed in 0..4 {
        let record = common::play(rules, &["optimal", "optimal", "optimal"], seed);
        let review = check_exact_optimal_game(&record);
        assert_eq!(review.valuation, Valuation::Trio);
        assert_eq!(review.win_probability[0], wins.to_vec());
    }
}

#[test]
fn optimal_four_player_games_lose_nothing_and_start_at_the_solved_quad() {
    // A small game keeps the four-player solve quick.
    let rules = Rules::official()
        .with_dice(8)
        .unwrap()
        .with_target(10)
        .unwrap();
    let wins = quad(rules).unwrap().game_wins();
    for seed in 0..3 {
        let record = common::play(rules, &["optimal"; 4], seed);
        let review = check_exact_optimal_game(&record);
        assert_eq!(review.valuation, Valuation::Quad);
        assert_eq!(review.win_probability[0], wins.to_vec());
    }
}

#[test]
fn solo_games_are_counted_in_turns() {
    let rules = Rules::official();
    let expected = solo(rules).expected_turns();
    for seed in 0..4 {
        let record = common::play(rules, &["optimal"], seed);
        let review = check_exact_optimal_game(&record);
        assert_eq!(review.measure, Measure::ExpectedTurns);
        let series = review.expected_turns.as_ref().unwrap();
        assert_eq!(series[0], expected);
        // After the last turn the game's length is known: the turns played.
        assert_eq!(*series.last().unwrap(), review.turns.len() as f64);
        assert!(review.win_probability.iter().all(|c| c == &[1.0]));
    }
    // A greedy solo player loses turns, each loss a positive number of turns.
    let record = common::play(rules, &["greedy"], 3);
    let review = review(&record).unwrap();
    assert_values_are_the_advisors(&review);
    assert_luck_and_skill_add_up(&review);
    assert!(review.decisions.iter().all(|d| d.loss >= 0.0));
}

#[test]
fn variants_are_reviewed_under_their_rules() {
    let rules = Rules::new(
        8,
        12,
        BonusRule::AnyEarthling,
        EndRule::Immediate,
        TieRule::Shared,
    )
    .unwrap();
    for seed in 0..5 {
        let record = common::play(rules, &["optimal", "optimal"], seed);
        let review = check_exact_optimal_game(&record);
        assert_eq!(review.rules, rules);
        assert_eq!(
            review.win_probability[0],
            duel(rules).unwrap().game_wins().to_vec()
        );
    }
    let shared = Rules::official()
        .with_tie(TieRule::Shared)
        .with_target(10)
        .unwrap();
    for seed in 0..3 {
        check_exact_optimal_game(&common::play(
            shared,
            &["optimal", "optimal", "optimal"],
            seed,
        ));
    }
}

#[test]
fn mistakes_are_found_valued_and_summed() {
    let rules = Rules::official();
    let mut found = 0;
    for seed in 0..10 {
        let record = common::play(rules, &["easy", "optimal"], seed);
        let review = review(&record).unwrap();
        assert_values_are_the_advisors(&review);
        assert_luck_and_skill_add_up(&review);
        assert_luck_is_the_dice(&review);
        let easy = &review.seats[0];
        let chosen: Vec<_> = review
            .decisions
            .iter()
            .filter(|d| d.seat == 0 && !d.forced)
            .collect();
        assert_eq!(easy.decisions, chosen.len());
        let total: f64 = chosen.iter().map(|d| d.loss).sum();
        assert_eq!(easy.total_loss, total);
        let stake: f64 = chosen.iter().map(|d| d.stake).sum();
        if stake > 0.0 {
            assert_eq!(easy.accuracy, Some(100.0 * (1.0 - total / stake)));
        }
        for d in &chosen {
            let best = d.options.iter().find(|o| o.action == d.best).unwrap().value;
            let mine = d
                .options
                .iter()
                .find(|o| o.action == d.chosen)
                .unwrap()
                .value;
            if d.chosen != d.best {
                assert_eq!(d.loss, (best - mine).max(0.0));
            }
            assert_eq!(d.class, review.thresholds.classify(d.loss));
            assert!(d.stake >= d.loss);
            // A decision that is not the best says why the best is: the advisor's own reason,
            // comparing the best with the choice made, its parts adding up to their difference.
            match (d.class, &d.reason) {
                (Class::Best, None) => {}
                (Class::Best, Some(_)) => panic!("a reason for a best decision"),
                (_, None) => panic!("no reason for a {:?}", d.class),
                (_, Some(reason)) => {
                    let turn = d
                        .transcript
                        .parse::<martian_engine::Transcript>()
                        .unwrap()
                        .replay(rules)
                        .unwrap();
                    let (_, expected) = martian_solver::advise_against(
                        martian_solver::AdviceRequest {
                            rules,
                            scores: Some(&d.scores),
                            seat: d.seat,
                            turn: &turn,
                        },
                        d.chosen,
                    )
                    .unwrap();
                    assert_eq!(Some(reason), expected.as_ref());
                    if let Some(c) = reason.comparison() {
                        assert_eq!(c.best.action, d.best);
                        assert_eq!(c.other.action, d.chosen);
                        assert!((c.parts.total() - (best - mine)).abs() < 1e-9, "{c:?}");
                    }
                }
            }
        }
        if let Some(index) = easy.biggest_mistake {
            let biggest = review.decisions[index].loss;
            assert!(chosen.iter().all(|d| d.loss <= biggest));
            assert_eq!(review.biggest_mistakes(Some(0))[0].loss, biggest);
            found += 1;
        }
        assert_eq!(review.seats[1].total_loss, 0.0);
        let counted: usize = Class::ALL.iter().map(|&c| easy.classes.get(c)).sum();
        assert_eq!(counted, easy.decisions);
    }
    assert!(found > 5, "the easy bot errs in most games");
}

#[test]
fn a_roll_off_is_reviewed_as_luck_after_the_last_turn() {
    let rules = Rules::official().with_target(8).unwrap();
    let record = (0..500)
        .map(|seed| common::play(rules, &["optimal", "optimal"], seed))
        .find(|r| !r.roll_off.is_empty())
        .expect("some game of 500 ends in a tie");
    let review = check_exact_optimal_game(&record);
    let roll_off = review.roll_off.as_ref().unwrap();
    assert_eq!(roll_off.tied, vec![0, 1]);
    assert_eq!(
        roll_off.winner,
        Some(record.result.as_ref().unwrap().winners[0])
    );
    let n = review.win_probability.len();
    assert_eq!(n, review.turns.len() + 2);
    assert_eq!(review.win_probability[n - 2], vec![0.5, 0.5]);
}

#[test]
fn five_to_eight_players_are_valued_as_optimal_plays_and_said_approximate() {
    let rules = short();
    let multi = MultiPlayer::new(rules, Reduction::Trio).unwrap();
    for (players, seed) in [(5, 2), (6, 1), (8, 3)] {
        let bots = vec!["optimal"; players];
        let record = common::play(rules, &bots, seed);
        let review = review(&record).unwrap();
        assert!(review.stopped.is_none(), "{:?}", review.stopped);
        assert!(review.approximate);
        assert_eq!(review.valuation, Valuation::TrioReduction);
        assert_zero_loss(&review);
        assert_luck_and_skill_add_up(&review);
        assert_ends_at_the_result(&review);
        assert_eq!(review.win_probability.len(), entries_expected(&review));
        for d in &review.decisions {
            let turn = common::turn_of(&d.transcript, rules);
            let situation = Situation {
                rules,
                scores: &d.scores,
                seat: d.seat,
                round: d.round,
                turn: &turn,
                triggered_by: None,
            };
            let values: Vec<(Action, f64)> = multi.action_values(&situation).iter().collect();
            let ours: Vec<(Action, f64)> = d.options.iter().map(|o| (o.action, o.value)).collect();
            assert_eq!(ours, values);
            assert_eq!(Some(d.best), multi.best_action(&situation));
        }
        // Each turn starts at the value optimal gives the mover's turn.
        let mut scores = vec![0; players];
        for t in &review.turns {
            let turn = Turn::new(rules);
            let situation = Situation {
                rules,
                scores: &scores,
                seat: t.seat,
                round: t.round,
                turn: &turn,
                triggered_by: None,
            };
            let start = multi.table(&situation).start_value();
            assert!((start - t.before).abs() <= FIXED_POINT, "{t:?} {start}");
            scores[t.seat] += t.score;
        }
    }
}

#[test]
fn an_unfinished_record_is_reviewed_as_far_as_it_goes() {
    let rules = Rules::official();
    let whole = common::play(rules, &["medium", "optimal"], 11);
    // Eight turns, then the ninth cut after its second roll, awaiting a choice: as a record
    // written by hand (or by a program that saves inside a turn) may be.
    let mut record = whole.clone();
    let ninth = whole.turns[8].transcript.clone();
    let words: Vec<&str> = ninth.split_whitespace().collect();
    assert!(words.len() >= 3, "{ninth}");
    let second_roll = words[1].split('/').next().unwrap();
    record.turns.truncate(9);
    record.turns[8].transcript = format!("{} {second_roll}", words[0]);
    record.turns[8].score = 0;
    record.roll_off.clear();
    record.result = None;
    record.replay().expect("a valid unfinished record");
    let review = martian_review::review(&record).unwrap();
    assert!(record.result.is_none());
    assert!(review.stopped.is_none());
    assert!(!review.finished);
    let last = review.turns.last().unwrap();
    assert!(!last.finished, "cut inside a turn: {last:?}");
    assert_luck_and_skill_add_up(&review);
    assert_values_are_the_advisors(&review);
    let finished = review.turns.iter().filter(|t| t.finished).count();
    assert_eq!(review.win_probability.len(), finished + 1);
    // The same decisions as the review of the whole game, as far as they go.
    let full = martian_review::review(&whole).unwrap();
    assert_eq!(
        review.decisions[..],
        full.decisions[..review.decisions.len()]
    );
}

#[test]
fn a_record_that_breaks_the_rules_is_reviewed_up_to_the_broken_turn() {
    let rules = Rules::official();
    let mut record = common::play(rules, &["optimal", "optimal"], 5);
    assert!(record.turns.len() > 6);
    // Turn 5 claims a score it did not make.
    record.turns[4].score += 1;
    let review = review(&record).unwrap();
    let stopped = review.stopped.as_ref().unwrap();
    assert_eq!(stopped.turn, Some(5));
    assert!(matches!(stopped.reason, StopReason::Record(_)));
    assert_eq!(review.turns.len(), 4);
    assert!(review.decisions.iter().all(|d| d.turn < 5));
    let json = serde_json::to_value(&review).unwrap();
    assert_eq!(json["stopped"]["reason"]["kind"], "record");
    assert!(
        json["stopped"]["reason"]["detail"]
            .as_str()
            .unwrap()
            .contains("turn 5: the turn scores"),
        "{json}"
    );
    // A record with nine seats cannot be reviewed at all.
    let mut crowded = record.clone();
    crowded.players = vec![crowded.players[0].clone(); 9];
    assert!(martian_review::review(&crowded).is_err());
}

#[test]
fn the_json_has_the_fields_the_issue_names() {
    let record = common::play(Rules::official(), &["medium", "optimal"], 2);
    let review = review(&record).unwrap();
    let json = serde_json::to_value(&review).unwrap();
    let decision = &json["decisions"][0];
    for key in ["seat", "turn", "options", "chosen", "best", "loss", "class"] {
        assert!(decision.get(key).is_some(), "{key} in {decision}");
    }
    let option = &decision["options"][0];
    assert!(option["action"].is_string() && option["value"].is_number());
    for seat in json["seats"].as_array().unwrap() {
        assert!(seat.get("accuracy").is_some() && seat.get("mean_loss").is_some());
    }
    let series = json["win_probability"].as_array().unwrap();
    assert_eq!(series.len(), review.turns.len() + 1);
    assert_eq!(series[0].as_array().unwrap().len(), 2);
    assert_eq!(json["measure"], "win-probability");
    assert_eq!(json["approximate"], false);
    let actions: Vec<&str> = review
        .decisions
        .iter()
        .flat_map(|d| d.options.iter())
        .map(|o| match o.action {
            Action::Take(_) | Action::Stop | Action::Roll => "ok",
        })
        .collect();
    assert!(!actions.is_empty());
    let codes: std::collections::BTreeSet<String> = json["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["chosen"].as_str().unwrap().to_string())
        .collect();
    assert!(
        codes
            .iter()
            .all(|c| ["R", "H", "C", "K", "stop", "roll"].contains(&c.as_str()))
    );
}

#[test]
fn three_players_beyond_the_three_player_solve_are_valued_by_the_duel_reduction() {
    // Past a target of 60 the three-player game is not solved: optimal plays the duel of the
    // mover and its strongest opponent, and the review values it so, as an approximation.
    let rules = Rules::official()
        .with_dice(6)
        .unwrap()
        .with_target(martian_solver::MAX_TRIO_TARGET + 1)
        .unwrap();
    let record = common::play(rules, &["optimal", "optimal", "optimal"], 1);
    let review = review(&record).unwrap();
    assert!(review.stopped.is_none(), "{:?}", review.stopped);
    assert_eq!(review.valuation, Valuation::DuelReduction);
    assert!(review.approximate);
    assert_zero_loss(&review);
    assert_luck_and_skill_add_up(&review);
    assert_ends_at_the_result(&review);
    let multi = MultiPlayer::new(rules, Reduction::Duel).unwrap();
    for d in &review.decisions {
        let turn = common::turn_of(&d.transcript, rules);
        let situation = Situation {
            rules,
            scores: &d.scores,
            seat: d.seat,
            round: d.round,
            turn: &turn,
            triggered_by: None,
        };
        let values: Vec<(Action, f64)> = multi.action_values(&situation).iter().collect();
        let ours: Vec<(Action, f64)> = d.options.iter().map(|o| (o.action, o.value)).collect();
        assert_eq!(ours, values);
    }
}
