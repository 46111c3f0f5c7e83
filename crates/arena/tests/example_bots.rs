//! The example bots of `examples/` play in the arena through the bot protocol, and their own
//! tests pass. A missing `python3` or `node` fails the test (scripts/test installs both): an
//! example that cannot be run must not pass as tested.

use std::path::PathBuf;
use std::process::Command;

use martian_arena::{ArenaConfig, run};
use martian_engine::Rules;

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Fails the test when `program` is missing.
fn require(program: &str, package: &str) {
    let found = Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    assert!(
        found,
        "'{program}' is not installed, so its example bot cannot be tested: \
         apt-get install {package} (scripts/test installs it)"
    );
}

fn run_tests(program: &str, args: &[&str]) {
    let out = Command::new(program)
        .args(args)
        .current_dir(repo_root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{program} {args:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The example bot plays 150 games against `random` and 150 against `defensive` on two
/// threads: no forfeit, and it beats `random` clearly (the lower end of its 95% interval above
/// 80%).
fn plays_well_in_the_arena(spec: &str) {
    for (opponent, least) in [("random", 0.8), ("defensive", 0.0)] {
        let config = ArenaConfig {
            threads: 2,
            ..ArenaConfig::new(
                Rules::official(),
                vec![spec.to_string(), opponent.to_string()],
                150,
                11,
            )
        };
        let report = run(&config, &|_| {}).unwrap();
        assert_eq!(report.forfeits, 0, "{:?}", report.errors);
        assert_eq!(report.games, 150);
        let bot = &report.bots[0];
        assert!(
            bot.ci95[0] > least,
            "{spec} against {opponent}: {:.3} [{:.3}, {:.3}]",
            bot.win_rate,
            bot.ci95[0],
            bot.ci95[1]
        );
    }
}

#[test]
fn the_python_example_bot_passes_its_tests_and_plays_in_the_arena() {
    require("python3", "python3");
    run_tests(
        "python3",
        &["-m", "unittest", "discover", "-s", "examples/python"],
    );
    let script = repo_root().join("examples/python/bot.py");
    plays_well_in_the_arena(&format!("exec:python3:{}", script.display()));
}

#[test]
fn the_javascript_example_bot_passes_its_tests_and_plays_in_the_arena() {
    require("node", "nodejs");
    run_tests("node", &["--test", "examples/js/"]);
    let script = repo_root().join("examples/js/bot.js");
    plays_well_in_the_arena(&format!("exec:node:{}", script.display()));
}

#[test]
fn a_crashing_bot_forfeits_and_the_arena_goes_on() {
    let script = repo_root().join("crates/bots/tests/bots/flaky.sh");
    let config = ArenaConfig::new(
        Rules::official(),
        vec![format!("exec:sh:{}", script.display()), "greedy".into()],
        20,
        5,
    );
    let report = run(&config, &|_| {}).unwrap();
    assert_eq!(report.games, 20, "every game is played");
    assert!(report.forfeits > 0, "the bot exits after 3 decisions");
    assert_eq!(report.bots[0].forfeits, report.forfeits);
    let note = &report.errors[0];
    assert!(note.message.contains("crashed"), "{note:?}");
    assert!(note.bot.contains("flaky.sh"), "{note:?}");
    // A forfeit is a loss: greedy wins every game the bot forfeited.
    assert!(report.bots[1].wins >= report.forfeits as f64);
}
