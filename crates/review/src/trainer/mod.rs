//! The trainer: positions chosen for what they teach.
//!
//! Candidates come from a [`PositionSource`] — by default [`PlayedGames`], decisions met in
//! games played perfectly where the best option beats the second best by at least the margin
//! ([`Trainer::margin`]: 2 percentage points of the chance to win by default, 0.1 turns solo).
//! Each candidate knows what it teaches (its [`Lesson`]: the kind of decision and the part of the
//! difference that decides it, as the coach names it) and what a rule of thumb ([`Thumb`]) would
//! do there.
//!
//! The trainer serves a mix that no simple way of answering gets right: in every block of four
//! positions a choice of type and a stop-or-roll decision each twice, the rule of thumb right in
//! one of each pair and wrong in the other; among stop-or-roll positions as many where stopping
//! is best as where rolling is, among takes as many where the death rays are best as where an
//! earthling type is; every third position near the end of the game (a player within reach of
//! the target, or the final round) when there is one. The kinds a player gets wrong come back:
//! two positions after a wrong answer a position of the same kind, and the kinds the stored
//! progress ([`Progress`]) finds weak every fourth position. Positions are never repeated, and
//! the same seed (and the same answers) give the same positions.

mod lesson;
mod progress;
mod source;

pub use lesson::{Lesson, decision_word};
pub use progress::{LessonRecord, Progress, SessionRecord, Trend};
pub use source::{PlayedGames, PositionSource};

use std::collections::VecDeque;

use martian_engine::{Action, Face, GameRng, Points, Rules, Turn, TurnPhase, seeded_rng};
use martian_solver::{DecisionKind, Reason};
use rand::RngExt;
use serde::Serialize;

use crate::measure::Measure;
use crate::review::StopReason;
use crate::valuer::{OptionValue, Position};

/// A kind of position to train on alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// Tanks set aside, and the death rays set aside no more than one away from them.
    TanksCloseToRays,
    /// A seat has reached the target: the last turns of the game (complete-round rule, two
    /// players or more).
    FinalRound,
    /// The earthling bonus is one type away: two of the three types set aside (under the
    /// any-earthling reading: no earthling set aside yet).
    BonusHunting,
    /// Near the end: a player within [`Theme::NEAR`] points of the target, or past it.
    NearTarget,
}

impl Theme {
    pub const ALL: [Theme; 4] = [
        Theme::TanksCloseToRays,
        Theme::FinalRound,
        Theme::BonusHunting,
        Theme::NearTarget,
    ];

    /// How close to the target a player must be for [`Theme::NearTarget`].
    pub const NEAR: Points = 6;

    /// The stable name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::TanksCloseToRays => "tanks-close-to-rays",
            Theme::FinalRound => "final-round",
            Theme::BonusHunting => "bonus-hunting",
            Theme::NearTarget => "near-target",
        }
    }

    /// Whether the decision `turn` awaits in `position` belongs to this theme.
    pub fn matches(self, rules: Rules, position: Position<'_>, turn: &Turn) -> bool {
        let aside = turn.aside();
        match self {
            Theme::TanksCloseToRays => {
                let tanks = aside.count(Face::Tank);
                tanks > 0 && tanks.abs_diff(aside.count(Face::DeathRay)) <= 1
            }
            Theme::FinalRound => position.final_round,
            Theme::BonusHunting => {
                let types = Face::EARTHLINGS
                    .iter()
                    .filter(|&&f| aside.count(f) > 0)
                    .count();
                match rules.bonus() {
                    martian_engine::BonusRule::OneOfEach => types == 2,
                    martian_engine::BonusRule::AnyEarthling => types == 0,
                }
            }
            Theme::NearTarget => {
                position.final_round
                    || position
                        .scores
                        .iter()
                        .any(|&s| s + Theme::NEAR >= rules.target())
            }
        }
    }
}

/// The rule of thumb a position is set against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Thumb {
    /// Take the type with the most dice in the roll (ties: death rays, then humans, cows,
    /// chickens).
    MostDice,
    /// Stop once what is set aside scores [`Thumb::ENOUGH`] points or more, roll again below.
    StopAtSix,
}

impl Thumb {
    /// The points from which [`Thumb::StopAtSix`] stops.
    pub const ENOUGH: Points = 6;

    /// The stable name used in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Thumb::MostDice => "most-dice",
            Thumb::StopAtSix => "stop-at-six",
        }
    }

    /// The rule for the decision `turn` awaits, and its choice; `None` when it awaits none.
    pub fn choose(turn: &Turn) -> Option<(Thumb, Action)> {
        match turn.phase() {
            TurnPhase::Choosing { roll } => {
                let mut best: Option<Face> = None;
                for face in turn.legal_takes().iter() {
                    if best.is_none_or(|b| roll.count(face) > roll.count(b)) {
                        best = Some(face);
                    }
                }
                best.map(|face| (Thumb::MostDice, Action::Take(face)))
            }
            TurnPhase::Deciding => {
                let action = if turn.score() >= Thumb::ENOUGH {
                    Action::Stop
                } else {
                    Action::Roll
                };
                Some((Thumb::StopAtSix, action))
            }
            TurnPhase::ToRoll | TurnPhase::Over(_) => None,
        }
    }
}

/// The player counts of the games positions come from: 1 to 4 (the games solved exactly),
/// one or several (a game of each in turn). Solo play is not mixed with games of players, whose
/// values are chances to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayerCounts {
    /// Bit `n` for `n` players.
    bits: u8,
}

impl PlayerCounts {
    /// Games of `n` players only.
    pub const fn only(n: usize) -> PlayerCounts {
        PlayerCounts {
            bits: if n < 8 { 1 << n } else { 0 },
        }
    }

    /// Games of each of `counts`.
    pub fn of(counts: &[usize]) -> PlayerCounts {
        PlayerCounts {
            bits: counts
                .iter()
                .fold(0, |bits, &n| bits | if n < 8 { 1u8 << n } else { 1 << 7 }),
        }
    }

    /// The counts, smallest first.
    pub fn counts(self) -> Vec<usize> {
        (0..8).filter(|&n| self.bits & (1 << n) != 0).collect()
    }

    fn check(self) -> Result<(), TrainerError> {
        let counts = self.counts();
        if let Some(&bad) = counts.iter().find(|&&n| !(1..=4).contains(&n)) {
            return Err(TrainerError::Players(bad));
        }
        if counts.is_empty() {
            return Err(TrainerError::Players(0));
        }
        if counts.len() > 1 && counts.contains(&1) {
            return Err(TrainerError::SoloMixed);
        }
        Ok(())
    }
}

/// Whether a position is a choice of type or stop or roll, as JSON names it: `take`,
/// `stop_or_roll`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Take,
    StopOrRoll,
}

/// A position served by the trainer.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainingPosition {
    pub rules: Rules,
    /// Banked totals in seat order.
    pub scores: Vec<Points>,
    /// The seat to play.
    pub seat: usize,
    pub round: u32,
    /// Whether a seat has reached the target.
    pub final_round: bool,
    /// The turn so far: with `scores` and `seat`, the position as `advise` takes it.
    pub transcript: String,
    pub turn: Turn,
    pub measure: Measure,
    pub options: Vec<OptionValue>,
    pub best: Action,
    /// How much better the best option is than the second best.
    pub margin: f64,
    pub thumb: Thumb,
    /// The option the rule of thumb picks.
    pub thumb_choice: Action,
    /// Every theme the position belongs to.
    pub themes: Vec<Theme>,
    /// What the position teaches.
    pub lesson: Lesson,
    /// The coach's reason: the best option against the next best.
    pub reason: Reason,
}

impl TrainingPosition {
    /// How much worse `action` is than the best option (`None` if it is not an option).
    pub fn loss(&self, action: Action) -> Option<f64> {
        let best = self.options.iter().find(|o| o.action == self.best)?.value;
        let value = self.options.iter().find(|o| o.action == action)?.value;
        Some(if action == self.best {
            0.0
        } else {
            self.measure.loss(best, value)
        })
    }

    pub fn kind(&self) -> Kind {
        match self.lesson.decision {
            DecisionKind::Take => Kind::Take,
            DecisionKind::StopOrRoll => Kind::StopOrRoll,
        }
    }

    /// Whether the rule of thumb picks the best option here.
    pub fn thumb_right(&self) -> bool {
        self.thumb_choice == self.best
    }

    /// The dice left to roll: after the take for a choice of type (the dice not taken), now
    /// for stop or roll.
    pub fn dice_left(&self) -> u8 {
        self.turn.dice_left()
    }

    /// Whether the position is near the end of the game (see [`Theme::NearTarget`]).
    pub fn near_the_end(&self) -> bool {
        self.themes.contains(&Theme::NearTarget)
    }

    /// The coach's reason for an answer: why the best beats `action` (why it is best, against
    /// the next best, when `action` is the best) — the advisor's own words' figures.
    pub fn reason_for(&self, action: Action) -> Option<Reason> {
        if action == self.best {
            return Some(self.reason.clone());
        }
        martian_solver::advise_against(
            martian_solver::AdviceRequest {
                rules: self.rules,
                scores: Some(&self.scores),
                seat: self.seat,
                turn: &self.turn,
            },
            action,
        )
        .ok()?
        .1
    }
}

/// Why a trainer cannot be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TrainerError {
    #[error("the trainer plays games of 1 to 4 players (solved exactly), not {0}")]
    Players(usize),
    /// Four players beyond the four-player solve's limit (the trainer takes exact games only).
    #[error("{0}")]
    Beyond(martian_engine::SolveLimit),
    #[error(
        "solo positions (counted in turns) cannot be mixed with games of players (in chances to win)"
    )]
    SoloMixed,
    #[error("no position of the theme {} occurs in games of these players under these rules", .theme.name())]
    ThemeNeverOccurs { theme: Theme, players: usize },
    #[error("the margin must be a positive number, not {0}")]
    Margin(f64),
    #[error("{0}")]
    Solver(StopReason),
}

/// What a trainer serves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainerConfig {
    pub rules: Rules,
    /// The games the positions come from.
    pub players: PlayerCounts,
    pub theme: Option<Theme>,
    /// The least margin of the best option over the second best; `None`: the default of the
    /// measure ([`Trainer::default_margin`]).
    pub margin: Option<f64>,
    pub seed: u64,
}

impl TrainerConfig {
    /// Duel positions of any theme under the official rules.
    pub fn new(seed: u64) -> TrainerConfig {
        TrainerConfig {
            rules: Rules::official(),
            players: PlayerCounts::only(2),
            theme: None,
            margin: None,
            seed,
        }
    }
}

/// Candidates kept waiting at most: beyond, a position is served from what is there.
const POOL: usize = 600;

/// Positions served before a wrong answer's kind comes back.
const AGAIN_AFTER: usize = 2;

/// What a position should be, in order of importance: the kind of decision, whether the rule of
/// thumb is right, the class of the best option (to balance), near the end.
#[derive(Clone, Copy, Debug)]
enum Slot {
    /// A position of this kind, brought back.
    Again(Lesson),
    Mix {
        decision: DecisionKind,
        thumb_right: bool,
        /// For stop or roll, whether stopping should be best; for a take, whether the death rays
        /// should be.
        first_class: bool,
        near_the_end: bool,
    },
}

/// How many positions of each class were served, to balance them.
#[derive(Clone, Copy, Debug, Default)]
struct Served {
    stop_best: usize,
    roll_best: usize,
    rays_best: usize,
    earthling_best: usize,
}

/// Serves positions one after the other (see the module documentation).
pub struct Trainer {
    config: TrainerConfig,
    margin: f64,
    measure: Measure,
    source: Box<dyn PositionSource>,
    exhausted: bool,
    pool: Vec<TrainingPosition>,
    rng: GameRng,
    block: Vec<(DecisionKind, bool)>,
    served: usize,
    classes: Served,
    /// Kinds answered wrong, each with the position number from which it is due again.
    again: VecDeque<(usize, Lesson)>,
    /// Kinds the stored progress finds weak, weakest first.
    weak: VecDeque<Lesson>,
}

impl std::fmt::Debug for Trainer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Trainer")
            .field("config", &self.config)
            .field("served", &self.served)
            .field("pool", &self.pool.len())
            .finish_non_exhaustive()
    }
}

impl Trainer {
    /// The default margin: 2 percentage points of win probability, or 0.1 turns solo.
    pub fn default_margin(measure: Measure) -> f64 {
        match measure {
            Measure::WinProbability => 0.02,
            Measure::ExpectedTurns => 0.1,
        }
    }

    /// The trainer of `config`, its positions from games played perfectly ([`PlayedGames`]).
    pub fn new(config: TrainerConfig) -> Result<Trainer, TrainerError> {
        config.players.check()?;
        let counts = config.players.counts();
        if counts.contains(&4) {
            martian_engine::SolvedGame::Quad
                .check(config.rules)
                .map_err(TrainerError::Beyond)?;
        }
        if let Some(theme) = config.theme
            && !source::theme_occurs(theme, config.rules, config.players)
        {
            return Err(TrainerError::ThemeNeverOccurs {
                theme,
                players: counts[0],
            });
        }
        let measure = if counts == [1] {
            Measure::ExpectedTurns
        } else {
            Measure::WinProbability
        };
        let margin = Trainer::check_margin(config, measure)?;
        let source = PlayedGames::new(
            config.rules,
            config.players,
            config.theme,
            margin,
            config.seed,
        )?;
        Ok(Trainer::with_source(config, margin, Box::new(source)))
    }

    fn check_margin(config: TrainerConfig, measure: Measure) -> Result<f64, TrainerError> {
        let margin = config
            .margin
            .unwrap_or_else(|| Trainer::default_margin(measure));
        if !(margin.is_finite() && margin > 0.0) {
            return Err(TrainerError::Margin(margin));
        }
        Ok(margin)
    }

    /// A trainer choosing among the candidates of `source` (whose positions should meet
    /// `margin`), with the mix and the spaced repetition of [`Trainer::new`]'s.
    pub fn with_source(
        config: TrainerConfig,
        margin: f64,
        source: Box<dyn PositionSource>,
    ) -> Trainer {
        Trainer {
            config,
            margin,
            measure: source.measure(),
            source,
            exhausted: false,
            pool: Vec::new(),
            // Apart from the dice's generator, so that the mix does not change the games.
            rng: seeded_rng(config.seed ^ 0x7261_696e_6572),
            block: Vec::new(),
            served: 0,
            classes: Served::default(),
            again: VecDeque::new(),
            weak: VecDeque::new(),
        }
    }

    pub fn config(&self) -> TrainerConfig {
        self.config
    }

    /// The least margin of the positions served.
    pub fn margin(&self) -> f64 {
        self.margin
    }

    pub fn measure(&self) -> Measure {
        self.measure
    }

    /// Kinds of positions to bring back (the weak ones of the stored progress), weakest first:
    /// one every fourth position.
    pub fn bring_back(&mut self, lessons: impl IntoIterator<Item = Lesson>) {
        self.weak.extend(lessons);
    }

    /// Tells the trainer how `position` was answered: a kind answered wrong comes back.
    pub fn answered(&mut self, position: &TrainingPosition, action: Action) {
        if action != position.best && !self.again.iter().any(|&(_, l)| l == position.lesson) {
            self.again
                .push_back((self.served + AGAIN_AFTER, position.lesson));
        }
    }

    /// The next position; `None` if none was found in a long search (a theme that is rare under
    /// the rules chosen, or a margin too wide).
    pub fn next_position(&mut self) -> Option<TrainingPosition> {
        let slot = self.slot();
        let levels = match slot {
            Slot::Again(_) => 3,
            Slot::Mix { .. } => 5,
        };
        // Candidates are drawn until one fits the slot wholly (or there are enough to choose
        // from); then the one that fits it best is served.
        loop {
            let fits = self.pool.iter().any(|c| fit(slot, c) == 0);
            if fits || self.exhausted || self.pool.len() >= POOL {
                break;
            }
            match self.source.next_candidate() {
                Some(candidate) => self.pool.push(candidate),
                None => self.exhausted = true,
            }
        }
        let at =
            (0..levels).find_map(|level| self.pool.iter().position(|c| fit(slot, c) <= level))?;
        let position = self.pool.remove(at);
        self.count(&position);
        Some(position)
    }

    /// What the next position should be.
    fn slot(&mut self) -> Slot {
        let number = self.served;
        if let Some(&(due, lesson)) = self.again.front()
            && due <= number
        {
            self.again.pop_front();
            return Slot::Again(lesson);
        }
        if number % 4 == 3
            && let Some(lesson) = self.weak.pop_front()
        {
            return Slot::Again(lesson);
        }
        if self.block.is_empty() {
            // A choice of type and stop or roll, the rule of thumb right and wrong: each once in
            // every four positions, in an order drawn at random.
            let mut block = vec![
                (DecisionKind::Take, true),
                (DecisionKind::Take, false),
                (DecisionKind::StopOrRoll, true),
                (DecisionKind::StopOrRoll, false),
            ];
            for i in (1..block.len()).rev() {
                let j = self.rng.random_range(0..=i);
                block.swap(i, j);
            }
            self.block = block;
        }
        let (decision, thumb_right) = self.block.pop().expect("refilled above");
        let c = self.classes;
        let first_class = match decision {
            DecisionKind::StopOrRoll => c.stop_best <= c.roll_best,
            DecisionKind::Take => c.rays_best <= c.earthling_best,
        };
        Slot::Mix {
            decision,
            thumb_right,
            first_class,
            near_the_end: number % 3 == 2,
        }
    }

    fn count(&mut self, position: &TrainingPosition) {
        self.served += 1;
        let c = &mut self.classes;
        match (position.lesson.decision, position.best) {
            (DecisionKind::StopOrRoll, Action::Stop) => c.stop_best += 1,
            (DecisionKind::StopOrRoll, _) => c.roll_best += 1,
            (DecisionKind::Take, Action::Take(Face::DeathRay)) => c.rays_best += 1,
            (DecisionKind::Take, _) => c.earthling_best += 1,
        }
    }
}

/// How far a candidate is from a slot: 0 fits it wholly; each level forgoes one more wish, the
/// least important first (near the end, the balance of best options, the rule of thumb, the
/// kind of decision; for a kind brought back, the part that decides it, then its decision).
fn fit(slot: Slot, candidate: &TrainingPosition) -> usize {
    match slot {
        Slot::Again(lesson) => {
            if candidate.lesson == lesson {
                0
            } else if candidate.lesson.decision == lesson.decision {
                1
            } else {
                2
            }
        }
        Slot::Mix {
            decision,
            thumb_right,
            first_class,
            near_the_end,
        } => {
            let class = match decision {
                DecisionKind::StopOrRoll => candidate.best == Action::Stop,
                DecisionKind::Take => candidate.best == Action::Take(Face::DeathRay),
            };
            let wishes = [
                candidate.lesson.decision == decision,
                candidate.thumb_right() == thumb_right,
                class == first_class,
                !near_the_end || candidate.near_the_end(),
            ];
            // The first wish not met decides how far: the least important ones go first.
            wishes
                .iter()
                .position(|&met| !met)
                .map_or(0, |first| wishes.len() - first)
        }
    }
}
