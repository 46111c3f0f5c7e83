//! A panic in the middle of a game leaves a usable terminal: the test runs itself, in a child
//! process, full screen inside tmux, with a bot that panics; then checks what the shell sees.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use martian_bots::{BotError, Strategy};
use martian_engine::{Action, GameRng, Rules, Situation};
use martian_tui::{App, BotFactory, CoachMode, Event, GameSetup, Order, SeatSpec, Theme};
use ratatui::crossterm::event::KeyCode;

const CHILD: &str = "MARTIAN_TUI_PANIC_CHILD";
const MESSAGE: &str = "this bot panics on purpose";

struct Panicky;

impl Strategy for Panicky {
    fn name(&self) -> String {
        "panicky".into()
    }
    fn decide(&mut self, _: &Situation<'_>, _: &mut GameRng) -> Result<Action, BotError> {
        panic!("{MESSAGE}");
    }
}

struct PanickyBots;

impl BotFactory for PanickyBots {
    fn names(&self) -> Vec<String> {
        vec!["panicky".into()]
    }
    fn create(&self, _: &str, _: Rules) -> Result<Box<dyn Strategy>, BotError> {
        Ok(Box::new(Panicky))
    }
}

/// The child: a game where the bot opens, at once, and panics at its first decision.
fn child() {
    let setup = GameSetup {
        seats: vec![SeatSpec::bot("panicky"), SeatSpec::human("Ana")],
        order: Order::AsListed,
        rules: Rules::official(),
        seed: Some(1),
        coach: CoachMode::OnDemand,
        pace_ms: 300,
        lang: martian_tui::Lang::En,
    };
    let mut app = App::new(setup, Box::new(PanickyBots), None, 1, Theme { color: true });
    app.handle(Event::key(KeyCode::Enter));
    martian_tui::run(app).unwrap();
}

fn tmux(socket: &str, args: &[&str]) -> String {
    let output = Command::new("tmux")
        .args(["-L", socket])
        .args(args)
        .output()
        .expect("tmux runs");
    assert!(output.status.success(), "tmux {args:?}: {output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_panic_restores_the_terminal_before_its_message() {
    if std::env::var_os(CHILD).is_some() {
        child();
        return;
    }
    // A terminal test that cannot run must not pass.
    assert!(
        Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success()),
        "tmux is not installed: apt-get install tmux (scripts/test installs it)"
    );
    let exe = std::env::current_exe().unwrap();
    let socket = format!("martian-tui-panic-{}", std::process::id());
    let command = format!(
        "sh -c '{CHILD}=1 {} --exact a_panic_restores_the_terminal_before_its_message \
         --nocapture --test-threads 1; \
         if stty -a | grep -q -- -icanon; then echo TERMINAL-RAW; else echo TERMINAL-COOKED; fi; \
         sleep 120'",
        exe.display()
    );
    tmux(
        &socket,
        &[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "24",
            "-s",
            "game",
            &command,
        ],
    );
    let start = Instant::now();
    let screen = loop {
        let screen = tmux(
            &socket,
            &["capture-pane", "-p", "-J", "-S", "-100", "-t", "game"],
        );
        if screen.contains("TERMINAL-") || start.elapsed() > Duration::from_secs(30) {
            break screen;
        }
        sleep(Duration::from_millis(100));
    };
    let _ = tmux(&socket, &["kill-server"]);
    assert!(screen.contains("TERMINAL-COOKED"), "{screen}");
    assert!(
        screen.contains(MESSAGE),
        "the panic message is readable: {screen}"
    );
    assert!(
        !screen.contains("Scores"),
        "the game's screen is gone: {screen}"
    );
}
