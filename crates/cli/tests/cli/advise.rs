//! `martian-dice advise`, run as a user runs it.

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

use crate::util::{martian_dice, unique_path};

/// A solver cache of the test's own, which the binary creates.
#[track_caller]
fn cache_dir(name: &str) -> PathBuf {
    unique_path(name)
}

fn advise(args: &[&str], cache: &PathBuf) -> Output {
    martian_dice()
        .arg("advise")
        .args(args)
        .env("MARTIAN_DICE_CACHE_DIR", cache)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str], cache: &PathBuf) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let output = advise(&all, cache);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&String::from_utf8(output.stdout).unwrap()).expect("JSON")
}

fn options(value: &Value) -> Vec<(String, f64)> {
    value["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["action"].as_str().unwrap().to_string(),
                o["value"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_chicken_solver_position() {
    // Five cows set aside, then RRRRHHHH: humans are worth 9.23, death rays about 7.30.
    let cache = cache_dir("chicken");
    let value = json(&["8R5C/C RRRRHHHH"], &cache);
    let options = options(&value);
    assert_eq!(options.len(), 2);
    assert_eq!(options[0].0, "R");
    assert_eq!(format!("{:.2}", options[0].1), "7.30");
    assert_eq!(options[1].0, "H");
    assert_eq!(format!("{:.2}", options[1].1), "9.23");
    assert_eq!(value["best"], "H");
    assert_eq!(value["measure"], "expected-score");
}

#[test]
fn an_empty_transcript_asks_about_the_whole_turn() {
    let cache = cache_dir("empty");
    let value = json(&[], &cache);
    let options = options(&value);
    assert_eq!(options.len(), 1);
    assert_eq!(options[0].0, "roll");
    assert!((options[0].1 - 3.1104).abs() < 5e-5);
    assert_eq!(value["best"], "roll");
}

#[test]
fn stop_or_roll_after_a_take() {
    let cache = cache_dir("stop-roll");
    let value = json(&["TTRRRHHCKKKCC/K", "TRRRHHCC/R"], &cache);
    let names: Vec<String> = options(&value).into_iter().map(|(a, _)| a).collect();
    assert_eq!(names, ["stop", "roll"]);
    let best = value["best"].as_str().unwrap();
    let values = options(&value);
    let max = values.iter().map(|o| o.1).fold(f64::MIN, f64::max);
    assert_eq!(values.iter().find(|o| o.0 == best).unwrap().1, max);
}

#[test]
fn with_scores_values_are_win_probabilities() {
    let cache = cache_dir("scores");
    // Seat 1 at 23 against 20: three rays beat the tanks and bank 3 → 26: a sure win.
    let value = json(
        &[
            "TTRRRHHCKKKCC/K",
            "TRRRHHCC",
            "--scores",
            "20,23",
            "--seat",
            "1",
        ],
        &cache,
    );
    assert_eq!(value["measure"], "win-probability");
    assert_eq!(value["best"], "R");
    let values = options(&value);
    assert!((values[0].1 - 1.0).abs() < 1e-12, "{values:?}");
    assert!(values.iter().all(|(_, v)| (0.0..=1.0).contains(v)));

    // The last turn knows the score to beat: 7 behind with 3 points aside and tanks ahead, stop
    // loses for sure.
    let value = json(
        &["TTRRRHHCKKKCC/K", "--scores", "30,23", "--seat", "1"],
        &cache,
    );
    let values = options(&value);
    assert_eq!(values[0], ("stop".to_string(), 0.0));
    assert_eq!(value["best"], "roll");

    // An empty transcript with scores: the whole turn's win probability, the same as the duel's.
    let start = json(&["--scores", "0,0"], &cache);
    let options = options(&start);
    let duel: Value = serde_json::from_slice(
        &martian_dice()
            .args(["solve", "duel", "--json"])
            .env("MARTIAN_DICE_CACHE_DIR", &cache)
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!((options[0].1 - duel["first_player_win"].as_f64().unwrap()).abs() < 1e-12);
    std::fs::remove_dir_all(&cache).unwrap();
}

#[test]
fn text_output_names_the_best_option() {
    let output = advise(&["8R5C/C RRRRHHHH"], &cache_dir("text"));
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("take the humans"), "{text}");
    assert!(text.contains("Best: take the humans."), "{text}");
}

#[test]
fn impossible_positions_exit_with_2_and_say_why() {
    let cache = cache_dir("bad");
    let cases: [(&[&str], &str); 8] = [
        (&["13C/C"], "over"),
        (&["--scores", "25,3"], "already over"),
        (&["--scores", "3,25", "--seat", "1"], "already over"),
        (&["--scores", "27,20"], "already over"),
        (&["--scores", "a,b"], "--scores"),
        (&["--scores", "1,2", "--seat", "2"], "seat 2"),
        (&["TTT"], "transcript"),
        (&["TTRRRHHCKKKCC/K TRRRHHC/R"], "step 2"),
    ];
    for (args, needle) in cases {
        let output = advise(args, &cache);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
    // --seat needs --scores.
    assert_eq!(advise(&["--seat", "1"], &cache).status.code(), Some(2));
}

/// The reason `advise` gives is the solver's, worded by the message every interface uses: in
/// the text, and as message id and arguments in the JSON.
#[test]
fn the_advice_says_why_with_the_solver_s_figures() {
    use martian_engine::{Rules, Transcript};
    use martian_solver::{AdviceRequest, ReasonArg, advise_with_reason};
    let cache = cache_dir("why");
    for (transcript, scores) in [
        ("8R5C/C RRRRHHHH", None),
        // The cases: one cow for the dice it keeps; 1.33 against 0.50 points.
        ("TTRRRRHHHCCKK/R RRRRRRC", None),
        ("TTTTTRRRRRRHC/R RH", Some("14,2")),
        ("RRRRHHHHTCCKK/R TRRHHHHC/H", None),
        ("RRRRHHHHTCCKK/R TRRHHHHC/H", Some("30,20")),
        ("TTTRRRHHHHCCK/R HHHHCCK/H CCK/C", Some("2,12")),
    ] {
        let mut args = vec![transcript];
        let scores_list: Vec<u16>;
        if let Some(scores) = scores {
            args.extend([
                "--scores",
                scores,
                "--seat",
                if scores == "30,20" { "1" } else { "0" },
            ]);
            scores_list = scores.split(',').map(|s| s.parse().unwrap()).collect();
        } else {
            scores_list = Vec::new();
        }
        let turn = transcript
            .parse::<Transcript>()
            .unwrap()
            .replay(Rules::official())
            .unwrap();
        // The same question, asked of the solver in this process.
        let (_, reason) = advise_with_reason(AdviceRequest {
            rules: Rules::official(),
            scores: scores.map(|_| scores_list.as_slice()),
            seat: if scores == Some("30,20") { 1 } else { 0 },
            turn: &turn,
        })
        .unwrap();
        let reason = reason.expect("a decision has a reason");
        let value = json(&args, &cache);
        assert_eq!(value["reason"]["id"], reason.id(), "{transcript}");
        assert_eq!(
            value["reason"]["cause"],
            serde_json::json!(reason.cause().map(martian_solver::Cause::name)),
            "{transcript}"
        );
        for (name, arg) in reason.args() {
            let expected = match arg {
                ReasonArg::Number(n) => serde_json::json!(n),
                other => serde_json::json!(other.plain()),
            };
            assert_eq!(
                value["reason"]["args"][name], expected,
                "{transcript}: {name}"
            );
        }
        let text = String::from_utf8(advise(&args, &cache).stdout).unwrap();
        let why = martian_tui::messages::coach_reason(martian_i18n::Lang::En.messages(), &reason);
        assert!(
            text.lines().any(|l| l == format!("Why: {why}")),
            "{transcript}:\n{text}"
        );
    }
}

/// Issue 40: where the game's situation decides, `advise` says so with the chances, in either
/// language, and never a comparison its figures contradict; while the tanks lead, a take is
/// not "more points now".
#[test]
fn the_words_name_what_decides_and_never_contradict_the_figures() {
    let cache = cache_dir("words");
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &["RRRRHHHHCCKKK/H TRRHCKKKK/R TRRCKK/K", "--scores", "20,20"],
            "Why: Stopping takes you to 26, reaching the target of 25: the round ends, but the \
             player after you still has a last turn to pass you. Your chance to win: 79.1% stopping, against 74.8% \
             rolling again.",
            "Por quê? Parando, você chega a 26 e alcança o alvo de 25: a rodada termina, mas o \
             jogador depois de você ainda tem um último turno para passar você. Sua chance de vencer: \
             79,1% parando, contra 74,8% lançando de novo.",
        ),
        (
            &[
                "TTRRRRHCCCKKK/C TRRRCCCK/R",
                "--scores",
                "15,21",
                "--seat",
                "1",
            ],
            "Your chance to win: 97.02% stopping, against 97.01% rolling again.",
            "Sua chance de vencer: 97,02% parando, contra 97,01% lançando de novo.",
        ),
        (
            &["TRRRRHHHHCCKK", "--scores", "20,20"],
            "though points alone favour taking the death rays. Your chance to win: 57.8% taking \
             the humans, against 56.6% taking the death rays.",
            "embora só os pontos favoreçam pegando os raios da morte. Sua chance de vencer: 57,8% \
             pegando os humanos, contra 56,6% pegando os raios da morte.",
        ),
        (
            &["TRRRRRHHKKKKK"],
            "Why: Take 5 chickens: the tanks lead for now, so these earthlings count only if the \
             death rays catch up in the later rolls; even so, the turn makes about 4.8 points on \
             average, against 4.2 after the 5 death rays.",
            "Por quê? Pegue 5 galinhas: os tanques estão na frente por enquanto, então o que você \
             separa só conta se os raios da morte os alcançarem nos lançamentos seguintes; mesmo \
             assim, o turno faz cerca de 4,8 pontos em média, contra 4,2 pegando os 5 raios da \
             morte.",
        ),
    ];
    for (args, en, pt) in cases {
        for (lang, expected) in [("en", en), ("pt-BR", pt)] {
            let mut all = args.to_vec();
            all.extend(["--lang", lang]);
            let output = advise(&all, &cache);
            assert!(output.status.success(), "{args:?}");
            let text = String::from_utf8(output.stdout).unwrap();
            let why = text.lines().last().unwrap();
            assert!(why.contains(expected), "{args:?} {lang}:\n{why}");
            for wrong in [
                "more than the ",
                "mais do que os ",
                "more points now",
                "a mais agora",
            ] {
                assert!(!why.contains(wrong), "{args:?} {lang}:\n{why}");
            }
        }
    }
    std::fs::remove_dir_all(&cache).unwrap();
}
