//! `martian-dice`: the command line. Thin: every subcommand parses its arguments and hands the
//! work to the library crates.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;
mod output;
mod rules_args;

use cmd::{
    accounts, advise, arena, backup, card, challenge, play, plot, replay, review, rules, serve,
    solve, train, turn,
};

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
    #[arg(long, global = true, env = "MARTIAN_DICE_LANG", value_name = "LANG")]
    lang: Option<martian_i18n::Lang>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Pit bots against each other: win rates, confidence intervals, ratings.
    Arena(arena::ArenaArgs),
    /// Print the complete rules of the game.
    Rules(rules::RulesArgs),
    /// Check a turn transcript and report the turn.
    Turn(turn::TurnArgs),
    /// Play a game: full screen on a terminal, line mode with --plain.
    Play(play::plain::PlayArgs),
    /// Check a game record and show the game turn by turn.
    Replay(replay::ReplayArgs),
    /// Serve the online game: the page and the WebSocket protocol, stored in SQLite.
    Serve(Box<serve::ServeArgs>),
    /// The players' accounts on the server's database: list, show, create, rename, disable, delete.
    Accounts(accounts::AccountsArgs),
    /// Copy the server's database while it serves (SQLite's online backup).
    Backup(backup::BackupArgs),
    /// Solve the game exactly: a turn, a duel, three players, or solo play.
    Solve(solve::SolveArgs),
    /// The best decision at the end of a turn transcript, with every option's exact value.
    Advise(advise::AdviseArgs),
    /// Draw a picture of perfect play (SVG or PNG).
    Plot(plot::PlotArgs),
    /// Review a recorded game: every decision valued and classed, luck and skill, a chart.
    Review(review::ReviewArgs),
    /// Train on positions from perfect play, chosen for what they teach.
    Train(train::TrainArgs),
    /// Value a strategy card exactly, or search for the best cards of a few lines.
    Card(card::CardArgs),
    /// Play the day's challenge (the same dice for everyone), graded against perfect play.
    Challenge(challenge::ChallengeArgs),
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let lang = cli.lang.unwrap_or_else(martian_i18n::Lang::from_env);
    match cli.command {
        Some(Command::Arena(args)) => arena::run(args, lang),
        Some(Command::Rules(args)) => rules::run(args, lang),
        Some(Command::Turn(args)) => turn::run(args, lang),
        Some(Command::Play(args)) => play::play(play::plain::PlayArgs { lang, ..args }),
        Some(Command::Replay(args)) => replay::run(args, lang),
        Some(Command::Serve(args)) => serve::run(*args),
        Some(Command::Backup(args)) => backup::run(args),
        Some(Command::Accounts(args)) => accounts::run(args),
        Some(Command::Solve(args)) => solve::run(args, lang),
        Some(Command::Advise(args)) => advise::run(args, lang),
        Some(Command::Plot(args)) => plot::run(args),
        Some(Command::Review(args)) => review::run(args, lang),
        Some(Command::Train(args)) => train::run(args, lang),
        Some(Command::Card(args)) => card::run(args, lang),
        Some(Command::Challenge(args)) => challenge::run(args, lang),
        None => play::play(play::plain::PlayArgs {
            lang,
            ..play::plain::PlayArgs::defaults()
        }),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            use clap::CommandFactory;
            if let Some(note) = output::environment_note(&error, &Cli::command()) {
                eprintln!("{note}");
            }
            error.exit()
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => output::report(&error),
    }
}
