//! The line-mode game (`martian-dice play --plain`): plain lines on stdin and stdout, for a screen
//! reader, a script or a table with physical dice. Also the sentences every text output shares.

use std::hash::{BuildHasher, Hasher};
use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, Parser};
use martian_bots::Strategy;
use martian_engine::{MAX_PLAYERS, PlayerInfo, Rules};
use martian_i18n::{Lang, Messages};

use crate::output::UsageError;
use crate::rules_args::RulesArgs;
use messages::PlayersError;

pub(crate) mod input;
pub mod messages;
mod session;

/// The longest player name accepted.
const MAX_NAME_CHARS: usize = 40;

/// Play a game: hot-seat for 1 to 8 players, people and bots.
#[derive(Debug, Clone, Args)]
#[command(
    after_help = "Example: martian-dice play --plain --players Ana,bot:defensive --seed 7 --record game.json"
)]
pub struct PlayArgs {
    /// Line mode: plain lines on stdin and stdout, no colours or cursor movement (for screen
    /// readers and scripts).
    #[arg(long)]
    pub plain: bool,
    /// The players in seat order, comma-separated: a name for a person, bot:NAME for a bot
    /// (e.g. Ana,Bob,bot:defensive); or just how many people play (e.g. 3).
    #[arg(long, value_name = "LIST", default_value = "1")]
    pub players: String,
    /// Seed for the dice: the same seed and the same answers give the same game. Without it a
    /// random seed is picked and printed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Save the game record (JSON) to FILE after every turn and at the end.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Keep score for physical dice: ask for the faces rolled instead of rolling.
    #[arg(long)]
    pub manual_dice: bool,
    /// Line mode: the coach on every decision, before the prompt (the value of each choice and
    /// why; `coach on` and `coach off` at a prompt switch it too).
    #[arg(long)]
    pub coach: bool,
    /// The coach also says what this strategy card would do at each decision, the line that
    /// says so and what it costs against the best (a card file, or card-1, card-3, card-5); in
    /// the full-screen game, the card key goes through the others.
    #[arg(long, value_name = "CARD")]
    pub coach_card: Option<String>,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The language of what players read: the global `--lang`, else the environment's (set by
    /// `main`, which resolves it once for every command).
    #[arg(skip)]
    pub lang: Lang,
}

impl PlayArgs {
    /// The options of a plain `martian-dice play` with nothing else given.
    pub fn defaults() -> PlayArgs {
        #[derive(Parser)]
        struct Defaults {
            #[command(flatten)]
            play: PlayArgs,
        }
        Defaults::parse_from(["martian-dice"]).play
    }
}

/// One seat as `--players` describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SeatSpec {
    pub name: String,
    /// The bot's name as `martian_bots::create` takes it; `None` for a person.
    pub bot: Option<String>,
}

/// Reads `--players`: names and `bot:NAME` entries separated by commas, or a number of people
/// (named "Player 1"… in the language of `m`).
pub(crate) fn parse_players(list: &str, m: &Messages) -> Result<Vec<SeatSpec>, PlayersError> {
    let list = list.trim();
    if let Ok(count) = list.parse::<usize>() {
        if !(1..=MAX_PLAYERS).contains(&count) {
            return Err(PlayersError::Count(count));
        }
        return Ok((1..=count)
            .map(|n| SeatSpec {
                name: messages::default_player(m, n),
                bot: None,
            })
            .collect());
    }
    let entries: Vec<&str> = list.split(',').map(str::trim).collect();
    if entries.len() > MAX_PLAYERS {
        return Err(PlayersError::Count(entries.len()));
    }
    let mut seats: Vec<SeatSpec> = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        let number = index + 1;
        if entry.is_empty() {
            return Err(PlayersError::NoName { number });
        }
        if entry.chars().any(char::is_control) {
            return Err(PlayersError::ControlCharacter { number });
        }
        let taken = |name: &str| seats.iter().any(|s| s.name.eq_ignore_ascii_case(name));
        let bot = entry
            .get(..4)
            .filter(|prefix| prefix.eq_ignore_ascii_case("bot:"))
            .map(|_| entry[4..].trim().to_string());
        let seat = match bot {
            Some(spec) if spec.is_empty() => {
                return Err(PlayersError::NoBotName { number });
            }
            Some(spec) => {
                // Bots are named after what they are (in the reader's words), numbered when the
                // name is taken.
                let base = martian_i18n::vocab::bot_name(m, &spec);
                let name = (1..)
                    .map(|n| match n {
                        1 => base.clone(),
                        n => format!("{base} {n}"),
                    })
                    .find(|name| !taken(name))
                    .expect("some number is free");
                SeatSpec {
                    name,
                    bot: Some(spec),
                }
            }
            // A person's name is bounded; a bot's spec is not (an `exec:` path can be long).
            None if entry.chars().count() > MAX_NAME_CHARS => {
                return Err(PlayersError::TooLong {
                    number,
                    max: MAX_NAME_CHARS,
                });
            }
            None if taken(entry) => {
                return Err(PlayersError::SameName(entry.to_string()));
            }
            // The person at the screen by the default name, in the reader's language.
            None => SeatSpec {
                name: martian_i18n::vocab::player_name(m, entry),
                bot: None,
            },
        };
        seats.push(seat);
    }
    Ok(seats)
}

/// A seed nobody chose: from the process's randomly keyed hasher and the clock.
fn random_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(now.as_nanos());
    }
    hasher.write_u32(std::process::id());
    hasher.finish()
}

fn create_bots(
    seats: &[SeatSpec],
    rules: Rules,
    m: &Messages,
) -> Result<Vec<Option<Box<dyn Strategy>>>> {
    seats
        .iter()
        .map(|seat| match &seat.bot {
            None => Ok(None),
            Some(spec) => martian_bots::create(spec, rules)
                .map(Some)
                .map_err(|e| UsageError(messages::bot_not_created(m, &e)).into()),
        })
        .collect()
}

/// Plays the line-mode game on stdin and stdout.
pub fn run(args: PlayArgs) -> Result<()> {
    let rules = args.rules.rules()?;
    let m = args.lang.messages();
    let seats = parse_players(&args.players, m)
        .map_err(|e| UsageError(format!("--players: {}", messages::players_error(m, &e))))?;
    for bot in seats.iter().filter_map(|seat| seat.bot.as_deref()) {
        martian_bots::check_limits(bot, rules, seats.len())
            .map_err(|limit| UsageError::beyond_for_bots(m, &limit))?;
    }
    let bots = create_bots(&seats, rules, m)?;
    let coach_card = args
        .coach_card
        .as_deref()
        .map(|spec| crate::cmd::card::card_of_spec(spec, args.lang))
        .transpose()?;
    let options = session::Options {
        rules,
        players: seats
            .into_iter()
            .map(|seat| PlayerInfo {
                name: seat.name,
                bot: seat.bot,
            })
            .collect(),
        seed: args.seed.unwrap_or_else(random_seed),
        manual_dice: args.manual_dice,
        record: args.record,
        lang: args.lang,
        coach: args.coach,
        coach_card,
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match session::play(&options, bots, &mut stdin.lock(), &mut stdout.lock()) {
        // The record is saved; the output is gone, so there is nobody to tell.
        Err(error) if crate::output::is_broken_pipe(&error) => Ok(()),
        other => other.map(|_| ()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en() -> &'static Messages {
        Lang::En.messages()
    }

    fn error(list: &str) -> String {
        messages::players_error(en(), &parse_players(list, en()).unwrap_err())
    }

    fn names(list: &str) -> Vec<String> {
        parse_players(list, en())
            .unwrap()
            .into_iter()
            .map(|s| s.name)
            .collect()
    }

    #[test]
    fn players_by_name_by_count_and_bots() {
        assert_eq!(names("1"), ["Player 1"]);
        assert_eq!(names(" 3 "), ["Player 1", "Player 2", "Player 3"]);
        assert_eq!(names("Ana, Bob"), ["Ana", "Bob"]);
        let seats = parse_players("Ana,bot:defensive,BOT: defensive", en()).unwrap();
        assert_eq!(seats[1].bot.as_deref(), Some("defensive"));
        assert_eq!(seats[2].name, "defensive 2");
    }

    #[test]
    fn bad_player_lists_are_explained() {
        assert!(error("0").contains("not 0"));
        assert!(error("9").contains("not 9"));
        assert!(error("a,b,c,d,e,f,g,h,i").contains("not 9"));
        assert_eq!(error("Ana,,Bob"), "player 2 has no name");
        assert_eq!(error("Ana,ana"), "two players are called ana");
        assert!(error("bot:").contains("bot name"));
        assert!(error(&"x".repeat(41)).contains("longer"));
        // A bot's spec is not a name: an exec: path may be long.
        let long = format!("bot:exec:sh:/{}/bot.sh", "d".repeat(60));
        let seats = parse_players(&format!("Ana,{long}"), en()).unwrap();
        assert_eq!(seats[1].bot.as_deref(), Some(&long[4..]));
    }

    #[test]
    fn bots_and_the_person_at_the_screen_are_named_in_the_language() {
        let pt = Lang::PtBr.messages();
        let seats = parse_players("You,bot:medium,bot:medium,bot:strength:0.5", pt).unwrap();
        let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Você", "médio", "médio 2", "strength:0.5"]);
        assert_eq!(seats[1].bot.as_deref(), Some("medium"));
    }

    #[test]
    fn people_by_number_are_named_in_the_language() {
        let pt = parse_players("2", Lang::PtBr.messages()).unwrap();
        assert_eq!(pt[1].name, "Jogador 2");
        assert_eq!(
            messages::players_error(Lang::PtBr.messages(), &PlayersError::NoName { number: 2 }),
            "o jogador 2 não tem nome"
        );
    }

    #[test]
    fn the_defaults_are_one_person_under_the_official_rules() {
        let args = PlayArgs::defaults();
        assert_eq!(args.players, "1");
        assert!(args.rules.rules().unwrap().is_official());
        assert!(args.seed.is_none() && args.record.is_none() && !args.manual_dice);
    }
}
