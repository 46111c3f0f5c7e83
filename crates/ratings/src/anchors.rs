//! The bots as anchors: rated once from their exact duels, fixed and published.

use crate::Rating;

/// A bot whose rating is fixed: rated games against it count for the person, never for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// The `easy` level.
    Easy,
    /// The `medium` level: where a new player's rating starts (mu 25).
    Medium,
    /// The `hard` level.
    Hard,
    /// `greedy`: the best play of each turn for its expected score.
    Greedy,
    /// `optimal`: perfect play, the yardstick.
    Optimal,
}

impl Anchor {
    /// Every anchor, weakest first.
    pub const ALL: [Anchor; 5] = [
        Anchor::Easy,
        Anchor::Medium,
        Anchor::Hard,
        Anchor::Greedy,
        Anchor::Optimal,
    ];

    /// The deviation every anchor is given: small, as the bots' duels are known exactly, and
    /// above the calibration's misfit (0.06 of mu between a single number per bot and the
    /// exact duels of every pair).
    pub const SIGMA: f64 = 0.5;

    /// The bot's name where bots are named (`bot:medium`, the arena).
    pub fn bot(self) -> &'static str {
        match self {
            Anchor::Easy => "easy",
            Anchor::Medium => "medium",
            Anchor::Hard => "hard",
            Anchor::Greedy => "greedy",
            Anchor::Optimal => "optimal",
        }
    }

    /// The anchor a bot's name names, if it is one.
    pub fn of_bot(name: &str) -> Option<Anchor> {
        Anchor::ALL.into_iter().find(|anchor| anchor.bot() == name)
    }

    /// The fixed rating (`docs/ratings.md`: fitted to the exact duels of every pair, `medium`
    /// at 25).
    pub fn rating(self) -> Rating {
        let mu = match self {
            Anchor::Easy => 9.713,
            Anchor::Medium => 25.0,
            Anchor::Hard => 33.514,
            Anchor::Greedy => 35.509,
            Anchor::Optimal => 39.717,
        };
        Rating {
            mu,
            sigma: Self::SIGMA,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_are_named_by_their_bots_and_ordered_by_strength() {
        for anchor in Anchor::ALL {
            assert_eq!(Anchor::of_bot(anchor.bot()), Some(anchor));
        }
        assert_eq!(Anchor::of_bot("card-1"), None);
        assert!(
            Anchor::ALL
                .windows(2)
                .all(|pair| pair[0].rating().mu < pair[1].rating().mu)
        );
        assert_eq!(Anchor::Optimal.rating().display(), 1955);
        assert_eq!(Anchor::Medium.rating().mu, 25.0);
    }
}
