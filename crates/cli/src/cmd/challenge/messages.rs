//! Every sentence of `martian-dice challenge`, in the reader's language (ids `challenge-*` of
//! `crates/i18n/locales/*.ftl`); the game's own lines are the line mode's (`play::plain`).

use martian_challenge::{ChallengeDate, Class, DateError, Grade, GradedDecision};
use martian_i18n::vocab;
use martian_i18n::{Messages, decimal, tr};

use crate::cmd::review::messages::{done, to_do};

/// What is wrong with the date given to `--date`.
pub fn bad_date(m: &Messages, text: &str, error: &DateError) -> String {
    let problem = match error {
        DateError::Format(_) => tr!(m, "challenge-date-format", date = text),
        DateError::Year(year) => tr!(m, "challenge-date-year", year = year.to_string()),
        DateError::Month(month) => tr!(m, "challenge-date-month", month = *month),
        DateError::Day {
            year,
            month,
            day,
            days,
        } => tr!(
            m,
            "challenge-date-day",
            month = format!("{year}-{month:02}"),
            day = *day,
            days = *days
        ),
    };
    tr!(m, "challenge-bad-date", problem = problem)
}

/// The first lines: the day, the opponent, the rules, the coach off.
pub fn title(m: &Messages, date: ChallengeDate, opponent: &str) -> String {
    tr!(
        m,
        "challenge-title",
        date = date.to_string(),
        bot = vocab::bot_name(m, opponent)
    )
}

/// With `--bot`: the bot that plays the person's seat.
pub fn bot_plays(m: &Messages, bot: &str) -> String {
    tr!(m, "challenge-bot-plays", bot = vocab::bot_name(m, bot))
}

/// The answer to `coach` and `coach on` during the challenge.
pub fn coach_off(m: &Messages) -> String {
    tr!(m, "challenge-coach-off")
}

/// The person left with `quit`.
pub fn left(m: &Messages) -> String {
    tr!(m, "challenge-left")
}

/// The input ended before the game did.
pub fn input_ended(m: &Messages) -> String {
    tr!(m, "challenge-input-ended")
}

/// Points of chance: "1.30".
fn points(m: &Messages, value: f64, places: usize) -> String {
    decimal(m, value, places)
}

/// The report after the game: the result, the skill, the accuracy, the marks, where it lost the
/// most, the share text.
pub fn report(m: &Messages, date: ChallengeDate, grade: &Grade) -> Vec<String> {
    let (you, them) = (grade.scores[0], grade.scores[1]);
    let mut lines = vec![
        String::new(),
        tr!(m, "challenge-graded", date = date.to_string()),
        tr!(
            m,
            "challenge-result",
            won = if grade.won { "yes" } else { "no" },
            you = you,
            them = them
        ),
        tr!(
            m,
            "challenge-loss",
            points = points(m, grade.loss_points, 2)
        ),
        match grade.accuracy {
            Some(accuracy) => tr!(
                m,
                "challenge-accuracy",
                accuracy = format!("{}%", decimal(m, accuracy, 1))
            ),
            None => tr!(m, "challenge-accuracy-none"),
        },
        tr!(m, "challenge-marks", marks = grade.marks_row()),
    ];
    let worst: Vec<&GradedDecision> = grade
        .biggest_losses()
        .into_iter()
        .filter(|d| d.class != Class::Best)
        .take(3)
        .collect();
    if worst.is_empty() {
        lines.push(tr!(m, "challenge-lost-nothing"));
    } else {
        lines.push(tr!(m, "challenge-lost-most"));
        for d in worst {
            lines.push(format!(
                "  {}",
                tr!(
                    m,
                    "challenge-lost-at",
                    turn = d.turn,
                    round = d.round,
                    chosen = done(m, d.chosen),
                    best = to_do(m, d.best),
                    points = points(m, d.loss, 2)
                )
            ));
        }
    }
    lines.push(String::new());
    lines.push(tr!(m, "challenge-share"));
    lines.push(share_text(m, date, grade));
    lines
}

/// The share text in the reader's language: no dice, no scores.
pub fn share_text(m: &Messages, date: ChallengeDate, grade: &Grade) -> String {
    format!(
        "{}\n{}",
        tr!(
            m,
            "challenge-share-title",
            date = date.to_string(),
            points = points(m, grade.loss_points, 1)
        ),
        grade.marks_row()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_i18n::Lang;

    #[test]
    fn a_bad_date_is_named_in_both_languages() {
        let error = "2026-02-30".parse::<ChallengeDate>().unwrap_err();
        assert_eq!(
            bad_date(Lang::En.messages(), "2026-02-30", &error),
            "--date: 2026-02 has 28 days, not 30"
        );
        assert_eq!(
            bad_date(Lang::PtBr.messages(), "2026-02-30", &error),
            "--date: 2026-02 tem 28 dias, não 30"
        );
    }
}
