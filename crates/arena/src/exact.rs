//! `--exact`: a duel's win rates computed instead of sampled. Each bot's decisions are known in
//! advance ([`martian_bots::Strategy::turn_play`]), so the solver values the pair exactly
//! ([`martian_solver::duel_match`]): the chance of each bot from each seat, and over both seats
//! as the arena rotates them.

use std::time::Instant;

use martian_engine::Rules;
use martian_solver::duel_match;
use serde::Serialize;

use crate::ArenaError;
use crate::report::entry_names;
use crate::run::ArenaConfig;

/// One seat's exact chance for one bot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactSeat {
    /// 0-based seat: seat 0 opens every round.
    pub seat: usize,
    pub win_rate: f64,
}

/// One bot's exact chances.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactBot {
    /// The bot's name, with `#2` on a second copy of the same bot.
    pub name: String,
    /// The name as given.
    pub spec: String,
    /// The chance to win over both seats equally; a shared victory counts half.
    pub win_rate: f64,
    pub seats: Vec<ExactSeat>,
}

/// The exact chances of a duel, in the shape of the sampled arena's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactReport {
    pub rules: Rules,
    pub rules_key: String,
    /// Always `exact`.
    pub mode: &'static str,
    pub bots: Vec<ExactBot>,
    pub seconds: f64,
}

/// The exact chances of the two bots of `config` (its games, seed and threads play no part).
pub fn exact(config: &ArenaConfig) -> Result<ExactReport, ArenaError> {
    if config.bots.len() != 2 {
        return Err(ArenaError::ExactSeats(config.bots.len()));
    }
    let started = Instant::now();
    let plays = config
        .bots
        .iter()
        .map(|spec| {
            let bot = martian_bots::create_with(spec, config.rules, &config.bot_options)?;
            bot.turn_play(config.rules)
                .ok_or_else(|| ArenaError::NotExact(bot.name()))
        })
        .collect::<Result<Vec<_>, ArenaError>>()?;
    let value = duel_match(config.rules, [&plays[0], &plays[1]])?;
    let seconds = started.elapsed().as_secs_f64();
    let bots = entry_names(&config.bots)
        .into_iter()
        .zip(&config.bots)
        .enumerate()
        .map(|(player, (name, spec))| ExactBot {
            name,
            spec: spec.clone(),
            win_rate: value.win(player),
            seats: (0..2)
                .map(|seat| ExactSeat {
                    seat,
                    win_rate: value.seat_wins[player][seat],
                })
                .collect(),
        })
        .collect();
    Ok(ExactReport {
        rules: config.rules,
        rules_key: config.rules.key(),
        mode: "exact",
        bots,
        seconds,
    })
}
