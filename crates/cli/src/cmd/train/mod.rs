//! `martian-dice train`: the trainer in line mode. Positions from `martian-review`'s trainer,
//! chosen for what they teach; the player's choice read from standard input (a script works as
//! well as a person); after each answer the verdict, the coach's reason, the rule of thumb and
//! every option's value; progress kept between runs. `--list` prints the positions without
//! asking (`--json` for scripts). End of input ends the session with the score.

mod messages;

use std::io::BufRead;

use anyhow::Result;
use clap::{Args, ValueEnum};
use martian_engine::{Action, Face};
use martian_i18n::{Lang, Messages, tr};
use martian_review::{
    Measure, PlayerCounts, SessionRecord, Theme, Trainer, TrainerConfig, TrainerError,
    TrainingPosition,
};

use crate::cmd::review::messages::Numbers;
use crate::output::UsageError;
use crate::output::emit;
use crate::rules_args::RulesArgs;

/// Train on positions chosen for what they teach: choices of type and stop-or-roll decisions,
/// where a rule of thumb is right and where it is wrong, near the end of the game too. Answer
/// each with a letter (R, H, C, K; V and G also), s to stop or r to roll again; after each
/// answer the coach says why the best is best, and the score is kept, from one run to the next.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  martian-dice train\n  martian-dice train --theme final-round --positions 5\n  printf 'h\\ns\\n' | martian-dice train --seed 7 --positions 2\n  martian-dice train --seed 7 --positions 5 --list --json"
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
    /// The number of players of those games: 1 to 4 (exactly solved), or a mix such as 2,3
    /// (a game of each in turn; the first three-player positions need the three-player solution,
    /// under a minute to work out once).
    #[arg(long, default_value = "2,3", value_name = "N[,N]")]
    pub players: String,
    /// The least lead of the best option over the second best: percentage points of the chance
    /// to win (default 2), or turns solo (default 0.1).
    #[arg(long, value_name = "M")]
    pub margin: Option<f64>,
    /// Drill a strategy card: serve the positions where following it costs most, and say what
    /// it does there (its line, quoted) and why that is right or wrong. A card file, or a
    /// shipped card (card-1, card-3, card-5).
    #[arg(long, value_name = "FILE")]
    pub card: Option<String>,
    /// Print the positions the trainer would serve, with their answers, without asking (and
    /// without reading or keeping progress).
    #[arg(long)]
    pub list: bool,
    /// With --list: one JSON array, a position an object (`kind`, `options`, `best`,
    /// `rule_of_thumb`, `reason`, …).
    #[arg(long, requires = "list")]
    pub json: bool,
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
    /// A player within 6 points of the target, or past it.
    NearTarget,
}

impl ThemeArg {
    fn theme(self) -> Theme {
        match self {
            ThemeArg::TanksCloseToRays => Theme::TanksCloseToRays,
            ThemeArg::FinalRound => Theme::FinalRound,
            ThemeArg::BonusHunting => Theme::BonusHunting,
            ThemeArg::NearTarget => Theme::NearTarget,
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

/// The player counts of `--players`: "2", "2,3".
fn player_counts(m: &Messages, text: &str) -> Result<PlayerCounts, UsageError> {
    let counts: Option<Vec<usize>> = text
        .split(',')
        .map(|part| part.trim().parse().ok().filter(|n| (1..=4).contains(n)))
        .collect();
    counts
        // A lone player's positions (valued in turns) do not mix with the others (win chances).
        .filter(|c| match c.as_slice() {
            [] => false,
            [_] => true,
            _ => !c.contains(&1),
        })
        .map(|c| PlayerCounts::of(&c))
        .ok_or_else(|| UsageError(tr!(m, "train-bad-players", players = text.to_string())))
}

pub fn run(args: TrainArgs, lang: Lang) -> Result<()> {
    let m = lang.messages();
    let rules = args.rules.rules()?;
    let players = player_counts(m, &args.players)?;
    let counts = players.counts();
    for &count in &counts {
        // The trainer's games are exact: four players within the four-player solve's limit.
        match count {
            4 => martian_engine::SolvedGame::Quad.check(rules),
            _ => martian_engine::SolvedGame::for_players(count, rules).map(|_| ()),
        }
        .map_err(|limit| UsageError::beyond(m, &limit))?;
    }
    if counts.contains(&2) {
        crate::cmd::solve::solve_duel(rules, m)?;
    }
    if counts.contains(&4) {
        // Minutes the first time under the official rules: with a progress bar.
        crate::cmd::solve::with_progress_bar(|report| {
            martian_solver::quad_with_progress(rules, report)
        })
        .map_err(|martian_solver::QuadError::TargetTooHigh(limit)| UsageError::beyond(m, &limit))?;
    }
    let measure = if counts == [1] {
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
    let card = args
        .card
        .as_deref()
        .map(|spec| crate::cmd::card::card_of_spec(spec, lang))
        .transpose()?;
    let mut trainer =
        Trainer::new(config).map_err(|e| UsageError(trainer_error(m, measure, &e)))?;
    let mut drill = card.map(|card| Drill::new(card, &mut trainer, args.positions));
    if args.list {
        return list(&mut trainer, drill.as_mut(), args.positions, args.json, m);
    }
    let n = Numbers {
        m,
        measure,
        approximate: false,
    };
    let path = martian_tui::progress::default_path();
    let mut progress = path
        .as_deref()
        .map(martian_tui::progress::load)
        .unwrap_or_default();
    trainer.bring_back(progress.weak_lessons());
    let theme = config.theme.map_or("any", Theme::name);
    let mut intro = vec![tr!(
        m,
        "train-intro",
        theme = tr!(m, "train-theme", theme = theme)
    )];
    // The seed, so that the session can be served again.
    intro.push(tr!(m, "train-seed", seed = config.seed.to_string()));
    intro.extend(messages::progress_lines(m, &progress));
    emit(&(intro.join("\n") + "\n"))?;
    let mut score = Score::default();
    let mut lines = std::io::stdin().lock().lines();
    'positions: for number in 1..=args.positions {
        let Some(position) = next(&mut trainer, drill.as_mut()) else {
            emit(&format!("{}\n", tr!(m, "train-none")))?;
            break;
        };
        emit(&messages::show(m, &position, number, args.positions))?;
        let choosing = position.kind() == martian_review::Kind::Take;
        let action = loop {
            emit(&format!("{}\n", messages::prompt(m, &position.turn)))?;
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
        if action == position.best {
            score.best += 1;
        }
        trainer.answered(&position, action);
        progress.record_answer(position.lesson, action == position.best);
        if let Some(path) = &path {
            // Progress is a convenience: a file that cannot be written does not stop training.
            let _ = martian_tui::progress::save(path, &progress);
        }
        let mut out = messages::answer_lines(n, &position, action);
        if let Some(drill) = &drill {
            out.extend(messages::card_lines(n, &drill.card, &position, action));
        }
        if number < args.positions {
            out.push(messages::score_line(
                n,
                score.best,
                score.answered,
                score.loss,
            ));
        }
        emit(&(out.join("\n") + "\n"))?;
    }
    progress.record_session(SessionRecord {
        ended: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        answered: score.answered,
        best: score.best,
        loss: score.loss,
        measure: match measure {
            Measure::WinProbability => "win-probability",
            Measure::ExpectedTurns => "expected-turns",
        }
        .to_string(),
    });
    if let Some(path) = &path {
        let _ = martian_tui::progress::save(path, &progress);
    }
    let mut end = vec![
        String::new(),
        messages::summary_line(n, score.best, score.answered, score.loss),
    ];
    end.extend(messages::trend_line(m, &progress));
    emit(&(end.join("\n") + "\n"))?;
    Ok(())
}

/// A card's drill: the positions where following the card costs most, most costly first, drawn
/// from a pool of the trainer's positions several times the session's size; never one where the
/// card plays the best.
struct Drill {
    card: martian_cards::Card,
    queue: std::collections::VecDeque<TrainingPosition>,
}

impl Drill {
    /// How many of the trainer's positions each one served is chosen among.
    const POOL: u32 = 8;

    fn new(card: martian_cards::Card, trainer: &mut Trainer, count: u32) -> Drill {
        let pool = count.saturating_mul(Self::POOL).min(2_000);
        // Only where the card's choice costs something: a position where "the card is right
        // here" drills nothing.
        let mut costed: Vec<(f64, TrainingPosition)> = (0..pool)
            .map_while(|_| trainer.next_position())
            .filter_map(|p| {
                let played = messages::card_move(&card, &p);
                (played.action != p.best && played.loss > 0.0).then_some((played.loss, p))
            })
            .collect();
        // The costliest first; among equals, the trainer's own order.
        costed.sort_by(|a, b| b.0.total_cmp(&a.0));
        Drill {
            card,
            queue: costed
                .into_iter()
                .take(count as usize)
                .map(|(_, p)| p)
                .collect(),
        }
    }
}

/// The next position: the drill's, when a card is drilled, else the trainer's.
fn next(trainer: &mut Trainer, drill: Option<&mut Drill>) -> Option<TrainingPosition> {
    match drill {
        Some(drill) => drill.queue.pop_front(),
        None => trainer.next_position(),
    }
}

/// The positions the trainer would serve, with their answers, without asking.
fn list(
    trainer: &mut Trainer,
    mut drill: Option<&mut Drill>,
    count: u32,
    json: bool,
    m: &Messages,
) -> Result<()> {
    let positions: Vec<TrainingPosition> = (0..count)
        .map_while(|_| next(trainer, drill.as_deref_mut()))
        .collect();
    let card = drill.map(|d| &d.card);
    if json {
        let array: Vec<serde_json::Value> = positions
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let mut object = messages::json(p, i + 1);
                if let Some(card) = card {
                    object["card"] = messages::card_json(card, p);
                }
                object
            })
            .collect();
        return emit(&(serde_json::to_string_pretty(&array)? + "\n"));
    }
    let n = Numbers {
        m,
        measure: trainer.measure(),
        approximate: false,
    };
    let mut out = String::new();
    for (i, position) in positions.iter().enumerate() {
        out += &messages::show(m, position, i as u32 + 1, count);
        out += &messages::listed_lines(n, position).join("\n");
        out += "\n";
        if let Some(card) = card {
            out += &messages::card_lines(n, card, position, position.best).join("\n");
            out += "\n";
        }
    }
    if positions.len() < count as usize {
        out += &format!("{}\n", tr!(m, "train-none"));
    }
    emit(&out)
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

    #[test]
    fn players_are_one_count_or_a_mix_of_games_of_players() {
        let m = Lang::En.messages();
        assert_eq!(player_counts(m, "2").unwrap(), PlayerCounts::only(2));
        assert_eq!(player_counts(m, "2,3").unwrap(), PlayerCounts::of(&[2, 3]));
        assert_eq!(player_counts(m, "4").unwrap(), PlayerCounts::only(4));
        for bad in ["", "5", "1,2", "two", "2,,3"] {
            assert!(player_counts(m, bad).is_err(), "{bad}");
        }
    }
}
