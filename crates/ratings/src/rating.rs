//! One player's rating: its mean and deviation, and the number people read.

use serde::{Deserialize, Serialize};
use skillratings::weng_lin::WengLinRating;

/// A player's skill as Weng-Lin keeps it: the mean `mu` and the deviation `sigma`, on the
/// scale where a new player is `mu` 25, `sigma` 25/3 (the crate's and OpenSkill's defaults).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The estimated skill.
    pub mu: f64,
    /// How unsure the estimate is: one standard deviation of `mu`.
    pub sigma: f64,
}

impl Rating {
    /// A player never rated.
    pub const NEW: Rating = Rating {
        mu: 25.0,
        sigma: 25.0 / 3.0,
    };

    /// While `sigma` is above this, the rating is provisional: too few games to say much.
    pub const PROVISIONAL_SIGMA: f64 = 8.0;

    /// The display scale's base: the displayed value of a conservative skill of 0 (a new
    /// player).
    pub const DISPLAY_BASE: f64 = 1000.0;

    /// Displayed points per unit of conservative skill.
    pub const DISPLAY_SCALE: f64 = 25.0;

    /// The skill the player is very likely above: `mu - 3 sigma` (OpenSkill's "ordinal").
    pub fn conservative(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }

    /// The number people read: `1000 + 25 (mu - 3 sigma)`, rounded. A new player reads 1000;
    /// see `docs/ratings.md` for where the bots stand.
    pub fn display(&self) -> i64 {
        Self::display_of(self.conservative())
    }

    /// The displayed number of a conservative skill.
    pub fn display_of(conservative: f64) -> i64 {
        (Self::DISPLAY_BASE + Self::DISPLAY_SCALE * conservative).round() as i64
    }

    /// Whether too few games stand behind the rating for it to be ranked with others.
    pub fn is_provisional(&self) -> bool {
        self.sigma > Self::PROVISIONAL_SIGMA
    }

    /// Whether both numbers are finite and the deviation positive: what the store and the
    /// update accept.
    pub fn is_valid(&self) -> bool {
        self.mu.is_finite() && self.sigma.is_finite() && self.sigma > 0.0
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::NEW
    }
}

impl From<Rating> for WengLinRating {
    fn from(rating: Rating) -> WengLinRating {
        WengLinRating {
            rating: rating.mu,
            uncertainty: rating.sigma,
        }
    }
}

impl From<WengLinRating> for Rating {
    fn from(rating: WengLinRating) -> Rating {
        Rating {
            mu: rating.rating,
            sigma: rating.uncertainty,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_player_reads_the_base_and_is_provisional() {
        assert_eq!(Rating::NEW.conservative(), 0.0);
        assert_eq!(Rating::NEW.display(), 1000);
        assert!(Rating::NEW.is_provisional());
        assert_eq!(Rating::default(), Rating::NEW);
    }

    #[test]
    fn the_display_follows_the_conservative_skill() {
        let settled = Rating {
            mu: 30.0,
            sigma: 2.0,
        };
        assert_eq!(settled.display(), 1000 + 25 * 24);
        assert!(!settled.is_provisional());
    }

    #[test]
    fn invalid_ratings_are_seen() {
        assert!(Rating::NEW.is_valid());
        for (mu, sigma) in [(f64::NAN, 1.0), (25.0, 0.0), (25.0, f64::INFINITY)] {
            assert!(!Rating { mu, sigma }.is_valid());
        }
    }
}
