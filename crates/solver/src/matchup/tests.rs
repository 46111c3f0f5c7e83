//! Checks of exact match values against the duel solver and against an independent account of
//! the game's end: the engine's own scoreboard, swept until the chances settle.

use std::collections::HashMap;

use martian_engine::{Action, BonusRule, GameState, Scoreboard, Situation, TieRule, TurnPhase};

use super::*;
use crate::{ActionProbabilities, TurnView, duel};

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

#[test]
fn optimal_against_itself_wins_what_the_duel_solver_says() {
    let mut rules = variants(small(5, 9));
    rules.push(Rules::official());
    rules.push(Rules::official().with_end(EndRule::Immediate));
    for rules in rules {
        let value = duel_match(rules, [&TurnPlay::Optimal, &TurnPlay::Optimal]).unwrap();
        let [first, second] = duel(rules).unwrap().game_wins();
        for player in 0..2 {
            assert!(
                (value.seat_wins[player][0] - first).abs() < 1e-12,
                "{rules}: {value:?} vs {first}"
            );
            assert!(
                (value.seat_wins[player][1] - second).abs() < 1e-12,
                "{rules}: {value:?} vs {second}"
            );
        }
    }
}

/// Uniform takes; stops with probability 0.4, but always once banking reaches the target, and
/// in the last turn rolls on until ahead: a policy that reads the scores.
#[derive(Debug)]
struct Hasty {
    keyed: bool,
}

impl Hasty {
    /// The points that make banking reach the target, and the points that put the last turn
    /// ahead (0 outside it).
    fn thresholds(start: &TurnStart<'_>) -> (i32, i32) {
        let mine = i32::from(start.scores[start.seat]);
        let other = i32::from(start.scores[1 - start.seat]);
        let reach = i32::from(start.rules.target()) - mine;
        let ahead = if start.triggered_by.is_some() {
            other - mine + 1
        } else {
            0
        };
        (reach, ahead)
    }
}

impl DecisionPolicy for Hasty {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        let turn = situation.turn;
        if let TurnPhase::Choosing { .. } = turn.phase() {
            return ActionProbabilities::uniform(turn.legal_actions().iter());
        }
        let (reach, ahead) = Hasty::thresholds(&TurnStart::of(situation));
        let points = i32::from(turn.score());
        let stop = if points < ahead {
            0.0
        } else if points >= reach {
            1.0
        } else {
            0.4
        };
        [(Action::Stop, stop), (Action::Roll, 1.0 - stop)]
            .into_iter()
            .collect()
    }

    fn view(&self) -> TurnView {
        TurnView::Compact
    }

    fn turn_key(&self, start: &TurnStart<'_>) -> Option<Vec<i32>> {
        let (reach, ahead) = Hasty::thresholds(start);
        // Thresholds beyond the best turn all play alike.
        let cap = |x: i32| x.clamp(0, i32::from(start.rules.dice()) + 4);
        self.keyed.then(|| vec![cap(reach), cap(ahead)])
    }
}

/// Each seat's chance to win, by sweeping every scoreboard the game reaches (banking each
/// turn's score on the engine's [`Scoreboard`]) until no chance moves: the end of the game, the
/// final round, ties and the cycles of zero-score turns all as the engine has them.
fn swept(rules: Rules, turns: [&PlayerTurns; 2], shape: &Shape) -> [f64; 2] {
    // A last turn that scores nothing leaves the scores, the seat and the trigger as they were:
    // whether the game is still being played tells the two boards apart.
    type Key = (Vec<Points>, usize, Option<usize>, bool);
    let key = |board: &Scoreboard| {
        let playing = matches!(board.state(), GameState::Playing);
        (
            board.scores().to_vec(),
            board.seat(),
            board.triggered_by(),
            playing,
        )
    };
    let mut boards: Vec<Scoreboard> = vec![Scoreboard::new(rules, 2).unwrap()];
    let mut index: HashMap<Key, usize> = HashMap::from([(key(&boards[0]), 0)]);
    // Per board: its successors with their probabilities, or its final value.
    let mut moves: Vec<Vec<(f64, usize)>> = Vec::new();
    let mut finals: Vec<Option<[f64; 2]>> = Vec::new();
    let mut at = 0;
    while at < boards.len() {
        let board = boards[at].clone();
        let ending = match board.state() {
            GameState::Over(outcome) => {
                let share = 1.0 / outcome.winners.len() as f64;
                let mut value = [0.0; 2];
                for &w in &outcome.winners {
                    value[w] = share;
                }
                Some(value)
            }
            GameState::RollOff(_) => Some([0.5, 0.5]),
            GameState::Playing => None,
        };
        finals.push(ending);
        let mut out = Vec::new();
        if ending.is_none() {
            let scores = [board.scores()[0], board.scores()[1]];
            let seat = board.seat();
            let slot = if scores[0] >= rules.target() {
                shape.last_turn(usize::from(scores[0]), usize::from(scores[1]))
            } else {
                shape.open(seat, usize::from(scores[0]), usize::from(scores[1]))
            };
            for (s, &p) in turns[seat].scores(slot).iter().enumerate() {
                if p == 0.0 {
                    continue;
                }
                let mut next = board.clone();
                next.bank(s as Points).unwrap();
                let k = key(&next);
                let id = *index.entry(k).or_insert_with(|| {
                    boards.push(next);
                    boards.len() - 1
                });
                out.push((p, id));
            }
        }
        moves.push(out);
        at += 1;
    }
    let mut value = vec![[0.0f64; 2]; boards.len()];
    loop {
        let mut change = 0.0f64;
        for i in (0..boards.len()).rev() {
            let new = finals[i].unwrap_or_else(|| {
                moves[i].iter().fold([0.0, 0.0], |acc, &(p, j)| {
                    [acc[0] + p * value[j][0], acc[1] + p * value[j][1]]
                })
            });
            change = change.max(
                (new[0] - value[i][0])
                    .abs()
                    .max((new[1] - value[i][1]).abs()),
            );
            value[i] = new;
        }
        if change < 1e-16 {
            return value[0];
        }
    }
}

#[test]
fn fixed_play_matches_a_sweep_of_the_engines_scoreboards() {
    for rules in variants(small(4, 7)) {
        let shape = Shape::new(rules);
        let hasty = TurnPlay::Policy(Arc::new(Hasty { keyed: true }));
        let plays = [TurnPlay::Greedy, TurnPlay::Optimal, hasty];
        for (i, a) in plays.iter().enumerate() {
            for b in &plays[i..] {
                let value = duel_match(rules, [a, b]).unwrap();
                let turns = [
                    PlayerTurns::new(&shape, a, 0).unwrap(),
                    PlayerTurns::new(&shape, b, 1).unwrap(),
                ];
                let first = swept(rules, [&turns[0], &turns[1]], &shape);
                let second = swept(rules, [&turns[1], &turns[0]], &shape);
                let want = [[first[0], second[1]], [second[0], first[1]]];
                for player in 0..2 {
                    for seat in 0..2 {
                        let (got, want) = (value.seat_wins[player][seat], want[player][seat]);
                        assert!(
                            (got - want).abs() < 1e-12,
                            "{rules}: {a:?} vs {b:?}: player {player} seat {seat}: {got} vs {want}"
                        );
                    }
                }
                // A tie counts half for each, and these games always end.
                for seating in [(0, 1), (1, 0)] {
                    let sum = value.seat_wins[0][seating.0] + value.seat_wins[1][seating.1];
                    assert!((sum - 1.0).abs() < 1e-12, "{rules}: {sum}");
                }
            }
        }
    }
}

#[test]
fn positions_a_policy_plays_alike_are_valued_once_with_the_same_result() {
    let rules = small(6, 12);
    let keyed = TurnPlay::Policy(Arc::new(Hasty { keyed: true }));
    let apart = TurnPlay::Policy(Arc::new(Hasty { keyed: false }));
    let shape = Shape::new(rules);
    let turns = PlayerTurns::new(&shape, &keyed, 0).unwrap();
    // Two thresholds of at most a dozen values each, against hundreds of positions.
    let (valued, positions) = (turns.distributions.len(), shape.slots().len());
    assert!(valued < positions / 4, "{valued} of {positions}");
    let a = duel_match(rules, [&keyed, &TurnPlay::Greedy]).unwrap();
    let b = duel_match(rules, [&apart, &TurnPlay::Greedy]).unwrap();
    assert_eq!(a, b);
}

/// [`Hasty`] under a name in the disk cache.
#[derive(Debug)]
struct Stored(String);

impl DecisionPolicy for Stored {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        Hasty { keyed: true }.action_probabilities(situation)
    }

    fn view(&self) -> TurnView {
        TurnView::Compact
    }

    fn turn_key(&self, start: &TurnStart<'_>) -> Option<Vec<i32>> {
        Hasty { keyed: true }.turn_key(start)
    }

    fn cache_kind(&self) -> Option<String> {
        Some(self.0.clone())
    }
}

/// A policy with a cache name is valued once: its turns are stored, read back the next time
/// to the same chances bit for bit, and a damaged file is valued again to them.
#[test]
fn a_named_policy_stores_its_turns_and_reads_them_back() {
    let rules = small(6, 11);
    let kind = format!("test-stored-{}", std::process::id());
    let cache = TableCache::user().unwrap();
    let path = cache.path(&kind, rules);
    let _ = std::fs::remove_file(&path);
    let stored = TurnPlay::Policy(Arc::new(Stored(kind.clone())));
    let plain = TurnPlay::Policy(Arc::new(Hasty { keyed: true }));
    let want = duel_match(rules, [&plain, &TurnPlay::Optimal]).unwrap();
    assert_eq!(
        duel_match(rules, [&stored, &TurnPlay::Optimal]).unwrap(),
        want
    );
    let written = std::fs::read(&path).expect("the turns are stored");
    assert_eq!(
        duel_match(rules, [&stored, &TurnPlay::Optimal]).unwrap(),
        want
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        written,
        "read, not rewritten"
    );
    // Read back: a file whose rows are another policy's (all on one score, here 0) is what
    // the next valuation uses.
    let width = usize::from(rules.dice()) + usize::from(BONUS_POINTS) + 1;
    let slots = Shape::new(rules).slots().len();
    let mut other = vec![0.0; slots * width];
    for row in other.chunks_exact_mut(width) {
        row[1] = 1.0;
    }
    let mut payload = Vec::new();
    f64s_to_bytes(&other, &mut payload);
    cache.store(&kind, rules, &payload).unwrap();
    let read = duel_match(rules, [&stored, &TurnPlay::Optimal]).unwrap();
    assert_ne!(read, want, "the stored turns are the ones used");
    // A damaged file is never trusted: valued again, and stored again.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(
        duel_match(rules, [&stored, &TurnPlay::Optimal]).unwrap(),
        want
    );
    assert_eq!(std::fs::read(&path).unwrap(), written);
    std::fs::remove_file(&path).unwrap();
}
