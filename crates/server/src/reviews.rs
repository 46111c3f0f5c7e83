//! `GET /api/rooms/{room}/games/{number}/review`: the review of a finished game, as
//! `martian-dice review --json` gives it (`docs/review-format.md`), worked out from the game's
//! stored record.
//!
//! A review reads the solver's solutions for the game's rules and players. Reading them is quick
//! when they are at hand (in memory or in the disk cache); working them out may take a minute of
//! a core, which belongs to the games being played: such a review is refused (503) instead of
//! computed. The work itself runs on the blocking pool, never on the async runtime's threads.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use martian_engine::GameRecord;

use crate::ids::is_room_id;
use crate::server::App;

/// Why a review needing a solve is refused.
pub const NOT_AT_HAND: &str = "the review of this game needs solutions the server does not have \
     at hand for its rules and players; they are not worked out on demand, so as not to slow the \
     games being played\n";

pub async fn review(
    State(app): State<Arc<App>>,
    Path((room, number)): Path<(String, String)>,
) -> Response {
    let not_found = || (StatusCode::NOT_FOUND, "no such finished game\n").into_response();
    let Ok(number) = number.parse::<u32>() else {
        return not_found();
    };
    if !is_room_id(&room) {
        return not_found();
    }
    let text = match app.store.record(&room, number).await {
        Ok(Some(text)) => text,
        Ok(None) => return not_found(),
        Err(error) => {
            tracing::error!(room = %room, game = number, "reading a record to review: {error}");
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                format!("{}\n", error.to_client()),
            )
                .into_response();
        }
    };
    let record = match GameRecord::from_json(&text) {
        Ok(record) => record,
        Err(error) => return unreviewable(&room, number, &error.to_string()),
    };
    if !martian_solver::solutions_at_hand(record.rules, record.players.len()) {
        return (StatusCode::SERVICE_UNAVAILABLE, NOT_AT_HAND).into_response();
    }
    let reviewed = tokio::task::spawn_blocking(move || {
        martian_review::review(&record).map(|review| serde_json::to_string(&review))
    })
    .await;
    match reviewed {
        Ok(Ok(Ok(json))) => ([(header::CONTENT_TYPE, "application/json")], json).into_response(),
        Ok(Ok(Err(error))) => unreviewable(&room, number, &error.to_string()),
        Ok(Err(error)) => unreviewable(&room, number, &error.to_string()),
        Err(error) => unreviewable(&room, number, &error.to_string()),
    }
}

/// A stored record that cannot be reviewed: the server's fault, logged, not the client's.
fn unreviewable(room: &str, number: u32, error: &str) -> Response {
    tracing::error!(room = %room, game = number, "reviewing a stored record: {error}");
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        "the review of this game could not be worked out\n",
    )
        .into_response()
}
