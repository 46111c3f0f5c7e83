//! The table of the difficulty levels in `docs/levels.md`: each level's exact chance against
//! `optimal` and, over seeded games against it, its decisions as the review classes them.
//! Shared by the example that writes the table (`cargo run --release -p martian-review --example
//! levels`) and the test that checks the doc (`tests/levels.rs`).

#![allow(dead_code)]

use martian_engine::{Action, Awaiting, Game, GameRecord, PlayerInfo, Rules, seeded_rng};
use martian_review::{Class, review};
use martian_solver::{MatchValue, TurnPlay, duel_match};

/// Where the generated part of `docs/levels.md` starts and ends.
pub const BEGIN: &str = "<!-- The levels' figures: made by `cargo run --release -p martian-review --example levels`. -->\n";
pub const END: &str = "<!-- End of the part made by the example. -->\n";

/// A level's exact chances against `optimal` in a duel under the official rules.
pub fn exact_against_optimal(level: &str) -> MatchValue {
    let rules = Rules::official();
    let play = martian_bots::create(level, rules)
        .unwrap()
        .turn_play(rules)
        .expect("a level is known in advance");
    duel_match(rules, [&play, &TurnPlay::Optimal]).unwrap()
}

/// A level's decisions over many games against `optimal`, as the review classes them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sampled {
    pub games: u64,
    /// Decisions with a choice (the review's count: forced ones aside).
    pub decisions: u64,
    pub per_class: [u64; 4],
    pub total_loss: f64,
    pub total_stake: f64,
    /// Per game, the seat's mean loss per decision (for the standard error of the mean loss).
    pub sum_loss_squares: f64,
}

impl Sampled {
    /// `100 × (1 − total loss ÷ total stake)` over all the games: the review's accuracy.
    pub fn accuracy(&self) -> f64 {
        100.0 * (1.0 - self.total_loss / self.total_stake)
    }

    /// The mean loss per decision, in percentage points of the chance to win.
    pub fn mean_loss(&self) -> f64 {
        100.0 * self.total_loss / self.decisions as f64
    }

    /// The share of decisions of `class`, in percent.
    pub fn rate(&self, class: Class) -> f64 {
        let i = Class::ALL.iter().position(|&c| c == class).unwrap();
        100.0 * self.per_class[i] as f64 / self.decisions as f64
    }
}

/// `games` seeded games of `level` against `optimal` (seats alternating; game `g` from seed
/// `g`), each reviewed; the level's decisions summed.
pub fn sample(level: &str, games: u64) -> Sampled {
    let rules = Rules::official();
    let mut sampled = Sampled {
        games,
        ..Sampled::default()
    };
    for g in 0..games {
        let seat = (g % 2) as usize;
        let names = if seat == 0 {
            [level, "optimal"]
        } else {
            ["optimal", level]
        };
        let record = play(rules, &names, g);
        let reviewed = review(&record).unwrap();
        let summary = &reviewed.seats[seat];
        sampled.decisions += summary.decisions as u64;
        for (i, &class) in Class::ALL.iter().enumerate() {
            sampled.per_class[i] += summary.classes.get(class) as u64;
        }
        sampled.total_loss += summary.total_loss;
        for decision in reviewed
            .decisions
            .iter()
            .filter(|d| d.seat == seat && !d.forced)
        {
            sampled.total_stake += decision.stake;
            sampled.sum_loss_squares += decision.loss * decision.loss;
        }
    }
    sampled
}

/// A whole game between `bots` from `seed`, recorded as every interface records it.
fn play(rules: Rules, bots: &[&str; 2], seed: u64) -> GameRecord {
    let mut rng = seeded_rng(seed);
    let mut game = Game::new(rules, 2).unwrap();
    let mut strategies: Vec<_> = bots
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let mut bot = martian_bots::create(name, rules).unwrap();
            bot.new_game(rules, seat, 2).unwrap();
            bot
        })
        .collect();
    while game.awaiting() != Awaiting::Nothing {
        match game.awaiting() {
            Awaiting::Decision { seat } => {
                let action: Action = strategies[seat]
                    .decide(&game.situation(), &mut rng)
                    .unwrap();
                game.play(action).unwrap();
            }
            _ => {
                game.roll(&mut rng).unwrap();
            }
        }
    }
    let players = bots
        .iter()
        .map(|bot| PlayerInfo {
            name: bot.to_string(),
            bot: Some(bot.to_string()),
        })
        .collect();
    GameRecord::of_game(&game, players, Some(seed))
}

/// Percent with two decimals.
pub fn percent(p: f64) -> String {
    format!("{:.2}%", 100.0 * p)
}

/// The rows of the exact columns: level, chance against optimal over both seats, first seat,
/// second seat.
pub fn exact_row(level: &str, value: &MatchValue) -> String {
    format!(
        "| `{level}` | {} | {} | {} |",
        percent(value.win(0)),
        percent(value.seat_wins[0][0]),
        percent(value.seat_wins[0][1]),
    )
}
