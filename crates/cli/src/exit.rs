//! Exit codes: 2 for bad input from the user (usage, a bad transcript or file), 1 for anything
//! else that failed.

use std::process::ExitCode;

/// An error caused by what the user gave: reported with exit code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Prints `error` on stderr and picks the exit code.
pub fn report(error: &anyhow::Error) -> ExitCode {
    eprintln!("martian-dice: {error:#}");
    if error.chain().any(|e| e.is::<UsageError>()) {
        ExitCode::from(2)
    } else {
        ExitCode::FAILURE
    }
}
