//! A solved turn's lookups: the value of every decision and the best one.

use std::sync::Arc;

use martian_engine::{Action, Dice, Face, Points, Turn, TurnPhase};

use super::space::Key;
use super::{TurnSpace, clearly_better, tie_order, with_added};

/// The optimal play of a turn for one utility: values of every state and the best decisions.
///
/// Dice are given as the engine gives them: `aside` is [`Turn::aside`] (while a roll awaits a
/// choice, its tanks are already in it) and `roll` is [`Turn::pending_roll`] (tanks included).
/// Lookups read a few array entries and never allocate.
///
/// ```
/// use martian_engine::{Dice, Face, Rules};
/// use martian_solver::expected_score_table;
/// let table = expected_score_table(Rules::official());
/// assert!((table.start_value() - 3.11).abs() < 0.005);
/// let aside: Dice = "5C".parse().unwrap();
/// let roll: Dice = "RRRRHHHH".parse().unwrap();
/// assert_eq!(table.best_take(aside, roll).map(|(f, _)| f), Some(Face::Human));
/// ```
#[derive(Clone, Debug)]
pub struct TurnTable {
    pub(super) space: Arc<TurnSpace>,
    pub(super) utility: Box<[f64]>,
    /// Value before rolling, per compact state.
    pub(super) before: Box<[f64]>,
}

/// The values of the actions open in a turn state, in the order R, H, C, K or stop, roll.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ActionValues {
    pub(super) items: [Option<(Action, f64)>; 4],
    pub(super) len: u8,
    pub(super) best: Option<(Action, f64)>,
}

impl ActionValues {
    pub(super) fn push(&mut self, action: Action, value: f64) {
        self.items[usize::from(self.len)] = Some((action, value));
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn iter(&self) -> impl Iterator<Item = (Action, f64)> + '_ {
        self.items[..self.len()].iter().flatten().copied()
    }

    /// The best action (ties broken as in [`TurnTable::best_action`]) and its value.
    pub fn best(&self) -> Option<(Action, f64)> {
        self.best
    }
}

impl TurnTable {
    /// The number of dice the table was built for.
    pub fn dice(&self) -> u8 {
        self.space.dice
    }

    pub fn space(&self) -> &Arc<TurnSpace> {
        &self.space
    }

    /// The utility of ending the turn with `score`.
    #[inline]
    pub fn utility(&self, score: Points) -> f64 {
        self.utility[usize::from(score)]
    }

    /// The whole utility, indexed by score.
    pub fn utilities(&self) -> &[f64] {
        &self.utility
    }

    #[inline]
    pub(super) fn score_of(&self, key: Key) -> u8 {
        self.space.score_of(key.d, key.taken, key.e)
    }

    /// Value before rolling in state `key` (which must have dice left).
    #[inline]
    pub(super) fn before_of(&self, key: Key) -> f64 {
        let dense = self.space.dense(key.n, key.taken, key.d, key.e) as usize;
        let id = self.space.compact[dense];
        debug_assert!(id != u32::MAX, "not a turn state: {key:?}");
        self.before[id as usize]
    }

    /// The value of the turn before any roll: all dice to roll, nothing aside.
    pub fn start_value(&self) -> f64 {
        self.value_to_roll(Dice::EMPTY)
    }

    /// The value of rolling the dice left when `aside` is set aside (before the roll). With no
    /// dice left, the value of the score.
    ///
    /// # Panics
    /// When `aside` holds more dice than the table's.
    #[inline]
    pub fn value_to_roll(&self, aside: Dice) -> f64 {
        let key = self.space.key(aside);
        if key.n == 0 {
            return self.utility[usize::from(self.score_of(key))];
        }
        self.before_of(key)
    }

    /// The value of stopping with `aside`: the utility of its score.
    #[inline]
    pub fn stop_value(&self, aside: Dice) -> f64 {
        let key = self.space.key(aside);
        self.utility[usize::from(self.score_of(key))]
    }

    /// Whether to roll again (rather than stop) after a take left `aside` set aside. `false`
    /// when no dice are left.
    #[inline]
    pub fn should_roll(&self, aside: Dice) -> bool {
        let key = self.space.key(aside);
        key.n > 0
            && clearly_better(
                self.before_of(key),
                self.utility[usize::from(self.score_of(key))],
            )
    }

    /// The value once a take left `aside` set aside: stop or roll, whichever is better (the
    /// score's value when no dice are left).
    #[inline]
    pub fn value_after_take(&self, aside: Dice) -> f64 {
        let key = self.space.key(aside);
        let stop = self.utility[usize::from(self.score_of(key))];
        if key.n == 0 {
            return stop;
        }
        let roll = self.before_of(key);
        if clearly_better(roll, stop) {
            roll
        } else {
            stop
        }
    }

    /// The value of taking `face` from `roll`, or `None` when that take is not legal.
    #[inline]
    pub fn take_value(&self, aside: Dice, roll: Dice, face: Face) -> Option<f64> {
        let legal = Turn::legal_takes_from(aside, roll);
        if !legal.contains(face) {
            return None;
        }
        Some(self.value_after_take(with_added(aside, face, roll.count(face))))
    }

    /// The best type to take from `roll` and its value; `None` when no type can be taken (the
    /// turn is then over). Ties (within rounding) go to death rays, then to the earthling type
    /// with the most dice, then in the order humans, cows, chickens.
    #[inline]
    pub fn best_take(&self, aside: Dice, roll: Dice) -> Option<(Face, f64)> {
        let mut best: Option<(Face, f64)> = None;
        for face in tie_order(Turn::legal_takes_from(aside, roll), roll) {
            let value = self.value_after_take(with_added(aside, face, roll.count(face)));
            match best {
                Some((_, v)) if !clearly_better(value, v) => {}
                _ => best = Some((face, value)),
            }
        }
        best
    }

    /// The value of a roll awaiting a choice: its best take, or the score's value when no type
    /// can be taken.
    #[inline]
    pub fn value_of_roll(&self, aside: Dice, roll: Dice) -> f64 {
        match self.best_take(aside, roll) {
            Some((_, value)) => value,
            None => self.stop_value(aside),
        }
    }

    /// The value of a turn in any phase, under optimal play from there on.
    pub fn value(&self, turn: &Turn) -> f64 {
        match turn.phase() {
            TurnPhase::ToRoll => self.value_to_roll(turn.aside()),
            TurnPhase::Choosing { roll } => self.value_of_roll(turn.aside(), roll),
            TurnPhase::Deciding => self.value_after_take(turn.aside()),
            TurnPhase::Over(_) => self.stop_value(turn.aside()),
        }
    }

    /// The values of the decisions open in `turn` (empty unless it awaits a decision).
    pub fn action_values(&self, turn: &Turn) -> ActionValues {
        let mut values = ActionValues::default();
        match turn.phase() {
            TurnPhase::Choosing { roll } => {
                let aside = turn.aside();
                for face in turn.legal_takes().iter() {
                    let value = self.value_after_take(with_added(aside, face, roll.count(face)));
                    values.push(Action::Take(face), value);
                }
                values.best = self
                    .best_take(aside, roll)
                    .map(|(face, value)| (Action::Take(face), value));
            }
            TurnPhase::Deciding => {
                let stop = self.stop_value(turn.aside());
                let roll = self.value_to_roll(turn.aside());
                values.push(Action::Stop, stop);
                values.push(Action::Roll, roll);
                values.best = Some(if self.should_roll(turn.aside()) {
                    (Action::Roll, roll)
                } else {
                    (Action::Stop, stop)
                });
            }
            TurnPhase::ToRoll | TurnPhase::Over(_) => {}
        }
        values
    }

    /// The optimal decision in `turn`, or `None` when it awaits no decision. Ties (within
    /// rounding) go to stopping, and among takes as in [`TurnTable::best_take`].
    #[inline]
    pub fn best_action(&self, turn: &Turn) -> Option<Action> {
        match turn.phase() {
            TurnPhase::Choosing { roll } => self
                .best_take(turn.aside(), roll)
                .map(|(f, _)| Action::Take(f)),
            TurnPhase::Deciding => Some(if self.should_roll(turn.aside()) {
                Action::Roll
            } else {
                Action::Stop
            }),
            TurnPhase::ToRoll | TurnPhase::Over(_) => None,
        }
    }
}
