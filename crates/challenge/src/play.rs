//! A driver that plays the challenge's dice and bots up to the person's next decision.

use std::fmt;

use martian_bots::Strategy;
use martian_engine::{Action, Awaiting, Dice, Game, GameRecord};

use crate::{Challenge, ChallengeError};

/// One thing that happened while the driver advanced the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Dice were rolled for `seat`: a turn's roll, or a roll-off roll.
    Rolled {
        /// The seat that rolled.
        seat: usize,
        /// What the dice showed.
        dice: Dice,
        /// Whether it was a roll of the roll-off.
        roll_off: bool,
    },
    /// A bot decided for `seat`.
    Played {
        /// The seat that decided.
        seat: usize,
        /// What it chose.
        action: Action,
    },
}

impl Challenge {
    /// The decision of `bot` for the seat `game` awaits now, with [`Challenge::bot_rng`]'s
    /// generator: the same position gets the same answer.
    pub fn bot_decision(
        &self,
        game: &Game,
        bot: &mut dyn Strategy,
    ) -> Result<Action, ChallengeError> {
        bot.decide(&game.situation(), &mut self.bot_rng(game))
            .map_err(|e| ChallengeError::Bot(e.to_string()))
    }
}

/// The challenge's game with its bots: rolls the challenge's dice and plays the bots' turns
/// until the person must decide or the game is over; the person's decisions go in with
/// [`ChallengeGame::play`].
///
/// ```no_run
/// # fn main() -> Result<(), martian_challenge::ChallengeError> {
/// use martian_challenge::{Challenge, ChallengeGame};
/// let challenge = Challenge::of("2026-12-07".parse().unwrap());
/// let mut driver = ChallengeGame::new(challenge, None)?;
/// driver.advance()?;
/// while driver.awaits_person() {
///     let action = driver.game().turn().legal_actions().iter().next().unwrap();
///     driver.play(action)?;
///     driver.advance()?;
/// }
/// let record = driver.record("Ana");
/// # Ok(())
/// # }
/// ```
pub struct ChallengeGame {
    challenge: Challenge,
    game: Game,
    /// Seat by seat: the bot that plays it, `None` for a person deciding through `play`.
    bots: Vec<Option<Box<dyn Strategy>>>,
}

impl fmt::Debug for ChallengeGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bots: Vec<Option<String>> = self
            .bots
            .iter()
            .map(|bot| bot.as_ref().map(|b| b.name()))
            .collect();
        f.debug_struct("ChallengeGame")
            .field("challenge", &self.challenge)
            .field("game", &self.game)
            .field("bots", &bots)
            .finish()
    }
}

impl ChallengeGame {
    /// A new game of `challenge` with its opponents; `person` plays the person's seat if given
    /// (`--bot optimal`), else the person decides through [`ChallengeGame::play`].
    pub fn new(
        challenge: Challenge,
        person: Option<Box<dyn Strategy>>,
    ) -> Result<ChallengeGame, ChallengeError> {
        let mut bots = vec![person];
        for &name in challenge.opponents() {
            let bot = martian_bots::create(name, challenge.rules)
                .map_err(|e| ChallengeError::Bot(e.to_string()))?;
            bots.push(Some(bot));
        }
        for (seat, bot) in bots.iter_mut().enumerate() {
            if let Some(bot) = bot {
                bot.new_game(challenge.rules, seat, challenge.players())
                    .map_err(|e| ChallengeError::Bot(e.to_string()))?;
            }
        }
        Ok(ChallengeGame {
            challenge,
            game: challenge.new_game(),
            bots,
        })
    }

    /// The challenge played.
    pub fn challenge(&self) -> &Challenge {
        &self.challenge
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether the game waits for a decision of the person (a seat no bot plays).
    pub fn awaits_person(&self) -> bool {
        match self.game.awaiting() {
            Awaiting::Decision { seat } => self.bots[seat].is_none(),
            _ => false,
        }
    }

    /// One roll or one bot's decision; `None` when the person must decide or the game is over.
    pub fn step(&mut self) -> Result<Option<Event>, ChallengeError> {
        match self.game.awaiting() {
            Awaiting::Nothing => Ok(None),
            Awaiting::TurnRoll { seat, .. } | Awaiting::RollOffRoll { seat, .. } => {
                let roll_off = matches!(self.game.awaiting(), Awaiting::RollOffRoll { .. });
                let dice = self.challenge.dice(&self.game)?;
                self.game.apply_roll(dice)?;
                Ok(Some(Event::Rolled {
                    seat,
                    dice,
                    roll_off,
                }))
            }
            Awaiting::Decision { seat } => {
                let Some(bot) = self.bots[seat].as_deref_mut() else {
                    return Ok(None);
                };
                let action = self.challenge.bot_decision(&self.game, bot)?;
                self.game.play(action)?;
                Ok(Some(Event::Played { seat, action }))
            }
        }
    }

    /// Steps until the person must decide or the game is over; what happened, in order.
    pub fn advance(&mut self) -> Result<Vec<Event>, ChallengeError> {
        let mut events = Vec::new();
        while let Some(event) = self.step()? {
            events.push(event);
        }
        Ok(events)
    }

    /// Plays the person's decision (without advancing further). On error nothing changes.
    pub fn play(&mut self, action: Action) -> Result<(), ChallengeError> {
        if !self.awaits_person() {
            return Err(ChallengeError::NotPersonsDecision);
        }
        self.game.play(action)?;
        Ok(())
    }

    /// The game's record so far, the person named `person`, with the day's seed.
    pub fn record(&self, person: &str) -> GameRecord {
        GameRecord::of_game(
            &self.game,
            self.challenge.players_info(person),
            Some(self.challenge.seed),
        )
    }
}
