//! The backward pass: a utility of the final score turned into the value of every state.

use std::sync::{Arc, Mutex};

use martian_engine::{Points, Rules};

use super::{TurnSpace, TurnTable, clearly_better};

impl TurnSpace {
    /// Solves the turn for `utility` (indexed by the turn's final score, `max_score() + 1`
    /// entries): the best expected utility from every state.
    ///
    /// # Panics
    /// When `utility` has the wrong length.
    pub fn solve(self: &Arc<Self>, utility: &[f64]) -> TurnTable {
        let mut solver = TurnSolver::new(Arc::clone(self));
        solver.solve(utility)
    }

    /// [`TurnSpace::solve`] for a utility given as a function of the score.
    pub fn solve_with(self: &Arc<Self>, utility: impl Fn(Points) -> f64) -> TurnTable {
        let u: Vec<f64> = (0..=self.max_score()).map(utility).collect();
        self.solve(&u)
    }
}

/// A reusable solver: owns the scratch space, so repeated solves (one per game position) do not
/// allocate it again.
#[derive(Debug)]
pub struct TurnSolver {
    pub(super) space: Arc<TurnSpace>,
    pub(super) after: Vec<f64>,
    pub(super) after_zero: Vec<f64>,
    /// The values before rolling when no table is kept ([`TurnSolver::start_tracking_zero`]).
    pub(super) before: Vec<f64>,
}

/// Turn solvers kept for reuse across parallel loops: a loop's split borrows one and gives it
/// back when done, so a solve of many parallel steps allocates (and the system zeroes) each
/// thread's scratch once, not once per split.
#[derive(Debug)]
pub(crate) struct TurnSolverPool {
    space: Arc<TurnSpace>,
    idle: Mutex<Vec<TurnSolver>>,
}

/// A solver borrowed from a [`TurnSolverPool`], returned to it when dropped.
#[derive(Debug)]
pub(crate) struct LentSolver<'a> {
    pool: &'a TurnSolverPool,
    solver: Option<TurnSolver>,
}

impl TurnSolverPool {
    pub(crate) fn new(space: Arc<TurnSpace>) -> TurnSolverPool {
        TurnSolverPool {
            space,
            idle: Mutex::new(Vec::new()),
        }
    }

    pub(crate) fn lend(&self) -> LentSolver<'_> {
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        LentSolver {
            pool: self,
            solver: Some(idle.unwrap_or_else(|| TurnSolver::new(Arc::clone(&self.space)))),
        }
    }
}

impl std::ops::Deref for LentSolver<'_> {
    type Target = TurnSolver;

    fn deref(&self) -> &TurnSolver {
        self.solver.as_ref().expect("held until dropped")
    }
}

impl std::ops::DerefMut for LentSolver<'_> {
    fn deref_mut(&mut self) -> &mut TurnSolver {
        self.solver.as_mut().expect("held until dropped")
    }
}

impl Drop for LentSolver<'_> {
    fn drop(&mut self) {
        if let Some(solver) = self.solver.take() {
            self.pool
                .idle
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(solver);
        }
    }
}

/// What [`TurnSolver::solve_tracking_zero`] returns besides the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StartValue {
    pub value: f64,
    /// Probability that the turn scores 0 under the table's policy, from the start: the
    /// derivative of `value` with respect to `utility[0]`.
    pub zero: f64,
}

impl TurnSolver {
    pub fn new(space: Arc<TurnSpace>) -> TurnSolver {
        let len = space.dense_len;
        TurnSolver {
            space,
            after: vec![0.0; len],
            after_zero: Vec::new(),
            before: Vec::new(),
        }
    }

    pub fn space(&self) -> &Arc<TurnSpace> {
        &self.space
    }

    /// Solves the turn for `utility` (`max_score() + 1` entries, indexed by final score).
    pub fn solve(&mut self, utility: &[f64]) -> TurnTable {
        let mut before = vec![0.0; self.space.compact_len];
        self.run::<false>(utility, &mut before);
        TurnTable {
            space: Arc::clone(&self.space),
            utility: utility.into(),
            before: before.into(),
        }
    }

    /// Solves, and also returns the start value and the probability of a zero score under the
    /// optimal policy: the slope of the start value in `utility[0]`. Game solvers use it for
    /// Newton steps on the positions that repeat when a turn scores 0.
    pub fn solve_tracking_zero(&mut self, utility: &[f64]) -> (TurnTable, StartValue) {
        if self.after_zero.len() != self.after.len() {
            self.after_zero = vec![0.0; self.after.len()];
        }
        let mut before = vec![0.0; self.space.compact_len];
        let start = self.run::<true>(utility, &mut before);
        let table = TurnTable {
            space: Arc::clone(&self.space),
            utility: utility.into(),
            before: before.into(),
        };
        (table, start)
    }

    /// What [`TurnSolver::solve_tracking_zero`] returns besides the table, without building the
    /// table: for game solvers that keep values, and rebuild a position's table when asked.
    pub fn start_tracking_zero(&mut self, utility: &[f64]) -> StartValue {
        if self.after_zero.len() != self.after.len() {
            self.after_zero = vec![0.0; self.after.len()];
        }
        let mut before = std::mem::take(&mut self.before);
        before.resize(self.space.compact_len, 0.0);
        let start = self.run::<true>(utility, &mut before);
        self.before = before;
        start
    }

    pub(super) fn run<const ZERO: bool>(&mut self, u: &[f64], before: &mut [f64]) -> StartValue {
        let space = &*self.space;
        assert_eq!(
            u.len(),
            usize::from(space.max_score()) + 1,
            "the utility needs one value per score from 0 to {}",
            space.max_score()
        );
        let after = &mut self.after;
        let after_zero = &mut self.after_zero;
        // Level 0: the turn is over, worth the utility of its score.
        for taken in 0u8..=3 {
            for d in -1..=0 {
                for e in 0..=u32::from(space.dice) {
                    let i = space.dense(0, taken, d, e) as usize;
                    let score = space.score_of(d, taken, e);
                    after[i] = u[usize::from(score)];
                    if ZERO {
                        after_zero[i] = if score == 0 { 1.0 } else { 0.0 };
                    }
                }
            }
        }
        let mut start = StartValue {
            value: 0.0,
            zero: 0.0,
        };
        let mut acc = [0.0f64; Rules::MAX_DICE as usize + 1];
        let mut acc_zero = [0.0f64; Rules::MAX_DICE as usize + 1];
        for (r, row) in space.rows.iter().enumerate() {
            let count = usize::from(row.count);
            let step = usize::from(row.step);
            let acc = &mut acc[..count];
            let acc_zero = &mut acc_zero[..count];
            let (first, end) = space.plan_ranges[r];
            let plan = &space.plan[first as usize..end as usize];
            if row.lost {
                // Every state reached scores 0: each choice is worth `u[0]` (and scores 0 for
                // sure), so the sums are the same for the whole row, and stopping is as good.
                let (mut value, mut zero) = (0.0, 0.0);
                for o in plan {
                    value += o.p * u[0];
                    if ZERO {
                        zero += o.p * 1.0;
                    }
                }
                acc.fill(value);
                acc_zero.fill(zero);
            } else if count == 1 {
                // Most roll outcomes are seen from rows of one state (many dice left, few
                // aside): read their targets directly.
                let (mut value, mut zero) = (0.0, 0.0);
                for o in plan {
                    let first = o.at[0] as usize;
                    let mut best = after[first];
                    let mut best_zero = if ZERO { after_zero[first] } else { 0.0 };
                    let mut consider = |t: u32| {
                        let v = after[t as usize];
                        if ZERO {
                            if clearly_better(v, best) {
                                best = v;
                                best_zero = after_zero[t as usize];
                            }
                        } else {
                            best = if v > best { v } else { best };
                        }
                    };
                    // Unrolled: at most four choices, in tie order.
                    if o.len > 1 {
                        consider(o.at[1]);
                        if o.len > 2 {
                            consider(o.at[2]);
                            if o.len > 3 {
                                consider(o.at[3]);
                            }
                        }
                    }
                    value += o.p * best;
                    if ZERO {
                        zero += o.p * best_zero;
                    }
                }
                acc[0] = value;
                acc_zero[0] = zero;
            } else {
                acc.fill(0.0);
                if ZERO {
                    acc_zero.fill(0.0);
                }
                for o in plan {
                    let at = o.at.map(|a| a as usize);
                    let columns = Columns {
                        after,
                        after_zero,
                        p: o.p,
                    };
                    if step == 2 {
                        match o.len {
                            1 => columns.accumulate::<1, ZERO, 2>([at[0]], acc, acc_zero),
                            2 => columns.accumulate::<2, ZERO, 2>([at[0], at[1]], acc, acc_zero),
                            3 => columns.accumulate::<3, ZERO, 2>(
                                [at[0], at[1], at[2]],
                                acc,
                                acc_zero,
                            ),
                            _ => columns.accumulate::<4, ZERO, 2>(at, acc, acc_zero),
                        }
                    } else {
                        match o.len {
                            1 => columns.accumulate::<1, ZERO, 1>([at[0]], acc, acc_zero),
                            2 => columns.accumulate::<2, ZERO, 1>([at[0], at[1]], acc, acc_zero),
                            3 => columns.accumulate::<3, ZERO, 1>(
                                [at[0], at[1], at[2]],
                                acc,
                                acc_zero,
                            ),
                            _ => columns.accumulate::<4, ZERO, 1>(at, acc, acc_zero),
                        }
                    }
                }
            }
            let dense = row.dense as usize;
            let bonus = space.bonus_of(row.taken);
            for (i, (&value, &zero)) in acc.iter().zip(acc_zero.iter()).enumerate() {
                let score = if row.d < 0 {
                    0
                } else {
                    row.e_lo + (step * i) as u8 + bonus
                };
                let stop = u[usize::from(score)];
                let roll = clearly_better(value, stop);
                after[dense + step * i] = if roll { value } else { stop };
                if ZERO {
                    after_zero[dense + step * i] = if roll {
                        zero
                    } else if score == 0 {
                        1.0
                    } else {
                        0.0
                    };
                }
            }
            for &(i, id) in &space.valid[row.valid.0 as usize..row.valid.1 as usize] {
                before[id as usize] = acc[usize::from(i) / step];
            }
            if row.n == space.dice {
                start = StartValue {
                    value: acc[0],
                    zero: acc_zero[0],
                };
            }
        }
        start
    }
}

/// The values after the steps of one roll outcome, added into a row's accumulators.
pub(super) struct Columns<'a> {
    pub(super) after: &'a [f64],
    pub(super) after_zero: &'a [f64],
    pub(super) p: f64,
}

impl Columns<'_> {
    /// `acc[i] += p · max_k after[at[k] + STEP·i]` (and the zero-score probability of the chosen
    /// step, ties going to the earlier step as in [`TurnTable::best_take`]).
    #[inline(always)]
    pub(super) fn accumulate<const N: usize, const ZERO: bool, const STEP: usize>(
        &self,
        at: [usize; N],
        acc: &mut [f64],
        acc_zero: &mut [f64],
    ) {
        let count = acc.len();
        let span = STEP * (count - 1) + 1;
        let columns: [&[f64]; N] = at.map(|a| &self.after[a..a + span]);
        if ZERO {
            let zeros: [&[f64]; N] = at.map(|a| &self.after_zero[a..a + span]);
            for i in 0..count {
                let mut best = columns[0][STEP * i];
                let mut zero = zeros[0][STEP * i];
                for k in 1..N {
                    let v = columns[k][STEP * i];
                    if clearly_better(v, best) {
                        best = v;
                        zero = zeros[k][STEP * i];
                    }
                }
                acc[i] += self.p * best;
                acc_zero[i] += self.p * zero;
            }
        } else {
            for i in 0..count {
                let mut best = columns[0][STEP * i];
                for column in &columns[1..] {
                    // A plain comparison (not `f64::max`, whose NaN handling blocks vector
                    // code): the same value, since the values are never NaN.
                    let v = column[STEP * i];
                    best = if v > best { v } else { best };
                }
                acc[i] += self.p * best;
            }
        }
    }
}
