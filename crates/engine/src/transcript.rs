//! Turn transcripts: one line that tells a turn, such as `TTRRRHHCKKKCC/K TRRRHHCC/R stop`.
//!
//! Steps are separated by spaces. A step is a roll written with face letters (a count may prefix
//! a letter: `2T3RH`), then `/` and the letter of the type taken; or the word `stop`. A roll after
//! a take means the player rolled again. A final roll with nothing after it is a roll awaiting a
//! choice, or the roll that ended the turn when no type could be taken.

use std::fmt;
use std::str::FromStr;

use crate::dice::{Dice, ParseDiceError};
use crate::face::Face;
use crate::game::Step;
use crate::rules::Rules;
use crate::turn::{Action, Turn, TurnError};

/// One written step of a transcript.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TranscriptStep {
    /// A roll and, unless it is the last step, the type taken from it.
    Roll {
        /// The dice rolled.
        roll: Dice,
        /// The type taken; `None` for the last roll of a transcript.
        take: Option<Face>,
    },
    /// The player stopped.
    Stop,
}

/// A turn written as a transcript: parsed, not yet checked against the rules.
///
/// ```
/// use martian_engine::{Rules, Transcript, TurnEnd};
/// let transcript: Transcript = "TTRRRHHCKKKCC/K TRRRHHCC/R HHCC/H CC/C".parse().unwrap();
/// let turn = transcript.replay(Rules::official()).unwrap();
/// assert_eq!(turn.ended_by(), Some(TurnEnd::NoDice));
/// assert_eq!(turn.score(), 3 + 2 + 2 + 3);
///
/// let error = "TTRRRHHCKKKCC/K TRRRHKCC/K".parse::<Transcript>().unwrap()
///     .replay(Rules::official()).unwrap_err();
/// assert_eq!(error.step, 2);
/// assert_eq!(error.to_string(), "step 2: chickens were already taken this turn");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Transcript {
    steps: Vec<TranscriptStep>,
}

/// What is wrong with a transcript, and at which step (1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("step {step}: {kind}")]
pub struct TranscriptError {
    /// The step at fault (1-based).
    pub step: usize,
    /// What is wrong with it.
    pub kind: TranscriptErrorKind,
}

/// What is wrong with one step of a transcript.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TranscriptErrorKind {
    /// A roll that cannot be read.
    #[error("bad roll '{text}': {error}")]
    Dice {
        /// The roll as written.
        text: String,
        /// Why it is not a roll.
        error: ParseDiceError,
    },
    /// The text after `/` is not the letter of a type that can be taken.
    #[error("'{0}' after '/' is not a face letter (R, H, C, K; or V, G)")]
    Take(String),
    /// A roll followed by another step has no type taken.
    #[error("the roll has no type taken: write it as ROLL/LETTER, or end the transcript there")]
    MissingTake,
    /// A type is taken from a roll that offered no choice (the turn ended with it).
    #[error("no type can be taken from this roll: the turn ended with it")]
    TakeAfterNoChoice,
    /// A step after the end of the turn.
    #[error("the turn was already over")]
    AfterEnd,
    /// The rules refuse the step.
    #[error(transparent)]
    Rules(TurnError),
}

impl TranscriptError {
    fn at(step: usize, kind: TranscriptErrorKind) -> TranscriptError {
        TranscriptError { step, kind }
    }
}

impl Transcript {
    /// The written steps.
    pub fn steps(&self) -> &[TranscriptStep] {
        &self.steps
    }

    /// Whether the transcript has no step (a turn not yet started).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The transcript of engine steps, as a [`crate::Game`] logs them.
    pub fn from_log_steps(log: &[Step]) -> Transcript {
        let mut steps = Vec::new();
        for step in log {
            match *step {
                Step::Rolled(roll) => steps.push(TranscriptStep::Roll { roll, take: None }),
                Step::Played(Action::Take(face)) => {
                    if let Some(TranscriptStep::Roll { take, .. }) = steps.last_mut() {
                        *take = Some(face);
                    }
                }
                Step::Played(Action::Stop) => steps.push(TranscriptStep::Stop),
                Step::Played(Action::Roll) => {}
            }
        }
        Transcript { steps }
    }

    /// Plays the transcript through `apply`, one engine step at a time, naming the failing step.
    /// `apply` is a turn or a game; its errors are the turn's.
    pub fn play_through(
        &self,
        mut apply: impl FnMut(Step) -> Result<(), TurnError>,
    ) -> Result<(), TranscriptError> {
        let mut over_after: Option<usize> = None;
        for (index, step) in self.steps.iter().enumerate() {
            let number = index + 1;
            if over_after.is_some() {
                return Err(TranscriptError::at(number, TranscriptErrorKind::AfterEnd));
            }
            match *step {
                TranscriptStep::Stop => match apply(Step::Played(Action::Stop)) {
                    Ok(()) => over_after = Some(number),
                    Err(TurnError::AwaitingChoice) if index > 0 => {
                        return Err(TranscriptError::at(
                            number - 1,
                            TranscriptErrorKind::MissingTake,
                        ));
                    }
                    Err(TurnError::Over) => {
                        return Err(TranscriptError::at(number, TranscriptErrorKind::AfterEnd));
                    }
                    Err(e) => {
                        return Err(TranscriptError::at(number, TranscriptErrorKind::Rules(e)));
                    }
                },
                TranscriptStep::Roll { roll, take } => {
                    if index > 0 {
                        match apply(Step::Played(Action::Roll)) {
                            Ok(()) => {}
                            Err(TurnError::AwaitingChoice) => {
                                return Err(TranscriptError::at(
                                    number - 1,
                                    TranscriptErrorKind::MissingTake,
                                ));
                            }
                            Err(TurnError::Over) => {
                                return Err(TranscriptError::at(
                                    number,
                                    TranscriptErrorKind::AfterEnd,
                                ));
                            }
                            Err(e) => {
                                return Err(TranscriptError::at(
                                    number,
                                    TranscriptErrorKind::Rules(e),
                                ));
                            }
                        }
                    }
                    apply(Step::Rolled(roll))
                        .map_err(|e| TranscriptError::at(number, TranscriptErrorKind::Rules(e)))?;
                    if let Some(face) = take {
                        match apply(Step::Played(Action::Take(face))) {
                            Ok(()) => {}
                            Err(TurnError::Over) => {
                                return Err(TranscriptError::at(
                                    number,
                                    TranscriptErrorKind::TakeAfterNoChoice,
                                ));
                            }
                            Err(e) => {
                                return Err(TranscriptError::at(
                                    number,
                                    TranscriptErrorKind::Rules(e),
                                ));
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks the transcript against `rules` and returns where the turn stands after it.
    pub fn replay(&self, rules: Rules) -> Result<Turn, TranscriptError> {
        let mut turn = Turn::new(rules);
        self.play_through(|step| match step {
            Step::Rolled(roll) => turn.apply_roll(roll),
            Step::Played(action) => turn.play(action),
        })?;
        Ok(turn)
    }
}

impl FromStr for Transcript {
    type Err = TranscriptError;

    fn from_str(text: &str) -> Result<Transcript, TranscriptError> {
        let steps = text
            .split_whitespace()
            .enumerate()
            .map(|(index, word)| {
                parse_step(word).map_err(|kind| TranscriptError::at(index + 1, kind))
            })
            .collect::<Result<_, _>>()?;
        Ok(Transcript { steps })
    }
}

fn parse_step(word: &str) -> Result<TranscriptStep, TranscriptErrorKind> {
    if word.eq_ignore_ascii_case("stop") {
        return Ok(TranscriptStep::Stop);
    }
    let (roll_text, take_text) = match word.split_once('/') {
        Some((roll, take)) => (roll, Some(take)),
        None => (word, None),
    };
    let roll = roll_text
        .parse::<Dice>()
        .map_err(|error| TranscriptErrorKind::Dice {
            text: roll_text.to_string(),
            error,
        })?;
    let take = match take_text {
        None => None,
        Some(text) => {
            let mut chars = text.chars();
            match (chars.next().and_then(Face::from_letter), chars.next()) {
                (Some(face), None) => Some(face),
                _ => return Err(TranscriptErrorKind::Take(text.to_string())),
            }
        }
    };
    Ok(TranscriptStep::Roll { roll, take })
}

impl fmt::Display for TranscriptStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscriptStep::Stop => f.write_str("stop"),
            TranscriptStep::Roll { roll, take: None } => write!(f, "{roll}"),
            TranscriptStep::Roll {
                roll,
                take: Some(face),
            } => write!(f, "{roll}/{}", face.letter()),
        }
    }
}

impl fmt::Display for Transcript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, step) in self.steps.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{step}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::{TurnEnd, TurnPhase};

    fn replay(text: &str) -> Result<Turn, TranscriptError> {
        text.parse::<Transcript>()?.replay(Rules::official())
    }

    #[test]
    fn the_issue_example_plays_to_no_dice_left() {
        let turn = replay("TTRRRHHCKKKCC/K TRRRHHCC/R HHCC/H CC/C").unwrap();
        assert_eq!(turn.aside().to_string(), "TTTRRRHHCCKKK");
        assert_eq!(turn.ended_by(), Some(TurnEnd::NoDice));
        assert_eq!(turn.score(), 7 + 3);
    }

    #[test]
    fn a_final_roll_awaits_a_choice() {
        let turn = replay("TTRRRHHCKKKCC/K trrrhhcc").unwrap();
        assert!(matches!(turn.phase(), TurnPhase::Choosing { .. }));
        assert_eq!(turn.legal_takes().to_string(), "RHC");
    }

    #[test]
    fn counts_and_portuguese_letters() {
        let a = replay("2T3R2HVGGGVV/G").unwrap();
        let b = replay("TTRRRHHCKKKCC/K").unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn errors_name_the_step() {
        let cases = [
            (
                "TTRRRHHCKKKCC/K TRRRHHC/R",
                2,
                "step 2: 7 dice were rolled but 8 are available",
            ),
            (
                "TTRRRHHCKKKCC TRRRHHCC/R",
                1,
                "step 1: the roll has no type taken: write it as ROLL/LETTER, or end the transcript there",
            ),
            (
                "TTRRRHHCKKKCC/T",
                1,
                "step 1: tanks cannot be chosen: they are set aside by force",
            ),
            (
                "TTRRRHHCKKKCC/X",
                1,
                "step 1: 'X' after '/' is not a face letter (R, H, C, K; or V, G)",
            ),
            (
                "TTRRRHHCKKKCC/",
                1,
                "step 1: '' after '/' is not a face letter (R, H, C, K; or V, G)",
            ),
            (
                "TTRRRHHCKKKCZ/K",
                1,
                "step 1: bad roll 'TTRRRHHCKKKCZ': 'Z' is not a face letter (T, R, H, C, K; or V, G)",
            ),
            ("stop", 1, "step 1: the dice must be rolled first"),
            (
                "TTRRRHHCKKKCC/K stop stop",
                3,
                "step 3: the turn was already over",
            ),
            ("13C/C stop", 2, "step 2: the turn was already over"),
            (
                "TTRRRHHCKKKCC/K TTTTTTTT/R",
                2,
                "step 2: no type can be taken from this roll: the turn ended with it",
            ),
            (
                "TTRRRHHCKKKCC/K TTTTTTTT HHHHH/H",
                3,
                "step 3: the turn was already over",
            ),
        ];
        for (text, step, message) in cases {
            let error = replay(text).unwrap_err();
            assert_eq!(
                (error.step, error.to_string().as_str()),
                (step, message),
                "{text}"
            );
        }
    }

    #[test]
    fn display_round_trips() {
        let text = "TTRRRHHCCCKKK/K TRRRHHCC/R stop";
        assert_eq!(text.parse::<Transcript>().unwrap().to_string(), text);
        assert_eq!("2t3rh".parse::<Transcript>().unwrap().to_string(), "TTRRRH");
    }
}
