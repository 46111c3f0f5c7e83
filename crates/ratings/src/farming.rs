//! The farming rule: rated games between the same two accounts count fully only a few times a
//! day.

/// Rated games of one UTC day between the same two accounts that count fully.
pub const FULL_GAMES_A_DAY: u32 = 3;

/// The weight of a rated game between two accounts that have already played `earlier` rated
/// games together this UTC day: 1 for the first [`FULL_GAMES_A_DAY`], then 1/2, 1/4, … (each
/// further game half the one before). Applied with [`crate::weighted`].
pub fn farming_weight(earlier: u32) -> f64 {
    match earlier.checked_sub(FULL_GAMES_A_DAY) {
        None => 1.0,
        Some(beyond) => 0.5f64.powi(beyond.saturating_add(1).min(1100) as i32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_games_count_fully_then_each_half_the_one_before() {
        let weights: Vec<f64> = (0..6).map(farming_weight).collect();
        assert_eq!(weights, vec![1.0, 1.0, 1.0, 0.5, 0.25, 0.125]);
        assert_eq!(farming_weight(u32::MAX), 0.0);
    }
}
