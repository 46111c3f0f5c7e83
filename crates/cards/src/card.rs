//! What a card says and what it does: its lines, their conditions, and the decision it gives in
//! a situation.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use martian_engine::{
    Action, BONUS_POINTS, BonusRule, Face, FaceSet, Points, Situation, Turn, TurnPhase, TurnStart,
};
use martian_solver::{ActionProbabilities, DecisionPolicy, PolicyError, PolicyTurns, TurnView};

/// A strategy card: numbered lines of advice, read from the top; the first line that applies to
/// a decision makes it. When none does, the default play: take the biggest earthling group you
/// may take (humans, cows, chickens first among equals), else the death rays; roll again.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Card {
    pub lines: Vec<Line>,
}

/// One line of a card: an advice, given when every `when` condition holds and no `unless`
/// condition does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    pub advice: Advice,
    pub when: Vec<Condition>,
    pub unless: Vec<Condition>,
}

/// What a line advises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Advice {
    /// At a choice of type: take this group, if it may be taken (else the line does not apply).
    Take(Group),
    /// After a take: stop and score.
    Stop,
    /// After a take: roll the dice left.
    Roll,
}

/// A group of dice of a roll that a line may advise taking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// The death rays, or an earthling kind.
    Face(Face),
    /// The earthling kind with the most dice among those that may be taken (humans, then cows,
    /// then chickens among equals).
    Biggest,
    /// The earthling kind with the fewest dice among those that may be taken (the same order
    /// among equals).
    Smallest,
}

/// A bound on a count: at least or at most `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bound {
    pub at_most: bool,
    pub n: u8,
}

impl Bound {
    pub const fn at_least(n: u8) -> Bound {
        Bound { at_most: false, n }
    }

    pub const fn at_most(n: u8) -> Bound {
        Bound { at_most: true, n }
    }

    #[inline]
    pub fn holds(self, value: i32) -> bool {
        if self.at_most {
            value <= i32::from(self.n)
        } else {
            value >= i32::from(self.n)
        }
    }
}

/// Something a line may require of the situation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    /// The tanks set aside outnumber the death rays by `n` or more (`n` ≥ 1).
    TanksLead(u8),
    /// The death rays set aside outnumber the tanks by `n` or more (`n` ≥ 1).
    RaysLead(u8),
    /// The tanks can no longer win the turn: the death rays lead by at least the dice left.
    Safe,
    /// What stopping now would score.
    Points(Bound),
    /// The earthlings set aside.
    Earthlings(Bound),
    /// How many earthling kinds are set aside.
    Kinds(Bound),
    /// An earthling kind is set aside.
    Holds(Face),
    /// The tanks set aside.
    Tanks(Bound),
    /// The death rays set aside.
    Rays(Bound),
    /// The dice not set aside (at a choice of type: this roll's dice other than its tanks).
    DiceLeft(Bound),
    /// This roll's dice of a face (only at a choice of type; the dice of an earthling kind
    /// already set aside count 0: they can only go back).
    Rolled(Face, Bound),
    /// The biggest earthling group of this roll that may be taken (only at a choice of type;
    /// 0 when none may be taken).
    BiggestGroup(Bound),
    /// The dice left once this roll's death rays are set aside: the roll's dice other than its
    /// tanks and death rays (only at a choice of type).
    LeftAfterRays(Bound),
    /// This roll has more death rays than its biggest earthling group that may be taken (with
    /// `or_equal`, at least as many; only at a choice of type).
    RaysBeatGroup { or_equal: bool },
    /// Someone has reached the target: this is the last round.
    LastRound,
    /// This seat opens every round.
    PlayFirst,
    /// This player's banked score.
    MyScore(Bound),
    /// The best banked score among the other players.
    OpponentScore(Bound),
    /// This player's banked score leads every other by `n` or more (`n` ≥ 1).
    Lead(u8),
    /// Some other player's banked score leads this player's by `n` or more (`n` ≥ 1).
    Trail(u8),
    /// Banking this turn's points reaches the target.
    StopReachesTarget,
    /// Banking this turn's points puts this player ahead of every other.
    StopPutsAhead,
}

impl Condition {
    /// Whether the condition looks at the roll awaiting a choice (and so belongs only on a line
    /// that takes).
    pub fn reads_roll(self) -> bool {
        matches!(
            self,
            Condition::Rolled(..)
                | Condition::BiggestGroup(_)
                | Condition::RaysBeatGroup { .. }
                | Condition::LeftAfterRays(_)
        )
    }

    /// Whether the condition looks at the game's position (the scores, the seat, the round).
    pub fn reads_position(self) -> bool {
        let start = TurnStart {
            rules: martian_engine::Rules::official(),
            scores: &[0, 0],
            seat: 0,
            round: 1,
            triggered_by: None,
        };
        self.position_value(&start).is_some()
    }

    /// Whether the condition holds in `situation`.
    pub fn holds(self, situation: &Situation<'_>) -> bool {
        self.holds_in(
            &Facts::of(situation.turn),
            &Place::of(&TurnStart::of(situation)),
        )
    }

    #[inline]
    fn holds_in(self, facts: &Facts, place: &Place) -> bool {
        let aside = |face: Face| i32::from(facts.aside[face.index()]);
        match self {
            Condition::TanksLead(n) => -facts.lead >= i32::from(n),
            Condition::RaysLead(n) => facts.lead >= i32::from(n),
            Condition::Safe => facts.lead >= i32::from(facts.dice_left),
            Condition::Points(bound) => bound.holds(i32::from(facts.points)),
            Condition::Earthlings(bound) => bound.holds(i32::from(facts.earthlings)),
            Condition::Kinds(bound) => bound.holds(i32::from(facts.kinds)),
            Condition::Holds(face) => aside(face) > 0,
            Condition::Tanks(bound) => bound.holds(aside(Face::Tank)),
            Condition::Rays(bound) => bound.holds(aside(Face::DeathRay)),
            Condition::DiceLeft(bound) => bound.holds(i32::from(facts.dice_left)),
            Condition::Rolled(face, bound) => bound.holds(i32::from(facts.rolled[face.index()])),
            Condition::BiggestGroup(bound) => {
                bound.holds(i32::from(facts.biggest.map_or(0, |(_, count)| count)))
            }
            Condition::LeftAfterRays(bound) => bound.holds(
                i32::from(facts.dice_left) - i32::from(facts.rolled[Face::DeathRay.index()]),
            ),
            Condition::RaysBeatGroup { or_equal } => {
                let rays = facts.rolled[Face::DeathRay.index()];
                let group = facts.biggest.map_or(0, |(_, count)| count);
                rays > group || (or_equal && rays == group)
            }
            Condition::StopReachesTarget => i32::from(facts.points) >= place.to_reach,
            Condition::StopPutsAhead => i32::from(facts.points) >= place.to_lead,
            Condition::LastRound => place.last_round,
            Condition::PlayFirst => place.first,
            Condition::MyScore(bound) => bound.holds(place.mine),
            Condition::OpponentScore(bound) => bound.holds(place.other),
            Condition::Lead(n) => place.mine - place.other >= i32::from(n),
            Condition::Trail(n) => place.other - place.mine >= i32::from(n),
        }
    }

    /// What a condition on the position makes of `start`: for one on the position alone,
    /// whether it holds (1 or 0); for one on the points banked, the points from which it holds.
    /// `None` for a condition on the turn alone.
    fn position_value(self, start: &TurnStart<'_>) -> Option<i32> {
        match self {
            Condition::StopReachesTarget => Some(points_to_reach(start)),
            Condition::StopPutsAhead => Some(points_to_lead(start)),
            alone => alone.on_position_alone(start).map(i32::from),
        }
    }

    /// Whether a condition on the position alone holds at `start` (`None` for the others).
    fn on_position_alone(self, start: &TurnStart<'_>) -> Option<bool> {
        let (mine, other) = (i32::from(mine(start)), i32::from(best_other(start)));
        Some(match self {
            Condition::LastRound => start.triggered_by.is_some(),
            Condition::PlayFirst => start.seat == 0,
            Condition::MyScore(bound) => bound.holds(mine),
            Condition::OpponentScore(bound) => bound.holds(other),
            Condition::Lead(n) => mine - other >= i32::from(n),
            Condition::Trail(n) => other - mine >= i32::from(n),
            _ => return None,
        })
    }
}

fn mine(start: &TurnStart<'_>) -> Points {
    start.scores[start.seat]
}

/// The best score among the other players (0 alone).
fn best_other(start: &TurnStart<'_>) -> Points {
    start
        .scores
        .iter()
        .enumerate()
        .filter(|&(seat, _)| seat != start.seat)
        .map(|(_, &score)| score)
        .max()
        .unwrap_or(0)
}

/// The points whose banking reaches the target.
fn points_to_reach(start: &TurnStart<'_>) -> i32 {
    i32::from(start.rules.target()) - i32::from(mine(start))
}

/// The points whose banking puts this player ahead of every other.
fn points_to_lead(start: &TurnStart<'_>) -> i32 {
    i32::from(best_other(start)) - i32::from(mine(start)) + 1
}

/// What a card looks at in the game's position, read once per turn.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place {
    mine: i32,
    other: i32,
    last_round: bool,
    first: bool,
    /// The points whose banking reaches the target, puts this player ahead.
    to_reach: i32,
    to_lead: i32,
}

impl Place {
    pub(crate) fn of(start: &TurnStart<'_>) -> Place {
        Place {
            mine: i32::from(mine(start)),
            other: i32::from(best_other(start)),
            last_round: start.triggered_by.is_some(),
            first: start.seat == 0,
            to_reach: points_to_reach(start),
            to_lead: points_to_lead(start),
        }
    }
}

/// What a card looks at in a turn, read once per decision.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Facts {
    /// Whether a roll awaits a choice of type (else: stop or roll again).
    choosing: bool,
    /// Set aside, per face (a roll's tanks included).
    aside: [u8; Face::NUM],
    /// Death rays minus tanks set aside.
    lead: i32,
    earthlings: u8,
    kinds: u8,
    dice_left: u8,
    points: Points,
    /// This roll's dice per face that count: none away from a choice of type, none of an
    /// earthling kind already set aside.
    rolled: [u8; Face::NUM],
    /// The types that may be taken.
    legal: FaceSet,
    /// The biggest and the smallest earthling group that may be taken, humans, cows, chickens
    /// first among equals.
    biggest: Option<(Face, u8)>,
    smallest: Option<(Face, u8)>,
}

impl Facts {
    #[inline]
    pub(crate) fn of(turn: &Turn) -> Facts {
        let aside = turn.aside().counts();
        let mut rolled = [0u8; Face::NUM];
        if let TurnPhase::Choosing { roll } = turn.phase() {
            rolled = roll.counts();
            for face in Face::EARTHLINGS {
                if aside[face.index()] > 0 {
                    rolled[face.index()] = 0;
                }
            }
        }
        let legal = turn.legal_takes();
        let mut biggest: Option<(Face, u8)> = None;
        let mut smallest: Option<(Face, u8)> = None;
        for face in Face::EARTHLINGS {
            if !legal.contains(face) {
                continue;
            }
            let count = rolled[face.index()];
            if biggest.is_none_or(|(_, b)| count > b) {
                biggest = Some((face, count));
            }
            if smallest.is_none_or(|(_, s)| count < s) {
                smallest = Some((face, count));
            }
        }
        let held = |face: Face| aside[face.index()] > 0;
        Facts {
            choosing: matches!(turn.phase(), TurnPhase::Choosing { .. }),
            aside,
            lead: i32::from(aside[Face::DeathRay.index()]) - i32::from(aside[Face::Tank.index()]),
            earthlings: Face::EARTHLINGS.iter().map(|f| aside[f.index()]).sum(),
            kinds: Face::EARTHLINGS.iter().filter(|&&f| held(f)).count() as u8,
            dice_left: turn.dice_left(),
            points: turn.score(),
            rolled,
            legal,
            biggest,
            smallest,
        }
    }
}

impl Group {
    /// The face this group names in the roll, if it may be taken.
    #[inline]
    fn face(self, facts: &Facts) -> Option<Face> {
        match self {
            Group::Face(face) => facts.legal.contains(face).then_some(face),
            Group::Biggest => facts.biggest.map(|(face, _)| face),
            Group::Smallest => facts.smallest.map(|(face, _)| face),
        }
    }
}

impl Line {
    /// Whether the line's conditions hold in `situation`.
    pub fn applies(&self, situation: &Situation<'_>) -> bool {
        self.applies_in(
            &Facts::of(situation.turn),
            &Place::of(&TurnStart::of(situation)),
        )
    }

    #[inline]
    fn applies_in(&self, facts: &Facts, place: &Place) -> bool {
        self.when.iter().all(|c| c.holds_in(facts, place))
            && !self.unless.iter().any(|c| c.holds_in(facts, place))
    }

    /// How many conditions the line has.
    pub fn count(&self) -> usize {
        self.when.len() + self.unless.len()
    }

    /// Every condition of the line.
    pub fn conditions(&self) -> impl Iterator<Item = Condition> + '_ {
        self.when.iter().chain(&self.unless).copied()
    }

    /// Whether the line can apply at all from `start`: `false` when a condition on the position
    /// alone rules it out.
    fn alive_at(&self, start: &TurnStart<'_>) -> bool {
        self.when
            .iter()
            .all(|c| c.on_position_alone(start) != Some(false))
            && !self
                .unless
                .iter()
                .any(|c| c.on_position_alone(start) == Some(true))
    }
}

/// Which line made a decision, or the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The line at this index (0-based).
    Line(usize),
    /// No line applied.
    Default,
}

impl Card {
    /// A card of these lines.
    pub fn new(lines: Vec<Line>) -> Card {
        Card { lines }
    }

    /// The card's size: its number of lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// What a person must remember of the card: its conditions, each comparison after "when",
    /// "and", "unless" or "or" ("In the last round," is one too).
    pub fn conditions(&self) -> usize {
        self.lines.iter().map(Line::count).sum()
    }

    /// The decision in `situation` (which must await one) and the line that made it.
    ///
    /// # Panics
    /// When `situation` awaits no decision.
    pub fn decide(&self, situation: &Situation<'_>) -> (Action, Source) {
        self.decide_skipping(situation, None)
    }

    /// The decision with line `skip` struck out: what the card minus that line does.
    pub fn decide_skipping(
        &self,
        situation: &Situation<'_>,
        skip: Option<usize>,
    ) -> (Action, Source) {
        let turn = situation.turn;
        assert!(
            matches!(
                turn.phase(),
                TurnPhase::Choosing { .. } | TurnPhase::Deciding
            ),
            "a card decides only when a decision is awaited"
        );
        self.decide_at(
            &Facts::of(turn),
            &Place::of(&TurnStart::of(situation)),
            skip,
        )
    }

    /// The decision given what the card looks at.
    #[inline]
    pub(crate) fn decide_at(
        &self,
        facts: &Facts,
        place: &Place,
        skip: Option<usize>,
    ) -> (Action, Source) {
        for (i, line) in self.lines.iter().enumerate() {
            if Some(i) == skip {
                continue;
            }
            let action = match (line.advice, facts.choosing) {
                (Advice::Take(group), true) => match group.face(facts) {
                    Some(face) => Action::Take(face),
                    None => continue,
                },
                (Advice::Stop, false) => Action::Stop,
                (Advice::Roll, false) => Action::Roll,
                _ => continue,
            };
            if line.applies_in(facts, place) {
                return (action, Source::Line(i));
            }
        }
        let action = if facts.choosing {
            Action::Take(facts.biggest.map_or(Face::DeathRay, |(face, _)| face))
        } else {
            Action::Roll
        };
        (action, Source::Default)
    }

    /// What distinguishes the positions this card plays differently (see
    /// [`DecisionPolicy::turn_key`]): per line, whether the position rules it out, and if not,
    /// the points from which its conditions on the banked points hold.
    pub fn position_key(&self, start: &TurnStart<'_>) -> Vec<i32> {
        self.key_of_lines(start, |_| true)
    }

    /// [`Card::position_key`] of the lines that take: what tells apart the positions whose
    /// choices of type differ.
    fn take_key(&self, start: &TurnStart<'_>) -> Vec<i32> {
        self.key_of_lines(start, |line| matches!(line.advice, Advice::Take(_)))
    }

    fn key_of_lines(&self, start: &TurnStart<'_>, keep: impl Fn(&Line) -> bool) -> Vec<i32> {
        let best = i32::from(start.rules.dice()) + i32::from(BONUS_POINTS);
        let mut key = Vec::new();
        for line in self.lines.iter().filter(|line| keep(line)) {
            let alive = line.alive_at(start);
            key.push(i32::from(alive));
            if alive {
                // Points to bank beyond the best turn are all out of reach alike.
                key.extend(
                    line.conditions()
                        .filter_map(|c| c.position_value(start))
                        .map(|value| value.clamp(0, best + 1)),
                );
            }
        }
        key
    }

    /// The card without line `index`.
    pub fn without(&self, index: usize) -> Card {
        let mut lines = self.lines.clone();
        lines.remove(index);
        Card { lines }
    }
}

/// A card plays as a policy fixed in advance: one action for certain at every decision.
#[derive(Debug)]
pub struct CardPolicy {
    card: Card,
    /// The faces it takes at every choice of type of the turns it was valued over, per what
    /// its lines that take make of the position: the same in most positions.
    takes: Memo<Arc<[Face]>>,
    /// Per position key, the key of the decisions it makes there (see
    /// [`CardPolicy::turn_key`]).
    decisions: Memo<Vec<i32>>,
}

/// What a card made of a set of turns and a position key, kept for the next time.
type Memo<T> = Mutex<HashMap<(TurnsKey, Vec<i32>), T>>;

impl Clone for CardPolicy {
    fn clone(&self) -> CardPolicy {
        CardPolicy::new(self.card.clone())
    }
}

impl PartialEq for CardPolicy {
    fn eq(&self, other: &CardPolicy) -> bool {
        self.card == other.card
    }
}

impl Eq for CardPolicy {}

impl CardPolicy {
    pub fn new(card: Card) -> CardPolicy {
        CardPolicy {
            card,
            takes: Mutex::new(HashMap::new()),
            decisions: Mutex::new(HashMap::new()),
        }
    }

    pub fn card(&self) -> &Card {
        &self.card
    }
}

impl DecisionPolicy for CardPolicy {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        ActionProbabilities::certain(self.card.decide(situation).0)
    }

    /// A card sees the earthlings set aside only as which kinds are held and how many there
    /// are, and counts a roll's dice of kinds already held as none.
    fn view(&self) -> TurnView {
        TurnView::KindsHeld
    }

    /// Positions whose keys differ may still get the same decisions everywhere (a line that
    /// never applies where another line decides first): when the card looks at the position
    /// at all, its decisions at every stop and the key of its takes tell positions apart.
    fn turn_key(&self, start: &TurnStart<'_>) -> Option<Vec<i32>> {
        let position = self.card.position_key(start);
        let reads_position = self
            .card
            .lines
            .iter()
            .flat_map(Line::conditions)
            .any(Condition::reads_position);
        if !reads_position {
            return Some(position);
        }
        let turns = PolicyTurns::shared(start.rules, TurnView::KindsHeld);
        let key = (turns_key(&turns), position);
        if let Some(known) = self
            .decisions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return Some(known.clone());
        }
        let facts = FactsTable::of(&turns);
        let place = Place::of(start);
        let mut decisions = self.card.take_key(start);
        // The stops, 31 states a word, after a separator no take key holds.
        decisions.push(-1);
        let stops = facts.states.iter().map(|state| {
            state
                .as_ref()
                .is_some_and(|state| self.card.decide_at(state, &place, None).0 == Action::Stop)
        });
        let mut word = 0i32;
        for (i, stop) in stops.enumerate() {
            word |= i32::from(stop) << (i % 31);
            if i % 31 == 30 {
                decisions.push(word);
                word = 0;
            }
        }
        decisions.push(word);
        self.decisions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, decisions.clone());
        Some(decisions)
    }

    /// The card read from tables of what it looks at in every state of the turns, made once
    /// per process: no situation to build per decision.
    fn score_distribution(
        &self,
        turns: &PolicyTurns,
        start: &TurnStart<'_>,
    ) -> Option<Result<Vec<f64>, PolicyError>> {
        let facts = FactsTable::of(turns);
        let place = Place::of(start);
        let key = (turns_key(turns), self.card.take_key(start));
        let known = self
            .takes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned();
        let takes = known.unwrap_or_else(|| {
            let takes: Arc<[Face]> = facts
                .choices
                .iter()
                .map(|choice| match self.card.decide_at(choice, &place, None).0 {
                    Action::Take(face) => face,
                    other => unreachable!("a card takes at a choice of type, not {other:?}"),
                })
                .collect();
            self.takes
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(key, Arc::clone(&takes));
            takes
        });
        Some(turns.deterministic_distribution(
            |i| takes[i],
            |j| {
                let state = facts.states[j].as_ref().expect("a state reached by a take");
                self.card.decide_at(state, &place, None).0 == Action::Stop
            },
        ))
    }
}

/// What tells apart sets of turns: their dice, bonus reading and view.
type TurnsKey = (u8, BonusRule, TurnView);

fn turns_key(turns: &PolicyTurns) -> TurnsKey {
    (turns.rules().dice(), turns.rules().bonus(), turns.view())
}

/// What a card looks at in every state of one set of turns.
#[derive(Debug)]
struct FactsTable {
    choices: Vec<Facts>,
    states: Vec<Option<Facts>>,
}

impl FactsTable {
    fn of(turns: &PolicyTurns) -> Arc<FactsTable> {
        type Tables = Mutex<HashMap<TurnsKey, Arc<FactsTable>>>;
        static TABLES: OnceLock<Tables> = OnceLock::new();
        let key = turns_key(turns);
        let tables = TABLES.get_or_init(Default::default);
        if let Some(table) = tables.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Arc::clone(table);
        }
        // Built outside the lock; a race only builds it twice.
        let table = Arc::new(FactsTable {
            choices: turns.choices().map(Facts::of).collect(),
            states: turns.states().map(|turn| turn.map(Facts::of)).collect(),
        });
        Arc::clone(
            tables
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .entry(key)
                .or_insert(table),
        )
    }
}
