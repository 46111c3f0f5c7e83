//! The coach quoting a strategy card in the full-screen game: the card key goes through the
//! shipped cards (and the player's own), and at each decision the coach says what the card would
//! do — its line quoted, its move tagged among the values — and what following it costs, in both
//! languages, whole at 80×24.

use martian_engine::Awaiting;
use martian_tui::messages as msg;
use martian_tui::{
    CardAdvice, CoachCard, CoachMode, GameSetup, Lang, SeatSpec, Session, SolverAdvisor,
};
use ratatui::crossterm::event::KeyCode;

mod harness;

use harness::*;

/// What the card quoted says at the decision on screen, from the card and the coach's values
/// (worked out here, not read off the screen).
fn expected_card_text(session: &Session, card: &CoachCard) -> (CardAdvice, String) {
    let advice = session
        .current_advice()
        .cloned()
        .flatten()
        .expect("the coach's values");
    let said = CardAdvice::of(&card.card, &session.game.situation(), &advice);
    let m = session.lang.messages();
    let text = msg::card_says(m, &card.card, &said, &advice);
    (said, text)
}

/// Plays (steadily) until a decision of Ana where `until` holds for what the card says.
fn play_to_card_decision(h: &mut Harness, card: &CoachCard, until: impl Fn(&CardAdvice) -> bool) {
    for _ in 0..20_000 {
        let session = h.session();
        assert!(!session.game.is_over(), "the game ended first");
        if session.human_to_act().is_some() {
            if matches!(session.game.awaiting(), Awaiting::Decision { .. }) {
                let (said, _) = expected_card_text(session, card);
                if until(&said) {
                    return;
                }
            }
            let key = if session.lang == Lang::PtBr {
                steady_keys_pt(session)
            } else {
                steady_keys(session)
            };
            h.keys(&key.to_string());
        } else {
            h.wait(100);
        }
    }
    panic!("no such decision");
}

fn shipped(lines: usize) -> CoachCard {
    CoachCard::of_shipped_name(&format!("card-{lines}")).unwrap()
}

#[test]
fn the_card_key_goes_through_the_shipped_cards_and_the_coach_quotes_the_chosen_one() {
    // Seed 27's first roll: each shipped card decides it by one of its lines.
    let mut h = Harness::with(setup(27), Some(Box::new(SolverAdvisor::blocking())), true);
    h.key(KeyCode::Enter);
    h.keys("r");
    assert!(h.screen(80, 24).contains("Press [a]"), "the coach is off");
    assert_eq!(h.app.coach_card(), None);
    // Each card chosen in turn is quoted whole; at this decision at least one of them decides
    // by one of its lines (rather than by its default play), so a line's quote is checked.
    let mut by_a_line = false;
    for lines in [1, 3, 5] {
        h.keys("e");
        assert_eq!(h.app.coach_card(), Some(&shipped(lines)));
        let screen = h.screen(80, 24);
        let (said, text) = expected_card_text(h.session(), &shipped(lines));
        assert!(
            flattened(&screen).contains(&flattened(&text)),
            "{text}\n{screen}"
        );
        by_a_line |= said.line.is_some();
    }
    assert!(by_a_line, "no card decides this move by a line");
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("The coach quotes the best 5-line card."),
        "{screen}"
    );
    assert!(
        screen.contains("Coach · 5-line card"),
        "the panel's title: {screen}"
    );
    insta::assert_snapshot!("card_chosen", screen);
    // After the last card, none; the coach stays on.
    h.keys("e");
    assert_eq!(h.app.coach_card(), None);
    let screen = h.screen(80, 24);
    assert!(screen.contains("The coach quotes no card now."), "{screen}");
    assert!(!screen.contains("Card line"), "{screen}");
    assert!(screen.contains("chance to win"), "{screen}");
}

/// Where the card's move is not the best, the coach tags it and says what it costs: the cost
/// is the coach's own difference between the best value and the card's move's.
#[test]
fn where_the_card_is_wrong_the_coach_says_what_following_it_costs() {
    for lang in Lang::ALL {
        let card = shipped(1);
        let mut h = Harness::with_card(GameSetup { lang, ..setup(21) }, card.clone());
        h.key(KeyCode::Enter);
        assert!(
            h.session().coach_visible,
            "a card asked for shows the coach"
        );
        play_to_card_decision(&mut h, &card, |said| !said.is_best());
        let session = h.session();
        let advice = session.current_advice().cloned().flatten().unwrap();
        let (said, text) = expected_card_text(session, &card);
        let (best, best_value) = advice.best().unwrap();
        let cost = best_value - advice.value_of(said.action).unwrap();
        assert!((said.cost.unwrap() - cost).abs() < 1e-12);
        assert_ne!(said.action, best);
        let m = lang.messages();
        assert!(text.contains(&advice.format_cost(m, cost)), "{text}");
        let screen = h.screen(80, 24);
        assert!(
            flattened(&screen).contains(&flattened(&text)),
            "{text}\n{screen}"
        );
        // The card's move is tagged beside its value.
        let label = msg::coach_option(m, said.action);
        let tag = msg::coach_card_tag(m);
        assert!(
            screen
                .lines()
                .any(|l| l.contains(&format!("{label} ")) && l.contains(&format!(" {tag}"))),
            "{lang}: {label} {tag}\n{screen}"
        );
        insta::assert_snapshot!(format!("card_costs_{lang}"), screen);
    }
}

/// At every decision of whole games, in both languages, with a card quoted: every value of the
/// coach and what the card says are on screen whole.
#[test]
fn the_card_s_words_are_never_cut_at_80x24_in_either_language() {
    let tables: [Vec<SeatSpec>; 2] = [
        vec![SeatSpec::human("Abcdefghijklmnop"), SeatSpec::bot("steady")],
        std::iter::once(SeatSpec::human("Ana"))
            .chain((0..7).map(|_| SeatSpec::bot("steady")))
            .collect(),
    ];
    let mut checked = 0;
    for lang in Lang::ALL {
        let m = lang.messages();
        for (t, seats) in tables.iter().enumerate() {
            for lines in [3, 5] {
                let card = shipped(lines);
                let setup = GameSetup {
                    seats: seats.clone(),
                    coach: CoachMode::Always,
                    lang,
                    ..setup(41 + t as u64)
                };
                let mut h = Harness::with_card(setup, card.clone());
                h.key(KeyCode::Enter);
                for _ in 0..20_000 {
                    let session = h.session();
                    if session.game.is_over() {
                        break;
                    }
                    if session.human_to_act().is_none() {
                        h.wait(100);
                        continue;
                    }
                    if matches!(session.game.awaiting(), Awaiting::Decision { .. }) {
                        let screen = h.screen(80, 24);
                        let (_, text) = expected_card_text(session, &card);
                        assert!(
                            flattened(&screen).contains(&flattened(&text)),
                            "{lang}: {text}\n{screen}"
                        );
                        let advice = session.current_advice().cloned().flatten().unwrap();
                        for &(action, value) in &advice.values {
                            let label = msg::coach_option(m, action);
                            let value = advice.format_value(m, value);
                            assert!(
                                screen.lines().any(|l| l.contains(&format!("{label} "))
                                    && l.contains(&value)),
                                "{lang}: {label} {value}\n{screen}"
                            );
                        }
                        checked += 1;
                    }
                    let key = if lang == Lang::PtBr {
                        steady_keys_pt(session)
                    } else {
                        steady_keys(session)
                    };
                    h.keys(&key.to_string());
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} decisions were checked");
}
