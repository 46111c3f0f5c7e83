//! `martian-dice turn`, run as a user runs it.

use std::process::Output;

use martian_engine::{Dice, Face, Rules, Transcript, TurnEnd, TurnPhase, seeded_rng};
use proptest::prelude::*;
use serde_json::{Value, json};

const EXAMPLE: &str = "TTRRRHHCKKKCC/K TRRRHHCC/R HHCC/H CC/C";

use crate::util::{martian_dice, stderr, stdout};

fn turn(args: &[&str]) -> Output {
    martian_dice()
        .arg("turn")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json_of(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let output = turn(&all);
    assert!(output.status.success(), "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("one JSON object")
}

#[test]
fn the_issue_example_as_text() {
    let output = turn(&[EXAMPLE]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "Transcript: TTRRRHHCCCKKK/K TRRRHHCC/R HHCC/H CC/C"
    );
    assert_eq!(
        lines[1],
        "Step 1: rolled 13 dice: 2 tanks, 3 death rays, 2 humans, 3 cows, 3 chickens; \
         2 tanks set aside by force; took 3 chickens"
    );
    assert_eq!(lines[4], "Step 4: rolled 2 dice: 2 cows; took 2 cows");
    assert_eq!(
        lines[5],
        "Set aside: 3 tanks, 3 death rays, 2 humans, 2 cows, 3 chickens; 0 dice left."
    );
    assert_eq!(
        lines[7],
        "The turn is over (every die was set aside): it scores 10 (7 earthlings + 3 bonus)."
    );
    assert_eq!(lines.len(), 8);
}

#[test]
fn the_issue_example_as_json() {
    let report = json_of(&[EXAMPLE]);
    for (key, value) in [
        ("tanks", json!(3)),
        ("rays", json!(3)),
        ("humans", json!(2)),
        ("cows", json!(2)),
        ("chickens", json!(3)),
        ("dice_left", json!(0)),
        ("over", json!(true)),
        ("ended_by", json!("no-dice")),
        ("score", json!(10)),
        ("legal", json!([])),
        ("phase", json!("over")),
        ("rolled", Value::Null),
        ("bonus", json!(true)),
        ("steps", json!(4)),
        (
            "transcript",
            json!("TTRRRHHCCCKKK/K TRRRHHCC/R HHCC/H CC/C"),
        ),
    ] {
        assert_eq!(report[key], value, "{key}");
    }
    assert_eq!(report["rules"]["dice"], 13);
}

#[test]
fn steps_may_come_as_separate_arguments() {
    let split: Vec<&str> = EXAMPLE.split(' ').collect();
    assert_eq!(json_of(&split), json_of(&[EXAMPLE]));
}

#[test]
fn a_roll_awaiting_a_choice_lists_the_legal_letters() {
    let report = json_of(&["TTRRRHHCKKKCC/K trrrhhcc"]);
    assert_eq!(report["phase"], "choosing");
    assert_eq!(report["over"], false);
    assert_eq!(report["ended_by"], Value::Null);
    assert_eq!(report["rolled"], "TRRRHHCC");
    assert_eq!(report["legal"], json!(["R", "H", "C"]));
    assert_eq!(report["tanks"], 3, "the new roll's tank is already aside");
    assert_eq!(report["dice_left"], 7);
    assert_eq!(report["score"], 0);
    assert_eq!(report["tanks_lead"], true);
    let text = stdout(&turn(&["TTRRRHHCKKKCC/K trrrhhcc"]));
    assert!(
        text.contains("awaits a choice: take R (3 death rays), H (2 humans) or C (2 cows)"),
        "{text}"
    );
}

#[test]
fn after_a_take_the_player_may_stop_or_roll() {
    let report = json_of(&["TTRRRHHCKKKCC/K TRRRHHCC/R"]);
    assert_eq!(report["phase"], "deciding");
    assert_eq!(report["legal"], json!([]));
    assert_eq!(report["actions"], json!(["stop", "roll"]));
    assert_eq!(report["score"], 3);
    assert_eq!(report["dice_left"], 4);
}

#[test]
fn each_way_a_turn_ends() {
    let stopped = json_of(&["TTRRRHHCKKKCC/K TRRRHHCC/R stop"]);
    assert_eq!(
        (&stopped["ended_by"], &stopped["score"]),
        (&json!("stop"), &json!(3))
    );
    let no_choice = json_of(&["TTRRRHHCKKKCC/K TTTTKKKK"]);
    assert_eq!(no_choice["ended_by"], "no-choice");
    assert_eq!(no_choice["over"], true);
    assert_eq!(no_choice["legal"], json!([]));
    assert_eq!(no_choice["tanks"], 6);
    assert_eq!(no_choice["score"], 0);
    // A no-choice end is scored normally: rays hold the tanks, so the earthlings count.
    let scored = json_of(&["RRRRRHHHCCKKK/R TTHHHCCK/H CCK/C H"]);
    assert_eq!(scored["ended_by"], "no-choice");
    assert_eq!(scored["score"], 5);
}

#[test]
fn portuguese_letters_read_as_cow_and_chicken() {
    assert_eq!(
        json_of(&["TTRRRHHVGGGVV/G TRRRHHVV/R HHVV/H VV/V"]),
        json_of(&[EXAMPLE])
    );
    assert_eq!(json_of(&["2t3r2h3v3g/g"]), json_of(&["TTRRRHHCCCKKK/K"]));
}

#[test]
fn errors_name_the_step_and_exit_with_2() {
    let cases = [
        (
            "TTRRRHHCKKKCC/K TRRRHHC/R",
            2,
            "7 dice were rolled but 8 are available",
        ),
        ("TTRRRHHCKKKCX/K", 1, "'X' is not a face letter"),
        (
            "TTRRRHHCKKKCC/K 3",
            2,
            "the count 3 is not followed by a face letter",
        ),
        ("TTRRRHHCKKKCC/K 0T8R/R", 2, "a count of 0 is not allowed"),
        ("31R", 1, "more than 30 dice"),
        (
            "TTRRRHHCKKKCC/Z",
            1,
            "'Z' after '/' is not a face letter (R, H, C, K; or V, G)",
        ),
        ("TTRRRHHCKKKCC/KK", 1, "'KK' after '/' is not a face letter"),
        ("TTRRRHHCKKKCC TRRRHHCC/R", 1, "the roll has no type taken"),
        ("TTRRRHHCKKKCC/T", 1, "tanks cannot be chosen"),
        (
            "TTRRRHHCKKKCC/K TRRRHHCK/K",
            2,
            "chickens were already taken this turn",
        ),
        ("TTRRRHHRKKKCC/K TRRRHHRR/C", 2, "no cows were rolled"),
        ("stop", 1, "the dice must be rolled first"),
        (
            "TTRRRHHCKKKCC/K stop TRRRHHCC/R",
            3,
            "the turn was already over",
        ),
        (
            "TTRRRHHCKKKCC/K TTTTTTTT/R",
            2,
            "no type can be taken from this roll",
        ),
        ("13C/C 13C/C", 2, "the turn was already over"),
    ];
    for (transcript, step, message) in cases {
        let output = turn(&[transcript]);
        assert_eq!(output.status.code(), Some(2), "{transcript}");
        let text = stderr(&output);
        assert!(
            text.contains(&format!("step {step}: ")),
            "{transcript}: {text}"
        );
        assert!(text.contains(message), "{transcript}: {text}");
        assert!(stdout(&output).is_empty(), "{transcript}");

        let output = turn(&[transcript, "--json"]);
        assert_eq!(output.status.code(), Some(2), "{transcript}");
        let error: Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert_eq!(error["step"], step, "{transcript}");
        assert!(
            error["error"].as_str().unwrap().contains(message),
            "{transcript}"
        );
    }
}

#[test]
fn one_die_is_counted_in_the_singular() {
    // 11 tanks, a ray taken: one die is left, and two are rolled.
    let output = turn(&["TTTTTTTTTTTRH/R HH/H"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "martian-dice: step 2: 2 dice were rolled but 1 is available\n"
    );
    let output = turn(&["RRRRRRRRRRRRH/H R/R"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "martian-dice: step 2: 1 die was rolled but 12 are available\n"
    );
}

#[test]
fn the_number_of_dice_is_an_option() {
    let report = json_of(&["--dice", "5", "TRRHC/R HC/H C/C"]);
    assert_eq!(report["ended_by"], "no-dice");
    assert_eq!(report["score"], 2);
    assert_eq!(report["rules"]["dice"], 5);
    let output = turn(&["TTRRH/R"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("5 dice were rolled but 13 are available"));
    for bad in ["0", "31"] {
        let output = turn(&["--dice", bad, "R", "--json"]);
        assert_eq!(output.status.code(), Some(2));
        let error: Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert!(error["error"].as_str().unwrap().contains("from 1 to 30"));
        assert_eq!(error["step"], Value::Null);
    }
    let thirty = json_of(&["--dice", "30", "30H/H"]);
    assert_eq!(thirty["score"], 30);
}

#[test]
fn the_literal_bonus_reading_changes_the_score() {
    let transcript = "RRRRRRRRRRRHH/R HH/H";
    assert_eq!(json_of(&[transcript])["score"], 2);
    let literal = json_of(&[transcript, "--bonus", "any-earthling"]);
    assert_eq!(literal["score"], 5);
    assert_eq!(literal["bonus"], true);
    assert_eq!(literal["rules"]["bonus"], "any-earthling");
    let text = stdout(&turn(&[transcript, "--bonus", "any-earthling"]));
    assert!(
        text.contains("Rules: 13 dice, target 25, bonus for any earthling"),
        "{text}"
    );
    assert!(
        text.contains("it scores 5 (2 earthlings + 3 bonus)"),
        "{text}"
    );
}

#[test]
fn an_empty_transcript_is_a_turn_not_started() {
    let report = json_of(&[""]);
    assert_eq!(report["phase"], "to-roll");
    assert_eq!(report["dice_left"], 13);
    assert!(stdout(&turn(&[""])).contains("The turn has not started: 13 dice to roll."));
}

/// Checks a JSON report against what the rules say, computed here from its own counts.
fn check_report(report: &Value, dice: u64) -> Result<(), TestCaseError> {
    let n = |key: &str| report[key].as_u64().unwrap();
    let (tanks, rays) = (n("tanks"), n("rays"));
    let earthlings = n("humans") + n("cows") + n("chickens");
    prop_assert_eq!(tanks + rays + earthlings + n("dice_left"), dice);
    let each = n("humans") > 0 && n("cows") > 0 && n("chickens") > 0;
    let expected = if tanks > rays {
        0
    } else {
        earthlings + if each { 3 } else { 0 }
    };
    prop_assert_eq!(n("score"), expected);
    let over = report["over"].as_bool().unwrap();
    prop_assert_eq!(over, !report["ended_by"].is_null());
    prop_assert_eq!(over, report["phase"] == "over");
    if report["ended_by"] == "no-dice" {
        prop_assert_eq!(n("dice_left"), 0);
    }
    let legal = report["legal"].as_array().unwrap();
    prop_assert_eq!(report["phase"] == "choosing", !legal.is_empty());
    if let Some(rolled) = report["rolled"].as_str() {
        let rolled: Dice = rolled.parse().unwrap();
        for letter in legal {
            let face = Face::from_letter(letter.as_str().unwrap().chars().next().unwrap()).unwrap();
            prop_assert!(rolled.count(face) > 0 && face != Face::Tank);
            if face.is_earthling() {
                prop_assert_eq!(report[key_of(face)].as_u64().unwrap(), 0);
            }
        }
    }
    Ok(())
}

fn key_of(face: Face) -> &'static str {
    match face {
        Face::Tank => "tanks",
        Face::DeathRay => "rays",
        Face::Human => "humans",
        Face::Cow => "cows",
        Face::Chicken => "chickens",
    }
}

/// A legal transcript of a random turn: random rolls from `seed`, random legal decisions.
fn random_transcript(seed: u64, choices: &[u8]) -> String {
    use martian_engine::{Action, Turn};
    let mut rng = seeded_rng(seed);
    let mut turn = Turn::new(Rules::official());
    let mut log = Vec::new();
    let mut choices = choices.iter().cycle();
    loop {
        let roll = turn.roll(&mut rng).unwrap();
        log.push(martian_engine::Step::Rolled(roll));
        if turn.is_over() {
            break;
        }
        let legal: Vec<Action> = turn.legal_actions().iter().collect();
        let take = legal[usize::from(*choices.next().unwrap()) % legal.len()];
        turn.play(take).unwrap();
        log.push(martian_engine::Step::Played(take));
        if turn.is_over() || choices.next().unwrap().is_multiple_of(4) {
            if !turn.is_over() && choices.next().unwrap().is_multiple_of(2) {
                turn.play(Action::Stop).unwrap();
                log.push(martian_engine::Step::Played(Action::Stop));
            }
            break;
        }
        turn.play(Action::Roll).unwrap();
        log.push(martian_engine::Step::Played(Action::Roll));
    }
    Transcript::from_log_steps(&log).to_string()
}

/// Strings that are transcripts, nearly transcripts, or anything at all.
fn transcript_text() -> impl Strategy<Value = String> {
    prop_oneof![
        (any::<u64>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(seed, choices)| random_transcript(seed, &choices)),
        (
            any::<u64>(),
            prop::collection::vec(any::<u8>(), 1..8),
            any::<usize>(),
            "[0-9TRHCKVGX/ ]"
        )
            .prop_map(|(seed, choices, at, edit)| {
                let mut text: Vec<char> = random_transcript(seed, &choices).chars().collect();
                let at = at % text.len();
                text[at] = edit.chars().next().unwrap();
                text.into_iter().collect()
            }),
        "[0-9TRHCKVGtrhckvgx/ ]{0,40}",
        "\\PC{0,30}",
    ]
}

/// Proptest's configuration here: `cases` cases, and a failure's seed saved beside this file
/// (`cli_turn.proptest-regressions`, committed) so that it is tried first on every later run. The
/// default looks for a `lib.rs` above an integration test, finds none and only warns.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(400))]

    /// In the library the command is built on: a turn's invariants hold for any text accepted.
    #[test]
    fn any_text_is_an_error_or_a_consistent_turn(text in transcript_text()) {
        let rules = Rules::official();
        let Ok(transcript) = text.parse::<Transcript>() else { return Ok(()) };
        let Ok(turn) = transcript.replay(rules) else { return Ok(()) };
        prop_assert_eq!(turn.aside().total() + turn.dice_left(), rules.dice());
        prop_assert_eq!(turn.score(), rules.score(turn.aside()));
        prop_assert_eq!(turn.is_over(), turn.ended_by().is_some());
        if turn.ended_by() == Some(TurnEnd::NoDice) {
            prop_assert_eq!(turn.dice_left(), 0);
        }
        prop_assert_eq!(matches!(turn.phase(), TurnPhase::Choosing { .. }), !turn.legal_takes().is_empty());
        // The normalised transcript replays to the same turn.
        let again: Transcript = transcript.to_string().parse().unwrap();
        prop_assert_eq!(again.replay(rules).unwrap(), turn);
    }
}

proptest! {
    #![proptest_config(config(48))]

    /// Through the binary: exit 0 with a report whose numbers agree with the rules, or exit 2
    /// with a step-numbered error; never a crash.
    #[test]
    fn the_command_reports_or_rejects_any_text(text in transcript_text()) {
        let output = turn(&["--json", "--", &text]);
        let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
        match output.status.code() {
            Some(0) => check_report(&report, 13)?,
            Some(2) => prop_assert!(report["error"].as_str().unwrap().starts_with("step ")
                || text.split_whitespace().next().is_none()),
            other => prop_assert!(false, "exit {:?}: {}", other, stderr(&output)),
        }
    }
}
