//! The plain HTTP side: the page's assets, game records and their reviews, health, and the
//! security headers every response carries.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use martian_i18n::Lang;

use crate::assets;
use crate::edge::App;
use crate::edge::accept::{Admission, Peer};
use crate::state::ids::is_room_id;

/// Where the Prometheus metrics (`GET /metrics`) are served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetricsAt {
    /// On the game's address, beside the page: for a server that listens on a loopback address
    /// (behind a proxy on the same machine, which keeps `/metrics` to the machine).
    GamePort,
    /// On an address of their own (a private network's, say), and not on the game's.
    Separate(std::net::SocketAddr),
    /// Nowhere.
    Off,
}

/// The routes of the server, with its state.
pub fn router(app: Arc<App>) -> Router {
    let router = Router::new()
        .route(
            "/",
            get(|| async { asset(assets::INDEX_HTML, "text/html; charset=utf-8") }),
        )
        // The invite link: the page, which joins or watches the room by its code.
        .route(
            "/r/{code}",
            get(|| async { asset(assets::INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route("/r/{code}/qr.svg", get(crate::edge::invite::qr))
        // The daily challenge: the page, which plays it and shows its board.
        .route(
            "/challenge",
            get(|| async { asset(assets::INDEX_HTML, "text/html; charset=utf-8") }),
        )
        // The ratings' leaderboard: the page, which shows it.
        .route(
            "/leaderboard",
            get(|| async { asset(assets::INDEX_HTML, "text/html; charset=utf-8") }),
        )
        // A player's profile: the page, which shows it.
        .route(
            "/p/{name}",
            get(|| async { asset(assets::INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { asset(assets::APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/i18n.js",
            get(|| async { asset(assets::I18N_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/fluent.js",
            get(|| async { asset(assets::FLUENT_JS, "text/javascript; charset=utf-8") }),
        )
        .route("/js/{file}", get(module))
        .route(
            "/style.css",
            get(|| async { asset(assets::STYLE_CSS, "text/css; charset=utf-8") }),
        )
        .route(
            "/favicon.svg",
            get(|| async { asset(assets::FAVICON_SVG, "image/svg+xml") }),
        )
        .route("/ws", get(crate::edge::ws::upgrade))
        .route(
            "/i18n/en.ftl",
            get(|| async { asset(Lang::En.ftl_source(), "text/plain; charset=utf-8") }),
        )
        .route(
            "/i18n/pt-BR.ftl",
            get(|| async { asset(Lang::PtBr.ftl_source(), "text/plain; charset=utf-8") }),
        )
        .route("/api/rooms/{room}/games", get(crate::edge::finished::games))
        .route("/api/rooms/{room}/games/{number}/record", get(record))
        .route(
            "/api/rooms/{room}/games/{number}/review",
            get(crate::solving::reviews::review)
                .post(crate::solving::reviews::review_own_card)
                .layer(axum::extract::DefaultBodyLimit::max(
                    crate::solving::reviews::MAX_CARD_BYTES,
                )),
        )
        .route("/api/cards", get(crate::solving::cards::cards))
        .route("/api/challenge/{date}", get(crate::edge::challenge::day))
        .route(
            "/api/challenge/{date}/leaderboard",
            get(crate::edge::challenge::leaderboard),
        )
        .route(
            "/api/challenge/{date}/attempts/{id}",
            get(crate::edge::challenge::attempt),
        )
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(ready));
    let router = if app.config.metrics == MetricsAt::GamePort {
        router.route("/metrics", get(metrics))
    } else {
        router
    };
    router
        .merge(crate::edge::accounts::routes())
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found\n") })
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            crate::edge::accounts::same_origin,
        ))
        .layer(axum::middleware::from_fn(refuse_when_full))
        .layer(axum::middleware::map_response(secure))
        .with_state(app)
}

/// A request on a connection past a cap is answered 503 with the reason, unless it is a
/// WebSocket handshake (a game client is told in the protocol instead, `ws`) or the machine's
/// own monitoring (`/healthz`, `/readyz`, `/metrics` from a loopback address).
async fn refuse_when_full(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let peer = request.extensions().get::<Peer>().copied();
    let admission = peer.map_or(Admission::Served, |peer| peer.admission);
    let path = request.uri().path();
    let monitoring = peer.is_some_and(|peer| peer.addr.is_loopback())
        && crate::edge::accept::MONITORING_PATHS.contains(&path);
    let why = match admission {
        Admission::Served => return next.run(request).await,
        _ if path == "/ws" || monitoring => return next.run(request).await,
        Admission::Refused => "the server is full: try again in a while\n",
        Admission::AddressFull => {
            "your address has as many connections open as the server allows one address: close some, or try again in a while\n"
        }
    };
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, "30"), (header::CONNECTION, "close")],
        why,
    )
        .into_response()
}

/// The routes of the metrics' own address (`MetricsAt::Separate`): `/metrics` alone.
pub fn metrics_router(app: Arc<App>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found\n") })
        .layer(axum::middleware::map_response(secure))
        .with_state(app)
}

/// One of the page's modules (`/js/NAME`).
async fn module(Path(file): Path<String>) -> Response {
    match assets::module(&file) {
        Some(body) => asset(body, "text/javascript; charset=utf-8"),
        None => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}

/// The headers of every response, whatever it is (a page, a record, an error, a 404): no
/// framing, no sniffing, no referrer, scripts and styles from this server only.
async fn secure(mut response: Response) -> Response {
    const HEADERS: [(header::HeaderName, &str); 6] = [
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; \
             style-src-attr 'unsafe-inline'; script-src 'self'; object-src 'none'; \
             base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        ),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
        (
            header::HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
        (
            header::HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), payment=()",
        ),
    ];
    let headers = response.headers_mut();
    for (name, value) in HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

fn asset(body: &'static str, content_type: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn record(
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
    match app.rooms.store.record(&room, number).await {
        Ok(Some(record)) => (
            [
                (header::CONTENT_TYPE, "application/json".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!(
                        "attachment; filename=\"martian-dice-{}-game-{number}.json\"",
                        &room[..8]
                    ),
                ),
            ],
            record,
        )
            .into_response(),
        Ok(None) => not_found(),
        Err(error) => {
            tracing::error!(room = %room, game = number, "reading a record: {error}");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                format!("{}\n", error.to_client()),
            )
                .into_response()
        }
    }
}

/// `GET /readyz`: 200 when the server takes new players — not stopping, and its storage takes a
/// real write now; 503 with the reason otherwise.
async fn ready(State(app): State<Arc<App>>) -> Response {
    if *app.stop.borrow() {
        return (StatusCode::SERVICE_UNAVAILABLE, "stopping\n").into_response();
    }
    match app.rooms.store.probe().await {
        Ok(()) => "ready\n".into_response(),
        Err(error) => {
            tracing::warn!("not ready: {error}");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                format!("storage: {}\n", error.to_client()),
            )
                .into_response()
        }
    }
}

/// `GET /metrics`: the Prometheus metrics, in the classic text format unless the scraper's
/// `Accept` prefers OpenMetrics.
async fn metrics(State(app): State<Arc<App>>, headers: axum::http::HeaderMap) -> Response {
    let accept = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .collect::<Vec<_>>()
        .join(",");
    let format = crate::state::metrics::Format::from_accept(Some(accept.as_str()));
    let text = app
        .metrics
        .encode_as(format, app.connections.open(), app.solutions.pending());
    (
        [
            (header::CONTENT_TYPE, format.content_type()),
            (header::VARY, "accept"),
        ],
        text,
    )
        .into_response()
}
