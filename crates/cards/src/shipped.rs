//! The cards shipped with the program — the best cards of 1, 3 and 5 lines the search finds —
//! as files in English and Portuguese, and the words around them, made from their exact values
//! (the test `tests/shipped.rs` checks the files and `docs/strategy.md` against them).

use std::fmt::Write;

use martian_i18n::{Lang, Messages, decimal, tr};

use crate::card::Card;
use crate::lang::CardLang;
use crate::value::CardValue;

/// A shipped card: its size, its bot name and its file in each language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shipped {
    /// How many lines it has.
    pub lines: usize,
    /// The name it plays under among the bots: `card-1`, `card-3`, `card-5`.
    pub bot: &'static str,
    /// Its file, from the repository's root.
    pub path: &'static str,
    pub path_pt_br: &'static str,
    pub text: &'static str,
    pub text_pt_br: &'static str,
}

/// The shipped cards, smallest first.
pub const SHIPPED: [Shipped; 3] = [
    Shipped {
        lines: 1,
        bot: "card-1",
        path: "cards/1-line.txt",
        path_pt_br: "cards/pt-BR/1-line.txt",
        text: include_str!("../../../cards/1-line.txt"),
        text_pt_br: include_str!("../../../cards/pt-BR/1-line.txt"),
    },
    Shipped {
        lines: 3,
        bot: "card-3",
        path: "cards/3-lines.txt",
        path_pt_br: "cards/pt-BR/3-lines.txt",
        text: include_str!("../../../cards/3-lines.txt"),
        text_pt_br: include_str!("../../../cards/pt-BR/3-lines.txt"),
    },
    Shipped {
        lines: 5,
        bot: "card-5",
        path: "cards/5-lines.txt",
        path_pt_br: "cards/pt-BR/5-lines.txt",
        text: include_str!("../../../cards/5-lines.txt"),
        text_pt_br: include_str!("../../../cards/pt-BR/5-lines.txt"),
    },
];

/// The shipped card whose bot name is `name` (`card-1`, …), if one is.
pub fn by_name(name: &str) -> Option<&'static Shipped> {
    SHIPPED.iter().find(|shipped| shipped.bot == name.trim())
}

impl Shipped {
    /// The card (its English file; the Portuguese one reads as the same card).
    ///
    /// # Panics
    /// Never for the shipped files: the tests read them.
    pub fn card(&self) -> Card {
        self.text.parse().expect("the shipped cards read")
    }

    /// Its file in `lang`.
    pub fn text_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.text,
            Lang::PtBr => self.text_pt_br,
        }
    }
}

/// The card language of a reader's language.
pub fn card_lang(lang: Lang) -> CardLang {
    match lang {
        Lang::En => CardLang::En,
        Lang::PtBr => CardLang::PtBr,
    }
}

/// A chance as the files print it: "47.61%".
fn percent(m: &Messages, p: f64) -> String {
    format!("{}%", decimal(m, 100.0 * p, 2))
}

/// The file of a shipped card of `size` lines in `lang`: comments giving its exact values under
/// the official rules, then its lines.
pub fn file_text(card: &Card, value: &CardValue, lang: Lang) -> String {
    let m = lang.messages();
    let mut text = String::new();
    let size = card.len();
    let mut comment = |line: String| {
        let _ = writeln!(text, "# {line}");
    };
    comment(tr!(m, "card-file-title", lines = size));
    comment(tr!(
        m,
        "card-file-chance",
        chance = percent(m, value.optimal.win_rate),
        first = percent(m, value.optimal.seats[0]),
        second = percent(m, value.optimal.seats[1])
    ));
    comment(tr!(
        m,
        "card-file-greedy",
        chance = percent(m, value.greedy.win_rate)
    ));
    comment(tr!(m, "card-file-reading"));
    let worth: Vec<String> = value
        .line_worth
        .iter()
        .enumerate()
        .map(|(i, worth)| {
            tr!(
                m,
                "card-file-worth-line",
                line = i + 1,
                without = percent(m, value.optimal.win_rate - worth)
            )
        })
        .collect();
    comment(tr!(m, "card-file-worth", lines = worth.join(", ")));
    text.push_str(&card.to_text(card_lang(lang)));
    text
}

/// The part of `docs/strategy.md` made from the shipped cards: a table of their chances, then
/// each card's files in English and Portuguese. `values` are the cards' values, in the order of
/// [`SHIPPED`]; `greedy` is greedy's chance against perfect play.
pub fn markdown(values: &[CardValue], greedy: f64) -> String {
    let m = Lang::En.messages();
    let mut out = String::from(
        "| card | against optimal | first seat | second seat | against greedy |\n\
         |---|---|---|---|---|\n",
    );
    for (shipped, value) in SHIPPED.iter().zip(values) {
        let _ = writeln!(
            out,
            "| [{}](../{}) | {} | {} | {} | {} |",
            tr!(m, "card-file-size", lines = shipped.lines),
            shipped.path,
            percent(m, value.optimal.win_rate),
            percent(m, value.optimal.seats[0]),
            percent(m, value.optimal.seats[1]),
            percent(m, value.greedy.win_rate),
        );
    }
    let _ = writeln!(
        out,
        "| greedy (the expected-score player) | {} | | | 50.00% |",
        percent(m, greedy)
    );
    for (shipped, value) in SHIPPED.iter().zip(values) {
        let card = shipped.card();
        for (lang, path) in [(Lang::En, shipped.path), (Lang::PtBr, shipped.path_pt_br)] {
            let _ = write!(
                out,
                "\n`{path}`:\n\n```text\n{}```\n",
                file_text(&card, value, lang)
            );
        }
    }
    out
}

/// The section of `martian-dice rules` on the shipped cards, in `lang`: their files.
pub fn rules_section(lang: Lang) -> String {
    let mut out = String::new();
    for shipped in SHIPPED {
        out.push('\n');
        out.push_str(shipped.text_in(lang));
    }
    out
}
