//! Every player-facing sentence of the line-mode game, the `turn` report and the `replay`
//! listing, in the reader's language: each function words one sentence through the Fluent
//! messages of `martian-i18n` (sections `plain-*`, `turn-report-*`, `replay-*` of
//! `crates/i18n/locales/*.ftl`), from the shared vocabulary of [`martian_i18n::vocab`].
//! Machine output (JSON keys, codes) is not here.

use martian_engine::{Action, Dice, Face, Points, Rules, TurnEnd, TurnError};
use martian_i18n::vocab::{self, face_id};
use martian_i18n::{Messages, errors, tr};

/// Player names are written as they were typed, in every language.
fn name_list(m: &Messages, names: &[&str]) -> String {
    vocab::list_and(m, names)
}

/// The default name of the `number`th person: "Player 1", "Jogador 1".
pub fn default_player(m: &Messages, number: usize) -> String {
    tr!(m, "plain-default-player", number = number)
}

/// What is wrong with `--players`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayersError {
    Count(usize),
    NoName { number: usize },
    ControlCharacter { number: usize },
    TooLong { number: usize, max: usize },
    NoBotName { number: usize },
    SameName(String),
}

pub fn players_error(m: &Messages, error: &PlayersError) -> String {
    match error {
        PlayersError::Count(count) => {
            errors::game_error(m, &martian_engine::GameError::Players(*count))
        }
        PlayersError::NoName { number } => tr!(m, "plain-players-no-name", number = *number),
        PlayersError::ControlCharacter { number } => {
            tr!(m, "plain-players-control-character", number = *number)
        }
        PlayersError::TooLong { number, max } => {
            tr!(m, "plain-players-too-long", number = *number, max = *max)
        }
        PlayersError::NoBotName { number } => {
            tr!(m, "plain-players-no-bot-name", number = *number)
        }
        PlayersError::SameName(name) => tr!(m, "plain-players-same-name", name = name),
    }
}

/// A bot of `--players` that cannot be made; the details bots give as text stay English.
pub fn bot_not_created(m: &Messages, error: &martian_bots::BotError) -> String {
    use martian_bots::BotError;
    match error {
        BotError::UnknownBot { spec, known } => {
            tr!(m, "plain-unknown-bot", spec = spec, known = known)
        }
        BotError::BadSpec { spec, message } => {
            tr!(m, "plain-bad-bot", spec = spec, error = message)
        }
        other => other.to_string(),
    }
}

// ---- the `turn` command ----

pub fn turn_transcript(m: &Messages, transcript: &str) -> String {
    if transcript.is_empty() {
        tr!(m, "turn-report-transcript-empty")
    } else {
        tr!(m, "turn-report-transcript", transcript = transcript)
    }
}

pub fn turn_rules(m: &Messages, rules: Rules) -> String {
    tr!(m, "turn-report-rules", rules = vocab::ruleset(m, rules))
}

pub fn turn_step_roll(m: &Messages, step: usize, roll: Dice) -> String {
    tr!(
        m,
        "turn-report-step-roll",
        step = step,
        dice = vocab::dice_count(m, roll.total()),
        faces = vocab::dice_in_words(m, roll)
    )
}

pub fn turn_step_tanks_aside(m: &Messages, tanks: u8) -> String {
    tr!(m, "turn-report-tanks-aside", count = tanks)
}

pub fn turn_step_took(m: &Messages, face: Face, n: u8) -> String {
    tr!(m, "turn-report-took", faces = vocab::face_count(m, face, n))
}

pub fn turn_step_no_choice(m: &Messages) -> String {
    tr!(m, "turn-report-no-choice")
}

pub fn turn_step_stop(m: &Messages, step: usize) -> String {
    tr!(m, "turn-report-stop", step = step)
}

pub fn turn_balance(m: &Messages, aside: Dice) -> String {
    tr!(m, "turn-report-balance", balance = vocab::balance(m, aside))
}

pub fn turn_not_started(m: &Messages, dice: u8) -> String {
    tr!(
        m,
        "turn-report-not-started",
        dice = vocab::dice_count(m, dice)
    )
}

pub fn turn_choosing(m: &Messages, roll: Dice, legal: &[(Face, u8)], score_now: &str) -> String {
    let choices: Vec<String> = legal
        .iter()
        .map(|&(face, n)| {
            tr!(
                m,
                "turn-report-choice",
                letter = vocab::face_letter(m, face).to_string(),
                faces = vocab::face_count(m, face, n)
            )
        })
        .collect();
    tr!(
        m,
        "turn-report-choosing",
        roll = vocab::dice_letters(m, roll),
        choices = vocab::list_or(m, &choices),
        score = score_now
    )
}

pub fn turn_deciding(m: &Messages, score_now: &str, dice_left: u8) -> String {
    tr!(
        m,
        "turn-report-deciding",
        score = score_now,
        count = dice_left
    )
}

pub fn turn_over(m: &Messages, end: TurnEnd, score: &str) -> String {
    tr!(
        m,
        "turn-report-over",
        end = vocab::turn_end(m, end),
        score = score
    )
}

// ---- the line-mode game ----

pub fn game_title(m: &Messages, rules: Rules) -> String {
    tr!(m, "plain-title", rules = vocab::ruleset(m, rules))
}

/// Seats in order are a sequence, not a sentence: "Ana, Bob, Cid" in every language.
pub fn game_players(m: &Messages, players: &[&str]) -> String {
    tr!(m, "plain-players", names = players.join(", "))
}

pub fn game_seed(m: &Messages, seed: u64) -> String {
    // A seed is an identifier: as text, so no number formatting touches it.
    tr!(m, "plain-seed", seed = seed.to_string())
}

pub fn game_manual_dice(m: &Messages) -> String {
    tr!(m, "plain-manual-dice")
}

pub fn game_help_hint(m: &Messages) -> String {
    tr!(m, "plain-help-hint")
}

pub fn turn_start(m: &Messages, round: u32, name: &str, total: Points) -> String {
    tr!(
        m,
        "plain-turn-start",
        round = round,
        name = name,
        you = vocab::you_selector(name),
        points = vocab::points(m, total)
    )
}

pub fn turn_start_final_round(m: &Messages, round: u32, name: &str, total: Points) -> String {
    tr!(
        m,
        "plain-turn-start-final-round",
        round = round,
        name = name,
        you = vocab::you_selector(name),
        points = vocab::points(m, total)
    )
}

/// A roll, told once: in words, or in the reader's letters (`letters`).
pub fn rolls(m: &Messages, name: &str, roll: Dice, letters: bool) -> String {
    let dice = vocab::dice_count(m, roll.total());
    let you = vocab::you_selector(name);
    if letters {
        let letters = vocab::dice_letters(m, roll);
        tr!(
            m,
            "plain-rolls-letters",
            name = name,
            you = you,
            dice = dice,
            letters = letters
        )
    } else {
        let faces = vocab::dice_in_words(m, roll);
        tr!(
            m,
            "plain-rolls",
            name = name,
            you = you,
            dice = dice,
            faces = faces
        )
    }
}

pub fn tanks_forced(m: &Messages, tanks: u8) -> String {
    tr!(m, "plain-tanks-forced", count = tanks)
}

/// What is set aside and how many dice are left (the line mode and the `turn` report).
pub fn set_aside(m: &Messages, aside: Dice, dice_left: u8) -> String {
    tr!(
        m,
        "plain-set-aside",
        faces = vocab::dice_in_words(m, aside),
        count = dice_left
    )
}

pub fn set_aside_while_choosing(m: &Messages, aside: Dice) -> String {
    tr!(
        m,
        "plain-set-aside-choosing",
        faces = vocab::dice_in_words(m, aside)
    )
}

/// The balance line shown after a roll: what is set aside scores so far.
pub fn balance_so_far(m: &Messages, aside: Dice, score: Points) -> String {
    tr!(
        m,
        "plain-balance-so-far",
        balance = vocab::balance(m, aside),
        score = score
    )
}

/// The balance line shown after a take: what stopping now would score.
pub fn balance_if_stopping(m: &Messages, aside: Dice, score: Points) -> String {
    tr!(
        m,
        "plain-balance-if-stopping",
        balance = vocab::balance(m, aside),
        score = score
    )
}

pub fn choices(m: &Messages, roll: Dice, legal: &[Face]) -> String {
    let list: Vec<String> = legal
        .iter()
        .map(|&face| {
            tr!(
                m,
                "plain-choice",
                letter = vocab::face_letter(m, face).to_string(),
                faces = vocab::face_count(m, face, roll.count(face))
            )
        })
        .collect();
    tr!(m, "plain-choices", choices = list.join(", "))
}

pub fn choose_prompt(m: &Messages, name: &str, legal: &[Face]) -> String {
    let keys: Vec<String> = legal
        .iter()
        .map(|&face| vocab::face_letter(m, face).to_string())
        .collect();
    tr!(
        m,
        "plain-choose-prompt",
        name = name,
        you = vocab::you_selector(name),
        keys = keys.join(", ")
    )
}

pub fn decide_prompt(m: &Messages, name: &str, score: Points, dice_left: u8) -> String {
    tr!(
        m,
        "plain-decide-prompt",
        name = name,
        you = vocab::you_selector(name),
        score = score,
        count = dice_left
    )
}

pub fn takes(m: &Messages, name: &str, face: Face, n: u8) -> String {
    tr!(
        m,
        "plain-takes",
        name = name,
        you = vocab::you_selector(name),
        faces = vocab::face_count(m, face, n)
    )
}

pub fn stops(m: &Messages, name: &str) -> String {
    tr!(
        m,
        "plain-stops",
        name = name,
        you = vocab::you_selector(name)
    )
}

pub fn no_choice(m: &Messages) -> String {
    tr!(m, "plain-no-choice")
}

pub fn no_dice(m: &Messages) -> String {
    tr!(m, "plain-no-dice")
}

pub fn turn_scores(m: &Messages, name: &str, aside: Dice, rules: Rules, total: Points) -> String {
    tr!(
        m,
        "plain-turn-scores",
        name = name,
        you = vocab::you_selector(name),
        score = vocab::score_explained(m, rules, aside),
        total = vocab::points(m, total)
    )
}

pub fn score_table_title(m: &Messages, round: u32, target: Points) -> String {
    tr!(m, "plain-score-table-title", round = round, target = target)
}

pub fn score_table_row(m: &Messages, name: &str, total: Points) -> String {
    tr!(
        m,
        "plain-score-table-row",
        name = name,
        points = vocab::points(m, total)
    )
}

pub fn reached_target(m: &Messages, name: &str, total: Points, target: Points) -> String {
    tr!(
        m,
        "plain-reached-target",
        name = name,
        you = vocab::you_selector(name),
        points = vocab::points(m, total),
        target = target
    )
}

pub fn final_round(m: &Messages) -> String {
    tr!(m, "plain-final-round")
}

pub fn immediate_end(m: &Messages) -> String {
    tr!(m, "plain-immediate-end")
}

/// The roll-off begins: each of `names_tied` rolls `dice` dice (six, or all of a smaller set).
pub fn roll_off_start(m: &Messages, names_tied: &[&str], total: Points, dice: u8) -> String {
    tr!(
        m,
        "plain-roll-off-start",
        names = name_list(m, names_tied),
        points = vocab::points(m, total),
        dice = dice
    )
}

/// A roll-off roll, told once: in words, or in the reader's letters (`letters`).
pub fn roll_off_roll(m: &Messages, name: &str, roll: Dice, letters: bool) -> String {
    let rays = vocab::face_count(m, Face::DeathRay, roll.count(Face::DeathRay));
    let you = vocab::you_selector(name);
    if letters {
        let letters = vocab::dice_letters(m, roll);
        tr!(
            m,
            "plain-roll-off-roll-letters",
            name = name,
            you = you,
            letters = letters,
            rays = rays
        )
    } else {
        let faces = vocab::dice_in_words(m, roll);
        tr!(
            m,
            "plain-roll-off-roll",
            name = name,
            you = you,
            faces = faces,
            rays = rays
        )
    }
}

pub fn roll_off_again(m: &Messages, names_tied: &[&str]) -> String {
    tr!(m, "plain-roll-off-again", names = name_list(m, names_tied))
}

pub fn winner(m: &Messages, name: &str, total: Points) -> String {
    tr!(
        m,
        "plain-winner",
        name = name,
        you = vocab::you_selector(name),
        points = vocab::points(m, total)
    )
}

pub fn shared_victory(m: &Messages, winners: &[&str], total: Points) -> String {
    tr!(
        m,
        "plain-shared-victory",
        names = name_list(m, winners),
        points = vocab::points(m, total)
    )
}

pub fn final_scores(m: &Messages) -> String {
    tr!(m, "plain-final-scores")
}

pub fn manual_roll_prompt(m: &Messages, name: &str, dice: u8) -> String {
    tr!(
        m,
        "plain-manual-roll-prompt",
        name = name,
        dice = vocab::dice_count(m, dice),
        count = dice
    )
}

pub fn manual_roll_off_prompt(m: &Messages, name: &str, dice: u8) -> String {
    tr!(
        m,
        "plain-manual-roll-off-prompt",
        name = name,
        dice = vocab::dice_count(m, dice)
    )
}

pub fn bad_faces(m: &Messages, error: &martian_engine::ParseDiceError) -> String {
    tr!(m, "plain-bad-faces", error = errors::dice_error(m, error))
}

pub fn wrong_count(m: &Messages, typed: u8, expected: u8) -> String {
    tr!(
        m,
        "plain-wrong-count",
        typed = vocab::dice_count(m, typed),
        expected = vocab::dice_count(m, expected)
    )
}

pub fn empty_input(m: &Messages) -> String {
    tr!(m, "plain-empty-input")
}

pub fn unknown_input(m: &Messages, text: &str) -> String {
    tr!(m, "plain-unknown-input", text = text)
}

/// A move the rules refuse, said to the person who typed it.
pub fn illegal(m: &Messages, error: &TurnError) -> String {
    match error {
        TurnError::TakeTank => tr!(m, "plain-illegal-take-tank"),
        TurnError::NotRolled(face) => tr!(m, "plain-illegal-not-rolled", face = face_id(*face)),
        TurnError::AlreadyTaken(face) => {
            tr!(m, "plain-illegal-already-taken", face = face_id(*face))
        }
        TurnError::AwaitingChoice => tr!(m, "plain-illegal-awaiting-choice"),
        TurnError::AwaitingDecision => tr!(m, "plain-illegal-awaiting-decision"),
        other => tr!(
            m,
            "plain-illegal-other",
            error = errors::turn_error(m, other)
        ),
    }
}

/// The `record` selector of the help: whether leaving keeps a record.
fn record_id(recorded: bool) -> &'static str {
    if recorded { "kept" } else { "none" }
}

pub fn help_choose(m: &Messages, recorded: bool) -> String {
    tr!(m, "plain-help-choose", record = record_id(recorded))
}

pub fn help_decide(m: &Messages, recorded: bool) -> String {
    tr!(m, "plain-help-decide", record = record_id(recorded))
}

pub fn help_roll(m: &Messages, recorded: bool) -> String {
    tr!(m, "plain-help-roll", record = record_id(recorded))
}

pub fn seed_hint(m: &Messages) -> String {
    tr!(m, "plain-seed-hint")
}

pub fn not_recorded(m: &Messages) -> String {
    tr!(m, "plain-not-recorded")
}

/// How rolls are read from now on: in `letters` or in words.
pub fn reading(m: &Messages, letters: bool) -> String {
    if letters {
        tr!(m, "plain-read-letters")
    } else {
        tr!(m, "plain-read-words")
    }
}

/// The line before the coach's values: what they measure.
pub fn coach_heading(m: &Messages, measure: martian_tui::Measure, target: Points) -> String {
    let measure = match measure {
        martian_tui::Measure::WinProbability => "win",
        martian_tui::Measure::TurnPoints => "points",
        martian_tui::Measure::ExpectedTurns => "turns",
    };
    tr!(m, "plain-coach-heading", measure = measure, target = target)
}

/// One option of the coach: "take the chickens: 48.3%, the best."
pub fn coach_option(m: &Messages, action: String, value: String, best: bool) -> String {
    tr!(
        m,
        "plain-coach-option",
        action = action,
        value = value,
        best = if best { "yes" } else { "no" }
    )
}

/// The coach's reason, in the words every interface uses.
pub fn coach_why(m: &Messages, reason: &martian_solver::Reason) -> String {
    tr!(
        m,
        "plain-coach-why",
        reason = martian_tui::messages::coach_reason(m, reason)
    )
}

/// What a person's decision cost when it was not the best: "That cost −7.2% chance to win; the
/// best was to take the humans. Why: …".
pub fn decision_cost(m: &Messages, cost: &str, best: Option<Action>, why: Option<&str>) -> String {
    let best = best.map_or_else(String::new, |action| {
        crate::cmd::review::messages::to_do(m, action)
    });
    tr!(
        m,
        "plain-decision-cost",
        cost = cost,
        best = best,
        why = why.unwrap_or("")
    )
}

/// Whether the coach speaks at every decision from now on.
pub fn coach_every(m: &Messages, on: bool) -> String {
    tr!(m, "plain-coach-every", on = if on { "on" } else { "off" })
}

pub fn coach_working(m: &Messages) -> String {
    tr!(m, "plain-coach-working")
}

pub fn coach_no_values(m: &Messages) -> String {
    tr!(m, "plain-coach-no-values")
}

pub fn coach_no_decision(m: &Messages) -> String {
    tr!(m, "plain-coach-no-decision")
}

pub fn bot_error(m: &Messages, name: &str, error: &dyn std::fmt::Display) -> String {
    tr!(m, "plain-bot-error", name = name, error = error.to_string())
}

/// A move of a bot the rules refused: the rules' words in the reader's language.
pub fn bot_move_error(m: &Messages, name: &str, error: &martian_engine::GameError) -> String {
    tr!(
        m,
        "plain-bot-error",
        name = name,
        error = errors::game_error(m, error)
    )
}

pub fn quit(m: &Messages) -> String {
    tr!(m, "plain-quit")
}

pub fn input_ended(m: &Messages) -> String {
    tr!(m, "plain-input-ended")
}

pub fn record_saved(m: &Messages, path: &std::path::Path) -> String {
    tr!(m, "plain-record-saved", path = path.display().to_string())
}

pub fn record_not_saved(m: &Messages, path: &std::path::Path, error: &std::io::Error) -> String {
    tr!(
        m,
        "plain-record-not-saved",
        path = path.display().to_string(),
        error = error.to_string()
    )
}

// ---- the `replay` listing ----

pub fn replay_rules(m: &Messages, rules: Rules) -> String {
    tr!(m, "replay-rules", rules = vocab::ruleset(m, rules))
}

/// Seats are numbered from 0 here, as in the record and in its error messages.
pub fn replay_player(m: &Messages, seat: usize, name: &str, bot: Option<&str>) -> String {
    match bot {
        Some(bot) if bot != name && vocab::bot_name(m, bot) != name => tr!(
            m,
            "replay-seat-bot-named",
            seat = seat,
            name = name,
            bot = vocab::bot_name(m, bot)
        ),
        Some(_) => tr!(m, "replay-seat-bot", seat = seat, name = name),
        None => tr!(m, "replay-seat", seat = seat, name = name),
    }
}

pub fn replay_seed(m: &Messages, seed: u64) -> String {
    tr!(m, "replay-seed", seed = seed.to_string())
}

pub fn replay_round(m: &Messages, round: u32) -> String {
    tr!(m, "replay-round", round = round)
}

/// One turn of the listing, indented under its round.
pub fn replay_turn(
    m: &Messages,
    name: &str,
    transcript: &str,
    score: &str,
    end: TurnEnd,
    total: Points,
) -> String {
    let line = tr!(
        m,
        "replay-turn",
        name = name,
        transcript = transcript,
        score = score,
        end = vocab::turn_end(m, end),
        total = vocab::points(m, total)
    );
    format!("  {line}")
}

pub fn replay_turn_unfinished(m: &Messages, name: &str, transcript: &str) -> String {
    let line = tr!(
        m,
        "replay-turn-unfinished",
        name = name,
        transcript = transcript
    );
    format!("  {line}")
}

pub fn replay_totals(m: &Messages, round: u32, rows: &[(&str, Points)]) -> String {
    let list: Vec<String> = rows.iter().map(|(n, p)| format!("{n} {p}")).collect();
    let line = tr!(m, "replay-totals", round = round, list = list.join(", "));
    format!("  {line}")
}

pub fn replay_roll_off_title(m: &Messages, names_tied: &[&str], total: Points) -> String {
    tr!(
        m,
        "replay-roll-off-title",
        names = name_list(m, names_tied),
        points = vocab::points(m, total)
    )
}

/// The rolls of a roll-off round, in the reader's letters.
pub fn replay_roll_off_round(m: &Messages, round: usize, rolls: &[(&str, Dice)]) -> String {
    let list: Vec<String> = rolls
        .iter()
        .map(|(name, roll)| {
            tr!(
                m,
                "replay-roll-off-roll",
                name = *name,
                roll = vocab::dice_letters(m, *roll),
                rays = vocab::face_count(m, Face::DeathRay, roll.count(Face::DeathRay))
            )
        })
        .collect();
    let line = tr!(
        m,
        "replay-roll-off-round",
        round = round,
        list = list.join(", ")
    );
    format!("  {line}")
}

/// A line of the listing indented under its round.
pub fn replay_indented(line: String) -> String {
    format!("  {line}")
}

pub fn replay_unfinished(m: &Messages, name: &str, round: u32) -> String {
    tr!(
        m,
        "replay-unfinished",
        name = name,
        you = vocab::you_selector(name),
        round = round
    )
}

pub fn replay_roll_off_unfinished(m: &Messages, name: &str) -> String {
    tr!(
        m,
        "replay-roll-off-unfinished",
        name = name,
        you = vocab::you_selector(name)
    )
}

pub fn replay_cannot_read(m: &Messages, file: &std::path::Path, error: &std::io::Error) -> String {
    tr!(
        m,
        "replay-cannot-read",
        file = file.display().to_string(),
        error = error.to_string()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_i18n::Lang;

    fn dice(text: &str) -> Dice {
        text.parse().unwrap()
    }

    /// Every sentence of the line mode in Portuguese: no variable left unfilled, no id shown.
    #[test]
    fn every_sentence_is_complete_in_both_languages() {
        for lang in Lang::ALL {
            let m = lang.messages();
            let roll = dice("TTRRRHCCK");
            let rules = Rules::official();
            let mut all = vec![
                game_title(m, rules),
                game_players(m, &["Ana", "Bob"]),
                game_seed(m, u64::MAX),
                game_manual_dice(m),
                game_help_hint(m),
                default_player(m, 3),
                turn_start(m, 1, "Ana", 0),
                turn_start_final_round(m, 2, "Ana", 1),
                rolls(m, "Ana", roll, false),
                rolls(m, "You", roll, true),
                seed_hint(m),
                not_recorded(m),
                reading(m, true),
                reading(m, false),
                coach_working(m),
                coach_no_values(m),
                coach_no_decision(m),
                coach_option(m, "x".into(), "1.0%".into(), true),
                coach_heading(m, martian_tui::Measure::ExpectedTurns, 25),
                tanks_forced(m, 1),
                tanks_forced(m, 2),
                set_aside(m, roll, 0),
                set_aside(m, roll, 1),
                set_aside(m, roll, 5),
                set_aside_while_choosing(m, Dice::EMPTY),
                balance_so_far(m, roll, 0),
                balance_if_stopping(m, roll, 4),
                choices(m, roll, &[Face::DeathRay, Face::Cow]),
                choose_prompt(m, "Ana", &[Face::DeathRay, Face::Chicken]),
                decide_prompt(m, "Ana", 3, 1),
                decide_prompt(m, "Ana", 3, 8),
                takes(m, "Ana", Face::Cow, 1),
                stops(m, "Ana"),
                no_choice(m),
                no_dice(m),
                turn_scores(m, "Ana", roll, rules, 7),
                score_table_title(m, 3, 25),
                score_table_row(m, "Ana", 1),
                reached_target(m, "Ana", 26, 25),
                final_round(m),
                immediate_end(m),
                roll_off_start(m, &["Ana", "Bob"], 25, 6),
                roll_off_roll(m, "Ana", dice("RRHHCC"), false),
                roll_off_roll(m, "Você", dice("RRHHCC"), true),
                roll_off_again(m, &["Ana", "Bob", "Cid"]),
                winner(m, "Ana", 30),
                shared_victory(m, &["Ana", "Bob"], 25),
                final_scores(m),
                manual_roll_prompt(m, "Ana", 13),
                manual_roll_off_prompt(m, "Ana", 6),
                bad_faces(m, &martian_engine::ParseDiceError::ZeroCount),
                wrong_count(m, 8, 13),
                empty_input(m),
                unknown_input(m, "xyz"),
                help_choose(m, true),
                help_decide(m, false),
                help_roll(m, true),
                help_roll(m, false),
                bot_error(m, "bot", &"broken pipe"),
                quit(m),
                input_ended(m),
                record_saved(m, std::path::Path::new("game.json")),
                turn_transcript(m, ""),
                turn_transcript(m, "13T"),
                turn_rules(m, rules),
                turn_step_roll(m, 1, roll),
                turn_step_tanks_aside(m, 2),
                turn_step_took(m, Face::Human, 1),
                turn_step_no_choice(m),
                turn_step_stop(m, 3),
                turn_balance(m, roll),
                turn_not_started(m, 13),
                turn_choosing(m, roll, &[(Face::DeathRay, 3), (Face::Cow, 2)], "0"),
                turn_deciding(m, "3", 4),
                turn_over(m, TurnEnd::NoChoice, "0"),
                replay_rules(m, rules),
                replay_player(m, 0, "Ana", None),
                replay_player(m, 1, "random", Some("random")),
                replay_player(m, 2, "Zé", Some("defensive")),
                replay_seed(m, 7),
                replay_round(m, 1),
                replay_turn(m, "Ana", "13T", "0", TurnEnd::NoChoice, 0),
                replay_turn_unfinished(m, "Ana", "TTRRRHHCCCKKK"),
                replay_totals(m, 1, &[("Ana", 3), ("Bob", 0)]),
                replay_roll_off_title(m, &["Ana", "Bob"], 25),
                replay_roll_off_round(m, 1, &[("Ana", dice("RRHHCC"))]),
                replay_unfinished(m, "Bob", 2),
                replay_roll_off_unfinished(m, "Bob"),
            ];
            for face in Face::ALL {
                all.push(illegal(m, &TurnError::NotRolled(face)));
                all.push(illegal(m, &TurnError::AlreadyTaken(face)));
            }
            for error in [
                TurnError::TakeTank,
                TurnError::AwaitingChoice,
                TurnError::AwaitingDecision,
                TurnError::Over,
            ] {
                all.push(illegal(m, &error));
            }
            for error in [
                PlayersError::Count(9),
                PlayersError::NoName { number: 2 },
                PlayersError::ControlCharacter { number: 2 },
                PlayersError::TooLong { number: 2, max: 40 },
                PlayersError::NoBotName { number: 2 },
                PlayersError::SameName("ana".into()),
            ] {
                all.push(players_error(m, &error));
            }
            for error in [
                martian_bots::BotError::UnknownBot {
                    spec: "nobody".into(),
                    known: "random, greedy".into(),
                },
                martian_bots::BotError::BadSpec {
                    spec: "strength:x".into(),
                    message: "not a number".into(),
                },
            ] {
                all.push(bot_not_created(m, &error));
            }
            for text in all {
                assert!(!text.is_empty(), "{lang}");
                assert!(!text.contains('{'), "{lang}: {text}");
                assert!(
                    !text.contains("plain-")
                        && !text.contains("turn-report-")
                        && !text.contains("replay-"),
                    "{lang}: a message id is shown: {text}"
                );
            }
        }
    }

    #[test]
    fn portuguese_reads_naturally() {
        let pt = Lang::PtBr.messages();
        assert_eq!(
            rolls(pt, "Ana", dice("TTRCCK"), false),
            "Ana lança 6 dados: 2 tanques, 1 raio da morte, 2 vacas, 1 galinha."
        );
        assert_eq!(
            set_aside(pt, dice("TR"), 1),
            "Separados: 1 tanque, 1 raio da morte; sobra 1 dado."
        );
        assert_eq!(
            set_aside(pt, dice("TR"), 0),
            "Separados: 1 tanque, 1 raio da morte; não sobra nenhum dado."
        );
        assert_eq!(
            choose_prompt(pt, "Ana", &[Face::DeathRay, Face::Cow, Face::Chicken]),
            "Ana, qual tipo você pega? (R, V, G)"
        );
        assert_eq!(
            illegal(pt, &TurnError::NotRolled(Face::Chicken)),
            "Não saiu nenhuma galinha."
        );
        assert_eq!(
            turn_scores(pt, "Ana", dice("RRHCK"), Rules::official(), 6),
            "Ana marca 6 (3 terráqueos + 3 de bônus) neste turno, 6 pontos no total."
        );
        assert_eq!(
            game_seed(pt, u64::MAX),
            "Semente 18446744073709551615: jogue de novo com --seed 18446744073709551615 \
             para ter os mesmos dados."
        );
    }
}
