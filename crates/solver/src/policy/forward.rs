//! The exact distribution of a turn's final score under a fixed policy: probability mass pushed
//! forward over the turn's states as the policy's view tells them apart.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use martian_engine::{Action, BONUS_POINTS, BonusRule, Dice, Rules, Turn, TurnStart};

use super::{
    ActionProbabilities, DecisionPolicy, PolicyError, TurnView, ViewKey, kinds_held, view_rolls,
};

/// The rolls of every number of dice as one view tells them apart, for one number of dice and
/// bonus reading; shared by every valuation under them.
#[derive(Debug)]
pub struct PolicyTurns {
    dice: u8,
    bonus: BonusRule,
    view: TurnView,
    key: ViewKey,
    /// Per `n * 8 + held`: the rolls of `n` dice seen from a state holding the kinds `held`.
    rolls: Vec<OnceLock<Vec<(Dice, f64)>>>,
}

impl PolicyTurns {
    /// The turns of the dice and bonus reading of `rules` seen through `view`, built once per
    /// process.
    pub fn shared(rules: Rules, view: TurnView) -> Arc<PolicyTurns> {
        type All = Mutex<HashMap<(u8, BonusRule, TurnView), Arc<PolicyTurns>>>;
        static ALL: OnceLock<All> = OnceLock::new();
        let all = ALL.get_or_init(Default::default);
        let mut all = all.lock().unwrap_or_else(|e| e.into_inner());
        let key = (rules.dice(), rules.bonus(), view);
        Arc::clone(all.entry(key).or_insert_with(|| {
            Arc::new(PolicyTurns {
                dice: rules.dice(),
                bonus: rules.bonus(),
                view,
                key: ViewKey::new(view, rules.dice()),
                rolls: (0..(usize::from(rules.dice()) + 1) * 8)
                    .map(|_| OnceLock::new())
                    .collect(),
            })
        }))
    }

    /// The view the states are told apart by.
    pub fn view(&self) -> TurnView {
        self.view
    }

    fn rolls(&self, n: u8, held: u8) -> &[(Dice, f64)] {
        self.rolls[usize::from(n) * 8 + usize::from(held)]
            .get_or_init(|| view_rolls(self.view, n, held))
    }

    /// The probability of each final score `0..=dice + 3` of a turn played under `policy` from
    /// `start`.
    ///
    /// # Panics
    /// When `start`'s rules have another number of dice or bonus reading than these turns.
    pub fn score_distribution(
        &self,
        policy: &dyn DecisionPolicy,
        start: &TurnStart<'_>,
    ) -> Result<Vec<f64>, PolicyError> {
        let rules = start.rules;
        assert!(
            rules.dice() == self.dice && rules.bonus() == self.bonus,
            "the turns were built for other rules"
        );
        let mut pass = Pass {
            policy,
            start,
            key: self.key,
            scores: vec![0.0; usize::from(self.dice) + usize::from(BONUS_POINTS) + 1],
            id_of: vec![u32::MAX; self.key.len()],
            states: Vec::new(),
            by_left: vec![Vec::new(); usize::from(self.dice) + 1],
        };
        pass.state(Turn::new(rules).aside(), rules.dice());
        pass.states[0].mass = 1.0;
        for n in (1..=self.dice).rev() {
            let ids = std::mem::take(&mut pass.by_left[usize::from(n)]);
            for id in ids {
                let State { aside, mass, .. } = pass.states[id as usize];
                if mass == 0.0 {
                    continue;
                }
                let base = Turn::resume(rules, aside).expect("a state with dice left");
                for &(roll, p) in self.rolls(n, kinds_held(aside)) {
                    pass.roll(base, roll, mass * p)?;
                }
            }
        }
        Ok(pass.scores)
    }
}

/// One state of a pass: its representative dice aside (the first that reached it), the
/// probability of rolling from it, and the probability of stopping once a take reaches it.
#[derive(Clone, Copy, Debug)]
struct State {
    aside: Dice,
    mass: f64,
    /// NaN until asked.
    stop: f64,
}

/// One forward pass of a policy's turn.
struct Pass<'a, 'p> {
    policy: &'a dyn DecisionPolicy,
    start: &'a TurnStart<'p>,
    key: ViewKey,
    scores: Vec<f64>,
    id_of: Vec<u32>,
    states: Vec<State>,
    /// The states still to roll from, by the dice they roll.
    by_left: Vec<Vec<u32>>,
}

impl Pass<'_, '_> {
    /// The state of `aside` (with `left` dice to roll), made on first arrival.
    fn state(&mut self, aside: Dice, left: u8) -> u32 {
        let index = self.key.index(aside);
        if self.id_of[index] == u32::MAX {
            let id = self.states.len() as u32;
            self.id_of[index] = id;
            self.states.push(State {
                aside,
                mass: 0.0,
                stop: f64::NAN,
            });
            self.by_left[usize::from(left)].push(id);
        }
        self.id_of[index]
    }

    /// Plays on from `roll` thrown from `base` (before the roll), reached with probability `p`.
    fn roll(&mut self, base: Turn, roll: Dice, p: f64) -> Result<(), PolicyError> {
        let mut turn = base;
        turn.apply_roll(roll).expect("a roll of the dice left");
        let legal = turn.legal_takes();
        if legal.is_empty() {
            self.scores[usize::from(turn.score())] += p;
            return Ok(());
        }
        let takes = if legal.len() == 1 {
            let only = legal.iter().next().expect("one take");
            ActionProbabilities::certain(Action::Take(only))
        } else {
            self.ask(&turn)?
        };
        for (action, q) in takes.iter() {
            if q == 0.0 {
                continue;
            }
            let mut after = turn;
            after.play(action).expect("checked legal");
            let w = p * q;
            if after.is_over() {
                self.scores[usize::from(after.score())] += w;
                continue;
            }
            let id = self.state(after.aside(), after.dice_left()) as usize;
            let mut stop = self.states[id].stop;
            if stop.is_nan() {
                stop = self.ask(&after)?.probability(Action::Stop);
                self.states[id].stop = stop;
            }
            self.scores[usize::from(after.score())] += w * stop;
            self.states[id].mass += w * (1.0 - stop);
        }
        Ok(())
    }

    fn ask(&self, turn: &Turn) -> Result<ActionProbabilities, PolicyError> {
        let situation = self.start.with_turn(turn);
        let probabilities = self.policy.action_probabilities(&situation);
        probabilities.check(turn)?;
        Ok(probabilities)
    }
}
