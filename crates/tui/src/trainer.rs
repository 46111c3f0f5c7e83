//! The trainer mode: positions from `martian_review::Trainer` (decisions of solved play where one
//! option is clearly best and a rule of thumb gets it wrong), answered with the game's keys; after
//! each answer every option's value, and a running score.
//!
//! Finding a position may first need the solutions (about a second for a duel, up to a minute
//! for three players): the trainer then runs on a thread of its own and the screen waits for it.

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

use martian_engine::Action;
use martian_i18n::Lang;
use martian_review::{Measure, Trainer, TrainerConfig, TrainerError, TrainingPosition};

use crate::work::Pace;

/// What the trainer answers when asked for a position.
type Found = Result<Option<TrainingPosition>, TrainerError>;

/// Where the positions come from.
enum Source {
    /// The trainer itself (positions are found at once).
    Here(Result<Box<Trainer>, TrainerError>),
    /// A thread that owns the trainer: a request for each position, the answers in order.
    Thread {
        ask: Sender<()>,
        answers: Receiver<Found>,
    },
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Source::Here(_) => "Here",
            Source::Thread { .. } => "Thread",
        })
    }
}

/// Where the trainer stands.
#[derive(Debug)]
pub enum Stage {
    /// Looking for the next position.
    Finding,
    /// A position to answer.
    Asking(TrainingPosition),
    /// A position answered, with the answer.
    Answered(TrainingPosition, Action),
    /// No further position was found under these rules.
    Exhausted,
    /// The trainer cannot work (no solution for these rules, or it failed).
    Failed(TrainerError),
    Lost,
}

/// A trainer session at the screen.
#[derive(Debug)]
pub struct TrainerSession {
    pub config: TrainerConfig,
    pub lang: Lang,
    source: Source,
    pub stage: Stage,
    /// The number of the position shown (from 1).
    pub number: usize,
    pub answered: usize,
    /// Answers that were the best option.
    pub best: usize,
    /// The sum of the answers' losses.
    pub loss: f64,
    pub measure: Option<Measure>,
}

impl TrainerSession {
    /// Starts the trainer for `config` at `pace` and asks for the first position.
    pub fn start(config: TrainerConfig, lang: Lang, pace: Pace) -> TrainerSession {
        let source = match pace {
            Pace::AtOnce => Source::Here(Trainer::new(config).map(Box::new)),
            Pace::Background => {
                let (ask, asked) = mpsc::channel::<()>();
                let (tell, answers) = mpsc::channel::<Found>();
                let spawned = std::thread::Builder::new()
                    .name("martian-tui-trainer".into())
                    .spawn(move || serve(config, &asked, &tell));
                match spawned {
                    Ok(_) => Source::Thread { ask, answers },
                    // No thread to be had: the work is done here, the screen waiting for it.
                    Err(_) => Source::Here(Trainer::new(config).map(Box::new)),
                }
            }
        };
        let mut session = TrainerSession {
            config,
            lang,
            source,
            stage: Stage::Finding,
            number: 0,
            answered: 0,
            best: 0,
            loss: 0.0,
            measure: None,
        };
        session.next();
        session
    }

    /// Asks for the next position (after an answer, or at the start).
    pub fn next(&mut self) {
        match &mut self.source {
            Source::Here(Ok(trainer)) => {
                let measure = trainer.measure();
                let found = trainer.next_position();
                self.measure = Some(measure);
                self.receive(Ok(found));
            }
            Source::Here(Err(error)) => self.stage = Stage::Failed(error.clone()),
            Source::Thread { ask, .. } => {
                self.stage = if ask.send(()).is_ok() {
                    Stage::Finding
                } else {
                    Stage::Lost
                };
            }
        }
    }

    /// Picks up a position found on the thread.
    pub fn poll(&mut self) {
        if !matches!(self.stage, Stage::Finding) {
            return;
        }
        let Source::Thread { answers, .. } = &self.source else {
            return;
        };
        match answers.try_recv() {
            Ok(found) => self.receive(found),
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => self.stage = Stage::Lost,
        }
    }

    fn receive(&mut self, found: Found) {
        self.stage = match found {
            Ok(Some(position)) => {
                self.measure = Some(position.measure);
                self.number += 1;
                Stage::Asking(position)
            }
            Ok(None) => Stage::Exhausted,
            Err(error) => Stage::Failed(error),
        };
    }

    /// The position on screen, answered or not.
    pub fn position(&self) -> Option<&TrainingPosition> {
        match &self.stage {
            Stage::Asking(position) | Stage::Answered(position, _) => Some(position),
            _ => None,
        }
    }

    /// Answers the position with `action`; refused (false, nothing changes) when no position
    /// awaits an answer or `action` is not one of its options.
    #[must_use]
    pub fn answer(&mut self, action: Action) -> bool {
        let Stage::Asking(position) = &self.stage else {
            return false;
        };
        let Some(loss) = position.loss(action) else {
            return false;
        };
        self.answered += 1;
        if action == position.best {
            self.best += 1;
        }
        self.loss += loss;
        let Stage::Asking(position) = std::mem::replace(&mut self.stage, Stage::Finding) else {
            unreachable!("the stage was checked above");
        };
        self.stage = Stage::Answered(position, action);
        true
    }
}

/// The trainer's thread: makes the trainer, then finds a position each time one is asked for,
/// until the screen goes away.
fn serve(config: TrainerConfig, asked: &Receiver<()>, tell: &Sender<Found>) {
    let mut trainer = match Trainer::new(config) {
        Ok(trainer) => trainer,
        Err(error) => {
            let _ = asked.recv();
            let _ = tell.send(Err(error));
            return;
        }
    };
    while asked.recv().is_ok() {
        if tell.send(Ok(trainer.next_position())).is_err() {
            return;
        }
    }
}

/// Whether a training position awaits a choice of type (else stop or roll).
pub fn choosing(position: &TrainingPosition) -> bool {
    matches!(
        position.turn.phase(),
        martian_engine::TurnPhase::Choosing { .. }
    )
}
