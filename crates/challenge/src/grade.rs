//! The grade of a challenge's game: the chance to win the person's decisions lost against
//! perfect play, from the exact review, with the game's result beside it.

use martian_engine::{Action, GameRecord, Points, Step, Transcript, Turn};
use martian_review::Class;
use serde::Serialize;

use crate::{Challenge, ChallengeDate, ChallengeError, position_key};

/// One decision of the person, valued by the review.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GradedDecision {
    /// The turn of the record, from 1.
    pub turn: usize,
    /// The round, from 1.
    pub round: u32,
    /// The position ([`position_key`]).
    pub key: String,
    /// The turn up to the decision, as a transcript.
    pub transcript: String,
    /// What the person chose (`R`, `H`, `C`, `K`, `stop`, `roll`).
    #[serde(serialize_with = "serialize_action")]
    pub chosen: Action,
    /// What perfect play chooses.
    #[serde(serialize_with = "serialize_action")]
    pub best: Action,
    /// The chance to win lost against the best option, in percentage points.
    pub loss: f64,
    /// The review's class of the decision.
    pub class: Class,
    /// A single option: nothing to choose.
    pub forced: bool,
}

/// One turn of the person: the worst class of its decisions ([`Class::Best`] for a turn
/// without a choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// The turn of the record, from 1.
    pub turn: usize,
    /// The worst class of the turn's decisions.
    pub class: Class,
}

impl Mark {
    /// The mark's square: best 🟩, inaccuracy 🟨, mistake 🟧, blunder 🟥.
    pub fn symbol(self) -> &'static str {
        match self.class {
            Class::Best => "🟩",
            Class::Inaccuracy => "🟨",
            Class::Mistake => "🟧",
            Class::Blunder => "🟥",
        }
    }
}

/// The grade of a challenge's game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Grade {
    /// The skill: the sum of the person's losses of chance to win against perfect play, in
    /// percentage points (0 is perfect play; lower is better). The board orders by it.
    pub loss_points: f64,
    /// The review's accuracy of the person (`None` when no decision put anything at stake).
    pub accuracy: Option<f64>,
    /// Whether the person won.
    pub won: bool,
    /// Final totals in seat order.
    pub scores: Vec<Points>,
    /// Every decision of the person, in order (forced ones included, losing nothing).
    pub decisions: Vec<GradedDecision>,
    /// One per turn of the person, in order.
    pub marks: Vec<Mark>,
}

impl Grade {
    /// The row of marks: one square per turn of the person.
    pub fn marks_row(&self) -> String {
        self.marks.iter().map(|mark| mark.symbol()).collect()
    }

    /// A share text without spoilers (no dice, no scores): the day, the chance lost and the
    /// marks, e.g. `Martian Dice daily 2026-12-07 — 1.3 points of chance lost` and a row of
    /// squares.
    pub fn share_text(&self, date: ChallengeDate) -> String {
        format!(
            "Martian Dice daily {date} — {:.1} points of chance lost\n{}",
            self.loss_points,
            self.marks_row()
        )
    }

    /// The person's decisions that lost the most, biggest first (ties in the order played),
    /// leaving out those that lost nothing.
    pub fn biggest_losses(&self) -> Vec<&GradedDecision> {
        let mut list: Vec<&GradedDecision> =
            self.decisions.iter().filter(|d| d.loss > 0.0).collect();
        list.sort_by(|a, b| b.loss.total_cmp(&a.loss));
        list
    }
}

fn serialize_action<S: serde::Serializer>(
    action: &Action,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&action.code())
}

/// Grades `record`, a finished game of `challenge`: refuses a record whose rules, seats, seed or
/// dice are not the challenge's (naming the first roll that differs), then values every decision
/// of the person with the exact review (`martian_review::review`; the duel's solution is loaded
/// or solved).
pub fn grade(challenge: &Challenge, record: &GameRecord) -> Result<Grade, ChallengeError> {
    let keys = check(challenge, record)?;
    let review = martian_review::review(record)?;
    if let Some(stopped) = &review.stopped {
        return Err(ChallengeError::Review(stopped.reason.to_string()));
    }
    let person = challenge.person_seat();
    let decisions: Vec<GradedDecision> = review
        .decisions
        .iter()
        .filter(|d| d.seat == person)
        .zip(keys)
        .map(|(d, key)| GradedDecision {
            turn: d.turn,
            round: d.round,
            key,
            transcript: d.transcript.clone(),
            chosen: d.chosen,
            best: d.best,
            loss: 100.0 * d.loss,
            class: d.class,
            forced: d.forced,
        })
        .collect();
    let marks = record
        .turns
        .iter()
        .enumerate()
        .filter(|(_, t)| t.seat == person)
        .map(|(index, _)| Mark {
            turn: index + 1,
            class: decisions
                .iter()
                .filter(|d| d.turn == index + 1 && !d.forced)
                .map(|d| d.class)
                .max()
                .unwrap_or(Class::Best),
        })
        .collect();
    let result = record.result.as_ref().ok_or(ChallengeError::Unfinished)?;
    Ok(Grade {
        loss_points: decisions.iter().map(|d| d.loss).sum(),
        accuracy: review.seats[person].accuracy,
        won: result.winners.contains(&person),
        scores: result.scores.clone(),
        decisions,
        marks,
    })
}

/// Checks that `record` is a finished game of `challenge` with its dice; the position key of
/// every decision of the person, in order.
fn check(challenge: &Challenge, record: &GameRecord) -> Result<Vec<String>, ChallengeError> {
    let not_this = |what: String| ChallengeError::NotThisChallenge {
        date: challenge.date,
        what,
    };
    if record.rules != challenge.rules {
        return Err(not_this(format!("the rules are {}", record.rules)));
    }
    if record.players.len() != challenge.players() {
        return Err(not_this(format!(
            "{} players, not {}",
            record.players.len(),
            challenge.players()
        )));
    }
    if let Some(seed) = record.seed.filter(|&seed| seed != challenge.seed) {
        return Err(not_this(format!(
            "the seed is {seed}, not {}",
            challenge.seed
        )));
    }
    let replayed = record.replay()?;
    let mut game = challenge.new_game();
    let mut keys = Vec::new();
    for (index, turn) in record.turns.iter().enumerate() {
        let mut roll = 0;
        for step in steps(&turn.transcript, index + 1, challenge)? {
            match step {
                Step::Rolled(recorded) => {
                    roll += 1;
                    let expected = challenge.dice(&game)?;
                    if recorded != expected {
                        return Err(ChallengeError::TurnRoll {
                            turn: index + 1,
                            roll,
                            expected,
                            recorded,
                        });
                    }
                    game.apply_roll(recorded)?;
                }
                Step::Played(action) => {
                    if game.seat() == challenge.person_seat() {
                        keys.push(position_key(&game.situation()));
                    }
                    game.play(action)?;
                }
            }
        }
    }
    for (round_index, round) in record.roll_off.iter().enumerate() {
        for (roll_index, roll) in round.iter().enumerate() {
            let expected = challenge.dice(&game)?;
            if roll.roll != expected {
                return Err(ChallengeError::RollOffRoll {
                    round: round_index + 1,
                    roll: roll_index + 1,
                    expected,
                    recorded: roll.roll,
                });
            }
            game.apply_roll(roll.roll)?;
        }
    }
    // The dice first: a changed roll is named even in an unfinished game.
    if !replayed.is_over() {
        return Err(ChallengeError::Unfinished);
    }
    Ok(keys)
}

/// The engine steps of a turn's transcript (already checked by the record's replay).
fn steps(
    transcript: &str,
    turn_number: usize,
    challenge: &Challenge,
) -> Result<Vec<Step>, ChallengeError> {
    let record_error = |error| {
        ChallengeError::Record(martian_engine::RecordError::Transcript {
            turn: turn_number,
            error,
        })
    };
    let transcript: Transcript = transcript.parse().map_err(record_error)?;
    let mut turn = Turn::new(challenge.rules);
    let mut steps = Vec::new();
    transcript
        .play_through(|step| {
            match step {
                Step::Rolled(roll) => turn.apply_roll(roll)?,
                Step::Played(action) => turn.play(action)?,
            }
            steps.push(step);
            Ok(())
        })
        .map_err(record_error)?;
    Ok(steps)
}
