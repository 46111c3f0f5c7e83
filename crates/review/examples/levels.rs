//! Writes the table of the difficulty levels in `docs/levels.md`: each level's exact chance
//! against `optimal` (the exact arena's value) and, over seeded games against `optimal`, its
//! accuracy, mean loss and the share of its decisions in each of the review's classes.
//!
//! ```text
//! cargo run --release -p martian-review --example levels -- [--games N] [--write]
//! ```
//!
//! Without `--write` it prints the part of the doc; with it, it rewrites that part in place.
//! `tests/levels.rs` checks the exact columns of the doc against the code.

#[path = "../tests/common/levels.rs"]
mod levels;

use levels::{BEGIN, END, Sampled, exact_against_optimal, exact_row, sample};
use martian_review::Class;

fn main() {
    let mut games = 2_000u64;
    let mut write = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--games" => {
                games = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--games takes a number of games");
            }
            "--write" => write = true,
            other => {
                eprintln!("unknown argument {other}: [--games N] [--write]");
                std::process::exit(2);
            }
        }
    }
    let names: Vec<&str> = martian_bots::LEVELS.iter().map(|l| l.0).collect();
    let exact: Vec<_> = names
        .iter()
        .map(|level| exact_against_optimal(level))
        .collect();
    let sampled: Vec<Sampled> = std::thread::scope(|scope| {
        let handles: Vec<_> = names
            .iter()
            .map(|&level| scope.spawn(move || sample(level, games)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut part = String::new();
    part.push_str(
        "| level | against `optimal` | first seat | second seat | accuracy | mean loss \
         | inaccuracies | mistakes | blunders |\n|---|---|---|---|---|---|---|---|---|\n",
    );
    for ((level, value), s) in names.iter().zip(&exact).zip(&sampled) {
        part.push_str(&format!(
            "{} {:.1}% | {:.2} | {:.1}% | {:.1}% | {:.2}% |\n",
            exact_row(level, value),
            s.accuracy(),
            s.mean_loss(),
            s.rate(Class::Inaccuracy),
            s.rate(Class::Mistake),
            s.rate(Class::Blunder),
        ));
    }
    part.push('\n');
    part.push_str(&format!(
        "The sampled columns come from {games} games of each level against `optimal` (seeds 0 to \
         {}, the level in the first seat in the even games), each reviewed by \
         `martian-dice review`'s own code; decisions with a choice only.\n",
        games - 1
    ));
    for (level, s) in names.iter().zip(&sampled) {
        let n = s.decisions as f64;
        let mean = s.total_loss / n;
        let variance = (s.sum_loss_squares / n - mean * mean).max(0.0);
        let blunder = s.rate(Class::Blunder) / 100.0;
        part.push_str(&format!(
            "- `{level}`: {} decisions; standard error of the mean loss {:.3} points, of the \
             blunder share {:.3}%.\n",
            s.decisions,
            100.0 * (variance / n).sqrt(),
            100.0 * (blunder * (1.0 - blunder) / n).sqrt(),
        ));
    }
    if !write {
        print!("{part}");
        return;
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/levels.md");
    let doc = std::fs::read_to_string(path).expect("docs/levels.md");
    let start = doc.find(BEGIN).expect("the doc marks the part made here") + BEGIN.len();
    let end = doc.find(END).expect("and its end");
    let new = format!("{}{}{}", &doc[..start], part, &doc[end..]);
    std::fs::write(path, new).expect("docs/levels.md written");
}
