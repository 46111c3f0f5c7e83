//! Rolling dice with a caller's random number generator, exactly and reproducibly.
//!
//! A roll of up to [`CHUNK`] dice is drawn with one integer from the generator through an exact
//! integer alias table built from the outcome weights; more dice are rolled in chunks and added.
//! Everything is integer arithmetic, so a seeded portable generator gives the same rolls on every
//! platform.

use std::sync::OnceLock;

use rand::{Rng, RngExt};

use crate::dice::{Dice, MAX_DICE};

/// The largest number of dice rolled with one draw from the generator.
const CHUNK: u8 = 13;

/// Walker's alias method in exact integers: draw `x` uniform in `[0, len × total)`, take column
/// `x / total`; keep it if `x % total` is below its threshold, else take its alias.
struct AliasTable {
    outcomes: Vec<Dice>,
    threshold: Vec<u64>,
    alias: Vec<u32>,
    total: u64,
}

impl AliasTable {
    fn new(n: u8) -> AliasTable {
        let (outcomes, weights): (Vec<Dice>, Vec<u128>) = Dice::outcomes(n).unzip();
        let len = outcomes.len() as u64;
        let total = 6u64.pow(u32::from(n));
        // Scaled so that every column holds exactly `total` units.
        let mut scaled: Vec<u64> = weights.iter().map(|&w| w as u64 * len).collect();
        let mut threshold = vec![total; outcomes.len()];
        let mut alias: Vec<u32> = (0..outcomes.len() as u32).collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..outcomes.len()).partition(|&i| scaled[i] < total);
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            threshold[s] = scaled[s];
            alias[s] = l as u32;
            scaled[l] -= total - scaled[s];
            if scaled[l] < total {
                large.pop();
                small.push(l);
            }
        }
        AliasTable {
            outcomes,
            threshold,
            alias,
            total,
        }
    }

    #[inline]
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Dice {
        let x = rng.random_range(0..self.total * self.outcomes.len() as u64);
        let column = (x / self.total) as usize;
        if x % self.total < self.threshold[column] {
            self.outcomes[column]
        } else {
            self.outcomes[self.alias[column] as usize]
        }
    }
}

fn tables() -> &'static [AliasTable] {
    static TABLES: OnceLock<Vec<AliasTable>> = OnceLock::new();
    TABLES.get_or_init(|| (0..=CHUNK).map(AliasTable::new).collect())
}

/// Rolls `n` fair Martian dice.
///
/// ```
/// use martian_engine::roll_dice;
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let roll = roll_dice(13, &mut rng);
/// assert_eq!(roll.total(), 13);
/// ```
///
/// # Panics
/// When `n` exceeds [`MAX_DICE`].
pub fn roll_dice<R: Rng + ?Sized>(n: u8, rng: &mut R) -> Dice {
    assert!(n <= MAX_DICE, "{n} dice is more than {MAX_DICE}");
    let tables = tables();
    let mut left = n;
    let mut roll = Dice::EMPTY;
    while left > 0 {
        let chunk = left.min(CHUNK);
        let part = tables[usize::from(chunk)].sample(rng);
        roll = roll
            .checked_add(part)
            .expect("chunks add up to at most MAX_DICE");
        left -= chunk;
    }
    roll
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::face::Face;

    #[test]
    fn alias_tables_reproduce_the_exact_weights() {
        // Each column contributes `threshold` units to itself and the rest to its alias; the
        // units per outcome, divided by the number of columns, must give back its weight.
        for n in 0..=CHUNK {
            let table = AliasTable::new(n);
            let len = table.outcomes.len() as u128;
            let mut units = vec![0u128; table.outcomes.len()];
            for column in 0..table.outcomes.len() {
                units[column] += u128::from(table.threshold[column]);
                units[table.alias[column] as usize] +=
                    u128::from(table.total - table.threshold[column]);
            }
            for (i, (dice, weight)) in Dice::outcomes(n).enumerate() {
                assert_eq!(table.outcomes[i], dice);
                assert_eq!(units[i], weight * len, "n = {n}, roll {dice}");
            }
        }
    }

    #[test]
    fn rolls_have_the_requested_number_of_dice() {
        use rand::SeedableRng;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        for n in 0..=MAX_DICE {
            assert_eq!(roll_dice(n, &mut rng).total(), n);
        }
    }

    #[test]
    fn mean_rays_per_die_is_one_third_within_standard_error() {
        use rand::SeedableRng;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(99);
        let rolls = 20_000u32;
        let dice = 17u8; // two chunks
        let rays: u32 = (0..rolls)
            .map(|_| u32::from(roll_dice(dice, &mut rng).count(Face::DeathRay)))
            .sum();
        let samples = f64::from(rolls) * f64::from(dice);
        let p = 1.0 / 3.0;
        let mean = f64::from(rays) / samples;
        let standard_error = (p * (1.0 - p) / samples).sqrt();
        assert!(
            (mean - p).abs() < 5.0 * standard_error,
            "mean {mean}, standard error {standard_error}"
        );
    }
}
