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
    /// How the search found it.
    pub origin: Origin,
}

/// How a shipped card was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The search of its number of lines (`card search --lines N`).
    Lines,
    /// The search within a budget of conditions, each line within a number of words
    /// (`card search --conditions N --words W`), its default play then written as lines.
    Budget {
        name: &'static str,
        conditions: usize,
        words: usize,
    },
    /// The search of `lines` lines, its default play then written as lines.
    Expert { lines: usize },
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
        origin: Origin::Lines,
    },
    Shipped {
        lines: 3,
        bot: "card-3",
        path: "cards/3-lines.txt",
        path_pt_br: "cards/pt-BR/3-lines.txt",
        text: include_str!("../../../cards/3-lines.txt"),
        text_pt_br: include_str!("../../../cards/pt-BR/3-lines.txt"),
        origin: Origin::Lines,
    },
    Shipped {
        lines: 5,
        bot: "card-5",
        path: "cards/5-lines.txt",
        path_pt_br: "cards/pt-BR/5-lines.txt",
        text: include_str!("../../../cards/5-lines.txt"),
        text_pt_br: include_str!("../../../cards/pt-BR/5-lines.txt"),
        origin: Origin::Lines,
    },
];

/// The cards by what a person can carry (docs/strategy.md): the pocket card (at most 3
/// conditions), the club card (at most 8), the expert card, and the search's 7-line card. They
/// play as bots by their names, but the page and the coach show the cards of [`SHIPPED`].
pub const CARRIED: [Shipped; 4] = [
    Shipped {
        lines: 5,
        bot: "card-pocket",
        path: "cards/pocket.txt",
        path_pt_br: "cards/pt-BR/pocket.txt",
        text: include_str!("../../../cards/pocket.txt"),
        text_pt_br: include_str!("../../../cards/pt-BR/pocket.txt"),
        origin: Origin::Budget {
            name: "pocket",
            conditions: 3,
            words: 20,
        },
    },
    Shipped {
        lines: CLUB_LINES,
        bot: "card-club",
        path: "cards/club.txt",
        path_pt_br: "cards/pt-BR/club.txt",
        text: include_str!("../../../cards/club.txt"),
        text_pt_br: include_str!("../../../cards/pt-BR/club.txt"),
        origin: Origin::Budget {
            name: "club",
            conditions: 8,
            words: 20,
        },
    },
    Shipped {
        lines: 7,
        bot: "card-7-lines",
        path: "cards/7-lines.txt",
        path_pt_br: "cards/pt-BR/7-lines.txt",
        text: include_str!("../../../cards/7-lines.txt"),
        text_pt_br: include_str!("../../../cards/pt-BR/7-lines.txt"),
        origin: Origin::Lines,
    },
    Shipped {
        lines: 10,
        bot: "card-expert",
        path: "cards/expert.txt",
        path_pt_br: "cards/pt-BR/expert.txt",
        text: include_str!("../../../cards/expert.txt"),
        text_pt_br: include_str!("../../../cards/pt-BR/expert.txt"),
        origin: Origin::Expert { lines: 7 },
    },
];

/// A card the search by a budget of conditions found (`card search --conditions N`), beside
/// the shipped cards on the frontier of docs/strategy.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frontier {
    /// The budget searched.
    pub conditions: usize,
    pub text: &'static str,
}

/// The cards the search by a budget of conditions found, smallest budget first (the budget of 3
/// found the 1-line card, `card-1`).
pub const FRONTIER: [Frontier; 7] = [
    Frontier {
        conditions: 1,
        text: "1. Take the death rays when the tanks lead.\n",
    },
    Frontier {
        conditions: 2,
        text: "1. Take the death rays when the tanks lead and taking the death rays leaves 7 dice or fewer.\n",
    },
    Frontier {
        conditions: 4,
        text: "1. Take the death rays when the tanks lead and the roll has 6 death rays or fewer and taking the death rays leaves 7 dice or fewer.\n2. Stop when you have 8 points or more.\n",
    },
    Frontier {
        conditions: 6,
        text: "1. Take the death rays when the tanks lead and the roll has 6 death rays or fewer and taking the death rays leaves 7 dice or fewer.\n2. Stop when you have 6 points or more and 4 dice or fewer are left unless the death rays lead.\n",
    },
    Frontier {
        conditions: 8,
        text: "1. Take the death rays when the tanks lead by 2 or more and the roll has 6 death rays or fewer and taking the death rays leaves 7 dice or fewer.\n2. Take the death rays when the tanks lead and the roll has 5 death rays or fewer and the biggest earthling group has 3 dice or fewer.\n3. Stop when you have 3 earthling kinds or more unless the tanks lead.\n",
    },
    Frontier {
        conditions: 12,
        text: "1. Take the death rays when the tanks lead and 7 dice or fewer are left.\n2. Take the death rays when the tanks lead and the roll has as many death rays as the biggest earthling group or more and the roll has 5 death rays or fewer.\n3. Take the death rays when the tanks lead by 2 or more and the roll has 6 death rays or fewer and taking the death rays leaves 6 dice or fewer.\n4. Stop when you have 9 points or more.\n5. Stop when you have 4 points or more and 2 dice or fewer are left unless the death rays lead.\n",
    },
    Frontier {
        conditions: 16,
        text: "1. Take the death rays when the tanks lead by 2 or more and the roll has 4 death rays or more and the roll has 6 death rays or fewer.\n2. Take the death rays when the tanks lead by 2 or more and 9 dice or fewer are left.\n3. Take the biggest earthling group when it has 4 dice or more and 9 dice or more are left.\n4. Take the death rays when the tanks lead and the roll has 5 death rays or fewer.\n5. Take the smallest earthling group when the tanks lead and 8 dice or fewer are left.\n6. Stop when you have 3 earthling kinds or more unless the tanks lead.\n7. Stop when stopping reaches the target and stopping puts you ahead unless you play first.\n",
    },
];

/// The budgets of conditions of the frontier (docs/strategy.md).
pub const BUDGETS: [usize; 9] = [1, 2, 3, 4, 6, 8, 12, 16, 24];

/// The best card known of at most `conditions` conditions: among the shipped cards and the
/// budget searches' cards, the one with the best chance against perfect play (`value` gives it).
pub fn best_within<E>(
    conditions: usize,
    mut value: impl FnMut(&Card) -> Result<f64, E>,
) -> Result<Option<(Card, f64)>, E> {
    let cards = all()
        .map(Shipped::card)
        .chain(
            FRONTIER
                .iter()
                .map(|f| f.text.parse().expect("the frontier's cards read")),
        )
        .filter(|card: &Card| card.conditions() <= conditions);
    let mut best: Option<(Card, f64)> = None;
    for card in cards {
        let v = value(&card)?;
        if best.as_ref().is_none_or(|(_, b)| v > *b) {
            best = Some((card, v));
        }
    }
    Ok(best)
}

/// The club card's lines, its default play's among them.
const CLUB_LINES: usize = 7;

/// Every shipped card: [`SHIPPED`], then [`CARRIED`].
pub fn all() -> impl Iterator<Item = &'static Shipped> {
    SHIPPED.iter().chain(CARRIED.iter())
}

/// The shipped card whose bot name is `name` (`card-1`, `card-pocket`, …), if one is.
pub fn by_name(name: &str) -> Option<&'static Shipped> {
    all().find(|shipped| shipped.bot == name.trim())
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

/// The file of a shipped card found as `origin` says, in `lang`: comments giving its exact
/// values under the official rules, then its lines.
pub fn file_text(origin: Origin, card: &Card, value: &CardValue, lang: Lang) -> String {
    let m = lang.messages();
    let mut text = String::new();
    let size = card.len();
    let mut comment = |line: String| {
        let _ = writeln!(text, "# {line}");
    };
    comment(match origin {
        Origin::Lines => tr!(m, "card-file-title", lines = size),
        Origin::Budget {
            name,
            conditions,
            words,
        } => tr!(
            m,
            "card-file-title-budget",
            name = name,
            conditions = conditions,
            words = words
        ),
        Origin::Expert { lines } => tr!(m, "card-file-title-expert", lines = lines),
    });
    comment(tr!(
        m,
        "card-file-conditions",
        conditions = card.conditions()
    ));
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
        "| card | conditions | against optimal | first seat | second seat | against greedy |\n\
         |---|---|---|---|---|---|\n",
    );
    for (shipped, value) in all().zip(values) {
        let label = match shipped.origin {
            Origin::Lines => tr!(m, "card-file-size", lines = shipped.lines),
            Origin::Budget { name, .. } => format!("{name} (`{}`)", shipped.bot),
            Origin::Expert { .. } => format!("expert (`{}`)", shipped.bot),
        };
        let _ = writeln!(
            out,
            "| [{}](../{}) | {} | {} | {} | {} | {} |",
            label,
            shipped.path,
            shipped.card().conditions(),
            percent(m, value.optimal.win_rate),
            percent(m, value.optimal.seats[0]),
            percent(m, value.optimal.seats[1]),
            percent(m, value.greedy.win_rate),
        );
    }
    let _ = writeln!(
        out,
        "| greedy (the expected-score player) | | {} | | | 50.00% |",
        percent(m, greedy)
    );
    for (shipped, value) in all().zip(values) {
        let card = shipped.card();
        for (lang, path) in [(Lang::En, shipped.path), (Lang::PtBr, shipped.path_pt_br)] {
            let _ = write!(
                out,
                "\n`{path}`:\n\n```text\n{}```\n",
                file_text(shipped.origin, &card, value, lang)
            );
        }
    }
    out
}

/// The section of `martian-dice rules` on the shipped cards, in `lang`: their files.
pub fn rules_section(lang: Lang) -> String {
    let mut out = String::new();
    for shipped in all() {
        out.push('\n');
        out.push_str(shipped.text_in(lang));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The budget searches' cards read, each within the budget it was searched for, one of the
    /// frontier's budgets.
    #[test]
    fn every_frontier_card_reads_and_fits_its_budget() {
        for frontier in FRONTIER {
            let card: Card = frontier.text.parse().expect("the frontier's cards read");
            assert!(card.conditions() <= frontier.conditions, "{frontier:?}");
            assert!(BUDGETS.contains(&frontier.conditions), "{frontier:?}");
        }
    }
}
