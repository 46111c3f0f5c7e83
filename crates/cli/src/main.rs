//! `martian-dice`: the command line. Thin: every subcommand parses its arguments and hands the
//! work to the library crates.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod advise_cmd;
mod arena_cmd;
mod backup_cmd;
mod exit;
mod plain;
mod plot_cmd;
mod replay_cmd;
mod review_cmd;
mod rules_args;
mod rules_cmd;
mod serve_cmd;
mod solve_cmd;
mod solve_trio;
mod train_cmd;
mod tui_cmd;
mod turn_cmd;

// The server makes and drops many small buffers per message (views, JSON, frames); the system
// allocator spent over a tenth of its time on them under load.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Martian Dice: play, keep score, solve, and pit bots against each other.
#[derive(Debug, Parser)]
#[command(name = "martian-dice", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Language of what players read: en or pt-BR (default: from LC_ALL, LC_MESSAGES, LANG).
    #[arg(long, global = true, value_name = "LANG")]
    lang: Option<martian_i18n::Lang>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Pit bots against each other: win rates, confidence intervals, ratings.
    Arena(arena_cmd::ArenaArgs),
    /// Print the complete rules of the game.
    Rules(rules_cmd::RulesArgs),
    /// Check a turn transcript and report the turn.
    Turn(turn_cmd::TurnArgs),
    /// Play a game: full screen on a terminal, line mode with --plain.
    Play(plain::PlayArgs),
    /// Check a game record and show the game turn by turn.
    Replay(replay_cmd::ReplayArgs),
    /// Serve the online game: the page and the WebSocket protocol, stored in SQLite.
    Serve(serve_cmd::ServeArgs),
    /// Copy the server's database while it serves (SQLite's online backup).
    Backup(backup_cmd::BackupArgs),
    /// Solve the game exactly: a turn, a duel, three players, or solo play.
    Solve(solve_cmd::SolveArgs),
    /// The best decision at the end of a turn transcript, with every option's exact value.
    Advise(advise_cmd::AdviseArgs),
    /// Draw a picture of perfect play (SVG or PNG).
    Plot(plot_cmd::PlotArgs),
    /// Review a recorded game: every decision valued and classed, luck and skill, a chart.
    Review(review_cmd::ReviewArgs),
    /// Train on positions from perfect play where a rule of thumb goes wrong.
    Train(train_cmd::TrainArgs),
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let lang = cli.lang.unwrap_or_else(martian_i18n::Lang::from_env);
    match cli.command {
        Some(Command::Arena(args)) => arena_cmd::run(args, lang),
        Some(Command::Rules(args)) => rules_cmd::run(args, lang),
        Some(Command::Turn(args)) => turn_cmd::run(args, lang),
        Some(Command::Play(args)) => tui_cmd::play(plain::PlayArgs { lang, ..args }),
        Some(Command::Replay(args)) => replay_cmd::run(args, lang),
        Some(Command::Serve(args)) => serve_cmd::run(args),
        Some(Command::Backup(args)) => backup_cmd::run(args),
        Some(Command::Solve(args)) => solve_cmd::run(args, lang),
        Some(Command::Advise(args)) => advise_cmd::run(args, lang),
        Some(Command::Plot(args)) => plot_cmd::run(args),
        Some(Command::Review(args)) => review_cmd::run(args, lang),
        Some(Command::Train(args)) => train_cmd::run(args, lang),
        None => tui_cmd::play(plain::PlayArgs {
            lang,
            ..plain::PlayArgs::defaults()
        }),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => exit::report(&error),
    }
}
