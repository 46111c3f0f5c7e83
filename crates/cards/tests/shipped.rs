//! The shipped cards (`cards/`) read, in both languages, as the same card; their files and the
//! part of `docs/strategy.md` made from them hold exactly the figures the code computes. With
//! `MARTIAN_CARDS_BLESS=1` the test writes them instead (after a new search).

use std::path::{Path, PathBuf};

use martian_cards::shipped::{SHIPPED, file_text, markdown};
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
    for shipped in SHIPPED {
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
            &file_text(&en, &value, Lang::En),
            bless,
        );
        check(
            &root().join(shipped.path_pt_br),
            &file_text(&en, &value, Lang::PtBr),
            bless,
        );
        values.push(value);
    }
    // The bigger cards are the better ones.
    for pair in values.windows(2) {
        assert!(pair[0].optimal.win_rate < pair[1].optimal.win_rate);
    }
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
