//! The coach for a person playing against bots: everyone's chance to win now (the win-chance bar)
//! and, on the person's own decisions, each option's chance to win — exact values from the solver.
//! Offered in games of two (a duel) up to [`MAX_COACH_TARGET`], where the solution is quick to get.

use martian_engine::{Action, Points, Rules, Turn};
use martian_solver::{AdviceMeasure, AdviceRequest, advise_with_reason};

pub use martian_protocol::coach::{CardMove, CardText, CoachAdvice, CoachOption};

/// The largest target the coach works for: the duel solution's first computation grows with the
/// square of the target (about 20 s at 100), and is then kept by the solver. With many dice the
/// solver's own limit is lower ([`max_target`]).
pub const MAX_COACH_TARGET: Points = 100;

/// The largest target the coach works for with `dice` dice: [`MAX_COACH_TARGET`], or the duel
/// solver's limit where that is lower (55 with 30 dice), beyond which there are no values to give.
pub fn max_target(dice: u8) -> Points {
    MAX_COACH_TARGET.min(martian_engine::SolvedGame::Duel.max_target(dice))
}

/// Why the coach is not offered in a game (its text is the protocol's refusal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CoachUnavailable {
    #[error("the coach works in games of two players")]
    NotTwoPlayers,
    #[error("the coach is for a person playing against a bot")]
    NotOnePersonAgainstABot,
    #[error("the coach works for targets up to {max} with {dice} dice")]
    TargetTooHigh { dice: u8, max: Points },
}

/// Why the coach is not offered in a game, if it is not.
pub fn unavailable(rules: Rules, players: usize, humans: usize) -> Option<CoachUnavailable> {
    if players != 2 {
        Some(CoachUnavailable::NotTwoPlayers)
    } else if humans != 1 {
        Some(CoachUnavailable::NotOnePersonAgainstABot)
    } else if rules.target() > max_target(rules.dice()) {
        Some(CoachUnavailable::TargetTooHigh {
            dice: rules.dice(),
            max: max_target(rules.dice()),
        })
    } else {
        None
    }
}

/// What each shipped card does when `mover` is to decide in `turn` (round `round`, banked
/// `scores`): the card reads the game as the game marks it (its "last round" is the round after
/// a seat reached the target, under the complete-round rule).
fn card_moves(
    rules: Rules,
    scores: &[Points],
    mover: usize,
    round: u32,
    turn: &Turn,
) -> Vec<CardMove> {
    use martian_cards::{CardLang, Source};
    let triggered_by = if rules.end() == martian_engine::EndRule::CompleteRound {
        scores.iter().position(|&s| s >= rules.target())
    } else {
        None
    };
    let situation = martian_engine::Situation {
        rules,
        scores,
        seat: mover,
        round,
        turn,
        triggered_by,
    };
    martian_cards::shipped::SHIPPED
        .iter()
        .map(|shipped| {
            let card = shipped.card();
            let (action, source) = card.decide(&situation);
            let line = match source {
                Source::Line(i) => Some(i),
                Source::Default => None,
            };
            let words = |lang| line.map(|i| card.line_text(i, lang)).unwrap_or_default();
            CardMove {
                lines: shipped.lines,
                action: action.code(),
                line: line.map_or(0, |i| i + 1),
                text: CardText {
                    en: words(CardLang::En),
                    pt_br: words(CardLang::PtBr),
                },
            }
        })
        .collect()
}

/// The advice for `recipient` when `mover` is to play `turn` in `round` with banked `scores`, or
/// `None` when there is nothing to advise (the solver refuses the position: game over, roll-off).
pub fn advice(
    rules: Rules,
    scores: &[Points],
    mover: usize,
    turn: &Turn,
    round: u32,
    moves: usize,
    recipient: usize,
) -> Option<CoachAdvice> {
    let (advice, reason) = advise_with_reason(AdviceRequest {
        rules,
        scores: Some(scores),
        seat: mover,
        turn,
    })
    .ok()?;
    if advice.measure != AdviceMeasure::WinProbability {
        return None;
    }
    let now = advice
        .options
        .iter()
        .find(|o| o.action == advice.best)
        .map(|o| o.value)?;
    let chances: Vec<f64> = (0..scores.len())
        .map(|seat| if seat == mover { now } else { 1.0 - now })
        .collect();
    let mine = mover == recipient;
    // The chances shown side by side: every seat's, and the options' when they are shown.
    let mut values = chances.clone();
    if mine {
        values.extend(advice.options.iter().map(|o| o.value));
    }
    let code = |action: Action| action.code();
    Some(CoachAdvice {
        moves,
        chances,
        options: if mine {
            advice
                .options
                .iter()
                .map(|o| CoachOption {
                    action: code(o.action),
                    chance: o.value,
                })
                .collect()
        } else {
            Vec::new()
        },
        best: mine.then(|| code(advice.best)),
        reason: reason.filter(|_| mine),
        cards: if mine && advice.options.len() > 1 {
            card_moves(rules, scores, mover, round, turn)
        } else {
            Vec::new()
        },
        places: martian_solver::figures::percent_places(&values, 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::{Face, Game};

    #[test]
    fn chances_sum_to_one_and_the_best_option_is_the_current_chance() {
        let rules = Rules::official();
        let mut game = Game::new(rules, 2).unwrap();
        game.apply_roll("TTRRRHHCKKKCC".parse().unwrap()).unwrap();
        let advice = advice(rules, game.scores(), 0, game.turn(), 1, 1, 0).unwrap();
        assert!((advice.chances.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let best = advice.best.clone().unwrap();
        let best_chance = advice
            .options
            .iter()
            .find(|o| o.action == best)
            .unwrap()
            .chance;
        assert_eq!(best_chance, advice.chances[0]);
        assert!(advice.options.iter().all(|o| o.chance <= best_chance));
        let actions: Vec<_> = advice.options.iter().map(|o| o.action.as_str()).collect();
        assert_eq!(actions, ["R", "H", "C", "K"]);
        // What the shipped cards say here, read off their files: two tanks aside and none of
        // the death rays, 3 death rays, 11 dice left and at most 3 of an earthling in the roll.
        // The 1-line card's line asks that taking the rays leave 7 dice or fewer (8 here), so
        // its default takes the biggest group (cows before chickens); the 3-line card's first
        // line and the 5-line card's second (its first wants an earthling held) take the rays.
        let said: Vec<_> = advice
            .cards
            .iter()
            .map(|c| (c.lines, c.action.as_str(), c.line))
            .collect();
        assert_eq!(said, [(1, "C", 0), (3, "R", 1), (5, "R", 2)]);
        let five = &advice.cards[2];
        assert!(
            five.text
                .en
                .starts_with("Take the death rays when the tanks lead and"),
            "{five:?}"
        );
        assert!(
            five.text.pt_br.starts_with("Pegue os raios da morte"),
            "{five:?}"
        );
        // The other seat sees the chances but not the options.
        let theirs = super::advice(rules, game.scores(), 0, game.turn(), 1, 1, 1).unwrap();
        assert!(theirs.options.is_empty() && theirs.best.is_none());
        assert!(theirs.cards.is_empty(), "the cards come with the options");
        game.play(martian_engine::Action::Take(Face::DeathRay))
            .unwrap();
        let after = super::advice(rules, game.scores(), 0, game.turn(), 1, 2, 0).unwrap();
        let stop_roll: Vec<_> = after.options.iter().map(|o| o.action.as_str()).collect();
        assert_eq!(stop_roll, ["stop", "roll"]);
    }

    /// The reason comes with the recipient's own decisions: the solver's, as a message id and
    /// arguments with which both languages' message reads whole once its decimals are written
    /// with the language's separator, as the page does.
    #[test]
    fn the_reason_is_the_solver_s_and_formats_with_the_arguments_sent() {
        let rules = Rules::official();
        let mut game = Game::new(rules, 2).unwrap();
        game.apply_roll("TTRRRHHCKKKCC".parse().unwrap()).unwrap();
        let positions = [
            (game.scores().to_vec(), *game.turn()),
            (vec![30, 20], {
                let mut turn = *game.turn();
                turn.play(martian_engine::Action::Take(Face::Chicken))
                    .unwrap();
                turn
            }),
        ];
        for (scores, turn) in positions {
            let seat = if scores[0] >= rules.target() { 1 } else { 0 };
            let (_, expected) = advise_with_reason(AdviceRequest {
                rules,
                scores: Some(&scores),
                seat,
                turn: &turn,
            })
            .unwrap();
            let expected = expected.expect("a decision has a reason");
            let mine = super::advice(rules, &scores, seat, &turn, 1, 1, seat).unwrap();
            assert_eq!(mine.reason.as_ref(), Some(&expected));
            let json = serde_json::to_value(&mine).unwrap();
            assert_eq!(json["reason"]["id"], expected.id());
            for (name, arg) in expected.args() {
                let value = match arg {
                    martian_solver::ReasonArg::Number(n) => serde_json::json!(n),
                    other => serde_json::json!(other.plain()),
                };
                assert_eq!(json["reason"]["args"][name], value, "{name}");
            }
            for lang in martian_i18n::Lang::ALL {
                let m = lang.messages();
                assert!(m.has(expected.id()), "{lang}: {}", expected.id());
                let point = martian_i18n::tr!(m, "decimal-point");
                let args: Vec<(&str, martian_i18n::Arg<'_>)> = json["reason"]["args"]
                    .as_object()
                    .unwrap()
                    .iter()
                    .map(|(name, value)| {
                        let arg = match value {
                            serde_json::Value::String(s) => {
                                martian_i18n::Arg::from(s.replace('.', &point))
                            }
                            other => martian_i18n::Arg::from(other.as_i64().unwrap()),
                        };
                        (name.as_str(), arg)
                    })
                    .collect();
                let text = m.text(expected.id(), &args);
                assert!(!text.contains('{'), "{lang}: {text}");
            }
            // The other seat sees no reason, as it sees no options.
            let theirs = super::advice(rules, &scores, seat, &turn, 1, 1, 1 - seat).unwrap();
            assert!(theirs.reason.is_none());
            let json = serde_json::to_value(&theirs).unwrap();
            assert!(json["reason"].is_null());
        }
    }

    #[test]
    fn the_coach_is_for_one_person_against_one_bot() {
        let rules = Rules::official();
        assert_eq!(unavailable(rules, 2, 1), None);
        assert_eq!(
            unavailable(rules, 3, 1),
            Some(CoachUnavailable::NotTwoPlayers)
        );
        assert_eq!(
            unavailable(rules, 2, 2),
            Some(CoachUnavailable::NotOnePersonAgainstABot)
        );
        let too_high = unavailable(rules.with_target(200).unwrap(), 2, 1);
        assert_eq!(
            too_high,
            Some(CoachUnavailable::TargetTooHigh { dice: 13, max: 100 })
        );
        assert_eq!(
            too_high.unwrap().to_string(),
            "the coach works for targets up to 100 with 13 dice"
        );
    }

    /// Where the duel solver stops short of [`MAX_COACH_TARGET`] (many dice), the coach stops
    /// with it: every game it is offered in has values to give, and advice comes.
    #[test]
    fn the_coach_is_offered_only_within_the_solver_s_limits() {
        use martian_engine::SolvedGame;
        assert_eq!(max_target(13), MAX_COACH_TARGET);
        for dice in Rules::MIN_DICE..=Rules::MAX_DICE {
            let max = max_target(dice);
            assert!(
                (Rules::MIN_TARGET..=MAX_COACH_TARGET).contains(&max),
                "{dice}: {max}"
            );
            let at = Rules::official()
                .with_dice(dice)
                .unwrap()
                .with_target(max)
                .unwrap();
            assert_eq!(unavailable(at, 2, 1), None, "{dice} dice to {max}");
            assert!(SolvedGame::Duel.check(at).is_ok(), "{dice} dice to {max}");
            let beyond = at.with_target(max + 1).unwrap();
            assert_eq!(
                unavailable(beyond, 2, 1),
                Some(CoachUnavailable::TargetTooHigh { dice, max }),
                "{dice} dice to {}",
                max + 1
            );
        }
        // 30 dice: the solver's limit (55) is the coach's, and beyond it the refusal says so.
        let many = Rules::official().with_dice(30).unwrap();
        assert_eq!(max_target(30), SolvedGame::Duel.max_target(30));
        assert!(max_target(30) < MAX_COACH_TARGET);
        let refused = unavailable(many.with_target(max_target(30) + 1).unwrap(), 2, 1).unwrap();
        assert_eq!(
            refused.to_string(),
            format!(
                "the coach works for targets up to {} with 30 dice",
                max_target(30)
            )
        );
    }
}
