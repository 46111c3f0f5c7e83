//! The rule-variant options every command that plays or solves games takes.

use clap::{Args, ValueEnum};
use martian_engine::{BonusRule, EndRule, Points, Rules, TieRule};

use crate::output::UsageError;

/// `--dice`, `--target`, `--bonus`, `--end`, `--tie`; the defaults are the official rules.
#[derive(Debug, Clone, Args)]
pub struct RulesArgs {
    /// Number of dice (1–30).
    #[arg(long, default_value_t = Rules::OFFICIAL_DICE)]
    pub dice: u8,
    /// Score that ends the game (1–999).
    #[arg(long, default_value_t = Rules::OFFICIAL_TARGET)]
    pub target: Points,
    /// When the 3-point earthling bonus is scored.
    #[arg(long, value_enum, default_value_t = BonusArg::OneOfEach)]
    pub bonus: BonusArg,
    /// What happens when a player reaches the target.
    #[arg(long, value_enum, default_value_t = EndArg::CompleteRound)]
    pub end: EndArg,
    /// How a tie for the most points is settled.
    #[arg(long, value_enum, default_value_t = TieArg::RollOff)]
    pub tie: TieArg,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum BonusArg {
    /// One human, one cow and one chicken (official).
    OneOfEach,
    /// Any earthling (the literal reading of the original text).
    AnyEarthling,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum EndArg {
    /// The round is completed (official).
    CompleteRound,
    /// The game ends at once.
    Immediate,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum TieArg {
    /// Death-ray roll-off, repeated while tied (official).
    RollOff,
    /// Every tied leader wins.
    Shared,
}

impl RulesArgs {
    /// The rules these options describe, or a usage error naming the bad setting.
    pub fn rules(&self) -> Result<Rules, UsageError> {
        let bonus = match self.bonus {
            BonusArg::OneOfEach => BonusRule::OneOfEach,
            BonusArg::AnyEarthling => BonusRule::AnyEarthling,
        };
        let end = match self.end {
            EndArg::CompleteRound => EndRule::CompleteRound,
            EndArg::Immediate => EndRule::Immediate,
        };
        let tie = match self.tie {
            TieArg::RollOff => TieRule::RollOff,
            TieArg::Shared => TieRule::Shared,
        };
        Rules::new(self.dice, self.target, bonus, end, tie).map_err(|e| UsageError(e.to_string()))
    }
}
