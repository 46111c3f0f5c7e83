//! Exact match values: the chance that one player beats another in a duel, from each seat, when
//! each plays its turns by a fixed rule — perfect play, the expected-score play, or any
//! [`DecisionPolicy`] (a bot, a difficulty level, a strategy card).
//!
//! This is the duel solver's recursion with both sides' decisions fixed. A turn played by a
//! fixed rule from a fixed position has a fixed distribution of final scores; the game is then a
//! Markov chain over positions (the banked scores and the seat to play, and the second seat's
//! last turn once the first has reached the target). Every turn that scores raises a score, so
//! the positions are solved from the highest scores down; a turn that scores 0 hands the move to
//! the other seat at the same scores, and the two seats' positions at one pair of scores are
//! solved together, exactly, as two linear equations. A tie for the most points counts half a
//! win for each (the roll-off is won half of the time; a shared victory counts as half a win),
//! as in the duel solver and the arena.

use std::collections::HashMap;
use std::sync::Arc;

use martian_engine::{BONUS_POINTS, EndRule, Points, Rules, Turn, TurnStart};
use rayon::prelude::*;

use crate::cache::{TableCache, f64s_from_bytes, f64s_to_bytes};
use crate::duel::{TIE_VALUE, duel_position};
use crate::policy::{DecisionPolicy, PolicyError, PolicyTurns, duel_start};
use crate::turn::expected_score_table;
use optimal::optimal_turns;

/// How a player plays its turns, for exact valuation.
#[derive(Clone, Debug)]
pub enum TurnPlay {
    /// Perfect play for two (`optimal`): in each position, the turn of greatest chance to win.
    Optimal,
    /// The turn of greatest expected score, whatever the scores (`greedy`).
    Greedy,
    /// Decision by decision, as a policy fixed in advance says.
    Policy(Arc<dyn DecisionPolicy>),
}

/// The exact chances of a duel between two players.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchValue {
    pub rules: Rules,
    /// `seat_wins[player][seat]`: the chance that `player` (0: the first of the pair) wins
    /// the game when it sits at `seat` (seat 0 opens every round). The two players' chances
    /// from one seating sum to 1, unless neither can ever score.
    pub seat_wins: [[f64; 2]; 2],
}

impl MatchValue {
    /// The chance that `player` wins, over both seats equally (as the arena rotates them).
    pub fn win(&self, player: usize) -> f64 {
        0.5 * (self.seat_wins[player][0] + self.seat_wins[player][1])
    }
}

/// Why a duel could not be valued.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MatchError {
    /// A player whose policy failed while being valued.
    #[error("player {player}, seat {seat}, scores {scores:?}: {source}")]
    Policy {
        /// 0: the first of the pair.
        player: usize,
        seat: usize,
        scores: [Points; 2],
        #[source]
        source: PolicyError,
    },
    /// Perfect play is one of the pair, and the rules are beyond the duel solver's limits.
    #[error(transparent)]
    Limit(#[from] martian_engine::SolveLimit),
}

/// The exact chances of a duel between `players` under `rules`. Perfect play's turns come from
/// the duel solution ([`crate::duel`]); their distributions are kept in the same disk cache.
pub fn duel_match(rules: Rules, players: [&TurnPlay; 2]) -> Result<MatchValue, MatchError> {
    let shape = Shape::new(rules);
    let first = PlayerTurns::new(&shape, players[0], 0)?;
    let second = PlayerTurns::new(&shape, players[1], 1)?;
    let first_seated = shape.game(&first, &second);
    let second_seated = shape.game(&second, &first);
    Ok(MatchValue {
        rules,
        seat_wins: [
            [first_seated[0], second_seated[1]],
            [second_seated[0], first_seated[1]],
        ],
    })
}

/// The positions of a duel and where each is stored.
#[derive(Clone, Copy, Debug)]
struct Shape {
    rules: Rules,
    target: usize,
    max_score: usize,
}

/// A position of a duel at the start of a turn.
#[derive(Clone, Copy, Debug)]
struct Slot {
    scores: [Points; 2],
    seat: usize,
}

impl Shape {
    fn new(rules: Rules) -> Shape {
        Shape {
            rules,
            target: usize::from(rules.target()),
            max_score: usize::from(rules.dice()) + usize::from(martian_engine::BONUS_POINTS),
        }
    }

    /// Open positions: both seats, both scores below the target; then the second seat's last
    /// turn, the first seat at `target..target + max_score`.
    fn slots(&self) -> Vec<Slot> {
        let t = self.target as Points;
        let mut slots = Vec::new();
        for seat in 0..2 {
            for a in 0..t {
                for b in 0..t {
                    slots.push(Slot {
                        scores: [a, b],
                        seat,
                    });
                }
            }
        }
        if self.rules.end() == EndRule::CompleteRound {
            for a in t..t + self.max_score as Points {
                for b in 0..t {
                    slots.push(Slot {
                        scores: [a, b],
                        seat: 1,
                    });
                }
            }
        }
        slots
    }

    #[inline]
    fn open(&self, seat: usize, a: usize, b: usize) -> usize {
        (seat * self.target + a) * self.target + b
    }

    #[inline]
    fn last_turn(&self, a: usize, b: usize) -> usize {
        2 * self.target * self.target + (a - self.target) * self.target + b
    }

    /// Each seat's chance to win a game from its start, `seated[seat]` playing at `seat`.
    fn game(&self, first: &PlayerTurns, second: &PlayerTurns) -> [f64; 2] {
        let t = self.target;
        let complete = self.rules.end() == EndRule::CompleteRound;
        // Each seat's chance to win from each open position, per seat to play.
        let mut win0 = vec![[0.0f64; 2]; t * t];
        let mut win1 = vec![[0.0f64; 2]; t * t];
        for a in (0..t).rev() {
            for b in (0..t).rev() {
                let d0 = first.scores(self.open(0, a, b));
                let mut c0 = [0.0; 2];
                for (s, &p) in d0.iter().enumerate().skip(1) {
                    let next = if a + s < t {
                        win1[(a + s) * t + b]
                    } else if complete {
                        self.last_turn_value(second, a + s, b)
                    } else {
                        [1.0, 0.0]
                    };
                    c0[0] += p * next[0];
                    c0[1] += p * next[1];
                }
                let d1 = second.scores(self.open(1, a, b));
                let mut c1 = [0.0; 2];
                for (s, &p) in d1.iter().enumerate().skip(1) {
                    // The second seat reaching the target ends the round, and the game, ahead.
                    let next = if b + s < t {
                        win0[a * t + b + s]
                    } else {
                        [0.0, 1.0]
                    };
                    c1[0] += p * next[0];
                    c1[1] += p * next[1];
                }
                // w0 = c0 + z0·w1 and w1 = c1 + z1·w0: a zero-score turn passes the move on.
                let (z0, z1) = (d0[0], d1[0]);
                let det = 1.0 - z0 * z1;
                let w0 = if det > 0.0 {
                    [(c0[0] + z0 * c1[0]) / det, (c0[1] + z0 * c1[1]) / det]
                } else {
                    // Neither seat could ever score from here, and the game would never end.
                    // The dice rule it out (a first roll of only earthlings of one kind
                    // always scores), but a chance is never divided by zero.
                    [0.0, 0.0]
                };
                win0[a * t + b] = w0;
                win1[a * t + b] = [c1[0] + z1 * w0[0], c1[1] + z1 * w0[1]];
            }
        }
        win0[0]
    }

    /// Each seat's chance to win once the first seat has banked `a` (at least the target) and
    /// the second, at `b`, plays its last turn.
    fn last_turn_value(&self, second: &PlayerTurns, a: usize, b: usize) -> [f64; 2] {
        let d = second.scores(self.last_turn(a, b));
        let mut value = [0.0; 2];
        for (s, &p) in d.iter().enumerate() {
            let (first, second) = match (b + s).cmp(&a) {
                std::cmp::Ordering::Less => (1.0, 0.0),
                std::cmp::Ordering::Equal => (TIE_VALUE, TIE_VALUE),
                std::cmp::Ordering::Greater => (0.0, 1.0),
            };
            value[0] += p * first;
            value[1] += p * second;
        }
        value
    }
}

/// The rows of `slots` distributions of `width` scores stored under `kind`, if a valid file
/// holds them (probabilities, each row summing to 1).
fn load_rows(
    cache: &TableCache,
    kind: &str,
    rules: Rules,
    slots: usize,
    width: usize,
) -> Option<Vec<Vec<f64>>> {
    let payload = cache.load(kind, rules).0?;
    let mut bytes = &payload[..];
    let values = f64s_from_bytes(&mut bytes, slots * width)?;
    let rows: Vec<Vec<f64>> = values.chunks_exact(width).map(<[f64]>::to_vec).collect();
    let sane = rows.iter().all(|row| {
        row.iter().all(|p| (0.0..=1.0).contains(p)) && (row.iter().sum::<f64>() - 1.0).abs() < 1e-9
    });
    (bytes.is_empty() && sane).then_some(rows)
}

/// A player's turn-score distribution at every position of the duel.
struct PlayerTurns {
    /// Per slot, an index into `distributions`.
    slot: Vec<u32>,
    distributions: Vec<Vec<f64>>,
}

impl PlayerTurns {
    fn new(shape: &Shape, play: &TurnPlay, player: usize) -> Result<PlayerTurns, MatchError> {
        let rules = shape.rules;
        let slots = shape.slots();
        match play {
            TurnPlay::Greedy => {
                let table = expected_score_table(rules);
                Ok(PlayerTurns {
                    slot: vec![0; slots.len()],
                    distributions: vec![table.score_distribution(&Turn::new(rules))],
                })
            }
            TurnPlay::Optimal => {
                let turns = optimal_turns(rules)?;
                let distributions = slots
                    .iter()
                    .map(|slot| {
                        let position = duel_position(rules, &slot.scores, slot.seat)
                            .expect("every slot is a position of the duel");
                        turns.scores(position).to_vec()
                    })
                    .collect();
                Ok(PlayerTurns {
                    slot: (0..slots.len() as u32).collect(),
                    distributions,
                })
            }
            TurnPlay::Policy(policy) => {
                let kind = policy.cache_kind();
                let cache = kind.as_ref().and_then(|_| TableCache::user().ok());
                let width = usize::from(rules.dice()) + usize::from(BONUS_POINTS) + 1;
                if let (Some(kind), Some(cache)) = (&kind, &cache)
                    && let Some(stored) = load_rows(cache, kind, rules, slots.len(), width)
                {
                    return Ok(PlayerTurns {
                        slot: (0..slots.len() as u32).collect(),
                        distributions: stored,
                    });
                }
                let computed = PlayerTurns::of_policy(rules, &slots, policy.as_ref(), player)?;
                if let (Some(kind), Some(cache)) = (&kind, &cache) {
                    let mut payload = Vec::with_capacity(slots.len() * width * 8);
                    for i in 0..slots.len() {
                        f64s_to_bytes(computed.scores(i), &mut payload);
                    }
                    // A cache that cannot be written only costs the next process the turns.
                    let _ = cache.store(kind, rules, &payload);
                }
                Ok(computed)
            }
        }
    }

    /// A policy's turns at every slot, positions it plays alike valued once.
    fn of_policy(
        rules: Rules,
        slots: &[Slot],
        policy: &dyn DecisionPolicy,
        player: usize,
    ) -> Result<PlayerTurns, MatchError> {
        let turns = PolicyTurns::shared(rules, policy.view());
        let mut ids: HashMap<Vec<i32>, u32> = HashMap::new();
        let mut representatives: Vec<usize> = Vec::new();
        let slot = slots
            .iter()
            .enumerate()
            .map(|(i, slot)| {
                let start = duel_start(rules, &slot.scores, slot.seat);
                let fresh = |representatives: &mut Vec<usize>| {
                    representatives.push(i);
                    representatives.len() as u32 - 1
                };
                match policy.turn_key(&start) {
                    Some(key) => *ids
                        .entry(key)
                        .or_insert_with(|| fresh(&mut representatives)),
                    None => fresh(&mut representatives),
                }
            })
            .collect();
        let distributions = representatives
            .par_iter()
            .map(|&i| {
                let Slot { scores, seat } = slots[i];
                let start: TurnStart<'_> = duel_start(rules, &scores, seat);
                turns
                    .score_distribution(policy, &start)
                    .map_err(|source| MatchError::Policy {
                        player,
                        seat,
                        scores,
                        source,
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(PlayerTurns {
            slot,
            distributions,
        })
    }

    #[inline]
    fn scores(&self, slot: usize) -> &[f64] {
        &self.distributions[self.slot[slot] as usize]
    }
}

mod optimal;
#[cfg(test)]
mod tests;
