//! A game's review in the terminal: `martian_review::review` of its record, worked out off the
//! screen's thread (the first review under new rules may need a solve), and how far the review
//! screen's list is scrolled.

use std::cell::Cell;

use martian_engine::{GameRecord, RecordError};
use martian_review::Review;

use crate::work::{Pace, Work};

/// The review of one record, done or under way.
#[derive(Debug)]
pub struct GameReview {
    work: Work<Result<Review, RecordError>>,
    /// The first line of the list shown.
    pub scroll: usize,
    /// How far the list could scroll when it was last drawn (the terminal's size decides it).
    pub max_scroll: Cell<usize>,
}

/// Where a review stands.
#[derive(Clone, Copy, Debug)]
pub enum ReviewState<'a> {
    Working,
    Ready(&'a Review),
    /// The record cannot even set up a game.
    Failed(&'a RecordError),
    /// The work ended without an answer.
    Lost,
}

impl GameReview {
    /// Starts reviewing `record` at `pace`.
    pub fn start(record: GameRecord, pace: Pace) -> GameReview {
        GameReview {
            work: Work::start(pace, move || martian_review::review(&record)),
            scroll: 0,
            max_scroll: Cell::new(0),
        }
    }

    /// Picks the review up if it has come.
    pub fn poll(&mut self) {
        self.work.poll();
    }

    pub fn state(&self) -> ReviewState<'_> {
        match &self.work {
            Work::Running(_) => ReviewState::Working,
            Work::Done(Ok(review)) => ReviewState::Ready(review),
            Work::Done(Err(error)) => ReviewState::Failed(error),
            Work::Lost => ReviewState::Lost,
        }
    }

    /// The review, once it is there.
    pub fn review(&self) -> Option<&Review> {
        match self.state() {
            ReviewState::Ready(review) => Some(review),
            _ => None,
        }
    }

    /// Scrolls the list by `lines` (negative: up), within what the last drawing allowed.
    pub fn scroll_by(&mut self, lines: isize) {
        let max = self.max_scroll.get();
        self.scroll = self.scroll.min(max).saturating_add_signed(lines).min(max);
    }

    pub fn scroll_to_end(&mut self) {
        self.scroll = self.max_scroll.get();
    }
}
