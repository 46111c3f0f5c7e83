use std::collections::HashSet;

use martian_engine::{Action, Dice, Game, GameRecord, TurnPhase};

use super::*;

fn day() -> Challenge {
    Challenge::of("2026-12-07".parse().unwrap())
}

/// Plays the person's turn with the challenge's dice: the `pick`-th legal take of each roll,
/// stopping at once.
fn person_turn(challenge: &Challenge, game: &mut Game, pick: usize) {
    while game.seat() == 0 && !game.is_over() {
        match game.turn().phase() {
            TurnPhase::ToRoll => game.apply_roll(challenge.dice(game).unwrap()).unwrap(),
            TurnPhase::Choosing { .. } => {
                let takes: Vec<Action> = game.turn().legal_actions().iter().collect();
                game.play(takes[pick.min(takes.len() - 1)]).unwrap();
            }
            TurnPhase::Deciding => game.play(Action::Stop).unwrap(),
            TurnPhase::Over(_) => unreachable!("a finished turn hands over"),
        }
    }
}

#[test]
fn the_worked_example_of_the_docs() {
    // The numbers of docs/challenge.md, computed there with Python's hashlib.
    let challenge = day();
    assert_eq!(challenge.seed, 5_635_980_170_318_780_047);
    assert_eq!(challenge.seed, 0x4e37_061a_acff_168f);
    let first = RollPlace::Turn {
        seat: 0,
        round: 1,
        roll: 0,
    };
    assert_eq!(challenge.roll_key(first), 13_767_487_579_177_961_766);
    assert_eq!(
        challenge.roll_key(RollPlace::RollOff { round: 1, seat: 0 }),
        12_167_325_982_411_821_854
    );
    assert_eq!(challenge.bot_key(1, 1, 0), 6_505_395_424_065_066_655);
    let game = challenge.new_game();
    assert_eq!(challenge.roll_place(&game), Ok(first));
    let dice = challenge.dice(&game).unwrap();
    assert_eq!(
        dice,
        roll_dice(13, &mut seeded_rng(13_767_487_579_177_961_766))
    );
    assert_eq!(dice.to_string(), WORKED_EXAMPLE_DICE);
}

/// The first roll of the 2026-12-07 challenge, as docs/challenge.md gives it.
const WORKED_EXAMPLE_DICE: &str = "TTRRHHCCCCKKK";

#[test]
fn every_place_has_its_own_key() {
    let challenge = day();
    let mut keys = HashSet::new();
    let mut places = 0;
    for seat in 0..2 {
        for round in 1..=30 {
            for roll in 0..8 {
                keys.insert(challenge.roll_key(RollPlace::Turn { seat, round, roll }));
                keys.insert(challenge.bot_key(seat, round, roll));
                places += 2;
            }
            keys.insert(challenge.roll_key(RollPlace::RollOff { round, seat }));
            places += 1;
        }
    }
    assert_eq!(keys.len(), places);
    let other = Challenge::of("2026-12-08".parse().unwrap());
    assert_ne!(other.seed, challenge.seed);
    let first = RollPlace::Turn {
        seat: 0,
        round: 1,
        roll: 0,
    };
    assert_ne!(other.roll_key(first), challenge.roll_key(first));
}

#[test]
fn dice_differ_by_place() {
    // 13 dice have 2,380 outcomes: forty places all alike would be a broken key.
    let challenge = day();
    let rolls: HashSet<Dice> = (1..=40)
        .map(|round| {
            let key = challenge.roll_key(RollPlace::Turn {
                seat: 0,
                round,
                roll: 0,
            });
            roll_dice(13, &mut seeded_rng(key))
        })
        .collect();
    assert!(rolls.len() > 20, "{} distinct rolls", rolls.len());
}

#[test]
fn the_same_decisions_meet_the_same_dice_and_others_the_same_stream() {
    let challenge = day();
    let play = |pick| {
        let mut game = challenge.new_game();
        person_turn(&challenge, &mut game, pick);
        game
    };
    let (first, again, other) = (play(0), play(0), play(1));
    let record = |game: &Game| GameRecord::of_game(game, challenge.players_info("Ana"), None);
    assert_eq!(record(&first), record(&again));
    // Seat 1's first roll is keyed by its place, whatever seat 0 did.
    assert_eq!(first.seat(), 1);
    assert_eq!(other.seat(), 1);
    assert_eq!(challenge.dice(&first), challenge.dice(&other));
    assert_eq!(
        challenge.dice(&first).unwrap(),
        roll_dice(
            13,
            &mut seeded_rng(challenge.roll_key(RollPlace::Turn {
                seat: 1,
                round: 1,
                roll: 0
            }))
        )
    );
}

#[test]
fn no_dice_while_a_decision_is_awaited() {
    let challenge = day();
    let mut game = challenge.new_game();
    game.apply_roll(challenge.dice(&game).unwrap()).unwrap();
    if !game.turn().legal_actions().is_empty() {
        assert_eq!(challenge.dice(&game), Err(ChallengeError::NoRollAwaited));
    }
}

#[test]
fn a_record_with_another_roll_is_refused_naming_it() {
    let challenge = day();
    let mut game = challenge.new_game();
    person_turn(&challenge, &mut game, 0);
    let expected = challenge.dice(&game).unwrap();
    // Nothing but tanks: seat 1's turn ends with the roll.
    let tanks: Dice = "13T".parse().unwrap();
    assert_ne!(expected, tanks);
    game.apply_roll(tanks).unwrap();
    let record = GameRecord::of_game(&game, challenge.players_info("Ana"), Some(challenge.seed));
    let error = grade(&challenge, &record).unwrap_err();
    assert_eq!(
        error,
        ChallengeError::TurnRoll {
            turn: 2,
            roll: 1,
            expected,
            recorded: tanks
        }
    );
    assert!(error.to_string().starts_with("turn 2, roll 1: "), "{error}");
    let mut other_seed = record.clone();
    other_seed.seed = Some(challenge.seed + 1);
    assert!(matches!(
        grade(&challenge, &other_seed),
        Err(ChallengeError::NotThisChallenge { .. })
    ));
    // The challenge's own dice pass the check; the game is not over yet.
    let mut honest = challenge.new_game();
    person_turn(&challenge, &mut honest, 0);
    let record = GameRecord::of_game(&honest, challenge.players_info("Ana"), None);
    assert_eq!(grade(&challenge, &record), Err(ChallengeError::Unfinished));
}

fn bot_game(challenge: Challenge, bot: &str) -> GameRecord {
    let person = martian_bots::create(bot, challenge.rules).unwrap();
    let mut driver = ChallengeGame::new(challenge, Some(person)).unwrap();
    driver.advance().unwrap();
    assert!(driver.game().is_over());
    driver.record("Ana")
}

#[test]
fn optimal_play_loses_nothing_and_every_turn_has_its_mark() {
    let challenge = day();
    let record = bot_game(challenge, "optimal");
    let grade = grade(&challenge, &record).unwrap();
    assert_eq!(grade.loss_points, 0.0);
    assert!(grade.decisions.iter().all(|d| d.chosen == d.best));
    let person_turns = record.turns.iter().filter(|t| t.seat == 0).count();
    assert_eq!(grade.marks.len(), person_turns);
    assert!(grade.marks.iter().all(|m| m.class == Class::Best));
    let share = grade.share_text(challenge.date);
    let (title, row) = share.split_once('\n').unwrap();
    assert_eq!(
        title,
        "Martian Dice daily 2026-12-07 — 0.0 points of chance lost"
    );
    assert_eq!(row.chars().count(), person_turns);
    assert_eq!(row, "🟩".repeat(person_turns));
    assert_eq!(grade.scores, record.result.as_ref().unwrap().scores);
}

#[test]
fn the_same_bot_plays_the_same_game_and_gets_the_same_grade() {
    let challenge = day();
    let first = bot_game(challenge, "easy");
    assert_eq!(first, bot_game(challenge, "easy"));
    let graded = grade(&challenge, &first).unwrap();
    assert_eq!(graded, grade(&challenge, &first).unwrap());
    let losses: f64 = graded.decisions.iter().map(|d| d.loss).sum();
    assert_eq!(graded.loss_points, losses);
    let worst = graded.marks.iter().map(|m| m.class).max().unwrap();
    let worst_decision = graded
        .decisions
        .iter()
        .filter(|d| !d.forced)
        .map(|d| d.class)
        .max()
        .unwrap_or(Class::Best);
    assert_eq!(worst, worst_decision);
    // Each decision's key names the position it was made in.
    for d in &graded.decisions {
        assert!(d.key.contains(&format!(" r{} ", d.round)), "{}", d.key);
    }
}

#[test]
fn position_keys_name_the_position() {
    let challenge = day();
    let mut game = challenge.new_game();
    game.apply_roll("TTRRRHHCKKKCC".parse().unwrap()).unwrap();
    assert_eq!(
        position_key(&game.situation()),
        "0-0 s0 r1 | TT | TTRRRHHCCCKKK"
    );
    game.play(Action::Take(martian_engine::Face::DeathRay))
        .unwrap();
    assert_eq!(
        position_key(&game.situation()),
        "0-0 s0 r1 | TTRRR | stop-or-roll"
    );
}
