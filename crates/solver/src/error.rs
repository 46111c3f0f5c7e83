//! What can go wrong when asking the solvers.

use martian_engine::{Points, TranscriptError};

/// A game position that cannot be asked about.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{given} scores were given but this solver plays {expected} players")]
    Players { given: usize, expected: usize },
    #[error("seat {seat} does not exist: seats are numbered from 0 to {last}")]
    Seat { seat: usize, last: usize },
    #[error(
        "a score of {score} for seat {seat} means the game is already over (target {target}, {rule})"
    )]
    GameOver {
        seat: usize,
        score: Points,
        target: Points,
        rule: &'static str,
    },
    #[error(
        "seat {seat} cannot be playing: seat {reached} already reached the target, so only the seats after it play their last turn"
    )]
    NotInFinalRound { seat: usize, reached: usize },
    #[error("the turn is over: there is no decision to make")]
    TurnOver,
    #[error("the situation is played under other rules than the solution was computed for")]
    RulesMismatch,
    #[error(
        "advice for {0} players is not available: only the turn alone (no scores) and 1 to 4 players are solved exactly"
    )]
    TooManyPlayers(usize),
    #[error(transparent)]
    Trio(#[from] crate::trio::TrioError),
    #[error(transparent)]
    Quad(#[from] crate::quad::QuadError),
    /// The rules are beyond what the solver takes for this game.
    #[error(transparent)]
    Limit(#[from] martian_engine::SolveLimit),
    #[error(transparent)]
    Transcript(#[from] TranscriptError),
}

/// A table that could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    #[error("no cache directory: set MARTIAN_DICE_CACHE_DIR")]
    NoDirectory,
    #[error("cache file {path}: {source}")]
    Io {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
}
