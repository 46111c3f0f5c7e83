//! Every position the trainer serves is checked afresh against the advisor: the best option and
//! every value are the advisor's, the best beats the second by the stated margin, the rule of
//! thumb's choice is its definition's, the lesson is the coach's cause. And the mix: no simple
//! way of answering scores well, and the kinds answered wrong come back.

mod common;

use martian_engine::{Action, Face, TurnPhase};
use martian_review::{
    Kind, Lesson, Measure, PlayerCounts, Theme, Thumb, Trainer, TrainerConfig, TrainerError,
    TrainingPosition,
};
use martian_solver::{AdviceRequest, Cause, advise_with_reason};

/// The rule of thumb applied here from its definition.
fn thumb_of(turn: &martian_engine::Turn) -> (Thumb, Action) {
    match turn.phase() {
        TurnPhase::Choosing { roll } => {
            let most = turn
                .legal_takes()
                .iter()
                .map(|f| roll.count(f))
                .max()
                .unwrap();
            let order = [Face::DeathRay, Face::Human, Face::Cow, Face::Chicken];
            let face = order
                .into_iter()
                .find(|&f| turn.legal_takes().contains(f) && roll.count(f) == most)
                .unwrap();
            (Thumb::MostDice, Action::Take(face))
        }
        TurnPhase::Deciding => {
            let action = if turn.score() >= 6 {
                Action::Stop
            } else {
                Action::Roll
            };
            (Thumb::StopAtSix, action)
        }
        other => panic!("not a decision: {other:?}"),
    }
}

fn check(position: &TrainingPosition, margin: f64) {
    let rules = position.rules;
    let turn = common::turn_of(&position.transcript, rules);
    assert_eq!(turn, position.turn);
    let (advice, reason) = advise_with_reason(AdviceRequest {
        rules,
        scores: Some(&position.scores),
        seat: position.seat,
        turn: &turn,
    })
    .unwrap();
    let values: Vec<(Action, f64)> = advice.options.iter().map(|o| (o.action, o.value)).collect();
    let served: Vec<(Action, f64)> = position
        .options
        .iter()
        .map(|o| (o.action, o.value))
        .collect();
    assert_eq!(served, values);
    assert_eq!(position.best, advice.best);
    // The margin, recomputed: the best against every other option.
    let best = values.iter().find(|(a, _)| *a == advice.best).unwrap().1;
    assert!(values.len() >= 2);
    for &(action, value) in &values {
        if action != advice.best {
            let gap = match position.measure {
                Measure::WinProbability => best - value,
                Measure::ExpectedTurns => value - best,
            };
            assert!(gap >= margin, "{position:?}: {action:?} only {gap} behind");
            assert!(gap >= position.margin);
        }
    }
    assert_eq!((position.thumb, position.thumb_choice), thumb_of(&turn));
    // What it teaches is the coach's cause, the reason the advisor's.
    let reason = reason.expect("a decision has a reason");
    assert_eq!(position.reason, reason);
    let c = reason
        .comparison()
        .expect("a clear best compares two options");
    assert_eq!(
        position.lesson,
        Lesson {
            decision: c.decision,
            cause: c.cause
        }
    );
    let kind = match turn.phase() {
        TurnPhase::Choosing { .. } => Kind::Take,
        _ => Kind::StopOrRoll,
    };
    assert_eq!(position.kind(), kind);
}

fn serve(config: TrainerConfig, count: usize) -> Vec<TrainingPosition> {
    let mut trainer = Trainer::new(config).unwrap();
    let margin = trainer.margin();
    let positions: Vec<TrainingPosition> = (0..count)
        .map(|_| trainer.next_position().expect("a position is found"))
        .collect();
    for position in &positions {
        check(position, margin);
        if let Some(theme) = config.theme {
            assert!(position.themes.contains(&theme), "{position:?}");
        }
    }
    positions
}

#[test]
fn duel_positions_of_every_theme_meet_their_margin() {
    let mut config = TrainerConfig::new(7);
    let any = serve(config, 24);
    assert!(any.iter().any(|p| p.thumb == Thumb::MostDice));
    assert!(any.iter().any(|p| p.thumb == Thumb::StopAtSix));
    for theme in Theme::ALL {
        config.theme = Some(theme);
        let served = serve(config, 6);
        if theme == Theme::FinalRound {
            assert!(served.iter().all(|p| p.final_round));
        }
    }
}

/// A mix: choices of type and stop or roll alike, the rule of thumb right about half the time,
/// stopping best as often as rolling, the death rays best as often as an earthling type, and
/// positions near the end of the game.
#[test]
fn the_positions_are_a_mix_of_what_they_teach() {
    let served = serve(TrainerConfig::new(11), 24);
    let count = |f: &dyn Fn(&TrainingPosition) -> bool| served.iter().filter(|p| f(p)).count();
    assert_eq!(count(&|p| p.kind() == Kind::Take), 12);
    assert_eq!(count(&|p| p.thumb_right()), 12);
    let stops = count(&|p| p.kind() == Kind::StopOrRoll && p.best == Action::Stop);
    assert!(
        (5..=7).contains(&stops),
        "{stops} of 12 stop-or-roll positions"
    );
    let rays = count(&|p| p.kind() == Kind::Take && p.best == Action::Take(Face::DeathRay));
    assert!((5..=7).contains(&rays), "{rays} of 12 takes");
    assert!(count(&|p| p.near_the_end()) >= 6);
    let lessons: std::collections::HashSet<Lesson> = served.iter().map(|p| p.lesson).collect();
    assert!(lessons.len() >= 4, "{lessons:?}");
}

/// Simple ways of answering, each scoring poorly on average over seeds, where the best answers
/// score every time.
#[test]
fn no_simple_way_of_answering_scores_well() {
    type Strategy = fn(&TrainingPosition, u64) -> Action;
    let options =
        |p: &TrainingPosition| -> Vec<Action> { p.options.iter().map(|o| o.action).collect() };
    let strategies: [(&str, Strategy); 8] = [
        ("the rule of thumb", |p, _| p.thumb_choice),
        ("against the rule of thumb", |p, _| {
            *p.options
                .iter()
                .map(|o| &o.action)
                .find(|&&a| a != p.thumb_choice)
                .unwrap()
        }),
        ("the first option", |p, _| p.options[0].action),
        ("the last option", |p, _| {
            p.options[p.options.len() - 1].action
        }),
        ("death rays and roll", |p, _| {
            [Action::Take(Face::DeathRay), Action::Roll]
                .into_iter()
                .find(|a| p.options.iter().any(|o| o.action == *a))
                .unwrap_or(p.options[0].action)
        }),
        ("earthlings and stop", |p, _| {
            p.options
                .iter()
                .map(|o| o.action)
                .find(|a| {
                    matches!(
                        a,
                        Action::Stop | Action::Take(Face::Human | Face::Cow | Face::Chicken)
                    )
                })
                .unwrap_or(p.options[0].action)
        }),
        ("the fewest dice", |p, _| match p.turn.phase() {
            TurnPhase::Choosing { roll } => p
                .options
                .iter()
                .map(|o| o.action)
                .min_by_key(|a| match a {
                    Action::Take(f) => roll.count(*f),
                    _ => u8::MAX,
                })
                .unwrap(),
            _ => p.options[0].action,
        }),
        ("at random", |p, salt| {
            let pick = (salt.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as usize;
            p.options[pick % p.options.len()].action
        }),
    ];
    let seeds = 0..6u64;
    let mut totals = vec![0usize; strategies.len()];
    let mut positions = 0;
    for seed in seeds {
        let served = serve(TrainerConfig::new(100 + seed), 12);
        positions += served.len();
        for (i, (_, strategy)) in strategies.iter().enumerate() {
            for (n, p) in served.iter().enumerate() {
                let answer = strategy(p, seed * 100 + n as u64);
                assert!(options(p).contains(&answer));
                if answer == p.best {
                    totals[i] += 1;
                }
            }
        }
    }
    for ((name, _), right) in strategies.iter().zip(&totals) {
        let rate = *right as f64 / positions as f64;
        eprintln!("{name}: {rate:.2}");
        assert!(rate <= 0.6, "answering with {name} scores {rate:.2}");
    }
}

/// A kind answered wrong comes back two positions later; the weak kinds of the stored progress
/// come back too.
#[test]
fn the_kinds_answered_wrong_come_back() {
    let mut trainer = Trainer::new(TrainerConfig::new(5)).unwrap();
    let first = trainer.next_position().unwrap();
    let wrong = first
        .options
        .iter()
        .map(|o| o.action)
        .find(|&a| a != first.best)
        .unwrap();
    trainer.answered(&first, wrong);
    let next: Vec<TrainingPosition> = (0..3).map(|_| trainer.next_position().unwrap()).collect();
    assert_eq!(next[2].lesson, first.lesson, "due after two positions");
    // From the stored progress: one every fourth position.
    let weak = Lesson::take(Cause::Bonus);
    let mut trainer = Trainer::new(TrainerConfig::new(6)).unwrap();
    trainer.bring_back([weak]);
    let served: Vec<TrainingPosition> = (0..4).map(|_| trainer.next_position().unwrap()).collect();
    assert_eq!(served[3].lesson, weak);
}

#[test]
fn positions_are_reproducible_from_the_seed_and_not_repeated() {
    let served = serve(TrainerConfig::new(3), 16);
    let again = serve(TrainerConfig::new(3), 16);
    assert_eq!(served, again);
    let mut keys: Vec<_> = served
        .iter()
        .map(|p| (p.scores.clone(), p.seat, p.transcript.clone()))
        .collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), served.len());
    assert_ne!(served, serve(TrainerConfig::new(4), 16));
}

#[test]
fn solo_three_player_and_mixed_positions_meet_their_margin() {
    let mut config = TrainerConfig::new(1);
    config.players = PlayerCounts::only(1);
    let solo = serve(config, 8);
    assert!(solo.iter().all(|p| p.measure == Measure::ExpectedTurns));
    config.players = PlayerCounts::of(&[2, 3]);
    let mixed = serve(config, 12);
    assert!(mixed.iter().any(|p| p.scores.len() == 2));
    assert!(mixed.iter().any(|p| p.scores.len() == 3));
}

#[test]
fn impossible_requests_are_refused() {
    let mut config = TrainerConfig::new(1);
    config.players = PlayerCounts::only(1);
    config.theme = Some(Theme::FinalRound);
    assert!(matches!(
        Trainer::new(config),
        Err(TrainerError::ThemeNeverOccurs { .. })
    ));
    config.players = PlayerCounts::only(5);
    config.theme = None;
    assert_eq!(Trainer::new(config).unwrap_err(), TrainerError::Players(5));
    // Four players are played exactly, up to the four-player solve's limit.
    let beyond = PlayerCounts::only(4);
    let mut far = config;
    far.players = beyond;
    far.rules = far.rules.with_target(27).unwrap();
    assert!(matches!(
        Trainer::new(far),
        Err(TrainerError::Beyond(limit)) if limit.max_target == 26
    ));
    config.players = PlayerCounts::of(&[1, 2]);
    assert_eq!(Trainer::new(config).unwrap_err(), TrainerError::SoloMixed);
    config.players = PlayerCounts::only(2);
    config.margin = Some(0.0);
    assert!(matches!(Trainer::new(config), Err(TrainerError::Margin(_))));
}
