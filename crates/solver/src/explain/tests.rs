//! Every reason's figures against an independent evaluation: the turn played on through the
//! engine, die by die, following the table's own decisions.

use std::collections::{HashMap, HashSet};

use martian_engine::{BonusRule, Points, Rules, Transcript};

use super::*;
use crate::advise::advise_with_reason;
use crate::{duel, solo};

/// How a turn ends when played on under `table`'s decisions: the probability of each final
/// score and of ending with the tanks ahead, by brute force over the engine's turns.
struct Exact<'a> {
    table: &'a TurnTable,
    memo: HashMap<Turn, (Vec<f64>, f64)>,
}

impl Exact<'_> {
    fn endings(&mut self, turn: Turn) -> (Vec<f64>, f64) {
        if let Some(known) = self.memo.get(&turn) {
            return known.clone();
        }
        let size = usize::from(self.table.space().max_score()) + 1;
        let result = match turn.phase() {
            TurnPhase::Over(_) => {
                let mut scores = vec![0.0; size];
                scores[usize::from(turn.score())] = 1.0;
                let aside = turn.aside();
                let ahead = aside.count(Face::Tank) > aside.count(Face::DeathRay);
                (scores, if ahead { 1.0 } else { 0.0 })
            }
            TurnPhase::ToRoll => {
                let n = turn.dice_left();
                let total = 6f64.powi(i32::from(n));
                let mut scores = vec![0.0; size];
                let mut ahead = 0.0;
                for (roll, weight) in Dice::outcomes(n) {
                    let mut next = turn;
                    next.apply_roll(roll).unwrap();
                    let (s, a) = self.endings(next);
                    let p = weight as f64 / total;
                    for (acc, x) in scores.iter_mut().zip(&s) {
                        *acc += p * x;
                    }
                    ahead += p * a;
                }
                (scores, ahead)
            }
            _ => {
                let mut next = turn;
                next.play(self.table.best_action(&turn).unwrap()).unwrap();
                self.endings(next)
            }
        };
        self.memo.insert(turn, result.clone());
        result
    }

    /// The endings after playing `action` in `turn`.
    fn after(&mut self, turn: Turn, action: Action) -> (Vec<f64>, f64) {
        let mut next = turn;
        next.play(action).unwrap();
        self.endings(next)
    }
}

fn mean(scores: &[f64]) -> f64 {
    scores.iter().enumerate().map(|(s, p)| s as f64 * p).sum()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// Checks `reason`'s figures for `turn` (advised as `advice`) against the exact endings.
fn check_figures(turn: Turn, advice: &Advice, reason: &Reason, exact: &mut Exact<'_>) {
    let rules = turn.rules();
    let value = |action| value_of(advice, action);
    match *reason {
        Reason::Indifferent { case } => {
            let (stop, roll) = (value(Action::Stop), value(Action::Roll));
            assert!((stop - roll).abs() <= SAME, "{turn:?}");
            let (scores, _) = exact.after(turn, Action::Roll);
            let lost = scores[1..].iter().sum::<f64>() == 0.0;
            assert_eq!(case == Indifference::TurnLost, lost, "{turn:?}");
            assert_ne!(
                case,
                Indifference::GameDecided,
                "a game-level case without scores"
            );
        }
        Reason::NothingHeld { chance, average } => {
            assert_eq!(turn.score(), 0);
            assert_eq!(advice.best, Action::Roll);
            let (scores, _) = exact.after(turn, Action::Roll);
            assert!(close(chance, scores[1..].iter().sum()), "{turn:?}");
            assert!(close(average, mean(&scores)), "{turn:?}");
        }
        Reason::FreeRoll { held, dice, gain } => {
            assert_eq!((held, dice), (turn.score(), turn.dice_left()));
            assert_eq!(advice.best, Action::Roll);
            let (scores, ahead) = exact.after(turn, Action::Roll);
            assert_eq!(ahead, 0.0, "{turn:?}");
            assert!(close(gain, mean(&scores) - f64::from(held)), "{turn:?}");
        }
        Reason::Risk {
            advice: advised,
            tanks_ahead,
            held,
            gain,
        } => {
            let best = if advised == Advised::Roll {
                Action::Roll
            } else {
                Action::Stop
            };
            assert_eq!(best, advice.best);
            assert_eq!(held, turn.score());
            let (scores, ahead) = exact.after(turn, Action::Roll);
            assert!(
                close(tanks_ahead, ahead),
                "{turn:?}: {tanks_ahead} vs {ahead}"
            );
            if ahead < 1.0 {
                let expected_gain = mean(&scores) / (1.0 - ahead) - f64::from(held);
                assert!(
                    close(gain, expected_gain),
                    "{turn:?}: {gain} vs {expected_gain}"
                );
            }
        }
        Reason::OnlyChoice { face, count } => {
            let TurnPhase::Choosing { roll } = turn.phase() else {
                panic!("a take")
            };
            assert_eq!(turn.legal_actions().len(), 1);
            assert_eq!(advice.best, Action::Take(face));
            assert_eq!(count, roll.count(face));
        }
        Reason::AsGood { face, other } => {
            assert_eq!(advice.best, Action::Take(face));
            assert!((value(Action::Take(face)) - value(Action::Take(other))).abs() <= SAME);
        }
        Reason::Bonus { face, count } => {
            assert_eq!(advice.best, Action::Take(face));
            let TurnPhase::Choosing { roll } = turn.phase() else {
                panic!("a take")
            };
            assert_eq!(count, roll.count(face));
            let mut after = turn;
            after.play(Action::Take(face)).unwrap();
            assert!(!rules.earns_bonus(turn.aside()) && rules.earns_bonus(after.aside()));
        }
        Reason::RaysForSafety {
            count,
            tanks_ahead,
            other,
            other_tanks_ahead,
        } => {
            assert_eq!(advice.best, Action::Take(Face::DeathRay));
            let TurnPhase::Choosing { roll } = turn.phase() else {
                panic!("a take")
            };
            assert_eq!(count, roll.count(Face::DeathRay));
            let (_, ahead) = exact.after(turn, Action::Take(Face::DeathRay));
            let (_, other_ahead) = exact.after(turn, Action::Take(other));
            assert!(close(tanks_ahead, ahead) && close(other_tanks_ahead, other_ahead));
            assert!(tanks_ahead < other_tanks_ahead);
        }
        Reason::PointsOverSafety {
            face,
            count,
            tanks_ahead,
            rays_tanks_ahead,
        } => {
            assert_eq!(advice.best, Action::Take(face));
            let TurnPhase::Choosing { roll } = turn.phase() else {
                panic!("a take")
            };
            assert_eq!(count, roll.count(face));
            let (_, ahead) = exact.after(turn, Action::Take(face));
            let (_, rays_ahead) = exact.after(turn, Action::Take(Face::DeathRay));
            assert!(close(tanks_ahead, ahead) && close(rays_tanks_ahead, rays_ahead));
            assert!(tanks_ahead > rays_tanks_ahead);
        }
        Reason::MorePoints {
            face,
            count,
            other,
            other_count,
        } => {
            assert_eq!(advice.best, Action::Take(face));
            let TurnPhase::Choosing { roll } = turn.phase() else {
                panic!("a take")
            };
            assert_eq!((count, other_count), (roll.count(face), roll.count(other)));
            assert!(count > other_count);
        }
        Reason::MoreDice {
            face,
            count,
            dice_left,
            other,
            other_count,
            other_dice_left,
        } => {
            assert_eq!(advice.best, Action::Take(face));
            let TurnPhase::Choosing { roll } = turn.phase() else {
                panic!("a take")
            };
            assert_eq!((count, other_count), (roll.count(face), roll.count(other)));
            assert!(count < other_count);
            let left = |face| {
                let mut after = turn;
                after.play(Action::Take(face)).unwrap();
                after.dice_left()
            };
            assert_eq!((dice_left, other_dice_left), (left(face), left(other)));
        }
        Reason::Compare {
            face,
            count,
            tanks_ahead,
            average,
            other,
            other_count,
            other_tanks_ahead,
            other_average,
        } => {
            assert_eq!(advice.best, Action::Take(face));
            let TurnPhase::Choosing { roll } = turn.phase() else {
                panic!("a take")
            };
            assert_eq!((count, other_count), (roll.count(face), roll.count(other)));
            let (scores, ahead) = exact.after(turn, Action::Take(face));
            let (other_scores, other_ahead) = exact.after(turn, Action::Take(other));
            assert!(close(tanks_ahead, ahead) && close(other_tanks_ahead, other_ahead));
            assert!(close(average, mean(&scores)) && close(other_average, mean(&other_scores)));
        }
        Reason::MustRoll { .. }
        | Reason::BankTheLead { .. }
        | Reason::ReachTarget { .. }
        | Reason::Race { .. } => panic!("a game-level reason without scores: {reason:?}"),
    }
}

/// Every turn state reachable from a fresh turn.
fn reachable_turns(rules: Rules) -> Vec<Turn> {
    let mut seen = HashSet::new();
    let mut stack = vec![Turn::new(rules)];
    let mut out = Vec::new();
    while let Some(turn) = stack.pop() {
        if !seen.insert(turn) {
            continue;
        }
        out.push(turn);
        match turn.phase() {
            TurnPhase::ToRoll => {
                for (roll, _) in Dice::outcomes(turn.dice_left()) {
                    let mut next = turn;
                    next.apply_roll(roll).unwrap();
                    stack.push(next);
                }
            }
            TurnPhase::Choosing { .. } | TurnPhase::Deciding => {
                for action in turn.legal_actions().iter() {
                    let mut next = turn;
                    next.play(action).unwrap();
                    stack.push(next);
                }
            }
            TurnPhase::Over(_) => {}
        }
    }
    out
}

#[test]
fn every_reason_of_every_decision_with_six_dice_has_the_exact_figures() {
    for bonus in [BonusRule::OneOfEach, BonusRule::AnyEarthling] {
        let rules = Rules::official().with_dice(6).unwrap().with_bonus(bonus);
        let table = expected_score_table(rules);
        let mut exact = Exact {
            table,
            memo: HashMap::new(),
        };
        let mut kinds = HashSet::new();
        for turn in reachable_turns(rules).into_iter().filter(|t| !t.is_over()) {
            let request = AdviceRequest {
                rules,
                scores: None,
                seat: 0,
                turn: &turn,
            };
            let (advice, reason) = advise_with_reason(request).unwrap();
            match turn.phase() {
                TurnPhase::ToRoll => assert_eq!(reason, None),
                _ => {
                    let reason = reason.expect("a decision has a reason");
                    check_figures(turn, &advice, &reason, &mut exact);
                    kinds.insert(reason.kind());
                }
            }
        }
        // The turn-level templates all occur.
        for kind in [
            ReasonKind::Indifferent,
            ReasonKind::NothingHeld,
            ReasonKind::FreeRoll,
            ReasonKind::Risk,
            ReasonKind::OnlyChoice,
            ReasonKind::AsGood,
            ReasonKind::RaysForSafety,
            ReasonKind::PointsOverSafety,
            ReasonKind::MorePoints,
            ReasonKind::MoreDice,
            ReasonKind::Compare,
        ] {
            assert!(kinds.contains(&kind), "{bonus:?}: no {kind:?} in {kinds:?}");
        }
        if bonus == BonusRule::OneOfEach {
            assert!(kinds.contains(&ReasonKind::Bonus));
        }
    }
}

fn turn(rules: Rules, text: &str) -> Turn {
    text.parse::<Transcript>().unwrap().replay(rules).unwrap()
}

fn explained(rules: Rules, scores: &[Points], seat: usize, turn: &Turn) -> (Advice, Reason) {
    let (advice, reason) = advise_with_reason(AdviceRequest {
        rules,
        scores: Some(scores),
        seat,
        turn,
    })
    .unwrap();
    (advice, reason.expect("a decision has a reason"))
}

/// Tanks 2, death rays 4, humans 4 set aside: 4 points held, 3 dice left.
const HOLDING_FOUR: &str = "RRRRHHHHTCCKK/R TRRHHHHC/H";

#[test]
fn in_the_final_round_behind_the_leader_you_need_so_many_more_points() {
    let rules = Rules::official();
    let turn = turn(rules, HOLDING_FOUR);
    assert_eq!(turn.score(), 4);
    let (advice, reason) = explained(rules, &[30, 20], 1, &turn);
    assert_eq!(value_of(&advice, Action::Stop), 0.0, "stopping loses");
    assert_eq!(advice.best, Action::Roll);
    // 20 + 4 = 24: 7 more make 31, past the leader's 30.
    assert_eq!(reason, Reason::MustRoll { needed: 7 });
}

#[test]
fn stopping_past_the_target_and_ahead_banks_the_lead() {
    let rules = Rules::official();
    let turn = turn(rules, HOLDING_FOUR);
    let (advice, reason) = explained(rules, &[20, 22], 1, &turn);
    assert_eq!(advice.best, Action::Stop);
    assert_eq!(
        value_of(&advice, Action::Stop),
        1.0,
        "the last seat of the round wins"
    );
    assert_eq!(
        reason,
        Reason::BankTheLead {
            total: 26,
            lead: 6,
            opponents: 1
        }
    );
}

#[test]
fn alone_stopping_at_the_target_reaches_it() {
    let rules = Rules::official();
    let turn = turn(rules, HOLDING_FOUR);
    let (advice, reason) = explained(rules, &[21], 0, &turn);
    assert_eq!(advice.measure, AdviceMeasure::ExpectedTurns);
    assert_eq!(advice.best, Action::Stop);
    assert_eq!(reason, Reason::ReachTarget { total: 25 });
    // The solo table's own policy gives the figures of its other reasons.
    let (_, reason) = explained(rules, &[0], 0, &turn);
    let table = solo(rules);
    let mut exact = Exact {
        table: table.table(0),
        memo: HashMap::new(),
    };
    let (advice, _) = explained(rules, &[0], 0, &turn);
    check_figures(turn, &advice, &reason, &mut exact);
}

/// Stop-or-roll decisions over many duel positions: the game-level reasons say what the
/// position is, the turn-level ones have the exact figures of the duel table's own play.
#[test]
fn duel_reasons_name_the_position_and_have_the_duel_play_s_figures() {
    let rules = Rules::official();
    let solution = duel(rules).unwrap();
    let greedy = expected_score_table(rules);
    let turns = [
        HOLDING_FOUR,
        "RRRRHHHHTCCKK/H",
        "TTRRRRRHHCKKK/R TTHHHC/H",
        "TRRRRRRHHHCCK/R TRRHHC/H",
        "TTRRRRRHHCKKK/R TTHHHC/C",
        "RRRRRRHHCCKKT/K TRRRRHHCCC/C",
        // Points alone stop at 6 here, a player behind rolls on.
        "TTTRRRHHHHCCK/R HHHHCCK/H CCK/C",
        // Points alone roll on from 4 here, a player near the target stops.
        "RHHHHCCCCCKKK/H TTTRRRHHH/R",
    ];
    let mut races = HashSet::new();
    let mut kinds = HashSet::new();
    for text in turns {
        let turn = turn(rules, text);
        assert_eq!(turn.phase(), TurnPhase::Deciding, "{text}");
        for seat in 0..2 {
            for a in (0..35).step_by(3) {
                for b in (0..35).step_by(3) {
                    let scores = [a, b];
                    let Ok(position) = crate::duel_position(rules, &scores, seat) else {
                        continue;
                    };
                    let (advice, reason) = explained(rules, &scores, seat, &turn);
                    kinds.insert(reason.kind());
                    let total = scores[seat] + turn.score();
                    let leader = scores[1 - seat];
                    match reason {
                        Reason::MustRoll { needed } => {
                            assert!(leader >= rules.target());
                            assert_eq!(value_of(&advice, Action::Stop), 0.0);
                            assert_eq!(total + needed, leader + 1);
                        }
                        Reason::BankTheLead {
                            total: t,
                            lead,
                            opponents,
                        } => {
                            assert_eq!(advice.best, Action::Stop);
                            assert_eq!((t, lead, opponents), (total, total - leader, 1));
                            assert!(total >= rules.target() && lead > 0);
                        }
                        Reason::Race {
                            advice: advised,
                            total: t,
                            best_opponent,
                            opponents,
                            target,
                        } => {
                            let best = match advised {
                                Advised::Roll => Action::Roll,
                                Advised::Stop => Action::Stop,
                            };
                            assert_eq!(best, advice.best);
                            assert_ne!(greedy.best_action(&turn), Some(best), "{text} {scores:?}");
                            assert_eq!(
                                (t, best_opponent, opponents, target),
                                (total, Some(leader), 1, rules.target())
                            );
                            races.insert(advised);
                        }
                        Reason::ReachTarget { .. } => panic!("a duel is not played alone"),
                        Reason::Indifferent {
                            case: Indifference::GameDecided,
                        } => {
                            let stop = value_of(&advice, Action::Stop);
                            assert!(stop <= SAME || stop >= 1.0 - SAME, "{text} {scores:?}");
                        }
                        other => {
                            let mut exact = Exact {
                                table: solution.table(position),
                                memo: HashMap::new(),
                            };
                            check_figures(turn, &advice, &other, &mut exact);
                        }
                    }
                }
            }
        }
    }
    assert!(
        races.contains(&Advised::Roll) && races.contains(&Advised::Stop),
        "both kinds of race: {races:?}"
    );
    for kind in [
        ReasonKind::Indifferent,
        ReasonKind::MustRoll,
        ReasonKind::BankTheLead,
        ReasonKind::Race,
        ReasonKind::Risk,
    ] {
        assert!(kinds.contains(&kind), "no {kind:?} in {kinds:?}");
    }
}

#[test]
fn official_takes_have_the_exact_figures_of_the_table_s_play() {
    let rules = Rules::official();
    let table = expected_score_table(rules);
    let mut exact = Exact {
        table,
        memo: HashMap::new(),
    };
    let mut kinds = HashSet::new();
    // Rolls awaiting a choice, late enough in the turn for the brute force to be quick.
    for text in [
        "RRRRHHHHTCCKK/R TRRHHHHC/H TRK",
        "RRRRHHHHTCCKK/R TRRHHHHC/H RCK",
        "TTRRRRRHHCKKK/R TTHHHC/C HKR",
        "TTRRRRRHHCKKK/R TTHHHC/H C",
        "TTTRRRRRHHCKK/R TTHCK",
        "RRRRRRHHCCKKT/K TRRRRHHCCC/C RRHHTT",
        "RRRRRRHHCCKKT/K TRRRRHHCCC/H TTRRCCC",
        "TTTTRRHHHCCKK/R TTRRRHC",
    ] {
        let turn = turn(rules, text);
        assert!(matches!(turn.phase(), TurnPhase::Choosing { .. }), "{text}");
        let request = AdviceRequest {
            rules,
            scores: None,
            seat: 0,
            turn: &turn,
        };
        let (advice, reason) = advise_with_reason(request).unwrap();
        let reason = reason.unwrap();
        check_figures(turn, &advice, &reason, &mut exact);
        kinds.insert(reason.kind());
    }
    assert!(kinds.len() >= 3, "{kinds:?}");
}

#[test]
fn the_arguments_round_as_documented() {
    assert_eq!(percent(0.0), 0);
    assert_eq!(percent(0.001), 1, "a chance is never shown as none");
    assert_eq!(percent(0.234), 23);
    assert_eq!(percent(0.999), 99, "nor as certain");
    assert_eq!(percent(1.0), 100);
    assert_eq!(whole_points(2.5), 3);
    assert_eq!(whole_points(0.4), 0);
    let reason = Reason::Risk {
        advice: Advised::Stop,
        tanks_ahead: 0.3149,
        held: 6,
        gain: 2.51,
    };
    assert_eq!(reason.id(), "coach-why-risk");
    assert_eq!(
        reason.args(),
        vec![
            ("advice", ReasonArg::Word("stop")),
            ("risk", ReasonArg::Number(31)),
            ("held", ReasonArg::Number(6)),
            ("gain", ReasonArg::Number(3)),
        ]
    );
    let ids: HashSet<&str> = ReasonKind::ALL.iter().map(|k| k.id()).collect();
    assert_eq!(ids.len(), ReasonKind::ALL.len(), "one message per kind");
    assert!(ids.iter().all(|id| id.starts_with("coach-why-")));
}
