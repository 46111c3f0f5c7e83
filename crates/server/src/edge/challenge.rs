//! `GET /api/challenge/YYYY-MM-DD`: the daily challenge of that day (docs/challenge.md) — its
//! rules, seed and opponents, so that any program plays the day's dice as the page and
//! `martian-dice challenge` do; `GET /api/challenge/YYYY-MM-DD/leaderboard`, the day's board
//! (a page at a time); and `GET /api/challenge/YYYY-MM-DD/attempts/ID`, an attempt with what the
//! others did at each of its decisions.

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use martian_challenge::{Challenge, ChallengeDate};
use serde_json::json;

use crate::edge::App;
use crate::solving::challenge::{Placing, others};

/// The board's rows per page at most (and when the query does not say).
pub const BOARD_PAGE: u64 = 100;

fn json_error(status: StatusCode, error: &str, message: &str) -> Response {
    let body = json!({"error": error, "message": message});
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// A request refused with 400: the error's code and its message.
struct BadRequest {
    error: &'static str,
    message: String,
}

impl IntoResponse for BadRequest {
    fn into_response(self) -> Response {
        json_error(StatusCode::BAD_REQUEST, self.error, &self.message)
    }
}

fn parse_date(date: &str) -> Result<ChallengeDate, BadRequest> {
    date.parse()
        .map_err(|error: martian_challenge::DateError| BadRequest {
            error: "bad_date",
            message: error.to_string(),
        })
}

fn fresh_json(body: serde_json::Value) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body.to_string(),
    )
        .into_response()
}

fn storage_error(error: martian_store::StoreError) -> Response {
    tracing::error!("reading the challenge's attempts: {error}");
    json_error(
        StatusCode::SERVICE_UNAVAILABLE,
        "storage",
        error.to_client(),
    )
}

/// The number `name=` of a query string, if it has one.
fn query_number(query: Option<&str>, name: &str) -> Result<Option<u64>, BadRequest> {
    let prefix = format!("{name}=");
    let Some(value) = query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|pair| pair.strip_prefix(prefix.as_str()))
    else {
        return Ok(None);
    };
    value.parse().map(Some).map_err(|_| BadRequest {
        error: "bad_query",
        message: format!("{name} must be a whole number, not '{value}'"),
    })
}

/// `GET /api/challenge/YYYY-MM-DD/leaderboard?offset=N&limit=N`: the day's ranked finished
/// attempts, the smallest loss first (ties: the earlier finish).
pub async fn leaderboard(
    State(app): State<Arc<App>>,
    Path(date): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    let date = match parse_date(&date) {
        Ok(date) => date,
        Err(refused) => return refused.into_response(),
    };
    let (offset, limit) = match (
        query_number(query.as_deref(), "offset"),
        query_number(query.as_deref(), "limit"),
    ) {
        (Ok(offset), Ok(limit)) => (
            offset.unwrap_or(0),
            limit.unwrap_or(BOARD_PAGE).clamp(1, BOARD_PAGE),
        ),
        (Err(refused), _) | (_, Err(refused)) => return refused.into_response(),
    };
    let page = match app
        .rooms
        .store
        .challenges()
        .board(date.to_string(), offset, limit)
        .await
    {
        Ok(page) => page,
        Err(error) => return storage_error(error),
    };
    let rows: Vec<serde_json::Value> = page
        .rows
        .iter()
        .enumerate()
        .map(|(index, row)| {
            json!({
                "rank": offset + index as u64 + 1,
                "attempt": row.id,
                "name": row.name,
                "guest": row.guest,
                "loss": row.loss,
                "accuracy": row.accuracy,
                "won": row.won,
                "scores": row.scores,
            })
        })
        .collect();
    let next = offset + (rows.len() as u64);
    fresh_json(json!({
        "date": date,
        "total": page.total,
        "offset": offset,
        "limit": limit,
        "next": (next < page.total).then_some(next),
        "rows": rows,
    }))
}

/// `GET /api/challenge/YYYY-MM-DD/attempts/ID`: a finished attempt of the day, its place on the
/// board and, at each of its decisions, what the day's ranked attempts chose there.
pub async fn attempt(
    State(app): State<Arc<App>>,
    Path((date, id)): Path<(String, String)>,
) -> Response {
    let date = match parse_date(&date) {
        Ok(date) => date,
        Err(refused) => return refused.into_response(),
    };
    let not_found = || json_error(StatusCode::NOT_FOUND, "no_attempt", "no such attempt");
    let Ok(id) = id.parse::<i64>() else {
        return not_found();
    };
    let challenges = app.rooms.store.challenges();
    let (row, decisions) = match challenges.attempt(id).await {
        Ok(Some(found)) if found.0.date == date.to_string() => found,
        Ok(_) => return not_found(),
        Err(error) => return storage_error(error),
    };
    let ahead = challenges
        .ahead(row.date.clone(), row.loss, row.finished_ms, row.id)
        .await;
    let (ahead, total) = match ahead {
        Ok(counts) => counts,
        Err(error) => return storage_error(error),
    };
    let positions: Vec<String> = decisions.iter().map(|d| d.position.clone()).collect();
    let others = match others(&challenges, &row.date, &positions).await {
        Ok(others) => others,
        Err(error) => return storage_error(error),
    };
    let decisions: Vec<serde_json::Value> = decisions
        .iter()
        .map(|d| {
            json!({
                "key": d.position,
                "chosen": d.choice,
                "best": d.best,
                "loss": d.loss,
                "others": others.get(&d.position),
            })
        })
        .collect();
    fresh_json(json!({
        "attempt": row.id,
        "date": row.date,
        "ranked": row.ranked,
        "name": row.name,
        "guest": row.guest,
        "loss": row.loss,
        "accuracy": row.accuracy,
        "won": row.won,
        "scores": row.scores,
        "placing": Placing::of(ahead, total, row.ranked),
        "decisions": decisions,
    }))
}

pub async fn day(Path(date): Path<String>) -> Response {
    let date = match parse_date(&date) {
        Ok(date) => date,
        Err(refused) => return refused.into_response(),
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
