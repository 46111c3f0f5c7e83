//! Solver speed: the turn solve from scratch, the full duel solve, and advice lookups.

use criterion::{Criterion, criterion_group, criterion_main};
use martian_engine::{BonusRule, Points};
use martian_solver::TurnSpace;
use std::hint::black_box;
use std::sync::Arc;

fn turn(c: &mut Criterion) {
    c.bench_function("turn solve, 13 dice, expected score, from scratch", |b| {
        b.iter(|| {
            let space = Arc::new(TurnSpace::new(black_box(13), BonusRule::OneOfEach));
            space.solve_with(|s: Points| f64::from(s)).start_value()
        })
    });
    let space = TurnSpace::shared(13, BonusRule::OneOfEach);
    c.bench_function("turn solve, 13 dice, expected score, space built", |b| {
        b.iter(|| space.solve_with(|s: Points| f64::from(s)).start_value())
    });
}

criterion_group!(benches, turn);
criterion_main!(benches);
