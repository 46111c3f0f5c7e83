//! The best option against the next best: the exact parts of the difference, the cause they
//! name, the game's stakes, and the arguments of the message that words them.

use martian_engine::{Action, EndRule, Points};

use super::{ReasonArg, SAME, face_word, percent_args, points_args};
use crate::advise::{AdviceMeasure, AdviceRequest};
use crate::figures::{distinct_places, percent_places};
use crate::turn::Ending;

/// What a part of the difference between two options stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// Points banked now: the earthlings set aside by the option itself.
    Now,
    /// Dice kept for later rolls: the earthlings the rolls after the option add.
    Later,
    /// The risk of losing the turn: the points the tanks take.
    Risk,
    /// The bonus for a human, a cow and a chicken.
    Bonus,
    /// The game's situation: what the scores make of the points.
    Situation,
}

impl Cause {
    /// In the order that wins ties.
    pub const ALL: [Cause; 5] = [
        Cause::Now,
        Cause::Later,
        Cause::Risk,
        Cause::Bonus,
        Cause::Situation,
    ];

    /// The stable name (the messages select on it; JSON): `now`, `later`, `risk`, `bonus`,
    /// `situation`.
    pub const fn name(self) -> &'static str {
        match self {
            Cause::Now => "now",
            Cause::Later => "later",
            Cause::Risk => "risk",
            Cause::Bonus => "bonus",
            Cause::Situation => "situation",
        }
    }
}

/// The parts of the difference between the best option and the next best, in the measure's
/// units, higher favouring the best (see the module documentation of `explain`): they add up to
/// the difference of the two values.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Parts {
    pub now: f64,
    pub later: f64,
    pub risk: f64,
    pub bonus: f64,
    pub situation: f64,
}

impl Parts {
    pub fn get(&self, cause: Cause) -> f64 {
        match cause {
            Cause::Now => self.now,
            Cause::Later => self.later,
            Cause::Risk => self.risk,
            Cause::Bonus => self.bonus,
            Cause::Situation => self.situation,
        }
    }

    /// The sum of the parts: the difference between the two options.
    pub fn total(&self) -> f64 {
        Cause::ALL.iter().map(|&c| self.get(c)).sum()
    }

    /// The points the option makes: the parts but the situation (`k (E[S_a] − E[S_b])`).
    pub fn points(&self) -> f64 {
        self.now + self.later + self.risk + self.bonus
    }

    /// The cause the reason names: the game's situation when it makes at least as much of the
    /// difference as the points do (then the points alone may even favour the other option, and
    /// any comparison of points would point the wrong way), else the largest of the points'
    /// parts (ties in the order of [`Cause::ALL`]). So a points' cause is named only when the
    /// points favour the best option, and a large difference in chance that the points explain
    /// little of is put down to the situation.
    pub fn named(&self) -> Cause {
        if self.situation > 0.0 && self.situation >= self.points() {
            return Cause::Situation;
        }
        let mut best = Cause::Now;
        for cause in [Cause::Later, Cause::Risk, Cause::Bonus] {
            if self.get(cause) > self.get(best) {
                best = cause;
            }
        }
        best
    }

    /// The cause of the largest part (ties in the order of [`Cause::ALL`]).
    pub fn largest(&self) -> Cause {
        let mut best = Cause::Now;
        for cause in Cause::ALL {
            if self.get(cause) > self.get(best) {
                best = cause;
            }
        }
        best
    }
}

/// Which decision two options belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecisionKind {
    /// A type to take from a roll.
    Take,
    /// Stop or roll again.
    StopOrRoll,
}

/// One option and how its turn ends, under the advice's play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OptionEnd {
    pub action: Action,
    /// Its value, as the advice reports it.
    pub value: f64,
    /// Earthlings set aside right after the option.
    pub held: u8,
    /// What the turn would score if it ended right after the option.
    pub held_score: Points,
    /// Dice left to roll right after the option.
    pub dice_left: u8,
    /// The dice a take sets aside (0 for stop and roll).
    pub group: u8,
    /// Whether the bonus condition holds right after the option.
    pub bonus_now: bool,
    /// Earthling kinds not yet set aside right after the option: with none left, later rolls
    /// can add only tanks and death rays.
    pub kinds_left: u8,
    /// The expectations of its end.
    pub ending: Ending,
}

impl OptionEnd {
    /// The earthlings the rolls after the option add, on average.
    pub fn later(&self) -> f64 {
        self.ending.earthlings - f64::from(self.held)
    }

    /// The spread of its final score: `E[S²] − E[S]²`.
    pub fn score_variance(&self) -> f64 {
        (self.ending.score_squared - self.ending.score * self.ending.score).max(0.0)
    }

    fn face(&self) -> Option<martian_engine::Face> {
        match self.action {
            Action::Take(face) => Some(face),
            _ => None,
        }
    }
}

/// What the scores make of a decision: the game around the turn, for the words of the
/// situation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stakes {
    /// The turn alone (its expected score): no game, no situation.
    Turn,
    /// Alone, racing to the target in as few turns as possible.
    Solo {
        banked: Points,
        held: Points,
        target: Points,
    },
    /// The final round: a player has reached the target and this is the mover's last turn. The
    /// best opponent has `leader`; `needed` is what this turn must score to pass them; `after`
    /// opponents still play after the mover.
    FinalTurn {
        banked: Points,
        held: Points,
        leader: Points,
        needed: Points,
        after: usize,
    },
    /// Stopping now reaches the target with `total`: the game ends with this round (at once
    /// under the immediate end), `after` opponents still playing their last turn.
    ReachTarget {
        total: Points,
        target: Points,
        leader: Points,
        after: usize,
    },
    /// Any other position of a game.
    Race {
        banked: Points,
        held: Points,
        leader: Points,
        target: Points,
        opponents: usize,
    },
}

impl Stakes {
    /// The stakes of the decision of `request` (with `kind` its decision).
    pub fn of(request: &AdviceRequest<'_>, measure: AdviceMeasure, kind: DecisionKind) -> Stakes {
        let Some(scores) = request.scores else {
            return Stakes::Turn;
        };
        let rules = request.rules;
        let target = rules.target();
        let seat = request.seat;
        let banked = scores[seat];
        let held = request.turn.score();
        let Some(leader) = scores
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != seat)
            .map(|(_, &score)| score)
            .max()
        else {
            return Stakes::Solo {
                banked,
                held,
                target,
            };
        };
        debug_assert_eq!(measure, AdviceMeasure::WinProbability);
        // Seat 0 opens every round: the seats after the mover still play this round.
        let after = scores.len() - 1 - seat;
        let final_round =
            rules.end() == EndRule::CompleteRound && scores.iter().any(|&s| s >= target);
        if final_round {
            return Stakes::FinalTurn {
                banked,
                held,
                leader,
                needed: (leader + 1).saturating_sub(banked),
                after,
            };
        }
        if kind == DecisionKind::StopOrRoll && banked + held >= target {
            return Stakes::ReachTarget {
                total: banked + held,
                target,
                leader,
                after: if rules.end() == EndRule::Immediate {
                    0
                } else {
                    after
                },
            };
        }
        Stakes::Race {
            banked,
            held,
            leader,
            target,
            opponents: scores.len() - 1,
        }
    }
}

/// The best option against the next best, part by part.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub decision: DecisionKind,
    pub measure: AdviceMeasure,
    pub best: OptionEnd,
    pub other: OptionEnd,
    /// What a point is worth in the measure here: the rate `k` of the decomposition.
    pub rate: f64,
    pub parts: Parts,
    /// The cause the reason names ([`Parts::named`]).
    pub cause: Cause,
    pub stakes: Stakes,
}

impl Comparison {
    pub(crate) fn new(
        request: &AdviceRequest<'_>,
        measure: AdviceMeasure,
        decision: DecisionKind,
        best: OptionEnd,
        other: OptionEnd,
    ) -> Comparison {
        let (a, b) = (&best.ending, &other.ending);
        let rate = if measure == AdviceMeasure::ExpectedScore {
            1.0
        } else {
            let weight = a.score_squared + b.score_squared;
            if weight > 0.0 {
                (a.score_gain + b.score_gain) / weight
            } else {
                0.0
            }
        };
        let now = f64::from(best.held) - f64::from(other.held);
        let parts = Parts {
            now: rate * now,
            later: rate * (best.later() - other.later()),
            risk: rate * (b.lost - a.lost),
            bonus: rate * (a.bonus_points() - b.bonus_points()),
            situation: (a.value - b.value) - rate * (a.score - b.score),
        };
        Comparison {
            decision,
            measure,
            best,
            other,
            rate,
            cause: parts.named(),
            parts,
            stakes: Stakes::of(request, measure, decision),
        }
    }

    /// The message's arguments (see [`super::Reason::args`]).
    pub(crate) fn args(&self) -> Vec<(&'static str, ReasonArg)> {
        match (self.cause, self.decision) {
            (Cause::Situation, _) => self.situation_args(),
            (_, DecisionKind::StopOrRoll) => self.stop_or_roll_args(),
            (_, DecisionKind::Take) => self.take_args(),
        }
    }

    fn stop_or_roll_args(&self) -> Vec<(&'static str, ReasonArg)> {
        use ReasonArg::{Number, Word};
        let (roll, stop) = if self.best.action == Action::Roll {
            (&self.best, &self.other)
        } else {
            (&self.other, &self.best)
        };
        let advice = if self.best.action == Action::Roll {
            "roll"
        } else {
            "stop"
        };
        // What rolling adds (the bonus included) and what the tanks take, against stopping.
        let gain = roll.ending.earthlings + roll.ending.bonus_points()
            - f64::from(stop.held)
            - stop.ending.bonus_points();
        let lost = roll.ending.lost - stop.ending.lost;
        let tanks = if stop.ending.tanks_ahead > 0.0 {
            "lead"
        } else if roll.ending.tanks_ahead == 0.0 {
            "safe"
        } else {
            "hold"
        };
        // The figures set against each other: what the dice add and what the tanks take.
        let [gain, lost] = points_args([gain, lost]);
        let [average] = points_args([roll.ending.score]);
        let [bonus_gain] = points_args([roll.ending.bonus_points() - stop.ending.bonus_points()]);
        let [risk] = percent_args([roll.ending.tanks_ahead]);
        let [bonus_chance] = percent_args([roll.ending.bonus]);
        vec![
            ("advice", Word(advice)),
            ("cause", Word(self.cause.name())),
            ("tanks", Word(tanks)),
            ("held", Number(i64::from(stop.held_score))),
            ("earthlings", Number(i64::from(stop.held))),
            ("dice", Number(i64::from(stop.dice_left))),
            ("kinds_left", Number(i64::from(stop.kinds_left))),
            ("gain", gain),
            ("lost", lost),
            ("average", average),
            ("bonus_gain", bonus_gain),
            ("risk", risk),
            ("bonus_chance", bonus_chance),
        ]
    }

    fn take_args(&self) -> Vec<(&'static str, ReasonArg)> {
        use ReasonArg::{Number, Word};
        let (best, other) = (&self.best, &self.other);
        let face = best.face().expect("a take");
        let other_face = other.face().expect("a take");
        let count = i64::from(best.held) - i64::from(other.held);
        let [average, other_average] = points_args([best.ending.score, other.ending.score]);
        let [later, other_later] = points_args([best.later(), other.later()]);
        let [risk, other_risk] = percent_args([best.ending.tanks_ahead, other.ending.tanks_ahead]);
        let [lost, other_lost] = points_args([best.ending.lost, other.ending.lost]);
        let [bonus_chance, other_bonus_chance] =
            percent_args([best.ending.bonus, other.ending.bonus]);
        let completes = best.bonus_now && !other.bonus_now;
        vec![
            ("cause", Word(self.cause.name())),
            ("face", Word(face_word(face))),
            ("count", Number(i64::from(best.group))),
            ("other", Word(face_word(other_face))),
            ("other_count", Number(i64::from(other.group))),
            ("now", Number(count)),
            ("dice", Number(i64::from(best.dice_left))),
            ("other_dice", Number(i64::from(other.dice_left))),
            (
                "more_dice",
                Word(if best.dice_left > other.dice_left {
                    "yes"
                } else {
                    "no"
                }),
            ),
            ("average", average),
            ("other_average", other_average),
            ("later", later),
            ("other_later", other_later),
            ("risk", risk),
            ("other_risk", other_risk),
            ("lost", lost),
            ("other_lost", other_lost),
            ("bonus_chance", bonus_chance),
            ("other_bonus_chance", other_bonus_chance),
            ("completes", Word(if completes { "yes" } else { "no" })),
            // Whether the tanks lead right after the take: its earthlings are then not points
            // yet, only what the turn keeps for when the death rays catch up.
            (
                "tanks",
                Word(if best.held > 0 && best.held_score == 0 {
                    "lead"
                } else {
                    "hold"
                }),
            ),
        ]
    }

    fn situation_args(&self) -> Vec<(&'static str, ReasonArg)> {
        use ReasonArg::{Number, Word};
        let mut args = vec![
            ("decision", Word(decision_word(self.decision))),
            ("best", Word(action_word(self.best.action))),
            (
                "best_face",
                Word(self.best.face().map_or("tank", face_word)),
            ),
            ("other", Word(action_word(self.other.action))),
            (
                "other_face",
                Word(self.other.face().map_or("tank", face_word)),
            ),
            (
                "points",
                Word(
                    if self.rate * (self.best.ending.score - self.other.ending.score) >= -SAME {
                        "agree"
                    } else {
                        "disagree"
                    },
                ),
            ),
        ];
        let (value, other_value, measure) = match self.measure {
            AdviceMeasure::WinProbability => {
                let places = percent_places(&[self.best.value, self.other.value], 1) as u8;
                let figure = |p: f64| ReasonArg::Decimal {
                    value: 100.0 * p,
                    places,
                };
                (figure(self.best.value), figure(self.other.value), "win")
            }
            _ => {
                let places = distinct_places(&[self.best.value, self.other.value], 2) as u8;
                let figure = |value: f64| ReasonArg::Decimal { value, places };
                (figure(self.best.value), figure(self.other.value), "turns")
            }
        };
        args.extend([
            ("measure", Word(measure)),
            ("value", value),
            ("other_value", other_value),
        ]);
        let n = |points: Points| Number(i64::from(points));
        let case = match self.stakes {
            Stakes::Turn => "race",
            Stakes::Solo {
                banked,
                held,
                target,
            } => {
                args.extend([
                    ("banked", n(banked)),
                    ("held", n(held)),
                    ("total", n(banked + held)),
                    ("target", n(target)),
                ]);
                "solo"
            }
            Stakes::FinalTurn {
                banked,
                held,
                leader,
                needed,
                after,
            } => {
                args.extend([
                    ("banked", n(banked)),
                    ("held", n(held)),
                    ("leader", n(leader)),
                    ("needed", n(needed)),
                    ("after", Number(after as i64)),
                ]);
                "final-turn"
            }
            Stakes::ReachTarget {
                total,
                target,
                leader,
                after,
            } => {
                args.extend([
                    ("total", n(total)),
                    ("target", n(target)),
                    ("leader", n(leader)),
                    ("after", Number(after as i64)),
                ]);
                "reach-target"
            }
            Stakes::Race {
                banked,
                held,
                leader,
                target,
                opponents,
            } => {
                // The concrete side of the score: how far the target is, who leads, and whether
                // it favours the surer option or the bolder one (the smaller or the larger
                // spread of the final score).
                let needed = target.saturating_sub(banked + held);
                let standing = match banked.cmp(&leader) {
                    std::cmp::Ordering::Greater => "ahead",
                    std::cmp::Ordering::Less => "behind",
                    std::cmp::Ordering::Equal => "level",
                };
                args.extend([
                    ("banked", n(banked)),
                    ("held", n(held)),
                    ("total", n(banked + held)),
                    ("leader", n(leader)),
                    ("target", n(target)),
                    ("opponents", Number(opponents as i64)),
                    ("needed", n(needed)),
                    ("standing", Word(standing)),
                    ("margin", n(banked.abs_diff(leader))),
                    (
                        "near",
                        Word(if needed <= NEAR_TARGET { "yes" } else { "no" }),
                    ),
                    ("lean", Word(self.lean())),
                ]);
                "race"
            }
        };
        args.insert(0, ("case", Word(case)));
        args
    }
}

/// A comparison the words of a reason make: the figure `more` is larger than the figure `less`
/// ("about 1.4 points on average, more than the 1.8 points…" says `lost` > `gain`). Both are
/// arguments of the reason's message, by name, as the words show them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Claim {
    pub more: (&'static str, ReasonArg),
    pub less: (&'static str, ReasonArg),
}

impl Claim {
    /// Whether the claim holds for the figures as shown (rounded as the message writes them).
    pub fn holds(&self) -> bool {
        shown(&self.more.1) > shown(&self.less.1)
    }
}

/// A figure as the words show it, rounded to its decimals.
fn shown(arg: &ReasonArg) -> f64 {
    match *arg {
        ReasonArg::Number(n) => n as f64,
        ReasonArg::Decimal { .. } => arg.plain().parse().unwrap_or(f64::NAN),
        ReasonArg::Word(_) => f64::NAN,
    }
}

impl Comparison {
    /// Every comparison the words of this reason make, with the figures they cite: what a test
    /// checks against the figures (each must [hold](Claim::holds)). It follows the branches of
    /// the `coach-why-*` messages.
    pub fn claims(&self) -> Vec<Claim> {
        let args = self.args();
        let arg = |name: &'static str| {
            let found = args.iter().find(|(n, _)| *n == name).map(|&(_, a)| a);
            (name, found.expect("the message's argument"))
        };
        let word = |name: &'static str| match arg(name).1 {
            ReasonArg::Word(word) => word,
            _ => "",
        };
        let claim = |more, less| Claim {
            more: arg(more),
            less: arg(less),
        };
        match (self.cause, self.decision) {
            (Cause::Situation, _) => {
                if word("measure") == "turns" {
                    // Fewer turns is better.
                    vec![claim("other_value", "value")]
                } else {
                    vec![claim("value", "other_value")]
                }
            }
            (cause, DecisionKind::Take) => {
                let average = claim("average", "other_average");
                match cause {
                    Cause::Now => vec![
                        Claim {
                            more: arg("now"),
                            less: ("", ReasonArg::Number(0)),
                        },
                        average,
                    ],
                    Cause::Later if word("more_dice") == "yes" => {
                        vec![claim("dice", "other_dice"), average]
                    }
                    Cause::Later => vec![claim("later", "other_later"), average],
                    Cause::Risk => vec![claim("other_lost", "lost")],
                    _ => vec![claim("bonus_chance", "other_bonus_chance")],
                }
            }
            (_, DecisionKind::StopOrRoll) => match (word("advice"), word("tanks")) {
                ("roll", "hold") => vec![claim("gain", "lost")],
                ("roll", _) => vec![],
                _ => match arg("kinds_left").1 {
                    ReasonArg::Number(0) => vec![],
                    _ => vec![claim("lost", "gain")],
                },
            },
        }
    }
}

/// Points from the target within which the points past it are what a race's words name.
const NEAR_TARGET: Points = 6;

impl Comparison {
    /// Which way the score pushes, when it decides: `sure` when the best option's final score
    /// spreads less than the other's (a sure score beats a gamble of the same average), `bold`
    /// otherwise (the big scores are worth more than their average).
    pub fn lean(&self) -> &'static str {
        if self.best.score_variance() < self.other.score_variance() {
            "sure"
        } else {
            "bold"
        }
    }
}

fn decision_word(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::Take => "take",
        DecisionKind::StopOrRoll => "stop-or-roll",
    }
}

fn action_word(action: Action) -> &'static str {
    match action {
        Action::Stop => "stop",
        Action::Roll => "roll",
        Action::Take(_) => "take",
    }
}
