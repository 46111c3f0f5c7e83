//! The full-screen game (`martian-dice` alone, `martian-dice play`) and the replay viewer
//! (`martian-dice replay FILE` on a terminal). Where the game cannot be full screen (input or
//! output is not a terminal, `--plain`, `--manual-dice`) the line mode plays instead.

use std::io::IsTerminal;

use anyhow::Result;
use martian_bots::BotError;
use martian_engine::GameRecord;
use martian_i18n::{Lang, Messages};
use martian_tui::SeatSpec;

use crate::output::UsageError;
use plain::{PlayArgs, messages};

pub mod plain;

/// Whether a person is at a terminal that can show the full-screen game.
fn interactive() -> bool {
    std::io::stdin().is_terminal()
        && std::io::stdout().is_terminal()
        && std::env::var_os("TERM").is_none_or(|term| term != "dumb")
}

/// Plays full screen when possible, else in line mode.
pub fn play(args: PlayArgs) -> Result<()> {
    if args.plain || args.manual_dice || !interactive() {
        return plain::run(args);
    }
    // The setup screen opens as the last game started full screen left it (its seats, order,
    // coach and pace, and its language unless --lang names one); the command line then has its
    // say on the rest.
    let remembered = martian_tui::remembered();
    let mut setup = martian_tui::default_setup(remembered.lang.unwrap_or(args.lang));
    remembered.apply(&mut setup);
    if lang_on_command_line(std::env::args_os()) || remembered.lang.is_none() {
        setup.set_lang(args.lang);
    }
    setup.rules = args.rules.rules()?;
    setup.seed = args.seed;
    // The line mode's default (one person) would be a lonely start here: the setup screen opens
    // on "you against the medium bot" unless players were named.
    if args.players != PlayArgs::defaults().players {
        setup.seats = seats(&args.players, args.lang.messages())
            .map_err(|e| UsageError(format!("--players: {e}")))?;
    }
    let record = args.record.map(|p| p.to_string_lossy().into_owned());
    // A shipped card by its name, else the player's own file (refused, exit 2, if it does not
    // read).
    let card = match args.coach_card.as_deref() {
        None => None,
        Some(spec) => Some(match martian_tui::CoachCard::of_shipped_name(spec) {
            Some(shipped) => shipped,
            None => {
                martian_tui::CoachCard::file(spec, crate::cmd::card::card_of_spec(spec, args.lang)?)
            }
        }),
    };
    martian_tui::play(setup, record, card)?;
    Ok(())
}

/// Opens a record in the full-screen viewer, in `lang`, to step through it.
pub fn replay(record: GameRecord, lang: Lang) -> Result<()> {
    let timeline = martian_tui::Timeline::new(record)
        .map_err(|e| UsageError(martian_i18n::errors::record_error(lang.messages(), &e)))?;
    martian_tui::replay(timeline, lang)?;
    Ok(())
}

/// Seats from `--players`, read as the line mode reads them (a number of people, or names and
/// `bot:NAME` entries), with the reason in the player's language when the list is wrong.
///
/// Bots are checked by name only: making one here would start an `exec:` bot's process or an
/// `optimal` bot's tables; a bad setting shows at the start of the game.
fn seats(list: &str, m: &Messages) -> Result<Vec<SeatSpec>, String> {
    let specs = plain::parse_players(list, m).map_err(|e| messages::players_error(m, &e))?;
    specs
        .into_iter()
        .map(|spec| match spec.bot {
            None => Ok(SeatSpec::human(&spec.name)),
            Some(bot) if known_bot(&bot) => Ok(SeatSpec::bot(&bot)),
            Some(bot) => Err(messages::bot_not_created(
                m,
                &BotError::UnknownBot {
                    known: format!(
                        "{}, strength:X, exec:PATH[:ARGS]",
                        martian_bots::names().join(", ")
                    ),
                    spec: bot,
                },
            )),
        })
        .collect()
}

/// Whether the global `--lang` was given (`main` resolves it with the environment into one
/// value, which cannot tell).
fn lang_on_command_line(args: impl IntoIterator<Item = std::ffi::OsString>) -> bool {
    args.into_iter()
        .take_while(|arg| arg != "--")
        .any(|arg| arg == "--lang" || arg.to_string_lossy().starts_with("--lang="))
}

fn known_bot(name: &str) -> bool {
    martian_bots::names().contains(&name)
        || name.starts_with("exec:")
        || name.starts_with("strength:")
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_tui::SeatKind;

    #[test]
    fn seats_by_count_by_name_and_bots() {
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        assert_eq!(seats("2", en).unwrap().len(), 2);
        assert_eq!(seats("2", pt).unwrap()[1], SeatSpec::human("Jogador 2"));
        let seats_given = seats("Ana, bot:random", en).unwrap();
        assert_eq!(seats_given[0], SeatSpec::human("Ana"));
        assert_eq!(seats_given[1].kind, SeatKind::Bot("random".into()));
        assert!(seats("9", en).unwrap_err().contains("not 9"));
        assert!(seats("Ana,bot:nobody", en).unwrap_err().contains("nobody"));
        assert!(seats("Ana,,Bob", en).unwrap_err().contains("no name"));
        assert!(
            seats("Ana,ana", en)
                .unwrap_err()
                .contains("two players are called")
        );
        // Named only: the process of an external bot is not started to check it.
        let external = seats("bot:exec:/nonexistent/bot", en).unwrap();
        assert_eq!(
            external[0].kind,
            SeatKind::Bot("exec:/nonexistent/bot".into())
        );
        assert!(
            seats("Ana,bot:nobody", pt)
                .unwrap_err()
                .contains("bot desconhecido")
        );
    }

    #[test]
    fn an_explicit_lang_is_told_from_the_environment_s() {
        let given = |args: &[&str]| lang_on_command_line(args.iter().map(Into::into));
        assert!(given(&["martian-dice", "--lang", "pt-BR", "play"]));
        assert!(given(&["martian-dice", "play", "--lang=en"]));
        assert!(!given(&["martian-dice", "play", "--players", "Ana"]));
        assert!(!given(&["martian-dice", "play", "--", "--lang"]));
    }
}
