//! Reading a card: a hand-written recursive-descent parser over the templates of
//! [`crate::lang`], which reports the furthest point it reached and every phrase it could have
//! read there.

use std::fmt;

use crate::card::{Advice, Card, Condition, Group, Line};
use crate::lang::{CardLang, Lexicon, Piece, Shape, Template};

/// The largest number a card may hold.
pub const MAX_NUMBER: u32 = 99;

/// Why a card could not be read: where, and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line of the file.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// The language the card was read in (the phrases expected are in it).
    pub lang: CardLang,
    pub kind: ParseErrorKind,
}

/// What was wrong at a place of a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Something else was found where one of these could be read.
    Expected {
        expected: Vec<Expected>,
        found: Found,
    },
    /// A character that no word, number or punctuation of a card uses.
    Character(char),
    /// A line numbered otherwise than its place on the card.
    Numbering { found: u32, expected: usize },
    /// A number out of range for its phrase.
    Number { found: u32, min: u32, max: u32 },
    /// A condition on the roll on a line that stops or rolls (the roll is gone by then).
    RollAfterTake,
}

/// What the parser could have read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expected {
    Word(String),
    Number,
    Comma,
    Period,
    EndOfLine,
}

/// What it found instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    Word(String),
    Number(u32),
    Comma,
    Period,
    EndOfLine,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Word(word) => write!(f, "'{word}'"),
            Expected::Number => f.write_str("a number"),
            Expected::Comma => f.write_str("','"),
            Expected::Period => f.write_str("'.'"),
            Expected::EndOfLine => f.write_str("the end of the line"),
        }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Word(word) => write!(f, "'{word}'"),
            Found::Number(n) => write!(f, "'{n}'"),
            Found::Comma => f.write_str("','"),
            Found::Period => f.write_str("'.'"),
            Found::EndOfLine => f.write_str("the end of the line"),
        }
    }
}

/// The error in English words (the program words it in the reader's language).
impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Expected { expected, found } => {
                let list: Vec<String> = expected.iter().map(ToString::to_string).collect();
                write!(f, "expected {}, found {found}", join_or(&list, "or"))
            }
            ParseErrorKind::Character(c) => write!(f, "the character '{c}' has no place on a card"),
            ParseErrorKind::Numbering { found, expected } => {
                write!(
                    f,
                    "this line is numbered {found}, but it is line {expected} of the card"
                )
            }
            ParseErrorKind::Number { found, min, max } => {
                write!(f, "{found} is out of range here: from {min} to {max}")
            }
            ParseErrorKind::RollAfterTake => f.write_str(
                "only a line that takes may look at the roll: after a take the roll is gone",
            ),
        }
    }
}

/// `a, b or c`.
pub fn join_or(items: &[String], or: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {or} {last}", init.join(", ")),
    }
}

/// A word as it is compared: lower case, without accents, with a plain apostrophe.
fn fold(word: &str) -> String {
    word.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            '’' | '‘' => '\'',
            c => c,
        })
        .collect()
}

#[derive(Clone, Debug, PartialEq)]
enum TokenKind {
    /// Folded.
    Word(String),
    Number(u32),
    Comma,
    Period,
}

#[derive(Clone, Debug)]
struct Token {
    kind: TokenKind,
    /// As written.
    text: String,
    column: usize,
}

/// The tokens of a line, or the column of a character that has no place on a card.
fn tokens(line: &str) -> Result<Vec<Token>, (usize, char)> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() {
            i += 1;
        } else if c == ',' || c == '.' {
            out.push(Token {
                kind: if c == ',' {
                    TokenKind::Comma
                } else {
                    TokenKind::Period
                },
                text: c.to_string(),
                column,
            });
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            // Beyond any bound of a card: kept as the largest, refused where it is read.
            let value = text.parse().unwrap_or(u32::MAX);
            out.push(Token {
                kind: TokenKind::Number(value),
                text,
                column,
            });
        } else if c.is_alphabetic() {
            let start = i;
            while i < chars.len()
                && (chars[i].is_alphabetic() || matches!(chars[i], '\'' | '’' | '-'))
            {
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            out.push(Token {
                kind: TokenKind::Word(fold(&text)),
                text,
                column,
            });
        } else {
            return Err((column, c));
        }
    }
    Ok(out)
}

/// A condition read, with where it starts and where its number is.
struct Read {
    condition: Condition,
    shape: Shape,
    at: usize,
    number: Option<(usize, u32)>,
}

/// A template read: where it ends, its number (with its place) and whether it bounds from above.
#[derive(Clone, Copy, Debug)]
struct Matched {
    end: usize,
    number: Option<(usize, u32)>,
    at_most: bool,
}

/// The parser of one line: the tokens, and the furthest failure so far.
struct LineParser<'a> {
    tokens: &'a [Token],
    lexicon: &'a Lexicon,
    furthest: usize,
    expected: Vec<Expected>,
}

impl LineParser<'_> {
    fn fail(&mut self, at: usize, expected: Expected) {
        if at > self.furthest {
            self.furthest = at;
            self.expected.clear();
        }
        if at == self.furthest && !self.expected.contains(&expected) {
            self.expected.push(expected);
        }
    }

    fn word_at(&self, at: usize) -> Option<&str> {
        match self.tokens.get(at).map(|t| &t.kind) {
            Some(TokenKind::Word(word)) => Some(word),
            _ => None,
        }
    }

    /// One of `forms` (written forms, folded when compared) at `at`; `shown` when missing.
    fn word(&mut self, at: usize, forms: &[&str], shown: &str) -> Option<usize> {
        if let Some(word) = self.word_at(at)
            && forms.iter().any(|form| fold(form) == word)
        {
            return Some(at + 1);
        }
        self.fail(at, Expected::Word(shown.to_string()));
        None
    }

    fn punctuation(&mut self, at: usize, kind: TokenKind, expected: Expected) -> Option<usize> {
        if self.tokens.get(at).map(|t| &t.kind) == Some(&kind) {
            return Some(at + 1);
        }
        self.fail(at, expected);
        None
    }

    /// A template at `at`.
    fn template(&mut self, at: usize, template: &Template) -> Option<Matched> {
        let mut pos = at;
        let mut number = None;
        let mut at_most = false;
        for piece in &template.pieces {
            match piece {
                Piece::Word { one, many } => {
                    pos = self.word(pos, &[one.as_str(), many.as_str()], many)?;
                }
                Piece::Number => match self.tokens.get(pos).map(|t| &t.kind) {
                    Some(&TokenKind::Number(n)) => {
                        number = Some((pos, n));
                        pos += 1;
                    }
                    _ => {
                        self.fail(pos, Expected::Number);
                        return None;
                    }
                },
                Piece::Comparison => {
                    let lexicon = self.lexicon;
                    if let Some(next) = self.word(pos, &[lexicon.more], lexicon.more) {
                        pos = next;
                    } else {
                        pos = self.word(pos, &[lexicon.less, lexicon.fewer], lexicon.fewer)?;
                        at_most = true;
                    }
                }
            }
        }
        Some(Matched {
            end: pos,
            number,
            at_most,
        })
    }

    /// The longest of `templates` that reads at `at`.
    fn longest<T: Copy>(&mut self, at: usize, templates: &[(T, Template)]) -> Option<(T, Matched)> {
        let mut best: Option<(T, Matched)> = None;
        for (what, template) in templates {
            if let Some(matched) = self.template(at, template)
                && best.is_none_or(|(_, b)| matched.end > b.end)
            {
                best = Some((*what, matched));
            }
        }
        best
    }

    /// A condition at `at`; on a line that takes the biggest earthling group, "it has …" is its
    /// size.
    fn condition(&mut self, at: usize, advice: Advice) -> Option<(Read, usize)> {
        let lexicon = self.lexicon;
        let it = [(Shape::BiggestGroup, lexicon.group_it.clone())];
        let found = self.longest(at, &lexicon.conditions);
        let found = match (found, advice) {
            (found, Advice::Take(Group::Biggest)) => match (found, self.longest(at, &it)) {
                (Some(a), Some(b)) => Some(if b.1.end > a.1.end { b } else { a }),
                (a, b) => a.or(b),
            },
            (found, _) => found,
        };
        let (shape, matched) = found?;
        let n = matched
            .number
            .map_or(1, |(_, n)| n.min(u32::from(u8::MAX)) as u8);
        Some((
            Read {
                condition: shape.build(n, matched.at_most),
                shape,
                at,
                number: matched.number,
            },
            matched.end,
        ))
    }

    /// Conditions joined by `joiner`.
    fn conditions(
        &mut self,
        mut at: usize,
        joiner: &str,
        advice: Advice,
        out: &mut Vec<Read>,
    ) -> Option<usize> {
        loop {
            let (read, end) = self.condition(at, advice)?;
            out.push(read);
            at = end;
            match self.word(at, &[joiner], joiner) {
                Some(next) => at = next,
                None => return Some(at),
            }
        }
    }

    /// A whole line after its number: the line and its conditions as read.
    fn sentence(&mut self, mut at: usize) -> Option<(Advice, Vec<Read>, Vec<Read>)> {
        let lexicon = self.lexicon;
        let mut when = Vec::new();
        if let Some(prefix) = self.template(at, &lexicon.last_round) {
            when.push(Read {
                condition: Condition::LastRound,
                shape: Shape::LastRound,
                at,
                number: None,
            });
            at = self.punctuation(prefix.end, TokenKind::Comma, Expected::Comma)?;
        }
        let (advice, matched) = self.longest(at, &lexicon.advices)?;
        at = matched.end;
        if let Some(next) = self.word(at, &lexicon.when, lexicon.when[0]) {
            at = self.conditions(next, lexicon.and, advice, &mut when)?;
        }
        let mut unless = Vec::new();
        if let Some(matched) = self.template(at, &lexicon.unless) {
            at = self.conditions(matched.end, lexicon.or, advice, &mut unless)?;
        }
        // The period is optional at the very end of a line.
        if at < self.tokens.len() {
            at = self.punctuation(at, TokenKind::Period, Expected::Period)?;
        }
        if at < self.tokens.len() {
            self.fail(at, Expected::EndOfLine);
            return None;
        }
        Some((advice, when, unless))
    }
}

impl CardLang {
    /// The language a card's text is written in: that of the first word of its first line of
    /// advice (English when it is no language's).
    pub fn of(text: &str) -> CardLang {
        language(text)
    }
}

/// The language of a card: that of the first word of its first line of advice.
fn language(text: &str) -> CardLang {
    let first = rule_lines(text)
        .next()
        .and_then(|(_, line)| tokens(line).ok())
        .and_then(|tokens| {
            tokens.into_iter().find_map(|t| match t.kind {
                TokenKind::Word(word) => Some(word),
                _ => None,
            })
        });
    CardLang::ALL
        .into_iter()
        .find(|lang| {
            first
                .as_ref()
                .is_some_and(|word| lang.lexicon().starts.iter().any(|s| fold(s) == *word))
        })
        .unwrap_or(CardLang::En)
}

/// The lines holding advice, with their 1-based numbers: not blank, not a `#` comment.
fn rule_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let trimmed = line.trim();
        (!trimmed.is_empty() && !trimmed.starts_with('#')).then_some((i + 1, line))
    })
}

impl Card {
    /// Reads a card, in English or Brazilian Portuguese (told apart by its first word).
    pub fn parse(text: &str) -> Result<Card, ParseError> {
        Card::parse_in(text, language(text))
    }

    /// Reads a card written in `lang`.
    pub fn parse_in(text: &str, lang: CardLang) -> Result<Card, ParseError> {
        let lexicon = lang.lexicon();
        let mut lines = Vec::new();
        for (number, text) in rule_lines(text) {
            let error = |column: usize, kind: ParseErrorKind| ParseError {
                line: number,
                column,
                lang,
                kind,
            };
            let tokens =
                tokens(text).map_err(|(column, c)| error(column, ParseErrorKind::Character(c)))?;
            let column_of = |at: usize| {
                tokens
                    .get(at)
                    .map_or(text.trim_end().chars().count() + 1, |t| t.column)
            };
            let mut start = 0;
            // "1." before the sentence, numbered as the line's place on the card.
            if let (Some(TokenKind::Number(n)), Some(TokenKind::Period)) = (
                tokens.first().map(|t| &t.kind),
                tokens.get(1).map(|t| &t.kind),
            ) {
                if *n as usize != lines.len() + 1 {
                    return Err(error(
                        tokens[0].column,
                        ParseErrorKind::Numbering {
                            found: *n,
                            expected: lines.len() + 1,
                        },
                    ));
                }
                start = 2;
            }
            let mut parser = LineParser {
                tokens: &tokens,
                lexicon,
                furthest: 0,
                expected: Vec::new(),
            };
            let Some((advice, when, unless)) = parser.sentence(start) else {
                let at = parser.furthest;
                let found = match tokens.get(at) {
                    None => Found::EndOfLine,
                    Some(token) => match token.kind {
                        TokenKind::Word(_) => Found::Word(token.text.clone()),
                        TokenKind::Number(n) => Found::Number(n),
                        TokenKind::Comma => Found::Comma,
                        TokenKind::Period => Found::Period,
                    },
                };
                let mut expected = parser.expected;
                if lines.is_empty() && at == start {
                    // The first line tells the language: any language's first words will do.
                    for other in CardLang::ALL {
                        if other != lang {
                            for word in &other.lexicon().starts {
                                expected.push(Expected::Word(word.to_string()));
                            }
                        }
                    }
                }
                return Err(error(
                    column_of(at),
                    ParseErrorKind::Expected { expected, found },
                ));
            };
            for read in when.iter().chain(&unless) {
                if let Some((at, n)) = read.number {
                    let min = u32::from(read.shape.needs_positive());
                    if !(min..=MAX_NUMBER).contains(&n) {
                        return Err(error(
                            column_of(at),
                            ParseErrorKind::Number {
                                found: n,
                                min,
                                max: MAX_NUMBER,
                            },
                        ));
                    }
                }
                if read.condition.reads_roll() && !matches!(advice, Advice::Take(_)) {
                    return Err(error(column_of(read.at), ParseErrorKind::RollAfterTake));
                }
            }
            lines.push(Line {
                advice,
                when: when.into_iter().map(|r| r.condition).collect(),
                unless: unless.into_iter().map(|r| r.condition).collect(),
            });
        }
        Ok(Card { lines })
    }
}

impl std::str::FromStr for Card {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Card, ParseError> {
        Card::parse(text)
    }
}
