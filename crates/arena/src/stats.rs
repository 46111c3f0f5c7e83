//! Confidence intervals and ratings.

/// The 97.5th percentile of the standard normal distribution: a 95% two-sided interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wilson's score interval for `successes` out of `trials` at the normal quantile `z`.
/// Fractional successes (shared victories) are allowed. `(0, 1)` when there are no trials.
pub fn wilson(successes: f64, trials: f64, z: f64) -> (f64, f64) {
    if trials <= 0.0 {
        return (0.0, 1.0);
    }
    let p = successes / trials;
    let z2 = z * z;
    let denominator = 1.0 + z2 / trials;
    let centre = (p + z2 / (2.0 * trials)) / denominator;
    let half = z * (p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)).sqrt() / denominator;
    // At 0 and at every trial the bound is exactly 0 or 1; say so rather than round near it.
    let lo = if successes <= 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if successes >= trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// Bradley–Terry strengths from a matrix of wins: `wins[i][j]` is what `i` won against `j`
/// (fractions allowed). Fitted by Hunter's MM iteration, with half a win and half a loss added
/// to every pair that met so that a bot that never lost (or never won) keeps a finite rating.
/// Returned on the Elo scale (400 · log10 of the strength), centred on a mean of 0.
pub fn bradley_terry_elo(wins: &[Vec<f64>]) -> Vec<f64> {
    let n = wins.len();
    let games = |i: usize, j: usize| wins[i][j] + wins[j][i];
    let won = |i: usize, j: usize| {
        if games(i, j) > 0.0 {
            wins[i][j] + 0.5
        } else {
            0.0
        }
    };
    let played = |i: usize, j: usize| {
        if games(i, j) > 0.0 {
            games(i, j) + 1.0
        } else {
            0.0
        }
    };
    let mut strength = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next = vec![0.0; n];
        for i in 0..n {
            let total_won: f64 = (0..n).filter(|&j| j != i).map(|j| won(i, j)).sum();
            let denominator: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| played(i, j) / (strength[i] + strength[j]))
                .sum();
            next[i] = if denominator > 0.0 {
                total_won / denominator
            } else {
                1.0
            };
        }
        let geometric_mean = (next.iter().map(|s| s.ln()).sum::<f64>() / n as f64).exp();
        next.iter_mut().for_each(|s| *s /= geometric_mean);
        let change = next
            .iter()
            .zip(&strength)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        strength = next;
        if change < 1e-12 {
            break;
        }
    }
    strength
        .iter()
        .map(|s| 400.0 * s.log10())
        .collect::<Vec<_>>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_textbook_value() {
        // 81 successes in 263 trials: (0.2553, 0.3662) to four places (Wilson, 1927 form,
        // as tabulated by Newcombe 1998, example "81/263").
        let (lo, hi) = wilson(81.0, 263.0, Z95);
        assert!((lo - 0.2553).abs() < 5e-5, "{lo}");
        assert!((hi - 0.3662).abs() < 5e-5, "{hi}");
    }

    #[test]
    fn wilson_stays_inside_zero_one_at_the_extremes() {
        let (lo, hi) = wilson(0.0, 10.0, Z95);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.0 && hi < 0.35);
        let (lo, hi) = wilson(10.0, 10.0, Z95);
        assert!(lo > 0.65 && lo < 1.0);
        assert_eq!(hi, 1.0);
        assert_eq!(wilson(0.0, 0.0, Z95), (0.0, 1.0));
    }

    #[test]
    fn bradley_terry_recovers_the_odds_of_a_two_player_record() {
        // With the half-win prior, A's strength over B is (75.5 / 25.5): the MLE odds.
        let wins = vec![vec![0.0, 75.0], vec![25.0, 0.0]];
        let elo = bradley_terry_elo(&wins);
        let expected_gap = 400.0 * (75.5f64 / 25.5).log10();
        assert!((elo[0] - elo[1] - expected_gap).abs() < 1e-6, "{elo:?}");
        assert!((elo[0] + elo[1]).abs() < 1e-9);
    }

    #[test]
    fn bradley_terry_orders_a_transitive_round_robin() {
        let wins = vec![
            vec![0.0, 60.0, 80.0],
            vec![40.0, 0.0, 70.0],
            vec![20.0, 30.0, 0.0],
        ];
        let elo = bradley_terry_elo(&wins);
        assert!(elo[0] > elo[1] && elo[1] > elo[2], "{elo:?}");
    }
}
