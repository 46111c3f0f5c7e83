//! Decision-makers for Martian Dice. Every player that is not a person at a screen is a
//! [`Strategy`]: it sees one read-only [`Situation`] and answers one [`Action`].

#![forbid(unsafe_code)]

use martian_engine::{Action, GameRng, Situation};

/// Why a bot could not decide: only bots in other processes fail.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The bot answered something that is not a legal action, or could not be understood.
    #[error("{bot}: {message}")]
    Misbehaved { bot: String, message: String },
}

/// A player that decides by itself.
///
/// `decide` is called only when the situation awaits a decision (a roll awaiting a choice of type,
/// or stop / roll again after a take); it must answer one of `situation.turn.legal_actions()`.
/// Randomness comes from `rng`, so games stay reproducible from their seed.
pub trait Strategy: Send {
    /// The bot's name as the command line takes it (`greedy`, `exec:./bot.py`, …).
    fn name(&self) -> String;

    /// The decision for `situation`.
    fn decide(&mut self, situation: &Situation<'_>, rng: &mut GameRng) -> Result<Action, BotError>;
}
