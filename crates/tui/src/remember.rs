//! The last setup, remembered between runs: the language, the seats, their order, the coach and
//! the bots' pace (not the rules or the seed, which belong to one game and come from the command
//! line or the setup screen). Kept in the user's configuration directory
//! (`martian-dice/tui-setup.json`). A missing or damaged file, or a field that makes no sense,
//! is ignored: remembering is a convenience and never stops a game.

use std::io;
use std::path::{Path, PathBuf};

use martian_engine::MAX_PLAYERS;
use martian_i18n::Lang;
use serde::{Deserialize, Serialize};

use crate::setup::{CoachMode, GameSetup, MAX_NAME, Order, PACES_MS, SeatKind, SeatSpec};

/// Where the last setup is kept: `<config dir>/martian-dice/tui-setup.json`, if the system has a
/// configuration directory.
pub fn default_path() -> Option<PathBuf> {
    dirs::config_dir().map(|dir| dir.join("martian-dice").join("tui-setup.json"))
}

/// The file's contents: every field optional, so that an older or hand-edited file still gives
/// what it can.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
struct Stored {
    lang: Option<String>,
    seats: Option<Vec<StoredSeat>>,
    order: Option<String>,
    coach: Option<String>,
    pace_ms: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct StoredSeat {
    /// A person's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    human: Option<String>,
    /// A built-in bot's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bot: Option<String>,
}

/// What was remembered, each part checked on its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Remembered {
    pub lang: Option<Lang>,
    pub seats: Option<Vec<SeatSpec>>,
    pub order: Option<Order>,
    pub coach: Option<CoachMode>,
    pub pace_ms: Option<u64>,
}

impl Remembered {
    /// Reads `path`; anything unreadable gives nothing. Bots are kept only when `bots` offers
    /// them.
    pub fn load(path: &Path, bots: &[String]) -> Remembered {
        std::fs::read_to_string(path)
            .ok()
            .and_then(|text| serde_json::from_str::<Stored>(&text).ok())
            .map(|stored| Remembered::check(stored, bots))
            .unwrap_or_default()
    }

    fn check(stored: Stored, bots: &[String]) -> Remembered {
        let seats = stored.seats.and_then(|seats| {
            let seats: Option<Vec<SeatSpec>> = seats
                .into_iter()
                .map(|seat| match (seat.human, seat.bot) {
                    (Some(name), None) if valid_name(&name) => Some(SeatSpec::human(&name)),
                    (None, Some(bot)) if bots.contains(&bot) => Some(SeatSpec::bot(&bot)),
                    _ => None,
                })
                .collect();
            seats.filter(|s| (1..=MAX_PLAYERS).contains(&s.len()))
        });
        Remembered {
            lang: stored
                .lang
                .and_then(|tag| Lang::ALL.into_iter().find(|l| l.tag() == tag)),
            seats,
            order: stored.order.and_then(|o| match o.as_str() {
                "as-listed" => Some(Order::AsListed),
                "random-first" => Some(Order::RandomFirst),
                "shuffle" => Some(Order::Shuffle),
                _ => None,
            }),
            coach: stored.coach.and_then(|c| match c.as_str() {
                "on-demand" => Some(CoachMode::OnDemand),
                "always" => Some(CoachMode::Always),
                _ => None,
            }),
            pace_ms: stored.pace_ms.filter(|p| PACES_MS.contains(p)),
        }
    }

    /// Puts what was remembered (but the language, which the caller weighs against the command
    /// line) into `setup`.
    pub fn apply(&self, setup: &mut GameSetup) {
        if let Some(seats) = &self.seats {
            setup.seats = seats.clone();
        }
        if let Some(order) = self.order {
            setup.order = order;
        }
        if let Some(coach) = self.coach {
            setup.coach = coach;
        }
        if let Some(pace) = self.pace_ms {
            setup.pace_ms = pace;
        }
    }
}

fn valid_name(name: &str) -> bool {
    !name.trim().is_empty()
        && name.chars().count() <= MAX_NAME
        && !name.chars().any(char::is_control)
}

/// Writes what is remembered of `setup` to `path`, replacing the file whole (written beside it,
/// then renamed), so that an interrupted write leaves the old file or the new one.
pub fn save(path: &Path, setup: &GameSetup) -> io::Result<()> {
    let stored = Stored {
        lang: Some(setup.lang.tag().to_string()),
        seats: Some(
            setup
                .seats
                .iter()
                .map(|seat| match &seat.kind {
                    SeatKind::Human => StoredSeat {
                        human: Some(seat.name.clone()),
                        bot: None,
                    },
                    SeatKind::Bot(bot) => StoredSeat {
                        human: None,
                        bot: Some(bot.clone()),
                    },
                })
                .collect(),
        ),
        order: Some(
            match setup.order {
                Order::AsListed => "as-listed",
                Order::RandomFirst => "random-first",
                Order::Shuffle => "shuffle",
            }
            .to_string(),
        ),
        coach: Some(
            match setup.coach {
                CoachMode::OnDemand => "on-demand",
                CoachMode::Always => "always",
            }
            .to_string(),
        ),
        pace_ms: Some(setup.pace_ms),
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let text = serde_json::to_string_pretty(&stored).map_err(io::Error::other)?;
    let temporary = path.with_extension(format!("json.{}.tmp", std::process::id()));
    std::fs::write(&temporary, text + "\n")?;
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bots() -> Vec<String> {
        ["random", "medium", "hard"].map(String::from).to_vec()
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "martian-tui-remember-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("martian-dice").join("tui-setup.json")
    }

    #[test]
    fn a_setup_comes_back_as_it_was_saved() {
        let path = scratch("round-trip");
        let mut setup = GameSetup::default_for(&bots(), Lang::PtBr);
        setup.seats.push(SeatSpec::human("Bia"));
        setup.seats.push(SeatSpec::bot("hard"));
        setup.order = Order::Shuffle;
        setup.coach = CoachMode::Always;
        setup.pace_ms = 300;
        setup.seed = Some(42);
        save(&path, &setup).unwrap();
        let remembered = Remembered::load(&path, &bots());
        assert_eq!(remembered.lang, Some(Lang::PtBr));
        let mut again = GameSetup::default_for(&bots(), Lang::PtBr);
        remembered.apply(&mut again);
        assert_eq!(again.seats, setup.seats);
        assert_eq!(again.order, Order::Shuffle);
        assert_eq!(again.coach, CoachMode::Always);
        assert_eq!(again.pace_ms, 300);
        assert_eq!(again.seed, None, "a seed belongs to one game");
        assert_eq!(again.rules, setup.rules);
        let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    #[test]
    fn a_missing_or_damaged_file_gives_nothing_and_bad_fields_are_dropped_one_by_one() {
        let path = scratch("damaged");
        assert_eq!(Remembered::load(&path, &bots()), Remembered::default());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        for damaged in [
            "",
            "{",
            "[1, 2]",
            "null",
            "\u{0}\u{1}garbage",
            "{\"lang\": 7}",
        ] {
            std::fs::write(&path, damaged).unwrap();
            assert_eq!(
                Remembered::load(&path, &bots()),
                Remembered::default(),
                "{damaged:?}"
            );
        }
        std::fs::write(
            &path,
            r#"{"lang": "fr", "order": "shuffle", "coach": "sometimes", "pace_ms": 5,
                "seats": [{"human": "Ana"}, {"bot": "nobody"}], "future": true}"#,
        )
        .unwrap();
        let remembered = Remembered::load(&path, &bots());
        assert_eq!(
            remembered,
            Remembered {
                order: Some(Order::Shuffle),
                ..Remembered::default()
            },
            "an unknown bot drops the seats, not the rest"
        );
        let too_many: Vec<String> = (0..9).map(|i| format!("{{\"human\": \"P{i}\"}}")).collect();
        std::fs::write(&path, format!("{{\"seats\": [{}]}}", too_many.join(","))).unwrap();
        assert_eq!(Remembered::load(&path, &bots()).seats, None);
        std::fs::write(&path, r#"{"seats": [{"human": "Ana", "bot": "hard"}]}"#).unwrap();
        assert_eq!(Remembered::load(&path, &bots()).seats, None, "both at once");
        std::fs::write(&path, r#"{"seats": [{"human": "a\nb"}]}"#).unwrap();
        assert_eq!(Remembered::load(&path, &bots()).seats, None);
        let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    #[test]
    fn a_directory_that_cannot_be_written_is_an_error_not_a_panic() {
        let path = Path::new("/proc/martian-dice/tui-setup.json");
        let setup = GameSetup::default_for(&bots(), Lang::En);
        assert!(save(path, &setup).is_err());
    }
}
