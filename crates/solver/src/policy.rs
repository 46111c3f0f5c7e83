//! Policies fixed in advance: what a player does at each decision, as probabilities, and the
//! exact distribution of a turn's final score under such play.
//!
//! A [`DecisionPolicy`] answers, for a situation awaiting a decision, the probability of each
//! legal action: a deterministic player puts all of it on one action, a randomised one spreads
//! it. [`PolicyTurns`] plays a whole turn under the policy from a position and returns the exact
//! probability of each final score, by pushing probability mass forward over the turn's states
//! (every take sets a die aside, so the states form a DAG ordered by the dice left).
//!
//! The states are those the policy tells apart ([`TurnView`]): a policy that looks at the
//! earthlings set aside only through which kinds are held and how many there are (every bot of
//! the project, and every strategy card) is valued over far fewer states than the engine has; a
//! policy that decides only from what the turn solver's compact state holds (the difficulty
//! levels, which decide from the solver's values) over fewer still. Each state is visited through
//! one representative engine [`Turn`], so a policy is always asked about real situations.

use std::collections::HashMap;
use std::fmt;

use martian_engine::{Action, Dice, Face, Points, Rules, Situation, Turn, TurnPhase, TurnStart};

mod forward;

pub use forward::PolicyTurns;

/// The probability of each action open in a situation (at most four: the legal takes, or stop
/// and roll).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ActionProbabilities {
    items: [Option<(Action, f64)>; 4],
    len: u8,
}

impl ActionProbabilities {
    /// `action` for certain.
    pub fn certain(action: Action) -> ActionProbabilities {
        let mut probabilities = ActionProbabilities::default();
        probabilities.push(action, 1.0);
        probabilities
    }

    /// Each of `actions` with the same probability.
    pub fn uniform(actions: impl IntoIterator<Item = Action>) -> ActionProbabilities {
        let mut probabilities = ActionProbabilities::default();
        for action in actions {
            probabilities.push(action, 1.0);
        }
        let n = f64::from(probabilities.len);
        for (_, p) in probabilities.items.iter_mut().flatten() {
            *p /= n;
        }
        probabilities
    }

    /// Adds `action` with probability `p` (a fifth action is ignored: no decision has more
    /// than four).
    pub fn push(&mut self, action: Action, p: f64) {
        if let Some(slot) = self.items.get_mut(usize::from(self.len)) {
            *slot = Some((action, p));
            self.len += 1;
        }
    }

    /// The actions with their probabilities, in the order given.
    pub fn iter(&self) -> impl Iterator<Item = (Action, f64)> + '_ {
        self.items[..usize::from(self.len)]
            .iter()
            .flatten()
            .copied()
    }

    /// The probability of `action` (0 when it is not listed).
    pub fn probability(&self, action: Action) -> f64 {
        self.iter()
            .filter(|&(a, _)| a == action)
            .map(|(_, p)| p)
            .sum()
    }

    /// The action of greatest probability (the first among equals).
    pub fn most_likely(&self) -> Option<Action> {
        self.iter()
            .fold(None, |best: Option<(Action, f64)>, (a, p)| match best {
                Some((_, q)) if q >= p => best,
                _ => Some((a, p)),
            })
            .map(|(a, _)| a)
    }

    /// The action a uniform draw `u` in `[0, 1)` falls on, the actions laid end to end in the
    /// order given (the last one takes what rounding leaves over).
    pub fn pick(&self, u: f64) -> Option<Action> {
        let mut left = u;
        let mut last = None;
        for (action, p) in self.iter() {
            if p <= 0.0 {
                continue;
            }
            if left < p {
                return Some(action);
            }
            left -= p;
            last = Some(action);
        }
        last
    }

    /// Checks that these are probabilities over the legal actions of `turn`, summing to 1.
    pub fn check(&self, turn: &Turn) -> Result<(), PolicyError> {
        let mut sum = 0.0;
        for (action, p) in self.iter() {
            if turn.check(action).is_err() {
                return Err(PolicyError::Illegal {
                    action: action.code(),
                    turn: TurnDescription::of(turn),
                });
            }
            if !(p.is_finite() && p >= 0.0) {
                return Err(PolicyError::Probability {
                    action: action.code(),
                    value: p,
                });
            }
            sum += p;
        }
        if (sum - 1.0).abs() > 1e-9 {
            return Err(PolicyError::Sum {
                sum,
                turn: TurnDescription::of(turn),
            });
        }
        Ok(())
    }
}

impl FromIterator<(Action, f64)> for ActionProbabilities {
    fn from_iter<I: IntoIterator<Item = (Action, f64)>>(iter: I) -> Self {
        let mut probabilities = ActionProbabilities::default();
        for (action, p) in iter {
            probabilities.push(action, p);
        }
        probabilities
    }
}

/// What a policy's decisions may depend on in a turn: the coarser, the fewer states a turn is
/// valued over. Every decision in states that agree on what the view holds must get the same
/// probabilities (the tests check each bot's claim against the engine's states).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnView {
    /// The tanks and the death rays set aside, which earthling kinds are held and how many
    /// earthlings in all; of a roll, its tanks, death rays and the count of each kind not
    /// held yet (the dice of kinds already held can only go back).
    KindsHeld,
    /// What the turn solver's compact state holds: the dice left, the death rays minus the
    /// tanks (capped: a lead of the dice left or more is as safe as any, tanks ahead by more
    /// than the dice left are as lost as any), how many earthling kinds are held (not which) and
    /// how many earthlings; of a roll, its tanks and death rays and the counts of the kinds
    /// not held, whichever kinds they are.
    Compact,
}

/// The decisions of a player fixed in advance, as probabilities.
pub trait DecisionPolicy: Send + Sync + fmt::Debug {
    /// The probability of each legal action in `situation` (a roll awaiting a choice of type,
    /// or stop or roll again after a take); they sum to 1.
    ///
    /// To be valued exactly over the positions of a game, the answer may depend on the
    /// position only through the scores, the seat and whether this is the final round (not on
    /// the round's number), and on the turn only through what [`DecisionPolicy::view`] holds.
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities;

    /// What the decisions may depend on in a turn.
    fn view(&self) -> TurnView {
        TurnView::KindsHeld
    }

    /// Positions this policy plays alike: turns started from positions with equal keys get the
    /// same decisions in every turn state, so they are valued once. `None` (the default): every
    /// position apart.
    fn turn_key(&self, start: &TurnStart<'_>) -> Option<Vec<i32>> {
        let _ = start;
        None
    }

    /// The distribution of this policy's turn from `start` over `turns`, computed its own way
    /// (typically with [`PolicyTurns::deterministic_distribution`] and tables of what it looks
    /// at), or `None` (the default) to be asked situation by situation. It must equal what the
    /// situations give.
    fn score_distribution(
        &self,
        turns: &PolicyTurns,
        start: &TurnStart<'_>,
    ) -> Option<Result<Vec<f64>, PolicyError>> {
        let _ = (turns, start);
        None
    }

    /// A name for this policy's turns in the user's disk cache ([`crate::cache::TableCache`]),
    /// or `None` (the default) to value them in each process. With a name,
    /// [`crate::duel_match`] stores the policy's turn at every position of a duel once and reads
    /// it back after: for policies whose turns take long to value (the difficulty levels). The
    /// name must change whenever the policy's decisions do (a version in it), and be safe in a
    /// file name.
    fn cache_kind(&self) -> Option<String> {
        None
    }
}

/// A policy that answered something that is not a probability distribution over legal actions.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PolicyError {
    #[error("the policy chose '{action}', which is not legal in {turn}")]
    Illegal {
        action: String,
        turn: TurnDescription,
    },
    #[error("the policy gave '{action}' the probability {value}")]
    Probability { action: String, value: f64 },
    #[error("the policy's probabilities sum to {sum}, not 1, in {turn}")]
    Sum { sum: f64, turn: TurnDescription },
}

/// A turn state in words for error messages: the dice aside and the roll awaiting a choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnDescription(String);

impl TurnDescription {
    fn of(turn: &Turn) -> TurnDescription {
        let aside = if turn.aside().is_empty() {
            "nothing".to_string()
        } else {
            turn.aside().to_string()
        };
        TurnDescription(match turn.phase() {
            TurnPhase::Choosing { roll } => {
                format!("the turn with {aside} aside and {roll} rolled")
            }
            _ => format!("the turn with {aside} aside"),
        })
    }
}

impl fmt::Display for TurnDescription {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The earthling kinds among `dice` as a bit set (humans 1, cows 2, chickens 4).
#[inline]
pub(crate) fn kinds_held(dice: Dice) -> u8 {
    Face::EARTHLINGS
        .iter()
        .enumerate()
        .filter(|&(_, &face)| dice.count(face) > 0)
        .fold(0, |mask, (i, _)| mask | (1 << i))
}

/// How a view sees the dice set aside: a dense index of its state (see
/// [`TurnView`]), given the rules' number of dice.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ViewKey {
    view: TurnView,
    dice: u8,
}

impl ViewKey {
    pub fn new(view: TurnView, dice: u8) -> ViewKey {
        ViewKey { view, dice }
    }

    /// How many indices there are.
    pub fn len(&self) -> usize {
        let d = usize::from(self.dice) + 1;
        match self.view {
            TurnView::KindsHeld => d * d * 8 * d,
            TurnView::Compact => d * 4 * 2 * d * d,
        }
    }

    /// The index of the state of `aside` (which leaves at least one die to roll, or none).
    #[inline]
    pub fn index(&self, aside: Dice) -> usize {
        let d = usize::from(self.dice) + 1;
        let tanks = usize::from(aside.count(Face::Tank));
        let rays = usize::from(aside.count(Face::DeathRay));
        let earthlings = usize::from(aside.earthlings());
        let held = kinds_held(aside);
        match self.view {
            TurnView::KindsHeld => ((tanks * d + rays) * 8 + usize::from(held)) * d + earthlings,
            TurnView::Compact => {
                let left = i32::from(self.dice) - i32::from(aside.total());
                let lead = (rays as i32 - tanks as i32).clamp(-(left + 1), left);
                let taken = held.count_ones() as usize;
                // lead + left + 1 is in 0..=2 * left + 1 < 2 * d.
                let lead = (lead + left + 1) as usize;
                ((left as usize * 4 + taken) * 2 * d + lead) * d + earthlings
            }
        }
    }
}

/// The rolls of `n` dice as a view tells them apart, seen from a state holding the earthling
/// kinds `held`: each with its probability, as a representative roll (the dice of held kinds
/// all shown as the first held kind; for the compact view, the counts of the kinds not held
/// given to them from the most to the fewest, in the order humans, cows, chickens).
pub(crate) fn view_rolls(view: TurnView, n: u8, held: u8) -> Vec<(Dice, f64)> {
    let first_held = Face::EARTHLINGS
        .iter()
        .enumerate()
        .find(|&(i, _)| held & (1 << i) != 0)
        .map(|(_, &face)| face);
    let free: Vec<Face> = Face::EARTHLINGS
        .iter()
        .enumerate()
        .filter(|&(i, _)| held & (1 << i) == 0)
        .map(|(_, &face)| face)
        .collect();
    let mut classes: HashMap<[u8; Face::NUM], u128> = HashMap::new();
    for (roll, weight) in Dice::outcomes(n) {
        let mut counts = [0u8; Face::NUM];
        counts[Face::Tank.index()] = roll.count(Face::Tank);
        counts[Face::DeathRay.index()] = roll.count(Face::DeathRay);
        let lumped: u8 = Face::EARTHLINGS
            .iter()
            .enumerate()
            .filter(|&(i, _)| held & (1 << i) != 0)
            .map(|(_, &face)| roll.count(face))
            .sum();
        if let Some(face) = first_held {
            counts[face.index()] = lumped;
        }
        let mut free_counts: Vec<u8> = free.iter().map(|&face| roll.count(face)).collect();
        if view == TurnView::Compact {
            free_counts.sort_unstable_by(|a, b| b.cmp(a));
        }
        for (&face, &count) in free.iter().zip(&free_counts) {
            counts[face.index()] = count;
        }
        *classes.entry(counts).or_default() += weight;
    }
    let total = 6f64.powi(i32::from(n));
    let mut rolls: Vec<(Dice, f64)> = classes
        .into_iter()
        .map(|(counts, weight)| {
            let dice = Dice::from_counts(counts).expect("a roll of at most the game's dice");
            (dice, weight as f64 / total)
        })
        .collect();
    rolls.sort_by_key(|&(dice, _)| dice);
    rolls
}

/// The positions a duel passes through, for the policies' keys: `(scores, seat)` pairs,
/// including the second seat's last turn once the first has reached the target.
pub(crate) fn duel_start<'a>(rules: Rules, scores: &'a [Points; 2], seat: usize) -> TurnStart<'a> {
    TurnStart {
        rules,
        scores,
        seat,
        // The round's number is not something a valued policy may look at.
        round: 1,
        triggered_by: (scores[0] >= rules.target()).then_some(0),
    }
}

#[cfg(test)]
mod tests;
