//! The engine's errors as a player reads them. The engine words its errors in English
//! (`Display`); these give the same facts in the reader's language — in English word for word
//! what the engine says (a test checks), so switching an interface over changes nothing for
//! English readers. Machine output (`--json` error objects, protocol replies) keeps the
//! engine's `Display`.

use martian_engine::{
    GameError, MAX_DICE, MAX_PLAYERS, ParseDiceError, RECORD_VERSION, RecordError, Rules,
    RulesError, SolveLimit, SolvedGame, TranscriptError, TranscriptErrorKind, TurnError,
};

use crate::vocab::face_id;
use crate::{Messages, tr};

/// A written roll that is not one: "'X' is not a face letter (T, R, H, C, K; or V, G)".
pub fn dice_error(m: &Messages, error: &ParseDiceError) -> String {
    match error {
        ParseDiceError::UnknownLetter(letter) => {
            tr!(m, "error-dice-unknown-letter", letter = letter.to_string())
        }
        ParseDiceError::DanglingCount(count) => tr!(m, "error-dice-dangling-count", count = *count),
        ParseDiceError::ZeroCount => tr!(m, "error-dice-zero-count"),
        ParseDiceError::TooMany => tr!(m, "error-dice-too-many", max = MAX_DICE),
        ParseDiceError::Empty => tr!(m, "error-dice-empty"),
    }
}

/// A move or roll the rules do not allow now: "chickens were already taken this turn".
pub fn turn_error(m: &Messages, error: &TurnError) -> String {
    match error {
        TurnError::Over => tr!(m, "error-turn-over"),
        TurnError::AwaitingChoice => tr!(m, "error-turn-awaiting-choice"),
        TurnError::AwaitingRoll => tr!(m, "error-turn-awaiting-roll"),
        TurnError::AwaitingDecision => tr!(m, "error-turn-awaiting-decision"),
        TurnError::WrongDiceCount { rolled, available } => tr!(
            m,
            "error-turn-wrong-dice-count",
            rolled = *rolled,
            available = *available
        ),
        TurnError::TakeTank => tr!(m, "error-turn-take-tank"),
        TurnError::NotRolled(face) => tr!(m, "error-turn-not-rolled", face = face_id(*face)),
        TurnError::AlreadyTaken(face) => {
            tr!(m, "error-turn-already-taken", face = face_id(*face))
        }
    }
}

/// What is wrong with one step of a transcript, without the step number.
pub fn transcript_error_kind(m: &Messages, kind: &TranscriptErrorKind) -> String {
    match kind {
        TranscriptErrorKind::Dice { text, error } => tr!(
            m,
            "error-transcript-bad-roll",
            text = text,
            error = dice_error(m, error)
        ),
        TranscriptErrorKind::Take(text) => tr!(m, "error-transcript-take", text = text),
        TranscriptErrorKind::MissingTake => tr!(m, "error-transcript-missing-take"),
        TranscriptErrorKind::TakeAfterNoChoice => tr!(m, "error-transcript-take-after-no-choice"),
        TranscriptErrorKind::AfterEnd => tr!(m, "error-transcript-after-end"),
        TranscriptErrorKind::Rules(error) => turn_error(m, error),
    }
}

/// A transcript that breaks the rules or its notation: "step 2: no cows were rolled".
pub fn transcript_error(m: &Messages, error: &TranscriptError) -> String {
    tr!(
        m,
        "error-transcript",
        step = error.step,
        error = transcript_error_kind(m, &error.kind)
    )
}

/// Rules out of range: "the target score must be from 1 to 999, not 0".
pub fn rules_error(m: &Messages, error: &RulesError) -> String {
    match error {
        RulesError::Dice(count) => tr!(
            m,
            "error-rules-dice",
            min = Rules::MIN_DICE,
            max = Rules::MAX_DICE,
            count = *count
        ),
        RulesError::Target(target) => tr!(
            m,
            "error-rules-target",
            min = Rules::MIN_TARGET,
            max = Rules::MAX_TARGET,
            target = *target
        ),
    }
}

/// Rules beyond what the exact solvers take: "exact two-player play with 13 dice is solved for
/// targets up to 758, not 999 (…)".
pub fn solve_limit_error(m: &Messages, limit: &SolveLimit) -> String {
    let game = match limit.game {
        SolvedGame::Solo => "solo",
        SolvedGame::Duel => "duel",
        SolvedGame::Trio => "trio",
        SolvedGame::Quad => "quad",
    };
    tr!(
        m,
        "error-solve-limit",
        game = game,
        dice = limit.dice,
        max = limit.max_target,
        target = limit.target
    )
}

/// [`solve_limit_error`] where the rules and the bots are chosen, with what to choose instead.
pub fn solve_limit_for_bots(m: &Messages, limit: &SolveLimit) -> String {
    format!(
        "{}. {}",
        solve_limit_error(m, limit),
        tr!(m, "error-solve-limit-bots", max = limit.max_target)
    )
}

/// Something a game cannot do now: "the game is over".
pub fn game_error(m: &Messages, error: &GameError) -> String {
    match error {
        GameError::Players(count) => {
            tr!(m, "error-game-players", max = MAX_PLAYERS, count = *count)
        }
        GameError::Over => tr!(m, "error-game-over"),
        GameError::InRollOff => tr!(m, "error-game-in-roll-off"),
        GameError::NoRollOff => tr!(m, "error-game-no-roll-off"),
        GameError::RollOffDice { expected, rolled } => tr!(
            m,
            "error-game-roll-off-dice",
            expected = *expected,
            count = *rolled
        ),
        GameError::Turn(error) => turn_error(m, error),
    }
}

/// Where a game record breaks the rules or its format. The details the engine gives as text
/// (a JSON parser's complaint, a wrong seat) stay in English after a translated lead-in.
pub fn record_error(m: &Messages, error: &RecordError) -> String {
    match error {
        RecordError::Format(detail) => tr!(m, "error-record-format", detail = detail),
        RecordError::Version(version) => tr!(
            m,
            "error-record-version",
            version = *version,
            supported = RECORD_VERSION
        ),
        RecordError::Game(error) => game_error(m, error),
        RecordError::Transcript { turn, error } => tr!(
            m,
            "error-record-turn",
            turn = *turn,
            error = transcript_error(m, error)
        ),
        RecordError::Turn { turn, message } => {
            tr!(m, "error-record-turn", turn = *turn, error = message)
        }
        RecordError::RollOff {
            round,
            roll,
            message,
        } => tr!(
            m,
            "error-record-roll-off",
            round = *round,
            roll = *roll,
            error = message
        ),
        RecordError::Result(message) => tr!(m, "error-record-result", error = message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;
    use martian_engine::Face;

    fn dice_errors() -> Vec<ParseDiceError> {
        vec![
            ParseDiceError::UnknownLetter('X'),
            ParseDiceError::DanglingCount(3),
            ParseDiceError::ZeroCount,
            ParseDiceError::TooMany,
            ParseDiceError::Empty,
        ]
    }

    fn turn_errors() -> Vec<TurnError> {
        let mut all = vec![
            TurnError::Over,
            TurnError::AwaitingChoice,
            TurnError::AwaitingRoll,
            TurnError::AwaitingDecision,
            TurnError::WrongDiceCount {
                rolled: 7,
                available: 8,
            },
            TurnError::WrongDiceCount {
                rolled: 2,
                available: 1,
            },
            TurnError::WrongDiceCount {
                rolled: 1,
                available: 3,
            },
            TurnError::TakeTank,
        ];
        for face in Face::ALL {
            all.push(TurnError::NotRolled(face));
            all.push(TurnError::AlreadyTaken(face));
        }
        all
    }

    fn transcript_kinds() -> Vec<TranscriptErrorKind> {
        let mut all: Vec<TranscriptErrorKind> = dice_errors()
            .into_iter()
            .map(|error| TranscriptErrorKind::Dice {
                text: "TTX".into(),
                error,
            })
            .collect();
        all.extend([
            TranscriptErrorKind::Take("Z".into()),
            TranscriptErrorKind::MissingTake,
            TranscriptErrorKind::TakeAfterNoChoice,
            TranscriptErrorKind::AfterEnd,
        ]);
        all.extend(turn_errors().into_iter().map(TranscriptErrorKind::Rules));
        all
    }

    fn record_errors() -> Vec<RecordError> {
        let mut all = vec![
            RecordError::Format("expected value at line 1 column 1".into()),
            RecordError::Version(9),
            RecordError::Turn {
                turn: 3,
                message: "the turn scores 4, not 5".into(),
            },
            RecordError::RollOff {
                round: 1,
                roll: 2,
                message: "no roll-off is under way".into(),
            },
            RecordError::Result("the record has a result but the game is not over".into()),
        ];
        for error in [
            GameError::Players(9),
            GameError::Over,
            GameError::InRollOff,
            GameError::NoRollOff,
            GameError::RollOffDice {
                expected: 6,
                rolled: 5,
            },
            GameError::Turn(TurnError::AwaitingRoll),
        ] {
            all.push(RecordError::Game(error));
        }
        for kind in transcript_kinds() {
            all.push(RecordError::Transcript {
                turn: 4,
                error: TranscriptError { step: 2, kind },
            });
        }
        all
    }

    /// English words every error exactly as the engine does; Portuguese words it differently,
    /// completely (no variable left unfilled, no message id shown instead of a text).
    #[test]
    fn english_is_the_engines_wording_and_portuguese_is_complete() {
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        let check = |english: String, display: String, portuguese: String| {
            assert_eq!(english, display);
            assert_ne!(portuguese, display, "untranslated");
            assert!(!portuguese.contains('{'), "{portuguese}");
            assert!(!portuguese.contains("error-"), "{portuguese}");
        };
        for error in record_errors() {
            check(
                record_error(en, &error),
                error.to_string(),
                record_error(pt, &error),
            );
        }
        for error in [RulesError::Dice(0), RulesError::Target(1000)] {
            check(
                rules_error(en, &error),
                error.to_string(),
                rules_error(pt, &error),
            );
        }
        for (game, dice, target) in [
            (SolvedGame::Duel, 13, 999),
            (SolvedGame::Trio, 30, 11),
            (SolvedGame::Solo, 1, 999),
        ] {
            let rules = Rules::official()
                .with_dice(dice)
                .unwrap()
                .with_target(target)
                .unwrap();
            let limit = SolveLimit {
                max_target: game.max_target(dice),
                game,
                dice,
                target,
            };
            assert_eq!(game.check(rules).err().unwrap_or(limit), limit);
            check(
                solve_limit_error(en, &limit),
                limit.to_string(),
                solve_limit_error(pt, &limit),
            );
        }
    }

    #[test]
    fn the_limit_where_bots_are_chosen_says_what_to_choose() {
        let limit = martian_engine::SolvedGame::Duel
            .check(Rules::official().with_target(999).unwrap())
            .unwrap_err();
        let en = solve_limit_for_bots(Lang::En.messages(), &limit);
        assert!(
            en.starts_with(
                "exact two-player play with 13 dice is solved for targets up to 758, not 999"
            ),
            "{en}"
        );
        assert!(en.ends_with("Choose a target up to 758, or bots that do not read the solver (greedy, aggressive, defensive, random)."), "{en}");
        let pt = solve_limit_for_bots(Lang::PtBr.messages(), &limit);
        assert!(
            pt.contains("até 758, não 999") && pt.contains("Escolha um alvo até 758"),
            "{pt}"
        );
    }

    #[test]
    fn one_die_is_singular() {
        let en = Lang::En.messages();
        let error =
            |rolled, available| turn_error(en, &TurnError::WrongDiceCount { rolled, available });
        assert_eq!(error(2, 1), "2 dice were rolled but 1 is available");
        assert_eq!(error(1, 3), "1 die was rolled but 3 are available");
        let pt = Lang::PtBr.messages();
        let error =
            |rolled, available| turn_error(pt, &TurnError::WrongDiceCount { rolled, available });
        assert_eq!(error(2, 1), "2 dados foram lançados, mas há 1 disponível");
        assert_eq!(error(1, 3), "1 dado foi lançado, mas há 3 disponíveis");
    }

    #[test]
    fn portuguese_agrees_with_the_face() {
        let pt = Lang::PtBr.messages();
        assert_eq!(
            turn_error(pt, &TurnError::NotRolled(Face::Cow)),
            "não saiu nenhuma vaca"
        );
        assert_eq!(
            turn_error(pt, &TurnError::AlreadyTaken(Face::Chicken)),
            "as galinhas já foram pegas neste turno"
        );
        assert_eq!(
            turn_error(pt, &TurnError::AlreadyTaken(Face::Human)),
            "os humanos já foram pegos neste turno"
        );
    }
}
