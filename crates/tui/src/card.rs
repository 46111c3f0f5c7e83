//! The strategy card the coach quotes: at a decision, what the card would do (the line that
//! says so) beside the solver's best option, and what following the card costs there.
//!
//! The cards offered are the shipped best cards of 1, 3 and 5 lines (`martian_cards::shipped`)
//! and, when one was given (`play --coach-card FILE`), the player's own.

use martian_cards::{Card, Source};
use martian_engine::{Action, Situation};

use crate::coach::Advice;

/// A card the coach can quote, with what it is called.
#[derive(Clone, Debug, PartialEq)]
pub struct CoachCard {
    pub name: CardName,
    pub card: Card,
}

/// What a card is called on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardName {
    /// A shipped card of this many lines.
    Shipped(usize),
    /// The player's own card: its file's name.
    File(String),
}

impl CoachCard {
    /// The shipped cards, smallest first.
    pub fn shipped() -> Vec<CoachCard> {
        martian_cards::shipped::SHIPPED
            .iter()
            .map(|shipped| CoachCard {
                name: CardName::Shipped(shipped.lines),
                card: shipped.card(),
            })
            .collect()
    }

    /// A card read from `file` (its name is shown, without the folders).
    pub fn file(file: &str, card: Card) -> CoachCard {
        let name = std::path::Path::new(file)
            .file_name()
            .map_or_else(|| file.to_string(), |n| n.to_string_lossy().into_owned());
        CoachCard {
            name: CardName::File(name),
            card,
        }
    }

    /// The card of `spec` as `--coach-card` takes it: a shipped card by its bot name (`card-1`,
    /// `card-3`, `card-5`); `None` for anything else (a file, read by the caller).
    pub fn of_shipped_name(spec: &str) -> Option<CoachCard> {
        martian_cards::shipped::SHIPPED
            .iter()
            .find(|shipped| shipped.bot == spec)
            .map(|shipped| CoachCard {
                name: CardName::Shipped(shipped.lines),
                card: shipped.card(),
            })
    }
}

/// What the card does at one decision, against the coach's values there.
#[derive(Clone, Debug, PartialEq)]
pub struct CardAdvice {
    pub action: Action,
    /// The line (0-based) that makes the move; `None` when the card's default play does.
    pub line: Option<usize>,
    /// How much worse than the best the card's move is, in the advice's measure (0 when it is a
    /// best one); `None` when the advice has no value for it.
    pub cost: Option<f64>,
}

impl CardAdvice {
    /// What `card` does in `situation` (which awaits a decision), valued by `advice`.
    pub fn of(card: &Card, situation: &Situation<'_>, advice: &Advice) -> CardAdvice {
        let (action, source) = card.decide(situation);
        CardAdvice {
            action,
            line: match source {
                Source::Line(i) => Some(i),
                Source::Default => None,
            },
            cost: advice.cost_of(action),
        }
    }

    /// Whether the card's move is (within rounding) a best one.
    pub fn is_best(&self) -> bool {
        self.cost.is_some_and(|cost| cost < 1e-9)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coach::Measure;
    use martian_engine::{Face, Rules, Transcript};

    #[test]
    fn the_card_s_move_its_line_and_its_cost_against_the_advice() {
        let rules = Rules::official();
        let card: Card = "1. Stop when you have 4 points or more.".parse().unwrap();
        // 3 death rays then 4 chickens taken, one tank aside: 4 points, the card's line 1 stops.
        let turn = "TRRRHHCCKKKCC/R RHHCCKKKK/K"
            .parse::<Transcript>()
            .unwrap()
            .replay(rules)
            .unwrap();
        let situation = Situation {
            rules,
            scores: &[3, 9],
            seat: 0,
            round: 2,
            turn: &turn,
            triggered_by: None,
        };
        let advice = Advice::new(
            Measure::WinProbability,
            vec![(Action::Roll, 0.51), (Action::Stop, 0.47)],
        );
        let said = CardAdvice::of(&card, &situation, &advice);
        assert_eq!(said.action, Action::Stop);
        assert_eq!(said.line, Some(0));
        assert!((said.cost.unwrap() - 0.04).abs() < 1e-12);
        assert!(!said.is_best());
        let agrees = Advice::new(
            Measure::WinProbability,
            vec![(Action::Roll, 0.45), (Action::Stop, 0.47)],
        );
        let said = CardAdvice::of(&card, &situation, &agrees);
        assert!(said.is_best());
        // A card with no line applying plays its default: the biggest earthling group (the 4
        // cows).
        let empty: Card = "1. Stop when you have 30 points or more.".parse().unwrap();
        let start = "TRRRHHCCKKKCC"
            .parse::<Transcript>()
            .unwrap()
            .replay(rules)
            .unwrap();
        let situation = Situation {
            turn: &start,
            ..situation
        };
        let values = Advice::new(
            Measure::WinProbability,
            vec![
                (Action::Take(Face::Cow), 0.5),
                (Action::Take(Face::DeathRay), 0.4),
            ],
        );
        let said = CardAdvice::of(&empty, &situation, &values);
        assert_eq!(said.line, None);
        assert_eq!(said.action, Action::Take(Face::Cow));
    }

    #[test]
    fn the_shipped_cards_by_name_and_a_file_s_name() {
        assert_eq!(CoachCard::shipped().len(), 3);
        assert_eq!(
            CoachCard::of_shipped_name("card-5").map(|c| c.name),
            Some(CardName::Shipped(5))
        );
        assert_eq!(CoachCard::of_shipped_name("cards/5-lines.txt"), None);
        let card: Card = "1. Stop when you have 6 points or more.".parse().unwrap();
        assert_eq!(
            CoachCard::file("some/where/mine.txt", card).name,
            CardName::File("mine.txt".into())
        );
    }
}
