//! The Martian Dice terminal game: a setup screen, the table with dice, scores, a log and a
//! coach, bots playing at a readable pace, the roll-off, and a replay viewer for game records.
//!
//! The application is a pure state machine ([`App`]: `handle(event)` and `draw(frame)`) with the
//! clock, the dice generator's entropy, the bots and the advisor injected, so that it is tested
//! with ratatui's `TestBackend` and scripted keys. [`play`] and [`replay`] run it full screen.

mod app;
mod card;
mod coach;
mod game_review;
pub mod messages;
mod prepare;
pub mod progress;
pub mod remember;
mod replay;
mod session;
mod setup;
mod terminal;
mod theme;
mod trainer;
mod ui;
mod work;

use std::hash::{BuildHasher, RandomState};

pub use app::{App, Effect, Event};
pub use card::{CardAdvice, CardName, CoachCard};
pub use coach::{Advice, Advisor, MAX_DUEL_TARGET, Measure, Review, SolverAdvisor};
pub use martian_i18n::Lang;
pub use messages::{KeyAction, Keys};
pub use replay::Timeline;
pub use session::{BotFactory, BuiltinBots, Session};
pub use setup::{CoachMode, GameSetup, Mode, Order, PACES_MS, SeatKind, SeatSpec, TRAIN_THEMES};
pub use terminal::{restore_terminal, run};
pub use theme::Theme;
pub use trainer::{Stage, TrainerSession};
pub use ui::{MIN_HEIGHT, MIN_WIDTH};
pub use work::Pace;

/// The setup a new game opens with: you against the medium bot, official rules, in `lang`.
pub fn default_setup(lang: Lang) -> GameSetup {
    GameSetup::default_for(&BuiltinBots.names(), lang)
}

/// The setup remembered from the last game started full screen (see [`remember`]); nothing when
/// there is none or it cannot be read.
pub fn remembered() -> remember::Remembered {
    remember::default_path()
        .map(|path| remember::Remembered::load(&path, &BuiltinBots.names()))
        .unwrap_or_default()
}

/// The advisor behind the coach, when one is built in.
fn advisor() -> Option<Box<dyn Advisor>> {
    Some(Box::new(SolverAdvisor::new()))
}

/// A fresh seed for games that were not given one: the process's random hashing keys.
fn entropy() -> u64 {
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// Plays full screen, opening on the setup screen filled with `setup` (in its language); with
/// `record`, the game record is kept in that file, written after every turn; with `card`, the
/// coach quotes that strategy card from the start (the card key goes through the others). The
/// setup of each game started is remembered for the next run (see [`remembered`]).
pub fn play(
    setup: GameSetup,
    record: Option<String>,
    card: Option<CoachCard>,
) -> std::io::Result<()> {
    let mut app = App::new(
        setup,
        Box::new(BuiltinBots),
        advisor(),
        entropy(),
        Theme::from_env(),
    )
    .remembering()
    .with_trainer_progress(
        progress::default_path()
            .map(|path| progress::load(&path))
            .unwrap_or_default(),
    );
    if let Some(path) = record {
        app = app.with_record_path(path);
    }
    if let Some(card) = card {
        app = app.with_coach_card(card);
    }
    terminal::run(app)
}

/// Opens a checked record (see [`Timeline::new`]) full screen, in `lang`, to step through it.
pub fn replay(timeline: Timeline, lang: Lang) -> std::io::Result<()> {
    terminal::run(App::replay(timeline, advisor(), Theme::from_env(), lang))
}
