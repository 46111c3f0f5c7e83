//! The turn-score samplers of `greedy` and `optimal`, built once per process and shared by every
//! bot and thread: one for the expected-score play, and one per position of the solution
//! `optimal` plays (solo, duel, three- or four-player), indexed densely by position so that finding a
//! turn's sampler costs a few arithmetic operations and one atomic load.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use martian_engine::{BONUS_POINTS, BonusRule, Points, Rules, Turn};
use martian_solver::{
    DuelPosition, TrioPosition, TurnTable, duel_position, expected_score_table, quad_position,
    quad_table_slot, quad_table_slots, trio_position,
};

use crate::sampler::TurnScoreSampler;

/// The sampler of a table's play of a whole turn from its start.
pub(crate) fn sampler_of(table: &TurnTable, rules: Rules) -> TurnScoreSampler {
    TurnScoreSampler::new(&table.score_distribution(&Turn::new(rules)))
        .expect("the solver's score distributions are probabilities summing to 1")
}

/// The sampler of the expected-score play (`greedy`) for the dice and bonus of `rules`.
pub(crate) fn expected_score_sampler(rules: Rules) -> &'static TurnScoreSampler {
    type Samplers = Mutex<HashMap<(u8, BonusRule), &'static TurnScoreSampler>>;
    static SAMPLERS: OnceLock<Samplers> = OnceLock::new();
    let samplers = SAMPLERS.get_or_init(Default::default);
    let key = (rules.dice(), rules.bonus());
    if let Some(&sampler) = samplers.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return sampler;
    }
    // Built outside the lock; a race only wastes one build.
    let sampler: &'static TurnScoreSampler =
        Box::leak(Box::new(sampler_of(expected_score_table(rules), rules)));
    samplers
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(key)
        .or_insert(sampler)
}

/// Which solution's positions index a set of samplers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Layout {
    /// One player: the banked score.
    Solo,
    /// Two players, or more reduced to the mover and its strongest opponent.
    Duel,
    /// Three players, or five and more reduced to the mover and its two strongest opponents.
    Trio,
    /// Four players, exactly (slots as the four-player solution shares its tables).
    Quad,
}

/// The samplers of every position of one solution, filled on first need.
#[derive(Debug)]
pub(crate) struct PositionSamplers {
    rules: Rules,
    layout: Layout,
    slots: Box<[OnceLock<TurnScoreSampler>]>,
}

impl PositionSamplers {
    /// The process's samplers for `layout` under `rules`.
    pub fn shared(rules: Rules, layout: Layout) -> Arc<PositionSamplers> {
        type All = Mutex<HashMap<(Rules, Layout), Arc<PositionSamplers>>>;
        static ALL: OnceLock<All> = OnceLock::new();
        let all = ALL.get_or_init(Default::default);
        let mut all = all.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(all.entry((rules, layout)).or_insert_with(|| {
            Arc::new(PositionSamplers {
                rules,
                layout,
                slots: (0..Shape::new(rules).slots(layout))
                    .map(|_| OnceLock::new())
                    .collect(),
            })
        }))
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The sampler in slot `slot`, built from `table` (the table of a position of that slot) if
    /// it is the first time.
    #[inline]
    pub fn get_or_build<'a>(
        &'a self,
        slot: usize,
        table: impl FnOnce() -> &'a TurnTable,
    ) -> &'a TurnScoreSampler {
        self.slots[slot].get_or_init(|| sampler_of(table(), self.rules))
    }
}

/// Sizes derived from the rules, and the dense index of each position. Positions that share a
/// slot share their turn table in the solver (gaps beyond the best turn are alike there too).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    rules: Rules,
    target: usize,
    /// Gaps that matter: `0..=max_score + 1` (more is as hopeless as `max_score + 1`).
    gaps: usize,
}

impl Shape {
    pub fn new(rules: Rules) -> Shape {
        Shape {
            rules,
            target: usize::from(rules.target()),
            gaps: usize::from(rules.dice()) + usize::from(BONUS_POINTS) + 2,
        }
    }

    fn clamp_gap(&self, gap: Points) -> usize {
        usize::from(gap).min(self.gaps - 1)
    }

    fn slots(&self, layout: Layout) -> usize {
        let (t, g) = (self.target, self.gaps);
        match layout {
            Layout::Solo => t,
            Layout::Duel => 2 * t * t + g,
            Layout::Trio => 3 * t * t * t + g * g + 2 * g,
            Layout::Quad => quad_table_slots(self.rules),
        }
    }

    /// The slot of `seat` to play alone at `score` (`None` once the target is reached).
    #[inline]
    pub fn solo_slot(&self, score: Points) -> Option<usize> {
        let score = usize::from(score);
        (score < self.target).then_some(score)
    }

    /// The slot of a duel position (`None` when no game reaches it).
    #[inline]
    pub fn duel_slot(&self, scores: &[Points], seat: usize) -> Option<usize> {
        let t = self.target;
        match duel_position(self.rules, scores, seat).ok()? {
            DuelPosition::Open { seat, scores } => {
                Some((seat * t + usize::from(scores[0])) * t + usize::from(scores[1]))
            }
            DuelPosition::LastTurn { need } => Some(2 * t * t + self.clamp_gap(need)),
        }
    }

    /// The slot of a three-player position (`None` when no game reaches it).
    #[inline]
    pub fn trio_slot(&self, scores: &[Points], seat: usize) -> Option<usize> {
        let (t, g) = (self.target, self.gaps);
        let open = 3 * t * t * t;
        match trio_position(self.rules, scores, seat).ok()? {
            TrioPosition::Open { seat, scores } => {
                let [a, b, c] = scores.map(usize::from);
                Some(((seat * t + a) * t + b) * t + c)
            }
            TrioPosition::SecondLast { behind } => {
                Some(open + self.clamp_gap(behind[0]) * g + self.clamp_gap(behind[1]))
            }
            TrioPosition::Last { need, leaders } => {
                // The solver's table depends on how many lead, not on which.
                let tied = leaders.iter().filter(|&&l| l).count().max(1);
                Some(open + g * g + self.clamp_gap(need) * 2 + (tied - 1))
            }
        }
    }

    /// The slot of a four-player position (`None` when no game reaches it).
    #[inline]
    pub fn quad_slot(&self, scores: &[Points], seat: usize) -> Option<usize> {
        let position = quad_position(self.rules, scores, seat).ok()?;
        Some(quad_table_slot(self.rules, position))
    }
}

/// The mover and its `K - 1` strongest opponents (most points first, ties to the lower seat), in
/// seat order, and the mover's place among them: [`martian_solver::reduce`] without allocating.
#[inline]
pub(crate) fn reduce_into<const K: usize>(
    scores: &[Points],
    seat: usize,
) -> Option<([Points; K], usize)> {
    if scores.len() < K || seat >= scores.len() {
        return None;
    }
    let mut seats = [usize::MAX; K];
    seats[0] = seat;
    for k in 1..K {
        let mut best: Option<usize> = None;
        for s in 0..scores.len() {
            if seats[..k].contains(&s) {
                continue;
            }
            // Strictly more points wins; ties keep the lower seat, met first.
            if best.is_none_or(|b| scores[s] > scores[b]) {
                best = Some(s);
            }
        }
        seats[k] = best.expect("enough seats were checked");
    }
    seats.sort_unstable();
    let mover = seats
        .iter()
        .position(|&s| s == seat)
        .expect("the mover is kept");
    Some((seats.map(|s| scores[s]), mover))
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_solver::{duel, reduce};

    #[test]
    fn the_allocation_free_reduction_matches_the_solvers() {
        // Every score vector over a few values, every seat, 3 to 5 players.
        for players in 3..=5usize {
            let values = [0u16, 3, 7];
            let combos = values.len().pow(players as u32);
            for code in 0..combos {
                let scores: Vec<Points> = (0..players)
                    .map(|i| values[code / values.len().pow(i as u32) % values.len()])
                    .collect();
                for seat in 0..players {
                    let two = reduce(&scores, seat, 1);
                    assert_eq!(
                        reduce_into::<2>(&scores, seat),
                        Some((<[Points; 2]>::try_from(two.scores).unwrap(), two.mover)),
                        "{scores:?} seat {seat}"
                    );
                    let three = reduce(&scores, seat, 2);
                    assert_eq!(
                        reduce_into::<3>(&scores, seat),
                        Some((<[Points; 3]>::try_from(three.scores).unwrap(), three.mover)),
                        "{scores:?} seat {seat}"
                    );
                }
            }
        }
    }

    #[test]
    fn duel_positions_sharing_a_slot_share_the_solvers_table() {
        let rules = Rules::official()
            .with_dice(5)
            .unwrap()
            .with_target(9)
            .unwrap();
        let shape = Shape::new(rules);
        let solution = duel(rules).unwrap();
        let mut by_slot: HashMap<usize, *const TurnTable> = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        for a in 0..20 {
            for b in 0..9 {
                for seat in 0..2 {
                    let Some(slot) = shape.duel_slot(&[a, b], seat) else {
                        continue;
                    };
                    assert!(slot < shape.slots(Layout::Duel));
                    let position = duel_position(rules, &[a, b], seat).unwrap();
                    let table: *const TurnTable = solution.table(position);
                    assert_eq!(
                        *by_slot.entry(slot).or_insert(table),
                        table,
                        "{a} {b} {seat}"
                    );
                    seen.insert(position);
                }
            }
        }
        // Distinct open positions never share a slot.
        let open = seen
            .iter()
            .filter(|p| matches!(p, DuelPosition::Open { .. }))
            .count();
        assert_eq!(open, 2 * 9 * 9);
    }

    #[test]
    fn trio_positions_sharing_a_slot_share_the_solvers_table() {
        let rules = Rules::official()
            .with_dice(4)
            .unwrap()
            .with_target(6)
            .unwrap();
        let shape = Shape::new(rules);
        let solution = martian_solver::trio(rules).unwrap();
        let mut by_slot: HashMap<usize, *const TurnTable> = HashMap::new();
        let mut open_slots = std::collections::HashSet::new();
        for a in 0..14 {
            for b in 0..14 {
                for c in 0..14 {
                    for seat in 0..3 {
                        let scores = [a, b, c];
                        // Seats yet to play this round are below the target in every game.
                        if scores[seat..].iter().any(|&s| s >= 6) {
                            continue;
                        }
                        let Some(slot) = shape.trio_slot(&scores, seat) else {
                            continue;
                        };
                        assert!(slot < shape.slots(Layout::Trio));
                        let position = trio_position(rules, &scores, seat).unwrap();
                        if matches!(position, TrioPosition::Open { .. }) {
                            open_slots.insert(slot);
                        }
                        let table: *const TurnTable = solution.table(position);
                        assert_eq!(
                            *by_slot.entry(slot).or_insert(table),
                            table,
                            "{scores:?} seat {seat}"
                        );
                    }
                }
            }
        }
        assert_eq!(open_slots.len(), 3 * 6 * 6 * 6);
    }
}
