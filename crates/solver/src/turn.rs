//! The optimal play of one turn for any utility of the turn's final score.
//!
//! A turn is a finite DAG: every take sets aside at least one die. What matters about the dice set
//! aside is captured exactly by a *compact state*:
//! - `n`, the dice left to roll;
//! - `d`, death rays minus tanks, clamped to `-(n+1)..=n` (with `d ≥ n` the tanks can never catch
//!   up; with `d < -n` the rays never can, so the turn is certainly a bust);
//! - how many earthling types are taken (0–3): the three types play alike (one side each, the
//!   bonus needs all or any of them), so which ones are taken does not matter, only how many;
//! - `e`, how many earthlings are aside.
//!
//! The score is 0 when `d < 0`, else `e` plus the bonus (earned by the number of types taken),
//! and the future depends on nothing else. The tests check this equivalence exhaustively against a recursion over engine
//! [`Turn`]s for up to 6 dice.
//!
//! [`TurnSpace`] holds the states and roll outcomes of a number of dice and a bonus reading;
//! [`TurnSpace::solve`] turns a utility into a [`TurnTable`], whose lookups are a few array reads.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

mod ending;

pub use ending::{Ending, TurnLedger};

use martian_engine::{
    Action, BONUS_POINTS, BonusRule, Dice, Face, FaceSet, Points, Rules, Turn, TurnPhase,
};

/// Values closer than this (relative to their size) are treated as equal when choosing an action,
/// so that decisions do not hinge on rounding: ties go to stopping, then to death rays, then to the
/// earthling type with the most dice.
const TIE: f64 = 1e-12;

/// Whether `candidate` is better than `incumbent` by more than rounding noise.
#[inline]
fn clearly_better(candidate: f64, incumbent: f64) -> bool {
    candidate > incumbent + TIE * incumbent.abs().max(1.0)
}

/// The earthling faces.
const EARTHLINGS: [Face; 3] = Face::EARTHLINGS;

/// One choice open after a roll: where it leads, as an offset rule into the level of `n` dice left.
#[derive(Clone, Copy, Debug)]
struct Step {
    /// Start of the block of (`n`, `taken`) in the dense layout.
    base: u32,
    /// Dice left after the choice.
    n: u8,
    /// Change of rays minus tanks (tanks of the roll, plus rays taken).
    delta: i8,
    /// Earthlings added.
    add_e: u8,
    /// Earthling types taken after the choice.
    taken: u8,
}

/// A roll of `n` dice seen from a state with `taken` earthling types taken: earthlings of taken
/// types are lumped together, since they can only go back, and the free types are interchangeable. `steps` are the choices in the order R, H, C, K (or the single
/// pseudo-step that ends the turn).
#[derive(Clone, Copy, Debug)]
struct Outcome {
    p: f64,
    steps: [Step; 4],
    len: u8,
}

impl Outcome {
    #[inline]
    fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }
}

/// A state of a level, in the dense layout and in the compact numbering.
#[derive(Clone, Copy, Debug)]
struct StateRef {
    d: i8,
    e: u8,
}

/// The states of one `(n, taken, d)` with consecutive earthling counts `e_lo..e_lo + width`:
/// solved together, so that the inner loop runs over contiguous memory. Some counts in the range
/// may be unreachable (parity): they are computed and ignored.
#[derive(Clone, Copy, Debug)]
struct Row {
    n: u8,
    taken: u8,
    d: i8,
    e_lo: u8,
    width: u8,
    /// Dense index of `(n, taken, d, e_lo)`.
    dense: u32,
    /// The row's reachable states, in `valid`: `(e - e_lo, compact number)`.
    valid: (u32, u32),
}

/// The compact turn states and the roll outcomes for a number of dice and a bonus reading. Shared
/// by every table built for them: see [`TurnSpace::shared`].
#[derive(Debug)]
pub struct TurnSpace {
    dice: u8,
    bonus: BonusRule,
    /// Stride of `e` in the dense layout: `dice + 1`.
    e_stride: u32,
    /// Start of each level `n` (dice left) in the dense layout `[n][taken][d + n + 1][e]`.
    level_base: Vec<u32>,
    dense_len: usize,
    /// Dense index → compact state number (levels `n ≥ 1` only), or `u32::MAX`.
    compact: Vec<u32>,
    /// Valid states per level `n ≥ 1` and types taken, in compact order: `states[n * 4 + taken]`.
    states: Vec<Vec<StateRef>>,
    /// First compact number of each `(n, taken)` group.
    group_start: Vec<u32>,
    compact_len: usize,
    /// Every row of states with dice left, by increasing `n`.
    rows: Vec<Row>,
    valid: Vec<(u8, u32)>,
    /// Roll outcomes per `n * 4 + taken`; each outcome's steps: rays first, then earthlings by
    /// decreasing count.
    outcomes: Vec<Vec<Outcome>>,
}

impl TurnSpace {
    /// The space for `dice` dice (1–30) and a bonus reading, built afresh. Prefer
    /// [`TurnSpace::shared`], which builds each space once per process.
    ///
    /// # Panics
    /// When `dice` is not from 1 to 30.
    pub fn new(dice: u8, bonus: BonusRule) -> TurnSpace {
        assert!(
            (Rules::MIN_DICE..=Rules::MAX_DICE).contains(&dice),
            "{dice} dice is out of range"
        );
        let e_stride = u32::from(dice) + 1;
        let mut level_base = Vec::with_capacity(usize::from(dice) + 1);
        let mut next = 0u32;
        for n in 0..=u32::from(dice) {
            level_base.push(next);
            next += 4 * (2 * n + 2) * e_stride;
        }
        let dense_len = next as usize;
        let mut space = TurnSpace {
            dice,
            bonus,
            e_stride,
            level_base,
            dense_len,
            compact: vec![u32::MAX; dense_len],
            states: vec![Vec::new(); (usize::from(dice) + 1) * 4],
            group_start: vec![0; (usize::from(dice) + 1) * 4],
            compact_len: 0,
            rows: Vec::new(),
            valid: Vec::new(),
            outcomes: vec![Vec::new(); (usize::from(dice) + 1) * 4],
        };
        space.enumerate_states();
        space.enumerate_outcomes();
        space
    }

    /// The space for `dice` and `bonus`, built once per process and shared.
    pub fn shared(dice: u8, bonus: BonusRule) -> Arc<TurnSpace> {
        type Spaces = Mutex<HashMap<(u8, BonusRule), Arc<TurnSpace>>>;
        static SPACES: OnceLock<Spaces> = OnceLock::new();
        let spaces = SPACES.get_or_init(Default::default);
        let mut map = spaces.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(
            map.entry((dice, bonus))
                .or_insert_with(|| Arc::new(TurnSpace::new(dice, bonus))),
        )
    }

    /// The space for the dice and bonus reading of `rules`, shared.
    pub fn for_rules(rules: Rules) -> Arc<TurnSpace> {
        TurnSpace::shared(rules.dice(), rules.bonus())
    }

    pub fn dice(&self) -> u8 {
        self.dice
    }

    pub fn bonus(&self) -> BonusRule {
        self.bonus
    }

    /// The highest score a turn can make: every die an earthling, plus the bonus.
    pub fn max_score(&self) -> Points {
        Points::from(self.dice) + BONUS_POINTS
    }

    /// How many compact states with dice left to roll there are.
    pub fn state_count(&self) -> usize {
        self.compact_len
    }

    /// The work of one turn solve, machine-independent: the values read by its inner loop (each
    /// state of each row, for each roll outcome, one per choice). Solving time is proportional
    /// to it; the game solvers' limits are stated in it.
    pub fn work(&self) -> u64 {
        self.rows
            .iter()
            .map(|row| {
                let outcomes = &self.outcomes[usize::from(row.n) * 4 + usize::from(row.taken)];
                let steps: u64 = outcomes.iter().map(|o| u64::from(o.len)).sum();
                steps * u64::from(row.width)
            })
            .sum()
    }

    #[inline]
    fn bonus_of(&self, taken: u8) -> u8 {
        let earned = match self.bonus {
            BonusRule::OneOfEach => taken == 3,
            BonusRule::AnyEarthling => taken > 0,
        };
        if earned { BONUS_POINTS as u8 } else { 0 }
    }

    #[inline]
    fn score_of(&self, d: i32, taken: u8, e: u32) -> u8 {
        if d < 0 {
            0
        } else {
            e as u8 + self.bonus_of(taken)
        }
    }

    #[inline]
    fn block(&self, n: u8, taken: u8) -> u32 {
        self.level_base[usize::from(n)] + u32::from(taken) * (2 * u32::from(n) + 2) * self.e_stride
    }

    #[inline]
    fn clamp_d(d: i32, n: u8) -> i32 {
        d.clamp(-(i32::from(n) + 1), i32::from(n))
    }

    /// Dense index of a state whose `d` is already clamped.
    #[inline]
    fn dense(&self, n: u8, taken: u8, d: i32, e: u32) -> u32 {
        self.block(n, taken) + (d + i32::from(n) + 1) as u32 * self.e_stride + e
    }

    fn enumerate_states(&mut self) {
        let dice = self.dice;
        let mut id = 0u32;
        for n in 1..=dice {
            let aside = u32::from(dice - n);
            for taken in 0u8..=3 {
                self.group_start[usize::from(n) * 4 + usize::from(taken)] = id;
                let mut group = Vec::new();
                for dc in -(i32::from(n) + 1)..=i32::from(n) {
                    let row_start = self.valid.len();
                    for e in 0..=aside {
                        if (e == 0) != (taken == 0) || u32::from(taken) > e {
                            continue;
                        }
                        let rest = (aside - e) as i32;
                        // Some rays − tanks in -rest..=rest of the right parity clamps to dc.
                        let reachable = (-rest..=rest)
                            .step_by(2)
                            .any(|d| TurnSpace::clamp_d(d, n) == dc);
                        if !reachable {
                            continue;
                        }
                        let dense = self.dense(n, taken, dc, e);
                        self.compact[dense as usize] = id;
                        self.valid.push((e as u8, id));
                        group.push(StateRef {
                            d: dc as i8,
                            e: e as u8,
                        });
                        id += 1;
                    }
                    let row = &mut self.valid[row_start..];
                    if let (Some(&(e_lo, _)), Some(&(e_hi, _))) = (row.first(), row.last()) {
                        row.iter_mut().for_each(|(e, _)| *e -= e_lo);
                        self.rows.push(Row {
                            n,
                            taken,
                            d: dc as i8,
                            e_lo,
                            width: e_hi - e_lo + 1,
                            dense: self.dense(n, taken, dc, u32::from(e_lo)),
                            valid: (row_start as u32, self.valid.len() as u32),
                        });
                    }
                }
                self.states[usize::from(n) * 4 + usize::from(taken)] = group;
            }
        }
        self.compact_len = id as usize;
    }

    fn enumerate_outcomes(&mut self) {
        for n in 1..=self.dice {
            for taken in 0u8..=3 {
                let free = usize::from(3 - taken);
                // Classes: tanks, rays, the free earthling types, then the taken types lumped
                // together (if any): they can only go back.
                let classes = 2 + free + usize::from(taken > 0);
                let mut sides = [1u32, 2, 1, 1, 1, 1];
                sides[classes - 1] = if taken > 0 { u32::from(taken) } else { 1 };
                let sides = &sides[..classes];
                let mut list = Vec::new();
                let mut counts = [0u8; 6];
                let counts = &mut counts[..classes];
                for_each_composition(n, sides, counts, 0, factorial(n), &mut |counts, p| {
                    // The free types are interchangeable: keep one order of their counts (non-
                    // increasing) and weigh it by the number of orders it stands for.
                    let frees = &counts[2..2 + free];
                    if !frees.is_sorted_by(|a, b| a >= b) {
                        return;
                    }
                    let orders = match frees {
                        [a, b, c] if a == b && b == c => 1.0,
                        [a, b, c] if a == b || b == c => 3.0,
                        [_, _, _] => 6.0,
                        [a, b] if a == b => 1.0,
                        [_, _] => 2.0,
                        _ => 1.0,
                    };
                    let tanks = counts[0];
                    let rays = counts[1];
                    let mut outcome = Outcome {
                        p: p * orders,
                        steps: [Step {
                            base: 0,
                            n: 0,
                            delta: 0,
                            add_e: 0,
                            taken: 0,
                        }; 4],
                        len: 0,
                    };
                    let mut push = |space: &TurnSpace, out: u8, delta: i8, add_e: u8, taken: u8| {
                        let left = n - out;
                        outcome.steps[usize::from(outcome.len)] = Step {
                            base: space.block(left, taken),
                            n: left,
                            delta,
                            add_e,
                            taken,
                        };
                        outcome.len += 1;
                    };
                    if rays > 0 {
                        push(self, tanks + rays, rays as i8 - tanks as i8, 0, taken);
                    }
                    // Equal counts of two free types lead to the same state: one step each.
                    let mut previous = 0;
                    for &c in frees {
                        if c > 0 && c != previous {
                            push(self, tanks + c, -(tanks as i8), c, taken + 1);
                        }
                        previous = c;
                    }
                    if outcome.len == 0 {
                        // No choice: the turn ends with the tanks added. Level 0 holds the final
                        // utilities.
                        outcome.steps[0] = Step {
                            base: self.block(0, taken),
                            n: 0,
                            delta: -(tanks as i8),
                            add_e: 0,
                            taken,
                        };
                        outcome.len = 1;
                    }
                    list.push(outcome);
                });
                self.outcomes[usize::from(n) * 4 + usize::from(taken)] = list;
            }
        }
    }

    /// Dense index of the target of `step` from a state `(d, e)`.
    #[inline]
    fn target(&self, step: &Step, d: i8, e: u8) -> usize {
        let dd = TurnSpace::clamp_d(i32::from(d) + i32::from(step.delta), step.n);
        (step.base
            + (dd + i32::from(step.n) + 1) as u32 * self.e_stride
            + u32::from(e + step.add_e)) as usize
    }

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

    /// The compact key of the dice set aside.
    #[inline]
    fn key(&self, aside: Dice) -> Key {
        let n = self.dice - aside.total();
        let taken = EARTHLINGS
            .iter()
            .filter(|&&face| aside.count(face) > 0)
            .count() as u8;
        let d = i32::from(aside.count(Face::DeathRay)) - i32::from(aside.count(Face::Tank));
        let d = TurnSpace::clamp_d(d, n);
        Key {
            n,
            taken,
            d,
            e: u32::from(aside.earthlings()),
        }
    }
}

/// A compact state in unpacked form.
#[derive(Clone, Copy, Debug)]
struct Key {
    n: u8,
    taken: u8,
    d: i32,
    e: u32,
}

/// Calls `f` with every way to spread `n` dice over `counts.len()` classes, and its probability
/// when class `i` covers `sides[i]` of the six sides: `weight` (`n!` at the top) times
/// `(sides[i] / 6)^counts[i] / counts[i]!` for every class, built up class by class.
fn for_each_composition(
    n: u8,
    sides: &[u32],
    counts: &mut [u8],
    at: usize,
    weight: f64,
    f: &mut impl FnMut(&[u8], f64),
) {
    let share = f64::from(sides[at]) / 6.0;
    if at + 1 == counts.len() {
        counts[at] = n;
        f(counts, weight * share.powi(i32::from(n)) / factorial(n));
        return;
    }
    let mut term = weight;
    for k in 0..=n {
        counts[at] = k;
        for_each_composition(n - k, sides, counts, at + 1, term, f);
        term *= share / f64::from(k + 1);
    }
}

/// `k!` for every `k` up to the most dice, as floating point (exact up to 22!, then within
/// rounding).
fn factorial(k: u8) -> f64 {
    (1..=u32::from(k)).map(f64::from).product()
}

/// A reusable solver: owns the scratch space, so repeated solves (one per game position) do not
/// allocate it again.
#[derive(Debug)]
pub struct TurnSolver {
    space: Arc<TurnSpace>,
    after: Vec<f64>,
    after_zero: Vec<f64>,
    /// The values before rolling when no table is kept ([`TurnSolver::start_tracking_zero`]).
    before: Vec<f64>,
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

    fn run<const ZERO: bool>(&mut self, u: &[f64], before: &mut [f64]) -> StartValue {
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
        for row in &space.rows {
            let width = usize::from(row.width);
            let acc = &mut acc[..width];
            let acc_zero = &mut acc_zero[..width];
            acc.fill(0.0);
            if ZERO {
                acc_zero.fill(0.0);
            }
            for o in &space.outcomes[usize::from(row.n) * 4 + usize::from(row.taken)] {
                let steps = o.steps();
                let mut at = [0usize; 4];
                for (slot, step) in at.iter_mut().zip(steps) {
                    *slot = space.target(step, row.d, row.e_lo);
                }
                let columns = Columns {
                    after,
                    after_zero,
                    p: o.p,
                };
                match steps.len() {
                    1 => columns.accumulate::<1, ZERO>([at[0]], acc, acc_zero),
                    2 => columns.accumulate::<2, ZERO>([at[0], at[1]], acc, acc_zero),
                    3 => columns.accumulate::<3, ZERO>([at[0], at[1], at[2]], acc, acc_zero),
                    _ => columns.accumulate::<4, ZERO>(at, acc, acc_zero),
                }
            }
            let dense = row.dense as usize;
            let bonus = space.bonus_of(row.taken);
            for (i, (&value, &zero)) in acc.iter().zip(acc_zero.iter()).enumerate() {
                let score = if row.d < 0 {
                    0
                } else {
                    row.e_lo + i as u8 + bonus
                };
                let stop = u[usize::from(score)];
                let roll = clearly_better(value, stop);
                after[dense + i] = if roll { value } else { stop };
                if ZERO {
                    after_zero[dense + i] = if roll {
                        zero
                    } else if score == 0 {
                        1.0
                    } else {
                        0.0
                    };
                }
            }
            for &(i, id) in &space.valid[row.valid.0 as usize..row.valid.1 as usize] {
                before[id as usize] = acc[usize::from(i)];
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
struct Columns<'a> {
    after: &'a [f64],
    after_zero: &'a [f64],
    p: f64,
}

impl Columns<'_> {
    /// `acc[i] += p · max_k after[at[k] + i]` (and the zero-score probability of the chosen step,
    /// ties going to the earlier step as in [`TurnTable::best_take`]).
    #[inline(always)]
    fn accumulate<const N: usize, const ZERO: bool>(
        &self,
        at: [usize; N],
        acc: &mut [f64],
        acc_zero: &mut [f64],
    ) {
        let width = acc.len();
        let columns: [&[f64]; N] = at.map(|a| &self.after[a..a + width]);
        if ZERO {
            let zeros: [&[f64]; N] = at.map(|a| &self.after_zero[a..a + width]);
            for i in 0..width {
                let mut best = columns[0][i];
                let mut zero = zeros[0][i];
                for k in 1..N {
                    let v = columns[k][i];
                    if clearly_better(v, best) {
                        best = v;
                        zero = zeros[k][i];
                    }
                }
                acc[i] += self.p * best;
                acc_zero[i] += self.p * zero;
            }
        } else {
            for i in 0..width {
                let mut best = columns[0][i];
                for column in &columns[1..] {
                    best = best.max(column[i]);
                }
                acc[i] += self.p * best;
            }
        }
    }
}

/// The optimal play of a turn for one utility: values of every state and the best decisions.
///
/// Dice are given as the engine gives them: `aside` is [`Turn::aside`] (while a roll awaits a
/// choice, its tanks are already in it) and `roll` is [`Turn::pending_roll`] (tanks included).
/// Lookups read a few array entries and never allocate.
///
/// ```
/// use martian_engine::{Dice, Face, Rules};
/// use martian_solver::expected_score_table;
/// let table = expected_score_table(Rules::official());
/// assert!((table.start_value() - 3.11).abs() < 0.005);
/// let aside: Dice = "5C".parse().unwrap();
/// let roll: Dice = "RRRRHHHH".parse().unwrap();
/// assert_eq!(table.best_take(aside, roll).map(|(f, _)| f), Some(Face::Human));
/// ```
#[derive(Clone, Debug)]
pub struct TurnTable {
    space: Arc<TurnSpace>,
    utility: Box<[f64]>,
    /// Value before rolling, per compact state.
    before: Box<[f64]>,
}

/// The values of the actions open in a turn state, in the order R, H, C, K or stop, roll.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ActionValues {
    items: [Option<(Action, f64)>; 4],
    len: u8,
    best: Option<(Action, f64)>,
}

impl ActionValues {
    fn push(&mut self, action: Action, value: f64) {
        self.items[usize::from(self.len)] = Some((action, value));
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn iter(&self) -> impl Iterator<Item = (Action, f64)> + '_ {
        self.items[..self.len()].iter().flatten().copied()
    }

    /// The best action (ties broken as in [`TurnTable::best_action`]) and its value.
    pub fn best(&self) -> Option<(Action, f64)> {
        self.best
    }
}

/// How a turn ends from some point on, under a table's policy.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnOutlook {
    /// The probability of each final score, `0..=max_score()`.
    pub scores: Vec<f64>,
    /// The probability that the turn ends with more tanks than death rays set aside (and
    /// scores 0 for it).
    pub tanks_ahead: f64,
}

impl TurnOutlook {
    /// The expected final score.
    pub fn mean(&self) -> f64 {
        self.scores
            .iter()
            .enumerate()
            .map(|(score, p)| score as f64 * p)
            .sum()
    }

    /// The expected final score of the endings where the death rays hold (`None` when the
    /// tanks are certain to end ahead).
    pub fn mean_when_rays_hold(&self) -> Option<f64> {
        let hold = 1.0 - self.tanks_ahead;
        // Endings with the tanks ahead all score 0: they add nothing to the mean.
        (hold > 1e-15).then(|| self.mean() / hold)
    }

    /// The probability that the turn scores something.
    pub fn scores_something(&self) -> f64 {
        self.scores[1..].iter().sum()
    }
}

impl TurnTable {
    /// The number of dice the table was built for.
    pub fn dice(&self) -> u8 {
        self.space.dice
    }

    pub fn space(&self) -> &Arc<TurnSpace> {
        &self.space
    }

    /// The utility of ending the turn with `score`.
    #[inline]
    pub fn utility(&self, score: Points) -> f64 {
        self.utility[usize::from(score)]
    }

    /// The whole utility, indexed by score.
    pub fn utilities(&self) -> &[f64] {
        &self.utility
    }

    #[inline]
    fn score_of(&self, key: Key) -> u8 {
        self.space.score_of(key.d, key.taken, key.e)
    }

    /// Value before rolling in state `key` (which must have dice left).
    #[inline]
    fn before_of(&self, key: Key) -> f64 {
        let dense = self.space.dense(key.n, key.taken, key.d, key.e) as usize;
        let id = self.space.compact[dense];
        debug_assert!(id != u32::MAX, "not a turn state: {key:?}");
        self.before[id as usize]
    }

    /// The value of the turn before any roll: all dice to roll, nothing aside.
    pub fn start_value(&self) -> f64 {
        self.value_to_roll(Dice::EMPTY)
    }

    /// The value of rolling the dice left when `aside` is set aside (before the roll). With no
    /// dice left, the value of the score.
    ///
    /// # Panics
    /// When `aside` holds more dice than the table's.
    #[inline]
    pub fn value_to_roll(&self, aside: Dice) -> f64 {
        let key = self.space.key(aside);
        if key.n == 0 {
            return self.utility[usize::from(self.score_of(key))];
        }
        self.before_of(key)
    }

    /// The value of stopping with `aside`: the utility of its score.
    #[inline]
    pub fn stop_value(&self, aside: Dice) -> f64 {
        let key = self.space.key(aside);
        self.utility[usize::from(self.score_of(key))]
    }

    /// Whether to roll again (rather than stop) after a take left `aside` set aside. `false`
    /// when no dice are left.
    #[inline]
    pub fn should_roll(&self, aside: Dice) -> bool {
        let key = self.space.key(aside);
        key.n > 0
            && clearly_better(
                self.before_of(key),
                self.utility[usize::from(self.score_of(key))],
            )
    }

    /// The value once a take left `aside` set aside: stop or roll, whichever is better (the
    /// score's value when no dice are left).
    #[inline]
    pub fn value_after_take(&self, aside: Dice) -> f64 {
        let key = self.space.key(aside);
        let stop = self.utility[usize::from(self.score_of(key))];
        if key.n == 0 {
            return stop;
        }
        let roll = self.before_of(key);
        if clearly_better(roll, stop) {
            roll
        } else {
            stop
        }
    }

    /// The value of taking `face` from `roll`, or `None` when that take is not legal.
    #[inline]
    pub fn take_value(&self, aside: Dice, roll: Dice, face: Face) -> Option<f64> {
        let legal = Turn::legal_takes_from(aside, roll);
        if !legal.contains(face) {
            return None;
        }
        Some(self.value_after_take(with_added(aside, face, roll.count(face))))
    }

    /// The best type to take from `roll` and its value; `None` when no type can be taken (the
    /// turn is then over). Ties (within rounding) go to death rays, then to the earthling type
    /// with the most dice, then in the order humans, cows, chickens.
    #[inline]
    pub fn best_take(&self, aside: Dice, roll: Dice) -> Option<(Face, f64)> {
        let mut best: Option<(Face, f64)> = None;
        for face in tie_order(Turn::legal_takes_from(aside, roll), roll) {
            let value = self.value_after_take(with_added(aside, face, roll.count(face)));
            match best {
                Some((_, v)) if !clearly_better(value, v) => {}
                _ => best = Some((face, value)),
            }
        }
        best
    }

    /// The value of a roll awaiting a choice: its best take, or the score's value when no type
    /// can be taken.
    #[inline]
    pub fn value_of_roll(&self, aside: Dice, roll: Dice) -> f64 {
        match self.best_take(aside, roll) {
            Some((_, value)) => value,
            None => self.stop_value(aside),
        }
    }

    /// The value of a turn in any phase, under optimal play from there on.
    pub fn value(&self, turn: &Turn) -> f64 {
        match turn.phase() {
            TurnPhase::ToRoll => self.value_to_roll(turn.aside()),
            TurnPhase::Choosing { roll } => self.value_of_roll(turn.aside(), roll),
            TurnPhase::Deciding => self.value_after_take(turn.aside()),
            TurnPhase::Over(_) => self.stop_value(turn.aside()),
        }
    }

    /// The values of the decisions open in `turn` (empty unless it awaits a decision).
    pub fn action_values(&self, turn: &Turn) -> ActionValues {
        let mut values = ActionValues::default();
        match turn.phase() {
            TurnPhase::Choosing { roll } => {
                let aside = turn.aside();
                for face in turn.legal_takes().iter() {
                    let value = self.value_after_take(with_added(aside, face, roll.count(face)));
                    values.push(Action::Take(face), value);
                }
                values.best = self
                    .best_take(aside, roll)
                    .map(|(face, value)| (Action::Take(face), value));
            }
            TurnPhase::Deciding => {
                let stop = self.stop_value(turn.aside());
                let roll = self.value_to_roll(turn.aside());
                values.push(Action::Stop, stop);
                values.push(Action::Roll, roll);
                values.best = Some(if self.should_roll(turn.aside()) {
                    (Action::Roll, roll)
                } else {
                    (Action::Stop, stop)
                });
            }
            TurnPhase::ToRoll | TurnPhase::Over(_) => {}
        }
        values
    }

    /// The optimal decision in `turn`, or `None` when it awaits no decision. Ties (within
    /// rounding) go to stopping, and among takes as in [`TurnTable::best_take`].
    #[inline]
    pub fn best_action(&self, turn: &Turn) -> Option<Action> {
        match turn.phase() {
            TurnPhase::Choosing { roll } => self
                .best_take(turn.aside(), roll)
                .map(|(f, _)| Action::Take(f)),
            TurnPhase::Deciding => Some(if self.should_roll(turn.aside()) {
                Action::Roll
            } else {
                Action::Stop
            }),
            TurnPhase::ToRoll | TurnPhase::Over(_) => None,
        }
    }

    /// The probability of each final score `0..=max_score()` of `turn` played on under this
    /// table's optimal policy (ties broken as in [`TurnTable::best_action`]).
    pub fn score_distribution(&self, turn: &Turn) -> Vec<f64> {
        let aside = match turn.phase() {
            TurnPhase::Over(_) => return self.certain(turn.aside()).scores,
            TurnPhase::ToRoll => turn.aside(),
            TurnPhase::Choosing { roll } => match self.best_take(turn.aside(), roll) {
                None => return self.certain(turn.aside()).scores,
                Some((face, _)) => {
                    return self
                        .outlook_after_take(with_added(turn.aside(), face, roll.count(face)))
                        .scores;
                }
            },
            TurnPhase::Deciding => return self.outlook_after_take(turn.aside()).scores,
        };
        self.outlook_rolling(aside).scores
    }

    /// How the turn ends when the dice left are rolled now with `aside` set aside, then played
    /// on under this table's optimal policy: the ending of `aside` itself when no dice are left.
    pub fn outlook_rolling(&self, aside: Dice) -> TurnOutlook {
        let key = self.space.key(aside);
        if key.n == 0 {
            return self.certain(aside);
        }
        self.forward(key)
    }

    /// How the turn ends once a take left `aside` set aside and this table's policy decides
    /// whether to stop (ties go to stopping, as in [`TurnTable::best_action`]) or roll on.
    pub fn outlook_after_take(&self, aside: Dice) -> TurnOutlook {
        if self.should_roll(aside) {
            self.outlook_rolling(aside)
        } else {
            self.certain(aside)
        }
    }

    /// The turn ending now with `aside`.
    fn certain(&self, aside: Dice) -> TurnOutlook {
        let key = self.space.key(aside);
        let mut scores = vec![0.0; usize::from(self.space.max_score()) + 1];
        scores[usize::from(self.score_of(key))] = 1.0;
        TurnOutlook {
            scores,
            tanks_ahead: if key.d < 0 { 1.0 } else { 0.0 },
        }
    }

    /// The endings from the before-roll state `key` (with dice left) under this table's policy:
    /// a forward pass of probability mass over the states, level by level.
    fn forward(&self, key: Key) -> TurnOutlook {
        let space = &*self.space;
        let mut dist = vec![0.0; usize::from(space.max_score()) + 1];
        let mut tanks_ahead = 0.0;
        let mut mass = vec![0.0; space.compact_len];
        let start = space.compact[space.dense(key.n, key.taken, key.d, key.e) as usize];
        mass[start as usize] = 1.0;
        for n in (1..=key.n).rev() {
            for taken in 0u8..=3 {
                let group = usize::from(n) * 4 + usize::from(taken);
                let first = space.group_start[group] as usize;
                for (k, st) in space.states[group].iter().enumerate() {
                    let m = mass[first + k];
                    if m == 0.0 {
                        continue;
                    }
                    for o in &space.outcomes[group] {
                        let mut best: Option<(f64, &Step, usize)> = None;
                        for step in o.steps() {
                            let t = space.target(step, st.d, st.e);
                            let v = self.after_value(step.n, t);
                            match best {
                                Some((bv, _, _)) if !clearly_better(v, bv) => {}
                                _ => best = Some((v, step, t)),
                            }
                        }
                        let (_, step, t) = best.expect("every outcome has a step");
                        let dd =
                            TurnSpace::clamp_d(i32::from(st.d) + i32::from(step.delta), step.n);
                        let score = space.score_of(dd, step.taken, u32::from(st.e + step.add_e));
                        let stop = self.utility[usize::from(score)];
                        let to_roll = step.n > 0 && {
                            let id = space.compact[t];
                            clearly_better(self.before[id as usize], stop)
                        };
                        if to_roll {
                            mass[space.compact[t] as usize] += m * o.p;
                        } else {
                            dist[usize::from(score)] += m * o.p;
                            if dd < 0 {
                                tanks_ahead += m * o.p;
                            }
                        }
                    }
                }
            }
        }
        TurnOutlook {
            scores: dist,
            tanks_ahead,
        }
    }

    /// The value after a step landing on dense index `t` of level `n`.
    #[inline]
    fn after_value(&self, n: u8, t: usize) -> f64 {
        let space = &*self.space;
        // Recover the state's score from its dense position.
        let local = t as u32 - space.level_base[usize::from(n)];
        let e = local % space.e_stride;
        let rest = local / space.e_stride;
        let width = 2 * u32::from(n) + 2;
        let dc = (rest % width) as i32 - (i32::from(n) + 1);
        let taken = (rest / width) as u8;
        let stop = self.utility[usize::from(space.score_of(dc, taken, e))];
        if n == 0 {
            return stop;
        }
        let roll = self.before[space.compact[t] as usize];
        if clearly_better(roll, stop) {
            roll
        } else {
            stop
        }
    }
}

/// The legal takes in the order that wins ties: death rays, then earthlings by decreasing count
/// (then H, C, K). The solver's passes use the same order, so the policy they evaluate is the one
/// [`TurnTable::best_take`] plays.
#[inline]
fn tie_order(legal: FaceSet, roll: Dice) -> impl Iterator<Item = Face> {
    let mut earthlings = EARTHLINGS;
    earthlings.sort_by_key(|&f| std::cmp::Reverse(roll.count(f)));
    std::iter::once(Face::DeathRay)
        .chain(earthlings)
        .filter(move |&f| legal.contains(f))
}

/// `aside` with `count` more dice of `face`.
#[inline]
fn with_added(aside: Dice, face: Face, count: u8) -> Dice {
    let mut counts = aside.counts();
    counts[face.index()] += count;
    Dice::from_counts(counts).expect("a take never exceeds the dice of the turn")
}

/// The turn table that maximises the expected score, for the dice and bonus reading of `rules`;
/// built once per process.
pub fn expected_score_table(rules: Rules) -> &'static TurnTable {
    type Tables = Mutex<HashMap<(u8, BonusRule), &'static TurnTable>>;
    static TABLES: OnceLock<Tables> = OnceLock::new();
    let tables = TABLES.get_or_init(Default::default);
    let key = (rules.dice(), rules.bonus());
    if let Some(&table) = tables.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return table;
    }
    // Solved outside the lock; a race only wastes one solve.
    let space = TurnSpace::for_rules(rules);
    let table: &'static TurnTable = Box::leak(Box::new(space.solve_with(f64::from)));
    tables
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(key)
        .or_insert(table)
}

#[cfg(test)]
mod tests;
