//! What the values of a review measure, and how a decision's loss is classed.

use serde::Serialize;

/// What the values of a review measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Measure {
    /// The probability that a seat wins the game, from 0 to 1: higher is better.
    WinProbability,
    /// Solo play: the expected number of turns to reach the target (counting the turn being
    /// played): lower is better.
    ExpectedTurns,
}

impl Measure {
    /// How much worse `value` is than `best`: never negative (a value within rounding of the best
    /// loses nothing).
    pub fn loss(self, best: f64, value: f64) -> f64 {
        let loss = match self {
            Measure::WinProbability => best - value,
            Measure::ExpectedTurns => value - best,
        };
        loss.max(0.0)
    }

    /// The better of two values.
    pub fn better(self, a: f64, b: f64) -> f64 {
        match self {
            Measure::WinProbability => a.max(b),
            Measure::ExpectedTurns => a.min(b),
        }
    }

    /// The thresholds decisions are classed by in this measure.
    pub fn thresholds(self) -> Thresholds {
        match self {
            Measure::WinProbability => Thresholds::WIN_PROBABILITY,
            Measure::ExpectedTurns => Thresholds::EXPECTED_TURNS,
        }
    }
}

/// The class of a decision, by what it lost against the best option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// The best option, or within [`Thresholds::inaccuracy`] of it.
    Best,
    /// Lost at least [`Thresholds::inaccuracy`].
    Inaccuracy,
    /// Lost at least [`Thresholds::mistake`].
    Mistake,
    /// Lost at least [`Thresholds::blunder`].
    Blunder,
}

impl Class {
    pub const ALL: [Class; 4] = [
        Class::Best,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// The stable name used in JSON: `best`, `inaccuracy`, `mistake`, `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// The smallest loss of each class but [`Class::Best`], in the units of the measure (a
/// probability, or a number of turns).
///
/// | measure | inaccuracy | mistake | blunder |
/// |---|---|---|---|
/// | win probability | 0.5 points | 2 points | 6 points |
/// | expected turns (solo) | 0.03 turns | 0.1 turns | 0.3 turns |
///
/// (A point is a percentage point of probability: 0.01.) The thresholds are set from the losses
/// of the project's bots (`greedy`, `medium`, `easy`): rounding away the near-ties a person cannot
/// tell apart, and keeping "blunder" for a decision that gives away a clear part of the game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Thresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
}

impl Thresholds {
    /// For win probabilities (two players and more).
    pub const WIN_PROBABILITY: Thresholds = Thresholds {
        inaccuracy: 0.005,
        mistake: 0.02,
        blunder: 0.06,
    };

    /// For the expected number of turns (solo play).
    pub const EXPECTED_TURNS: Thresholds = Thresholds {
        inaccuracy: 0.03,
        mistake: 0.1,
        blunder: 0.3,
    };

    /// The class of a decision that lost `loss`.
    pub fn classify(&self, loss: f64) -> Class {
        if loss >= self.blunder {
            Class::Blunder
        } else if loss >= self.mistake {
            Class::Mistake
        } else if loss >= self.inaccuracy {
            Class::Inaccuracy
        } else {
            Class::Best
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_thresholds_at_their_edges() {
        let t = Thresholds::WIN_PROBABILITY;
        assert_eq!(t.classify(0.0), Class::Best);
        assert_eq!(t.classify(0.004_999), Class::Best);
        assert_eq!(t.classify(0.005), Class::Inaccuracy);
        assert_eq!(t.classify(0.019_999), Class::Inaccuracy);
        assert_eq!(t.classify(0.02), Class::Mistake);
        assert_eq!(t.classify(0.06), Class::Blunder);
        assert_eq!(t.classify(1.0), Class::Blunder);
        let s = Thresholds::EXPECTED_TURNS;
        assert_eq!(s.classify(0.029), Class::Best);
        assert_eq!(s.classify(0.1), Class::Mistake);
        assert_eq!(s.classify(2.0), Class::Blunder);
    }

    #[test]
    fn loss_is_measured_in_the_direction_of_the_measure() {
        assert_eq!(Measure::WinProbability.loss(0.6, 0.5), 0.6 - 0.5);
        assert_eq!(Measure::WinProbability.loss(0.5, 0.6), 0.0);
        assert_eq!(Measure::ExpectedTurns.loss(8.0, 8.5), 0.5);
        assert_eq!(Measure::ExpectedTurns.loss(8.5, 8.0), 0.0);
        assert_eq!(Measure::ExpectedTurns.better(8.5, 8.0), 8.0);
    }
}
