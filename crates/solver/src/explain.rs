//! Why the best option of a decision is best, in words a player can follow: a [`Reason`] is one
//! of a small set of templates with its figures, each figure exact and computed under the same
//! play that the advice's values assume (the same [`TurnTable`]).
//!
//! The solver only computes; every interface words a reason through the Fluent message named by
//! [`Reason::id`] with the arguments of [`Reason::args`] (the project's `coach-why-*` messages),
//! so that the terminal, the line mode, `advise` and the web page say the same thing.
//!
//! # The templates
//!
//! At a **stop-or-roll** decision, the first that applies:
//!
//! | kind | when | figures |
//! |---|---|---|
//! | [`Indifferent`](Reason::Indifferent) | both options are worth the same | why: the turn is lost, the game is decided, or simply equal |
//! | [`MustRoll`](Reason::MustRoll) | final round, stopping loses for certain | points still needed to pass the leader |
//! | [`BankTheLead`](Reason::BankTheLead) | playing to win, stopping reaches the target ahead | the total, the lead |
//! | [`ReachTarget`](Reason::ReachTarget) | alone, stopping reaches the target | the total |
//! | [`Race`](Reason::Race) | the best play for the game differs from the best play for the turn's points | the advice, the total if stopping, the best opponent's total, the target |
//! | [`NothingHeld`](Reason::NothingHeld) | stopping scores nothing | the chance rolling scores, its average score |
//! | [`FreeRoll`](Reason::FreeRoll) | the tanks can no longer catch up | the points held, the dice left, the average gain |
//! | [`Risk`](Reason::Risk) | otherwise | the chance rolling ends with the tanks ahead (losing the points held), the points held, the average gain when it does not |
//!
//! At a **take** decision (the best option against the next best), the first that applies:
//!
//! | kind | when | figures |
//! |---|---|---|
//! | [`OnlyChoice`](Reason::OnlyChoice) | one type can be taken | the type, how many |
//! | [`AsGood`](Reason::AsGood) | the next best is worth the same | both types |
//! | [`Bonus`](Reason::Bonus) | the take completes a human, a cow and a chicken (official bonus) | the type, how many |
//! | [`RaysForSafety`](Reason::RaysForSafety) | death rays, and they make the turn safer | the chance the tanks end ahead with the rays and with the other type |
//! | [`PointsOverSafety`](Reason::PointsOverSafety) | earthlings rather than safer death rays | both chances |
//! | [`MorePoints`](Reason::MorePoints) | a bigger group of earthlings than the next best | both groups |
//! | [`MoreDice`](Reason::MoreDice) | a smaller group, keeping more dice to roll | both groups, the dice left after each |
//! | [`Compare`](Reason::Compare) | otherwise | for both: how many, the chance the tanks end ahead, the average final score |
//!
//! "The tanks end ahead" is the probability that the turn ends with more tanks than death rays
//! set aside (scoring 0), the rest of the turn played as the advice's table plays it; averages are
//! of the turn's final score under the same play.

use martian_engine::{Action, Dice, EndRule, Face, Points, Turn, TurnPhase};

use crate::advise::{Advice, AdviceMeasure, AdviceRequest};
use crate::turn::{TurnOutlook, TurnTable, expected_score_table};

/// Values closer than this are worth the same.
const SAME: f64 = 1e-9;

/// What a reason advises at a stop-or-roll decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Advised {
    Stop,
    Roll,
}

impl Advised {
    fn word(self) -> &'static str {
        match self {
            Advised::Stop => "stop",
            Advised::Roll => "roll",
        }
    }
}

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

/// Why the best option of a decision is best: a template and its exact figures (see the module
/// documentation). Probabilities are from 0 to 1; averages are points.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Both options are worth the same, and why.
    Indifferent { case: Indifference },
    /// The final round: stopping now finishes behind the leader; `needed` more points this turn
    /// pass them.
    MustRoll { needed: Points },
    /// Stopping reaches the target with `total`, `lead` points ahead of the best opponent.
    BankTheLead {
        total: Points,
        lead: Points,
        opponents: usize,
    },
    /// Alone: stopping reaches the target with `total`.
    ReachTarget { total: Points },
    /// The best play for the game (`advice`) is not the best play for the turn's points: where
    /// stopping leaves the player (`total`) against the best opponent's total (none alone) and
    /// the target.
    Race {
        advice: Advised,
        total: Points,
        best_opponent: Option<Points>,
        opponents: usize,
        target: Points,
    },
    /// Stopping scores nothing: rolling scores with probability `chance`, `average` points on
    /// average.
    NothingHeld { chance: f64, average: f64 },
    /// The tanks can no longer catch up with the `dice` left: rolling cannot lose the `held`
    /// points, and adds `gain` on average.
    FreeRoll { held: Points, dice: u8, gain: f64 },
    /// Rolling again ends the turn with the tanks ahead with probability `tanks_ahead`, losing
    /// the `held` points; otherwise it adds `gain` points on average.
    Risk {
        advice: Advised,
        tanks_ahead: f64,
        held: Points,
        gain: f64,
    },
    /// Only `face` (`count` dice) can be taken.
    OnlyChoice { face: Face, count: u8 },
    /// Taking `face` or `other` is worth the same.
    AsGood { face: Face, other: Face },
    /// The `count` dice of `face` complete a human, a cow and a chicken: the bonus.
    Bonus { face: Face, count: u8 },
    /// The `count` death rays leave the turn ending with the tanks ahead with probability
    /// `tanks_ahead`, against `other_tanks_ahead` after taking `other`.
    RaysForSafety {
        count: u8,
        tanks_ahead: f64,
        other: Face,
        other_tanks_ahead: f64,
    },
    /// The `count` dice of `face` are worth the risk: the tanks end ahead with probability
    /// `tanks_ahead`, against `rays_tanks_ahead` after taking the death rays.
    PointsOverSafety {
        face: Face,
        count: u8,
        tanks_ahead: f64,
        rays_tanks_ahead: f64,
    },
    /// The `count` dice of `face` score more now than the `other_count` of `other`, which can
    /// still be taken later.
    MorePoints {
        face: Face,
        count: u8,
        other: Face,
        other_count: u8,
    },
    /// Taking only `count` of `face` leaves `dice_left` dice to roll, against `other_dice_left`
    /// after the `other_count` of `other`.
    MoreDice {
        face: Face,
        count: u8,
        dice_left: u8,
        other: Face,
        other_count: u8,
        other_dice_left: u8,
    },
    /// The two best takes side by side.
    Compare {
        face: Face,
        count: u8,
        tanks_ahead: f64,
        average: f64,
        other: Face,
        other_count: u8,
        other_tanks_ahead: f64,
        other_average: f64,
    },
}

/// The kinds of [`Reason`], each worded by one Fluent message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReasonKind {
    Indifferent,
    MustRoll,
    BankTheLead,
    ReachTarget,
    Race,
    NothingHeld,
    FreeRoll,
    Risk,
    OnlyChoice,
    AsGood,
    Bonus,
    RaysForSafety,
    PointsOverSafety,
    MorePoints,
    MoreDice,
    Compare,
}

impl ReasonKind {
    pub const ALL: [ReasonKind; 16] = [
        ReasonKind::Indifferent,
        ReasonKind::MustRoll,
        ReasonKind::BankTheLead,
        ReasonKind::ReachTarget,
        ReasonKind::Race,
        ReasonKind::NothingHeld,
        ReasonKind::FreeRoll,
        ReasonKind::Risk,
        ReasonKind::OnlyChoice,
        ReasonKind::AsGood,
        ReasonKind::Bonus,
        ReasonKind::RaysForSafety,
        ReasonKind::PointsOverSafety,
        ReasonKind::MorePoints,
        ReasonKind::MoreDice,
        ReasonKind::Compare,
    ];

    /// The id of the Fluent message that words this kind.
    pub const fn id(self) -> &'static str {
        match self {
            ReasonKind::Indifferent => "coach-why-indifferent",
            ReasonKind::MustRoll => "coach-why-must-roll",
            ReasonKind::BankTheLead => "coach-why-bank-the-lead",
            ReasonKind::ReachTarget => "coach-why-reach-target",
            ReasonKind::Race => "coach-why-race",
            ReasonKind::NothingHeld => "coach-why-nothing-held",
            ReasonKind::FreeRoll => "coach-why-free-roll",
            ReasonKind::Risk => "coach-why-risk",
            ReasonKind::OnlyChoice => "coach-why-only-choice",
            ReasonKind::AsGood => "coach-why-as-good",
            ReasonKind::Bonus => "coach-why-bonus",
            ReasonKind::RaysForSafety => "coach-why-rays-for-safety",
            ReasonKind::PointsOverSafety => "coach-why-points-over-safety",
            ReasonKind::MorePoints => "coach-why-more-points",
            ReasonKind::MoreDice => "coach-why-more-dice",
            ReasonKind::Compare => "coach-why-compare",
        }
    }
}

/// An argument of a reason's message: a whole number, or a word a message selects on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReasonArg {
    Number(i64),
    Word(&'static str),
}

/// A probability as a whole percentage, never 0 or 100 unless it is exactly that.
pub fn percent(probability: f64) -> i64 {
    if probability <= 0.0 {
        0
    } else if probability >= 1.0 {
        100
    } else {
        ((probability * 100.0).round() as i64).clamp(1, 99)
    }
}

/// Points on average, to the nearest whole point (the messages say "about").
pub fn whole_points(points: f64) -> i64 {
    points.round() as i64
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
            Reason::MustRoll { .. } => ReasonKind::MustRoll,
            Reason::BankTheLead { .. } => ReasonKind::BankTheLead,
            Reason::ReachTarget { .. } => ReasonKind::ReachTarget,
            Reason::Race { .. } => ReasonKind::Race,
            Reason::NothingHeld { .. } => ReasonKind::NothingHeld,
            Reason::FreeRoll { .. } => ReasonKind::FreeRoll,
            Reason::Risk { .. } => ReasonKind::Risk,
            Reason::OnlyChoice { .. } => ReasonKind::OnlyChoice,
            Reason::AsGood { .. } => ReasonKind::AsGood,
            Reason::Bonus { .. } => ReasonKind::Bonus,
            Reason::RaysForSafety { .. } => ReasonKind::RaysForSafety,
            Reason::PointsOverSafety { .. } => ReasonKind::PointsOverSafety,
            Reason::MorePoints { .. } => ReasonKind::MorePoints,
            Reason::MoreDice { .. } => ReasonKind::MoreDice,
            Reason::Compare { .. } => ReasonKind::Compare,
        }
    }

    /// The id of the Fluent message that words this reason.
    pub fn id(&self) -> &'static str {
        self.kind().id()
    }

    /// The arguments of the message: probabilities as whole percentages ([`percent`]), averages
    /// in whole points ([`whole_points`]), counts and totals as they are, faces and advice as
    /// selector words (`death-ray`, `human`, `cow`, `chicken`; `stop`, `roll`; `turn-lost`,
    /// `game-decided`, `equal`).
    pub fn args(&self) -> Vec<(&'static str, ReasonArg)> {
        use ReasonArg::{Number, Word};
        let n = |value: Points| Number(i64::from(value));
        let c = |value: u8| Number(i64::from(value));
        match *self {
            Reason::Indifferent { case } => vec![("case", Word(case.word()))],
            Reason::MustRoll { needed } => vec![("needed", n(needed))],
            Reason::BankTheLead {
                total,
                lead,
                opponents,
            } => vec![
                ("total", n(total)),
                ("lead", n(lead)),
                ("opponents", Number(opponents as i64)),
            ],
            Reason::ReachTarget { total } => vec![("total", n(total))],
            Reason::Race {
                advice,
                total,
                best_opponent,
                opponents,
                target,
            } => {
                let mut args = vec![
                    ("advice", Word(advice.word())),
                    ("total", n(total)),
                    ("opponents", Number(opponents as i64)),
                    ("target", n(target)),
                ];
                // Alone there is no opponent's total to name.
                if let Some(opponent) = best_opponent {
                    args.push(("opponent", n(opponent)));
                }
                args
            }
            Reason::NothingHeld { chance, average } => vec![
                ("chance", Number(percent(chance))),
                ("average", Number(whole_points(average))),
            ],
            Reason::FreeRoll { held, dice, gain } => vec![
                ("held", n(held)),
                ("dice", c(dice)),
                ("gain", Number(whole_points(gain))),
            ],
            Reason::Risk {
                advice,
                tanks_ahead,
                held,
                gain,
            } => vec![
                ("advice", Word(advice.word())),
                ("risk", Number(percent(tanks_ahead))),
                ("held", n(held)),
                ("gain", Number(whole_points(gain))),
            ],
            Reason::OnlyChoice { face, count } => {
                vec![("face", Word(face_word(face))), ("count", c(count))]
            }
            Reason::AsGood { face, other } => vec![
                ("face", Word(face_word(face))),
                ("other", Word(face_word(other))),
            ],
            Reason::Bonus { face, count } => {
                vec![("face", Word(face_word(face))), ("count", c(count))]
            }
            Reason::RaysForSafety {
                count,
                tanks_ahead,
                other,
                other_tanks_ahead,
            } => vec![
                ("count", c(count)),
                ("risk", Number(percent(tanks_ahead))),
                ("other", Word(face_word(other))),
                ("other_risk", Number(percent(other_tanks_ahead))),
            ],
            Reason::PointsOverSafety {
                face,
                count,
                tanks_ahead,
                rays_tanks_ahead,
            } => vec![
                ("face", Word(face_word(face))),
                ("count", c(count)),
                ("risk", Number(percent(tanks_ahead))),
                ("rays_risk", Number(percent(rays_tanks_ahead))),
            ],
            Reason::MorePoints {
                face,
                count,
                other,
                other_count,
            } => vec![
                ("face", Word(face_word(face))),
                ("count", c(count)),
                ("other", Word(face_word(other))),
                ("other_count", c(other_count)),
            ],
            Reason::MoreDice {
                face,
                count,
                dice_left,
                other,
                other_count,
                other_dice_left,
            } => vec![
                ("face", Word(face_word(face))),
                ("count", c(count)),
                ("dice", c(dice_left)),
                ("other", Word(face_word(other))),
                ("other_count", c(other_count)),
                ("other_dice", c(other_dice_left)),
            ],
            Reason::Compare {
                face,
                count,
                tanks_ahead,
                average,
                other,
                other_count,
                other_tanks_ahead,
                other_average,
            } => vec![
                ("face", Word(face_word(face))),
                ("count", c(count)),
                ("risk", Number(percent(tanks_ahead))),
                ("average", Number(whole_points(average))),
                ("other", Word(face_word(other))),
                ("other_count", c(other_count)),
                ("other_risk", Number(percent(other_tanks_ahead))),
                ("other_average", Number(whole_points(other_average))),
            ],
        }
    }
}

/// How good a value is, higher better, whatever the measure.
fn merit(measure: AdviceMeasure, value: f64) -> f64 {
    if measure == AdviceMeasure::ExpectedTurns {
        -value
    } else {
        value
    }
}

/// `aside` with every die of `face` in `roll` added.
fn after_take(aside: Dice, roll: Dice, face: Face) -> Dice {
    let mut counts = aside.counts();
    counts[face.index()] += roll.count(face);
    Dice::from_counts(counts).expect("a take never exceeds the dice of the turn")
}

fn earthling_types(aside: Dice) -> usize {
    Face::EARTHLINGS
        .iter()
        .filter(|&&f| aside.count(f) > 0)
        .count()
}

/// The reason for `advice`, given for `request` under the policy of `table` (the table whose
/// values the advice reports). `None` when there is no decision (before a turn's first roll).
pub(crate) fn reason(
    request: &AdviceRequest<'_>,
    advice: &Advice,
    table: &TurnTable,
) -> Option<Reason> {
    let turn = request.turn;
    match turn.phase() {
        TurnPhase::Deciding => Some(stop_or_roll(request, advice, table)),
        TurnPhase::Choosing { roll } => take(request, advice, table, roll),
        TurnPhase::ToRoll | TurnPhase::Over(_) => None,
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

fn stop_or_roll(request: &AdviceRequest<'_>, advice: &Advice, table: &TurnTable) -> Reason {
    let turn = request.turn;
    let rules = request.rules;
    let aside = turn.aside();
    let held = turn.score();
    let stop = value_of(advice, Action::Stop);
    let roll = value_of(advice, Action::Roll);
    let rolling = table.outlook_rolling(aside);
    if (stop - roll).abs() <= SAME {
        let case = if rolling.scores_something() == 0.0 {
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
    let advised = if advice.best == Action::Roll {
        Advised::Roll
    } else {
        Advised::Stop
    };
    if let Some(scores) = request.scores {
        let mine = scores[request.seat];
        let total = mine + held;
        let best_opponent = scores
            .iter()
            .enumerate()
            .filter(|&(seat, _)| seat != request.seat)
            .map(|(_, &score)| score)
            .max();
        let final_round = rules.end() == EndRule::CompleteRound
            && best_opponent.is_some_and(|b| b >= rules.target());
        match (advice.measure, best_opponent) {
            (AdviceMeasure::WinProbability, Some(leader)) => {
                if final_round && advised == Advised::Roll && stop <= SAME && total < leader {
                    return Reason::MustRoll {
                        needed: leader - total + 1,
                    };
                }
                if advised == Advised::Stop && total >= rules.target() && total > leader {
                    return Reason::BankTheLead {
                        total,
                        lead: total - leader,
                        opponents: scores.len() - 1,
                    };
                }
            }
            (AdviceMeasure::ExpectedTurns, None)
                if advised == Advised::Stop && total >= rules.target() =>
            {
                return Reason::ReachTarget { total };
            }
            _ => {}
        }
        if advice.measure != AdviceMeasure::ExpectedScore {
            let points = expected_score_table(rules).action_values(turn);
            let points_of = |action| {
                points
                    .iter()
                    .find(|&(a, _)| a == action)
                    .map(|(_, v)| v)
                    .expect("stop and roll are open")
            };
            let (points_stop, points_roll) = (points_of(Action::Stop), points_of(Action::Roll));
            let points_advice = if points_roll > points_stop {
                Advised::Roll
            } else {
                Advised::Stop
            };
            if (points_roll - points_stop).abs() > SAME && points_advice != advised {
                return Reason::Race {
                    advice: advised,
                    total,
                    best_opponent,
                    opponents: scores.len() - 1,
                    target: rules.target(),
                };
            }
        }
    }
    if held == 0 && advised == Advised::Roll {
        return Reason::NothingHeld {
            chance: rolling.scores_something(),
            average: rolling.mean(),
        };
    }
    let gain = rolling
        .mean_when_rays_hold()
        .map_or(0.0, |mean| mean - f64::from(held));
    if rolling.tanks_ahead == 0.0 && advised == Advised::Roll {
        return Reason::FreeRoll {
            held,
            dice: turn.dice_left(),
            gain,
        };
    }
    Reason::Risk {
        advice: advised,
        tanks_ahead: rolling.tanks_ahead,
        held,
        gain,
    }
}

/// One take open from the roll, and how the turn ends after it.
struct TakeOption {
    face: Face,
    count: u8,
    value: f64,
    aside: Dice,
    outlook: TurnOutlook,
}

fn take(
    request: &AdviceRequest<'_>,
    advice: &Advice,
    table: &TurnTable,
    roll: Dice,
) -> Option<Reason> {
    let turn: &Turn = request.turn;
    let aside = turn.aside();
    let mut options: Vec<TakeOption> = advice
        .options
        .iter()
        .filter_map(|o| match o.action {
            Action::Take(face) => {
                let after = after_take(aside, roll, face);
                Some(TakeOption {
                    face,
                    count: roll.count(face),
                    value: o.value,
                    aside: after,
                    outlook: table.outlook_after_take(after),
                })
            }
            _ => None,
        })
        .collect();
    let Action::Take(best_face) = advice.best else {
        return None;
    };
    // The best first (the advice's own choice among equals), then by merit.
    options.sort_by(|a, b| {
        (b.face == best_face)
            .cmp(&(a.face == best_face))
            .then(merit(advice.measure, b.value).total_cmp(&merit(advice.measure, a.value)))
    });
    let best = options.first()?;
    let Some(other) = options.get(1) else {
        return Some(Reason::OnlyChoice {
            face: best.face,
            count: best.count,
        });
    };
    if (best.value - other.value).abs() <= SAME {
        return Some(Reason::AsGood {
            face: best.face,
            other: other.face,
        });
    }
    let rules = request.rules;
    if rules.bonus() == martian_engine::BonusRule::OneOfEach
        && best.face.is_earthling()
        && earthling_types(aside) == 2
        && earthling_types(best.aside) == 3
    {
        return Some(Reason::Bonus {
            face: best.face,
            count: best.count,
        });
    }
    let (ahead, other_ahead) = (best.outlook.tanks_ahead, other.outlook.tanks_ahead);
    let reason = match (best.face, other.face) {
        (Face::DeathRay, _) if ahead < other_ahead - SAME => Reason::RaysForSafety {
            count: best.count,
            tanks_ahead: ahead,
            other: other.face,
            other_tanks_ahead: other_ahead,
        },
        (face, Face::DeathRay) if face.is_earthling() && ahead > other_ahead + SAME => {
            Reason::PointsOverSafety {
                face,
                count: best.count,
                tanks_ahead: ahead,
                rays_tanks_ahead: other_ahead,
            }
        }
        (face, other_face)
            if face.is_earthling() && other_face.is_earthling() && best.count > other.count =>
        {
            Reason::MorePoints {
                face,
                count: best.count,
                other: other_face,
                other_count: other.count,
            }
        }
        (face, other_face)
            if face.is_earthling() && other_face.is_earthling() && best.count < other.count =>
        {
            Reason::MoreDice {
                face,
                count: best.count,
                dice_left: rules.dice() - best.aside.total(),
                other: other_face,
                other_count: other.count,
                other_dice_left: rules.dice() - other.aside.total(),
            }
        }
        _ => Reason::Compare {
            face: best.face,
            count: best.count,
            tanks_ahead: ahead,
            average: best.outlook.mean(),
            other: other.face,
            other_count: other.count,
            other_tanks_ahead: other_ahead,
            other_average: other.outlook.mean(),
        },
    };
    Some(reason)
}

#[cfg(test)]
mod tests;
