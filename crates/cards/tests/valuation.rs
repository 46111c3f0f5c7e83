//! A card's turns valued from its own tables equal its decisions asked situation by situation,
//! and its positions keyed alike are played alike.

use std::sync::Arc;

use martian_cards::{Card, CardPolicy};
use martian_engine::{Rules, Situation, TurnStart};
use martian_solver::{
    ActionProbabilities, DecisionPolicy, PolicyTurns, TurnPlay, TurnView, duel_match,
};

/// The card asked situation by situation, every position apart.
#[derive(Debug)]
struct Asked(Card);

impl DecisionPolicy for Asked {
    fn action_probabilities(&self, situation: &Situation<'_>) -> ActionProbabilities {
        ActionProbabilities::certain(self.0.decide(situation).0)
    }
}

fn cards() -> Vec<Card> {
    [
        "",
        "Stop when you have 6 points or more.",
        "1. Take the biggest earthling group when the biggest earthling group has 5 dice or more.\n\
         2. Take the death rays when the tanks lead by 2 or more and the roll has 3 death rays or more and the roll has 6 death rays or fewer.\n\
         3. Take the death rays when the tanks lead and 9 dice or fewer are left.\n\
         4. In the last round, roll again unless stopping puts you ahead.\n\
         5. Stop when stopping reaches the target and you have 4 points or more.\n\
         6. Stop when you have 7 points or more and 5 dice or fewer are left unless the tanks can no longer win.",
        "1. Take the chickens when you have humans and you have cows.\n\
         2. Take the smallest earthling group when the roll has 2 tanks or more unless you have 3 death rays or more.\n\
         3. Roll again when you trail by 10 or more.\n\
         4. Stop when you lead by 5 or more and you have 3 earthlings or more.\n\
         5. Stop when your score is 20 or more unless the opponent's score is 3 or less or you play first.",
    ]
    .iter()
    .map(|text| text.parse().unwrap())
    .collect()
}

#[test]
fn a_cards_own_tables_give_what_its_decisions_give() {
    let rules = Rules::official();
    let turns = PolicyTurns::shared(rules, TurnView::KindsHeld);
    let positions: [([u16; 2], usize, Option<usize>); 4] = [
        ([0, 0], 0, None),
        ([22, 14], 1, None),
        ([18, 23], 0, None),
        ([27, 19], 1, Some(0)),
    ];
    for card in cards() {
        for (scores, seat, triggered_by) in &positions {
            let start = TurnStart {
                rules,
                scores,
                seat: *seat,
                round: 1,
                triggered_by: *triggered_by,
            };
            let fast = turns
                .score_distribution(&CardPolicy::new(card.clone()), &start)
                .unwrap();
            let asked = turns
                .score_distribution(&Asked(card.clone()), &start)
                .unwrap();
            assert_eq!(fast, asked, "{card:?} at {scores:?}");
        }
    }
}

#[test]
fn positions_a_card_keys_alike_are_valued_alike() {
    let rules = Rules::official()
        .with_dice(7)
        .unwrap()
        .with_target(12)
        .unwrap();
    for card in cards() {
        let keyed = TurnPlay::Policy(Arc::new(CardPolicy::new(card.clone())));
        let apart = TurnPlay::Policy(Arc::new(Asked(card.clone())));
        let a = duel_match(rules, [&keyed, &TurnPlay::Greedy]).unwrap();
        let b = duel_match(rules, [&apart, &TurnPlay::Greedy]).unwrap();
        for player in 0..2 {
            for seat in 0..2 {
                assert!(
                    (a.seat_wins[player][seat] - b.seat_wins[player][seat]).abs() < 1e-12,
                    "{card:?}: {a:?} vs {b:?}"
                );
            }
        }
    }
}
