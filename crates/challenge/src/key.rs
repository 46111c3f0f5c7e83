//! The name of a decision's position, for counting what people chose in it.

use martian_engine::{Situation, TurnPhase};

/// A short stable text naming the position a decision is made in: the banked scores in seat
/// order, the seat deciding, the round (`f` after it in the final round, once a seat reached the
/// target), the dice set aside and the roll awaiting a choice of type, or `stop-or-roll` after a
/// take:
///
/// ```text
/// 0-0 s0 r1 | - | TTRRRHHCKKKCC
/// 12-7 s0 r3 | RRRHHH | stop-or-roll
/// 26-20 s1 r6 f | TRR | HHCKKKCC
/// ```
///
/// (dice as letters in face order T R H C K; tanks of the roll are both in it and aside). Two
/// positions have the same key exactly when everything a decision depends on is the same.
pub fn position_key(situation: &Situation<'_>) -> String {
    let scores: Vec<String> = situation.scores.iter().map(ToString::to_string).collect();
    let final_round = if situation.triggered_by.is_some() {
        " f"
    } else {
        ""
    };
    let aside = situation.turn.aside();
    let aside = if aside.total() == 0 {
        "-".to_string()
    } else {
        aside.to_string()
    };
    let before = match situation.turn.phase() {
        TurnPhase::Choosing { roll } => roll.to_string(),
        TurnPhase::Deciding => "stop-or-roll".to_string(),
        TurnPhase::ToRoll => "to-roll".to_string(),
        TurnPhase::Over(_) => "over".to_string(),
    };
    format!(
        "{} s{} r{}{final_round} | {aside} | {before}",
        scores.join("-"),
        situation.seat,
        situation.round
    )
}
