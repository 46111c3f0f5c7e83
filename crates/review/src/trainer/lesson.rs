//! What a position teaches: the kind of decision and the part of the difference between its best
//! option and the next best that decides it (the coach's cause). The trainer mixes these and
//! brings back the ones a player gets wrong.

use martian_solver::{Cause, DecisionKind};

/// A kind of position, by what it teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lesson {
    pub decision: DecisionKind,
    /// The largest part of the difference between the best option and the next best.
    pub cause: Cause,
}

impl Lesson {
    /// Every lesson: a take decided by each of the five parts, stop or roll by the four that can
    /// decide it (points banked now are the same either way).
    pub const ALL: [Lesson; 9] = [
        Lesson::take(Cause::Now),
        Lesson::take(Cause::Later),
        Lesson::take(Cause::Risk),
        Lesson::take(Cause::Bonus),
        Lesson::take(Cause::Situation),
        Lesson::stop_or_roll(Cause::Later),
        Lesson::stop_or_roll(Cause::Risk),
        Lesson::stop_or_roll(Cause::Bonus),
        Lesson::stop_or_roll(Cause::Situation),
    ];

    pub const fn take(cause: Cause) -> Lesson {
        Lesson {
            decision: DecisionKind::Take,
            cause,
        }
    }

    pub const fn stop_or_roll(cause: Cause) -> Lesson {
        Lesson {
            decision: DecisionKind::StopOrRoll,
            cause,
        }
    }

    /// The stable name (progress files, JSON): `take-later`, `stop-or-roll-risk`, …
    pub fn name(self) -> String {
        format!("{}-{}", decision_word(self.decision), self.cause.name())
    }

    /// The lesson of a [`Lesson::name`].
    pub fn parse(name: &str) -> Option<Lesson> {
        Lesson::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// The decision's stable word: `take`, `stop-or-roll`.
pub const fn decision_word(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::Take => "take",
        DecisionKind::StopOrRoll => "stop-or-roll",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for lesson in Lesson::ALL {
            assert_eq!(Lesson::parse(&lesson.name()), Some(lesson));
        }
        assert_eq!(Lesson::take(Cause::Later).name(), "take-later");
        assert_eq!(Lesson::parse("stop-or-roll-now"), None);
    }
}
