//! `docs/levels.md` carries each level's exact chance against `optimal` as the code computes it
//! (the sampled columns are written by the example `levels`, which says how many games).

mod common;

use common::levels::{BEGIN, END, exact_against_optimal, exact_row};

#[test]
fn the_levels_doc_carries_the_exact_chances() {
    let mut rows = Vec::new();
    for (level, _) in martian_bots::LEVELS {
        let started = std::time::Instant::now();
        let value = exact_against_optimal(level);
        eprintln!("{level}: {:?} in {:?}", value, started.elapsed());
        rows.push(exact_row(level, &value));
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
