//! A player's progress from one training session to the next: the sessions' scores (shown as a
//! trend) and, for each kind of position ([`Lesson`]), how often it was answered right, in
//! Leitner boxes: a wrong answer puts the lesson back in the first box, a right one moves it up;
//! the lessons of the low boxes come back first. Plain data: where it is kept (the user's
//! configuration directory) is the interfaces' business.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::lesson::Lesson;

/// The highest Leitner box: a lesson answered right this many times in a row.
pub const TOP_BOX: u8 = 4;

/// The sessions kept (the oldest are forgotten).
pub const SESSIONS_KEPT: usize = 50;

/// One finished session.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SessionRecord {
    /// Seconds since the Unix epoch when it ended.
    pub ended: u64,
    pub answered: u32,
    /// Answers that were the best option.
    pub best: u32,
    /// The sum of the answers' losses, in the measure's unit.
    pub loss: f64,
    /// `win-probability` or `expected-turns`.
    pub measure: String,
}

impl SessionRecord {
    /// The share of best answers, from 0 to 1 (`None` without answers).
    pub fn rate(&self) -> Option<f64> {
        (self.answered > 0).then(|| f64::from(self.best) / f64::from(self.answered))
    }
}

/// How a lesson went.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LessonRecord {
    pub seen: u32,
    pub right: u32,
    /// The Leitner box, from 0 (just answered wrong) to 4 (answered right four times in a row).
    #[serde(rename = "box")]
    pub leitner: u8,
}

/// Where the recent sessions are heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trend {
    /// Fewer than two sessions to compare.
    New,
    Improving,
    Steady,
    Slipping,
}

impl Trend {
    /// The stable name (messages select on it): `new`, `improving`, `steady`, `slipping`.
    pub const fn name(self) -> &'static str {
        match self {
            Trend::New => "new",
            Trend::Improving => "improving",
            Trend::Steady => "steady",
            Trend::Slipping => "slipping",
        }
    }
}

/// The progress kept between sessions.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// Finished sessions, oldest first.
    pub sessions: Vec<SessionRecord>,
    /// By [`Lesson::name`].
    pub lessons: BTreeMap<String, LessonRecord>,
}

impl Progress {
    /// Reads the JSON of a progress file; anything unreadable is a fresh start.
    pub fn from_json(text: &str) -> Progress {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Counts an answer to a position of `lesson`.
    pub fn record_answer(&mut self, lesson: Lesson, right: bool) {
        let record = self.lessons.entry(lesson.name()).or_default();
        record.seen += 1;
        if right {
            record.right += 1;
            record.leitner = (record.leitner + 1).min(TOP_BOX);
        } else {
            record.leitner = 0;
        }
    }

    /// Keeps a finished session (one with at least one answer).
    pub fn record_session(&mut self, session: SessionRecord) {
        if session.answered == 0 {
            return;
        }
        self.sessions.push(session);
        let excess = self.sessions.len().saturating_sub(SESSIONS_KEPT);
        self.sessions.drain(..excess);
    }

    /// The lessons to bring back, weakest first: those seen and in a low box (0 or 1), by box,
    /// then by the share answered right.
    pub fn weak_lessons(&self) -> Vec<Lesson> {
        let mut weak: Vec<(Lesson, &LessonRecord)> = self
            .lessons
            .iter()
            .filter_map(|(name, record)| Some((Lesson::parse(name)?, record)))
            .filter(|(_, record)| record.seen > 0 && record.leitner < 2)
            .collect();
        weak.sort_by(|a, b| {
            let rate = |r: &LessonRecord| f64::from(r.right) / f64::from(r.seen.max(1));
            a.1.leitner
                .cmp(&b.1.leitner)
                .then(rate(a.1).total_cmp(&rate(b.1)))
        });
        weak.into_iter().map(|(lesson, _)| lesson).collect()
    }

    /// The rates of the last `count` sessions, oldest first.
    pub fn recent_rates(&self, count: usize) -> Vec<f64> {
        let start = self.sessions.len().saturating_sub(count);
        self.sessions[start..]
            .iter()
            .filter_map(SessionRecord::rate)
            .collect()
    }

    /// Where the last `count` sessions are heading: the last one's rate against the mean of the
    /// ones before it, 5 percentage points either way being steady.
    pub fn trend(&self, count: usize) -> Trend {
        let rates = self.recent_rates(count);
        let Some((&last, before)) = rates.split_last() else {
            return Trend::New;
        };
        if before.is_empty() {
            return Trend::New;
        }
        let mean = before.iter().sum::<f64>() / before.len() as f64;
        if last > mean + 0.05 {
            Trend::Improving
        } else if last < mean - 0.05 {
            Trend::Slipping
        } else {
            Trend::Steady
        }
    }
}

#[cfg(test)]
mod tests {
    use martian_solver::Cause;

    use super::*;

    fn session(best: u32, answered: u32) -> SessionRecord {
        SessionRecord {
            answered,
            best,
            ..SessionRecord::default()
        }
    }

    #[test]
    fn a_wrong_answer_sends_a_lesson_back_to_the_first_box() {
        let mut progress = Progress::default();
        let risk = Lesson::stop_or_roll(Cause::Risk);
        let later = Lesson::take(Cause::Later);
        for _ in 0..3 {
            progress.record_answer(risk, true);
        }
        progress.record_answer(later, true);
        assert!(progress.weak_lessons().is_empty() || progress.weak_lessons() == [later]);
        progress.record_answer(risk, false);
        assert_eq!(progress.lessons[&risk.name()].leitner, 0);
        assert_eq!(progress.weak_lessons()[0], risk);
        assert_eq!(progress.lessons[&risk.name()].seen, 4);
        // Up to the top box, never past it.
        for _ in 0..10 {
            progress.record_answer(later, true);
        }
        assert_eq!(progress.lessons[&later.name()].leitner, TOP_BOX);
    }

    #[test]
    fn the_trend_compares_the_last_session_with_the_ones_before() {
        let mut progress = Progress::default();
        assert_eq!(progress.trend(5), Trend::New);
        progress.record_session(session(5, 10));
        assert_eq!(progress.trend(5), Trend::New);
        progress.record_session(session(6, 10));
        progress.record_session(session(8, 10));
        assert_eq!(progress.trend(5), Trend::Improving);
        progress.record_session(session(6, 10));
        assert_eq!(progress.trend(5), Trend::Steady);
        progress.record_session(session(2, 10));
        assert_eq!(progress.trend(5), Trend::Slipping);
        progress.record_session(session(0, 0));
        assert_eq!(
            progress.sessions.len(),
            5,
            "a session without answers is not kept"
        );
        for _ in 0..60 {
            progress.record_session(session(1, 2));
        }
        assert_eq!(progress.sessions.len(), SESSIONS_KEPT);
    }

    #[test]
    fn the_file_reads_back_and_a_damaged_one_is_a_fresh_start() {
        let mut progress = Progress::default();
        progress.record_answer(Lesson::take(Cause::Bonus), false);
        progress.record_session(session(3, 4));
        assert_eq!(Progress::from_json(&progress.to_json()), progress);
        assert_eq!(Progress::from_json("{not json"), Progress::default());
        assert!(Progress::from_json("{}").sessions.is_empty());
    }
}
