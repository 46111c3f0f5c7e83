//! The review of a game record: every decision valued and classed, each turn's move split into
//! luck and skill, every seat's chance after every turn, and a summary per seat.

use std::ops::Range;

use martian_engine::{
    Action, Game, GameRecord, GameState, PlayerInfo, Points, RecordError, RollOffRoll, Rules, Step,
    Transcript, TranscriptError, Turn,
};
use martian_solver::PositionError;
use serde::{Serialize, Serializer};

use crate::measure::{Class, Measure, Thresholds};
use crate::summary::{SeatSummary, summarise};
use crate::valuer::{OptionValue, Options, Position, Valuation, Valuer};

/// A reviewed game. Serialises to the JSON of `martian-dice review --json` (see
/// `docs/review-format.md`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    pub rules: Rules,
    pub players: Vec<PlayerInfo>,
    /// Which solution the values come from.
    pub valuation: Valuation,
    /// Whether the values are an approximation (those of a reduced game: four players and more).
    pub approximate: bool,
    pub measure: Measure,
    /// The losses from which a decision is an inaccuracy, a mistake, a blunder (in the measure).
    pub thresholds: Thresholds,
    /// Every decision of every seat, in the order they were made.
    pub decisions: Vec<Decision>,
    /// Every turn reviewed, in order (the last one unfinished if the record stops in a turn).
    pub turns: Vec<TurnReview>,
    /// One summary per seat, in seat order.
    pub seats: Vec<SeatSummary>,
    /// Every seat's chance to win: before the first turn, then after each finished turn, then
    /// (when the record has one) after the roll-off. A finished game's last entry is 1 for the
    /// winner and 0 for the others (1/k each for k winners sharing a victory).
    pub win_probability: Vec<Vec<f64>>,
    /// Solo play: the expected length of the game in turns (turns played + turns still expected),
    /// at the same points as `win_probability`. `None` with two players or more.
    pub expected_turns: Option<Vec<f64>>,
    /// The roll-off, if the game went to one.
    pub roll_off: Option<RollOffReview>,
    /// Whether the game is over.
    pub finished: bool,
    /// The winning seats, once the game is over.
    pub winners: Vec<usize>,
    /// Where and why the review stops before the end of the record, if it does.
    pub stopped: Option<Stopped>,
}

/// One decision: a type to take, or stop or roll again.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    pub seat: usize,
    /// The turn of the record, from 1.
    pub turn: usize,
    pub round: u32,
    /// The banked totals at the start of the turn, in seat order.
    pub scores: Vec<Points>,
    /// The turn up to the decision: with `scores` and `seat`, the position as `advise` takes it.
    pub transcript: String,
    /// Every legal option and its value (in the order R, H, C, K, or stop, roll).
    pub options: Vec<OptionValue>,
    #[serde(serialize_with = "crate::serialize_action")]
    pub chosen: Action,
    #[serde(serialize_with = "crate::serialize_action")]
    pub best: Action,
    /// How much worse the chosen option is than the best (0 for the best).
    pub loss: f64,
    /// How much worse the worst option is than the best: what the decision put at stake.
    pub stake: f64,
    pub class: Class,
    /// A single option: nothing to choose.
    pub forced: bool,
    /// Why the best option is best, for a decision that is not classed best (the coach's
    /// reason, `martian_solver::Reason`: the difference between the best option and the next
    /// best in parts, the largest named); `None` for the best and forced ones.
    pub reason: Option<martian_solver::Reason>,
}

/// One turn: how the mover's value moved, and why.
///
/// `after − before = luck + skill`: `skill` is what the decisions changed (minus the losses for
/// a win probability, plus the turns lost for solo play), `luck` all the rest, which is what the
/// dice did (under the exact solutions, exactly the sum over the turn's rolls of the value after
/// the roll minus the value before it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnReview {
    /// From 1.
    pub turn: usize,
    pub seat: usize,
    pub round: u32,
    pub transcript: String,
    /// What the turn scored (so far, if unfinished).
    pub score: Points,
    pub finished: bool,
    /// The mover's value at the start of the turn.
    pub before: f64,
    /// The mover's value after the turn (if unfinished: of the turn as it stands).
    pub after: f64,
    pub luck: f64,
    pub skill: f64,
    /// The turn's decisions in [`Review::decisions`].
    pub decisions: Range<usize>,
}

impl TurnReview {
    /// The whole move of the mover's value over the turn.
    pub fn whole(&self) -> f64 {
        self.after - self.before
    }
}

/// The roll-off among the players tied for the most points.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RollOffReview {
    /// The seats tied at the end of the last round.
    pub tied: Vec<usize>,
    /// The rounds of rolls the record holds.
    pub rounds: Vec<Vec<RollOffRoll>>,
    /// The seat that won it, once settled.
    pub winner: Option<usize>,
}

/// Where a review stops before the end of its record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stopped {
    /// The turn (from 1) the review stops in, if it stops in a turn.
    pub turn: Option<usize>,
    /// The turn up to the decision that could not be valued, if it was one.
    pub transcript: Option<String>,
    #[serde(serialize_with = "serialize_reason")]
    pub reason: StopReason,
}

/// Why a review stops.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StopReason {
    /// The record breaks the rules (or its own format) there.
    #[error("the record breaks the rules: {0}")]
    Record(RecordError),
    /// The solver refuses the position.
    #[error("the solver cannot value the position: {0}")]
    Position(PositionError),
    /// The reduced game of a position is not one the solutions cover.
    #[error("no solution covers the position: its reduced game is not one a game reaches")]
    NotCovered,
    /// A decision was recorded where the turn awaited none.
    #[error("the turn awaited no decision there")]
    NoDecision,
}

impl StopReason {
    /// The stable name used in JSON: `record`, `position`, `not-covered`, `no-decision`.
    pub fn kind(&self) -> &'static str {
        match self {
            StopReason::Record(_) => "record",
            StopReason::Position(_) => "position",
            StopReason::NotCovered => "not-covered",
            StopReason::NoDecision => "no-decision",
        }
    }
}

fn serialize_reason<S: Serializer>(reason: &StopReason, serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct;
    let mut s = serializer.serialize_struct("StopReason", 2)?;
    s.serialize_field("kind", reason.kind())?;
    s.serialize_field("detail", &reason.to_string())?;
    s.end()
}

/// Reviews `record`: every decision of every seat valued by the solver, in order, as far as the
/// record is valid and the solver can value it.
///
/// The solutions are loaded (from memory or the disk cache, else solved: about a second for a
/// duel, under a minute for three players under the official rules). Fails only when the record
/// cannot even set up a game (no players, or more than eight).
pub fn review(record: &GameRecord) -> Result<Review, RecordError> {
    let rules = record.rules;
    let players = record.players.len();
    let game = Game::new(rules, players).map_err(RecordError::Game)?;
    // The record is checked first: a turn that breaks the rules ends the review before it.
    let (valid_turns, record_error) = match record.replay() {
        Ok(_) => (record.turns.len(), None),
        Err(RecordError::Game(error)) => return Err(RecordError::Game(error)),
        Err(error) => {
            let valid = error.turn().map_or(record.turns.len(), |turn| turn - 1);
            (valid.min(record.turns.len()), Some(error))
        }
    };
    let valuation = Valuation::for_game(rules, players);
    let mut walk = Walk {
        record,
        game,
        measure: valuation.measure(),
        decisions: Vec::new(),
        turns: Vec::new(),
        chances: Vec::new(),
        expected_turns: (players == 1).then(Vec::new),
        roll_off: None,
        stopped: None,
    };
    match Valuer::new(rules, players) {
        Ok(valuer) => walk.run(&valuer, valid_turns),
        Err(reason) => walk.stop(Some(1), None, reason),
    }
    if walk.stopped.is_none()
        && let Some(error) = record_error
    {
        let turn = error.turn();
        walk.stop(turn, None, StopReason::Record(error));
    }
    Ok(walk.finish(valuation))
}

/// Which turn a decision is made in: its number in the record, the mover, the round, the banked
/// totals at its start.
#[derive(Clone, Copy)]
struct At<'a> {
    turn: usize,
    seat: usize,
    round: u32,
    scores: &'a [Points],
}

/// The state of a review under way.
struct Walk<'a> {
    record: &'a GameRecord,
    game: Game,
    measure: Measure,
    decisions: Vec<Decision>,
    turns: Vec<TurnReview>,
    chances: Vec<Vec<f64>>,
    expected_turns: Option<Vec<f64>>,
    roll_off: Option<RollOffReview>,
    stopped: Option<Stopped>,
}

impl Walk<'_> {
    fn stop(&mut self, turn: Option<usize>, transcript: Option<String>, reason: StopReason) {
        self.stopped = Some(Stopped {
            turn,
            transcript,
            reason,
        });
    }

    /// Reviews the first `valid_turns` turns, then the roll-off.
    fn run(&mut self, valuer: &Valuer, valid_turns: usize) {
        if let Err(reason) = self.record_chances(valuer) {
            self.stop(Some(1), None, reason);
            return;
        }
        for index in 0..valid_turns {
            if let Err((transcript, reason)) = self.turn(valuer, index) {
                self.stop(Some(index + 1), transcript, reason);
                return;
            }
        }
        if valid_turns == self.record.turns.len() {
            self.roll_off(valuer);
        }
    }

    /// Appends every seat's chance as the game stands (and, solo, the expected game length).
    fn record_chances(&mut self, valuer: &Valuer) -> Result<(), StopReason> {
        let game = &self.game;
        let players = game.players();
        let shares = |seats: &[usize]| {
            let mut chances = vec![0.0; players];
            for &seat in seats {
                chances[seat] = 1.0 / seats.len() as f64;
            }
            chances
        };
        let chances = match game.state() {
            GameState::Over(outcome) => shares(&outcome.winners),
            GameState::RollOff(roll_off) => shares(roll_off.contenders()),
            GameState::Playing => valuer.seat_chances(Position {
                scores: game.scores(),
                seat: game.seat(),
                final_round: game.triggered_by().is_some(),
            })?,
        };
        if let Some(series) = &mut self.expected_turns {
            let played = game.history().len() as f64;
            let left = valuer.turns_left(game.scores()[0]);
            series.push(played + left);
        }
        self.chances.push(chances);
        Ok(())
    }

    /// The mover's value in the last entry of the series.
    fn last_value(&self, seat: usize) -> f64 {
        match &self.expected_turns {
            Some(series) => *series
                .last()
                .expect("the series starts before the first turn"),
            None => self
                .chances
                .last()
                .expect("the series starts before the first turn")[seat],
        }
    }

    /// Reviews turn `index` (0-based) of the record; on failure, the position reached (the turn
    /// up to a decision) and why.
    fn turn(&mut self, valuer: &Valuer, index: usize) -> Result<(), (Option<String>, StopReason)> {
        let rules = self.record.rules;
        let turn_record = &self.record.turns[index];
        let steps = engine_steps(&turn_record.transcript, rules)
            .map_err(|e| (None, record_error(index + 1, e)))?;
        let scores = self.game.scores().to_vec();
        let (seat, round) = (self.game.seat(), self.game.round());
        let position = Position {
            scores: &scores,
            seat,
            final_round: self.game.triggered_by().is_some(),
        };
        let table = valuer.table(position).map_err(|r| (None, r))?;
        let before = self.last_value(seat);
        let first_decision = self.decisions.len();
        let finished_before = self.game.history().len();
        let mut skill = 0.0;
        for (i, &step) in steps.iter().enumerate() {
            if let Step::Played(chosen) = step {
                let so_far = Transcript::from_log_steps(&steps[..i]).to_string();
                let turn = *self.game.turn();
                let options = valuer
                    .options(position, table, &turn)
                    .map_err(|r| (Some(so_far.clone()), r))?;
                let at = At {
                    turn: index + 1,
                    seat,
                    round,
                    scores: &scores,
                };
                let mut decision = self
                    .decision(at, so_far.clone(), chosen, options)
                    .ok_or((Some(so_far), StopReason::NoDecision))?;
                if !decision.forced && decision.class != Class::Best {
                    decision.reason = valuer.reason(position, table, &turn, &decision);
                }
                skill += match self.measure {
                    Measure::WinProbability => -decision.loss,
                    Measure::ExpectedTurns => decision.loss,
                };
                self.decisions.push(decision);
            }
            let applied = match step {
                Step::Rolled(roll) => self.game.apply_roll(roll),
                Step::Played(action) => self.game.play(action),
            };
            applied.map_err(|e| {
                (
                    None,
                    StopReason::Record(RecordError::Turn {
                        turn: index + 1,
                        message: e.to_string(),
                    }),
                )
            })?;
        }
        let finished = self.game.history().len() > finished_before;
        let (score, after) = if finished {
            self.record_chances(valuer).map_err(|r| (None, r))?;
            let score = self.game.history()[finished_before].turn.score();
            (score, self.last_value(seat))
        } else {
            // The turn as it stands: its value under the best play from here.
            let now = valuer.turn_value(table, self.game.turn());
            let played = match &self.expected_turns {
                Some(_) => self.game.history().len() as f64,
                None => 0.0,
            };
            (self.game.turn().score(), played + now)
        };
        self.turns.push(TurnReview {
            turn: index + 1,
            seat,
            round,
            transcript: Transcript::from_log_steps(&steps).to_string(),
            score,
            finished,
            before,
            after,
            luck: (after - before) - skill,
            skill,
            decisions: first_decision..self.decisions.len(),
        });
        Ok(())
    }

    /// The decision `chosen` among `options`, made `at` a turn after `transcript`; `None` when
    /// `chosen` is not one of the options.
    fn decision(
        &self,
        at: At<'_>,
        transcript: String,
        chosen: Action,
        options: Options,
    ) -> Option<Decision> {
        let chosen_value = options.value_of(chosen)?;
        let best_value = options.value_of(options.best)?;
        let loss = if chosen == options.best {
            0.0
        } else {
            self.measure.loss(best_value, chosen_value)
        };
        let stake = options
            .options
            .iter()
            .map(|o| self.measure.loss(best_value, o.value))
            .fold(0.0, f64::max);
        Some(Decision {
            seat: at.seat,
            turn: at.turn,
            round: at.round,
            scores: at.scores.to_vec(),
            transcript,
            forced: options.options.len() == 1,
            options: options.options,
            chosen,
            best: options.best,
            loss,
            stake,
            class: self.measure.thresholds().classify(loss),
            reason: None,
        })
    }

    /// Plays the record's roll-off, if the game went to one.
    fn roll_off(&mut self, valuer: &Valuer) {
        let tied = match self.game.state() {
            GameState::RollOff(roll_off) => roll_off.contenders().to_vec(),
            _ => return,
        };
        let mut rolled = false;
        for (round_index, round) in self.record.roll_off.iter().enumerate() {
            for (roll_index, roll) in round.iter().enumerate() {
                if let Err(error) = self.game.apply_roll(roll.roll) {
                    let error = RecordError::RollOff {
                        round: round_index + 1,
                        roll: roll_index + 1,
                        message: error.to_string(),
                    };
                    self.stop(None, None, StopReason::Record(error));
                    return;
                }
                rolled = true;
            }
        }
        if rolled && let Err(reason) = self.record_chances(valuer) {
            self.stop(None, None, reason);
        }
        let rounds = self
            .game
            .roll_off()
            .map(|r| {
                r.rounds()
                    .iter()
                    .filter(|round| !round.is_empty())
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        self.roll_off = Some(RollOffReview {
            tied,
            rounds,
            winner: match self.game.state() {
                GameState::Over(outcome) => outcome.winners.first().copied(),
                _ => None,
            },
        });
    }

    fn finish(self, valuation: Valuation) -> Review {
        let names: Vec<String> = self.record.players.iter().map(|p| p.name.clone()).collect();
        let seats = summarise(&names, &self.decisions, &self.turns);
        let winners = self
            .game
            .outcome()
            .map(|o| o.winners.clone())
            .unwrap_or_default();
        Review {
            rules: self.record.rules,
            players: self.record.players.clone(),
            valuation,
            approximate: !valuation.is_exact(),
            measure: self.measure,
            thresholds: self.measure.thresholds(),
            decisions: self.decisions,
            turns: self.turns,
            seats,
            win_probability: self.chances,
            expected_turns: self.expected_turns,
            roll_off: self.roll_off,
            finished: self.game.is_over(),
            winners,
            stopped: self.stopped,
        }
    }
}

fn record_error(turn: usize, error: TranscriptError) -> StopReason {
    StopReason::Record(RecordError::Transcript { turn, error })
}

/// The engine steps of a transcript (checked against `rules`): rolls, takes, stop and roll again.
pub(crate) fn engine_steps(text: &str, rules: Rules) -> Result<Vec<Step>, TranscriptError> {
    let transcript: Transcript = text.parse()?;
    let mut turn = Turn::new(rules);
    let mut steps = Vec::new();
    transcript.play_through(|step| {
        match step {
            Step::Rolled(roll) => turn.apply_roll(roll)?,
            Step::Played(action) => turn.play(action)?,
        }
        steps.push(step);
        Ok(())
    })?;
    Ok(steps)
}

impl Review {
    /// The decisions of `seat`, biggest loss first (ties in the order played), leaving out those
    /// that lost nothing: where to look first.
    pub fn biggest_mistakes(&self, seat: Option<usize>) -> Vec<&Decision> {
        let mut list: Vec<&Decision> = self
            .decisions
            .iter()
            .filter(|d| seat.is_none_or(|s| d.seat == s) && d.loss > 0.0)
            .collect();
        list.sort_by(|a, b| b.loss.total_cmp(&a.loss));
        list
    }
}
