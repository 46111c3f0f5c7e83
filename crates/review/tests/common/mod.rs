//! Records for the review's tests: games played die by die through the engine by the project's
//! bots, recorded as every interface records them (`GameRecord::of_game`).

#![allow(dead_code)]

pub mod levels;

use martian_engine::{
    Action, Awaiting, Game, GameRecord, PlayerInfo, Rules, Transcript, Turn, seeded_rng,
};
use martian_solver::{AdviceRequest, advise};

/// A whole game under `rules` between `bots` (names as `martian_bots::create` takes them), from
/// `seed`.
pub fn play(rules: Rules, bots: &[&str], seed: u64) -> GameRecord {
    play_until(rules, bots, seed, usize::MAX)
}

/// The game of [`play`], stopped once `steps` engine steps (rolls and decisions) are made.
pub fn play_until(rules: Rules, bots: &[&str], seed: u64, steps: usize) -> GameRecord {
    let mut rng = seeded_rng(seed);
    let mut game = Game::new(rules, bots.len()).unwrap();
    let mut strategies: Vec<_> = bots
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let mut bot = martian_bots::create(name, rules).unwrap();
            bot.new_game(rules, seat, bots.len()).unwrap();
            bot
        })
        .collect();
    let mut made = 0;
    while game.awaiting() != Awaiting::Nothing && made < steps {
        match game.awaiting() {
            Awaiting::Decision { seat } => {
                let action = strategies[seat]
                    .decide(&game.situation(), &mut rng)
                    .unwrap();
                game.play(action).unwrap();
            }
            _ => {
                game.roll(&mut rng).unwrap();
            }
        }
        made += 1;
    }
    let players = bots
        .iter()
        .enumerate()
        .map(|(seat, bot)| PlayerInfo {
            name: format!("{bot} {seat}"),
            bot: Some(bot.to_string()),
        })
        .collect();
    GameRecord::of_game(&game, players, Some(seed))
}

/// The turn a decision's transcript describes, replayed afresh under `rules`.
pub fn turn_of(transcript: &str, rules: Rules) -> Turn {
    transcript
        .parse::<Transcript>()
        .unwrap()
        .replay(rules)
        .unwrap()
}

/// The advisor's options and best for a decision of a review, asked afresh.
pub fn advice_for(
    decision: &martian_review::Decision,
    rules: Rules,
) -> (Vec<(Action, f64)>, Action) {
    let turn = turn_of(&decision.transcript, rules);
    let advice = advise(AdviceRequest {
        rules,
        scores: Some(&decision.scores),
        seat: decision.seat,
        turn: &turn,
    })
    .unwrap();
    (
        advice.options.iter().map(|o| (o.action, o.value)).collect(),
        advice.best,
    )
}
