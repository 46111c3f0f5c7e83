//! The equilibrium of one score tuple's 4-cycle: policy iteration, the detection of a policy
//! profile revisited, and the mixed equilibrium solved then (see the module docs of `quad`).

use super::QUAD_TOLERANCE;
use crate::eval::CycleMaps;

/// Each seat's turn as a linear map of the next position's values: `V_i = C_i + z_i · V_{i+1}`.
pub(crate) type Profile = CycleMaps<4>;

/// What the turns of a pass are played against.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Stays {
    /// A guess of seat 0's position: seat 3 plays against it, each seat before against the play
    /// just found for the seat after it.
    Chain([f64; 4]),
    /// The values of every seat's next position (`[i]` for seat `i`'s turn).
    Each([[f64; 4]; 4]),
}

/// One tuple solved.
#[derive(Clone, Debug)]
pub(crate) struct SolvedTuple {
    /// Values by seat to play.
    pub values: [[f64; 4]; 4],
    pub passes: usize,
    pub residual: f64,
    /// For a mixed equilibrium: each mixing seat and its probability of its first turn.
    pub mixing: Option<Vec<(usize, f64)>>,
}

/// Passes after which a tuple that neither settled nor revisited a profile is accepted as it
/// stands, its residual reported (a guard: never reached in the solves tested).
const MAX_PASSES: usize = 100;

/// Two turns alike: the same linear map up to rounding.
const SAME_TURN: f64 = 1e-11;

impl Profile {
    /// The four positions' values for these turns: the cycle's linear equations solved.
    pub fn cycle_values(&self) -> [[f64; 4]; 4] {
        let [z0, z1, z2, z3] = self.zeros;
        let c = &self.constants;
        let denominator = 1.0 - z0 * z1 * z2 * z3;
        let v0: [f64; 4] = std::array::from_fn(|j| {
            (c[0][j] + z0 * c[1][j] + z0 * z1 * c[2][j] + z0 * z1 * z2 * c[3][j]) / denominator
        });
        let v3: [f64; 4] = std::array::from_fn(|j| c[3][j] + z3 * v0[j]);
        let v2: [f64; 4] = std::array::from_fn(|j| c[2][j] + z2 * v3[j]);
        let v1: [f64; 4] = std::array::from_fn(|j| c[1][j] + z1 * v2[j]);
        [v0, v1, v2, v3]
    }

    fn same_turn(&self, other: &Profile, seat: usize) -> bool {
        (self.zeros[seat] - other.zeros[seat]).abs() <= SAME_TURN
            && (0..4)
                .all(|j| (self.constants[seat][j] - other.constants[seat][j]).abs() <= SAME_TURN)
    }

    fn same(&self, other: &Profile) -> bool {
        (0..4).all(|seat| self.same_turn(other, seat))
    }

    /// Seat `seat` plays `a`'s turn with probability `p`, else `b`'s.
    fn mix(&mut self, seat: usize, a: &Profile, b: &Profile, p: f64) {
        self.zeros[seat] = p * a.zeros[seat] + (1.0 - p) * b.zeros[seat];
        self.constants[seat] =
            std::array::from_fn(|j| p * a.constants[seat][j] + (1.0 - p) * b.constants[seat][j]);
    }
}

/// Solves a tuple: `pass` plays the four turns (see [`Stays`]).
pub(crate) fn solve_tuple(pass: &mut impl FnMut(Stays) -> Profile, guess: [f64; 4]) -> SolvedTuple {
    let mut history: Vec<Profile> = Vec::new();
    let mut x = guess;
    for passes in 1..=MAX_PASSES {
        let profile = pass(Stays::Chain(x));
        let values = profile.cycle_values();
        let residual = (0..4)
            .map(|j| (values[0][j] - x[j]).abs())
            .fold(0.0, f64::max);
        if residual <= QUAD_TOLERANCE {
            return SolvedTuple {
                values,
                passes,
                residual,
                mixing: None,
            };
        }
        if let Some(first) = history.iter().position(|p| p.same(&profile)) {
            return solve_mixed(pass, &history[first..], passes);
        }
        history.push(profile);
        x = values[0];
    }
    let values = history.last().map_or([guess; 4], Profile::cycle_values);
    let residual = best_reply_gain(pass, &values);
    SolvedTuple {
        values,
        passes: MAX_PASSES,
        residual,
        mixing: None,
    }
}

/// The policy iteration of [`solve_tuple`] for `L` tuples side by side: `passes` plays the turns
/// of every lane against its guess (see [`Stays::Chain`]). A lane that settles gives what
/// `solve_tuple` gives from its guess; a lane that revisits a profile or runs out of passes gives
/// `None`, to be solved alone by `solve_tuple`.
pub(crate) fn settle_tuples<const L: usize>(
    passes: &mut impl FnMut([[f64; 4]; L]) -> [Profile; L],
    guesses: [[f64; 4]; L],
) -> [Option<SolvedTuple>; L] {
    let mut settled: [Option<SolvedTuple>; L] = std::array::from_fn(|_| None);
    let mut active = [true; L];
    let mut history: [Vec<Profile>; L] = std::array::from_fn(|_| Vec::new());
    let mut x = guesses;
    for count in 1..=MAX_PASSES {
        let profiles = passes(x);
        for l in 0..L {
            if !active[l] {
                continue;
            }
            let profile = profiles[l];
            let values = profile.cycle_values();
            let residual = (0..4)
                .map(|j| (values[0][j] - x[l][j]).abs())
                .fold(0.0, f64::max);
            if residual <= QUAD_TOLERANCE {
                settled[l] = Some(SolvedTuple {
                    values,
                    passes: count,
                    residual,
                    mixing: None,
                });
                active[l] = false;
            } else if history[l].iter().any(|p| p.same(&profile)) {
                active[l] = false;
            } else {
                history[l].push(profile);
                x[l] = values[0];
            }
        }
        if !active.contains(&true) {
            break;
        }
    }
    settled
}

/// The most a seat gains by its best reply to `values` over what `values` give it.
fn best_reply_gain(pass: &mut impl FnMut(Stays) -> Profile, values: &[[f64; 4]; 4]) -> f64 {
    let stays: [[f64; 4]; 4] = std::array::from_fn(|seat| values[(seat + 1) % 4]);
    let best = pass(Stays::Each(stays));
    (0..4)
        .map(|seat| {
            best.constants[seat][seat] + best.zeros[seat] * stays[seat][seat] - values[seat][seat]
        })
        .fold(0.0, f64::max)
}

/// The mixed equilibrium of a tuple whose policy iteration went round `cycle` (the profiles from
/// the one revisited on).
fn solve_mixed(
    pass: &mut impl FnMut(Stays) -> Profile,
    cycle: &[Profile],
    passes: usize,
) -> SolvedTuple {
    let base = cycle[0];
    // The seats whose turn changes along the cycle, with their two turns.
    let mut mixing: Vec<(usize, Profile, Profile)> = Vec::new();
    let mut pure = true;
    for seat in 0..4 {
        let mut turns: Vec<&Profile> = Vec::new();
        for p in cycle {
            if !turns.iter().any(|t| t.same_turn(p, seat)) {
                turns.push(p);
            }
        }
        match turns.as_slice() {
            [_] => {}
            [a, b] => mixing.push((seat, **a, **b)),
            _ => pure = false,
        }
    }
    let profile_at = |probabilities: &[f64]| {
        let mut profile = base;
        for (&(seat, a, b), &p) in mixing.iter().zip(probabilities) {
            profile.mix(seat, &a, &b, p);
        }
        profile
    };
    // Seat i's condition: (V_{i+1}[i] − x_i*)·D = 0, multilinear in the probabilities.
    let breakeven: Vec<Option<f64>> = mixing
        .iter()
        .map(|&(seat, a, b)| {
            let slope = b.zeros[seat] - a.zeros[seat];
            (slope.abs() > 1e-15)
                .then(|| (a.constants[seat][seat] - b.constants[seat][seat]) / slope)
        })
        .collect();
    let condition = |k: usize, probabilities: &[f64]| {
        let profile = profile_at(probabilities);
        let seat = mixing[k].0;
        let values = profile.cycle_values();
        let d = 1.0 - profile.zeros.iter().product::<f64>();
        (values[(seat + 1) % 4][seat] - breakeven[k].unwrap_or(f64::NAN)) * d
    };
    let solved = if !pure || breakeven.iter().any(Option::is_none) {
        None
    } else {
        match mixing.len() {
            1 => {
                let (g0, g1) = (condition(0, &[0.0]), condition(0, &[1.0]));
                let p = g0 / (g0 - g1);
                p.is_finite().then(|| vec![p.clamp(0.0, 1.0)])
            }
            2 => solve_bilinear(|k, p, q| condition(k, &[p, q])).map(|(p, q)| vec![p, q]),
            _ => None,
        }
    };
    let Some(probabilities) = solved else {
        // Not a two-turn cycle of one or two seats: the last profile's values, reported as far
        // from an equilibrium as they are.
        let values = cycle[cycle.len() - 1].cycle_values();
        let residual = best_reply_gain(pass, &values);
        return SolvedTuple {
            values,
            passes: passes + 1,
            residual,
            mixing: None,
        };
    };
    let values = profile_at(&probabilities).cycle_values();
    let residual = best_reply_gain(pass, &values);
    SolvedTuple {
        values,
        passes: passes + 1,
        residual,
        mixing: Some(
            mixing
                .iter()
                .zip(&probabilities)
                .map(|(&(seat, ..), &p)| (seat, p))
                .collect(),
        ),
    }
}

/// The root in the unit square of `g(0, p, q) = g(1, p, q) = 0`, each `g(k, ·, ·)` bilinear:
/// `p` eliminated through the first leaves a quadratic in `q`.
fn solve_bilinear(g: impl Fn(usize, f64, f64) -> f64) -> Option<(f64, f64)> {
    // α + β p + γ q + δ p q from the corners.
    let coefficients = |k: usize| {
        let (g00, g10, g01, g11) = (
            g(k, 0.0, 0.0),
            g(k, 1.0, 0.0),
            g(k, 0.0, 1.0),
            g(k, 1.0, 1.0),
        );
        (g00, g10 - g00, g01 - g00, g11 - g10 - g01 + g00)
    };
    let (a1, b1, c1, d1) = coefficients(0);
    let (a2, b2, c2, d2) = coefficients(1);
    // (α2 + γ2 q)(β1 + δ1 q) − (β2 + δ2 q)(α1 + γ1 q) = 0.
    let qa = c2 * d1 - d2 * c1;
    let qb = a2 * d1 + c2 * b1 - b2 * c1 - d2 * a1;
    let qc = a2 * b1 - b2 * a1;
    let mut roots = Vec::new();
    if qa.abs() < 1e-300 {
        if qb != 0.0 {
            roots.push(-qc / qb);
        }
    } else {
        let disc = qb * qb - 4.0 * qa * qc;
        if disc >= 0.0 {
            let root = disc.sqrt();
            // The numerically stable pair of roots.
            let m = -0.5 * (qb + qb.signum() * root);
            roots.push(m / qa);
            if m != 0.0 {
                roots.push(qc / m);
            }
        }
    }
    let slack = 1e-9;
    roots
        .into_iter()
        .filter(|q| (-slack..=1.0 + slack).contains(q))
        .filter_map(|q| {
            let q = q.clamp(0.0, 1.0);
            // p from whichever equation determines it better.
            let (num, den) = if (b1 + d1 * q).abs() >= (b2 + d2 * q).abs() {
                (-(a1 + c1 * q), b1 + d1 * q)
            } else {
                (-(a2 + c2 * q), b2 + d2 * q)
            };
            let p = num / den;
            (p.is_finite() && (-slack..=1.0 + slack).contains(&p)).then(|| (p.clamp(0.0, 1.0), q))
        })
        .min_by(|x, y| {
            let err = |&(p, q): &(f64, f64)| g(0, p, q).abs().max(g(1, p, q).abs());
            err(x).total_cmp(&err(y))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bilinear_system_is_solved_in_the_unit_square() {
        // (p − 0.3)(q + 1) = 0 and (q − 0.6)(2 − p) = 0.
        let g = |k: usize, p: f64, q: f64| {
            if k == 0 {
                (p - 0.3) * (q + 1.0)
            } else {
                (q - 0.6) * (2.0 - p)
            }
        };
        let (p, q) = solve_bilinear(g).unwrap();
        assert!(
            (p - 0.3).abs() < 1e-12 && (q - 0.6).abs() < 1e-12,
            "{p} {q}"
        );
        // A coupled one: p + q − 1 = 0, p − 2q + 0.5 p q = 0.
        let g = |k: usize, p: f64, q: f64| {
            if k == 0 {
                p + q - 1.0
            } else {
                p - 2.0 * q + 0.5 * p * q
            }
        };
        let (p, q) = solve_bilinear(g).unwrap();
        assert!(g(0, p, q).abs() < 1e-12 && g(1, p, q).abs() < 1e-12);
    }

    /// Matching pennies in the cycle's clothes: seats 0 and 1 each choose between two turns, and
    /// each one's best turn depends on the other's, so that no pure profile is stable.
    #[test]
    fn matching_pennies_is_detected_and_mixed_to_indifference() {
        // Turns of seat i: `safe` (z = 0.2) or `bold` (z = 0.6). Constants are chosen so that
        // the break-even values of each seat lie between the values the other's choices give.
        let turn = |seat: usize, bold: bool| -> ([f64; 4], f64) {
            let z = if bold { 0.6 } else { 0.2 };
            let mut c = [0.0; 4];
            let keep = 1.0 - z;
            // What the turn hands out besides passing: to itself and to seat (seat + 1).
            let (mine, theirs) = match (seat, bold) {
                (0, false) => (0.5, 0.3),
                (0, true) => (0.15, 0.25),
                (1, false) => (0.3, 0.5),
                (1, true) => (0.25, 0.15),
                _ => (keep * 0.25, keep * 0.25),
            };
            c[seat] = mine;
            c[(seat + 1) % 4] = theirs;
            let rest = (keep - mine - theirs) / 2.0;
            c[(seat + 2) % 4] = rest;
            c[(seat + 3) % 4] = rest;
            (c, z)
        };
        let mut pass = |stays: Stays| {
            let mut profile = Profile {
                constants: [[0.0; 4]; 4],
                zeros: [0.0; 4],
            };
            let mut next = match stays {
                Stays::Chain(x) => x,
                Stays::Each(each) => each[3],
            };
            for seat in (0..4).rev() {
                let stay = match stays {
                    Stays::Chain(_) => next,
                    Stays::Each(each) => each[seat],
                };
                let options = [turn(seat, false), turn(seat, true)];
                let value = |(c, z): ([f64; 4], f64)| c[seat] + z * stay[seat];
                let (c, z) = if value(options[1]) > value(options[0]) + 1e-15 {
                    options[1]
                } else {
                    options[0]
                };
                profile.constants[seat] = c;
                profile.zeros[seat] = z;
                next = std::array::from_fn(|j| c[j] + z * stay[j]);
            }
            profile
        };
        let solved = solve_tuple(&mut pass, [0.25; 4]);
        let sum: f64 = solved.values[0].iter().sum();
        assert!((sum - 1.0).abs() < 1e-12, "{solved:?}");
        if let Some(mixing) = &solved.mixing {
            assert!(mixing.iter().all(|&(_, p)| (0.0..=1.0).contains(&p)));
        }
        assert!(solved.residual <= 1e-12, "{solved:?}");
    }
}
