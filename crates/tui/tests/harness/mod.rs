//! What the screen tests share: a deterministic bot, the setups, an application with a fake
//! clock, and players who press the keys.

#![allow(dead_code)]

use std::time::Duration;

use martian_bots::{BotError, Strategy};
use martian_engine::{Action, Awaiting, Face, GameRng, Rules, Situation, TurnPhase};
use martian_tui::{
    Advisor, App, BotFactory, CoachMode, Event, GameSetup, KeyAction, Keys, Lang, Order, SeatSpec,
    Session, Theme,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

/// A plain deterministic bot, so that these screens do not change when the real bots are tuned:
/// death rays while the tanks are not behind, else the biggest earthling group; stops at 6.
pub struct Steady;

pub fn steady_choice(turn: &martian_engine::Turn) -> Action {
    let legal = turn.legal_actions();
    match turn.phase() {
        TurnPhase::Choosing { roll } => {
            let aside = turn.aside();
            let rays_needed = aside.count(Face::Tank) >= aside.count(Face::DeathRay);
            if rays_needed && legal.contains(Action::Take(Face::DeathRay)) {
                return Action::Take(Face::DeathRay);
            }
            legal
                .iter()
                .max_by_key(|a| match a {
                    Action::Take(f) if f.is_earthling() => u16::from(roll.count(*f)) + 100,
                    Action::Take(f) => u16::from(roll.count(*f)),
                    _ => 0,
                })
                .expect("a decision has options")
        }
        _ => {
            if turn.score() >= 6 {
                Action::Stop
            } else {
                Action::Roll
            }
        }
    }
}

impl Strategy for Steady {
    fn name(&self) -> String {
        "steady".into()
    }
    fn decide(&mut self, situation: &Situation<'_>, _: &mut GameRng) -> Result<Action, BotError> {
        Ok(steady_choice(situation.turn))
    }
}

pub struct TestBots;

impl BotFactory for TestBots {
    fn names(&self) -> Vec<String> {
        vec!["steady".into()]
    }
    fn create(&self, name: &str, _: Rules) -> Result<Box<dyn Strategy>, BotError> {
        match name {
            "steady" => Ok(Box::new(Steady)),
            _ => Err(BotError::UnknownBot {
                spec: name.to_string(),
                known: "steady".to_string(),
            }),
        }
    }
    fn summary(&self, name: &str) -> Option<String> {
        (name == "steady").then(|| "death rays first, stops at 6".to_string())
    }
}

pub const PACE_MS: u64 = 700;

pub fn setup(seed: u64) -> GameSetup {
    GameSetup {
        seats: vec![SeatSpec::human("Ana"), SeatSpec::bot("steady")],
        order: Order::AsListed,
        rules: Rules::official(),
        seed: Some(seed),
        coach: CoachMode::OnDemand,
        pace_ms: PACE_MS,
        lang: Lang::En,
    }
}

/// An app with a fake clock.
pub struct Harness {
    pub app: App,
    pub now: Duration,
}

impl Harness {
    pub fn new(setup: GameSetup) -> Harness {
        Harness::with(setup, None, true)
    }

    pub fn with(setup: GameSetup, advisor: Option<Box<dyn Advisor>>, color: bool) -> Harness {
        let app =
            App::new(setup, Box::new(TestBots), advisor, 99, Theme { color }).working_at_once();
        Harness {
            app,
            now: Duration::ZERO,
        }
    }

    /// With the solver's coach (waiting for its values) quoting `card` from the start.
    pub fn with_card(setup: GameSetup, card: martian_tui::CoachCard) -> Harness {
        let app = App::new(
            setup,
            Box::new(TestBots),
            Some(Box::new(martian_tui::SolverAdvisor::blocking())),
            99,
            Theme { color: true },
        )
        .working_at_once()
        .with_coach_card(card);
        Harness {
            app,
            now: Duration::ZERO,
        }
    }

    pub fn key(&mut self, code: KeyCode) {
        self.app.handle(Event::key(code));
    }

    pub fn keys(&mut self, keys: &str) {
        for ch in keys.chars() {
            self.app.handle(Event::char(ch));
        }
    }

    pub fn wait(&mut self, ms: u64) {
        self.now += Duration::from_millis(ms);
        self.app.handle(Event::Tick(self.now));
    }

    pub fn session(&self) -> &Session {
        self.app.session().expect("a game is on")
    }

    /// Plays on (people with `policy`, bots at their pace) until `until` holds; panics if the
    /// game ends first or it takes too long.
    pub fn play_until(
        &mut self,
        what: &str,
        until: impl Fn(&Session) -> bool,
        policy: fn(&Session) -> char,
    ) {
        for _ in 0..20_000 {
            let session = self.session();
            if until(session) {
                return;
            }
            assert!(!session.game.is_over(), "the game ended before {what}");
            if session.human_to_act().is_some() {
                let key = policy(session);
                self.keys(&key.to_string());
            } else {
                self.wait(100);
            }
        }
        panic!("never reached {what}");
    }

    pub fn screen(&self, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| self.app.draw(frame)).unwrap();
        terminal.backend().to_string()
    }

    pub fn buffer(&self, width: u16, height: u16) -> ratatui::buffer::Buffer {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| self.app.draw(frame)).unwrap();
        terminal.backend().buffer().clone()
    }
}

/// The English key that takes `face`.
pub fn english_key(face: Face) -> char {
    Keys::of(Lang::En).take(face).expect("a face taken by key")
}

/// A person who plays like the steady bot, through the keys.
pub fn steady_keys(session: &Session) -> char {
    match session.game.awaiting() {
        Awaiting::Decision { .. } => match steady_choice(session.game.turn()) {
            Action::Take(face) => english_key(face),
            Action::Stop => 's',
            Action::Roll => 'r',
        },
        _ => 'r',
    }
}

pub fn pt_setup(seed: u64) -> GameSetup {
    GameSetup {
        lang: Lang::PtBr,
        ..setup(seed)
    }
}

/// A person who plays like the steady bot, with the Portuguese keys.
pub fn steady_keys_pt(session: &Session) -> char {
    let keys = Keys::of(Lang::PtBr);
    match session.game.awaiting() {
        Awaiting::Decision { .. } => match steady_choice(session.game.turn()) {
            Action::Take(face) => keys.take(face).unwrap(),
            Action::Stop => keys.key(KeyAction::Stop),
            Action::Roll => keys.key(KeyAction::Roll),
        },
        _ => keys.key(KeyAction::Roll),
    }
}

/// `text` with its runs of blanks and box borders made single spaces: a wrapped text reads as
/// one line.
pub fn flattened(text: &str) -> String {
    text.replace(['│', '┌', '┐', '└', '┘', '─', '"'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
