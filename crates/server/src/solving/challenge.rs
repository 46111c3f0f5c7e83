//! The daily challenge's end of game: the person's game graded exactly on the deciders' pool
//! (`martian_challenge::grade`), stored as the attempt with each decision's position, and told
//! back with the rank, the percentile, the streak and what the others did at each position
//! (docs/challenge.md).

use std::collections::BTreeMap;

use martian_challenge::{Challenge, ChallengeDate, ChallengeError, Grade};
use martian_engine::GameRecord;
use martian_store::StoreError;
use martian_store::challenges::{AttemptDecision, AttemptPlayer, Challenges, FinishedAttempt};
use serde::Serialize;

use crate::solving::deciders::Deciders;
use crate::state::ChallengeSeat;

/// The most consecutive days a streak counts back.
const STREAK_DAYS: u64 = 400;

/// Why a finished challenge game was not settled.
#[derive(Debug, thiserror::Error)]
pub enum SettleError {
    #[error("grading the game: {0}")]
    Grade(#[from] ChallengeError),
    #[error("the grading was lost")]
    Lost,
    #[error("storing the attempt: {0}")]
    Store(#[from] StoreError),
}

/// Where a result places on the day's board.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Placing {
    /// 1 for the smallest loss (ties: the earlier finish first).
    pub rank: u64,
    /// The ranked attempts of the day (with this one, if unranked: where it would place).
    pub of: u64,
    /// The share of those this result placed level with or ahead of, in percent: 100 for the
    /// first, `100 / of` for the last.
    pub percentile: f64,
}

impl Placing {
    /// The placing of a result with `ahead` ranked attempts before it among `total`, this one
    /// counted in `total` when `counted`.
    pub fn of(ahead: u64, total: u64, counted: bool) -> Placing {
        let of = if counted { total } else { total + 1 }.max(1);
        let rank = (ahead + 1).min(of);
        Placing {
            rank,
            of,
            percentile: 100.0 * (of - rank + 1) as f64 / of as f64,
        }
    }
}

/// What the ranked attempts did at one position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Others {
    /// How many ranked attempts decided at this position (this one among them, if ranked).
    pub attempts: u64,
    /// Each choice made there, the most frequent first: its count and its share (0 to 1).
    pub choices: Vec<ChoiceShare>,
    /// The choice of the best-ranked attempt that decided there.
    pub top: Option<String>,
}

/// One choice made at a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChoiceShare {
    pub choice: String,
    pub count: u64,
    pub share: f64,
}

/// What the ranked attempts of `date` did at each of `positions`.
pub async fn others(
    challenges: &Challenges,
    date: &str,
    positions: &[String],
) -> Result<BTreeMap<String, Others>, StoreError> {
    let counts = challenges
        .choices(date.to_string(), positions.to_vec())
        .await?;
    let best = challenges
        .best_choices(date.to_string(), positions.to_vec())
        .await?;
    let mut found: BTreeMap<String, Others> = BTreeMap::new();
    for count in counts {
        let entry = found.entry(count.position).or_insert_with(|| Others {
            attempts: 0,
            choices: Vec::new(),
            top: None,
        });
        entry.attempts += count.count;
        entry.choices.push(ChoiceShare {
            choice: count.choice,
            count: count.count,
            share: 0.0,
        });
    }
    for others in found.values_mut() {
        for choice in &mut others.choices {
            choice.share = choice.count as f64 / others.attempts as f64;
        }
        others
            .choices
            .sort_by(|a, b| b.count.cmp(&a.count).then(a.choice.cmp(&b.choice)));
    }
    for (position, choice) in best {
        if let Some(others) = found.get_mut(&position) {
            others.top = Some(choice);
        }
    }
    Ok(found)
}

/// The consecutive days up to `date` on which `account` finished a ranked attempt.
pub async fn streak(
    challenges: &Challenges,
    account: i64,
    date: ChallengeDate,
) -> Result<u32, StoreError> {
    let days = challenges.ranked_days(account, STREAK_DAYS).await?;
    let mut expected = Some(date);
    let mut streak = 0;
    for day in days {
        let Ok(day) = day.parse::<ChallengeDate>() else {
            continue;
        };
        if Some(day) > expected {
            continue;
        }
        if Some(day) != expected {
            break;
        }
        streak += 1;
        expected = day_before(day);
    }
    Ok(streak)
}

fn day_before(date: ChallengeDate) -> Option<ChallengeDate> {
    let month = time::Month::try_from(date.month()).ok()?;
    let day = time::Date::from_calendar_date(date.year(), month, date.day()).ok()?;
    ChallengeDate::from_date(day.previous_day()?).ok()
}

/// Today, UTC: the day a ranked attempt is played on.
pub fn today() -> ChallengeDate {
    let now = time::OffsetDateTime::now_utc().date();
    ChallengeDate::from_date(now).expect("the clock's year is within 1 to 9999")
}

/// The graded game of `record` on the deciders' pool.
pub async fn grade_on(
    deciders: &Deciders,
    challenge: Challenge,
    record: GameRecord,
) -> Result<Grade, SettleError> {
    let (reply, graded) = tokio::sync::oneshot::channel();
    deciders.spawn(move || {
        let _ = reply.send(martian_challenge::grade(&challenge, &record));
    });
    Ok(graded.await.map_err(|_| SettleError::Lost)??)
}

/// One decision of the result: the grade's, with what the others did there.
#[derive(Debug, Serialize)]
struct DecisionView<'a> {
    #[serde(flatten)]
    graded: &'a martian_challenge::GradedDecision,
    others: Option<&'a Others>,
}

/// Grades the finished game of `seat`, stores the attempt and answers the result the player is
/// told (`challenge_result`).
pub async fn settle(
    seat: ChallengeSeat,
    name: String,
    record: GameRecord,
    deciders: &Deciders,
    challenges: Challenges,
) -> Result<serde_json::Value, SettleError> {
    let challenge = Challenge::of(seat.date);
    let grade = grade_on(deciders, challenge, record).await?;
    let date = seat.date.to_string();
    let finished_ms = martian_store::now_ms();
    let chosen: Vec<&martian_challenge::GradedDecision> =
        grade.decisions.iter().filter(|d| !d.forced).collect();
    let attempt = FinishedAttempt {
        date: date.clone(),
        player: AttemptPlayer {
            key: seat.player.clone(),
            account: seat.account,
            name: name.clone(),
        },
        claimed: seat.claimed,
        loss: grade.loss_points,
        accuracy: grade.accuracy,
        won: grade.won,
        scores: grade.scores.clone(),
        finished_ms,
        decisions: chosen
            .iter()
            .map(|d| AttemptDecision {
                position: d.key.clone(),
                choice: d.chosen.code(),
                best: d.best.code(),
                loss: d.loss,
            })
            .collect(),
    };
    let id = challenges.finish(attempt).await?;
    let ranked = seat.claimed.is_some();
    let (ahead, total) = challenges
        .ahead(date.clone(), grade.loss_points, finished_ms, id)
        .await?;
    let positions: Vec<String> = chosen.iter().map(|d| d.key.clone()).collect();
    let others = others(&challenges, &date, &positions).await?;
    let streak = match seat.account {
        Some(account) => Some(streak(&challenges, account, seat.date).await?),
        None => None,
    };
    let decisions: Vec<DecisionView> = chosen
        .iter()
        .map(|graded| DecisionView {
            graded,
            others: others.get(&graded.key),
        })
        .collect();
    Ok(serde_json::json!({
        "attempt": id,
        "date": date,
        "ranked": ranked,
        "name": name,
        "guest": seat.account.is_none(),
        "loss": grade.loss_points,
        "accuracy": grade.accuracy,
        "won": grade.won,
        "scores": grade.scores,
        "placing": Placing::of(ahead, total, ranked),
        "streak": streak,
        "marks": grade.marks_row(),
        "share": grade.share_text(seat.date),
        "decisions": decisions,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placing_counts_itself_once() {
        assert_eq!(
            Placing::of(0, 1, true),
            Placing {
                rank: 1,
                of: 1,
                percentile: 100.0
            }
        );
        assert_eq!(Placing::of(3, 4, true).percentile, 25.0);
        // Unranked: where it would place among the day's ranked attempts.
        assert_eq!(
            Placing::of(1, 3, false),
            Placing {
                rank: 2,
                of: 4,
                percentile: 75.0
            }
        );
        assert_eq!(Placing::of(0, 0, false).rank, 1);
    }

    #[test]
    fn the_day_before_crosses_months_and_years() {
        let before = |d: &str| day_before(d.parse().unwrap()).unwrap().to_string();
        assert_eq!(before("2026-03-01"), "2026-02-28");
        assert_eq!(before("2027-01-01"), "2026-12-31");
    }
}
