//! `docs/levels.md` carries each level's exact chance against `optimal` as the code computes it
//! (the sampled columns are written by the example `levels`, which says how many games), and
//! the levels are ordered: exactly, each wins less often against `optimal` than the next, and
//! `hard` less than half the time.

mod common;

use common::levels::{BEGIN, END, exact_against_optimal, exact_row};

#[test]
fn the_levels_doc_carries_the_exact_chances() {
    let mut rows = Vec::new();
    let mut chances = Vec::new();
    for (level, _) in martian_bots::LEVELS {
        let value = exact_against_optimal(level);
        rows.push(exact_row(level, &value));
        chances.push(value.win(0));
    }
    chances.push(0.5);
    for pair in chances.windows(2) {
        assert!(pair[0] < pair[1], "{chances:?}: the levels are ordered");
    }
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/levels.md"))
        .unwrap();
    let start = doc
        .find(BEGIN)
        .expect("docs/levels.md marks the part made by the example");
    let end = doc.find(END).expect("and its end");
    let part = &doc[start..end];
    for row in rows {
        assert!(part.contains(&row), "docs/levels.md lacks the row\n{row}");
    }
}
