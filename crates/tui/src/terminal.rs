//! The real terminal around the pure [`App`]: raw mode and the alternate screen, the clock, key
//! and resize events, file writes; and the terminal restored on every way out (a return, an
//! error, a panic, a termination signal).

use std::io::{self, IsTerminal, Write, stdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// Termination signals (hang-up, terminate, interrupt, quit) raise a flag that the loop obeys,
/// leaving through the same door as the quit key; the handlers are removed when dropped.
struct Signals {
    raised: Arc<AtomicBool>,
    #[cfg(unix)]
    ids: Vec<signal_hook::SigId>,
}

impl Signals {
    fn register() -> io::Result<Signals> {
        let raised = Arc::new(AtomicBool::new(false));
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
            let ids = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]
                .into_iter()
                .map(|signal| signal_hook::flag::register(signal, Arc::clone(&raised)))
                .collect::<io::Result<Vec<_>>>()?;
            Ok(Signals { raised, ids })
        }
        #[cfg(not(unix))]
        Ok(Signals { raised })
    }

    fn raised(&self) -> bool {
        self.raised.load(Ordering::Relaxed)
    }
}

impl Drop for Signals {
    fn drop(&mut self) {
        #[cfg(unix)]
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

/// Ends the process when the terminal hangs up (its window or tmux closed without a signal
/// reaching us): a hung-up terminal reads as endless end-of-file, on which crossterm's event poll
/// spins forever without returning. The game record is already saved after every turn.
struct HangUpWatchdog {
    done: Arc<AtomicBool>,
}

impl HangUpWatchdog {
    const EVERY: Duration = Duration::from_millis(250);

    fn start(lang: martian_i18n::Lang) -> HangUpWatchdog {
        let done = Arc::new(AtomicBool::new(false));
        let watching = Arc::clone(&done);
        std::thread::spawn(move || {
            while !watching.load(Ordering::Relaxed) {
                std::thread::sleep(Self::EVERY);
                if !io::stdin().is_terminal() && !watching.load(Ordering::Relaxed) {
                    // The terminal is gone, so stderr may be too: no panic over a failed write.
                    let _ = writeln!(
                        io::stderr(),
                        "martian-dice: {}",
                        crate::messages::terminal_gone(lang.messages())
                    );
                    std::process::exit(1);
                }
            }
        });
        HangUpWatchdog { done }
    }
}

impl Drop for HangUpWatchdog {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
    }
}

/// Runs `app` full screen until it quits (or a termination signal arrives).
pub fn run(mut app: App) -> io::Result<()> {
    install_panic_hook();
    let signals = Signals::register()?;
    let _watchdog = HangUpWatchdog::start(app.lang());
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
                Effect::Remember(setup) => {
                    // A convenience: a read-only or missing configuration directory is no error.
                    if let Some(path) = crate::remember::default_path() {
                        let _ = crate::remember::save(&path, &setup);
                    }
                }
                Effect::SaveProgress(progress) => {
                    let mut progress = *progress;
                    // The application keeps no clock of the wall: a session is dated here.
                    if let Some(last) = progress.sessions.last_mut()
                        && last.ended == 0
                    {
                        last.ended = std::time::SystemTime::now()
                            .duration_since(std::time::UNIX_EPOCH)
                            .map_or(0, |d| d.as_secs());
                    }
                    if let Some(path) = crate::progress::default_path() {
                        let _ = crate::progress::save(&path, &progress);
                    }
                }
            }
        }
        if app.should_quit() {
            break;
        }
        if signals.raised() {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                crate::messages::stopped_by_signal(app.lang().messages()),
            ));
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
