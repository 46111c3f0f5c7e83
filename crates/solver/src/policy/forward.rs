//! The exact distribution of a turn's final score under a fixed policy: probability mass pushed
//! forward over the turn's states as the policy's view tells them apart.
//!
//! The states, the rolls from each and where each take leads are the same for every policy of
//! one view: they are laid out once per number of dice, bonus reading and view (a [`TurnGraph`])
//! and each valuation only walks them, asking the policy at the rolls that offer a choice and
//! once per state whether to stop there.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};

use martian_engine::{Action, BONUS_POINTS, BonusRule, Dice, Face, Points, Rules, Turn, TurnStart};

use super::{
    ActionProbabilities, DecisionPolicy, PolicyError, TurnDescription, TurnView, ViewKey,
    kinds_held, view_rolls,
};

/// The turns of one number of dice and bonus reading seen through one view, shared by every
/// valuation under them.
#[derive(Debug)]
pub struct PolicyTurns {
    view: TurnView,
    graph: OnceLock<TurnGraph>,
    rules: Rules,
}

impl PolicyTurns {
    /// The turns of the dice and bonus reading of `rules` seen through `view`, made once per
    /// process (their states are laid out on first use: a few tens of milliseconds for 13 dice).
    pub fn shared(rules: Rules, view: TurnView) -> Arc<PolicyTurns> {
        type All = Mutex<HashMap<(u8, BonusRule, TurnView), Arc<PolicyTurns>>>;
        static ALL: OnceLock<All> = OnceLock::new();
        let all = ALL.get_or_init(Default::default);
        let mut all = all.lock().unwrap_or_else(|e| e.into_inner());
        let key = (rules.dice(), rules.bonus(), view);
        Arc::clone(all.entry(key).or_insert_with(|| {
            Arc::new(PolicyTurns {
                view,
                graph: OnceLock::new(),
                rules,
            })
        }))
    }

    /// The view the states are told apart by.
    pub fn view(&self) -> TurnView {
        self.view
    }

    /// The rules the turns were laid out for (their dice and bonus reading are what matter).
    pub fn rules(&self) -> Rules {
        self.rules
    }

    fn graph(&self) -> &TurnGraph {
        self.graph
            .get_or_init(|| TurnGraph::new(self.rules, self.view))
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
            rules.dice() == self.rules.dice() && rules.bonus() == self.rules.bonus(),
            "the turns were built for other rules"
        );
        if let Some(fast) = policy.score_distribution(self, start) {
            return fast;
        }
        let graph = self.graph();
        let mut pass = Pass {
            policy,
            start,
            graph,
            scores: vec![0.0; usize::from(rules.dice()) + usize::from(BONUS_POINTS) + 1],
            mass: vec![0.0; graph.states.len()],
            stop: vec![f64::NAN; graph.states.len()],
        };
        pass.mass[0] = 1.0;
        for id in 0..graph.states.len() {
            let mass = pass.mass[id];
            if mass == 0.0 {
                continue;
            }
            let state = &graph.states[id];
            for &(dest, p) in &graph.forced[range(&state.forced)] {
                pass.arrive(dest, mass * p)?;
            }
            for choice in &graph.choices[range(&state.choices)] {
                let takes = &graph.takes[range(&choice.takes)];
                let probabilities = pass.ask(&choice.turn)?;
                let mut sum = 0.0;
                for (action, q) in probabilities.iter() {
                    let take = match action {
                        Action::Take(face) => takes.iter().find(|take| take.face == face),
                        _ => None,
                    };
                    let Some(take) = take else {
                        return Err(PolicyError::Illegal {
                            action: action.code(),
                            turn: TurnDescription::of(&choice.turn),
                        });
                    };
                    if !(q.is_finite() && q >= 0.0) {
                        return Err(PolicyError::Probability {
                            action: action.code(),
                            value: q,
                        });
                    }
                    sum += q;
                    if q > 0.0 {
                        pass.arrive(take.dest, mass * choice.p * q)?;
                    }
                }
                if (sum - 1.0).abs() > 1e-9 {
                    return Err(PolicyError::Sum {
                        sum,
                        turn: TurnDescription::of(&choice.turn),
                    });
                }
            }
        }
        Ok(pass.scores)
    }
}

impl PolicyTurns {
    /// Every roll that offers a choice of type, as the turn awaiting it: choice `i` of
    /// [`PolicyTurns::deterministic_distribution`].
    pub fn choices(&self) -> impl ExactSizeIterator<Item = &Turn> + '_ {
        self.graph().choices.iter().map(|choice| &choice.turn)
    }

    /// Every state of the turns, as a turn that has just taken into it (`None` for the start,
    /// which no take reaches): state `j` of [`PolicyTurns::deterministic_distribution`].
    pub fn states(&self) -> impl ExactSizeIterator<Item = Option<&Turn>> + '_ {
        self.graph()
            .states
            .iter()
            .map(|state| state.deciding.as_ref())
    }

    /// The score distribution of a turn whose decisions are fixed by index: `take(i)` is the
    /// face taken at choice `i` of [`PolicyTurns::choices`], `stop(j)` whether to stop at state
    /// `j` of [`PolicyTurns::states`] once a take reaches it. For policies that read what they
    /// look at from tables of their own, many times faster than asking about situations.
    pub fn deterministic_distribution(
        &self,
        mut take: impl FnMut(usize) -> Face,
        mut stop: impl FnMut(usize) -> bool,
    ) -> Result<Vec<f64>, PolicyError> {
        let graph = self.graph();
        let mut scores = vec![0.0; usize::from(self.rules.dice()) + usize::from(BONUS_POINTS) + 1];
        let mut mass = vec![0.0; graph.states.len()];
        // Per state: 0 unknown, 1 rolls on, 2 stops.
        let mut stops = vec![0u8; graph.states.len()];
        mass[0] = 1.0;
        let mut arrive = |dest: Dest, w: f64, mass: &mut [f64]| match dest {
            Dest::End(score) => scores[usize::from(score)] += w,
            Dest::State(id) => {
                let id = id as usize;
                if stops[id] == 0 {
                    stops[id] = if stop(id) { 2 } else { 1 };
                }
                if stops[id] == 2 {
                    scores[usize::from(graph.states[id].score)] += w;
                } else {
                    mass[id] += w;
                }
            }
        };
        for id in 0..graph.states.len() {
            let m = mass[id];
            if m == 0.0 {
                continue;
            }
            let state = &graph.states[id];
            for &(dest, p) in &graph.forced[range(&state.forced)] {
                arrive(dest, m * p, &mut mass);
            }
            for i in range(&state.choices) {
                let choice = &graph.choices[i];
                let face = take(i);
                let Some(chosen) = graph.takes[range(&choice.takes)]
                    .iter()
                    .find(|t| t.face == face)
                else {
                    return Err(PolicyError::Illegal {
                        action: Action::Take(face).code(),
                        turn: TurnDescription::of(&choice.turn),
                    });
                };
                arrive(chosen.dest, m * choice.p, &mut mass);
            }
        }
        Ok(scores)
    }

    /// The score distribution of a turn whose decisions are fixed by index as probabilities:
    /// `take(i, p)` fills `p[k]` with the probability of the `k`-th legal take of choice `i` of
    /// [`PolicyTurns::choices`] (in the order of its turn's `legal_takes()`), `stop(j)` gives the
    /// probability of stopping at state `j` of [`PolicyTurns::states`] once a take reaches it.
    /// For randomised policies that read what they look at from tables of their own; the mass is
    /// pushed exactly as [`PolicyTurns::score_distribution`] pushes it, so the two agree to the
    /// last bit when the probabilities do.
    pub fn mixed_distribution(
        &self,
        mut take: impl FnMut(usize, &mut [f64]),
        mut stop: impl FnMut(usize) -> f64,
    ) -> Vec<f64> {
        let graph = self.graph();
        let mut scores = vec![0.0; usize::from(self.rules.dice()) + usize::from(BONUS_POINTS) + 1];
        let mut mass = vec![0.0; graph.states.len()];
        let mut stops = vec![f64::NAN; graph.states.len()];
        mass[0] = 1.0;
        let mut arrive = |dest: Dest, w: f64, mass: &mut [f64]| match dest {
            Dest::End(score) => scores[usize::from(score)] += w,
            Dest::State(id) => {
                let id = id as usize;
                if stops[id].is_nan() {
                    stops[id] = stop(id);
                }
                scores[usize::from(graph.states[id].score)] += w * stops[id];
                mass[id] += w * (1.0 - stops[id]);
            }
        };
        let mut probabilities = [0.0; 4];
        for id in 0..graph.states.len() {
            let m = mass[id];
            if m == 0.0 {
                continue;
            }
            let state = &graph.states[id];
            for &(dest, p) in &graph.forced[range(&state.forced)] {
                arrive(dest, m * p, &mut mass);
            }
            for i in range(&state.choices) {
                let choice = &graph.choices[i];
                let takes = &graph.takes[range(&choice.takes)];
                let probabilities = &mut probabilities[..takes.len()];
                take(i, probabilities);
                for (t, &q) in takes.iter().zip(probabilities.iter()) {
                    if q > 0.0 {
                        arrive(t.dest, m * choice.p * q, &mut mass);
                    }
                }
            }
        }
        scores
    }
}

#[inline]
fn range(r: &Range<u32>) -> Range<usize> {
    r.start as usize..r.end as usize
}

/// Where a take leads: a state with dice left, or the end of the turn with a score.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Dest {
    State(u32),
    End(Points),
}

/// A state of the graph.
#[derive(Clone, Debug)]
struct GraphState {
    /// A turn that has just taken into this state (`None` for the start): where the policy is
    /// asked whether to stop.
    deciding: Option<Turn>,
    /// What stopping here scores.
    score: Points,
    /// Rolls from here that leave no choice, by where they lead, with their probabilities.
    forced: Range<u32>,
    /// Rolls from here that offer a choice.
    choices: Range<u32>,
}

/// A roll that offers a choice of type.
#[derive(Clone, Debug)]
struct Choice {
    /// The turn awaiting the choice.
    turn: Turn,
    p: f64,
    takes: Range<u32>,
}

#[derive(Clone, Copy, Debug)]
struct Take {
    face: Face,
    dest: Dest,
}

/// Every state a turn reaches as a view tells them apart (each through the first engine state
/// that reached it), in order of the dice left, the most first, with the rolls from each.
#[derive(Debug)]
struct TurnGraph {
    states: Vec<GraphState>,
    forced: Vec<(Dest, f64)>,
    choices: Vec<Choice>,
    takes: Vec<Take>,
}

impl TurnGraph {
    fn new(rules: Rules, view: TurnView) -> TurnGraph {
        let key = ViewKey::new(view, rules.dice());
        let mut id_of = vec![u32::MAX; key.len()];
        // Discovered states: representative aside, the turn that reached it, dice left.
        let mut found: Vec<(Dice, Option<Turn>)> = vec![(Dice::EMPTY, None)];
        id_of[key.index(Dice::EMPTY)] = 0;
        let mut rolls: HashMap<(u8, u8), Vec<(Dice, f64)>> = HashMap::new();
        // Per discovered state: forced (dest, p), choices (turn, p, takes).
        let mut forced_of: Vec<Vec<(Dest, f64)>> = Vec::new();
        let mut choices_of: Vec<Vec<(Turn, f64, Vec<Take>)>> = Vec::new();
        let mut at = 0;
        while at < found.len() {
            let (aside, _) = found[at];
            let base = Turn::resume(rules, aside).expect("a state with dice left");
            let n = base.dice_left();
            let list = rolls
                .entry((n, kinds_held(aside)))
                .or_insert_with(|| view_rolls(view, n, kinds_held(aside)));
            let mut forced: HashMap<usize, (Dest, f64)> = HashMap::new();
            let mut choices = Vec::new();
            for &(roll, p) in list.iter() {
                let mut turn = base;
                turn.apply_roll(roll).expect("a roll of the dice left");
                let legal = turn.legal_takes();
                let mut takes = Vec::new();
                if legal.is_empty() {
                    takes.push(Take {
                        face: Face::Tank,
                        dest: Dest::End(turn.score()),
                    });
                }
                for face in legal.iter() {
                    let mut after = turn;
                    after.play(Action::Take(face)).expect("a legal take");
                    let dest = if after.is_over() {
                        Dest::End(after.score())
                    } else {
                        let index = key.index(after.aside());
                        if id_of[index] == u32::MAX {
                            id_of[index] = found.len() as u32;
                            found.push((after.aside(), Some(after)));
                        }
                        Dest::State(id_of[index])
                    };
                    takes.push(Take { face, dest });
                }
                if let [only] = takes[..] {
                    // Merged by destination: one step per place a forced roll leads.
                    let slot = match only.dest {
                        Dest::State(id) => id as usize,
                        Dest::End(score) => usize::MAX - usize::from(score),
                    };
                    forced.entry(slot).or_insert((only.dest, 0.0)).1 += p;
                } else {
                    choices.push((turn, p, takes));
                }
            }
            let mut forced: Vec<(Dest, f64)> = forced.into_values().collect();
            forced.sort_by_key(|&(dest, _)| match dest {
                Dest::State(id) => (0, id),
                Dest::End(score) => (1, u32::from(score)),
            });
            forced_of.push(forced);
            choices_of.push(choices);
            at += 1;
        }
        // Renumbered by dice left, the most first: every state after all that lead to it.
        let mut order: Vec<usize> = (0..found.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(rules.dice() - found[i].0.total()));
        let mut new_id = vec![0u32; found.len()];
        for (new, &old) in order.iter().enumerate() {
            new_id[old] = new as u32;
        }
        let renumber = |dest: Dest| match dest {
            Dest::State(id) => Dest::State(new_id[id as usize]),
            end => end,
        };
        let mut graph = TurnGraph {
            states: Vec::with_capacity(found.len()),
            forced: Vec::new(),
            choices: Vec::new(),
            takes: Vec::new(),
        };
        for &old in &order {
            let (aside, deciding) = found[old];
            let forced_start = graph.forced.len() as u32;
            graph
                .forced
                .extend(forced_of[old].iter().map(|&(dest, p)| (renumber(dest), p)));
            let choices_start = graph.choices.len() as u32;
            for (turn, p, takes) in &choices_of[old] {
                let takes_start = graph.takes.len() as u32;
                graph.takes.extend(takes.iter().map(|take| Take {
                    face: take.face,
                    dest: renumber(take.dest),
                }));
                graph.choices.push(Choice {
                    turn: *turn,
                    p: *p,
                    takes: takes_start..graph.takes.len() as u32,
                });
            }
            graph.states.push(GraphState {
                deciding,
                score: rules.score(aside),
                forced: forced_start..graph.forced.len() as u32,
                choices: choices_start..graph.choices.len() as u32,
            });
        }
        graph
    }
}

/// One forward pass of a policy's turn.
struct Pass<'a, 'p> {
    policy: &'a dyn DecisionPolicy,
    start: &'a TurnStart<'p>,
    graph: &'a TurnGraph,
    scores: Vec<f64>,
    mass: Vec<f64>,
    /// Per state, the probability of stopping once a take reaches it (NaN until asked).
    stop: Vec<f64>,
}

impl Pass<'_, '_> {
    /// Probability `w` arrives at `dest` through a take.
    #[inline]
    fn arrive(&mut self, dest: Dest, w: f64) -> Result<(), PolicyError> {
        match dest {
            Dest::End(score) => self.scores[usize::from(score)] += w,
            Dest::State(id) => {
                let id = id as usize;
                let mut stop = self.stop[id];
                if stop.is_nan() {
                    let turn = self.graph.states[id]
                        .deciding
                        .expect("a state reached by a take");
                    stop = self.ask(&turn)?.probability(Action::Stop);
                    self.stop[id] = stop;
                }
                self.scores[usize::from(self.graph.states[id].score)] += w * stop;
                self.mass[id] += w * (1.0 - stop);
            }
        }
        Ok(())
    }

    fn ask(&self, turn: &Turn) -> Result<ActionProbabilities, PolicyError> {
        let situation = self.start.with_turn(turn);
        let probabilities = self.policy.action_probabilities(&situation);
        if turn.phase() == martian_engine::TurnPhase::Deciding {
            probabilities.check(turn)?;
        }
        Ok(probabilities)
    }
}
