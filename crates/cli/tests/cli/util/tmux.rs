//! A terminal of the test's own: a tmux server on its own socket (killed on drop) with one
//! 80×24 window, keys sent with `send-keys`, the screen read with `capture-pane`. Without tmux
//! the tests fail, saying how to install it (`scripts/test` installs it).

use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux server of our own (its own socket), killed on drop.
pub struct Tmux {
    socket: String,
}

/// Fails the test when tmux is missing: a terminal test that cannot run must not pass.
pub fn require_tmux() {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "tmux is not installed: apt-get install tmux (scripts/test installs it)"
    );
}

impl Tmux {
    pub fn new(name: &str) -> Tmux {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        Tmux {
            socket: format!(
                "martian-e2e-{name}-{}-{}",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::Relaxed)
            ),
        }
    }

    pub fn run(&self, args: &[&str]) -> Output {
        let output = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(
            output.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        output
    }

    /// Starts `command` in a detached 80×24 window that stays after the program exits, in an
    /// English environment (a command may set its own locale) with `dir/config` as the user's
    /// configuration directory, where the last setup is remembered.
    pub fn start(&self, dir: &Path, command: &str) {
        let config = dir.join("config");
        let command = format!(
            "env -u LC_MESSAGES LC_ALL=C.UTF-8 LANG=C.UTF-8 XDG_CONFIG_HOME={} {command}",
            config.display()
        );
        self.run(&[
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
            "-c",
            dir.to_str().unwrap(),
            &command,
        ]);
        self.run(&["set-option", "-t", "game", "remain-on-exit", "on"]);
    }

    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "game"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    pub fn screen(&self) -> String {
        let output = self.run(&["capture-pane", "-p", "-t", "game"]);
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    pub fn pane_dead(&self) -> bool {
        let output = self.run(&["display-message", "-p", "-t", "game", "#{pane_dead}"]);
        String::from_utf8_lossy(&output.stdout).trim() == "1"
    }

    /// Waits until the screen shows `text`; panics with the screen after `timeout`.
    pub fn wait_for(&self, text: &str, timeout: Duration) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < timeout,
                "'{text}' never appeared; the screen:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// `command`, then what the terminal is like after it: its exit code, and whether the terminal
/// is back in cooked mode (`stty` shows `icanon` on) — the shell stays so that it can be read.
pub fn then_report(command: &str) -> String {
    format!(
        "sh -c '{command}; echo \"exit code $?\"; \
         if stty -a | grep -q -- -icanon; then echo TERMINAL-RAW; else echo TERMINAL-COOKED; fi; \
         sleep 120'"
    )
}
