//! `martian-dice review` and `martian-dice train`, run as a user runs them, on records the
//! program itself writes: bot games, a scorekeeper game with a roll-off, an unfinished game, a
//! broken record, rule variants, every seat count.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::Value;

use crate::util::{martian_dice, scratch};

/// One cache for this module's runs, so the tables are solved once.
fn cache() -> PathBuf {
    static CACHE: OnceLock<PathBuf> = OnceLock::new();
    CACHE
        .get_or_init(|| crate::util::unique_path("cache"))
        .clone()
}

fn binary() -> Command {
    let mut command = martian_dice();
    command.env("MARTIAN_DICE_CACHE_DIR", cache());
    command
}

fn run_with_input(args: &[&str], input: &str) -> Output {
    crate::util::run_with_input(binary().args(args), input)
}

fn run(args: &[&str]) -> Output {
    run_with_input(args, "")
}

fn ok_json(args: &[&str]) -> Value {
    let output = run(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("JSON")
}

/// A game between bots, recorded by line mode.
fn bot_game(dir: &Path, bots: &str, seed: u64, extra: &[&str]) -> PathBuf {
    let record = dir.join(format!("game-{seed}.json"));
    let seed = seed.to_string();
    let mut args = vec![
        "play",
        "--plain",
        "--players",
        bots,
        "--seed",
        &seed,
        "--record",
        record.to_str().unwrap(),
    ];
    args.extend(extra);
    let output = run(&args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    record
}

fn review_json(record: &Path) -> Value {
    ok_json(&["review", record.to_str().unwrap(), "--json"])
}

fn f(value: &Value) -> f64 {
    value.as_f64().unwrap()
}

fn floats(value: &Value) -> Vec<f64> {
    value.as_array().unwrap().iter().map(f).collect()
}

/// The rule options of a review's rules, for the other commands.
fn rule_args(review: &Value) -> Vec<String> {
    let rules = &review["rules"];
    vec![
        "--dice".into(),
        rules["dice"].to_string(),
        "--target".into(),
        rules["target"].to_string(),
        "--bonus".into(),
        rules["bonus"].as_str().unwrap().into(),
        "--end".into(),
        rules["end"].as_str().unwrap().into(),
        "--tie".into(),
        rules["tie"].as_str().unwrap().into(),
    ]
}

/// Every decision's options and best are those of `advise` on the same position, asked through
/// the binary.
fn assert_decisions_are_advised(review: &Value) {
    let rules = rule_args(review);
    for d in review["decisions"].as_array().unwrap() {
        let scores: Vec<String> = d["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.to_string())
            .collect();
        let seat = d["seat"].to_string();
        let scores = scores.join(",");
        let mut args = vec![
            "advise",
            d["transcript"].as_str().unwrap(),
            "--scores",
            &scores,
            "--seat",
            &seat,
            "--json",
        ];
        args.extend(rules.iter().map(String::as_str));
        let advice = ok_json(&args);
        assert_eq!(d["options"], advice["options"], "{d}");
        assert_eq!(d["best"], advice["best"]);
    }
}

/// Optimal play: zero loss at every decision, every class best.
fn assert_zero_loss(review: &Value) {
    let decisions = review["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty());
    for d in decisions {
        assert_eq!(f(&d["loss"]), 0.0, "{d}");
        assert_eq!(d["class"], "best");
        assert_eq!(d["chosen"], d["best"]);
    }
    for seat in review["seats"].as_array().unwrap() {
        assert_eq!(f(&seat["mean_loss"]), 0.0);
        assert!(seat["accuracy"].is_null() || f(&seat["accuracy"]) == 100.0);
    }
}

/// luck + skill is the whole move of every turn, and skill is minus the losses (or plus, solo).
fn assert_luck_and_skill(review: &Value) {
    let decisions = review["decisions"].as_array().unwrap();
    let sign = if review["measure"] == "expected-turns" {
        1.0
    } else {
        -1.0
    };
    for t in review["turns"].as_array().unwrap() {
        let whole = f(&t["after"]) - f(&t["before"]);
        let (luck, skill) = (f(&t["luck"]), f(&t["skill"]));
        assert!((luck + skill - whole).abs() <= 1e-15 * 8.0, "{t}");
        let range = &t["decisions"];
        let (start, end) = (
            range["start"].as_u64().unwrap() as usize,
            range["end"].as_u64().unwrap() as usize,
        );
        let losses: f64 = decisions[start..end].iter().map(|d| f(&d["loss"])).sum();
        assert!((skill - sign * losses).abs() <= 1e-15, "{t}");
    }
}

/// The last entry of a finished game's chances: 1 for the winner, 0 for the others.
fn assert_ends_at_the_winner(review: &Value) {
    assert_eq!(review["finished"], true);
    let winners: Vec<u64> = review["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    let last = floats(
        review["win_probability"]
            .as_array()
            .unwrap()
            .last()
            .unwrap(),
    );
    for (seat, p) in last.iter().enumerate() {
        let expected = if winners.contains(&(seat as u64)) {
            1.0 / winners.len() as f64
        } else {
            0.0
        };
        assert_eq!(*p, expected, "{last:?}");
    }
}

#[test]
fn optimal_duels_lose_nothing_and_agree_with_advise_and_solve() {
    let dir = scratch("duel");
    let solved = ok_json(&["solve", "duel", "--json"]);
    let start = vec![
        f(&solved["first_player_win"]),
        f(&solved["second_player_win"]),
    ];
    for seed in [1, 2] {
        let record = bot_game(&dir, "bot:optimal,bot:optimal", seed, &[]);
        let review = review_json(&record);
        assert_eq!(review["valuation"], "duel");
        assert_eq!(review["approximate"], false);
        assert_zero_loss(&review);
        assert_luck_and_skill(&review);
        assert_ends_at_the_winner(&review);
        let chances = review["win_probability"].as_array().unwrap();
        assert_eq!(floats(&chances[0]), start);
        assert_eq!(chances.len(), review["turns"].as_array().unwrap().len() + 1);
        if seed == 1 {
            assert_decisions_are_advised(&review);
        }
    }
}

#[test]
fn solo_three_and_four_seat_games_are_reviewed() {
    let dir = scratch("seats");
    // Solo: counted in turns, from the solved solo game.
    let record = bot_game(&dir, "bot:optimal", 3, &[]);
    let review = review_json(&record);
    assert_eq!(review["measure"], "expected-turns");
    assert_zero_loss(&review);
    assert_luck_and_skill(&review);
    assert_decisions_are_advised(&review);
    let solo = ok_json(&["solve", "solo", "--json"]);
    assert_eq!(
        f(&review["expected_turns"][0]),
        f(&solo["expected_turns"]),
        "{solo}"
    );
    // Three players (a short game keeps the three-player solve quick).
    let short = ["--target", "12"];
    let record = bot_game(&dir, "bot:optimal,bot:optimal,bot:optimal", 4, &short);
    let review = review_json(&record);
    assert_eq!(review["valuation"], "trio");
    assert_zero_loss(&review);
    assert_luck_and_skill(&review);
    assert_ends_at_the_winner(&review);
    assert_decisions_are_advised(&review);
    let trio = ok_json(&["solve", "trio", "--target", "12", "--json"]);
    assert_eq!(review["win_probability"][0], trio["seat_win"]);
    // Four players: the exact four-player game (a small one keeps its solve quick).
    let small = ["--dice", "8", "--target", "10"];
    let record = bot_game(
        &dir,
        "bot:optimal,bot:optimal,bot:optimal,bot:optimal",
        6,
        &small,
    );
    let review = review_json(&record);
    assert_eq!(review["valuation"], "quad");
    assert_eq!(review["approximate"], false);
    assert_zero_loss(&review);
    assert_luck_and_skill(&review);
    assert_ends_at_the_winner(&review);
    assert_decisions_are_advised(&review);
    let quad = ok_json(&["solve", "quad", "--dice", "8", "--target", "10", "--json"]);
    assert_eq!(review["win_probability"][0], quad["seat_win"]);
    // Five players: the optimal bot's values, said to be an approximation everywhere.
    let record = bot_game(
        &dir,
        "bot:optimal,bot:optimal,bot:optimal,bot:optimal,bot:optimal",
        5,
        &short,
    );
    let review = review_json(&record);
    assert_eq!(review["valuation"], "trio-reduction");
    assert_eq!(review["approximate"], true);
    assert_zero_loss(&review);
    assert_luck_and_skill(&review);
    assert_ends_at_the_winner(&review);
    let text = run(&["review", record.to_str().unwrap()]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("an approximation (marked ≈)"), "{text}");
    // Every chance shown in the turns (options, moves, chances) is marked ≈; the accuracy, a
    // percentage of the stakes, is not a chance.
    let turn_lines = text
        .lines()
        .filter(|l| l.starts_with("  ") && !l.contains("accuracy"));
    let mut values = 0;
    for line in turn_lines {
        for word in line.split_whitespace().filter(|w| w.contains('%')) {
            assert!(word.starts_with('≈'), "a value without ≈ in: {line}");
            values += 1;
        }
    }
    assert!(values > 20, "{text}");
}

#[test]
fn a_variant_game_is_reviewed_under_its_rules() {
    let dir = scratch("variant");
    let variant = [
        "--dice",
        "9",
        "--target",
        "14",
        "--bonus",
        "any-earthling",
        "--end",
        "immediate",
        "--tie",
        "shared",
    ];
    let record = bot_game(&dir, "bot:optimal,bot:medium", 6, &variant);
    let review = review_json(&record);
    assert_eq!(review["rules"]["bonus"], "any-earthling");
    assert_luck_and_skill(&review);
    assert_ends_at_the_winner(&review);
    assert_decisions_are_advised(&review);
    for d in review["decisions"].as_array().unwrap() {
        if d["seat"] == 0 {
            assert_eq!(f(&d["loss"]), 0.0);
        }
    }
}

/// The scorekeeper game of the line-mode tests: Ana and Bob with physical dice, tied at 10,
/// Bob winning the roll-off in its second round.
const SCOREKEEPER: &str = "3R 10H\nh\ns\n10c3r\nc\nstop\nRRHHCC\nRRTTTT\nRHHHHH\n3R3H\n";

#[test]
fn a_scorekeeper_game_with_a_roll_off_ends_in_luck() {
    let dir = scratch("scorekeeper");
    let record = dir.join("table.json");
    let output = run_with_input(
        &[
            "play",
            "--plain",
            "--manual-dice",
            "--players",
            "Ana,Bob",
            "--target",
            "10",
            "--record",
            record.to_str().unwrap(),
        ],
        SCOREKEEPER,
    );
    assert!(output.status.success());
    let review = review_json(&record);
    assert_luck_and_skill(&review);
    assert_ends_at_the_winner(&review);
    assert_decisions_are_advised(&review);
    let chances = review["win_probability"].as_array().unwrap();
    // Before, after each of the two turns (a tie: even chances), after the roll-off.
    assert_eq!(chances.len(), 4);
    assert_eq!(floats(&chances[2]), vec![0.5, 0.5]);
    assert_eq!(floats(&chances[3]), vec![0.0, 1.0]);
    assert_eq!(review["roll_off"]["winner"], 1);
    let text = String::from_utf8(run(&["review", record.to_str().unwrap()]).stdout).unwrap();
    assert!(
        text.contains("Roll-off between Ana and Bob: Bob wins it (luck only)."),
        "{text}"
    );
    assert!(text.contains("Bob wins with 10 points."), "{text}");
    // In Portuguese, with decimal commas.
    let pt = run(&["review", record.to_str().unwrap(), "--lang", "pt-BR"]);
    let pt = String::from_utf8(pt.stdout).unwrap();
    assert!(
        pt.contains("Desempate entre Ana e Bob: Bob vence (pura sorte)."),
        "{pt}"
    );
    assert!(pt.contains("Resumo:") && pt.contains(",00%"), "{pt}");
}

#[test]
fn an_unfinished_game_is_reviewed_as_far_as_it_goes() {
    let dir = scratch("unfinished");
    let record = dir.join("table.json");
    // Ana's turn, then the input ends: the record holds one turn.
    let output = run_with_input(
        &[
            "play",
            "--plain",
            "--manual-dice",
            "--players",
            "Ana,Bob",
            "--record",
            record.to_str().unwrap(),
        ],
        "3R 10H\nh\ns\n",
    );
    assert!(output.status.success());
    let review = review_json(&record);
    assert_eq!(review["finished"], false);
    assert!(review["stopped"].is_null());
    assert_eq!(review["turns"].as_array().unwrap().len(), 1);
    assert_eq!(review["win_probability"].as_array().unwrap().len(), 2);
    let text = String::from_utf8(run(&["review", record.to_str().unwrap()]).stdout).unwrap();
    assert!(
        text.contains("The record ends before the end of the game."),
        "{text}"
    );
}

#[test]
fn broken_records_are_refused_or_reviewed_up_to_the_break() {
    let dir = scratch("broken");
    let record = bot_game(&dir, "bot:optimal,bot:greedy", 8, &[]);
    let mut value: Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    value["turns"][3]["transcript"] = "TTRRRHHCKKKCC/K TRRRHKCC/K".into();
    let broken = dir.join("broken.json");
    std::fs::write(&broken, value.to_string()).unwrap();
    let output = run(&["review", broken.to_str().unwrap(), "--json"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("turn 4: step 2: chickens were already taken this turn"),
        "{stderr}"
    );
    let review: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(review["stopped"]["turn"], 4);
    assert_eq!(review["stopped"]["reason"]["kind"], "record");
    assert_eq!(review["turns"].as_array().unwrap().len(), 3);
    let text = run(&["review", broken.to_str().unwrap()]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("The review stops at turn 4: the record breaks the rules"),
        "{text}"
    );
    // Not a record at all, and no file: exit 2 with a message.
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"format\": \"something else\"}").unwrap();
    for path in [junk, dir.join("missing.json")] {
        let output = run(&["review", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2));
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("martian-dice: "), "{stderr}");
    }
}

#[test]
fn the_chart_is_drawn_as_svg_and_png() {
    let dir = scratch("chart");
    let record = bot_game(&dir, "bot:medium,bot:optimal", 9, &[]);
    let svg = dir.join("chances.svg");
    let png = dir.join("chances.PNG");
    for (path, lang) in [(&svg, "en"), (&png, "pt-BR")] {
        let output = run(&[
            "review",
            record.to_str().unwrap(),
            "--chart",
            path.to_str().unwrap(),
            "--lang",
            lang,
        ]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("Chance to win after every turn"));
    assert!(text.contains("medium") && text.contains("optimal"));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let bad = run(&["review", record.to_str().unwrap(), "--chart", "x.jpg"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// The options line of a trainer answer: (action, value in percent), and the best's action.
fn served_options(line: &str) -> (Vec<(String, f64)>, String) {
    let list = line
        .strip_prefix("Every option: ")
        .and_then(|l| l.strip_suffix('.'))
        .unwrap();
    let mut best = String::new();
    let options = list
        .split(" · ")
        .map(|item| {
            let words: Vec<&str> = item.split_whitespace().collect();
            if item.ends_with("(best)") {
                best = words[0].to_string();
            }
            let value: f64 = words[1].trim_end_matches('%').parse().unwrap();
            (words[0].to_string(), value)
        })
        .collect();
    (options, best)
}

/// The trainer with its own configuration directory (where it keeps progress).
fn train(args: &[&str], input: &str, config: &Path) -> String {
    let mut command = binary();
    command
        .env("XDG_CONFIG_HOME", config)
        .arg("train")
        .args(args);
    let output = crate::util::run_with_input(&mut command, input);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_trainer_reads_a_script_says_why_and_keeps_score() {
    let config = scratch("train-script");
    // Always the first letter offered, or stop: some right, some wrong.
    let input = "r\ns\nr\ns\nr\ns\nr\ns\nr\ns\nr\ns\n";
    let args = ["--seed", "11", "--positions", "6", "--players", "2"];
    let text = train(&args, input, &config);
    // The intro never gives one letter two meanings: r is scoped to the stop-or-roll question.
    let intro = text.lines().next().unwrap();
    assert!(
        intro.contains("(R, H, C, K; or V, G)")
            && intro.contains("when asked to stop or roll again, s stops and r rolls"),
        "{intro}"
    );
    let served: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("Every option: "))
        .collect();
    assert_eq!(served.len(), 6, "{text}");
    for line in &served {
        let (options, best) = served_options(line);
        let top = options.iter().find(|(a, _)| *a == best).unwrap().1;
        for (action, value) in &options {
            if *action != best {
                // Each value is shown rounded to 0.01 points: the gap is known to within 0.01.
                assert!(top - value >= 2.0 - 0.01, "{line}");
            }
        }
    }
    // Every answer is told why, the opponent is named, the dice are counted.
    assert_eq!(text.matches("\nWhy: ").count(), 6, "{text}");
    assert_eq!(text.matches("Seat order: ").count(), 6, "{text}");
    assert!(text.contains("Ana "), "{text}");
    assert!(
        text.lines()
            .filter(|l| l.starts_with("Right: ") || l.starts_with("Not the best: "))
            .all(|l| l.contains(" is ") && !l.contains("take the")),
        "a verdict reads 'taking the humans is the best':\n{text}"
    );
    // The running score after every answer but the last, then the session's: never twice.
    let score_lines = text.lines().filter(|l| l.starts_with("Score: ")).count();
    assert_eq!(score_lines, 5, "{text}");
    let last = text.trim_end().lines().last().unwrap();
    assert!(
        last.starts_with("Session over: ")
            && (last.ends_with("pp of chance to win lost in all.")
                || last.ends_with(", nothing lost.")),
        "{last}"
    );
    // End of input before an answer: the session ends cleanly with the score.
    let short = train(&args, "", &config);
    assert!(
        short
            .trim_end()
            .lines()
            .any(|l| l.starts_with("Session over: 0 of 0 best")),
        "{short}"
    );
    // The same seed, the same positions (whatever the progress kept).
    let again = train(&args, input, &scratch("train-again"));
    assert_eq!(again, text);
    // In Portuguese, with a theme.
    let pt = train(
        &[
            "--seed",
            "5",
            "--positions",
            "2",
            "--players",
            "2",
            "--theme",
            "final-round",
            "--lang",
            "pt-BR",
        ],
        "q\n",
        &scratch("train-pt"),
    );
    assert!(
        pt.contains("Esta é a rodada final")
            && pt.contains("Fim da sessão: 0 de 0")
            && pt.contains("(R, H, V, G; ou C, K); quando a pergunta for parar ou lançar de novo, p para e l lança"),
        "{pt}"
    );
}

/// Progress is kept between runs in the configuration directory: the kinds answered wrong come
/// back named, and the sessions' scores as a trend.
#[test]
fn the_trainer_keeps_progress_between_runs() {
    let config = scratch("train-progress");
    let args = ["--seed", "21", "--positions", "4", "--players", "2"];
    // Wrong on purpose where it can be: always the first option, or stop.
    let first = train(&args, "r\ns\nr\ns\nr\ns\nr\ns\n", &config);
    assert!(!first.contains("Your last sessions"), "{first}");
    let file = config.join("martian-dice").join("trainer-progress.json");
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(kept["sessions"].as_array().unwrap().len(), 1);
    let seen: u64 = kept["lessons"]
        .as_object()
        .unwrap()
        .values()
        .map(|l| l["seen"].as_u64().unwrap())
        .sum();
    assert_eq!(seen, 4);
    let wrong = first.matches("Not the best: ").count();
    let second = train(
        &["--seed", "22", "--positions", "2", "--players", "2"],
        "r\ns\n",
        &config,
    );
    let intro: Vec<&str> = second.lines().take(3).collect();
    if wrong > 0 {
        assert!(
            intro.iter().any(|l| l.starts_with("To work on: ")),
            "{second}"
        );
    }
    assert!(
        second
            .lines()
            .any(|l| l.starts_with("Your last sessions: ") && l.contains("best answers")),
        "{second}"
    );
    // --list neither reads nor writes it.
    let listed = scratch("train-list-only");
    train(
        &[
            "--seed",
            "3",
            "--positions",
            "2",
            "--players",
            "2",
            "--list",
        ],
        "",
        &listed,
    );
    assert!(!listed.join("martian-dice").exists());
}

/// `--list --json`, a contract for scripts: each position's kind, options with their values,
/// best, rule of thumb and reason, checked here against the solver.
#[test]
fn the_trainer_lists_its_positions_for_scripts() {
    use martian_engine::{Rules, Transcript};
    use martian_solver::{AdviceRequest, advise_with_reason};
    let config = scratch("train-json");
    let text = train(
        &[
            "--seed",
            "9",
            "--positions",
            "8",
            "--players",
            "2",
            "--list",
            "--json",
        ],
        "",
        &config,
    );
    let listed: Value = serde_json::from_str(&text).unwrap();
    let positions = listed.as_array().unwrap();
    assert_eq!(positions.len(), 8);
    let m = martian_i18n::Lang::En.messages();
    let mut kinds = std::collections::HashSet::new();
    for p in positions {
        let kind = p["kind"].as_str().unwrap();
        assert!(kind == "take" || kind == "stop_or_roll", "{p}");
        kinds.insert(kind.to_string());
        let scores: Vec<u16> = p["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as u16)
            .collect();
        let turn = p["transcript"]
            .as_str()
            .unwrap()
            .parse::<Transcript>()
            .unwrap()
            .replay(Rules::official())
            .unwrap();
        let (advice, reason) = advise_with_reason(AdviceRequest {
            rules: Rules::official(),
            scores: Some(&scores),
            seat: p["seat"].as_u64().unwrap() as usize,
            turn: &turn,
        })
        .unwrap();
        let options = p["options"].as_array().unwrap();
        assert_eq!(options.len(), advice.options.len());
        for (o, a) in options.iter().zip(&advice.options) {
            assert_eq!(o["action"], a.action.code());
            // As JSON writes and reads a float back: to its last bit or two.
            assert!(
                (o["value"].as_f64().unwrap() - a.value).abs() < 1e-15,
                "{p}"
            );
        }
        assert_eq!(p["best"], advice.best.code());
        let thumb = p["rule_of_thumb"].as_str().unwrap();
        assert!(options.iter().any(|o| o["action"] == thumb), "{p}");
        let why = martian_tui::messages::coach_reason(m, &reason.unwrap());
        assert_eq!(p["reason"], why);
    }
    assert_eq!(kinds.len(), 2, "both kinds of decision");
    // The text list: the same positions, their answers said.
    let plain = train(
        &[
            "--seed",
            "9",
            "--positions",
            "8",
            "--players",
            "2",
            "--list",
        ],
        "",
        &config,
    );
    assert_eq!(plain.matches("\nBest: ").count(), 8, "{plain}");
    for p in positions {
        assert!(plain.contains(&format!("Why: {}", p["reason"].as_str().unwrap())));
    }
}

#[test]
fn a_browser_room_record_is_reviewed() {
    use martian_server::table::{Move, Table};
    let rules = martian_engine::Rules::official();
    // A room's table played to the end by two bots, as the server plays it, then downloaded.
    let mut table = Table::new(rules, 2, 77).unwrap();
    let mut bots: Vec<_> = (0..2)
        .map(|_| martian_bots::create("hard", rules).unwrap())
        .collect();
    while let Some(seat) = table.seat_to_move() {
        let mv = match table.game().awaiting() {
            martian_engine::Awaiting::Decision { .. } => {
                let mut rng = table.bot_rng();
                Move::Play(
                    bots[seat]
                        .decide(&table.game().situation(), &mut rng)
                        .unwrap(),
                )
            }
            _ => Move::Dice,
        };
        table.apply(mv).unwrap();
    }
    let players = ["Ana", "Bob"]
        .map(|name| martian_engine::PlayerInfo {
            name: name.into(),
            bot: Some("hard".into()),
        })
        .to_vec();
    let dir = scratch("room");
    let record = dir.join("room.json");
    std::fs::write(&record, table.record(players).to_json()).unwrap();
    let review = review_json(&record);
    assert!(review["stopped"].is_null());
    assert_luck_and_skill(&review);
    assert_ends_at_the_winner(&review);
    assert_decisions_are_advised(&review);
}

/// A session says its seed, and the seed serves it again; every seat of a four-player game has
/// a name; no position comes twice, however its turn came to its dice, and none where stopping
/// scores nothing (rolling again cannot do worse there).
#[test]
fn the_trainer_says_its_seed_names_every_seat_and_serves_no_position_twice() {
    use martian_engine::{Rules, Transcript, TurnPhase};
    let config = scratch("train-seed");
    let first = train(&["--positions", "2", "--players", "2"], "", &config);
    let seed_line = first
        .lines()
        .find(|l| l.starts_with("Seed "))
        .unwrap_or_else(|| panic!("no seed in {first}"));
    let seed = seed_line["Seed ".len()..].split(':').next().unwrap();
    assert!(
        seed_line.contains(&format!("martian-dice train --seed {seed}")),
        "{seed_line}"
    );
    let again = train(
        &["--positions", "2", "--players", "2", "--seed", seed],
        "",
        &scratch("train-seed-again"),
    );
    assert_eq!(again, first);

    // Four players, each named (a small game keeps the four-player solve short).
    let four = train(
        &[
            "--players",
            "4",
            "--dice",
            "6",
            "--target",
            "10",
            "--seed",
            "4",
            "--positions",
            "3",
            "--list",
        ],
        "",
        &scratch("train-four"),
    );
    let orders: Vec<&str> = four
        .lines()
        .filter(|l| l.starts_with("Seat order: "))
        .collect();
    assert!(!orders.is_empty(), "{four}");
    for order in orders {
        assert!(
            ["you", "Ana", "Bia", "Caio"]
                .iter()
                .all(|name| order.contains(&format!("{name},"))
                    || order.contains(&format!("{name} ("))),
            "{order}"
        );
        assert!(!order.contains('?'), "{order}");
    }

    // Many positions: never the same one twice, never a stop that scores nothing.
    let listed = ok_json(&[
        "train",
        "--seed",
        "13",
        "--positions",
        "60",
        "--players",
        "2",
        "--list",
        "--json",
    ]);
    let rules = Rules::official();
    let mut seen = std::collections::HashSet::new();
    for p in listed.as_array().unwrap() {
        let turn = p["transcript"]
            .as_str()
            .unwrap()
            .parse::<Transcript>()
            .unwrap()
            .replay(rules)
            .unwrap();
        if turn.phase() == TurnPhase::Deciding {
            assert!(turn.score() > 0, "stopping scores nothing: {p}");
        }
        let key = (p["scores"].to_string(), p["seat"].as_u64(), turn);
        assert!(seen.insert(key), "served twice: {p}");
    }
    assert_eq!(seen.len(), 60);
}
