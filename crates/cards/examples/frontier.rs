//! The frontier of strategy cards by what a person must remember: for each budget of conditions
//! given (default 1 2 3 4 6 8 12 16 24), the best card of at most that many conditions the
//! search finds (`martian-dice card search --conditions N` does the same for one budget), with its
//! exact chance against perfect play, the cards valued and the time taken, one JSON object a line:
//! `cargo run --release -p martian-cards --example frontier -- 1 2 3`; with `--words N` first,
//! each line at most N words in English (`card search --words N`).

use std::time::Instant;

use martian_cards::{Budget, CardLang, search_within};
use martian_engine::Rules;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut words = None;
    if args.first().map(String::as_str) == Some("--words") && args.len() >= 2 {
        words = args[1].parse::<usize>().ok();
        args.drain(..2);
    }
    let budgets: Vec<usize> = args
        .iter()
        .map(|a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!("frontier: a budget is a number of conditions, not '{a}'");
                std::process::exit(2)
            })
        })
        .collect();
    let budgets = if budgets.is_empty() {
        vec![1, 2, 3, 4, 6, 8, 12, 16, 24]
    } else {
        budgets
    };
    for budget in budgets {
        let started = Instant::now();
        let found = match search_within(
            Budget::Conditions(budget),
            words,
            Rules::official(),
            None,
            &|_| {},
        ) {
            Ok(found) => found,
            Err(e) => {
                eprintln!("frontier: the search of {budget} conditions failed: {e}");
                std::process::exit(1)
            }
        };
        let line = serde_json::json!({
            "budget": budget,
            "words": words,
            "conditions": found.card.conditions(),
            "lines": found.card.len(),
            "win_rate": found.win_rate,
            "evaluations": found.evaluations,
            "seconds": started.elapsed().as_secs_f64(),
            "card": found.card.to_text(CardLang::En),
        });
        println!("{line}");
    }
}
