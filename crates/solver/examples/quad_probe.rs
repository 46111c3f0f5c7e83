//! Times the four-player solve:
//! `cargo run --release -p martian-solver --example quad_probe [TARGET [DICE]]` (progress on stderr).
use martian_engine::Rules;
use martian_solver::QuadSolution;
use std::time::Instant;
fn main() {
    let mut args = std::env::args().skip(1);
    let target = args.next().map_or(25, |a| a.parse().expect("TARGET"));
    let dice = args.next().map_or(13, |a| a.parse().expect("DICE"));
    let rules = Rules::official()
        .with_dice(dice)
        .unwrap()
        .with_target(target)
        .unwrap();
    let t = Instant::now();
    let last = std::sync::atomic::AtomicU64::new(0);
    let progress = |p: martian_solver::Progress| {
        let percent = 100 * p.done / p.total.max(1);
        if last.swap(percent, std::sync::atomic::Ordering::Relaxed) != percent {
            eprintln!("{percent}% at {:.1} s", t.elapsed().as_secs_f64());
        }
    };
    let s = QuadSolution::solve(rules, &progress).unwrap();
    let positions = 4 * u64::from(target).pow(4);
    let stats = s.stats();
    println!(
        "{rules}: {:.1} s, seat_win {:?}, {:.3} passes per position, worst residual {:e}, {} mixed tuples",
        t.elapsed().as_secs_f64(),
        s.game_wins(),
        stats.passes as f64 / positions as f64,
        stats.worst_residual,
        stats.mixed_tuples
    );
    for m in s.mixed_tuples().iter().take(20) {
        println!("  mixed at {:?}: {:?}", m.scores, m.mixing);
    }
}
