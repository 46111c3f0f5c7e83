//! Exact rational numbers over `i128`, for checking the floating-point solvers in tests.

use std::fmt;
use std::ops::{Add, Mul};

/// A fraction in lowest terms with a positive denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fraction {
    num: i128,
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Fraction {
    /// `num / den`, reduced.
    ///
    /// # Panics
    /// When `den` is 0.
    pub fn new(num: i128, den: i128) -> Fraction {
        assert!(den != 0, "zero denominator");
        let sign = if den < 0 { -1 } else { 1 };
        let g = gcd(num, den).max(1);
        Fraction {
            num: sign * num / g,
            den: sign * den / g,
        }
    }

    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl From<i128> for Fraction {
    fn from(n: i128) -> Fraction {
        Fraction { num: n, den: 1 }
    }
}

impl Add for Fraction {
    type Output = Fraction;
    fn add(self, other: Fraction) -> Fraction {
        let g = gcd(self.den, other.den);
        let den = self.den / g * other.den;
        Fraction::new(
            self.num * (den / self.den) + other.num * (den / other.den),
            den,
        )
    }
}

impl Mul for Fraction {
    type Output = Fraction;
    fn mul(self, other: Fraction) -> Fraction {
        let g1 = gcd(self.num, other.den).max(1);
        let g2 = gcd(other.num, self.den).max(1);
        Fraction::new(
            (self.num / g1) * (other.num / g2),
            (self.den / g2) * (other.den / g1),
        )
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Fraction) -> Option<std::cmp::Ordering> {
        Some((self.num * other.den).cmp(&(other.num * self.den)))
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_in_lowest_terms() {
        let a = Fraction::new(2, 4);
        assert_eq!(a, Fraction::new(1, 2));
        assert_eq!(a + Fraction::new(1, 3), Fraction::new(5, 6));
        assert_eq!(a * Fraction::new(-4, 3), Fraction::new(-2, 3));
        assert!(Fraction::new(1, 3) < Fraction::new(1, 2));
        assert_eq!(Fraction::new(3, -6).to_string(), "-1/2");
    }
}
