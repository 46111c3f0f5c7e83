//! Turn-level play: the final score of a whole turn drawn in one step from its exact distribution.
//!
//! A bot whose play of a turn depends only on the position at the start of the turn (the banked
//! scores, the seat, the final round) gives every turn's final score a fixed distribution per
//! position, which the solver computes exactly ([`martian_solver::TurnTable::score_distribution`]).
//! A host may then draw the score from that distribution instead of rolling and deciding step by
//! step: the games it plays are distributed exactly as if every die were rolled.

use martian_engine::Points;
use rand::Rng;

/// Why a distribution cannot be sampled.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SamplerError {
    #[error("a score distribution needs from 1 to {max} scores, not {0}", max = MAX_SCORES)]
    Length(usize),
    #[error("the probability of score {score} is {value}: not a finite non-negative number")]
    Probability { score: usize, value: f64 },
    #[error("the probabilities sum to {0}, not a positive number")]
    Sum(f64),
}

/// Scores a sampler covers at most (`0..MAX_SCORES`): far beyond the best turn of 30 dice.
pub const MAX_SCORES: usize = 256;

/// One column of the alias table: the column's own score is drawn when the coin falls below
/// `threshold` (out of 2^64), its `alias` otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Column {
    threshold: u64,
    alias: Points,
}

/// Draws a turn's final score `0..=max_score()` from a fixed distribution with one 64-bit random
/// number, in constant time (Walker's alias method, built by Vose's algorithm).
///
/// **Exactness.** The table is built in `f64` from the given probabilities, so each score is
/// drawn with its probability up to `f64` rounding (relative errors of order 1e-16 per column);
/// the random number is split without bias beyond 2^-58: its high part (a multiply-high by the
/// number of columns) picks the column, its low part is the coin compared with the column's
/// 64-bit threshold. [`TurnScoreSampler::implied_probability`] gives back the probability each
/// score is actually drawn with, for checks.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnScoreSampler {
    columns: Box<[Column]>,
    /// The distribution sampled, normalised to sum 1.
    probabilities: Box<[f64]>,
}

/// 2^64 as an `f64` (exact).
const TWO_POW_64: f64 = 18_446_744_073_709_551_616.0;

impl TurnScoreSampler {
    /// A sampler of `probabilities[score]` (normalised by their sum, which the solver's
    /// distributions have as 1 up to rounding).
    pub fn new(probabilities: &[f64]) -> Result<TurnScoreSampler, SamplerError> {
        let n = probabilities.len();
        if !(1..=MAX_SCORES).contains(&n) {
            return Err(SamplerError::Length(n));
        }
        if let Some((score, &value)) = probabilities
            .iter()
            .enumerate()
            .find(|&(_, p)| !(p.is_finite() && *p >= 0.0))
        {
            return Err(SamplerError::Probability { score, value });
        }
        let sum: f64 = probabilities.iter().sum();
        if !(sum.is_finite() && sum > 0.0) {
            return Err(SamplerError::Sum(sum));
        }
        let probabilities: Box<[f64]> = probabilities.iter().map(|p| p / sum).collect();

        // Vose: each column holds 1/n of the mass: its own share `scaled[i]` (of 1) and the rest
        // from one larger score.
        let mut scaled: Vec<f64> = probabilities.iter().map(|p| p * n as f64).collect();
        let mut columns: Vec<Column> = (0..n)
            .map(|i| Column {
                threshold: u64::MAX,
                alias: i as Points,
            })
            .collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..n).partition(|&i| scaled[i] < 1.0);
        while let (Some(&s), Some(&l)) = (small.last(), large.last()) {
            small.pop();
            // `as u64` saturates: a share of 1 (or rounding above it) keeps the column whole.
            columns[s] = Column {
                threshold: (scaled[s] * TWO_POW_64) as u64,
                alias: l as Points,
            };
            scaled[l] -= 1.0 - scaled[s];
            if scaled[l] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // What is left has a share of 1 up to rounding: whole columns (threshold u64::MAX, the
        // alias being the column itself, the 2^-64 of coins above it land on the same score).
        Ok(TurnScoreSampler {
            columns: columns.into_boxed_slice(),
            probabilities,
        })
    }

    /// The highest score drawn (scores run from 0).
    pub fn max_score(&self) -> Points {
        (self.columns.len() - 1) as Points
    }

    /// The probability of `score` in the distribution given (normalised).
    pub fn probability(&self, score: Points) -> f64 {
        self.probabilities
            .get(usize::from(score))
            .copied()
            .unwrap_or(0.0)
    }

    /// The distribution given, normalised, indexed by score.
    pub fn probabilities(&self) -> &[f64] {
        &self.probabilities
    }

    /// The probability the table actually draws `score` with (up to the 2^-58 of the split of
    /// the random number): the sum over the columns of the coin's chance to land on it.
    pub fn implied_probability(&self, score: Points) -> f64 {
        let n = self.columns.len() as f64;
        self.columns
            .iter()
            .enumerate()
            .map(|(i, column)| {
                let own = column.threshold as f64 / TWO_POW_64;
                let mut p = 0.0;
                if i == usize::from(score) {
                    p += own;
                }
                if column.alias == score {
                    p += 1.0 - own;
                }
                p / n
            })
            .sum()
    }

    /// Draws a score with one 64-bit random number.
    #[inline]
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Points {
        let wide = u128::from(rng.next_u64()) * self.columns.len() as u128;
        let index = (wide >> 64) as usize;
        let coin = wide as u64;
        let column = self.columns[index];
        // Without a branch: the coin is unpredictable by design.
        let own = Points::from(coin < column.threshold).wrapping_neg();
        (index as Points & own) | (column.alias & !own)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::{Rules, Turn, seeded_rng};
    use martian_solver::expected_score_table;

    fn official_greedy() -> Vec<f64> {
        let rules = Rules::official();
        expected_score_table(rules).score_distribution(&Turn::new(rules))
    }

    #[test]
    fn the_table_draws_each_score_with_its_probability_up_to_rounding() {
        let distributions = [
            official_greedy(),
            vec![1.0],
            vec![0.0, 0.0, 1.0, 0.0],
            vec![0.25; 4],
            vec![1e-300, 0.5, 0.5 - 1e-17, 0.0, 3e-9],
            (1..=34).map(f64::from).collect(),
        ];
        for given in distributions {
            let sampler = TurnScoreSampler::new(&given).unwrap();
            let sum: f64 = given.iter().sum();
            for (score, &p) in given.iter().enumerate() {
                let implied = sampler.implied_probability(score as Points);
                assert!(
                    (implied - p / sum).abs() <= 8.0 * f64::EPSILON,
                    "score {score}: given {}, drawn with {implied}",
                    p / sum
                );
            }
        }
    }

    #[test]
    fn frequencies_match_the_official_greedy_distribution_within_five_sigma() {
        let p = official_greedy();
        let sampler = TurnScoreSampler::new(&p).unwrap();
        let draws = 2_000_000u64;
        let mut counts = vec![0u64; p.len()];
        let mut rng = seeded_rng(11);
        for _ in 0..draws {
            counts[usize::from(sampler.sample(&mut rng))] += 1;
        }
        let mut chi_square = 0.0;
        let mut bins = 0;
        for (score, (&count, &pk)) in counts.iter().zip(&p).enumerate() {
            let expected = draws as f64 * pk;
            let sigma = (draws as f64 * pk * (1.0 - pk)).sqrt();
            assert!(
                (count as f64 - expected).abs() <= 5.0 * sigma,
                "score {score}: {count} draws, expected {expected:.1} ± {sigma:.1}"
            );
            if pk == 0.0 {
                assert_eq!(count, 0, "score {score} has probability 0");
            } else {
                chi_square += (count as f64 - expected).powi(2) / expected;
                bins += 1;
            }
        }
        // Chi-square with k = bins - 1 degrees of freedom: mean k, variance 2k; 5σ above.
        let k = f64::from(bins - 1);
        assert!(
            chi_square < k + 5.0 * (2.0 * k).sqrt(),
            "χ² = {chi_square}, {k} dof"
        );
    }

    #[test]
    fn a_score_of_probability_zero_is_never_drawn_and_a_certain_one_always() {
        let sampler = TurnScoreSampler::new(&[0.0, 0.0, 3.0, 0.0]).unwrap();
        let mut rng = seeded_rng(3);
        assert!((0..10_000).all(|_| sampler.sample(&mut rng) == 2));
        assert_eq!(sampler.max_score(), 3);
        assert_eq!(sampler.probability(2), 1.0);
    }

    #[test]
    fn bad_distributions_are_refused() {
        assert_eq!(TurnScoreSampler::new(&[]), Err(SamplerError::Length(0)));
        assert_eq!(
            TurnScoreSampler::new(&[0.5, -0.1]),
            Err(SamplerError::Probability {
                score: 1,
                value: -0.1
            })
        );
        assert!(matches!(
            TurnScoreSampler::new(&[0.5, f64::NAN]),
            Err(SamplerError::Probability { score: 1, .. })
        ));
        assert_eq!(
            TurnScoreSampler::new(&[0.0, 0.0]),
            Err(SamplerError::Sum(0.0))
        );
        assert_eq!(
            TurnScoreSampler::new(&vec![1.0; MAX_SCORES + 1]),
            Err(SamplerError::Length(MAX_SCORES + 1))
        );
    }
}
