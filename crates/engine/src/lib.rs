#![doc = include_str!("../README.md")]
// Every public item of the rules is documented, and stays so.
#![warn(missing_docs)]

mod dice;
mod face;
mod game;
mod limits;
mod record;
mod roll;
mod rules;
mod transcript;
mod turn;

pub use dice::{CountsError, Dice, MAX_DICE, ParseDiceError};
pub use face::{Face, FaceSet};
pub use game::{
    Awaiting, Game, GameError, GameState, MAX_PLAYERS, Outcome, RollOff, RollOffRoll, Scoreboard,
    Situation, Step, TurnLog, TurnStart,
};
pub use limits::{SolveLimit, SolvedGame, VALUES_BUDGET, WORK_BUDGET, turn_work};
pub use record::{
    GameRecord, PlayerInfo, RECORD_FORMAT, RECORD_VERSION, RecordError, ResultRecord, TurnRecord,
};
pub use roll::roll_dice;
pub use rules::{
    BONUS_POINTS, BonusRule, EndRule, Points, ROLL_OFF_DICE, Rules, RulesError, TieRule,
};
pub use transcript::{Transcript, TranscriptError, TranscriptErrorKind, TranscriptStep};
pub use turn::{Action, ActionList, ResumeError, Turn, TurnEnd, TurnError, TurnPhase};

/// The project's portable seeded generator: the same seed gives the same dice everywhere.
pub type GameRng = rand_pcg::Pcg64Mcg;

/// A [`GameRng`] seeded with `seed`.
pub fn seeded_rng(seed: u64) -> GameRng {
    use rand::SeedableRng;
    GameRng::seed_from_u64(seed)
}
