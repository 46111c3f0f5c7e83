//! The values behind a review, from the solver: the mover's turn table in each position, the
//! options of each decision (through [`advise`] itself for 1 to 4 players, so a review and the
//! advisor agree by construction), and every seat's chance between turns.

use std::sync::Arc;

use martian_engine::{Action, Points, Rules, Situation, SolveLimit, SolvedGame, Turn};
use martian_solver::{
    Advice, AdviceMeasure, AdviceOption, AdviceRequest, DuelSolution, MultiPlayer, PositionError,
    QuadSolution, Reduction, SoloSolution, TrioSolution, TurnTable, advise, duel, duel_position,
    expected_score_table, quad, quad_position, reduce, solo, trio, trio_position,
};
use serde::Serialize;

use crate::measure::Measure;
use crate::review::StopReason;

/// Which solution a review's values come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Valuation {
    /// One player: the exact expected number of turns to reach the target.
    Solo,
    /// Two players: the exact duel.
    Duel,
    /// Three players: the exact three-player game.
    Trio,
    /// Four players: the exact four-player game.
    Quad,
    /// An approximation (five to eight players, or four beyond the four-player game's limit):
    /// each seat's chance in the exact three-player
    /// game of that seat and its two strongest opponents, as the `optimal` bot plays it.
    TrioReduction,
    /// An approximation (three players and more when the target is beyond what the three-player
    /// solve takes): the exact duel of each seat and its strongest opponent, as `optimal` plays.
    DuelReduction,
}

impl Valuation {
    /// The valuation of games of `players` seats under `rules`: what `optimal` plays by (when
    /// even that is beyond the solvers' limits, [`Valuer::new`] says so).
    pub fn for_game(rules: Rules, players: usize) -> Valuation {
        let game = SolvedGame::for_players(players, rules);
        let trio = game == Ok(SolvedGame::Trio);
        match players {
            0 | 1 => Valuation::Solo,
            2 => Valuation::Duel,
            3 if trio => Valuation::Trio,
            4 if game == Ok(SolvedGame::Quad) => Valuation::Quad,
            _ if trio => Valuation::TrioReduction,
            _ => Valuation::DuelReduction,
        }
    }

    /// Whether the values are exact (else they are those of a reduced game: an approximation).
    pub fn is_exact(self) -> bool {
        matches!(
            self,
            Valuation::Solo | Valuation::Duel | Valuation::Trio | Valuation::Quad
        )
    }

    pub fn measure(self) -> Measure {
        match self {
            Valuation::Solo => Measure::ExpectedTurns,
            _ => Measure::WinProbability,
        }
    }
}

/// One option of a decision and its value, in the review's measure.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct OptionValue {
    #[serde(serialize_with = "crate::serialize_action")]
    pub action: Action,
    pub value: f64,
}

/// The options of a decision and the best one, as the advisor (or `optimal`) ranks them.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub options: Vec<OptionValue>,
    pub best: Action,
}

impl Options {
    /// The value of `action`, if it is one of the options.
    pub fn value_of(&self, action: Action) -> Option<f64> {
        self.options
            .iter()
            .find(|o| o.action == action)
            .map(|o| o.value)
    }
}

/// Where a game stands between two turns (or during one): what a valuation needs.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    /// Banked totals in seat order.
    pub scores: &'a [Points],
    /// The seat to play.
    pub seat: usize,
    /// Whether a seat has reached the target (the final round, under the complete-round rule).
    pub final_round: bool,
}

/// The solutions a review reads, loaded once.
#[derive(Debug)]
pub struct Valuer {
    rules: Rules,
    valuation: Valuation,
    solver: Solver,
}

#[derive(Debug)]
enum Solver {
    Solo(Arc<SoloSolution>),
    Duel(Arc<DuelSolution>),
    Trio(Arc<TrioSolution>),
    Quad(Arc<QuadSolution>),
    Reduced {
        player: Box<MultiPlayer>,
        trio: Option<Arc<TrioSolution>>,
        duel: Arc<DuelSolution>,
    },
}

impl Valuer {
    /// Loads (from memory or the disk cache, else solving) what games of `players` seats under
    /// `rules` are valued by.
    pub fn new(rules: Rules, players: usize) -> Result<Valuer, StopReason> {
        let valuation = Valuation::for_game(rules, players);
        let solver = match valuation {
            Valuation::Solo => Solver::Solo(solo(rules)),
            Valuation::Duel => Solver::Duel(duel(rules).map_err(beyond)?),
            Valuation::Trio => Solver::Trio(trio(rules).map_err(unsolved)?),
            Valuation::Quad => Solver::Quad(
                quad(rules).map_err(|error| StopReason::Position(PositionError::Quad(error)))?,
            ),
            Valuation::TrioReduction | Valuation::DuelReduction => {
                let reduction = match valuation {
                    Valuation::TrioReduction => Reduction::Trio,
                    _ => Reduction::Duel,
                };
                let player = MultiPlayer::new(rules, reduction).map_err(beyond)?;
                let trio = match reduction {
                    Reduction::Trio => Some(trio(rules).map_err(unsolved)?),
                    Reduction::Duel => None,
                };
                Solver::Reduced {
                    player: Box::new(player),
                    trio,
                    duel: duel(rules).map_err(beyond)?,
                }
            }
        };
        Ok(Valuer {
            rules,
            valuation,
            solver,
        })
    }

    pub fn valuation(&self) -> Valuation {
        self.valuation
    }

    pub fn measure(&self) -> Measure {
        self.valuation.measure()
    }

    /// The turn table the mover of `position` plays by: the one `advise` reads for 1 to 4
    /// players, the one `optimal` plays for more.
    pub fn table(&self, position: Position<'_>) -> Result<&TurnTable, StopReason> {
        let Position { scores, seat, .. } = position;
        match &self.solver {
            Solver::Solo(solution) => {
                let &[score] = scores else {
                    return Err(refused(PositionError::Players {
                        given: scores.len(),
                        expected: 1,
                    }));
                };
                if score >= self.rules.target() {
                    return Err(refused(PositionError::GameOver {
                        seat: 0,
                        score,
                        target: self.rules.target(),
                        rule: "solo",
                    }));
                }
                Ok(solution.table(score))
            }
            Solver::Duel(solution) => {
                Ok(solution.table(duel_position(self.rules, scores, seat).map_err(refused)?))
            }
            Solver::Trio(solution) => {
                Ok(solution.table(trio_position(self.rules, scores, seat).map_err(refused)?))
            }
            Solver::Quad(solution) => {
                Ok(solution.table(quad_position(self.rules, scores, seat).map_err(refused)?))
            }
            Solver::Reduced { player, .. } => {
                let turn = Turn::new(self.rules);
                let situation = Situation {
                    rules: self.rules,
                    scores,
                    seat,
                    round: 1,
                    turn: &turn,
                    triggered_by: None,
                };
                let table = player.table(&situation);
                // The multi-player table falls back on the expected score where the reduced
                // position is not one a game reaches: no value of the game there.
                if std::ptr::eq(table, expected_score_table(self.rules)) {
                    return Err(StopReason::NotCovered);
                }
                Ok(table)
            }
        }
    }

    /// Solo play: the expected number of turns still needed with `score` banked (0 once the
    /// target is reached); 0 with two players or more.
    pub fn turns_left(&self, score: Points) -> f64 {
        match &self.solver {
            Solver::Solo(solution) => solution.expected_turns_from(score),
            _ => 0.0,
        }
    }

    /// A table value in the review's measure: solo tables count minus the turns still needed
    /// after this one, shown (as `advise` shows them) as the turns still needed counting it.
    pub fn shown(&self, value: f64) -> f64 {
        match self.measure() {
            Measure::ExpectedTurns => SoloSolution::turns_from_value(value),
            Measure::WinProbability => value,
        }
    }

    /// The value of `turn` as it stands, under the best play from there on, in the measure.
    pub fn turn_value(&self, table: &TurnTable, turn: &Turn) -> f64 {
        self.shown(table.value(turn))
    }

    /// The options of the decision `turn` awaits and the best: from [`advise`] for 1 to 4
    /// players; for more, the values and choice of `optimal` (the reduced game's).
    pub fn options(
        &self,
        position: Position<'_>,
        table: &TurnTable,
        turn: &Turn,
    ) -> Result<Options, StopReason> {
        if let Solver::Reduced { .. } = self.solver {
            let values = table.action_values(turn);
            let (best, _) = values.best().ok_or(StopReason::NoDecision)?;
            return Ok(Options {
                options: values
                    .iter()
                    .map(|(action, value)| OptionValue { action, value })
                    .collect(),
                best,
            });
        }
        let advice = advise(AdviceRequest {
            rules: self.rules,
            scores: Some(position.scores),
            seat: position.seat,
            turn,
        })
        .map_err(refused)?;
        Ok(Options {
            options: advice
                .options
                .iter()
                .map(|o| OptionValue {
                    action: o.action,
                    value: o.value,
                })
                .collect(),
            best: advice.best,
        })
    }

    /// Why the best option of `decision` (made in `turn` at `position`, valued under `table`)
    /// is best, against the option chosen: the coach's reason, under the same play as the
    /// values.
    pub fn reason(
        &self,
        position: Position<'_>,
        table: &TurnTable,
        turn: &Turn,
        decision: &crate::Decision,
    ) -> Option<martian_solver::Reason> {
        let measure = match self.measure() {
            Measure::WinProbability => AdviceMeasure::WinProbability,
            Measure::ExpectedTurns => AdviceMeasure::ExpectedTurns,
        };
        let advice = Advice {
            measure,
            options: decision
                .options
                .iter()
                .map(|o| AdviceOption {
                    action: o.action,
                    value: o.value,
                })
                .collect(),
            best: decision.best,
        };
        martian_solver::explain(
            AdviceRequest {
                rules: self.rules,
                scores: Some(position.scores),
                seat: position.seat,
                turn,
            },
            &advice,
            table,
            Some(decision.chosen),
        )
    }

    /// Every seat's chance to win from `position`, between two turns (the game going on). Solo:
    /// `[1.0]`, the only player wins in the end.
    pub fn seat_chances(&self, position: Position<'_>) -> Result<Vec<f64>, StopReason> {
        let Position {
            scores,
            seat,
            final_round,
        } = position;
        match &self.solver {
            Solver::Solo(_) => Ok(vec![1.0]),
            Solver::Duel(solution) => Ok(solution
                .seat_wins(duel_position(self.rules, scores, seat).map_err(refused)?)
                .to_vec()),
            Solver::Trio(solution) => Ok(solution
                .seat_wins(trio_position(self.rules, scores, seat).map_err(refused)?)
                .to_vec()),
            Solver::Quad(solution) => Ok(solution
                .seat_wins(quad_position(self.rules, scores, seat).map_err(refused)?)
                .to_vec()),
            Solver::Reduced { trio, duel, .. } => (0..scores.len())
                .map(|s| self.reduced_chance(trio.as_deref(), duel, scores, seat, final_round, s))
                .collect(),
        }
    }

    /// Seat `s`'s chance in the game reduced to it and its strongest opponents (two with the
    /// three-player solution, else one), as `optimal` values it when `s` is the mover: the move
    /// is at the first kept seat still to play this round; when none is, the next round starts
    /// (or, in the final round, the reduced game is over and the kept leaders share the win).
    fn reduced_chance(
        &self,
        trio: Option<&TrioSolution>,
        duel: &DuelSolution,
        scores: &[Points],
        mover: usize,
        final_round: bool,
        s: usize,
    ) -> Result<f64, StopReason> {
        let opponents = if trio.is_some() { 2 } else { 1 };
        let kept = reduce(scores, s, opponents);
        let to_play = match kept.seats.iter().position(|&k| k >= mover) {
            Some(index) => index,
            None if final_round => return Ok(share_of_the_lead(&kept.scores, kept.mover)),
            None => 0,
        };
        Ok(match trio {
            Some(trio) => {
                let position = trio_position(self.rules, &kept.scores, to_play).map_err(refused)?;
                trio.seat_wins(position)[kept.mover]
            }
            None => {
                let position = duel_position(self.rules, &kept.scores, to_play).map_err(refused)?;
                duel.seat_wins(position)[kept.mover]
            }
        })
    }
}

/// The share of the win of `seat` when the game ends with `scores`: 1 for the only leader, 1/k
/// for each of k tied leaders (the roll-off is fair; a shared victory counts 1/k), else 0.
pub(crate) fn share_of_the_lead(scores: &[Points], seat: usize) -> f64 {
    let best = scores.iter().copied().max().unwrap_or(0);
    if scores[seat] < best {
        return 0.0;
    }
    let leaders = scores.iter().filter(|&&s| s == best).count();
    1.0 / leaders as f64
}

fn refused(error: PositionError) -> StopReason {
    StopReason::Position(error)
}

fn unsolved(error: martian_solver::TrioError) -> StopReason {
    StopReason::Position(PositionError::Trio(error))
}

fn beyond(limit: SolveLimit) -> StopReason {
    StopReason::Position(PositionError::Limit(limit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valuations_follow_the_number_of_players_and_the_target() {
        let official = Rules::official();
        assert_eq!(Valuation::for_game(official, 1), Valuation::Solo);
        assert_eq!(Valuation::for_game(official, 2), Valuation::Duel);
        assert_eq!(Valuation::for_game(official, 3), Valuation::Trio);
        assert_eq!(Valuation::for_game(official, 4), Valuation::Quad);
        assert_eq!(Valuation::for_game(official, 5), Valuation::TrioReduction);
        assert_eq!(Valuation::for_game(official, 8), Valuation::TrioReduction);
        let quad_limit = official.with_target(27).unwrap();
        assert_eq!(Valuation::for_game(quad_limit, 4), Valuation::TrioReduction);
        assert!(Valuation::Quad.is_exact());
        let long = official.with_target(61).unwrap();
        assert_eq!(Valuation::for_game(long, 2), Valuation::Duel);
        assert_eq!(Valuation::for_game(long, 3), Valuation::DuelReduction);
        let many_dice = official.with_dice(20).unwrap().with_target(24).unwrap();
        assert_eq!(Valuation::for_game(many_dice, 3), Valuation::Trio);
        let many_dice = many_dice.with_target(25).unwrap();
        assert_eq!(Valuation::for_game(many_dice, 3), Valuation::DuelReduction);
        assert!(!Valuation::DuelReduction.is_exact());
        assert!(Valuation::Trio.is_exact());
    }

    #[test]
    fn positions_the_solver_refuses_are_reasons_to_stop() {
        let rules = Rules::official()
            .with_dice(5)
            .unwrap()
            .with_target(6)
            .unwrap();
        let valuer = Valuer::new(rules, 2).unwrap();
        // Seat 1 past the target with seat 0 to play: the game would be over.
        let over = Position {
            scores: &[3, 7],
            seat: 0,
            final_round: true,
        };
        assert!(matches!(
            valuer.table(over),
            Err(StopReason::Position(PositionError::GameOver {
                seat: 1,
                ..
            }))
        ));
        assert!(matches!(
            valuer.seat_chances(over),
            Err(StopReason::Position(_))
        ));
        let solo = Valuer::new(rules, 1).unwrap();
        let done = Position {
            scores: &[6],
            seat: 0,
            final_round: false,
        };
        assert!(matches!(
            solo.table(done),
            Err(StopReason::Position(PositionError::GameOver { .. }))
        ));
    }

    #[test]
    fn the_lead_is_shared_among_the_tied() {
        assert_eq!(share_of_the_lead(&[20, 26, 26, 3], 1), 0.5);
        assert_eq!(share_of_the_lead(&[20, 26, 26, 3], 0), 0.0);
        assert_eq!(share_of_the_lead(&[27, 26, 26], 0), 1.0);
    }
}
