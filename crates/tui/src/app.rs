//! The application as a pure state machine: [`App::handle`] takes an event (a key, a tick of the
//! injected clock, the result of a save), [`App::draw`] draws the state. The terminal, the clock,
//! the file system and the entropy for unseeded games live outside (see `terminal.rs`).

use std::time::Duration;

use martian_engine::{Action, Awaiting, Face, GameRng, TurnPhase, seeded_rng};
use martian_i18n::{Lang, Messages};
use rand::RngExt;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::text::Line;

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
#[derive(Clone, Debug, PartialEq, Eq)]
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
struct ReplayScreen {
    timeline: Timeline,
    lang: Lang,
    names: Vec<String>,
    coach_visible: bool,
    advice: Option<(Position, Option<crate::coach::Advice>)>,
    /// The record's review: it marks each decision, and its screen opens with the review key.
    review: GameReview,
    review_shown: bool,
}

impl ReplayScreen {
    /// Asks for the values of the decision shown, when the coach is on, once per position
    /// (values standing in stay for the whole decision: one decision, one measure).
    fn refresh_advice(&mut self, advisor: Option<&mut (dyn Advisor + '_)>) {
        let game = self.timeline.game();
        let position = position_of(game);
        let known = self.advice.as_ref().is_some_and(|(at, _)| *at == position);
        if self.coach_visible && matches!(game.awaiting(), Awaiting::Decision { .. }) && !known {
            let advice = advisor.and_then(|a| a.advise(&game.situation()));
            self.advice = Some((position, advice));
        }
    }
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
        }
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
                        session.schedule(self.now);
                        session.refresh_advice(self.advisor.as_deref_mut());
                        self.screen = Screen::Play(session);
                    }
                    Err(error) => form.error = Some(error.into()),
                }
            }
        }
    }

    fn play_key(&mut self, key: KeyEvent) {
        let Screen::Play(session) = &mut self.screen else {
            return;
        };
        let before = position_of(&session.game);
        let ch = match key.code {
            KeyCode::Char(ch) => Some(ch.to_ascii_lowercase()),
            _ => None,
        };
        let deciding = matches!(session.game.awaiting(), Awaiting::Decision { .. });
        let choosing = matches!(session.game.turn().phase(), TurnPhase::Choosing { .. });
        let live: &[KeyAction] = if session.game.is_over() {
            &END_KEYS
        } else if session.stuck.is_some() {
            &[KeyAction::Coach, KeyAction::Quit]
        } else if session.bot_to_act().is_some() {
            &[KeyAction::Fast, KeyAction::Coach, KeyAction::Quit]
        } else if deciding && choosing {
            &CHOOSE_KEYS
        } else if deciding {
            &DECIDE_KEYS
        } else {
            &[KeyAction::Roll, KeyAction::Coach, KeyAction::Quit]
        };
        let action = ch.and_then(|c| Keys::of(session.lang).action(c, live));
        match (key.code, ch, action) {
            (_, Some(msg::KEY_HELP), _) => self.overlay = Overlay::Help,
            // The log scrolls back through the whole game (the panel clamps it).
            (KeyCode::Up | KeyCode::PageUp, ..) => {
                let step = if key.code == KeyCode::Up { 1 } else { LOG_PAGE };
                let lines = ui::log_lines(session.lang.messages(), &session.game, &session.names());
                session.log_scroll = (session.log_scroll + step).min(lines.len());
            }
            (KeyCode::Down, ..) => session.log_scroll = session.log_scroll.saturating_sub(1),
            (KeyCode::PageDown, ..) => {
                session.log_scroll = session.log_scroll.saturating_sub(LOG_PAGE)
            }
            (KeyCode::Esc, ..) | (.., Some(KeyAction::Quit)) => {
                if session.game.is_over() || session.stuck.is_some() {
                    self.quit = true;
                } else {
                    self.overlay = Overlay::ConfirmQuit;
                }
            }
            (.., Some(KeyAction::Coach)) => {
                session.coach_visible = !session.coach_visible;
            }
            _ if session.game.is_over() => match action {
                // A key during the last turn's moment on the table brings the results.
                _ if session.results.is_none() && action != Some(KeyAction::Review) => {
                    session.results = Some(true);
                    if action == Some(KeyAction::Save) {
                        self.overlay = Overlay::SaveAs(msg::default_record_name(session.seed));
                    }
                }
                Some(KeyAction::View) => {
                    session.results = Some(!session.results.unwrap_or(false));
                }
                Some(KeyAction::Review) => {
                    session.results.get_or_insert(true);
                    if session.game_review.is_none() {
                        session.game_review = Some(GameReview::start(session.record(), self.pace));
                    }
                    session.review_shown = true;
                }
                Some(KeyAction::Save) => {
                    self.overlay = Overlay::SaveAs(msg::default_record_name(session.seed));
                }
                Some(KeyAction::New) => {
                    self.screen =
                        Screen::Setup(Setup::new(self.last_setup.clone(), self.bots.names()));
                    return;
                }
                _ => {}
            },
            _ if session.stuck.is_some() => {}
            _ if session.bot_to_act().is_some() => match (key.code, ch, action) {
                (KeyCode::Enter, ..) | (_, Some(' ' | '.'), _) => session.bot_step(),
                (.., Some(KeyAction::Fast)) => session.fast_forward(),
                _ => self.message = Some(msg::not_your_turn(session.lang.messages())),
            },
            _ => {
                let rolling = matches!(
                    session.game.awaiting(),
                    Awaiting::TurnRoll { .. } | Awaiting::RollOffRoll { .. }
                );
                let result = match (key.code, ch, action) {
                    (.., Some(KeyAction::Roll)) => session.human_roll(),
                    (.., Some(KeyAction::Stop)) => session.decide(Action::Stop),
                    (.., Some(KeyAction::Take(face))) => session.decide(Action::Take(face)),
                    (KeyCode::Enter, ..) | (_, Some(' '), _) if rolling => session.human_roll(),
                    // Any other letter at a decision: what the decision is.
                    (_, Some(c), None) if deciding && c.is_ascii_alphabetic() => {
                        let turn = *session.game.turn();
                        let asked = if choosing {
                            Action::Roll
                        } else {
                            Action::Take(Face::DeathRay)
                        };
                        Err(MoveRefused::Illegal(why_not(&turn, asked)))
                    }
                    _ => Ok(()),
                };
                if let Err(refused) = result {
                    self.message = Some(msg::move_refused(session.lang.messages(), &refused));
                }
            }
        }
        if position_of(&session.game) != before {
            session.schedule(self.now);
        }
        session.refresh_advice(self.advisor.as_deref_mut());
    }

    /// Starts the trainer with the setup form's rules, players, seed and kind of position.
    fn start_trainer(&mut self, rules: martian_engine::Rules) {
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        let players = form.setup.seats.len();
        if !(1..=3).contains(&players) {
            form.error = Some(SetupError::TrainerPlayers);
            return;
        }
        if let Err(limit) = martian_engine::SolvedGame::for_players(players, rules) {
            form.error = Some(SetupError::Limit(limit));
            return;
        }
        let config = martian_review::TrainerConfig {
            rules,
            players,
            theme: form.theme,
            margin: None,
            seed: form
                .setup
                .seed
                .unwrap_or_else(|| self.entropy.random_range(0..1_000_000)),
        };
        // A kind of position the games never reach is said on the form, not after a search.
        let never = config.theme == Some(martian_review::Theme::FinalRound)
            && (players == 1 || rules.end() == martian_engine::EndRule::Immediate);
        if never {
            form.error = Some(SetupError::TrainerThemeNever { players });
            return;
        }
        self.last_setup = form.setup.clone();
        self.last_theme = form.theme;
        self.screen = Screen::Trainer(TrainerSession::start(config, form.setup.lang, self.pace));
    }

    fn trainer_key(&mut self, key: KeyEvent) {
        let Screen::Trainer(trainer) = &mut self.screen else {
            return;
        };
        let m = trainer.lang.messages();
        let keys = Keys::of(trainer.lang);
        let ch = match key.code {
            KeyCode::Char(ch) => Some(ch.to_ascii_lowercase()),
            _ => None,
        };
        let choosing = trainer.position().is_some_and(crate::trainer::choosing);
        let live: &[KeyAction] = match &trainer.stage {
            Stage::Asking(_) if choosing => &CHOOSE_KEYS,
            Stage::Asking(_) => &DECIDE_KEYS,
            _ => &[KeyAction::Quit],
        };
        let action = ch.and_then(|c| keys.action(c, live));
        match (key.code, ch, action) {
            (_, Some(msg::KEY_HELP), _) => self.overlay = Overlay::Help,
            (KeyCode::Esc, ..) => {
                let form = Setup::new(self.last_setup.clone(), self.bots.names())
                    .with_mode(Mode::Trainer, self.last_theme);
                self.screen = Screen::Setup(form);
            }
            (.., Some(KeyAction::Quit)) => self.quit = true,
            (KeyCode::Enter, ..) | (_, Some(' '), _)
                if matches!(trainer.stage, Stage::Answered(..)) =>
            {
                trainer.next();
            }
            (.., Some(KeyAction::Take(face))) => self.answer(Action::Take(face)),
            (.., Some(KeyAction::Stop)) => self.answer(Action::Stop),
            (.., Some(KeyAction::Roll)) => self.answer(Action::Roll),
            // Any other letter at a decision: what the decision is.
            (_, Some(c), None) if c.is_ascii_alphabetic() => {
                if let Some(position) = trainer.position()
                    && matches!(trainer.stage, Stage::Asking(_))
                {
                    let asked = if choosing {
                        Action::Roll
                    } else {
                        Action::Take(Face::DeathRay)
                    };
                    let refused = MoveRefused::Illegal(why_not(&position.turn, asked));
                    self.message = Some(msg::move_refused(m, &refused));
                }
            }
            _ => {}
        }
    }

    /// The trainer's position answered with `action`, or the reason it is not an option.
    fn answer(&mut self, action: Action) {
        let Screen::Trainer(trainer) = &mut self.screen else {
            return;
        };
        let turn = trainer.position().map(|p| p.turn);
        if !trainer.answer(action)
            && let Some(turn) = turn
        {
            let refused = MoveRefused::Illegal(why_not(&turn, action));
            self.message = Some(msg::move_refused(trainer.lang.messages(), &refused));
        }
    }

    fn replay_key(&mut self, key: KeyEvent) {
        let Screen::Replay(replay) = &mut self.screen else {
            return;
        };
        let action = match key.code {
            KeyCode::Char(ch) => Keys::of(replay.lang).action(ch, &REPLAY_KEYS),
            _ => None,
        };
        let timeline = &mut replay.timeline;
        match (key.code, action) {
            (_, Some(KeyAction::Coach)) => replay.coach_visible = !replay.coach_visible,
            (_, Some(KeyAction::Review)) => replay.review_shown = true,
            (KeyCode::Esc, _) | (_, Some(KeyAction::Quit)) => self.quit = true,
            (KeyCode::Char(msg::KEY_HELP), _) => self.overlay = Overlay::Help,
            (KeyCode::Right | KeyCode::Char(' ' | 'n' | 'l') | KeyCode::Enter, _) => {
                timeline.forward()
            }
            (KeyCode::Left | KeyCode::Backspace | KeyCode::Char('p' | 'b'), _) => timeline.back(),
            (KeyCode::PageDown | KeyCode::Down | KeyCode::Char(']'), _) => timeline.next_turn(),
            (KeyCode::PageUp | KeyCode::Up | KeyCode::Char('['), _) => timeline.previous_turn(),
            (KeyCode::Home | KeyCode::Char('g'), _) => timeline.seek(0),
            (KeyCode::End | KeyCode::Char('G'), _) => timeline.seek(timeline.len()),
            _ => {}
        }
        replay.refresh_advice(self.advisor.as_deref_mut());
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

    fn draw_play(&self, frame: &mut Frame, session: &Session) {
        let theme = self.theme;
        let m = session.lang.messages();
        let game = &session.game;
        let names = session.names();
        if let (true, Some(review)) = (session.review_shown, &session.game_review) {
            let title = msg::review_title(m);
            let screen = ui::ReviewScreen {
                m,
                title: &title,
                seed: Some(session.seed),
                rules: game.rules(),
                names: &names,
                review,
                status: self.message.as_deref(),
                theme,
            };
            frame.render_widget(screen, frame.area());
            return;
        }
        if game.is_over() && session.results == Some(true) {
            let title = msg::title(m);
            let screen = ui::EndScreen {
                m,
                title: &title,
                seed: Some(session.seed),
                game,
                names: &names,
                status: self.message.as_deref(),
                theme,
            };
            frame.render_widget(screen, frame.area());
            return;
        }
        let hint_over = msg::hint_over(m, false);
        let prompt = if game.is_over() {
            ui::game_over_prompt(m, game, &names, theme, &hint_over)
        } else if let Some(stuck) = &session.stuck {
            // Wrapped, not cut at the edge: the reason is in the bot's own words, after a name
            // that may be a long `exec:` path, and it is all the player has to go on.
            let text = msg::bot_stuck(m, &names[stuck.seat], &stuck.cause);
            let width = usize::from(frame.area().width.saturating_sub(2));
            ui::wrap_words(&text, width)
                .into_iter()
                .map(|line| Line::styled(line, theme.bad()))
                .collect()
        } else if let Some(seat) = session.bot_to_act() {
            ui::key_prompt(msg::bot_thinking(m, &names[seat]), theme)
        } else {
            match game.awaiting() {
                Awaiting::Decision { .. } => ui::decision_prompt(m, game.turn(), theme),
                Awaiting::TurnRoll { seat, dice } => {
                    ui::key_prompt(msg::your_roll(m, &names[seat], dice), theme)
                }
                Awaiting::RollOffRoll { seat, dice } => {
                    ui::key_prompt(msg::roll_off_your_roll(m, &names[seat], dice), theme)
                }
                Awaiting::Nothing => Vec::new(),
            }
        };
        let deciding = !game.is_over()
            && session.stuck.is_none()
            && session.human_to_act().is_some()
            && matches!(game.awaiting(), Awaiting::Decision { .. });
        let guide = deciding
            .then(|| ui::decision_guide(m, game.turn(), theme))
            .flatten();
        let why = session
            .current_advice()
            .filter(|_| session.coach_visible && deciding)
            .and_then(|advice| advice.as_ref()?.reason.as_ref())
            .map(|reason| msg::coach_why(m, reason));
        let review = session.review.as_ref();
        let coach = if !session.coach_visible {
            CoachView::Hidden { review }
        } else {
            match session.current_advice() {
                Some(Some(advice)) => CoachView::Values {
                    advice,
                    played: None,
                    review,
                },
                Some(None) => CoachView::NoValues {
                    available: self.advisor.is_some(),
                    review,
                },
                None => CoachView::Waiting { review },
            }
        };
        let title = msg::title(m);
        let hint = if game.is_over() {
            hint_over
        } else {
            msg::hint_game(m)
        };
        let view = TableView {
            m,
            title: &title,
            seed: Some(session.seed),
            game,
            names: &names,
            prompt,
            guide,
            why,
            log_scroll: session.log_scroll,
            log_marks: &[],
            coach,
            status: self.message.as_deref(),
            hint: &hint,
            theme,
        };
        frame.render_widget(&view, frame.area());
    }

    fn draw_replay(&self, frame: &mut Frame, replay: &ReplayScreen) {
        let theme = self.theme;
        let m = replay.lang.messages();
        let timeline = &replay.timeline;
        let game = timeline.game();
        if replay.review_shown {
            let title = msg::review_title(m);
            let screen = ui::ReviewScreen {
                m,
                title: &title,
                seed: timeline.record.seed,
                rules: game.rules(),
                names: &replay.names,
                review: &replay.review,
                status: self.message.as_deref(),
                theme,
            };
            frame.render_widget(screen, frame.area());
            return;
        }
        let (turn, turns) = timeline.turn_number();
        let mut prompt = vec![Line::styled(
            msg::replay_position(m, timeline.position(), timeline.len(), turn, turns),
            theme.key(),
        )];
        let review = replay.review.state();
        if game.is_over() {
            prompt = ui::game_over_prompt(m, game, &replay.names, theme, &prompt_text(&prompt));
        } else if let Some(seat) = actor(game) {
            // The decision played from here, as the review classes it.
            let verdict = match (review, timeline.next_action()) {
                (ReviewState::Ready(review), Some(_)) => {
                    match review.decisions.get(timeline.decisions_before()) {
                        Some(decision) => Some((
                            msg::replay_verdict(m, review.measure, &replay.names[seat], decision),
                            review_style(theme, decision),
                        )),
                        None => review
                            .stopped
                            .as_ref()
                            .map(|stopped| (msg::review_stopped(m, stopped), theme.bad())),
                    }
                }
                (ReviewState::Working, Some(_)) => Some((msg::replay_reviewing(m), theme.dim())),
                _ => None,
            };
            match verdict {
                Some((text, style)) => prompt.extend(
                    ui::wrap_words(&text, usize::from(ui::MIN_WIDTH) - 2)
                        .into_iter()
                        .map(|line| Line::styled(line, style)),
                ),
                None => prompt.push(Line::raw(msg::replay_next(m, &replay.names[seat]))),
            }
        }
        let marks: Vec<String> = match review {
            ReviewState::Ready(review) => review
                .decisions
                .iter()
                .map(|d| msg::review_mark(m, review.measure, d))
                .collect(),
            _ => Vec::new(),
        };
        let played = timeline.next_action();
        let advice = replay
            .advice
            .as_ref()
            .filter(|(at, _)| *at == position_of(game));
        // What the move played from here cost, as the coach sees it.
        let review = match (advice, played) {
            (Some((_, Some(advice))), Some(action)) => crate::coach::Review::of(advice, action),
            _ => None,
        };
        let coach = if !replay.coach_visible {
            CoachView::Hidden { review: None }
        } else {
            match advice {
                Some((_, Some(advice))) => CoachView::Values {
                    advice,
                    played,
                    review: review.as_ref(),
                },
                Some((_, None)) => CoachView::NoValues {
                    available: self.advisor.is_some(),
                    review: None,
                },
                None => CoachView::Waiting { review: None },
            }
        };
        let why = advice
            .filter(|_| replay.coach_visible)
            .and_then(|(_, advice)| advice.as_ref()?.reason.as_ref())
            .map(|reason| msg::coach_why(m, reason));
        let title = msg::replay_title(m);
        let hint = msg::hint_replay(m);
        let view = TableView {
            m,
            title: &title,
            seed: timeline.record.seed,
            game,
            names: &replay.names,
            prompt,
            guide: None,
            why,
            log_scroll: 0,
            log_marks: &marks,
            coach,
            status: self.message.as_deref(),
            hint: &hint,
            theme,
        };
        frame.render_widget(&view, frame.area());
    }
}

/// How a decision's class is shown.
fn review_style(theme: Theme, decision: &martian_review::Decision) -> ratatui::style::Style {
    use martian_review::Class;
    match decision.class {
        _ if decision.forced => theme.dim(),
        Class::Best => theme.good(),
        Class::Inaccuracy => theme.why(),
        Class::Mistake => theme.key(),
        Class::Blunder => theme.bad(),
    }
}

fn prompt_text(lines: &[Line<'_>]) -> String {
    lines
        .first()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .unwrap_or_default()
}

/// How many lines PgUp and PgDn scroll the log.
const LOG_PAGE: usize = 5;

/// How many lines PgUp and PgDn scroll the review's list.
const REVIEW_PAGE: isize = 8;

/// What a key on the review screen did.
enum ReviewKey {
    Stay,
    Back,
    Quit,
}

/// A key on the review screen: the list scrolls; Esc or the review key goes back.
fn review_key(key: KeyEvent, keys: Keys, review: Option<&mut GameReview>) -> ReviewKey {
    let action = match key.code {
        KeyCode::Char(ch) => keys.action(ch, &[KeyAction::Review, KeyAction::Quit]),
        _ => None,
    };
    match (key.code, action) {
        (KeyCode::Esc | KeyCode::Backspace, _) | (_, Some(KeyAction::Review)) => {
            return ReviewKey::Back;
        }
        (_, Some(KeyAction::Quit)) => return ReviewKey::Quit,
        _ => {}
    }
    let Some(review) = review else {
        return ReviewKey::Stay;
    };
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => review.scroll_by(-1),
        KeyCode::Down | KeyCode::Char('j') => review.scroll_by(1),
        KeyCode::PageUp => review.scroll_by(-REVIEW_PAGE),
        KeyCode::PageDown | KeyCode::Char(' ') => review.scroll_by(REVIEW_PAGE),
        KeyCode::Home => review.scroll = 0,
        KeyCode::End => review.scroll_to_end(),
        _ => {}
    }
    ReviewKey::Stay
}

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
