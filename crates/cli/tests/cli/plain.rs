//! `martian-dice play --plain`, driven through real stdin and stdout as a person or a script
//! would: read the lines, answer the prompts.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Output, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use serde_json::Value;

use crate::util;

use crate::util::{martian_dice as binary, scratch};

/// The game as a user sees it: lines come in, answers go out.
struct Player {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    seen: Vec<String>,
}

const PROMPT_MARKS: [&str; 3] = [
    ", which type do you take? (",
    " (s), or roll the ",
    " and type what they show",
];

fn is_prompt(line: &str) -> bool {
    PROMPT_MARKS.iter().any(|mark| line.contains(mark))
}

impl Player {
    fn start(args: &[&str]) -> Player {
        let mut child = binary()
            .args(["play", "--plain"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Player {
            stdin: child.stdin.take(),
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// The next line, or `None` once the game has closed its output.
    fn line(&mut self) -> Option<String> {
        match self.lines.recv_timeout(Duration::from_secs(20)) {
            Ok(line) => {
                self.seen.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                panic!("no output for 20 s; so far:\n{}", self.seen.join("\n"))
            }
        }
    }

    /// Lines up to and including the next prompt; `None` if the output ends first.
    fn until_prompt(&mut self) -> Option<String> {
        loop {
            let line = self.line()?;
            if is_prompt(&line) {
                return Some(line);
            }
        }
    }

    fn send(&mut self, answer: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{answer}").unwrap();
        stdin.flush().unwrap();
    }

    /// Closes stdin, reads the rest and waits: the exit code and every line seen.
    fn finish(mut self) -> (Option<i32>, Vec<String>) {
        self.stdin = None;
        while self.line().is_some() {}
        let status = self.child.wait().unwrap();
        (status.code(), self.seen)
    }

    /// The line before the last prompt that starts with `prefix`.
    fn last_seen(&self, prefix: &str) -> Option<&str> {
        self.seen
            .iter()
            .rev()
            .find(|l| l.starts_with(prefix))
            .map(String::as_str)
    }
}

/// A simple player: death rays while the tanks lead, else the biggest earthling group; stops at
/// 4 points or with 4 dice or fewer left. Answers alternate between letters and words.
fn answer(player: &Player, prompt: &str, turn: usize) -> String {
    if prompt.contains(", which type do you take? (") {
        let offer = player.last_seen("You may take: ").expect("choices shown");
        let balance = player.last_seen("Tanks ").expect("balance shown");
        let choices: Vec<(char, u32)> = offer["You may take: ".len()..]
            .trim_end_matches('.')
            .split(", ")
            .map(|part| {
                let mut words = part.split(' ');
                let letter = words.next().unwrap().chars().next().unwrap();
                let n = words.nth(1).unwrap().parse().unwrap();
                (letter, n)
            })
            .collect();
        let rays = choices.iter().any(|&(l, _)| l == 'R');
        let pick = if rays && balance.contains("tanks lead") {
            'R'
        } else {
            choices
                .iter()
                .filter(|&&(l, _)| l != 'R')
                .max_by_key(|&&(_, n)| n)
                .map_or('R', |&(l, _)| l)
        };
        let word = match pick {
            'R' => "death rays",
            'H' => "take humans",
            'C' => "Cow",
            _ => "chickens",
        };
        return if turn.is_multiple_of(2) {
            pick.to_string()
        } else {
            word.to_string()
        };
    }
    // "Name, stop and score N (s), or roll the M dice left (r)?"
    let score: u32 = prompt
        .split("stop and score ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .unwrap()
        .parse()
        .unwrap();
    let left: u32 = prompt
        .split("roll the ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .unwrap()
        .parse()
        .unwrap();
    let stop = score >= 4 || left <= 4;
    match (stop, turn.is_multiple_of(2)) {
        (true, true) => "s".into(),
        (true, false) => "Stop".into(),
        (false, true) => "r".into(),
        (false, false) => "roll".into(),
    }
}

/// Plays to the end with [`answer`]; returns the exit code and every line.
fn play_to_the_end(args: &[&str]) -> (Option<i32>, Vec<String>) {
    let mut player = Player::start(args);
    let mut answered = 0;
    while let Some(prompt) = player.until_prompt() {
        let reply = answer(&player, &prompt, answered);
        player.send(&reply);
        answered += 1;
        assert!(answered < 5000, "the game does not end");
    }
    player.finish()
}

fn replay_json(path: &PathBuf) -> Value {
    let output = binary()
        .args(["replay", "--json"])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&String::from_utf8(output.stdout).unwrap()).unwrap()
}

/// The final table: "Final scores:" then "Name: N points" lines.
fn final_scores(lines: &[String]) -> Vec<u64> {
    let at = lines
        .iter()
        .position(|l| l == "Final scores:")
        .expect("final scores");
    lines[at + 1..]
        .iter()
        .take_while(|l| l.contains(": ") && l.ends_with("points") || l.ends_with("point"))
        .map(|l| {
            l.rsplit(": ")
                .next()
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect()
}

#[test]
fn a_seeded_two_player_game_plays_to_a_winner_and_replays_to_the_same_result() {
    let dir = scratch("two");
    let record = dir.join("game.json");
    let args = [
        "--players",
        "Ana,Bob",
        "--seed",
        "42",
        "--record",
        record.to_str().unwrap(),
    ];
    let (code, lines) = play_to_the_end(&args);
    assert_eq!(code, Some(0), "{}", lines.join("\n"));
    assert_eq!(
        lines[0],
        "Martian Dice: 13 dice, target 25, bonus for one of each, round completed, roll-off."
    );
    assert_eq!(lines[1], "Players in seat order: Ana, Bob.");
    // The seed's digits are read only when asked for (seed at a prompt).
    assert_eq!(
        lines[2],
        "The dice have a seed: type seed at any prompt to hear it, to play the same dice again."
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Score table, round 2 (target 25):"))
    );
    let reached: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].ends_with("reaching the target of 25."))
        .collect();
    assert_eq!(reached.len(), 1, "the end is triggered once");
    let final_round = "This is the final round: the players after them have one last turn.";
    if lines[reached[0]].starts_with("Ana has ") {
        assert_eq!(lines[reached[0] + 1], final_round, "Bob still plays");
    } else {
        assert!(
            !lines.iter().any(|l| l == final_round),
            "the round is already complete"
        );
    }
    let winner_line = lines
        .iter()
        .find(|l| l.contains(" wins with ") || l.contains(" share the victory "))
        .expect("a winner is announced");
    assert_eq!(
        lines.last().unwrap(),
        &format!("The game record is saved in {}.", record.display())
    );

    let summary = replay_json(&record);
    assert_eq!(summary["finished"], true);
    let names = ["Ana", "Bob"];
    let winners: Vec<&str> = summary["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| names[s.as_u64().unwrap() as usize])
        .collect();
    assert_eq!(winners.len(), 1);
    assert!(
        winner_line.starts_with(&format!("{} wins with ", winners[0])),
        "{winner_line}"
    );
    let scores: Vec<u64> = summary["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(scores, final_scores(&lines));
    assert!(scores.iter().any(|&s| s >= 25));
    assert_eq!(summary["seed"], 42);

    // The same seed and the same answers give the same game, line for line.
    let again = dir.join("again.json");
    let args = [
        "--players",
        "Ana,Bob",
        "--seed",
        "42",
        "--record",
        again.to_str().unwrap(),
    ];
    let (_, lines_again) = play_to_the_end(&args);
    let strip = |lines: &[String]| lines[..lines.len() - 1].to_vec();
    assert_eq!(strip(&lines), strip(&lines_again));
    let one: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let two: Value = serde_json::from_str(&std::fs::read_to_string(&again).unwrap()).unwrap();
    assert_eq!(one, two);
}

#[test]
fn a_solo_game_ends_when_the_target_is_reached() {
    let dir = scratch("solo");
    let record = dir.join("solo.json");
    let (code, lines) = play_to_the_end(&[
        "--players",
        "Solo",
        "--seed",
        "5",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0));
    let scores = final_scores(&lines);
    assert_eq!(scores.len(), 1);
    assert!(scores[0] >= 25);
    assert!(lines.contains(&format!("Solo wins with {} points!", scores[0])));
    assert!(
        !lines.iter().any(|l| l.contains("final round")),
        "nobody is left to play a final round"
    );
    let summary = replay_json(&record);
    assert_eq!(summary["winners"], serde_json::json!([0]));
}

#[test]
fn a_bot_seat_plays_by_itself() {
    let (code, lines) = play_to_the_end(&["--players", "Ana,bot:defensive", "--seed", "11"]);
    assert_eq!(code, Some(0));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Round 1: defensive's turn"))
    );
    assert!(lines.iter().any(|l| l.starts_with("defensive takes ")));
    assert!(
        !lines.iter().any(|l| l.starts_with("defensive, ")),
        "a bot is never prompted"
    );
    assert!(lines.iter().any(|l| l.contains(" wins with ")));
}

#[test]
fn wrong_input_is_explained_and_asked_again() {
    let mut player = Player::start(&["--players", "Ana", "--seed", "1"]);
    let prompt = player.until_prompt().unwrap();
    assert!(
        prompt.starts_with("Ana, which type do you take? ("),
        "{prompt}"
    );
    let legal: Vec<char> = prompt[prompt.find('(').unwrap() + 1..prompt.len() - 1]
        .split(", ")
        .map(|l| l.chars().next().unwrap())
        .collect();
    let not_rolled = ['R', 'H', 'C', 'K']
        .into_iter()
        .find(|l| !legal.contains(l))
        .map(|l| l.to_string());
    let mut cases = vec![
        (
            "xyz",
            "'xyz' is not a choice I know (? for help).".to_string(),
        ),
        ("", "Please type something (? for help).".to_string()),
        (
            "t",
            "Tanks cannot be taken: they are set aside by force.".to_string(),
        ),
        ("stop", "First take one type from this roll.".to_string()),
        (
            "\u{fffd}\u{7}",
            "'\u{fffd}\u{7}' is not a choice I know (? for help).".to_string(),
        ),
    ];
    if let Some(letter) = &not_rolled {
        let face = match letter.as_str() {
            "R" => "death rays",
            "H" => "humans",
            "C" => "cows",
            _ => "chickens",
        };
        cases.push((letter.as_str(), format!("No {face} were rolled.")));
    }
    for (typed, expected) in &cases {
        player.send(typed);
        assert_eq!(player.line().unwrap(), *expected, "after {typed:?}");
        assert_eq!(
            player.line().unwrap(),
            prompt,
            "the prompt again after {typed:?}"
        );
    }
    player.send("?");
    assert!(
        player
            .line()
            .unwrap()
            .starts_with("Take a type by its letter or name")
    );
    let help_end = player.until_prompt().unwrap();
    assert_eq!(help_end, prompt);
    player.send("scores");
    assert_eq!(player.line().unwrap(), "Score table, round 1 (target 25):");
    assert_eq!(player.line().unwrap(), "Ana: 0 points");
    assert_eq!(player.line().unwrap(), prompt);
    player.send("q");
    assert_eq!(
        player.line().unwrap(),
        "You left the game: it is unfinished."
    );
    let (code, _) = player.finish();
    assert_eq!(code, Some(0));
}

#[test]
fn invalid_bytes_on_stdin_are_an_unknown_answer_not_a_crash() {
    let mut child = binary()
        .args(["play", "--plain", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"\xff\xfe\n\x00\nq\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.matches("is not a choice I know").count(), 2, "{text}");
    assert!(
        text.ends_with(
            "You left the game: it is unfinished.\n\
             The game was not saved: play with --record FILE to keep a record.\n"
        ),
        "{text}"
    );
}

fn run_with_input(args: &[&str], input: &str) -> Output {
    util::run_with_input(binary().args(args), input)
}

/// A scorekeeper game of Ana and Bob with physical dice, recorded to `record`, fed `input`.
fn scorekeeper(extra: &[&str], record: &std::path::Path, input: &str) -> Output {
    let base = [
        "play",
        "--plain",
        "--manual-dice",
        "--players",
        "Ana,Bob",
        "--record",
    ];
    let args: Vec<&str> = base
        .iter()
        .copied()
        .chain([record.to_str().unwrap()])
        .chain(extra.iter().copied())
        .collect();
    run_with_input(&args, input)
}

#[test]
fn a_scorekeeper_game_with_physical_dice_and_a_mistyped_roll() {
    let dir = scratch("manual");
    let record = dir.join("table.json");
    let input = [
        "2T3RHCK", // 8 dice: refused
        "XYZ",     // not faces: refused
        "?",       // help, then the prompt again
        "3R 10H",  // Ana's roll
        "h", "s", // 10 humans, stop: 10 points, the target
        "10c3r", "c", "stop", // Bob ties at 10
        "RRHHCC", "RRTTTT", // roll-off: 2 rays each, still tied
        "RHHHHH", "3R3H", // Bob wins it
    ]
    .join("\n")
        + "\n";
    let output = scorekeeper(&["--target", "10"], &record, &input);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let prompt = "Ana, roll 13 dice and type what they show (such as 2T3RHCK):";
    let expected_start = [
        "Martian Dice: 13 dice, target 10, bonus for one of each, round completed, roll-off.",
        "Players in seat order: Ana, Bob.",
        "Scorekeeper mode: roll your own dice and type what they show, such as 2T3RHCK.",
        "Type ? for help at any prompt.",
        "Round 1: Ana's turn (0 points).",
        prompt,
        "That is 8 dice, but 13 dice were rolled. Type all of them again.",
        prompt,
        "That is not a roll: 'X' is not a face letter (T, R, H, C, K; or V, G). Type the faces again.",
        prompt,
    ];
    assert_eq!(&lines[..expected_start.len()], expected_start, "{text}");
    for expected in [
        "Ana rolls 13 dice: 3 death rays, 10 humans.",
        "Ana takes 10 humans.",
        "Ana scores 10 (10 earthlings) this turn, 10 points in all.",
        "Ana has 10 points, reaching the target of 10.",
        "This is the final round: the players after them have one last turn.",
        "Round 1, the final round: Bob's last turn (0 points).",
        "Bob rolls 13 dice: 3 death rays, 10 cows.",
        "Ana and Bob are tied with 10 points: roll-off! Each rolls 6 dice; the most death rays wins.",
        "Ana, roll 6 dice for the roll-off and type what they show:",
        "Ana rolls for the roll-off: 2 death rays, 2 humans, 2 cows: 2 death rays.",
        "Still tied: Ana and Bob roll again.",
        "Bob rolls for the roll-off: 3 death rays, 3 humans: 3 death rays.",
        "Bob wins with 10 points!",
    ] {
        assert!(lines.contains(&expected), "missing {expected:?} in\n{text}");
    }
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert!(saved.get("seed").is_none(), "physical dice have no seed");
    assert_eq!(saved["roll_off"].as_array().unwrap().len(), 2);
    assert_eq!(saved["turns"][0]["transcript"], "RRRHHHHHHHHHH/H stop");
    let summary = replay_json(&record);
    assert_eq!(summary["winners"], serde_json::json!([1]));
    assert_eq!(summary["scores"], serde_json::json!([10, 10]));
}

#[test]
fn the_end_of_input_mid_game_leaves_the_record_saved() {
    let dir = scratch("eof");
    let record = dir.join("eof.json");
    let output = scorekeeper(&[], &record, "3R10H\nh\ns\n5R8H\n");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.ends_with(&format!(
            "Bob, which type do you take? (R, H)\nThe input ended: the game is left unfinished.\nThe game record is saved in {}.\n",
            record.display()
        )),
        "{text}"
    );
    let summary = replay_json(&record);
    assert_eq!(summary["finished"], false);
    assert_eq!(summary["turns"], 1);
    assert_eq!(summary["scores"], serde_json::json!([10, 0]));
    let listing = binary()
        .args(["replay", "--plain"])
        .arg(&record)
        .output()
        .unwrap();
    let listing = String::from_utf8(listing.stdout).unwrap();
    assert!(
        listing.ends_with("The game is unfinished: Bob is to play in round 1.\n"),
        "{listing}"
    );
}

#[test]
fn the_record_is_written_after_every_turn() {
    // Ana's turn is over; Bob's roll is awaited when the input ends: one turn in the file.
    let dir = scratch("each-turn");
    let record = dir.join("r.json");
    let output = scorekeeper(&[], &record, "13T\n");
    assert_eq!(output.status.code(), Some(0));
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(saved["turns"][0]["transcript"], "TTTTTTTTTTTTT");
    assert_eq!(saved["result"], Value::Null);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers,
        vec![std::ffi::OsString::from("r.json")],
        "no temporary file is left"
    );
}

#[test]
fn without_a_subcommand_the_plain_game_starts() {
    let output = run_with_input(&[], "seed\n");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with("Martian Dice: 13 dice, target 25"),
        "{text}"
    );
    assert!(
        text.contains("Players in seat order: Player 1.\nThe dice have a seed: "),
        "{text}"
    );
    assert!(
        text.ends_with(
            "The input ended: the game is left unfinished.\n\
             The game was not saved: play with --record FILE to keep a record.\n"
        ),
        "{text}"
    );
    // Without --seed a seed is picked, and told when asked for, so the game can be played again.
    let seed_line = text.lines().find(|l| l.starts_with("Seed ")).unwrap();
    let seed = seed_line["Seed ".len()..].split(':').next().unwrap();
    assert!(seed.parse::<u64>().is_ok(), "{seed_line}");
    let again = run_with_input(&["play", "--plain", "--seed", seed], "seed\n");
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn bad_options_are_usage_errors() {
    let dir = scratch("bad");
    let missing_dir = dir.join("no-such-dir").join("game.json");
    let cases: [(&[&str], &str); 7] = [
        (&["--players", "Ana,ana"], "two players are called ana"),
        (&["--players", "Ana,,Bob"], "player 2 has no name"),
        (&["--players", "9"], "from 1 to 8 players, not 9"),
        (
            &["--players", "a,b,c,d,e,f,g,h,i"],
            "from 1 to 8 players, not 9",
        ),
        (&["--players", "Ana,bot:nobody"], "unknown bot 'nobody'"),
        (&["--target", "0"], "the target score must be from 1 to 999"),
        (
            &["--record", missing_dir.to_str().unwrap()],
            "Could not save the game record",
        ),
    ];
    for (args, message) in cases {
        let output = run_with_input(&[&["play", "--plain"], args].concat(), "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}: nothing is played");
    }
}

#[test]
fn a_reader_that_goes_away_ends_the_game_quietly() {
    // Eight random bots write far more than a pipe holds: the game meets the closed pipe.
    let mut child = binary()
        .args(["play", "--plain", "--seed", "1", "--players"])
        .arg(["bot:random"; 8].join(","))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("Martian Dice: "));
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
}

#[test]
fn turns_that_end_by_themselves_and_the_rule_variants() {
    let record = scratch("variants").join("variants.json");
    let lines = |args: &[&str], input: &[&str]| -> Vec<String> {
        let output = scorekeeper(args, &record, &(input.join("\n") + "\n"));
        assert_eq!(output.status.code(), Some(0));
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    };
    let shared = lines(
        &["--target", "10", "--tie", "shared"],
        &[
            "13T", // Ana: only tanks, no choice
            "12R1H", "r", "r", "H", "h", // Bob: rays, roll again, the last die a human
            "3R10H", "h", "s", // Ana reaches 10
            "3R9HC", "h", "s", // Bob ties
        ],
    );
    for expected in [
        "No type can be taken from this roll: the turn is over.",
        "Ana scores 0 (the tanks outnumber the death rays) this turn, 0 points in all.",
        "Every die is set aside: the turn is over.",
        "Bob scores 1 (1 earthling) this turn, 1 point in all.",
        "Round 2: Ana's turn (0 points).",
        "Round 2, the final round: Bob's last turn (1 point).",
        "Ana and Bob share the victory with 10 points!",
    ] {
        assert!(
            shared.iter().any(|l| l == expected),
            "missing {expected:?} in\n{}",
            shared.join("\n")
        );
    }
    assert!(!shared.iter().any(|l| l.contains("roll-off")));

    let immediate = lines(
        &["--target", "10", "--end", "immediate"],
        &["3R10H", "h", "s"],
    );
    let end = immediate
        .iter()
        .position(|l| l == "The game ends at once.")
        .expect("an immediate end");
    assert_eq!(
        immediate[end - 1],
        "Ana has 10 points, reaching the target of 10."
    );
    assert!(immediate.iter().any(|l| l == "Ana wins with 10 points!"));
    assert!(!immediate.iter().any(|l| l.contains("Bob's turn")));
}

// ---- line mode for screen readers, the coach ----

use crate::util::stdout as text_of;

#[test]
fn a_bot_s_turn_lists_no_choices_and_every_roll_is_told_once() {
    let output = run_with_input(
        &[
            "play",
            "--plain",
            "--players",
            "Ana,bot:greedy",
            "--seed",
            "3",
        ],
        "r\ns\nq\n",
    );
    let text = text_of(&output);
    let lines: Vec<&str> = text.lines().collect();
    let bot_turn = lines
        .iter()
        .position(|l| l.starts_with("Round 1: greedy's turn"))
        .expect("the bot plays");
    let after = &lines[bot_turn..];
    let end = after
        .iter()
        .position(|l| l.starts_with("Round 2:"))
        .unwrap_or(after.len());
    assert!(after[..end].iter().any(|l| l.starts_with("greedy rolls ")));
    assert!(
        !after[..end].iter().any(|l| l.starts_with("You may take")),
        "what may be taken is for the person choosing:\n{text}"
    );
    for line in lines.iter().filter(|l| l.contains(" rolls ")) {
        assert!(!line.contains('('), "a roll told once, in words: {line}");
    }
    // In letters, on request.
    let output = run_with_input(
        &[
            "play",
            "--plain",
            "--players",
            "Ana,bot:greedy",
            "--seed",
            "3",
        ],
        "letters\nr\ns\nq\n",
    );
    let text = text_of(&output);
    assert!(
        text.contains(
            "From now on rolls are read in letters; type words to hear them in words again."
        ),
        "{text}"
    );
    let bot_roll = text
        .lines()
        .find(|l| l.starts_with("greedy rolls "))
        .expect("the bot rolls");
    let letters = bot_roll.rsplit(": ").next().unwrap().trim_end_matches('.');
    assert!(
        letters.chars().all(|c| "TRHCK".contains(c)),
        "letters only: {bot_roll}"
    );
}

#[test]
fn the_seed_is_read_only_when_asked_for() {
    let output = run_with_input(&["play", "--plain", "--seed", "987654"], "seed\nq\n");
    let text = text_of(&output);
    let seed_lines: Vec<&str> = text.lines().filter(|l| l.contains("987654")).collect();
    assert_eq!(
        seed_lines,
        ["Seed 987654: play again with --seed 987654 for the same dice."],
        "{text}"
    );
    let before_asking = text.split("which type do you take?").next().unwrap();
    assert!(!before_asking.contains("987654"), "{text}");
}

#[test]
fn quitting_says_truthfully_whether_the_game_was_saved() {
    let output = run_with_input(&["play", "--plain", "--seed", "1"], "?\nq\n");
    let text = text_of(&output);
    assert!(
        text.contains("q or quit (leave the game; it is not saved)"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "You left the game: it is unfinished.\n\
             The game was not saved: play with --record FILE to keep a record.\n"
        ),
        "{text}"
    );
    let dir = scratch("quit-saved");
    let record = dir.join("kept.json");
    let output = run_with_input(
        &[
            "play",
            "--plain",
            "--seed",
            "1",
            "--record",
            record.to_str().unwrap(),
        ],
        "?\nq\n",
    );
    let text = text_of(&output);
    assert!(
        text.contains("q or quit (leave the game; the record is kept)"),
        "{text}"
    );
    assert!(text.ends_with(&format!(
        "The game record is saved in {}.\n",
        record.display()
    )));
    assert!(record.exists());
}

#[test]
fn the_coach_answers_at_any_prompt_with_the_solver_s_values_and_why() {
    use martian_engine::{Game, Rules};
    use martian_tui::Advisor;
    let roll = "2T3R2H3C3K";
    let output = run_with_input(
        &["play", "--plain", "--players", "Ana,Bob", "--manual-dice"],
        &format!("a\n{roll}\na\nq\n"),
    );
    let text = text_of(&output);
    assert!(
        text.contains("The coach weighs decisions: there is none until the dice are rolled."),
        "at the roll's prompt:\n{text}"
    );
    // The same position, asked of the same advisor in this process.
    let mut game = Game::new(Rules::official(), 2).unwrap();
    game.apply_roll(roll.parse().unwrap()).unwrap();
    let mut advisor = martian_tui::SolverAdvisor::blocking();
    let advice = advisor
        .advise(&game.situation())
        .expect("values for the first decision of a duel");
    let m = martian_i18n::Lang::En.messages();
    assert!(
        text.contains("The coach, your chance to win after each choice:\n"),
        "{text}"
    );
    for &(action, value) in &advice.values {
        let line = format!(
            "{}: {}{}.",
            match action {
                martian_engine::Action::Take(face) => format!("take the {}", face.plural()),
                other => other.code(),
            },
            advice.format_value(m, value),
            if advice.is_best(value) {
                ", the best"
            } else {
                ""
            }
        );
        assert!(text.lines().any(|l| l == line), "{line}:\n{text}");
    }
    let why = martian_tui::messages::coach_reason(m, advice.reason.as_ref().unwrap());
    assert!(
        text.lines().any(|l| l == format!("Why: {why}")),
        "{why}:\n{text}"
    );
}

/// A decision that is not the best is told what it cost, in the review's unit, with the best
/// option and why: the solver's values and reason for that position, in this process.
#[test]
fn a_decision_that_is_not_the_best_is_told_its_cost_and_why() {
    use martian_engine::{Action, Game, Rules};
    use martian_tui::Advisor;
    let roll = "2T3R2H3C3K";
    let m = martian_i18n::Lang::En.messages();
    let mut game = Game::new(Rules::official(), 2).unwrap();
    game.apply_roll(roll.parse().unwrap()).unwrap();
    let mut advisor = martian_tui::SolverAdvisor::blocking();
    let advice = advisor
        .advise(&game.situation())
        .expect("values for the first decision of a duel");
    // The worst take: surely not the best.
    let (worst, _) = *advice.values.last().unwrap();
    let letter = match worst {
        Action::Take(face) => face.letter(),
        other => panic!("a take, not {other:?}"),
    };
    let output = run_with_input(
        &["play", "--plain", "--players", "Ana,Bob", "--manual-dice"],
        &format!("{roll}\n{letter}\nq\n"),
    );
    let text = text_of(&output);
    let cost = advice.format_cost(m, advice.cost_of(worst).unwrap());
    assert!(
        !cost.starts_with('\u{2212}') && cost.ends_with("pp of chance to win"),
        "{cost}"
    );
    // The reason weighs the best option against the choice made.
    let against = advisor
        .explain_choice(&game.situation(), worst)
        .expect("a reason against the choice");
    let why = martian_tui::messages::coach_reason(m, &against);
    let line = text
        .lines()
        .find(|l| l.starts_with("That cost "))
        .unwrap_or_else(|| panic!("no cost told:\n{text}"));
    assert!(
        line.starts_with(&format!("That cost {cost}; the best was to take the ")),
        "{line}"
    );
    assert!(line.ends_with(&format!("Why: {why}")), "{line}");
    let (best, _) = advice.best().unwrap();
    let Action::Take(best) = best else {
        panic!("a take")
    };
    assert!(
        line.contains(&format!("take the {}", best.plural())),
        "{line}"
    );
    // The best choice draws no remark.
    let output = run_with_input(
        &["play", "--plain", "--players", "Ana,Bob", "--manual-dice"],
        &format!("{roll}\n{}\nq\n", best.letter()),
    );
    assert!(!text_of(&output).contains("That cost "));
}

/// With --coach (or `coach on` at a prompt) the coach speaks before every decision of a person.
#[test]
fn the_coach_on_every_decision_speaks_before_each_prompt() {
    let roll = "2T3R2H3C3K";
    let coached = run_with_input(
        &[
            "play",
            "--plain",
            "--players",
            "Ana,Bob",
            "--manual-dice",
            "--coach",
        ],
        &format!("{roll}\nr\nq\n"),
    );
    let text = text_of(&coached);
    // Before the take and before stop or roll, unasked.
    assert_eq!(
        text.matches("The coach, your chance to win after each choice:")
            .count(),
        2,
        "{text}"
    );
    let lines: Vec<&str> = text.lines().collect();
    let first_prompt = lines
        .iter()
        .position(|l| l.contains("which type do you take?"))
        .unwrap();
    assert!(
        lines[..first_prompt]
            .iter()
            .any(|l| l.starts_with("The coach, your chance to win")),
        "{text}"
    );
    // Switched on and off at a prompt.
    let switched = run_with_input(
        &["play", "--plain", "--players", "Ana,Bob", "--manual-dice"],
        &format!("{roll}\ncoach on\nr\ncoach off\ns\nq\n"),
    );
    let text = text_of(&switched);
    assert!(
        text.contains("The coach is on for every decision (coach off turns it off)."),
        "{text}"
    );
    assert!(text.contains("The coach speaks when asked"), "{text}");
    assert_eq!(
        text.matches("The coach, your chance to win after each choice:")
            .count(),
        2,
        "once when switched on, once before stop or roll:\n{text}"
    );
}

#[test]
fn in_portuguese_the_person_at_the_screen_is_spoken_to_and_bots_are_named_in_portuguese() {
    let output = run_with_input(
        &[
            "--lang",
            "pt-BR",
            "play",
            "--plain",
            "--players",
            "Você,bot:medium",
            "--seed",
            "5",
        ],
        "q\n",
    );
    let text = text_of(&output);
    for line in [
        "Jogadores, na ordem da mesa: Você, médio.",
        "Rodada 1: seu turno (0 pontos).",
    ] {
        assert!(text.lines().any(|l| l == line), "{line}:\n{text}");
    }
    assert!(text.contains("\nVocê lança 13 dados: "), "{text}");
    assert!(text.contains("\nQual tipo você pega? ("), "{text}");
    assert!(
        !text.contains("turno de Você") && !text.contains("vez"),
        "{text}"
    );
    // In English, a player called You is spoken to as well.
    let output = run_with_input(
        &[
            "play",
            "--plain",
            "--players",
            "You,bot:medium",
            "--seed",
            "5",
        ],
        "q\n",
    );
    let text = text_of(&output);
    assert!(text.contains("Round 1: your turn (0 points)."), "{text}");
    assert!(text.contains("\nYou roll 13 dice: "), "{text}");
    assert!(text.contains("\nWhich type do you take? ("), "{text}");
}

/// After a take, `r` rolls again; a face letter is not taken for a take silently: the answer says
/// what `s` and `r` mean at this prompt, so `r` is never read two ways unannounced.
#[test]
fn after_a_take_the_prompt_s_letters_are_said_plainly() {
    let output = run_with_input(
        &["play", "--plain", "--players", "Ana", "--seed", "3"],
        "h\nh\nr\nq\n",
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let decide = lines
        .iter()
        .position(|l| l.starts_with("Ana, stop and score"))
        .expect("a stop-or-roll prompt");
    assert!(
        lines[decide].ends_with("(s), or roll the 9 dice left (r)?"),
        "{text}"
    );
    assert_eq!(
        lines[decide + 1],
        "You already took a type from this roll: now s stops and r rolls the dice left \
         (r takes death rays only while a type is to be chosen).",
        "{text}"
    );
    assert_eq!(lines[decide + 2], lines[decide], "{text}");
    assert_eq!(
        lines[decide + 3],
        "Ana rolls 9 dice: 2 tanks, 7 death rays.",
        "{text}"
    );
}

/// An `exec:` bot that dies at its first decision: the game stops with a message naming the bot
/// and what it said, exit 1, and the record keeps every finished turn. The bot's spec is a long
/// path, which `--players` takes (only a person's name is bounded).
#[test]
fn an_exec_bot_crashing_mid_game_ends_it_with_the_reason_and_the_record_kept() {
    let dir = scratch("exec-crash");
    let record = dir.join("game.json");
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bots/tests/bots/crash.sh");
    let bot = format!("bot:exec:sh:{}", script.display());
    assert!(
        bot.len() > 40,
        "the spec is longer than a person's name may be"
    );
    let output = run_with_input(
        &[
            "play",
            "--plain",
            "--players",
            &format!("Ana,{bot}"),
            "--seed",
            "3",
            "--record",
            record.to_str().unwrap(),
        ],
        "h\ns\n",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("could not play")
            && stderr.contains("crashed")
            && stderr.contains("exit status: 3")
            && stderr.contains("segmentation fault (pretend)"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("Ana stops."), "{stdout}");
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(kept["turns"].as_array().unwrap().len(), 1, "{kept}");
    assert_eq!(kept["result"], Value::Null);
    replay_json(&record);
    let _ = std::fs::remove_dir_all(&dir);
}
