//! A game being played at the screen: the engine's `Game`, who sits where, the dice generator,
//! and the bots. Every move goes through the engine.

use std::sync::{Arc, Barrier};
use std::time::Duration;

use martian_bots::{BotError, Strategy};
use martian_engine::{
    Action, Awaiting, Face, Game, GameError, GameRecord, GameRng, PlayerInfo, Rules, TurnPhase,
    seeded_rng,
};
use martian_i18n::Lang;
use rand::RngExt;

use crate::coach::{Advice, Advisor, Review};
use crate::game_review::GameReview;
use crate::messages as msg;
use crate::prepare::{Preparation, Status};
use crate::setup::{CoachMode, GameSetup, Order, SeatKind};
use crate::work::Pace;

/// Makes bots from their names: the built-in bots, or a stand-in in tests.
pub trait BotFactory {
    /// The names a seat may choose, weakest first.
    fn names(&self) -> Vec<String>;
    fn create(&self, name: &str, rules: Rules) -> Result<Box<dyn Strategy>, BotError>;
    /// What the bot does, in a line, for the setup screen.
    fn summary(&self, name: &str) -> Option<String> {
        let _ = name;
        None
    }
}

/// The bots of `martian-bots`.
#[derive(Clone, Copy, Debug, Default)]
pub struct BuiltinBots;

impl BotFactory for BuiltinBots {
    fn names(&self) -> Vec<String> {
        martian_bots::names()
            .iter()
            .map(|name| name.to_string())
            .collect()
    }
    fn create(&self, name: &str, rules: Rules) -> Result<Box<dyn Strategy>, BotError> {
        martian_bots::create(name, rules)
    }
    fn summary(&self, name: &str) -> Option<String> {
        martian_bots::catalogue()
            .iter()
            .find(|info| info.name == name)
            .map(|info| info.summary.to_string())
    }
}

/// Why a game could not start. The player reads it worded by [`msg::start_failed`].
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The engine refused the seats.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A bot seat's bot could not be made.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// A bot seat's bot plays by exact solutions beyond the solvers' limits under these rules.
    #[error(transparent)]
    Limit(#[from] martian_engine::SolveLimit),
}

/// Why a person's roll or decision was refused: nothing changed. The player reads it worded by
/// [`msg::move_refused`].
#[derive(Debug, thiserror::Error)]
pub enum MoveRefused {
    /// The move is not one of the choices now.
    #[error("the move is not allowed now: {0:?}")]
    Illegal(Illegal),
    /// The engine refused it.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// Why a move is not one of the choices now, for a hint at what is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// This face was taken earlier in the turn.
    TakenAlready(Face),
    /// No die of this face was rolled (or it is the tanks, never taken).
    NoneRolled(Face),
    /// A type must be chosen before anything else.
    ChooseFirst,
    /// Only stopping or rolling again is possible.
    StopOrRoll,
    /// Nothing may be decided now.
    NotNow,
}

/// A bot failed: the game cannot go on. The player reads it worded by [`msg::bot_stuck`].
#[derive(Debug)]
pub struct BotStuck {
    pub seat: usize,
    pub cause: BotFault,
}

/// What went wrong with a bot.
#[derive(Debug, thiserror::Error)]
pub enum BotFault {
    /// The bot could not decide (what it says of itself stays in its own words).
    #[error(transparent)]
    Bot(BotError),
    /// The engine refused its move or its roll.
    #[error(transparent)]
    Game(GameError),
}

/// A seat at the table.
pub struct Player {
    pub name: String,
    /// The bot's name, for a bot seat.
    pub bot_name: Option<String>,
    bot: Option<Box<dyn Strategy>>,
}

impl std::fmt::Debug for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Player")
            .field("name", &self.name)
            .field("bot_name", &self.bot_name)
            .finish()
    }
}

impl Player {
    pub fn is_bot(&self) -> bool {
        self.bot.is_some()
    }
}

/// How long the end of a turn stays on screen, at least, before a bot rolls the next one (a key
/// moves on at once): long enough to read what it scored.
pub const TURN_END_HOLD: Duration = Duration::from_secs(2);

/// Identifies a position of the game: finished turns and steps of the turn in progress.
pub type Position = (usize, usize);

/// The position of `game`.
pub fn position_of(game: &Game) -> Position {
    let roll_off_rolls = game
        .roll_off()
        .map_or(0, |r| r.rounds().iter().map(Vec::len).sum::<usize>());
    (
        game.history().len(),
        game.turn_steps().len() + roll_off_rolls,
    )
}

/// The seat that acts next, if any.
pub fn actor(game: &Game) -> Option<usize> {
    match game.awaiting() {
        Awaiting::TurnRoll { seat, .. }
        | Awaiting::Decision { seat }
        | Awaiting::RollOffRoll { seat, .. } => Some(seat),
        Awaiting::Nothing => None,
    }
}

/// A game in play.
#[derive(Debug)]
pub struct Session {
    pub game: Game,
    pub players: Vec<Player>,
    pub seed: u64,
    rng: GameRng,
    pub pace: Duration,
    /// When the next bot step is due, on the injected clock.
    next_step_at: Option<Duration>,
    pub coach_visible: bool,
    /// The coach's values for the current position, once asked for.
    pub advice: Option<(Position, Option<Advice>)>,
    /// What the last decision of a person cost, when the coach was looking.
    pub review: Option<Review>,
    /// A bot failed: the game cannot go on.
    pub stuck: Option<BotStuck>,
    /// The language of the texts the session words (names, refusals).
    pub lang: Lang,
    /// How many lines back the log is scrolled (0: it follows the game).
    pub log_scroll: usize,
    /// When the game was seen to be over, on the injected clock.
    pub over_at: Option<Duration>,
    /// Whether the end-of-game screen is shown (rather than the table); `None` until it comes
    /// up, a moment after the game's last turn, or at a key.
    pub results: Option<bool>,
    /// The game's review, once asked for at the end.
    pub game_review: Option<GameReview>,
    /// Whether the review screen is shown.
    pub review_shown: bool,
    /// The exact solutions this game reads (its bots, the coach), while or once they are
    /// prepared; `None` beyond the solvers' limits.
    pub tables: Option<Arc<Preparation>>,
    /// Whether a bot of this game plays by them: its moves then wait until they are ready,
    /// instead of the screen freezing while they are computed.
    pub bots_read_tables: bool,
}

impl Session {
    /// Seats the players (in the order the setup asks for), makes the bots and starts the game.
    pub fn start(
        setup: &GameSetup,
        rules: Rules,
        seed: u64,
        bots: &dyn BotFactory,
    ) -> Result<Session, StartError> {
        let mut rng = seeded_rng(seed);
        let mut seats = setup.seats.clone();
        match setup.order {
            Order::AsListed => {}
            Order::RandomFirst => {
                let first = rng.random_range(0..seats.len());
                seats.rotate_left(first);
            }
            Order::Shuffle => {
                for i in (1..seats.len()).rev() {
                    let j = rng.random_range(0..=i);
                    seats.swap(i, j);
                }
            }
        }
        let m = setup.lang.messages();
        let game = Game::new(rules, seats.len())?;
        for seat in &seats {
            if let SeatKind::Bot(name) = &seat.kind {
                martian_bots::check_limits(name, rules, seats.len())?;
            }
        }
        let mut players = Vec::with_capacity(seats.len());
        for seat in &seats {
            let player = match &seat.kind {
                SeatKind::Human => Player {
                    name: if seat.name.trim().is_empty() {
                        msg::default_player_name(m, players.len() + 1)
                    } else {
                        seat.name.trim().to_string()
                    },
                    bot_name: None,
                    bot: None,
                },
                SeatKind::Bot(name) => {
                    let same = seats.iter().filter(|s| s.kind == seat.kind).count();
                    let nth = (same > 1).then(|| {
                        1 + players
                            .iter()
                            .filter(|p: &&Player| p.bot_name.as_deref() == Some(name))
                            .count()
                    });
                    Player {
                        name: msg::bot_player_name(m, name, nth),
                        bot_name: Some(name.clone()),
                        bot: Some(bots.create(name, rules)?),
                    }
                }
            };
            players.push(player);
        }
        let bots_read_tables = players
            .iter()
            .any(|p| p.bot.as_ref().is_some_and(|bot| bot.reads_solutions()));
        Ok(Session {
            tables: crate::prepare::preparation(rules, players.len()),
            bots_read_tables,
            game,
            players,
            seed,
            rng,
            pace: Duration::from_millis(setup.pace_ms),
            next_step_at: None,
            coach_visible: setup.coach == CoachMode::Always,
            advice: None,
            review: None,
            stuck: None,
            lang: setup.lang,
            log_scroll: 0,
            over_at: None,
            results: None,
            game_review: None,
            review_shown: false,
        })
    }

    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }

    pub fn bot_names(&self) -> Vec<Option<String>> {
        self.players.iter().map(|p| p.bot_name.clone()).collect()
    }

    /// The seat that acts next, if it is a bot's.
    pub fn bot_to_act(&self) -> Option<usize> {
        actor(&self.game).filter(|&seat| self.players[seat].is_bot())
    }

    /// The seat that acts next, if it is a person's.
    pub fn human_to_act(&self) -> Option<usize> {
        actor(&self.game).filter(|&seat| !self.players[seat].is_bot())
    }

    /// Whether a turn has just ended and the next player has not rolled yet (the roll-off's
    /// start included): the end of that turn is on screen.
    pub fn turn_end_shown(&self) -> bool {
        let game = &self.game;
        match game.awaiting() {
            Awaiting::TurnRoll { .. } => game.turn_steps().is_empty() && !game.history().is_empty(),
            Awaiting::RollOffRoll { .. } => game
                .roll_off()
                .is_some_and(|r| r.rounds().iter().all(Vec::is_empty)),
            Awaiting::Decision { .. } | Awaiting::Nothing => false,
        }
    }

    /// Schedules the next bot step one pace from `now`, if a bot is to act; after the end of a
    /// turn, not before `TURN_END_HOLD`.
    pub fn schedule(&mut self, now: Duration) {
        let wait = if self.turn_end_shown() {
            self.pace.max(TURN_END_HOLD)
        } else {
            self.pace
        };
        self.next_step_at = self.bot_to_act().map(|_| now + wait);
    }

    /// Starts preparing the solutions the game's bots read, if they read any: on a thread
    /// (`Pace::Background`, after `gate` when given), or at once.
    pub fn prepare_tables(&self, pace: Pace, gate: Option<Arc<Barrier>>) {
        let Some(tables) = self.tables.as_ref().filter(|_| self.bots_read_tables) else {
            return;
        };
        match pace {
            Pace::Background => crate::prepare::start(tables, gate),
            Pace::AtOnce => tables.run(),
        }
    }

    /// What is being computed for this game and how far along, while it is (whoever started
    /// it: the bots' preparation or the coach).
    pub fn tables_status(&self) -> Option<Status> {
        self.tables.as_ref()?.status()
    }

    /// Whether the bots wait for the solutions they read.
    pub fn bots_wait(&self) -> bool {
        self.bots_read_tables && self.tables.as_ref().is_some_and(|t| !t.is_done())
    }

    /// Whether a bot step is due at `now`.
    pub fn bot_step_due(&self, now: Duration) -> bool {
        self.stuck.is_none() && !self.bots_wait() && self.next_step_at.is_some_and(|at| now >= at)
    }

    /// One step of the bot to act: a roll, or its decision.
    pub fn bot_step(&mut self) {
        let Some(seat) = self.bot_to_act() else {
            return;
        };
        if self.stuck.is_some() || self.bots_wait() {
            return;
        }
        let result = match self.game.awaiting() {
            Awaiting::Decision { .. } => {
                let situation = self.game.situation();
                let bot = self.players[seat].bot.as_mut().expect("a bot seat");
                match bot.decide(&situation, &mut self.rng) {
                    Ok(action) => self.game.play(action).map_err(BotFault::Game),
                    Err(e) => Err(BotFault::Bot(e)),
                }
            }
            _ => self
                .game
                .roll(&mut self.rng)
                .map(|_| ())
                .map_err(BotFault::Game),
        };
        if let Err(cause) = result {
            self.stuck = Some(BotStuck { seat, cause });
        }
    }

    /// Plays bots until a person is to act or the game is over.
    pub fn fast_forward(&mut self) {
        // A game ends in a bounded number of steps unless every bot stops at once forever with
        // nothing scored; the bound keeps the screen responsive even then.
        for _ in 0..10_000 {
            if self.bot_to_act().is_none() || self.stuck.is_some() || self.bots_wait() {
                break;
            }
            self.bot_step();
        }
    }

    /// The roll a person asked for (the start of a turn, rolling again, or the roll-off).
    pub fn human_roll(&mut self) -> Result<(), MoveRefused> {
        match self.game.awaiting() {
            Awaiting::Decision { .. } => {
                self.decide(Action::Roll)?;
            }
            Awaiting::TurnRoll { .. } | Awaiting::RollOffRoll { .. } => {}
            Awaiting::Nothing => return Err(GameError::Over.into()),
        }
        self.game.roll(&mut self.rng)?;
        Ok(())
    }

    /// A decision of the person to act; refused with the reason when it is not legal now.
    pub fn decide(&mut self, action: Action) -> Result<(), MoveRefused> {
        let turn = *self.game.turn();
        if !matches!(self.game.awaiting(), Awaiting::Decision { .. })
            || !turn.legal_actions().contains(action)
        {
            return Err(MoveRefused::Illegal(why_not(&turn, action)));
        }
        let review = self
            .advice
            .as_ref()
            .filter(|(at, _)| *at == position_of(&self.game))
            .and_then(|(_, advice)| advice.as_ref())
            .and_then(|advice| Review::of(advice, action));
        self.game.play(action)?;
        if review.is_some() {
            self.review = review;
        }
        Ok(())
    }

    /// Asks the advisor for the values of the current decision when the coach is looking and a
    /// person decides, once per position: values standing in while better ones are worked out
    /// stay for the whole decision (one decision, one measure).
    pub fn refresh_advice(&mut self, advisor: Option<&mut (dyn Advisor + '_)>) {
        let position = position_of(&self.game);
        let deciding = matches!(self.game.awaiting(), Awaiting::Decision { .. });
        if !self.coach_visible || !deciding || self.human_to_act().is_none() {
            return;
        }
        if self.advice.as_ref().is_some_and(|(at, _)| *at == position) {
            return;
        }
        let advice = advisor.and_then(|a| a.advise(&self.game.situation()));
        self.advice = Some((position, advice));
    }

    /// The advice for the current position, if it has been asked for.
    pub fn current_advice(&self) -> Option<&Option<Advice>> {
        self.advice
            .as_ref()
            .filter(|(at, _)| *at == position_of(&self.game))
            .map(|(_, advice)| advice)
    }

    /// The record of the game so far.
    pub fn record(&self) -> GameRecord {
        let players = self
            .players
            .iter()
            .map(|p| PlayerInfo {
                name: p.name.clone(),
                bot: p.bot_name.clone(),
            })
            .collect();
        GameRecord::of_game(&self.game, players, Some(self.seed))
    }
}

/// Why `action` is not legal in `turn`.
pub fn why_not(turn: &martian_engine::Turn, action: Action) -> Illegal {
    match (turn.phase(), action) {
        (TurnPhase::Choosing { roll }, Action::Take(face)) => {
            if face != Face::Tank && roll.count(face) > 0 {
                Illegal::TakenAlready(face)
            } else {
                Illegal::NoneRolled(face)
            }
        }
        (TurnPhase::Choosing { .. }, _) => Illegal::ChooseFirst,
        (TurnPhase::Deciding, _) => Illegal::StopOrRoll,
        _ => Illegal::NotNow,
    }
}
