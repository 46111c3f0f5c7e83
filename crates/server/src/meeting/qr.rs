//! The invite link's QR code, drawn here as SVG (served at `GET /r/CODE/qr.svg`, see
//! `edge::invite`): the page shows it for friends around one table to scan, with no script of its
//! own and no outside service.

use qrcode::{EcLevel, QrCode};

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
