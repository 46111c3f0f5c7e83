//! Three players under optimal play: the exact equilibrium in which each player maximises its own
//! probability of winning.
//!
//! **Positions.** The three banked scores and the seat to play; once a seat reaches the target under
//! the complete-round rule, the seats after it play their last turn knowing the scores:
//! - [`TrioPosition::Open`]: every score below the target;
//! - [`TrioPosition::SecondLast`]: seat 0 has reached the target, seat 1 plays its last turn (then
//!   seat 2); only the gaps to seat 0 matter;
//! - [`TrioPosition::Last`]: seat 2's last turn: it wins with more than `need` points and ties
//!   with the leaders with exactly `need`.
//!
//! **Ties.** A tie for the most points is settled by the roll-off, which is symmetric among the
//! tied players: each of `k` tied players wins with probability `1/k`. Under the shared-victory
//! variant a victory shared by `k` players counts as `1/k` of a win, so the seats' values still sum
//! to 1 and each player's aim is its share of the wins (as in the duel solver, where a shared win
//! counts half).
//!
//! **The equilibrium.** The mover of each position plays the turn that maximises its probability
//! of winning after banking each possible score (the value of the resulting position to it),
//! solved by the turn solver. A turn scoring 0 passes the move at the same scores, so the three
//! positions of one score triple lead to each other (seat 0 → 1 → 2 → 0); every other move raises
//! a score. Triples are therefore solved from the highest total down (all triples of one total in
//! parallel, four at a time in the lanes of one walk of the turn passes); within a triple, policy
//! iteration on the 3-cycle: play the three turns for the current guess of seat 0's position
//! value, solve the 3-cycle's linear equations exactly for the policies found, repeat until the
//! guess moves by at most 1e-12 (usually the third pass: the second still changes some play). The
//! result is a stationary equilibrium up to 1e-12: every player's play is within 1e-12 of a best
//! reply, and the values are those of that play.

use std::sync::{Arc, OnceLock};

use martian_engine::{Action, EndRule, Points, Rules, Situation, SolveLimit, SolvedGame, Turn};
use rayon::prelude::*;

use crate::cache::{CacheLookup, SolutionMemo, TableCache, f64s_from_bytes, f64s_to_bytes};
use crate::duel::{Progress, Provenance};
use crate::error::PositionError;
use crate::eval::{EvalSpace, LaneScratch};
use crate::lazy::LazyTables;
use crate::turn::{ActionValues, TurnSpace, TurnTable};

/// The policy iteration of a score triple stops when seat 0's position value moves by at most this.
pub const TRIO_TOLERANCE: f64 = 1e-12;

/// The highest target the three-player solve accepts: the open positions grow as the cube of the
/// target (25 → 46 875 turns to solve; 60 → 648 000, about ten minutes).
///
/// That is with 13 dice or fewer; with more, less: [`SolvedGame::max_target`] states the limit
/// for every number of dice, and the solve refuses beyond it.
pub const MAX_TRIO_TARGET: Points = 60;

/// Policy-iteration passes before a triple is accepted as it stands (never reached in practice:
/// see [`TrioStats::worst_residual`]).
const MAX_PASSES: usize = 60;

/// Why a three-player solution cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrioError {
    /// The rules are beyond what the three-player solve takes.
    #[error("{0}")]
    TargetTooHigh(SolveLimit),
}

/// Where a three-player game stands between two turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrioPosition {
    /// `seat` is to play; every banked score is below the target.
    Open { seat: usize, scores: [Points; 3] },
    /// Complete-round rule: seat 0 has reached the target; seat 1 plays its last turn, then
    /// seat 2. `behind` is how far seats 1 and 2 are behind seat 0.
    SecondLast { behind: [Points; 2] },
    /// Seat 2's last turn: more than `need` points wins; exactly `need` ties with the leaders, the
    /// seats among 0 and 1 at the best score (`leaders[0]` for seat 0, `leaders[1]` for seat 1).
    Last { need: Points, leaders: [bool; 2] },
}

/// How the solve went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrioStats {
    /// Turn passes made for the open positions (three per pass of a triple).
    pub passes: u64,
    /// The largest last move of a triple's guess (at most [`TRIO_TOLERANCE`] unless a triple ran
    /// out of passes).
    pub worst_residual: f64,
}

/// Seat 2's chances in its last turn under its optimal play, against a score to beat.
#[derive(Clone, Copy, Debug, PartialEq)]
struct LastOdds {
    below: f64,
    equal: f64,
    above: f64,
}

/// The solved three-player game for one set of rules.
#[derive(Debug)]
pub struct TrioSolution {
    rules: Rules,
    space: Arc<TurnSpace>,
    /// Values `[seat 0, seat 1, seat 2]` of the open position `((seat·T + a)·T + b)·T + c`.
    open: Vec<[f64; 3]>,
    /// Values of seat 1's last turn per `behind` pair (each clamped to `max_score + 1`).
    second_last: Vec<[f64; 3]>,
    /// Seat 2's last turn per `(need, tied)` (need clamped to `max_score + 1`).
    last: Vec<LastOdds>,
    stats: TrioStats,
    /// The turn tables of the open positions asked about (index as `open`).
    open_tables: LazyTables,
    second_last_tables: Vec<OnceLock<TurnTable>>,
    last_tables: Vec<OnceLock<TurnTable>>,
}

/// The rules-derived sizes and the value lookups shared by the solve and the solution.
#[derive(Clone, Copy)]
struct Shape {
    rules: Rules,
    target: usize,
    max_score: usize,
}

impl Shape {
    fn new(rules: Rules) -> Shape {
        Shape {
            rules,
            target: usize::from(rules.target()),
            max_score: usize::from(rules.dice()) + usize::from(martian_engine::BONUS_POINTS),
        }
    }

    fn open_index(&self, seat: usize, [a, b, c]: [usize; 3]) -> usize {
        let t = self.target;
        ((seat * t + a) * t + b) * t + c
    }

    /// Gaps beyond the best possible turn are alike: clamped here.
    fn clamp_gap(&self, gap: usize) -> usize {
        gap.min(self.max_score + 1)
    }

    fn second_last_index(&self, behind1: usize, behind2: usize) -> usize {
        self.clamp_gap(behind1) * (self.max_score + 2) + self.clamp_gap(behind2)
    }

    fn last_index(&self, need: usize, tied: usize) -> usize {
        self.clamp_gap(need) * 2 + (tied - 1)
    }

    /// Seat 2's last-turn utility: more than `need` wins, `need` ties with `tied` others.
    fn last_utility(&self, need: usize, tied: usize) -> Vec<f64> {
        (0..=self.max_score)
            .map(|s| match s.cmp(&need) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 1.0 / (tied as f64 + 1.0),
                std::cmp::Ordering::Less => 0.0,
            })
            .collect()
    }
}

/// The values already solved, to build the utilities of a position from.
struct Values<'a> {
    shape: Shape,
    open: &'a [f64],
    second_last: &'a [[f64; 3]],
    last: &'a [LastOdds],
}

impl Values<'_> {
    fn open(&self, seat: usize, scores: [usize; 3]) -> [f64; 3] {
        let i = 3 * self.shape.open_index(seat, scores);
        [self.open[i], self.open[i + 1], self.open[i + 2]]
    }

    /// Values once seat 2's last turn is played against the best of seats 0 and 1, `need` above
    /// seat 2, with `tied` of them at that best; `leaders` says which of seats 0 and 1 lead.
    fn after_last(&self, need: usize, leaders: [bool; 2]) -> [f64; 3] {
        let tied = tied_count(leaders);
        let odds = self.last[self.shape.last_index(need, tied)];
        let share = 1.0 / (tied as f64 + 1.0);
        let lead = odds.below / tied as f64 + odds.equal * share;
        [
            if leaders[0] || !leaders[1] { lead } else { 0.0 },
            if leaders[1] { lead } else { 0.0 },
            odds.above + odds.equal * share,
        ]
    }

    /// Values of seat 1's last turn, seat 0 being `behind[0]` ahead of it and `behind[1]` ahead
    /// of seat 2, once it banks `s`.
    fn second_last_outcome(&self, behind: [usize; 2], s: usize) -> [f64; 3] {
        let [b1, b2] = behind;
        match s.cmp(&b1) {
            std::cmp::Ordering::Less => self.after_last(b2, [true, false]),
            std::cmp::Ordering::Equal => self.after_last(b2, [true, true]),
            std::cmp::Ordering::Greater => self.after_last(b2 + (s - b1), [false, true]),
        }
    }

    /// Values once the mover of the open position `(seat, scores)` banks `s`.
    fn open_outcome(&self, seat: usize, scores: [usize; 3], s: usize) -> [f64; 3] {
        let next = (seat + 1) % 3;
        let mut after = scores;
        after[seat] += s;
        if after[seat] < self.shape.target {
            return self.open(next, after);
        }
        let mut win = [0.0; 3];
        win[seat] = 1.0;
        if self.shape.rules.end() == EndRule::Immediate {
            return win;
        }
        match seat {
            0 => {
                self.second_last[self
                    .shape
                    .second_last_index(after[0] - after[1], after[0] - after[2])]
            }
            1 => self.after_last(after[1] - after[2], [false, true]),
            _ => win,
        }
    }
}

/// The three positions of one score triple, solved.
#[derive(Clone, Copy, Debug)]
struct SolvedTriple {
    /// Values by seat to play.
    values: [[f64; 3]; 3],
    passes: usize,
    residual: f64,
}

/// Score triples solved side by side, one per lane of the turn passes.
const LANES: usize = 4;

/// Solves the three positions of each of `L` score triples (one per lane), by policy iteration
/// from `guesses`; a lane's iteration, and so its result, is that of the triple alone (the lanes
/// only share the walk of the turn passes: a triple settled early rides along unchanged).
fn solve_triples<const L: usize>(
    eval: &EvalSpace,
    scratch: &mut LaneScratch<1, L>,
    values: &Values<'_>,
    scores: [[usize; 3]; L],
    guesses: [[f64; 3]; L],
) -> [SolvedTriple; L] {
    let mut x = guesses;
    let mut solved: [Option<SolvedTriple>; L] = [None; L];
    for pass in 1..=MAX_PASSES {
        // Each position's value is `zero · (next position's value) + constant` for the play found.
        let maps = eval.cycle_pass(scratch, x, |seat, l, s| {
            values.open_outcome(seat, scores[l], s)
        });
        for l in 0..L {
            if solved[l].is_some() {
                continue;
            }
            let [z0, z1, z2] = maps[l].zeros;
            let c = &maps[l].constants;
            let cycle = z0 * z1 * z2;
            let cycled: [f64; 3] = std::array::from_fn(|j| {
                (c[0][j] + z0 * c[1][j] + z0 * z1 * c[2][j]) / (1.0 - cycle)
            });
            let residual = (0..3)
                .map(|j| (cycled[j] - x[l][j]).abs())
                .fold(0.0, f64::max);
            x[l] = cycled;
            if residual <= TRIO_TOLERANCE || pass == MAX_PASSES {
                let v2: [f64; 3] = std::array::from_fn(|j| z2 * cycled[j] + c[2][j]);
                let v1: [f64; 3] = std::array::from_fn(|j| z1 * v2[j] + c[1][j]);
                solved[l] = Some(SolvedTriple {
                    values: [cycled, v1, v2].map(clean),
                    passes: pass,
                    residual,
                });
            }
        }
        if solved.iter().all(Option::is_some) {
            break;
        }
    }
    solved.map(|triple| triple.expect("every lane settles by its last pass"))
}

/// Probabilities kept in range (rounding can leave `-1e-17`).
fn clean(v: [f64; 3]) -> [f64; 3] {
    v.map(|p| p.clamp(0.0, 1.0))
}

impl TrioSolution {
    /// Solves the three-player game for `rules`, calling `progress` as positions are done. Pure
    /// computation: see [`trio`] for the cached version.
    pub fn solve(
        rules: Rules,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<TrioSolution, TrioError> {
        SolvedGame::Trio
            .check(rules)
            .map_err(TrioError::TargetTooHigh)?;
        let shape = Shape::new(rules);
        let space = TurnSpace::for_rules(rules);
        let eval = EvalSpace::new(rules.dice(), rules.bonus());
        let (t, max) = (shape.target, shape.max_score);
        let gaps = max + 2;
        let total_work = (3 * t * t * t + 2 * gaps + gaps * gaps) as u64;
        let mut done = 0u64;

        // Seat 2's last turns, then seat 1's (complete-round rule only).
        let mut last = vec![
            LastOdds {
                below: 1.0,
                equal: 0.0,
                above: 0.0
            };
            2 * gaps
        ];
        let mut second_last = vec![[0.0; 3]; gaps * gaps];
        if rules.end() == EndRule::CompleteRound {
            let start = Turn::new(rules);
            last = (0..2 * gaps)
                .into_par_iter()
                .map(|i| {
                    let (need, tied) = (i / 2, i % 2 + 1);
                    let dist = space
                        .solve(&shape.last_utility(need, tied))
                        .score_distribution(&start);
                    // `below` by difference, so that the three sum to 1 exactly.
                    let equal = dist.get(need).copied().unwrap_or(0.0);
                    let above: f64 = dist.iter().skip(need + 1).sum();
                    LastOdds {
                        below: (1.0 - equal - above).max(0.0),
                        equal,
                        above,
                    }
                })
                .collect();
            done += 2 * gaps as u64;
            progress(Progress {
                done,
                total: total_work,
            });
            let values = Values {
                shape,
                open: &[],
                second_last: &[],
                last: &last,
            };
            second_last = (0..gaps * gaps)
                .into_par_iter()
                .map_init(
                    || eval.scratch::<1>(),
                    |scratch, i| {
                        let behind = [i / gaps, i % gaps];
                        if behind[0] == 0 || behind[1] == 0 {
                            // Seat 0 reached the target: it is strictly ahead of both.
                            return [f64::NAN; 3];
                        }
                        let outcome = |_, s| values.second_last_outcome(behind, s);
                        let [(played, _)] = eval.play_turns(scratch, 1, outcome);
                        played
                    },
                )
                .collect();
        }
        done += (gaps * gaps) as u64;
        progress(Progress {
            done,
            total: total_work,
        });

        let mut open = vec![f64::NAN; 9 * t * t * t];
        let mut stats = TrioStats {
            passes: 0,
            worst_residual: 0.0,
        };
        for total in (0..=3 * (t - 1)).rev() {
            let triples: Vec<[usize; 3]> = (0..t)
                .flat_map(|a| (0..t).map(move |b| (a, b)))
                .filter_map(|(a, b)| {
                    let c = total.checked_sub(a + b)?;
                    (c < t).then_some([a, b, c])
                })
                .collect();
            let values = Values {
                shape,
                open: &open,
                second_last: &second_last,
                last: &last,
            };
            let solved: Vec<([usize; 3], SolvedTriple)> = triples
                .par_chunks(LANES)
                .map_init(
                    || eval.lane_scratch::<1, LANES>(),
                    |scratch, chunk| {
                        // A short last chunk fills its lanes with its last triple again.
                        let scores: [[usize; 3]; LANES] =
                            std::array::from_fn(|l| chunk[l.min(chunk.len() - 1)]);
                        let guesses = scores.map(|scores| initial_guess(&values, scores));
                        let triples = solve_triples(&eval, scratch, &values, scores, guesses);
                        chunk.iter().copied().zip(triples).collect::<Vec<_>>()
                    },
                )
                .flatten()
                .collect();
            for (scores, triple) in solved {
                let SolvedTriple {
                    values: v,
                    passes,
                    residual,
                } = triple;
                for (seat, value) in v.iter().enumerate() {
                    let i = 3 * shape.open_index(seat, scores);
                    open[i..i + 3].copy_from_slice(value);
                }
                stats.passes += 3 * passes as u64;
                stats.worst_residual = stats.worst_residual.max(residual);
                done += 3;
            }
            progress(Progress {
                done,
                total: total_work,
            });
        }
        let open: Vec<[f64; 3]> = open.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
        Ok(TrioSolution::assemble(
            rules,
            space,
            open,
            second_last,
            last,
            stats,
        ))
    }

    fn assemble(
        rules: Rules,
        space: Arc<TurnSpace>,
        open: Vec<[f64; 3]>,
        second_last: Vec<[f64; 3]>,
        last: Vec<LastOdds>,
        stats: TrioStats,
    ) -> TrioSolution {
        TrioSolution {
            rules,
            space,
            open_tables: LazyTables::new(open.len()),
            second_last_tables: (0..second_last.len()).map(|_| OnceLock::new()).collect(),
            last_tables: (0..last.len()).map(|_| OnceLock::new()).collect(),
            open,
            second_last,
            last,
            stats,
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// How the solve went (zero passes when the solution was read from disk).
    pub fn stats(&self) -> TrioStats {
        self.stats
    }

    fn shape(&self) -> Shape {
        Shape::new(self.rules)
    }

    /// The position of `seat` to play with banked `scores`, checked.
    pub fn position(&self, scores: &[Points], seat: usize) -> Result<TrioPosition, PositionError> {
        trio_position(self.rules, scores, seat)
    }

    /// Each seat's probability of winning from `position` (they sum to 1).
    pub fn seat_wins(&self, position: TrioPosition) -> [f64; 3] {
        let shape = self.shape();
        match position {
            TrioPosition::Open { seat, scores } => {
                self.open[shape.open_index(seat, scores.map(usize::from))]
            }
            TrioPosition::SecondLast { behind } => {
                let [b1, b2] = behind.map(usize::from);
                self.second_last[shape.second_last_index(b1, b2)]
            }
            TrioPosition::Last { need, leaders } => {
                self.values().after_last(usize::from(need), leaders)
            }
        }
    }

    /// The probability that the seat to play in `position` wins.
    pub fn mover_win(&self, position: TrioPosition) -> f64 {
        let seat = match position {
            TrioPosition::Open { seat, .. } => seat,
            TrioPosition::SecondLast { .. } => 1,
            TrioPosition::Last { .. } => 2,
        };
        self.seat_wins(position)[seat]
    }

    /// Each seat's probability of winning the game from its start (they sum to 1).
    pub fn game_wins(&self) -> [f64; 3] {
        self.seat_wins(TrioPosition::Open {
            seat: 0,
            scores: [0, 0, 0],
        })
    }

    fn values(&self) -> Values<'_> {
        Values {
            shape: self.shape(),
            open: self.open.as_flattened(),
            second_last: &self.second_last,
            last: &self.last,
        }
    }

    /// The mover's utility in `position`: its probability of winning after banking each score.
    pub fn utility(&self, position: TrioPosition) -> Vec<f64> {
        let values = self.values();
        let shape = values.shape;
        let scores_of = |s: usize| match position {
            TrioPosition::Open { seat, scores } => {
                let scores = scores.map(usize::from);
                let v = if s == 0 {
                    values.open((seat + 1) % 3, scores)
                } else {
                    values.open_outcome(seat, scores, s)
                };
                v[seat]
            }
            TrioPosition::SecondLast { behind } => {
                values.second_last_outcome(behind.map(usize::from), s)[1]
            }
            TrioPosition::Last { need, leaders } => {
                shape.last_utility(usize::from(need), tied_count(leaders))[s]
            }
        };
        (0..=shape.max_score).map(scores_of).collect()
    }

    /// The optimal turn of the player to play in `position`. Built on first use.
    pub fn table(&self, position: TrioPosition) -> &TurnTable {
        let shape = self.shape();
        let build = || self.space.solve(&self.utility(position));
        let cell = match position {
            TrioPosition::Open { seat, scores } => {
                let index = shape.open_index(seat, scores.map(usize::from));
                return self.open_tables.get_or_init(index, build);
            }
            TrioPosition::SecondLast { behind } => {
                let [b1, b2] = behind.map(usize::from);
                &self.second_last_tables[shape.second_last_index(b1, b2)]
            }
            TrioPosition::Last { need, leaders } => {
                &self.last_tables[shape.last_index(usize::from(need), tied_count(leaders))]
            }
        };
        cell.get_or_init(build)
    }

    /// The position of a situation from a three-player game under these rules.
    pub fn situation_position(
        &self,
        situation: &Situation<'_>,
    ) -> Result<TrioPosition, PositionError> {
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
        f64s_to_bytes(self.second_last.as_flattened(), &mut bytes);
        let last: Vec<f64> = self
            .last
            .iter()
            .flat_map(|o| [o.below, o.equal, o.above])
            .collect();
        f64s_to_bytes(&last, &mut bytes);
        bytes
    }

    fn from_payload(rules: Rules, mut bytes: &[u8]) -> Option<TrioSolution> {
        let shape = Shape::new(rules);
        let t = shape.target;
        let gaps = shape.max_score + 2;
        let triples = |v: Vec<f64>| -> Vec<[f64; 3]> {
            v.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect()
        };
        let open = f64s_from_bytes(&mut bytes, 9 * t * t * t)?;
        let second_last = f64s_from_bytes(&mut bytes, 3 * gaps * gaps)?;
        let last = f64s_from_bytes(&mut bytes, 3 * 2 * gaps)?;
        let in_range = |v: &f64| (0.0..=1.0).contains(v);
        let sums_to_one = |c: &[f64]| (c.iter().sum::<f64>() - 1.0).abs() < 1e-9;
        let sane = bytes.is_empty()
            && open.iter().all(in_range)
            && open.chunks_exact(3).all(sums_to_one)
            && last.iter().all(in_range)
            && second_last.iter().all(|v| v.is_nan() || in_range(v));
        if !sane {
            return None;
        }
        let last = last
            .chunks_exact(3)
            .map(|c| LastOdds {
                below: c[0],
                equal: c[1],
                above: c[2],
            })
            .collect();
        Some(TrioSolution::assemble(
            rules,
            TurnSpace::for_rules(rules),
            triples(open),
            triples(second_last),
            last,
            TrioStats {
                passes: 0,
                worst_residual: 0.0,
            },
        ))
    }

    /// Reads the solution from `cache`, or solves and stores it there.
    pub fn load_or_solve(
        rules: Rules,
        cache: Option<&TableCache>,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<(TrioSolution, Provenance), TrioError> {
        let mut replaced_damaged = false;
        if let Some(cache) = cache {
            let (payload, lookup) = cache.load(KIND, rules);
            if let Some(solution) = payload.and_then(|p| TrioSolution::from_payload(rules, &p)) {
                return Ok((solution, Provenance::Disk));
            }
            replaced_damaged = lookup != CacheLookup::Missing;
        }
        let solution = TrioSolution::solve(rules, progress)?;
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

/// A first guess at seat 0's values at `scores`: extrapolated (quadratically, else linearly) from
/// the triples with seat 2 one to three points higher (already solved), else the nearest solved
/// triple, else even chances.
fn initial_guess(values: &Values<'_>, [a, b, c]: [usize; 3]) -> [f64; 3] {
    let t = values.shape.target;
    let guess = if c + 3 < t {
        let (x1, x2, x3) = (
            values.open(0, [a, b, c + 1]),
            values.open(0, [a, b, c + 2]),
            values.open(0, [a, b, c + 3]),
        );
        std::array::from_fn(|j| (3.0 * x1[j] - 3.0 * x2[j] + x3[j]).clamp(0.0, 1.0))
    } else if c + 2 < t {
        let (x1, x2) = (values.open(0, [a, b, c + 1]), values.open(0, [a, b, c + 2]));
        std::array::from_fn(|j| (2.0 * x1[j] - x2[j]).clamp(0.0, 1.0))
    } else if c + 1 < t {
        values.open(0, [a, b, c + 1])
    } else if b + 1 < t {
        values.open(0, [a, b + 1, c])
    } else if a + 1 < t {
        values.open(0, [a + 1, b, c])
    } else {
        [1.0 / 3.0; 3]
    };
    let sum: f64 = guess.iter().sum();
    if sum > 0.0 {
        guess.map(|g| g / sum)
    } else {
        [1.0 / 3.0; 3]
    }
}

/// How many of seats 0 and 1 lead (a position naming no leader is read as seat 0 leading).
fn tied_count(leaders: [bool; 2]) -> usize {
    leaders.iter().filter(|&&l| l).count().max(1)
}

/// The cache file kind of three-player tables.
const KIND: &str = "trio";

/// The position of `seat` to play with banked `scores` in a three-player game under `rules`.
pub fn trio_position(
    rules: Rules,
    scores: &[Points],
    seat: usize,
) -> Result<TrioPosition, PositionError> {
    let scores = <[Points; 3]>::try_from(scores).map_err(|_| PositionError::Players {
        given: scores.len(),
        expected: 3,
    })?;
    if seat > 2 {
        return Err(PositionError::Seat { seat, last: 2 });
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
    let reached: Vec<usize> = (0..3).filter(|&s| scores[s] >= target).collect();
    let Some(&first) = reached.first() else {
        return Ok(TrioPosition::Open { seat, scores });
    };
    if rules.end() == EndRule::Immediate || first == 2 {
        return Err(over(first));
    }
    // The final round: only the seats after the first to reach the target still play, and a seat
    // after it that reached the target too has played its last turn.
    if seat <= first {
        return Err(PositionError::NotInFinalRound {
            seat,
            reached: first,
        });
    }
    // The mover and the seats after it have not played this round: had one of them reached the
    // target in an earlier round, that round would have ended the game.
    if let Some(done) = (seat..3).find(|&s| scores[s] >= target) {
        return Err(over(done));
    }
    match seat {
        1 => Ok(TrioPosition::SecondLast {
            behind: [scores[0] - scores[1], scores[0] - scores[2]],
        }),
        _ => {
            let best = scores[0].max(scores[1]);
            Ok(TrioPosition::Last {
                need: best - scores[2],
                leaders: [scores[0] == best, scores[1] == best],
            })
        }
    }
}

#[cfg(test)]
mod position_tests {
    use super::*;

    #[test]
    fn final_round_positions_that_cannot_occur_are_refused_not_wrapped() {
        let rules = Rules::official().with_target(12).unwrap();
        for (scores, seat) in [
            ([12, 3, 14], 1),
            ([12, 13, 3], 1),
            ([12, 3, 14], 2),
            ([3, 12, 13], 2),
        ] {
            assert!(
                matches!(
                    trio_position(rules, &scores, seat),
                    Err(PositionError::GameOver { .. })
                ),
                "{scores:?}, seat {seat}"
            );
        }
        assert!(matches!(
            trio_position(rules, &[12, 3, 5], 1),
            Ok(TrioPosition::SecondLast { behind: [9, 7] })
        ));
        assert!(matches!(
            trio_position(rules, &[12, 14, 5], 2),
            Ok(TrioPosition::Last {
                need: 9,
                leaders: [false, true]
            })
        ));
    }
}

static SOLUTIONS: SolutionMemo<TrioSolution> = SolutionMemo::new(KIND);

/// Whether the trio solution for `rules` is at hand: in this process's memory, or in the
/// user's disk cache (read in moments, where a solve takes seconds or minutes).
pub fn trio_at_hand(rules: Rules) -> bool {
    SOLUTIONS.at_hand(rules)
}

/// The three-player solution for `rules`: from this process's memory, else the user's disk
/// cache, else solved now (well under a minute for the official rules) and stored. `progress` is
/// called during a computation.
pub fn trio_with_progress(
    rules: Rules,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(Arc<TrioSolution>, Provenance), TrioError> {
    SOLUTIONS.get(rules, |cache| {
        TrioSolution::load_or_solve(rules, cache, progress)
    })
}

/// [`trio_with_progress`] without progress reports.
pub fn trio(rules: Rules) -> Result<Arc<TrioSolution>, TrioError> {
    Ok(trio_with_progress(rules, &|_| {})?.0)
}

#[cfg(test)]
mod tests;
