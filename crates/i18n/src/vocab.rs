//! The game's vocabulary in the reader's language: faces, rolls, points, lists of names, the
//! rules in brief, the tank/ray balance and a turn's score with its reason. Every interface (line
//! mode, terminal game, server) builds its sentences from these, so a tank is a "tanque" and a
//! round a "rodada" everywhere.
//!
//! Transcripts and records keep the neutral letters `T R H C K`; the letters a player reads in
//! prose and types at a prompt are the reader's ([`face_letter`]: `V` and `G` in Portuguese).

use martian_engine::{
    BONUS_POINTS, BonusRule, Dice, EndRule, Face, Points, Rules, TieRule, TurnEnd,
};

use crate::{Lang, Messages, tr};

/// The selector value a face has in the messages: `tank`, `death-ray`, `human`, `cow`, `chicken`.
pub const fn face_id(face: Face) -> &'static str {
    match face {
        Face::Tank => "tank",
        Face::DeathRay => "death-ray",
        Face::Human => "human",
        Face::Cow => "cow",
        Face::Chicken => "chicken",
    }
}

/// "tank", "raio da morte".
pub fn face_name(m: &Messages, face: Face) -> String {
    tr!(m, "face-name", face = face_id(face))
}

/// "1 tank", "3 death rays", "1 galinha", "0 vacas".
pub fn face_count(m: &Messages, face: Face, count: u8) -> String {
    tr!(m, "face-count", face = face_id(face), count = count)
}

/// "no cows", "nenhuma vaca".
pub fn face_none(m: &Messages, face: Face) -> String {
    tr!(m, "face-none", face = face_id(face))
}

/// The letter a reader of this language knows the face by: `T R H C K`, in Portuguese
/// `T R H V G`. Every letter of either language is read back by [`Face::from_letter`].
pub fn face_letter(m: &Messages, face: Face) -> char {
    tr!(m, "face-letter", face = face_id(face))
        .chars()
        .next()
        .unwrap_or_else(|| face.letter())
}

/// A roll in the reader's letters: `TTRRRHHCCCKKK`, in Portuguese `TTRRRHHVVVGGG`.
pub fn dice_letters(m: &Messages, dice: Dice) -> String {
    let letters = Face::ALL.map(|face| face_letter(m, face));
    dice.faces().map(|face| letters[face.index()]).collect()
}

/// "2 tanks, 1 death ray, 3 humans" (faces with no die left out), or "nothing"/"nada".
pub fn dice_in_words(m: &Messages, dice: Dice) -> String {
    let parts: Vec<String> = Face::ALL
        .iter()
        .filter(|&&face| dice.count(face) > 0)
        .map(|&face| face_count(m, face, dice.count(face)))
        .collect();
    if parts.is_empty() {
        tr!(m, "dice-nothing")
    } else {
        parts.join(", ")
    }
}

/// "1 die", "13 dice"; "1 dado", "13 dados".
pub fn dice_count(m: &Messages, count: u8) -> String {
    tr!(m, "dice-count", count = count)
}

/// "1 point", "0 points"; "1 ponto", "0 pontos".
pub fn points(m: &Messages, count: Points) -> String {
    tr!(m, "points", count = count)
}

/// What a change of a measure is counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeUnit {
    /// Percentage points of a chance to win.
    WinChance,
    /// Expected turns to reach the target (solo play; fewer is better).
    Turns,
    /// Expected points of a turn.
    Points,
}

/// A change of a measure, named plainly, as every interface writes losses, luck and skill:
/// "−2.8pp of chance to win" (percentage points), "+0.35 turns", "−1.25 points"; without
/// the sign when `signed` is false. `value` is in the unit's own terms
/// (percentage points for [`ChangeUnit::WinChance`]), written with `places` decimals; a change
/// that rounds to zero has no sign.
pub fn change(m: &Messages, unit: ChangeUnit, value: f64, places: usize, signed: bool) -> String {
    let shown = crate::decimal(m, value.abs(), places);
    let zero = shown.chars().all(|c| c == '0' || !c.is_ascii_digit());
    let sign = match (signed, zero, value < 0.0) {
        (false, _, _) | (true, true, _) => "",
        (true, false, true) => "\u{2212}",
        (true, false, false) => "+",
    };
    let measure = match unit {
        ChangeUnit::WinChance => "win",
        ChangeUnit::Turns => "turns",
        ChangeUnit::Points => "points",
    };
    tr!(
        m,
        "measure-change",
        measure = measure,
        value = format!("{sign}{shown}")
    )
}

/// A loss (how much worse a choice is than the best, never negative) as the change it makes:
/// "2.8pp of chance to win", "0.35 turns" (more turns alone), "1.25 points": a cost, never
/// with a minus sign (issue 40). `loss` is in the
/// unit's own terms; the decimals are `places`, or more for a loss that would read as none.
pub fn loss(m: &Messages, unit: ChangeUnit, loss: f64, places: usize) -> String {
    let mut places = places;
    while places < 6
        && loss > 1e-12
        && crate::decimal(m, loss, places)
            .chars()
            .all(|c| c == '0' || !c.is_ascii_digit())
    {
        places += 1;
    }
    change(m, unit, loss, places, false)
}

/// "1 earthling", "7 terráqueos".
pub fn earthlings(m: &Messages, count: u8) -> String {
    tr!(m, "earthling-count", count = count)
}

/// "Ana", "Ana and Bob", "Ana, Bob and Cid"; "Ana e Bob".
pub fn list_and(m: &Messages, items: &[impl AsRef<str>]) -> String {
    join_list(items, |first, last| {
        tr!(m, "list-and", first = first, last = last)
    })
}

/// "R", "R or H", "R, H or C"; "R ou H".
pub fn list_or(m: &Messages, items: &[impl AsRef<str>]) -> String {
    join_list(items, |first, last| {
        tr!(m, "list-or", first = first, last = last)
    })
}

fn join_list(items: &[impl AsRef<str>], pair: impl Fn(String, String) -> String) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            pair(init.join(", "), last.as_ref().to_string())
        }
    }
}

/// The rules in brief: "13 dice, target 25, bonus for one of each, round completed, roll-off".
pub fn ruleset(m: &Messages, rules: Rules) -> String {
    let bonus = match rules.bonus() {
        BonusRule::OneOfEach => "one-of-each",
        BonusRule::AnyEarthling => "any-earthling",
    };
    let end = match rules.end() {
        EndRule::CompleteRound => "complete-round",
        EndRule::Immediate => "immediate",
    };
    let tie = match rules.tie() {
        TieRule::RollOff => "roll-off",
        TieRule::Shared => "shared",
    };
    tr!(
        m,
        "ruleset",
        dice = rules.dice(),
        target = rules.target(),
        bonus = bonus,
        end = end,
        tie = tie
    )
}

/// The tank/ray balance of what is set aside: "Tanks 3, death rays 2: tanks lead by 1".
pub fn balance(m: &Messages, aside: Dice) -> String {
    let tanks = aside.count(Face::Tank);
    let rays = aside.count(Face::DeathRay);
    let leader = match tanks.cmp(&rays) {
        std::cmp::Ordering::Greater => "tanks",
        std::cmp::Ordering::Less => "rays",
        std::cmp::Ordering::Equal => "even",
    };
    tr!(
        m,
        "balance",
        tanks = tanks,
        rays = rays,
        leader = leader,
        margin = tanks.abs_diff(rays)
    )
}

/// What the dice set aside score, with the reason: "0 (the tanks outnumber the death rays)",
/// "10 (7 earthlings + 3 bonus)".
pub fn score_explained(m: &Messages, rules: Rules, aside: Dice) -> String {
    let reason = if aside.count(Face::Tank) > aside.count(Face::DeathRay) {
        "tanks"
    } else if rules.earns_bonus(aside) {
        "bonus"
    } else {
        "plain"
    };
    tr!(
        m,
        "score-explained",
        score = rules.score(aside),
        reason = reason,
        earthlings = earthlings(m, aside.earthlings()),
        bonus = BONUS_POINTS
    )
}

/// Why a turn ended: "the player stopped", "todos os dados foram separados"…
pub fn turn_end(m: &Messages, end: TurnEnd) -> String {
    tr!(m, "turn-end", end = end.name())
}

/// A turn transcript in the reader's letters (`V` and `G` in Portuguese) and words (`parar`), for
/// a person to read; records and the `turn` command keep the neutral `T R H C K` and `stop`.
pub fn transcript(m: &Messages, transcript: &martian_engine::Transcript) -> String {
    use martian_engine::TranscriptStep;
    transcript
        .steps()
        .iter()
        .map(|step| match step {
            TranscriptStep::Stop => tr!(m, "transcript-stop"),
            TranscriptStep::Roll { roll, take: None } => dice_letters(m, *roll),
            TranscriptStep::Roll {
                roll,
                take: Some(face),
            } => format!("{}/{}", dice_letters(m, *roll), face_letter(m, *face)),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The default name of the person at the screen: "You", "Você".
pub fn you(m: &Messages) -> String {
    tr!(m, "player-you")
}

/// Whether `name` is the default name of the person at the screen in any language: sentences
/// about that player speak to them ("Your turn", "You win!").
pub fn is_you(name: &str) -> bool {
    Lang::ALL.iter().any(|lang| name == you(lang.messages()))
}

/// A player's name as the reader reads it: the default name of the person at the screen in the
/// reader's language (a record of an English game says "You", a Portuguese screen "Você"), any
/// other name as it was given.
pub fn player_name(m: &Messages, name: &str) -> String {
    if is_you(name) {
        you(m)
    } else {
        name.to_string()
    }
}

/// The `you` selector of a sentence about `name`: `yes` for the person at the screen.
pub fn you_selector(name: &str) -> &'static str {
    if is_you(name) { "yes" } else { "no" }
}

/// A built-in bot in prose, in the reader's words ("médio"); any other bot by its own name.
pub fn bot_name(m: &Messages, bot: &str) -> String {
    tr!(m, "bot-name", bot = bot)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    fn dice(text: &str) -> Dice {
        text.parse().unwrap()
    }

    #[test]
    fn rolls_in_words_and_letters() {
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        let roll = dice("TTRRRHCCCKK");
        assert_eq!(
            dice_in_words(en, roll),
            "2 tanks, 3 death rays, 1 human, 3 cows, 2 chickens"
        );
        assert_eq!(
            dice_in_words(pt, roll),
            "2 tanques, 3 raios da morte, 1 humano, 3 vacas, 2 galinhas"
        );
        assert_eq!(dice_in_words(pt, Dice::EMPTY), "nada");
        assert_eq!(dice_letters(en, roll), "TTRRRHCCCKK");
        assert_eq!(dice_letters(pt, roll), "TTRRRHVVVGG");
        assert_eq!(dice_count(pt, 1), "1 dado");
        assert_eq!(dice_count(pt, 0), "0 dados");
        assert_eq!(dice_count(en, 1), "1 die");
        assert_eq!(points(pt, 0), "0 pontos");
        assert_eq!(points(pt, 1), "1 ponto");
        assert_eq!(points(en, 1), "1 point");
        assert_eq!(earthlings(pt, 7), "7 terráqueos");
    }

    #[test]
    fn every_letter_reads_back_as_its_face() {
        for lang in Lang::ALL {
            for face in Face::ALL {
                let letter = face_letter(lang.messages(), face);
                assert_eq!(Face::from_letter(letter), Some(face), "{lang} {face:?}");
            }
        }
    }

    #[test]
    fn every_count_of_every_face_is_worded() {
        for lang in Lang::ALL {
            let m = lang.messages();
            for face in Face::ALL {
                for n in 0..=30 {
                    let text = face_count(m, face, n);
                    assert!(text.starts_with(&format!("{n} ")), "{text}");
                    assert!(!text.contains('{'), "{text}");
                }
                assert!(!face_name(m, face).is_empty());
                assert!(!face_none(m, face).contains('{'));
            }
        }
    }

    #[test]
    fn lists() {
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        assert_eq!(list_and(en, &["Ana"]), "Ana");
        assert_eq!(list_and(en, &["Ana", "Bob", "Cid"]), "Ana, Bob and Cid");
        assert_eq!(list_and(pt, &["Ana", "Bob"]), "Ana e Bob");
        assert_eq!(list_or(pt, &["R", "H", "V"]), "R, H ou V");
        assert_eq!(list_and(en, &[] as &[&str]), "");
    }

    #[test]
    fn the_rules_in_brief_match_the_engine_in_english() {
        let en = Lang::En.messages();
        let official = Rules::official();
        let variant = official
            .with_bonus(BonusRule::AnyEarthling)
            .with_end(EndRule::Immediate)
            .with_tie(TieRule::Shared)
            .with_dice(7)
            .unwrap();
        for rules in [official, variant] {
            assert_eq!(ruleset(en, rules), rules.to_string());
        }
        assert_eq!(
            ruleset(Lang::PtBr.messages(), official),
            "13 dados, alvo 25, bônus por um de cada, rodada completa, desempate"
        );
    }

    #[test]
    fn balance_and_score() {
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        let rules = Rules::official();
        assert_eq!(
            balance(en, dice("TTTRR")),
            "Tanks 3, death rays 2: tanks lead by 1"
        );
        assert_eq!(
            balance(en, dice("TRR")),
            "Tanks 1, death rays 2: death rays lead by 1"
        );
        assert_eq!(
            balance(en, dice("TR")),
            "Tanks 1, death rays 1: even, the death rays hold"
        );
        assert_eq!(
            score_explained(en, rules, dice("TTRRRHHCCKKK")),
            "10 (7 earthlings + 3 bonus)"
        );
        assert_eq!(score_explained(en, rules, dice("RH")), "1 (1 earthling)");
        assert_eq!(
            score_explained(en, rules, dice("TTRH")),
            "0 (the tanks outnumber the death rays)"
        );
        assert_eq!(
            score_explained(pt, rules, dice("TTRRRHHCCKKK")),
            "10 (7 terráqueos + 3 de bônus)"
        );
        assert_eq!(score_explained(pt, rules, dice("RH")), "1 (1 terráqueo)");
        assert_eq!(
            turn_end(pt, TurnEnd::Stop),
            "o jogador parou",
            "the turn ends in Portuguese"
        );
    }

    #[test]
    fn a_transcript_reads_in_the_reader_s_letters() {
        let t: martian_engine::Transcript = "TTRRRHHCKKKCC/K TRRRHHCC/C stop".parse().unwrap();
        assert_eq!(
            transcript(Lang::PtBr.messages(), &t),
            "TTRRRHHVVVGGG/G TRRRHHVV/V parar"
        );
        assert_eq!(transcript(Lang::En.messages(), &t), t.to_string());
    }

    #[test]
    fn the_person_at_the_screen_is_you_in_either_language() {
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        assert!(is_you("You") && is_you("Você") && !is_you("Ana") && !is_you("you"));
        assert_eq!(player_name(pt, "You"), "Você");
        assert_eq!(player_name(en, "Você"), "You");
        assert_eq!(player_name(pt, "Ana"), "Ana");
        assert_eq!(bot_name(pt, "medium"), "médio");
        assert_eq!(bot_name(en, "medium"), "medium");
        assert_eq!(bot_name(pt, "strength:0.5"), "strength:0.5");
    }
}
