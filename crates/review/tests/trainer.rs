//! Every position the trainer serves is checked afresh against the advisor: the best option and
//! every value are the advisor's, the best beats the second by the stated margin, the rule of
//! thumb chooses otherwise, and the position belongs to its theme.

mod common;

use martian_engine::{Action, Face, Rules, TurnPhase};
use martian_review::{
    Measure, Theme, Thumb, Trainer, TrainerConfig, TrainerError, TrainingPosition,
};
use martian_solver::{AdviceRequest, advise};

fn check(position: &TrainingPosition, margin: f64) {
    let rules = position.rules;
    let turn = common::turn_of(&position.transcript, rules);
    assert_eq!(turn, position.turn);
    let advice = advise(AdviceRequest {
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
    // The rule of thumb, applied here from its definition, gets it wrong.
    let thumb = match turn.phase() {
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
            assert_eq!(position.thumb, Thumb::MostDice);
            Action::Take(face)
        }
        TurnPhase::Deciding => {
            assert_eq!(position.thumb, Thumb::StopAtSix);
            if turn.score() >= 6 {
                Action::Stop
            } else {
                Action::Roll
            }
        }
        other => panic!("not a decision: {other:?}"),
    };
    assert_eq!(position.thumb_choice, thumb);
    assert_ne!(thumb, advice.best);
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
    let any = serve(config, 40);
    assert!(any.iter().any(|p| p.thumb == Thumb::MostDice));
    assert!(any.iter().any(|p| p.thumb == Thumb::StopAtSix));
    for theme in Theme::ALL {
        config.theme = Some(theme);
        let served = serve(config, 12);
        if theme == Theme::FinalRound {
            assert!(served.iter().all(|p| p.final_round));
        }
    }
}

#[test]
fn positions_are_reproducible_from_the_seed_and_not_repeated() {
    let served = serve(TrainerConfig::new(3), 30);
    let again = serve(TrainerConfig::new(3), 30);
    assert_eq!(served, again);
    let mut keys: Vec<_> = served
        .iter()
        .map(|p| (p.scores.clone(), p.seat, p.transcript.clone()))
        .collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), served.len());
    assert_ne!(served, serve(TrainerConfig::new(4), 30));
}

#[test]
fn solo_and_three_player_positions_meet_their_margin() {
    let mut config = TrainerConfig::new(1);
    config.players = 1;
    let solo = serve(config, 15);
    assert!(solo.iter().all(|p| p.measure == Measure::ExpectedTurns));
    config.players = 3;
    config.rules = Rules::official().with_target(12).unwrap();
    config.margin = Some(0.05);
    serve(config, 15);
}

#[test]
fn impossible_requests_are_refused() {
    let mut config = TrainerConfig::new(1);
    config.players = 1;
    config.theme = Some(Theme::FinalRound);
    assert!(matches!(
        Trainer::new(config),
        Err(TrainerError::ThemeNeverOccurs { .. })
    ));
    config.players = 4;
    config.theme = None;
    assert_eq!(Trainer::new(config).unwrap_err(), TrainerError::Players(4));
    config.players = 2;
    config.margin = Some(0.0);
    assert!(matches!(Trainer::new(config), Err(TrainerError::Margin(_))));
}
