//! Every player-facing text of the terminal game and the replay viewer, in the reader's language:
//! each function words one text through the Fluent messages of `martian-i18n` (section
//! `## Terminal game`, ids `tui-*`, of `crates/i18n/locales/*.ftl`), from the shared vocabulary of
//! [`martian_i18n::vocab`]. The keys are messages too ([`Keys`]): a language shows its own letters
//! while the English ones keep working.

mod coach;
mod keys;
mod notices;
mod review;
mod setup;
mod table;

pub use coach::*;
pub use keys::*;
pub use notices::*;
pub use review::*;
pub use setup::*;
pub use table::*;

/// A panel title, padded off the border.
fn panel(text: String) -> String {
    format!(" {text} ")
}
