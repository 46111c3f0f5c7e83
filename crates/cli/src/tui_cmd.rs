//! The full-screen game (`martian-dice` alone, `martian-dice play`) and the replay viewer
//! (`martian-dice replay FILE` on a terminal). Where the game cannot be full screen (input or
//! output is not a terminal, `--plain`, `--manual-dice`) the line mode plays instead.

use std::io::IsTerminal;

use anyhow::Result;
use martian_engine::{GameRecord, MAX_PLAYERS};
use martian_tui::{SeatKind, SeatSpec};

use crate::exit::UsageError;
use crate::plain::{self, PlayArgs};

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
    let mut setup = martian_tui::default_setup();
    setup.rules = args.rules.rules()?;
    setup.seed = args.seed;
    // The line mode's default (one person) would be a lonely start here: the setup screen opens
    // on "you against the medium bot" unless players were named.
    if args.players != PlayArgs::defaults().players {
        setup.seats =
            parse_seats(&args.players).map_err(|e| UsageError(format!("--players: {e}")))?;
    }
    let record = args.record.map(|p| p.to_string_lossy().into_owned());
    martian_tui::play(setup, record)?;
    Ok(())
}

/// Opens a record in the full-screen viewer, to step through it.
pub fn replay(record: GameRecord) -> Result<()> {
    let timeline = martian_tui::Timeline::new(record).map_err(|e| UsageError(e.to_string()))?;
    martian_tui::replay(timeline)?;
    Ok(())
}

/// Seats from `--players`: a number of people, or names and `bot:NAME` entries.
fn parse_seats(list: &str) -> Result<Vec<SeatSpec>, String> {
    let list = list.trim();
    if let Ok(count) = list.parse::<usize>() {
        if !(1..=MAX_PLAYERS).contains(&count) {
            return Err(format!(
                "a game has from 1 to {MAX_PLAYERS} players, not {count}"
            ));
        }
        return Ok((1..=count)
            .map(|n| SeatSpec::human(&martian_tui::messages::default_player_name(n)))
            .collect());
    }
    let entries: Vec<&str> = list.split(',').map(str::trim).collect();
    if entries.len() > MAX_PLAYERS {
        return Err(format!(
            "a game has from 1 to {MAX_PLAYERS} players, not {}",
            entries.len()
        ));
    }
    entries
        .into_iter()
        .map(|entry| {
            if entry.is_empty() {
                return Err("an empty name".to_string());
            }
            match entry.split_once(':') {
                Some((prefix, bot)) if prefix.trim().eq_ignore_ascii_case("bot") => {
                    let bot = bot.trim();
                    // Checked by name only: making the bot here would start an `exec:` bot's
                    // process or an `optimal` bot's tables; a bad setting shows at the start.
                    let known = martian_bots::names().contains(&bot)
                        || bot.starts_with("exec:")
                        || bot.starts_with("strength:");
                    if !known {
                        return Err(format!(
                            "unknown bot '{bot}'; known bots: {}, strength:X, exec:PATH[:ARGS]",
                            martian_bots::names().join(", ")
                        ));
                    }
                    Ok(SeatSpec {
                        kind: SeatKind::Bot(bot.to_string()),
                        name: String::new(),
                    })
                }
                _ => Ok(SeatSpec::human(entry)),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_by_count_by_name_and_bots() {
        assert_eq!(parse_seats("2").unwrap().len(), 2);
        let seats = parse_seats("Ana, bot:random").unwrap();
        assert_eq!(seats[0], SeatSpec::human("Ana"));
        assert_eq!(seats[1].kind, SeatKind::Bot("random".into()));
        assert!(parse_seats("9").unwrap_err().contains("not 9"));
        assert!(
            parse_seats("Ana,bot:nobody")
                .unwrap_err()
                .contains("nobody")
        );
        assert!(parse_seats("Ana,,Bob").unwrap_err().contains("empty"));
    }
}
