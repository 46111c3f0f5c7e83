//! The advisor: the options of a decision with their values, and the best one.

use martian_engine::{Action, Points, Rules, Turn, TurnPhase};

use crate::duel::duel;
use crate::error::PositionError;
use crate::explain::Reason;
use crate::solo::solo;
use crate::trio::{trio, trio_position};
use crate::turn::{ActionValues, TurnTable, expected_score_table};

/// What the values of an [`Advice`] measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdviceMeasure {
    /// The expected final score of the turn (no game context).
    ExpectedScore,
    /// The probability that the player to move wins the game.
    WinProbability,
    /// The expected number of turns (this one included) to reach the target alone: lower is
    /// better.
    ExpectedTurns,
}

/// One option of a decision and its value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AdviceOption {
    pub action: Action,
    pub value: f64,
}

/// The options of a decision, their values, and the best.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub measure: AdviceMeasure,
    /// In the order R, H, C, K, or stop, roll; or the single `roll` before a turn's first roll.
    pub options: Vec<AdviceOption>,
    pub best: Action,
}

/// Where the advice is asked: the turn, and the game around it if any.
#[derive(Clone, Copy, Debug)]
pub struct AdviceRequest<'a> {
    pub rules: Rules,
    /// Banked totals in seat order (seat 0 opens every round); `None` for the turn alone.
    pub scores: Option<&'a [Points]>,
    /// Whose turn it is.
    pub seat: usize,
    pub turn: &'a Turn,
}

/// The advice for a decision: with no scores, values are the turn's expected final score; with
/// one score, the expected number of turns to reach the target; with two to four, the mover's
/// probability of winning the game. Five or more players are refused (not solved exactly).
///
/// Before the first roll of a turn the single option is `roll`, valued as the whole turn. After a
/// take the options are `stop` and `roll`; while a roll awaits a choice, the legal types.
pub fn advise(request: AdviceRequest<'_>) -> Result<Advice, PositionError> {
    with_table(request, |measure, table| {
        advice_from(
            measure,
            request.turn,
            table.action_values(request.turn),
            table.value(request.turn),
        )
    })
}

/// The advice for a decision (see [`advise`]) and why its best option is best, in figures
/// computed under the same play the values assume (see [`Reason`]); no reason before a turn's
/// first roll, where the only option is to roll.
pub fn advise_with_reason(
    request: AdviceRequest<'_>,
) -> Result<(Advice, Option<Reason>), PositionError> {
    with_table(request, |measure, table| {
        let advice = advice_from(
            measure,
            request.turn,
            table.action_values(request.turn),
            table.value(request.turn),
        );
        let reason = crate::explain::reason(&request, &advice, table, None);
        (advice, reason)
    })
}

/// [`advise_with_reason`] for a choice made: the reason compares the best option with `chosen`
/// (with the next best when `chosen` is the best) — why the best beats what was played, as a
/// review or a trainer says it.
pub fn advise_against(
    request: AdviceRequest<'_>,
    chosen: Action,
) -> Result<(Advice, Option<Reason>), PositionError> {
    with_table(request, |measure, table| {
        let advice = advice_from(
            measure,
            request.turn,
            table.action_values(request.turn),
            table.value(request.turn),
        );
        let reason = crate::explain::reason(&request, &advice, table, Some(chosen));
        (advice, reason)
    })
}

/// Why the best option of `advice` (the values of `table`'s play for `request`'s decision) is
/// best, against `chosen` when it is given and another option (see [`advise_against`]):
/// [`advise_with_reason`]'s reason for advice already at hand, or for a table of another game
/// model (the reduced game of four players and more). `None` before a turn's first roll.
pub fn explain(
    request: AdviceRequest<'_>,
    advice: &Advice,
    table: &TurnTable,
    chosen: Option<Action>,
) -> Option<Reason> {
    crate::explain::reason(&request, advice, table, chosen)
}

/// Calls `f` with the measure of the advice for `request` and the turn table whose policy and
/// values it reports.
fn with_table<R>(
    request: AdviceRequest<'_>,
    f: impl FnOnce(AdviceMeasure, &TurnTable) -> R,
) -> Result<R, PositionError> {
    let AdviceRequest {
        rules,
        scores,
        seat,
        turn,
    } = request;
    if turn.rules() != rules {
        return Err(PositionError::RulesMismatch);
    }
    if turn.is_over() {
        return Err(PositionError::TurnOver);
    }
    match scores {
        None => Ok(f(AdviceMeasure::ExpectedScore, expected_score_table(rules))),
        Some(&[score]) => {
            if seat != 0 {
                return Err(PositionError::Seat { seat, last: 0 });
            }
            if score >= rules.target() {
                return Err(PositionError::GameOver {
                    seat: 0,
                    score,
                    target: rules.target(),
                    rule: "solo",
                });
            }
            let solution = solo(rules);
            Ok(f(AdviceMeasure::ExpectedTurns, solution.table(score)))
        }
        Some(scores @ [_, _]) => {
            let position = crate::duel::duel_position(rules, scores, seat)?;
            let solution = duel(rules)?;
            Ok(f(AdviceMeasure::WinProbability, solution.table(position)))
        }
        Some(scores @ [_, _, _]) => {
            let position = trio_position(rules, scores, seat)?;
            let solution = trio(rules)?;
            Ok(f(AdviceMeasure::WinProbability, solution.table(position)))
        }
        Some(scores @ [_, _, _, _]) => {
            let position = crate::quad::quad_position(rules, scores, seat)?;
            let solution = crate::quad::quad(rules)?;
            Ok(f(AdviceMeasure::WinProbability, solution.table(position)))
        }
        Some(scores) => Err(if scores.is_empty() {
            PositionError::Players {
                given: 0,
                expected: 2,
            }
        } else {
            PositionError::TooManyPlayers(scores.len())
        }),
    }
}

fn advice_from(measure: AdviceMeasure, turn: &Turn, values: ActionValues, whole: f64) -> Advice {
    // Solo tables value a turn as minus the turns needed after it.
    let shown = |value: f64| match measure {
        AdviceMeasure::ExpectedTurns => 1.0 - value,
        _ => value,
    };
    if turn.phase() == TurnPhase::ToRoll {
        return Advice {
            measure,
            options: vec![AdviceOption {
                action: Action::Roll,
                value: shown(whole),
            }],
            best: Action::Roll,
        };
    }
    let options = values
        .iter()
        .map(|(action, value)| AdviceOption {
            action,
            value: shown(value),
        })
        .collect();
    let (best, _) = values
        .best()
        .expect("a turn awaiting a decision has an option");
    Advice {
        measure,
        options,
        best,
    }
}

#[cfg(test)]
mod tests {
    use martian_engine::{Face, Transcript};

    use super::*;

    fn turn(text: &str) -> Turn {
        text.parse::<Transcript>()
            .unwrap()
            .replay(Rules::official())
            .unwrap()
    }

    fn ask(scores: Option<&[Points]>, seat: usize, text: &str) -> Result<Advice, PositionError> {
        let turn = turn(text);
        advise(AdviceRequest {
            rules: Rules::official(),
            scores,
            seat,
            turn: &turn,
        })
    }

    #[test]
    fn the_chicken_position_without_scores() {
        let mut turn = Turn::resume(Rules::official(), "5C".parse().unwrap()).unwrap();
        turn.apply_roll("RRRRHHHH".parse().unwrap()).unwrap();
        let advice = advise(AdviceRequest {
            rules: Rules::official(),
            scores: None,
            seat: 0,
            turn: &turn,
        })
        .unwrap();
        assert_eq!(advice.measure, AdviceMeasure::ExpectedScore);
        assert_eq!(advice.best, Action::Take(Face::Human));
        let actions: Vec<Action> = advice.options.iter().map(|o| o.action).collect();
        assert_eq!(
            actions,
            [Action::Take(Face::DeathRay), Action::Take(Face::Human)]
        );
    }

    #[test]
    fn an_empty_transcript_asks_about_the_whole_turn() {
        let advice = ask(None, 0, "").unwrap();
        assert_eq!(advice.best, Action::Roll);
        assert_eq!(advice.options.len(), 1);
        assert!((advice.options[0].value - 3.11).abs() < 0.005);
    }

    #[test]
    fn with_scores_values_are_win_probabilities_and_the_best_is_the_largest() {
        let advice = ask(Some(&[20, 22]), 1, "TTRRRHHCKKKCC/K").unwrap();
        assert_eq!(advice.measure, AdviceMeasure::WinProbability);
        let stop = advice
            .options
            .iter()
            .find(|o| o.action == Action::Stop)
            .unwrap();
        let roll = advice
            .options
            .iter()
            .find(|o| o.action == Action::Roll)
            .unwrap();
        assert!((0.0..=1.0).contains(&stop.value) && (0.0..=1.0).contains(&roll.value));
        let best = if roll.value > stop.value {
            Action::Roll
        } else {
            Action::Stop
        };
        assert_eq!(advice.best, best);
    }

    #[test]
    fn the_last_turn_knows_the_score_to_beat() {
        // Seat 0 reached 30; seat 1 has 24 and 3 chickens aside with a tank: it must go on.
        let advice = ask(Some(&[30, 24]), 1, "TTRRRHHCKKKCC/K").unwrap();
        assert_eq!(advice.best, Action::Roll);
        let stop = advice
            .options
            .iter()
            .find(|o| o.action == Action::Stop)
            .unwrap();
        assert_eq!(stop.value, 0.0);
    }

    #[test]
    fn solo_advice_counts_turns() {
        let advice = ask(Some(&[0]), 0, "").unwrap();
        assert_eq!(advice.measure, AdviceMeasure::ExpectedTurns);
        assert!((advice.options[0].value - solo(Rules::official()).expected_turns()).abs() < 1e-12);
    }

    #[test]
    fn impossible_requests_are_refused() {
        assert!(matches!(
            ask(Some(&[25, 3]), 0, ""),
            Err(PositionError::GameOver { .. })
        ));
        assert!(matches!(
            ask(Some(&[1, 2, 3, 4, 5]), 0, ""),
            Err(PositionError::TooManyPlayers(5))
        ));
        assert!(matches!(
            ask(Some(&[1, 2]), 2, ""),
            Err(PositionError::Seat { .. })
        ));
        assert!(matches!(
            ask(None, 0, "13C/C"),
            Err(PositionError::TurnOver)
        ));
        assert!(matches!(
            ask(Some(&[]), 0, ""),
            Err(PositionError::Players { .. })
        ));
    }
}
