//! What an arena found, ready for text or JSON.

use martian_engine::Rules;
use serde::Serialize;

use crate::run::{ArenaConfig, PlayMode, Tally, WIN_UNITS};
use crate::stats::{Z95, bradley_terry_elo, wilson};

/// One seat's record for one bot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatReport {
    /// 0-based seat: seat 0 opens every round.
    pub seat: usize,
    pub games: u64,
    pub wins: f64,
    pub win_rate: f64,
}

/// One entry of the bot list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotReport {
    /// The bot's name, with `#2`, `#3`… on later copies of the same bot.
    pub name: String,
    /// The name as given.
    pub spec: String,
    pub games: u64,
    /// Games won; a shared victory among `k` players counts `1/k`.
    pub wins: f64,
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub ci95: [f64; 2],
    pub seats: Vec<SeatReport>,
    /// Points banked per turn played (busts count as 0).
    pub points_per_turn: f64,
    pub turns: u64,
    /// Games lost by failing to answer.
    pub forfeits: u64,
}

/// A bot's failure during a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorNote {
    /// The game's index, from 0 (its seed is `game_seed(seed, game)`).
    pub game: u64,
    /// The seat that forfeited, from 0.
    pub seat: usize,
    pub bot: String,
    pub message: String,
}

/// What an arena found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaReport {
    pub rules: Rules,
    pub rules_key: String,
    pub seed: u64,
    pub games: u64,
    pub threads: usize,
    /// How the games were played: `turns` (turn-level draws) or `dice`.
    pub mode: PlayMode,
    pub bots: Vec<BotReport>,
    /// Mean rounds per game.
    pub mean_rounds: f64,
    /// Mean turns per game, all seats together.
    pub mean_turns: f64,
    /// Games settled by the death-ray roll-off.
    pub roll_offs: u64,
    /// Games won by several players together (`shared` tie rule).
    pub shared_victories: u64,
    pub forfeits: u64,
    /// Games that ended at the round limit, nobody having reached the target
    /// ([`martian_engine::Rules::round_limit`]): bots that (almost) never score.
    pub at_round_limit: u64,
    /// The first failures, in game order.
    pub errors: Vec<ErrorNote>,
    /// Decisions asked of the bots (`None` in turn-level play, which asks none).
    pub decisions: Option<u64>,
    pub seconds: f64,
    pub games_per_second: f64,
    pub decisions_per_second: Option<f64>,
}

fn rate(part: f64, whole: f64) -> f64 {
    if whole > 0.0 { part / whole } else { 0.0 }
}

fn wins(units: u64) -> f64 {
    units as f64 / WIN_UNITS as f64
}

/// The display names of a bot list: later copies of a name get `#2`, `#3`…
pub(crate) fn entry_names(specs: &[String]) -> Vec<String> {
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let copy = specs[..i].iter().filter(|s| *s == spec).count();
            if copy == 0 {
                spec.clone()
            } else {
                format!("{spec}#{}", copy + 1)
            }
        })
        .collect()
}

impl ArenaReport {
    pub(crate) fn new(
        config: &ArenaConfig,
        mode: PlayMode,
        tally: Tally,
        seconds: f64,
    ) -> ArenaReport {
        let seats = config.bots.len();
        let names = entry_names(&config.bots);
        let bots = tally
            .entries
            .iter()
            .zip(names)
            .zip(&config.bots)
            .map(|((entry, name), spec)| {
                let won = wins(entry.win_units);
                let (lo, hi) = wilson(won, entry.games as f64, Z95);
                BotReport {
                    name,
                    spec: spec.clone(),
                    games: entry.games,
                    wins: won,
                    win_rate: rate(won, entry.games as f64),
                    ci95: [lo, hi],
                    seats: (0..seats)
                        .map(|seat| SeatReport {
                            seat,
                            games: entry.seat_games[seat],
                            wins: wins(entry.seat_win_units[seat]),
                            win_rate: rate(
                                wins(entry.seat_win_units[seat]),
                                entry.seat_games[seat] as f64,
                            ),
                        })
                        .collect(),
                    points_per_turn: rate(entry.points as f64, entry.turns as f64),
                    turns: entry.turns,
                    forfeits: entry.forfeits,
                }
            })
            .collect();
        let games = tally.games as f64;
        ArenaReport {
            rules: config.rules,
            rules_key: config.rules.key(),
            seed: config.seed,
            games: tally.games,
            threads: config.threads,
            mode,
            bots,
            mean_rounds: rate(tally.rounds as f64, games),
            mean_turns: rate(tally.turns as f64, games),
            roll_offs: tally.roll_offs,
            shared_victories: tally.shared,
            forfeits: tally.forfeits,
            at_round_limit: tally.at_round_limit,
            errors: tally.errors,
            decisions: (mode == PlayMode::Dice).then_some(tally.decisions),
            seconds,
            games_per_second: rate(games, seconds),
            decisions_per_second: (mode == PlayMode::Dice)
                .then(|| rate(tally.decisions as f64, seconds)),
        }
    }

    /// The report with its timing and thread count zeroed: what must not depend on the machine.
    pub fn without_timing(&self) -> ArenaReport {
        ArenaReport {
            threads: 0,
            seconds: 0.0,
            games_per_second: 0.0,
            decisions_per_second: self.decisions_per_second.map(|_| 0.0),
            ..self.clone()
        }
    }
}

/// One pair of a round robin: the first bot's record against the second.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairReport {
    pub first: String,
    pub second: String,
    pub games: u64,
    /// The first bot's wins.
    pub wins: f64,
    pub win_rate: f64,
    pub ci95: [f64; 2],
    /// How the pair's games were played.
    pub mode: PlayMode,
}

/// A bot's rating in a round robin.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatedBot {
    pub name: String,
    /// Bradley–Terry rating on the Elo scale, mean 0.
    pub rating: f64,
    pub games: u64,
    pub wins: f64,
    pub win_rate: f64,
}

/// A round robin: every pair in duels.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundRobinReport {
    pub rules: Rules,
    pub rules_key: String,
    pub seed: u64,
    pub games_per_pair: u64,
    /// Names in the order given.
    pub names: Vec<String>,
    /// `matrix[i][j]`: the win rate of bot `i` against bot `j` (`None` on the diagonal).
    pub matrix: Vec<Vec<Option<f64>>>,
    pub pairs: Vec<PairReport>,
    /// Best first.
    pub ratings: Vec<RatedBot>,
    pub seconds: f64,
    pub games_per_second: f64,
}

impl RoundRobinReport {
    pub(crate) fn new(
        config: &ArenaConfig,
        pairs: Vec<((usize, usize), ArenaReport)>,
    ) -> RoundRobinReport {
        let names = entry_names(&config.bots);
        let n = names.len();
        let mut won = vec![vec![0.0; n]; n];
        let mut matrix = vec![vec![None; n]; n];
        let mut games = vec![0u64; n];
        let mut seconds = 0.0;
        let mut total_games = 0u64;
        let pair_reports = pairs
            .iter()
            .map(|&((i, j), ref report)| {
                let (a, b) = (&report.bots[0], &report.bots[1]);
                won[i][j] += a.wins;
                won[j][i] += b.wins;
                matrix[i][j] = Some(a.win_rate);
                matrix[j][i] = Some(b.win_rate);
                games[i] += a.games;
                games[j] += b.games;
                seconds += report.seconds;
                total_games += report.games;
                PairReport {
                    first: names[i].clone(),
                    second: names[j].clone(),
                    games: report.games,
                    wins: a.wins,
                    win_rate: a.win_rate,
                    ci95: a.ci95,
                    mode: report.mode,
                }
            })
            .collect();
        let elo = bradley_terry_elo(&won);
        let mut ratings: Vec<RatedBot> = (0..n)
            .map(|i| {
                let wins: f64 = won[i].iter().sum();
                RatedBot {
                    name: names[i].clone(),
                    rating: elo[i],
                    games: games[i],
                    wins,
                    win_rate: rate(wins, games[i] as f64),
                }
            })
            .collect();
        ratings.sort_by(|a, b| b.rating.total_cmp(&a.rating));
        RoundRobinReport {
            rules: config.rules,
            rules_key: config.rules.key(),
            seed: config.seed,
            games_per_pair: config.games,
            names,
            matrix,
            pairs: pair_reports,
            ratings,
            seconds,
            games_per_second: rate(total_games as f64, seconds),
        }
    }
}
