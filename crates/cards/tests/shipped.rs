//! The shipped cards (`cards/`) read, in both languages, as the same card; their files and the
//! part of `docs/strategy.md` made from them hold exactly the figures the code computes. With
//! `MARTIAN_CARDS_BLESS=1` the test writes them instead (after a new search).

use std::path::{Path, PathBuf};

use martian_cards::shipped::{SHIPPED, all, file_text, markdown};
use martian_cards::{Card, CardLang, CardValue};
use martian_engine::Rules;
use martian_i18n::Lang;
use martian_solver::{TurnPlay, duel_match};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const BEGIN: &str =
    "<!-- The cards, their figures and files: made by crates/cards/tests/shipped.rs. -->\n";
const END: &str = "<!-- End of the part made by the test. -->\n";

/// Compares `path`'s contents with `want`, or writes them when blessing.
fn check(path: &Path, want: &str, bless: bool) {
    if bless {
        std::fs::write(path, want).unwrap();
        return;
    }
    let got = std::fs::read_to_string(path).unwrap();
    assert_eq!(
        got,
        want,
        "{} differs from what the code computes",
        path.display()
    );
}

#[test]
fn the_shipped_cards_read_and_carry_their_exact_figures() {
    let rules = Rules::official();
    let bless = std::env::var_os("MARTIAN_CARDS_BLESS").is_some();
    let mut values = Vec::new();
    for shipped in all() {
        let en: Card = shipped.text.parse().unwrap();
        assert_eq!(CardLang::of(shipped.text), CardLang::En);
        assert_eq!(en.len(), shipped.lines, "{}", shipped.path);
        // Blessing writes the Portuguese file from the English one; the files are compiled in,
        // so the next run checks it.
        if !bless {
            let pt: Card = shipped.text_pt_br.parse().unwrap();
            assert_eq!(en, pt, "{}: the two languages say the same", shipped.path);
            assert_eq!(CardLang::of(shipped.text_pt_br), CardLang::PtBr);
        }
        let value = CardValue::of(&en, rules).unwrap();
        check(
            &root().join(shipped.path),
            &file_text(shipped.origin, &en, &value, Lang::En),
            bless,
        );
        check(
            &root().join(shipped.path_pt_br),
            &file_text(shipped.origin, &en, &value, Lang::PtBr),
            bless,
        );
        values.push(value);
    }
    // The bigger cards are the better ones.
    for pair in values[..SHIPPED.len()].windows(2) {
        assert!(pair[0].optimal.win_rate < pair[1].optimal.win_rate);
    }
    // The cards to carry: the pocket card of at most 3 conditions, the club card of at most 8,
    // their lines at most 20 words, each ending with its default play written out; the
    // expert card is the 7-line card with its default play written out.
    let carried: Vec<Card> = martian_cards::shipped::CARRIED
        .iter()
        .map(|shipped| shipped.card())
        .collect();
    let [pocket, club, seven, expert] = &carried[..] else {
        panic!("four cards to carry")
    };
    assert!(pocket.conditions() <= 3);
    assert!(club.conditions() <= 8);
    let default: Card = "Take the biggest earthling group.\nTake the death rays.\nRoll again.\n"
        .parse()
        .unwrap();
    for card in [pocket, club] {
        assert!((0..card.len()).all(|i| card.words(i) <= 20), "{card:?}");
    }
    for card in [pocket, club, expert] {
        let takes = card
            .lines
            .iter()
            .filter(|l| matches!(l.advice, martian_cards::Advice::Take(_)))
            .count();
        assert_eq!(card.lines[takes - 2..takes], default.lines[..2], "{card:?}");
        assert_eq!(card.lines.last(), default.lines.last(), "{card:?}");
    }
    assert_eq!(expert.conditions(), seven.conditions());
    let values_of = |i: usize| values[SHIPPED.len() + i].optimal.win_rate;
    assert!(values_of(0) < values_of(1) && values_of(1) < values_of(3));
    assert_eq!(
        values_of(2),
        values_of(3),
        "the expert card plays as the 7-line card"
    );
    let greedy = duel_match(rules, [&TurnPlay::Greedy, &TurnPlay::Optimal])
        .unwrap()
        .win(0);
    let doc = root().join("docs/strategy.md");
    let text = std::fs::read_to_string(&doc).unwrap();
    let start = text
        .find(BEGIN)
        .expect("docs/strategy.md marks the part made by the test")
        + BEGIN.len();
    let end = text.find(END).expect("and its end");
    let want = format!(
        "{}{}{}",
        &text[..start],
        markdown(&values, greedy),
        &text[end..]
    );
    check(&doc, &want, bless);
}

/// A card's size is what a person must remember: its conditions, each comparison after "when",
/// "and" or "unless" — line 2 of the 5-line card has 5.
#[test]
fn a_cards_conditions_are_counted_line_by_line() {
    let card: Card = include_str!("../../../cards/5-lines.txt").parse().unwrap();
    let counts: Vec<usize> = card.lines.iter().map(|line| line.count()).collect();
    assert_eq!(counts, [4, 5, 3, 2, 3]);
    assert_eq!(card.conditions(), 17);
    let last_round: Card = "1. In the last round, roll again unless stopping puts you ahead."
        .parse()
        .unwrap();
    assert_eq!(last_round.conditions(), 2);
}
