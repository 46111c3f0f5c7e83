//! How large a game the exact solvers take: the one place that states it.
//!
//! Every rule set [`Rules`] builds can be played. *Exact play* — the solver's solutions, which
//! the `optimal` bot, the difficulty levels, the coach, the review, `solve` and `advise` read —
//! costs time and memory that grow with the target (linearly alone, as its square for two
//! players, as its cube for three) and steeply with the number of dice. It is offered where
//! a solve is at most as long as the three-player game with 13 dice to a target of 60 (about
//! ten minutes on two cores, the longest solve the project has always offered) and its values
//! take at most 16 MB (the duel to 999, the three-player game to 60):
//!
//! | dice | one player | two players | three players | four players |
//! |---|---|---|---|---|
//! | 1–11 | 999 | 999 | 60 | 31 |
//! | 12 | 999 | 958 | 60 | 29 |
//! | 13 (official) | 999 | 758 | 60 | 26 |
//! | 20 | 999 | 202 | 24 | 13 |
//! | 30 | 999 | 55 | 10 | 7 |
//!
//! (The four-player game has budgets of its own, [`QUAD_WORK_BUDGET`] and [`QUAD_VALUES_BUDGET`],
//! so that its official game fits.)
//!
//! ([`SolvedGame::max_target`] gives every number of dice.) Four players are played through the
//! exact four-player game; games of five players or more (and of four beyond the four-player
//! game's limit) through the three-player game of the mover and its two strongest opponents, or
//! beyond its limit through the duel; [`SolvedGame::for_players`] says which. The solver refuses to
//! solve beyond these limits, and every place where rules and players are chosen for exact play
//! (command-line options, room settings, the terminal's setup) checks here first, so that all
//! refuse alike and name the limit.
//!
//! **The cost model.** A solve is a number of turn solves, each costing the work of the turn
//! solver for the number of dice (the values its inner loop reads: `TurnSpace::work` in the
//! solver, whose tests check [`turn_work`] against it) plus a fixed overhead. Measured turn solves
//! per position (with `examples/duel_probe.rs` and `examples/trio_probe.rs` of the solver): one
//! to six per score alone, 4.8 to 6.1 per pair of scores in a duel, and nine evaluations of about
//! 1.7 turn solves each per triple of scores in the three-player game; the model takes the
//! highest of each. Time per unit of work varies within a factor of two or three across dice
//! counts (the overhead dominates with few dice, wide rows run faster with many).

use std::fmt;

use crate::rules::{Points, Rules};

/// A game the solver computes exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolvedGame {
    /// One player reaching the target in as few turns as possible.
    Solo,
    /// Two players, each playing to win.
    Duel,
    /// Three players, each playing to win.
    Trio,
    /// Four players, each playing to win.
    Quad,
}

/// The work of one turn solve, per number of dice (index 0 unused): the values the turn
/// solver's inner loop reads.
const TURN_WORK: [u64; Rules::MAX_DICE as usize + 1] = [
    0, 3, 18, 72, 230, 630, 1_527, 3_370, 6_884, 13_199, 23_979, 41_617, 69_422, 111_889, 174_964,
    266_386, 396_061, 576_464, 823_164, 1_155_258, 1_596_108, 2_173_759, 2_921_970, 3_880_547,
    5_096_771, 6_625_553, 8_531_391, 10_888_222, 13_782_071, 17_310_446, 21_585_873,
];

/// The fixed cost of a turn solve besides its work, in the same units (a few microseconds).
const SOLVE_OVERHEAD: u64 = 2_000;

/// Turn solves per score alone, per pair of scores in a duel, per triple in the three-player
/// game (each of its nine evaluations counted as 1.7 solves, rounded up).
const SOLO_SOLVES: u64 = 6;
const DUEL_SOLVES: u64 = 6;
const TRIO_SOLVES: u64 = 16;
/// Turn solves per quadruple of scores in the four-player game (four turns a pass, two passes
/// mostly, each evaluation about 1.7 solves).
const QUAD_SOLVES: u64 = 14;

/// The most work a solve may take: the three-player game with 13 dice to 60.
pub const WORK_BUDGET: u64 = 60 * 60 * 60 * TRIO_SOLVES * (TURN_WORK[13] + SOLVE_OVERHEAD);

/// The most memory a solution's values may take, in bytes.
pub const VALUES_BUDGET: u64 = 16_000_000;

/// The four-player game's budgets: its official game (13 dice to 25) takes about as long as the
/// three-player game to 60, and its values 50 MB; a few more points are allowed with fewer dice.
pub const QUAD_WORK_BUDGET: u64 = 2 * WORK_BUDGET;
pub const QUAD_VALUES_BUDGET: u64 = 128_000_000;

/// The work of one turn solve with `dice` dice (1 to 30), in the units of [`WORK_BUDGET`].
pub fn turn_work(dice: u8) -> u64 {
    TURN_WORK[usize::from(dice.clamp(Rules::MIN_DICE, Rules::MAX_DICE))]
}

impl SolvedGame {
    /// The game exact play reads for `players` players: alone, the duel, the three-player game,
    /// the four-player game; for five players or more (or four past the four-player game's
    /// limit) the three-player game of the mover and its two strongest opponents, or past the
    /// three-player game's limit the duel against the strongest opponent. `Err` when even that
    /// is beyond the limits (it names the duel's).
    pub fn for_players(players: usize, rules: Rules) -> Result<SolvedGame, SolveLimit> {
        match players {
            0 | 1 => SolvedGame::Solo.check(rules).map(|()| SolvedGame::Solo),
            2 => SolvedGame::Duel.check(rules).map(|()| SolvedGame::Duel),
            4 if SolvedGame::Quad.fits(rules) => Ok(SolvedGame::Quad),
            _ if SolvedGame::Trio.fits(rules) => Ok(SolvedGame::Trio),
            _ => SolvedGame::Duel.check(rules).map(|()| SolvedGame::Duel),
        }
    }

    /// How many players the game has.
    pub const fn players(self) -> usize {
        match self {
            SolvedGame::Solo => 1,
            SolvedGame::Duel => 2,
            SolvedGame::Trio => 3,
            SolvedGame::Quad => 4,
        }
    }

    /// The score tuples the solve goes through (each with one position per seat to play).
    fn tuples(self, target: Points) -> u64 {
        u64::from(target).pow(self.players() as u32)
    }

    /// The work of the solve, in the units of [`WORK_BUDGET`].
    pub fn work(self, dice: u8, target: Points) -> u64 {
        let solves = match self {
            SolvedGame::Solo => SOLO_SOLVES,
            SolvedGame::Duel => DUEL_SOLVES,
            SolvedGame::Trio => TRIO_SOLVES,
            SolvedGame::Quad => QUAD_SOLVES,
        };
        // Saturating: the four-player game's work at large targets passes `u64::MAX`.
        self.tuples(target)
            .saturating_mul(solves)
            .saturating_mul(turn_work(dice) + SOLVE_OVERHEAD)
    }

    /// The memory of the solution's values, in bytes: a probability per seat and position (one
    /// expected number of turns per score alone).
    pub fn values_bytes(self, target: Points) -> u64 {
        let per_tuple = match self {
            SolvedGame::Solo => 8,
            SolvedGame::Duel => 2 * 8,
            SolvedGame::Trio => 3 * 3 * 8,
            SolvedGame::Quad => 4 * 4 * 8,
        };
        self.tuples(target).saturating_mul(per_tuple)
    }

    /// Whether the solver takes this game to `target` with `dice` dice.
    pub fn fits_target(self, dice: u8, target: Points) -> bool {
        let (work, values) = match self {
            SolvedGame::Quad => (QUAD_WORK_BUDGET, QUAD_VALUES_BUDGET),
            _ => (WORK_BUDGET, VALUES_BUDGET),
        };
        self.work(dice, target) <= work && self.values_bytes(target) <= values
    }

    /// Whether the solver takes this game under `rules`.
    pub fn fits(self, rules: Rules) -> bool {
        self.fits_target(rules.dice(), rules.target())
    }

    /// The highest target the solver takes for this game with `dice` dice (at most
    /// [`Rules::MAX_TARGET`]).
    pub fn max_target(self, dice: u8) -> Points {
        // The cost grows with the target: the last target that fits, by bisection.
        let (mut fits, mut beyond) = (Rules::MIN_TARGET, Rules::MAX_TARGET + 1);
        if !self.fits_target(dice, fits) {
            return 0;
        }
        while beyond - fits > 1 {
            let middle = fits + (beyond - fits) / 2;
            if self.fits_target(dice, middle) {
                fits = middle;
            } else {
                beyond = middle;
            }
        }
        fits
    }

    /// `Ok` when the solver takes this game under `rules`, else the limit it is beyond.
    pub fn check(self, rules: Rules) -> Result<(), SolveLimit> {
        if self.fits(rules) {
            return Ok(());
        }
        Err(SolveLimit {
            game: self,
            dice: rules.dice(),
            target: rules.target(),
            max_target: self.max_target(rules.dice()),
        })
    }
}

/// Rules beyond what the solver takes for a game: the highest target it takes with these dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SolveLimit {
    /// The game asked for.
    pub game: SolvedGame,
    /// The number of dice of the rules.
    pub dice: u8,
    /// The target of the rules, beyond the limit.
    pub target: Points,
    /// The highest target solved with these dice.
    pub max_target: Points,
}

impl fmt::Display for SolveLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (game, growth) = match self.game {
            SolvedGame::Solo => ("one-player", "as the target"),
            SolvedGame::Duel => ("two-player", "as the square of the target"),
            SolvedGame::Trio => ("three-player", "as the cube of the target"),
            SolvedGame::Quad => ("four-player", "as the fourth power of the target"),
        };
        write!(
            f,
            "exact {game} play with {} dice is solved for targets up to {}, not {} (its work grows {growth})",
            self.dice, self.max_target, self.target
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(dice: u8, target: Points) -> Rules {
        Rules::official()
            .with_dice(dice)
            .unwrap()
            .with_target(target)
            .unwrap()
    }

    #[test]
    fn the_table_of_the_module_comment() {
        let row = |dice| {
            [SolvedGame::Solo, SolvedGame::Duel, SolvedGame::Trio].map(|g| g.max_target(dice))
        };
        for dice in 1..=11 {
            assert_eq!(row(dice), [999, 999, 60], "{dice} dice");
        }
        assert_eq!(row(12), [999, 958, 60]);
        assert_eq!(row(13), [999, 758, 60]);
        assert_eq!(row(20), [999, 202, 24]);
        assert_eq!(row(30), [999, 55, 10]);
    }

    #[test]
    fn the_four_player_column_of_the_module_comment() {
        let quad = |dice| SolvedGame::Quad.max_target(dice);
        for dice in 1..=11 {
            assert_eq!(quad(dice), 31, "{dice} dice");
        }
        assert_eq!([quad(12), quad(13), quad(20), quad(30)], [29, 26, 13, 7]);
        assert_eq!(SolvedGame::Quad.check(Rules::official()), Ok(()));
        let error = SolvedGame::Quad.check(rules(13, 27)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "exact four-player play with 13 dice is solved for targets up to 26, not 27 (its work grows as the fourth power of the target)"
        );
    }

    #[test]
    fn the_official_rules_and_what_was_always_offered_fit() {
        let official = Rules::official();
        for game in [SolvedGame::Solo, SolvedGame::Duel, SolvedGame::Trio] {
            assert_eq!(game.check(official), Ok(()));
        }
        assert!(SolvedGame::Trio.fits(rules(13, 60)));
        assert!(!SolvedGame::Trio.fits(rules(13, 61)));
    }

    #[test]
    fn every_rule_set_is_solved_alone() {
        for dice in Rules::MIN_DICE..=Rules::MAX_DICE {
            assert_eq!(SolvedGame::Solo.max_target(dice), Rules::MAX_TARGET);
        }
    }

    #[test]
    fn limits_fall_as_the_dice_rise_and_each_limit_is_exact() {
        for game in [SolvedGame::Duel, SolvedGame::Trio] {
            let mut previous = Rules::MAX_TARGET;
            for dice in Rules::MIN_DICE..=Rules::MAX_DICE {
                let max = game.max_target(dice);
                assert!(max <= previous && max >= 10, "{game:?} {dice}: {max}");
                assert!(game.fits(rules(dice, max)));
                if max < Rules::MAX_TARGET {
                    assert!(!game.fits(rules(dice, max + 1)));
                }
                previous = max;
            }
        }
    }

    #[test]
    fn beyond_a_limit_the_refusal_names_it() {
        let error = SolvedGame::Duel.check(rules(13, 999)).unwrap_err();
        assert_eq!(
            error,
            SolveLimit {
                game: SolvedGame::Duel,
                dice: 13,
                target: 999,
                max_target: 758
            }
        );
        assert_eq!(
            error.to_string(),
            "exact two-player play with 13 dice is solved for targets up to 758, not 999 (its work grows as the square of the target)"
        );
    }

    #[test]
    fn many_players_read_the_three_player_game_then_the_duel() {
        assert_eq!(
            SolvedGame::for_players(1, rules(30, 999)),
            Ok(SolvedGame::Solo)
        );
        assert_eq!(
            SolvedGame::for_players(2, rules(13, 200)),
            Ok(SolvedGame::Duel)
        );
        // Four players: the exact four-player game up to its limit, then the reduction.
        assert_eq!(
            SolvedGame::for_players(4, rules(13, 26)),
            Ok(SolvedGame::Quad)
        );
        assert_eq!(
            SolvedGame::for_players(4, rules(13, 27)),
            Ok(SolvedGame::Trio)
        );
        assert_eq!(
            SolvedGame::for_players(5, rules(13, 25)),
            Ok(SolvedGame::Trio)
        );
        for players in 3..=8 {
            assert_eq!(
                SolvedGame::for_players(players, rules(13, 60)),
                Ok(SolvedGame::Trio)
            );
            assert_eq!(
                SolvedGame::for_players(players, rules(13, 61)),
                Ok(SolvedGame::Duel)
            );
            assert_eq!(
                SolvedGame::for_players(players, rules(13, 999))
                    .unwrap_err()
                    .game,
                SolvedGame::Duel
            );
        }
    }
}
