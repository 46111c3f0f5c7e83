//! Teaching a strategy card (`--card` of `advise`, `train` and `review`), run as a user runs it,
//! in both languages. The cards are the tests' own (the shipped ones change as the search
//! improves); every figure is checked against the options' values the same command prints, and
//! the card's move against the card itself.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

use martian_cards::Card;
use martian_engine::{Action, EndRule, Rules, Situation, Transcript};
use serde_json::Value;

use crate::util::{martian_dice, scratch};

const CARD: &str =
    "1. Take the death rays when the tanks lead.\n2. Stop when you have 6 points or more.\n";

/// One cache for this module's runs, so the tables are solved once.
fn cache() -> PathBuf {
    static CACHE: OnceLock<PathBuf> = OnceLock::new();
    CACHE
        .get_or_init(|| crate::util::unique_path("cache"))
        .clone()
}

fn card_file(dir: &Path) -> PathBuf {
    let path = dir.join("two-lines.txt");
    std::fs::write(&path, CARD).unwrap();
    path
}

fn run(args: &[&str], config: &Path) -> Output {
    let output = martian_dice()
        .env("MARTIAN_DICE_CACHE_DIR", cache())
        .env("XDG_CONFIG_HOME", config)
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn text(args: &[&str], config: &Path) -> String {
    String::from_utf8(run(args, config).stdout).unwrap()
}

fn json(args: &[&str], config: &Path) -> Value {
    serde_json::from_slice(&run(args, config).stdout).expect("JSON")
}

/// The value of `action` among a JSON object's `options`.
fn value_of(options: &Value, action: &str) -> f64 {
    options
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["action"] == action)
        .unwrap_or_else(|| panic!("{action} in {options}"))["value"]
        .as_f64()
        .unwrap()
}

/// What the card does at a position the trainer or the review lists (`--json`), its line, and
/// what its move loses there against the best, by the listing's own values.
fn card_at_trainer_position(p: &Value) -> (Action, Option<usize>, f64) {
    let scores: Vec<u16> = p["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap() as u16)
        .collect();
    let (action, line) = card_decides(
        &scores,
        p["seat"].as_u64().unwrap() as usize,
        p["round"].as_u64().unwrap() as u32,
        p["transcript"].as_str().unwrap(),
    );
    let best = value_of(&p["options"], p["best"].as_str().unwrap());
    let loss = best - value_of(&p["options"], &action.code());
    (action, line, loss)
}

/// What the card itself does at a position given as `advise` takes it.
fn card_decides(
    scores: &[u16],
    seat: usize,
    round: u32,
    transcript: &str,
) -> (Action, Option<usize>) {
    let rules = Rules::official();
    let card: Card = CARD.parse().unwrap();
    let turn = transcript
        .parse::<Transcript>()
        .unwrap()
        .replay(rules)
        .unwrap();
    let triggered_by = (rules.end() == EndRule::CompleteRound)
        .then(|| scores.iter().position(|&s| s >= rules.target()))
        .flatten();
    let (action, source) = card.decide(&Situation {
        rules,
        scores,
        seat,
        round,
        turn: &turn,
        triggered_by,
    });
    let line = match source {
        martian_cards::Source::Line(i) => Some(i),
        martian_cards::Source::Default => None,
    };
    (action, line)
}

#[test]
fn advise_says_what_a_card_would_do_and_what_it_costs() {
    let dir = scratch("advise-card");
    let card = card_file(&dir);
    let card = card.to_str().unwrap();
    // The tanks lead (3 to 0) and the roll has death rays: the card's line 1 takes them.
    let position = "TTRRRHHHCCKKK/H TRRRCCKK";
    let object = json(
        &[
            "advise", position, "--scores", "10,12", "--card", card, "--json",
        ],
        &dir,
    );
    let played = &object["card"];
    assert_eq!(played["action"], "R", "{object}");
    assert_eq!(played["line"], 1);
    assert_eq!(
        played["text"],
        "1. Take the death rays when the tanks lead."
    );
    let best = value_of(&object["options"], object["best"].as_str().unwrap());
    let loss = best - value_of(&object["options"], "R");
    assert!(
        (played["loss"].as_f64().unwrap() - loss).abs() < 1e-15,
        "{object}"
    );
    assert_eq!(played["best"], object["best"] == "R");

    let en = text(
        &["advise", position, "--scores", "10,12", "--card", card],
        &dir,
    );
    assert!(
        en.contains("The card's line 1 says to take the death rays: “Take the death rays when the tanks lead.”"),
        "{en}"
    );
    let pt = text(
        &[
            "advise", position, "--scores", "10,12", "--card", card, "--lang", "pt-BR",
        ],
        &dir,
    );
    assert!(
        pt.contains("A linha 1 da carta manda pegar os raios da morte: “Pegue os raios da morte se os tanques estão na frente.”"),
        "{pt}"
    );
    if object["best"] == "R" {
        assert!(en.contains("The card is right here"), "{en}");
        assert!(pt.contains("A carta acerta aqui"), "{pt}");
    } else {
        // A cost is said without a minus sign, in percentage points.
        assert!(en.contains("Following the card here costs "), "{en}");
        assert!(pt.contains("Seguir a carta aqui custa "), "{pt}");
        assert!(
            !en.contains("costs −") && !pt.contains("custa −"),
            "{en}\n{pt}"
        );
    }
    // A shipped card by its name; a card that does not read is a usage error.
    run(&["advise", position, "--card", "card-1"], &dir);
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "1. Fly to the moon.\n").unwrap();
    let output = martian_dice()
        .env("MARTIAN_DICE_CACHE_DIR", cache())
        .args(["advise", position, "--card", bad.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn the_trainer_drills_a_card_where_following_it_costs_most() {
    let dir = scratch("train-card");
    let card = card_file(&dir);
    let card = card.to_str().unwrap();
    let args = [
        "train",
        "--seed",
        "9",
        "--positions",
        "4",
        "--players",
        "2",
        "--list",
    ];
    let mut with_card = args.to_vec();
    with_card.extend(["--card", card, "--json"]);
    let listed = json(&with_card, &dir);
    let positions = listed.as_array().unwrap();
    assert_eq!(positions.len(), 4);
    let mut losses = Vec::new();
    for p in positions {
        // The trainer's own fields are intact.
        for key in ["kind", "options", "best", "rule_of_thumb", "reason"] {
            assert!(!p[key].is_null(), "{key} in {p}");
        }
        let played = &p["card"];
        let (action, line, loss) = card_at_trainer_position(p);
        assert_eq!(played["action"], action.code(), "{p}");
        assert_eq!(played["line"].as_u64(), line.map(|i| i as u64 + 1), "{p}");
        assert!(
            (played["loss"].as_f64().unwrap() - loss).abs() < 1e-15,
            "{p}"
        );
        losses.push(loss);
    }
    // The costliest first, and the card wrong at every one of them: a position where the card
    // is right drills nothing.
    assert!(losses.windows(2).all(|w| w[0] >= w[1]), "{losses:?}");
    assert!(losses.iter().all(|&loss| loss > 0.0), "{losses:?}");
    // A good card is right at most positions: the drill serves only those where it costs,
    // fewer than asked for rather than one where "the card is right here".
    let good = json(
        &[
            "train",
            "--seed",
            "9",
            "--positions",
            "12",
            "--players",
            "2",
            "--list",
            "--json",
            "--card",
            "card-7-lines",
        ],
        &dir,
    );
    let good = good.as_array().unwrap();
    assert!(!good.is_empty());
    for p in good {
        assert!(p["card"]["loss"].as_f64().unwrap() > 0.0, "{p}");
        assert_ne!(p["card"]["action"], p["best"], "{p}");
    }
    // The drill's costliest is at least as costly as any of the trainer's usual first positions.
    let mut usual = args.to_vec();
    usual.push("--json");
    let plain = json(&usual, &dir);
    for p in plain.as_array().unwrap() {
        let (_, _, loss) = card_at_trainer_position(p);
        assert!(loss <= losses[0] + 1e-15, "{p}");
    }
    // In words, in both languages: the card's move and the verdict under each position.
    let mut en_args = args.to_vec();
    en_args.extend(["--card", card]);
    let en = text(&en_args, &dir);
    assert_eq!(
        en.matches("Following the card here costs ").count(),
        4,
        "{en}"
    );
    assert!(!en.contains("The card is right here"), "{en}");
    assert!(
        en.contains("The card's line") || en.contains("No line of the card applies"),
        "{en}"
    );
    let mut pt_args = en_args.clone();
    pt_args.extend(["--lang", "pt-BR"]);
    let pt = text(&pt_args, &dir);
    assert_eq!(pt.matches("Seguir a carta aqui custa ").count(), 4, "{pt}");
    assert!(
        !en.contains("costs −") && !pt.contains("custa −"),
        "{en}\n{pt}"
    );
    assert!(!pt.contains("A carta acerta aqui"), "{pt}");
    // Answering: the card's words follow the verdict.
    let answered = crate::util::run_with_input(
        martian_dice()
            .env("MARTIAN_DICE_CACHE_DIR", cache())
            .env("XDG_CONFIG_HOME", &dir)
            .args([
                "train",
                "--seed",
                "9",
                "--positions",
                "1",
                "--players",
                "2",
                "--card",
                card,
            ]),
        "s\nr\nh\n",
    );
    let answered = String::from_utf8(answered.stdout).unwrap();
    assert!(
        answered.contains("Following the card here costs "),
        "{answered}"
    );
}

#[test]
fn a_game_is_reviewed_against_a_card() {
    let dir = scratch("review-card");
    let card = card_file(&dir);
    let card = card.to_str().unwrap();
    let record = dir.join("game.json");
    let players = format!("bot:greedy,bot:card:{card}");
    run(
        &[
            "play",
            "--plain",
            "--players",
            &players,
            "--seed",
            "4",
            "--record",
            record.to_str().unwrap(),
        ],
        &dir,
    );
    let record = record.to_str().unwrap();
    let review = json(&["review", record, "--json", "--card", card], &dir);
    let against = &review["card"];
    assert_eq!(against["lines"].as_array().unwrap().len(), 2);
    let decisions = review["decisions"].as_array().unwrap();
    let mut followed = [0usize; 2];
    let mut measured = [0usize; 2];
    for c in against["decisions"].as_array().unwrap() {
        let d = &decisions[c["decision"].as_u64().unwrap() as usize];
        assert_eq!(d["forced"], false);
        let seat = d["seat"].as_u64().unwrap() as usize;
        // A review's decision carries the same fields as a trainer's position.
        let (action, line, loss) = card_at_trainer_position(d);
        assert_eq!(c["action"], action.code(), "{c} at {d}");
        assert_eq!(c["line"].as_u64(), line.map(|i| i as u64 + 1));
        assert_eq!(c["followed"], d["chosen"] == action.code().as_str());
        assert!(
            (c["loss"].as_f64().unwrap() - loss.max(0.0)).abs() < 1e-12,
            "{c}"
        );
        measured[seat] += 1;
        followed[seat] += usize::from(c["followed"] == true);
    }
    // The card's own bot follows it at every decision; greedy at some.
    assert!(measured[1] > 0);
    assert_eq!(followed[1], measured[1], "the card bot follows its card");
    for seat in against["seats"].as_array().unwrap() {
        let s = seat["seat"].as_u64().unwrap() as usize;
        assert_eq!(seat["decisions"].as_u64().unwrap() as usize, measured[s]);
        assert_eq!(seat["followed"].as_u64().unwrap() as usize, followed[s]);
        if s == 1 {
            assert_eq!(seat["agreement"], 100.0);
            assert!(
                (seat["player_loss"].as_f64().unwrap() - seat["card_loss"].as_f64().unwrap()).abs()
                    < 1e-12
            );
            assert!(seat["card_saves"].as_array().unwrap().is_empty());
        }
    }
    let en = text(&["review", record, "--card", card], &dir);
    assert!(en.contains(&format!("Against the card {card}:")), "{en}");
    assert!(en.contains("followed the card at"), "{en}");
    assert!(en.contains("Card: you did what it says"), "{en}");
    let pt = text(&["review", record, "--card", card, "--lang", "pt-BR"], &dir);
    assert!(pt.contains(&format!("Contra a carta {card}:")), "{pt}");
    assert!(pt.contains("seguiu a carta em"), "{pt}");
    assert!(pt.contains("Carta: você fez o que ela diz"), "{pt}");
}

/// Line mode's coach quotes the chosen card at each decision, in both languages.
#[test]
fn line_mode_s_coach_quotes_a_card() {
    let dir = scratch("plain-card");
    let card = card_file(&dir);
    let card = card.to_str().unwrap();
    // Two tanks, no death ray aside yet: the tanks lead, and line 1 takes the death rays.
    let roll = "2T3R2H3C3K";
    for (lang, says) in [
        (
            "en",
            "The card's line 1 says to take the death rays: “Take the death rays when the tanks lead.”",
        ),
        (
            "pt-BR",
            "A linha 1 da carta manda pegar os raios da morte: “Pegue os raios da morte se os tanques estão na frente.”",
        ),
    ] {
        let output = crate::util::run_with_input(
            martian_dice().env("MARTIAN_DICE_CACHE_DIR", cache()).args([
                "play",
                "--plain",
                "--players",
                "Ana,Bob",
                "--manual-dice",
                "--coach",
                "--coach-card",
                card,
                "--lang",
                lang,
            ]),
            &format!("{roll}\nq\n"),
        );
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains(says), "{lang}: {text}");
    }
}
