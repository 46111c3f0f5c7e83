//! Where greedy takes the death rays rather than the biggest earthling group, before any
//! earthling is held: prints, per tanks' lead after the roll's tanks, dice left (the roll's
//! non-tank dice), death rays rolled and biggest group, how often greedy takes the rays.
use std::collections::BTreeMap;

use martian_engine::{Dice, Face, Rules, Turn, TurnPhase};
use martian_solver::expected_score_table;

fn main() {
    let rules = Rules::official();
    let table = expected_score_table(rules);
    // (lead, left, rays, group) -> (weight rays, weight group)
    let mut cells: BTreeMap<(i32, u8, u8, u8), (f64, f64)> = BTreeMap::new();
    for tanks in 0..=12u8 {
        for rays in 0..=(12 - tanks) {
            let aside = Dice::from_counts([tanks, rays, 0, 0, 0]).unwrap();
            let Ok(base) = Turn::resume(rules, aside) else {
                continue;
            };
            let n = base.dice_left();
            let total = 6f64.powi(i32::from(n));
            for (roll, weight) in Dice::outcomes(n) {
                let mut turn = base;
                turn.apply_roll(roll).unwrap();
                let TurnPhase::Choosing { roll } = turn.phase() else {
                    continue;
                };
                let legal = turn.legal_takes();
                if !legal.contains(Face::DeathRay) || legal.iter().count() < 2 {
                    continue;
                }
                let a = turn.aside();
                let lead = i32::from(a.count(Face::Tank)) - i32::from(a.count(Face::DeathRay));
                let group = Face::EARTHLINGS
                    .iter()
                    .map(|&f| roll.count(f))
                    .max()
                    .unwrap();
                let left = turn.dice_left();
                let (face, _) = table.best_take(a, roll).unwrap();
                let w = weight as f64 / total;
                let cell = cells
                    .entry((lead, left, roll.count(Face::DeathRay), group))
                    .or_default();
                if face == Face::DeathRay {
                    cell.0 += w;
                } else {
                    cell.1 += w;
                }
            }
        }
    }
    println!("lead left rays group : P(rays) mixed");
    for ((lead, left, rays, group), (r, g)) in &cells {
        let mixed = *r > 0.0 && *g > 0.0;
        println!(
            "{lead:>3} {left:>3} {rays:>3} {group:>3} : {:.3}{}",
            r / (r + g),
            if mixed { " MIXED" } else { "" }
        );
    }
}
