//! The bot protocol against misbehaving bots: each way of failing is reported clearly and named.
//! The bots are small shell scripts in `tests/bots/`.

use std::time::{Duration, Instant};

use martian_bots::{BotError, BotOptions, GameEnd, Strategy, create_with};
use martian_engine::{Action, Rules, Situation, Turn, seeded_rng};

fn script(name: &str) -> String {
    format!("{}/tests/bots/{name}.sh", env!("CARGO_MANIFEST_DIR"))
}

fn bot(name: &str, timeout: Duration) -> Box<dyn Strategy> {
    let options = BotOptions {
        decision_timeout: timeout,
    };
    create_with(
        &format!("exec:sh:{}", script(name)),
        Rules::official(),
        &options,
    )
    .unwrap()
}

/// A fresh turn with a roll awaiting a choice: legal takes R, H, C, K.
fn choosing_turn() -> Turn {
    let mut turn = Turn::new(Rules::official());
    turn.apply_roll("TTRRRHHCKKKCC".parse().unwrap()).unwrap();
    turn
}

fn decide(bot: &mut dyn Strategy, turn: &Turn) -> Result<Action, BotError> {
    let scores = [3, 8];
    let situation = Situation {
        rules: Rules::official(),
        scores: &scores,
        seat: 0,
        round: 2,
        turn,
        triggered_by: None,
    };
    bot.decide(&situation, &mut seeded_rng(0))
}

#[test]
fn a_well_behaved_bot_answers_legal_actions() {
    let mut bot = bot("first_legal", Duration::from_secs(2));
    bot.new_game(Rules::official(), 0, 2).unwrap();
    let mut turn = choosing_turn();
    assert_eq!(
        decide(&mut *bot, &turn).unwrap(),
        Action::Take(martian_engine::Face::DeathRay)
    );
    turn.play(Action::Take(martian_engine::Face::DeathRay))
        .unwrap();
    assert_eq!(decide(&mut *bot, &turn).unwrap(), Action::Stop);
}

#[test]
fn malformed_lines_are_reported_with_the_line_quoted() {
    let mut bot = bot("malformed", Duration::from_secs(2));
    let error = decide(&mut *bot, &choosing_turn()).unwrap_err();
    assert!(matches!(error, BotError::Misbehaved { .. }), "{error:?}");
    let text = error.to_string();
    assert!(text.contains("take the humans, please"), "{text}");
    assert!(text.contains("malformed.sh"), "names the bot: {text}");
}

#[test]
fn wrong_actions_are_reported_with_the_legal_ones() {
    let mut bot = bot("wrong_action", Duration::from_secs(2));
    let error = decide(&mut *bot, &choosing_turn()).unwrap_err();
    assert!(matches!(error, BotError::Misbehaved { .. }), "{error:?}");
    let text = error.to_string();
    assert!(text.contains("'T'") && text.contains("not legal"), "{text}");
    assert!(text.contains("R, H, C, K"), "{text}");
}

#[test]
fn a_crash_is_reported_with_the_exit_status_and_stderr() {
    let mut bot = bot("crash", Duration::from_secs(2));
    let error = decide(&mut *bot, &choosing_turn()).unwrap_err();
    assert!(matches!(error, BotError::Crashed { .. }), "{error:?}");
    let text = error.to_string();
    assert!(text.contains("exit status: 3"), "{text}");
    assert!(text.contains("segmentation fault (pretend)"), "{text}");
}

#[test]
fn a_bot_past_its_time_limit_times_out_promptly() {
    let limit = Duration::from_millis(200);
    let mut bot = bot("hang", limit);
    let started = Instant::now();
    let error = decide(&mut *bot, &choosing_turn()).unwrap_err();
    let waited = started.elapsed();
    assert!(matches!(error, BotError::TimedOut { .. }), "{error:?}");
    assert!(error.to_string().contains("200 ms"), "{error}");
    assert!(waited >= limit, "{waited:?}");
    assert!(
        waited < Duration::from_secs(5),
        "the hung process must not be waited for: {waited:?}"
    );
    #[cfg(target_os = "linux")]
    {
        // The bot's own child (its `sleep`) was killed with it.
        std::thread::sleep(Duration::from_millis(300));
        assert!(!running("sleep\u{0}47.25"), "the bot's `sleep` outlived it");
    }
}

/// Whether a process with this command line (arguments joined by NUL) is running.
#[cfg(target_os = "linux")]
fn running(command_line: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
        std::fs::read(entry.path().join("cmdline")).is_ok_and(|bytes| {
            String::from_utf8_lossy(&bytes).trim_end_matches('\0') == command_line
        })
    })
}

#[test]
fn a_huge_line_is_refused() {
    let mut bot = bot("huge_line", Duration::from_secs(5));
    let error = decide(&mut *bot, &choosing_turn()).unwrap_err();
    assert!(matches!(error, BotError::Misbehaved { .. }), "{error:?}");
    assert!(
        error.to_string().contains("longer than 65536 bytes"),
        "{error}"
    );
}

#[test]
fn a_protocol_version_mismatch_is_refused_at_the_handshake() {
    let mut bot = bot("wrong_version", Duration::from_secs(2));
    let error = bot.new_game(Rules::official(), 0, 2).unwrap_err();
    assert!(error.to_string().contains("version 99"), "{error}");
}

#[test]
fn a_program_that_does_not_exist_cannot_start() {
    let options = BotOptions::default();
    let mut bot = create_with("exec:/no/such/bot", Rules::official(), &options).unwrap();
    let error = decide(&mut *bot, &choosing_turn()).unwrap_err();
    assert!(matches!(error, BotError::Spawn { .. }), "{error:?}");
    assert!(error.to_string().contains("/no/such/bot"), "{error}");
}

#[test]
fn a_failed_bot_is_restarted_for_the_next_game() {
    let mut bot = bot("flaky", Duration::from_secs(2));
    let turn = choosing_turn();
    for _ in 0..3 {
        decide(&mut *bot, &turn).unwrap();
    }
    assert!(matches!(
        decide(&mut *bot, &turn),
        Err(BotError::Crashed { .. })
    ));
    bot.new_game(Rules::official(), 1, 2).unwrap();
    assert!(
        decide(&mut *bot, &turn).is_ok(),
        "a new process plays the next game"
    );
}

#[test]
fn the_bot_hears_hello_game_decisions_game_over_and_bye_in_order() {
    let log = std::env::temp_dir().join(format!("martian-protocol-log-{}", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let spec = format!("exec:sh:{} {}", script("log_messages"), log.display());
    let mut bot = create_with(&spec, Rules::official(), &BotOptions::default()).unwrap();
    bot.new_game(Rules::official(), 0, 2).unwrap();
    decide(&mut *bot, &choosing_turn()).unwrap();
    bot.game_over(&GameEnd {
        seat: 0,
        scores: &[25, 20],
        winners: &[0],
        forfeit: None,
    });
    drop(bot);
    let seen = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    assert_eq!(
        seen.lines().collect::<Vec<_>>(),
        ["hello", "game", "decide", "game-over", "bye"]
    );
}
