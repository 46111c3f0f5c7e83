//! The invite's HTTP side: the QR image of a room's invite link (`GET /r/CODE/qr.svg`), with the
//! link's base taken from `--public-url` or the request.

use std::sync::Arc;

use axum::Extension;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::edge::App;
use crate::edge::accept::Peer;
use crate::state::ids::normalize_code;

/// Where the page was reached: `--public-url`, else the scheme (`https` when a trusted proxy
/// says so) and the request's `Host`.
fn base(app: &App, peer: &Peer, headers: &HeaderMap) -> Option<String> {
    if let Some(public) = &app.config.public_url {
        return Some(public.clone());
    }
    let host = headers.get(header::HOST)?.to_str().ok()?;
    let plain = !host.is_empty()
        && host.len() <= 255
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b));
    if !plain {
        return None;
    }
    let from_proxy = crate::edge::proxies::trusts(&app.config.trusted_proxies, peer.addr);
    let https = from_proxy
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"));
    Some(format!("{}://{host}", if https { "https" } else { "http" }))
}

/// `GET /r/CODE/qr.svg`.
pub async fn qr(
    State(app): State<Arc<App>>,
    Extension(peer): Extension<Peer>,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Response {
    let Some(code) = normalize_code(&code) else {
        return (StatusCode::NOT_FOUND, "not a room code\n").into_response();
    };
    let Some(base) = base(&app, &peer, &headers) else {
        return (StatusCode::BAD_REQUEST, "no usable Host header\n").into_response();
    };
    match crate::meeting::qr::svg(&crate::meeting::qr::invite_link(&base, &code)) {
        Some(image) => (
            [
                (header::CONTENT_TYPE, "image/svg+xml"),
                (header::CACHE_CONTROL, "private, max-age=3600"),
            ],
            image,
        )
            .into_response(),
        None => (StatusCode::INTERNAL_SERVER_ERROR, "the link is too long\n").into_response(),
    }
}
