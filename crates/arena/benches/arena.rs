//! Arena speed: `optimal` against `greedy` in duels under the official rules (the issue's
//! throughput target), turn-level and die by die, and decisions per second through the bot protocol with a trivial
//! external bot kept alive across decisions.
//!
//! `cargo bench -p martian-arena` (the protocol benchmark needs `python3`).

use std::hint::black_box;
use std::process::Command;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use martian_arena::{ArenaConfig, PlayMode, run};
use martian_bots::{BotOptions, create_with};
use martian_engine::{Rules, Situation, Turn, seeded_rng};

fn duels(c: &mut Criterion) {
    let rules = Rules::official();
    let mut group = c.benchmark_group("arena");
    group.sample_size(10);
    // Turn-level play (the default for these bots) and die by die.
    for (mode, games) in [(PlayMode::Turns, 2_000_000), (PlayMode::Dice, 50_000)] {
        group.throughput(Throughput::Elements(games));
        for threads in [1, 2] {
            let config = ArenaConfig {
                threads,
                mode: Some(mode),
                ..ArenaConfig::new(rules, vec!["optimal".into(), "greedy".into()], games, 1)
            };
            // Loads the duel solution and builds its turn tables and samplers before timing.
            run(
                &ArenaConfig {
                    games: 20_000,
                    mode: Some(PlayMode::Dice),
                    ..config.clone()
                },
                &|_| {},
            )
            .unwrap();
            run(&config, &|_| {}).unwrap();
            let mut seed = 0;
            group.bench_function(
                format!(
                    "optimal vs greedy, {} mode, {threads} threads (games)",
                    mode.name()
                ),
                |b| {
                    b.iter(|| {
                        seed += 1;
                        let config = ArenaConfig {
                            seed,
                            ..config.clone()
                        };
                        black_box(run(&config, &|_| {}).unwrap().games)
                    })
                },
            );
        }
    }
    group.finish();
}

fn protocol(c: &mut Criterion) {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|out| out.status.success()) {
        eprintln!("SKIPPED: python3 is not installed: no protocol benchmark");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/trivial_bot.py");
    let rules = Rules::official();
    let mut bot = create_with(
        &format!("exec:python3:{script}"),
        rules,
        &BotOptions::default(),
    )
    .unwrap();
    bot.new_game(rules, 0, 2).unwrap();
    let mut turn = Turn::new(rules);
    turn.apply_roll("TTRRRHHCKKKCC".parse().unwrap()).unwrap();
    let scores = [3, 8];
    let situation = Situation {
        rules,
        scores: &scores,
        seat: 0,
        round: 2,
        turn: &turn,
        triggered_by: None,
    };
    let mut rng = seeded_rng(0);
    let mut group = c.benchmark_group("protocol");
    group.throughput(Throughput::Elements(1));
    group.bench_function("decision round trip, trivial Python bot (decisions)", |b| {
        b.iter(|| black_box(bot.decide(&situation, &mut rng).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, duels, protocol);
criterion_main!(benches);
