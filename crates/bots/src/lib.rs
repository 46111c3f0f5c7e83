//! Decision-makers for Martian Dice. Every player that is not a person at a screen is a
//! [`Strategy`]: it sees one read-only [`Situation`] and answers one [`Action`].
//!
//! Bots are made from the names the command line takes with [`create`]; [`catalogue`] lists the
//! built-in ones for pick lists.

mod builtin;
mod card;
mod exec;
mod greedy;
mod optimal;
mod oracle;
mod position_samplers;
pub mod protocol;
mod sampler;
mod skill;

use martian_engine::{Action, GameRng, Points, Rules, Situation, SolveLimit, SolvedGame};
use martian_solver::TurnPlay;

pub use builtin::{Aggressive, Defensive, RandomBot};
pub use card::CardBot;
pub use exec::ExecBot;
pub use greedy::Greedy;
pub use martian_engine::TurnStart;
pub use optimal::Optimal;
pub use oracle::Fallback;
pub use sampler::{MAX_SCORES, SamplerError, TurnScoreSampler};
pub use skill::{LEVELS, Skilled, SkilledPolicy};

/// Why a bot could not be made or could not decide.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BotError {
    /// The bot answered something that is not a legal action, or could not be understood.
    #[error("{bot}: {message}")]
    Misbehaved { bot: String, message: String },
    /// No bot has this name.
    #[error("unknown bot '{spec}'; known bots: {known}")]
    UnknownBot { spec: String, known: String },
    /// A bot in another process could not be started.
    #[error("{bot}: {message}")]
    Spawn { bot: String, message: String },
    /// A bot in another process stopped (exited, closed its output, or could not be written to).
    #[error("{bot} crashed: {message}")]
    Crashed { bot: String, message: String },
    /// A bot in another process did not answer in time.
    #[error("{bot} did not answer within {} ms while {awaiting}", limit.as_millis())]
    TimedOut {
        bot: String,
        limit: std::time::Duration,
        awaiting: String,
    },
    /// The name is known but what follows it is wrong (`strength:abc`, `exec:` with no path, …).
    #[error("bad bot '{spec}': {message}")]
    BadSpec { spec: String, message: String },
}

/// A player that decides by itself.
///
/// `decide` is called only when the situation awaits a decision (a roll awaiting a choice of type,
/// or stop / roll again after a take); it must answer one of `situation.turn.legal_actions()`.
/// Randomness comes from `rng`, so games stay reproducible from their seed.
pub trait Strategy: Send {
    /// The bot's name as the command line takes it (`greedy`, `exec:./bot.py`, …).
    fn name(&self) -> String;

    /// The decision for `situation`.
    fn decide(&mut self, situation: &Situation<'_>, rng: &mut GameRng) -> Result<Action, BotError>;

    /// A game starts in which this bot plays `seat` of `players`. Hosts should call it (bots in
    /// other processes are told of the game here; they start it by themselves on their first
    /// decision otherwise).
    fn new_game(&mut self, rules: Rules, seat: usize, players: usize) -> Result<(), BotError> {
        let _ = (rules, seat, players);
        Ok(())
    }

    /// Whether [`Strategy::new_game`] may load or compute the solver's solutions: a first game
    /// under new rules can then take seconds to prepare (the three-player game much longer), and
    /// a host serving many games should prepare such bots off its main work.
    fn reads_solutions(&self) -> bool {
        false
    }

    /// Why this bot plays a simpler strategy than its name promises, if it does: the exact play
    /// it reads is beyond the solvers' limits for the game (see [`check_limits`]), or could not
    /// be computed. It then plays for the expected score of each turn, as `greedy` does — sound
    /// play that scores whenever it can. Known once [`Strategy::new_game`] or a decision has
    /// met it; hosts tell whoever watches.
    fn fallback(&self) -> Option<&Fallback> {
        None
    }

    /// The game this bot played `seat` in is over.
    fn game_over(&mut self, end: &GameEnd<'_>) {
        let _ = end;
    }

    /// For a bot whose play of a whole turn depends only on where the game stands at its start:
    /// the exact distribution of the turn's final score under its play, as a sampler. A host
    /// may then draw each turn's score from it instead of rolling and asking decision by
    /// decision (turn-level play): the games are distributed exactly alike, some fifty times
    /// faster. `None` (the default) for bots that look at the dice, draw random numbers or talk
    /// to other processes; a bot that offers a sampler at the start of a game must offer one in
    /// every position of that game.
    fn turn_score_sampler(&mut self, start: &TurnStart<'_>) -> Option<&TurnScoreSampler> {
        let _ = start;
        None
    }

    /// How this bot plays a duel under `rules`, for exact valuation
    /// ([`martian_solver::duel_match`]): by the solver's tables, or as a
    /// [`martian_solver::DecisionPolicy`] giving each decision's probabilities — the same
    /// probabilities [`Strategy::decide`] draws from. `None` (the default) for bots whose
    /// decisions are not known in advance (bots in other processes).
    fn turn_play(&self, rules: Rules) -> Option<TurnPlay> {
        let _ = rules;
        None
    }
}

/// How a game ended, as told to the bots that played it.
#[derive(Clone, Copy, Debug)]
pub struct GameEnd<'a> {
    /// The seat of the bot told.
    pub seat: usize,
    /// Final totals in seat order.
    pub scores: &'a [Points],
    /// The winning seats (several under shared victory).
    pub winners: &'a [usize],
    /// The seat that lost by forfeit (a bot that failed to answer), if any.
    pub forfeit: Option<usize>,
}

/// A built-in bot: its name as the command line takes it and what it does, for pick lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotInfo {
    pub name: &'static str,
    pub summary: &'static str,
}

const CATALOGUE: &[BotInfo] = &[
    BotInfo {
        name: "random",
        summary: "takes a random legal type; stops half the time",
    },
    BotInfo {
        name: "aggressive",
        summary: "takes the biggest safe earthling group, never stops by choice",
    },
    BotInfo {
        name: "defensive",
        summary: "secures death rays and stops early",
    },
    BotInfo {
        name: "greedy",
        summary: "maximises the expected score of each turn (exact)",
    },
    BotInfo {
        name: "optimal",
        summary: "maximises the probability of winning the game (exact for up to 3 players)",
    },
    BotInfo {
        name: "easy",
        summary: "a beginner: often picks a slightly worse option, sometimes a bad one",
    },
    BotInfo {
        name: "medium",
        summary: "a fair player: small mistakes now and then",
    },
    BotInfo {
        name: "hard",
        summary: "a strong player: rare, small mistakes",
    },
    BotInfo {
        name: "card-1",
        summary: "follows the best strategy card of 1 line (docs/strategy.md)",
    },
    BotInfo {
        name: "card-3",
        summary: "follows the best strategy card of 3 lines (docs/strategy.md)",
    },
    BotInfo {
        name: "card-5",
        summary: "follows the best strategy card of 5 lines (docs/strategy.md)",
    },
];

/// The built-in bots: the rule-of-thumb bots, the exact ones, then the difficulty levels.
pub fn catalogue() -> &'static [BotInfo] {
    CATALOGUE
}

const NAMES: &[&str] = &[
    "random",
    "aggressive",
    "defensive",
    "greedy",
    "optimal",
    "easy",
    "medium",
    "hard",
    "card-1",
    "card-3",
    "card-5",
];

/// The names of the built-in bots, as in [`catalogue`] (besides these, [`create`] takes
/// `strength:X`, `card:FILE` and `exec:PATH[:ARGS]`).
pub fn names() -> &'static [&'static str] {
    NAMES
}

/// Whether the bot `spec` names plays by the solver's exact solutions — `optimal`, `easy`,
/// `medium`, `hard`, `strength:X` — and so is bound by the solvers' limits. From the name alone:
/// no bot is made, no process started.
pub fn reads_solutions(spec: &str) -> bool {
    let spec = spec.trim();
    spec == "optimal"
        || LEVELS.iter().any(|&(level, _)| level == spec)
        || spec.starts_with("strength:")
}

/// `Err` naming the limit when the bot `spec` names reads exact play that is beyond the solvers'
/// limits for a game of `players` under `rules` ([`SolvedGame::for_players`]): what a host says
/// to whoever chose these rules and this bot. Bots that do not read the solver take every game.
pub fn check_limits(spec: &str, rules: Rules, players: usize) -> Result<(), SolveLimit> {
    if reads_solutions(spec) {
        SolvedGame::for_players(players, rules)?;
    }
    Ok(())
}

/// Settings for the bots [`create_with`] makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotOptions {
    /// How long a bot in another process may think about one decision.
    pub decision_timeout: std::time::Duration,
}

impl BotOptions {
    /// The time limit per decision of bots in other processes unless told otherwise.
    pub const DEFAULT_DECISION_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);
}

impl Default for BotOptions {
    fn default() -> BotOptions {
        BotOptions {
            decision_timeout: BotOptions::DEFAULT_DECISION_TIMEOUT,
        }
    }
}

/// The bot a command-line name describes, for games under `rules`, with default options.
///
/// ```
/// use martian_engine::Rules;
/// let bot = martian_bots::create("defensive", Rules::official()).unwrap();
/// assert_eq!(bot.name(), "defensive");
/// assert!(martian_bots::create("nobody", Rules::official()).is_err());
/// ```
pub fn create(spec: &str, rules: Rules) -> Result<Box<dyn Strategy>, BotError> {
    create_with(spec, rules, &BotOptions::default())
}

/// The bot a command-line name describes, for games under `rules`.
pub fn create_with(
    spec: &str,
    rules: Rules,
    options: &BotOptions,
) -> Result<Box<dyn Strategy>, BotError> {
    if let Some(command) = spec.strip_prefix("exec:") {
        return Ok(Box::new(ExecBot::new(command, options.decision_timeout)?));
    }
    if spec.starts_with("card:") || martian_cards::shipped::by_name(spec).is_some() {
        return Ok(Box::new(CardBot::from_spec(spec.trim())?));
    }
    match spec.trim() {
        "random" => Ok(Box::new(RandomBot)),
        "aggressive" => Ok(Box::new(Aggressive)),
        "defensive" => Ok(Box::new(Defensive)),
        "greedy" => Ok(Box::new(Greedy::new(rules))),
        "optimal" => Ok(Box::new(Optimal::new(rules))),
        name if LEVELS.iter().any(|&(level, _)| level == name) => {
            let strength = LEVELS
                .iter()
                .find(|&&(level, _)| level == name)
                .expect("found")
                .1;
            Ok(Box::new(Skilled::new(name, strength, rules)))
        }
        name if name.starts_with("strength:") => {
            let value = &name["strength:".len()..];
            match value.parse::<f64>() {
                Ok(strength) if (0.0..=1.0).contains(&strength) => {
                    Ok(Box::new(Skilled::new(name, strength, rules)))
                }
                _ => Err(BotError::BadSpec {
                    spec: spec.to_string(),
                    message: format!("the strength must be a number from 0 to 1, not '{value}'"),
                }),
            }
        }
        _ => Err(BotError::UnknownBot {
            spec: spec.to_string(),
            known: format!(
                "{}, strength:X (0 to 1), card:FILE, exec:PATH[:ARGS]",
                names().join(", ")
            ),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_catalogue() {
        let from_catalogue: Vec<_> = catalogue().iter().map(|info| info.name).collect();
        assert_eq!(names(), from_catalogue);
    }

    #[test]
    fn every_catalogued_name_creates_a_bot_of_that_name() {
        for &name in names() {
            let bot = create(name, Rules::official()).unwrap();
            assert_eq!(bot.name(), name);
        }
    }

    #[test]
    fn the_bots_that_read_solutions_say_so() {
        let reading: Vec<_> = names()
            .iter()
            .copied()
            .filter(|name| create(name, Rules::official()).unwrap().reads_solutions())
            .collect();
        assert_eq!(reading, ["optimal", "easy", "medium", "hard"]);
        assert!(
            create("strength:0.5", Rules::official())
                .unwrap()
                .reads_solutions()
        );
    }

    #[test]
    fn the_names_that_read_solutions_are_the_bots_that_do() {
        for name in names().iter().copied().chain(["strength:0.5", " medium "]) {
            let bot = create(name, Rules::official()).unwrap();
            assert_eq!(reads_solutions(name), bot.reads_solutions(), "{name}");
        }
        assert!(!reads_solutions("exec:./optimal"));
    }

    #[test]
    fn only_bots_that_read_solutions_meet_the_limits() {
        let far = Rules::official().with_target(999).unwrap();
        for name in ["optimal", "easy", "medium", "hard", "strength:0.9"] {
            let limit = check_limits(name, far, 2).unwrap_err();
            assert_eq!(limit.max_target, 758, "{name}");
            assert_eq!(check_limits(name, far, 1), Ok(()), "alone, {name}");
        }
        for name in ["greedy", "random", "aggressive", "defensive", "exec:./bot"] {
            assert_eq!(check_limits(name, far, 2), Ok(()), "{name}");
        }
        assert_eq!(check_limits("medium", Rules::official(), 8), Ok(()));
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let error = create("cleverest", Rules::official()).err().unwrap();
        let text = error.to_string();
        assert!(text.contains("cleverest"), "{text}");
        for name in names() {
            assert!(text.contains(name), "{text}");
        }
    }
}
