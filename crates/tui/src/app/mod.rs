//! The application as a pure state machine: [`App::handle`] takes an event (a key, a tick of the
//! injected clock, the result of a save), [`App::draw`] draws the state. The terminal, the clock,
//! the file system and the entropy for unseeded games live outside (see `terminal.rs`).
//!
//! One file per screen's keys and drawing: `play.rs` the game, `replay.rs` the replay viewer
//! and the review screen's keys, `trainer.rs` the trainer.

mod play;
mod replay;
mod trainer;

use replay::{ReplayScreen, ReviewKey, review_key};

use std::sync::{Arc, Barrier};
use std::time::Duration;

use martian_engine::{Action, Awaiting, Face, GameRng, TurnPhase, seeded_rng};
use martian_i18n::{Lang, Messages};
use rand::RngExt;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::text::Line;

use crate::card::{CardAdvice, CoachCard};
use crate::coach::Advisor;
use crate::game_review::{GameReview, ReviewState};
use crate::messages::{
    self as msg, CHOOSE_KEYS, DECIDE_KEYS, END_KEYS, KeyAction, Keys, REPLAY_KEYS,
};
use crate::replay::Timeline;
use crate::session::{
    BotFactory, MoveRefused, Position, Session, TURN_END_HOLD, actor, position_of, why_not,
};
use crate::setup::{GameSetup, Mode, Setup, SetupError, SetupOutcome};
use crate::theme::Theme;
use crate::trainer::{Stage, TrainerSession};
use crate::ui::{self, CoachView, TableView};
use crate::work::Pace;

/// What happens to the application.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Key(KeyEvent),
    /// The injected clock: time since the application started.
    Tick(Duration),
    /// The terminal changed size (drawing adapts by itself).
    Resize(u16, u16),
    /// The outcome of an [`Effect::Save`]: the path written, or why it failed.
    Saved(Result<String, String>),
}

impl Event {
    /// A key press with no modifier, for scripts and tests.
    pub fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }
    pub fn char(ch: char) -> Event {
        Event::key(KeyCode::Char(ch))
    }
}

/// Something the application asks the outside world to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Write `contents` to the file at `path`, then report with [`Event::Saved`]. A file that
    /// exists is replaced only when `replace` (the record kept up to date during a game).
    Save {
        path: String,
        contents: String,
        replace: bool,
    },
    /// Remember this setup for the next run (see `remember.rs`); a failure is not reported.
    Remember(GameSetup),
    /// Keep the trainer's progress for the next run (see `progress.rs`); a failure is not
    /// reported.
    SaveProgress(Box<martian_review::Progress>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Overlay {
    None,
    Help,
    SetupHelp,
    ConfirmQuit,
    SaveAs(String),
}

#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
enum Screen {
    Setup(Setup),
    Play(Session),
    Replay(ReplayScreen),
    Trainer(TrainerSession),
}

/// The terminal game and the replay viewer.
pub struct App {
    screen: Screen,
    bots: Box<dyn BotFactory>,
    advisor: Option<Box<dyn Advisor>>,
    /// Seeds the games that were not given a seed.
    entropy: GameRng,
    theme: Theme,
    now: Duration,
    overlay: Overlay,
    message: Option<String>,
    effects: Vec<Effect>,
    quit: bool,
    last_setup: GameSetup,
    /// Where the record of the game in play is kept up to date, after every turn.
    record_path: Option<String>,
    /// Finished turns (and whether the game was over) when the record was last written.
    recorded: (usize, bool),
    /// Whether a game's start asks for its setup to be remembered.
    remember: bool,
    /// How slow work (reviews, trainer positions) is done.
    pace: Pace,
    /// The trainer's kind of position, kept for the setup screen after training.
    last_theme: Option<martian_review::Theme>,
    /// The trainer's progress kept between runs, when it is kept ([`App::with_trainer_progress`]).
    progress: Option<martian_review::Progress>,
    /// The strategy cards the coach can quote (the shipped ones, then the player's own), and
    /// the one it quotes, if any (kept from game to game).
    cards: Vec<CoachCard>,
    card: Option<usize>,
    /// The preparation of a game's tables waits here first (see [`App::with_tables_gate`]).
    tables_gate: Option<Arc<Barrier>>,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("screen", &self.screen)
            .field("overlay", &self.overlay)
            .field("message", &self.message)
            .finish_non_exhaustive()
    }
}

impl App {
    /// The game, opening on the setup screen filled with `setup`.
    pub fn new(
        setup: GameSetup,
        bots: Box<dyn BotFactory>,
        advisor: Option<Box<dyn Advisor>>,
        entropy: u64,
        theme: Theme,
    ) -> App {
        let form = Setup::new(setup.clone(), bots.names());
        App {
            screen: Screen::Setup(form),
            bots,
            advisor,
            entropy: seeded_rng(entropy),
            theme,
            now: Duration::ZERO,
            overlay: Overlay::None,
            message: None,
            effects: Vec::new(),
            quit: false,
            last_setup: setup,
            record_path: None,
            recorded: (0, false),
            remember: false,
            pace: Pace::Background,
            last_theme: None,
            progress: None,
            cards: CoachCard::shipped(),
            card: None,
            tables_gate: None,
        }
    }

    /// The preparation of each game's tables (on its thread) first waits at `gate`, a barrier
    /// of two, until its other party passes it too: a test sees the wait for certain, even when
    /// the tables would be ready at once.
    #[must_use]
    pub fn with_tables_gate(mut self, gate: Arc<Barrier>) -> App {
        self.tables_gate = Some(gate);
        self
    }

    /// The coach quotes `card` from the start: a shipped one, or the player's own, which is
    /// then offered after the shipped ones.
    #[must_use]
    pub fn with_coach_card(mut self, card: CoachCard) -> App {
        let at = match self.cards.iter().position(|c| c.name == card.name) {
            Some(at) => at,
            None => {
                self.cards.push(card);
                self.cards.len() - 1
            }
        };
        self.card = Some(at);
        self
    }

    /// The card the coach quotes, if any.
    pub fn coach_card(&self) -> Option<&CoachCard> {
        self.card.and_then(|i| self.cards.get(i))
    }

    /// Does slow work (a game's review, the trainer's positions) at once, before the key that
    /// asks for it returns, instead of on a thread: for tests and scripts, where a screen must
    /// not depend on a thread's timing.
    #[must_use]
    pub fn working_at_once(mut self) -> App {
        self.pace = Pace::AtOnce;
        if let Screen::Replay(replay) = &mut self.screen {
            replay.review = GameReview::start(replay.timeline.record.clone(), Pace::AtOnce);
        }
        self
    }

    /// Asks for the setup of every game started to be remembered ([`Effect::Remember`]).
    #[must_use]
    pub fn remembering(mut self) -> App {
        self.remember = true;
        self
    }

    /// Keeps the trainer's progress: the kinds a player gets wrong come back, the trend is
    /// shown, and every answer asks for it to be saved ([`Effect::SaveProgress`]).
    #[must_use]
    pub fn with_trainer_progress(mut self, progress: martian_review::Progress) -> App {
        self.progress = Some(progress);
        self
    }

    /// Keeps the record of the game at `path`, written after every turn and at the end.
    #[must_use]
    pub fn with_record_path(mut self, path: impl Into<String>) -> App {
        self.record_path = Some(path.into());
        self
    }

    /// The replay viewer for a checked record, in `lang`.
    pub fn replay(
        timeline: Timeline,
        advisor: Option<Box<dyn Advisor>>,
        theme: Theme,
        lang: Lang,
    ) -> App {
        let names = timeline
            .record
            .players
            .iter()
            .map(|p| martian_i18n::vocab::player_name(lang.messages(), &p.name))
            .collect();
        let review = GameReview::start(timeline.record.clone(), Pace::Background);
        App {
            screen: Screen::Replay(ReplayScreen {
                timeline,
                lang,
                names,
                coach_visible: false,
                advice: None,
                review,
                review_shown: false,
            }),
            bots: Box::new(NoBots),
            advisor,
            entropy: seeded_rng(0),
            theme,
            now: Duration::ZERO,
            overlay: Overlay::None,
            message: None,
            effects: Vec::new(),
            quit: false,
            last_setup: GameSetup::default_for(&[], lang),
            record_path: None,
            recorded: (0, false),
            remember: false,
            pace: Pace::Background,
            last_theme: None,
            progress: None,
            cards: Vec::new(),
            card: None,
            tables_gate: None,
        }
    }

    /// The language the screen is in: the setup's, switched on the setup screen.
    pub fn lang(&self) -> Lang {
        match &self.screen {
            Screen::Setup(form) => form.setup.lang,
            Screen::Play(session) => session.lang,
            Screen::Replay(replay) => replay.lang,
            Screen::Trainer(trainer) => trainer.lang,
        }
    }

    fn m(&self) -> &'static Messages {
        self.lang().messages()
    }

    /// Whether the application is done.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The effects asked for since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The game in play, if any.
    pub fn session(&self) -> Option<&Session> {
        match &self.screen {
            Screen::Play(session) => Some(session),
            _ => None,
        }
    }

    /// The replay being viewed, if any.
    pub fn timeline(&self) -> Option<&Timeline> {
        match &self.screen {
            Screen::Replay(replay) => Some(&replay.timeline),
            _ => None,
        }
    }

    /// The review of the game at the end or of the replay, once it is worked out.
    pub fn game_review(&self) -> Option<&martian_review::Review> {
        match &self.screen {
            Screen::Play(session) => session.game_review.as_ref()?.review(),
            Screen::Replay(replay) => replay.review.review(),
            _ => None,
        }
    }

    /// Whether the review screen is shown.
    pub fn reviewing(&self) -> bool {
        match &self.screen {
            Screen::Play(session) => session.review_shown,
            Screen::Replay(replay) => replay.review_shown,
            _ => false,
        }
    }

    /// The trainer, when it is on.
    pub fn trainer(&self) -> Option<&TrainerSession> {
        match &self.screen {
            Screen::Trainer(trainer) => Some(trainer),
            _ => None,
        }
    }

    pub fn handle(&mut self, event: Event) {
        self.dispatch(event);
        self.keep_record();
    }

    /// Asks for the record to be written when a turn has finished since it last was.
    fn keep_record(&mut self) {
        let (Some(path), Screen::Play(session)) = (&self.record_path, &self.screen) else {
            return;
        };
        let now = (session.game.history().len(), session.game.is_over());
        if now != self.recorded {
            self.recorded = now;
            self.effects.push(Effect::Save {
                path: path.clone(),
                contents: session.record().to_json(),
                replace: true,
            });
        }
    }

    fn dispatch(&mut self, event: Event) {
        match event {
            Event::Tick(now) => {
                self.now = now;
                self.tick();
            }
            Event::Resize(..) => {}
            Event::Saved(result) => {
                let m = self.m();
                self.message = Some(match result {
                    Ok(path) => msg::saved(m, &path),
                    Err(error) => msg::save_failed(m, &error),
                })
            }
            Event::Key(key) => {
                if key.kind != KeyEventKind::Press {
                    return;
                }
                if key.modifiers.contains(KeyModifiers::CONTROL)
                    && matches!(key.code, KeyCode::Char('c' | 'C'))
                {
                    self.quit = true;
                    return;
                }
                self.key(key);
            }
        }
    }

    fn tick(&mut self) {
        let now = self.now;
        match &mut self.screen {
            Screen::Play(session) => {
                if self.overlay == Overlay::None && session.bot_step_due(now) {
                    session.bot_step();
                    session.schedule(now);
                }
                // The game's last turn stays on the table a moment, then the results come up.
                if session.game.is_over() {
                    let over_at = *session.over_at.get_or_insert(now);
                    if session.results.is_none() && now >= over_at + TURN_END_HOLD {
                        session.results = Some(true);
                    }
                    // The results lead to the review: it is worked out as they come up.
                    if session.results.is_some() && session.game_review.is_none() {
                        session.game_review = Some(GameReview::start(session.record(), self.pace));
                    }
                }
                // Also picks up values that were still being worked out.
                session.refresh_advice(self.advisor.as_deref_mut());
                if let Some(review) = &mut session.game_review {
                    review.poll();
                }
            }
            Screen::Replay(replay) => {
                replay.refresh_advice(self.advisor.as_deref_mut());
                replay.review.poll();
            }
            Screen::Trainer(trainer) => trainer.poll(),
            Screen::Setup(_) => {}
        }
    }

    fn key(&mut self, key: KeyEvent) {
        match std::mem::replace(&mut self.overlay, Overlay::None) {
            Overlay::None => {}
            Overlay::Help | Overlay::SetupHelp => return,
            Overlay::ConfirmQuit => {
                if let KeyCode::Char(ch) = key.code
                    && Keys::of(self.lang())
                        .action(ch, &[KeyAction::Yes])
                        .is_some()
                {
                    self.quit = true;
                }
                return;
            }
            Overlay::SaveAs(mut name) => {
                match key.code {
                    KeyCode::Enter if !name.trim().is_empty() => {
                        if let Screen::Play(session) = &self.screen {
                            self.effects.push(Effect::Save {
                                path: name.trim().to_string(),
                                contents: session.record().to_json(),
                                replace: false,
                            });
                        }
                    }
                    KeyCode::Esc => {}
                    KeyCode::Backspace => {
                        name.pop();
                        self.overlay = Overlay::SaveAs(name);
                    }
                    KeyCode::Char(ch) if !ch.is_control() => {
                        name.push(ch);
                        self.overlay = Overlay::SaveAs(name);
                    }
                    _ => self.overlay = Overlay::SaveAs(name),
                }
                return;
            }
        }
        self.message = None;
        match &mut self.screen {
            Screen::Setup(_) => self.setup_key(key),
            Screen::Play(session) if session.review_shown => {
                let keys = Keys::of(session.lang);
                let review = session.game_review.as_mut();
                match review_key(key, keys, review) {
                    ReviewKey::Stay => {}
                    ReviewKey::Back => session.review_shown = false,
                    ReviewKey::Quit => self.quit = true,
                }
            }
            Screen::Play(_) => self.play_key(key),
            Screen::Replay(replay) if replay.review_shown => {
                let keys = Keys::of(replay.lang);
                match review_key(key, keys, Some(&mut replay.review)) {
                    ReviewKey::Stay => {}
                    ReviewKey::Back => replay.review_shown = false,
                    ReviewKey::Quit => self.quit = true,
                }
            }
            Screen::Replay(_) => self.replay_key(key),
            Screen::Trainer(_) => self.trainer_key(key),
        }
    }

    fn setup_key(&mut self, key: KeyEvent) {
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        if key.code == KeyCode::Char(msg::KEY_HELP) {
            self.overlay = Overlay::SetupHelp;
            return;
        }
        match form.handle(key) {
            SetupOutcome::Stay => {}
            SetupOutcome::Quit => self.quit = true,
            SetupOutcome::Start => {
                let rules = match form.rules() {
                    Ok(rules) => rules,
                    Err(error) => {
                        form.error = Some(error.into());
                        return;
                    }
                };
                if form.mode == Mode::Trainer {
                    self.start_trainer(rules);
                    return;
                }
                // Short enough to read out and type again.
                let seed = form
                    .setup
                    .seed
                    .unwrap_or_else(|| self.entropy.random_range(0..1_000_000));
                match Session::start(&form.setup, rules, seed, self.bots.as_ref()) {
                    Ok(mut session) => {
                        self.last_setup = form.setup.clone();
                        if self.remember {
                            self.effects.push(Effect::Remember(form.setup.clone()));
                        }
                        self.recorded = (0, false);
                        // A card to quote was asked for: the coach is there to quote it.
                        if self.card.is_some() {
                            session.coach_visible = true;
                        }
                        session.prepare_tables(self.pace, self.tables_gate.clone());
                        session.schedule(self.now);
                        session.refresh_advice(self.advisor.as_deref_mut());
                        self.screen = Screen::Play(session);
                    }
                    Err(error) => form.error = Some(error.into()),
                }
            }
        }
    }

    pub fn draw(&self, frame: &mut Frame) {
        let theme = self.theme;
        let m = self.m();
        match &self.screen {
            Screen::Setup(form) => {
                let about = match form.current() {
                    crate::setup::Row::Seat(i) => match &form.setup.seats[i].kind {
                        crate::setup::SeatKind::Bot(name) => self
                            .bots
                            .summary(name)
                            .map(|summary| msg::bot_summary(m, name, &summary)),
                        crate::setup::SeatKind::Human => None,
                    },
                    crate::setup::Row::Mode | crate::setup::Row::Theme => {
                        Some(format!(" {}", msg::mode_about(m, form.mode)))
                    }
                    _ => None,
                };
                frame.render_widget(
                    ui::SetupScreen {
                        form,
                        about: about.as_deref(),
                        theme,
                    },
                    frame.area(),
                );
            }
            Screen::Play(session) => self.draw_play(frame, session),
            Screen::Replay(replay) => self.draw_replay(frame, replay),
            Screen::Trainer(trainer) => frame.render_widget(
                ui::TrainerScreen {
                    m,
                    session: trainer,
                    status: self.message.as_deref(),
                    theme,
                },
                frame.area(),
            ),
        }
        match &self.overlay {
            Overlay::None => {}
            Overlay::Help | Overlay::SetupHelp => {
                let text = if self.overlay == Overlay::Help {
                    msg::help(m)
                } else {
                    msg::setup_help(m)
                };
                let mut lines: Vec<Line> = text.into_iter().map(Line::raw).collect();
                lines.push(Line::raw(""));
                lines.push(ui::faces_legend(m, theme));
                frame.render_widget(
                    ui::Popup {
                        title: &msg::panel_help(m),
                        lines,
                        width: 66,
                    },
                    frame.area(),
                );
            }
            Overlay::ConfirmQuit => frame.render_widget(
                ui::Popup {
                    title: &msg::panel_quit(m),
                    lines: vec![Line::styled(msg::confirm_quit(m), theme.key())],
                    width: 50,
                },
                frame.area(),
            ),
            Overlay::SaveAs(name) => frame.render_widget(
                ui::Popup {
                    title: &msg::panel_save(m),
                    lines: vec![
                        Line::raw(format!("{}{name}_", msg::save_as(m))),
                        Line::styled(msg::save_hint(m), theme.dim()),
                    ],
                    width: 60,
                },
                frame.area(),
            ),
        }
    }
}
/// How many lines PgUp and PgDn scroll the log.
const LOG_PAGE: usize = 5;

/// The replay viewer makes no bots.
struct NoBots;

impl BotFactory for NoBots {
    fn names(&self) -> Vec<String> {
        Vec::new()
    }
    fn create(
        &self,
        name: &str,
        _rules: martian_engine::Rules,
    ) -> Result<Box<dyn martian_bots::Strategy>, martian_bots::BotError> {
        Err(martian_bots::BotError::UnknownBot {
            spec: name.to_string(),
            known: "none in the replay viewer".to_string(),
        })
    }
}
