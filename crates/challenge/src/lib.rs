#![doc = include_str!("../README.md")]
// Every public item of the challenge is documented, and stays so: the server and the page build
// on it.
#![warn(missing_docs)]

mod date;
mod grade;
mod key;
mod play;

use martian_engine::{
    Awaiting, Dice, Game, GameError, GameRng, PlayerInfo, Rules, Step, roll_dice, seeded_rng,
};
use sha2::{Digest, Sha256};

pub use date::{ChallengeDate, DateError};
pub use grade::{Grade, GradedDecision, Mark, grade};
pub use key::position_key;
/// The class of a decision by its loss, as the review gives it.
pub use martian_review::Class;
pub use play::{ChallengeGame, Event};

/// The text hashed with the date into the day's seed (the version is part of it: another
/// scheme would take another text, so no day's dice change under a player's feet).
pub const SEED_PREFIX: &str = "martian-dice daily challenge v1 ";

/// The bots that play the challenge against the person, seat by seat after the person's.
pub const OPPONENTS: &[&str] = &["hard"];

/// The day's challenge: the rules, the seats and the seed every roll is keyed by.
///
/// ```
/// use martian_challenge::{Challenge, ChallengeDate};
/// let challenge = Challenge::of("2026-12-07".parse::<ChallengeDate>().unwrap());
/// assert_eq!(challenge.players(), 2);
/// assert_eq!(challenge.opponents(), ["hard"]);
/// assert_eq!(challenge.seed, Challenge::of(challenge.date).seed);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Challenge {
    /// The day.
    pub date: ChallengeDate,
    /// The day's seed: see [`Challenge::seed_of`].
    pub seed: u64,
    /// The official rules.
    pub rules: Rules,
}

/// Where a roll is made: what its dice are keyed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum RollPlace {
    /// A roll of a turn.
    Turn {
        /// The seat whose turn it is.
        seat: usize,
        /// The round, from 1.
        round: u32,
        /// The roll within the turn, from 0 (the turn's first roll).
        roll: u32,
    },
    /// A roll of the roll-off that settles a tie.
    RollOff {
        /// The round of the roll-off, from 1.
        round: u32,
        /// The seat that rolls.
        seat: usize,
    },
}

/// Why a challenge refuses a game or a record.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ChallengeError {
    /// The game awaits a decision or is over: no dice to give.
    #[error("the game awaits no roll now")]
    NoRollAwaited,
    /// The game refused a move.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A bot could not be made or could not decide.
    #[error("{0}")]
    Bot(String),
    /// The game awaits another seat than the one that moved.
    #[error("it is not the person's decision now")]
    NotPersonsDecision,
    /// The record is not a game of this challenge: other rules, seats or seed.
    #[error("not a game of the {date} challenge: {what}")]
    NotThisChallenge {
        /// The challenge's day.
        date: ChallengeDate,
        /// What differs.
        what: String,
    },
    /// The record breaks the rules.
    #[error("the record breaks the rules: {0}")]
    Record(#[from] martian_engine::RecordError),
    /// A turn's roll is not the challenge's.
    #[error("turn {turn}, roll {roll}: the challenge rolled {expected}, the record has {recorded}")]
    TurnRoll {
        /// The turn of the record, from 1.
        turn: usize,
        /// The roll within the turn, from 1.
        roll: usize,
        /// The challenge's dice.
        expected: Dice,
        /// The record's.
        recorded: Dice,
    },
    /// A roll-off roll is not the challenge's.
    #[error(
        "roll-off round {round}, roll {roll}: the challenge rolled {expected}, the record has {recorded}"
    )]
    RollOffRoll {
        /// The roll-off round, from 1.
        round: usize,
        /// The roll within the round, from 1.
        roll: usize,
        /// The challenge's dice.
        expected: Dice,
        /// The record's.
        recorded: Dice,
    },
    /// The game is not over: only a finished game is graded.
    #[error("the game is not over")]
    Unfinished,
    /// The review could not value the whole game.
    #[error("the review stops early: {0}")]
    Review(String),
}

impl Challenge {
    /// The challenge of `date`.
    pub fn of(date: ChallengeDate) -> Challenge {
        Challenge {
            date,
            seed: Challenge::seed_of(date),
            rules: Rules::default(),
        }
    }

    /// The seed of `date`: the first 8 bytes, little endian, of SHA-256 of
    /// [`SEED_PREFIX`] followed by the date written `YYYY-MM-DD` (UTF-8).
    pub fn seed_of(date: ChallengeDate) -> u64 {
        first_u64(Sha256::new().chain_update(format!("{SEED_PREFIX}{date}")))
    }

    /// The number of seats: the person and the [`OPPONENTS`].
    pub fn players(&self) -> usize {
        1 + OPPONENTS.len()
    }

    /// The person's seat: the first, who opens every round.
    pub fn person_seat(&self) -> usize {
        0
    }

    /// The bots of the other seats, in seat order, by the names `martian_bots::create` takes.
    pub fn opponents(&self) -> &'static [&'static str] {
        OPPONENTS
    }

    /// A new game of the challenge, nothing rolled yet.
    pub fn new_game(&self) -> Game {
        Game::new(self.rules, self.players()).expect("the challenge seats a valid number")
    }

    /// The players of the challenge's record: the person by `person`, the bots by their names.
    pub fn players_info(&self, person: &str) -> Vec<PlayerInfo> {
        let mut players = vec![PlayerInfo {
            name: person.to_string(),
            bot: None,
        }];
        players.extend(OPPONENTS.iter().map(|&bot| PlayerInfo {
            name: bot.to_string(),
            bot: Some(bot.to_string()),
        }));
        players
    }

    /// The seed of the generator a roll at `place` is drawn with: the first 8 bytes, little
    /// endian, of SHA-256 of
    /// - a turn's roll: `b"turn"`, the day's seed (u64), the seat, the round and the roll within
    ///   the turn (each u32);
    /// - a roll-off roll: `b"roll-off"`, the day's seed (u64), the roll-off round and the seat
    ///   (each u32);
    ///
    /// every number little endian.
    pub fn roll_key(&self, place: RollPlace) -> u64 {
        let hash = match place {
            RollPlace::Turn { seat, round, roll } => Sha256::new()
                .chain_update(b"turn")
                .chain_update(self.seed.to_le_bytes())
                .chain_update(seat_bytes(seat))
                .chain_update(round.to_le_bytes())
                .chain_update(roll.to_le_bytes()),
            RollPlace::RollOff { round, seat } => Sha256::new()
                .chain_update(b"roll-off")
                .chain_update(self.seed.to_le_bytes())
                .chain_update(round.to_le_bytes())
                .chain_update(seat_bytes(seat)),
        };
        first_u64(hash)
    }

    /// The seed of the generator a bot's decision is drawn with: as [`Challenge::roll_key`],
    /// over `b"bot"`, the day's seed (u64), the seat, the round and the decision within the
    /// turn (from 0; each u32).
    pub fn bot_key(&self, seat: usize, round: u32, decision: u32) -> u64 {
        first_u64(
            Sha256::new()
                .chain_update(b"bot")
                .chain_update(self.seed.to_le_bytes())
                .chain_update(seat_bytes(seat))
                .chain_update(round.to_le_bytes())
                .chain_update(decision.to_le_bytes()),
        )
    }

    /// The place of the roll `game` awaits now, from its state alone.
    pub fn roll_place(&self, game: &Game) -> Result<RollPlace, ChallengeError> {
        match game.awaiting() {
            Awaiting::TurnRoll { seat, .. } => Ok(RollPlace::Turn {
                seat,
                round: game.round(),
                roll: count(game.turn_steps(), |s| matches!(s, Step::Rolled(_))),
            }),
            Awaiting::RollOffRoll { seat, .. } => Ok(RollPlace::RollOff {
                // The current round is the last one, open.
                round: game.roll_off().map_or(1, |r| r.rounds().len() as u32),
                seat,
            }),
            Awaiting::Decision { .. } | Awaiting::Nothing => Err(ChallengeError::NoRollAwaited),
        }
    }

    /// The dice `game` awaits now (a turn's roll or a roll-off roll): the roll of
    /// [`Challenge::roll_key`]'s generator for its place. To be applied with
    /// `game.apply_roll(dice)`.
    pub fn dice(&self, game: &Game) -> Result<Dice, ChallengeError> {
        let dice = match game.awaiting() {
            Awaiting::TurnRoll { dice, .. } | Awaiting::RollOffRoll { dice, .. } => dice,
            Awaiting::Decision { .. } | Awaiting::Nothing => {
                return Err(ChallengeError::NoRollAwaited);
            }
        };
        let key = self.roll_key(self.roll_place(game)?);
        Ok(roll_dice(dice, &mut seeded_rng(key)))
    }

    /// The generator for the decision `game` awaits now (a bot's, or the person's played by a
    /// bot): keyed by [`Challenge::bot_key`] with the seat, the round and the decisions the turn
    /// has had.
    pub fn bot_rng(&self, game: &Game) -> GameRng {
        let decision = count(game.turn_steps(), |s| matches!(s, Step::Played(_)));
        seeded_rng(self.bot_key(game.seat(), game.round(), decision))
    }
}

fn seat_bytes(seat: usize) -> [u8; 4] {
    u32::try_from(seat)
        .expect("a game has at most eight seats")
        .to_le_bytes()
}

fn count(steps: &[Step], which: impl Fn(&Step) -> bool) -> u32 {
    steps.iter().filter(|s| which(s)).count() as u32
}

fn first_u64(hash: Sha256) -> u64 {
    let digest = hash.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

#[cfg(test)]
mod tests;
