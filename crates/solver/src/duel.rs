//! Two players under optimal play: every position's win probability and every decision.
//!
//! A position is the two banked scores and the seat to play. Each player maximises its own
//! probability of winning; a tie for the most points after the last round is settled by the
//! roll-off, which each player wins with probability ½ by symmetry. Under the shared-victory
//! variant a shared win counts as **half a win** (so the two seats' values still sum to 1).
//!
//! A turn that scores 0 leaves the scores as they were, so the position of seat 0 at `(a, b)`
//! and that of seat 1 at `(a, b)` lead to each other: each such pair is solved together by
//! safeguarded Newton steps on seat 1's win probability (the slope is the product of the two
//! turns' probabilities of scoring 0, below 1), to within 1e-13 — or, where the turn solver's tie
//! rule makes the map jump across the diagonal, to a bracket narrower than that (see
//! [`crate::cycle`]). Every other move raises a score, so pairs are solved from the highest total
//! down, all pairs of one total in parallel.
//!
//! The solution keeps the two win probabilities of every position (16 bytes each, 16 MB at a
//! target of 999) and builds a position's turn table when it is first asked about.

use std::sync::{Arc, OnceLock};

use martian_engine::{Action, EndRule, Points, Rules, Situation, SolveLimit, SolvedGame};
use rayon::prelude::*;

use crate::cache::{CacheLookup, SolutionMemo, TableCache, f64s_from_bytes, f64s_to_bytes};
use crate::cycle::{Evaluation, fixed_point};
use crate::error::PositionError;
use crate::lazy::LazyTables;
use crate::turn::{ActionValues, TurnSolver, TurnSolverPool, TurnSpace, TurnTable};

/// What a tie counts for each tied player: the roll-off is won half of the time by symmetry; a
/// shared victory is counted as half a win.
pub const TIE_VALUE: f64 = 0.5;

/// The cycles are solved until seat 1's value moves by less than this.
const CYCLE_TOLERANCE: f64 = 1e-13;

/// Where a duel stands between two turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DuelPosition {
    /// `seat` is to play; both banked `scores` (in seat order) are below the target.
    Open { seat: usize, scores: [Points; 2] },
    /// Seat 1's last turn, seat 0 having reached the target (round completed): seat 1 wins with
    /// more than `need` points and ties with exactly `need`.
    LastTurn { need: Points },
}

/// How far a long computation has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

/// Where a solution came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Provenance {
    /// Already solved in this process.
    Memory,
    /// Read from the disk cache.
    Disk,
    /// Computed now (and stored, when a cache was given and writable).
    Computed {
        stored: bool,
        replaced_damaged: bool,
    },
}

/// How a duel solve went (zero for a solution read from the disk cache).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DuelStats {
    /// Turns solved for the open positions (two per evaluation of a pair's cycle).
    pub turn_solves: u64,
    /// The largest residual a pair was accepted with: at most 1e-13, unless the crossing fell
    /// into a jump of the turn solver's tie rule (then within it: about 1e-12 at most).
    pub worst_residual: f64,
}

/// The solved duel for one set of rules.
#[derive(Debug)]
pub struct DuelSolution {
    rules: Rules,
    space: Arc<TurnSpace>,
    /// The mover's win probability at `a * target + b` (seat 0 has `a`, seat 1 has `b`), per seat.
    win: [Vec<f64>; 2],
    /// Seat 1's win probability in its last turn, per `need` (`0..=max_score + 1`; more is as
    /// hopeless as `max_score + 1`).
    last: Vec<f64>,
    /// Per seat, the turn tables of the positions asked about (index as `win`).
    tables: [LazyTables; 2],
    last_tables: Vec<OnceLock<TurnTable>>,
    stats: DuelStats,
}

/// The turn utilities of positions, built from solved values.
struct Utilities<'a> {
    rules: Rules,
    max_score: usize,
    win: [&'a [f64]; 2],
    last: &'a [f64],
}

impl Utilities<'_> {
    fn target(&self) -> usize {
        usize::from(self.rules.target())
    }

    fn last_value(&self, need: usize) -> f64 {
        self.last.get(need).copied().unwrap_or(0.0)
    }

    /// Seat 0 plays at `(a, b)`; `stay` is its value if the turn scores 0.
    fn seat0(&self, a: usize, b: usize, stay: f64) -> Vec<f64> {
        let t = self.target();
        (0..=self.max_score)
            .map(|s| {
                let total = a + s;
                if s == 0 {
                    stay
                } else if total >= t {
                    match self.rules.end() {
                        EndRule::Immediate => 1.0,
                        EndRule::CompleteRound => 1.0 - self.last_value(total - b),
                    }
                } else {
                    1.0 - self.win[1][total * t + b]
                }
            })
            .collect()
    }

    /// Seat 1 plays at `(a, b)`, `a` below the target; `stay` is its value if the turn scores 0.
    fn seat1(&self, a: usize, b: usize, stay: f64) -> Vec<f64> {
        let t = self.target();
        (0..=self.max_score)
            .map(|s| {
                let total = b + s;
                if s == 0 {
                    stay
                } else if total >= t {
                    1.0
                } else {
                    1.0 - self.win[0][a * t + total]
                }
            })
            .collect()
    }

    /// Seat 1's last turn: more than `need` wins, `need` ties.
    fn last_turn(max_score: usize, need: usize) -> Vec<f64> {
        (0..=max_score)
            .map(|s| match s.cmp(&need) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => TIE_VALUE,
                std::cmp::Ordering::Less => 0.0,
            })
            .collect()
    }
}

/// Both seats' win probabilities at one pair of scores.
struct Pair {
    win0: f64,
    win1: f64,
    /// Evaluations of the cycle made, and the residual accepted.
    steps: u32,
    residual: f64,
}

/// Solves seat 0 and seat 1 at `(a, b)` together (they lead to each other through zero scores).
fn solve_pair(
    solver: &mut TurnSolver,
    utilities: &Utilities<'_>,
    a: usize,
    b: usize,
    guess: f64,
) -> Pair {
    // x: seat 1's win probability at (a, b) with seat 1 to play. Fixed point of
    // G(x) = F1(1 - F0(1 - x)), increasing with slope z0·z1 < 1.
    let cycle = |x: f64| {
        let start0 = solver.start_tracking_zero(&utilities.seat0(a, b, 1.0 - x));
        let start1 = solver.start_tracking_zero(&utilities.seat1(a, b, 1.0 - start0.value));
        Evaluation {
            value: start1.value,
            slope: start0.zero * start1.zero,
            result: start0.value,
        }
    };
    let found = fixed_point((0.0, 1.0), guess, |_| CYCLE_TOLERANCE, cycle);
    Pair {
        win0: found.result,
        win1: found.x,
        steps: found.steps,
        residual: found.residual.abs(),
    }
}

impl DuelSolution {
    /// Solves the duel for `rules`, calling `progress` as positions are done. Pure computation:
    /// see [`duel`] for the cached version, which refuses rules beyond the limits of
    /// [`SolvedGame::Duel`] (this takes them, and time in proportion).
    pub fn solve(rules: Rules, progress: &(dyn Fn(Progress) + Sync)) -> DuelSolution {
        let space = TurnSpace::for_rules(rules);
        let max_score = usize::from(space.max_score());
        let t = usize::from(rules.target());
        let total_work = (t * t + max_score + 2) as u64;
        let mut done = 0u64;

        let solvers = TurnSolverPool::new(Arc::clone(&space));
        let mut last_tables = Vec::new();
        let mut last = Vec::new();
        if rules.end() == EndRule::CompleteRound {
            let solved: Vec<TurnTable> = (0..=max_score + 1)
                .into_par_iter()
                .map_init(
                    || solvers.lend(),
                    |solver, need| solver.solve(&Utilities::last_turn(max_score, need)),
                )
                .collect();
            last = solved.iter().map(TurnTable::start_value).collect();
            last_tables = solved.into_iter().map(OnceLock::from).collect();
        }
        done += (max_score + 2) as u64;
        progress(Progress {
            done,
            total: total_work,
        });

        let mut win = [vec![f64::NAN; t * t], vec![f64::NAN; t * t]];
        let mut stats = DuelStats::default();
        for total in (0..=2 * (t - 1)).rev() {
            let first = total.saturating_sub(t - 1);
            let last_a = total.min(t - 1);
            let utilities = Utilities {
                rules,
                max_score,
                win: [&win[0], &win[1]],
                last: &last,
            };
            let pairs: Vec<(usize, Pair)> = (first..=last_a)
                .into_par_iter()
                .map_init(
                    || solvers.lend(),
                    |solver, a| {
                        let b = total - a;
                        // Seat 1's values with seat 0 one and two points higher, extrapolated,
                        // make a close first guess.
                        let w1 = |a: usize| utilities.win[1][a * t + b];
                        let guess = match (a + 1 < t, a + 2 < t) {
                            (true, true) => 2.0 * w1(a + 1) - w1(a + 2),
                            (true, false) => w1(a + 1),
                            _ => 0.5,
                        };
                        (a, solve_pair(solver, &utilities, a, b, guess))
                    },
                )
                .collect();
            for (a, pair) in pairs {
                let i = a * t + (total - a);
                win[0][i] = pair.win0;
                win[1][i] = pair.win1;
                stats.turn_solves += 2 * u64::from(pair.steps);
                stats.worst_residual = stats.worst_residual.max(pair.residual);
                done += 1;
            }
            progress(Progress {
                done,
                total: total_work,
            });
        }
        DuelSolution {
            rules,
            space,
            win,
            last,
            tables: [LazyTables::new(t * t), LazyTables::new(t * t)],
            last_tables,
            stats,
        }
    }

    /// How the solve went (zero when the solution was read from the disk cache).
    pub fn stats(&self) -> DuelStats {
        self.stats
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    fn target(&self) -> usize {
        usize::from(self.rules.target())
    }

    /// The position of `seat` to play with banked `scores`, checked.
    pub fn position(&self, scores: &[Points], seat: usize) -> Result<DuelPosition, PositionError> {
        duel_position(self.rules, scores, seat)
    }

    /// The probability that the seat to play in `position` wins.
    pub fn mover_win(&self, position: DuelPosition) -> f64 {
        let t = self.target();
        match position {
            DuelPosition::Open { seat, scores } => {
                self.win[seat][usize::from(scores[0]) * t + usize::from(scores[1])]
            }
            DuelPosition::LastTurn { need } => {
                self.last.get(usize::from(need)).copied().unwrap_or(0.0)
            }
        }
    }

    /// Each seat's probability of winning from `position` (they sum to 1).
    pub fn seat_wins(&self, position: DuelPosition) -> [f64; 2] {
        let mover = self.mover_win(position);
        match position {
            DuelPosition::Open { seat: 0, .. } => [mover, 1.0 - mover],
            _ => [1.0 - mover, mover],
        }
    }

    /// Each seat's probability of winning the game from its start.
    pub fn game_wins(&self) -> [f64; 2] {
        self.seat_wins(DuelPosition::Open {
            seat: 0,
            scores: [0, 0],
        })
    }

    /// The optimal turn of the player to play in `position` (its utility: the probability of
    /// winning after banking each score). Built on first use when the solution came from disk.
    pub fn table(&self, position: DuelPosition) -> &TurnTable {
        let t = self.target();
        let utilities = Utilities {
            rules: self.rules,
            max_score: usize::from(self.space.max_score()),
            win: [&self.win[0], &self.win[1]],
            last: &self.last,
        };
        match position {
            DuelPosition::Open { seat, scores } => {
                let (a, b) = (usize::from(scores[0]), usize::from(scores[1]));
                let i = a * t + b;
                self.tables[seat].get_or_init(i, || {
                    let u = if seat == 0 {
                        utilities.seat0(a, b, 1.0 - self.win[1][i])
                    } else {
                        utilities.seat1(a, b, 1.0 - self.win[0][i])
                    };
                    self.space.solve(&u)
                })
            }
            DuelPosition::LastTurn { need } => {
                // Beyond the best possible turn every need is hopeless alike.
                let max_score = usize::from(self.space.max_score());
                let need = usize::from(need).min(max_score + 1);
                self.last_tables[need]
                    .get_or_init(|| self.space.solve(&Utilities::last_turn(max_score, need)))
            }
        }
    }

    /// The position of a situation from a duel under these rules.
    pub fn situation_position(
        &self,
        situation: &Situation<'_>,
    ) -> Result<DuelPosition, PositionError> {
        if situation.rules != self.rules || situation.turn.rules() != self.rules {
            return Err(PositionError::RulesMismatch);
        }
        self.position(situation.scores, situation.seat)
    }

    /// The optimal decision in `situation` (`None` when it awaits no decision).
    #[inline]
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
        let mut bytes = Vec::with_capacity(8 * (2 * self.win[0].len() + self.last.len()));
        f64s_to_bytes(&self.win[0], &mut bytes);
        f64s_to_bytes(&self.win[1], &mut bytes);
        f64s_to_bytes(&self.last, &mut bytes);
        bytes
    }

    fn from_payload(rules: Rules, mut bytes: &[u8]) -> Option<DuelSolution> {
        let space = TurnSpace::for_rules(rules);
        let t = usize::from(rules.target());
        let last_len = match rules.end() {
            EndRule::CompleteRound => usize::from(space.max_score()) + 2,
            EndRule::Immediate => 0,
        };
        let win0 = f64s_from_bytes(&mut bytes, t * t)?;
        let win1 = f64s_from_bytes(&mut bytes, t * t)?;
        let last = f64s_from_bytes(&mut bytes, last_len)?;
        let sane = |v: &f64| (0.0..=1.0).contains(v);
        if !bytes.is_empty() || ![&win0, &win1, &last].iter().all(|v| v.iter().all(sane)) {
            return None;
        }
        Some(DuelSolution {
            rules,
            space,
            win: [win0, win1],
            last_tables: (0..last.len()).map(|_| OnceLock::new()).collect(),
            last,
            tables: [LazyTables::new(t * t), LazyTables::new(t * t)],
            stats: DuelStats::default(),
        })
    }

    /// Reads the solution from `cache`, or solves and stores it there.
    pub fn load_or_solve(
        rules: Rules,
        cache: Option<&TableCache>,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> (DuelSolution, Provenance) {
        let mut replaced_damaged = false;
        if let Some(cache) = cache {
            let (payload, lookup) = cache.load(KIND, rules);
            if let Some(solution) = payload.and_then(|p| DuelSolution::from_payload(rules, &p)) {
                return (solution, Provenance::Disk);
            }
            replaced_damaged = lookup != CacheLookup::Missing;
        }
        let solution = DuelSolution::solve(rules, progress);
        let stored = cache.is_some_and(|c| c.store(KIND, rules, &solution.payload()).is_ok());
        (
            solution,
            Provenance::Computed {
                stored,
                replaced_damaged,
            },
        )
    }
}

/// The cache file kind of duel tables.
const KIND: &str = "duel";

/// The position of `seat` to play with banked `scores` in a duel under `rules`, checked.
pub fn duel_position(
    rules: Rules,
    scores: &[Points],
    seat: usize,
) -> Result<DuelPosition, PositionError> {
    let [s0, s1] = <[Points; 2]>::try_from(scores).map_err(|_| PositionError::Players {
        given: scores.len(),
        expected: 2,
    })?;
    if seat > 1 {
        return Err(PositionError::Seat { seat, last: 1 });
    }
    let target = rules.target();
    let over = |seat: usize, score: Points| PositionError::GameOver {
        seat,
        score,
        target,
        rule: match rules.end() {
            EndRule::CompleteRound => "round completed",
            EndRule::Immediate => "immediate end",
        },
    };
    if s1 >= target {
        return Err(over(1, s1));
    }
    if s0 >= target {
        return match (rules.end(), seat) {
            (EndRule::CompleteRound, 1) => Ok(DuelPosition::LastTurn { need: s0 - s1 }),
            _ => Err(over(0, s0)),
        };
    }
    Ok(DuelPosition::Open {
        seat,
        scores: [s0, s1],
    })
}

static SOLUTIONS: SolutionMemo<DuelSolution> = SolutionMemo::new(KIND);

/// Whether the duel solution for `rules` is at hand: in this process's memory, or in the
/// user's disk cache (read in moments, where a solve takes seconds or minutes).
pub fn duel_at_hand(rules: Rules) -> bool {
    SOLUTIONS.at_hand(rules)
}

/// The duel solution for `rules`: from this process's memory, else the user's disk cache, else
/// solved now (about a second for the official rules, ten minutes at the limit) and stored.
/// `progress` is called during a computation. `Err` beyond the limits of
/// [`SolvedGame::Duel`].
pub fn duel_with_progress(
    rules: Rules,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(Arc<DuelSolution>, Provenance), SolveLimit> {
    SolvedGame::Duel.check(rules)?;
    SOLUTIONS.get(rules, |cache| {
        Ok(DuelSolution::load_or_solve(rules, cache, progress))
    })
}

/// [`duel_with_progress`] without progress reports.
pub fn duel(rules: Rules) -> Result<Arc<DuelSolution>, SolveLimit> {
    Ok(duel_with_progress(rules, &|_| {})?.0)
}

#[cfg(test)]
mod tests;
