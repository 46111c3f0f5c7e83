//! The first game against a bot that plays perfectly, with a cold cache: instead of a frozen
//! screen, the table says what is being computed and how far along it is (with a gauge), and
//! the bot moves once its tables are ready.

// `std::env::set_var` is unsafe since Rust 2024: allowed here only, see `fresh_cache`.
#![allow(unsafe_code)]

use std::sync::{Arc, Barrier, Once};
use std::time::{Duration, Instant};

use martian_engine::Rules;
use martian_tui::{App, BuiltinBots, CoachMode, Event, GameSetup, Lang, Order, SeatSpec, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

/// The solver's disk cache of this test binary: a fresh directory, so that the tables are
/// computed here, not read.
fn fresh_cache() {
    static SET: Once = Once::new();
    SET.call_once(|| {
        let dir = std::env::temp_dir().join(format!("martian-tui-tables-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // SAFETY: every test of this binary calls this first, before it starts any thread of
        // its own; nothing reads the environment concurrently.
        unsafe { std::env::set_var(martian_solver::cache::CACHE_DIR_ENV, &dir) };
    });
}

fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    terminal.backend().to_string()
}

/// A whole-percent figure after `…` on the screen ("… 42%").
fn percent_shown(screen: &str) -> Option<u64> {
    let after = screen.split("… ").nth(1)?;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty() && after[digits.len()..].starts_with('%'))
        .then(|| digits.parse().ok())
        .flatten()
}

/// The medium bot opens a game under `rules`, in `lang`: the screens from the start (the
/// preparation held at its gate) until the bot's first roll, ticking every few milliseconds.
fn first_screens(rules: Rules, lang: Lang) -> (String, Vec<String>) {
    fresh_cache();
    assert!(!martian_solver::duel_at_hand(rules), "a cold cache");
    let setup = GameSetup {
        seats: vec![SeatSpec::bot("medium"), SeatSpec::human("Ana")],
        order: Order::AsListed,
        rules,
        seed: Some(5),
        coach: CoachMode::OnDemand,
        pace_ms: 0,
        lang,
    };
    let gate = Arc::new(Barrier::new(2));
    let mut app = App::new(
        setup,
        Box::new(BuiltinBots),
        None,
        1,
        Theme { color: false },
    )
    .with_tables_gate(Arc::clone(&gate));
    app.handle(Event::key(KeyCode::Enter));
    let start = Instant::now();
    app.handle(Event::Tick(start.elapsed()));
    let held = screen(&app);
    assert!(app.session().unwrap().bots_wait(), "the bot waits");
    assert!(
        app.session().unwrap().game.turn_steps().is_empty(),
        "and has not rolled"
    );
    gate.wait();
    let mut screens = Vec::new();
    while app.session().unwrap().game.turn_steps().is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the bot never moved"
        );
        std::thread::sleep(Duration::from_millis(2));
        app.handle(Event::Tick(start.elapsed()));
        screens.push(screen(&app));
    }
    (held, screens)
}

#[test]
fn the_first_game_against_a_perfect_bot_shows_the_tables_being_computed() {
    let rules = Rules::official().with_target(30).unwrap();
    let (held, screens) = first_screens(rules, Lang::En);
    assert!(
        held.contains("Computing the two-player tables, once for these rules … starting"),
        "{held}"
    );
    assert!(
        held.contains("Medium plays by these tables: it moves as soon as they are ready."),
        "{held}"
    );
    insta::assert_snapshot!("tables_starting", held);
    // While they are computed, how far along: a percentage that only grows, with the gauge.
    let shown: Vec<u64> = screens.iter().filter_map(|s| percent_shown(s)).collect();
    assert!(!shown.is_empty(), "a percentage was shown");
    assert!(shown.windows(2).all(|w| w[0] <= w[1]), "{shown:?}");
    assert!(shown.iter().all(|&p| p <= 100), "{shown:?}");
    let with_gauge = screens
        .iter()
        .find(|s| percent_shown(s).is_some_and(|p| p >= 10))
        .expect("a screen at 10% or more");
    assert!(with_gauge.contains("━"), "{with_gauge}");
    // Then the bot plays: its first roll is on the table and the wait is gone.
    let last = screens.last().unwrap();
    assert!(!last.contains("Computing"), "{last}");
    assert!(martian_solver::duel_at_hand(rules), "computed and kept");
}

#[test]
fn pt_the_tables_being_computed() {
    let rules = Rules::official().with_target(31).unwrap();
    let (held, screens) = first_screens(rules, Lang::PtBr);
    assert!(
        held.contains(
            "Calculando as tabelas de dois jogadores, uma vez para estas regras … começando"
        ),
        "{held}"
    );
    insta::assert_snapshot!("pt_tables_starting", held);
    assert!(screens.iter().any(|s| percent_shown(s).is_some()));
}
