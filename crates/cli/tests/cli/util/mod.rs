//! What the tests share: the binary run as a user runs it, its output, scratch directories;
//! `serve` processes ([`serve`]) and a terminal of the tests' own ([`tmux`]).

#![allow(dead_code)] // each module uses its part

pub mod play;
pub mod serve;
pub mod tmux;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

/// The binary under test, built by Cargo for this test run.
pub const BIN: &str = env!("CARGO_BIN_EXE_martian-dice");

/// The variables the binary reads to choose its language: its own and the locale's.
const LOCALE_VARIABLES: [&str; 4] = ["MARTIAN_DICE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"];

/// The binary with no locale in its environment: it speaks English unless told otherwise. Its
/// configuration directory is the tests' own (what the program remembers stays out of the
/// user's): a test that looks at it sets its own `XDG_CONFIG_HOME`.
pub fn without_locale() -> Command {
    static CONFIG: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let mut command = Command::new(BIN);
    for name in LOCALE_VARIABLES {
        command.env_remove(name);
    }
    command.env(
        "XDG_CONFIG_HOME",
        CONFIG.get_or_init(|| unique_path("config")),
    );
    command
}

/// The binary in an English locale (`LC_ALL=en`), whatever the machine's.
pub fn martian_dice() -> Command {
    let mut command = without_locale();
    command.env("LC_ALL", "en");
    command
}

/// Runs `command` with `input` on its standard input, collecting stdout and stderr.
pub fn run_with_input(command: &mut Command, input: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().expect("the binary runs")
}

/// Standard output, which must be UTF-8.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error, which must be UTF-8.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// The JSON value on standard output of a run that succeeded.
#[track_caller]
pub fn json_stdout(output: &Output) -> Value {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("JSON on stdout")
}

/// A fresh, empty directory of the calling test's own: named after the test module that asks and
/// `name`, and numbered, so that tests running at once in this process never share one.
#[track_caller]
pub fn scratch(name: &str) -> PathBuf {
    let dir = unique_path(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A path of the calling test's own that does not exist yet (for a cache the binary creates).
#[track_caller]
pub fn unique_path(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let module = std::path::Path::new(std::panic::Location::caller().file())
        .file_stem()
        .and_then(|stem| stem.to_str())
        .unwrap_or("test")
        .to_string();
    let number = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "martian-dice-tests-{}/{module}-{name}-{number}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
