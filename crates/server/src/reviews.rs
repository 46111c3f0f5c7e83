//! `GET /api/rooms/{room}/games/{number}/review`: the review of a finished game, as
//! `martian-dice review --json` gives it (`docs/review-format.md`), worked out from the game's
//! stored record.
//!
//! A review reads the solver's solutions for the game's rules and players. Reading them is quick
//! when they are at hand (in memory or in the disk cache); working them out may take a minute of
//! a core, which belongs to the games being played: such a review is refused (503) instead of
//! computed. The work itself runs on the blocking pool, never on the async runtime's threads.
//!
//! With `?card=card-1` (`card-3`, `card-5`: a shipped strategy card) the review also measures the
//! game against the card, as `martian-dice review --json --card card-N` does (its `card` object),
//! with the card's lines in every language the page reads (`words`).

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use martian_cards::CardLang;
use martian_cards::shipped::{SHIPPED, Shipped};
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
    RawQuery(query): RawQuery,
) -> Response {
    let card = match card_of_query(query.as_deref()) {
        Ok(card) => card,
        Err(why) => return (StatusCode::BAD_REQUEST, why).into_response(),
    };
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
        martian_review::review(&record).map(|review| review_json(&review, card))
    })
    .await;
    match reviewed {
        Ok(Ok(Ok(json))) => ([(header::CONTENT_TYPE, "application/json")], json).into_response(),
        Ok(Ok(Err(error))) => unreviewable(&room, number, &error.to_string()),
        Ok(Err(error)) => unreviewable(&room, number, &error.to_string()),
        Err(error) => unreviewable(&room, number, &error.to_string()),
    }
}

/// The shipped card a review's query names (`card=card-3`), if it names one.
fn card_of_query(query: Option<&str>) -> Result<Option<&'static Shipped>, String> {
    let Some(name) = query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|pair| pair.strip_prefix("card="))
    else {
        return Ok(None);
    };
    SHIPPED
        .iter()
        .find(|shipped| shipped.bot == name)
        .map(Some)
        .ok_or_else(|| {
            let names: Vec<&str> = SHIPPED.iter().map(|shipped| shipped.bot).collect();
            format!(
                "card must be one of the shipped cards ({}), not '{}'\n",
                names.join(", "),
                name.chars().take(40).collect::<String>()
            )
        })
}

/// The review's JSON; with a card, its `card` object as `review --json --card` writes it, and the
/// card's lines in English and Portuguese (`words`).
fn review_json(
    review: &martian_review::Review,
    card: Option<&Shipped>,
) -> serde_json::Result<String> {
    let Some(shipped) = card else {
        return serde_json::to_string(review);
    };
    let mut object = serde_json::to_value(review)?;
    let card = shipped.card();
    let mut measured = martian_review::card_json(review, &card, shipped.bot);
    let lines = |lang| {
        (0..card.len())
            .map(|i| card.line_text(i, lang))
            .collect::<Vec<_>>()
    };
    measured["words"] = serde_json::json!({
        "en": lines(CardLang::En),
        "pt-BR": lines(CardLang::PtBr),
    });
    object["card"] = measured;
    serde_json::to_string(&object)
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
