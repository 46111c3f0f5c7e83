//! A card's exact value: its chance to win a duel against perfect play and against the
//! expected-score player, from each seat and over both, and what each of its lines is worth.

use std::sync::Arc;

use martian_engine::Rules;
use martian_solver::{MatchError, MatchValue, TurnPlay, duel_match};
use serde::Serialize;

use crate::card::{Card, CardPolicy};

/// How a card plays, for [`martian_solver::duel_match`].
pub fn play(card: &Card) -> TurnPlay {
    TurnPlay::Policy(Arc::new(CardPolicy::new(card.clone())))
}

/// A card's exact chance against one opponent.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Chance {
    /// The chance to win over both seats equally.
    pub win_rate: f64,
    /// The chance to win from seat 0 (opening every round) and from seat 1.
    pub seats: [f64; 2],
}

impl Chance {
    fn of(value: &MatchValue) -> Chance {
        Chance {
            win_rate: value.win(0),
            seats: value.seat_wins[0],
        }
    }
}

/// The chance of the card against `opponent` under `rules`.
pub fn chance(card: &Card, opponent: &TurnPlay, rules: Rules) -> Result<Chance, MatchError> {
    Ok(Chance::of(&duel_match(rules, [&play(card), opponent])?))
}

/// A card's exact values.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardValue {
    /// Against perfect play (`optimal`).
    pub optimal: Chance,
    /// Against the expected-score player (`greedy`).
    pub greedy: Chance,
    /// Per line, the chance against perfect play lost when the line is struck out (negative
    /// when the card wins more without it).
    pub line_worth: Vec<f64>,
}

impl CardValue {
    /// Values `card` under `rules`.
    pub fn of(card: &Card, rules: Rules) -> Result<CardValue, MatchError> {
        let optimal = chance(card, &TurnPlay::Optimal, rules)?;
        let greedy = chance(card, &TurnPlay::Greedy, rules)?;
        let line_worth = (0..card.len())
            .map(|i| {
                let without = chance(&card.without(i), &TurnPlay::Optimal, rules)?;
                Ok(optimal.win_rate - without.win_rate)
            })
            .collect::<Result<_, MatchError>>()?;
        Ok(CardValue {
            optimal,
            greedy,
            line_worth,
        })
    }
}
