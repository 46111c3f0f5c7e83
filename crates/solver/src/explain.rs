//! Why the best option of a decision is best, in words a player can follow, from an exact
//! decomposition of the difference between the best option and the next best into its parts.
//!
//! # The decomposition
//!
//! Each option is played on under the table whose values the advice reports (the same play).
//! Its turn ends with a final score `S` (0 when more tanks than death rays are set aside, else
//! the earthlings plus the bonus), and is worth `V = E[u(S)]`, `u` being the utility of banking
//! each score in that table (the points themselves for the turn alone; the chance to win after
//! banking them; minus the turns still needed alone). Four figures in points describe the end
//! of an option, exactly (an [`Ending`]):
//!
//! - **now** (`held`): the earthlings set aside right after the option;
//! - **later**: the earthlings the rolls after it add, on average;
//! - **bonus**: 3 × the chance that the bonus condition holds at the end;
//! - **risk**: minus the points the tanks take on average: the earthlings and bonus of the
//!   endings with more tanks than death rays;
//!
//! and `E[S] = now + later + bonus + risk`. To set points against a chance to win, a point is
//! worth the **rate** `k`: the slope of the straight line through `(0, u(0))` that best fits the
//! values `u(s)` of the scores the two options end with, weighed by how often they end with them
//! (least squares: `k = Σ w(s) s (u(s) − u(0)) / Σ w(s) s²`, `w` the average of the two options'
//! score distributions; `k = 1` for the turn's expected score, where `u(s) = s`). The difference
//! between the best option `a` and the next best `b` is then the sum of five [`Parts`]:
//!
//! | part | value | what it is |
//! |---|---|---|
//! | [`now`](Parts::now) | `k (now_a − now_b)` | points banked now |
//! | [`later`](Parts::later) | `k (later_a − later_b)` | dice kept for later rolls |
//! | [`risk`](Parts::risk) | `k (risk_a − risk_b)` | the risk of losing the turn to the tanks |
//! | [`bonus`](Parts::bonus) | `k (bonus_a − bonus_b)` | the bonus |
//! | [`situation`](Parts::situation) | `V_a − V_b − k (E[S_a] − E[S_b])` | the game's situation: what the scores make of the points beyond their worth at the rate `k` (reaching the target, the final round, an opponent's last turn) |
//!
//! The parts add up to `V_a − V_b` exactly (up to floating-point rounding); with the turn's
//! expected score the situation is 0. The reason names the game's situation when it makes at
//! least as much of the difference as the points do (`situation ≥ now + later + risk + bonus`):
//! then the points alone explain little of the choice, or even favour the other option, and the
//! words give the chances and what the scores make of them (reaching the target, the final round,
//! an opponent's last turn). Otherwise the points favour the best option, and the reason names the
//! [`Cause`] of the largest of their parts (ties in the order now, later, risk, bonus) and quotes
//! the figures behind it. Every comparison the words make is a [`Claim`] of
//! [`Comparison::claims`], which holds for the figures as shown. The solver's tests run the
//! explainer over every decision of a turn and over thousands of game positions and check,
//! against an independent evaluation through the engine, that the parts are exact, the cause is
//! named by that rule and every claim holds.
//!
//! # The templates
//!
//! | kind | when | message |
//! |---|---|---|
//! | [`Indifferent`](Reason::Indifferent) | stop and roll are worth the same | why: the turn is lost, the game is decided, or simply equal |
//! | [`OnlyChoice`](Reason::OnlyChoice) | one type can be taken | `coach-why-only-choice` |
//! | [`AsGood`](Reason::AsGood) | the next best take is worth the same | `coach-why-as-good` |
//! | [`Compared`](Reason::Compared), stop or roll | otherwise | `coach-why-stop-or-roll`, by the cause |
//! | [`Compared`](Reason::Compared), a take | otherwise | `coach-why-take`, by the cause |
//! | [`Compared`](Reason::Compared), the situation | the situation makes at least as much of the difference as the points | `coach-why-situation`, by the [`Stakes`] |
//!
//! The solver only computes; every interface words a reason through the Fluent message named by
//! [`Reason::id`] with the arguments of [`Reason::args`] (the project's `coach-why-*` messages),
//! so that the terminal, the line mode, `advise`, the review, the trainer and the page say the
//! same thing.

mod compare;

pub use compare::{Cause, Claim, Comparison, DecisionKind, OptionEnd, Parts, Stakes};

use martian_engine::{Action, Dice, Face, Turn, TurnPhase};

use crate::advise::{Advice, AdviceMeasure, AdviceRequest};
use crate::figures::{percent_places, shown_places};
use crate::turn::{Ending, TurnLedger, TurnTable};

/// Values closer than this are worth the same.
pub(crate) const SAME: f64 = 1e-9;

/// Why every option of a stop-or-roll decision is worth the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Indifference {
    /// Rolling can no longer make the turn score.
    TurnLost,
    /// Playing to win: the game is won, or lost, whatever is done now.
    GameDecided,
    /// The values are equal for no simpler reason.
    Equal,
}

impl Indifference {
    fn word(self) -> &'static str {
        match self {
            Indifference::TurnLost => "turn-lost",
            Indifference::GameDecided => "game-decided",
            Indifference::Equal => "equal",
        }
    }
}

/// Why the best option of a decision is best (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Stop and roll are worth the same, and why.
    Indifferent { case: Indifference },
    /// Only `face` (`count` dice) can be taken.
    OnlyChoice { face: Face, count: u8 },
    /// Taking `face` or `other` is worth the same.
    AsGood { face: Face, other: Face },
    /// The best option against the next best, part by part.
    Compared(Box<Comparison>),
}

/// The kinds of [`Reason`], each worded by one Fluent message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReasonKind {
    Indifferent,
    OnlyChoice,
    AsGood,
    /// Stop or roll, for the points (now, later, risk, bonus).
    StopOrRoll,
    /// A take, for the points.
    Take,
    /// Either decision, for the game's situation.
    Situation,
}

impl ReasonKind {
    pub const ALL: [ReasonKind; 6] = [
        ReasonKind::Indifferent,
        ReasonKind::OnlyChoice,
        ReasonKind::AsGood,
        ReasonKind::StopOrRoll,
        ReasonKind::Take,
        ReasonKind::Situation,
    ];

    /// The id of the Fluent message that words this kind.
    pub const fn id(self) -> &'static str {
        match self {
            ReasonKind::Indifferent => "coach-why-indifferent",
            ReasonKind::OnlyChoice => "coach-why-only-choice",
            ReasonKind::AsGood => "coach-why-as-good",
            ReasonKind::StopOrRoll => "coach-why-stop-or-roll",
            ReasonKind::Take => "coach-why-take",
            ReasonKind::Situation => "coach-why-situation",
        }
    }
}

/// An argument of a reason's message: a whole number, a word a message selects on, or a figure
/// with its decimals (chosen so that the figures compared in one reason read differently when
/// their values differ; see [`crate::figures`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ReasonArg {
    Number(i64),
    Word(&'static str),
    Decimal { value: f64, places: u8 },
}

impl ReasonArg {
    /// The figure as plain text with a decimal point (`"4.28"`): what the page is sent, to be
    /// written with the reader's decimal separator. Whole numbers and words as they are.
    pub fn plain(&self) -> String {
        match *self {
            ReasonArg::Number(n) => n.to_string(),
            ReasonArg::Word(word) => word.to_string(),
            ReasonArg::Decimal { value, places } => {
                let places = usize::from(places);
                let text = format!("{value:.places$}");
                // "-0.0" reads as "0.0".
                if text.starts_with('-') && text[1..].bytes().all(|b| b == b'0' || b == b'.') {
                    text[1..].to_string()
                } else {
                    text
                }
            }
        }
    }
}

/// The selector word of a face, as the messages name it.
pub const fn face_word(face: Face) -> &'static str {
    match face {
        Face::Tank => "tank",
        Face::DeathRay => "death-ray",
        Face::Human => "human",
        Face::Cow => "cow",
        Face::Chicken => "chicken",
    }
}

impl Reason {
    pub fn kind(&self) -> ReasonKind {
        match self {
            Reason::Indifferent { .. } => ReasonKind::Indifferent,
            Reason::OnlyChoice { .. } => ReasonKind::OnlyChoice,
            Reason::AsGood { .. } => ReasonKind::AsGood,
            Reason::Compared(comparison) => match (comparison.cause, comparison.decision) {
                (Cause::Situation, _) => ReasonKind::Situation,
                (_, DecisionKind::StopOrRoll) => ReasonKind::StopOrRoll,
                (_, DecisionKind::Take) => ReasonKind::Take,
            },
        }
    }

    /// The id of the Fluent message that words this reason.
    pub fn id(&self) -> &'static str {
        self.kind().id()
    }

    /// The cause named, when two options are compared.
    pub fn cause(&self) -> Option<Cause> {
        match self {
            Reason::Compared(comparison) => Some(comparison.cause),
            _ => None,
        }
    }

    /// The comparison behind the reason, if it compares two options.
    pub fn comparison(&self) -> Option<&Comparison> {
        match self {
            Reason::Compared(comparison) => Some(comparison),
            _ => None,
        }
    }

    /// The arguments of the message (see the `coach-why-*` messages for what each means):
    /// counts and totals as whole numbers; chances in percent and averages in points as
    /// [`ReasonArg::Decimal`]s, the figures set against each other with the same decimals and
    /// never the same figure for values that differ; faces, actions, causes and cases as
    /// selector words.
    pub fn args(&self) -> Vec<(&'static str, ReasonArg)> {
        use ReasonArg::Word;
        let count = |value: u8| ReasonArg::Number(i64::from(value));
        match *self {
            Reason::Indifferent { case } => vec![("case", Word(case.word()))],
            Reason::OnlyChoice { face, count: n } => {
                vec![("face", Word(face_word(face))), ("count", count(n))]
            }
            Reason::AsGood { face, other } => vec![
                ("face", Word(face_word(face))),
                ("other", Word(face_word(other))),
            ],
            Reason::Compared(ref comparison) => comparison.args(),
        }
    }
}

/// A reason in JSON, as `advise --json`, the review and the server's coach give it:
/// `{"id": …, "args": {…}, "cause": …, "parts": {…}}`. `args` are exactly the message's
/// arguments: whole numbers as JSON numbers, words as strings, and figures with decimals as
/// strings with a decimal point and the decimals to show (`"4.3"`), to be written with the
/// reader's decimal separator. `cause` (`now`, `later`, `risk`, `bonus`, `situation`) and
/// `parts` (the five parts, in the measure's units, favouring the best when positive) when two
/// options are compared, else `null`.
impl serde::Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeStruct};
        struct Args<'a>(&'a [(&'static str, ReasonArg)]);
        impl serde::Serialize for Args<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(self.0.len()))?;
                for (name, arg) in self.0 {
                    match arg {
                        ReasonArg::Number(n) => map.serialize_entry(name, n)?,
                        _ => map.serialize_entry(name, &arg.plain())?,
                    }
                }
                map.end()
            }
        }
        struct PartsJson<'a>(&'a Parts);
        impl serde::Serialize for PartsJson<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(Cause::ALL.len()))?;
                for cause in Cause::ALL {
                    map.serialize_entry(cause.name(), &self.0.get(cause))?;
                }
                map.end()
            }
        }
        let args = self.args();
        let mut s = serializer.serialize_struct("Reason", 4)?;
        s.serialize_field("id", self.id())?;
        s.serialize_field("args", &Args(&args))?;
        s.serialize_field("cause", &self.cause().map(Cause::name))?;
        s.serialize_field("parts", &self.comparison().map(|c| PartsJson(&c.parts)))?;
        s.end()
    }
}

/// Points as figures compared side by side: at least one decimal ("about 4.3 points").
pub(crate) fn points_args<const N: usize>(values: [f64; N]) -> [ReasonArg; N] {
    let places = shown_places(&values, 1) as u8;
    values.map(|value| ReasonArg::Decimal { value, places })
}

/// Chances as percentages compared side by side: whole percents unless more are needed.
pub(crate) fn percent_args<const N: usize>(chances: [f64; N]) -> [ReasonArg; N] {
    let places = percent_places(&chances, 0) as u8;
    chances.map(|p| ReasonArg::Decimal {
        value: 100.0 * p,
        places,
    })
}

/// Where the endings of the options come from: the table's forward passes for one decision, or
/// a [`TurnLedger`] worked out once for many.
pub(crate) trait Endings {
    fn stopping(&self, aside: Dice) -> Ending;
    fn rolling(&self, aside: Dice) -> Ending;
    fn after_take(&self, aside: Dice) -> Ending;
}

impl Endings for TurnTable {
    fn stopping(&self, aside: Dice) -> Ending {
        self.ending_stopping(aside)
    }
    fn rolling(&self, aside: Dice) -> Ending {
        self.ending_rolling(aside)
    }
    fn after_take(&self, aside: Dice) -> Ending {
        self.ending_after_take(aside)
    }
}

impl Endings for TurnLedger<'_> {
    fn stopping(&self, aside: Dice) -> Ending {
        TurnLedger::stopping(self, aside)
    }
    fn rolling(&self, aside: Dice) -> Ending {
        TurnLedger::rolling(self, aside)
    }
    fn after_take(&self, aside: Dice) -> Ending {
        TurnLedger::after_take(self, aside)
    }
}

/// `aside` with every die of `face` in `roll` added.
pub(crate) fn after_take(aside: Dice, roll: Dice, face: Face) -> Dice {
    let mut counts = aside.counts();
    counts[face.index()] += roll.count(face);
    Dice::from_counts(counts).expect("a take never exceeds the dice of the turn")
}

/// The earthling kinds none of whose dice are set aside in `aside`.
fn kinds_left(aside: Dice) -> u8 {
    Face::EARTHLINGS
        .iter()
        .filter(|&&face| aside.count(face) == 0)
        .count() as u8
}

/// How good a value is, higher better, whatever the measure.
pub(crate) fn merit(measure: AdviceMeasure, value: f64) -> f64 {
    if measure == AdviceMeasure::ExpectedTurns {
        -value
    } else {
        value
    }
}

fn value_of(advice: &Advice, action: Action) -> f64 {
    advice
        .options
        .iter()
        .find(|o| o.action == action)
        .map(|o| o.value)
        .expect("the option is open")
}

/// The reason for `advice`, given for `request` under the play whose endings `endings` gives
/// (the table whose values the advice reports): the best option against `against` when it is
/// another option (the choice made, in a review), else against the next best. `None` when there
/// is no decision (before a turn's first roll).
pub(crate) fn reason(
    request: &AdviceRequest<'_>,
    advice: &Advice,
    endings: &dyn Endings,
    against: Option<Action>,
) -> Option<Reason> {
    let turn = request.turn;
    let against = against.filter(|&a| a != advice.best);
    match turn.phase() {
        TurnPhase::Deciding => Some(stop_or_roll(request, advice, endings)),
        TurnPhase::Choosing { roll } => take(request, advice, endings, roll, against),
        TurnPhase::ToRoll | TurnPhase::Over(_) => None,
    }
}

fn stop_or_roll(request: &AdviceRequest<'_>, advice: &Advice, endings: &dyn Endings) -> Reason {
    let turn = request.turn;
    let aside = turn.aside();
    let stop = value_of(advice, Action::Stop);
    let roll = value_of(advice, Action::Roll);
    let rolling = endings.rolling(aside);
    if (stop - roll).abs() <= SAME {
        let case = if rolling.score <= 0.0 {
            Indifference::TurnLost
        } else if advice.measure == AdviceMeasure::WinProbability
            && (stop <= SAME || stop >= 1.0 - SAME)
        {
            Indifference::GameDecided
        } else {
            Indifference::Equal
        };
        return Reason::Indifferent { case };
    }
    let stopping = endings.stopping(aside);
    let option = |action: Action, value: f64, ending: Ending| OptionEnd {
        action,
        value,
        held: aside.earthlings(),
        held_score: turn.score(),
        dice_left: turn.dice_left(),
        group: 0,
        bonus_now: request.rules.earns_bonus(aside),
        kinds_left: kinds_left(aside),
        ending,
    };
    let stop = option(Action::Stop, stop, stopping);
    let roll = option(Action::Roll, roll, rolling);
    let (best, other) = if advice.best == Action::Roll {
        (roll, stop)
    } else {
        (stop, roll)
    };
    Reason::Compared(Box::new(Comparison::new(
        request,
        advice.measure,
        DecisionKind::StopOrRoll,
        best,
        other,
    )))
}

fn take(
    request: &AdviceRequest<'_>,
    advice: &Advice,
    endings: &dyn Endings,
    roll: Dice,
    against: Option<Action>,
) -> Option<Reason> {
    let turn: &Turn = request.turn;
    let aside = turn.aside();
    let rules = request.rules;
    let Action::Take(best_face) = advice.best else {
        return None;
    };
    let mut options: Vec<(Face, f64)> = advice
        .options
        .iter()
        .filter_map(|o| match o.action {
            Action::Take(face) => Some((face, o.value)),
            _ => None,
        })
        .collect();
    // The best first (the advice's own choice among equals), then by merit.
    options.sort_by(|a, b| {
        (b.0 == best_face)
            .cmp(&(a.0 == best_face))
            .then(merit(advice.measure, b.1).total_cmp(&merit(advice.measure, a.1)))
    });
    // The option compared: the one asked about, else the next best.
    if let Some(Action::Take(face)) = against
        && let Some(at) = options.iter().position(|&(f, _)| f == face)
    {
        let asked = options.remove(at);
        options.insert(1.min(options.len()), asked);
    }
    let &(best, best_value) = options.first()?;
    let Some(&(other, other_value)) = options.get(1) else {
        return Some(Reason::OnlyChoice {
            face: best,
            count: roll.count(best),
        });
    };
    if (best_value - other_value).abs() <= SAME {
        return Some(Reason::AsGood { face: best, other });
    }
    let option = |face: Face, value: f64| {
        let after = after_take(aside, roll, face);
        OptionEnd {
            action: Action::Take(face),
            value,
            held: after.earthlings(),
            held_score: rules.score(after),
            dice_left: rules.dice() - after.total(),
            group: roll.count(face),
            bonus_now: rules.earns_bonus(after),
            kinds_left: kinds_left(after),
            ending: endings.after_take(after),
        }
    };
    Some(Reason::Compared(Box::new(Comparison::new(
        request,
        advice.measure,
        DecisionKind::Take,
        option(best, best_value),
        option(other, other_value),
    ))))
}

#[cfg(test)]
mod tests;
