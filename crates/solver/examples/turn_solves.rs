//! Repeated turn solves, for instruction counts under `valgrind --tool=callgrind` (noise-free
//! where wall-clock benches on a shared machine are not):
//! `cargo build --release -p martian-solver --example turn_solves` then
//! `valgrind --tool=callgrind target/release/examples/turn_solves 200`.

use martian_engine::{BonusRule, Points};
use martian_solver::{TurnSolver, TurnSpace};

fn main() {
    let solves: u32 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    let space = TurnSpace::shared(13, BonusRule::OneOfEach);
    println!("work per solve: {}", space.work());
    let mut solver = TurnSolver::new(space.clone());
    let utility: Vec<f64> = (0..=space.max_score())
        .map(|s: Points| f64::from(s))
        .collect();
    let mut sum = 0.0;
    for _ in 0..solves {
        sum += solver.solve(&utility).start_value();
        sum += solver.start_tracking_zero(&utility).value;
    }
    println!("{sum}");
}
