//! The accounts' HTTP face (`docs/accounts.md`): JSON in and out, the session in the `md_session`
//! cookie, and no state-changing request from another site's page (`same_origin`).

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use martian_protocol::HeldSeat;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;

use crate::edge::App;
use crate::edge::accept::Peer;
use crate::players::secrets::{clear_cookie, set_cookie, token_of};
use crate::players::{Account, AccountError};

/// The largest body an account request reads.
const MAX_BODY: usize = 16 * 1024;
/// Seats one claim names at most.
const MAX_CLAIMED: usize = 500;

/// The accounts' routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/accounts", post(create))
        .route("/api/accounts/me", get(me).delete(delete))
        .route("/api/accounts/me/data", get(data))
        .route("/api/accounts/me/password", post(change_password))
        .route("/api/accounts/me/recovery-codes", post(new_codes))
        .route("/api/accounts/me/seats", post(claim))
        .route("/api/accounts/me/invites", post(invite))
        .route("/api/accounts/me/avatar", put(set_avatar))
        .route(
            "/api/accounts/me/{relation}/{name}",
            put(relation).delete(relation),
        )
        .route("/api/session", post(sign_in).delete(sign_out))
        .route("/api/session/recover", post(recover))
        .route("/api/sessions", axum::routing::delete(sign_out_everywhere))
        .route("/api/players/{name}", get(profile))
        .route("/api/leaderboard", get(leaderboard))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        // Answers about accounts are one person's: never kept by a cache on the way.
        .layer(axum::middleware::map_response(
            |mut response: Response| async {
                response
                    .headers_mut()
                    .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
                response
            },
        ))
}

/// A refusal, as JSON: `{"error": code, "message": words}`.
fn refusal(error: &AccountError) -> Response {
    let (status, code) = match error {
        AccountError::Name(_) => (StatusCode::BAD_REQUEST, "bad_name"),
        AccountError::NameTaken => (StatusCode::CONFLICT, "name_taken"),
        AccountError::WeakPassword => (StatusCode::BAD_REQUEST, "weak_password"),
        AccountError::WrongCredentials => (StatusCode::UNAUTHORIZED, "wrong_credentials"),
        AccountError::Limited(_) => (StatusCode::TOO_MANY_REQUESTS, "too_many_attempts"),
        AccountError::SignupsClosed => (StatusCode::FORBIDDEN, "signups_closed"),
        AccountError::Busy => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
        AccountError::NotSignedIn => (StatusCode::UNAUTHORIZED, "not_signed_in"),
        AccountError::NoSuchPlayer => (StatusCode::NOT_FOUND, "no_such_player"),
        AccountError::NotOnline => (StatusCode::NOT_FOUND, "not_online"),
        AccountError::NotFollowing => (StatusCode::FORBIDDEN, "not_following"),
        AccountError::NoSuchRoom => (StatusCode::NOT_FOUND, "no_such_room"),
        AccountError::NoSuchRatedGame => (StatusCode::NOT_FOUND, "no_such_rated_game"),
        AccountError::TooManyInvites(_) => (StatusCode::TOO_MANY_REQUESTS, "too_many_invites"),
        AccountError::Store(_) => (StatusCode::SERVICE_UNAVAILABLE, "storage"),
    };
    let body = json!({ "error": code, "message": error.to_string() }).to_string();
    let mut response = (status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
    let retry = match error {
        AccountError::Limited(wait) | AccountError::TooManyInvites(wait) => {
            Some(wait.as_secs().max(1))
        }
        AccountError::Busy | AccountError::Store(_) => Some(1),
        _ => None,
    };
    if let Some(seconds) = retry {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    }
    response
}

fn bad_request(why: String) -> Response {
    let body = json!({ "error": "bad_request", "message": why }).to_string();
    (
        StatusCode::BAD_REQUEST,
        [(header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

fn json_body<T: DeserializeOwned>(body: &Bytes) -> Result<T, String> {
    serde_json::from_slice(body)
        .map_err(|error| format!("the body must be JSON of this request's fields: {error}"))
}

fn ok_json(status: StatusCode, value: serde_json::Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        value.to_string(),
    )
        .into_response()
}

fn secure(app: &App) -> bool {
    app.config
        .public_url
        .as_deref()
        .is_some_and(|url| url.starts_with("https://"))
}

/// A response that gives the browser the session's cookie.
fn with_cookie(app: &App, mut response: Response, token: &str) -> Response {
    if let Ok(value) = HeaderValue::from_str(&set_cookie(token, secure(app))) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

fn without_cookie(app: &App, mut response: Response) -> Response {
    if let Ok(value) = HeaderValue::from_str(&clear_cookie(secure(app))) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

/// The signed-in account of a request.
async fn signed_in(app: &App, headers: &HeaderMap) -> Result<Account, AccountError> {
    app.players
        .account_of(token_of(headers).as_deref())
        .await
        .ok_or(AccountError::NotSignedIn)
}

fn client_addr(app: &App, peer: &Peer, headers: &HeaderMap) -> std::net::IpAddr {
    crate::edge::proxies::client_addr(peer.addr, headers, &app.config.trusted_proxies)
}

#[derive(Deserialize)]
struct Credentials {
    name: String,
    password: String,
    #[serde(default)]
    avatar: Option<String>,
    /// The guest games the browser holds, claimed with the new account.
    #[serde(default)]
    seats: Vec<HeldSeat>,
}

fn account_json(account: &Account) -> serde_json::Value {
    json!({ "name": account.name })
}

/// The answer to a request that starts a session (sign-in, recovery, a new password): 200 with
/// the account and its cookie, or the refusal.
fn session_answer(app: &App, signed: Result<(Account, String), AccountError>) -> Response {
    match signed {
        Ok((account, token)) => with_cookie(
            app,
            ok_json(StatusCode::OK, json!({ "account": account_json(&account) })),
            &token,
        ),
        Err(error) => refusal(&error),
    }
}

async fn create(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let credentials: Credentials = match json_body(&body) {
        Ok(c) => c,
        Err(why) => return bad_request(why),
    };
    if credentials.seats.len() > MAX_CLAIMED {
        return bad_request(format!("at most {MAX_CLAIMED} seats are claimed at once"));
    }
    let avatar = credentials
        .avatar
        .filter(|a| martian_protocol::avatars::PERSON_AVATARS.contains(&a.as_str()))
        .unwrap_or_default();
    let created = match app
        .players
        .create(&credentials.name, &credentials.password, &avatar, false)
        .await
    {
        Ok(created) => created,
        Err(error) => return refusal(&error),
    };
    let claimed = match app
        .players
        .claim(&app.rooms, &created.account, credentials.seats)
        .await
    {
        Ok(n) => n,
        Err(error) => {
            tracing::warn!("claiming a new account's games: {error}");
            0
        }
    };
    let body = json!({
        "account": account_json(&created.account),
        "recovery_codes": created.recovery_codes,
        "claimed": claimed,
    });
    with_cookie(&app, ok_json(StatusCode::CREATED, body), &created.token)
}

async fn sign_in(
    State(app): State<Arc<App>>,
    axum::Extension(peer): axum::Extension<Peer>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let credentials: Credentials = match json_body(&body) {
        Ok(c) => c,
        Err(why) => return bad_request(why),
    };
    let addr = client_addr(&app, &peer, &headers);
    let signed = app
        .players
        .sign_in(addr, &credentials.name, &credentials.password)
        .await;
    session_answer(&app, signed)
}

#[derive(Deserialize)]
struct Recovery {
    name: String,
    code: String,
    password: String,
}

async fn recover(
    State(app): State<Arc<App>>,
    axum::Extension(peer): axum::Extension<Peer>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let recovery: Recovery = match json_body(&body) {
        Ok(r) => r,
        Err(why) => return bad_request(why),
    };
    let addr = client_addr(&app, &peer, &headers);
    let signed = app
        .players
        .recover(addr, &recovery.name, &recovery.code, &recovery.password)
        .await;
    session_answer(&app, signed)
}

async fn sign_out(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    if let Some(account) = app.players.account_of(token_of(&headers).as_deref()).await
        && let Err(error) = app.players.sign_out(&account).await
    {
        return refusal(&error);
    }
    without_cookie(&app, StatusCode::NO_CONTENT.into_response())
}

async fn sign_out_everywhere(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let account = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(error) => return refusal(&error),
    };
    match app.players.sign_out_everywhere(&account).await {
        Ok(_) => without_cookie(&app, StatusCode::NO_CONTENT.into_response()),
        Err(error) => refusal(&error),
    }
}

/// The signed-in account, whom it follows and blocks, and which of those it follows are online.
async fn me(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let account = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(error) => return refusal(&error),
    };
    let (follows, blocks, row) = match (
        app.players.accounts.follows(account.id).await,
        app.players.accounts.blocks(account.id).await,
        app.players.accounts.by_id(account.id).await,
    ) {
        (Ok(follows), Ok(blocks), Ok(row)) => (follows, blocks, row),
        (Err(error), _, _) | (_, Err(error), _) | (_, _, Err(error)) => {
            return refusal(&AccountError::from(error));
        }
    };
    let whereabouts = match app
        .players
        .whereabouts(&follows, |room| app.rooms.registry.get(room).is_some())
        .await
    {
        Ok(whereabouts) => whereabouts,
        Err(error) => return refusal(&error),
    };
    let mut friends: Vec<serde_json::Value> = Vec::with_capacity(follows.len());
    for (name, place) in follows.iter().zip(whereabouts) {
        // Where they are, unless they block the reader.
        let mut room = place.room;
        if room.is_some() && app.players.blocks_me(name, &account).await {
            room = None;
        }
        friends.push(json!({ "name": name, "online": place.online, "room": room }));
    }
    ok_json(
        StatusCode::OK,
        json!({
            "account": account_json(&account),
            "avatar": row.map(|row| row.avatar),
            "follows": follows,
            "blocks": blocks,
            "friends": friends,
        }),
    )
}

#[derive(Deserialize)]
struct PasswordChange {
    password: String,
    new_password: String,
}

async fn change_password(State(app): State<Arc<App>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(error) => return refusal(&error),
    };
    let change: PasswordChange = match json_body(&body) {
        Ok(c) => c,
        Err(why) => return bad_request(why),
    };
    let signed = app
        .players
        .change_password(&account, &change.password, &change.new_password)
        .await;
    session_answer(&app, signed)
}

#[derive(Deserialize)]
struct Confirmation {
    password: String,
}

async fn new_codes(State(app): State<Arc<App>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(error) => return refusal(&error),
    };
    let confirmation: Confirmation = match json_body(&body) {
        Ok(c) => c,
        Err(why) => return bad_request(why),
    };
    match app
        .players
        .new_recovery_codes(&account, &confirmation.password)
        .await
    {
        Ok(codes) => ok_json(StatusCode::OK, json!({ "recovery_codes": codes })),
        Err(error) => refusal(&error),
    }
}

async fn delete(State(app): State<Arc<App>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(error) => return refusal(&error),
    };
    let confirmation: Confirmation = match json_body(&body) {
        Ok(c) => c,
        Err(why) => return bad_request(why),
    };
    match app.players.delete(&account, &confirmation.password).await {
        Ok(()) => without_cookie(&app, StatusCode::NO_CONTENT.into_response()),
        Err(error) => refusal(&error),
    }
}

async fn data(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let account = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(error) => return refusal(&error),
    };
    let data = match app.players.data(&account).await {
        Ok(data) => data,
        Err(error) => return refusal(&error),
    };
    let body = json!({
        "name": data.account.name,
        "avatar": data.account.avatar,
        "created_ms": data.account.created_ms,
        "sessions": data.sessions.iter().map(|(created, expires)| json!({"created_ms": created, "expires_ms": expires})).collect::<Vec<_>>(),
        "recovery_codes_left": data.recovery_left,
        "seats": data.seats.iter().map(|s| json!({"room": s.room, "seat": s.seat, "claimed_ms": s.claimed_ms})).collect::<Vec<_>>(),
        "follows": data.follows,
        "blocks": data.blocks,
    });
    let mut response = ok_json(StatusCode::OK, body);
    response.headers_mut().insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"martian-dice-account.json\""),
    );
    response
}

#[derive(Deserialize)]
struct Claim {
    seats: Vec<HeldSeat>,
}

async fn claim(State(app): State<Arc<App>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(error) => return refusal(&error),
    };
    let claim: Claim = match json_body(&body) {
        Ok(c) => c,
        Err(why) => return bad_request(why),
    };
    if claim.seats.len() > MAX_CLAIMED {
        return bad_request(format!("at most {MAX_CLAIMED} seats are claimed at once"));
    }
    match app.players.claim(&app.rooms, &account, claim.seats).await {
        Ok(claimed) => ok_json(StatusCode::OK, json!({ "claimed": claimed })),
        Err(error) => refusal(&error),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AvatarChoice {
    avatar: String,
}

/// `PUT /api/accounts/me/avatar` `{avatar}`: the picture the profile shows and the page starts
/// with on every device.
async fn set_avatar(State(app): State<Arc<App>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(error) => return refusal(&error),
    };
    let choice: AvatarChoice = match json_body(&body) {
        Ok(c) => c,
        Err(why) => return bad_request(why),
    };
    if crate::state::avatars::Avatar::person(&choice.avatar).is_none() {
        return bad_request(format!("unknown avatar '{}'", choice.avatar));
    }
    match app
        .players
        .accounts
        .set_avatar(account.id, &choice.avatar)
        .await
    {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(error) => refusal(&AccountError::from(error)),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Invite {
    name: String,
    code: String,
}

/// `POST /api/accounts/me/invites` `{name, code}`: a notice to a friend online, with the code.
async fn invite(State(app): State<Arc<App>>, headers: HeaderMap, body: Bytes) -> Response {
    let account = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(error) => return refusal(&error),
    };
    let invite: Invite = match json_body(&body) {
        Ok(i) => i,
        Err(why) => return bad_request(why),
    };
    match app
        .players
        .invite(&app.rooms, &account, &invite.name, &invite.code)
        .await
    {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(error) => refusal(&error),
    }
}

/// `PUT` follows or blocks (`follows/NAME`, `blocks/NAME`); `DELETE` stops.
async fn relation(
    State(app): State<Arc<App>>,
    method: Method,
    headers: HeaderMap,
    Path((relation, name)): Path<(String, String)>,
) -> Response {
    let block = match relation.as_str() {
        "follows" => false,
        "blocks" => true,
        _ => return (StatusCode::NOT_FOUND, "not found\n").into_response(),
    };
    let account = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(error) => return refusal(&error),
    };
    let on = method == Method::PUT;
    let done = if block {
        app.players.block(&account, &name, on).await
    } else {
        app.players.follow(&account, &name, on).await
    };
    match done {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(error) => refusal(&error),
    }
}

async fn profile(State(app): State<Arc<App>>, Path(name): Path<String>) -> Response {
    match app.players.profile(&app.rooms, &name).await {
        Ok(profile) => ok_json(
            StatusCode::OK,
            serde_json::to_value(profile).expect("a profile serialises"),
        ),
        Err(error) => refusal(&error),
    }
}

/// Rows each list of the leaderboard shows at most.
const LEADERBOARD_ROWS: u32 = 100;
/// The leaderboard's players are those with a rated game in this many days.
const ACTIVE_DAYS: i64 = 30;
/// The best-accuracy list counts players with at least this many reviewed rated games.
const ACCURACY_GAMES: u32 = 10;

/// `GET /api/leaderboard`: the established players active in the last 30 days by displayed
/// rating, this week's climbers, the best mean accuracy of the exact review (active players
/// with 10 reviewed rated games or more), and the bots' fixed ratings for scale
/// (docs/ratings.md).
async fn leaderboard(State(app): State<Arc<App>>) -> Response {
    let ratings = app.players.accounts.ratings();
    let now = martian_store::now_ms();
    let day = 86_400_000;
    let players = ratings
        .leaderboard(now - ACTIVE_DAYS * day, LEADERBOARD_ROWS)
        .await;
    let climbers = app
        .players
        .climbers
        .climbers(&ratings, LEADERBOARD_ROWS)
        .await;
    let accurate = ratings
        .most_accurate(now - ACTIVE_DAYS * day, ACCURACY_GAMES, LEADERBOARD_ROWS)
        .await;
    let (players, climbers, accurate) = match (players, climbers, accurate) {
        (Ok(players), Ok(climbers), Ok(accurate)) => (players, climbers, accurate),
        (Err(error), _, _) | (_, Err(error), _) | (_, _, Err(error)) => {
            return refusal(&AccountError::Store(error));
        }
    };
    let accuracy: Vec<serde_json::Value> = accurate
        .iter()
        .enumerate()
        .map(|(i, row)| {
            json!({
                "rank": i + 1,
                "name": row.name,
                // One decimal, as the review shows it.
                "accuracy": (row.accuracy * 10.0).round() / 10.0,
                "games": row.games,
            })
        })
        .collect();
    let players: Vec<serde_json::Value> = players
        .iter()
        .enumerate()
        .map(|(i, row)| {
            json!({
                "rank": i + 1,
                "name": row.name,
                "rating": row.rating.rating.display(),
                "games": row.rating.games,
            })
        })
        .collect();
    let climbers: Vec<serde_json::Value> = climbers
        .iter()
        .map(|row| {
            json!({
                "name": row.name,
                "climb": row.climb(),
                "rating": row.after.display(),
            })
        })
        .collect();
    let anchors: Vec<serde_json::Value> = martian_ratings::Anchor::ALL
        .iter()
        .rev()
        .map(|anchor| json!({"bot": anchor.bot(), "rating": anchor.rating().display()}))
        .collect();
    ok_json(
        StatusCode::OK,
        json!({
            "active_days": ACTIVE_DAYS,
            "climb_days": crate::players::climbers::CLIMB_DAYS,
            "accuracy_games": ACCURACY_GAMES,
            "players": players,
            "climbers": climbers,
            "accuracy": accuracy,
            "bots": anchors,
        }),
    )
}

/// The origin (`scheme://host[:port]`) of a URL.
fn origin_of(url: &str) -> Option<&str> {
    let (scheme, rest) = url.split_once("://")?;
    let host_end = rest.find('/').unwrap_or(rest.len());
    Some(&url[..scheme.len() + 3 + host_end])
}

/// Refuses (403) a state-changing request whose `Origin` is another site's: another page must
/// not act in a player's name with their cookie. The server's own origin is `--public-url`'s,
/// or, without it, the request's `Host`. A request with no `Origin` (not from a browser's page)
/// passes: the cookie (SameSite=Lax) is not sent with another site's requests anyway.
pub async fn same_origin(
    State(app): State<Arc<App>>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    if matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) {
        return next.run(request).await;
    }
    let Some(origin) = request.headers().get(header::ORIGIN) else {
        return next.run(request).await;
    };
    if is_own_origin(&app, request.headers(), origin) {
        return next.run(request).await;
    }
    let body = json!({
        "error": "cross_origin",
        "message": "this request came from another site's page: it is refused",
    })
    .to_string();
    (
        StatusCode::FORBIDDEN,
        [(header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

/// Whether `origin` is the server's own (see [`same_origin`]).
pub fn is_own_origin(app: &App, headers: &HeaderMap, origin: &HeaderValue) -> bool {
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if let Some(public) = app.config.public_url.as_deref() {
        return origin_of(public).is_some_and(|own| own.eq_ignore_ascii_case(origin));
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((host, authority), (Some(host), Some(authority)) if host.eq_ignore_ascii_case(authority))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_origin_is_the_scheme_and_authority() {
        assert_eq!(
            origin_of("https://dice.example.org/"),
            Some("https://dice.example.org")
        );
        assert_eq!(
            origin_of("http://127.0.0.1:8080"),
            Some("http://127.0.0.1:8080")
        );
        assert_eq!(origin_of("dice.example.org"), None);
    }
}
