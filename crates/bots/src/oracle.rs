//! The exact values behind `optimal` and the difficulty levels: for a situation, the turn table
//! of the best player and what its values measure.
//!
//! - 1 player: the solo solution (values: minus the expected number of turns to the target).
//! - 2 players: the exact duel (values: the mover's probability of winning).
//! - 3 players: the exact three-player equilibrium when the solver takes the target (up to
//!   60); otherwise as for 4 or more.
//! - 4 or more players: no exact solution exists. The bot plays the exact duel against the
//!   opponent with the most points (among equals, the next to play after it), seated as they play
//!   in the round; in the final round, its last turn is the duel's last turn against the best
//!   score to beat. Players still to play after it in the final round are ignored.

use std::sync::Arc;

use martian_engine::{EndRule, Points, Rules, Situation};
use martian_solver::{
    DuelPosition, DuelSolution, SoloSolution, TrioPosition, TrioSolution, TurnTable, duel,
    duel_position, expected_score_table, solo, trio, trio_position,
};

/// What the values of a table measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Measure {
    /// The mover's probability of winning the game.
    WinProbability,
    /// Minus the expected number of turns to reach the target alone.
    MinusTurns,
    /// The expected score of the turn.
    Points,
}

/// The solutions for one set of rules, loaded on first need.
#[derive(Debug)]
pub(crate) struct Oracle {
    rules: Rules,
    solo: Option<Arc<SoloSolution>>,
    duel: Option<Arc<DuelSolution>>,
    /// `Some(None)` once the three-player solve was found impossible for these rules.
    trio: Option<Option<Arc<TrioSolution>>>,
}

impl Oracle {
    pub fn new(rules: Rules) -> Oracle {
        Oracle {
            rules,
            solo: None,
            duel: None,
            trio: None,
        }
    }

    fn reset_for(&mut self, rules: Rules) {
        if rules != self.rules {
            *self = Oracle::new(rules);
        }
    }

    fn load_duel(&mut self) {
        let rules = self.rules;
        self.duel.get_or_insert_with(|| duel(rules));
    }

    fn load_solo(&mut self) {
        let rules = self.rules;
        self.solo.get_or_insert_with(|| solo(rules));
    }

    /// Loads the three-player solution if the solver takes these rules; whether it did.
    fn load_trio(&mut self) -> bool {
        let rules = self.rules;
        self.trio.get_or_insert_with(|| trio(rules).ok()).is_some()
    }

    /// Loads (solving, or reading the disk cache) what games of `players` under `rules` need, so
    /// that the first decision does not wait.
    pub fn prepare(&mut self, rules: Rules, players: usize) {
        self.reset_for(rules);
        match players {
            1 => self.load_solo(),
            3 if self.load_trio() => {}
            _ => self.load_duel(),
        }
    }

    /// Where the values of `situation` come from.
    fn source(&mut self, situation: &Situation<'_>) -> Source {
        let rules = self.rules;
        let (scores, seat) = (situation.scores, situation.seat);
        let exact = match scores.len() {
            1 if scores[0] < rules.target() => Some(Source::Solo(scores[0])),
            2 => duel_position(rules, scores, seat).ok().map(Source::Duel),
            3 if self.load_trio() => trio_position(rules, scores, seat).ok().map(Source::Trio),
            _ => None,
        };
        exact
            .or_else(|| reduced_duel(situation).map(Source::Duel))
            .unwrap_or(Source::Greedy)
    }

    /// The table of the best play in `situation` and what its values measure.
    pub fn table(&mut self, situation: &Situation<'_>) -> (&TurnTable, Measure) {
        self.reset_for(situation.rules);
        let source = self.source(situation);
        match source {
            Source::Solo(_) => self.load_solo(),
            Source::Duel(_) => self.load_duel(),
            Source::Trio(_) | Source::Greedy => {}
        }
        let loaded = "loaded above";
        match source {
            Source::Solo(score) => (
                self.solo.as_deref().expect(loaded).table(score),
                Measure::MinusTurns,
            ),
            Source::Duel(position) => (
                self.duel.as_deref().expect(loaded).table(position),
                Measure::WinProbability,
            ),
            Source::Trio(position) => (
                self.trio
                    .as_ref()
                    .and_then(Option::as_deref)
                    .expect(loaded)
                    .table(position),
                Measure::WinProbability,
            ),
            Source::Greedy => (expected_score_table(self.rules), Measure::Points),
        }
    }
}

/// Where the values of a situation come from.
#[derive(Clone, Copy, Debug)]
enum Source {
    Solo(Points),
    Duel(DuelPosition),
    Trio(TrioPosition),
    Greedy,
}

/// The duel position standing for a game of 3 or more players (see the module comment).
pub(crate) fn reduced_duel(situation: &Situation<'_>) -> Option<DuelPosition> {
    let scores = situation.scores;
    let seat = situation.seat;
    let n = scores.len();
    if n < 2 {
        return None;
    }
    let target = situation.rules.target();
    let mine = scores[seat];
    // The strongest opponent: most points, then the soonest to play after this seat.
    let opponent =
        (1..n)
            .map(|k| (seat + k) % n)
            .fold(None, |best: Option<usize>, s| match best {
                Some(b) if scores[b] >= scores[s] => Some(b),
                _ => Some(s),
            })?;
    let theirs = scores[opponent];
    let final_round = situation.triggered_by.is_some();
    match situation.rules.end() {
        EndRule::CompleteRound if final_round => {
            let best: Points = (0..n).filter(|&s| s != seat).map(|s| scores[s]).max()?;
            (best > mine).then_some(DuelPosition::LastTurn { need: best - mine })
        }
        _ if mine >= target || theirs >= target => None,
        _ => Some(if seat < opponent {
            DuelPosition::Open {
                seat: 0,
                scores: [mine, theirs],
            }
        } else {
            DuelPosition::Open {
                seat: 1,
                scores: [theirs, mine],
            }
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::Turn;

    fn position(
        scores: &[Points],
        seat: usize,
        triggered_by: Option<usize>,
    ) -> Option<DuelPosition> {
        let turn = Turn::new(Rules::official());
        reduced_duel(&Situation {
            rules: Rules::official(),
            scores,
            seat,
            round: 4,
            turn: &turn,
            triggered_by,
        })
    }

    #[test]
    fn the_reduced_duel_faces_the_leader_in_playing_order() {
        // Seat 1 of 4; seat 3 leads: seat 1 plays before it in the round.
        assert_eq!(
            position(&[5, 8, 3, 12], 1, None),
            Some(DuelPosition::Open {
                seat: 0,
                scores: [8, 12]
            })
        );
        // Seat 3 of 4; seat 0 leads and plays before it.
        assert_eq!(
            position(&[20, 8, 3, 12], 3, None),
            Some(DuelPosition::Open {
                seat: 1,
                scores: [20, 12]
            })
        );
        // Two leaders tied: the one to play next after seat 2 (seat 3, not seat 0).
        assert_eq!(
            position(&[10, 1, 4, 10], 2, None),
            Some(DuelPosition::Open {
                seat: 0,
                scores: [4, 10]
            })
        );
    }

    #[test]
    fn in_the_final_round_the_reduced_duel_is_a_last_turn_against_the_best_score() {
        assert_eq!(
            position(&[26, 20, 22, 3], 2, Some(0)),
            Some(DuelPosition::LastTurn { need: 4 })
        );
    }
}
