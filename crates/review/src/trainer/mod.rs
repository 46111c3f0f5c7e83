//! The trainer's positions: decisions met in solved play where one option is clearly best and a
//! simple rule of thumb gets it wrong.
//!
//! Games are played between players who always take the solver's best option (the same choice
//! as `advise` and the `optimal` bot), with dice from a seeded generator. A decision of theirs
//! is served when
//! - it has at least two options, and the best beats the second best by at least the margin
//!   ([`Trainer::margin`]: 2 percentage points of win probability by default, 0.1 turns solo);
//! - the rule of thumb for that kind of decision chooses another option ([`Thumb`]);
//! - it belongs to the theme asked for, if any ([`Theme`]);
//! - no position was served from the same turn, and the same position was not served before.

use std::collections::HashSet;

use martian_engine::{
    Action, Awaiting, Face, Game, GameRng, Points, RecordError, Rules, Transcript, Turn, TurnPhase,
    seeded_rng,
};
use serde::Serialize;

use crate::measure::Measure;
use crate::review::StopReason;
use crate::valuer::{OptionValue, Options, Position, Valuer};

/// A kind of position to train on.
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
}

impl Theme {
    pub const ALL: [Theme; 3] = [
        Theme::TanksCloseToRays,
        Theme::FinalRound,
        Theme::BonusHunting,
    ];

    /// The stable name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::TanksCloseToRays => "tanks-close-to-rays",
            Theme::FinalRound => "final-round",
            Theme::BonusHunting => "bonus-hunting",
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
        }
    }
}

/// The rule of thumb a position must defeat.
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

/// A position served by the trainer.
#[derive(Clone, Debug, PartialEq, Serialize)]
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
    #[serde(skip)]
    pub turn: Turn,
    pub measure: Measure,
    pub options: Vec<OptionValue>,
    #[serde(serialize_with = "crate::serialize_action")]
    pub best: Action,
    /// How much better the best option is than the second best.
    pub margin: f64,
    pub thumb: Thumb,
    #[serde(serialize_with = "crate::serialize_action")]
    pub thumb_choice: Action,
    /// Every theme the position belongs to.
    pub themes: Vec<Theme>,
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
}

/// Why a trainer cannot be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TrainerError {
    #[error("the trainer plays games of 1 to 3 players (solved exactly), not {0}")]
    Players(usize),
    #[error("no position of the theme {} occurs in {players}-player games under these rules", .theme.name())]
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
    /// 1 to 3: the games the positions come from.
    pub players: usize,
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
            players: 2,
            theme: None,
            margin: None,
            seed,
        }
    }
}

/// Decisions played through before the search gives up on finding another position.
const SEARCH_LIMIT: u64 = 2_000_000;

/// Serves positions one after the other (see the module documentation).
#[derive(Debug)]
pub struct Trainer {
    config: TrainerConfig,
    margin: f64,
    valuer: Valuer,
    rng: GameRng,
    game: Game,
    /// The number of finished turns when the last position was served.
    served_turn: Option<(u64, u32, usize)>,
    games: u64,
    served: HashSet<(Vec<Points>, usize, String)>,
}

impl Trainer {
    /// The default margin: 2 percentage points of win probability, or 0.1 turns solo.
    pub fn default_margin(measure: Measure) -> f64 {
        match measure {
            Measure::WinProbability => 0.02,
            Measure::ExpectedTurns => 0.1,
        }
    }

    pub fn new(config: TrainerConfig) -> Result<Trainer, TrainerError> {
        let players = config.players;
        if !(1..=3).contains(&players) {
            return Err(TrainerError::Players(players));
        }
        if config.theme == Some(Theme::FinalRound)
            && (players == 1 || config.rules.end() == martian_engine::EndRule::Immediate)
        {
            return Err(TrainerError::ThemeNeverOccurs {
                theme: Theme::FinalRound,
                players,
            });
        }
        let valuer = Valuer::new(config.rules, players).map_err(TrainerError::Solver)?;
        let margin = config
            .margin
            .unwrap_or_else(|| Trainer::default_margin(valuer.measure()));
        if !(margin.is_finite() && margin > 0.0) {
            return Err(TrainerError::Margin(margin));
        }
        let game = Game::new(config.rules, players)
            .map_err(|e| TrainerError::Solver(StopReason::Record(RecordError::Game(e))))?
            .without_history();
        Ok(Trainer {
            config,
            margin,
            valuer,
            rng: seeded_rng(config.seed),
            game,
            served_turn: None,
            games: 0,
            served: HashSet::new(),
        })
    }

    pub fn config(&self) -> TrainerConfig {
        self.config
    }

    /// The least margin of the positions served.
    pub fn margin(&self) -> f64 {
        self.margin
    }

    pub fn measure(&self) -> Measure {
        self.valuer.measure()
    }

    /// The next position; `None` if none was found in a long search (a theme that is rare under
    /// the rules chosen, or a margin too wide).
    pub fn next_position(&mut self) -> Option<TrainingPosition> {
        for _ in 0..SEARCH_LIMIT {
            match self.game.awaiting() {
                Awaiting::Nothing => {
                    self.games += 1;
                    self.game = Game::new(self.config.rules, self.config.players)
                        .expect("the player count was checked")
                        .without_history();
                }
                Awaiting::TurnRoll { .. } | Awaiting::RollOffRoll { .. } => {
                    self.game.roll(&mut self.rng).ok()?;
                }
                Awaiting::Decision { .. } => {
                    let (candidate, best) = self.decide()?;
                    self.game.play(best).ok()?;
                    if let Some(position) = candidate {
                        return Some(position);
                    }
                }
            }
        }
        None
    }

    /// Values the decision the game awaits: the position if it is one to serve, and the best
    /// option (which the players then play).
    fn decide(&mut self) -> Option<(Option<TrainingPosition>, Action)> {
        let game = &self.game;
        let scores = game.scores().to_vec();
        let position = Position {
            scores: &scores,
            seat: game.seat(),
            final_round: game.triggered_by().is_some(),
        };
        let turn = *game.turn();
        let table = self.valuer.table(position).ok()?;
        let options = self.valuer.options(position, table, &turn).ok()?;
        let best = options.best;
        // One position per turn at most: the turn is told by the game count and turns banked.
        let turn_id = (self.games, game.round(), game.seat());
        if self.served_turn == Some(turn_id) {
            return Some((None, best));
        }
        let candidate = self.candidate(position, &turn, options);
        if let Some(served) = &candidate {
            let key = (
                served.scores.clone(),
                served.seat,
                served.transcript.clone(),
            );
            if !self.served.insert(key) {
                return Some((None, best));
            }
            self.served_turn = Some(turn_id);
        }
        Some((candidate, best))
    }

    fn candidate(
        &self,
        position: Position<'_>,
        turn: &Turn,
        options: Options,
    ) -> Option<TrainingPosition> {
        let measure = self.valuer.measure();
        let rules = self.config.rules;
        if options.options.len() < 2 {
            return None;
        }
        let best_value = options.value_of(options.best)?;
        let margin = options
            .options
            .iter()
            .filter(|o| o.action != options.best)
            .map(|o| measure.loss(best_value, o.value))
            .fold(f64::INFINITY, f64::min);
        if margin < self.margin {
            return None;
        }
        let (thumb, thumb_choice) = Thumb::choose(turn)?;
        if thumb_choice == options.best {
            return None;
        }
        let themes: Vec<Theme> = Theme::ALL
            .into_iter()
            .filter(|t| t.matches(rules, position, turn))
            .collect();
        if self.config.theme.is_some_and(|t| !themes.contains(&t)) {
            return None;
        }
        let game = &self.game;
        Some(TrainingPosition {
            rules,
            scores: position.scores.to_vec(),
            seat: position.seat,
            round: game.round(),
            final_round: position.final_round,
            transcript: Transcript::from_log_steps(game.turn_steps()).to_string(),
            turn: *turn,
            measure,
            options: options.options,
            best: options.best,
            margin,
            thumb,
            thumb_choice,
            themes,
        })
    }
}
