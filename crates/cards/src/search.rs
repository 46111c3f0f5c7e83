//! The search for the best card of a given size: the language's families of lines, their
//! numbers as parameters, every candidate valued exactly against perfect play.
//!
//! A family is a line's shape with its numbers left open: an advice and its conditions, such as
//! "Stop when you have {p} points or more and {k} dice or fewer are left, unless the tanks can no
//! longer win". The search grows a card one line at a time: it tries every family at every
//! place a line of its kind can go, fits the new line's numbers one at a time (each over its
//! whole range, until none moves), keeps the best card, then polishes every number of the card
//! by steps of one. Once the card has its lines, it tries to replace each line by every family
//! until nothing improves, and last strikes out the conditions the card does as well without.
//! Candidates are valued in parallel; a card seen before is not valued again.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use martian_engine::{Face, Rules};
use martian_solver::{MatchError, TurnPlay};
use rayon::prelude::*;

use crate::card::{Advice, Bound, Card, Condition, Group, Line};
use crate::value::chance;

/// A condition of a family, its number (if any) a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    TanksLead,
    RaysLead,
    Safe,
    PointsAtLeast,
    DiceAtMost,
    DiceAtLeast,
    RaysRolledAtLeast,
    RaysRolledAtMost,
    GroupAtMost,
    GroupAtLeast,
    KindsAtLeast,
    LastRound,
    StopPutsAhead,
    StopReachesTarget,
    PlayFirst,
    Trail,
    Lead,
    OpponentAtLeast,
    RaysBeatGroup,
    RaysMatchGroup,
    LeavesAtLeast,
    LeavesAtMost,
}

impl Slot {
    /// Whether the slot's condition reads the game's position (the scores, the seat, the
    /// round): a card with such a line has a turn per position to value, not one.
    pub fn reads_position(self) -> bool {
        matches!(
            self,
            Slot::LastRound
                | Slot::StopPutsAhead
                | Slot::StopReachesTarget
                | Slot::PlayFirst
                | Slot::Trail
                | Slot::Lead
                | Slot::OpponentAtLeast
        )
    }

    /// The number a condition of this slot carries (1 for a slot without one), if the
    /// condition is of this slot.
    fn number_of(self, condition: Condition) -> Option<u8> {
        let n = match condition {
            Condition::TanksLead(n)
            | Condition::RaysLead(n)
            | Condition::Trail(n)
            | Condition::Lead(n) => n,
            Condition::Points(b)
            | Condition::DiceLeft(b)
            | Condition::Rolled(_, b)
            | Condition::BiggestGroup(b)
            | Condition::Kinds(b)
            | Condition::OpponentScore(b)
            | Condition::LeftAfterRays(b) => b.n,
            _ => 1,
        };
        (self.condition(n) == condition).then_some(n)
    }

    /// The range of its number and where a fit starts, if it has one.
    fn range(self) -> Option<(u8, u8, u8)> {
        Some(match self {
            Slot::TanksLead => (1, 4, 1),
            Slot::RaysLead => (1, 6, 2),
            Slot::PointsAtLeast => (1, 12, 7),
            Slot::DiceAtMost => (1, 12, 9),
            Slot::DiceAtLeast => (2, 13, 10),
            Slot::RaysRolledAtLeast => (2, 7, 3),
            Slot::RaysRolledAtMost => (3, 9, 6),
            Slot::GroupAtMost => (1, 6, 3),
            Slot::GroupAtLeast => (2, 8, 4),
            Slot::KindsAtLeast => (1, 3, 3),
            Slot::Trail => (1, 12, 5),
            Slot::Lead => (1, 12, 5),
            Slot::OpponentAtLeast => (14, 24, 20),
            Slot::LeavesAtLeast => (1, 10, 4),
            Slot::LeavesAtMost => (0, 10, 6),
            Slot::Safe
            | Slot::LastRound
            | Slot::StopPutsAhead
            | Slot::StopReachesTarget
            | Slot::PlayFirst
            | Slot::RaysBeatGroup
            | Slot::RaysMatchGroup => return None,
        })
    }

    fn condition(self, n: u8) -> Condition {
        use Condition::*;
        match self {
            Slot::TanksLead => TanksLead(n),
            Slot::RaysLead => RaysLead(n),
            Slot::Safe => Safe,
            Slot::PointsAtLeast => Points(Bound::at_least(n)),
            Slot::DiceAtMost => DiceLeft(Bound::at_most(n)),
            Slot::DiceAtLeast => DiceLeft(Bound::at_least(n)),
            Slot::RaysRolledAtLeast => Rolled(Face::DeathRay, Bound::at_least(n)),
            Slot::RaysRolledAtMost => Rolled(Face::DeathRay, Bound::at_most(n)),
            Slot::GroupAtMost => BiggestGroup(Bound::at_most(n)),
            Slot::GroupAtLeast => BiggestGroup(Bound::at_least(n)),
            Slot::KindsAtLeast => Kinds(Bound::at_least(n)),
            Slot::LastRound => LastRound,
            Slot::StopPutsAhead => StopPutsAhead,
            Slot::StopReachesTarget => StopReachesTarget,
            Slot::PlayFirst => PlayFirst,
            Slot::Trail => Trail(n),
            Slot::Lead => Lead(n),
            Slot::OpponentAtLeast => OpponentScore(Bound::at_least(n)),
            Slot::RaysBeatGroup => RaysBeatGroup { or_equal: false },
            Slot::RaysMatchGroup => RaysBeatGroup { or_equal: true },
            Slot::LeavesAtLeast => LeftAfterRays(Bound::at_least(n)),
            Slot::LeavesAtMost => LeftAfterRays(Bound::at_most(n)),
        }
    }
}

/// A family of lines: an advice with conditions whose numbers are parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Family {
    pub advice: Advice,
    pub when: Vec<Slot>,
    pub unless: Vec<Slot>,
}

impl Family {
    fn new(advice: Advice, when: &[Slot], unless: &[Slot]) -> Family {
        Family {
            advice,
            when: when.to_vec(),
            unless: unless.to_vec(),
        }
    }

    /// Every family the search tries.
    pub fn all() -> Vec<Family> {
        use Slot::*;
        let rays = Advice::Take(Group::Face(Face::DeathRay));
        let biggest = Advice::Take(Group::Biggest);
        let mut families = Vec::new();
        // The death rays while the tanks lead, with at most two more conditions on the roll
        // and the dice left.
        let extras = [
            DiceAtMost,
            DiceAtLeast,
            RaysRolledAtLeast,
            RaysRolledAtMost,
            GroupAtMost,
        ];
        families.push(Family::new(rays, &[TanksLead], &[]));
        for (i, &a) in extras.iter().enumerate() {
            families.push(Family::new(rays, &[TanksLead, a], &[]));
            for &b in &extras[i + 1..] {
                if (a, b) != (DiceAtMost, DiceAtLeast)
                    && (a, b) != (RaysRolledAtLeast, RaysRolledAtMost)
                {
                    families.push(Family::new(rays, &[TanksLead, a, b], &[]));
                }
            }
        }
        families.push(Family::new(
            rays,
            &[TanksLead, RaysRolledAtLeast, RaysRolledAtMost],
            &[],
        ));
        families.push(Family::new(rays, &[RaysRolledAtLeast, GroupAtMost], &[]));
        // The death rays when the roll has more of them than of any earthling it may take.
        for beat in [RaysBeatGroup, RaysMatchGroup] {
            families.push(Family::new(rays, &[beat], &[]));
            for extra in [DiceAtLeast, DiceAtMost, GroupAtMost, KindsAtLeast] {
                families.push(Family::new(rays, &[beat, extra], &[]));
            }
        }
        families.push(Family::new(rays, &[TanksLead], &[GroupAtLeast]));
        // The death rays when the tanks lead: to keep the earthlings held, or when the roll has
        // at least as many of them as of any earthling.
        families.push(Family::new(rays, &[TanksLead, KindsAtLeast], &[]));
        for beat in [RaysBeatGroup, RaysMatchGroup] {
            families.push(Family::new(rays, &[TanksLead, beat], &[]));
            families.push(Family::new(rays, &[TanksLead, beat, RaysRolledAtMost], &[]));
            // The first rolls: as many death rays as the biggest group, while the group is
            // small (greedy's boundary when the tanks lead by one).
            families.push(Family::new(rays, &[TanksLead, beat, GroupAtMost], &[]));
            families.push(Family::new(rays, &[TanksLead, beat, DiceAtMost], &[]));
            families.push(Family::new(
                rays,
                &[TanksLead, beat, RaysRolledAtMost, GroupAtMost],
                &[],
            ));
        }
        families.push(Family::new(rays, &[RaysRolledAtLeast, DiceAtLeast], &[]));
        // The death rays by the dice they leave: few once an earthling is held or the tanks
        // lead by more (the turn is near its end either way), enough on the first rolls.
        families.push(Family::new(rays, &[TanksLead, LeavesAtMost], &[]));
        families.push(Family::new(
            rays,
            &[TanksLead, RaysRolledAtMost, LeavesAtMost],
            &[],
        ));
        families.push(Family::new(
            rays,
            &[TanksLead, KindsAtLeast, RaysRolledAtMost, LeavesAtMost],
            &[],
        ));
        families.push(Family::new(rays, &[TanksLead, LeavesAtLeast], &[]));
        families.push(Family::new(
            rays,
            &[TanksLead, RaysRolledAtLeast, LeavesAtLeast],
            &[],
        ));
        families.push(Family::new(
            rays,
            &[TanksLead, RaysMatchGroup, GroupAtMost, LeavesAtLeast],
            &[],
        ));
        families.push(Family::new(
            rays,
            &[
                TanksLead,
                RaysMatchGroup,
                GroupAtMost,
                RaysRolledAtMost,
                LeavesAtLeast,
            ],
            &[],
        ));
        // The smallest earthling group while the tanks lead late in a turn: fewer dice set
        // aside, more rolled for death rays.
        let smallest = Advice::Take(Group::Smallest);
        families.push(Family::new(smallest, &[TanksLead, KindsAtLeast], &[]));
        families.push(Family::new(smallest, &[TanksLead, DiceAtMost], &[]));
        // The biggest earthling group: when big, for the bonus, in the last round.
        families.push(Family::new(biggest, &[GroupAtLeast], &[]));
        families.push(Family::new(biggest, &[GroupAtLeast, DiceAtLeast], &[]));
        families.push(Family::new(biggest, &[KindsAtLeast], &[]));
        families.push(Family::new(biggest, &[LastRound, Trail], &[TanksLead]));
        families.push(Family::new(biggest, &[LastRound], &[TanksLead]));
        families.push(Family::new(biggest, &[OpponentAtLeast], &[TanksLead]));
        // Stopping with points, guarded by the dice left and the death rays' lead.
        for extra in [None, Some(DiceAtMost), Some(DiceAtLeast)] {
            for unless in [None, Some(Safe), Some(RaysLead)] {
                let when: Vec<Slot> = std::iter::once(PointsAtLeast).chain(extra).collect();
                let unless: Vec<Slot> = unless.into_iter().collect();
                families.push(Family::new(Advice::Stop, &when, &unless));
            }
        }
        // Stopping once every kind is held: more rolls can only bring tanks.
        families.push(Family::new(Advice::Stop, &[KindsAtLeast], &[TanksLead]));
        families.push(Family::new(
            Advice::Stop,
            &[KindsAtLeast, PointsAtLeast],
            &[TanksLead],
        ));
        // Rolling on.
        families.push(Family::new(Advice::Roll, &[Safe], &[]));
        families.push(Family::new(Advice::Roll, &[DiceAtLeast], &[]));
        families.push(Family::new(Advice::Roll, &[Trail], &[Safe]));
        families.push(Family::new(
            Advice::Roll,
            &[OpponentAtLeast],
            &[StopReachesTarget],
        ));
        // The end of the game.
        families.push(Family::new(Advice::Roll, &[LastRound], &[StopPutsAhead]));
        families.push(Family::new(Advice::Stop, &[LastRound], &[]));
        families.push(Family::new(Advice::Stop, &[LastRound, StopPutsAhead], &[]));
        families.push(Family::new(
            Advice::Stop,
            &[StopReachesTarget, PointsAtLeast],
            &[],
        ));
        families.push(Family::new(
            Advice::Stop,
            &[StopReachesTarget, StopPutsAhead],
            &[],
        ));
        families.push(Family::new(
            Advice::Stop,
            &[StopReachesTarget, StopPutsAhead],
            &[PlayFirst],
        ));
        families.push(Family::new(Advice::Stop, &[Lead, PointsAtLeast], &[]));
        families
    }

    /// The slots with a number, in order.
    fn numbered(&self) -> impl Iterator<Item = Slot> + '_ {
        self.when
            .iter()
            .chain(&self.unless)
            .copied()
            .filter(|s| s.range().is_some())
    }

    fn ranges(&self) -> Vec<(u8, u8)> {
        self.numbered()
            .map(|s| {
                let (low, high, _) = s.range().expect("numbered");
                (low, high)
            })
            .collect()
    }

    fn start(&self) -> Vec<u8> {
        self.numbered()
            .map(|s| s.range().expect("numbered").2)
            .collect()
    }

    /// How many conditions its lines have: what a person must remember of them.
    pub fn conditions(&self) -> usize {
        self.when.len() + self.unless.len()
    }

    /// Whether its lines read the game's position.
    pub fn reads_position(&self) -> bool {
        self.when
            .iter()
            .chain(&self.unless)
            .any(|slot| slot.reads_position())
    }

    /// The numbers that make `line` a line of this family, if it is one.
    fn numbers_of(&self, line: &Line) -> Option<Vec<u8>> {
        if line.advice != self.advice
            || line.when.len() != self.when.len()
            || line.unless.len() != self.unless.len()
        {
            return None;
        }
        let slots = self.when.iter().chain(&self.unless);
        let conditions = line.when.iter().chain(&line.unless);
        let mut numbers = Vec::new();
        for (&slot, &condition) in slots.zip(conditions) {
            let n = slot.number_of(condition)?;
            if let Some((low, high, _)) = slot.range() {
                if !(low..=high).contains(&n) {
                    return None;
                }
                numbers.push(n);
            }
        }
        (self.line(&numbers) == *line).then_some(numbers)
    }

    /// Whether its lines take (else they stop or roll).
    fn takes(&self) -> bool {
        matches!(self.advice, Advice::Take(_))
    }

    /// The line with numbers `p`, in the order of the numbered slots.
    pub fn line(&self, p: &[u8]) -> Line {
        let mut numbers = p.iter().copied();
        let mut fill = |slots: &[Slot]| -> Vec<Condition> {
            slots
                .iter()
                .map(|&slot| {
                    let n = if slot.range().is_some() {
                        numbers.next().expect("a number per numbered slot")
                    } else {
                        1
                    };
                    slot.condition(n)
                })
                .collect()
        };
        let when = fill(&self.when);
        let unless = fill(&self.unless);
        Line {
            advice: self.advice,
            when,
            unless,
        }
    }
}

/// A card as the search holds it: each line's family (by index) and numbers, takes first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Genome {
    lines: Vec<(usize, Vec<u8>)>,
}

/// `card` as the search holds it, if every line is of one of `families` and its lines that take
/// come first.
fn genome_of(families: &[Family], card: &Card) -> Option<Genome> {
    let lines = card
        .lines
        .iter()
        .map(|line| {
            families
                .iter()
                .enumerate()
                .find_map(|(i, family)| family.numbers_of(line).map(|p| (i, p)))
        })
        .collect::<Option<Vec<_>>>()?;
    let takes = lines
        .iter()
        .take_while(|(f, _)| families[*f].takes())
        .count();
    let ordered = lines[takes..].iter().all(|(f, _)| !families[*f].takes());
    ordered.then_some(Genome { lines })
}

/// The size of the card the search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Exactly this many lines.
    Lines(usize),
    /// At most this many conditions in all (the lines as many as help).
    Conditions(usize),
}

impl Budget {
    /// How many conditions a card of `used` conditions may still gain.
    fn room(self, used: usize) -> usize {
        match self {
            Budget::Lines(_) => usize::MAX,
            Budget::Conditions(most) => most.saturating_sub(used),
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub card: Card,
    /// Its chance against perfect play, over both seats.
    pub win_rate: f64,
    /// Cards valued.
    pub evaluations: u64,
}

/// The search's state: the rules, the families, the cards valued so far.
struct Searcher<'a> {
    rules: Rules,
    families: Vec<Family>,
    seen: Mutex<HashMap<Card, f64>>,
    evaluations: AtomicU64,
    progress: &'a (dyn Fn(u64) + Sync),
    budget: Budget,
    /// The most words a line may have (in English), if limited.
    words: Option<usize>,
}

impl Searcher<'_> {
    fn card(&self, genome: &Genome) -> Card {
        Card::new(
            genome
                .lines
                .iter()
                .map(|(family, p)| self.families[*family].line(p))
                .collect(),
        )
    }

    fn value_card(&self, card: Card) -> Result<f64, MatchError> {
        if let Some(&v) = self
            .seen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&card)
        {
            return Ok(v);
        }
        let v = chance(&card, &TurnPlay::Optimal, self.rules)?.win_rate;
        self.seen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(card, v);
        let done = self.evaluations.fetch_add(1, Ordering::Relaxed) + 1;
        (self.progress)(done);
        Ok(v)
    }

    fn value(&self, genome: &Genome) -> Result<f64, MatchError> {
        self.value_card(self.card(genome))
    }

    /// The conditions of `genome`'s lines.
    fn conditions(&self, genome: &Genome) -> usize {
        genome
            .lines
            .iter()
            .map(|(f, _)| self.families[*f].conditions())
            .sum()
    }

    /// Those of `families` whose lines fit in the budget beside `genome`'s.
    fn fitting(&self, genome: &Genome, families: &[usize]) -> Vec<usize> {
        let room = self.budget.room(self.conditions(genome));
        families
            .iter()
            .copied()
            .filter(|&f| self.families[f].conditions() <= room && self.short_enough(f))
            .collect()
    }

    /// Whether family `family`'s lines are within the words a line may have.
    fn short_enough(&self, family: usize) -> bool {
        let family = &self.families[family];
        self.words
            .is_none_or(|most| family.line(&family.start()).words() <= most)
    }

    /// Grows `genome` to the budget: to its number of lines, or line by line while a line that
    /// fits in its conditions improves the card.
    fn grow_to_budget(
        &self,
        mut genome: Genome,
        mut best: f64,
        families: &[usize],
    ) -> Result<(Genome, f64), MatchError> {
        match self.budget {
            Budget::Lines(lines) => {
                while genome.lines.len() < lines {
                    (genome, best) = self.grow(&genome, families)?;
                }
            }
            Budget::Conditions(_) => loop {
                let fitting = self.fitting(&genome, families);
                if fitting.is_empty() {
                    break;
                }
                let (grown, v) = self.grow(&genome, &fitting)?;
                if v <= best + 1e-12 {
                    break;
                }
                (genome, best) = (grown, v);
            },
        }
        Ok((genome, best))
    }

    /// The places a line of family `family` can go: among the lines of its kind.
    fn places(&self, genome: &Genome, family: usize) -> std::ops::RangeInclusive<usize> {
        let takes = genome
            .lines
            .iter()
            .filter(|(f, _)| self.families[*f].takes())
            .count();
        if self.families[family].takes() {
            0..=takes
        } else {
            takes..=genome.lines.len()
        }
    }

    /// Fits the numbers of line `index` one at a time, each over its whole range, until none
    /// moves.
    fn fit(&self, mut genome: Genome, index: usize) -> Result<(Genome, f64), MatchError> {
        let mut best = self.value(&genome)?;
        let ranges = self.families[genome.lines[index].0].ranges();
        for _ in 0..3 {
            let mut moved = false;
            for (k, &(low, high)) in ranges.iter().enumerate() {
                for n in low..=high {
                    let mut trial = genome.clone();
                    trial.lines[index].1[k] = n;
                    let v = self.value(&trial)?;
                    if v > best {
                        best = v;
                        genome = trial;
                        moved = true;
                    }
                }
            }
            if !moved {
                break;
            }
        }
        Ok((genome, best))
    }

    /// Moves every number of the card by one while that helps.
    fn polish(&self, mut genome: Genome, mut best: f64) -> Result<(Genome, f64), MatchError> {
        loop {
            let mut trials = Vec::new();
            for (i, (family, p)) in genome.lines.iter().enumerate() {
                for (k, &(low, high)) in self.families[*family].ranges().iter().enumerate() {
                    for n in [p[k].saturating_sub(1), p[k].saturating_add(1)] {
                        if (low..=high).contains(&n) && n != p[k] {
                            let mut trial = genome.clone();
                            trial.lines[i].1[k] = n;
                            trials.push(trial);
                        }
                    }
                }
            }
            let valued = trials
                .into_par_iter()
                .map(|trial| self.value(&trial).map(|v| (trial, v)))
                .collect::<Result<Vec<_>, _>>()?;
            match valued.into_iter().max_by(|a, b| a.1.total_cmp(&b.1)) {
                Some((trial, v)) if v > best => {
                    genome = trial;
                    best = v;
                }
                _ => return Ok((genome, best)),
            }
        }
    }

    /// The best card of `genome` with one line of one of `families` added anywhere it may go.
    fn grow(&self, genome: &Genome, families: &[usize]) -> Result<(Genome, f64), MatchError> {
        let trials: Vec<(usize, usize)> = families
            .iter()
            .flat_map(|&family| self.places(genome, family).map(move |at| (at, family)))
            .collect();
        let fitted = trials
            .into_par_iter()
            .map(|(at, family)| {
                let mut trial = genome.clone();
                trial
                    .lines
                    .insert(at, (family, self.families[family].start()));
                self.fit(trial, at)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let best = fitted
            .into_iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("some family fits somewhere");
        self.polish(best.0, best.1)
    }

    /// Replaces each line of `genome` chosen by `replace` by a line of `families` while that
    /// helps.
    fn improve(
        &self,
        mut genome: Genome,
        mut best: f64,
        families: &[usize],
        replace: impl Fn(&Family) -> bool,
    ) -> Result<(Genome, f64), MatchError> {
        let mut improved = true;
        while improved {
            improved = false;
            for index in 0..genome.lines.len() {
                if !replace(&self.families[genome.lines[index].0]) {
                    continue;
                }
                let mut without = genome.clone();
                without.lines.remove(index);
                let fitting = self.fitting(&without, families);
                if fitting.is_empty() {
                    continue;
                }
                let (candidate, v) = self.grow(&without, &fitting)?;
                if v > best + 1e-12 {
                    genome = candidate;
                    best = v;
                    improved = true;
                }
            }
        }
        Ok((genome, best))
    }

    /// Strikes out every condition the card does as well without.
    fn simplify(&self, mut card: Card, mut best: f64) -> Result<(Card, f64), MatchError> {
        let mut i = 0;
        while i < card.lines.len() {
            let mut j = 0;
            while j < card.lines[i].when.len() + card.lines[i].unless.len() {
                let mut trial = card.clone();
                let line = &mut trial.lines[i];
                if j < line.when.len() {
                    line.when.remove(j);
                } else {
                    line.unless.remove(j - line.when.len());
                }
                let v = self.value_card(trial.clone())?;
                if v >= best - 1e-12 {
                    card = trial;
                    best = best.max(v);
                } else {
                    j += 1;
                }
            }
            i += 1;
        }
        Ok((card, best))
    }
}

/// The best card of `lines` lines the search finds under `rules`, on `threads` threads (all
/// cores by default); `progress` is told how many cards have been valued.
pub fn search(
    lines: usize,
    rules: Rules,
    threads: Option<usize>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Found, MatchError> {
    search_within(Budget::Lines(lines), None, rules, threads, progress)
}

/// The best card within `budget`, each line of at most `words` words in English if given, the
/// search finds under `rules`, on `threads` threads (all cores by default); `progress` is told
/// how many cards have been valued.
pub fn search_within(
    budget: Budget,
    words: Option<usize>,
    rules: Rules,
    threads: Option<usize>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Found, MatchError> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = threads {
        pool = pool.num_threads(threads.max(1));
    }
    match pool.build() {
        Ok(pool) => pool.install(|| search_here(budget, words, rules, progress)),
        // No threads to be had: the caller's pool does.
        Err(_) => search_here(budget, words, rules, progress),
    }
}

fn search_here(
    budget: Budget,
    words: Option<usize>,
    rules: Rules,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Found, MatchError> {
    let searcher = Searcher {
        rules,
        families: Family::all(),
        seen: Mutex::new(HashMap::new()),
        evaluations: AtomicU64::new(0),
        progress,
        budget,
        words,
    };
    // The lines that read the scores make a card's turn differ by position, and its valuation
    // hundreds of turns instead of one: the search first finds the best card whose lines
    // read only the turn (milliseconds a card), then tries lines on the position in the
    // places of its stops.
    let (aware, blind): (Vec<usize>, Vec<usize>) =
        (0..searcher.families.len()).partition(|&f| searcher.families[f].reads_position());
    let empty = Genome { lines: Vec::new() };
    let v = searcher.value(&empty)?;
    let (mut genome, mut best) = searcher.grow_to_budget(empty, v, &blind)?;
    (genome, best) = searcher.improve(genome, best, &blind, |_| true)?;
    // Cards of good shape to start from too: the local search from one start misses what
    // another reaches. A seed shorter than the card grows to its size: a card longer than every
    // seed starts from their shapes too (from the empty card alone, the search of 7 lines found
    // a card worse than the 5-line one).
    for seed in seeds_within(budget, words) {
        let Some(start) = genome_of(&searcher.families, &seed) else {
            continue;
        };
        if start.lines.is_empty() {
            continue;
        }
        let v = searcher.value(&start)?;
        let (start, v) = searcher.grow_to_budget(start, v, &blind)?;
        let (start, v) = searcher.polish(start, v)?;
        let (start, v) = searcher.improve(start, v, &blind, |_| true)?;
        if v > best {
            (genome, best) = (start, v);
        }
    }
    // A line on the position in place of a stop or a roll, then the numbers polished.
    if !aware.is_empty() && !genome.lines.is_empty() {
        (genome, best) = searcher.improve(genome, best, &aware, |family| !family.takes())?;
        (genome, best) = searcher.polish(genome, best)?;
    }
    let (card, win_rate) = searcher.simplify(searcher.card(&genome), best)?;
    Ok(Found {
        card,
        win_rate,
        evaluations: searcher.evaluations.load(Ordering::Relaxed),
    })
}

/// Hand-made cards of good shape the search also starts from, for cards of `lines` lines (cut
/// to that size, or shorter when they are):
/// greedy's decisions in few words (the death rays while the tanks lead once an earthling is
/// held, or on the first rolls when the roll has as many of them as its biggest group; stop
/// with points and few dice left). Their lines read only the turn: the lines on the position
/// come last, in place of their stops.
#[cfg(test)]
fn seeds(lines: usize) -> Vec<Card> {
    seeds_within(Budget::Lines(lines), None)
}

/// The hand-made cards cut to `budget`: to its lines, or until their conditions fit; without
/// their lines longer than `words` words, if given.
fn seeds_within(budget: Budget, words: Option<usize>) -> Vec<Card> {
    const SEEDS: [&str; 4] = [
        "1. Take the death rays when the tanks lead and you have 1 earthling kind or more and the roll has 5 death rays or fewer and taking the death rays leaves 6 dice or fewer.\n\
         2. Take the death rays when the tanks lead and the roll has as many death rays as the biggest earthling group or more and the biggest earthling group has 4 dice or fewer and the roll has 5 death rays or fewer and taking the death rays leaves 4 dice or more.\n\
         3. Take the death rays when the tanks lead by 2 or more and the roll has 6 death rays or fewer and taking the death rays leaves 7 dice or fewer.\n\
         4. Stop when you have 3 earthling kinds or more unless the tanks lead.\n\
         5. Stop when stopping reaches the target and stopping puts you ahead unless you play first.\n",
        "1. Take the death rays when the tanks lead by 2 or more and the roll has 4 death rays or more and the roll has 6 death rays or fewer.\n\
         2. Take the death rays when the tanks lead and 9 dice or fewer are left and the roll has 5 death rays or fewer.\n\
         3. Take the death rays when the tanks lead and the roll has as many death rays as the biggest earthling group or more and the roll has 5 death rays or fewer and the biggest earthling group has 4 dice or fewer.\n\
         4. Take the smallest earthling group when the tanks lead and you have 1 earthling kind or more.\n\
         5. Stop when you have 3 earthling kinds or more unless the tanks lead.\n",
        "1. Take the death rays when the tanks lead and you have 1 earthling kind or more.\n\
         2. Take the death rays when the tanks lead by 2 or more and the roll has 3 death rays or more and the roll has 6 death rays or fewer.\n\
         3. Take the death rays when the tanks lead and the roll has as many death rays as the biggest earthling group or more and the biggest earthling group has 3 dice or fewer.\n\
         4. Stop when you have 6 points or more and 4 dice or fewer are left unless the death rays lead.\n\
         5. Stop when you have 3 earthling kinds or more unless the tanks lead.\n",
        "1. Take the death rays when the tanks lead by 2 or more and the roll has 4 death rays or more and the roll has 5 death rays or fewer.\n\
         2. Take the biggest earthling group when it has 4 dice or more and 10 dice or more are left.\n\
         3. Take the death rays when the tanks lead and the roll has 6 death rays or fewer.\n\
         4. Stop when you have 6 points or more and 4 dice or fewer are left unless the death rays lead.\n",
    ];
    SEEDS
        .iter()
        .filter_map(|text| text.parse::<Card>().ok())
        .map(|card| {
            // The first lines that take and that stop, `lines` in all.
            let mut card = card;
            card.lines
                .retain(|line| words.is_none_or(|most| line.words() <= most));
            let over = |card: &Card| match budget {
                Budget::Lines(lines) => card.len() > lines,
                Budget::Conditions(most) => card.conditions() > most,
            };
            while over(&card) {
                let takes = card
                    .lines
                    .iter()
                    .filter(|l| matches!(l.advice, Advice::Take(_)))
                    .count();
                let stops = card.len() - takes;
                // Drop the last take line when the takes outnumber the stops by more than one.
                let drop = if takes > stops + 1 {
                    takes - 1
                } else {
                    card.len() - 1
                };
                card.lines.remove(drop);
            }
            card
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::CardLang;

    /// Every line the search can write, at its start and at both ends of each number's range,
    /// reads back as itself in both languages: the search never proposes a card a person cannot
    /// write down.
    #[test]
    fn every_family_writes_lines_that_read_back_in_both_languages() {
        let families = Family::all();
        for (i, family) in families.iter().enumerate() {
            assert!(
                !families[..i].contains(family),
                "family {family:?} is listed twice"
            );
            let start = family.start();
            let mut trials = vec![start.clone()];
            for (k, (low, high)) in family.ranges().into_iter().enumerate() {
                assert!(
                    (low..=high).contains(&start[k]),
                    "{family:?} starts in range"
                );
                for n in [low, high] {
                    let mut p = start.clone();
                    p[k] = n;
                    trials.push(p);
                }
            }
            for p in trials {
                assert_eq!(
                    family.numbers_of(&family.line(&p)).as_ref(),
                    Some(&p),
                    "{family:?} reads its numbers back"
                );
                let card = Card::new(vec![family.line(&p)]);
                for lang in CardLang::ALL {
                    let text = card.to_text(lang);
                    let back: Card = text
                        .parse()
                        .unwrap_or_else(|e| panic!("{text:?} does not read: {e}"));
                    assert_eq!(back, card, "{text:?}");
                }
            }
        }
    }

    /// The hand-made cards the search starts from are cards of its families, whatever their
    /// size, and none is longer than asked for.
    #[test]
    fn the_seeds_are_cards_of_the_families() {
        let families = Family::all();
        for lines in 1..=7 {
            let seeds = seeds(lines);
            assert!(
                seeds.iter().any(|seed| seed.len() == lines.min(5)),
                "a seed of {lines} lines"
            );
            for seed in seeds {
                // Cut to the size, or shorter: the search grows it.
                assert!(seed.len() <= lines);
                let genome = genome_of(&families, &seed)
                    .unwrap_or_else(|| panic!("{seed:?} is not of the families"));
                let back = Card::new(
                    genome
                        .lines
                        .iter()
                        .map(|(f, p)| families[*f].line(p))
                        .collect(),
                );
                assert_eq!(back, seed);
            }
        }
    }

    /// A card whose lines that take do not come first is not one the search holds.
    #[test]
    fn a_take_after_a_stop_is_not_a_genome() {
        let card: Card = "1. Stop when you have 3 earthling kinds or more unless the tanks lead.\n\
                          2. Take the death rays when the tanks lead.\n"
            .parse()
            .unwrap();
        assert_eq!(genome_of(&Family::all(), &card), None);
        let card = Card::new(vec![card.lines[1].clone(), card.lines[0].clone()]);
        assert!(genome_of(&Family::all(), &card).is_some());
    }
}
