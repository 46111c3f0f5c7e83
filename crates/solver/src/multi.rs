//! Four to eight players: play the exact solution of a smaller game made of the mover and its
//! strongest opponents.
//!
//! The exact equilibrium grows as `target^players` and is out of reach beyond three players. The
//! approximation here keeps what decides a turn: the mover's score, the scores it must beat, and
//! who plays after it in the round (and so, in the final round, who still gets a turn knowing the
//! scores). [`Reduction::Trio`] keeps the mover and the two opponents with the most points (ties
//! to the lower seat), ordered as they sit, and plays the exact three-player equilibrium for
//! that position; [`Reduction::Duel`] keeps only the strongest opponent and plays the exact duel.
//!
//! Why it is strong: a player's chance to win depends overwhelmingly on the leaders (an opponent
//! far behind rarely wins, and its turn changes little), and the reduced position keeps the exact
//! end-game knowledge: the last player of the final round knows exactly what it needs, a player
//! behind gambles and a player ahead banks. What it misses is the extra risk from the opponents
//! left out, which makes it play slightly too safely early on. With three players the trio
//! reduction is the exact equilibrium; the duel reduction's cost against exact three-player play
//! measures what dropping an opponent costs (see `examples/multi_measure.rs` and the README).

use std::sync::Arc;

use martian_engine::{Action, Points, Rules, Situation, SolveLimit};

use crate::duel::{DuelSolution, duel, duel_position};
use crate::solo::{SoloSolution, solo};
use crate::trio::{TrioError, TrioSolution, trio, trio_position};
use crate::turn::{ActionValues, TurnTable, expected_score_table};

/// Which smaller game a position is reduced to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reduction {
    /// The mover and its strongest opponent: the exact duel.
    Duel,
    /// The mover and its two strongest opponents: the exact three-player equilibrium.
    Trio,
}

/// A player for any number of seats that plays the exact solution of the reduced game.
#[derive(Debug, Clone)]
pub struct MultiPlayer {
    rules: Rules,
    reduction: Reduction,
    duel: Arc<DuelSolution>,
    trio: Option<Arc<TrioSolution>>,
    solo: Arc<SoloSolution>,
}

/// The seats a position keeps, in seat order, and where the mover is among them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduced {
    pub seats: Vec<usize>,
    pub scores: Vec<Points>,
    pub mover: usize,
}

/// The mover and its `opponents` strongest opponents (most points first, ties to the lower seat),
/// in seat order.
pub fn reduce(scores: &[Points], seat: usize, opponents: usize) -> Reduced {
    let mut others: Vec<usize> = (0..scores.len()).filter(|&s| s != seat).collect();
    others.sort_by_key(|&s| (std::cmp::Reverse(scores[s]), s));
    others.truncate(opponents);
    others.push(seat);
    others.sort_unstable();
    Reduced {
        scores: others.iter().map(|&s| scores[s]).collect(),
        mover: others
            .iter()
            .position(|&s| s == seat)
            .expect("the mover is kept"),
        seats: others,
    }
}

impl MultiPlayer {
    /// The player for `rules`; solves (or reads from the cache) the duel and, for
    /// [`Reduction::Trio`], the three-player game. `Err` beyond the solvers' limits.
    pub fn new(rules: Rules, reduction: Reduction) -> Result<MultiPlayer, SolveLimit> {
        let trio = match reduction {
            Reduction::Trio => Some(trio(rules).map_err(|TrioError::TargetTooHigh(limit)| limit)?),
            Reduction::Duel => None,
        };
        Ok(MultiPlayer {
            rules,
            reduction,
            duel: duel(rules)?,
            trio,
            solo: solo(rules),
        })
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn reduction(&self) -> Reduction {
        self.reduction
    }

    /// The turn table this player plays in `situation`: the exact one of the reduced position (the
    /// expected-score table if the reduced position is not one a game can reach).
    pub fn table(&self, situation: &Situation<'_>) -> &TurnTable {
        let scores = situation.scores;
        let seat = situation.seat;
        let fallback = || expected_score_table(self.rules);
        match scores.len() {
            0 => fallback(),
            1 => self.solo.table(scores[0].min(self.rules.target() - 1)),
            2 => duel_position(self.rules, scores, seat)
                .map_or_else(|_| fallback(), |p| self.duel.table(p)),
            _ => {
                let opponents = match (&self.trio, self.reduction) {
                    (Some(_), Reduction::Trio) => 2,
                    _ => 1,
                };
                let reduced = reduce(scores, seat, opponents);
                match &self.trio {
                    Some(trio) if reduced.scores.len() == 3 => {
                        trio_position(self.rules, &reduced.scores, reduced.mover)
                            .map_or_else(|_| fallback(), |p| trio.table(p))
                    }
                    _ => duel_position(self.rules, &reduced.scores, reduced.mover)
                        .map_or_else(|_| fallback(), |p| self.duel.table(p)),
                }
            }
        }
    }

    /// The decision in `situation` (`None` when it awaits none).
    pub fn best_action(&self, situation: &Situation<'_>) -> Option<Action> {
        self.table(situation).best_action(situation.turn)
    }

    /// The options of `situation` valued in the reduced game (the mover's probability of winning
    /// it): an estimate of its chance in the real game.
    pub fn action_values(&self, situation: &Situation<'_>) -> ActionValues {
        self.table(situation).action_values(situation.turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strongest_opponents_are_kept_in_seat_order() {
        let r = reduce(&[3, 20, 7, 15, 20], 2, 2);
        assert_eq!(r.seats, vec![1, 2, 4]);
        assert_eq!(r.scores, vec![20, 7, 20]);
        assert_eq!(r.mover, 1);
        let r = reduce(&[3, 20, 7, 15, 20], 4, 1);
        assert_eq!(r.seats, vec![1, 4]);
        assert_eq!(r.mover, 1);
        let r = reduce(&[3, 9, 9], 0, 2);
        assert_eq!((r.seats, r.mover), (vec![0, 1, 2], 0));
    }
}
