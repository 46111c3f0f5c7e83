use martian_engine::Rules;
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
    let s = martian_solver::SoloSolution::solve(rules);
    println!(
        "{rules}: {:.2} s, {} turns",
        t.elapsed().as_secs_f64(),
        s.expected_turns()
    );
}
