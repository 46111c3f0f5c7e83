//! Times the three-player solve: `cargo run --release -p martian-solver --example trio_probe`.
use martian_engine::Rules;
use martian_solver::TrioSolution;
use std::time::Instant;
fn main() {
    let t = Instant::now();
    let s = TrioSolution::solve(Rules::official(), &|_| {}).unwrap();
    println!("trio {:?} {:?} {:?}", t.elapsed(), s.game_wins(), s.stats());
}
