//! Martian Dice tournaments: bots against bots, reproducible from a seed.
//!
//! [`run`] plays `games` games between the bots of an [`ArenaConfig`], rotating the seats so that
//! every bot plays every seat equally often (exactly when `games` is a multiple of the number of
//! seats), on as many threads as asked. Game `i` is played with dice from a generator seeded by
//! `(seed, i)` and every tally is an integer sum, so the report is the same whatever the number
//! of threads. [`round_robin`] plays every pair of bots in duels and rates them.
//!
//! Two ways to play ([`PlayMode`]): die by die, every decision asked of the bots; or turn-level,
//! for bots whose play of a whole turn depends only on the position at its start (`greedy`,
//! `optimal`): each turn's final score is drawn in one step from the exact distribution of the
//! bot's play ([`martian_bots::Strategy::turn_score_sampler`]) and banked on a
//! [`martian_engine::Scoreboard`], which applies the end-of-game rules. The games are then
//! distributed exactly as with every die rolled, at a few draws per game instead of about ninety
//! decisions and sixty rolls; the same seed gives other games than die by die, of course.
//!
//! [`exact`] computes a duel's win rates instead of sampling them, for bots whose decisions are
//! known in advance (every built-in bot and strategy card).
//!
//! Shared victories (the `shared` tie rule) count fractionally: each of `k` winners is credited
//! with `1/k` of a win. A bot that fails to answer (a crash, a time-out, an illegal or garbled
//! answer) loses the game by forfeit: the game stops there and the leader among the other seats
//! wins (tied leaders share the win). Games between bots that never score end at the engine's
//! round limit ([`martian_engine::Rules::round_limit`]), like any game; the report counts them.
//! Bots that read the solver's exact play are refused under rules beyond its limits
//! ([`martian_bots::check_limits`]) before any game is played.

mod exact;
mod report;
mod run;
pub mod stats;

pub use exact::{ExactBot, ExactReport, ExactSeat, exact};
pub use report::{
    ArenaReport, BotReport, ErrorNote, PairReport, RatedBot, RoundRobinReport, SeatReport,
};
pub use run::{ArenaConfig, PlayMode, game_seed, round_robin, run};

/// What keeps an arena from running.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    #[error("an arena seats from 2 to {max} bots, not {0}", max = martian_engine::MAX_PLAYERS)]
    Seats(usize),
    #[error("a round robin needs at least 2 bots, not {0}")]
    RoundRobinBots(usize),
    #[error("the number of games must be at least 1")]
    NoGames,
    #[error("the number of threads must be at least 1")]
    NoThreads,
    #[error(
        "{0} cannot be played turn-level: only bots whose play of a turn depends on the position alone can (greedy, optimal)"
    )]
    NoTurnLevelPlay(String),
    #[error(transparent)]
    Bot(#[from] martian_bots::BotError),
    #[error("exact values are for duels: 2 bots, not {0}")]
    ExactSeats(usize),
    #[error(
        "{0} cannot be valued exactly: only bots whose decisions are known in advance can (every built-in bot and card, not exec: bots)"
    )]
    NotExact(String),
    #[error(transparent)]
    Match(#[from] martian_solver::MatchError),
    /// A bot reads exact play beyond the solvers' limits under the rules.
    #[error("{bot}: {limit}")]
    BeyondLimit {
        bot: String,
        limit: martian_engine::SolveLimit,
    },
}
