//! How far a card's take lines can go: the exact chance against perfect play of rules that take
//! the death rays or the biggest earthling group, with the stop lines of a card read from stdin.
//!
//! `greedy`: greedy's takes with the card's stops (the bound of any take lines with those stops),
//! and greedy's choice between the death rays and the biggest group only (the bound of lines
//! that never take a smaller group).
//! `try RULE…`: the given rules (see `parse_rule`), valued exactly.
//! `small`: where greedy takes a smaller earthling group than the biggest, and what it gains.
//! `proxy`: a search over rules of `LINES` lines (default 3) of up to `ATOMS` conditions (default
//! 4), each "take the death rays when all hold", or with `NGROUP=k` the first k lines "take the
//! biggest group when all hold"; the conditions may be limited to `ALLOW=0,1,…` (see `atom`).
//! The search minimises a cheap stand-in — what the rule's takes cost in greedy's expected score,
//! weighted by how often a turn (greedy's takes, the card's stops) reaches them — and values the
//! best rules it finds exactly, after the lines of `PREFIX` if given:
//! `cargo run --release -p martian-cards --example take_rules -- proxy < stops.txt`.
#[path = "common/reach.rs"]
mod reach;

use reach::Reach;
use std::io::Read;
use std::sync::Arc;

use martian_cards::Card;
use martian_engine::{Action, Dice, Face, Rules, Situation, Turn, TurnPhase, TurnStart};
use martian_solver::{
    ActionProbabilities, DecisionPolicy, TurnPlay, TurnTable, duel_match, expected_score_table,
};

/// What a take rule sees at a choice of type.
#[derive(Clone, Copy, Debug)]
struct View {
    /// Tanks minus death rays set aside.
    lead: i32,
    /// The roll's dice other than its tanks.
    left: i32,
    rays: i32,
    /// The biggest earthling group that may be taken.
    group: i32,
    /// Earthling kinds held.
    kinds: i32,
    /// Earthlings set aside.
    held: i32,
}

/// A take rule's pick at a choice of type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// The biggest earthling group that may be taken (else the death rays).
    Biggest,
    /// The death rays, if the roll has any (else the biggest group).
    Rays,
    /// The smallest earthling group that may be taken (else the death rays).
    Smallest,
}

type Rule = Arc<dyn Fn(&View) -> Pick + Send + Sync>;

/// How the takes are made.
enum Takes {
    /// Greedy's: the bound of any take lines.
    Greedy,
    /// Greedy's choice between the death rays and the biggest group only: the bound of lines
    /// that never take a smaller group.
    GreedyRaysOrBiggest,
    Rule(Rule),
}

/// The card's stops, and takes as `takes` says.
struct TakeRule {
    stops: Card,
    takes: Takes,
    greedy: &'static TurnTable,
}

impl std::fmt::Debug for TakeRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TakeRule")
    }
}

impl DecisionPolicy for TakeRule {
    fn action_probabilities(&self, s: &Situation<'_>) -> ActionProbabilities {
        let TurnPhase::Choosing { roll } = s.turn.phase() else {
            return ActionProbabilities::certain(self.stops.decide(s).0);
        };
        let a = s.turn.aside();
        let (biggest, smallest) = takeable_groups(s.turn, roll);
        let rays = s.turn.legal_takes().contains(Face::DeathRay);
        let pick = match &self.takes {
            Takes::Greedy => {
                let (face, _) = self
                    .greedy
                    .best_take(a, roll)
                    .expect("a roll to choose from");
                return ActionProbabilities::certain(Action::Take(face));
            }
            Takes::GreedyRaysOrBiggest => match biggest {
                Some((f, _)) if rays => {
                    let value = |face| self.greedy.take_value(a, roll, face).expect("legal");
                    if value(Face::DeathRay) > value(f) {
                        Pick::Rays
                    } else {
                        Pick::Biggest
                    }
                }
                _ => Pick::Biggest,
            },
            Takes::Rule(rule) => {
                let (lead, kinds, held) = held(a);
                rule(&View {
                    lead,
                    left: i32::from(s.turn.dice_left()),
                    rays: i32::from(roll.count(Face::DeathRay)),
                    group: biggest.map_or(0, |(_, c)| i32::from(c)),
                    kinds,
                    held,
                })
            }
        };
        let group = match pick {
            Pick::Smallest => smallest,
            _ => biggest,
        };
        let face = match group {
            Some((f, _)) if !(rays && pick == Pick::Rays) => f,
            _ => Face::DeathRay,
        };
        ActionProbabilities::certain(Action::Take(face))
    }

    fn turn_key(&self, start: &TurnStart<'_>) -> Option<Vec<i32>> {
        Some(self.stops.position_key(start))
    }
}

fn main() {
    let rules = Rules::official();
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let stops: Card = text.parse().unwrap();
    let greedy = expected_score_table(rules);
    let value = |name: &str, takes: Takes| {
        let play = TurnPlay::Policy(Arc::new(TakeRule {
            stops: stops.clone(),
            takes,
            greedy,
        }));
        let v = duel_match(rules, [&play, &TurnPlay::Optimal]).unwrap();
        println!("{name}: {:.4}%", 100.0 * v.win(0));
        v.win(0)
    };
    match std::env::args().nth(1).as_deref() {
        Some("greedy") => {
            value("greedy's takes", Takes::Greedy);
            value(
                "greedy's takes between the death rays and the biggest group",
                Takes::GreedyRaysOrBiggest,
            );
        }
        Some("try") => {
            for spec in std::env::args().skip(2) {
                let card = parse_rule(&spec);
                value(
                    &spec,
                    Takes::Rule(Arc::new(move |v: &View| decide(&card, v))),
                );
            }
        }
        Some("small") => small(rules, &stops),
        Some("proxy") => proxy(rules, &stops, &|name, rule| value(name, Takes::Rule(rule))),
        _ => eprintln!("usage: take_rules greedy|try RULE…|small|proxy < card-with-stop-lines.txt"),
    }
}

/// A rule written `k:n,k:n;k:n,…`: lines split by `;`, each line's conditions by `,` (the kind
/// of [`atom`] and its number; kind 99 makes the line take the biggest group, 98 the smallest).
fn parse_rule(spec: &str) -> Vec<PLine> {
    spec.split(';')
        .map(|line| {
            line.split(',')
                .map(|a| {
                    let (k, n) = a.split_once(':').expect("kind:number");
                    (k.parse().expect("a kind"), n.parse().expect("a number"))
                })
                .collect()
        })
        .collect()
}

/// One cell of the proxy: a view, the expected-score regret of taking the death rays and of
/// taking the biggest group, each weighted by the chance to reach it.
#[derive(Clone, Copy, Debug)]
struct Cell {
    view: View,
    cost_rays: f64,
    cost_group: f64,
}

/// Visits every choice of type a turn reaches from its start at 0–0 under greedy's takes and
/// `stops`' stops: the turn (its roll awaiting a choice), the roll, the chance to reach it.
fn each_choice(rules: Rules, stops: &Card, mut visit: impl FnMut(&Turn, Dice, f64)) {
    let table = expected_score_table(rules);
    let scores = [0u16, 0u16];
    let mut mass = Reach::start();
    for aside in Reach::asides() {
        let m = mass.get(aside);
        if m == 0.0 || aside.total() >= 13 {
            continue;
        }
        let base = Turn::resume(rules, aside).unwrap();
        let n = base.dice_left();
        let all = 6f64.powi(i32::from(n));
        for (roll, w) in Dice::outcomes(n) {
            let p = m * w as f64 / all;
            let mut turn = base;
            turn.apply_roll(roll).unwrap();
            let TurnPhase::Choosing { roll } = turn.phase() else {
                continue;
            };
            visit(&turn, roll, p);
            let (best, _) = table.best_take(turn.aside(), roll).unwrap();
            turn.play(Action::Take(best)).unwrap();
            if turn.is_over() {
                continue;
            }
            let sit = Situation {
                rules,
                scores: &scores,
                seat: 0,
                round: 1,
                turn: &turn,
                triggered_by: None,
            };
            if stops.decide(&sit).0 != Action::Stop {
                mass.add(turn.aside(), p);
            }
        }
    }
}

/// An earthling group of a roll: its kind and its dice.
type Group = Option<(Face, u8)>;

/// The biggest and the smallest earthling group of `roll` that `turn` may take (humans, cows,
/// chickens first among equals).
fn takeable_groups(turn: &Turn, roll: Dice) -> (Group, Group) {
    let legal = turn.legal_takes();
    let mut biggest: Group = None;
    let mut smallest: Group = None;
    for f in Face::EARTHLINGS.into_iter().filter(|&f| legal.contains(f)) {
        let count = roll.count(f);
        if biggest.is_none_or(|(_, b)| count > b) {
            biggest = Some((f, count));
        }
        if smallest.is_none_or(|(_, b)| count < b) {
            smallest = Some((f, count));
        }
    }
    (biggest, smallest)
}

/// The tanks' lead and the earthling kinds and earthlings held.
fn held(aside: Dice) -> (i32, i32, i32) {
    let lead = i32::from(aside.count(Face::Tank)) - i32::from(aside.count(Face::DeathRay));
    let kinds = Face::EARTHLINGS
        .iter()
        .filter(|&&f| aside.count(f) > 0)
        .count() as i32;
    let earthlings = Face::EARTHLINGS
        .iter()
        .map(|&f| i32::from(aside.count(f)))
        .sum();
    (lead, kinds, earthlings)
}

/// The cells reached under greedy's takes and `stops`' stops from a turn's start at 0–0.
fn cells(rules: Rules, stops: &Card) -> Vec<Cell> {
    use std::collections::HashMap;
    let table = expected_score_table(rules);
    let mut out: HashMap<[i32; 6], (f64, f64)> = HashMap::new();
    each_choice(rules, stops, |turn, roll, p| {
        let a = turn.aside();
        let (Some((g, gc)), true) = (
            takeable_groups(turn, roll).0,
            turn.legal_takes().contains(Face::DeathRay),
        ) else {
            return;
        };
        let (_, best_v) = table.best_take(a, roll).unwrap();
        let vr = table.take_value(a, roll, Face::DeathRay).unwrap();
        let vg = table.take_value(a, roll, g).unwrap();
        let (lead, kinds, earthlings) = held(a);
        let key = [
            lead,
            i32::from(turn.dice_left()),
            i32::from(roll.count(Face::DeathRay)),
            i32::from(gc),
            kinds,
            earthlings,
        ];
        let e = out.entry(key).or_default();
        e.0 += p * (best_v - vr);
        e.1 += p * (best_v - vg);
    });
    out.into_iter()
        .map(|(k, (r, g))| Cell {
            view: View {
                lead: k[0],
                left: k[1],
                rays: k[2],
                group: k[3],
                kinds: k[4],
                held: k[5],
            },
            cost_rays: r,
            cost_group: g,
        })
        .collect()
}

/// A rule's line: conditions that must all hold, each (kind of [`atom`], its number); kind 99
/// marks a line that takes the biggest group.
type PLine = Vec<(u8, i32)>;

/// The conditions: 0–8 and 10–13 are the language's (10 and 13: "taking the death rays leaves
/// n dice"); 9, 14, 15, 18, 19 compare the death rays rolled with the lead or the group; 16 and
/// 17 count the other dice (neither death rays nor the biggest group); 20 and 21 the earthlings
/// held; 22 bounds the death rays' lead once taken, 23 and 24 the dice they leave less that
/// lead.
fn atom(kind: u8, n: i32, v: &View) -> bool {
    match kind {
        0 => v.lead >= n,
        1 => v.rays >= n,
        2 => v.rays <= n,
        3 => v.left <= n,
        4 => v.left >= n,
        5 => v.group <= n,
        6 => v.group >= n,
        7 => v.rays >= v.group,
        8 => v.rays > v.group,
        9 => v.rays >= v.lead,
        10 => v.left - v.rays >= n,
        11 => v.kinds >= n,
        12 => v.kinds <= n,
        13 => v.left - v.rays <= n,
        14 => v.rays + v.lead >= n,
        15 => v.rays >= v.group + n,
        16 => v.left - v.rays - v.group >= n,
        17 => v.left - v.rays - v.group <= n,
        18 => v.rays >= v.lead + n,
        19 => v.lead - v.rays <= n,
        20 => v.held >= n,
        21 => v.held <= n,
        22 => v.rays - v.lead <= n,
        23 => (v.left - v.rays) - (v.rays - v.lead) >= n,
        24 => (v.left - v.rays) - (v.rays - v.lead) <= n,
        _ => unreachable!(),
    }
}

const ATOMS: [(i32, i32); 25] = [
    (1, 5),
    (1, 8),
    (1, 9),
    (2, 13),
    (2, 13),
    (1, 8),
    (2, 9),
    (0, 0),
    (0, 0),
    (0, 0),
    (0, 10),
    (1, 3),
    (0, 2),
    (0, 10),
    (2, 10),
    (-3, 3),
    (0, 8),
    (0, 8),
    (-2, 3),
    (-3, 2),
    (1, 10),
    (0, 10),
    (-1, 6),
    (-4, 6),
    (-4, 6),
];

/// The pick of the first line whose conditions all hold (a line without 98 or 99 takes the
/// death rays); when none does, the biggest group.
fn decide(card: &[PLine], v: &View) -> Pick {
    for l in card {
        if l.iter().all(|&(k, n)| k >= 98 || atom(k, n, v)) {
            return if l.iter().any(|&(k, _)| k == 99) {
                Pick::Biggest
            } else if l.iter().any(|&(k, _)| k == 98) {
                Pick::Smallest
            } else {
                Pick::Rays
            };
        }
    }
    Pick::Biggest
}

fn pcost(card: &[PLine], cells: &[Cell]) -> f64 {
    cells
        .iter()
        .map(|c| {
            if decide(card, &c.view) == Pick::Rays {
                c.cost_rays
            } else {
                c.cost_group
            }
        })
        .sum()
}

fn proxy(rules: Rules, stops: &Card, value: &dyn Fn(&str, Rule) -> f64) {
    let cells = cells(rules, stops);
    let floor: f64 = cells.iter().map(|c| c.cost_rays.min(c.cost_group)).sum();
    println!("{} cells, floor {floor:.5}", cells.len());
    let lines: usize = std::env::var("LINES").map_or(3, |s| s.parse().unwrap());
    let max_atoms: usize = std::env::var("ATOMS").map_or(4, |s| s.parse().unwrap());
    let allowed: Vec<u8> = std::env::var("ALLOW").map_or((0..25).collect(), |s| {
        s.split(',').map(|x| x.parse().unwrap()).collect()
    });
    let mut rng = Rng(7);
    let mut found: Vec<(f64, Vec<PLine>)> = Vec::new();
    let random_atom = |rng: &mut Rng| {
        let k = allowed[rng.random_range(0..allowed.len())];
        let (lo, hi) = ATOMS[k as usize];
        (k, rng.random_range(lo..=hi))
    };
    for restart in 0..200 {
        let groups: usize = std::env::var("NGROUP").map_or(0, |s| s.parse().unwrap());
        let mut card: Vec<PLine> = (0..lines)
            .map(|i| {
                if i < groups {
                    vec![(99, 0), random_atom(&mut rng)]
                } else {
                    vec![(0, 1), random_atom(&mut rng)]
                }
            })
            .collect();
        let mut cost = pcost(&card, &cells);
        let mut stale = 0;
        while stale < 3000 {
            let mut c = card.clone();
            let i = rng.random_range(0..lines);
            match rng.random_range(0..4) {
                0 if c[i].len() < max_atoms => c[i].push(random_atom(&mut rng)),
                1 if c[i].len() > 1 => {
                    let j = rng.random_range(0..c[i].len());
                    if c[i][j].0 != 99 {
                        c[i].remove(j);
                    }
                }
                2 => {
                    let j = rng.random_range(0..c[i].len());
                    if c[i][j].0 != 99 {
                        c[i][j] = random_atom(&mut rng);
                    }
                }
                _ => {
                    let j = rng.random_range(0..c[i].len());
                    if c[i][j].0 == 99 {
                        continue;
                    }
                    let (k, n) = c[i][j];
                    let (lo, hi) = ATOMS[k as usize];
                    let d = if rng.random_bool(0.5) { 1 } else { -1 };
                    c[i][j] = (k, (n + d).clamp(lo, hi));
                }
            }
            let v = pcost(&c, &cells);
            if v < cost - 1e-12 {
                cost = v;
                card = c;
                stale = 0;
            } else {
                if v <= cost + 1e-12 {
                    card = c;
                }
                stale += 1;
            }
        }
        for l in &mut card {
            l.sort();
        }
        if !found.iter().any(|(_, c)| *c == card) {
            found.push((cost, card));
        }
        if restart % 20 == 19 {
            found.sort_by(|a, b| a.0.total_cmp(&b.0));
            println!(
                "restart {restart}: best proxy {:.5} {:?}",
                found[0].0, found[0].1
            );
        }
    }
    found.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Lines valued before the rules found (say, a smallest-group line for rolls without death
    // rays, which the stand-in cannot see).
    let prefix = std::env::var("PREFIX").map_or(Vec::new(), |spec| parse_rule(&spec));
    for (cost, card) in found.iter().take(12) {
        let c: Vec<PLine> = prefix.iter().chain(card).cloned().collect();
        value(
            &format!("proxy {cost:.5} {card:?}"),
            Arc::new(move |v: &View| decide(&c, v)),
        );
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }
    fn random_range<T: RangeT>(&mut self, r: T) -> T::Out {
        r.pick(self.next())
    }
    fn random_bool(&mut self, _p: f64) -> bool {
        self.next() & 1 == 1
    }
}
trait RangeT {
    type Out;
    fn pick(self, x: u64) -> Self::Out;
}
impl RangeT for std::ops::Range<usize> {
    type Out = usize;
    fn pick(self, x: u64) -> usize {
        self.start + (x % (self.end - self.start) as u64) as usize
    }
}
impl RangeT for std::ops::Range<i32> {
    type Out = i32;
    fn pick(self, x: u64) -> i32 {
        self.start + (x % (self.end - self.start) as u64) as i32
    }
}
impl RangeT for std::ops::RangeInclusive<i32> {
    type Out = i32;
    fn pick(self, x: u64) -> i32 {
        self.start() + (x % (self.end() - self.start() + 1) as u64) as i32
    }
}

/// Where greedy takes an earthling group other than the biggest: the reach-weighted regret of the
/// next best take, by tanks' lead, dice left, rays rolled, the takeable groups, kinds held.
fn small(rules: Rules, stops: &Card) {
    use std::collections::HashMap;
    let table = expected_score_table(rules);
    let mut out: HashMap<String, f64> = HashMap::new();
    let mut total = 0.0;
    each_choice(rules, stops, |turn, roll, p| {
        let a = turn.aside();
        let Some((g, gc)) = takeable_groups(turn, roll).0 else {
            return;
        };
        let (best, best_v) = table.best_take(a, roll).unwrap();
        if best == g || best == Face::DeathRay || roll.count(best) >= gc {
            return;
        }
        let vg = table.take_value(a, roll, g).unwrap();
        let vr = table
            .take_value(a, roll, Face::DeathRay)
            .unwrap_or(f64::MIN);
        let regret = p * (best_v - vg.max(vr));
        let legal = turn.legal_takes();
        let mut groups: Vec<u8> = Face::EARTHLINGS
            .into_iter()
            .filter(|&f| legal.contains(f))
            .map(|f| roll.count(f))
            .collect();
        groups.sort();
        let (lead, kinds, earthlings) = held(a);
        let key = format!(
            "lead {lead:2} left {:2} rays {} groups {groups:?} kinds {kinds} held {earthlings} takes {}",
            turn.dice_left(),
            roll.count(Face::DeathRay),
            roll.count(best)
        );
        *out.entry(key).or_default() += regret;
        total += regret;
    });
    let mut v: Vec<_> = out.into_iter().collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1));
    println!("total {total:.5} in {} cells", v.len());
    for (k, x) in v.iter().take(40) {
        println!("{x:.5} {k}");
    }
}
