//! Each seat's record in a review: how many decisions, how many of each class, the mean loss, the
//! accuracy, the biggest mistake, and the luck and skill of its turns.

use serde::Serialize;

use crate::measure::Class;
use crate::review::{Decision, TurnReview};

/// How many decisions of each class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ClassCounts {
    pub best: usize,
    pub inaccuracy: usize,
    pub mistake: usize,
    pub blunder: usize,
}

impl ClassCounts {
    pub fn get(&self, class: Class) -> usize {
        match class {
            Class::Best => self.best,
            Class::Inaccuracy => self.inaccuracy,
            Class::Mistake => self.mistake,
            Class::Blunder => self.blunder,
        }
    }

    fn add(&mut self, class: Class) {
        match class {
            Class::Best => self.best += 1,
            Class::Inaccuracy => self.inaccuracy += 1,
            Class::Mistake => self.mistake += 1,
            Class::Blunder => self.blunder += 1,
        }
    }
}

/// One seat's summary.
///
/// Forced decisions (a roll offering one type only) are listed among the decisions but left out
/// of the counts, the mean loss and the accuracy: there was nothing to choose.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatSummary {
    pub seat: usize,
    pub name: String,
    /// Decisions with a choice (two options or more).
    pub decisions: usize,
    /// Decisions with a single option.
    pub forced: usize,
    pub classes: ClassCounts,
    /// The sum of the losses of the seat's decisions.
    pub total_loss: f64,
    /// The mean loss per decision with a choice; `None` without any.
    pub mean_loss: Option<f64>,
    /// `100 × (1 − total loss ÷ total stake)`, the stake of a decision being how much worse its
    /// worst option is than its best: the share of what the seat's decisions put at stake that
    /// it kept (always the best option: 100; always the worst: 0). `None` when nothing was at
    /// stake.
    pub accuracy: Option<f64>,
    /// The index (in [`crate::Review::decisions`]) of the decision that lost the most, if one
    /// was an inaccuracy or worse (a decision classed best is no mistake).
    pub biggest_mistake: Option<usize>,
    /// The sum of the luck of the seat's turns (see [`TurnReview::luck`]).
    pub luck: f64,
    /// The sum of the skill of the seat's turns (see [`TurnReview::skill`]).
    pub skill: f64,
}

/// The summaries of `names.len()` seats from the decisions and turns of a review.
pub(crate) fn summarise(
    names: &[String],
    decisions: &[Decision],
    turns: &[TurnReview],
) -> Vec<SeatSummary> {
    names
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let mut summary = SeatSummary {
                seat,
                name: name.clone(),
                decisions: 0,
                forced: 0,
                classes: ClassCounts::default(),
                total_loss: 0.0,
                mean_loss: None,
                accuracy: None,
                biggest_mistake: None,
                luck: 0.0,
                skill: 0.0,
            };
            let mut stake = 0.0;
            let mut biggest = 0.0;
            for (index, decision) in decisions.iter().enumerate() {
                if decision.seat != seat {
                    continue;
                }
                if decision.forced {
                    summary.forced += 1;
                    continue;
                }
                summary.decisions += 1;
                summary.classes.add(decision.class);
                summary.total_loss += decision.loss;
                stake += decision.stake;
                // A decision classed best is no mistake, however little it lost.
                if decision.class != Class::Best && decision.loss > biggest {
                    biggest = decision.loss;
                    summary.biggest_mistake = Some(index);
                }
            }
            if summary.decisions > 0 {
                summary.mean_loss = Some(summary.total_loss / summary.decisions as f64);
            }
            if stake > 0.0 {
                summary.accuracy = Some(100.0 * (1.0 - summary.total_loss / stake));
            }
            for turn in turns.iter().filter(|t| t.seat == seat) {
                summary.luck += turn.luck;
                summary.skill += turn.skill;
            }
            summary
        })
        .collect()
}
