//! What a player types, understood without side effects: a line in, a command or an error out.

use martian_engine::{Action, Dice, Face, ParseDiceError};

/// What the game asks for when it reads a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// A roll awaits the choice of a type: `r` means death rays.
    Choose,
    /// After a take: `r` means roll again.
    Decide,
}

/// A command typed at a choice or decision prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move, still to be checked against the rules.
    Act(Action),
    Help,
    Scores,
    Quit,
    /// The coach's values for this decision, and why.
    Coach,
    /// The coach on every decision from now on (`true`), or only when asked.
    CoachEvery(bool),
    /// The seed of the dice, to play them again.
    Seed,
    /// Read rolls in letters (`true`) or in words from now on.
    ReadLetters(bool),
}

/// A line typed when the faces of physical dice are asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollInput {
    Faces(Dice),
    Help,
    Quit,
    Coach,
}

/// What is wrong with a typed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// Nothing but blanks.
    Empty,
    /// Not a command this prompt knows (the text, trimmed).
    Unknown(String),
    /// Faces that are not a roll.
    BadFaces(ParseDiceError),
    /// A roll of the wrong number of dice.
    WrongCount { typed: u8, expected: u8 },
}

/// The line lower-cased with its words separated by single spaces.
fn normalise(line: &str) -> String {
    line.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Commands in either language: whoever forgot `--lang` can still type their own words.
fn common(word: &str) -> Option<Command> {
    match word {
        "?" | "help" | "ajuda" => Some(Command::Help),
        "q" | "quit" | "exit" | "sair" => Some(Command::Quit),
        "scores" | "score" | "table" | "placar" | "pontos" | "tabela" => Some(Command::Scores),
        "a" | "coach" | "análise" | "analise" | "dica" => Some(Command::Coach),
        "coach on" | "coach always" | "análise sempre" | "analise sempre" | "análise ligada"
        | "analise ligada" => Some(Command::CoachEvery(true)),
        "coach off" | "coach never" | "análise nunca" | "analise nunca" | "análise desligada"
        | "analise desligada" => Some(Command::CoachEvery(false)),
        "seed" | "semente" => Some(Command::Seed),
        "letters" | "letras" => Some(Command::ReadLetters(true)),
        "words" | "counts" | "palavras" | "extenso" => Some(Command::ReadLetters(false)),
        "s" | "stop" | "p" | "parar" | "paro" | "pare" => Some(Command::Act(Action::Stop)),
        "roll" | "roll again" | "again" | "l" | "lançar" | "lancar" | "lanço" | "lanco"
        | "lance" | "lançar de novo" | "lancar de novo" | "de novo" | "rolar" => {
            Some(Command::Act(Action::Roll))
        }
        _ => None,
    }
}

/// A face named by its letter (either language's: C or V for cows, K or G for chickens) or its
/// English or Portuguese name, singular or plural.
fn face_word(word: &str) -> Option<Face> {
    let mut chars = word.chars();
    if let (Some(letter), None) = (chars.next(), chars.next()) {
        return Face::from_letter(letter);
    }
    let singular = word.strip_suffix('s').unwrap_or(word);
    match singular {
        "tank" | "tanque" => Some(Face::Tank),
        "ray" | "death ray" | "deathray" | "raio" | "raio da morte" => Some(Face::DeathRay),
        "human" | "humano" => Some(Face::Human),
        "cow" | "vaca" => Some(Face::Cow),
        "chicken" | "galinha" => Some(Face::Chicken),
        _ if word == "raios da morte" => Some(Face::DeathRay),
        _ => None,
    }
}

/// Understands a line typed at a choice (`prompt` = [`Prompt::Choose`]) or decision prompt.
///
/// Face letters (T R H C K, or V G) and names take that type, optionally after `take` (`pegar`,
/// `pego`, `pegue`); `s`/`stop` (`p`/`parar`), `roll` (`l`/`lançar`), `?`/`help` (`ajuda`),
/// `q`/`quit` (`sair`), `scores` (`placar`), `a`/`coach` (`análise`), `coach on`/`coach off`
/// (`análise sempre`/`análise nunca`), `seed` (`semente`),
/// `letters`/`words` (`letras`/`palavras`). Both languages are understood whatever the
/// language shown. `r` takes death rays while a roll awaits a choice and rolls again after a
/// take, which is when each is the only sensible reading. Whether the move is legal is for the
/// rules to say.
pub fn parse_command(line: &str, prompt: Prompt) -> Result<Command, InputError> {
    let text = normalise(line);
    if text.is_empty() {
        return Err(InputError::Empty);
    }
    if text == "r" {
        return Ok(Command::Act(match prompt {
            Prompt::Choose => Action::Take(Face::DeathRay),
            Prompt::Decide => Action::Roll,
        }));
    }
    // The death rays' old key in the full-screen game (`d`, `m` for "morte") works here too.
    if text == "d" || text == "m" {
        return Ok(Command::Act(Action::Take(Face::DeathRay)));
    }
    if let Some(command) = common(&text) {
        return Ok(command);
    }
    let named = ["take ", "pegar ", "pego ", "pegue ", "pega "]
        .iter()
        .find_map(|prefix| text.strip_prefix(prefix))
        .unwrap_or(&text);
    face_word(named)
        .map(|face| Command::Act(Action::Take(face)))
        .ok_or_else(|| InputError::Unknown(line.trim().to_string()))
}

/// Understands the faces typed for a roll of `expected` physical dice (`2T3RHCK`, spaces
/// allowed), or `?`/`help`/`ajuda`, `q`/`quit`/`sair`.
pub fn parse_roll(line: &str, expected: u8) -> Result<RollInput, InputError> {
    let text = normalise(line);
    match text.as_str() {
        "" => return Err(InputError::Empty),
        "?" | "help" | "ajuda" => return Ok(RollInput::Help),
        "q" | "quit" | "exit" | "sair" => return Ok(RollInput::Quit),
        "a" | "coach" | "análise" | "analise" | "dica" => return Ok(RollInput::Coach),
        _ => {}
    }
    let compact: String = line.split_whitespace().collect();
    let dice: Dice = compact.parse().map_err(InputError::BadFaces)?;
    if dice.total() != expected {
        return Err(InputError::WrongCount {
            typed: dice.total(),
            expected,
        });
    }
    Ok(RollInput::Faces(dice))
}

/// What the player is told of input that does not read.
pub(crate) fn input_error(m: &martian_i18n::Messages, error: &InputError) -> String {
    use super::messages as msg;
    match error {
        InputError::Empty => msg::empty_input(m),
        InputError::Unknown(text) => msg::unknown_input(m, text),
        InputError::BadFaces(error) => msg::bad_faces(m, error),
        InputError::WrongCount { typed, expected } => msg::wrong_count(m, *typed, *expected),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn take(face: Face) -> Result<Command, InputError> {
        Ok(Command::Act(Action::Take(face)))
    }

    #[test]
    fn letters_words_and_commands() {
        use Prompt::*;
        assert_eq!(parse_command("h", Choose), take(Face::Human));
        assert_eq!(
            parse_command("  Take   Chickens ", Choose),
            take(Face::Chicken)
        );
        assert_eq!(parse_command("G", Choose), take(Face::Chicken));
        assert_eq!(parse_command("v", Choose), take(Face::Cow));
        assert_eq!(parse_command("death rays", Choose), take(Face::DeathRay));
        assert_eq!(parse_command("tank", Choose), take(Face::Tank));
        assert_eq!(parse_command("r", Choose), take(Face::DeathRay));
        assert_eq!(parse_command("d", Choose), take(Face::DeathRay));
        assert_eq!(parse_command("M", Choose), take(Face::DeathRay));
        assert_eq!(parse_command("R", Decide), Ok(Command::Act(Action::Roll)));
        assert_eq!(
            parse_command("roll", Choose),
            Ok(Command::Act(Action::Roll))
        );
        assert_eq!(
            parse_command("STOP", Decide),
            Ok(Command::Act(Action::Stop))
        );
        assert_eq!(parse_command("s", Decide), Ok(Command::Act(Action::Stop)));
        assert_eq!(parse_command("?", Decide), Ok(Command::Help));
        assert_eq!(parse_command("q", Choose), Ok(Command::Quit));
        assert_eq!(parse_command("scores", Choose), Ok(Command::Scores));
        assert_eq!(parse_command("a", Decide), Ok(Command::Coach));
        assert_eq!(parse_command("Coach", Choose), Ok(Command::Coach));
        assert_eq!(parse_command("seed", Choose), Ok(Command::Seed));
        assert_eq!(
            parse_command("letters", Decide),
            Ok(Command::ReadLetters(true))
        );
        assert_eq!(
            parse_command("words", Decide),
            Ok(Command::ReadLetters(false))
        );
        assert_eq!(parse_roll("a", 3), Ok(RollInput::Coach));
        assert_eq!(parse_command(" \t", Choose), Err(InputError::Empty));
        assert_eq!(
            parse_command(" xyz ", Choose),
            Err(InputError::Unknown("xyz".into()))
        );
        assert_eq!(
            parse_command("take", Choose),
            Err(InputError::Unknown("take".into()))
        );
    }

    #[test]
    fn portuguese_words_and_letters() {
        use Prompt::*;
        assert_eq!(parse_command("v", Choose), take(Face::Cow));
        assert_eq!(parse_command("Vacas", Choose), take(Face::Cow));
        assert_eq!(parse_command("g", Choose), take(Face::Chicken));
        assert_eq!(parse_command("pegar galinhas", Choose), take(Face::Chicken));
        assert_eq!(
            parse_command("raios da morte", Choose),
            take(Face::DeathRay)
        );
        assert_eq!(parse_command("raio", Choose), take(Face::DeathRay));
        assert_eq!(parse_command("humano", Choose), take(Face::Human));
        assert_eq!(parse_command("tanques", Choose), take(Face::Tank));
        assert_eq!(parse_command("P", Decide), Ok(Command::Act(Action::Stop)));
        assert_eq!(
            parse_command("parar", Decide),
            Ok(Command::Act(Action::Stop))
        );
        assert_eq!(parse_command("l", Decide), Ok(Command::Act(Action::Roll)));
        assert_eq!(
            parse_command("LANÇAR", Decide),
            Ok(Command::Act(Action::Roll))
        );
        assert_eq!(
            parse_command("lancar", Decide),
            Ok(Command::Act(Action::Roll))
        );
        assert_eq!(parse_command("ajuda", Choose), Ok(Command::Help));
        assert_eq!(parse_command("sair", Choose), Ok(Command::Quit));
        assert_eq!(parse_command("placar", Decide), Ok(Command::Scores));
        assert_eq!(parse_command("análise", Decide), Ok(Command::Coach));
        assert_eq!(parse_command("semente", Decide), Ok(Command::Seed));
        assert_eq!(
            parse_command("letras", Choose),
            Ok(Command::ReadLetters(true))
        );
        assert_eq!(parse_roll("ajuda", 3), Ok(RollInput::Help));
        assert_eq!(parse_roll("sair", 3), Ok(RollInput::Quit));
    }

    /// The keys each language shows never mean two things: the stop and roll keys of either
    /// language are no face letter, and every face letter of either language is one.
    #[test]
    fn keys_do_not_clash() {
        for key in ["s", "p", "l"] {
            assert!(
                Face::from_letter(key.chars().next().unwrap()).is_none(),
                "{key}"
            );
        }
        for lang in martian_i18n::Lang::ALL {
            for face in Face::ALL {
                let letter = martian_i18n::vocab::face_letter(lang.messages(), face).to_string();
                assert_eq!(parse_command(&letter, Prompt::Choose), take(face), "{lang}");
            }
        }
    }

    #[test]
    fn rolls_are_checked_for_letters_and_count() {
        let dice = |s: &str| s.parse::<Dice>().unwrap();
        assert_eq!(
            parse_roll("2t3rh cK", 8),
            Ok(RollInput::Faces(dice("TTRRRHCK")))
        );
        assert_eq!(
            parse_roll("2T3RH", 8),
            Err(InputError::WrongCount {
                typed: 6,
                expected: 8
            })
        );
        assert_eq!(
            parse_roll("TTX", 3),
            Err(InputError::BadFaces(ParseDiceError::UnknownLetter('X')))
        );
        assert_eq!(parse_roll("help", 3), Ok(RollInput::Help));
        assert_eq!(parse_roll("", 3), Err(InputError::Empty));
    }

    proptest! {
        #[test]
        fn any_line_gives_a_command_or_an_error(line in "\\PC{0,40}", decide in any::<bool>()) {
            let prompt = if decide { Prompt::Decide } else { Prompt::Choose };
            match parse_command(&line, prompt) {
                Ok(_) => prop_assert!(!line.trim().is_empty()),
                Err(InputError::Empty) => prop_assert!(line.trim().is_empty()),
                Err(InputError::Unknown(text)) => prop_assert_eq!(text, line.trim()),
                Err(other) => prop_assert!(false, "unexpected {:?}", other),
            }
        }

        #[test]
        fn any_line_gives_a_roll_of_the_right_size_or_an_error(
            line in "[0-9TRHCKVGtrhckvg ?qx]{0,20}|\\PC{0,20}",
            expected in 1u8..=30,
        ) {
            if let Ok(RollInput::Faces(dice)) = parse_roll(&line, expected) {
                prop_assert_eq!(dice.total(), expected);
            }
        }

        #[test]
        fn a_written_roll_reads_back(counts in proptest::array::uniform5(0u8..=6)) {
            let dice = Dice::from_counts(counts).unwrap();
            prop_assume!(!dice.is_empty());
            let spaced: String = dice.to_string().chars().flat_map(|c| [c, ' ']).collect();
            prop_assert_eq!(parse_roll(&spaced, dice.total()), Ok(RollInput::Faces(dice)));
        }
    }
}
