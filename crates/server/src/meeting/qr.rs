//! The invite link's QR code, drawn here as SVG (`GET /r/CODE/qr.svg`): the page shows it for
//! friends around one table to scan, with no script of its own and no outside service.

use std::sync::Arc;

use axum::Extension;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use qrcode::{EcLevel, QrCode};

use crate::edge::accept::Peer;
use crate::server::App;
use crate::state::ids::normalize_code;

/// The invite link of the room with `code`: `base` (no trailing slash) then `/r/CODE`.
pub fn invite_link(base: &str, code: &str) -> String {
    format!("{}/r/{code}", base.trim_end_matches('/'))
}

/// The QR code of `text` as an SVG image: one unit per module, a quiet zone of four modules,
/// error correction M (a phone reads it through a smudge).
pub fn svg(text: &str) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    Some(
        code.render::<qrcode::render::svg::Color<'_>>()
            .quiet_zone(true)
            .module_dimensions(1, 1)
            .build(),
    )
}

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
    match svg(&invite_link(&base, &code)) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invite_links_end_in_the_code() {
        assert_eq!(
            invite_link("https://dice.example.org/", "K7MPX"),
            "https://dice.example.org/r/K7MPX"
        );
        assert_eq!(
            invite_link("http://127.0.0.1:8080", "K7MPX"),
            "http://127.0.0.1:8080/r/K7MPX"
        );
    }
}
