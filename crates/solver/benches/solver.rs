//! Solver speed: the turn solve, the full duel solve, and advice lookups.

use criterion::{Criterion, criterion_group, criterion_main};
use martian_engine::{BonusRule, Points, Rules, Transcript};
use martian_solver::{AdviceRequest, DuelSolution, TurnSpace, advise, duel};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

fn turn(c: &mut Criterion) {
    let space = TurnSpace::shared(13, BonusRule::OneOfEach);
    c.bench_function("turn solve, 13 dice, expected score", |b| {
        b.iter(|| space.solve_with(|s: Points| f64::from(s)).start_value())
    });
    c.bench_function(
        "turn solve, 13 dice, expected score, outcome tables built too",
        |b| {
            b.iter(|| {
                let space = Arc::new(TurnSpace::new(black_box(13), BonusRule::OneOfEach));
                space.solve_with(|s: Points| f64::from(s)).start_value()
            })
        },
    );
}

fn duel_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("duel");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("full duel solve, official rules", |b| {
        b.iter(|| DuelSolution::solve(black_box(Rules::official()), &|_| {}).game_wins())
    });
    group.finish();
}

fn lookups(c: &mut Criterion) {
    let rules = Rules::official();
    let solution = duel(rules).unwrap();
    let turn = "TTRRRHHCKKKCC/K TRRRHHCC"
        .parse::<Transcript>()
        .unwrap()
        .replay(rules)
        .unwrap();
    let scores: [Points; 2] = [17, 12];
    // Every table of the position built once, as in a long-running arena.
    advise(AdviceRequest {
        rules,
        scores: Some(&scores),
        seat: 1,
        turn: &turn,
    })
    .unwrap();
    c.bench_function("advise, mid-game duel position", |b| {
        b.iter(|| {
            advise(AdviceRequest {
                rules,
                scores: Some(black_box(&scores)),
                seat: 1,
                turn: &turn,
            })
            .unwrap()
            .best
        })
    });
    let game_scores = [17, 12];
    let situation = martian_engine::Situation {
        rules,
        scores: &game_scores,
        seat: 1,
        round: 4,
        turn: &turn,
        triggered_by: None,
    };
    c.bench_function("duel best action for a situation", |b| {
        b.iter(|| solution.best_action(black_box(&situation)).unwrap())
    });
}

criterion_group!(benches, turn, duel_solve, lookups);
criterion_main!(benches);
