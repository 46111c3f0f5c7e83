//! How a turn ends under a table's policy: the distribution of its final score.

use martian_engine::{Dice, Turn, TurnPhase};

use super::space::{Key, Step, TurnSpace};
use super::{TurnTable, clearly_better, with_added};

/// How a turn ends from some point on, under a table's policy.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnOutlook {
    /// The probability of each final score, `0..=max_score()`.
    pub scores: Vec<f64>,
    /// The probability that the turn ends with more tanks than death rays set aside (and
    /// scores 0 for it).
    pub tanks_ahead: f64,
}

impl TurnOutlook {
    /// The expected final score.
    pub fn mean(&self) -> f64 {
        self.scores
            .iter()
            .enumerate()
            .map(|(score, p)| score as f64 * p)
            .sum()
    }

    /// The expected final score of the endings where the death rays hold (`None` when the
    /// tanks are certain to end ahead).
    pub fn mean_when_rays_hold(&self) -> Option<f64> {
        let hold = 1.0 - self.tanks_ahead;
        // Endings with the tanks ahead all score 0: they add nothing to the mean.
        (hold > 1e-15).then(|| self.mean() / hold)
    }

    /// The probability that the turn scores something.
    pub fn scores_something(&self) -> f64 {
        self.scores[1..].iter().sum()
    }
}

impl TurnTable {
    /// The probability of each final score `0..=max_score()` of `turn` played on under this
    /// table's optimal policy (ties broken as in [`TurnTable::best_action`]).
    pub fn score_distribution(&self, turn: &Turn) -> Vec<f64> {
        let aside = match turn.phase() {
            TurnPhase::Over(_) => return self.certain(turn.aside()).scores,
            TurnPhase::ToRoll => turn.aside(),
            TurnPhase::Choosing { roll } => match self.best_take(turn.aside(), roll) {
                None => return self.certain(turn.aside()).scores,
                Some((face, _)) => {
                    return self
                        .outlook_after_take(with_added(turn.aside(), face, roll.count(face)))
                        .scores;
                }
            },
            TurnPhase::Deciding => return self.outlook_after_take(turn.aside()).scores,
        };
        self.outlook_rolling(aside).scores
    }

    /// How the turn ends when the dice left are rolled now with `aside` set aside, then played
    /// on under this table's optimal policy: the ending of `aside` itself when no dice are left.
    pub fn outlook_rolling(&self, aside: Dice) -> TurnOutlook {
        let key = self.space.key(aside);
        if key.n == 0 {
            return self.certain(aside);
        }
        self.forward(key)
    }

    /// How the turn ends once a take left `aside` set aside and this table's policy decides
    /// whether to stop (ties go to stopping, as in [`TurnTable::best_action`]) or roll on.
    pub fn outlook_after_take(&self, aside: Dice) -> TurnOutlook {
        if self.should_roll(aside) {
            self.outlook_rolling(aside)
        } else {
            self.certain(aside)
        }
    }

    /// The turn ending now with `aside`.
    pub(super) fn certain(&self, aside: Dice) -> TurnOutlook {
        let key = self.space.key(aside);
        let mut scores = vec![0.0; usize::from(self.space.max_score()) + 1];
        scores[usize::from(self.score_of(key))] = 1.0;
        TurnOutlook {
            scores,
            tanks_ahead: if key.d < 0 { 1.0 } else { 0.0 },
        }
    }

    /// The endings from the before-roll state `key` (with dice left) under this table's policy:
    /// a forward pass of probability mass over the states, level by level.
    pub(super) fn forward(&self, key: Key) -> TurnOutlook {
        let space = &*self.space;
        let mut dist = vec![0.0; usize::from(space.max_score()) + 1];
        let mut tanks_ahead = 0.0;
        let mut mass = vec![0.0; space.compact_len];
        let start = space.compact[space.dense(key.n, key.taken, key.d, key.e) as usize];
        mass[start as usize] = 1.0;
        for n in (1..=key.n).rev() {
            for taken in 0u8..=3 {
                let group = usize::from(n) * 4 + usize::from(taken);
                let first = space.group_start[group] as usize;
                for (k, st) in space.states[group].iter().enumerate() {
                    let m = mass[first + k];
                    if m == 0.0 {
                        continue;
                    }
                    for o in &space.outcomes[group] {
                        let mut best: Option<(f64, &Step, usize)> = None;
                        for step in o.steps() {
                            let t = space.target(step, st.d, st.e);
                            let v = self.after_value(step.n, t);
                            match best {
                                Some((bv, _, _)) if !clearly_better(v, bv) => {}
                                _ => best = Some((v, step, t)),
                            }
                        }
                        let (_, step, t) = best.expect("every outcome has a step");
                        let dd =
                            TurnSpace::clamp_d(i32::from(st.d) + i32::from(step.delta), step.n);
                        let score = space.score_of(dd, step.taken, u32::from(st.e + step.add_e));
                        let stop = self.utility[usize::from(score)];
                        let to_roll = step.n > 0 && {
                            let id = space.compact[t];
                            clearly_better(self.before[id as usize], stop)
                        };
                        if to_roll {
                            mass[space.compact[t] as usize] += m * o.p;
                        } else {
                            dist[usize::from(score)] += m * o.p;
                            if dd < 0 {
                                tanks_ahead += m * o.p;
                            }
                        }
                    }
                }
            }
        }
        TurnOutlook {
            scores: dist,
            tanks_ahead,
        }
    }

    /// The value after a step landing on dense index `t` of level `n`.
    #[inline]
    pub(super) fn after_value(&self, n: u8, t: usize) -> f64 {
        let space = &*self.space;
        // Recover the state's score from its dense position.
        let local = t as u32 - space.level_base[usize::from(n)];
        let e = local % space.e_stride;
        let rest = local / space.e_stride;
        let width = 2 * u32::from(n) + 2;
        let dc = (rest % width) as i32 - (i32::from(n) + 1);
        let taken = (rest / width) as u8;
        let stop = self.utility[usize::from(space.score_of(dc, taken, e))];
        if n == 0 {
            return stop;
        }
        let roll = self.before[space.compact[t] as usize];
        if clearly_better(roll, stop) {
            roll
        } else {
            stop
        }
    }
}
