//! One backward pass over a turn that finds the mover's optimal play for its utility `u` and, in
//! the same sweep, evaluates that very play for `W` other utilities (other players' values of the
//! turn's final score) and for the probability that the turn scores 0.
//!
//! This is the three-player solver's pass (`trio/eval.rs`) with the one other utility widened to
//! `W` of them (the four-player solve carries two, the third being what the others leave of 1);
//! the states, the roll outcomes and the tie order of decisions are the same, so that the play
//! evaluated is the play the turn solver's tables make (the tests check both against the turn
//! solver). The three-player solver could use it with `W = 1`.

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

/// The states of one `(n, k, d)` for earthling counts `e_lo .. e_lo + width`.
#[derive(Clone, Copy, Debug)]
struct Row {
    n: u8,
    k: u8,
    d: i8,
    e_lo: u8,
    width: u8,
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
}

/// The three values carried per state, side by side so that one memory read brings them all.
#[derive(Clone, Copy, Debug)]
struct Values<const W: usize> {
    u: f64,
    w: [f64; W],
    z: f64,
}

impl<const W: usize> Default for Values<W> {
    fn default() -> Self {
        Values {
            u: 0.0,
            w: [0.0; W],
            z: 0.0,
        }
    }
}

impl<const W: usize> Values<W> {
    #[inline]
    fn add_scaled(&mut self, p: f64, v: Values<W>) {
        self.u += p * v.u;
        for (a, b) in self.w.iter_mut().zip(v.w) {
            *a += p * b;
        }
        self.z += p * v.z;
    }
}

/// Scratch array of a pass: reusable, one per thread.
#[derive(Debug)]
pub(crate) struct Scratch<const W: usize> {
    after: Vec<Values<W>>,
}

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
        };
        space.enumerate_rows();
        space.enumerate_outcomes();
        space
    }

    pub(crate) fn scratch<const W: usize>(&self) -> Scratch<W> {
        Scratch {
            after: vec![Values::default(); self.len],
        }
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
                        self.rows.push(Row {
                            n,
                            k,
                            d: d as i8,
                            e_lo: lo as u8,
                            width: (hi - lo + 1) as u8,
                        });
                    }
                }
            }
        }
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

    /// The pass: `u` is the mover's utility and `w` the other utilities, each indexed by final
    /// score (`w[score][j]`).
    pub(crate) fn evaluate<const W: usize>(
        &self,
        scratch: &mut Scratch<W>,
        u: &[f64],
        w: &[[f64; W]],
    ) -> Evaluation<W> {
        let max = self.max_score();
        assert!(u.len() == max + 1 && w.len() == max + 1);
        let after = &mut scratch.after;
        let final_values = |score: usize| Values {
            u: u[score],
            w: w[score],
            z: if score == 0 { 1.0 } else { 0.0 },
        };
        for k in 0u8..=3 {
            for d in -1..=0 {
                for e in 0..=usize::from(self.dice) {
                    let i = self.index(0, k, d, e);
                    let score = self.score_of(d, k, e).min(max);
                    after[i] = final_values(score);
                }
            }
        }
        let mut acc = [Values::<W>::default(); Rules::MAX_DICE as usize + 1];
        let mut start = Evaluation {
            value: 0.0,
            others: [0.0; W],
            zero: 0.0,
        };
        for row in &self.rows {
            let width = usize::from(row.width);
            let acc = &mut acc[..width];
            acc.fill(Values::default());
            let e_lo = usize::from(row.e_lo);
            for o in &self.outcomes[usize::from(row.n) * 4 + usize::from(row.k)] {
                let choices = &o.choices[..usize::from(o.len)];
                let mut at = [0usize; 4];
                for (slot, c) in at.iter_mut().zip(choices) {
                    *slot = self.index(
                        c.n,
                        c.k,
                        i32::from(row.d) + i32::from(c.delta_d),
                        e_lo + usize::from(c.add_e),
                    );
                }
                let p = o.p;
                if choices.len() == 1 {
                    let column = &after[at[0]..at[0] + width];
                    for (a, &v) in acc.iter_mut().zip(column) {
                        a.add_scaled(p, v);
                    }
                    continue;
                }
                for (i, a) in acc.iter_mut().enumerate() {
                    let mut best = after[at[0] + i];
                    for &t in &at[1..choices.len()] {
                        let candidate = after[t + i];
                        if clearly_better(candidate.u, best.u) {
                            best = candidate;
                        }
                    }
                    a.add_scaled(p, best);
                }
            }
            let base = self.index(row.n, row.k, i32::from(row.d), e_lo);
            for (i, &a) in acc.iter().enumerate() {
                let score = self.score_of(i32::from(row.d), row.k, e_lo + i).min(max);
                after[base + i] = if clearly_better(a.u, u[score]) {
                    a
                } else {
                    final_values(score)
                };
            }
            if row.n == self.dice {
                start = Evaluation {
                    value: acc[0].u,
                    others: acc[0].w,
                    zero: acc[0].z,
                };
            }
        }
        start
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
