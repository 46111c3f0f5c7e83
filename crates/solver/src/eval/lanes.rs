//! The pass for `L` utility sets at once ("lanes"): the turns of `L` positions that share the
//! dice and bonus rules, walked in one sweep of the plan.
//!
//! Each lane is exactly the pass of [`EvalSpace::evaluate`]: the same choices, tie-breaking and
//! order of additions, so its results are the same bits. What lanes save is the walk itself:
//! reading a roll outcome's probability and targets once for `L` turns, and doing each lane's
//! arithmetic side by side, which the processor's vector instructions do `L` at a time (AVX2
//! where the processor has it: detected at run time).

// Lane loops index several arrays by the lane: plain counted loops, which vectorise.
#![allow(clippy::needless_range_loop)]

use super::{EvalSpace, Evaluation, clearly_better};

/// The values carried per state for each lane: `u`, the other utilities `w` and the zero-score
/// probability `z`, each an array over the lanes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lanes<const W: usize, const L: usize> {
    u: [f64; L],
    w: [[f64; L]; W],
    z: [f64; L],
}

impl<const W: usize, const L: usize> Default for Lanes<W, L> {
    fn default() -> Self {
        Lanes {
            u: [0.0; L],
            w: [[0.0; L]; W],
            z: [0.0; L],
        }
    }
}

impl<const W: usize, const L: usize> Lanes<W, L> {
    #[inline(always)]
    fn add_scaled(&mut self, p: f64, v: &Lanes<W, L>) {
        for l in 0..L {
            self.u[l] += p * v.u[l];
        }
        for j in 0..W {
            for l in 0..L {
                self.w[j][l] += p * v.w[j][l];
            }
        }
        for l in 0..L {
            self.z[l] += p * v.z[l];
        }
    }

    /// In each lane, `candidate` replaces the values where it is clearly better (ties keep the
    /// earlier choice).
    #[inline(always)]
    fn take_better(&mut self, candidate: &Lanes<W, L>) {
        if L == 1 {
            // One lane: a branch on the choice, which is often predictable (more so than a
            // mask's fixed cost).
            if clearly_better(candidate.u[0], self.u[0]) {
                *self = *candidate;
            }
            return;
        }
        // Selected through bit masks: the lanes' choices differ unpredictably, and masks keep
        // the compiler from turning a select into a branch.
        let mask: [u64; L] = std::array::from_fn(|l| {
            u64::from(clearly_better(candidate.u[l], self.u[l])).wrapping_neg()
        });
        let pick = |new: f64, old: f64, mask: u64| {
            f64::from_bits((new.to_bits() & mask) | (old.to_bits() & !mask))
        };
        for l in 0..L {
            self.u[l] = pick(candidate.u[l], self.u[l], mask[l]);
        }
        for j in 0..W {
            for l in 0..L {
                self.w[j][l] = pick(candidate.w[j][l], self.w[j][l], mask[l]);
            }
        }
        for l in 0..L {
            self.z[l] = pick(candidate.z[l], self.z[l], mask[l]);
        }
    }
}

/// Scratch array of a lanes pass: reusable, one per thread.
#[derive(Debug)]
pub(crate) struct LaneScratch<const W: usize, const L: usize> {
    after: Vec<Lanes<W, L>>,
}

impl EvalSpace {
    pub(crate) fn lane_scratch<const W: usize, const L: usize>(&self) -> LaneScratch<W, L> {
        LaneScratch {
            after: vec![Lanes::default(); self.len],
        }
    }

    /// The pass for `L` turns: `u[score][lane]` is each mover's utility, `w[score][j][lane]` the
    /// other utilities. Lane `l`'s result is [`EvalSpace::evaluate`]'s for lane `l`'s utilities.
    pub(crate) fn evaluate_lanes<const W: usize, const L: usize>(
        &self,
        scratch: &mut LaneScratch<W, L>,
        u: &[[f64; L]],
        w: &[[[f64; L]; W]],
    ) -> [Evaluation<W>; L] {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, detected just above.
            #[allow(unsafe_code)]
            return unsafe { self.sweep_avx2(scratch, u, w) };
        }
        self.sweep(scratch, u, w)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn sweep_avx2<const W: usize, const L: usize>(
        &self,
        scratch: &mut LaneScratch<W, L>,
        u: &[[f64; L]],
        w: &[[[f64; L]; W]],
    ) -> [Evaluation<W>; L] {
        self.sweep(scratch, u, w)
    }

    #[inline(always)]
    fn sweep<const W: usize, const L: usize>(
        &self,
        scratch: &mut LaneScratch<W, L>,
        u: &[[f64; L]],
        w: &[[[f64; L]; W]],
    ) -> [Evaluation<W>; L] {
        let max = self.max_score();
        assert!(u.len() == max + 1 && w.len() == max + 1);
        let after = &mut scratch.after[..self.len];
        let final_values = |score: usize| Lanes {
            u: u[score],
            w: w[score],
            z: [if score == 0 { 1.0 } else { 0.0 }; L],
        };
        for &(i, score) in &self.finals {
            after[i as usize] = final_values(usize::from(score));
        }
        let mut acc = [Lanes::<W, L>::default(); martian_engine::Rules::MAX_DICE as usize + 1];
        let mut start = Lanes::<W, L>::default();
        for row in &self.rows {
            let count = usize::from(row.count);
            let step = usize::from(row.step);
            let base = row.base as usize;
            let (first, end) = row.plan;
            if first == end {
                // Lost whatever happens: worth scoring 0.
                let lost = final_values(0);
                for i in 0..count {
                    after[base + step * i] = lost;
                }
                continue;
            }
            let acc = &mut acc[..count];
            acc.fill(Lanes::default());
            let plan = &self.plan[first as usize..end as usize];
            if count == 1 {
                let a = &mut acc[0];
                for o in plan {
                    let mut best = after[o.at[0] as usize];
                    for &t in &o.at[1..usize::from(o.len)] {
                        best.take_better(&after[t as usize]);
                    }
                    a.add_scaled(o.p, &best);
                }
            } else {
                for o in plan {
                    let at = o.at.map(|a| a as usize);
                    let after = &*after;
                    match (row.step, o.len) {
                        (2, 1) => accumulate::<W, L, 1, 2>(after, [at[0]], o.p, acc),
                        (2, 2) => accumulate::<W, L, 2, 2>(after, [at[0], at[1]], o.p, acc),
                        (2, 3) => accumulate::<W, L, 3, 2>(after, [at[0], at[1], at[2]], o.p, acc),
                        (2, _) => accumulate::<W, L, 4, 2>(after, at, o.p, acc),
                        (_, 1) => accumulate::<W, L, 1, 1>(after, [at[0]], o.p, acc),
                        (_, 2) => accumulate::<W, L, 2, 1>(after, [at[0], at[1]], o.p, acc),
                        (_, 3) => accumulate::<W, L, 3, 1>(after, [at[0], at[1], at[2]], o.p, acc),
                        _ => accumulate::<W, L, 4, 1>(after, at, o.p, acc),
                    }
                }
            }
            let e_lo = usize::from(row.e_lo);
            for (i, a) in acc.iter().enumerate() {
                let score = self
                    .score_of(i32::from(row.d), row.k, e_lo + step * i)
                    .min(max);
                // Stopping unless rolling on is clearly better: the roll's values replace the
                // stop's in the lanes where they are.
                let mut chosen = final_values(score);
                chosen.take_better(a);
                after[base + step * i] = chosen;
            }
            if row.n == self.dice {
                start = acc[0];
            }
        }
        std::array::from_fn(|l| Evaluation {
            value: start.u[l],
            others: std::array::from_fn(|j| start.w[j][l]),
            zero: start.z[l],
        })
    }
}

/// `acc[i] += p · (the values of the best of the `N` choices from the row's state i)` in each
/// lane, the row's states `STEP` apart; ties go to the earlier choice.
#[inline(always)]
fn accumulate<const W: usize, const L: usize, const N: usize, const STEP: usize>(
    after: &[Lanes<W, L>],
    at: [usize; N],
    p: f64,
    acc: &mut [Lanes<W, L>],
) {
    let span = STEP * (acc.len() - 1) + 1;
    let columns: [&[Lanes<W, L>]; N] = at.map(|a| &after[a..a + span]);
    for (i, a) in acc.iter_mut().enumerate() {
        let j = STEP * i;
        let mut best = columns[0][j];
        for column in &columns[1..] {
            best.take_better(&column[j]);
        }
        a.add_scaled(p, &best);
    }
}
