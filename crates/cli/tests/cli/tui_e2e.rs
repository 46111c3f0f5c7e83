//! The full-screen game in a real terminal: the binary runs inside tmux (80×24), keys go in with
//! `send-keys`, the screen comes out with `capture-pane`. Without tmux these tests fail, saying
//! how to install it (`scripts/test` installs it).

use std::path::PathBuf;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::util::tmux::{Tmux, require_tmux, then_report};
use crate::util::{BIN, scratch};

#[test]
fn a_full_seeded_game_against_a_bot_to_the_end_screen_then_its_replay() {
    require_tmux();
    let dir = scratch("game");
    let tmux = Tmux::new("game");
    tmux.start(
        &dir,
        &then_report(&format!(
            "{BIN} play --seed 2024 --players You,bot:random --record game.json"
        )),
    );
    let setup = tmux.wait_for("Start the game", Duration::from_secs(20));
    assert!(setup.contains("bot: random"), "{setup}");
    assert!(setup.contains("2024"), "the seed is filled in: {setup}");
    // Bots at once: the pace is the field just above "Start"; four steps left is "instant".
    tmux.keys(&["Up", "Left", "Left", "Left", "Left"]);
    tmux.wait_for("instant", Duration::from_secs(5));
    tmux.keys(&["Enter"]);
    tmux.wait_for("press [r] to roll 13 dice", Duration::from_secs(10));
    // A bigger window, then back to the smallest: the screen is laid out again each time.
    tmux.run(&["resize-window", "-t", "game", "-x", "120", "-y", "32"]);
    // The text was there before: wait for the new layout itself.
    let start = Instant::now();
    loop {
        let wide = tmux.screen();
        if wide
            .lines()
            .any(|l| l.chars().count() > 100 && l.contains("Scores"))
        {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "laid out for 120 columns: {wide}"
        );
        sleep(Duration::from_millis(50));
    }
    tmux.run(&["resize-window", "-t", "game", "-x", "80", "-y", "24"]);
    let start = Instant::now();
    while tmux
        .screen()
        .lines()
        .any(|l| l.trim_end().chars().count() > 80)
    {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "not laid out for 80 columns"
        );
        sleep(Duration::from_millis(50));
    }
    // A simple person: roll, take death rays, roll again, take the first earthling kind there
    // is (or rays), stop. Keys that do not apply are refused on screen and change nothing.
    let cycle = ["r", "d", "r", "h", "c", "k", "d", "s"];
    let start = Instant::now();
    loop {
        let screen = tmux.screen();
        if ["Winner: ", "You win!", "Shared victory", "Game over"]
            .iter()
            .any(|end| screen.contains(end))
        {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "the game did not end; the screen:\n{screen}"
        );
        for key in cycle {
            tmux.keys(&[key]);
            sleep(Duration::from_millis(25));
        }
    }
    // The last turn stays on the table a moment, then the end screen comes.
    let end_screen = tmux.wait_for("Game over", Duration::from_secs(10));
    println!("the end screen, as captured:\n{end_screen}");
    for text in [
        "[w] save record",
        "[n] new game",
        "[t] table",
        "Biggest turn",
        "Round",
    ] {
        assert!(end_screen.contains(text), "{text}: {end_screen}");
    }
    assert!(
        end_screen.contains("reached 25 in round"),
        "who made it the last round: {end_screen}"
    );
    // The table again: the final round's scores.
    tmux.keys(&["t"]);
    let table = tmux.wait_for("[t] results", Duration::from_secs(5));
    assert!(table.contains("final round"), "{table}");
    tmux.keys(&["q"]);
    let after = tmux.wait_for("TERMINAL-", Duration::from_secs(10));
    assert!(after.contains("exit code 0"), "{after}");
    assert!(
        after.contains("TERMINAL-COOKED"),
        "raw mode is off again: {after}"
    );
    assert!(
        !after.contains("Scores"),
        "the alternate screen was left: {after}"
    );

    // The record kept during the game is a finished game, and the viewer opens it.
    let record = dir.join("game.json");
    let summary = Command::new(BIN)
        .args(["replay", "--json"])
        .arg(&record)
        .output()
        .unwrap();
    assert!(summary.status.success(), "{summary:?}");
    let summary = String::from_utf8_lossy(&summary.stdout);
    assert!(summary.contains("\"finished\": true"), "{summary}");

    let viewer = Tmux::new("replay");
    viewer.start(&dir, &format!("{BIN} replay game.json"));
    let at_start = viewer.wait_for("MARTIAN DICE · replay", Duration::from_secs(20));
    let (step, steps) = position(&at_start);
    assert_eq!(step, 0, "the viewer opens at the first step: {at_start}");
    viewer.keys(&["End"]);
    viewer.wait_for(&format!("Step {steps} of {steps}"), Duration::from_secs(5));
    viewer.keys(&["Left", "Left"]);
    let back = viewer.wait_for(&format!("Step {} of", steps - 2), Duration::from_secs(5));
    assert!(
        !back.contains("Winner: "),
        "two steps back the game is not over: {back}"
    );
    viewer.keys(&["Home"]);
    viewer.wait_for(&format!("Step 0 of {steps}"), Duration::from_secs(5));
    viewer.keys(&["q"]);
    let start = Instant::now();
    while !viewer.pane_dead() {
        assert!(start.elapsed() < Duration::from_secs(10), "q did not quit");
        sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// "Step k of n" on a replay screen.
fn position(screen: &str) -> (usize, usize) {
    let at = screen.find("Step ").expect("a replay position");
    let words: Vec<&str> = screen[at..].split_whitespace().take(4).collect();
    (words[1].parse().unwrap(), words[3].parse().unwrap())
}

#[test]
fn ctrl_c_quits_at_once_and_restores_the_terminal() {
    require_tmux();
    let dir = scratch("ctrl-c");
    let tmux = Tmux::new("ctrl-c");
    tmux.start(&dir, &then_report(&format!("{BIN} play --seed 3")));
    tmux.wait_for("Start the game", Duration::from_secs(20));
    tmux.keys(&["Enter"]);
    tmux.wait_for("press [r] to roll", Duration::from_secs(10));
    tmux.keys(&["r"]);
    tmux.wait_for("Choices", Duration::from_secs(5));
    tmux.keys(&["C-c"]);
    let after = tmux.wait_for("TERMINAL-", Duration::from_secs(10));
    assert!(after.contains("exit code 0"), "{after}");
    assert!(
        after.contains("TERMINAL-COOKED"),
        "raw mode is off again: {after}"
    );
    assert!(
        !after.contains("Scores"),
        "the game's screen is gone: {after}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_termination_signal_restores_the_terminal() {
    require_tmux();
    let dir = scratch("sigterm");
    let tmux = Tmux::new("sigterm");
    tmux.start(&dir, &then_report(&format!("{BIN} play --seed 3")));
    tmux.wait_for("Start the game", Duration::from_secs(20));
    tmux.keys(&["Enter"]);
    tmux.wait_for("press [r] to roll", Duration::from_secs(10));
    // The game is the only child of the pane's shell: this test started it.
    let shell = tmux.run(&["display-message", "-p", "-t", "game", "#{pane_pid}"]);
    let shell = String::from_utf8_lossy(&shell.stdout).trim().to_string();
    let children = Command::new("ps")
        .args(["-o", "pid=", "--ppid", &shell])
        .output()
        .unwrap();
    let pid = String::from_utf8_lossy(&children.stdout).trim().to_string();
    assert!(
        pid.parse::<u32>().is_ok(),
        "one child of the shell: '{pid}'"
    );
    let killed = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    let after = tmux.wait_for("TERMINAL-", Duration::from_secs(10));
    assert!(after.contains("stopped by a signal"), "{after}");
    assert!(
        after.contains("TERMINAL-COOKED"),
        "raw mode is off again: {after}"
    );
    assert!(
        !after.contains("Scores"),
        "the game's screen is gone: {after}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn plain_still_gives_the_line_mode_in_a_terminal() {
    require_tmux();
    let dir = scratch("plain");
    let tmux = Tmux::new("plain");
    tmux.start(&dir, &format!("{BIN} play --plain --seed 1"));
    let screen = tmux.wait_for("The dice have a seed", Duration::from_secs(20));
    assert!(!screen.contains("Start the game"), "{screen}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_a_terminal_play_falls_back_to_the_line_mode() {
    let output = Command::new(BIN)
        .args(["play", "--seed", "1"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        !stdout.contains("\u{1b}[?1049h"),
        "no alternate screen: {stdout}"
    );
    assert!(stdout.contains("The dice have a seed"), "{stdout}");
}

#[test]
fn in_portuguese_the_game_speaks_portuguese_and_takes_the_portuguese_keys() {
    require_tmux();
    let dir = scratch("pt");
    let tmux = Tmux::new("pt");
    tmux.start(
        &dir,
        &then_report(&format!(
            "{BIN} play --lang pt-BR --seed 2024 --players Ana,bot:random"
        )),
    );
    let setup = tmux.wait_for("Começar a partida", Duration::from_secs(20));
    assert!(setup.contains("Português (Brasil)"), "{setup}");
    assert!(setup.contains("pessoa: Ana"), "{setup}");
    tmux.keys(&["Enter"]);
    tmux.wait_for(
        "Ana: tecle [l] para lançar 13 dados",
        Duration::from_secs(10),
    );
    tmux.keys(&["l"]);
    let roll = tmux.wait_for("Pegue todos os dados", Duration::from_secs(10));
    assert!(roll.contains("Turno de Ana"), "{roll}");
    assert!(
        roll.contains("[R] "),
        "the keys are the letters on the dice: {roll}"
    );
    assert!(roll.contains("Placar"), "{roll}");
    // Death rays can always be taken: [m] in Portuguese.
    tmux.keys(&["m"]);
    tmux.wait_for("[p] parar, marcar", Duration::from_secs(10));
    tmux.keys(&["q"]);
    tmux.wait_for("Sair desta partida? [s] sim", Duration::from_secs(10));
    tmux.keys(&["s"]);
    let after = tmux.wait_for("TERMINAL-", Duration::from_secs(10));
    assert!(after.contains("exit code 0"), "{after}");
    assert!(after.contains("TERMINAL-COOKED"), "{after}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_environment_s_language_is_the_game_s_unless_lang_says_otherwise() {
    require_tmux();
    let dir = scratch("env-lang");
    let cases = [
        ("pt", "", "Começar a partida"),
        ("en", "--lang en", "Start the game"),
    ];
    for (name, option, expected) in cases {
        let tmux = Tmux::new(&format!("env-lang-{name}"));
        let command = format!("LANG=pt_BR.UTF-8 LC_ALL= {BIN} play {option} --seed 1");
        tmux.start(&dir, &then_report(&command));
        tmux.wait_for(expected, Duration::from_secs(20));
        tmux.keys(&["Escape"]);
        tmux.wait_for("exit code 0", Duration::from_secs(10));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_last_setup_and_its_language_are_remembered_and_a_damaged_file_is_ignored() {
    require_tmux();
    let dir = scratch("remember");
    let first = Tmux::new("remember-1");
    first.start(&dir, &then_report(&format!("{BIN} play --seed 1")));
    first.wait_for("Start the game", Duration::from_secs(20));
    // Language (just above Players, from Start round the top), then Portuguese, then start.
    first.keys(&["Down", "Right"]);
    first.wait_for("Começar a partida", Duration::from_secs(5));
    first.keys(&["Enter"]);
    first.wait_for("Seu turno", Duration::from_secs(10));
    first.keys(&["q", "s"]);
    first.wait_for("exit code 0", Duration::from_secs(10));
    let file = dir.join("config/martian-dice/tui-setup.json");
    let saved = std::fs::read_to_string(&file).expect("the setup is remembered");
    assert!(saved.contains("\"pt-BR\""), "{saved}");

    let again = Tmux::new("remember-2");
    again.start(&dir, &then_report(&format!("{BIN} play --seed 1")));
    let screen = again.wait_for("Começar a partida", Duration::from_secs(20));
    assert!(screen.contains("pessoa: Você"), "{screen}");
    again.keys(&["Escape"]);
    again.wait_for("exit code 0", Duration::from_secs(10));

    let explicit = Tmux::new("remember-3");
    explicit.start(
        &dir,
        &then_report(&format!("{BIN} --lang en play --seed 1")),
    );
    let screen = explicit.wait_for("Start the game", Duration::from_secs(20));
    assert!(
        screen.contains("human: You"),
        "the default name follows: {screen}"
    );
    explicit.keys(&["Escape"]);
    explicit.wait_for("exit code 0", Duration::from_secs(10));

    std::fs::write(&file, "{\"lang\": \"pt-BR\", \"seats\": [nonsense").unwrap();
    let damaged = Tmux::new("remember-4");
    damaged.start(&dir, &then_report(&format!("{BIN} play --seed 1")));
    damaged.wait_for("Start the game", Duration::from_secs(20));
    damaged.keys(&["Escape"]);
    damaged.wait_for("exit code 0", Duration::from_secs(10));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_game_ends_when_its_terminal_hangs_up_instead_of_spinning() {
    require_tmux();
    let dir = scratch("hang-up");
    let tmux = Tmux::new("hang-up");
    // `env` execs the game, so the pane's process is the game itself.
    tmux.start(&dir, &format!("{BIN} play --seed 5"));
    tmux.wait_for("Start the game", Duration::from_secs(20));
    let pid = tmux.run(&["display-message", "-p", "-t", "game", "#{pane_pid}"]);
    let pid = String::from_utf8_lossy(&pid.stdout).trim().to_string();
    let process = PathBuf::from(format!("/proc/{pid}"));
    assert!(process.exists(), "the game runs as {pid}");
    // Closing the terminal without a signal: the server goes, the pseudo-terminal hangs up.
    drop(tmux);
    let start = Instant::now();
    while process.exists() {
        let state = std::fs::read_to_string(process.join("stat")).unwrap_or_default();
        if state.split_whitespace().nth(2) == Some("Z") {
            break; // exited, not yet reaped by its parent
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = Command::new("kill").args(["-KILL", &pid]).status();
            panic!("the game still ran 10 s after its terminal hung up");
        }
        sleep(Duration::from_millis(100));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// At a take `r` takes the death rays (the dice show R) and `d` still does; after a take `r`
/// rolls again. Then the end of the turn stays on screen before the bot's first roll.
#[test]
fn the_keys_are_the_letters_on_the_dice_and_a_turn_s_end_is_held() {
    require_tmux();
    let dir = scratch("keys");
    let tmux = Tmux::new("keys");
    // Seed 2024: Ana's first roll has death rays to take.
    tmux.start(
        &dir,
        &then_report(&format!("{BIN} play --seed 2024 --players Ana,bot:hard")),
    );
    tmux.wait_for("Start the game", Duration::from_secs(20));
    tmux.keys(&["Enter"]);
    tmux.wait_for("press [r] to roll 13 dice", Duration::from_secs(10));
    tmux.keys(&["r"]);
    let roll = tmux.wait_for("Take every die of one kind", Duration::from_secs(10));
    assert!(roll.contains("[R] "), "the death rays' key shows R: {roll}");
    tmux.keys(&["r"]);
    let taken = tmux.wait_for("[s] stop, bank", Duration::from_secs(10));
    assert!(
        taken.contains("took") && taken.contains("death ray"),
        "{taken}"
    );
    tmux.keys(&["r"]);
    // Rolled again: a choice (or, if nothing could be taken, the turn's end).
    let start = Instant::now();
    loop {
        let screen = tmux.screen();
        if screen.contains("Take every die of one kind") || screen.contains("Ana: turn over") {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "r did not roll again: {screen}"
        );
        sleep(Duration::from_millis(50));
    }
    // Finish the turn: any type there is, then stop.
    let start = Instant::now();
    while !tmux.screen().contains("Ana: turn over") {
        for key in ["d", "h", "c", "k", "s"] {
            tmux.keys(&[key]);
            sleep(Duration::from_millis(30));
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "Ana's turn did not end: {}",
            tmux.screen()
        );
    }
    let ended = Instant::now();
    // The bot's pace is 0.7 s, but the end of Ana's turn stays 2 s.
    sleep(Duration::from_millis(1_300));
    let held = tmux.screen();
    assert!(
        held.contains("Ana: turn over") || ended.elapsed() >= Duration::from_millis(2_000),
        "Ana's turn end was replaced too soon: {held}"
    );
    tmux.wait_for("Hard to play", Duration::from_secs(10));
    tmux.keys(&["q", "y"]);
    tmux.wait_for("exit code 0", Duration::from_secs(10));
    let _ = std::fs::remove_dir_all(&dir);
}

/// An `exec:` bot that dies at its first decision in the full-screen game: the screen says which
/// bot could not play and what it said, the game does not go on without it, `q` leaves at once
/// with the terminal restored, nothing panics or hangs, and the record keeps the finished turn.
#[test]
fn an_exec_bot_crashing_mid_game_is_told_on_the_screen_and_q_leaves() {
    require_tmux();
    let dir = scratch("exec-crash");
    let record = dir.join("game.json");
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bots/tests/bots/crash.sh");
    let tmux = Tmux::new("exec-crash");
    tmux.start(
        &dir,
        &then_report(&format!(
            "{BIN} play --seed 3 --players Ana,bot:exec:sh:{} --record {}",
            script.display(),
            record.display()
        )),
    );
    tmux.wait_for("Start the game", Duration::from_secs(20));
    tmux.keys(&["Enter"]);
    tmux.wait_for("press [r] to roll 13 dice", Duration::from_secs(10));
    tmux.keys(&["r"]);
    // Ana's turn: take whatever there is, then stop, until the bot is to play.
    let start = Instant::now();
    while !panel_text(&tmux.screen(), "Choices").contains("could not play") {
        for key in ["d", "h", "c", "k", "s", "r"] {
            tmux.keys(&[key]);
            sleep(Duration::from_millis(30));
            if tmux.screen().contains("Ana: turn over") {
                break;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the bot's crash was never told: {}",
            tmux.screen()
        );
    }
    let told = tmux.screen();
    let said = panel_text(&told, "Choices");
    assert!(
        said.contains(&format!("{} could not play", script.display()))
            && said.contains("crashed")
            && said.contains("exit status: 3")
            && said.contains("segmentation fault (pretend)"),
        "the screen names the bot, the crash and what the bot said, in full: {told}"
    );
    assert!(!told.contains("panicked"), "{told}");
    // The game waits: no other move is made for the bot.
    sleep(Duration::from_millis(1_500));
    assert_eq!(tmux.screen(), told, "nothing moves after the crash");
    tmux.keys(&["q"]);
    let after = tmux.wait_for("TERMINAL-", Duration::from_secs(10));
    assert!(after.contains("exit code"), "{after}");
    assert!(!after.contains("panicked"), "{after}");
    assert!(
        after.contains("TERMINAL-COOKED"),
        "raw mode is off again: {after}"
    );
    let kept: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(kept["turns"].as_array().unwrap().len(), 1, "{kept}");
    assert_eq!(kept["result"], serde_json::Value::Null);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The text of the panel titled `title` on `screen`, its lines joined by spaces (a sentence
/// wrapped in the panel reads whole).
fn panel_text(screen: &str, title: &str) -> String {
    screen
        .lines()
        .skip_while(|line| !line.contains(&format!("┌ {title} ")))
        .skip(1)
        .take_while(|line| !line.starts_with('└'))
        .map(|line| line.trim_matches(|c: char| c == '│' || c.is_whitespace()))
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
