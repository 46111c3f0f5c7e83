//! A game record as a sequence of engine steps, to be stepped through forwards and backwards.

use martian_engine::{Game, GameRecord, RecordError, Step, Transcript};

/// Every step of a recorded game, in order, and the game at the step being looked at.
#[derive(Debug)]
pub struct Timeline {
    pub record: GameRecord,
    steps: Vec<Step>,
    /// The index in `steps` where each turn starts, then where the roll-off starts (if any).
    marks: Vec<usize>,
    position: usize,
    game: Game,
}

impl Timeline {
    /// Checks the record by replaying it, then lays out its steps. Opens at the start, before
    /// the first roll.
    pub fn new(record: GameRecord) -> Result<Timeline, RecordError> {
        record.replay()?;
        let mut steps = Vec::new();
        let mut marks = Vec::new();
        for (index, turn) in record.turns.iter().enumerate() {
            marks.push(steps.len());
            let transcript: Transcript =
                turn.transcript
                    .parse()
                    .map_err(|error| RecordError::Transcript {
                        turn: index + 1,
                        error,
                    })?;
            transcript
                .play_through(|step| {
                    steps.push(step);
                    Ok(())
                })
                .map_err(|error| RecordError::Transcript {
                    turn: index + 1,
                    error,
                })?;
        }
        if !record.roll_off.is_empty() {
            marks.push(steps.len());
        }
        for round in &record.roll_off {
            steps.extend(round.iter().map(|r| Step::Rolled(r.roll)));
        }
        let game = Game::new(record.rules, record.players.len()).map_err(RecordError::Game)?;
        Ok(Timeline {
            record,
            steps,
            marks,
            position: 0,
            game,
        })
    }

    /// How many steps the record has.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// How many steps have been played to reach the game shown.
    pub fn position(&self) -> usize {
        self.position
    }

    /// The game after `position()` steps.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The 1-based turn the position is in (the roll-off counts as one more), and how many there are.
    pub fn turn_number(&self) -> (usize, usize) {
        let current = self
            .marks
            .iter()
            .rposition(|&m| m < self.position.max(1))
            .map_or(0, |i| i + 1);
        (current, self.marks.len())
    }

    /// Shows the game after `position` steps (clamped to the record).
    pub fn seek(&mut self, position: usize) {
        let position = position.min(self.steps.len());
        if position < self.position {
            self.game = Game::new(self.record.rules, self.record.players.len())
                .expect("the record was replayed");
            self.position = 0;
        }
        for &step in &self.steps[self.position..position] {
            let applied = match step {
                Step::Rolled(roll) => self.game.apply_roll(roll),
                Step::Played(action) => self.game.play(action),
            };
            applied.expect("the record was replayed");
        }
        self.position = position;
    }

    /// How many decisions were played before the position shown: the index, among the record's
    /// decisions in order, of the one played from here (if the next step is one).
    pub fn decisions_before(&self) -> usize {
        self.steps[..self.position]
            .iter()
            .filter(|step| matches!(step, Step::Played(_)))
            .count()
    }

    /// The decision played from the position shown, if the next step is one.
    pub fn next_action(&self) -> Option<martian_engine::Action> {
        match self.steps.get(self.position)? {
            Step::Played(action) => Some(*action),
            Step::Rolled(_) => None,
        }
    }

    pub fn forward(&mut self) {
        self.seek(self.position + 1);
    }

    pub fn back(&mut self) {
        self.seek(self.position.saturating_sub(1));
    }

    /// To the start of the next turn (or the end).
    pub fn next_turn(&mut self) {
        let next = self
            .marks
            .iter()
            .copied()
            .find(|&m| m > self.position)
            .unwrap_or(self.steps.len());
        self.seek(next);
    }

    /// To the start of this turn, or of the previous one when already there.
    pub fn previous_turn(&mut self) {
        let previous = self
            .marks
            .iter()
            .copied()
            .rev()
            .find(|&m| m < self.position)
            .unwrap_or(0);
        self.seek(previous);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::{Awaiting, PlayerInfo, Rules, seeded_rng};

    fn played_game(seed: u64) -> (Game, GameRecord) {
        let mut rng = seeded_rng(seed);
        let mut game = Game::new(Rules::official(), 2).unwrap();
        while game.awaiting() != Awaiting::Nothing {
            if let Awaiting::Decision { .. } = game.awaiting() {
                let actions: Vec<_> = game.turn().legal_actions().iter().collect();
                // Roll while the turn scores under 6, else stop; take the first legal type.
                let action = if actions.contains(&martian_engine::Action::Stop) {
                    if game.turn().score() < 6 {
                        martian_engine::Action::Roll
                    } else {
                        martian_engine::Action::Stop
                    }
                } else {
                    actions[0]
                };
                game.play(action).unwrap();
            } else {
                game.roll(&mut rng).unwrap();
            }
        }
        let players = ["A", "B"]
            .map(|name| PlayerInfo {
                name: name.into(),
                bot: None,
            })
            .to_vec();
        let record = GameRecord::of_game(&game, players, Some(seed));
        (game, record)
    }

    #[test]
    fn stepping_back_and_forth_reaches_the_same_games() {
        let (end, record) = played_game(5);
        let mut timeline = Timeline::new(record).unwrap();
        assert_eq!(timeline.position(), 0, "opens at the start");
        assert_eq!(timeline.game().scores(), &[0, 0]);
        let steps = timeline.len();
        timeline.seek(steps);
        assert!(timeline.game().is_over());
        assert_eq!(timeline.game().scores(), end.scores());
        let mut forward_scores = Vec::new();
        timeline.seek(0);
        for _ in 0..steps {
            timeline.forward();
            forward_scores.push(timeline.game().scores().to_vec());
        }
        timeline.forward();
        assert_eq!(timeline.position(), steps, "clamped at the end");
        for k in (0..steps).rev() {
            timeline.back();
            assert_eq!(timeline.position(), k);
            if k > 0 {
                assert_eq!(timeline.game().scores(), forward_scores[k - 1]);
            }
        }
    }

    #[test]
    fn turn_jumps_land_on_turn_starts() {
        let (end, record) = played_game(9);
        let mut timeline = Timeline::new(record).unwrap();
        timeline.seek(0);
        let mut turns = 0;
        while timeline.position() < timeline.len() {
            timeline.next_turn();
            turns += 1;
            if timeline.position() < timeline.len() {
                assert!(timeline.game().turn_steps().is_empty());
            }
        }
        let expected = end.history().len() + usize::from(end.roll_off().is_some());
        assert_eq!(turns, expected);
        timeline.previous_turn();
        timeline.previous_turn();
        assert!(timeline.game().turn_steps().is_empty());
    }

    #[test]
    fn a_broken_record_is_refused() {
        let (_, mut record) = played_game(3);
        record.turns[0].score += 1;
        assert!(Timeline::new(record).is_err());
    }
}
