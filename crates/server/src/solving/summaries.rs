//! Each finished game's exact review, summarised per seat and stored when the game ends: what a
//! profile reads (its accuracy, the trend, the best turn) without reviewing anything while it
//! answers.
//!
//! The review runs on the deciders' pool (a fixed pool, however many games end together), never
//! on the room's task. A game whose review needs solutions not at hand at its end is not reviewed
//! and never will be: working them out would take a core from the games being played, and a
//! profile that reviewed lazily would no longer answer at once. Such a game (and one whose review
//! stops before its end) has no row; a profile's accuracy covers the reviewed games only and says
//! how many those are. Counted by outcome in `martian_dice_game_reviews`.

use martian_engine::GameRecord;
use martian_review::Review;
use martian_store::reviews::{BestTurn, ReviewedSeatRow, Reviews};

use crate::solving::deciders::Deciders;
use crate::state::metrics::Metrics;

/// A game that just ended, to review.
#[derive(Debug)]
pub struct Ended {
    pub room: String,
    pub number: u32,
    pub record: GameRecord,
    pub finished_ms: i64,
}

/// Reviews `ended` on the deciders' pool and stores its seats' summaries, when the solutions it
/// needs are at hand; skips it otherwise. Returns at once (on a tokio runtime).
pub fn review_ended(ended: Ended, deciders: &Deciders, reviews: Reviews, metrics: Metrics) {
    let players = ended.record.players.len();
    if !martian_solver::solutions_at_hand(ended.record.rules, players) {
        metrics.game_review("not_at_hand");
        return;
    }
    let runtime = tokio::runtime::Handle::current();
    deciders.spawn(move || {
        let rows = match martian_review::review(&ended.record) {
            Ok(review) if review.stopped.is_none() => seat_rows(&review, &ended),
            Ok(review) => {
                let (room, game) = (&ended.room, ended.number);
                let stopped = review.stopped.as_ref().map(|s| s.reason.to_string());
                tracing::warn!(room = %room, game, "a finished game's review stops: {stopped:?}");
                metrics.game_review("stopped");
                return;
            }
            Err(error) => {
                let (room, game) = (&ended.room, ended.number);
                tracing::error!(room = %room, game, "reviewing a finished game: {error}");
                metrics.game_review("failed");
                return;
            }
        };
        runtime.spawn(async move {
            match reviews.store(rows).await {
                Ok(()) => metrics.game_review("stored"),
                Err(error) => {
                    let (room, game) = (&ended.room, ended.number);
                    tracing::error!(room = %room, game, "storing a game's review: {error}");
                    metrics.game_review("failed");
                }
            }
        });
    });
}

/// Every seat's row of `review`. A solo game has no best turn: its measure is turns to the
/// target, not a chance to win.
pub fn seat_rows(review: &Review, ended: &Ended) -> Vec<ReviewedSeatRow> {
    let chance = review.expected_turns.is_none();
    review
        .seats
        .iter()
        .map(|summary| {
            // From the last turn back, so that of turns of equal skill the first is kept.
            let best_turn = review
                .turns
                .iter()
                .rev()
                .filter(|turn| chance && turn.seat == summary.seat)
                .max_by(|a, b| a.skill.total_cmp(&b.skill))
                .map(|turn| BestTurn {
                    turn: turn.turn as u32,
                    skill: turn.skill,
                });
            ReviewedSeatRow {
                room: ended.room.clone(),
                number: ended.number,
                seat: summary.seat as u32,
                accuracy: summary.accuracy,
                decisions: summary.decisions as u32,
                mean_loss: summary.mean_loss,
                best_turn,
                finished_ms: ended.finished_ms,
            }
        })
        .collect()
}
