//! Turn tables of a solved game, built when a position is first asked about.
//!
//! A game solution holds a probability per position and rebuilds a position's turn table from
//! them on demand (one turn solve). Keeping every table of the solve instead costs the turn's
//! states for each position — about 6 KB with 13 dice, so half a gigabyte at a target of 200 —
//! and even an empty slot per position adds up at large targets. Slots are therefore allocated in
//! blocks, a block when one of its positions is first asked about: memory follows the positions
//! played, not the positions that exist.

use std::sync::OnceLock;

use crate::turn::TurnTable;

/// Positions per block: a row of a duel at the official target, a few KB of empty slots.
const BLOCK: usize = 64;

/// The slots of [`BLOCK`] consecutive positions.
type Block = Box<[OnceLock<TurnTable>]>;

/// Turn tables indexed by position, built on first use.
#[derive(Debug)]
pub(crate) struct LazyTables {
    blocks: Box<[OnceLock<Block>]>,
    len: usize,
}

impl LazyTables {
    /// Room for `len` positions; nothing allocated per position yet.
    pub fn new(len: usize) -> LazyTables {
        LazyTables {
            blocks: (0..len.div_ceil(BLOCK)).map(|_| OnceLock::new()).collect(),
            len,
        }
    }

    /// The table of position `index`, built by `build` the first time.
    ///
    /// # Panics
    /// When `index` is not below the length given to [`LazyTables::new`].
    pub fn get_or_init(&self, index: usize, build: impl FnOnce() -> TurnTable) -> &TurnTable {
        assert!(index < self.len, "position {index} of {}", self.len);
        let block = self.blocks[index / BLOCK]
            .get_or_init(|| (0..BLOCK).map(|_| OnceLock::new()).collect());
        block[index % BLOCK].get_or_init(build)
    }

    /// How many blocks of slots are allocated.
    #[cfg(test)]
    pub fn blocks_in_use(&self) -> usize {
        self.blocks.iter().filter(|b| b.get().is_some()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::TurnSpace;
    use martian_engine::BonusRule;

    #[test]
    fn a_table_is_built_once_and_only_its_block_is_allocated() {
        let space = std::sync::Arc::new(TurnSpace::new(3, BonusRule::OneOfEach));
        let tables = LazyTables::new(1_000_000);
        assert_eq!(tables.blocks_in_use(), 0);
        let built = std::cell::Cell::new(0);
        let build = |k: f64| {
            built.set(built.get() + 1);
            space.solve_with(move |s| k * f64::from(s))
        };
        let first = tables.get_or_init(700_000, || build(1.0)).start_value();
        let again = tables.get_or_init(700_000, || build(2.0)).start_value();
        assert_eq!((first, again, built.get()), (first, first, 1));
        tables.get_or_init(700_001, || build(1.0));
        assert_eq!(tables.blocks_in_use(), 1);
        tables.get_or_init(3, || build(1.0));
        assert_eq!(tables.blocks_in_use(), 2);
    }
}
