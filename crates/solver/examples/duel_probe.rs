//! Times the duel solve: `cargo run --release -p martian-solver --example duel_probe [TARGET] [DICE]`.
use martian_engine::Rules;
use martian_solver::DuelSolution;
use std::time::Instant;
fn main() {
    let mut args = std::env::args().skip(1);
    let target = args.next().map_or(25, |a| a.parse().expect("TARGET"));
    let dice = args.next().map_or(13, |a| a.parse().expect("DICE"));
    let rules = Rules::official()
        .with_target(target)
        .unwrap()
        .with_dice(dice)
        .unwrap();
    let t = Instant::now();
    let s = DuelSolution::solve(rules, &|_| {});
    let stats = s.stats();
    let pairs = u64::from(target) * u64::from(target);
    let work = martian_solver::TurnSpace::for_rules(rules).work();
    println!(
        "{rules}: {:.2} s, seat wins {:?}, {:.3} turn solves per pair, work {:.3e}, worst residual {:e}",
        t.elapsed().as_secs_f64(),
        s.game_wins(),
        stats.turn_solves as f64 / pairs as f64,
        (stats.turn_solves * work) as f64,
        stats.worst_residual,
    );
}
