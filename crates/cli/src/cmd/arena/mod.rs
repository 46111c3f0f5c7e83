//! `martian-dice arena`: bots against bots, with win rates, confidence intervals and ratings.
//! The text it prints is in [`messages`].

use std::io::IsTerminal;
use std::time::Duration;

use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use martian_arena::{ArenaConfig, ArenaError, ArenaReport, PlayMode, RoundRobinReport};
use martian_bots::{BotError, BotOptions};

use crate::output::{UsageError, emit};
use crate::rules_args::RulesArgs;

mod messages;

/// Pit bots against each other: win rates, confidence intervals, ratings.
#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct ArenaArgs {
    /// The bots, one per seat (2 to 8; the same bot may appear twice), separated by commas.
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "BOT,BOT,…",
        required_unless_present = "round_robin",
        conflicts_with = "round_robin"
    )]
    pub bots: Vec<String>,
    /// Every pair of these bots plays duels; prints the win matrix and Bradley–Terry ratings.
    #[arg(long, value_delimiter = ',', value_name = "BOT,BOT,…")]
    pub round_robin: Vec<String>,
    /// Games to play (per pair in a round robin).
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// Seed of the dice (default: a fresh one, printed so that the run can be repeated).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Time a bot in another process gets per decision, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = BotOptions::DEFAULT_DECISION_TIMEOUT.as_millis() as u64)]
    pub time_limit: u64,
    /// How to play: `turns` draws each turn's score from the exact distribution of the bot's
    /// play (greedy, optimal and the strategy cards only; some fifty times faster), `dice`
    /// rolls every die and asks every decision. Default: turns when every bot can, else dice.
    #[arg(long, value_enum, value_name = "MODE")]
    pub mode: Option<ModeArg>,
    /// Compute the duel's win rates exactly instead of playing games: for two bots whose
    /// decisions are known in advance (every built-in bot, level and card:FILE).
    #[arg(long, conflicts_with_all = ["round_robin", "mode", "games", "seed", "threads"])]
    pub exact: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The values of `--mode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    /// Each turn's score drawn from the exact distribution of the bot's play.
    Turns,
    /// Every die rolled, every decision asked.
    Dice,
}

impl From<ModeArg> for PlayMode {
    fn from(mode: ModeArg) -> PlayMode {
        match mode {
            ModeArg::Turns => PlayMode::Turns,
            ModeArg::Dice => PlayMode::Dice,
        }
    }
}

const AFTER_HELP: &str = "\
Bots:
  random, aggressive, defensive   rules of thumb
  greedy                          maximises each turn's expected score (exact)
  optimal                         maximises the probability of winning (exact for 1-3 players)
  easy, medium, hard, strength:X  levels for people (X from 0 to 1; 1 plays like optimal)
  card-1, card-3, card-5          the best strategy cards of 1, 3 and 5 lines (docs/strategy.md)
  card-pocket, card-club          cards to carry: at most 3 and 8 conditions (docs/strategy.md)
  card-expert, card-7-lines       the best card of 7 lines, with and without its default written
  card:FILE                       a strategy card of your own (docs/strategy.md)
  exec:PATH[:ARGS]                a program speaking the bot protocol (docs/bot-protocol.md)

Seats rotate every game so that each bot plays each seat equally often (exactly when the number
of games is a multiple of the number of seats). A shared victory counts 1/k of a win for each of
k winners. A bot that crashes, hangs or answers nonsense loses that game by forfeit and is
restarted for the next. The same seed gives the same results whatever the number of threads.

Modes: when every bot is greedy, optimal or a strategy card (card-1, card-3, card-5, card:FILE),
whose play of a turn depends only on the position, the arena plays turn-level (--mode turns):
each turn's final score is drawn in one step from the exact distribution of the bot's play from
that position, so games are distributed exactly as with every die rolled, some fifty times
faster (no decisions are asked, so none are counted). The levels (easy, medium, hard,
strength:X) draw random numbers, and random, aggressive, defensive and exec: bots are asked
decision by decision: with any of them the arena rolls every die (--mode dice), as it does
whatever the bots when asked to.

Exact: --exact computes a duel's win rates, from each seat and over both, instead of sampling
them: each bot's decisions are valued exactly over every position of the game (the solver's
recursion with both sides fixed). Any two bots but exec: ones, under any rules.

Examples:
  martian-dice arena --bots optimal,greedy --games 1000000
  martian-dice arena --bots greedy,exec:python3:examples/python/bot.py --games 1000
  martian-dice arena --round-robin random,aggressive,defensive,greedy --games 20000
  martian-dice arena --bots card:my-card.txt,optimal --exact";

/// Turns arena errors caused by what the user typed into usage errors (exit code 2).
fn classify(error: ArenaError, m: &martian_i18n::Messages) -> anyhow::Error {
    match error {
        ArenaError::Bot(BotError::UnknownBot { .. } | BotError::BadSpec { .. })
        | ArenaError::Seats(_)
        | ArenaError::RoundRobinBots(_)
        | ArenaError::NoGames
        | ArenaError::NoThreads
        | ArenaError::ExactSeats(_)
        | ArenaError::NotExact(_) => UsageError(error.to_string()).into(),
        ArenaError::NoTurnLevelPlay(_) => UsageError(format!("{error}; use --mode dice")).into(),
        ArenaError::BeyondLimit { bot, limit } => UsageError(format!(
            "{bot}: {}",
            martian_i18n::errors::solve_limit_for_bots(m, &limit)
        ))
        .into(),
        ArenaError::Match(martian_solver::MatchError::Limit(limit)) => {
            UsageError(martian_i18n::errors::solve_limit_for_bots(m, &limit)).into()
        }
        other => other.into(),
    }
}

fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    martian_arena::game_seed(nanos, u64::from(std::process::id()))
}

/// A progress bar on stderr when it is a terminal; nothing otherwise.
fn progress_bar(total: u64) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    Some(bar)
}

pub fn run(args: ArenaArgs, lang: martian_i18n::Lang) -> Result<()> {
    let m = lang.messages();
    let rules = args.rules.rules()?;
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let round_robin = !args.round_robin.is_empty();
    let bots = if round_robin {
        args.round_robin.clone()
    } else {
        args.bots.clone()
    };
    let config = ArenaConfig {
        rules,
        bots: bots.iter().map(|b| b.trim().to_string()).collect(),
        games: args.games,
        seed: args.seed.unwrap_or_else(fresh_seed),
        threads,
        bot_options: BotOptions {
            decision_timeout: Duration::from_millis(args.time_limit.max(1)),
        },
        mode: args.mode.map(PlayMode::from),
    };
    if args.exact {
        let report = martian_arena::exact(&config).map_err(|e| classify(e, m))?;
        return if args.json {
            emit(&format!("{}\n", serde_json::to_string_pretty(&report)?))
        } else {
            emit(&messages::exact(m, &report))
        };
    }
    let pairs = if round_robin {
        (bots.len() * bots.len().saturating_sub(1) / 2) as u64
    } else {
        1
    };
    let bar = progress_bar(args.games.saturating_mul(pairs));
    let progress = |games: u64| {
        if let Some(bar) = &bar {
            bar.inc(games);
        }
    };
    if round_robin {
        let report = martian_arena::round_robin(&config, &progress).map_err(|e| classify(e, m))?;
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        if args.json {
            emit(&format!("{}\n", serde_json::to_string_pretty(&report)?))?;
        } else {
            emit(&messages::round_robin(m, &report))?;
        }
    } else {
        let report = martian_arena::run(&config, &progress).map_err(|e| classify(e, m))?;
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        if args.json {
            emit(&format!("{}\n", serde_json::to_string_pretty(&report)?))?;
        } else {
            emit(&messages::arena(m, &report))?;
        }
    }
    Ok(())
}
