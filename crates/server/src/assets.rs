//! The page, built into the binary.

pub const INDEX_HTML: &str = include_str!("../assets/index.html");
pub const APP_JS: &str = include_str!("../assets/app.js");
/// The page's language choice and `t(id, args)` over the served .ftl files.
pub const I18N_JS: &str = include_str!("../assets/i18n.js");
/// A small Fluent formatter, so that the page reads the same messages as the program.
pub const FLUENT_JS: &str = include_str!("../assets/fluent.js");
pub const STYLE_CSS: &str = include_str!("../assets/style.css");
pub const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");

/// The page's modules, served at `/js/NAME` (each file one job; see app.js).
const MODULES: &[(&str, &str)] = &[
    ("account.js", include_str!("../assets/js/account.js")),
    ("avatars.js", include_str!("../assets/js/avatars.js")),
    ("cards.js", include_str!("../assets/js/cards.js")),
    ("challenge.js", include_str!("../assets/js/challenge.js")),
    ("chat.js", include_str!("../assets/js/chat.js")),
    ("coach.js", include_str!("../assets/js/coach.js")),
    ("colours.js", include_str!("../assets/js/colours.js")),
    ("cues.js", include_str!("../assets/js/cues.js")),
    ("dice.js", include_str!("../assets/js/dice.js")),
    ("dom.js", include_str!("../assets/js/dom.js")),
    ("end.js", include_str!("../assets/js/end.js")),
    ("finished.js", include_str!("../assets/js/finished.js")),
    ("game.js", include_str!("../assets/js/game.js")),
    ("home.js", include_str!("../assets/js/home.js")),
    ("howto.js", include_str!("../assets/js/howto.js")),
    ("keys.js", include_str!("../assets/js/keys.js")),
    ("leave.js", include_str!("../assets/js/leave.js")),
    ("lobby.js", include_str!("../assets/js/lobby.js")),
    ("myrooms.js", include_str!("../assets/js/myrooms.js")),
    ("net.js", include_str!("../assets/js/net.js")),
    ("notices.js", include_str!("../assets/js/notices.js")),
    ("public.js", include_str!("../assets/js/public.js")),
    ("ratings.js", include_str!("../assets/js/ratings.js")),
    ("replay.js", include_str!("../assets/js/replay.js")),
    ("review.js", include_str!("../assets/js/review.js")),
    ("reviewpage.js", include_str!("../assets/js/reviewpage.js")),
    ("seats.js", include_str!("../assets/js/seats.js")),
    ("state.js", include_str!("../assets/js/state.js")),
    ("timer.js", include_str!("../assets/js/timer.js")),
    ("turns.js", include_str!("../assets/js/turns.js")),
];

/// The module named `name`, if the page has one.
pub fn module(name: &str) -> Option<&'static str> {
    MODULES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, body)| *body)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_module_in_the_folder_is_served() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/js");
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let served: Vec<&str> = super::MODULES.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, served);
    }
}
