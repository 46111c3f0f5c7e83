//! `martian-dice card`: a strategy card's exact value, and the search for the best cards. The
//! text it prints is in [`messages`].

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use martian_cards::{Budget, Card, CardLang, CardValue, ParseError};
use martian_i18n::Lang;
use serde::Serialize;

use crate::output::{UsageError, emit};
use crate::rules_args::RulesArgs;

pub mod messages;

/// Value a strategy card exactly, or search for the best cards.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, after_help = AFTER_HELP)]
pub struct CardArgs {
    #[command(subcommand)]
    pub command: Option<CardCommand>,
    /// The card: a plain-text file of numbered lines of advice (docs/strategy.md), or a shipped
    /// card by its name (card-1, card-3, card-5).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(Debug, Subcommand)]
pub enum CardCommand {
    /// Search the language's families of lines for the best card of N lines, every candidate
    /// valued exactly against perfect play.
    Search(SearchArgs),
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("size").required(true).args(["lines", "conditions"])))]
pub struct SearchArgs {
    /// How many lines the card has.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub lines: Option<u8>,
    /// The most conditions the card may have in all (each comparison after "when", "and",
    /// "unless" or "or"): what a person must remember. Its lines are as many as help.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=32))]
    pub conditions: Option<u8>,
    /// The most words a line may have in English (each number one word): lines a player can
    /// say in one breath.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..), requires = "conditions")]
    pub words: Option<u16>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}

const AFTER_HELP: &str = "\
A card is a few numbered lines of advice, in English or Portuguese, read from the top: the first
line that applies to a decision makes it; when none does, take the biggest earthling group (else
the death rays) and roll again. The language, with every phrase, is in docs/strategy.md.

Examples:
  martian-dice card cards/5-lines.txt             its exact chance against optimal and greedy
  martian-dice card card-5                        the same, by the shipped card's name
  martian-dice card my-card.txt --json
  martian-dice card search --lines 3              the best card of 3 lines
  martian-dice card search --conditions 8         the best card of at most 8 conditions
  martian-dice arena --bots card:my-card.txt,optimal --exact";

/// A card's chance against one opponent, as `--json` prints it.
#[derive(Debug, Serialize)]
struct ChanceJson {
    win_rate: f64,
    seats: Vec<SeatJson>,
}

#[derive(Debug, Serialize)]
struct SeatJson {
    seat: usize,
    win_rate: f64,
}

impl From<martian_cards::Chance> for ChanceJson {
    fn from(chance: martian_cards::Chance) -> ChanceJson {
        ChanceJson {
            win_rate: chance.win_rate,
            seats: (0..2)
                .map(|seat| SeatJson {
                    seat,
                    win_rate: chance.seats[seat],
                })
                .collect(),
        }
    }
}

/// `card FILE --json`.
#[derive(Debug, Serialize)]
struct ValueJson {
    file: String,
    rules: martian_engine::Rules,
    rules_key: String,
    language: &'static str,
    size: usize,
    /// What a person must remember: the card's conditions.
    conditions: usize,
    lines: Vec<String>,
    optimal: ChanceJson,
    greedy: ChanceJson,
    /// Per line, the chance against optimal lost when it is struck out.
    line_worth: Vec<f64>,
    seconds: f64,
}

/// `--json` on a card that does not read.
#[derive(Debug, Serialize)]
struct ErrorJson {
    error: String,
    line: usize,
    column: usize,
}

/// `card search --json`.
#[derive(Debug, Serialize)]
struct SearchJson {
    rules: martian_engine::Rules,
    rules_key: String,
    size: usize,
    conditions: usize,
    lines: Vec<String>,
    win_rate: f64,
    evaluations: u64,
    seconds: f64,
}

/// Reads the card in `path`, or a usage error in the reader's language (and, with `json`, the
/// error as JSON on stdout).
pub fn read_card(path: &Path, lang: Lang, json: bool) -> Result<(Card, CardLang)> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the card {}", path.display()))
        .map_err(|e| UsageError(format!("{e:#}")))?;
    let lang_of_card = CardLang::of(&text);
    match Card::parse_in(&text, lang_of_card) {
        Ok(card) => Ok((card, lang_of_card)),
        Err(error) => {
            if json {
                let report = ErrorJson {
                    error: error.to_string(),
                    line: error.line,
                    column: error.column,
                };
                emit(&(serde_json::to_string(&report)? + "\n"))?;
            }
            Err(UsageError(parse_error(lang, path, &error)).into())
        }
    }
}

/// The card of `--card SPEC` (train, advise, review): a shipped card by its bot name (`card-1`,
/// `card-3`, `card-5`), else a file; errors in the reader's language.
pub fn card_of_spec(spec: &str, lang: Lang) -> Result<Card> {
    card_of_name_or_file(Path::new(spec), lang, false).map(|(card, _)| card)
}

/// The card `name` names: a shipped card by its bot name (`card-1`, …), else the card in that
/// file.
fn card_of_name_or_file(name: &Path, lang: Lang, json: bool) -> Result<(Card, CardLang)> {
    match name.to_str().and_then(martian_cards::shipped::by_name) {
        Some(shipped) => Ok((shipped.card(), CardLang::En)),
        None => read_card(name, lang, json),
    }
}

/// Line `index` of `card` as a reader of `lang` reads it: "2. Stop when …".
pub fn quoted_line(card: &Card, index: usize, lang: Lang) -> String {
    format!(
        "{}. {}",
        index + 1,
        card.line_text(index, messages::card_lang(lang))
    )
}

fn parse_error(lang: Lang, path: &Path, error: &ParseError) -> String {
    messages::parse_error(lang.messages(), &path.display().to_string(), error)
}

pub fn run(args: CardArgs, lang: Lang) -> Result<()> {
    match args.command {
        Some(CardCommand::Search(search)) => run_search(search, lang),
        None => {
            let Some(file) = args.file else {
                return Err(UsageError(
                    "give a card to value (martian-dice card FILE) or search (martian-dice card search --lines N)".into(),
                )
                .into());
            };
            value(&file, &args.rules, args.json, lang)
        }
    }
}

fn value(file: &Path, rules: &RulesArgs, json: bool, lang: Lang) -> Result<()> {
    let rules = rules.rules()?;
    let (card, card_lang) = card_of_name_or_file(file, lang, json)?;
    let started = Instant::now();
    let value = CardValue::of(&card, rules)?;
    let seconds = started.elapsed().as_secs_f64();
    if json {
        let report = ValueJson {
            file: file.display().to_string(),
            rules,
            rules_key: rules.key(),
            language: card_lang.tag(),
            size: card.len(),
            conditions: card.conditions(),
            lines: (0..card.len())
                .map(|i| card.line_text(i, card_lang))
                .collect(),
            optimal: value.optimal.into(),
            greedy: value.greedy.into(),
            line_worth: value.line_worth,
            seconds,
        };
        emit(&format!("{}\n", serde_json::to_string_pretty(&report)?))
    } else {
        let card_lang = messages::card_lang(lang);
        emit(&messages::value(
            lang.messages(),
            &file.display().to_string(),
            &card,
            card_lang,
            rules,
            &value,
        ))
    }
}

fn run_search(args: SearchArgs, lang: Lang) -> Result<()> {
    let rules = args.rules.rules()?;
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {pos} cards valued  {per_sec}  {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar
    });
    let started = Instant::now();
    let budget = match (args.lines, args.conditions) {
        (Some(lines), _) => Budget::Lines(usize::from(lines)),
        (None, Some(conditions)) => Budget::Conditions(usize::from(conditions)),
        (None, None) => {
            return Err(UsageError("give --lines N or --conditions N".into()).into());
        }
    };
    let found = martian_cards::search_within(
        budget,
        args.words.map(usize::from),
        rules,
        args.threads,
        &|done| {
            if let Some(bar) = &bar {
                bar.set_position(done);
            }
        },
    )?;
    let seconds = started.elapsed().as_secs_f64();
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let card_lang = messages::card_lang(lang);
    if args.json {
        let report = SearchJson {
            rules,
            rules_key: rules.key(),
            size: found.card.len(),
            conditions: found.card.conditions(),
            lines: (0..found.card.len())
                .map(|i| found.card.line_text(i, card_lang))
                .collect(),
            win_rate: found.win_rate,
            evaluations: found.evaluations,
            seconds,
        };
        emit(&format!("{}\n", serde_json::to_string_pretty(&report)?))
    } else {
        emit(&messages::search(
            lang.messages(),
            &found,
            card_lang,
            rules,
            seconds,
        ))
    }
}
