//! What the game tells besides the table: refused moves, errors, the replay's position and the
//! help.

use martian_engine::Face;
use martian_i18n::{Messages, errors, tr};

use super::{
    KeyAction, key_text, none_rolled, taken_already, trainer_players, trainer_theme_never,
};
use crate::session::{BotFault, Illegal, MoveRefused, StartError};
use crate::setup::SetupError;

/// "Zorg could not play: …": what a bot says of itself stays in its own words.
pub fn bot_stuck(m: &Messages, name: &str, cause: &BotFault) -> String {
    let error = match cause {
        BotFault::Bot(error) => error.to_string(),
        BotFault::Game(error) => errors::game_error(m, error),
    };
    tr!(m, "tui-bot-failed", name = name, error = error)
}

/// A person's roll or decision that was refused: "Not now: no cows were rolled".
pub fn move_refused(m: &Messages, refused: &MoveRefused) -> String {
    match refused {
        MoveRefused::Illegal(why) => {
            let reason = match *why {
                Illegal::TakenAlready(face) => taken_already(m, face),
                Illegal::NoneRolled(face) => none_rolled(m, face),
                Illegal::ChooseFirst => choose_first(m),
                Illegal::StopOrRoll => stop_or_roll(m),
                Illegal::NotNow => not_now(m),
            };
            illegal(m, &reason)
        }
        MoveRefused::Game(error) => errors::game_error(m, error),
    }
}

pub fn illegal(m: &Messages, reason: &str) -> String {
    tr!(m, "tui-illegal", reason = reason)
}

/// Why the setup form cannot start: the rules, the seats, a bot (in its own words), or the
/// trainer's limits.
pub fn setup_error(m: &Messages, error: &SetupError) -> String {
    match error {
        SetupError::Rules(error) => errors::rules_error(m, error),
        SetupError::Start(StartError::Game(error)) => errors::game_error(m, error),
        SetupError::Start(StartError::Bot(error)) => error.to_string(),
        SetupError::Start(StartError::Limit(limit)) | SetupError::Limit(limit) => {
            errors::solve_limit_for_bots(m, limit)
        }
        SetupError::TrainerPlayers => trainer_players(m),
        SetupError::TrainerThemeNever { players } => trainer_theme_never(m, *players),
    }
}
pub fn not_your_turn(m: &Messages) -> String {
    tr!(m, "tui-not-your-turn", fast = key_text(m, KeyAction::Fast))
}
pub fn stopped_by_signal(m: &Messages) -> String {
    tr!(m, "tui-stopped-by-signal")
}
pub fn terminal_gone(m: &Messages) -> String {
    tr!(m, "tui-terminal-gone")
}
pub fn too_small(m: &Messages, width: u16, height: u16) -> String {
    tr!(m, "tui-too-small", width = width, height = height)
}
pub fn choose_first(m: &Messages) -> String {
    tr!(m, "tui-choose-first")
}
pub fn stop_or_roll(m: &Messages) -> String {
    tr!(
        m,
        "tui-stop-or-roll",
        stop = key_text(m, KeyAction::Stop),
        roll = key_text(m, KeyAction::Roll)
    )
}
pub fn not_now(m: &Messages) -> String {
    tr!(m, "tui-not-now")
}
pub fn replay_position(
    m: &Messages,
    step: usize,
    steps: usize,
    turn: usize,
    turns: usize,
) -> String {
    tr!(
        m,
        "tui-replay-position",
        step = step,
        steps = steps,
        turn = turn,
        turns = turns
    )
}
pub fn replay_next(m: &Messages, name: &str) -> String {
    tr!(m, "tui-replay-next", name = name)
}
/// The head of the legend of the faces.
pub fn faces_legend_head(m: &Messages) -> String {
    tr!(m, "tui-faces-legend")
}
/// The setup screen's help, a line each.
pub fn setup_help(m: &Messages) -> Vec<String> {
    tr!(m, "tui-setup-help")
        .lines()
        .map(str::to_string)
        .collect()
}
/// The help overlay, a line each.
pub fn help(m: &Messages) -> Vec<String> {
    let k = |action| key_text(m, action);
    tr!(
        m,
        "tui-help",
        ray = k(KeyAction::Take(Face::DeathRay)),
        human = k(KeyAction::Take(Face::Human)),
        cow = k(KeyAction::Take(Face::Cow)),
        chicken = k(KeyAction::Take(Face::Chicken)),
        stop = k(KeyAction::Stop),
        roll = k(KeyAction::Roll),
        coach = k(KeyAction::Coach),
        fast = k(KeyAction::Fast),
        quit = k(KeyAction::Quit),
        card = k(KeyAction::Card)
    )
    .lines()
    .map(str::to_string)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_i18n::Lang;

    /// Every refusal the terminal game shows, worded completely in both languages: no message
    /// id, no unfilled variable, and English and Portuguese different.
    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        use martian_engine::{GameError, RulesError, TurnError};
        let illegal = [
            Illegal::TakenAlready(Face::Cow),
            Illegal::NoneRolled(Face::Human),
            Illegal::ChooseFirst,
            Illegal::StopOrRoll,
            Illegal::NotNow,
        ];
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        let mut texts: Vec<(String, String)> = Vec::new();
        for why in illegal {
            let refused = MoveRefused::Illegal(why);
            texts.push((move_refused(en, &refused), move_refused(pt, &refused)));
        }
        let refused = MoveRefused::Game(GameError::Over);
        texts.push((move_refused(en, &refused), move_refused(pt, &refused)));
        let setup = [
            SetupError::Rules(RulesError::Target(0)),
            SetupError::Start(StartError::Game(GameError::Players(9))),
            SetupError::TrainerPlayers,
            SetupError::TrainerThemeNever { players: 4 },
            SetupError::Start(StartError::Limit(
                martian_engine::SolvedGame::Duel
                    .check(martian_engine::Rules::official().with_target(999).unwrap())
                    .unwrap_err(),
            )),
        ];
        for error in &setup {
            texts.push((setup_error(en, error), setup_error(pt, error)));
        }
        let stuck = BotFault::Game(GameError::Turn(TurnError::TakeTank));
        texts.push((bot_stuck(en, "Zorg", &stuck), bot_stuck(pt, "Zorg", &stuck)));
        for (english, portuguese) in &texts {
            for text in [english, portuguese] {
                assert!(!text.contains('{') && !text.contains("tui-"), "{text}");
            }
            assert_ne!(english, portuguese);
        }
        assert_eq!(texts[0].0, "Not now: cows taken");
        assert_eq!(texts[3].1, "Agora não: pare [p] ou lance de novo [l]");
        assert_eq!(texts[5].0, "the game is over");
        assert_eq!(texts[6].0, "the target score must be from 1 to 999, not 0");
        assert_eq!(texts[7].1, "uma partida tem de 1 a 8 jogadores, não 9");
        assert!(
            texts[10].0.contains("up to 758, not 999"),
            "{}",
            texts[10].0
        );
        assert!(texts[10].1.contains("até 758, não 999"), "{}", texts[10].1);
    }

    /// A bot's own complaint stays in its words, after the language's lead-in.
    #[test]
    fn a_bot_s_failure_keeps_its_own_words() {
        let cause = BotFault::Bot(martian_bots::BotError::Misbehaved {
            bot: "exec:./zorg".into(),
            message: "answered 'jump'".into(),
        });
        assert_eq!(
            bot_stuck(Lang::PtBr.messages(), "Zorg", &cause),
            "Zorg não conseguiu jogar: exec:./zorg: answered 'jump'"
        );
        let start = SetupError::Start(StartError::Bot(martian_bots::BotError::UnknownBot {
            spec: "zorg".into(),
            known: "greedy".into(),
        }));
        assert_eq!(
            setup_error(Lang::PtBr.messages(), &start),
            "unknown bot 'zorg'; known bots: greedy"
        );
    }

    #[test]
    fn the_help_fits_its_box_in_every_language() {
        for lang in Lang::ALL {
            let lines = help(lang.messages());
            assert_eq!(lines.len(), 11, "{lang}");
            assert_eq!(lines[7], "", "{lang}: the blank line is kept");
            for line in &lines {
                assert!(line.chars().count() <= 64, "{lang}: {line}");
            }
            for line in setup_help(lang.messages()) {
                assert!(line.chars().count() <= 64, "{lang}: {line}");
            }
        }
    }
}
