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
//!
//! `POST` to the same address with a card's text as the body (English or Portuguese, at most
//! [`MAX_CARD_BYTES`]) measures the game against the reader's own card the same way (its `card`
//! is `"own"`). A card that does not read is answered 400 with a JSON `error` naming the line,
//! the column and what was expected there, structured so that the page words it in the reader's
//! language (`card_error_json`).

use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use martian_cards::shipped::{SHIPPED, Shipped};
use martian_cards::{Card, CardLang, Expected, FoundInstead, ParseError, ParseErrorKind};
use martian_engine::GameRecord;

use crate::state::ids::is_room_id;
use martian_store::Store;

/// Where the reviews read the records they review: the store, handed over by the edge.
#[derive(Clone, Debug)]
pub struct Records(pub Store);

/// Why a review needing a solve is refused.
pub const NOT_AT_HAND: &str = "the review of this game needs solutions the server does not have \
     at hand for its rules and players; they are not worked out on demand, so as not to slow the \
     games being played\n";

/// The card a review is measured against: a shipped one (by its bot's name) or the reader's own.
#[derive(Clone, Debug)]
enum Against {
    Shipped(&'static Shipped),
    Own(Card),
}

impl Against {
    fn card(&self) -> Card {
        match self {
            Against::Shipped(shipped) => shipped.card(),
            Against::Own(card) => card.clone(),
        }
    }

    fn spec(&self) -> &'static str {
        match self {
            Against::Shipped(shipped) => shipped.bot,
            Against::Own(_) => "own",
        }
    }
}

/// The largest card text a review reads: far more than a card of plain lines needs.
pub const MAX_CARD_BYTES: usize = 16 * 1024;

pub async fn review(
    State(Records(store)): State<Records>,
    Path((room, number)): Path<(String, String)>,
    RawQuery(query): RawQuery,
) -> Response {
    match card_of_query(query.as_deref()) {
        Ok(card) => reviewed(store, room, number, card.map(Against::Shipped)).await,
        Err(why) => (StatusCode::BAD_REQUEST, why).into_response(),
    }
}

/// `POST`: the review measured against the card in the body.
pub async fn review_own_card(
    State(Records(store)): State<Records>,
    Path((room, number)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let Ok(text) = std::str::from_utf8(&body) else {
        return (StatusCode::BAD_REQUEST, "the card must be text in UTF-8\n").into_response();
    };
    match Card::parse(text) {
        Ok(card) => reviewed(store, room, number, Some(Against::Own(card))).await,
        Err(error) => (
            StatusCode::BAD_REQUEST,
            [(header::CONTENT_TYPE, "application/json")],
            card_error_json(&error).to_string(),
        )
            .into_response(),
    }
}

async fn reviewed(store: Store, room: String, number: String, card: Option<Against>) -> Response {
    let not_found = || (StatusCode::NOT_FOUND, "no such finished game\n").into_response();
    let Ok(number) = number.parse::<u32>() else {
        return not_found();
    };
    if !is_room_id(&room) {
        return not_found();
    }
    let text = match store.record(&room, number).await {
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
        martian_review::review(&record).map(|review| review_json(&review, card.as_ref()))
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
    against: Option<&Against>,
) -> serde_json::Result<String> {
    let Some(against) = against else {
        return serde_json::to_string(review);
    };
    let mut object = serde_json::to_value(review)?;
    let card = against.card();
    let mut measured = martian_review::card_json(review, &card, against.spec());
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

/// Why a card does not read, for the page to word in the reader's language with the messages
/// `martian-dice card` words it with (`card-error-*`): `message` in English, `line` and `column`
/// (1-based), and `card_error`: its `kind` and what the message needs. A literal the parser
/// expected or found is given quoted as the card reads it (`"'more'"`, `"','"`); a number or the
/// end of the line as `{"item": "number"}` or `{"item": "end-of-line"}`.
fn card_error_json(error: &ParseError) -> serde_json::Value {
    use serde_json::json;
    let expected = |e: &Expected| match e {
        Expected::Word(word) => json!(format!("'{word}'")),
        Expected::Number => json!({"item": "number"}),
        Expected::Comma => json!("','"),
        Expected::Period => json!("'.'"),
        Expected::EndOfLine => json!({"item": "end-of-line"}),
    };
    let found = |f: &FoundInstead| match f {
        FoundInstead::Word(word) => json!(format!("'{word}'")),
        FoundInstead::Number(n) => json!(format!("'{n}'")),
        FoundInstead::Comma => json!("','"),
        FoundInstead::Period => json!("'.'"),
        FoundInstead::EndOfLine => json!({"item": "end-of-line"}),
    };
    let problem = match &error.kind {
        ParseErrorKind::Expected {
            expected: list,
            found: instead,
        } => json!({
            "kind": "expected",
            "expected": list.iter().map(expected).collect::<Vec<_>>(),
            "found": found(instead),
        }),
        ParseErrorKind::Character(c) => json!({"kind": "character", "char": c.to_string()}),
        ParseErrorKind::Numbering { found, expected } => {
            json!({"kind": "numbering", "found": found, "expected": expected})
        }
        ParseErrorKind::Number { found, min, max } => {
            json!({"kind": "number", "found": found, "min": min, "max": max})
        }
        ParseErrorKind::RollAfterTake => json!({"kind": "roll-after-take"}),
    };
    json!({
        "error": error.to_string(),
        "line": error.line,
        "column": error.column,
        "lang": error.lang.tag(),
        "card_error": problem,
    })
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
