//! What the end of a turn holds on average, under a table's play: the expectations behind the
//! coach's reasons (see `crate::explain`), from one state (a forward pass of probability mass)
//! or from every state at once (a [`TurnLedger`], a backward pass like the solve itself).

use martian_engine::{BONUS_POINTS, Dice};

use super::{Key, Step, TurnSpace, TurnTable, clearly_better};

/// The expectations of a turn's end from some point on, under a table's play. Every figure is
/// an expectation over the endings (scores, earthlings, bonus, tanks) of the turn played on.
///
/// With `S` the final score and `u` the table's utility: `score = earthlings + bonus_points −
/// lost`, exactly (the endings where the tanks end ahead score nothing: what they hold is
/// `lost`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ending {
    /// Earthlings set aside at the end, whether or not the tanks end ahead.
    pub earthlings: f64,
    /// The probability that the bonus condition holds at the end (a human, a cow and a chicken;
    /// any earthling under the literal reading), whether or not the tanks end ahead.
    pub bonus: f64,
    /// The probability that the turn ends with more tanks than death rays.
    pub tanks_ahead: f64,
    /// The points the tanks take: the earthlings and bonus of the endings with the tanks ahead.
    pub lost: f64,
    /// `E[S]`.
    pub score: f64,
    /// `E[S²]`.
    pub score_squared: f64,
    /// `E[S · (u(S) − u(0))]`.
    pub score_gain: f64,
    /// `E[u(S)]`: the table's value.
    pub value: f64,
}

impl Ending {
    /// The expected bonus points, whether or not the tanks end ahead.
    pub fn bonus_points(&self) -> f64 {
        f64::from(BONUS_POINTS) * self.bonus
    }

    /// Adds `p` times `other` (the endings of one branch, weighed by its probability).
    fn add_scaled(&mut self, p: f64, other: &Ending) {
        self.earthlings += p * other.earthlings;
        self.bonus += p * other.bonus;
        self.tanks_ahead += p * other.tanks_ahead;
        self.lost += p * other.lost;
        self.score += p * other.score;
        self.score_squared += p * other.score_squared;
        self.score_gain += p * other.score_gain;
        self.value += p * other.value;
    }
}

impl TurnTable {
    /// The turn ending now in the compact state `key` (`d` clamped, `e` and types exact).
    fn ending_now(&self, key: Key) -> Ending {
        let space = &*self.space;
        let bonus_points = space.bonus_of(key.taken);
        let score = space.score_of(key.d, key.taken, key.e);
        let lost = key.d < 0;
        let s = f64::from(score);
        let utility = self.utility[usize::from(score)];
        Ending {
            earthlings: f64::from(key.e),
            bonus: if bonus_points > 0 { 1.0 } else { 0.0 },
            tanks_ahead: if lost { 1.0 } else { 0.0 },
            lost: if lost {
                f64::from(key.e) + f64::from(bonus_points)
            } else {
                0.0
            },
            score: s,
            score_squared: s * s,
            score_gain: s * (utility - self.utility[0]),
            value: utility,
        }
    }

    /// The turn stopped (or over) with `aside`.
    pub fn ending_stopping(&self, aside: Dice) -> Ending {
        self.ending_now(self.space.key(aside))
    }

    /// The dice left rolled now with `aside` set aside, then the turn played on under this
    /// table's policy (the turn stopped with `aside` when no dice are left).
    pub fn ending_rolling(&self, aside: Dice) -> Ending {
        let key = self.space.key(aside);
        if key.n == 0 {
            return self.ending_now(key);
        }
        self.forward_ending(key)
    }

    /// After a take left `aside`: stopped or rolled on as this table's policy decides.
    pub fn ending_after_take(&self, aside: Dice) -> Ending {
        if self.should_roll(aside) {
            self.ending_rolling(aside)
        } else {
            self.ending_stopping(aside)
        }
    }

    /// The best step of a roll outcome from the state `(d, e)`: the first of the steps unless
    /// a later one is clearly better (the order and the ties of [`TurnTable::best_take`]).
    #[inline]
    fn best_step<'s>(&self, steps: &'s [Step], d: i8, e: u8) -> (&'s Step, usize) {
        let space = &*self.space;
        let mut best: Option<(f64, &Step, usize)> = None;
        for step in steps {
            let t = space.target(step, d, e);
            let v = self.after_value(step.n, t);
            match best {
                Some((bv, _, _)) if !clearly_better(v, bv) => {}
                _ => best = Some((v, step, t)),
            }
        }
        let (_, step, t) = best.expect("every outcome has a step");
        (step, t)
    }

    /// Whether the policy rolls in the state at dense index `t` of level `n` (after a step).
    #[inline]
    fn rolls_at(&self, key: Key, t: usize) -> bool {
        let space = &*self.space;
        key.n > 0 && {
            let stop = self.utility[usize::from(self.score_of(key))];
            clearly_better(self.before[space.compact[t] as usize], stop)
        }
    }

    /// The expectations from the before-roll state `key` (with dice left): a forward pass of
    /// probability mass over the states reachable from it, level by level.
    fn forward_ending(&self, key: Key) -> Ending {
        let space = &*self.space;
        let mut total = Ending::default();
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
                        let (step, t) = self.best_step(o.steps(), st.d, st.e);
                        let next = step_key(step, st.d, st.e);
                        if self.rolls_at(next, t) {
                            mass[space.compact[t] as usize] += m * o.p;
                        } else {
                            total.add_scaled(m * o.p, &self.ending_now(next));
                        }
                    }
                }
            }
        }
        total
    }

    /// The expectations from every state at once (see [`TurnLedger`]).
    pub fn ledger(&self) -> TurnLedger<'_> {
        let space = &*self.space;
        let mut after = vec![Ending::default(); space.dense_len];
        let mut before = vec![Ending::default(); space.compact_len];
        // Level 0: the turn is over.
        for taken in 0u8..=3 {
            for d in -1..=0 {
                for e in 0..=u32::from(space.dice) {
                    let key = Key { n: 0, taken, d, e };
                    after[space.dense(0, taken, d, e) as usize] = self.ending_now(key);
                }
            }
        }
        for row in &space.rows {
            let group = usize::from(row.n) * 4 + usize::from(row.taken);
            for &(i, id) in &space.valid[row.valid.0 as usize..row.valid.1 as usize] {
                let e = row.e_lo + i;
                let mut sum = Ending::default();
                for o in &space.outcomes[group] {
                    let (_, t) = self.best_step(o.steps(), row.d, e);
                    sum.add_scaled(o.p, &after[t]);
                }
                before[id as usize] = sum;
                let key = Key {
                    n: row.n,
                    taken: row.taken,
                    d: i32::from(row.d),
                    e: u32::from(e),
                };
                let dense = row.dense as usize + usize::from(i);
                after[dense] = if self.rolls_at(key, dense) {
                    sum
                } else {
                    self.ending_now(key)
                };
            }
        }
        TurnLedger {
            table: self,
            before: before.into(),
        }
    }
}

/// The compact state a step leads to from `(d, e)`.
#[inline]
fn step_key(step: &Step, d: i8, e: u8) -> Key {
    Key {
        n: step.n,
        taken: step.taken,
        d: TurnSpace::clamp_d(i32::from(d) + i32::from(step.delta), step.n),
        e: u32::from(e + step.add_e),
    }
}

/// The [`Ending`] of every state of a table, worked out once (about the cost of one solve):
/// lookups are then a few array reads. For explaining many decisions under one table.
#[derive(Debug)]
pub struct TurnLedger<'a> {
    table: &'a TurnTable,
    /// Per compact state: the expectations of rolling from it.
    before: Box<[Ending]>,
}

impl TurnLedger<'_> {
    pub fn table(&self) -> &TurnTable {
        self.table
    }

    /// As [`TurnTable::ending_rolling`].
    pub fn rolling(&self, aside: Dice) -> Ending {
        let space = &*self.table.space;
        let key = space.key(aside);
        if key.n == 0 {
            return self.table.ending_now(key);
        }
        let id = space.compact[space.dense(key.n, key.taken, key.d, key.e) as usize];
        self.before[id as usize]
    }

    /// As [`TurnTable::ending_stopping`].
    pub fn stopping(&self, aside: Dice) -> Ending {
        self.table.ending_stopping(aside)
    }

    /// As [`TurnTable::ending_after_take`].
    pub fn after_take(&self, aside: Dice) -> Ending {
        if self.table.should_roll(aside) {
            self.rolling(aside)
        } else {
            self.stopping(aside)
        }
    }
}
