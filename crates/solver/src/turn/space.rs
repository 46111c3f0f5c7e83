//! The compact turn states, their dense layout, and the roll outcomes of every number of dice:
//! built once per dice count and bonus reading, shared by every solve.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use martian_engine::{BONUS_POINTS, BonusRule, Dice, Face, Points, Rules};

use super::EARTHLINGS;

/// One choice open after a roll: where it leads, as an offset rule into the level of `n` dice left.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    /// Start of the block of (`n`, `taken`) in the dense layout.
    pub(super) base: u32,
    /// Dice left after the choice.
    pub(super) n: u8,
    /// Change of rays minus tanks (tanks of the roll, plus rays taken).
    pub(super) delta: i8,
    /// Earthlings added.
    pub(super) add_e: u8,
    /// Earthling types taken after the choice.
    pub(super) taken: u8,
}

/// A roll of `n` dice seen from a state with `taken` earthling types taken: earthlings of taken
/// types are lumped together, since they can only go back, and the free types are interchangeable. `steps` are the choices in the order R, H, C, K (or the single
/// pseudo-step that ends the turn).
#[derive(Clone, Copy, Debug)]
pub(super) struct Outcome {
    pub(super) p: f64,
    pub(super) steps: [Step; 4],
    pub(super) len: u8,
}

impl Outcome {
    #[inline]
    pub(super) fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }
}

/// A state of a level, in the dense layout and in the compact numbering.
#[derive(Clone, Copy, Debug)]
pub(super) struct StateRef {
    pub(super) d: i8,
    pub(super) e: u8,
}

/// The states of one `(n, taken, d)` with earthling counts in `e_lo..e_lo + width`: solved
/// together. With `d` strictly inside its clamps only the counts of one parity can occur, and no
/// state that can occur leads to the others: such a row is solved at `e_lo, e_lo + 2, …` only
/// (`step` 2, `count` states), the others at every count of the range.
#[derive(Clone, Copy, Debug)]
pub(super) struct Row {
    pub(super) n: u8,
    pub(super) taken: u8,
    pub(super) d: i8,
    pub(super) e_lo: u8,
    pub(super) width: u8,
    pub(super) step: u8,
    pub(super) count: u8,
    /// `d = -(n+1)`: the turn is lost whatever happens (every state reached from here too).
    pub(super) lost: bool,
    /// Dense index of `(n, taken, d, e_lo)`.
    pub(super) dense: u32,
    /// The row's reachable states, in `valid`: `(e - e_lo, compact number)`.
    pub(super) valid: (u32, u32),
}

/// The compact turn states and the roll outcomes for a number of dice and a bonus reading. Shared
/// by every table built for them: see [`TurnSpace::shared`].
#[derive(Debug)]
pub struct TurnSpace {
    pub(super) dice: u8,
    pub(super) bonus: BonusRule,
    /// Stride of `e` in the dense layout: `dice + 1`.
    pub(super) e_stride: u32,
    /// Start of each level `n` (dice left) in the dense layout `[n][taken][d + n + 1][e]`.
    pub(super) level_base: Vec<u32>,
    pub(super) dense_len: usize,
    /// Dense index → compact state number (levels `n ≥ 1` only), or `u32::MAX`.
    pub(super) compact: Vec<u32>,
    /// Valid states per level `n ≥ 1` and types taken, in compact order: `states[n * 4 + taken]`.
    pub(super) states: Vec<Vec<StateRef>>,
    /// First compact number of each `(n, taken)` group.
    pub(super) group_start: Vec<u32>,
    pub(super) compact_len: usize,
    /// Every row of states with dice left, by increasing `n`.
    pub(super) rows: Vec<Row>,
    pub(super) valid: Vec<(u8, u32)>,
    /// Roll outcomes per `n * 4 + taken`; each outcome's steps: rays first, then earthlings by
    /// decreasing count.
    pub(super) outcomes: Vec<Vec<Outcome>>,
    /// The solve's schedule: for each row in turn, its roll outcomes in order with their steps'
    /// targets already resolved (`plan_ranges[row]` is the row's slice of `plan`). The targets
    /// depend only on the layout, so computing them once takes the clamping and indexing out of
    /// every solve's inner loop.
    pub(super) plan: Vec<Planned>,
    pub(super) plan_ranges: Vec<(u32, u32)>,
}

/// One roll outcome as a row's solve reads it: its probability and the dense index, in the
/// values after a choice, of each step's target for the row's first state.
#[derive(Clone, Copy, Debug)]
pub(super) struct Planned {
    pub(super) p: f64,
    pub(super) at: [u32; 4],
    pub(super) len: u8,
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
            plan: Vec::new(),
            plan_ranges: Vec::new(),
        };
        space.enumerate_states();
        space.enumerate_outcomes();
        space.plan_rows();
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
    pub(super) fn bonus_of(&self, taken: u8) -> u8 {
        let earned = match self.bonus {
            BonusRule::OneOfEach => taken == 3,
            BonusRule::AnyEarthling => taken > 0,
        };
        if earned { BONUS_POINTS as u8 } else { 0 }
    }

    #[inline]
    pub(super) fn score_of(&self, d: i32, taken: u8, e: u32) -> u8 {
        if d < 0 {
            0
        } else {
            e as u8 + self.bonus_of(taken)
        }
    }

    #[inline]
    pub(super) fn block(&self, n: u8, taken: u8) -> u32 {
        self.level_base[usize::from(n)] + u32::from(taken) * (2 * u32::from(n) + 2) * self.e_stride
    }

    #[inline]
    pub(super) fn clamp_d(d: i32, n: u8) -> i32 {
        d.clamp(-(i32::from(n) + 1), i32::from(n))
    }

    /// Dense index of a state whose `d` is already clamped.
    #[inline]
    pub(super) fn dense(&self, n: u8, taken: u8, d: i32, e: u32) -> u32 {
        self.block(n, taken) + (d + i32::from(n) + 1) as u32 * self.e_stride + e
    }

    pub(super) fn enumerate_states(&mut self) {
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
                        let width = e_hi - e_lo + 1;
                        let step = if row.len() > 1 && row.windows(2).all(|w| w[1].0 == w[0].0 + 2)
                        {
                            2
                        } else {
                            1
                        };
                        self.rows.push(Row {
                            n,
                            taken,
                            d: dc as i8,
                            e_lo,
                            width,
                            step,
                            count: if step == 2 { row.len() as u8 } else { width },
                            lost: dc == -(i32::from(n) + 1),
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

    pub(super) fn enumerate_outcomes(&mut self) {
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

    fn plan_rows(&mut self) {
        let mut plan = Vec::new();
        let mut ranges = Vec::with_capacity(self.rows.len());
        for row in &self.rows {
            let start = plan.len() as u32;
            for o in &self.outcomes[usize::from(row.n) * 4 + usize::from(row.taken)] {
                let mut at = [0u32; 4];
                for (slot, step) in at.iter_mut().zip(o.steps()) {
                    let target = self.target(step, row.d, row.e_lo);
                    // The solve reads the row's states from each target: keep them in.
                    let span = usize::from(row.step) * (usize::from(row.count) - 1);
                    assert!(target + span < self.dense_len);
                    *slot = target as u32;
                }
                plan.push(Planned {
                    p: o.p,
                    at,
                    len: o.len,
                });
            }
            ranges.push((start, plan.len() as u32));
        }
        self.plan = plan;
        self.plan_ranges = ranges;
    }

    /// Dense index of the target of `step` from a state `(d, e)`.
    #[inline]
    pub(super) fn target(&self, step: &Step, d: i8, e: u8) -> usize {
        let dd = TurnSpace::clamp_d(i32::from(d) + i32::from(step.delta), step.n);
        (step.base
            + (dd + i32::from(step.n) + 1) as u32 * self.e_stride
            + u32::from(e + step.add_e)) as usize
    }

    /// The compact key of the dice set aside.
    #[inline]
    pub(super) fn key(&self, aside: Dice) -> Key {
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
pub(super) struct Key {
    pub(super) n: u8,
    pub(super) taken: u8,
    pub(super) d: i32,
    pub(super) e: u32,
}

/// Calls `f` with every way to spread `n` dice over `counts.len()` classes, and its probability
/// when class `i` covers `sides[i]` of the six sides: `weight` (`n!` at the top) times
/// `(sides[i] / 6)^counts[i] / counts[i]!` for every class, built up class by class.
pub(super) fn for_each_composition(
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
pub(super) fn factorial(k: u8) -> f64 {
    (1..=u32::from(k)).map(f64::from).product()
}
