//! Where every command's output goes: text to stdout (a reader that went away is not an error),
//! and errors to stderr with the exit code: 2 for bad input from the user (usage, a bad
//! transcript or file), 1 for anything else that failed.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;

/// An error caused by what the user gave: reported with exit code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

impl UsageError {
    /// Rules beyond what the exact solvers take, in the reader's language.
    pub fn beyond(m: &martian_i18n::Messages, limit: &martian_engine::SolveLimit) -> UsageError {
        UsageError(martian_i18n::errors::solve_limit_error(m, limit))
    }

    /// The same where bots are chosen: with what to choose instead.
    pub fn beyond_for_bots(
        m: &martian_i18n::Messages,
        limit: &martian_engine::SolveLimit,
    ) -> UsageError {
        UsageError(martian_i18n::errors::solve_limit_for_bots(m, limit))
    }
}

/// An error already written to the log (`serve --log-format json`): only its exit code is left
/// to give, 2 if it was a usage error.
#[derive(Debug)]
pub struct Logged {
    usage: bool,
}

impl Logged {
    pub fn after(error: &anyhow::Error) -> Logged {
        Logged {
            usage: error.chain().any(|e| e.is::<UsageError>()),
        }
    }
}

impl std::fmt::Display for Logged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("see the log")
    }
}

impl std::error::Error for Logged {}

/// Writes `text` to stdout. A reader that went away (`| head`) is not an error: there is
/// nobody left to tell.
pub fn emit(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// Whether `error` is stdout's reader having gone away: the end of the output, not a failure.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<std::io::Error>()
        .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}

/// Prints `error` on stderr and picks the exit code.
pub fn report(error: &anyhow::Error) -> ExitCode {
    if let Some(logged) = error.downcast_ref::<Logged>() {
        return ExitCode::from(if logged.usage { 2 } else { 1 });
    }
    eprintln!("martian-dice: {error:#}");
    if error.chain().any(|e| e.is::<UsageError>()) {
        ExitCode::from(2)
    } else {
        ExitCode::FAILURE
    }
}

/// When clap refuses a value that came from an environment variable (a service's settings file:
/// `MARTIAN_DICE_LANG=fr`), the line that names the variable, which clap's own message does not
/// (it names the flag, which nobody typed).
pub fn environment_note(error: &clap::Error, command: &clap::Command) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.as_str()),
        _ => None,
    };
    let flag = text(ContextKind::InvalidArg)?;
    text(ContextKind::InvalidValue)?;
    let typed: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let (long, variable) = arguments(command).into_iter().find(|(long, _)| {
        flag.strip_prefix("--")
            .and_then(|rest| rest.strip_prefix(long.as_str()))
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '=']))
    })?;
    let set = std::env::var_os(&variable)?;
    let on_command_line = typed.iter().any(|arg| {
        arg.to_str()
            .is_some_and(|arg| arg == format!("--{long}") || arg.starts_with(&format!("--{long}=")))
    });
    // Not typed, so the environment gave it (a default is never refused).
    (!on_command_line).then(|| {
        format!(
            "martian-dice: the environment variable {variable} ({}) is not a valid --{long}: fix or unset it",
            set.to_string_lossy()
        )
    })
}

/// Every argument of `command` and its subcommands that has an environment variable: its long
/// name and the variable.
fn arguments(command: &clap::Command) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = command
        .get_arguments()
        .filter_map(|arg| {
            let variable = arg.get_env()?.to_str()?.to_string();
            Some((arg.get_long()?.to_string(), variable))
        })
        .collect();
    for sub in command.get_subcommands() {
        found.extend(arguments(sub));
    }
    found
}
