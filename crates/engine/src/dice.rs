//! Dice counted per face: a roll, or the dice set aside during a turn.

use std::fmt;
use std::str::FromStr;

use crate::face::Face;

/// The most dice any rule variant uses.
pub const MAX_DICE: u8 = 30;

/// A multiset of faces: how many dice show each face.
///
/// Used for a roll (the dice just thrown) and for the dice set aside during a turn.
/// Written with the face letters, a count optionally prefixing a letter:
///
/// ```
/// use martian_engine::{Dice, Face};
/// let roll: Dice = "2T3RH".parse().unwrap();
/// assert_eq!(roll, "TTRRRH".parse().unwrap());
/// assert_eq!(roll.count(Face::DeathRay), 3);
/// assert_eq!(roll.total(), 6);
/// assert_eq!(roll.to_string(), "TTRRRH");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dice {
    counts: [u8; Face::NUM],
}

impl Dice {
    /// No dice at all.
    pub const EMPTY: Dice = Dice {
        counts: [0; Face::NUM],
    };

    /// Dice with the given count per face, in the order of [`Face::ALL`]; refused when there
    /// would be more than [`MAX_DICE`] dice.
    ///
    /// ```
    /// use martian_engine::{CountsError, Dice, MAX_DICE};
    /// assert_eq!(Dice::from_counts([1, 2, 0, 0, 3]).unwrap().to_string(), "TRRKKK");
    /// assert_eq!(Dice::from_counts([20, 20, 0, 0, 0]), Err(CountsError::TooMany { total: 40 }));
    /// ```
    pub fn from_counts(counts: [u8; Face::NUM]) -> Result<Dice, CountsError> {
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        if total > u32::from(MAX_DICE) {
            return Err(CountsError::TooMany { total });
        }
        Ok(Dice { counts })
    }

    /// `n` dice all showing `face`.
    ///
    /// # Panics
    /// When `n` exceeds [`MAX_DICE`].
    pub fn of(face: Face, n: u8) -> Dice {
        assert!(n <= MAX_DICE, "{n} dice is more than {MAX_DICE}");
        Dice::EMPTY.with_count(face, n)
    }

    /// The count per face, in the order of [`Face::ALL`].
    #[inline]
    pub const fn counts(self) -> [u8; Face::NUM] {
        self.counts
    }

    /// How many dice show `face`.
    #[inline]
    pub const fn count(self, face: Face) -> u8 {
        self.counts[face as usize]
    }

    /// How many dice there are in all.
    #[inline]
    pub const fn total(self) -> u8 {
        self.counts[0] + self.counts[1] + self.counts[2] + self.counts[3] + self.counts[4]
    }

    /// How many humans, cows and chickens there are.
    #[inline]
    pub const fn earthlings(self) -> u8 {
        self.counts[2] + self.counts[3] + self.counts[4]
    }

    /// Whether there are no dice.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.total() == 0
    }

    /// These dice with the count of `face` replaced by `n`.
    #[inline]
    #[must_use]
    pub(crate) const fn with_count(mut self, face: Face, n: u8) -> Dice {
        self.counts[face as usize] = n;
        self
    }

    /// These dice and `other` together, or `None` past [`MAX_DICE`].
    pub fn checked_add(self, other: Dice) -> Option<Dice> {
        let mut counts = self.counts;
        for (c, o) in counts.iter_mut().zip(other.counts) {
            *c = c.checked_add(o)?;
        }
        Dice::from_counts(counts).ok()
    }

    /// The faces one by one, in canonical order.
    pub fn faces(self) -> impl Iterator<Item = Face> {
        Face::ALL
            .into_iter()
            .flat_map(move |f| std::iter::repeat_n(f, usize::from(self.count(f))))
    }

    /// Every roll of `n` dice together with its weight: the number of the `6^n` equally likely
    /// ordered outcomes of the dice that show it. The weights of a given `n` sum to `6^n` exactly.
    ///
    /// ```
    /// use martian_engine::Dice;
    /// let rolls: Vec<_> = Dice::outcomes(2).collect();
    /// assert_eq!(rolls.len(), 15); // multisets of 2 from 5 faces
    /// assert_eq!(rolls.iter().map(|&(_, w)| w).sum::<u128>(), 36);
    /// let two_rays = rolls.iter().find(|(d, _)| d.to_string() == "RR").unwrap();
    /// assert_eq!(two_rays.1, 4);
    /// ```
    ///
    /// # Panics
    /// When `n` exceeds [`MAX_DICE`].
    pub fn outcomes(n: u8) -> impl Iterator<Item = (Dice, u128)> {
        assert!(n <= MAX_DICE, "{n} dice is more than {MAX_DICE}");
        compositions(n).map(move |dice| (dice, dice.weight()))
    }

    /// The number of ordered outcomes of `self.total()` dice that show exactly these faces:
    /// the multinomial coefficient times two for each death ray (a die has two ray sides).
    pub fn weight(self) -> u128 {
        let mut remaining = u128::from(self.total());
        let mut weight = 1u128;
        for face in Face::ALL {
            let k = u128::from(self.count(face));
            weight *= binomial(remaining, k) * u128::from(face.sides()).pow(k as u32);
            remaining -= k;
        }
        weight
    }
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Every way to spread `n` dice over the five faces, in lexicographic order of counts.
fn compositions(n: u8) -> impl Iterator<Item = Dice> {
    (0..=n).flat_map(move |t| {
        (0..=n - t).flat_map(move |r| {
            (0..=n - t - r).flat_map(move |h| {
                (0..=n - t - r - h).map(move |c| Dice {
                    counts: [t, r, h, c, n - t - r - h - c],
                })
            })
        })
    })
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.faces()
            .try_for_each(|face| write!(f, "{}", face.letter()))
    }
}

/// What is wrong with a written roll.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseDiceError {
    /// A character that is neither a face letter nor a digit.
    #[error("'{0}' is not a face letter (T, R, H, C, K; or V, G)")]
    UnknownLetter(char),
    /// Digits at the end, with no letter to count.
    #[error("the count {0} is not followed by a face letter")]
    DanglingCount(u32),
    /// A count of zero before a letter.
    #[error("a count of 0 is not allowed")]
    ZeroCount,
    /// More than [`MAX_DICE`] dice.
    #[error("more than {MAX_DICE} dice")]
    TooMany,
    /// Nothing written.
    #[error("no dice written")]
    Empty,
}

/// Why counts per face are not dice: see [`Dice::from_counts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CountsError {
    /// More dice than any rule variant uses.
    #[error("{total} dice are more than {MAX_DICE}")]
    TooMany {
        /// The dice the counts add up to.
        total: u32,
    },
}

impl FromStr for Dice {
    type Err = ParseDiceError;

    fn from_str(text: &str) -> Result<Dice, ParseDiceError> {
        let mut counts = [0u32; Face::NUM];
        let mut pending: Option<u32> = None;
        for ch in text.chars() {
            if let Some(digit) = ch.to_digit(10) {
                let value = pending.unwrap_or(0) * 10 + digit;
                if value > u32::from(MAX_DICE) {
                    return Err(ParseDiceError::TooMany);
                }
                pending = Some(value);
                continue;
            }
            let face = Face::from_letter(ch).ok_or(ParseDiceError::UnknownLetter(ch))?;
            let n = pending.take().unwrap_or(1);
            if n == 0 {
                return Err(ParseDiceError::ZeroCount);
            }
            counts[face.index()] += n;
            if counts.iter().sum::<u32>() > u32::from(MAX_DICE) {
                return Err(ParseDiceError::TooMany);
            }
        }
        if let Some(n) = pending {
            return Err(ParseDiceError::DanglingCount(n));
        }
        if counts.iter().all(|&c| c == 0) {
            return Err(ParseDiceError::Empty);
        }
        // Every count is at most MAX_DICE here, so the narrowing is exact.
        Ok(Dice {
            counts: counts.map(|c| c as u8),
        })
    }
}

impl serde::Serialize for Dice {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Dice {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Dice, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_weights_sum_to_six_to_the_n_for_every_n() {
        for n in 0..=MAX_DICE {
            let total: u128 = Dice::outcomes(n).map(|(_, w)| w).sum();
            assert_eq!(total, 6u128.pow(u32::from(n)), "n = {n}");
            let expected_count = binomial(u128::from(n) + 4, 4);
            assert_eq!(Dice::outcomes(n).count() as u128, expected_count, "n = {n}");
        }
    }

    #[test]
    fn weights_match_brute_force_enumeration_of_ordered_dice() {
        // Independent check: enumerate every ordered outcome of the six sides.
        const SIDES: [Face; 6] = [
            Face::Tank,
            Face::DeathRay,
            Face::DeathRay,
            Face::Human,
            Face::Cow,
            Face::Chicken,
        ];
        for n in 0..=6u32 {
            let mut tally = std::collections::HashMap::<[u8; 5], u128>::new();
            for code in 0..6usize.pow(n) {
                let mut counts = [0u8; 5];
                let mut rest = code;
                for _ in 0..n {
                    counts[SIDES[rest % 6].index()] += 1;
                    rest /= 6;
                }
                *tally.entry(counts).or_default() += 1;
            }
            for (dice, weight) in Dice::outcomes(n as u8) {
                assert_eq!(tally.get(&dice.counts()).copied().unwrap_or(0), weight);
            }
            assert_eq!(tally.len(), Dice::outcomes(n as u8).count());
        }
    }

    #[test]
    fn parses_counts_and_letters() {
        assert_eq!("tTrr3h".parse::<Dice>().unwrap().counts(), [2, 2, 3, 0, 0]);
        assert_eq!("VG".parse::<Dice>().unwrap().to_string(), "CK");
        assert_eq!("10R".parse::<Dice>().unwrap().count(Face::DeathRay), 10);
        assert_eq!("".parse::<Dice>(), Err(ParseDiceError::Empty));
        assert_eq!("3".parse::<Dice>(), Err(ParseDiceError::DanglingCount(3)));
        assert_eq!("0T".parse::<Dice>(), Err(ParseDiceError::ZeroCount));
        assert_eq!("X".parse::<Dice>(), Err(ParseDiceError::UnknownLetter('X')));
        assert_eq!("31T".parse::<Dice>(), Err(ParseDiceError::TooMany));
        assert_eq!("20T20R".parse::<Dice>(), Err(ParseDiceError::TooMany));
        assert_eq!(
            "99999999999999999999T".parse::<Dice>(),
            Err(ParseDiceError::TooMany)
        );
    }
}
