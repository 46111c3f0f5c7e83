//! `GET /api/cards`: the strategy cards a person can carry and the frontier of docs/strategy.md —
//! for each budget of conditions, the best card known of at most that many — each card with its
//! exact chance against perfect play under the official rules, and the expected-score player and
//! the bots' levels beside them. Computed once per process, when first asked (seconds: the cards
//! that read the scores are valued position by position), after the duel's solution is prepared
//! by the solver's pool like any game's.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use martian_cards::shipped::{self, Origin, Shipped};
use martian_cards::{Card, CardLang, chance};
use martian_engine::Rules;
use martian_solver::{MatchError, TurnPlay, duel_match};
use serde_json::{Value, json};
use tokio::sync::OnceCell;

use crate::solving::solutions::{Need, Readiness, Solutions};

/// The answer, once computed: it depends on nothing but the program.
static FIGURES: OnceCell<String> = OnceCell::const_new();

/// The bots' levels marked on the frontier, as `martian-dice plot frontier` marks them.
const LEVELS: [&str; 3] = ["easy", "medium", "hard"];

pub(crate) async fn cards(State(solutions): State<Solutions>) -> Response {
    let unavailable = |message: &str| {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::RETRY_AFTER, "10")],
            format!("{message}\n"),
        )
            .into_response()
    };
    match solutions.request(Need::new(Rules::official(), 2)) {
        Readiness::Ready => {}
        Readiness::Pending(ready) => {
            if ready.await.is_err() {
                return unavailable("the duel's solution could not be prepared");
            }
        }
        Readiness::Busy => return unavailable("the solver is busy: try again in a moment"),
    }
    let figures = FIGURES
        .get_or_try_init(|| async {
            tokio::task::spawn_blocking(|| figures(Rules::official()).map(|v| v.to_string()))
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())
        })
        .await;
    match figures {
        Ok(json) => (
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::CACHE_CONTROL, "max-age=3600"),
            ],
            json.clone(),
        )
            .into_response(),
        Err(error) => {
            tracing::error!("valuing the strategy cards: {error}");
            unavailable("the cards could not be valued")
        }
    }
}

/// A card's lines in both languages.
fn lines_of(card: &Card) -> Value {
    let lines = |lang| {
        (0..card.len())
            .map(|i| card.line_text(i, lang))
            .collect::<Vec<_>>()
    };
    json!({"en": lines(CardLang::En), "pt-BR": lines(CardLang::PtBr)})
}

/// The name a shipped card goes by on the page: its budget's name (pocket, club), `expert`, or
/// `lines-N` for the search's card of N lines.
fn name_of(shipped: &Shipped) -> String {
    match shipped.origin {
        Origin::Budget { name, .. } => name.to_string(),
        Origin::Expert { .. } => "expert".to_string(),
        Origin::Lines => format!("lines-{}", shipped.lines),
    }
}

/// The whole answer under `rules`: every card valued once.
fn figures(rules: Rules) -> Result<Value, MatchError> {
    let mut valued: HashMap<Card, f64> = HashMap::new();
    let mut value = |card: &Card| -> Result<f64, MatchError> {
        if let Some(&v) = valued.get(card) {
            return Ok(v);
        }
        let v = chance(card, &TurnPlay::Optimal, rules)?.win_rate;
        valued.insert(card.clone(), v);
        Ok(v)
    };
    let mut cards = Vec::new();
    for shipped in shipped::all() {
        let card = shipped.card();
        cards.push(json!({
            "name": name_of(shipped),
            "bot": shipped.bot,
            // One of the cards to carry (pocket, club, expert, 7 lines), not a search's size.
            "carried": shipped::CARRIED.iter().any(|c| c.bot == shipped.bot),
            "conditions": card.conditions(),
            "against_optimal": value(&card)?,
            "lines": lines_of(&card),
        }));
    }
    let empty = Card::default();
    let mut frontier = vec![json!({
        "at_most": 0,
        "conditions": 0,
        "against_optimal": value(&empty)?,
        "name": Value::Null,
        "bot": Value::Null,
        "lines": lines_of(&empty),
    })];
    for budget in shipped::BUDGETS {
        if let Some((card, win)) = shipped::best_within(budget, &mut value)? {
            let bot = shipped::all().find(|s| s.card() == card).map(|s| s.bot);
            frontier.push(json!({
                "at_most": budget,
                "conditions": card.conditions(),
                "against_optimal": win,
                "bot": bot,
                "lines": lines_of(&card),
            }));
        }
    }
    let mut references = vec![json!({
        "name": "greedy",
        "against_optimal": duel_match(rules, [&TurnPlay::Greedy, &TurnPlay::Optimal])?.win(0),
    })];
    for level in LEVELS {
        let play = martian_bots::create(level, rules)
            .ok()
            .and_then(|bot| bot.turn_play(rules));
        if let Some(play) = play {
            references.push(json!({
                "name": level,
                "against_optimal": duel_match(rules, [&play, &TurnPlay::Optimal])?.win(0),
            }));
        }
    }
    Ok(json!({
        "rules": "official",
        "cards": cards,
        "frontier": frontier,
        "references": references,
    }))
}
