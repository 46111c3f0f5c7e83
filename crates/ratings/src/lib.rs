#![doc = include_str!("../README.md")]
// Every public item is documented, and stays so: the store and the server build on it.
#![warn(missing_docs)]

mod anchors;
mod farming;
mod places;
mod rating;
mod system;

pub use anchors::Anchor;
pub use farming::{FULL_GAMES_A_DAY, farming_weight};
/// The most seats a rated game has (the game's own limit).
pub use martian_engine::MAX_PLAYERS as MAX_SEATS;
pub use places::{Place, Standing};
pub use rating::Rating;
pub use system::{Entrant, RatingSystem, weighted};

/// What keeps a game from being rated.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RatingError {
    /// A rated game seats 2 to 8.
    #[error("a rated game seats from 2 to {max} players, not {0}", max = martian_engine::MAX_PLAYERS)]
    Seats(usize),
    /// A seat named that the table does not have.
    #[error("seat {seat} is not at a table of {seats}")]
    NoSuchSeat {
        /// The seat named (0-based).
        seat: usize,
        /// The seats at the table.
        seats: usize,
    },
    /// A place outside 1 to the number of seats.
    #[error("place {place} is not a place at a table of {seats}")]
    Place {
        /// The place given.
        place: Place,
        /// The seats at the table.
        seats: usize,
    },
    /// A rating that is not a pair of finite numbers with a positive deviation.
    #[error("not a rating: mu {}, sigma {}", .0.mu, .0.sigma)]
    Invalid(Rating),
    /// The record has no result yet.
    #[error("the game is not finished")]
    Unfinished,
}
