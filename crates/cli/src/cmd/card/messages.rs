//! Everything `martian-dice card` prints for people, in the reader's language (ids `card-*`).

use std::fmt::Write;

use martian_cards::{
    Card, CardLang, CardValue, Expected, Found, FoundInstead, ParseError, ParseErrorKind,
};
use martian_engine::Rules;
use martian_i18n::{Lang, Messages, decimal, tr, vocab};

use crate::cmd::solve::messages::percent;

/// The card language of the reader's language.
pub fn card_lang(lang: Lang) -> CardLang {
    match lang {
        Lang::En => CardLang::En,
        Lang::PtBr => CardLang::PtBr,
    }
}

/// A card that does not read: the file, the line, the column and what was wrong.
pub fn parse_error(m: &Messages, file: &str, error: &ParseError) -> String {
    let problem = match &error.kind {
        ParseErrorKind::Expected { expected, found } => {
            let items: Vec<String> = expected.iter().map(|e| expected_item(m, e)).collect();
            let or = tr!(m, "card-error-or");
            tr!(
                m,
                "card-error-expected",
                expected = martian_cards::join_or(&items, &or),
                found = found_item(m, found)
            )
        }
        ParseErrorKind::Character(c) => tr!(m, "card-error-character", char = c.to_string()),
        ParseErrorKind::Numbering { found, expected } => tr!(
            m,
            "card-error-numbering",
            found = *found,
            expected = *expected
        ),
        ParseErrorKind::Number { found, min, max } => tr!(
            m,
            "card-error-number",
            found = *found,
            min = *min,
            max = *max
        ),
        ParseErrorKind::RollAfterTake => tr!(m, "card-error-roll-after-take"),
    };
    tr!(
        m,
        "card-error",
        file = file,
        line = error.line,
        column = error.column,
        problem = problem
    )
}

fn expected_item(m: &Messages, expected: &Expected) -> String {
    match expected {
        Expected::Word(word) => format!("'{word}'"),
        Expected::Number => tr!(m, "card-error-item", item = "number"),
        Expected::Comma => "','".into(),
        Expected::Period => "'.'".into(),
        Expected::EndOfLine => tr!(m, "card-error-item", item = "end-of-line"),
    }
}

fn found_item(m: &Messages, found: &FoundInstead) -> String {
    match found {
        FoundInstead::Word(word) => format!("'{word}'"),
        FoundInstead::Number(n) => format!("'{n}'"),
        FoundInstead::Comma => "','".into(),
        FoundInstead::Period => "'.'".into(),
        FoundInstead::EndOfLine => tr!(m, "card-error-item", item = "end-of-line"),
    }
}

/// An exact chance: two decimals of a percent.
fn chance(m: &Messages, p: f64) -> String {
    percent(m, p)
}

fn card_lines(card: &Card, lang: CardLang) -> String {
    let mut out = String::new();
    for i in 0..card.len() {
        let _ = writeln!(out, "  {}. {}", i + 1, card.line_text(i, lang));
    }
    out
}

/// A change with its sign: "−2.31", "+0.05".
fn signed(m: &Messages, x: f64) -> String {
    let magnitude = decimal(m, x.abs(), 2);
    if x < 0.0 {
        format!("−{magnitude}")
    } else {
        format!("+{magnitude}")
    }
}

/// `card FILE`: the card, its chances, what each line is worth.
pub fn value(
    m: &Messages,
    file: &str,
    card: &Card,
    lang: CardLang,
    rules: Rules,
    value: &CardValue,
) -> String {
    let mut out = tr!(m, "card-value-header", file = file, lines = card.len()) + "\n";
    out.push_str(&card_lines(card, lang));
    let _ = writeln!(out, "{}", tr!(m, "card-default"));
    let _ = writeln!(
        out,
        "{}",
        tr!(m, "card-value-rules", rules = vocab::ruleset(m, rules))
    );
    for (opponent, chance_of) in [("optimal", value.optimal), ("greedy", value.greedy)] {
        let _ = writeln!(
            out,
            "{}",
            tr!(
                m,
                "card-value-chance",
                opponent = opponent,
                chance = chance(m, chance_of.win_rate),
                first = chance(m, chance_of.seats[0]),
                second = chance(m, chance_of.seats[1])
            )
        );
    }
    if !value.line_worth.is_empty() {
        let _ = writeln!(out, "{}", tr!(m, "card-value-worth-title"));
        for (i, worth) in value.line_worth.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {}",
                tr!(
                    m,
                    "card-value-worth",
                    line = i + 1,
                    without = chance(m, value.optimal.win_rate - worth),
                    change = signed(m, -100.0 * worth)
                )
            );
        }
    }
    out
}

/// `card search`: the best card found and what it took.
pub fn search(m: &Messages, found: &Found, lang: CardLang, rules: Rules, seconds: f64) -> String {
    let mut out = tr!(
        m,
        "card-search-header",
        lines = found.card.len(),
        conditions = found.card.conditions(),
        rules = vocab::ruleset(m, rules),
        chance = chance(m, found.win_rate)
    ) + "\n";
    out.push_str(&card_lines(&found.card, lang));
    let _ = writeln!(
        out,
        "{}",
        tr!(
            m,
            "card-search-speed",
            cards = found.evaluations,
            seconds = decimal(m, seconds, 1)
        )
    );
    out
}

/// An action as a card says it: "take the humans", "stop", "roll again".
pub fn card_action(m: &Messages, action: martian_engine::Action) -> String {
    use martian_engine::Action;
    let (word, face) = match action {
        Action::Take(face) => ("take", vocab::face_id(face)),
        Action::Stop => ("stop", ""),
        Action::Roll => ("roll", ""),
    };
    tr!(m, "card-action", action = word, face = face)
}

/// What the card does at a decision, with the line that says so, quoted in the reader's
/// language (or that its default play does).
pub fn card_move(
    m: &Messages,
    card: &Card,
    action: martian_engine::Action,
    line: Option<usize>,
) -> String {
    let text = line
        .map(|i| card.line_text(i, card_lang(m.lang())))
        .unwrap_or_default();
    tr!(
        m,
        "card-move",
        line = line.map_or(0, |i| i + 1),
        doing = card_action(m, action),
        text = text
    )
}

/// Whether the card's move is the best, else what it costs (`loss`, worded with its unit) and
/// the best.
pub fn card_verdict(m: &Messages, loss: Option<String>, best: martian_engine::Action) -> String {
    tr!(
        m,
        "card-verdict",
        right = if loss.is_none() { "yes" } else { "no" },
        loss = loss.unwrap_or_default(),
        best = card_action(m, best)
    )
}
