//! The page, built into the binary.

pub const INDEX_HTML: &str = include_str!("../assets/index.html");
pub const APP_JS: &str = include_str!("../assets/app.js");
/// The page's language choice and `t(id, args)` over the served .ftl files.
pub const I18N_JS: &str = include_str!("../assets/i18n.js");
/// A small Fluent formatter, so that the page reads the same messages as the program.
pub const FLUENT_JS: &str = include_str!("../assets/fluent.js");
pub const STYLE_CSS: &str = include_str!("../assets/style.css");
pub const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");
