//! `martian-dice`: the command line. Thin: every subcommand parses its arguments and hands the
//! work to the library crates.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod exit;
mod plain;
mod rules_args;
mod turn_cmd;

/// Martian Dice: play, keep score, solve, and pit bots against each other.
#[derive(Debug, Parser)]
#[command(name = "martian-dice", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check a turn transcript and report the turn.
    Turn(turn_cmd::TurnArgs),
    /// Play a game (line mode with --plain).
    Play(plain::PlayArgs),
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Some(Command::Turn(args)) => turn_cmd::run(args),
        Some(Command::Play(args)) => plain::run(args),
        None => plain::run(plain::PlayArgs::defaults()),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => exit::report(&error),
    }
}
