//! The search for the best card of a given size: the language's families of lines, their
//! numbers as parameters, every candidate valued exactly against perfect play.
//!
//! A family is a line's shape with numbers left open: "Stop when you have {p} points or more and
//! {k} dice or fewer are left, unless the tanks can no longer win". The search grows a card one
//! line at a time: it tries every family at every place a line of its kind can go, fits the new
//! line's numbers one at a time (each over its whole range, until none moves), keeps the best,
//! then polishes every number of the card by steps of one. Once the card has its lines, it tries
//! to replace each line by every family until nothing improves. Candidates are valued in
//! parallel; a card seen before is not valued again.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use martian_engine::{Face, Rules};
use martian_solver::{MatchError, TurnPlay};
use rayon::prelude::*;

use crate::card::{Advice, Bound, Card, Condition, Group, Line};
use crate::value::chance;

/// A family of lines: a shape whose numbers are parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Take the death rays when the tanks lead by {a} or more.
    RaysWhenTanksLead,
    /// … and {k} dice or fewer are left.
    RaysWhenTanksLeadFewDice,
    /// … and the roll has {b} death rays or more.
    RaysWhenTanksLeadManyRays,
    /// … and the roll has {b} death rays or more and {c} or fewer.
    RaysWhenTanksLeadSomeRays,
    /// … and the biggest earthling group has {g} dice or fewer.
    RaysWhenTanksLeadSmallGroups,
    /// … and {k} dice or fewer are left and the roll has {b} death rays or more.
    RaysWhenTanksLeadFewDiceManyRays,
    /// Take the death rays when the roll has {b} death rays or more and the biggest earthling
    /// group has {g} dice or fewer.
    RaysWhenManyRaysSmallGroups,
    /// Take the biggest earthling group when you have {x} earthling kinds or more.
    BiggestForTheBonus,
    /// Take the biggest earthling group when it has {g} dice or more.
    BiggestWhenBig,
    /// Stop when you have {p} points or more.
    StopWithPoints,
    /// Stop when you have {p} points or more, unless the tanks can no longer win.
    StopWithPointsUnlessSafe,
    /// Stop when you have {p} points or more and {k} dice or fewer are left, unless the tanks
    /// can no longer win.
    StopWithPointsFewDice,
    /// Stop when you have {p} points or more, unless the death rays lead by {r} or more.
    StopWithPointsUnlessRaysLead,
    /// Roll again when the tanks can no longer win.
    RollWhenSafe,
    /// Roll again when {k} dice or more are left.
    RollWithManyDice,
    /// In the last round, roll again unless stopping puts you ahead.
    LastRoundRollUntilAhead,
    /// In the last round, stop.
    LastRoundStop,
    /// Stop when stopping reaches the target and you have {p} points or more.
    StopAtTheTarget,
    /// Roll again when you trail by {t} or more, unless the tanks can no longer win.
    RollWhenTrailing,
    /// Stop when you lead by {l} or more and you have {p} points or more.
    StopWhenLeading,
}

impl Family {
    pub const ALL: [Family; 20] = [
        Family::RaysWhenTanksLead,
        Family::RaysWhenTanksLeadFewDice,
        Family::RaysWhenTanksLeadManyRays,
        Family::RaysWhenTanksLeadSomeRays,
        Family::RaysWhenTanksLeadSmallGroups,
        Family::RaysWhenTanksLeadFewDiceManyRays,
        Family::RaysWhenManyRaysSmallGroups,
        Family::BiggestForTheBonus,
        Family::BiggestWhenBig,
        Family::StopWithPoints,
        Family::StopWithPointsUnlessSafe,
        Family::StopWithPointsFewDice,
        Family::StopWithPointsUnlessRaysLead,
        Family::RollWhenSafe,
        Family::RollWithManyDice,
        Family::LastRoundRollUntilAhead,
        Family::LastRoundStop,
        Family::StopAtTheTarget,
        Family::RollWhenTrailing,
        Family::StopWhenLeading,
    ];

    /// Each number's range, and where the fit starts.
    fn parameters(self) -> &'static [(u8, u8, u8)] {
        const LEAD: (u8, u8, u8) = (1, 4, 1);
        const DICE: (u8, u8, u8) = (3, 12, 9);
        const RAYS: (u8, u8, u8) = (1, 7, 3);
        const MOST_RAYS: (u8, u8, u8) = (3, 10, 6);
        const GROUP: (u8, u8, u8) = (1, 6, 3);
        const POINTS: (u8, u8, u8) = (1, 12, 7);
        const FEW_DICE: (u8, u8, u8) = (1, 8, 2);
        match self {
            Family::RaysWhenTanksLead => &[LEAD],
            Family::RaysWhenTanksLeadFewDice => &[LEAD, DICE],
            Family::RaysWhenTanksLeadManyRays => &[LEAD, RAYS],
            Family::RaysWhenTanksLeadSomeRays => &[LEAD, RAYS, MOST_RAYS],
            Family::RaysWhenTanksLeadSmallGroups => &[LEAD, GROUP],
            Family::RaysWhenTanksLeadFewDiceManyRays => &[LEAD, DICE, RAYS],
            Family::RaysWhenManyRaysSmallGroups => &[RAYS, GROUP],
            Family::BiggestForTheBonus => &[(1, 2, 2)],
            Family::BiggestWhenBig => &[(2, 8, 4)],
            Family::StopWithPoints | Family::StopWithPointsUnlessSafe => &[POINTS],
            Family::StopWithPointsFewDice => &[POINTS, FEW_DICE],
            Family::StopWithPointsUnlessRaysLead => &[POINTS, (1, 6, 2)],
            Family::RollWhenSafe | Family::LastRoundRollUntilAhead | Family::LastRoundStop => &[],
            Family::RollWithManyDice => &[(4, 12, 8)],
            Family::StopAtTheTarget => &[(0, 12, 4)],
            Family::RollWhenTrailing => &[(2, 20, 8)],
            Family::StopWhenLeading => &[(1, 20, 8), POINTS],
        }
    }

    /// Whether its lines take (else they stop or roll).
    fn takes(self) -> bool {
        matches!(self.line(&self.start()).advice, Advice::Take(_))
    }

    fn start(self) -> Vec<u8> {
        self.parameters()
            .iter()
            .map(|&(_, _, start)| start)
            .collect()
    }

    /// The line with numbers `p`.
    pub fn line(self, p: &[u8]) -> Line {
        use Condition::*;
        let rays = Advice::Take(Group::Face(Face::DeathRay));
        let biggest = Advice::Take(Group::Biggest);
        let at_least = Bound::at_least;
        let at_most = Bound::at_most;
        let line = |advice: Advice, when: Vec<Condition>, unless: Vec<Condition>| Line {
            advice,
            when,
            unless,
        };
        match self {
            Family::RaysWhenTanksLead => line(rays, vec![TanksLead(p[0])], vec![]),
            Family::RaysWhenTanksLeadFewDice => {
                line(rays, vec![TanksLead(p[0]), DiceLeft(at_most(p[1]))], vec![])
            }
            Family::RaysWhenTanksLeadManyRays => line(
                rays,
                vec![TanksLead(p[0]), Rolled(Face::DeathRay, at_least(p[1]))],
                vec![],
            ),
            Family::RaysWhenTanksLeadSomeRays => line(
                rays,
                vec![
                    TanksLead(p[0]),
                    Rolled(Face::DeathRay, at_least(p[1])),
                    Rolled(Face::DeathRay, at_most(p[2])),
                ],
                vec![],
            ),
            Family::RaysWhenTanksLeadSmallGroups => line(
                rays,
                vec![TanksLead(p[0]), BiggestGroup(at_most(p[1]))],
                vec![],
            ),
            Family::RaysWhenTanksLeadFewDiceManyRays => line(
                rays,
                vec![
                    TanksLead(p[0]),
                    DiceLeft(at_most(p[1])),
                    Rolled(Face::DeathRay, at_least(p[2])),
                ],
                vec![],
            ),
            Family::RaysWhenManyRaysSmallGroups => line(
                rays,
                vec![
                    Rolled(Face::DeathRay, at_least(p[0])),
                    BiggestGroup(at_most(p[1])),
                ],
                vec![],
            ),
            Family::BiggestForTheBonus => line(biggest, vec![Kinds(at_least(p[0]))], vec![]),
            Family::BiggestWhenBig => line(biggest, vec![BiggestGroup(at_least(p[0]))], vec![]),
            Family::StopWithPoints => line(Advice::Stop, vec![Points(at_least(p[0]))], vec![]),
            Family::StopWithPointsUnlessSafe => {
                line(Advice::Stop, vec![Points(at_least(p[0]))], vec![Safe])
            }
            Family::StopWithPointsFewDice => line(
                Advice::Stop,
                vec![Points(at_least(p[0])), DiceLeft(at_most(p[1]))],
                vec![Safe],
            ),
            Family::StopWithPointsUnlessRaysLead => line(
                Advice::Stop,
                vec![Points(at_least(p[0]))],
                vec![RaysLead(p[1])],
            ),
            Family::RollWhenSafe => line(Advice::Roll, vec![Safe], vec![]),
            Family::RollWithManyDice => line(Advice::Roll, vec![DiceLeft(at_least(p[0]))], vec![]),
            Family::LastRoundRollUntilAhead => {
                line(Advice::Roll, vec![LastRound], vec![StopPutsAhead])
            }
            Family::LastRoundStop => line(Advice::Stop, vec![LastRound], vec![]),
            Family::StopAtTheTarget => line(
                Advice::Stop,
                vec![StopReachesTarget, Points(at_least(p[0]))],
                vec![],
            ),
            Family::RollWhenTrailing => line(Advice::Roll, vec![Trail(p[0])], vec![Safe]),
            Family::StopWhenLeading => line(
                Advice::Stop,
                vec![Lead(p[0]), Points(at_least(p[1]))],
                vec![],
            ),
        }
    }
}

/// A card as the search holds it: each line's family and numbers, takes first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Genome {
    lines: Vec<(Family, Vec<u8>)>,
}

impl Genome {
    fn card(&self) -> Card {
        Card::new(
            self.lines
                .iter()
                .map(|(family, p)| family.line(p))
                .collect(),
        )
    }

    /// The places a line of `family` can go: among the lines of its kind.
    fn places(&self, family: Family) -> std::ops::RangeInclusive<usize> {
        let takes = self.lines.iter().filter(|(f, _)| f.takes()).count();
        if family.takes() {
            0..=takes
        } else {
            takes..=self.lines.len()
        }
    }

    fn inserted(&self, at: usize, family: Family) -> Genome {
        let mut lines = self.lines.clone();
        lines.insert(at, (family, family.start()));
        Genome { lines }
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

/// The search's state: the rules, the cards valued so far.
struct Searcher<'a> {
    rules: Rules,
    seen: Mutex<HashMap<Card, f64>>,
    evaluations: AtomicU64,
    progress: &'a (dyn Fn(u64) + Sync),
}

impl Searcher<'_> {
    fn value(&self, genome: &Genome) -> Result<f64, MatchError> {
        let card = genome.card();
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

    /// Fits the numbers of line `index` one at a time, each over its whole range, until none
    /// moves.
    fn fit(&self, mut genome: Genome, index: usize) -> Result<(Genome, f64), MatchError> {
        let mut best = self.value(&genome)?;
        let ranges = genome.lines[index].0.parameters();
        for _ in 0..3 {
            let mut moved = false;
            for (k, &(low, high, _)) in ranges.iter().enumerate() {
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
                for (k, &(low, high, _)) in family.parameters().iter().enumerate() {
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

    /// The best card of `genome` with one line of any family added anywhere it may go.
    fn grow(&self, genome: &Genome) -> Result<(Genome, f64), MatchError> {
        let trials: Vec<(usize, Family)> = Family::ALL
            .iter()
            .flat_map(|&family| genome.places(family).map(move |at| (at, family)))
            .collect();
        let fitted = trials
            .into_par_iter()
            .map(|(at, family)| self.fit(genome.inserted(at, family), at))
            .collect::<Result<Vec<_>, _>>()?;
        let best = fitted
            .into_iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("some family fits somewhere");
        self.polish(best.0, best.1)
    }

    /// Replaces lines by lines of other families while that helps.
    fn improve(&self, mut genome: Genome, mut best: f64) -> Result<(Genome, f64), MatchError> {
        let mut improved = true;
        while improved {
            improved = false;
            for index in 0..genome.lines.len() {
                let mut without = genome.clone();
                without.lines.remove(index);
                let (candidate, v) = self.grow(&without)?;
                if v > best + 1e-12 {
                    genome = candidate;
                    best = v;
                    improved = true;
                }
            }
        }
        Ok((genome, best))
    }
}

/// The best card of `lines` lines the search finds under `rules`; `progress` is told how many
/// cards have been valued.
pub fn search(
    lines: usize,
    rules: Rules,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Found, MatchError> {
    let searcher = Searcher {
        rules,
        seen: Mutex::new(HashMap::new()),
        evaluations: AtomicU64::new(0),
        progress,
    };
    let mut genome = Genome { lines: Vec::new() };
    let mut best = searcher.value(&genome)?;
    for _ in 0..lines {
        (genome, best) = searcher.grow(&genome)?;
    }
    (genome, best) = searcher.improve(genome, best)?;
    Ok(Found {
        card: genome.card(),
        win_rate: best,
        evaluations: searcher.evaluations.load(Ordering::Relaxed),
    })
}
