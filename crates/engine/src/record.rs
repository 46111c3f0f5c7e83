//! Game records: a versioned JSON document holding everything needed to check and replay a game.
//! The format is documented in `docs/record-format.md`.

use serde::{Deserialize, Serialize};

use crate::game::{Game, GameError, GameState, RollOffRoll, Step};
use crate::rules::{Points, Rules};
use crate::transcript::{Transcript, TranscriptError};
use crate::turn::TurnError;

/// The value of the `format` field.
pub const RECORD_FORMAT: &str = "martian-dice-record";
/// The version of the format this crate writes and reads.
pub const RECORD_VERSION: u32 = 1;

/// A player as a record names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerInfo {
    /// The name shown for the seat.
    pub name: String,
    /// The bot that played this seat (`greedy`, `exec:./bot.py`, …); absent for a person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

/// One turn of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRecord {
    /// The seat that played the turn (0-based).
    pub seat: usize,
    /// The round of the turn (1-based).
    pub round: u32,
    /// Every roll and decision of the turn (see [`Transcript`]).
    pub transcript: String,
    /// What the turn scored: checked on replay.
    pub score: Points,
}

/// The end of a recorded game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultRecord {
    /// Final totals in seat order.
    pub scores: Vec<Points>,
    /// The winning seats (several only under shared victory).
    pub winners: Vec<usize>,
}

/// A whole game, as written to a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// The format's version: [`RECORD_VERSION`].
    pub version: u32,
    /// The rules the game was played under.
    pub rules: Rules,
    /// The players in seat order.
    pub players: Vec<PlayerInfo>,
    /// The seed the dice were rolled from, when the game was seeded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Every turn in the order played; the last may be unfinished.
    pub turns: Vec<TurnRecord>,
    /// Roll-off rounds, each the rolls of the players still tied, in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roll_off: Vec<Vec<RollOffRoll>>,
    /// Absent while the game is unfinished.
    #[serde(default)]
    pub result: Option<ResultRecord>,
}

/// Where a record breaks the rules or its own format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Not JSON, or not a record: the parser's words.
    #[error("not a game record: {0}")]
    Format(String),
    /// A version this program does not read.
    #[error("record version {0} is not supported (this program reads version {RECORD_VERSION})")]
    Version(u32),
    /// The record's players or rules cannot make a game.
    #[error("{0}")]
    Game(GameError),
    /// A turn's transcript is unreadable or breaks the rules.
    #[error("turn {turn}: {error}")]
    Transcript {
        /// The turn (1-based).
        turn: usize,
        /// The step and what is wrong with it.
        error: TranscriptError,
    },
    /// A turn does not fit the game: out of order, wrongly scored, or after the end.
    #[error("turn {turn}: {message}")]
    Turn {
        /// The turn (1-based).
        turn: usize,
        /// What is wrong.
        message: String,
    },
    /// A roll-off roll does not fit the roll-off.
    #[error("roll-off round {round}, roll {roll}: {message}")]
    RollOff {
        /// The roll-off round (1-based).
        round: usize,
        /// The roll within the round (1-based).
        roll: usize,
        /// What is wrong.
        message: String,
    },
    /// The result does not follow from the turns and the roll-off.
    #[error("result: {0}")]
    Result(String),
}

impl RecordError {
    /// The 1-based turn the error is in, if it is in a turn.
    pub fn turn(&self) -> Option<usize> {
        match self {
            RecordError::Transcript { turn, .. } | RecordError::Turn { turn, .. } => Some(*turn),
            _ => None,
        }
    }

    /// The 1-based step of the turn the error is in, if any.
    pub fn step(&self) -> Option<usize> {
        match self {
            RecordError::Transcript { error, .. } => Some(error.step),
            _ => None,
        }
    }
}

impl GameRecord {
    /// The record of `game` so far, with the players' names and the seed if any.
    pub fn of_game(game: &Game, players: Vec<PlayerInfo>, seed: Option<u64>) -> GameRecord {
        let turns = game
            .history()
            .iter()
            .map(|log| TurnRecord {
                seat: log.seat,
                round: log.round,
                transcript: log.transcript().to_string(),
                score: log.turn.score(),
            })
            .collect();
        let roll_off = game
            .roll_off()
            .map(|r| {
                r.rounds()
                    .iter()
                    .filter(|round| !round.is_empty())
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        let result = game.outcome().map(|outcome| ResultRecord {
            scores: outcome.scores.clone(),
            winners: outcome.winners.clone(),
        });
        GameRecord {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            rules: game.rules(),
            players,
            seed,
            turns,
            roll_off,
            result,
        }
    }

    /// Reads a record from JSON text, checking its format and version (not yet the rules).
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        // The format and version are checked first, so that a newer record is named as such
        // rather than failing on a field this version does not know.
        #[derive(Deserialize)]
        struct Header {
            format: Option<String>,
            version: Option<u32>,
        }
        let header: Header =
            serde_json::from_str(text).map_err(|e| RecordError::Format(e.to_string()))?;
        if header.format.as_deref() != Some(RECORD_FORMAT) {
            return Err(RecordError::Format(format!(
                "the \"format\" field must be \"{RECORD_FORMAT}\""
            )));
        }
        match header.version {
            Some(RECORD_VERSION) => {}
            Some(v) => return Err(RecordError::Version(v)),
            None => {
                return Err(RecordError::Format(
                    "the \"version\" field is missing".into(),
                ));
            }
        }
        serde_json::from_str(text).map_err(|e| RecordError::Format(e.to_string()))
    }

    /// The record as pretty JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// Replays the record under its rules, checking every turn, the roll-off and the result.
    /// Returns the game as it stands at the end of the record.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = Game::new(self.rules, self.players.len()).map_err(RecordError::Game)?;
        for (index, turn) in self.turns.iter().enumerate() {
            let number = index + 1;
            let turn_error = |message: String| RecordError::Turn {
                turn: number,
                message,
            };
            if !matches!(game.state(), GameState::Playing) {
                return Err(turn_error("the game was already over".into()));
            }
            if !game.turn_steps().is_empty() {
                return Err(RecordError::Turn {
                    turn: number - 1,
                    message: "the turn is unfinished but another follows".into(),
                });
            }
            if (turn.seat, turn.round) != (game.seat(), game.round()) {
                return Err(turn_error(format!(
                    "it is seat {} in round {}, not seat {} in round {}",
                    game.seat(),
                    game.round(),
                    turn.seat,
                    turn.round
                )));
            }
            let transcript: Transcript =
                turn.transcript
                    .parse()
                    .map_err(|error| RecordError::Transcript {
                        turn: number,
                        error,
                    })?;
            let history_before = game.history().len();
            transcript
                .play_through(|step| {
                    // A turn that ended by itself (no choice, no dice left) hands the game to the
                    // next seat: a step after it belongs to no turn, as for a lone transcript.
                    if game.history().len() > history_before {
                        return Err(TurnError::Over);
                    }
                    let result = match step {
                        Step::Rolled(roll) => game.apply_roll(roll),
                        Step::Played(action) => game.play(action),
                    };
                    result.map_err(|e| match e {
                        GameError::Turn(e) => e,
                        _ => TurnError::Over,
                    })
                })
                .map_err(|error| RecordError::Transcript {
                    turn: number,
                    error,
                })?;
            let finished = game.history().len() > history_before;
            let is_last = number == self.turns.len();
            if finished {
                let scored = game.history()[history_before].turn.score();
                if scored != turn.score {
                    return Err(turn_error(format!(
                        "the turn scores {scored}, not {}",
                        turn.score
                    )));
                }
            } else if !is_last {
                return Err(turn_error(
                    "the turn is unfinished but another follows".into(),
                ));
            }
        }
        for (round_index, round) in self.roll_off.iter().enumerate() {
            for (roll_index, roll) in round.iter().enumerate() {
                let roll_off_error = |message: String| RecordError::RollOff {
                    round: round_index + 1,
                    roll: roll_index + 1,
                    message,
                };
                let expected = match game.roll_off() {
                    Some(r) if !game.is_over() => r.next_seat(),
                    _ => return Err(roll_off_error("no roll-off is under way".into())),
                };
                if roll.seat != expected {
                    return Err(roll_off_error(format!(
                        "seat {expected} rolls now, not seat {}",
                        roll.seat
                    )));
                }
                game.apply_roll(roll.roll)
                    .map_err(|e| roll_off_error(e.to_string()))?;
            }
        }
        match (&self.result, game.outcome()) {
            (None, None) => {}
            (None, Some(_)) => {
                return Err(RecordError::Result(
                    "the game is over but the record has no result".into(),
                ));
            }
            (Some(_), None) => {
                return Err(RecordError::Result(
                    "the record has a result but the game is not over".into(),
                ));
            }
            (Some(result), Some(outcome)) => {
                if result.scores != outcome.scores || result.winners != outcome.winners {
                    return Err(RecordError::Result(format!(
                        "the game ends with scores {:?} and winners {:?}, not {:?} and {:?}",
                        outcome.scores, outcome.winners, result.scores, result.winners
                    )));
                }
            }
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transcript::TranscriptErrorKind;

    /// A two-player record of one turn, written `transcript`, scoring `score`.
    fn one_turn(transcript: &str, score: Points) -> GameRecord {
        let player = |name: &str| PlayerInfo {
            name: name.into(),
            bot: None,
        };
        GameRecord {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            rules: Rules::official(),
            players: vec![player("Ana"), player("Bob")],
            seed: None,
            turns: vec![TurnRecord {
                seat: 0,
                round: 1,
                transcript: transcript.into(),
                score,
            }],
            roll_off: Vec::new(),
            result: None,
        }
    }

    fn step_error(record: &GameRecord) -> (usize, TranscriptErrorKind) {
        match record.replay() {
            Err(RecordError::Transcript { turn: 1, error }) => (error.step, error.kind),
            other => panic!("expected an error in turn 1's transcript, got {other:?}"),
        }
    }

    #[test]
    fn a_step_after_a_turn_that_ended_by_itself_is_after_its_end_as_for_a_transcript() {
        // Every die aside (13 cows), then a roll, a stop or a take: the turn was already over,
        // as `Transcript::replay` says of the same steps, not "the dice must be rolled first".
        for extra in ["13C", "stop"] {
            let record = one_turn(&format!("13C/C {extra}"), 13);
            assert_eq!(step_error(&record), (2, TranscriptErrorKind::AfterEnd));
            let alone: Transcript = format!("13C/C {extra}").parse().unwrap();
            assert_eq!(
                alone.replay(Rules::official()).unwrap_err().kind,
                TranscriptErrorKind::AfterEnd
            );
        }
        // Nothing but tanks: no choice, so the turn ended with the roll.
        assert_eq!(
            step_error(&one_turn("13T 13T", 0)),
            (2, TranscriptErrorKind::AfterEnd)
        );
        assert_eq!(
            step_error(&one_turn("13T/R", 0)),
            (1, TranscriptErrorKind::TakeAfterNoChoice)
        );
        // The turns themselves replay.
        one_turn("13C/C", 13).replay().unwrap();
        one_turn("13T", 0).replay().unwrap();
    }
}
