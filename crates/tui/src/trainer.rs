//! The trainer mode: positions from `martian_review::Trainer` (chosen for what they teach),
//! answered with the game's keys; after each answer the verdict, the coach's reason, every
//! option's value and a running score. The kinds answered wrong come back, in the session and,
//! through the progress kept between runs, in the next ones.
//!
//! Finding a position may first need the solutions (under a second for a duel, seconds for
//! three players, a minute or two for four): the trainer then runs on a thread of its own and the screen waits for it.

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

use martian_engine::Action;
use martian_i18n::Lang;
use martian_review::{
    Lesson, Measure, Progress, Trainer, TrainerConfig, TrainerError, TrainingPosition,
};
use martian_solver::Reason;

use crate::work::Pace;

/// What the trainer answers when asked for a position.
type Found = Result<Option<TrainingPosition>, TrainerError>;

/// The last position answered, and the answer: the trainer brings back the kinds answered wrong.
type Answered = Option<(TrainingPosition, Action)>;

/// Where the positions come from.
enum Source {
    /// The trainer itself (positions are found at once).
    Here(Result<Box<Trainer>, TrainerError>),
    /// A thread that owns the trainer: a request for each position (with the answer to the
    /// last one, if any), the positions in order.
    Thread {
        ask: Sender<Answered>,
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
    /// A position answered, with the answer and why the best beats it (why the best is best,
    /// for the best answer).
    Answered(TrainingPosition, Action, Option<Reason>),
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
    /// The progress kept between runs as the session started (its trend and weak kinds are
    /// shown before the first answer), if progress is kept.
    pub progress_at_start: Option<Progress>,
    /// The last position answered, to tell the trainer with the next request.
    last: Answered,
}

impl TrainerSession {
    /// Starts the trainer for `config` at `pace` and asks for the first position; with the
    /// progress kept between runs, its weak kinds come back.
    pub fn start(
        config: TrainerConfig,
        lang: Lang,
        pace: Pace,
        progress: Option<&Progress>,
    ) -> TrainerSession {
        let weak: Vec<Lesson> = progress.map(Progress::weak_lessons).unwrap_or_default();
        let make = move || {
            Trainer::new(config).map(|mut trainer| {
                trainer.bring_back(weak);
                Box::new(trainer)
            })
        };
        let source = match pace {
            Pace::AtOnce => Source::Here(make()),
            Pace::Background => {
                let (ask, asked) = mpsc::channel::<Answered>();
                let (tell, answers) = mpsc::channel::<Found>();
                let thread_make = make.clone();
                let spawned = std::thread::Builder::new()
                    .name("martian-tui-trainer".into())
                    .spawn(move || serve(thread_make, &asked, &tell));
                match spawned {
                    Ok(_) => Source::Thread { ask, answers },
                    // No thread to be had: the work is done here, the screen waiting for it.
                    Err(_) => Source::Here(make()),
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
            progress_at_start: progress.cloned(),
            last: None,
        };
        session.next();
        session
    }

    /// Asks for the next position (after an answer, or at the start).
    pub fn next(&mut self) {
        let last = self.last.take();
        match &mut self.source {
            Source::Here(Ok(trainer)) => {
                if let Some((position, action)) = &last {
                    trainer.answered(position, *action);
                }
                let measure = trainer.measure();
                let found = trainer.next_position();
                self.measure = Some(measure);
                self.receive(Ok(found));
            }
            Source::Here(Err(error)) => self.stage = Stage::Failed(error.clone()),
            Source::Thread { ask, .. } => {
                self.stage = if ask.send(last).is_ok() {
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
            Stage::Asking(position) | Stage::Answered(position, ..) => Some(position),
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
        let why = position.reason_for(action);
        self.last = Some((position.clone(), action));
        self.stage = Stage::Answered(position, action, why);
        true
    }
}

/// The trainer's thread: makes the trainer, then finds a position each time one is asked for
/// (telling it first how the last one was answered), until the screen goes away.
fn serve(
    make: impl FnOnce() -> Result<Box<Trainer>, TrainerError>,
    asked: &Receiver<Answered>,
    tell: &Sender<Found>,
) {
    let mut trainer = match make() {
        Ok(trainer) => trainer,
        Err(error) => {
            let _ = asked.recv();
            let _ = tell.send(Err(error));
            return;
        }
    };
    while let Ok(last) = asked.recv() {
        if let Some((position, action)) = &last {
            trainer.answered(position, *action);
        }
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
