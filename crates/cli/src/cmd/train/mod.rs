//! `martian-dice train`: the trainer in line mode. Positions from `martian-review`'s trainer, the
//! player's choice read from standard input (a script works as well as a person), every option's
//! value shown after each answer, and a running score. End of input ends the session with the
//! score.

use std::io::BufRead;

use anyhow::Result;
use clap::{Args, ValueEnum};
use martian_engine::{Action, Face, Turn, TurnPhase};
use martian_i18n::{Lang, Messages, tr, vocab};
use martian_review::{Measure, Theme, Trainer, TrainerConfig, TrainerError, TrainingPosition};

use crate::cmd::review::messages::{self as msg, Numbers};
use crate::output::UsageError;
use crate::output::emit;
use crate::rules_args::RulesArgs;

/// Train on positions from perfect play where one option is clearly best and a rule of thumb
/// gets it wrong. Answer each with a letter (R, H, C, K; V and G also), s to stop or r to roll
/// again; every option's value is shown after the answer, and the score is kept.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  martian-dice train\n  martian-dice train --theme final-round --positions 5\n  printf 'h\\ns\\n' | martian-dice train --seed 7 --positions 2"
)]
pub struct TrainArgs {
    /// Only positions of this kind.
    #[arg(long, value_enum)]
    pub theme: Option<ThemeArg>,
    /// How many positions to serve.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub positions: u32,
    /// The seed of the games the positions come from (the same seed, the same positions).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The number of players of those games: 1, 2 or 3 (exactly solved).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub players: u8,
    /// The least lead of the best option over the second best: percentage points of the chance
    /// to win (default 2), or turns solo (default 0.1).
    #[arg(long, value_name = "M")]
    pub margin: Option<f64>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ThemeArg {
    /// Tanks set aside, and the death rays within one of them.
    TanksCloseToRays,
    /// A player has reached the target: the last turns.
    FinalRound,
    /// The earthling bonus one type away.
    BonusHunting,
}

impl ThemeArg {
    fn theme(self) -> Theme {
        match self {
            ThemeArg::TanksCloseToRays => Theme::TanksCloseToRays,
            ThemeArg::FinalRound => Theme::FinalRound,
            ThemeArg::BonusHunting => Theme::BonusHunting,
        }
    }
}

/// What a line typed at a position means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Act(Action),
    Quit,
    Unknown,
}

/// Understands a line at a position: a face letter (either language's) or name to take, `s`/`stop`
/// (`p`/`parar`), `r`/`roll` (`l`/`lançar`), `q`/`quit` (`sair`). `r` takes death rays while a
/// roll awaits a choice and rolls again after a take.
fn parse(line: &str, choosing: bool) -> Answer {
    let text = line.trim().to_lowercase();
    let text = ["take ", "pegar ", "pego ", "pegue "]
        .iter()
        .find_map(|prefix| text.strip_prefix(prefix))
        .unwrap_or(&text)
        .trim()
        .to_string();
    match text.as_str() {
        "q" | "quit" | "exit" | "sair" => return Answer::Quit,
        "r" if choosing => return Answer::Act(Action::Take(Face::DeathRay)),
        "r" | "roll" | "roll again" | "l" | "lançar" | "lancar" | "lançar de novo" => {
            return Answer::Act(Action::Roll);
        }
        "s" | "stop" | "p" | "parar" => return Answer::Act(Action::Stop),
        _ => {}
    }
    let mut chars = text.chars();
    if let (Some(letter), None) = (chars.next(), chars.next()) {
        return Face::from_letter(letter).map_or(Answer::Unknown, |f| Answer::Act(Action::Take(f)));
    }
    let singular = text.strip_suffix('s').unwrap_or(&text);
    let face = match singular {
        "ray" | "death ray" | "raio" | "raio da morte" => Face::DeathRay,
        "human" | "humano" => Face::Human,
        "cow" | "vaca" => Face::Cow,
        "chicken" | "galinha" => Face::Chicken,
        _ if text == "raios da morte" => Face::DeathRay,
        _ => return Answer::Unknown,
    };
    Answer::Act(Action::Take(face))
}

/// The session's score.
#[derive(Debug, Default)]
struct Score {
    answered: u32,
    best: u32,
    loss: f64,
}

pub fn run(args: TrainArgs, lang: Lang) -> Result<()> {
    let m = lang.messages();
    let rules = args.rules.rules()?;
    let players = usize::from(args.players);
    martian_engine::SolvedGame::for_players(players, rules)
        .map_err(|limit| UsageError::beyond(m, &limit))?;
    if players == 2 {
        crate::cmd::solve::solve_duel(rules, m)?;
    }
    let measure = if players == 1 {
        Measure::ExpectedTurns
    } else {
        Measure::WinProbability
    };
    let margin = args.margin.map(|margin| match measure {
        Measure::WinProbability => margin / 100.0,
        Measure::ExpectedTurns => margin,
    });
    let config = TrainerConfig {
        rules,
        players,
        theme: args.theme.map(ThemeArg::theme),
        margin,
        seed: args.seed.unwrap_or_else(random_seed),
    };
    let mut trainer =
        Trainer::new(config).map_err(|e| UsageError(trainer_error(m, measure, &e)))?;
    let theme = config.theme.map_or("any", Theme::name);
    emit(&format!(
        "{}\n",
        tr!(
            m,
            "train-intro",
            theme = tr!(m, "train-theme", theme = theme)
        )
    ))?;
    let n = Numbers {
        m,
        measure,
        approximate: false,
    };
    let mut score = Score::default();
    let mut lines = std::io::stdin().lock().lines();
    'positions: for number in 1..=args.positions {
        let Some(position) = trainer.next_position() else {
            emit(&format!("{}\n", tr!(m, "train-none")))?;
            break;
        };
        emit(&show(m, &position, number, args.positions))?;
        let choosing = matches!(position.turn.phase(), TurnPhase::Choosing { .. });
        let action = loop {
            emit(&format!("{}\n", prompt(m, &position.turn)))?;
            let Some(line) = lines.next().transpose()? else {
                break 'positions;
            };
            if line.trim().is_empty() {
                continue;
            }
            match parse(&line, choosing) {
                Answer::Quit => break 'positions,
                Answer::Act(action) if position.loss(action).is_some() => break action,
                _ => emit(&format!(
                    "{}\n",
                    tr!(m, "train-unknown", text = line.trim().to_string())
                ))?,
            }
        };
        let loss = position.loss(action).unwrap_or(0.0);
        score.answered += 1;
        score.loss += loss;
        let mut out = if action == position.best {
            score.best += 1;
            tr!(m, "train-right", action = msg::to_do(m, action))
        } else {
            tr!(
                m,
                "train-wrong",
                action = msg::to_do(m, action),
                loss = n.amount(loss, false),
                best = msg::to_do(m, position.best)
            )
        };
        out += "\n";
        out += &tr!(
            m,
            "train-thumb",
            thumb = position.thumb.name(),
            action = msg::to_do(m, position.thumb_choice)
        );
        out += "\n";
        out += &tr!(
            m,
            "train-options",
            options = msg::options(n, &position.options, position.best)
        );
        out += "\n";
        out += &score_line(n, &score);
        out += "\n";
        emit(&out)?;
    }
    emit(&format!("\n{}\n", score_line(n, &score)))?;
    Ok(())
}

fn trainer_error(m: &Messages, measure: Measure, error: &TrainerError) -> String {
    match error {
        TrainerError::ThemeNeverOccurs { theme, players } => tr!(
            m,
            "train-theme-never",
            theme = tr!(m, "train-theme", theme = theme.name()),
            players = *players
        ),
        TrainerError::Margin(margin) => {
            // As the player gave it: percentage points, or turns.
            let given = match measure {
                Measure::WinProbability => 100.0 * margin,
                Measure::ExpectedTurns => *margin,
            };
            tr!(m, "train-bad-margin", margin = given.to_string())
        }
        other => other.to_string(),
    }
}

fn score_line(n: Numbers<'_>, score: &Score) -> String {
    tr!(
        n.m,
        "train-score",
        best = score.best,
        answered = score.answered,
        loss = n.amount(score.loss, false)
    )
}

fn prompt(m: &Messages, turn: &Turn) -> String {
    match turn.phase() {
        TurnPhase::Choosing { .. } => {
            tr!(m, "train-ask-take", choices = msg::take_choices(m, turn))
        }
        _ => {
            let (stop, roll) = match m.lang() {
                Lang::PtBr => ("p", "l"),
                Lang::En => ("s", "r"),
            };
            tr!(m, "train-ask-decide", stop = stop, roll = roll)
        }
    }
}

/// The position as the player reads it: the scores, the final round, what is set aside, the roll.
fn show(m: &Messages, position: &TrainingPosition, number: u32, count: u32) -> String {
    let you = tr!(m, "train-you");
    let names: Vec<String> = (0..position.scores.len())
        .map(|seat| {
            if seat == position.seat {
                you.clone()
            } else {
                format!("#{}", seat + 1)
            }
        })
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut lines = vec![
        String::new(),
        tr!(
            m,
            "train-position",
            number = number,
            count = count,
            round = position.round,
            scores = msg::scores(&names, &position.scores),
            name = you.as_str()
        ),
    ];
    if position.final_round {
        lines.push(tr!(m, "train-final-round"));
    }
    let turn = &position.turn;
    let aside = turn.aside();
    // While a roll awaits a choice its tanks are already aside: they are shown with the roll.
    let roll = turn.pending_roll();
    let before_roll = match roll {
        Some(roll) => {
            let mut counts = aside.counts();
            counts[Face::Tank.index()] -= roll.count(Face::Tank);
            martian_engine::Dice::from_counts(counts).unwrap_or(aside)
        }
        None => aside,
    };
    if before_roll.total() == 0 {
        lines.push(tr!(m, "train-aside-nothing"));
    } else {
        lines.push(tr!(
            m,
            "train-aside",
            dice = msg::aside(m, before_roll),
            points = vocab::points(m, position.rules.score(before_roll))
        ));
    }
    if let Some(roll) = roll {
        lines.push(tr!(m, "train-rolled", roll = vocab::dice_letters(m, roll)));
    }
    lines.iter().map(|line| format!("{line}\n")).collect()
}

/// A seed nobody chose: from the process's randomly keyed hasher and the clock.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(now.as_nanos());
    }
    hasher.write_u32(std::process::id());
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_in_either_language() {
        assert_eq!(parse("r", true), Answer::Act(Action::Take(Face::DeathRay)));
        assert_eq!(parse("r", false), Answer::Act(Action::Roll));
        assert_eq!(parse(" V ", true), Answer::Act(Action::Take(Face::Cow)));
        assert_eq!(
            parse("take humans", true),
            Answer::Act(Action::Take(Face::Human))
        );
        assert_eq!(
            parse("galinhas", true),
            Answer::Act(Action::Take(Face::Chicken))
        );
        assert_eq!(parse("parar", false), Answer::Act(Action::Stop));
        assert_eq!(parse("lançar", false), Answer::Act(Action::Roll));
        assert_eq!(parse("sair", false), Answer::Quit);
        assert_eq!(parse("xyz", true), Answer::Unknown);
    }
}
