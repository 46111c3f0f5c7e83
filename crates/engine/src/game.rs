//! A whole game: seats in order, rounds, the end at the target, and the roll-off.

use rand::Rng;

use crate::dice::Dice;
use crate::face::Face;
use crate::roll::roll_dice;
use crate::rules::{EndRule, Points, Rules, TieRule};
use crate::turn::{Action, Turn, TurnError};

/// The most players a game seats.
pub const MAX_PLAYERS: usize = 8;

/// One event of a turn, in the order it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Dice were rolled: a turn's roll, or a roll-off roll.
    Rolled(Dice),
    /// A decision was played.
    Played(Action),
}

/// A turn that has been played (or is being played), step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnLog {
    /// The seat that played the turn.
    pub seat: usize,
    /// 1-based.
    pub round: u32,
    /// Every roll and decision of the turn, in order.
    pub steps: Vec<Step>,
    /// Where the turn stands after the steps.
    pub turn: Turn,
}

impl TurnLog {
    /// The turn's transcript: rolls, `/` and the type taken, `stop`.
    pub fn transcript(&self) -> crate::transcript::Transcript {
        crate::transcript::Transcript::from_log_steps(&self.steps)
    }
}

/// One roll of the roll-off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct RollOffRoll {
    /// The seat that rolled.
    pub seat: usize,
    /// What the dice showed.
    pub roll: Dice,
}

/// The death-ray roll-off among the players tied for the most points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollOff {
    /// Those still tied, in seat order.
    contenders: Vec<usize>,
    /// Completed rounds of the roll-off, then the current one.
    rounds: Vec<Vec<RollOffRoll>>,
}

impl RollOff {
    fn new(contenders: Vec<usize>) -> RollOff {
        RollOff {
            contenders,
            rounds: vec![Vec::new()],
        }
    }

    /// Players still in the roll-off.
    pub fn contenders(&self) -> &[usize] {
        &self.contenders
    }

    /// Every roll so far, round by round (the last round may be incomplete).
    pub fn rounds(&self) -> &[Vec<RollOffRoll>] {
        &self.rounds
    }

    /// The player who rolls next.
    pub fn next_seat(&self) -> usize {
        let current = self.rounds.last().map_or(0, Vec::len);
        self.contenders[current]
    }

    /// Records a roll; returns the winner when it is settled.
    fn record(&mut self, roll: Dice) -> Option<usize> {
        let seat = self.next_seat();
        let current = self.rounds.last_mut().expect("a round is always open");
        current.push(RollOffRoll { seat, roll });
        if current.len() < self.contenders.len() {
            return None;
        }
        let best = current
            .iter()
            .map(|r| r.roll.count(Face::DeathRay))
            .max()
            .unwrap_or(0);
        let still_tied: Vec<usize> = current
            .iter()
            .filter(|r| r.roll.count(Face::DeathRay) == best)
            .map(|r| r.seat)
            .collect();
        if let [winner] = still_tied[..] {
            return Some(winner);
        }
        self.contenders = still_tied;
        self.rounds.push(Vec::new());
        None
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winning seats: one, or several under shared victory.
    pub winners: Vec<usize>,
    /// Final totals in seat order.
    pub scores: Vec<Points>,
    /// The roll-off that settled a tie, if one was played.
    pub roll_off: Option<RollOff>,
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameState {
    /// Turns are being played.
    Playing,
    /// The leaders tied and roll off.
    RollOff(RollOff),
    /// The game is over.
    Over(Outcome),
}

/// What the game waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awaiting {
    /// `dice` dice to be rolled for the turn of `seat`.
    TurnRoll {
        /// The seat to roll.
        seat: usize,
        /// How many dice it rolls.
        dice: u8,
    },
    /// A decision of `seat`: a type to take, or stop / roll again.
    Decision {
        /// The seat to decide.
        seat: usize,
    },
    /// `seat` rolls six dice in the roll-off.
    RollOffRoll {
        /// The seat to roll.
        seat: usize,
        /// How many dice it rolls.
        dice: u8,
    },
    /// Nothing: the game is over.
    Nothing,
}

/// Something the game cannot do now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A seat count out of range.
    #[error("a game has from 1 to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
    /// Nothing can happen: the game is over.
    #[error("the game is over")]
    Over,
    /// A turn's move while the roll-off is under way.
    #[error("the roll-off is under way: only its rolls are expected")]
    InRollOff,
    /// A roll-off roll while no roll-off is under way.
    #[error("no roll-off is under way")]
    NoRollOff,
    /// A roll-off roll of the wrong number of dice.
    #[error("a roll-off roll has {expected} dice, not {rolled}")]
    RollOffDice {
        /// The dice a roll-off roll has under the rules.
        expected: u8,
        /// The dice rolled.
        rolled: u8,
    },
    /// The turn refused the move.
    #[error(transparent)]
    Turn(#[from] TurnError),
}

/// Everything a decision-maker may look at: read-only.
#[derive(Clone, Copy, Debug)]
pub struct Situation<'a> {
    /// The rules of the game.
    pub rules: Rules,
    /// Banked totals in seat order.
    pub scores: &'a [Points],
    /// Whose turn it is.
    pub seat: usize,
    /// 1-based.
    pub round: u32,
    /// The turn in progress.
    pub turn: &'a Turn,
    /// The seat whose total first reached the target, if any: this is the final round.
    pub triggered_by: Option<usize>,
}

/// Where a game stands at the start of a turn: everything a [`Situation`] holds but the turn.
#[derive(Clone, Copy, Debug)]
pub struct TurnStart<'a> {
    /// The rules of the game.
    pub rules: Rules,
    /// Banked totals in seat order.
    pub scores: &'a [Points],
    /// Whose turn it is.
    pub seat: usize,
    /// 1-based.
    pub round: u32,
    /// The seat whose total first reached the target, if any: this is the final round.
    pub triggered_by: Option<usize>,
}

impl<'a> TurnStart<'a> {
    /// The position of `situation` (its turn left out).
    pub fn of(situation: &Situation<'a>) -> TurnStart<'a> {
        TurnStart {
            rules: situation.rules,
            scores: situation.scores,
            seat: situation.seat,
            round: situation.round,
            triggered_by: situation.triggered_by,
        }
    }

    /// The situation of `turn` played from this position.
    pub fn with_turn(&self, turn: &'a Turn) -> Situation<'a> {
        Situation {
            rules: self.rules,
            scores: self.scores,
            seat: self.seat,
            round: self.round,
            turn,
            triggered_by: self.triggered_by,
        }
    }
}

/// The score sheet of a game: seats in order, rounds, the end at the target, the roll-off.
///
/// This is where the end-of-game rules live. [`Game`] banks each finished turn here; a fast
/// simulation that draws whole turn scores from exact distributions can bank them directly.
///
/// ```
/// use martian_engine::{Rules, Scoreboard};
/// let mut board = Scoreboard::new(Rules::official(), 2).unwrap();
/// for points in [13, 13, 12, 9] {
///     board.bank(points).unwrap();
/// }
/// assert_eq!(board.triggered_by(), Some(0));
/// assert_eq!(board.outcome().unwrap().winners, vec![0]);
/// ```
#[derive(Clone, Debug)]
pub struct Scoreboard {
    rules: Rules,
    players: u8,
    scores: [Points; MAX_PLAYERS],
    seat: usize,
    round: u32,
    triggered_by: Option<usize>,
    state: GameState,
}

impl Scoreboard {
    /// A new score sheet for `players` seats; seat 0 opens every round.
    pub fn new(rules: Rules, players: usize) -> Result<Scoreboard, GameError> {
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(GameError::Players(players));
        }
        Ok(Scoreboard {
            rules,
            players: players as u8,
            scores: [0; MAX_PLAYERS],
            seat: 0,
            round: 1,
            triggered_by: None,
            state: GameState::Playing,
        })
    }

    /// The rules of the game.
    pub fn rules(&self) -> Rules {
        self.rules
    }
    /// The number of seats.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }
    /// Banked totals in seat order.
    pub fn scores(&self) -> &[Points] {
        &self.scores[..self.players()]
    }
    /// The seat whose turn it is (once the turns are over, the last seat that played).
    pub fn seat(&self) -> usize {
        self.seat
    }
    /// The current round, 1-based.
    pub fn round(&self) -> u32 {
        self.round
    }
    /// The seat whose total first reached the target.
    pub fn triggered_by(&self) -> Option<usize> {
        self.triggered_by
    }
    /// Whether turns are played, the roll-off is under way, or the game is over.
    pub fn state(&self) -> &GameState {
        &self.state
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self.state, GameState::Over(_))
    }
    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        match &self.state {
            GameState::Over(outcome) => Some(outcome),
            _ => None,
        }
    }
    /// Whether the game ended (or went to the roll-off) at [`Rules::round_limit`], nobody having
    /// reached the target.
    pub fn ended_at_round_limit(&self) -> bool {
        !matches!(self.state, GameState::Playing)
            && self.scores().iter().all(|&s| s < self.rules.target())
    }
    /// The roll-off, while it is under way or once the game ended through one.
    pub fn roll_off(&self) -> Option<&RollOff> {
        match &self.state {
            GameState::RollOff(roll_off) => Some(roll_off),
            GameState::Over(outcome) => outcome.roll_off.as_ref(),
            GameState::Playing => None,
        }
    }
    /// The seat that rolls next in the roll-off, while one is under way.
    pub fn roll_off_seat(&self) -> Option<usize> {
        match &self.state {
            GameState::RollOff(roll_off) => Some(roll_off.next_seat()),
            _ => None,
        }
    }

    /// Ends the current seat's turn with `points` and moves on: the next seat, the next round,
    /// the end of the game, or the roll-off.
    pub fn bank(&mut self, points: Points) -> Result<(), GameError> {
        match self.state {
            GameState::Over(_) => return Err(GameError::Over),
            GameState::RollOff(_) => return Err(GameError::InRollOff),
            GameState::Playing => {}
        }
        let seat = self.seat;
        self.scores[seat] = self.scores[seat].saturating_add(points);
        let reached = self.scores[seat] >= self.rules.target();
        if reached && self.rules.end() == EndRule::Immediate {
            self.finish(vec![seat], None);
            return Ok(());
        }
        if reached && self.triggered_by.is_none() {
            self.triggered_by = Some(seat);
        }
        let last_round = self.triggered_by.is_some() || self.round >= self.rules.round_limit();
        if seat + 1 == self.players() && last_round {
            self.end_of_final_round();
            return Ok(());
        }
        self.seat = (seat + 1) % self.players();
        if self.seat == 0 {
            self.round += 1;
        }
        Ok(())
    }

    /// Records the next roll-off roll (six dice).
    pub fn apply_roll_off_roll(&mut self, roll: Dice) -> Result<(), GameError> {
        let GameState::RollOff(roll_off) = &mut self.state else {
            return Err(if self.is_over() {
                GameError::Over
            } else {
                GameError::NoRollOff
            });
        };
        let expected = self.rules.roll_off_dice();
        if roll.total() != expected {
            return Err(GameError::RollOffDice {
                expected,
                rolled: roll.total(),
            });
        }
        if let Some(winner) = roll_off.record(roll) {
            let roll_off = roll_off.clone();
            self.finish(vec![winner], Some(roll_off));
        }
        Ok(())
    }

    fn end_of_final_round(&mut self) {
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let leaders: Vec<usize> = (0..scores.len()).filter(|&s| scores[s] == best).collect();
        if leaders.len() == 1 || self.rules.tie() == TieRule::Shared {
            self.finish(leaders, None);
        } else {
            self.state = GameState::RollOff(RollOff::new(leaders));
        }
    }

    fn finish(&mut self, winners: Vec<usize>, roll_off: Option<RollOff>) {
        self.state = GameState::Over(Outcome {
            winners,
            scores: self.scores().to_vec(),
            roll_off,
        });
    }
}

/// A game of Martian Dice: the [`Scoreboard`] and the turn in progress.
///
/// ```
/// use martian_engine::{Awaiting, Game, GameState, Rules, seeded_rng};
/// let mut rng = seeded_rng(2024);
/// let mut game = Game::new(Rules::official(), 2).unwrap();
/// // Both players always take death rays when they can, else anything, and stop at once.
/// while game.awaiting() != Awaiting::Nothing {
///     match game.awaiting() {
///         Awaiting::Decision { .. } => {
///             let action = game.turn().legal_actions().iter().next().unwrap();
///             game.play(action).unwrap();
///         }
///         _ => {
///             game.roll(&mut rng).unwrap();
///         }
///     }
/// }
/// let GameState::Over(outcome) = game.state() else { unreachable!() };
/// assert_eq!(outcome.winners.len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    board: Scoreboard,
    turn: Turn,
    keep_history: bool,
    history: Vec<TurnLog>,
    steps: Vec<Step>,
}

impl Game {
    /// A new game for `players` seats; seat 0 opens every round.
    pub fn new(rules: Rules, players: usize) -> Result<Game, GameError> {
        Ok(Game {
            board: Scoreboard::new(rules, players)?,
            turn: Turn::new(rules),
            keep_history: true,
            history: Vec::new(),
            steps: Vec::new(),
        })
    }

    /// Stops keeping the turn history (for fast simulations that need no record).
    #[must_use]
    pub fn without_history(mut self) -> Game {
        self.keep_history = false;
        self
    }

    /// The score sheet: totals, rounds, the end of the game.
    pub fn board(&self) -> &Scoreboard {
        &self.board
    }
    /// The rules of the game.
    pub fn rules(&self) -> Rules {
        self.board.rules()
    }
    /// The number of seats.
    pub fn players(&self) -> usize {
        self.board.players()
    }
    /// Banked totals in seat order.
    pub fn scores(&self) -> &[Points] {
        self.board.scores()
    }
    /// The seat whose turn it is (during the roll-off, the last seat that played).
    pub fn seat(&self) -> usize {
        self.board.seat()
    }
    /// The current round, 1-based.
    pub fn round(&self) -> u32 {
        self.board.round()
    }
    /// The turn in progress.
    pub fn turn(&self) -> &Turn {
        &self.turn
    }
    /// The steps of the turn in progress.
    pub fn turn_steps(&self) -> &[Step] {
        &self.steps
    }
    /// The seat whose total first reached the target.
    pub fn triggered_by(&self) -> Option<usize> {
        self.board.triggered_by()
    }
    /// Whether turns are played, the roll-off is under way, or the game is over.
    pub fn state(&self) -> &GameState {
        self.board.state()
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.board.is_over()
    }
    /// The finished turns, oldest first (empty if history is not kept).
    pub fn history(&self) -> &[TurnLog] {
        &self.history
    }
    /// The roll-off, while it is under way or once the game ended through one.
    pub fn roll_off(&self) -> Option<&RollOff> {
        self.board.roll_off()
    }
    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.board.outcome()
    }

    /// What the decision-maker of the current seat sees.
    pub fn situation(&self) -> Situation<'_> {
        Situation {
            rules: self.rules(),
            scores: self.scores(),
            seat: self.seat(),
            round: self.round(),
            turn: &self.turn,
            triggered_by: self.triggered_by(),
        }
    }

    /// What the game waits for next.
    pub fn awaiting(&self) -> Awaiting {
        match self.board.state() {
            GameState::Over(_) => Awaiting::Nothing,
            GameState::RollOff(roll_off) => Awaiting::RollOffRoll {
                seat: roll_off.next_seat(),
                dice: self.rules().roll_off_dice(),
            },
            GameState::Playing => {
                if self.turn.legal_actions().is_empty() {
                    Awaiting::TurnRoll {
                        seat: self.seat(),
                        dice: self.turn.dice_left(),
                    }
                } else {
                    Awaiting::Decision { seat: self.seat() }
                }
            }
        }
    }

    /// Rolls what the game waits for (a turn's dice or a roll-off roll) with `rng`.
    pub fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<Dice, GameError> {
        let dice = match self.awaiting() {
            Awaiting::TurnRoll { dice, .. } | Awaiting::RollOffRoll { dice, .. } => dice,
            Awaiting::Decision { .. } => return Err(TurnError::AwaitingDecision.into()),
            Awaiting::Nothing => return Err(GameError::Over),
        };
        let roll = roll_dice(dice, rng);
        self.apply_roll(roll)?;
        Ok(roll)
    }

    /// Applies a roll made elsewhere: the current turn's dice, or a roll-off roll.
    pub fn apply_roll(&mut self, roll: Dice) -> Result<(), GameError> {
        match self.board.state() {
            GameState::Over(_) => Err(GameError::Over),
            GameState::RollOff(_) => self.board.apply_roll_off_roll(roll),
            GameState::Playing => {
                self.turn.apply_roll(roll)?;
                self.steps.push(Step::Rolled(roll));
                self.after_step();
                Ok(())
            }
        }
    }

    /// Plays a decision of the current seat. On error nothing changes.
    pub fn play(&mut self, action: Action) -> Result<(), GameError> {
        match self.board.state() {
            GameState::Over(_) => return Err(GameError::Over),
            GameState::RollOff(_) => return Err(GameError::InRollOff),
            GameState::Playing => {}
        }
        self.turn.play(action)?;
        self.steps.push(Step::Played(action));
        self.after_step();
        Ok(())
    }

    /// Banks a finished turn on the score sheet and starts the next one.
    fn after_step(&mut self) {
        if !self.turn.is_over() {
            return;
        }
        if self.keep_history {
            self.history.push(TurnLog {
                seat: self.seat(),
                round: self.round(),
                steps: std::mem::take(&mut self.steps),
                turn: self.turn,
            });
        } else {
            self.steps.clear();
        }
        self.board
            .bank(self.turn.score())
            .expect("a turn is played only while the game is on");
        if !self.board.is_over() {
            self.turn = Turn::new(self.rules());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ROLL_OFF_DICE;
    use crate::turn::TurnPhase;

    fn dice(text: &str) -> Dice {
        text.parse().unwrap()
    }

    /// Plays one turn from written rolls: each roll's take, then roll again; stop after the last
    /// take unless the turn ended by itself.
    fn play_turn(game: &mut Game, steps: &[(&str, Face)]) {
        for (i, &(roll, take)) in steps.iter().enumerate() {
            game.apply_roll(dice(roll)).unwrap();
            game.play(Action::Take(take)).unwrap();
            if game.turn().phase() == TurnPhase::Deciding {
                let last = i + 1 == steps.len();
                game.play(if last { Action::Stop } else { Action::Roll })
                    .unwrap();
            }
        }
    }

    /// A turn that scores `points` (≤ 13 without bonus; 13 dice): `points` humans, rays for the rest.
    fn score_turn(game: &mut Game, points: u8) {
        if points == 0 {
            game.apply_roll(dice("13T")).unwrap();
            return;
        }
        let rays = 13 - points;
        let roll = Dice::from_counts([0, rays, points, 0, 0]).unwrap();
        game.apply_roll(roll).unwrap();
        game.play(Action::Take(Face::Human)).unwrap();
        if game.turn().phase() == TurnPhase::Deciding {
            game.play(Action::Stop).unwrap();
        }
    }

    fn outcome(game: &Game) -> &Outcome {
        match game.state() {
            GameState::Over(outcome) => outcome,
            other => panic!("game not over: {other:?}"),
        }
    }

    #[test]
    fn a_game_nobody_finishes_ends_with_the_round_limit() {
        let rules = Rules::official();
        assert_eq!(rules.round_limit(), 350);
        let mut board = Scoreboard::new(rules, 3).unwrap();
        // Seat 1 scores once, far from the target; nobody scores again.
        board.bank(0).unwrap();
        board.bank(4).unwrap();
        while !board.is_over() {
            assert!(board.round() <= 350, "round {}", board.round());
            board.bank(0).unwrap();
        }
        assert_eq!(
            (board.round(), board.seat()),
            (350, 2),
            "the last round is played out"
        );
        assert!(board.ended_at_round_limit());
        assert_eq!(board.outcome().unwrap().winners, vec![1]);
        assert_eq!(board.triggered_by(), None);
    }

    #[test]
    fn a_tie_at_the_round_limit_is_settled_as_usual() {
        for (tie, roll_off) in [(TieRule::RollOff, true), (TieRule::Shared, false)] {
            let rules = Rules::official().with_target(1).unwrap().with_tie(tie);
            let mut board = Scoreboard::new(rules, 2).unwrap();
            let mut turns = 0;
            while matches!(board.state(), GameState::Playing) {
                board.bank(0).unwrap();
                turns += 1;
            }
            assert_eq!(turns, 2 * 110);
            assert!(board.ended_at_round_limit());
            assert_eq!(board.roll_off_seat().is_some(), roll_off, "{tie:?}");
            if !roll_off {
                assert_eq!(board.outcome().unwrap().winners, vec![0, 1]);
            }
        }
        let mut reached = Scoreboard::new(Rules::official(), 1).unwrap();
        reached.bank(25).unwrap();
        assert!(!reached.ended_at_round_limit());
    }

    #[test]
    fn the_end_triggered_by_the_first_seat_completes_the_round() {
        let mut game = Game::new(Rules::official(), 3).unwrap();
        score_turn(&mut game, 12);
        score_turn(&mut game, 1);
        score_turn(&mut game, 1);
        score_turn(&mut game, 13); // seat 0 reaches 25
        assert_eq!(game.triggered_by(), Some(0));
        assert!(!game.is_over(), "seats 1 and 2 still play round 2");
        score_turn(&mut game, 2);
        assert!(!game.is_over());
        score_turn(&mut game, 3);
        assert_eq!(outcome(&game).winners, vec![0]);
        assert_eq!(outcome(&game).scores, vec![25, 3, 4]);
    }

    #[test]
    fn a_later_seat_can_overtake_in_the_final_round() {
        let mut game = Game::new(Rules::official(), 2).unwrap();
        score_turn(&mut game, 13);
        score_turn(&mut game, 13);
        score_turn(&mut game, 12); // seat 0: 25
        score_turn(&mut game, 13); // seat 1: 26
        assert_eq!(game.triggered_by(), Some(0));
        assert_eq!(outcome(&game).winners, vec![1]);
    }

    #[test]
    fn the_end_triggered_by_the_last_seat_ends_the_game_at_once() {
        let mut game = Game::new(Rules::official(), 2).unwrap();
        score_turn(&mut game, 1);
        score_turn(&mut game, 13);
        score_turn(&mut game, 1);
        score_turn(&mut game, 13);
        assert_eq!(game.triggered_by(), Some(1));
        assert_eq!(outcome(&game).winners, vec![1]);
        assert_eq!(game.round(), 2);
    }

    #[test]
    fn immediate_end_variant_stops_the_game_when_the_first_seat_reaches_the_target() {
        let rules = Rules::official().with_end(EndRule::Immediate);
        let mut game = Game::new(rules, 2).unwrap();
        score_turn(&mut game, 13);
        score_turn(&mut game, 13);
        score_turn(&mut game, 12);
        assert_eq!(outcome(&game).winners, vec![0]);
        assert_eq!(outcome(&game).scores, vec![25, 13]);
    }

    #[test]
    fn two_way_tie_goes_to_a_repeated_roll_off() {
        let mut game = Game::new(Rules::official(), 2).unwrap();
        for _ in 0..2 {
            score_turn(&mut game, 13);
        }
        score_turn(&mut game, 12);
        score_turn(&mut game, 12);
        assert_eq!(game.awaiting(), Awaiting::RollOffRoll { seat: 0, dice: 6 });
        assert_eq!(game.play(Action::Stop), Err(GameError::InRollOff));
        assert_eq!(
            game.apply_roll(dice("RR")),
            Err(GameError::RollOffDice {
                expected: 6,
                rolled: 2
            })
        );
        game.apply_roll(dice("RRHHCC")).unwrap();
        game.apply_roll(dice("RRTTTT")).unwrap(); // still tied at two rays
        assert_eq!(game.awaiting(), Awaiting::RollOffRoll { seat: 0, dice: 6 });
        assert_eq!(game.roll_off().unwrap().rounds().len(), 2);
        game.apply_roll(dice("RHHHHH")).unwrap();
        game.apply_roll(dice("RRRHHH")).unwrap();
        assert_eq!(outcome(&game).winners, vec![1]);
    }

    #[test]
    fn with_fewer_than_six_dice_the_roll_off_rolls_them_all() {
        let rules = Rules::official().with_dice(3).unwrap();
        let mut game = Game::new(rules.with_target(3).unwrap(), 2).unwrap();
        for _ in 0..2 {
            game.apply_roll(dice("HHH")).unwrap();
            game.play(Action::Take(Face::Human)).unwrap(); // every die aside: 3 points
        }
        assert_eq!(game.awaiting(), Awaiting::RollOffRoll { seat: 0, dice: 3 });
        assert_eq!(
            game.apply_roll(dice("RRRHHH")),
            Err(GameError::RollOffDice {
                expected: 3,
                rolled: 6
            })
        );
        game.apply_roll(dice("RRH")).unwrap();
        game.apply_roll(dice("RHH")).unwrap();
        assert_eq!(outcome(&game).winners, vec![0]);
        assert_eq!(Rules::official().roll_off_dice(), ROLL_OFF_DICE);
        assert_eq!(rules.roll_off_dice(), 3);
    }

    #[test]
    fn three_way_tie_narrows_to_those_still_tied() {
        let mut game = Game::new(Rules::official(), 4).unwrap();
        for seat_points in [[13, 13, 13, 1], [12, 12, 12, 1]] {
            for p in seat_points {
                score_turn(&mut game, p);
            }
        }
        let GameState::RollOff(roll_off) = game.state() else {
            panic!("expected roll-off");
        };
        assert_eq!(roll_off.contenders(), &[0, 1, 2]);
        game.apply_roll(dice("RRRTTT")).unwrap();
        game.apply_roll(dice("TTTTTT")).unwrap();
        game.apply_roll(dice("RRRHHH")).unwrap();
        assert_eq!(game.roll_off().unwrap().contenders(), &[0, 2]);
        assert_eq!(game.awaiting(), Awaiting::RollOffRoll { seat: 0, dice: 6 });
        game.apply_roll(dice("HHHHHH")).unwrap();
        game.apply_roll(dice("HHHHHH")).unwrap(); // zero rays each: tied again
        game.apply_roll(dice("6R")).unwrap();
        game.apply_roll(dice("5RH")).unwrap();
        assert_eq!(outcome(&game).winners, vec![0]);
    }

    #[test]
    fn shared_victory_variant_makes_all_leaders_win() {
        let rules = Rules::official().with_tie(TieRule::Shared);
        let mut game = Game::new(rules, 3).unwrap();
        for p in [13, 13, 13, 12, 12, 11] {
            score_turn(&mut game, p);
        }
        assert_eq!(outcome(&game).winners, vec![0, 1]);
    }

    #[test]
    fn solo_game_ends_when_the_target_is_reached() {
        let rules = Rules::official().with_target(20).unwrap();
        let mut game = Game::new(rules, 1).unwrap();
        score_turn(&mut game, 13);
        assert!(!game.is_over());
        score_turn(&mut game, 7);
        assert_eq!(outcome(&game).winners, vec![0]);
        assert_eq!(game.history().len(), 2);
    }

    #[test]
    fn a_bust_banks_nothing_and_passes_the_turn() {
        let mut game = Game::new(Rules::official(), 2).unwrap();
        play_turn(&mut game, &[("TTTTRHHHHCCKK", Face::Human)]);
        assert_eq!(game.scores(), &[0, 0]);
        assert_eq!(game.seat(), 1);
        assert_eq!(game.history()[0].turn.score(), 0);
    }

    #[test]
    fn the_scoreboard_banks_turn_scores_under_the_same_rules() {
        let mut board = Scoreboard::new(Rules::official(), 2).unwrap();
        assert_eq!(
            board.apply_roll_off_roll(dice("RRRRRR")),
            Err(GameError::NoRollOff)
        );
        for points in [13, 13, 12, 12] {
            board.bank(points).unwrap();
        }
        assert_eq!(board.roll_off_seat(), Some(0));
        assert_eq!(board.bank(1), Err(GameError::InRollOff));
        board.apply_roll_off_roll(dice("RRHHHH")).unwrap();
        board.apply_roll_off_roll(dice("RHHHHH")).unwrap();
        assert_eq!(board.outcome().unwrap().winners, vec![0]);
        assert_eq!(board.bank(1), Err(GameError::Over));
        assert_eq!(board.roll_off().unwrap().rounds().len(), 1);
    }

    #[test]
    fn player_count_is_checked() {
        assert_eq!(
            Game::new(Rules::official(), 0).err(),
            Some(GameError::Players(0))
        );
        assert_eq!(
            Game::new(Rules::official(), 9).err(),
            Some(GameError::Players(9))
        );
    }
}
