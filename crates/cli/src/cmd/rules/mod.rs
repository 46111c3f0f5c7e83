//! `martian-dice rules`: the complete rules, for players, in their language.

use clap::Args;
use martian_i18n::{Lang, tr};

#[derive(Debug, Args)]
pub struct RulesArgs {}

/// The rules text in `lang`: the sections in reading order, each a title and its body.
pub fn rules_text(lang: Lang) -> String {
    let m = lang.messages();
    let sections = [
        (None, tr!(m, "rules-intro")),
        (
            Some(tr!(m, "rules-components-title")),
            tr!(m, "rules-components"),
        ),
        (Some(tr!(m, "rules-turn-title")), tr!(m, "rules-turn")),
        (Some(tr!(m, "rules-scoring-title")), tr!(m, "rules-scoring")),
        (Some(tr!(m, "rules-end-title")), tr!(m, "rules-end")),
        (Some(tr!(m, "rules-tie-title")), tr!(m, "rules-tie")),
        (Some(tr!(m, "rules-example-title")), tr!(m, "rules-example")),
        (
            Some(tr!(m, "rules-variants-title")),
            tr!(m, "rules-variants"),
        ),
        (
            Some(tr!(m, "rules-cards-title")),
            tr!(m, "rules-cards") + &martian_cards::shipped::rules_section(lang),
        ),
    ];
    let mut text = format!("{}\n", tr!(m, "rules-title"));
    for (title, body) in sections {
        text.push('\n');
        if let Some(title) = title {
            text.push_str(&title);
            text.push('\n');
        }
        text.push_str(&body);
        text.push('\n');
    }
    text
}

pub fn run(_args: RulesArgs, lang: Lang) -> anyhow::Result<()> {
    crate::output::emit(&rules_text(lang))
}
