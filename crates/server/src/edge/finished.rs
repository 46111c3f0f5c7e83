//! `GET /api/rooms/{room}/games`: every game a room finished, as the room's `finished` list
//! shows them (a room's state and its updates keep only the most recent, `RECENT_FINISHED`).
//! A page of [`PAGE`] games at a time, the newest first: `?before=N` gives the games numbered
//! below N, and each page names the `before` of the next one (null on the last).

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::edge::App;
use crate::state::FinishedGame;
use crate::state::ids::is_room_id;
use crate::state::records::summary;
use martian_protocol::names::skeleton;

/// Games per page.
pub const PAGE: usize = 100;

/// A page of finished games.
#[derive(Serialize)]
struct Page<'a> {
    room: &'a str,
    /// Oldest first, as in the room's `finished`.
    games: Vec<FinishedGame>,
    /// The `before` of the next (older) page; `None` on the last.
    before: Option<u32>,
}

/// The `before` of a query string, if it has one: a game number.
fn before(query: Option<&str>) -> Result<Option<u32>, String> {
    let Some(value) = query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|pair| pair.strip_prefix("before="))
    else {
        return Ok(None);
    };
    value
        .parse()
        .map(Some)
        .map_err(|_| format!("before must be a game number, not '{value}'\n"))
}

pub async fn games(
    State(app): State<Arc<App>>,
    Path(room): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    if !is_room_id(&room) {
        return (StatusCode::NOT_FOUND, "no such room\n").into_response();
    }
    let before = match before(query.as_deref()) {
        Ok(before) => before.unwrap_or(u32::MAX),
        Err(why) => return (StatusCode::BAD_REQUEST, why).into_response(),
    };
    let records = match app
        .rooms
        .store
        .finished_records(&room, before, PAGE + 1)
        .await
    {
        Ok(records) => records,
        Err(error) => {
            tracing::error!(room = %room, "listing finished games: {error}");
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                format!("{}\n", error.to_client()),
            )
                .into_response();
        }
    };
    let more = records.len() > PAGE;
    let mut games: Vec<FinishedGame> = records
        .iter()
        .take(PAGE)
        .filter_map(|(number, record)| {
            let game = summary(*number, record);
            if game.is_none() {
                tracing::warn!(room = %room, game = number, "a stored record that does not read");
            }
            game
        })
        .collect();
    games.reverse();
    // The mark beside an account's name, as the room showed it.
    match app.players.accounts.seated_in(&room).await {
        Ok(seated) => {
            let accounts: Vec<String> = seated.iter().map(|(_, name)| skeleton(name)).collect();
            games
                .iter_mut()
                .for_each(|game| game.mark_accounts(&accounts));
        }
        Err(error) => tracing::warn!(room = %room, "the accounts of a room's seats: {error}"),
    }
    let page = Page {
        room: &room,
        before: more.then(|| records[PAGE - 1].0),
        games,
    };
    (
        [(header::CONTENT_TYPE, "application/json")],
        serde_json::to_string(&page).expect("a page serialises"),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn before_is_a_game_number() {
        assert_eq!(before(None), Ok(None));
        assert_eq!(before(Some("x=1")), Ok(None));
        assert_eq!(before(Some("before=40")), Ok(Some(40)));
        assert_eq!(before(Some("a=b&before=3")), Ok(Some(3)));
        assert!(before(Some("before=-1")).unwrap_err().contains("'-1'"));
    }
}
