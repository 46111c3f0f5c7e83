//! `martian-dice turn TRANSCRIPT`: checks a turn transcript against the rules and reports the turn.

use anyhow::Result;
use clap::Args;
use martian_engine::{
    Action, Dice, Face, Points, Rules, Step, Transcript, TranscriptError, Turn, TurnEnd, TurnPhase,
};
use martian_i18n::{Lang, Messages, errors};
use serde::Serialize;

use crate::cmd::play::plain::messages as msg;
use crate::output::UsageError;
use crate::output::emit;
use crate::rules_args::RulesArgs;

/// Check a turn transcript and report the turn.
///
/// A transcript is a turn's steps separated by spaces: a roll written with face letters
/// T R H C K (V and G are accepted for cow and chicken; a count may prefix a letter: 2T3RH),
/// then `/` and the letter taken; or the word `stop`. A final roll with nothing after it awaits a
/// choice, or ended the turn when no type could be taken. The steps may be given as one quoted
/// argument or as several.
#[derive(Debug, Args)]
#[command(after_help = "Example: martian-dice turn TTRRRHHCKKKCC/K TRRRHHCC/R HHCC/H CC/C")]
pub struct TurnArgs {
    /// The turn's steps, e.g. "TTRRRHHCKKKCC/K TRRRHHCC/R stop".
    #[arg(required = true, value_name = "TRANSCRIPT")]
    pub transcript: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Where the turn stands, as `--json` prints it.
#[derive(Debug, Serialize)]
struct TurnReport {
    transcript: String,
    rules: Rules,
    steps: usize,
    /// `to-roll`, `choosing`, `deciding` or `over`.
    phase: &'static str,
    over: bool,
    ended_by: Option<&'static str>,
    tanks: u8,
    rays: u8,
    humans: u8,
    cows: u8,
    chickens: u8,
    /// Every die set aside, as letters.
    aside: String,
    dice_left: u8,
    /// The roll awaiting a choice, as letters.
    rolled: Option<String>,
    /// Letters of the types that may be taken from the roll awaiting a choice.
    legal: Vec<String>,
    /// Every legal action: letters, `stop`, `roll`.
    actions: Vec<String>,
    score: Points,
    tanks_lead: bool,
    bonus: bool,
}

#[derive(Debug, Serialize)]
struct ErrorReport {
    error: String,
    step: Option<usize>,
}

/// Checks the transcript and reports the turn; `lang` is the language of the text report and
/// of the error on stderr (`--json` stays English).
pub fn run(args: TurnArgs, lang: Lang) -> Result<()> {
    let m = lang.messages();
    let text = args.transcript.join(" ");
    // (the error for a person, the error for --json, the step)
    let checked = args
        .rules
        .rules()
        .map_err(|e| (e.0.clone(), e.0, None))
        .and_then(|rules| {
            check(&text, rules)
                .map_err(|e| (errors::transcript_error(m, &e), e.to_string(), Some(e.step)))
        });
    let checked = match checked {
        Ok(checked) => checked,
        Err((message, english, step)) => {
            if args.json {
                let report = ErrorReport {
                    error: english,
                    step,
                };
                emit(&(serde_json::to_string(&report)? + "\n"))?;
            }
            return Err(UsageError(message).into());
        }
    };
    if args.json {
        emit(&(serde_json::to_string_pretty(&report(&checked))? + "\n"))?;
    } else {
        emit(&describe(&checked, m))?;
    }
    Ok(())
}

/// A transcript checked against the rules, with every engine step and the turn after it.
struct Checked {
    transcript: Transcript,
    events: Vec<(Step, Turn)>,
    turn: Turn,
}

fn check(text: &str, rules: Rules) -> Result<Checked, TranscriptError> {
    let transcript: Transcript = text.parse()?;
    let mut turn = Turn::new(rules);
    let mut events = Vec::new();
    transcript.play_through(|step| {
        match step {
            Step::Rolled(roll) => turn.apply_roll(roll)?,
            Step::Played(action) => turn.play(action)?,
        }
        events.push((step, turn));
        Ok(())
    })?;
    Ok(Checked {
        transcript,
        events,
        turn,
    })
}

fn phase_name(phase: TurnPhase) -> &'static str {
    match phase {
        TurnPhase::ToRoll => "to-roll",
        TurnPhase::Choosing { .. } => "choosing",
        TurnPhase::Deciding => "deciding",
        TurnPhase::Over(_) => "over",
    }
}

fn report(checked: &Checked) -> TurnReport {
    let turn = &checked.turn;
    let aside = turn.aside();
    let rules = turn.rules();
    TurnReport {
        transcript: checked.transcript.to_string(),
        rules,
        steps: checked.transcript.steps().len(),
        phase: phase_name(turn.phase()),
        over: turn.is_over(),
        ended_by: turn.ended_by().map(TurnEnd::name),
        tanks: aside.count(Face::Tank),
        rays: aside.count(Face::DeathRay),
        humans: aside.count(Face::Human),
        cows: aside.count(Face::Cow),
        chickens: aside.count(Face::Chicken),
        aside: aside.to_string(),
        dice_left: turn.dice_left(),
        rolled: turn.pending_roll().map(|roll| roll.to_string()),
        legal: turn.legal_takes().iter().map(|f| f.to_string()).collect(),
        actions: turn.legal_actions().iter().map(Action::code).collect(),
        score: turn.score(),
        tanks_lead: aside.count(Face::Tank) > aside.count(Face::DeathRay),
        bonus: rules.earns_bonus(aside) && rules.score(aside) > 0,
    }
}

/// The readable report: the steps one line each, then where the turn stands.
fn describe(checked: &Checked, m: &Messages) -> String {
    let turn = &checked.turn;
    let rules = turn.rules();
    let mut lines = vec![msg::turn_transcript(m, &checked.transcript.to_string())];
    if !rules.is_official() {
        lines.push(msg::turn_rules(m, rules));
    }
    let mut step = 0;
    let mut last_roll = Dice::EMPTY;
    for &(event, after) in &checked.events {
        match event {
            Step::Rolled(roll) => {
                step += 1;
                last_roll = roll;
                let mut line = msg::turn_step_roll(m, step, roll);
                if roll.count(Face::Tank) > 0 {
                    line = format!(
                        "{line}; {}",
                        msg::turn_step_tanks_aside(m, roll.count(Face::Tank))
                    );
                }
                if after.ended_by() == Some(TurnEnd::NoChoice) {
                    line = format!("{line}; {}", msg::turn_step_no_choice(m));
                }
                lines.push(line);
            }
            Step::Played(Action::Take(face)) => {
                let line = lines.last_mut().expect("a take follows its roll");
                *line = format!(
                    "{line}; {}",
                    msg::turn_step_took(m, face, last_roll.count(face))
                );
            }
            Step::Played(Action::Stop) => {
                step += 1;
                lines.push(msg::turn_step_stop(m, step));
            }
            Step::Played(Action::Roll) => {}
        }
    }
    let aside = turn.aside();
    let score = martian_i18n::vocab::score_explained(m, rules, aside);
    if turn.phase() == TurnPhase::ToRoll && checked.events.is_empty() {
        lines.push(msg::turn_not_started(m, turn.dice_left()));
    } else {
        lines.push(msg::set_aside(m, aside, turn.dice_left()));
        lines.push(msg::turn_balance(m, aside));
        lines.push(match turn.phase() {
            TurnPhase::Choosing { roll } => {
                let legal: Vec<(Face, u8)> = turn
                    .legal_takes()
                    .iter()
                    .map(|f| (f, roll.count(f)))
                    .collect();
                msg::turn_choosing(m, roll, &legal, &score)
            }
            TurnPhase::Over(end) => msg::turn_over(m, end, &score),
            TurnPhase::Deciding | TurnPhase::ToRoll => {
                msg::turn_deciding(m, &score, turn.dice_left())
            }
        });
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narration_follows_the_transcript_steps() {
        let checked = check("TTRRRHHCKKKCC/K TRRRHHCC/R stop", Rules::official()).unwrap();
        let text = describe(&checked, Lang::En.messages());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1],
            "Step 1: rolled 13 dice: 2 tanks, 3 death rays, 2 humans, 3 cows, 3 chickens; \
             2 tanks set aside by force; took 3 chickens"
        );
        assert_eq!(lines[3], "Step 3: stopped");
        assert_eq!(
            lines.last().unwrap(),
            &"The turn is over (the player stopped): it scores 3 (3 earthlings)."
        );
    }

    #[test]
    fn the_report_in_portuguese() {
        let checked = check("TTRRRHHCKKKCC/K TRRRHHCC/R stop", Rules::official()).unwrap();
        let text = describe(&checked, Lang::PtBr.messages());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1],
            "Passo 1: lançou 13 dados: 2 tanques, 3 raios da morte, 2 humanos, 3 vacas, \
             3 galinhas; 2 tanques separados à força; pegou 3 galinhas"
        );
        assert_eq!(
            lines.last().unwrap(),
            &"O turno acabou (o jogador parou): vale 3 (3 terráqueos)."
        );
    }
}
