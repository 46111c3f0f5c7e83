//! Three-player solve speed on a short game (13 dice, target 8: 1 536 positions). The official
//! game (46 875 positions) takes too long for repeated samples; time it with
//! `cargo run --release -p martian-solver --example trio_probe` (about 5 s of CPU).

use criterion::{Criterion, criterion_group, criterion_main};
use martian_engine::Rules;
use martian_solver::TrioSolution;
use std::hint::black_box;

fn trio(c: &mut Criterion) {
    let rules = Rules::official().with_target(8).unwrap();
    let mut group = c.benchmark_group("trio");
    group.sample_size(10);
    group.bench_function("solve, 13 dice, target 8", |b| {
        b.iter(|| {
            TrioSolution::solve(black_box(rules), &|_| {})
                .unwrap()
                .game_wins()
        })
    });
    group.finish();
}

criterion_group!(benches, trio);
criterion_main!(benches);
