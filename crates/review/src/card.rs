//! A game, a position or a decision measured against a strategy card: what the card would do,
//! which of its lines says so, and what following it costs against the best option — for the
//! trainer that drills a card, the coach that quotes one and the review that measures a game
//! against one.

use martian_cards::{Card, Source};
use martian_engine::{Action, EndRule, Points, Rules, Situation, Turn};
use serde::Serialize;

use crate::measure::Measure;
use crate::review::{Decision, Review};
use crate::valuer::OptionValue;

/// What a card does at one decision and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CardMove {
    /// The card's move.
    #[serde(serialize_with = "crate::serialize_action")]
    pub action: Action,
    /// The line (0-based) that makes it; `None` when no line applies and the card's default
    /// play does.
    pub line: Option<usize>,
    /// How much worse the card's move is than the best option (0 when it is the best).
    pub loss: f64,
}

impl CardMove {
    /// The card's move among `options` (valued in `measure`, `best` the best of them) in the
    /// game `rules` at `scores`, `seat`, `round`, `turn` (a decision must be awaited).
    pub fn of(
        card: &Card,
        at: CardPlace<'_>,
        options: &[OptionValue],
        best: Action,
        measure: Measure,
    ) -> CardMove {
        let situation = at.situation();
        let (action, source) = card.decide(&situation);
        let value = |action: Action| options.iter().find(|o| o.action == action).map(|o| o.value);
        let loss = match (value(best), value(action)) {
            (Some(best_value), Some(card_value)) if action != best => {
                measure.loss(best_value, card_value)
            }
            _ => 0.0,
        };
        CardMove {
            action,
            line: match source {
                Source::Line(i) => Some(i),
                Source::Default => None,
            },
            loss,
        }
    }
}

/// Where a decision is, as a card reads it.
#[derive(Clone, Copy, Debug)]
pub struct CardPlace<'a> {
    pub rules: Rules,
    /// Banked totals in seat order, before the turn.
    pub scores: &'a [Points],
    pub seat: usize,
    /// 1-based.
    pub round: u32,
    pub turn: &'a Turn,
}

impl CardPlace<'_> {
    /// The situation a card decides in. The final round (a card's "last round") is the round
    /// after a seat's total reached the target under the complete-round rule, as the game
    /// itself marks it.
    fn situation(&self) -> Situation<'_> {
        let target = self.rules.target();
        let triggered_by = if self.rules.end() == EndRule::CompleteRound {
            self.scores.iter().position(|&s| s >= target)
        } else {
            None
        };
        Situation {
            rules: self.rules,
            scores: self.scores,
            seat: self.seat,
            round: self.round,
            turn: self.turn,
            triggered_by,
        }
    }
}

/// One decision of a review set against the card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardDecision {
    /// The decision's index in [`Review::decisions`].
    pub index: usize,
    /// What the card would have done there.
    pub card: CardMove,
    /// Whether the player did what the card says.
    pub followed: bool,
    /// The player's loss against the best minus the card's: positive where the card would have
    /// saved the player that much, negative where the player beat the card.
    pub card_gain: f64,
}

/// A review measured against a card, for one seat or every seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardReview {
    /// Every decision with a choice (forced ones aside) of the seats measured.
    pub decisions: Vec<CardDecision>,
    /// How many the player followed the card at.
    pub followed: usize,
    /// 100 × followed ÷ decisions (`None` with no decision).
    pub agreement: Option<f64>,
    /// The total loss against the best of the player's choices, and of the card's moves.
    pub player_loss: f64,
    pub card_loss: f64,
}

impl CardReview {
    /// Measures the decisions of `review` (of `seat`, or of every seat) against `card`.
    pub fn of(review: &Review, card: &Card, seat: Option<usize>) -> CardReview {
        let measure = review.measure;
        let decisions: Vec<CardDecision> = review
            .decisions
            .iter()
            .enumerate()
            .filter(|(_, d)| !d.forced && seat.is_none_or(|s| s == d.seat))
            .filter_map(|(index, d)| {
                let turn = decision_turn(review.rules, d)?;
                let card = CardMove::of(
                    card,
                    CardPlace {
                        rules: review.rules,
                        scores: &d.scores,
                        seat: d.seat,
                        round: d.round,
                        turn: &turn,
                    },
                    &d.options,
                    d.best,
                    measure,
                );
                Some(CardDecision {
                    index,
                    card,
                    followed: card.action == d.chosen,
                    card_gain: d.loss - card.loss,
                })
            })
            .collect();
        let followed = decisions.iter().filter(|d| d.followed).count();
        let agreement =
            (!decisions.is_empty()).then(|| 100.0 * followed as f64 / decisions.len() as f64);
        let player_loss = decisions
            .iter()
            .map(|d| review.decisions[d.index].loss)
            .sum();
        let card_loss = decisions.iter().map(|d| d.card.loss).sum();
        CardReview {
            decisions,
            followed,
            agreement,
            player_loss,
            card_loss,
        }
    }

    /// Where the card would have saved the player the most, largest first (only those it
    /// would have saved something at).
    pub fn card_saves(&self) -> Vec<&CardDecision> {
        let mut saves: Vec<_> = self
            .decisions
            .iter()
            .filter(|d| d.card_gain > 0.0)
            .collect();
        saves.sort_by(|a, b| b.card_gain.total_cmp(&a.card_gain));
        saves
    }

    /// Where the player beat the card the most, largest first.
    pub fn player_beats(&self) -> Vec<&CardDecision> {
        let mut beats: Vec<_> = self
            .decisions
            .iter()
            .filter(|d| d.card_gain < 0.0)
            .collect();
        beats.sort_by(|a, b| a.card_gain.total_cmp(&b.card_gain));
        beats
    }
}

/// `review` measured against `card` as `martian-dice review --json --card SPEC` prints it (its
/// `card` object, `docs/review-format.md`): the card as given (`spec`), its lines in English, a
/// summary per seat with decisions, and every decision with a choice set against the card.
pub fn card_json(review: &Review, card: &Card, spec: &str) -> serde_json::Value {
    let lang = martian_cards::CardLang::En;
    let all = CardReview::of(review, card, None);
    let seats: Vec<serde_json::Value> = (0..review.players.len())
        .filter_map(|seat| {
            let measured = CardReview::of(review, card, Some(seat));
            measured.agreement?;
            Some(serde_json::json!({
                "seat": seat,
                "decisions": measured.decisions.len(),
                "followed": measured.followed,
                "agreement": measured.agreement,
                "player_loss": measured.player_loss,
                "card_loss": measured.card_loss,
                "card_saves": measured.card_saves().iter().map(|c| c.index).collect::<Vec<_>>(),
                "player_beats": measured.player_beats().iter().map(|c| c.index).collect::<Vec<_>>(),
            }))
        })
        .collect();
    let decisions: Vec<serde_json::Value> = all
        .decisions
        .iter()
        .map(|c| {
            serde_json::json!({
                "decision": c.index,
                "seat": review.decisions[c.index].seat,
                "turn": review.decisions[c.index].turn,
                "followed": c.followed,
                "action": c.card.action.code(),
                "line": c.card.line.map(|i| i + 1),
                "text": c.card.line.map(|i| format!("{}. {}", i + 1, card.line_text(i, lang))),
                "loss": c.card.loss,
                "card_gain": c.card_gain,
            })
        })
        .collect();
    serde_json::json!({
        "card": spec,
        "lines": (0..card.len())
            .map(|i| card.line_text(i, lang))
            .collect::<Vec<_>>(),
        "seats": seats,
        "decisions": decisions,
    })
}

/// The turn of a decision, replayed from its transcript.
fn decision_turn(rules: Rules, decision: &Decision) -> Option<Turn> {
    decision
        .transcript
        .parse::<martian_engine::Transcript>()
        .ok()?
        .replay(rules)
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::Transcript;

    fn turn(rules: Rules, text: &str) -> Turn {
        text.parse::<Transcript>().unwrap().replay(rules).unwrap()
    }

    /// The card's move, its line and its loss come from the card and the options given.
    #[test]
    fn a_card_s_move_its_line_and_its_cost() {
        let rules = Rules::official();
        let card: Card =
            "1. Take the death rays when the tanks lead.\n2. Stop when you have 6 points or more."
                .parse()
                .unwrap();
        // Two tanks, no death ray aside: the tanks lead, and the roll has death rays.
        let t = turn(rules, "TTRRRHHHCCKKK/H TRRRCCKK");
        let options = [
            OptionValue {
                action: Action::Take(martian_engine::Face::DeathRay),
                value: 0.40,
            },
            OptionValue {
                action: Action::Take(martian_engine::Face::Cow),
                value: 0.45,
            },
            OptionValue {
                action: Action::Take(martian_engine::Face::Chicken),
                value: 0.43,
            },
        ];
        let at = CardPlace {
            rules,
            scores: &[10, 12],
            seat: 0,
            round: 3,
            turn: &t,
        };
        let best = Action::Take(martian_engine::Face::Cow);
        let m = CardMove::of(&card, at, &options, best, Measure::WinProbability);
        assert_eq!(m.action, Action::Take(martian_engine::Face::DeathRay));
        assert_eq!(m.line, Some(0));
        assert!((m.loss - 0.05).abs() < 1e-12);
        // The card's move is the best: no loss.
        let m = CardMove::of(
            &card,
            at,
            &options,
            Action::Take(martian_engine::Face::DeathRay),
            Measure::WinProbability,
        );
        assert_eq!(m.loss, 0.0);
    }

    /// With no line applying, the default play: the biggest earthling group.
    #[test]
    fn with_no_line_applying_the_default_decides() {
        let rules = Rules::official();
        let card: Card = "1. Stop when you have 6 points or more.".parse().unwrap();
        let t = turn(rules, "RRRRHHHHTCCKK");
        let at = CardPlace {
            rules,
            scores: &[0, 0],
            seat: 0,
            round: 1,
            turn: &t,
        };
        let m = CardMove::of(&card, at, &[], Action::Stop, Measure::WinProbability);
        assert_eq!(m.action, Action::Take(martian_engine::Face::Human));
        assert_eq!(m.line, None);
        assert_eq!(m.loss, 0.0);
    }
}
