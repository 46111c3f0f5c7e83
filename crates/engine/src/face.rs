//! The five kinds of face on a Martian die.

use std::fmt;

/// One face of a Martian die.
///
/// A die has six sides: a tank, two death rays, a human, a cow and a chicken.
///
/// ```
/// use martian_engine::Face;
/// assert_eq!(Face::ALL.len(), Face::NUM);
/// assert_eq!(Face::DeathRay.sides(), 2);
/// assert_eq!(Face::from_letter('k'), Some(Face::Chicken));
/// assert_eq!(Face::from_letter('G'), Some(Face::Chicken)); // Portuguese "galinha"
/// assert_eq!(Face::Cow.letter(), 'C');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Face {
    /// Set aside by force; more tanks than death rays set aside make the turn score 0.
    Tank = 0,
    /// Fights the tanks; two faces of six.
    DeathRay = 1,
    /// An earthling: one point.
    Human = 2,
    /// An earthling: one point.
    Cow = 3,
    /// An earthling: one point.
    Chicken = 4,
}

impl Face {
    /// Every face, in the canonical order `T R H C K` used for display and indexing.
    pub const ALL: [Face; 5] = [
        Face::Tank,
        Face::DeathRay,
        Face::Human,
        Face::Cow,
        Face::Chicken,
    ];
    /// How many kinds of face there are.
    pub const NUM: usize = 5;
    /// The three earthling kinds: each scores a point and may be taken once per turn.
    pub const EARTHLINGS: [Face; 3] = [Face::Human, Face::Cow, Face::Chicken];
    /// Sides of a die.
    pub const SIDES: u32 = 6;

    /// The position of this face in [`Face::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The face at `index` in [`Face::ALL`], if any.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Face> {
        match index {
            0 => Some(Face::Tank),
            1 => Some(Face::DeathRay),
            2 => Some(Face::Human),
            3 => Some(Face::Cow),
            4 => Some(Face::Chicken),
            _ => None,
        }
    }

    /// How many of the six sides of a die show this face.
    #[inline]
    pub const fn sides(self) -> u32 {
        match self {
            Face::DeathRay => 2,
            _ => 1,
        }
    }

    /// Whether this face is a human, a cow or a chicken.
    #[inline]
    pub const fn is_earthling(self) -> bool {
        matches!(self, Face::Human | Face::Cow | Face::Chicken)
    }

    /// The project's letter for this face: `T R H C K`.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            Face::Tank => 'T',
            Face::DeathRay => 'R',
            Face::Human => 'H',
            Face::Cow => 'C',
            Face::Chicken => 'K',
        }
    }

    /// The face a letter names, case-insensitively. Besides `T R H C K` this accepts the
    /// Portuguese initials `V` (vaca, cow) and `G` (galinha, chicken).
    pub const fn from_letter(letter: char) -> Option<Face> {
        match letter.to_ascii_uppercase() {
            'T' => Some(Face::Tank),
            'R' => Some(Face::DeathRay),
            'H' => Some(Face::Human),
            'C' | 'V' => Some(Face::Cow),
            'K' | 'G' => Some(Face::Chicken),
            _ => None,
        }
    }

    /// The English name of the face, singular.
    pub const fn name(self) -> &'static str {
        match self {
            Face::Tank => "tank",
            Face::DeathRay => "death ray",
            Face::Human => "human",
            Face::Cow => "cow",
            Face::Chicken => "chicken",
        }
    }

    /// The English name of the face, plural.
    pub const fn plural(self) -> &'static str {
        match self {
            Face::Tank => "tanks",
            Face::DeathRay => "death rays",
            Face::Human => "humans",
            Face::Cow => "cows",
            Face::Chicken => "chickens",
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A set of faces, such as the types that may legally be taken from a roll.
///
/// ```
/// use martian_engine::{Face, FaceSet};
/// let set = FaceSet::EMPTY.with(Face::Cow).with(Face::DeathRay);
/// assert!(set.contains(Face::Cow));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.to_string(), "RC");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FaceSet(u8);

impl FaceSet {
    /// The set with no face.
    pub const EMPTY: FaceSet = FaceSet(0);

    /// This set with `face` added.
    #[inline]
    #[must_use]
    pub const fn with(self, face: Face) -> FaceSet {
        FaceSet(self.0 | (1 << face as u8))
    }

    /// Whether the set holds `face`.
    #[inline]
    pub const fn contains(self, face: Face) -> bool {
        self.0 & (1 << face as u8) != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many faces the set holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The faces of the set in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Face> {
        Face::ALL.into_iter().filter(move |&f| self.contains(f))
    }
}

impl FromIterator<Face> for FaceSet {
    fn from_iter<I: IntoIterator<Item = Face>>(iter: I) -> Self {
        iter.into_iter().fold(FaceSet::EMPTY, FaceSet::with)
    }
}

impl fmt::Display for FaceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter()
            .try_for_each(|face| write!(f, "{}", face.letter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_add_up_to_a_die() {
        assert_eq!(
            Face::ALL.iter().map(|f| f.sides()).sum::<u32>(),
            Face::SIDES
        );
    }

    #[test]
    fn letters_round_trip() {
        for face in Face::ALL {
            assert_eq!(Face::from_letter(face.letter()), Some(face));
            assert_eq!(
                Face::from_letter(face.letter().to_ascii_lowercase()),
                Some(face)
            );
            assert_eq!(Face::from_index(face.index()), Some(face));
        }
        assert_eq!(Face::from_letter('v'), Some(Face::Cow));
        assert_eq!(Face::from_letter('x'), None);
        assert_eq!(Face::from_index(5), None);
    }
}
