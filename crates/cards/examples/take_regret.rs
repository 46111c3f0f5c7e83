//! Where a card's takes cost expected score against greedy's: every choice of type a card
//! reaches (under its own stops), the expected-score loss of its take against greedy's, weighted
//! by the chance to reach it, summed per kinds held, tanks' lead, dice left, rays rolled and
//! biggest group. The card is read from stdin:
//! `cargo run --release -p martian-cards --example take_regret < cards/5-lines.txt`.
#[path = "common/reach.rs"]
mod reach;

use reach::Reach;
use std::collections::HashMap;
use std::io::Read;

use martian_cards::Card;
use martian_engine::{Action, Dice, Face, Rules, Situation, Turn, TurnPhase};
use martian_solver::expected_score_table;

/// Kinds held, tanks' lead, dice left, death rays rolled, biggest group, the card's take and
/// greedy's.
type Cell = (u8, i32, u8, u8, u8, char, char);

fn main() {
    let rules = Rules::official();
    let table = expected_score_table(rules);
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let card: Card = s.parse().unwrap();
    let scores = [0u16, 0u16];
    fn sit<'a>(rules: Rules, scores: &'a [u16], turn: &'a Turn) -> Situation<'a> {
        Situation {
            rules,
            scores,
            seat: 0,
            round: 1,
            turn,
            triggered_by: None,
        }
    }
    let mut mass = Reach::start();
    let mut cats: HashMap<Cell, (f64, f64)> = HashMap::new();
    let mut total = 0.0;
    let mut expected = 0.0;
    for aside in Reach::asides() {
        let m = mass.get(aside);
        if m == 0.0 || aside.total() >= 13 {
            continue;
        }
        let base = Turn::resume(rules, aside).unwrap();
        let n = base.dice_left();
        let all = 6f64.powi(i32::from(n));
        for (roll, w) in Dice::outcomes(n) {
            let p = m * w as f64 / all;
            let mut turn = base;
            turn.apply_roll(roll).unwrap();
            if turn.is_over() {
                expected += p * f64::from(turn.score());
                continue;
            }
            let TurnPhase::Choosing { roll } = turn.phase() else {
                expected += p * f64::from(turn.score());
                continue;
            };
            let (action, _) = card.decide(&sit(rules, &scores, &turn));
            let Action::Take(face) = action else { panic!() };
            let (best, best_v) = table.best_take(turn.aside(), roll).unwrap();
            if face != best {
                let v = table.take_value(turn.aside(), roll, face).unwrap();
                let a = turn.aside();
                let lead = i32::from(a.count(Face::Tank)) - i32::from(a.count(Face::DeathRay));
                let kinds = Face::EARTHLINGS.iter().filter(|&&f| a.count(f) > 0).count() as u8;
                let group = Face::EARTHLINGS
                    .iter()
                    .filter(|&&f| a.count(f) == 0)
                    .map(|&f| roll.count(f))
                    .max()
                    .unwrap_or(0);
                let key = (
                    kinds,
                    lead,
                    turn.dice_left(),
                    roll.count(Face::DeathRay),
                    group,
                    face.letter(),
                    best.letter(),
                );
                let e = cats.entry(key).or_default();
                e.0 += p * (best_v - v);
                e.1 += p;
                total += p * (best_v - v);
            }
            turn.play(Action::Take(face)).unwrap();
            if turn.is_over() {
                expected += p * f64::from(turn.score());
                continue;
            }
            let (next, _) = card.decide(&sit(rules, &scores, &turn));
            if next == Action::Stop {
                expected += p * f64::from(turn.score());
            } else {
                mass.add(turn.aside(), p);
            }
        }
    }
    println!(
        "card's expected score {expected:.4}, greedy {:.4}",
        table.start_value()
    );
    println!("expected-score loss of its takes (greedy's values): {total:.4}");
    let mut v: Vec<_> = cats.into_iter().collect();
    v.sort_by(|a, b| b.1.0.total_cmp(&a.1.0));
    println!("kinds lead left rays group : loss  reach");
    for ((k, l, left, r, g, cf, gf), (loss, reach)) in v.iter().take(60) {
        println!("{k} {l:>3} {left:>3} {r:>3} {g:>3} card {cf} greedy {gf} : {loss:.5} {reach:.5}");
    }
}
