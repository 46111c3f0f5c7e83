use super::*;

/// What the reference carries per state.
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
    fn add_scaled(&mut self, p: f64, v: Values<W>) {
        self.u += p * v.u;
        for (a, b) in self.w.iter_mut().zip(v.w) {
            *a += p * b;
        }
        self.z += p * v.z;
    }
}

/// The pass as first written: every earthling count of every row, every target resolved in
/// the loop, lost rows summed like the others.
fn reference<const W: usize>(space: &EvalSpace, u: &[f64], w: &[[f64; W]]) -> Evaluation<W> {
    let max = space.max_score();
    let mut after = vec![Values::<W>::default(); space.len];
    let final_values = |score: usize| Values {
        u: u[score],
        w: w[score],
        z: if score == 0 { 1.0 } else { 0.0 },
    };
    for k in 0u8..=3 {
        for d in -1..=0 {
            for e in 0..=usize::from(space.dice) {
                after[space.index(0, k, d, e)] = final_values(space.score_of(d, k, e).min(max));
            }
        }
    }
    let mut start = None;
    for row in &space.rows {
        let width = usize::from(row.step) * (usize::from(row.count) - 1) + 1;
        let e_lo = usize::from(row.e_lo);
        let mut acc = vec![Values::<W>::default(); width];
        for o in &space.outcomes[usize::from(row.n) * 4 + usize::from(row.k)] {
            let at: Vec<usize> = o.choices[..usize::from(o.len)]
                .iter()
                .map(|c| {
                    let d = i32::from(row.d) + i32::from(c.delta_d);
                    space.index(c.n, c.k, d, e_lo + usize::from(c.add_e))
                })
                .collect();
            for (i, a) in acc.iter_mut().enumerate() {
                let mut best = after[at[0] + i];
                for &t in &at[1..] {
                    if clearly_better(after[t + i].u, best.u) {
                        best = after[t + i];
                    }
                }
                a.add_scaled(o.p, best);
            }
        }
        let base = space.index(row.n, row.k, i32::from(row.d), e_lo);
        for (i, &a) in acc.iter().enumerate() {
            let score = space.score_of(i32::from(row.d), row.k, e_lo + i).min(max);
            after[base + i] = if clearly_better(a.u, u[score]) {
                a
            } else {
                final_values(score)
            };
        }
        if row.n == space.dice {
            start = Some(Evaluation {
                value: acc[0].u,
                others: acc[0].w,
                zero: acc[0].z,
            });
        }
    }
    start.expect("the start row")
}

fn bits<const W: usize>(e: &Evaluation<W>) -> Vec<u64> {
    [e.value, e.zero]
        .into_iter()
        .chain(e.others)
        .map(f64::to_bits)
        .collect()
}

#[test]
fn the_pass_gives_the_bits_of_the_pass_over_every_state() {
    let mut next = uniforms(0x5851_f42d_4c95_7f2du64);
    for (dice, bonus) in [
        (1, BonusRule::OneOfEach),
        (4, BonusRule::AnyEarthling),
        (7, BonusRule::OneOfEach),
        (13, BonusRule::OneOfEach),
        (13, BonusRule::AnyEarthling),
    ] {
        let space = EvalSpace::new(dice, bonus);
        let max = space.max_score();
        let mut one = space.scratch::<1>();
        let mut two = space.scratch::<2>();
        for round in 0..12 {
            // Increasing, random, and flat-then-step utilities (near-ties and exact ties).
            let u: Vec<f64> = (0..=max)
                .map(|s| match round % 3 {
                    0 => s as f64 / max as f64,
                    1 => next(),
                    _ => f64::from(u8::from(s >= 3 + round)),
                })
                .collect();
            let w1: Vec<[f64; 1]> = (0..=max).map(|_| [next()]).collect();
            let w2: Vec<[f64; 2]> = (0..=max).map(|_| [next(), next()]).collect();
            let fast = space.evaluate(&mut one, &u, &w1);
            assert_eq!(
                bits(&fast),
                bits(&reference(&space, &u, &w1)),
                "{dice} dice"
            );
            let fast = space.evaluate(&mut two, &u, &w2);
            assert_eq!(
                bits(&fast),
                bits(&reference(&space, &u, &w2)),
                "{dice} dice"
            );
        }
    }
}

#[test]
fn each_lane_gives_the_bits_of_the_single_pass() {
    let mut next = uniforms(0x2545_f491_4f6c_dd1du64);
    for (dice, bonus) in [
        (3, BonusRule::OneOfEach),
        (8, BonusRule::AnyEarthling),
        (13, BonusRule::OneOfEach),
    ] {
        let space = EvalSpace::new(dice, bonus);
        let max = space.max_score();
        let mut single = space.scratch::<2>();
        let mut lanes = space.lane_scratch::<2, 4>();
        for round in 0..6 {
            // Lane 0 increasing, lane 1 random, lanes 2 and 3 flat-then-step (exact ties).
            let u: Vec<[f64; 4]> = (0..=max)
                .map(|s| {
                    [
                        s as f64 / max as f64,
                        next(),
                        f64::from(u8::from(s >= 3 + round)),
                        f64::from(u8::from(s > round)) * 0.5,
                    ]
                })
                .collect();
            let w: Vec<[[f64; 4]; 2]> = (0..=max)
                .map(|_| std::array::from_fn(|_| std::array::from_fn(|_| next())))
                .collect();
            let together = space.evaluate_lanes(&mut lanes, &u, &w);
            for (l, lane) in together.iter().enumerate() {
                let u1: Vec<f64> = u.iter().map(|v| v[l]).collect();
                let w1: Vec<[f64; 2]> = w.iter().map(|v| [v[0][l], v[1][l]]).collect();
                let alone = space.evaluate(&mut single, &u1, &w1);
                assert_eq!(bits(lane), bits(&alone), "{dice} dice, lane {l}");
            }
        }
    }
}
