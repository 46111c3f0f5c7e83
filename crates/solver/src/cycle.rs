//! The fixed point of a cycle of positions that lead back to themselves.
//!
//! A turn that scores 0 leaves the banked scores as they were, so a position's value depends on
//! itself through the turns of the cycle: it is the point where an increasing map `g` (the value
//! of the cycle's first position once its turns are played for a guess `x` of that value)
//! meets the diagonal. The slope of `g` is the probability that the whole cycle scores nothing,
//! below 1, so `h(x) = g(x) - x` decreases and changes sign once.
//!
//! `g` is only *nearly* continuous: the turn solver treats options within 1e-12 of each other as
//! equal (so that decisions do not hinge on rounding), and the play it picks can flip at such a
//! near-tie, making `g` jump by up to about 1e-12. When the crossing falls inside a jump, no `x`
//! brings `|h|` below a tolerance finer than the jump — which is how the duel solver once
//! bisected its bracket down to two adjacent floating-point numbers and gave up. Here the search
//! also stops once the bracket around the sign change is narrower than the tolerance: the
//! crossing is then located to within the tolerance, and the value is as accurate as the
//! solver's tie rule makes it.
//!
//! **Termination.** Each step evaluates `g` once and keeps the sign change bracketed. A Newton
//! step is taken when it lands inside the bracket (it converges in two or three steps where `g`
//! is smooth, approaching from one side, so the bracket's far end may not move); after
//! [`NEWTON_RUN`] steps in a row that did not halve the bracket, a bisection. The bracket thus at
//! least halves every `NEWTON_RUN + 1` steps: from a width `w` it is below the tolerance `τ`
//! after at most `(NEWTON_RUN + 1)·⌈log2(w/τ)⌉` steps (308 for a probability to 1e-13). An
//! unbounded bracket is first closed by steps that double their reach. The loop is capped at
//! [`MAX_STEPS`], beyond that bound, and then returns its last point instead of failing.

/// Steps in a row that may leave the bracket wider than half before a bisection is forced.
pub(crate) const NEWTON_RUN: u32 = 6;

/// Evaluations before the search returns what it has (never reached: see the module comment).
pub(crate) const MAX_STEPS: u32 = 400;

/// One evaluation of the cycle for a guess `x`.
pub(crate) struct Evaluation<T> {
    /// `g(x)`: the value the guess comes back as once the cycle's turns are played.
    pub value: f64,
    /// The slope of `g` at `x`: the probability that the cycle scores nothing, below 1.
    pub slope: f64,
    /// What the caller keeps of this evaluation (the turns played, their values).
    pub result: T,
}

/// The fixed point found.
pub(crate) struct Crossing<T> {
    /// The guess at the fixed point…
    pub x: f64,
    /// …and its evaluation.
    pub result: T,
    /// `g(x) - x` there: within the tolerance, or within the jump the crossing falls into.
    pub residual: f64,
    /// Where the sign of `g(x) - x` changes, as far as the search narrowed it (`x` is one end).
    #[cfg_attr(not(test), allow(dead_code))]
    pub bracket: (f64, f64),
    /// Evaluations made.
    pub steps: u32,
}

/// Finds where `g` meets the diagonal: the first `x` with `|g(x) - x|` within `tolerance(x)`, or
/// the last one evaluated once the crossing is bracketed more tightly than that.
///
/// `low` and `high` bracket the fixed point (`high` may be infinite); `guess` is where to start.
pub(crate) fn fixed_point<T>(
    (mut low, mut high): (f64, f64),
    guess: f64,
    tolerance: impl Fn(f64) -> f64,
    mut g: impl FnMut(f64) -> Evaluation<T>,
) -> Crossing<T> {
    debug_assert!(low <= high, "the bracket [{low}, {high}] is empty");
    let mut x = guess.clamp(low, high);
    if !x.is_finite() {
        x = low + 1.0;
    }
    // How far beyond the floor to look while the bracket is open above (doubled each time).
    let mut reach = 1.0f64;
    // Steps since the bracket last halved.
    let mut slow = 0;
    let mut steps = 0;
    loop {
        let width_before = high - low;
        let evaluation = g(x);
        steps += 1;
        let h = evaluation.value - x;
        if h > 0.0 {
            low = x;
        } else if h < 0.0 {
            high = x;
        }
        let tight = high - low <= tolerance(x);
        if h == 0.0 || h.abs() <= tolerance(x) || tight || steps >= MAX_STEPS {
            return Crossing {
                x,
                result: evaluation.result,
                residual: h,
                bracket: (low, high),
                steps,
            };
        }
        if high.is_finite() && high - low > 0.5 * width_before {
            slow += 1;
        } else {
            slow = 0;
        }
        let newton = x + h / (1.0 - evaluation.slope);
        let inside = newton > low && newton < high;
        x = if !high.is_finite() {
            reach *= 2.0;
            newton.max(low + reach)
        } else if inside && slow < NEWTON_RUN {
            newton
        } else {
            0.5 * (low + high)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bound of the module comment for a probability to 1e-13: 2⁻⁴⁴ < 1e-13 < 2⁻⁴³.
    const BOUND: u32 = (NEWTON_RUN + 1) * 44;

    const _: () = assert!(MAX_STEPS > BOUND, "the cap is beyond the bound");

    /// A map of slope `slope` that would cross the diagonal at `c` but drops by `drop` there, as
    /// the turn solver's play does when a near-tie flips its choice: `g(x) - x` falls from
    /// `drop / 2` to `-drop / 2` and is never nearer to 0.
    fn dropping(slope: f64, c: f64, drop: f64) -> impl Fn(f64) -> Evaluation<()> {
        move |x| Evaluation {
            value: c + slope * (x - c) + if x > c { -0.5 * drop } else { 0.5 * drop },
            slope,
            result: (),
        }
    }

    /// The case that made the duel solver panic at large targets (3 dice, target 80, scores
    /// 76 and 18, measured): the crossing at 1.0002554340360347e-12 falls into a drop of
    /// 3.3e-13, more than the tolerance of 1e-13, so adjacent floating-point numbers straddle it
    /// and neither brings the residual under the tolerance. The search stops on the bracket.
    #[test]
    fn a_crossing_inside_a_drop_is_bracketed_to_the_tolerance() {
        let tolerance = 1e-13;
        for c in [1.000_255_434_036_034_7e-12, 0.37, 1.0 - 1e-12] {
            for drop in [3.3e-13, 1e-12, 4e-12] {
                for slope in [0.0, 0.362_847_222_222_222_2, 0.9, 0.999] {
                    for guess in [0.0, 0.5, 1.0, c] {
                        let g = dropping(slope, c, drop);
                        let found = fixed_point((0.0, 1.0), guess, |_| tolerance, &g);
                        let (low, high) = found.bracket;
                        assert!(found.steps <= BOUND, "{c} {drop} {slope}: {}", found.steps);
                        assert!(high - low <= tolerance && low <= c && c <= high);
                        assert!(found.x == low || found.x == high);
                        assert!(found.residual.abs() <= drop, "{}", found.residual);
                    }
                }
            }
        }
    }

    #[test]
    fn a_smooth_map_converges_in_a_few_newton_steps() {
        let g = |x: f64| Evaluation {
            value: 0.2 + 0.5 * x * x,
            slope: x,
            result: x,
        };
        // The fixed point: 0.5·x² - x + 0.2 = 0 in [0, 1].
        let exact = 1.0 - 0.6f64.sqrt();
        let found = fixed_point((0.0, 1.0), 0.9, |_| 1e-13, g);
        assert!((found.x - exact).abs() < 1e-13);
        assert_eq!(found.result, found.x);
        assert!(found.steps <= 8, "{} steps", found.steps);
    }

    #[test]
    fn an_unbounded_bracket_is_closed_by_doubling() {
        // The solo cycle: g(x) = 1 + z·x (turns to wait when a turn scores 0 with probability z).
        let z = 0.999;
        for (slope, most_steps) in [(z, 2), (0.0, MAX_STEPS - 1)] {
            // Given a useless slope, Newton alone would creep up by 1 a step: the doubling
            // reach closes the bracket, then bisections find the point.
            let g = |x: f64| Evaluation {
                value: 1.0 + z * x,
                slope,
                result: (),
            };
            let found = fixed_point((0.0, f64::INFINITY), 1.0, |x| 1e-12 * x.max(1.0), g);
            // The residual 1 - x/1000 is within the tolerance: x within 1e-6 of 1000.
            assert!(found.residual.abs() <= 1e-12 * found.x, "{}", found.x);
            assert!((found.x - 1000.0).abs() <= 1e-6, "{}", found.x);
            assert!(found.steps <= most_steps, "{} steps", found.steps);
        }
    }

    proptest::proptest! {
        /// Any map of slope below 1 with jumps either way (so several crossings may exist): the
        /// search ends within the bound of the module comment, either within the tolerance of
        /// the diagonal or at one end of a bracket narrower than the tolerance across which
        /// `g(x) - x` changes sign.
        #[test]
        fn the_search_always_ends_at_a_crossing(
            slope in 0.0f64..0.9999,
            c in 0.0f64..1.0,
            jumps in proptest::collection::vec((0.0f64..1.0, -1e-9f64..1e-9), 0..6),
            guess in 0.0f64..1.0,
            honest_slope in proptest::bool::ANY,
        ) {
            let jumps_below = |x: f64| -> f64 {
                jumps.iter().filter(|&&(at, _)| x > at).map(|&(_, j)| j).sum()
            };
            let g = |x: f64| Evaluation {
                value: (c + slope * (x - c) + jumps_below(x)).clamp(0.0, 1.0),
                slope: if honest_slope { slope } else { 0.0 },
                result: (),
            };
            let tolerance = 1e-13;
            let found = fixed_point((0.0, 1.0), guess, |_| tolerance, g);
            proptest::prop_assert!(found.steps <= BOUND, "{} steps", found.steps);
            if found.residual.abs() > tolerance {
                let h = |x: f64| g(x).value - x;
                let (low, high) = found.bracket;
                proptest::prop_assert!(high - low <= tolerance);
                proptest::prop_assert!(found.x == low || found.x == high);
                proptest::prop_assert!(h(low) >= 0.0 && h(high) <= 0.0);
            }
        }
    }
}
