//! The real terminal around the pure [`App`]: raw mode and the alternate screen, the clock, key
//! and resize events, file writes; and the terminal restored on every way out (a return, an
//! error, a panic).

use std::io::{self, Write, stdout};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event as TermEvent, KeyEventKind};
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::crossterm::{cursor, execute};

use crate::app::{App, Effect, Event};

/// How often the clock ticks while nothing happens: bot steps are due on ticks.
const TICK: Duration = Duration::from_millis(40);

/// Puts the terminal back as it was: cooked mode, main screen, cursor shown. Safe to call twice.
pub fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(stdout(), LeaveAlternateScreen, cursor::Show);
}

/// Restores the terminal when dropped, so that an early return or an error cannot leave it raw.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        restore_terminal();
    }
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // Restore first, so that the panic message lands on a usable screen.
        restore_terminal();
        previous(info);
    }));
}

/// Runs `app` full screen until it quits.
pub fn run(mut app: App) -> io::Result<()> {
    install_panic_hook();
    enable_raw_mode()?;
    let _restore = Restore;
    execute!(stdout(), EnterAlternateScreen)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    terminal.clear()?;
    let start = Instant::now();
    loop {
        terminal.draw(|frame| app.draw(frame))?;
        if event::poll(TICK)? {
            match event::read()? {
                TermEvent::Key(key) if key.kind == KeyEventKind::Press => {
                    app.handle(Event::Key(key))
                }
                TermEvent::Resize(width, height) => {
                    terminal.autoresize()?;
                    app.handle(Event::Resize(width, height));
                }
                _ => {}
            }
        }
        app.handle(Event::Tick(start.elapsed()));
        for effect in app.take_effects() {
            match effect {
                Effect::Save {
                    path,
                    contents,
                    replace,
                } => {
                    let result = write_file(&path, &contents, replace)
                        .map(|()| path.clone())
                        .map_err(|e| e.to_string());
                    app.handle(Event::Saved(result));
                }
            }
        }
        if app.should_quit() {
            break;
        }
    }
    terminal.show_cursor()?;
    Ok(())
}

/// Writes a file; one that exists is replaced only when `replace`.
fn write_file(path: &str, contents: &str, replace: bool) -> io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    if replace {
        options.write(true).create(true).truncate(true);
    } else {
        options.write(true).create_new(true);
    }
    let mut file = options.open(path)?;
    file.write_all(contents.as_bytes())?;
    file.write_all(b"\n")
}
