//! The rules a game is played under: the official ones, or a variant.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::{Dice, MAX_DICE};
use crate::face::Face;

/// Points scored by a turn or banked by a player.
pub type Points = u16;

/// The bonus for earthlings set aside in one turn.
pub const BONUS_POINTS: Points = 3;

/// Dice each tied player rolls in the roll-off (all the dice of a game that has fewer: see
/// [`Rules::roll_off_dice`]).
pub const ROLL_OFF_DICE: u8 = 6;

/// When the earthling bonus is scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BonusRule {
    /// At least one human, one cow and one chicken (the official game).
    #[default]
    OneOfEach,
    /// At least one earthling of any kind (the literal reading of the original text).
    AnyEarthling,
}

/// What happens when a player's total reaches the target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndRule {
    /// The round is completed, so every player has had the same number of turns (official).
    #[default]
    CompleteRound,
    /// The game ends at once; that player wins.
    Immediate,
}

/// How a tie for the most points is settled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieRule {
    /// Tied players roll six dice, most death rays wins, repeated while tied (official).
    #[default]
    RollOff,
    /// Every tied player wins.
    Shared,
}

/// The rules of a game. Built valid: see [`Rules::new`].
///
/// ```
/// use martian_engine::{Rules, BonusRule, EndRule, TieRule};
/// let official = Rules::official();
/// assert_eq!((official.dice(), official.target()), (13, 25));
/// let quick = Rules::new(8, 15, BonusRule::OneOfEach, EndRule::Immediate, TieRule::RollOff).unwrap();
/// assert_eq!(quick.to_string(), "8 dice, target 15, bonus for one of each, immediate end, roll-off");
/// assert!(Rules::official().with_dice(0).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesSpec", into = "RulesSpec")]
pub struct Rules {
    dice: u8,
    target: Points,
    bonus: BonusRule,
    end: EndRule,
    tie: TieRule,
}

/// The written form of [`Rules`], checked on the way in.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesSpec {
    dice: u8,
    target: Points,
    bonus: BonusRule,
    end: EndRule,
    tie: TieRule,
}

impl TryFrom<RulesSpec> for Rules {
    type Error = RulesError;
    fn try_from(spec: RulesSpec) -> Result<Rules, RulesError> {
        Rules::new(spec.dice, spec.target, spec.bonus, spec.end, spec.tie)
    }
}

impl From<Rules> for RulesSpec {
    fn from(rules: Rules) -> RulesSpec {
        RulesSpec {
            dice: rules.dice,
            target: rules.target,
            bonus: rules.bonus,
            end: rules.end,
            tie: rules.tie,
        }
    }
}

/// A rule setting out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A number of dice out of range.
    #[error("the number of dice must be from {min} to {max}, not {0}", min = Rules::MIN_DICE, max = MAX_DICE)]
    Dice(u8),
    /// A target score out of range.
    #[error("the target score must be from {min} to {max}, not {0}", min = Rules::MIN_TARGET, max = Rules::MAX_TARGET)]
    Target(Points),
}

impl Rules {
    /// The fewest dice a variant may use.
    pub const MIN_DICE: u8 = 1;
    /// The most dice a variant may use.
    pub const MAX_DICE: u8 = MAX_DICE;
    /// The lowest target score.
    pub const MIN_TARGET: Points = 1;
    /// The highest target score.
    pub const MAX_TARGET: Points = 999;
    /// The number of dice of the official game.
    pub const OFFICIAL_DICE: u8 = 13;
    /// The target score of the official game.
    pub const OFFICIAL_TARGET: Points = 25;

    /// The official rules: 13 dice, target 25, bonus for one of each, round completed, roll-off.
    pub const fn official() -> Rules {
        Rules {
            dice: Self::OFFICIAL_DICE,
            target: Self::OFFICIAL_TARGET,
            bonus: BonusRule::OneOfEach,
            end: EndRule::CompleteRound,
            tie: TieRule::RollOff,
        }
    }

    /// Rules with every setting given, checked.
    pub fn new(
        dice: u8,
        target: Points,
        bonus: BonusRule,
        end: EndRule,
        tie: TieRule,
    ) -> Result<Rules, RulesError> {
        if !(Self::MIN_DICE..=Self::MAX_DICE).contains(&dice) {
            return Err(RulesError::Dice(dice));
        }
        if !(Self::MIN_TARGET..=Self::MAX_TARGET).contains(&target) {
            return Err(RulesError::Target(target));
        }
        Ok(Rules {
            dice,
            target,
            bonus,
            end,
            tie,
        })
    }

    /// These rules with another number of dice.
    pub fn with_dice(self, dice: u8) -> Result<Rules, RulesError> {
        Rules::new(dice, self.target, self.bonus, self.end, self.tie)
    }

    /// These rules with another target score.
    pub fn with_target(self, target: Points) -> Result<Rules, RulesError> {
        Rules::new(self.dice, target, self.bonus, self.end, self.tie)
    }

    /// These rules with another bonus reading.
    #[must_use]
    pub const fn with_bonus(mut self, bonus: BonusRule) -> Rules {
        self.bonus = bonus;
        self
    }

    /// These rules with another end of game.
    #[must_use]
    pub const fn with_end(mut self, end: EndRule) -> Rules {
        self.end = end;
        self
    }

    /// These rules with another way to settle ties.
    #[must_use]
    pub const fn with_tie(mut self, tie: TieRule) -> Rules {
        self.tie = tie;
        self
    }

    /// The number of dice a turn starts with.
    pub const fn dice(self) -> u8 {
        self.dice
    }
    /// The dice each tied player rolls in the roll-off: [`ROLL_OFF_DICE`], or all the dice when
    /// the game has fewer (a set of three dice cannot give six).
    pub const fn roll_off_dice(self) -> u8 {
        if self.dice < ROLL_OFF_DICE {
            self.dice
        } else {
            ROLL_OFF_DICE
        }
    }
    /// The total that ends the game.
    pub const fn target(self) -> Points {
        self.target
    }
    /// When the earthling bonus is scored.
    pub const fn bonus(self) -> BonusRule {
        self.bonus
    }
    /// What happens when a player reaches the target.
    pub const fn end(self) -> EndRule {
        self.end
    }
    /// How a tie for the most points is settled.
    pub const fn tie(self) -> TieRule {
        self.tie
    }

    /// The last round a game may have: a game in which nobody has reached the target by the end
    /// of this round ends with it, as if the target had been reached (the most points wins, a
    /// tie is settled as usual). Not a rule of the original game but a safeguard of this
    /// program, so that no game can go on for ever (players that never score): `10 × target +
    /// 100`, 350 rounds at the official target. Play that tries to score never comes near it: a
    /// player who scores one turn in two, as with a single die, needs about twice the target.
    pub const fn round_limit(self) -> u32 {
        10 * self.target as u32 + 100
    }

    /// Whether these are the official rules.
    pub fn is_official(self) -> bool {
        self == Rules::official()
    }

    /// A short stable name for these rules, usable in file names: `d13-t25-each-round-rolloff`.
    pub fn key(self) -> String {
        let bonus = match self.bonus {
            BonusRule::OneOfEach => "each",
            BonusRule::AnyEarthling => "any",
        };
        let end = match self.end {
            EndRule::CompleteRound => "round",
            EndRule::Immediate => "immediate",
        };
        let tie = match self.tie {
            TieRule::RollOff => "rolloff",
            TieRule::Shared => "shared",
        };
        format!("d{}-t{}-{bonus}-{end}-{tie}", self.dice, self.target)
    }

    /// Whether the earthlings among `aside` earn the bonus under these rules.
    #[inline]
    pub fn earns_bonus(self, aside: Dice) -> bool {
        match self.bonus {
            BonusRule::OneOfEach => Face::EARTHLINGS.iter().all(|&f| aside.count(f) > 0),
            BonusRule::AnyEarthling => aside.earthlings() > 0,
        }
    }

    /// What a turn scores with `aside` set aside: 0 if the tanks outnumber the death rays,
    /// otherwise a point per earthling plus the bonus when earned.
    ///
    /// ```
    /// use martian_engine::{Rules, Dice};
    /// let rules = Rules::official();
    /// assert_eq!(rules.score("TRHCK".parse().unwrap()), 6);
    /// assert_eq!(rules.score("TTRHHH".parse().unwrap()), 0);
    /// assert_eq!(rules.score("TRHH".parse().unwrap()), 2);
    /// ```
    #[inline]
    pub fn score(self, aside: Dice) -> Points {
        if aside.count(Face::Tank) > aside.count(Face::DeathRay) {
            return 0;
        }
        let bonus = if self.earns_bonus(aside) {
            BONUS_POINTS
        } else {
            0
        };
        Points::from(aside.earthlings()) + bonus
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::official()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bonus = match self.bonus {
            BonusRule::OneOfEach => "bonus for one of each",
            BonusRule::AnyEarthling => "bonus for any earthling",
        };
        let end = match self.end {
            EndRule::CompleteRound => "round completed",
            EndRule::Immediate => "immediate end",
        };
        let tie = match self.tie {
            TieRule::RollOff => "roll-off",
            TieRule::Shared => "shared victory",
        };
        write!(
            f,
            "{} dice, target {}, {bonus}, {end}, {tie}",
            self.dice, self.target
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice(text: &str) -> Dice {
        text.parse().unwrap()
    }

    #[test]
    fn scoring_edge_cases() {
        let rules = Rules::official();
        assert_eq!(rules.score(Dice::EMPTY), 0);
        assert_eq!(
            rules.score(dice("TR")),
            0,
            "a draw of tanks and rays, no earthlings"
        );
        assert_eq!(
            rules.score(dice("TTRHCK")),
            0,
            "tanks ahead lose everything"
        );
        assert_eq!(rules.score(dice("TRRHHCK")), 7, "4 earthlings + bonus");
        assert_eq!(rules.score(dice("RHHCC")), 4, "no chicken, no bonus");
        assert_eq!(rules.score(dice("13H")), 13);
    }

    #[test]
    fn literal_bonus_reading_needs_any_earthling() {
        let rules = Rules::official().with_bonus(BonusRule::AnyEarthling);
        assert_eq!(rules.score(dice("RHH")), 5);
        assert_eq!(rules.score(dice("RR")), 0);
        assert_eq!(rules.score(dice("RHCK")), 6);
    }

    #[test]
    fn out_of_range_settings_are_refused() {
        assert_eq!(Rules::official().with_dice(31), Err(RulesError::Dice(31)));
        assert_eq!(Rules::official().with_target(0), Err(RulesError::Target(0)));
        assert!(Rules::official().with_dice(1).is_ok());
        assert!(Rules::official().with_dice(30).is_ok());
    }

    #[test]
    fn json_round_trip_checks_ranges() {
        let text = r#"{"dice":13,"target":25,"bonus":"one-of-each","end":"complete-round","tie":"roll-off"}"#;
        let rules: Rules = serde_json::from_str(text).unwrap();
        assert!(rules.is_official());
        assert_eq!(serde_json::to_string(&rules).unwrap(), text);
        let bad = text.replace("13", "0");
        assert!(serde_json::from_str::<Rules>(&bad).is_err());
    }
}
