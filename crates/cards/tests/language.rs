//! The card language: what the printer writes reads back as the same card, in both languages;
//! mistakes are reported with their line, column and what could have been written there.

use martian_cards::{
    Advice, Bound, Card, CardLang, Condition, Expected, FoundInstead as Found, Group, Line,
    ParseErrorKind,
};
use martian_engine::Face;
use proptest::prelude::*;

fn bound() -> impl Strategy<Value = Bound> {
    (any::<bool>(), 0u8..=99).prop_map(|(at_most, n)| Bound { at_most, n })
}

fn positive() -> impl Strategy<Value = u8> {
    1u8..=99
}

fn face() -> impl Strategy<Value = Face> {
    prop::sample::select(Face::ALL.to_vec())
}

fn earthling() -> impl Strategy<Value = Face> {
    prop::sample::select(Face::EARTHLINGS.to_vec())
}

/// Any condition; those on the roll only when `roll` (a line that takes).
fn condition(roll: bool) -> BoxedStrategy<Condition> {
    let turn = prop_oneof![
        positive().prop_map(Condition::TanksLead),
        positive().prop_map(Condition::RaysLead),
        Just(Condition::Safe),
        bound().prop_map(Condition::Points),
        bound().prop_map(Condition::Earthlings),
        bound().prop_map(Condition::Kinds),
        earthling().prop_map(Condition::Holds),
        bound().prop_map(Condition::Tanks),
        bound().prop_map(Condition::Rays),
        bound().prop_map(Condition::DiceLeft),
        Just(Condition::LastRound),
        Just(Condition::PlayFirst),
        bound().prop_map(Condition::MyScore),
        bound().prop_map(Condition::OpponentScore),
        positive().prop_map(Condition::Lead),
        positive().prop_map(Condition::Trail),
        Just(Condition::StopReachesTarget),
        Just(Condition::StopPutsAhead),
    ];
    if roll {
        prop_oneof![
            4 => turn,
            1 => (face(), bound()).prop_map(|(f, b)| Condition::Rolled(f, b)),
            1 => bound().prop_map(Condition::BiggestGroup),
            1 => bound().prop_map(Condition::LeftAfterRays),
        ]
        .boxed()
    } else {
        turn.boxed()
    }
}

fn line() -> impl Strategy<Value = Line> {
    let advice = prop_oneof![
        prop::sample::select(vec![Face::DeathRay, Face::Human, Face::Cow, Face::Chicken])
            .prop_map(|f| Advice::Take(Group::Face(f))),
        Just(Advice::Take(Group::Biggest)),
        Just(Advice::Take(Group::Smallest)),
        Just(Advice::Stop),
        Just(Advice::Roll),
    ];
    advice.prop_flat_map(|advice| {
        let roll = matches!(advice, Advice::Take(_));
        (
            prop::collection::vec(condition(roll), 0..4),
            prop::collection::vec(condition(roll), 0..3),
        )
            .prop_map(move |(when, unless)| Line {
                advice,
                when,
                unless,
            })
    })
}

fn card() -> impl Strategy<Value = Card> {
    prop::collection::vec(line(), 0..7).prop_map(Card::new)
}

proptest! {
    #[test]
    fn every_printed_card_reads_back_as_itself(card in card()) {
        for lang in CardLang::ALL {
            let text = card.to_text(lang);
            let read = Card::parse(&text);
            prop_assert_eq!(read.as_ref(), Ok(&card), "{:?}:\n{}", lang, text);
            // The language is told by the words, and it is the one printed in.
            let read_in = Card::parse_in(&text, lang);
            prop_assert_eq!(read_in.as_ref(), Ok(&card));
        }
    }
}

fn error(text: &str) -> (usize, usize, ParseErrorKind) {
    let error = Card::parse(text).unwrap_err();
    (error.line, error.column, error.kind)
}

fn words(list: &[&str]) -> Vec<Expected> {
    list.iter().map(|w| Expected::Word(w.to_string())).collect()
}

#[test]
fn a_misspelt_word_is_named_with_what_could_be_written_there() {
    let (line, column, kind) = error(
        "# my card\n1. Take the death rays when the tanks lead.\n2. Stop when you have 6 points or mor.\n",
    );
    assert_eq!((line, column), (3, 35));
    assert_eq!(
        kind,
        ParseErrorKind::Expected {
            expected: words(&["more", "fewer"]),
            found: Found::Word("mor".into()),
        }
    );
    assert_eq!(
        Card::parse("1. Stop when you have 6 points or mor.")
            .unwrap_err()
            .to_string(),
        "line 1, column 35: expected 'more' or 'fewer', found 'mor'"
    );
}

#[test]
fn what_may_follow_an_advice_is_listed() {
    let (_, column, kind) = error("Stop whenever.");
    assert_eq!(column, 6);
    assert_eq!(
        kind,
        ParseErrorKind::Expected {
            expected: vec![
                Expected::Word("when".into()),
                Expected::Word("unless".into()),
                Expected::Period
            ],
            found: Found::Word("whenever".into()),
        }
    );
}

#[test]
fn a_first_line_in_no_language_lists_the_first_words_of_both() {
    let (line, column, kind) = error("\n  Halt when you have 6 points or more.");
    assert_eq!((line, column), (2, 3));
    let ParseErrorKind::Expected { expected, found } = kind else {
        panic!("{kind:?}");
    };
    assert_eq!(found, Found::Word("Halt".into()));
    for word in ["take", "stop", "roll", "in", "pegue", "pare", "lance", "na"] {
        assert!(
            expected.contains(&Expected::Word(word.into())),
            "{word}: {expected:?}"
        );
    }
}

#[test]
fn numbers_in_the_wrong_place_or_range_are_refused() {
    assert_eq!(
        error("1. Stop.\n3. Roll again.").2,
        ParseErrorKind::Numbering {
            found: 3,
            expected: 2
        }
    );
    let (_, column, kind) = error("Take the death rays when the tanks lead by 0 or more.");
    assert_eq!(column, 44);
    assert_eq!(
        kind,
        ParseErrorKind::Number {
            found: 0,
            min: 1,
            max: 99
        }
    );
    assert_eq!(
        error("Stop when you have 100 points or more.").2,
        ParseErrorKind::Number {
            found: 100,
            min: 0,
            max: 99
        }
    );
    assert_eq!(
        error("Stop when you have 6 points or more!").2,
        ParseErrorKind::Character('!')
    );
}

#[test]
fn the_roll_is_only_asked_about_on_a_line_that_takes() {
    let (_, column, kind) = error("Stop when the roll has 3 tanks or more.");
    assert_eq!((column, kind), (11, ParseErrorKind::RollAfterTake));
    assert!(Card::parse("Take the death rays when the roll has 3 tanks or more.").is_ok());
}

#[test]
fn portuguese_cards_read_with_or_without_accents() {
    let card = Card::parse(
        "# Cartão\n1. Pegue os raios da morte se os tanques estão na frente por 2 ou mais.\n\
         2. Na última rodada, lance de novo exceto se parar deixa você na frente.\n\
         3. pare se voce tem 1 ponto ou mais e resta 1 dado ou menos",
    )
    .unwrap();
    assert_eq!(
        card.lines[2].when,
        vec![
            Condition::Points(Bound::at_least(1)),
            Condition::DiceLeft(Bound::at_most(1))
        ]
    );
    assert_eq!(card.lines[1].when, vec![Condition::LastRound]);
    assert_eq!(card.lines[1].unless, vec![Condition::StopPutsAhead]);
    assert_eq!(
        card.line_text(2, CardLang::PtBr),
        "Pare se você tem 1 ponto ou mais e resta 1 dado ou menos."
    );
    assert_eq!(
        card.line_text(2, CardLang::En),
        "Stop when you have 1 point or more and 1 die or fewer is left."
    );
    let (line, column, kind) = error("Pare se você tem 6 pontos ou mas.");
    assert_eq!((line, column), (1, 30));
    assert_eq!(
        kind,
        ParseErrorKind::Expected {
            expected: words(&["mais", "menos"]),
            found: Found::Word("mas".into()),
        }
    );
}
