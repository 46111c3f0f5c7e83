//! Game review and training for Martian Dice, from the exact solutions.
//!
//! **Review.** [`review`] takes a [`GameRecord`](martian_engine::GameRecord) (from any interface:
//! the terminal game, line mode, the scorekeeper, a browser room) and values every decision of
//! every seat, in order: each legal option's value, the option chosen, the best one and the loss
//! (how much worse the choice is than the best). The values are
//! - with two to four players, the probability that the mover wins the game: exact, from the
//!   same solver calls as [`martian_solver::advise`] (so a review and the advisor agree);
//! - solo, the expected number of turns to reach the target (lower is better), also exact;
//! - with five to eight players (or four beyond the four-player solve's targets), the value the
//!   `optimal` bot plays by: the exact three-player
//!   game of the mover and its two strongest opponents (the duel of the mover and its strongest
//!   opponent beyond the three-player solve's targets). This is an **approximation**, and the
//!   review says so ([`Review::approximate`], [`Valuation`]).
//!
//! Each decision is classed by its loss ([`Class`], [`Thresholds`]):
//!
//! | class | win probability | expected turns (solo) |
//! |---|---|---|
//! | best | loss under 0.5 points | under 0.03 turns |
//! | inaccuracy | 0.5 to 2 points | 0.03 to 0.1 turns |
//! | mistake | 2 to 6 points | 0.1 to 0.3 turns |
//! | blunder | 6 points or more | 0.3 turns or more |
//!
//! (a point is a percentage point: 0.01 of probability). Each turn's move of the mover's value
//! is split into **skill**, what its decisions changed (minus their losses), and **luck**, the
//! rest, which is what the dice did: `after − before = luck + skill` at every turn
//! ([`TurnReview`]). Each seat gets a summary ([`SeatSummary`]): decisions, mean loss, the
//! count per class, the accuracy `100 × (1 − total loss ÷ total stake)` where a decision's stake
//! is how much worse its worst option is than its best, and its biggest mistake. Every seat's
//! chance to win is given before the first turn and after every turn
//! ([`Review::win_probability`]).
//!
//! A record is reviewed as far as it goes (an unfinished game, a turn in progress) and as far as
//! it is valid and the solver values it: [`Review::stopped`] says where and why it stops.
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let text = std::fs::read_to_string("game.json")?;
//! let record = martian_engine::GameRecord::from_json(&text)?;
//! let review = martian_review::review(&record)?;
//! for seat in &review.seats {
//!     println!("{}: accuracy {:?}", seat.name, seat.accuracy);
//! }
//! # Ok(())
//! # }
//! ```
//!
//! **Trainer.** [`Trainer`] serves positions where one option is clearly best (by a margin over
//! the second), chosen for what they teach ([`Lesson`]) in a mix no simple way of answering gets
//! right, bringing back the kinds a player gets wrong ([`Progress`]); optionally of one
//! [`Theme`]. Its candidates come from a [`PositionSource`] ([`PlayedGames`] by default).

mod card;
mod measure;
mod review;
mod summary;
mod trainer;
mod valuer;

pub use card::{CardDecision, CardMove, CardPlace, CardReview, card_json};
pub use measure::{Class, Measure, Thresholds};
pub use review::{Decision, Review, RollOffReview, StopReason, Stopped, TurnReview, review};
pub use summary::{ClassCounts, SeatSummary};
pub use trainer::{
    Kind, Lesson, LessonRecord, PlayedGames, PlayerCounts, PositionSource, Progress, SessionRecord,
    Theme, Thumb, Trainer, TrainerConfig, TrainerError, TrainingPosition, Trend, decision_word,
};
pub use valuer::{OptionValue, Options, Position, Valuation, Valuer};

use martian_engine::Action;

/// Actions in JSON as `advise` writes them: `R`, `H`, `C`, `K`, `stop`, `roll`.
fn serialize_action<S: serde::Serializer>(
    action: &Action,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&action.code())
}
