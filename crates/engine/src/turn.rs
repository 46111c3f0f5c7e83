//! One player's turn as a state machine: roll → tanks aside → take a type → stop or roll again.

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::face::{Face, FaceSet};
use crate::roll::roll_dice;
use crate::rules::{Points, Rules};

/// A decision a player makes during a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Set aside every rolled die of this type.
    Take(Face),
    /// End the turn and score it.
    Stop,
    /// Roll the dice still available.
    Roll,
}

impl Action {
    /// The action's word in transcripts and protocols: a face letter, `stop` or `roll`.
    pub fn code(self) -> String {
        match self {
            Action::Take(face) => face.letter().to_string(),
            Action::Stop => "stop".into(),
            Action::Roll => "roll".into(),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Take(face) => write!(f, "take {}", face.plural()),
            Action::Stop => f.write_str("stop"),
            Action::Roll => f.write_str("roll again"),
        }
    }
}

/// Why a turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TurnEnd {
    /// The player chose to stop.
    Stop,
    /// Every die was set aside.
    NoDice,
    /// The roll offered no type that could be taken.
    NoChoice,
}

impl TurnEnd {
    /// The stable name used in JSON: `stop`, `no-dice`, `no-choice`.
    pub const fn name(self) -> &'static str {
        match self {
            TurnEnd::Stop => "stop",
            TurnEnd::NoDice => "no-dice",
            TurnEnd::NoChoice => "no-choice",
        }
    }
}

/// Where a turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnPhase {
    /// The available dice are to be rolled (the start of a turn, or after choosing to roll again).
    ToRoll,
    /// A roll awaits the choice of a type. Its tanks are already set aside.
    Choosing {
        /// The roll, tanks included.
        roll: Dice,
    },
    /// After a take: stop or roll again.
    Deciding,
    /// The turn is over and scores [`Turn::score`].
    Over(TurnEnd),
}

/// An action or roll that the rules do not allow now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The turn is over.
    #[error("the turn is over")]
    Over,
    /// A roll awaits the choice of a type.
    #[error("a roll is awaiting a choice of type")]
    AwaitingChoice,
    /// The dice are to be rolled first.
    #[error("the dice must be rolled first")]
    AwaitingRoll,
    /// After a take: stop or roll again first.
    #[error("the player must first stop or roll again")]
    AwaitingDecision,
    /// A roll of another number of dice than those available.
    #[error(
        "{rolled} {} rolled but {available} {} available",
        if *rolled == 1 { "die was" } else { "dice were" },
        if *available == 1 { "is" } else { "are" }
    )]
    WrongDiceCount {
        /// The dice in the roll.
        rolled: u8,
        /// The dice that were to be rolled.
        available: u8,
    },
    /// Tanks are never chosen.
    #[error("tanks cannot be chosen: they are set aside by force")]
    TakeTank,
    /// The type was not rolled.
    #[error("no {} were rolled", .0.plural())]
    NotRolled(Face),
    /// An earthling type already set aside this turn.
    #[error("{} were already taken this turn", .0.plural())]
    AlreadyTaken(Face),
}

/// Why a turn cannot be resumed from the dice set aside: see [`Turn::resume`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    /// More dice set aside than the rules have.
    #[error("{aside} dice set aside, but the game has {dice}")]
    TooManyAside {
        /// The dice set aside.
        aside: u8,
        /// The dice of the rules.
        dice: u8,
    },
    /// Every die is set aside: such a turn is over, not waiting for a roll.
    #[error("every die is set aside: the turn is over")]
    NoDiceLeft,
}

/// The actions open to a player right now, at most four.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActionList {
    actions: [Option<Action>; 4],
    len: u8,
}

impl ActionList {
    fn push(&mut self, action: Action) {
        self.actions[usize::from(self.len)] = Some(action);
        self.len += 1;
    }
    /// How many actions there are.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }
    /// Whether there is no action.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Whether `action` is one of them.
    pub fn contains(&self, action: Action) -> bool {
        self.iter().any(|a| a == action)
    }
    /// The actions in order: takes in face order, or stop then roll.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        self.actions[..self.len()].iter().flatten().copied()
    }
}

/// A turn in progress.
///
/// ```
/// use martian_engine::{Action, Dice, Face, Rules, Turn, TurnEnd, TurnPhase};
/// let mut turn = Turn::new(Rules::official());
/// turn.apply_roll("TTRRRHHCKKKCC".parse().unwrap()).unwrap();
/// assert_eq!(turn.aside().count(Face::Tank), 2); // forced aside
/// assert_eq!(turn.legal_takes().to_string(), "RHCK");
/// turn.play(Action::Take(Face::Chicken)).unwrap();
/// assert_eq!(turn.score(), 0); // two tanks, no rays yet
/// turn.play(Action::Roll).unwrap();
/// turn.apply_roll("TRRRHHCC".parse().unwrap()).unwrap();
/// turn.play(Action::Take(Face::DeathRay)).unwrap();
/// assert_eq!(turn.score(), 3);
/// turn.play(Action::Stop).unwrap();
/// assert_eq!(turn.phase(), TurnPhase::Over(TurnEnd::Stop));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    rules: Rules,
    aside: Dice,
    phase: TurnPhase,
}

impl Turn {
    /// A fresh turn, all dice available.
    pub fn new(rules: Rules) -> Turn {
        Turn {
            rules,
            aside: Dice::EMPTY,
            phase: TurnPhase::ToRoll,
        }
    }

    /// A turn with `aside` already set aside and the rest of the dice about to be rolled;
    /// refused when no dice would be left to roll.
    ///
    /// ```
    /// use martian_engine::{ResumeError, Rules, Turn};
    /// let turn = Turn::resume(Rules::official(), "5C".parse().unwrap()).unwrap();
    /// assert_eq!(turn.dice_left(), 8);
    /// assert_eq!(
    ///     Turn::resume(Rules::official(), "14C".parse().unwrap()),
    ///     Err(ResumeError::TooManyAside { aside: 14, dice: 13 })
    /// );
    /// assert_eq!(
    ///     Turn::resume(Rules::official(), "13C".parse().unwrap()),
    ///     Err(ResumeError::NoDiceLeft)
    /// );
    /// ```
    pub fn resume(rules: Rules, aside: Dice) -> Result<Turn, ResumeError> {
        if aside.total() > rules.dice() {
            return Err(ResumeError::TooManyAside {
                aside: aside.total(),
                dice: rules.dice(),
            });
        }
        if aside.total() == rules.dice() {
            return Err(ResumeError::NoDiceLeft);
        }
        Ok(Turn {
            rules,
            aside,
            phase: TurnPhase::ToRoll,
        })
    }

    /// The rules of the turn.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The dice set aside so far, tanks of a roll awaiting a choice included.
    pub fn aside(&self) -> Dice {
        self.aside
    }

    /// Where the turn stands.
    pub fn phase(&self) -> TurnPhase {
        self.phase
    }

    /// The roll awaiting a choice, if any.
    pub fn pending_roll(&self) -> Option<Dice> {
        match self.phase {
            TurnPhase::Choosing { roll } => Some(roll),
            _ => None,
        }
    }

    /// Whether the turn has ended.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, TurnPhase::Over(_))
    }

    /// Why the turn ended, once it has.
    pub fn ended_by(&self) -> Option<TurnEnd> {
        match self.phase {
            TurnPhase::Over(end) => Some(end),
            _ => None,
        }
    }

    /// The dice not set aside: those the next roll throws (while a roll awaits a choice, its
    /// non-tank dice count as not set aside yet).
    pub fn dice_left(&self) -> u8 {
        self.rules.dice() - self.aside.total()
    }

    /// What the dice set aside score now: the turn's score once it is over.
    pub fn score(&self) -> Points {
        self.rules.score(self.aside)
    }

    /// The types that may be taken from `roll` given what is set aside.
    pub fn legal_takes_from(aside: Dice, roll: Dice) -> FaceSet {
        let mut set = FaceSet::EMPTY;
        if roll.count(Face::DeathRay) > 0 {
            set = set.with(Face::DeathRay);
        }
        for face in Face::EARTHLINGS {
            if roll.count(face) > 0 && aside.count(face) == 0 {
                set = set.with(face);
            }
        }
        set
    }

    /// The types that may be taken now (empty unless a roll awaits a choice).
    pub fn legal_takes(&self) -> FaceSet {
        match self.phase {
            TurnPhase::Choosing { roll } => Turn::legal_takes_from(self.aside, roll),
            _ => FaceSet::EMPTY,
        }
    }

    /// The decisions open to the player now. Empty while dice are to be rolled or once over.
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::default();
        match self.phase {
            TurnPhase::Choosing { .. } => {
                self.legal_takes()
                    .iter()
                    .for_each(|f| list.push(Action::Take(f)));
            }
            TurnPhase::Deciding => {
                list.push(Action::Stop);
                list.push(Action::Roll);
            }
            TurnPhase::ToRoll | TurnPhase::Over(_) => {}
        }
        list
    }

    /// Throws the available dice with `rng` and applies the roll.
    pub fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<Dice, TurnError> {
        self.expect_to_roll()?;
        let roll = roll_dice(self.dice_left(), rng);
        self.apply_roll(roll)?;
        Ok(roll)
    }

    /// Applies a roll made elsewhere (physical dice, a transcript, a record). The roll must throw
    /// exactly the available dice. Tanks go aside; if no type can be taken the turn ends.
    pub fn apply_roll(&mut self, roll: Dice) -> Result<(), TurnError> {
        self.expect_to_roll()?;
        let available = self.dice_left();
        if roll.total() != available {
            return Err(TurnError::WrongDiceCount {
                rolled: roll.total(),
                available,
            });
        }
        let tanks = roll.count(Face::Tank);
        self.aside = self
            .aside
            .with_count(Face::Tank, self.aside.count(Face::Tank) + tanks);
        self.phase = if Turn::legal_takes_from(self.aside, roll).is_empty() {
            TurnPhase::Over(TurnEnd::NoChoice)
        } else {
            TurnPhase::Choosing { roll }
        };
        Ok(())
    }

    fn expect_to_roll(&self) -> Result<(), TurnError> {
        match self.phase {
            TurnPhase::ToRoll => Ok(()),
            TurnPhase::Choosing { .. } => Err(TurnError::AwaitingChoice),
            TurnPhase::Deciding => Err(TurnError::AwaitingDecision),
            TurnPhase::Over(_) => Err(TurnError::Over),
        }
    }

    /// Checks that `action` is legal now, without playing it.
    pub fn check(&self, action: Action) -> Result<(), TurnError> {
        match (self.phase, action) {
            (TurnPhase::Over(_), _) => Err(TurnError::Over),
            (TurnPhase::ToRoll, _) => Err(TurnError::AwaitingRoll),
            (TurnPhase::Choosing { roll }, Action::Take(face)) => {
                if face == Face::Tank {
                    Err(TurnError::TakeTank)
                } else if roll.count(face) == 0 {
                    Err(TurnError::NotRolled(face))
                } else if face.is_earthling() && self.aside.count(face) > 0 {
                    Err(TurnError::AlreadyTaken(face))
                } else {
                    Ok(())
                }
            }
            (TurnPhase::Choosing { .. }, _) => Err(TurnError::AwaitingChoice),
            (TurnPhase::Deciding, Action::Take(_)) => Err(TurnError::AwaitingDecision),
            (TurnPhase::Deciding, Action::Stop | Action::Roll) => Ok(()),
        }
    }

    /// Plays a decision. On error nothing changes.
    pub fn play(&mut self, action: Action) -> Result<(), TurnError> {
        self.check(action)?;
        match action {
            Action::Take(face) => {
                let roll = self.pending_roll().expect("checked: a roll is pending");
                self.aside = self
                    .aside
                    .with_count(face, self.aside.count(face) + roll.count(face));
                self.phase = if self.dice_left() == 0 {
                    TurnPhase::Over(TurnEnd::NoDice)
                } else {
                    TurnPhase::Deciding
                };
            }
            Action::Stop => self.phase = TurnPhase::Over(TurnEnd::Stop),
            Action::Roll => self.phase = TurnPhase::ToRoll,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice(text: &str) -> Dice {
        text.parse().unwrap()
    }

    fn started(roll: &str) -> Turn {
        let mut turn = Turn::new(Rules::official());
        turn.apply_roll(dice(roll)).unwrap();
        turn
    }

    #[test]
    fn a_wrong_count_of_one_die_reads_in_the_singular() {
        let error = |rolled, available| TurnError::WrongDiceCount { rolled, available }.to_string();
        assert_eq!(error(2, 1), "2 dice were rolled but 1 is available");
        assert_eq!(error(1, 3), "1 die was rolled but 3 are available");
        assert_eq!(error(7, 8), "7 dice were rolled but 8 are available");
    }

    #[test]
    fn a_roll_of_only_tanks_ends_the_turn_with_no_choice() {
        let mut turn = Turn::new(Rules::official().with_dice(3).unwrap());
        turn.apply_roll(dice("TTT")).unwrap();
        assert_eq!(turn.phase(), TurnPhase::Over(TurnEnd::NoChoice));
        assert_eq!(turn.aside(), dice("TTT"));
        assert_eq!(turn.score(), 0);
        assert!(turn.legal_actions().is_empty());
    }

    #[test]
    fn a_roll_of_only_taken_earthlings_ends_the_turn_and_is_scored_normally() {
        let mut turn = started("RRRRRHHHCCKKK");
        turn.play(Action::Take(Face::DeathRay)).unwrap();
        turn.play(Action::Roll).unwrap();
        turn.apply_roll(dice("HHHCCKKK")).unwrap();
        turn.play(Action::Take(Face::Human)).unwrap();
        turn.play(Action::Roll).unwrap();
        turn.apply_roll(dice("TCCKK")).unwrap(); // cows and chickens: both still free
        turn.play(Action::Take(Face::Cow)).unwrap();
        turn.play(Action::Roll).unwrap();
        turn.apply_roll(dice("HC")).unwrap(); // humans and cows already taken
        assert_eq!(turn.phase(), TurnPhase::Over(TurnEnd::NoChoice));
        // 5 rays, 1 tank, 3 humans, 2 cows: not a bust, no bonus (no chicken).
        assert_eq!(turn.score(), 5);
    }

    #[test]
    fn all_thirteen_dice_one_earthling() {
        let mut turn = started("13C");
        assert_eq!(turn.legal_takes(), FaceSet::EMPTY.with(Face::Cow));
        turn.play(Action::Take(Face::Cow)).unwrap();
        assert_eq!(turn.phase(), TurnPhase::Over(TurnEnd::NoDice));
        assert_eq!(turn.score(), 13);
    }

    #[test]
    fn stopping_with_tanks_ahead_is_allowed_and_scores_zero() {
        let mut turn = started("TTTRHHHHCCCKK");
        turn.play(Action::Take(Face::Human)).unwrap();
        assert!(turn.legal_actions().contains(Action::Stop));
        turn.play(Action::Stop).unwrap();
        assert_eq!(turn.ended_by(), Some(TurnEnd::Stop));
        assert_eq!(turn.score(), 0);
    }

    #[test]
    fn the_bonus_needs_one_of_each_earthling() {
        let mut turn = started("RRRRRRRRRRHCK");
        turn.play(Action::Take(Face::DeathRay)).unwrap();
        turn.play(Action::Roll).unwrap();
        turn.apply_roll(dice("HCK")).unwrap();
        turn.play(Action::Take(Face::Human)).unwrap();
        assert_eq!(turn.score(), 1);
        turn.play(Action::Roll).unwrap();
        turn.apply_roll(dice("CK")).unwrap();
        turn.play(Action::Take(Face::Cow)).unwrap();
        turn.play(Action::Roll).unwrap();
        turn.apply_roll(dice("K")).unwrap();
        turn.play(Action::Take(Face::Chicken)).unwrap();
        assert_eq!(turn.phase(), TurnPhase::Over(TurnEnd::NoDice));
        assert_eq!(turn.score(), 3 + 3);
    }

    #[test]
    fn illegal_actions_change_nothing() {
        let mut turn = started("TTRRRHHCKKKCC");
        let before = turn;
        assert_eq!(
            turn.play(Action::Take(Face::Tank)),
            Err(TurnError::TakeTank)
        );
        assert_eq!(turn.play(Action::Stop), Err(TurnError::AwaitingChoice));
        assert_eq!(turn.apply_roll(dice("R")), Err(TurnError::AwaitingChoice));
        assert_eq!(turn, before);
        turn.play(Action::Take(Face::Chicken)).unwrap();
        turn.play(Action::Roll).unwrap();
        assert_eq!(
            turn.apply_roll(dice("RRR")),
            Err(TurnError::WrongDiceCount {
                rolled: 3,
                available: 8
            })
        );
        turn.apply_roll(dice("KKKKHHHH")).unwrap();
        assert_eq!(
            turn.play(Action::Take(Face::Chicken)),
            Err(TurnError::AlreadyTaken(Face::Chicken))
        );
        assert_eq!(
            turn.play(Action::Take(Face::Cow)),
            Err(TurnError::NotRolled(Face::Cow))
        );
    }

    #[test]
    fn rolling_again_with_tanks_ahead_is_allowed() {
        let mut turn = started("TTTTTRHHCCKKK");
        turn.play(Action::Take(Face::Chicken)).unwrap();
        assert!(turn.legal_actions().contains(Action::Roll));
        turn.play(Action::Roll).unwrap();
        assert_eq!(turn.dice_left(), 5);
    }
}
