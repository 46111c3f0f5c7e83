//! Times the three-player solve: `cargo run --release -p martian-solver --example trio_probe [TARGET]`.
use martian_engine::Rules;
use martian_solver::TrioSolution;
use std::time::Instant;
fn main() {
    let target = std::env::args()
        .nth(1)
        .map_or(25, |a| a.parse().expect("TARGET"));
    let rules = Rules::official().with_target(target).unwrap();
    let t = Instant::now();
    let s = TrioSolution::solve(rules, &|_| {}).unwrap();
    let positions = 3 * u64::from(target).pow(3);
    println!(
        "{rules}: {:.1} s, seat_win {:?}, {:.3} passes per position, worst residual {:e}",
        t.elapsed().as_secs_f64(),
        s.game_wins(),
        s.stats().passes as f64 / positions as f64,
        s.stats().worst_residual
    );
}
