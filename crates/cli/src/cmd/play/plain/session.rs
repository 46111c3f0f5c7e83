//! The line-mode game loop: one line per fact out, one line per answer in. Every move goes
//! through the engine; this file only asks, tells and keeps the record.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use martian_bots::Strategy;
use martian_engine::{
    Action, Awaiting, Dice, Face, Game, GameRecord, GameRng, GameState, PlayerInfo, Rules,
    TurnPhase, roll_dice, seeded_rng,
};

use super::input::{Command, Prompt, RollInput, input_error, parse_command, parse_roll};
use super::messages as msg;
use martian_i18n::Lang;

/// How a game is set up.
#[derive(Debug)]
pub struct Options {
    pub rules: Rules,
    pub players: Vec<PlayerInfo>,
    pub seed: u64,
    /// Ask for the faces of physical dice instead of rolling.
    pub manual_dice: bool,
    pub record: Option<PathBuf>,
    /// The language every line is written in.
    pub lang: Lang,
    /// The coach on every decision of a person, before the prompt.
    pub coach: bool,
    /// A strategy card the coach also quotes: what it would do, and its cost.
    pub coach_card: Option<martian_cards::Card>,
}

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Finished,
    Quit,
    InputEnded,
}

/// Why the loop stops before the game is over.
enum Halt {
    Leave(Ending),
    Failed(anyhow::Error),
}

impl From<io::Error> for Halt {
    fn from(error: io::Error) -> Halt {
        Halt::Failed(error.into())
    }
}

type Flow<T> = Result<T, Halt>;

struct Session<'a> {
    options: &'a Options,
    game: Game,
    rng: GameRng,
    bots: Vec<Option<Box<dyn Strategy>>>,
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
    /// Finished turns already announced.
    announced: usize,
    /// Rolls are read in letters rather than in words (the reader asked).
    letters: bool,
    /// The coach's source of values, made when first needed.
    advisor: Option<martian_tui::SolverAdvisor>,
    /// The coach on every decision of a person (`--coach`, `coach on`).
    coach_every: bool,
}

/// Plays a game from `input` to `out`. The bots are given seat by seat (`None` for a person).
pub fn play(
    options: &Options,
    bots: Vec<Option<Box<dyn Strategy>>>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<Ending> {
    let m = options.lang.messages();
    let game = Game::new(options.rules, options.players.len())?;
    let mut session = Session {
        options,
        game,
        rng: seeded_rng(options.seed),
        bots,
        input,
        out,
        announced: 0,
        letters: false,
        advisor: None,
        coach_every: options.coach,
    };
    if let (Some(path), Err(error)) = (&options.record, session.save()) {
        // Fail before the game rather than after the first turn.
        return Err(crate::output::UsageError(msg::record_not_saved(m, path, &error)).into());
    }
    let result = session.run();
    let saved = session.save();
    match result {
        Ok(()) => {
            session.say_saved(saved)?;
            Ok(Ending::Finished)
        }
        Err(Halt::Leave(ending)) => {
            session.say(if ending == Ending::Quit {
                msg::quit(m)
            } else {
                msg::input_ended(m)
            })?;
            if options.record.is_none() {
                // Whoever leaves is told the truth: nothing was kept.
                session.say(msg::not_recorded(m))?;
            }
            session.say_saved(saved)?;
            Ok(ending)
        }
        Err(Halt::Failed(error)) => {
            // The record is saved as far as the game went; the failure is the exit status.
            Err(error)
        }
    }
}

/// Writes `text` to `path` through a temporary file in the same directory and a rename, so the
/// file always holds a whole record.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = path.with_file_name(temp_name);
    let written = std::fs::File::create(&temp).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        file.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&temp, path)) {
        Ok(()) => Ok(()),
        Err(error) => {
            let _ = std::fs::remove_file(&temp);
            Err(error)
        }
    }
}

impl Session<'_> {
    fn say(&mut self, text: impl AsRef<str>) -> io::Result<()> {
        writeln!(self.out, "{}", text.as_ref())
    }

    fn name(&self, seat: usize) -> &str {
        &self.options.players[seat].name
    }

    fn record(&self) -> GameRecord {
        let seed = (!self.options.manual_dice).then_some(self.options.seed);
        GameRecord::of_game(&self.game, self.options.players.clone(), seed)
    }

    /// Saves the record, if one is kept; `Ok(false)` when none is.
    fn save(&self) -> io::Result<bool> {
        match &self.options.record {
            None => Ok(false),
            Some(path) => write_atomically(path, &(self.record().to_json() + "\n")).map(|()| true),
        }
    }

    fn say_saved(&mut self, saved: io::Result<bool>) -> io::Result<()> {
        let m = self.options.lang.messages();
        let Some(path) = self.options.record.clone() else {
            return Ok(());
        };
        match saved {
            Ok(_) => self.say(msg::record_saved(m, &path)),
            Err(error) => self.say(msg::record_not_saved(m, &path, &error)),
        }
    }

    /// Saves after a turn; a failure is told but does not stop the game.
    fn save_now(&mut self) -> io::Result<()> {
        let m = self.options.lang.messages();
        if let Err(error) = self.save() {
            let path = self.options.record.clone().unwrap_or_default();
            self.say(msg::record_not_saved(m, &path, &error))?;
        }
        Ok(())
    }

    /// The next line of input without its line ending; leaves at the end of input.
    fn read_line(&mut self) -> Flow<String> {
        self.out.flush()?;
        let mut bytes = Vec::new();
        if self.input.read_until(b'\n', &mut bytes)? == 0 {
            return Err(Halt::Leave(Ending::InputEnded));
        }
        Ok(String::from_utf8_lossy(&bytes)
            .trim_end_matches(['\n', '\r'])
            .to_string())
    }

    fn run(&mut self) -> Flow<()> {
        let m = self.options.lang.messages();
        self.introduce()?;
        loop {
            match self.game.awaiting() {
                Awaiting::Nothing => return self.finish(),
                Awaiting::TurnRoll { seat, dice } => {
                    if self.game.turn_steps().is_empty() {
                        let (round, total) = (self.game.round(), self.game.scores()[seat]);
                        let line = match self.game.triggered_by() {
                            None => msg::turn_start(m, round, self.name(seat), total),
                            Some(_) => {
                                msg::turn_start_final_round(m, round, self.name(seat), total)
                            }
                        };
                        self.say(line)?;
                    }
                    let roll = self.obtain_roll(seat, dice, false)?;
                    self.apply_roll(roll)?;
                    self.tell_roll(seat, roll)?;
                }
                Awaiting::Decision { seat } => {
                    let action = match self.bots[seat].is_some() {
                        true => self.bot_decision(seat)?,
                        false => self.human_decision(seat)?,
                    };
                    let roll = self.game.turn().pending_roll();
                    self.game.play(action).map_err(|e| {
                        Halt::Failed(anyhow::anyhow!(msg::bot_move_error(m, self.name(seat), &e)))
                    })?;
                    self.tell_action(seat, action, roll)?;
                }
                Awaiting::RollOffRoll { seat, dice } => {
                    let roll = self.obtain_roll(seat, dice, true)?;
                    self.apply_roll(roll)?;
                    self.say(msg::roll_off_roll(m, self.name(seat), roll, self.letters))?;
                    if let GameState::RollOff(roll_off) = self.game.state()
                        && roll_off.rounds().last().is_some_and(Vec::is_empty)
                    {
                        let names = self.names(roll_off.contenders());
                        self.say(msg::roll_off_again(m, &names))?;
                    }
                }
            }
            self.after_turn()?;
        }
    }

    fn names(&self, seats: &[usize]) -> Vec<&str> {
        seats.iter().map(|&s| self.name(s)).collect()
    }

    fn introduce(&mut self) -> Flow<()> {
        let m = self.options.lang.messages();
        let options = self.options;
        self.say(msg::game_title(m, options.rules))?;
        let names: Vec<&str> = options.players.iter().map(|p| p.name.as_str()).collect();
        self.say(msg::game_players(m, &names))?;
        if options.manual_dice {
            self.say(msg::game_manual_dice(m))?;
        } else {
            // The digits only when asked for: a screen reader reads them out one by one.
            self.say(msg::seed_hint(m))?;
        }
        if self.bots.iter().any(Option::is_none) {
            self.say(msg::game_help_hint(m))?;
        }
        Ok(())
    }

    fn apply_roll(&mut self, roll: Dice) -> Flow<()> {
        self.game
            .apply_roll(roll)
            .map_err(|e| Halt::Failed(e.into()))
    }

    /// Rolls `dice` dice, or asks for the faces of physical dice.
    fn obtain_roll(&mut self, seat: usize, dice: u8, roll_off: bool) -> Flow<Dice> {
        let m = self.options.lang.messages();
        if !self.options.manual_dice {
            return Ok(roll_dice(dice, &mut self.rng));
        }
        loop {
            let prompt = if roll_off {
                msg::manual_roll_off_prompt(m, self.name(seat), dice)
            } else {
                msg::manual_roll_prompt(m, self.name(seat), dice)
            };
            self.say(prompt)?;
            let line = self.read_line()?;
            match parse_roll(&line, dice) {
                Ok(RollInput::Faces(roll)) => return Ok(roll),
                Ok(RollInput::Help) => {
                    self.say(msg::help_roll(m, self.options.record.is_some()))?;
                }
                Ok(RollInput::Coach) => self.say(msg::coach_no_decision(m))?,
                Ok(RollInput::Quit) => return Err(Halt::Leave(Ending::Quit)),
                Err(error) => self.say(input_error(m, &error))?,
            }
        }
    }

    /// Whether a turn has finished that is not yet announced.
    fn turn_just_ended(&self) -> bool {
        self.game.history().len() > self.announced
    }

    fn tell_roll(&mut self, seat: usize, roll: Dice) -> Flow<()> {
        let m = self.options.lang.messages();
        self.say(msg::rolls(m, self.name(seat), roll, self.letters))?;
        let tanks = roll.count(Face::Tank);
        if tanks > 0 {
            self.say(msg::tanks_forced(m, tanks))?;
        }
        if !self.turn_just_ended() {
            // The roll awaits a choice.
            let turn = *self.game.turn();
            self.say(msg::set_aside_while_choosing(m, turn.aside()))?;
            self.say(msg::balance_so_far(m, turn.aside(), turn.score()))?;
            // What may be taken is for the person choosing, not for a bot.
            if self.bots[seat].is_none() {
                let legal: Vec<Face> = turn.legal_takes().iter().collect();
                self.say(msg::choices(m, roll, &legal))?;
            }
        } else {
            self.say(msg::no_choice(m))?;
        }
        Ok(())
    }

    fn tell_action(&mut self, seat: usize, action: Action, roll: Option<Dice>) -> Flow<()> {
        let m = self.options.lang.messages();
        match action {
            Action::Take(face) => {
                let n = roll.map_or(0, |r| r.count(face));
                self.say(msg::takes(m, self.name(seat), face, n))?;
                let turn = *self.game.turn();
                if turn.phase() == TurnPhase::Deciding {
                    self.say(msg::set_aside(m, turn.aside(), turn.dice_left()))?;
                    self.say(msg::balance_if_stopping(m, turn.aside(), turn.score()))?;
                } else if self.turn_just_ended() {
                    self.say(msg::no_dice(m))?;
                }
            }
            Action::Stop => self.say(msg::stops(m, self.name(seat)))?,
            Action::Roll => {}
        }
        Ok(())
    }

    fn bot_decision(&mut self, seat: usize) -> Flow<Action> {
        let m = self.options.lang.messages();
        let bot = self.bots[seat].as_mut().expect("a bot seat");
        bot.decide(&self.game.situation(), &mut self.rng)
            .map_err(|e| {
                Halt::Failed(anyhow::anyhow!(msg::bot_error(
                    m,
                    &self.options.players[seat].name,
                    &e
                )))
            })
    }

    /// A person's decision, the coach's values before it when the coach is on for every
    /// decision, and after it what it cost when it was not the best.
    fn human_decision(&mut self, seat: usize) -> Flow<Action> {
        let advice = self.advice()?;
        if self.coach_every {
            self.tell_advice(advice.as_ref())?;
        }
        let action = self.ask_decision(seat)?;
        if let Some(review) = advice.and_then(|a| martian_tui::Review::of(&a, action))
            && !review.was_best()
        {
            use martian_tui::Advisor;
            let why = self
                .advisor
                .as_mut()
                .and_then(|advisor| advisor.explain_choice(&self.game.situation(), action));
            self.tell_cost(&review, why.as_ref())?;
        }
        Ok(action)
    }

    fn ask_decision(&mut self, seat: usize) -> Flow<Action> {
        let m = self.options.lang.messages();
        loop {
            let turn = *self.game.turn();
            let (prompt, text) = match turn.phase() {
                TurnPhase::Choosing { .. } => {
                    let legal: Vec<Face> = turn.legal_takes().iter().collect();
                    (
                        Prompt::Choose,
                        msg::choose_prompt(m, self.name(seat), &legal),
                    )
                }
                _ => (
                    Prompt::Decide,
                    msg::decide_prompt(m, self.name(seat), turn.score(), turn.dice_left()),
                ),
            };
            self.say(text)?;
            let line = self.read_line()?;
            match parse_command(&line, prompt) {
                Ok(Command::Act(action)) => match turn.check(action) {
                    Ok(()) => return Ok(action),
                    Err(error) => self.say(msg::illegal(m, &error))?,
                },
                Ok(Command::Help) => {
                    let recorded = self.options.record.is_some();
                    let help = match prompt {
                        Prompt::Choose => msg::help_choose(m, recorded),
                        Prompt::Decide => msg::help_decide(m, recorded),
                    };
                    self.say(help)?;
                }
                Ok(Command::Scores) => self.score_table()?,
                Ok(Command::Coach) => {
                    let advice = self.advice()?;
                    self.tell_advice(advice.as_ref())?;
                }
                Ok(Command::CoachEvery(on)) => {
                    self.coach_every = on;
                    self.say(msg::coach_every(m, on))?;
                    if on {
                        let advice = self.advice()?;
                        self.tell_advice(advice.as_ref())?;
                    }
                }
                Ok(Command::Seed) => {
                    let line = if self.options.manual_dice {
                        msg::game_manual_dice(m)
                    } else {
                        msg::game_seed(m, self.options.seed)
                    };
                    self.say(line)?;
                }
                Ok(Command::ReadLetters(letters)) => {
                    self.letters = letters;
                    self.say(msg::reading(m, letters))?;
                }
                Ok(Command::Quit) => return Err(Halt::Leave(Ending::Quit)),
                Err(error) => self.say(input_error(m, &error))?,
            }
        }
    }

    /// The coach's values for the decision at hand (`None` when it has none): the same advisor
    /// as the full-screen game's, waiting for its solution, which it says it works out the first
    /// time it takes a while.
    fn advice(&mut self) -> Flow<Option<martian_tui::Advice>> {
        use martian_tui::Advisor;
        let m = self.options.lang.messages();
        let players = self.game.players();
        if self.advisor.is_none() {
            if !martian_solver::solutions_at_hand(self.options.rules, players.min(3)) {
                self.say(msg::coach_working(m))?;
                self.out.flush()?;
            }
            self.advisor = Some(martian_tui::SolverAdvisor::blocking());
        }
        let advisor = self.advisor.as_mut().expect("made above");
        Ok(advisor.advise(&self.game.situation()))
    }

    /// The coach's values for the decision at hand, best first, and why the best is best.
    fn tell_advice(&mut self, advice: Option<&martian_tui::Advice>) -> Flow<()> {
        let m = self.options.lang.messages();
        let Some(advice) = advice else {
            return Ok(self.say(msg::coach_no_values(m))?);
        };
        let target = self.options.rules.target();
        self.say(msg::coach_heading(m, advice.measure, target))?;
        for &(action, value) in &advice.values {
            let line = msg::coach_option(
                m,
                crate::cmd::solve::messages::action(m, action),
                advice.format_value(m, value),
                advice.is_best(value),
            );
            self.say(line)?;
        }
        if let Some(reason) = &advice.reason {
            self.say(msg::coach_why(m, reason))?;
        }
        if let Some(card) = &self.options.coach_card {
            use crate::cmd::card::messages::{card_move, card_verdict};
            let (action, source) = card.decide(&self.game.situation());
            let line = match source {
                martian_cards::Source::Line(i) => Some(i),
                martian_cards::Source::Default => None,
            };
            let said = card_move(m, card, action, line);
            self.say(said)?;
            if let Some((best, best_value)) = advice.best() {
                // How much worse the card's move is, whichever way the measure runs.
                let cost = advice
                    .value_of(action)
                    .map(|value| (best_value - value).abs())
                    .filter(|&cost| action != best && cost > 0.0);
                let verdict = card_verdict(m, cost.map(|c| advice.format_cost(m, c)), best);
                self.say(verdict)?;
            }
        }
        Ok(())
    }

    /// What a decision that was not the best cost, the best, and why the best beats it.
    fn tell_cost(
        &mut self,
        review: &martian_tui::Review,
        why: Option<&martian_solver::Reason>,
    ) -> Flow<()> {
        let m = self.options.lang.messages();
        let advice = &review.advice;
        let best = advice.best().map(|(action, _)| action);
        let cost = advice.format_cost(m, review.cost);
        let reason = why.map(|reason| martian_tui::messages::coach_reason(m, reason));
        self.say(msg::decision_cost(m, &cost, best, reason.as_deref()))?;
        Ok(())
    }

    fn score_table(&mut self) -> Flow<()> {
        let m = self.options.lang.messages();
        let rules = self.options.rules;
        self.say(msg::score_table_title(m, self.game.round(), rules.target()))?;
        for seat in 0..self.game.players() {
            let row = msg::score_table_row(m, self.name(seat), self.game.scores()[seat]);
            self.say(row)?;
        }
        Ok(())
    }

    /// Tells the end of a turn that just finished: its score, the target reached, the table.
    fn after_turn(&mut self) -> Flow<()> {
        let m = self.options.lang.messages();
        let Some(log) = self.game.history().get(self.announced).cloned() else {
            return Ok(());
        };
        self.announced += 1;
        let rules = self.options.rules;
        let seat = log.seat;
        let total = self.game.scores()[seat];
        self.say(msg::turn_scores(
            m,
            self.name(seat),
            log.turn.aside(),
            rules,
            total,
        ))?;
        let reached = total >= rules.target() && total - log.turn.score() < rules.target();
        if reached {
            self.say(msg::reached_target(
                m,
                self.name(seat),
                total,
                rules.target(),
            ))?;
            if rules.end() == martian_engine::EndRule::Immediate {
                self.say(msg::immediate_end(m))?;
            } else if self.game.triggered_by() == Some(seat)
                && matches!(self.game.state(), GameState::Playing)
            {
                self.say(msg::final_round(m))?;
            }
        }
        // The table of the round the turn belonged to.
        self.say(msg::score_table_title(m, log.round, rules.target()))?;
        for s in 0..self.game.players() {
            let row = msg::score_table_row(m, self.name(s), self.game.scores()[s]);
            self.say(row)?;
        }
        if let GameState::RollOff(roll_off) = self.game.state() {
            let tied = roll_off.contenders().to_vec();
            let names = self.names(&tied);
            let dice = self.game.rules().roll_off_dice();
            let total = self.game.scores()[tied[0]];
            self.say(msg::roll_off_start(m, &names, total, dice))?;
        }
        self.save_now()?;
        Ok(())
    }

    fn finish(&mut self) -> Flow<()> {
        let m = self.options.lang.messages();
        let outcome = self.game.outcome().expect("the game is over").clone();
        let best = outcome.scores[outcome.winners[0]];
        if let [winner] = outcome.winners[..] {
            self.say(msg::winner(m, self.name(winner), best))?;
        } else {
            let names = self.names(&outcome.winners);
            self.say(msg::shared_victory(m, &names, best))?;
        }
        self.say(msg::final_scores(m))?;
        for seat in 0..self.game.players() {
            let row = msg::score_table_row(m, self.name(seat), outcome.scores[seat]);
            self.say(row)?;
        }
        Ok(())
    }
}
