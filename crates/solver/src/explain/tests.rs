//! The explainer against an independent evaluation: each option's turn played on through the
//! engine, roll by roll, following the table's own decisions, and the decomposition worked out
//! again from those endings. Over every decision of a turn for the expected score, and over
//! thousands of decisions of duel, three-player and solo games.

use std::collections::{HashMap, HashSet};

use martian_engine::{
    Awaiting, BONUS_POINTS, BonusRule, Game, Points, Rules, Transcript, seeded_rng,
};

use super::*;
use crate::advise::{advise, advise_with_reason};
use crate::turn::expected_score_table;
use crate::{duel, solo, trio};

/// The end of a turn, summed up: the probability of each final score, the expected earthlings,
/// bonus, tanks ahead and points the tanks take.
#[derive(Clone, Debug, Default)]
struct Summary {
    scores: Vec<f64>,
    earthlings: f64,
    bonus: f64,
    tanks_ahead: f64,
    lost: f64,
}

impl Summary {
    fn add(&mut self, p: f64, other: &Summary) {
        if self.scores.len() < other.scores.len() {
            self.scores.resize(other.scores.len(), 0.0);
        }
        for (acc, x) in self.scores.iter_mut().zip(&other.scores) {
            *acc += p * x;
        }
        self.earthlings += p * other.earthlings;
        self.bonus += p * other.bonus;
        self.tanks_ahead += p * other.tanks_ahead;
        self.lost += p * other.lost;
    }

    fn mean(&self) -> f64 {
        self.scores
            .iter()
            .enumerate()
            .map(|(s, p)| s as f64 * p)
            .sum()
    }
}

/// The turn played on under `table`'s decisions, by brute force over the engine's turns (the
/// states before a roll remembered).
struct Exact<'a> {
    table: &'a TurnTable,
    memo: HashMap<Dice, Summary>,
}

impl<'a> Exact<'a> {
    fn new(table: &'a TurnTable) -> Exact<'a> {
        Exact {
            table,
            memo: HashMap::new(),
        }
    }

    fn ending(&mut self, turn: Turn) -> Summary {
        match turn.phase() {
            TurnPhase::Over(_) => {
                let rules = turn.rules();
                let aside = turn.aside();
                let size = usize::from(self.table.space().max_score()) + 1;
                let mut scores = vec![0.0; size];
                scores[usize::from(turn.score())] = 1.0;
                let ahead = aside.count(Face::Tank) > aside.count(Face::DeathRay);
                let bonus = rules.earns_bonus(aside);
                let held = f64::from(aside.earthlings())
                    + if bonus { f64::from(BONUS_POINTS) } else { 0.0 };
                Summary {
                    scores,
                    earthlings: f64::from(aside.earthlings()),
                    bonus: if bonus { 1.0 } else { 0.0 },
                    tanks_ahead: if ahead { 1.0 } else { 0.0 },
                    lost: if ahead { held } else { 0.0 },
                }
            }
            TurnPhase::ToRoll => {
                if let Some(known) = self.memo.get(&turn.aside()) {
                    return known.clone();
                }
                let n = turn.dice_left();
                let total = 6f64.powi(i32::from(n));
                let mut sum = Summary::default();
                for (roll, weight) in Dice::outcomes(n) {
                    let mut next = turn;
                    next.apply_roll(roll).unwrap();
                    sum.add(weight as f64 / total, &self.ending(next));
                }
                self.memo.insert(turn.aside(), sum.clone());
                sum
            }
            _ => {
                let mut next = turn;
                next.play(self.table.best_action(&turn).unwrap()).unwrap();
                self.ending(next)
            }
        }
    }

    fn after(&mut self, turn: Turn, action: Action) -> Summary {
        let mut next = turn;
        next.play(action).unwrap();
        self.ending(next)
    }
}

/// The decomposition worked out again from two options' endings (`a` the best).
fn exact_parts(
    table: &TurnTable,
    measure: AdviceMeasure,
    turn: Turn,
    a: Action,
    b: Action,
    exact: &mut Exact<'_>,
) -> (Parts, f64) {
    let (ea, eb) = (exact.after(turn, a), exact.after(turn, b));
    let u = table.utilities();
    let value = |e: &Summary| -> f64 { e.scores.iter().zip(u).map(|(p, u)| p * u).sum() };
    let moment = |e: &Summary, f: &dyn Fn(usize) -> f64| -> f64 {
        e.scores.iter().enumerate().map(|(s, p)| p * f(s)).sum()
    };
    let rate = if measure == AdviceMeasure::ExpectedScore {
        1.0
    } else {
        let gain = |s: usize| s as f64 * (u[s] - u[0]);
        let square = |s: usize| (s * s) as f64;
        let weight = moment(&ea, &square) + moment(&eb, &square);
        if weight > 0.0 {
            (moment(&ea, &gain) + moment(&eb, &gain)) / weight
        } else {
            0.0
        }
    };
    let held = |action: Action| {
        let mut next = turn;
        next.play(action).unwrap();
        f64::from(next.aside().earthlings())
    };
    let three = f64::from(BONUS_POINTS);
    let parts = Parts {
        now: rate * (held(a) - held(b)),
        later: rate * ((ea.earthlings - held(a)) - (eb.earthlings - held(b))),
        risk: rate * (eb.lost - ea.lost),
        bonus: rate * three * (ea.bonus - eb.bonus),
        situation: value(&ea) - value(&eb) - rate * (ea.mean() - eb.mean()),
    };
    (parts, value(&ea) - value(&eb))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// What one check saw.
#[derive(Default)]
struct Seen {
    decisions: usize,
    kinds: HashSet<ReasonKind>,
    causes: HashSet<(DecisionKind, Cause)>,
}

/// Checks the reason of `turn`'s decision (advised `advice` under `table`) against the exact
/// endings: the parts are exact, add up to the difference, and the cause named is the largest.
fn check(
    turn: Turn,
    advice: &Advice,
    reason: &Reason,
    against: Option<Action>,
    table: &TurnTable,
    exact: &mut Exact<'_>,
    seen: &mut Seen,
) {
    seen.decisions += 1;
    seen.kinds.insert(reason.kind());
    let value = |action| value_of(advice, action);
    match reason {
        Reason::Indifferent { case } => {
            assert!(
                (value(Action::Stop) - value(Action::Roll)).abs() <= SAME,
                "{turn:?}"
            );
            let rolling = exact.after(turn, Action::Roll);
            assert_eq!(
                *case == Indifference::TurnLost,
                rolling.mean() == 0.0,
                "{turn:?}"
            );
        }
        Reason::OnlyChoice { face, count } => {
            let TurnPhase::Choosing { roll } = turn.phase() else {
                panic!("a take")
            };
            assert_eq!(turn.legal_actions().len(), 1);
            assert_eq!(
                (advice.best, *count),
                (Action::Take(*face), roll.count(*face))
            );
        }
        Reason::AsGood { face, other } => {
            assert_eq!(advice.best, Action::Take(*face));
            assert!((value(Action::Take(*face)) - value(Action::Take(*other))).abs() <= SAME);
        }
        Reason::Compared(c) => {
            assert_eq!(c.best.action, advice.best, "{turn:?}");
            match against.filter(|&a| a != advice.best) {
                // The option asked about.
                Some(asked) => assert_eq!(c.other.action, asked, "{turn:?}"),
                // The next best: no option but the best is better.
                None => {
                    for option in &advice.options {
                        if option.action != c.best.action {
                            assert!(
                                merit(advice.measure, option.value)
                                    <= merit(advice.measure, c.other.value) + SAME,
                                "{turn:?}: {} is not the next best",
                                c.other.action.code()
                            );
                        }
                    }
                }
            }
            let (parts, difference) = exact_parts(
                table,
                advice.measure,
                turn,
                c.best.action,
                c.other.action,
                exact,
            );
            for cause in Cause::ALL {
                assert!(
                    close(c.parts.get(cause), parts.get(cause)),
                    "{turn:?}: {cause:?} {} vs {}",
                    c.parts.get(cause),
                    parts.get(cause)
                );
            }
            // The parts add up to the difference, which is the advice's.
            assert!(close(parts.total(), difference), "{turn:?}");
            assert!(close(
                merit(advice.measure, c.best.value) - merit(advice.measure, c.other.value),
                difference
            ));
            // The cause named: the situation when it makes at least as much of the difference
            // as the points, else the largest of the points' parts.
            if c.cause == Cause::Situation {
                assert!(
                    parts.situation > 0.0 && parts.situation >= parts.points() - 1e-12,
                    "{turn:?}: the situation named, but the points decide: {parts:?}"
                );
            } else {
                assert!(
                    parts.situation <= 0.0 || parts.situation <= parts.points() + 1e-12,
                    "{turn:?}: {:?} named, but the situation decides: {parts:?}",
                    c.cause
                );
                let named = parts.get(c.cause);
                for cause in [Cause::Now, Cause::Later, Cause::Risk, Cause::Bonus] {
                    assert!(
                        parts.get(cause) <= named + 1e-12,
                        "{turn:?}: {:?} named, but {cause:?} is larger: {parts:?}",
                        c.cause
                    );
                }
            }
            // Every comparison the words make agrees with the figures they cite.
            for claim in c.claims() {
                assert!(claim.holds(), "{turn:?}: {claim:?} in {:?}", c.args());
            }
            // The figures quoted are those of the exact endings.
            for (option, action) in [(&c.best, c.best.action), (&c.other, c.other.action)] {
                let e = exact.after(turn, action);
                assert!(close(option.ending.tanks_ahead, e.tanks_ahead), "{turn:?}");
                assert!(close(option.ending.score, e.mean()), "{turn:?}");
                assert!(close(option.ending.bonus, e.bonus), "{turn:?}");
            }
            check_concrete_words(turn, c, exact);
            seen.causes.insert((c.decision, c.cause));
        }
    }
}

/// The concrete causes the words name (issue 22): a stop with no earthling kind left says the
/// dice can add nothing, and a race says which way the score pushes, checked against the exact
/// endings.
fn check_concrete_words(turn: Turn, c: &Comparison, exact: &mut Exact<'_>) {
    let args = Reason::Compared(Box::new(c.clone())).args();
    let arg = |name: &str| args.iter().find(|(n, _)| *n == name).map(|(_, a)| *a);
    if c.decision == DecisionKind::StopOrRoll && c.cause != Cause::Situation {
        let open = Face::EARTHLINGS
            .iter()
            .filter(|&&f| turn.aside().count(f) == 0)
            .count() as i64;
        assert_eq!(arg("kinds_left"), Some(ReasonArg::Number(open)), "{turn:?}");
        if open == 0 {
            // Rolling adds no earthling: the "0.0 points the dice would add" is the cause.
            let rolled = exact.after(turn, Action::Roll);
            assert!(
                close(rolled.earthlings, f64::from(turn.aside().earthlings())),
                "{turn:?}"
            );
        }
    }
    if let Stakes::Race {
        banked,
        held,
        target,
        leader,
        ..
    } = c.stakes
        && c.cause == Cause::Situation
    {
        let needed = i64::from(target.saturating_sub(banked + held));
        assert_eq!(arg("needed"), Some(ReasonArg::Number(needed)));
        assert_eq!(
            arg("margin"),
            Some(ReasonArg::Number(i64::from(banked.abs_diff(leader))))
        );
        let mut spread = |action| {
            let e = exact.after(turn, action);
            let mean = e.mean();
            e.scores
                .iter()
                .enumerate()
                .map(|(s, p)| p * (s as f64 - mean).powi(2))
                .sum::<f64>()
        };
        let (best, other) = (spread(c.best.action), spread(c.other.action));
        let lean = if best < other && !close(best, other) {
            "sure"
        } else if best > other && !close(best, other) {
            "bold"
        } else {
            c.lean()
        };
        assert_eq!(arg("lean"), Some(ReasonArg::Word(lean)), "{turn:?}");
    }
}

/// Every turn state reachable from a fresh turn, before a roll.
fn rolls_to_come(rules: Rules) -> Vec<Turn> {
    let mut seen = HashSet::new();
    let mut stack = vec![Turn::new(rules)];
    let mut out = Vec::new();
    while let Some(turn) = stack.pop() {
        if !seen.insert(turn.aside()) {
            continue;
        }
        out.push(turn);
        for (roll, _) in Dice::outcomes(turn.dice_left()) {
            let mut rolled = turn;
            rolled.apply_roll(roll).unwrap();
            if let TurnPhase::Choosing { .. } = rolled.phase() {
                for action in rolled.legal_actions().iter() {
                    let mut next = rolled;
                    next.play(action).unwrap();
                    if next.phase() == TurnPhase::Deciding {
                        let mut again = next;
                        again.play(Action::Roll).unwrap();
                        stack.push(again);
                    }
                }
            }
        }
    }
    out
}

/// Every decision of a turn under `rules`, explained for the expected score (through a ledger)
/// and checked.
fn every_decision_of_a_turn(rules: Rules) -> Seen {
    let table = expected_score_table(rules);
    let ledger = table.ledger();
    let mut exact = Exact::new(table);
    let mut seen = Seen::default();
    let mut deciding = HashSet::new();
    let mut explain = |turn: Turn, seen: &mut Seen| {
        let request = AdviceRequest {
            rules,
            scores: None,
            seat: 0,
            turn: &turn,
        };
        let advice = advise(request).unwrap();
        let reason = reason(&request, &advice, &ledger, None).expect("a decision has a reason");
        check(turn, &advice, &reason, None, table, &mut exact, seen);
    };
    for start in rolls_to_come(rules) {
        for (roll, _) in Dice::outcomes(start.dice_left()) {
            let mut rolled = start;
            rolled.apply_roll(roll).unwrap();
            if !matches!(rolled.phase(), TurnPhase::Choosing { .. }) {
                continue;
            }
            explain(rolled, &mut seen);
            for action in rolled.legal_actions().iter() {
                let mut next = rolled;
                next.play(action).unwrap();
                if next.phase() == TurnPhase::Deciding && deciding.insert(next.aside()) {
                    explain(next, &mut seen);
                }
            }
        }
    }
    seen
}

/// Every decision of a turn of the official game: about half a million, each explained and
/// checked against the engine.
#[test]
fn every_decision_of_an_official_turn_names_its_largest_part() {
    let seen = every_decision_of_a_turn(Rules::official());
    assert!(seen.decisions > 400_000, "{}", seen.decisions);
    for cause in [Cause::Now, Cause::Later, Cause::Risk, Cause::Bonus] {
        assert!(
            seen.causes.contains(&(DecisionKind::Take, cause)),
            "no take for {cause:?}: {:?}",
            seen.causes
        );
    }
    for cause in [Cause::Later, Cause::Risk, Cause::Bonus] {
        assert!(
            seen.causes.contains(&(DecisionKind::StopOrRoll, cause)),
            "no stop or roll for {cause:?}: {:?}",
            seen.causes
        );
    }
    assert!(
        !seen.kinds.contains(&ReasonKind::Situation),
        "no game, no situation"
    );
}

#[test]
fn every_decision_of_a_small_turn_under_either_bonus_reading() {
    for bonus in [BonusRule::OneOfEach, BonusRule::AnyEarthling] {
        let rules = Rules::official().with_dice(7).unwrap().with_bonus(bonus);
        let seen = every_decision_of_a_turn(rules);
        for kind in [
            ReasonKind::Indifferent,
            ReasonKind::OnlyChoice,
            ReasonKind::AsGood,
            ReasonKind::StopOrRoll,
            ReasonKind::Take,
        ] {
            assert!(seen.kinds.contains(&kind), "{bonus:?}: no {kind:?}");
        }
    }
}

/// The forward pass of one decision and the ledger of every state give the same endings.
#[test]
fn one_state_s_ending_is_its_ledger_entry() {
    let rules = Rules::official();
    let solution = duel(rules).unwrap();
    let table = solution.table(crate::duel_position(rules, &[11, 17], 1).unwrap());
    let ledger = table.ledger();
    for (i, start) in rolls_to_come(rules).into_iter().enumerate().step_by(97) {
        let aside = start.aside();
        let (a, b) = (table.ending_rolling(aside), ledger.rolling(aside));
        for (x, y) in [
            (a.earthlings, b.earthlings),
            (a.bonus, b.bonus),
            (a.tanks_ahead, b.tanks_ahead),
            (a.lost, b.lost),
            (a.score, b.score),
            (a.score_squared, b.score_squared),
            (a.score_gain, b.score_gain),
            (a.value, b.value),
        ] {
            assert!(close(x, y), "state {i} {aside:?}: {x} vs {y}");
        }
        assert!(close(a.value, table.value_to_roll(aside)));
        assert!(close(a.score, a.earthlings + a.bonus_points() - a.lost));
    }
}

/// Explains the decision `turn` awaits as `advise_with_reason` does and checks it.
fn check_advised(
    rules: Rules,
    scores: &[Points],
    seat: usize,
    turn: Turn,
    table: &TurnTable,
    exact: &mut Exact<'_>,
    seen: &mut Seen,
) -> Advice {
    let (advice, reason) = advise_with_reason(AdviceRequest {
        rules,
        scores: Some(scores),
        seat,
        turn: &turn,
    })
    .unwrap();
    let reason = reason.expect("a decision has a reason");
    check(turn, &advice, &reason, None, table, exact, seen);
    // Against every other option, as a review explains a mistake.
    for option in &advice.options {
        if option.action != advice.best {
            let (_, reason) = crate::advise::advise_against(
                AdviceRequest {
                    rules,
                    scores: Some(scores),
                    seat,
                    turn: &turn,
                },
                option.action,
            )
            .unwrap();
            let reason = reason.expect("a decision has a reason");
            check(
                turn,
                &advice,
                &reason,
                Some(option.action),
                table,
                exact,
                seen,
            );
        }
    }
    advice
}

/// Decisions of games of `players`: at the first decision of every turn, that decision and
/// those of a few random walks through the rest of the turn (random dice, random choices), all
/// under the turn's table, each checked against the exact endings.
fn game_decisions<'a>(
    rules: Rules,
    players: usize,
    games: u64,
    table_of: &dyn Fn(&[Points], usize) -> &'a TurnTable,
) -> Seen {
    use rand::RngExt;
    let mut seen = Seen::default();
    for seed in 0..games {
        let mut rng = seeded_rng(seed);
        let mut wander = seeded_rng(1000 + seed);
        let mut game = Game::new(rules, players).unwrap();
        let mut explored = 0;
        while game.awaiting() != Awaiting::Nothing {
            let Awaiting::Decision { seat } = game.awaiting() else {
                game.roll(&mut rng).unwrap();
                continue;
            };
            let scores = game.scores().to_vec();
            let turn = *game.turn();
            let table = table_of(&scores, seat);
            let mut exact = Exact::new(table);
            let advice = check_advised(rules, &scores, seat, turn, table, &mut exact, &mut seen);
            if game.history().len() + 1 > explored {
                explored = game.history().len() + 1;
                for _ in 0..6 {
                    let mut walk = turn;
                    while !walk.is_over() {
                        match walk.phase() {
                            TurnPhase::ToRoll => {
                                walk.roll(&mut wander).unwrap();
                            }
                            _ => {
                                check_advised(
                                    rules, &scores, seat, walk, table, &mut exact, &mut seen,
                                );
                                let actions: Vec<Action> = walk.legal_actions().iter().collect();
                                let pick = wander.random_range(0..actions.len());
                                walk.play(actions[pick]).unwrap();
                            }
                        }
                    }
                }
            }
            // Mostly the best, sometimes another option: games off the best path too.
            let actions: Vec<Action> = turn.legal_actions().iter().collect();
            let action = if wander.random_range(0..4) == 0 {
                actions[wander.random_range(0..actions.len())]
            } else {
                advice.best
            };
            game.play(action).unwrap();
        }
    }
    seen
}

/// Thousands of decisions of duels, explained for the chance to win: the parts are exact and
/// the cause named is the largest, the game's situation included.
#[test]
fn duel_decisions_name_their_largest_part() {
    let rules = Rules::official();
    let solution = duel(rules).unwrap();
    let table_of = |scores: &[Points], seat: usize| {
        solution.table(crate::duel_position(rules, scores, seat).unwrap())
    };
    let seen = game_decisions(rules, 2, 5, &table_of);
    assert!(seen.decisions > 2_000, "{}", seen.decisions);
    assert!(
        seen.kinds.contains(&ReasonKind::Situation),
        "{:?}",
        seen.kinds
    );
    assert!(seen.causes.len() >= 7, "{:?}", seen.causes);
}

#[test]
fn three_player_and_solo_decisions_name_their_largest_part() {
    let rules = Rules::official();
    let solution = trio(rules).unwrap();
    let table_of = |scores: &[Points], seat: usize| {
        solution.table(crate::trio_position(rules, scores, seat).unwrap())
    };
    let seen = game_decisions(rules, 3, 2, &table_of);
    assert!(seen.decisions > 300, "{}", seen.decisions);
    let alone = solo(rules);
    let table_of = |scores: &[Points], _: usize| alone.table(scores[0]);
    let seen = game_decisions(rules, 1, 4, &table_of);
    assert!(seen.decisions > 300, "{}", seen.decisions);
}

fn turn(rules: Rules, text: &str) -> Turn {
    text.parse::<Transcript>().unwrap().replay(rules).unwrap()
}

fn explained(rules: Rules, scores: Option<&[Points]>, seat: usize, text: &str) -> (Advice, Reason) {
    let turn = turn(rules, text);
    let (advice, reason) = advise_with_reason(AdviceRequest {
        rules,
        scores,
        seat,
        turn: &turn,
    })
    .unwrap();
    (advice, reason.expect("a decision has a reason"))
}

fn arg(reason: &Reason, name: &str) -> ReasonArg {
    reason
        .args()
        .into_iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no {name} in {reason:?}"))
        .1
}

/// The first case: one cow over six death rays is right for the six dice it keeps, not
/// for the point it scores.
#[test]
fn one_cow_over_six_death_rays_is_for_the_dice_it_keeps() {
    let rules = Rules::official();
    let (advice, reason) = explained(rules, None, 0, "TTRRRRHHHCCKK/R RRRRRRC");
    assert_eq!(advice.best, Action::Take(Face::Cow));
    assert_eq!(reason.cause(), Some(Cause::Later));
    assert_eq!(reason.id(), "coach-why-take");
    let c = reason.comparison().unwrap();
    assert_eq!((c.best.dice_left, c.other.dice_left), (6, 1));
    assert_eq!(arg(&reason, "average").plain(), "4.3");
    assert_eq!(arg(&reason, "other_average").plain(), "0.5");
}

/// The second case: 1.33 and 0.50 points are never both "about 1 point".
#[test]
fn figures_that_differ_are_never_written_alike() {
    let rules = Rules::official();
    for scores in [None, Some(&[14, 2][..])] {
        let (advice, reason) = explained(rules, scores, 0, "TTTTTRRRRRRHC/R RH");
        assert_eq!(advice.best, Action::Take(Face::Human));
        let args = reason.args();
        let figures: Vec<String> = args
            .iter()
            .filter(|(_, a)| matches!(a, ReasonArg::Decimal { .. }))
            .map(|(_, a)| a.plain())
            .collect();
        assert!(!figures.is_empty(), "{args:?}");
        for pair in [("average", "other_average"), ("value", "other_value")] {
            let found = (
                args.iter().find(|a| a.0 == pair.0),
                args.iter().find(|a| a.0 == pair.1),
            );
            if let (Some((_, a)), Some((_, b))) = found {
                assert_ne!(a.plain(), b.plain(), "{pair:?} in {args:?}");
            }
        }
    }
}

/// Final round, behind the leader: the situation, with the points still needed.
#[test]
fn in_the_final_round_the_situation_says_what_is_needed() {
    let rules = Rules::official();
    // Tanks 2, death rays 4, humans 4 set aside: 4 points held, 3 dice left.
    let text = "RRRRHHHHTCCKK/R TRRHHHHC/H";
    let (advice, reason) = explained(rules, Some(&[30, 20]), 1, text);
    assert_eq!(value_of(&advice, Action::Stop), 0.0, "stopping loses");
    assert_eq!(advice.best, Action::Roll);
    assert_eq!(reason.cause(), Some(Cause::Situation));
    let c = reason.comparison().unwrap();
    assert_eq!(
        c.stakes,
        Stakes::FinalTurn {
            banked: 20,
            held: 4,
            leader: 30,
            needed: 11,
            after: 0
        }
    );
    assert_eq!(arg(&reason, "case"), ReasonArg::Word("final-turn"));
}

/// Reaching the target first while an opponent still has a last turn: the words give the chance
/// as it is, never "you are ahead: bank it".
#[test]
fn reaching_the_target_with_an_opponent_to_play_names_their_last_turn() {
    let rules = Rules::official();
    let text = "RRRRHHHHTCCKK/R TRRHHHHC/H";
    let (advice, reason) = explained(rules, Some(&[21, 24]), 0, text);
    let c = reason.comparison().unwrap();
    if c.cause == Cause::Situation {
        assert_eq!(
            c.stakes,
            Stakes::ReachTarget {
                total: 25,
                target: 25,
                leader: 24,
                after: 1
            }
        );
    }
    let stop = value_of(&advice, Action::Stop);
    assert!(stop < 1.0, "the opponent still plays");
}

/// Issue 22: with every earthling kind taken, the dice left can add nothing, and the reason
/// says so instead of quoting "the 0.0 points the 2 dice left would add".
#[test]
fn with_every_earthling_kind_taken_stopping_names_why() {
    let rules = Rules::official();
    // Tank 1, death ray 1, humans 4, chickens 4, cow 1: 12 points held, 2 dice left.
    let text = "TRHHHHCCCCKKK/R HHHHCCCKKKK/H CCCKKKK/K CRR/C";
    let (advice, reason) = explained(rules, None, 0, text);
    assert_eq!(advice.best, Action::Stop);
    assert_eq!(reason.id(), "coach-why-stop-or-roll");
    assert_eq!(arg(&reason, "kinds_left"), ReasonArg::Number(0));
    assert_eq!(arg(&reason, "dice"), ReasonArg::Number(2));
    assert_eq!(arg(&reason, "held"), ReasonArg::Number(12));
    let c = reason.comparison().unwrap();
    assert_eq!(c.other.later(), 0.0, "the dice left add no earthling");
    assert!(c.parts.risk > 0.0);
}

/// Issue 22: the race names how far the target is, who leads and which way the score pushes,
/// never only "the score changes what the points are worth". Found over duel positions: some
/// for the sure option, some for the bold one, each checked against the exact spread of the
/// options' scores by `check_concrete_words`.
#[test]
fn a_race_names_the_target_the_lead_and_the_lean() {
    let rules = Rules::official();
    let solution = duel(rules).unwrap();
    let mut leans = HashSet::new();
    let text = "RRRRHHHHTCCKK/R TRRHHHHC/H";
    for banked in (0..25).step_by(3) {
        for leader in (0..25).step_by(4) {
            let scores = [banked, leader];
            let (_, reason) = explained(rules, Some(&scores), 0, text);
            let c = reason.comparison().unwrap();
            if c.cause != Cause::Situation || arg(&reason, "case") != ReasonArg::Word("race") {
                continue;
            }
            let held = turn(rules, text).score();
            assert_eq!(
                arg(&reason, "needed"),
                ReasonArg::Number(i64::from(25u16.saturating_sub(banked + held)))
            );
            let table = solution.table(crate::duel_position(rules, &scores, 0).unwrap());
            check_concrete_words(turn(rules, text), c, &mut Exact::new(table));
            let ReasonArg::Word(lean) = arg(&reason, "lean") else {
                panic!("lean is a word")
            };
            leans.insert(lean);
        }
    }
    assert!(!leans.is_empty(), "no race named the situation");
}

#[test]
fn reasons_name_the_kinds_and_the_messages() {
    let ids: HashSet<&str> = ReasonKind::ALL.iter().map(|k| k.id()).collect();
    assert_eq!(ids.len(), ReasonKind::ALL.len(), "one message per kind");
    assert!(ids.iter().all(|id| id.starts_with("coach-why-")));
    assert_eq!(
        ReasonArg::Decimal {
            value: -0.001,
            places: 1
        }
        .plain(),
        "0.0"
    );
    assert_eq!(
        ReasonArg::Decimal {
            value: 4.2848,
            places: 2
        }
        .plain(),
        "4.28"
    );
}

/// Issue 40: where the game's situation decides (reaching the target, an opponent's last turn,
/// a race the points alone would play the other way), the reason names it with the chances,
/// never a comparison of points that points the other way ("1.4 points, more than the 1.8").
#[test]
fn the_situation_that_decides_is_named_with_the_chances() {
    let rules = Rules::official();
    for (text, scores, seat, best, case) in [
        (
            "RRRRHHHHCCKKK/H TRRHCKKKK/R TRRCKK/K",
            &[20, 20][..],
            0,
            Action::Stop,
            "reach-target",
        ),
        (
            "TTRRRRHCCCKKK/C TRRRCCCK/R",
            &[15, 21],
            1,
            Action::Stop,
            "race",
        ),
        (
            "TRRRRHHHHCCKK",
            &[20, 20],
            0,
            Action::Take(Face::Human),
            "race",
        ),
        (
            "TTRRRRHCCCKKK/R TRCCCKK/C TKH/K",
            &[13, 24, 20],
            1,
            Action::Stop,
            "reach-target",
        ),
    ] {
        let (advice, reason) = explained(rules, Some(scores), seat, text);
        assert_eq!(advice.best, best, "{text}");
        assert_eq!(reason.kind(), ReasonKind::Situation, "{text}: {reason:?}");
        assert_eq!(arg(&reason, "case"), ReasonArg::Word(case), "{text}");
        let c = reason.comparison().unwrap();
        assert!(
            c.parts.situation >= c.parts.points(),
            "{text}: {:?}",
            c.parts
        );
        for claim in c.claims() {
            assert!(claim.holds(), "{text}: {claim:?}");
        }
        // The chances quoted are the advice's.
        let value = |action| 100.0 * value_of(&advice, action);
        let shown = |name| arg(&reason, name).plain().parse::<f64>().unwrap();
        assert!(
            (shown("value") - value(c.best.action)).abs() < 0.1,
            "{text}"
        );
        assert!(
            (shown("other_value") - value(c.other.action)).abs() < 0.1,
            "{text}"
        );
    }
}

/// Issue 40: five chickens while a tank leads are no points yet; the reason says what the take
/// keeps for the later rolls, never "scores 5 more points now".
#[test]
fn while_the_tanks_lead_a_take_scores_nothing_now() {
    let rules = Rules::official();
    let (advice, reason) = explained(rules, None, 0, "TRRRRRHHKKKKK");
    assert_eq!(advice.best, Action::Take(Face::Chicken));
    assert_eq!(reason.cause(), Some(Cause::Now));
    assert_eq!(arg(&reason, "tanks"), ReasonArg::Word("lead"));
    let c = reason.comparison().unwrap();
    assert_eq!((c.best.held, c.best.held_score), (5, 0));
    assert!(c.claims().iter().all(Claim::holds));
}
