//! One backward pass over a turn that finds the mover's optimal play for its utility `u` and, in
//! the same sweep, evaluates that very play for `W` other utilities (other players' values of the
//! turn's final score) and for the probability that the turn scores 0.
//!
//! The game solvers need all of them per position: `u` for the mover's decisions, `w` for what
//! the decisions mean to the others, and the zero-score probability for the positions that repeat
//! when a turn scores nothing. The public [`TurnSolver`](crate::TurnSolver) gives the first and
//! the last; evaluating `w` through [`TurnTable::score_distribution`](crate::TurnTable) would
//! cost four times a solve per position, so this pass carries the values together. The
//! three-player solve carries one other utility (`W = 1`), the four-player solve two (the third
//! being what the others leave of 1).
//!
//! States are the compact turn states of the turn solver (dice left `n`, rays minus tanks `d`
//! clamped to `-(n+1)..=n`, earthling types taken `k`, earthlings aside `e`), and decisions break
//! ties the same way (a choice must be better by more than `1e-12` relative: ties go to
//! stopping, then to death rays, then to the earthling type with the most dice), so the play
//! evaluated is the play the turn solver's tables make. The tests check both against the turn
//! solver.
//!
//! **Work saved.** Where each choice of each roll outcome leads is resolved once, when the space
//! is built (the pass reads a plan of dense indices). Only the states that can occur are visited:
//! with `d` strictly inside its clamps, the earthlings aside have one parity (those of every other
//! count cannot occur, and no state that can occur leads to them), so such a row is walked with a
//! stride of 2. A state with `d = -(n+1)` is lost whatever happens: its value is that of scoring
//! 0, set without a sum (the sum could not be clearly better than stopping). And the solvers play
//! the turns of four positions in one walk of the plan (the `lanes` module: each lane gives the
//! bits of a pass of its own, and vector instructions do the four lanes' sums at once), which
//! takes a third off a three-player solve.

mod lanes;

pub(crate) use lanes::LaneScratch;
use martian_engine::{BONUS_POINTS, BonusRule, Rules};

/// Relative margin by which a choice must be better to be preferred (as in the turn solver).
const TIE: f64 = 1e-12;

#[inline]
fn clearly_better(candidate: f64, incumbent: f64) -> bool {
    candidate > incumbent + TIE * incumbent.abs().max(1.0)
}

/// A choice after a roll: the level it leads to and how the state changes.
#[derive(Clone, Copy, Debug, Default)]
struct Choice {
    n: u8,
    k: u8,
    delta_d: i8,
    add_e: u8,
}

/// A roll outcome (free earthling types merged by symmetry) and its choices in tie order.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    p: f64,
    choices: [Choice; 4],
    len: u8,
}

/// The states of one `(n, k, d)` that can occur: earthling counts `e_lo, e_lo + step, …`
/// (`count` of them).
#[derive(Clone, Copy, Debug)]
struct Row {
    n: u8,
    k: u8,
    d: i8,
    e_lo: u8,
    /// 2 where the counts of one parity only can occur, else 1.
    step: u8,
    count: u8,
    /// Dense index of the state `e_lo`.
    base: u32,
    /// The row's slice of the plan (empty for a lost row: `d = -(n+1)`).
    plan: (u32, u32),
}

/// A roll outcome as a row's pass reads it: its probability and the dense index of each choice's
/// target from the row's first state (in tie order).
#[derive(Clone, Copy, Debug)]
struct Planned {
    p: f64,
    at: [u32; 4],
    len: u8,
}

/// What one pass returns, from the start of the turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Evaluation<const W: usize> {
    /// The mover's best expected utility `u`.
    pub value: f64,
    /// The expected `w` under the mover's optimal play.
    pub others: [f64; W],
    /// The probability that the turn scores 0 under that play.
    pub zero: f64,
}

/// The turns of a cycle of `N` positions, each a linear map of the next position's values:
/// `V_seat = constants[seat] + zeros[seat] · V_(seat + 1)` (`zeros[seat]` the chance to score 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CycleMaps<const N: usize> {
    pub constants: [[f64; N]; N],
    pub zeros: [f64; N],
}

/// The states and roll outcomes for a number of dice and a bonus reading.
#[derive(Debug)]
pub(crate) struct EvalSpace {
    dice: u8,
    bonus: BonusRule,
    e_stride: usize,
    level_base: Vec<usize>,
    len: usize,
    rows: Vec<Row>,
    outcomes: Vec<Vec<Outcome>>,
    plan: Vec<Planned>,
    /// Dense index and score of every end state (level 0).
    finals: Vec<(u32, u8)>,
}

/// Scratch array of a single pass: reusable, one per thread.
pub(crate) type Scratch<const W: usize> = LaneScratch<W, 1>;

impl EvalSpace {
    pub(crate) fn new(dice: u8, bonus: BonusRule) -> EvalSpace {
        assert!((Rules::MIN_DICE..=Rules::MAX_DICE).contains(&dice));
        let e_stride = usize::from(dice) + 1;
        let mut level_base = Vec::new();
        let mut next = 0;
        for n in 0..=usize::from(dice) {
            level_base.push(next);
            next += 4 * (2 * n + 2) * e_stride;
        }
        let mut space = EvalSpace {
            dice,
            bonus,
            e_stride,
            level_base,
            len: next,
            rows: Vec::new(),
            outcomes: vec![Vec::new(); (usize::from(dice) + 1) * 4],
            plan: Vec::new(),
            finals: Vec::new(),
        };
        space.enumerate_rows();
        space.enumerate_outcomes();
        space.plan_rows();
        space
    }

    pub(crate) fn scratch<const W: usize>(&self) -> Scratch<W> {
        self.lane_scratch()
    }

    pub(crate) fn max_score(&self) -> usize {
        usize::from(self.dice) + usize::from(BONUS_POINTS)
    }

    fn bonus_of(&self, k: u8) -> u8 {
        let earned = match self.bonus {
            BonusRule::OneOfEach => k == 3,
            BonusRule::AnyEarthling => k > 0,
        };
        if earned { BONUS_POINTS as u8 } else { 0 }
    }

    fn score_of(&self, d: i32, k: u8, e: usize) -> usize {
        if d < 0 {
            0
        } else {
            e + usize::from(self.bonus_of(k))
        }
    }

    #[inline]
    fn index(&self, n: u8, k: u8, d: i32, e: usize) -> usize {
        let n_i = i32::from(n);
        let d = d.clamp(-(n_i + 1), n_i);
        let width = 2 * usize::from(n) + 2;
        self.level_base[usize::from(n)]
            + (usize::from(k) * width + (d + n_i + 1) as usize) * self.e_stride
            + e
    }

    /// Rows of states that can occur, by increasing dice left (a take always sets a die aside).
    fn enumerate_rows(&mut self) {
        for n in 1..=self.dice {
            let aside = usize::from(self.dice - n);
            let n_i = i32::from(n);
            for k in 0u8..=3 {
                for d in -(n_i + 1)..=n_i {
                    let valid: Vec<usize> = (0..=aside)
                        .filter(|&e| (e == 0) == (k == 0) && usize::from(k) <= e)
                        .filter(|&e| {
                            let rest = (aside - e) as i32;
                            (-rest..=rest)
                                .step_by(2)
                                .any(|raw| raw.clamp(-(n_i + 1), n_i) == d)
                        })
                        .collect();
                    if let (Some(&lo), Some(&hi)) = (valid.first(), valid.last()) {
                        let step = if valid.len() > 1 && valid.windows(2).all(|w| w[1] == w[0] + 2)
                        {
                            2
                        } else {
                            1
                        };
                        let count = if step == 2 { valid.len() } else { hi - lo + 1 };
                        self.rows.push(Row {
                            n,
                            k,
                            d: d as i8,
                            e_lo: lo as u8,
                            step,
                            count: count as u8,
                            base: self.index(n, k, d, lo) as u32,
                            plan: (0, 0),
                        });
                    }
                }
            }
        }
    }

    /// Resolves every choice's target once, for the passes to read.
    fn plan_rows(&mut self) {
        let max = self.max_score();
        for k in 0u8..=3 {
            for d in -1..=0 {
                for e in 0..=usize::from(self.dice) {
                    let score = self.score_of(d, k, e).min(max);
                    self.finals
                        .push((self.index(0, k, d, e) as u32, score as u8));
                }
            }
        }
        let mut plan = Vec::new();
        for r in 0..self.rows.len() {
            let row = self.rows[r];
            let start = plan.len() as u32;
            if i32::from(row.d) > -(i32::from(row.n) + 1) {
                let span = usize::from(row.step) * (usize::from(row.count) - 1);
                for o in &self.outcomes[usize::from(row.n) * 4 + usize::from(row.k)] {
                    let mut at = [0u32; 4];
                    for (slot, c) in at.iter_mut().zip(&o.choices[..usize::from(o.len)]) {
                        let target = self.index(
                            c.n,
                            c.k,
                            i32::from(row.d) + i32::from(c.delta_d),
                            usize::from(row.e_lo) + usize::from(c.add_e),
                        );
                        assert!(target + span < self.len);
                        *slot = target as u32;
                    }
                    plan.push(Planned {
                        p: o.p,
                        at,
                        len: o.len,
                    });
                }
            }
            self.rows[r].plan = (start, plan.len() as u32);
        }
        self.plan = plan;
    }

    /// Every roll of `n` dice seen with `k` types taken: tanks, rays, the free types (counts kept
    /// in non-increasing order, weighted by the orders they stand for) and the taken types lumped.
    fn enumerate_outcomes(&mut self) {
        for n in 1..=self.dice {
            for k in 0u8..=3 {
                let free = usize::from(3 - k);
                let mut list = Vec::new();
                let mut counts = vec![0u8; 2 + free];
                enumerate(n, 0, &mut counts, &mut |counts, lumped| {
                    let frees = &counts[2..];
                    if !frees.is_sorted_by(|a, b| a >= b) || (k == 0 && lumped > 0) {
                        return;
                    }
                    let (tanks, rays) = (counts[0], counts[1]);
                    // Exact weight: n! / Π c! × 2^rays × k^lumped × (orders of the frees).
                    let mut weight = factorial(n);
                    for &c in counts.iter() {
                        weight /= factorial(c);
                    }
                    weight /= factorial(lumped);
                    weight *= 2u128.pow(u32::from(rays)) * u128::from(k).pow(u32::from(lumped));
                    weight *= orders(frees);
                    let p = weight as f64 / 6f64.powi(i32::from(n));
                    let mut outcome = Outcome {
                        p,
                        choices: [Choice::default(); 4],
                        len: 0,
                    };
                    let push = |outcome: &mut Outcome, choice: Choice| {
                        outcome.choices[usize::from(outcome.len)] = choice;
                        outcome.len += 1;
                    };
                    if rays > 0 {
                        push(
                            &mut outcome,
                            Choice {
                                n: n - tanks - rays,
                                k,
                                delta_d: rays as i8 - tanks as i8,
                                add_e: 0,
                            },
                        );
                    }
                    let mut previous = 0;
                    for &c in frees {
                        if c > 0 && c != previous {
                            push(
                                &mut outcome,
                                Choice {
                                    n: n - tanks - c,
                                    k: k + 1,
                                    delta_d: -(tanks as i8),
                                    add_e: c,
                                },
                            );
                        }
                        previous = c;
                    }
                    if outcome.len == 0 {
                        // No choice: the turn ends, scored with the new tanks (level 0).
                        push(
                            &mut outcome,
                            Choice {
                                n: 0,
                                k,
                                delta_d: -(tanks as i8),
                                add_e: 0,
                            },
                        );
                    }
                    list.push(outcome);
                });
                self.outcomes[usize::from(n) * 4 + usize::from(k)] = list;
            }
        }
    }

    /// The turn of `seat` at a table of `N` players for `L` positions with that mover at once
    /// (one lane each): `outcome(l, s)` is every seat's value once lane `l`'s mover banks `s`.
    /// Gives each lane's values of every seat after the turn and its zero-score probability: the
    /// mover's and the `W = N - 2` seats' after it are evaluated, the seat before it has what
    /// they leave of 1.
    pub(crate) fn play_turns<const N: usize, const W: usize, const L: usize>(
        &self,
        scratch: &mut LaneScratch<W, L>,
        seat: usize,
        outcome: impl Fn(usize, usize) -> [f64; N],
    ) -> [([f64; N], f64); L] {
        assert_eq!(N, W + 2, "the seats evaluated besides the mover");
        let outcomes: Vec<[[f64; N]; L]> = (0..=self.max_score())
            .map(|s| std::array::from_fn(|l| outcome(l, s)))
            .collect();
        let u: Vec<[f64; L]> = outcomes.iter().map(|v| v.map(|o| o[seat])).collect();
        let w: Vec<[[f64; L]; W]> = outcomes
            .iter()
            .map(|v| std::array::from_fn(|j| v.map(|o| o[(seat + 1 + j) % N])))
            .collect();
        self.evaluate_lanes(scratch, &u, &w).map(|result| {
            let mut values = [0.0; N];
            values[seat] = result.value;
            let mut rest = 1.0 - result.value;
            for (j, &other) in result.others.iter().enumerate() {
                values[(seat + 1 + j) % N] = other;
                rest -= other;
            }
            values[(seat + N - 1) % N] = rest.clamp(0.0, 1.0);
            (values, result.zero)
        })
    }

    /// One pass of policy iteration round the cycle of the `N` positions of `L` score tuples
    /// (one lane each), whose turns scoring 0 pass the move at the same scores: the turns played
    /// from the last seat to the first, the last against `guesses` (the values of seat 0's
    /// position), each other against the play just found for the seat after it. `outcome(seat,
    /// l, s)` is every seat's value once `seat` banks `s > 0` in lane `l`. Gives each lane's turns
    /// as linear maps of the next position's values, `V = constants[seat] + zeros[seat] · V_next`.
    pub(crate) fn cycle_pass<const N: usize, const W: usize, const L: usize>(
        &self,
        scratch: &mut LaneScratch<W, L>,
        guesses: [[f64; N]; L],
        outcome: impl Fn(usize, usize, usize) -> [f64; N],
    ) -> [CycleMaps<N>; L] {
        let mut maps = [CycleMaps {
            constants: [[0.0; N]; N],
            zeros: [0.0; N],
        }; L];
        let mut next_value = guesses; // the last seat passes to seat 0
        for seat in (0..N).rev() {
            let stay = next_value;
            let played = self.play_turns(scratch, seat, |l, s| {
                if s == 0 { stay[l] } else { outcome(seat, l, s) }
            });
            for (l, &(v, z)) in played.iter().enumerate() {
                maps[l].zeros[seat] = z;
                maps[l].constants[seat] = std::array::from_fn(|j| v[j] - z * stay[l][j]);
                next_value[l] = v;
            }
        }
        maps
    }

    /// The pass: `u` is the mover's utility and `w` the other utilities, each indexed by final
    /// score (`w[score][j]`). The pass of one lane of [`EvalSpace::evaluate_lanes`] (the tests'
    /// way in; the solvers call that).
    #[cfg(test)]
    pub(crate) fn evaluate<const W: usize>(
        &self,
        scratch: &mut Scratch<W>,
        u: &[f64],
        w: &[[f64; W]],
    ) -> Evaluation<W> {
        let u: Vec<[f64; 1]> = u.iter().map(|&x| [x]).collect();
        let w: Vec<[[f64; 1]; W]> = w.iter().map(|v| v.map(|x| [x])).collect();
        let [result] = self.evaluate_lanes(scratch, &u, &w);
        result
    }
}

/// Calls `f` with every spread of `n` dice over the classes of `counts` and a last, lumped class.
fn enumerate(n: u8, at: usize, counts: &mut [u8], f: &mut impl FnMut(&[u8], u8)) {
    if at == counts.len() {
        f(counts, n);
        return;
    }
    for c in 0..=n {
        counts[at] = c;
        enumerate(n - c, at + 1, counts, f);
    }
    counts[at] = 0;
}

fn factorial(n: u8) -> u128 {
    (1..=u128::from(n)).product()
}

/// How many orders of the free types' counts a non-increasing list stands for.
fn orders(frees: &[u8]) -> u128 {
    let mut runs = factorial(frees.len() as u8);
    let mut i = 0;
    while i < frees.len() {
        let j = (i..frees.len())
            .find(|&j| frees[j] != frees[i])
            .unwrap_or(frees.len());
        runs /= factorial((j - i) as u8);
        i = j;
    }
    runs
}

/// A deterministic stream of numbers in `[0, 1)` (xorshift), for the tests of the passes.
#[cfg(test)]
pub(crate) fn uniforms(mut seed: u64) -> impl FnMut() -> f64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests;
