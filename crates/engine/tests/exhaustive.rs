//! Every reachable state of a turn, checked against a deliberately naive model of the rules that
//! shares no code with the engine: dice as strings of letters, rules as plain string checks.
//! The reachable-state counts ("perft" of a turn) are also checked against a data file.

use std::collections::{BTreeMap, HashSet};

use martian_engine::{Action, Dice, Face, Rules, Turn, TurnEnd, TurnPhase};

/// The naive model: which letters may be taken from `roll` after `aside` (tanks of the roll
/// already in `aside`), straight from the rule text.
fn naive_legal(aside: &str, roll: &str) -> String {
    let mut legal = String::new();
    for letter in ['R', 'H', 'C', 'K'] {
        let rolled = roll.contains(letter);
        let earthling = letter != 'R';
        let taken_before = aside.contains(letter);
        if rolled && !(earthling && taken_before) {
            legal.push(letter);
        }
    }
    legal
}

/// The naive score: zero if tanks outnumber rays; else a point per earthling, +3 with one of each.
fn naive_score(aside: &str) -> u16 {
    let count = |l: char| aside.chars().filter(|&c| c == l).count() as u16;
    if count('T') > count('R') {
        return 0;
    }
    let earthlings = count('H') + count('C') + count('K');
    let bonus = if count('H') > 0 && count('C') > 0 && count('K') > 0 {
        3
    } else {
        0
    };
    earthlings + bonus
}

fn letters(dice: Dice) -> String {
    let mut text = String::new();
    for face in Face::ALL {
        for _ in 0..dice.count(face) {
            text.push(face.letter());
        }
    }
    text
}

#[derive(Default, PartialEq, Eq, Debug)]
struct Perft {
    /// Distinct states about to roll.
    to_roll: usize,
    /// Distinct (aside, roll) pairs awaiting a choice.
    choosing: usize,
    /// Distinct aside multisets at which a turn can end, by how it ended.
    ended: BTreeMap<&'static str, usize>,
}

/// Walks every reachable state of a turn of `n` dice, checking each against the naive model.
fn walk(n: u8) -> Perft {
    let rules = Rules::official().with_dice(n).unwrap();
    let mut perft = Perft::default();
    let mut seen_to_roll = HashSet::new();
    let mut seen_ended = HashSet::new();
    let mut stack = vec![Turn::new(rules)];
    seen_to_roll.insert(Dice::EMPTY);
    while let Some(start) = stack.pop() {
        perft.to_roll += 1;
        for (roll, _) in Dice::outcomes(start.dice_left()) {
            let mut turn = start;
            turn.apply_roll(roll).unwrap();
            let aside_text = letters(turn.aside());
            let legal = naive_legal(&aside_text, &letters(roll));
            assert_eq!(
                turn.legal_takes().to_string(),
                legal,
                "aside {aside_text}, roll {roll}"
            );
            assert_eq!(turn.score(), naive_score(&aside_text));
            if legal.is_empty() {
                assert_eq!(turn.phase(), TurnPhase::Over(TurnEnd::NoChoice));
                if seen_ended.insert((turn.aside(), "no-choice")) {
                    *perft.ended.entry("no-choice").or_default() += 1;
                }
                continue;
            }
            perft.choosing += 1;
            for letter in legal.chars() {
                let mut after = turn;
                after
                    .play(Action::Take(Face::from_letter(letter).unwrap()))
                    .unwrap();
                let after_text = letters(after.aside());
                assert_eq!(after.score(), naive_score(&after_text));
                assert_eq!(
                    after_text.len() + usize::from(after.dice_left()),
                    usize::from(n),
                    "dice are conserved"
                );
                if after.dice_left() == 0 {
                    assert_eq!(after.phase(), TurnPhase::Over(TurnEnd::NoDice));
                    if seen_ended.insert((after.aside(), "no-dice")) {
                        *perft.ended.entry("no-dice").or_default() += 1;
                    }
                    continue;
                }
                assert_eq!(after.phase(), TurnPhase::Deciding);
                if seen_ended.insert((after.aside(), "stop")) {
                    *perft.ended.entry("stop").or_default() += 1;
                }
                let mut again = after;
                again.play(Action::Roll).unwrap();
                if seen_to_roll.insert(again.aside()) {
                    stack.push(again);
                }
            }
        }
    }
    perft
}

#[test]
fn every_reachable_turn_state_matches_the_naive_rules_and_the_perft_file() {
    let data = include_str!("data/turn_perft.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<usize> = line
            .split_whitespace()
            .map(|f| f.parse().unwrap())
            .collect();
        let [n, to_roll, choosing, stop, no_dice, no_choice] = fields[..] else {
            panic!("bad line {line}");
        };
        let perft = walk(n as u8);
        let found = [
            perft.to_roll,
            perft.choosing,
            perft.ended.get("stop").copied().unwrap_or(0),
            perft.ended.get("no-dice").copied().unwrap_or(0),
            perft.ended.get("no-choice").copied().unwrap_or(0),
        ];
        assert_eq!(
            found,
            [to_roll, choosing, stop, no_dice, no_choice],
            "n = {n}"
        );
        checked += 1;
    }
    assert_eq!(checked, 13, "the data file covers 1 to 13 dice");
}

/// Prints the perft lines (run with `--ignored --nocapture` to regenerate the data file).
#[test]
#[ignore]
fn print_perft() {
    for n in 1..=13u8 {
        let p = walk(n);
        println!(
            "{n} {} {} {} {} {}",
            p.to_roll,
            p.choosing,
            p.ended.get("stop").copied().unwrap_or(0),
            p.ended.get("no-dice").copied().unwrap_or(0),
            p.ended.get("no-choice").copied().unwrap_or(0)
        );
    }
}
