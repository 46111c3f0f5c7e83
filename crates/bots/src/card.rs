//! `card:FILE` and the shipped cards (`card-1`, `card-3`, `card-5`, `card-pocket`, …): a player that follows a
//! strategy card (see the `martian-cards` crate and `docs/strategy.md`).

use std::collections::HashMap;
use std::sync::Arc;

use martian_cards::{Card, CardPolicy};
use martian_engine::{Action, GameRng, Rules, Situation, TurnStart};
use martian_solver::{DecisionPolicy, PolicyTurns, TurnPlay};

use crate::{BotError, Strategy, TurnScoreSampler};

/// A player that follows a card: the first line that applies decides.
#[derive(Debug)]
pub struct CardBot {
    name: String,
    policy: Arc<CardPolicy>,
    /// Its turns' score distributions, by what the card makes of the position (turn-level
    /// play); for the rules they were made under.
    samplers: HashMap<Vec<i32>, TurnScoreSampler>,
    sampled_rules: Option<Rules>,
}

impl CardBot {
    /// A player named `name` following `card`.
    pub fn new(name: impl Into<String>, card: Card) -> CardBot {
        CardBot {
            name: name.into(),
            policy: Arc::new(CardPolicy::new(card)),
            samplers: HashMap::new(),
            sampled_rules: None,
        }
    }

    /// The player of `spec`: `card:PATH` reads the card in the file, `card-N` is a shipped
    /// card.
    pub fn from_spec(spec: &str) -> Result<CardBot, BotError> {
        let bad = |message: String| BotError::BadSpec {
            spec: spec.to_string(),
            message,
        };
        if let Some(shipped) = martian_cards::shipped::by_name(spec) {
            return Ok(CardBot::new(shipped.bot, shipped.card()));
        }
        let path = spec
            .strip_prefix("card:")
            .filter(|path| !path.is_empty())
            .ok_or_else(|| bad("a card bot is card:FILE".into()))?;
        let text = std::fs::read_to_string(path)
            .map_err(|e| bad(format!("cannot read the card {path}: {e}")))?;
        let card = text.parse().map_err(|e| bad(format!("{path}: {e}")))?;
        Ok(CardBot::new(spec, card))
    }

    pub fn card(&self) -> &Card {
        self.policy.card()
    }
}

impl Strategy for CardBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, situation: &Situation<'_>, _: &mut GameRng) -> Result<Action, BotError> {
        Ok(self.card().decide(situation).0)
    }

    /// A card's turn depends on the position only through what its conditions make of it:
    /// its distribution is made once per such key.
    fn turn_score_sampler(&mut self, start: &TurnStart<'_>) -> Option<&TurnScoreSampler> {
        if self.sampled_rules != Some(start.rules) {
            self.samplers.clear();
            self.sampled_rules = Some(start.rules);
        }
        let key = self.card().position_key(start);
        if !self.samplers.contains_key(&key) {
            let turns = PolicyTurns::shared(start.rules, self.policy.view());
            let distribution = turns
                .score_distribution(self.policy.as_ref(), start)
                .expect("a card chooses only legal actions");
            let sampler = TurnScoreSampler::new(&distribution)
                .expect("a turn's score distribution is a distribution");
            self.samplers.insert(key.clone(), sampler);
        }
        self.samplers.get(&key)
    }

    fn turn_play(&self, _: Rules) -> Option<TurnPlay> {
        Some(TurnPlay::Policy(
            Arc::clone(&self.policy) as Arc<dyn DecisionPolicy>
        ))
    }
}
