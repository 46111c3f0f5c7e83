//! `martian-dice replay FILE`: checks a game record against its rules and shows the game.

use std::io::{IsTerminal, Read};
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use martian_engine::{
    EndRule, Game, GameRecord, GameState, PlayerInfo, Points, RecordError, RollOffRoll, Rules,
};
use martian_i18n::{Lang, Messages, errors};
use serde::Serialize;

use crate::cmd::play::plain::messages as msg;
use crate::output::UsageError;
use crate::output::emit;

/// Check a game record and show the game turn by turn.
///
/// The record is replayed under its rules: every roll, take and score is checked, then the
/// roll-off and the result. A record that breaks the rules is rejected with the turn and step.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The game record (JSON, as `play --record` writes it), or - for standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print one JSON object with the players, rules, scores and winners.
    #[arg(long, conflicts_with = "plain")]
    pub json: bool,
    /// Print the game as text, turn by turn (the default when the output is not a terminal).
    #[arg(long)]
    pub plain: bool,
}

/// How the replayed game is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum View {
    Json,
    Listing,
    /// A person at a terminal asked for nothing in particular.
    Interactive,
}

fn choose_view(args: &ReplayArgs) -> View {
    if args.json {
        View::Json
    } else if args.plain || !std::io::stdout().is_terminal() {
        View::Listing
    } else {
        View::Interactive
    }
}

/// Checks the record and shows the game; `lang` is the language of the listing and of the
/// error on stderr (`--json` stays English).
pub fn run(args: ReplayArgs, lang: Lang) -> Result<()> {
    let m = lang.messages();
    let view = choose_view(&args);
    let (record, game) = match load(&args, m) {
        Ok(loaded) => loaded,
        Err((failure, message)) => {
            if view == View::Json {
                emit(&(serde_json::to_string(&failure)? + "\n"))?;
            }
            return Err(UsageError(message).into());
        }
    };
    match view {
        View::Json => emit(&(serde_json::to_string_pretty(&summary(&record, &game))? + "\n"))?,
        View::Listing => emit(&listing(&record, &game, m))?,
        View::Interactive => crate::cmd::play::replay(record, lang)?,
    }
    Ok(())
}

/// Why a record was rejected, as `--json` prints it.
#[derive(Debug, Serialize)]
struct Failure {
    error: String,
    turn: Option<usize>,
    step: Option<usize>,
}

impl From<RecordError> for Failure {
    fn from(error: RecordError) -> Failure {
        Failure {
            turn: error.turn(),
            step: error.step(),
            error: error.to_string(),
        }
    }
}

/// Reads and replays the record: the record and the game at its end; else why not, for
/// `--json` and in words for a person.
fn load(args: &ReplayArgs, m: &Messages) -> Result<(GameRecord, Game), (Failure, String)> {
    let cannot_read = |e: std::io::Error| {
        let failure = Failure {
            error: format!("cannot read {}: {e}", args.file.display()),
            turn: None,
            step: None,
        };
        (failure, msg::replay_cannot_read(m, &args.file, &e))
    };
    let text = if args.file.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(cannot_read)?;
        text
    } else {
        std::fs::read_to_string(&args.file).map_err(cannot_read)?
    };
    let rejected = |error: RecordError| {
        let message = errors::record_error(m, &error);
        (Failure::from(error), message)
    };
    let record = GameRecord::from_json(&text).map_err(rejected)?;
    let game = record.replay().map_err(rejected)?;
    Ok((record, game))
}

/// The replayed game, as `--json` prints it.
#[derive(Debug, Serialize)]
struct Summary<'a> {
    players: &'a [PlayerInfo],
    rules: Rules,
    seed: Option<u64>,
    finished: bool,
    /// Totals in seat order.
    scores: &'a [Points],
    /// Winning seats (0-based), empty while unfinished.
    winners: Vec<usize>,
    winner_names: Vec<&'a str>,
    turns: usize,
    rounds: u32,
    /// The seat whose total first reached the target.
    triggered_by: Option<usize>,
    roll_off: &'a [Vec<RollOffRoll>],
}

fn summary<'a>(record: &'a GameRecord, game: &'a Game) -> Summary<'a> {
    let winners = game
        .outcome()
        .map(|o| o.winners.clone())
        .unwrap_or_default();
    Summary {
        players: &record.players,
        rules: record.rules,
        seed: record.seed,
        finished: game.is_over(),
        scores: game.scores(),
        winner_names: winners
            .iter()
            .map(|&s| record.players[s].name.as_str())
            .collect(),
        winners,
        turns: record.turns.len(),
        rounds: game.history().last().map_or(0, |log| log.round),
        triggered_by: game.triggered_by(),
        roll_off: &record.roll_off,
    }
}

/// The game turn by turn, as text.
fn listing(record: &GameRecord, game: &Game, m: &Messages) -> String {
    let rules = record.rules;
    // The person at the screen by the default name, in the reader's language.
    let names: Vec<String> = record
        .players
        .iter()
        .map(|p| martian_i18n::vocab::player_name(m, &p.name))
        .collect();
    let name = |seat: usize| names[seat].as_str();
    let mut lines = vec![msg::replay_rules(m, rules)];
    for (seat, player) in record.players.iter().enumerate() {
        lines.push(msg::replay_player(
            m,
            seat,
            name(seat),
            player.bot.as_deref(),
        ));
    }
    if let Some(seed) = record.seed {
        lines.push(msg::replay_seed(m, seed));
    }
    let mut totals: Vec<Points> = vec![0; record.players.len()];
    let mut reached = false;
    let history = game.history();
    for (index, log) in history.iter().enumerate() {
        if index == 0 || history[index - 1].round != log.round {
            lines.push(msg::replay_round(m, log.round));
        }
        totals[log.seat] += log.turn.score();
        let end = log.turn.ended_by().expect("a finished turn");
        let score = martian_i18n::vocab::score_explained(m, rules, log.turn.aside());
        // In the reader's letters and words (V, G, parar in Portuguese), as the screens show them.
        let transcript = martian_i18n::vocab::transcript(m, &log.transcript());
        lines.push(msg::replay_turn(
            m,
            name(log.seat),
            &transcript,
            &score,
            end,
            totals[log.seat],
        ));
        if !reached && totals[log.seat] >= rules.target() {
            reached = true;
            lines.push(msg::replay_indented(msg::reached_target(
                m,
                name(log.seat),
                totals[log.seat],
                rules.target(),
            )));
            if log.seat + 1 < record.players.len() && rules.end() == EndRule::CompleteRound {
                lines.push(msg::replay_indented(msg::final_round(m)));
            }
        }
        // The last turn of an unfinished game ends its round only if the game has moved on.
        let round_over = match history.get(index + 1) {
            Some(next) => next.round != log.round,
            None => !matches!(game.state(), GameState::Playing) || game.round() != log.round,
        };
        if round_over && record.players.len() > 1 {
            let rows: Vec<(&str, Points)> =
                (0..totals.len()).map(|s| (name(s), totals[s])).collect();
            lines.push(msg::replay_totals(m, log.round, &rows));
        }
    }
    if !game.turn_steps().is_empty() {
        // An unfinished turn that opens a round (the game's first, say) opens it in the listing.
        if history.last().is_none_or(|last| last.round != game.round()) {
            lines.push(msg::replay_round(m, game.round()));
        }
        let transcript = martian_engine::Transcript::from_log_steps(game.turn_steps());
        lines.push(msg::replay_turn_unfinished(
            m,
            name(game.seat()),
            &martian_i18n::vocab::transcript(m, &transcript),
        ));
    }
    if let Some(roll_off) = game.roll_off() {
        // Those tied at the start are the first round's rollers (or, before anyone rolled, the
        // contenders).
        let tied: Vec<usize> = match roll_off.rounds().first() {
            Some(first) if !first.is_empty() => first.iter().map(|r| r.seat).collect(),
            _ => roll_off.contenders().to_vec(),
        };
        let tied_total = game.scores()[tied[0]];
        let tied: Vec<&str> = tied.iter().map(|&s| name(s)).collect();
        lines.push(msg::replay_roll_off_title(m, &tied, tied_total));
        for (number, round) in roll_off.rounds().iter().enumerate() {
            if round.is_empty() {
                continue;
            }
            let rolls: Vec<(&str, martian_engine::Dice)> =
                round.iter().map(|r| (name(r.seat), r.roll)).collect();
            lines.push(msg::replay_roll_off_round(m, number + 1, &rolls));
        }
    }
    match game.state() {
        GameState::Over(outcome) => {
            let best = outcome.scores[outcome.winners[0]];
            if let [winner] = outcome.winners[..] {
                lines.push(msg::winner(m, name(winner), best));
            } else {
                let names: Vec<&str> = outcome.winners.iter().map(|&s| name(s)).collect();
                lines.push(msg::shared_victory(m, &names, best));
            }
        }
        GameState::RollOff(roll_off) => {
            lines.push(msg::replay_roll_off_unfinished(
                m,
                name(roll_off.next_seat()),
            ));
        }
        GameState::Playing => {
            lines.push(msg::replay_unfinished(m, name(game.seat()), game.round()));
        }
    }
    lines.iter().map(|line| format!("{line}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(turns: &[&str]) -> String {
        let turns: Vec<String> = turns
            .iter()
            .enumerate()
            .map(|(i, transcript)| {
                format!(
                    r#"{{"seat":{},"round":{},"transcript":"{transcript}","score":0}}"#,
                    i % 2,
                    i / 2 + 1
                )
            })
            .collect();
        let json = format!(
            r#"{{"format":"martian-dice-record","version":1,"rules":{{"dice":13,"target":25,"bonus":"one-of-each","end":"complete-round","tie":"roll-off"}},"players":[{{"name":"Ana"}},{{"name":"Bob"}}],"turns":[{}]}}"#,
            turns.join(",")
        );
        let record = GameRecord::from_json(&json).unwrap();
        let game = record.replay().unwrap();
        listing(&record, &game, Lang::En.messages())
    }

    #[test]
    fn totals_follow_complete_rounds_only() {
        let half = listed(&["13T"]);
        assert!(!half.contains("Totals after round 1"), "{half}");
        assert!(half.ends_with("The game is unfinished: Bob is to play in round 1.\n"));
        let whole = listed(&["13T", "13T", "13T"]);
        assert!(
            whole.contains("  Totals after round 1: Ana 0, Bob 0.\n"),
            "{whole}"
        );
        assert!(!whole.contains("Totals after round 2"), "{whole}");
    }
}
