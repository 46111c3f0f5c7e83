//! Four players under optimal play: the exact equilibrium in which each player maximises its own
//! probability of winning.
//!
//! **Positions.** The four banked scores and the seat to play ([`QuadPosition::Open`] while every
//! score is below the target). Under the complete-round rule, once a seat reaches the target the
//! seats after it play their last turn knowing the scores ([`QuadPosition::Final`]); such a
//! position depends only on how far the mover is behind the best finished score (`need`), how
//! many finished seats share that best score (`k`, the leaders), and how far behind it the seats
//! still to play are. Those final-round values are solved first, from seat 3's last turn back to
//! seat 1's (each gap clamped to one more than the best turn: beyond it nobody can catch up).
//!
//! **Ties.** As in the three-player solver: a roll-off among `k` tied leaders gives each `1/k`,
//! and under the shared-victory variant a victory shared by `k` counts `1/k` of a win, so the
//! seats' values sum to 1.
//!
//! **Open positions.** The mover plays the turn that maximises its probability of winning after
//! banking each possible score. A turn scoring 0 passes the move at the same scores, so the four
//! positions of one score tuple lead to each other (seat 0 → 1 → 2 → 3 → 0); every other move
//! raises a score. Tuples are solved from the highest total down (all tuples of one total in
//! parallel, four at a time in the lanes of one walk of the turn passes, a tuple that does not
//! settle that way solved alone); within a tuple by policy iteration on the 4-cycle: play the
//! four turns for the current guess of seat 0's position value, solve the cycle's linear
//! equations exactly for the policies found, repeat until the guess moves by at most
//! [`QUAD_TOLERANCE`].
//!
//! **Tuples without a pure equilibrium.** Each turn, once its policy is fixed, is a linear map of
//! the next position's values: `V_i = C_i + z_i · V_{i+1}` (`z_i` the chance to score 0). Under
//! the official rules some tuples have no pure stationary equilibrium: two players' best replies
//! chase each other through the zero-score turns as in matching pennies (seat `i`'s best turn
//! makes seat `j` prefer a riskier turn, which makes seat `i` prefer the other of its two turns,
//! and so on), so policy iteration revisits a policy profile and never settles. The solve detects
//! that revisit (the linear maps of the four turns equal those of an earlier pass) and solves the
//! tuple as a mixed equilibrium: each seat whose turn changes along the cycle plays its turn `A`
//! with probability `p` and its turn `B` otherwise. A turn's outcome is linear in that choice, so
//! the mixture's map is `p·(C_A, z_A) + (1 − p)·(C_B, z_B)`. Seat `i` is willing to mix only when
//! both turns are worth the same to it, that is when the value to it of the next position,
//! `x_i = V_{i+1}[i]`, is the break-even point `x_i* = (C_A[i] − C_B[i]) / (z_B − z_A)`. Solving
//! the cycle, `V_{i+1}[i] · D` (with `D = 1 − z_0 z_1 z_2 z_3`) and `D` are multilinear in the
//! mixing probabilities, so each condition `(V_{i+1}[i] − x_i*) · D = 0` is bilinear in `(p, q)`
//! for two mixing seats (linear for one): eliminating `p` leaves a quadratic in `q`. The root in
//! the unit square is checked like any other result: every seat's best reply at the mixed values
//! is computed once more, and [`QuadStats::worst_residual`] holds the most any seat could gain by
//! deviating. [`QuadStats::mixed_tuples`] counts the tuples solved this way.

mod mixed;

use std::sync::Arc;

use martian_engine::{Action, EndRule, Points, Rules, Situation, SolveLimit, SolvedGame};
use rayon::prelude::*;

use crate::cache::{CacheLookup, SolutionMemo, TableCache, f64s_from_bytes, f64s_to_bytes};
use crate::duel::{Progress, Provenance};
use crate::error::PositionError;
use crate::eval::{EvalSpace, LaneScratch, Scratch};
use crate::lazy::LazyTables;
use crate::turn::{ActionValues, TurnSpace, TurnTable};
use mixed::{Profile, SolvedTuple, Stays};

/// The policy iteration of a score tuple stops when seat 0's position value moves by at most
/// this; a mixed tuple is accepted when no seat gains more than this by deviating.
pub const QUAD_TOLERANCE: f64 = 1e-12;

/// Why a four-player solution cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuadError {
    /// The rules are beyond what the four-player solve takes.
    #[error("{0}")]
    TargetTooHigh(SolveLimit),
}

/// Where a four-player game stands between two turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuadPosition {
    /// `seat` is to play; every banked score is below the target.
    Open { seat: usize, scores: [Points; 4] },
    /// Complete-round rule: a seat before `seat` reached the target this round; `seat` plays its
    /// last turn (then the seats after it), knowing the banked `scores`.
    Final { seat: usize, scores: [Points; 4] },
}

/// How the solve went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuadStats {
    /// Turn passes made for the open positions (four per pass of a tuple).
    pub passes: u64,
    /// The largest last move of a tuple's guess, or for a mixed tuple the most a seat gains by
    /// deviating (at most [`QUAD_TOLERANCE`] when every tuple settled).
    pub worst_residual: f64,
    /// Tuples without a pure equilibrium, solved as mixed equilibria.
    pub mixed_tuples: u64,
}

/// A tuple solved as a mixed equilibrium: the seats that randomise and the probability with
/// which each plays the first of its two turns (the one found first by the policy iteration).
#[derive(Clone, Debug, PartialEq)]
pub struct MixedTuple {
    pub scores: [Points; 4],
    pub mixing: Vec<(usize, f64)>,
}

/// The rules-derived sizes and index arithmetic shared by the solve and the solution.
#[derive(Clone, Copy, Debug)]
struct Shape {
    rules: Rules,
    target: usize,
    max_score: usize,
}

/// A final-round position reduced to what matters: the mover (1 to 3), how far it is behind the
/// best finished score, how many finished seats hold that score, and how far behind it the seats
/// after the mover are.
#[derive(Clone, Copy, Debug, PartialEq)]
struct FinalKey {
    mover: usize,
    need: usize,
    leaders: usize,
    later: [usize; 2],
}

impl Shape {
    fn new(rules: Rules) -> Shape {
        Shape {
            rules,
            target: usize::from(rules.target()),
            max_score: usize::from(rules.dice()) + usize::from(martian_engine::BONUS_POINTS),
        }
    }

    fn tuples(&self) -> usize {
        self.target.pow(4)
    }

    fn tuple_index(&self, [a, b, c, d]: [usize; 4]) -> usize {
        let t = self.target;
        ((a * t + b) * t + c) * t + d
    }

    fn open_index(&self, seat: usize, scores: [usize; 4]) -> usize {
        self.tuple_index(scores) * 4 + seat
    }

    /// Gaps beyond the best possible turn are alike: clamped here.
    fn gaps(&self) -> usize {
        self.max_score + 2
    }

    fn clamp(&self, gap: usize) -> usize {
        gap.min(self.max_score + 1)
    }

    /// Final-round states: seat 3's `(need, k ≤ 3)`, seat 2's `(need, k ≤ 2, gap 3)`, seat 1's
    /// `(need, gap 2, gap 3)` (only seat 0 has finished).
    fn finals(&self) -> usize {
        let g = self.gaps();
        3 * g + 2 * g * g + g * g * g
    }

    fn final_index(&self, key: FinalKey) -> usize {
        let g = self.gaps();
        let need = self.clamp(key.need);
        let [l1, l2] = key.later.map(|l| self.clamp(l));
        match key.mover {
            3 => need * 3 + (key.leaders - 1),
            2 => 3 * g + (need * 2 + (key.leaders - 1)) * g + l1,
            _ => 3 * g + 2 * g * g + (need * g + l1) * g + l2,
        }
    }

    /// The key of every final-round index (for the solve).
    fn final_key(&self, index: usize) -> FinalKey {
        let g = self.gaps();
        if index < 3 * g {
            FinalKey {
                mover: 3,
                need: index / 3,
                leaders: index % 3 + 1,
                later: [0, 0],
            }
        } else if index < 3 * g + 2 * g * g {
            let i = index - 3 * g;
            FinalKey {
                mover: 2,
                need: i / (2 * g),
                leaders: (i / g) % 2 + 1,
                later: [i % g, 0],
            }
        } else {
            let i = index - 3 * g - 2 * g * g;
            FinalKey {
                mover: 1,
                need: i / (g * g),
                leaders: 1,
                later: [(i / g) % g, i % g],
            }
        }
    }

    /// The reduced final-round state of `mover` at `scores` and the seats that lead.
    fn final_state(&self, mover: usize, scores: [usize; 4]) -> (FinalKey, [bool; 4]) {
        let best = scores[..mover].iter().copied().max().unwrap_or(0);
        let mut leading = [false; 4];
        for (j, lead) in leading.iter_mut().enumerate().take(mover) {
            *lead = scores[j] == best;
        }
        let mut later = [0; 2];
        for (slot, j) in later.iter_mut().zip(mover + 1..4) {
            *slot = best - scores[j];
        }
        let key = FinalKey {
            mover,
            need: best - scores[mover],
            leaders: leading.iter().filter(|&&l| l).count(),
            later,
        };
        (key, leading)
    }
}

/// The values already solved, to build a position's outcomes from.
struct Values<'a> {
    shape: Shape,
    /// Four values per open position (index [`Shape::open_index`]).
    open: &'a [f64],
    /// Per final-round state: `[each leader, mover, first later seat, second later seat]`.
    finals: &'a [[f64; 4]],
}

impl Values<'_> {
    fn open(&self, seat: usize, scores: [usize; 4]) -> [f64; 4] {
        let i = 4 * self.shape.open_index(seat, scores);
        [
            self.open[i],
            self.open[i + 1],
            self.open[i + 2],
            self.open[i + 3],
        ]
    }

    /// Each seat's value when `mover` is to play its last turn at `scores`.
    fn final_round(&self, mover: usize, scores: [usize; 4]) -> [f64; 4] {
        let (key, leading) = self.shape.final_state(mover, scores);
        let e = self.finals[self.shape.final_index(key)];
        std::array::from_fn(|j| match j.cmp(&mover) {
            std::cmp::Ordering::Less => {
                if leading[j] {
                    e[0]
                } else {
                    0.0
                }
            }
            std::cmp::Ordering::Equal => e[1],
            std::cmp::Ordering::Greater => e[1 + j - mover],
        })
    }

    /// Each seat's value once the mover of the open position `(seat, scores)` banks `s > 0`.
    fn open_outcome(&self, seat: usize, scores: [usize; 4], s: usize) -> [f64; 4] {
        let mut after = scores;
        after[seat] += s;
        if after[seat] < self.shape.target {
            return self.open((seat + 1) % 4, after);
        }
        let mut win = [0.0; 4];
        win[seat] = 1.0;
        if self.shape.rules.end() == EndRule::Immediate || seat == 3 {
            // Seat 3 ends the round; the others are below the target.
            return win;
        }
        self.final_round(seat + 1, after)
    }

    /// The final-round state `key`'s outcome when its mover banks `s`, in its own layout.
    fn final_outcome(&self, key: FinalKey, s: usize) -> [f64; 4] {
        let FinalKey {
            mover,
            need,
            leaders,
            later,
        } = key;
        if mover == 3 {
            // The game ends: `[each leader, mover]`.
            return match s.cmp(&need) {
                std::cmp::Ordering::Less => [1.0 / leaders as f64, 0.0, 0.0, 0.0],
                std::cmp::Ordering::Equal => {
                    let share = 1.0 / (leaders as f64 + 1.0);
                    [share, share, 0.0, 0.0]
                }
                std::cmp::Ordering::Greater => [0.0, 1.0, 0.0, 0.0],
            };
        }
        // The next mover's state, and how this mover and the old leaders fare in it.
        let (next, old_lead, mine) = match s.cmp(&need) {
            std::cmp::Ordering::Less => (leaders, true, false),
            std::cmp::Ordering::Equal => (leaders + 1, true, true),
            std::cmp::Ordering::Greater => (1, false, true),
        };
        let rise = s.saturating_sub(need);
        let next_key = FinalKey {
            mover: mover + 1,
            need: later[0] + rise,
            leaders: next,
            later: [later[1] + rise, 0],
        };
        let e = self.finals[self.shape.final_index(next_key)];
        // In the next state, `e[0]` is each leader's value, `e[1]` the next mover's, `e[2]` the
        // seat after it.
        let lead = |yes: bool| if yes { e[0] } else { 0.0 };
        [lead(old_lead), lead(mine), e[1], e[2]]
    }
}

/// The turns of the final-round states `keys` (one per lane, the same mover), each in its own
/// layout `[each leader, mover, later…]`.
fn play_finals<const L: usize>(
    eval: &EvalSpace,
    scratch: &mut LaneScratch<2, L>,
    values: &Values<'_>,
    keys: [FinalKey; L],
) -> [[f64; 4]; L] {
    let max = values.shape.max_score;
    let outcomes: Vec<[[f64; 4]; L]> = (0..=max)
        .map(|s| keys.map(|key| values.final_outcome(key, s)))
        .collect();
    let u: Vec<[f64; L]> = outcomes.iter().map(|v| v.map(|o| o[1])).collect();
    let w: Vec<[[f64; L]; 2]> = outcomes
        .iter()
        .map(|v| [v.map(|o| o[0]), v.map(|o| o[2])])
        .collect();
    let results = eval.evaluate_lanes(scratch, &u, &w);
    std::array::from_fn(|l| {
        let result = results[l];
        let [leader, mover, later] =
            [result.others[0], result.value, result.others[1]].map(|p| p.clamp(0.0, 1.0));
        match keys[l].mover {
            1 => {
                // Seat 0 leads alone; seat 3 has what the others leave.
                let last = (1.0 - leader - mover - later).clamp(0.0, 1.0);
                [leader, mover, later, last]
            }
            _ => [leader, mover, later, 0.0],
        }
    })
}

/// Probabilities kept in range (rounding can leave `-1e-17`).
fn clean(v: [f64; 4]) -> [f64; 4] {
    v.map(|p| p.clamp(0.0, 1.0))
}

/// The solved four-player game for one set of rules.
#[derive(Debug)]
pub struct QuadSolution {
    rules: Rules,
    space: Arc<TurnSpace>,
    /// Values `[seat 0, …, seat 3]` per open position (index [`Shape::open_index`]).
    open: Vec<[f64; 4]>,
    /// Per reduced final-round state: `[each leader, mover, later seats…]`.
    finals: Vec<[f64; 4]>,
    mixed: Vec<MixedTuple>,
    stats: QuadStats,
    open_tables: LazyTables,
    final_tables: LazyTables,
}

impl QuadSolution {
    /// Solves the four-player game for `rules`, calling `progress` as positions are done. Pure
    /// computation: see [`quad`] for the cached version.
    pub fn solve(
        rules: Rules,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<QuadSolution, QuadError> {
        SolvedGame::Quad
            .check(rules)
            .map_err(QuadError::TargetTooHigh)?;
        let shape = Shape::new(rules);
        let space = TurnSpace::for_rules(rules);
        let eval = EvalSpace::new(rules.dice(), rules.bonus());
        let t = shape.target;
        // States that occur: the mover behind, the seats after it behind.
        let occurs =
            |key: FinalKey| key.need > 0 && key.later[..3 - key.mover].iter().all(|&l| l > 0);
        let final_count = match rules.end() {
            EndRule::CompleteRound => (0..shape.finals())
                .filter(|&i| occurs(shape.final_key(i)))
                .count(),
            EndRule::Immediate => 0,
        };
        let total_work = (4 * shape.tuples() + final_count) as u64;
        let mut done = 0u64;

        // The final round, seat 3's last turns first (complete-round rule only).
        let mut finals = vec![[f64::NAN; 4]; shape.finals()];
        if rules.end() == EndRule::CompleteRound {
            for mover in [3, 2, 1] {
                let indices: Vec<usize> = (0..shape.finals())
                    .filter(|&i| {
                        let key = shape.final_key(i);
                        key.mover == mover && occurs(key)
                    })
                    .collect();
                let values = Values {
                    shape,
                    open: &[],
                    finals: &finals,
                };
                let solved: Vec<(usize, [f64; 4])> = indices
                    .par_chunks(LANES)
                    .map_init(
                        || eval.lane_scratch::<2, LANES>(),
                        |scratch, chunk| {
                            // A short last chunk fills its lanes with its last state again.
                            let keys: [FinalKey; LANES] = std::array::from_fn(|l| {
                                shape.final_key(chunk[l.min(chunk.len() - 1)])
                            });
                            let played = play_finals(&eval, scratch, &values, keys);
                            chunk.iter().copied().zip(played).collect::<Vec<_>>()
                        },
                    )
                    .flatten()
                    .collect();
                done += solved.len() as u64;
                for (i, v) in solved {
                    finals[i] = v;
                }
                progress(Progress {
                    done,
                    total: total_work,
                });
            }
        }

        let mut open = vec![f64::NAN; 16 * shape.tuples()];
        let mut stats = QuadStats {
            passes: 0,
            worst_residual: 0.0,
            mixed_tuples: 0,
        };
        let mut mixed_list = Vec::new();
        for total in (0..=4 * (t - 1)).rev() {
            let tuples: Vec<[usize; 4]> = (0..t)
                .flat_map(|a| (0..t).flat_map(move |b| (0..t).map(move |c| [a, b, c])))
                .filter_map(|[a, b, c]| {
                    let d = total.checked_sub(a + b + c)?;
                    (d < t).then_some([a, b, c, d])
                })
                .collect();
            let values = Values {
                shape,
                open: &open,
                finals: &finals,
            };
            let solved: Vec<([usize; 4], SolvedTuple)> = tuples
                .par_chunks(LANES)
                .map_init(
                    || (eval.lane_scratch::<2, LANES>(), eval.scratch()),
                    |(lanes, scratch), chunk| {
                        // A short last chunk fills its lanes with its last tuple again.
                        let scores: [[usize; 4]; LANES] =
                            std::array::from_fn(|l| chunk[l.min(chunk.len() - 1)]);
                        let guesses = scores.map(|scores| initial_guess(&values, scores));
                        let mut passes = |x| tuple_passes(&eval, lanes, &values, scores, x);
                        let settled = mixed::settle_tuples(&mut passes, guesses);
                        chunk
                            .iter()
                            .zip(settled)
                            .zip(guesses)
                            .map(|((&scores, settled), guess)| {
                                // A tuple that did not settle alone is solved alone, mixing
                                // included, from the same guess.
                                let tuple = settled.unwrap_or_else(|| {
                                    let mut pass =
                                        |stays| tuple_pass(&eval, scratch, &values, scores, stays);
                                    mixed::solve_tuple(&mut pass, guess)
                                });
                                (scores, tuple)
                            })
                            .collect::<Vec<_>>()
                    },
                )
                .flatten()
                .collect();
            for (scores, tuple) in solved {
                for (seat, value) in tuple.values.iter().enumerate() {
                    let i = 4 * shape.open_index(seat, scores);
                    open[i..i + 4].copy_from_slice(&clean(*value));
                }
                stats.passes += 4 * tuple.passes as u64;
                stats.worst_residual = stats.worst_residual.max(tuple.residual);
                if let Some(mixing) = tuple.mixing {
                    stats.mixed_tuples += 1;
                    mixed_list.push(MixedTuple {
                        scores: scores.map(|s| s as Points),
                        mixing,
                    });
                }
                done += 4;
            }
            progress(Progress {
                done,
                total: total_work,
            });
        }
        mixed_list.sort_by_key(|m| m.scores);
        let open: Vec<[f64; 4]> = open
            .chunks_exact(4)
            .map(|c| [c[0], c[1], c[2], c[3]])
            .collect();
        Ok(QuadSolution::assemble(
            rules, space, open, finals, mixed_list, stats,
        ))
    }

    fn assemble(
        rules: Rules,
        space: Arc<TurnSpace>,
        open: Vec<[f64; 4]>,
        finals: Vec<[f64; 4]>,
        mixed: Vec<MixedTuple>,
        stats: QuadStats,
    ) -> QuadSolution {
        QuadSolution {
            rules,
            space,
            open_tables: LazyTables::new(open.len()),
            final_tables: LazyTables::new(finals.len()),
            open,
            finals,
            mixed,
            stats,
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// How the solve went (zero passes when the solution was read from disk).
    pub fn stats(&self) -> QuadStats {
        self.stats
    }

    /// The tuples solved as mixed equilibria, by score tuple.
    pub fn mixed_tuples(&self) -> &[MixedTuple] {
        &self.mixed
    }

    fn shape(&self) -> Shape {
        Shape::new(self.rules)
    }

    fn values(&self) -> Values<'_> {
        Values {
            shape: self.shape(),
            open: self.open.as_flattened(),
            finals: &self.finals,
        }
    }

    /// The position of `seat` to play with banked `scores`, checked.
    pub fn position(&self, scores: &[Points], seat: usize) -> Result<QuadPosition, PositionError> {
        quad_position(self.rules, scores, seat)
    }

    /// Each seat's probability of winning from `position` (they sum to 1).
    pub fn seat_wins(&self, position: QuadPosition) -> [f64; 4] {
        let shape = self.shape();
        match position {
            QuadPosition::Open { seat, scores } => {
                self.open[shape.open_index(seat, scores.map(usize::from))]
            }
            QuadPosition::Final { seat, scores } => {
                self.values().final_round(seat, scores.map(usize::from))
            }
        }
    }

    /// The probability that the seat to play in `position` wins.
    pub fn mover_win(&self, position: QuadPosition) -> f64 {
        let (QuadPosition::Open { seat, .. } | QuadPosition::Final { seat, .. }) = position;
        self.seat_wins(position)[seat]
    }

    /// Each seat's probability of winning the game from its start (they sum to 1).
    pub fn game_wins(&self) -> [f64; 4] {
        self.seat_wins(QuadPosition::Open {
            seat: 0,
            scores: [0; 4],
        })
    }

    /// The mover's utility in `position`: its probability of winning after banking each score.
    pub fn utility(&self, position: QuadPosition) -> Vec<f64> {
        let values = self.values();
        let shape = values.shape;
        let of = |s: usize| match position {
            QuadPosition::Open { seat, scores } => {
                let scores = scores.map(usize::from);
                if s == 0 {
                    values.open((seat + 1) % 4, scores)[seat]
                } else {
                    values.open_outcome(seat, scores, s)[seat]
                }
            }
            QuadPosition::Final { seat, scores } => {
                let (key, _) = shape.final_state(seat, scores.map(usize::from));
                values.final_outcome(key, s)[1]
            }
        };
        (0..=shape.max_score).map(of).collect()
    }

    /// The optimal turn of the player to play in `position`. Built on first use. (In a tuple
    /// solved as a mixed equilibrium, the two turns the mover mixes are worth the same to it;
    /// the table plays one of them.)
    pub fn table(&self, position: QuadPosition) -> &TurnTable {
        let shape = self.shape();
        let build = || self.space.solve(&self.utility(position));
        match position {
            QuadPosition::Open { seat, scores } => self
                .open_tables
                .get_or_init(shape.open_index(seat, scores.map(usize::from)), build),
            QuadPosition::Final { seat, scores } => {
                let (key, _) = shape.final_state(seat, scores.map(usize::from));
                self.final_tables.get_or_init(shape.final_index(key), build)
            }
        }
    }

    /// The position of a situation from a four-player game under these rules.
    pub fn situation_position(
        &self,
        situation: &Situation<'_>,
    ) -> Result<QuadPosition, PositionError> {
        if situation.rules != self.rules || situation.turn.rules() != self.rules {
            return Err(PositionError::RulesMismatch);
        }
        self.position(situation.scores, situation.seat)
    }

    /// The optimal decision in `situation` (`None` when it awaits no decision).
    pub fn best_action(&self, situation: &Situation<'_>) -> Result<Option<Action>, PositionError> {
        let position = self.situation_position(situation)?;
        Ok(self.table(position).best_action(situation.turn))
    }

    /// The mover's probability of winning after each decision open in `situation`.
    pub fn action_values(&self, situation: &Situation<'_>) -> Result<ActionValues, PositionError> {
        let position = self.situation_position(situation)?;
        Ok(self.table(position).action_values(situation.turn))
    }

    fn payload(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        f64s_to_bytes(self.open.as_flattened(), &mut bytes);
        f64s_to_bytes(self.finals.as_flattened(), &mut bytes);
        let mut mixed = vec![self.mixed.len() as f64];
        for m in &self.mixed {
            mixed.extend(m.scores.map(f64::from));
            mixed.push(m.mixing.len() as f64);
            for &(seat, p) in &m.mixing {
                mixed.extend([seat as f64, p]);
            }
        }
        f64s_to_bytes(&mixed, &mut bytes);
        bytes
    }

    fn from_payload(rules: Rules, mut bytes: &[u8]) -> Option<QuadSolution> {
        let shape = Shape::new(rules);
        let quads = |v: Vec<f64>| -> Vec<[f64; 4]> {
            v.chunks_exact(4)
                .map(|c| [c[0], c[1], c[2], c[3]])
                .collect()
        };
        let open = f64s_from_bytes(&mut bytes, 16 * shape.tuples())?;
        let finals = f64s_from_bytes(&mut bytes, 4 * shape.finals())?;
        let count = *f64s_from_bytes(&mut bytes, 1)?.first()? as usize;
        let mut mixed = Vec::new();
        for _ in 0..count.min(shape.tuples()) {
            let head = f64s_from_bytes(&mut bytes, 5)?;
            let scores = [0, 1, 2, 3].map(|j| head[j] as Points);
            let seats = f64s_from_bytes(&mut bytes, 2 * (head[4] as usize).min(4))?;
            let mixing = seats
                .chunks_exact(2)
                .map(|c| (c[0] as usize, c[1]))
                .collect();
            mixed.push(MixedTuple { scores, mixing });
        }
        let in_range = |v: &f64| (0.0..=1.0).contains(v);
        let sums_to_one = |c: &[f64]| (c.iter().sum::<f64>() - 1.0).abs() < 1e-9;
        let sane = bytes.is_empty()
            && mixed.len() == count
            && open.iter().all(in_range)
            && open.chunks_exact(4).all(sums_to_one)
            && finals.iter().all(|v| v.is_nan() || in_range(v));
        if !sane {
            return None;
        }
        let stats = QuadStats {
            passes: 0,
            worst_residual: 0.0,
            mixed_tuples: mixed.len() as u64,
        };
        Some(QuadSolution::assemble(
            rules,
            TurnSpace::for_rules(rules),
            quads(open),
            quads(finals),
            mixed,
            stats,
        ))
    }

    /// Reads the solution from `cache`, or solves and stores it there.
    pub fn load_or_solve(
        rules: Rules,
        cache: Option<&TableCache>,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<(QuadSolution, Provenance), QuadError> {
        let mut replaced_damaged = false;
        if let Some(cache) = cache {
            let (payload, lookup) = cache.load(KIND, rules);
            if let Some(solution) = payload.and_then(|p| QuadSolution::from_payload(rules, &p)) {
                return Ok((solution, Provenance::Disk));
            }
            replaced_damaged = lookup != CacheLookup::Missing;
        }
        let solution = QuadSolution::solve(rules, progress)?;
        let stored = cache.is_some_and(|c| c.store(KIND, rules, &solution.payload()).is_ok());
        Ok((
            solution,
            Provenance::Computed {
                stored,
                replaced_damaged,
            },
        ))
    }
}

/// One pass of the policy iteration of a tuple: the four turns played, seat 3 first, for the
/// guess of seat 0's position value (each seat then passing to the play just found), or for
/// given values of every seat's next position; each turn's linear map for the play found.
fn tuple_pass(
    eval: &EvalSpace,
    scratch: &mut Scratch<2>,
    values: &Values<'_>,
    scores: [usize; 4],
    stays: Stays,
) -> Profile {
    let mut profile = Profile {
        constants: [[0.0; 4]; 4],
        zeros: [0.0; 4],
    };
    let mut next_value = match stays {
        Stays::Chain(x) => x, // seat 3 passes to seat 0
        Stays::Each(each) => each[3],
    };
    for seat in (0..4).rev() {
        let stay = match stays {
            Stays::Chain(_) => next_value,
            Stays::Each(each) => each[seat],
        };
        let outcome = |s: usize| {
            if s == 0 {
                stay
            } else {
                values.open_outcome(seat, scores, s)
            }
        };
        let [(v, z)] = eval.play_turns(scratch, seat, |_, s| outcome(s));
        profile.zeros[seat] = z;
        profile.constants[seat] = std::array::from_fn(|j| v[j] - z * stay[j]);
        next_value = v;
    }
    profile
}

/// [`tuple_pass`] against a guess of seat 0's position ([`Stays::Chain`]) for `L` tuples at
/// once, one per lane.
fn tuple_passes<const L: usize>(
    eval: &EvalSpace,
    scratch: &mut LaneScratch<2, L>,
    values: &Values<'_>,
    scores: [[usize; 4]; L],
    guesses: [[f64; 4]; L],
) -> [Profile; L] {
    eval.cycle_pass(scratch, guesses, |seat, l, s| {
        values.open_outcome(seat, scores[l], s)
    })
}

/// Score tuples solved side by side, one per lane of the turn passes.
const LANES: usize = 4;

/// A first guess at seat 0's values at `scores`: extrapolated from the tuples with seat 3 one to
/// three points higher (already solved), else the nearest solved tuple, else even chances.
fn initial_guess(values: &Values<'_>, [a, b, c, d]: [usize; 4]) -> [f64; 4] {
    let t = values.shape.target;
    let at = |s: [usize; 4]| values.open(0, s);
    let guess: [f64; 4] = if d + 3 < t {
        let (x1, x2, x3) = (
            at([a, b, c, d + 1]),
            at([a, b, c, d + 2]),
            at([a, b, c, d + 3]),
        );
        std::array::from_fn(|j| (3.0 * x1[j] - 3.0 * x2[j] + x3[j]).clamp(0.0, 1.0))
    } else if d + 2 < t {
        let (x1, x2) = (at([a, b, c, d + 1]), at([a, b, c, d + 2]));
        std::array::from_fn(|j| (2.0 * x1[j] - x2[j]).clamp(0.0, 1.0))
    } else if d + 1 < t {
        at([a, b, c, d + 1])
    } else if c + 1 < t {
        at([a, b, c + 1, d])
    } else if b + 1 < t {
        at([a, b + 1, c, d])
    } else if a + 1 < t {
        at([a + 1, b, c, d])
    } else {
        [0.25; 4]
    };
    let sum: f64 = guess.iter().sum();
    if sum > 0.0 {
        guess.map(|g| g / sum)
    } else {
        [0.25; 4]
    }
}

/// The cache file kind of four-player tables.
const KIND: &str = "quad";

/// The position of `seat` to play with banked `scores` in a four-player game under `rules`.
pub fn quad_position(
    rules: Rules,
    scores: &[Points],
    seat: usize,
) -> Result<QuadPosition, PositionError> {
    let scores = <[Points; 4]>::try_from(scores).map_err(|_| PositionError::Players {
        given: scores.len(),
        expected: 4,
    })?;
    if seat > 3 {
        return Err(PositionError::Seat { seat, last: 3 });
    }
    let target = rules.target();
    let over = |seat: usize| PositionError::GameOver {
        seat,
        score: scores[seat],
        target,
        rule: match rules.end() {
            EndRule::CompleteRound => "round completed",
            EndRule::Immediate => "immediate end",
        },
    };
    let reached: Vec<usize> = (0..4).filter(|&s| scores[s] >= target).collect();
    let Some(&first) = reached.first() else {
        return Ok(QuadPosition::Open { seat, scores });
    };
    if rules.end() == EndRule::Immediate || first == 3 {
        return Err(over(first));
    }
    if seat <= first {
        return Err(PositionError::NotInFinalRound {
            seat,
            reached: first,
        });
    }
    // The mover and the seats after it have not played this round: had one of them reached the
    // target in an earlier round, that round would have ended the game.
    if let Some(done) = (seat..4).find(|&s| scores[s] >= target) {
        return Err(over(done));
    }
    Ok(QuadPosition::Final { seat, scores })
}

/// A dense index, below [`quad_table_slots`], of the turn table `position` is played with under
/// `rules`: positions that share a table (final-round positions alike in what matters) share it.
/// For callers that keep something per table, such as the arena's turn-score samplers.
pub fn quad_table_slot(rules: Rules, position: QuadPosition) -> usize {
    let shape = Shape::new(rules);
    match position {
        QuadPosition::Open { seat, scores } => shape.open_index(seat, scores.map(usize::from)),
        QuadPosition::Final { seat, scores } => {
            let (key, _) = shape.final_state(seat, scores.map(usize::from));
            shape.tuples() * 4 + shape.final_index(key)
        }
    }
}

/// How many table slots [`quad_table_slot`] gives under `rules`.
pub fn quad_table_slots(rules: Rules) -> usize {
    let shape = Shape::new(rules);
    shape.tuples() * 4 + shape.finals()
}

static SOLUTIONS: SolutionMemo<QuadSolution> = SolutionMemo::new(KIND);

/// Whether the four-player solution for `rules` is at hand: in this process's memory, or in the
/// user's disk cache.
pub fn quad_at_hand(rules: Rules) -> bool {
    SOLUTIONS.at_hand(rules)
}

/// The four-player solution for `rules`: from this process's memory, else the user's disk cache,
/// else solved now (minutes for the official rules) and stored. `progress` is called during a
/// computation.
pub fn quad_with_progress(
    rules: Rules,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(Arc<QuadSolution>, Provenance), QuadError> {
    SOLUTIONS.get(rules, |cache| {
        QuadSolution::load_or_solve(rules, cache, progress)
    })
}

/// [`quad_with_progress`] without progress reports.
pub fn quad(rules: Rules) -> Result<Arc<QuadSolution>, QuadError> {
    Ok(quad_with_progress(rules, &|_| {})?.0)
}

#[cfg(test)]
mod tests;
