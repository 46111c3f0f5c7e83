//! The day of a challenge: a calendar date written `YYYY-MM-DD`, checked against the calendar.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A calendar day (UTC is the caller's business: this crate has no clock).
///
/// ```
/// use martian_challenge::ChallengeDate;
/// let date: ChallengeDate = "2026-12-07".parse().unwrap();
/// assert_eq!(date.to_string(), "2026-12-07");
/// assert!("2026-02-30".parse::<ChallengeDate>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ChallengeDate(time::Date);

/// What is wrong with a written date.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    /// Not three numbers `YYYY-MM-DD`.
    #[error("'{0}' is not a date written YYYY-MM-DD")]
    Format(String),
    /// The year is outside 1 to 9999.
    #[error("the year must be from 1 to 9999, not {0}")]
    Year(i32),
    /// The month is outside 1 to 12.
    #[error("the month must be from 1 to 12, not {0}")]
    Month(u8),
    /// The month has fewer days.
    #[error("{year}-{month:02} has {days} days, not {day}")]
    Day {
        /// The year.
        year: i32,
        /// The month, 1 to 12.
        month: u8,
        /// The day written.
        day: u8,
        /// How many days the month has.
        days: u8,
    },
}

impl ChallengeDate {
    /// The date of `year`, `month` (1 to 12) and `day`, checked against the calendar.
    pub fn new(year: i32, month: u8, day: u8) -> Result<ChallengeDate, DateError> {
        if !(1..=9999).contains(&year) {
            return Err(DateError::Year(year));
        }
        let month_of_year = time::Month::try_from(month).map_err(|_| DateError::Month(month))?;
        time::Date::from_calendar_date(year, month_of_year, day)
            .map(ChallengeDate)
            .map_err(|_| DateError::Day {
                year,
                month,
                day,
                days: month_of_year.length(year),
            })
    }

    /// The date of a [`time::Date`] (a caller's clock: `OffsetDateTime::now_utc().date()`).
    pub fn from_date(date: time::Date) -> Result<ChallengeDate, DateError> {
        ChallengeDate::new(date.year(), u8::from(date.month()), date.day())
    }

    /// The year.
    pub fn year(self) -> i32 {
        self.0.year()
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u8 {
        u8::from(self.0.month())
    }

    /// The day of the month, from 1.
    pub fn day(self) -> u8 {
        self.0.day()
    }
}

impl fmt::Display for ChallengeDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02}",
            self.year(),
            self.month(),
            self.day()
        )
    }
}

impl FromStr for ChallengeDate {
    type Err = DateError;

    fn from_str(text: &str) -> Result<ChallengeDate, DateError> {
        let format = || DateError::Format(text.to_string());
        let parts: Vec<&str> = text.split('-').collect();
        let [year, month, day] = parts[..] else {
            return Err(format());
        };
        let digits =
            |part: &str, len: usize| part.len() == len && part.bytes().all(|b| b.is_ascii_digit());
        if !(digits(year, 4) && digits(month, 2) && digits(day, 2)) {
            return Err(format());
        }
        ChallengeDate::new(
            year.parse().map_err(|_| format())?,
            month.parse().map_err(|_| format())?,
            day.parse().map_err(|_| format())?,
        )
    }
}

impl Serialize for ChallengeDate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ChallengeDate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ChallengeDate, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        text.parse::<ChallengeDate>().unwrap_err().to_string()
    }

    #[test]
    fn dates_are_read_and_written_yyyy_mm_dd() {
        let date: ChallengeDate = "2028-02-29".parse().unwrap();
        assert_eq!((date.year(), date.month(), date.day()), (2028, 2, 29));
        assert_eq!(date.to_string(), "2028-02-29");
        assert_eq!(
            ChallengeDate::new(7, 1, 2).unwrap().to_string(),
            "0007-01-02"
        );
    }

    #[test]
    fn a_bad_date_names_what_is_wrong() {
        assert_eq!(error("2026-02-30"), "2026-02 has 28 days, not 30");
        assert_eq!(error("2026-04-31"), "2026-04 has 30 days, not 31");
        assert_eq!(
            error("2026-13-01"),
            "the month must be from 1 to 12, not 13"
        );
        assert_eq!(error("2026-00-10"), "the month must be from 1 to 12, not 0");
        assert_eq!(error("2026-01-00"), "2026-01 has 31 days, not 0");
        assert_eq!(
            error("0000-01-01"),
            "the year must be from 1 to 9999, not 0"
        );
        for bad in [
            "2026-1-01",
            "2026/01/01",
            "today",
            "",
            "2026-01-01-01",
            "+026-01-01",
        ] {
            assert_eq!(
                error(bad),
                format!("'{bad}' is not a date written YYYY-MM-DD")
            );
        }
    }

    #[test]
    fn dates_serialise_as_their_text() {
        let date: ChallengeDate = "2026-12-07".parse().unwrap();
        let json = serde_json::to_string(&date).unwrap();
        assert_eq!(json, "\"2026-12-07\"");
        assert_eq!(serde_json::from_str::<ChallengeDate>(&json).unwrap(), date);
        assert!(serde_json::from_str::<ChallengeDate>("\"2026-02-30\"").is_err());
    }
}
