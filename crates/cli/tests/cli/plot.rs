//! `martian-dice plot` through the real binary: files written, valid SVG and PNG, usage errors.

use std::path::Path;
use std::process::Output;

use crate::util::{martian_dice, scratch as temp_dir};

fn plot(dir: &Path, args: &[&str]) -> Output {
    martian_dice()
        .arg("plot")
        .args(args)
        .env("MARTIAN_DICE_CACHE_DIR", dir.join("cache"))
        .output()
        .unwrap()
}

/// Every tag opened is closed, in order (a small check of well-formed XML for the SVG we write).
fn assert_well_formed_svg(text: &str) {
    assert!(text.starts_with("<svg"), "{}", &text[..text.len().min(80)]);
    assert!(text.trim_end().ends_with("</svg>"));
    let mut stack: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("an unclosed '<'") + start;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                stack.pop().as_deref(),
                Some(name.trim()),
                "mismatched </{name}>"
            );
        } else if !tag.ends_with('/') && !tag.starts_with('?') && !tag.starts_with('!') {
            let name = tag.split_whitespace().next().unwrap_or_default();
            stack.push(name.to_string());
        }
        rest = &rest[end + 1..];
    }
    assert!(stack.is_empty(), "unclosed tags: {stack:?}");
}

#[test]
fn every_kind_writes_a_valid_svg_naming_its_rules() {
    let dir = temp_dir("svg");
    for kind in ["duel-win", "duel-stop", "turn-distribution"] {
        let out = dir.join(format!("{kind}.svg"));
        let output = plot(
            &dir,
            &[
                kind,
                "--out",
                out.to_str().unwrap(),
                "--target",
                "12",
                "--scores",
                "4,9",
                "--seat",
                "0",
            ],
        );
        assert!(
            output.status.success(),
            "{kind}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = std::fs::read_to_string(&out).unwrap();
        assert_well_formed_svg(&text);
        assert!(text.contains("target 12"), "{kind}: the rules are named");
        let rects = text.matches("<rect").count();
        let expected = match kind {
            "turn-distribution" => 2 * 17,
            _ => 2 * 12 * 12,
        };
        assert!(rects >= expected, "{kind}: {rects} rectangles");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn png_pictures_are_png_files() {
    let dir = temp_dir("png");
    let out = dir.join("dist.PNG");
    let output = plot(
        &dir,
        &[
            "turn-distribution",
            "--at-least",
            "6",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    // Width and height from the IHDR chunk: the defaults.
    assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 1200);
    assert_eq!(u32::from_be_bytes(bytes[20..24].try_into().unwrap()), 620);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_exit_with_2_and_write_nothing() {
    let dir = temp_dir("errors");
    let svg = dir.join("x.svg");
    let svg = svg.to_str().unwrap();
    let jpg = dir.join("x.jpg");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["heat-map", "--out", svg], "heat-map"),
        (
            vec!["duel-win", "--out", jpg.to_str().unwrap()],
            ".svg or .png",
        ),
        (vec!["duel-stop", "--aside", "3T", "--out", svg], "--aside"),
        (vec!["duel-stop", "--aside", "2X", "--out", svg], "'X'"),
        (
            vec!["turn-distribution", "--scores", "1,2,3", "--out", svg],
            "--scores",
        ),
        (
            vec![
                "turn-distribution",
                "--scores",
                "25,3",
                "--seat",
                "0",
                "--out",
                svg,
            ],
            "target",
        ),
        (vec!["duel-win", "--dice", "0", "--out", svg], "dice"),
        (vec!["duel-win"], "--out"),
    ];
    for (args, needle) in cases {
        let output = plot(&dir, &args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
    assert!(!Path::new(svg).exists() && !jpg.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unwritable_path_is_an_error_not_a_panic() {
    let dir = temp_dir("unwritable");
    let out = dir.join("no-such-dir").join("x.svg");
    let output = plot(
        &dir,
        &[
            "turn-distribution",
            "--at-least",
            "3",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot write"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The numbers `(y, height)` of the `<rect>` elements of `svg` filled with `fill`.
fn bars(svg: &str, fill: &str) -> Vec<(f64, f64)> {
    svg.split("<rect ")
        .skip(1)
        .filter(|rect| rect.contains(&format!("fill=\"{fill}\"")))
        .map(|rect| {
            let attribute = |name: &str| -> f64 {
                let start = rect.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
                let end = start + rect[start..].find('"').unwrap();
                rect[start..end].parse().unwrap()
            };
            (attribute("y"), attribute("height"))
        })
        .collect()
}

/// The bars are the solver's distributions, to the pixel: the expected-score player's and the
/// player who needs at least 6, both solved here with `martian-solver`, on one scale.
#[test]
fn the_turn_distribution_bars_are_the_solver_s_numbers() {
    use martian_engine::{Rules, Turn};
    let dir = temp_dir("numbers");
    let out = dir.join("dist.svg");
    let output = plot(
        &dir,
        &[
            "turn-distribution",
            "--out",
            out.to_str().unwrap(),
            "--at-least",
            "6",
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let svg = std::fs::read_to_string(&out).unwrap();
    let rules = Rules::official();
    let start = Turn::new(rules);
    let greedy = martian_solver::expected_score_table(rules).score_distribution(&start);
    let needs_six = martian_solver::TurnSpace::for_rules(rules)
        .solve_with(|s| if s >= 6 { 1.0 } else { 0.0 })
        .score_distribution(&start);
    // The first series is drawn grey, the second red; the legend's swatch of each comes after.
    let drawn: Vec<Vec<(f64, f64)>> = ["#787878", "#CA4834"]
        .iter()
        .map(|fill| {
            let mut rects = bars(&svg, fill);
            assert_eq!(
                rects.len(),
                greedy.len() + 1,
                "{fill}: the bars and the swatch"
            );
            rects.truncate(greedy.len());
            rects
        })
        .collect();
    let baseline = drawn[0][0].0 + drawn[0][0].1;
    let tallest = greedy.iter().chain(&needs_six).copied().fold(0.0, f64::max);
    let highest = drawn
        .iter()
        .flatten()
        .map(|&(_, height)| height)
        .fold(0.0, f64::max);
    let scale = highest / tallest;
    for (series, numbers) in drawn.iter().zip([&greedy, &needs_six]) {
        assert_eq!(series.len(), numbers.len());
        for (score, (&(y, height), &p)) in series.iter().zip(numbers.iter()).enumerate() {
            assert!(
                (y + height - baseline).abs() <= 1.0,
                "every bar stands on the axis"
            );
            // Pixels are whole: a bar is within a pixel (and the scale's rounding) of its value.
            assert!(
                (height - p * scale).abs() <= 1.5,
                "score {score}: {height} px for probability {p} at {scale} px per unit"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_cards_plot_marks_every_shipped_card_beside_greedy_and_optimal() {
    use martian_cards::{Card, chance, shipped::SHIPPED};
    use martian_engine::Rules;
    use martian_solver::{TurnPlay, duel_match};

    let dir = temp_dir("cards");
    let out = dir.join("cards.svg");
    let output = plot(&dir, &["cards", "--out", out.to_str().unwrap()]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert_well_formed_svg(&text);
    let rules = Rules::official();
    let mut cards = vec![Card::default()];
    cards.extend(SHIPPED.iter().map(|shipped| shipped.card()));
    for card in &cards {
        let win = chance(card, &TurnPlay::Optimal, rules).unwrap().win_rate;
        let label = format!("{:.2}%", 100.0 * win);
        assert!(text.contains(&label), "{} lines: {label}", card.len());
    }
    let greedy = duel_match(rules, [&TurnPlay::Greedy, &TurnPlay::Optimal])
        .unwrap()
        .win(0);
    assert!(text.contains(&format!("{:.2}%", 100.0 * greedy)), "greedy");
    assert!(text.contains("50%"), "optimal");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_frontier_marks_the_best_card_of_each_budget_beside_greedy_and_the_levels() {
    use martian_cards::{Card, chance, shipped::best_within};
    use martian_engine::Rules;
    use martian_solver::{TurnPlay, duel_match};

    let dir = temp_dir("frontier");
    let out = dir.join("frontier.svg");
    let output = plot(&dir, &["frontier", "--out", out.to_str().unwrap()]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert_well_formed_svg(&text);
    let rules = Rules::official();
    let value = |card: &Card| chance(card, &TurnPlay::Optimal, rules).map(|c| c.win_rate);
    let mut last = value(&Card::default()).unwrap();
    for budget in [1, 2, 3, 4, 6, 8, 12, 16, 24] {
        let (card, win) = best_within(budget, value).unwrap().expect("a card");
        assert!(card.conditions() <= budget);
        assert!(win >= last, "{budget}: the frontier never falls");
        last = win;
        let label = format!("{:.2}%", 100.0 * win);
        assert!(text.contains(&label), "{budget} conditions: {label}");
    }
    let greedy = duel_match(rules, [&TurnPlay::Greedy, &TurnPlay::Optimal])
        .unwrap()
        .win(0);
    assert!(text.contains(&format!("{:.2}%", 100.0 * greedy)), "greedy");
    for level in ["easy: ", "medium: ", "hard: "] {
        assert!(text.contains(level), "{level}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
