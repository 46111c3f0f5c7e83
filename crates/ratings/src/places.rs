//! The places of a finished game: who came first, who shared a place, who came last.

use martian_engine::{GameRecord, MAX_PLAYERS, Points};

use crate::RatingError;

/// A place in a finished game, 1 the best. Seats with equal places share it, and the next
/// place skips as many (1, 2, 2, 4).
pub type Place = usize;

/// How a game ended for the seats at its table, in seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Final totals.
    pub scores: Vec<Points>,
    /// The winning seats: the roll-off's winner, or every winner under shared victory.
    pub winners: Vec<usize>,
    /// The seats whose player left or timed out for good.
    pub gone: Vec<usize>,
}

impl Standing {
    /// The standing of a finished record, with the seats whose player left for good.
    pub fn of_record(record: &GameRecord, gone: &[usize]) -> Result<Standing, RatingError> {
        let result = record.result.as_ref().ok_or(RatingError::Unfinished)?;
        Ok(Standing {
            scores: result.scores.clone(),
            winners: result.winners.clone(),
            gone: gone.to_vec(),
        })
    }

    /// Each seat's place: a player who left for good is last (all who left share it); among
    /// the others the winners come first (the roll-off decides first place), then the rest
    /// by score, equal scores sharing a place.
    pub fn places(&self) -> Result<Vec<Place>, RatingError> {
        let seats = self.scores.len();
        if !(2..=MAX_PLAYERS).contains(&seats) {
            return Err(RatingError::Seats(seats));
        }
        if let Some(&seat) = self
            .winners
            .iter()
            .chain(&self.gone)
            .find(|&&seat| seat >= seats)
        {
            return Err(RatingError::NoSuchSeat { seat, seats });
        }
        let stays = |seat: usize| !self.gone.contains(&seat);
        let won = |seat: usize| self.winners.contains(&seat);
        let ahead = |a: usize, b: usize| match (won(a), won(b)) {
            (true, false) => true,
            (false, true) => false,
            (true, true) => false,
            (false, false) => self.scores[a] > self.scores[b],
        };
        let staying = (0..seats).filter(|&seat| stays(seat)).count();
        Ok((0..seats)
            .map(|seat| {
                if stays(seat) {
                    1 + (0..seats)
                        .filter(|&other| stays(other) && ahead(other, seat))
                        .count()
                } else {
                    1 + staying
                }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(scores: &[Points], winners: &[usize], gone: &[usize]) -> Standing {
        Standing {
            scores: scores.to_vec(),
            winners: winners.to_vec(),
            gone: gone.to_vec(),
        }
    }

    #[test]
    fn the_roll_off_decides_first_place_and_the_tied_losers_share_second() {
        let places = standing(&[27, 27, 20, 27], &[3], &[]).places().unwrap();
        assert_eq!(places, vec![2, 2, 4, 1]);
    }

    #[test]
    fn equal_scores_below_the_winner_share_a_place() {
        let places = standing(&[25, 12, 12, 9, 30], &[4], &[]).places().unwrap();
        assert_eq!(places, vec![2, 3, 3, 5, 1]);
    }

    #[test]
    fn a_player_who_left_is_last_whatever_the_score() {
        let places = standing(&[30, 25, 10], &[1], &[0]).places().unwrap();
        assert_eq!(places, vec![3, 1, 2]);
        let places = standing(&[30, 25, 10, 4], &[1], &[0, 3]).places().unwrap();
        assert_eq!(places, vec![3, 1, 2, 3]);
    }

    #[test]
    fn shared_victory_shares_first_place() {
        let places = standing(&[26, 26, 3], &[0, 1], &[]).places().unwrap();
        assert_eq!(places, vec![1, 1, 3]);
    }

    #[test]
    fn bad_standings_are_refused() {
        assert_eq!(
            standing(&[25], &[0], &[]).places(),
            Err(RatingError::Seats(1))
        );
        assert_eq!(
            standing(&[25, 3], &[2], &[]).places(),
            Err(RatingError::NoSuchSeat { seat: 2, seats: 2 })
        );
    }

    #[test]
    fn a_record_gives_its_result_and_an_unfinished_one_is_refused() {
        use martian_engine::{PlayerInfo, RECORD_FORMAT, RECORD_VERSION, ResultRecord, Rules};
        let players = ["Ana", "Bo"]
            .map(|name| PlayerInfo {
                name: name.into(),
                bot: None,
            })
            .to_vec();
        let mut record = GameRecord {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            rules: Rules::official(),
            players,
            seed: None,
            turns: Vec::new(),
            roll_off: Vec::new(),
            result: None,
        };
        assert_eq!(
            Standing::of_record(&record, &[]),
            Err(RatingError::Unfinished)
        );
        record.result = Some(ResultRecord {
            scores: vec![25, 26],
            winners: vec![1],
        });
        let places = Standing::of_record(&record, &[]).unwrap().places().unwrap();
        assert_eq!(places, vec![2, 1]);
    }
}
