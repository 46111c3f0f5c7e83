//! `GET /api/challenge/YYYY-MM-DD`: the daily challenge of that day (docs/challenge.md) — its
//! rules, seed and opponents, so that any program plays the day's dice as the page and
//! `martian-dice challenge` do.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use martian_challenge::{Challenge, ChallengeDate};
use serde_json::json;

pub async fn day(Path(date): Path<String>) -> Response {
    let date: ChallengeDate = match date.parse() {
        Ok(date) => date,
        Err(error) => {
            let body = json!({"error": "bad_date", "message": error.to_string()});
            return (
                StatusCode::BAD_REQUEST,
                [(header::CONTENT_TYPE, "application/json")],
                body.to_string(),
            )
                .into_response();
        }
    };
    let challenge = Challenge::of(date);
    let body = json!({
        "date": challenge.date,
        // As text too: a JavaScript number holds integers up to 2^53 only.
        "seed": challenge.seed,
        "seed_text": challenge.seed.to_string(),
        "rules": challenge.rules,
        "players": challenge.players(),
        "person_seat": challenge.person_seat(),
        "opponents": challenge.opponents(),
    });
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            // A day's challenge never changes.
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        body.to_string(),
    )
        .into_response()
}
