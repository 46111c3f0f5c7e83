//! The optimal play of one turn for any utility of the turn's final score.
//!
//! A turn is a finite DAG: every take sets aside at least one die. What matters about the dice set
//! aside is captured exactly by a *compact state*:
//! - `n`, the dice left to roll;
//! - `d`, death rays minus tanks, clamped to `-(n+1)..=n` (with `d ≥ n` the tanks can never catch
//!   up; with `d < -n` the rays never can, so the turn is certainly a bust);
//! - the set of earthling types taken (3 bits), which decides both the legal takes and the bonus;
//! - `e`, how many earthlings are aside.
//!
//! The score is 0 when `d < 0`, else `e` plus the bonus of the type set, and the future depends on
//! nothing else. The tests check this equivalence exhaustively against a recursion over engine
//! [`Turn`]s for up to 6 dice.
//!
//! [`TurnSpace`] holds the states and roll outcomes of a number of dice and a bonus reading;
//! [`TurnSpace::solve`] turns a utility into a [`TurnTable`], whose lookups are a few array reads.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use martian_engine::{Action, BONUS_POINTS, BonusRule, Dice, Face, Points, Rules, Turn, TurnPhase};

/// Values closer than this (relative to their size) are treated as equal when choosing an action,
/// so that decisions do not hinge on rounding: ties go to stopping, then to the first type in the
/// order death rays, humans, cows, chickens.
const TIE: f64 = 1e-12;

/// Whether `candidate` is better than `incumbent` by more than rounding noise.
#[inline]
fn clearly_better(candidate: f64, incumbent: f64) -> bool {
    candidate > incumbent + TIE * incumbent.abs().max(1.0)
}

/// The earthling faces in bit order of the taken-type mask.
const EARTHLINGS: [Face; 3] = Face::EARTHLINGS;

#[inline]
fn earthling_bit(face: Face) -> u8 {
    match face {
        Face::Human => 1,
        Face::Cow => 2,
        Face::Chicken => 4,
        Face::Tank | Face::DeathRay => 0,
    }
}

/// One choice open after a roll: where it leads, as an offset rule into the level of `n` dice left.
#[derive(Clone, Copy, Debug)]
struct Step {
    /// Start of the block of (`n`, `mask`) in the dense layout.
    base: u32,
    /// Dice left after the choice.
    n: u8,
    /// Change of rays minus tanks (tanks of the roll, plus rays taken).
    delta: i8,
    /// Earthlings added.
    add_e: u8,
    /// Taken-type mask after the choice.
    mask: u8,
}

/// A roll of `n` dice seen from a taken-type mask: earthlings of taken types are lumped together,
/// since they can only go back. `steps` are the choices in the order R, H, C, K (or the single
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
    dense: u32,
    d: i8,
    e: u8,
    score: u8,
}

/// The compact turn states and the roll outcomes for a number of dice and a bonus reading. Shared
/// by every table built for them: see [`TurnSpace::shared`].
#[derive(Debug)]
pub struct TurnSpace {
    dice: u8,
    bonus: BonusRule,
    /// Stride of `e` in the dense layout: `dice + 1`.
    e_stride: u32,
    /// Start of each level `n` (dice left) in the dense layout `[n][mask][d + n + 1][e]`.
    level_base: Vec<u32>,
    dense_len: usize,
    /// Dense index → compact state number (levels `n ≥ 1` only), or `u32::MAX`.
    compact: Vec<u32>,
    /// Valid states per level `n ≥ 1` and mask, in compact order: `states[n * 8 + mask]`.
    states: Vec<Vec<StateRef>>,
    /// First compact number of each `(n, mask)` group.
    group_start: Vec<u32>,
    compact_len: usize,
    /// Roll outcomes per `n * 8 + mask`, each choice's steps in the order R, H, C, K.
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
            next += 8 * (2 * n + 2) * e_stride;
        }
        let dense_len = next as usize;
        let mut space = TurnSpace {
            dice,
            bonus,
            e_stride,
            level_base,
            dense_len,
            compact: vec![u32::MAX; dense_len],
            states: vec![Vec::new(); (usize::from(dice) + 1) * 8],
            group_start: vec![0; (usize::from(dice) + 1) * 8],
            compact_len: 0,
            outcomes: vec![Vec::new(); (usize::from(dice) + 1) * 8],
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

    #[inline]
    fn bonus_of(&self, mask: u8) -> u8 {
        let earned = match self.bonus {
            BonusRule::OneOfEach => mask == 7,
            BonusRule::AnyEarthling => mask != 0,
        };
        if earned { BONUS_POINTS as u8 } else { 0 }
    }

    #[inline]
    fn score_of(&self, d: i32, mask: u8, e: u32) -> u8 {
        if d < 0 {
            0
        } else {
            e as u8 + self.bonus_of(mask)
        }
    }

    #[inline]
    fn block(&self, n: u8, mask: u8) -> u32 {
        self.level_base[usize::from(n)] + u32::from(mask) * (2 * u32::from(n) + 2) * self.e_stride
    }

    #[inline]
    fn clamp_d(d: i32, n: u8) -> i32 {
        d.clamp(-(i32::from(n) + 1), i32::from(n))
    }

    /// Dense index of a state whose `d` is already clamped.
    #[inline]
    fn dense(&self, n: u8, mask: u8, d: i32, e: u32) -> u32 {
        self.block(n, mask) + (d + i32::from(n) + 1) as u32 * self.e_stride + e
    }

    fn enumerate_states(&mut self) {
        let dice = self.dice;
        let mut id = 0u32;
        for n in 1..=dice {
            let aside = u32::from(dice - n);
            for mask in 0u8..8 {
                self.group_start[usize::from(n) * 8 + usize::from(mask)] = id;
                let mut group = Vec::new();
                for dc in -(i32::from(n) + 1)..=i32::from(n) {
                    for e in 0..=aside {
                        if (e == 0) != (mask == 0) || mask.count_ones() > e {
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
                        let dense = self.dense(n, mask, dc, e);
                        self.compact[dense as usize] = id;
                        group.push(StateRef {
                            dense,
                            d: dc as i8,
                            e: e as u8,
                            score: self.score_of(dc, mask, e),
                        });
                        id += 1;
                    }
                }
                self.states[usize::from(n) * 8 + usize::from(mask)] = group;
            }
        }
        self.compact_len = id as usize;
    }

    fn enumerate_outcomes(&mut self) {
        for n in 1..=self.dice {
            for mask in 0u8..8 {
                let free: Vec<Face> = EARTHLINGS
                    .into_iter()
                    .filter(|&f| mask & earthling_bit(f) == 0)
                    .collect();
                let lumped_sides = 3 - free.len() as u32;
                // Counts per class: tanks, rays, each free earthling, lumped taken earthlings if any.
                let classes = 2 + free.len() + usize::from(lumped_sides > 0);
                let mut sides = [1u32, 2, 1, 1, 1, 1];
                sides[classes - 1] = if lumped_sides > 0 { lumped_sides } else { 1 };
                let sides = &sides[..classes];
                let compositions =
                    (1..classes).fold(1usize, |acc, k| acc * (usize::from(n) + k) / k);
                let mut list = Vec::with_capacity(compositions);
                let mut counts = [0u8; 6];
                let counts = &mut counts[..classes];
                for_each_composition(n, sides, counts, 0, factorial(n), &mut |counts, p| {
                    let tanks = counts[0];
                    let rays = counts[1];
                    let mut outcome = Outcome {
                        p,
                        steps: [Step {
                            base: 0,
                            n: 0,
                            delta: 0,
                            add_e: 0,
                            mask: 0,
                        }; 4],
                        len: 0,
                    };
                    let mut push = |space: &TurnSpace, taken: u8, rays: u8, e: u8, mask: u8| {
                        let left = n - tanks - taken;
                        let i = usize::from(outcome.len);
                        outcome.steps[i] = Step {
                            base: space.block(left, mask),
                            n: left,
                            delta: rays as i8 - tanks as i8,
                            add_e: e,
                            mask,
                        };
                        outcome.len += 1;
                    };
                    if rays > 0 {
                        push(self, rays, rays, 0, mask);
                    }
                    for (i, &face) in free.iter().enumerate() {
                        let c = counts[2 + i];
                        if c > 0 {
                            push(self, c, 0, c, mask | earthling_bit(face));
                        }
                    }
                    if outcome.len == 0 {
                        // No choice: the turn ends with the tanks added. Lands in level 0, which
                        // holds the final utilities.
                        let i = 0;
                        outcome.steps[i] = Step {
                            base: self.block(0, mask),
                            n: 0,
                            delta: -(tanks as i8),
                            add_e: 0,
                            mask,
                        };
                        outcome.len = 1;
                    }
                    list.push(outcome);
                });
                self.outcomes[usize::from(n) * 8 + usize::from(mask)] = list;
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
        let mut mask = 0;
        for face in EARTHLINGS {
            if aside.count(face) > 0 {
                mask |= earthling_bit(face);
            }
        }
        let d = i32::from(aside.count(Face::DeathRay)) - i32::from(aside.count(Face::Tank));
        let d = TurnSpace::clamp_d(d, n);
        Key {
            n,
            mask,
            d,
            e: u32::from(aside.earthlings()),
        }
    }
}

/// A compact state in unpacked form.
#[derive(Clone, Copy, Debug)]
struct Key {
    n: u8,
    mask: u8,
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
        for mask in 0u8..8 {
            for d in -1..=0 {
                for e in 0..=u32::from(space.dice) {
                    let i = space.dense(0, mask, d, e) as usize;
                    let score = space.score_of(d, mask, e);
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
        for n in 1..=space.dice {
            for mask in 0u8..8 {
                let group = usize::from(n) * 8 + usize::from(mask);
                let outcomes = &space.outcomes[group];
                let first = space.group_start[group] as usize;
                for (k, st) in space.states[group].iter().enumerate() {
                    let mut value = 0.0;
                    let mut zero = 0.0;
                    for o in outcomes {
                        let steps = o.steps();
                        let t = space.target(&steps[0], st.d, st.e);
                        let mut best = after[t];
                        let mut best_t = t;
                        for step in &steps[1..] {
                            let t = space.target(step, st.d, st.e);
                            let v = after[t];
                            if ZERO {
                                if clearly_better(v, best) {
                                    best = v;
                                    best_t = t;
                                }
                            } else {
                                best = best.max(v);
                            }
                        }
                        value += o.p * best;
                        if ZERO {
                            zero += o.p * after_zero[best_t];
                        }
                    }
                    before[first + k] = value;
                    let stop = u[usize::from(st.score)];
                    let i = st.dense as usize;
                    if clearly_better(value, stop) {
                        after[i] = value;
                        if ZERO {
                            after_zero[i] = zero;
                        }
                    } else {
                        after[i] = stop;
                        if ZERO {
                            after_zero[i] = if st.score == 0 { 1.0 } else { 0.0 };
                        }
                    }
                    if n == space.dice {
                        start = StartValue { value, zero };
                    }
                }
            }
        }
        start
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

    /// The best action (ties as in [`TurnTable::best_action`]) and its value.
    pub fn best(&self) -> Option<(Action, f64)> {
        let mut best: Option<(Action, f64)> = None;
        for (action, value) in self.iter() {
            match best {
                None => best = Some((action, value)),
                Some((_, v)) if clearly_better(value, v) => best = Some((action, value)),
                _ => {}
            }
        }
        best
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
        self.space.score_of(key.d, key.mask, key.e)
    }

    /// Value before rolling in state `key` (which must have dice left).
    #[inline]
    fn before_of(&self, key: Key) -> f64 {
        let dense = self.space.dense(key.n, key.mask, key.d, key.e) as usize;
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
    /// turn is then over).
    #[inline]
    pub fn best_take(&self, aside: Dice, roll: Dice) -> Option<(Face, f64)> {
        let mut best: Option<(Face, f64)> = None;
        for face in Turn::legal_takes_from(aside, roll).iter() {
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
            }
            TurnPhase::Deciding => {
                values.push(Action::Stop, self.stop_value(turn.aside()));
                values.push(Action::Roll, self.value_to_roll(turn.aside()));
            }
            TurnPhase::ToRoll | TurnPhase::Over(_) => {}
        }
        values
    }

    /// The optimal decision in `turn`, or `None` when it awaits no decision. Ties (within
    /// rounding) go to stopping, then to the first type in the order R, H, C, K.
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
        let space = &*self.space;
        let mut dist = vec![0.0; usize::from(space.max_score()) + 1];
        let aside = match turn.phase() {
            TurnPhase::Over(_) => {
                dist[usize::from(turn.score())] = 1.0;
                return dist;
            }
            TurnPhase::ToRoll => turn.aside(),
            TurnPhase::Choosing { roll } => match self.best_take(turn.aside(), roll) {
                None => {
                    dist[usize::from(turn.score())] = 1.0;
                    return dist;
                }
                Some((face, _)) => {
                    let aside = with_added(turn.aside(), face, roll.count(face));
                    if !self.should_roll(aside) {
                        dist[usize::from(self.score_of(space.key(aside)))] = 1.0;
                        return dist;
                    }
                    aside
                }
            },
            TurnPhase::Deciding => {
                if !self.should_roll(turn.aside()) {
                    dist[usize::from(turn.score())] = 1.0;
                    return dist;
                }
                turn.aside()
            }
        };
        let key = space.key(aside);
        if key.n == 0 {
            dist[usize::from(self.score_of(key))] = 1.0;
            return dist;
        }
        // Forward pass: probability mass of reaching each before-roll state.
        let mut mass = vec![0.0; space.compact_len];
        let start = space.compact[space.dense(key.n, key.mask, key.d, key.e) as usize];
        mass[start as usize] = 1.0;
        for n in (1..=key.n).rev() {
            for mask in 0u8..8 {
                let group = usize::from(n) * 8 + usize::from(mask);
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
                        let score = space.score_of(dd, step.mask, u32::from(st.e + step.add_e));
                        let stop = self.utility[usize::from(score)];
                        let to_roll = step.n > 0 && {
                            let id = space.compact[t];
                            clearly_better(self.before[id as usize], stop)
                        };
                        if to_roll {
                            mass[space.compact[t] as usize] += m * o.p;
                        } else {
                            dist[usize::from(score)] += m * o.p;
                        }
                    }
                }
            }
        }
        dist
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
        let mask = (rest / width) as u8;
        let stop = self.utility[usize::from(space.score_of(dc, mask, e))];
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
