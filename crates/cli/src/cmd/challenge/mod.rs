//! `martian-dice challenge`: the day's challenge offline, with the page's dice, graded the same
//! way (`martian-challenge`). A person plays in the line mode on stdin and stdout (the game's
//! words are the line mode's); `--bot NAME` lets a bot play the person's seat; `--json` prints
//! the grade as one JSON object (docs/challenge.md).

pub mod messages;

use std::io::{self, BufRead, Write};

use anyhow::{Result, anyhow};
use clap::Args;
use martian_bots::Strategy;
use martian_challenge::{Challenge, ChallengeDate, ChallengeGame, Event, Grade};
use martian_engine::{Action, Awaiting, Face, GameState, TurnPhase};
use martian_i18n::{Lang, Messages, vocab};
use serde_json::json;

use crate::cmd::play::plain::input::{Command, Prompt, input_error, parse_command};
use crate::cmd::play::plain::messages as msg;
use crate::output::{UsageError, emit};

/// Play the day's challenge: the official rules, you against the hard bot, the dice fixed by
/// the date. Every decision is graded against perfect play (the chance to win lost, in points);
/// the coach is off.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  martian-dice challenge\n  martian-dice challenge --date 2026-12-07 --bot optimal --json"
)]
pub struct ChallengeArgs {
    /// The day (UTC) whose challenge to play, YYYY-MM-DD (default: today, UTC).
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub date: Option<String>,
    /// Print the date, the seed and the grade as one JSON object (docs/challenge.md); a person's
    /// game is then played on stderr.
    #[arg(long)]
    pub json: bool,
    /// A bot plays your seat (e.g. optimal, hard, greedy).
    #[arg(long, value_name = "NAME")]
    pub bot: Option<String>,
}

pub fn run(args: ChallengeArgs, lang: Lang) -> Result<()> {
    // Errors read by a program (--json) stay English, as every machine output does.
    let m = if args.json {
        Lang::En.messages()
    } else {
        lang.messages()
    };
    let date = match &args.date {
        Some(text) => text
            .parse::<ChallengeDate>()
            .map_err(|e| UsageError(messages::bad_date(m, text, &e)))?,
        None => ChallengeDate::from_date(time::OffsetDateTime::now_utc().date())?,
    };
    let challenge = Challenge::of(date);
    let person: Option<Box<dyn Strategy>> = args
        .bot
        .as_deref()
        .map(|name| {
            martian_bots::create(name, challenge.rules)
                .map_err(|e| UsageError(msg::bot_not_created(m, &e)))
        })
        .transpose()?;
    // The hard bot and the grade read the duel's solution: solved once, with a progress bar on
    // a terminal, then cached.
    crate::cmd::solve::solve_duel(challenge.rules, m)?;
    let mut driver = ChallengeGame::new(challenge, person)?;
    let you = vocab::you(lang.messages());
    let mut out: Box<dyn Write> = match (args.json, args.bot.is_some()) {
        (true, true) => Box::new(io::sink()),
        (true, false) => Box::new(io::stderr()),
        (false, _) => Box::new(io::stdout()),
    };
    let mut table = Table {
        m: lang.messages(),
        names: vec![
            you.clone(),
            vocab::bot_name(lang.messages(), challenge.opponents()[0]),
        ],
        out: &mut out,
        announced: 0,
        letters: false,
    };
    let stdin = io::stdin();
    let ending = table.play(&mut driver, args.bot.as_deref(), &mut stdin.lock());
    let ending = match ending {
        Err(error) if crate::output::is_broken_pipe(&error) => return Ok(()),
        other => other?,
    };
    match ending {
        Ending::Finished => {}
        Ending::Quit => {
            table.say(messages::left(lang.messages()))?;
            return Ok(());
        }
        Ending::InputEnded => return Err(anyhow!(messages::input_ended(m))),
    }
    let grade = martian_challenge::grade(&challenge, &driver.record(&you))?;
    if args.json {
        emit(
            &(serde_json::to_string_pretty(&grade_json(&challenge, args.bot.as_deref(), &grade))?
                + "\n"),
        )
    } else {
        let lines = messages::report(lang.messages(), date, &grade);
        emit(
            &lines
                .iter()
                .map(|line| format!("{line}\n"))
                .collect::<String>(),
        )
    }
}

/// The JSON of `--json` (docs/challenge.md).
fn grade_json(challenge: &Challenge, bot: Option<&str>, grade: &Grade) -> serde_json::Value {
    json!({
        "date": challenge.date,
        "seed": challenge.seed,
        "opponents": challenge.opponents(),
        "person_seat": challenge.person_seat(),
        "bot": bot,
        "result": { "won": grade.won, "scores": grade.scores },
        "score": { "loss_points": grade.loss_points, "accuracy": grade.accuracy },
        "marks": grade.marks.iter().map(|mark| mark.class.name()).collect::<Vec<_>>(),
        "share": grade.share_text(challenge.date),
        "decisions": grade.decisions,
    })
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Finished,
    Quit,
    InputEnded,
}

/// The game told line by line, in the line mode's words.
struct Table<'a> {
    m: &'static Messages,
    names: Vec<String>,
    out: &'a mut dyn Write,
    /// Finished turns already told.
    announced: usize,
    /// Rolls are read in letters rather than in words (the reader asked).
    letters: bool,
}

impl Table<'_> {
    fn say(&mut self, text: impl AsRef<str>) -> io::Result<()> {
        writeln!(self.out, "{}", text.as_ref())
    }

    fn play(
        &mut self,
        driver: &mut ChallengeGame,
        bot: Option<&str>,
        input: &mut dyn BufRead,
    ) -> Result<Ending> {
        let m = self.m;
        let challenge = *driver.challenge();
        self.say(messages::title(m, challenge.date, challenge.opponents()[0]))?;
        match bot {
            Some(bot) => self.say(messages::bot_plays(m, bot))?,
            None => self.say(msg::game_help_hint(m))?,
        }
        loop {
            let game = driver.game();
            if let Awaiting::TurnRoll { seat, .. } = game.awaiting()
                && game.turn_steps().is_empty()
            {
                let (round, total) = (game.round(), game.scores()[seat]);
                let line = match game.triggered_by() {
                    None => msg::turn_start(m, round, &self.names[seat], total),
                    Some(_) => msg::turn_start_final_round(m, round, &self.names[seat], total),
                };
                self.say(line)?;
            }
            let pending = driver.game().turn().pending_roll();
            match driver.step()? {
                Some(Event::Rolled {
                    seat,
                    dice,
                    roll_off: false,
                }) => self.tell_roll(driver, seat, dice, bot.is_some())?,
                Some(Event::Rolled {
                    seat,
                    dice,
                    roll_off: true,
                }) => {
                    self.say(msg::roll_off_roll(m, &self.names[seat], dice, self.letters))?;
                    if let GameState::RollOff(roll_off) = driver.game().state()
                        && roll_off.rounds().last().is_some_and(Vec::is_empty)
                    {
                        let names = self.names_of(roll_off.contenders());
                        self.say(msg::roll_off_again(m, &names))?;
                    }
                }
                Some(Event::Played { seat, action }) => {
                    self.tell_action(driver, seat, action, pending)?
                }
                None if driver.game().is_over() => break,
                None => {
                    let action = match self.ask_decision(driver, input)? {
                        Ok(action) => action,
                        Err(ending) => return Ok(ending),
                    };
                    driver.play(action)?;
                    self.tell_action(driver, challenge.person_seat(), action, pending)?;
                }
            }
            self.after_turn(driver)?;
        }
        self.finish(driver)?;
        Ok(Ending::Finished)
    }

    fn names_of(&self, seats: &[usize]) -> Vec<&str> {
        seats.iter().map(|&s| self.names[s].as_str()).collect()
    }

    fn tell_roll(
        &mut self,
        driver: &ChallengeGame,
        seat: usize,
        roll: martian_engine::Dice,
        bot_plays_person: bool,
    ) -> io::Result<()> {
        let m = self.m;
        self.say(msg::rolls(m, &self.names[seat], roll, self.letters))?;
        let tanks = roll.count(Face::Tank);
        if tanks > 0 {
            self.say(msg::tanks_forced(m, tanks))?;
        }
        let game = driver.game();
        if game.history().len() > self.announced {
            return self.say(msg::no_choice(m));
        }
        let turn = *game.turn();
        self.say(msg::set_aside_while_choosing(m, turn.aside()))?;
        self.say(msg::balance_so_far(m, turn.aside(), turn.score()))?;
        // What may be taken is for the person choosing, not for a bot.
        if seat == driver.challenge().person_seat() && !bot_plays_person {
            let legal: Vec<Face> = turn.legal_takes().iter().collect();
            self.say(msg::choices(m, roll, &legal))?;
        }
        Ok(())
    }

    fn tell_action(
        &mut self,
        driver: &ChallengeGame,
        seat: usize,
        action: Action,
        roll: Option<martian_engine::Dice>,
    ) -> io::Result<()> {
        let m = self.m;
        match action {
            Action::Take(face) => {
                let n = roll.map_or(0, |r| r.count(face));
                self.say(msg::takes(m, &self.names[seat], face, n))?;
                let game = driver.game();
                let turn = *game.turn();
                if game.history().len() > self.announced {
                    self.say(msg::no_dice(m))?;
                } else if turn.phase() == TurnPhase::Deciding {
                    self.say(msg::set_aside(m, turn.aside(), turn.dice_left()))?;
                    self.say(msg::balance_if_stopping(m, turn.aside(), turn.score()))?;
                }
            }
            Action::Stop => self.say(msg::stops(m, &self.names[seat]))?,
            Action::Roll => {}
        }
        Ok(())
    }

    /// The person's decision, read from `input` until it is a legal move; the ending when the
    /// person quits or the input ends.
    fn ask_decision(
        &mut self,
        driver: &ChallengeGame,
        input: &mut dyn BufRead,
    ) -> Result<Result<Action, Ending>> {
        let m = self.m;
        let name = self.names[driver.challenge().person_seat()].clone();
        loop {
            let game = driver.game();
            let turn = *game.turn();
            let (prompt, text) = match turn.phase() {
                TurnPhase::Choosing { .. } => {
                    let legal: Vec<Face> = turn.legal_takes().iter().collect();
                    (Prompt::Choose, msg::choose_prompt(m, &name, &legal))
                }
                _ => (
                    Prompt::Decide,
                    msg::decide_prompt(m, &name, turn.score(), turn.dice_left()),
                ),
            };
            self.say(text)?;
            self.out.flush()?;
            let mut bytes = Vec::new();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                return Ok(Err(Ending::InputEnded));
            }
            let line = String::from_utf8_lossy(&bytes);
            match parse_command(line.trim_end_matches(['\n', '\r']), prompt) {
                Ok(Command::Act(action)) => match turn.check(action) {
                    Ok(()) => return Ok(Ok(action)),
                    Err(error) => self.say(msg::illegal(m, &error))?,
                },
                Ok(Command::Help) => self.say(match prompt {
                    Prompt::Choose => msg::help_choose(m, false),
                    Prompt::Decide => msg::help_decide(m, false),
                })?,
                Ok(Command::Scores) => {
                    self.say(msg::score_table_title(
                        m,
                        game.round(),
                        game.rules().target(),
                    ))?;
                    for seat in 0..game.players() {
                        self.say(msg::score_table_row(
                            m,
                            &self.names[seat],
                            game.scores()[seat],
                        ))?;
                    }
                }
                Ok(Command::Coach | Command::CoachEvery(_)) => self.say(messages::coach_off(m))?,
                Ok(Command::Seed) => self.say(msg::game_seed(m, driver.challenge().seed))?,
                Ok(Command::ReadLetters(letters)) => {
                    self.letters = letters;
                    self.say(msg::reading(m, letters))?;
                }
                Ok(Command::Quit) => return Ok(Err(Ending::Quit)),
                Err(error) => self.say(input_error(m, &error))?,
            }
        }
    }

    /// Tells the end of a turn that just finished: its score, the target reached, the table.
    fn after_turn(&mut self, driver: &ChallengeGame) -> io::Result<()> {
        let m = self.m;
        let game = driver.game();
        let Some(log) = game.history().get(self.announced) else {
            return Ok(());
        };
        self.announced += 1;
        let rules = game.rules();
        let total = game.scores()[log.seat];
        self.say(msg::turn_scores(
            m,
            &self.names[log.seat],
            log.turn.aside(),
            rules,
            total,
        ))?;
        if total >= rules.target() && total - log.turn.score() < rules.target() {
            self.say(msg::reached_target(
                m,
                &self.names[log.seat],
                total,
                rules.target(),
            ))?;
            if game.triggered_by() == Some(log.seat) && matches!(game.state(), GameState::Playing) {
                self.say(msg::final_round(m))?;
            }
        }
        self.say(msg::score_table_title(m, log.round, rules.target()))?;
        for seat in 0..game.players() {
            self.say(msg::score_table_row(
                m,
                &self.names[seat],
                game.scores()[seat],
            ))?;
        }
        if let GameState::RollOff(roll_off) = game.state() {
            let tied = roll_off.contenders().to_vec();
            let total = game.scores()[tied[0]];
            let names = self.names_of(&tied);
            let line = msg::roll_off_start(m, &names, total, rules.roll_off_dice());
            self.say(line)?;
        }
        Ok(())
    }

    fn finish(&mut self, driver: &ChallengeGame) -> io::Result<()> {
        let m = self.m;
        let outcome = driver.game().outcome().expect("the game is over").clone();
        let best = outcome.scores[outcome.winners[0]];
        if let [winner] = outcome.winners[..] {
            self.say(msg::winner(m, &self.names[winner], best))?;
        } else {
            let names = self.names_of(&outcome.winners);
            self.say(msg::shared_victory(m, &names, best))?;
        }
        self.say(msg::final_scores(m))?;
        for seat in 0..outcome.scores.len() {
            self.say(msg::score_table_row(
                m,
                &self.names[seat],
                outcome.scores[seat],
            ))?;
        }
        self.out.flush()
    }
}
