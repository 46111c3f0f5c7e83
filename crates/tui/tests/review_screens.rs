//! The game review in the terminal (the end's review key, the replay's marks) and the trainer
//! mode, driven by keys over seeded games and compared with reviewed snapshots and with
//! `martian_review` itself.

use std::time::Duration;

use martian_engine::{Action, Rules, TurnPhase};
use martian_review::{Class, Trainer, TrainerConfig, TrainingPosition};
use martian_tui::messages as msg;
use martian_tui::{
    App, GameSetup, KeyAction, Keys, Lang, SeatSpec, SolverAdvisor, Stage, Theme, Timeline,
};
use ratatui::crossterm::event::KeyCode;

mod harness;

use harness::*;

/// The screen at 80×24, its text flattened (runs of blanks and borders as single spaces).
fn flat_screen(h: &Harness) -> String {
    flattened(&h.screen(80, 24))
}

/// The columns `from..to` of a screen, flattened: the text of one column of panels.
fn flat_columns(screen: &str, from: usize, to: usize) -> String {
    let column: Vec<String> = screen
        .lines()
        // Each line of a test screen is quoted.
        .map(|l| l.chars().skip(1 + from).take(to - from).collect())
        .collect();
    flattened(&column.join("\n"))
}

/// A game of seed 5 (Ana with the steady keys against the steady bot) played to its results.
fn finished_game(setup: GameSetup) -> Harness {
    let mut h = Harness::new(setup);
    h.key(KeyCode::Enter);
    let keys = if h.app.lang() == Lang::PtBr {
        steady_keys_pt
    } else {
        steady_keys
    };
    h.play_until("the end", |s| s.game.is_over(), keys);
    h.wait(2_000);
    h
}

#[test]
fn the_end_of_a_game_opens_its_review_with_the_chart_and_the_biggest_mistakes_first() {
    let mut h = finished_game(setup(5));
    assert!(h.screen(80, 24).contains("[v] review"));
    let record = h.session().record();
    h.keys("v");
    assert!(h.app.reviewing());
    let expected = martian_review::review(&record).unwrap();
    assert_eq!(
        h.app.game_review(),
        Some(&expected),
        "the review of the game's record"
    );
    assert!(expected.stopped.is_none() && expected.finished);
    let screen = h.screen(80, 24);
    for text in [
        "MARTIAN DICE · review",
        "Chance to win after each turn",
        "Ana",
        "Steady",
        "The biggest mistakes",
        "[esc] back",
    ] {
        assert!(screen.contains(text), "{text}: {screen}");
    }
    // Every seat's summary, then the biggest mistake, before any other.
    let flat = flat_screen(&h);
    let m = Lang::En.messages();
    let names = h.session().names();
    for seat in &expected.seats {
        let line = flattened(&msg::review_seat(
            m,
            expected.measure,
            &names[seat.seat],
            seat,
        ));
        assert!(flat.contains(&line), "{line}\n{screen}");
    }
    let mistakes: Vec<_> = expected
        .biggest_mistakes(None)
        .into_iter()
        .filter(|d| d.class > Class::Best)
        .collect();
    assert!(mistakes.len() >= 2, "the steady keys make mistakes");
    assert!(mistakes[0].loss >= mistakes[1].loss);
    let first = flattened(&msg::review_decision(
        m,
        expected.measure,
        &names[mistakes[0].seat],
        mistakes[0],
    ));
    assert!(flat.contains(&first), "{first}\n{screen}");
    insta::assert_snapshot!("review_screen", screen);

    // The list scrolls to its end: every decision in order, the last one last.
    h.key(KeyCode::End);
    let end = flat_screen(&h);
    let last = expected.decisions.last().unwrap();
    let last = flattened(&msg::review_decision(
        m,
        expected.measure,
        &names[last.seat],
        last,
    ));
    assert!(
        end.ends_with(&format!(
            "{last} [↑↓ PgUp/PgDn] scroll [Home/End] [esc] back [q] quit"
        )),
        "{end}"
    );
    h.key(KeyCode::Home);
    assert_eq!(h.screen(80, 24), screen);
    // Back to the results, and again to the same review.
    h.key(KeyCode::Esc);
    assert!(!h.app.reviewing());
    assert!(h.screen(80, 24).contains("Game over"));
    h.keys("tv");
    assert!(h.app.reviewing());
    h.keys("v");
    assert!(
        h.screen(80, 24).contains("[t] results"),
        "back to the table"
    );
    h.keys("vq");
    assert!(h.app.should_quit());
}

#[test]
fn pt_the_review_of_a_game() {
    let mut h = finished_game(pt_setup(5));
    assert!(h.screen(80, 24).contains("[r] revisão"));
    h.keys("r");
    assert!(h.app.reviewing());
    let screen = h.screen(80, 24);
    for text in [
        "MARTIAN DICE · revisão",
        "Chance de vencer",
        "Os maiores erros",
        "precisão",
    ] {
        assert!(screen.contains(text), "{text}: {screen}");
    }
    insta::assert_snapshot!("pt_review_screen", screen);
    // The English key works too.
    h.key(KeyCode::Esc);
    h.keys("v");
    assert!(h.app.reviewing());
}

/// Scrolls the review from top to bottom, a line at a time: the screens seen.
fn every_screen_of_the_review(h: &mut Harness) -> Vec<String> {
    h.key(KeyCode::Home);
    let mut screens = vec![flat_screen(h)];
    for _ in 0..2_000 {
        h.key(KeyCode::Down);
        let screen = flat_screen(h);
        if Some(&screen) == screens.last() {
            return screens;
        }
        screens.push(screen);
    }
    panic!("the list never ended");
}

/// Whole games in both languages, two and four players: every decision of the review is on
/// screen whole at some point of the list at 80×24, with its verdict; approximate values say so.
#[test]
fn the_review_shows_every_decision_whole_at_80x24_in_both_languages() {
    let tables = [
        vec![SeatSpec::human("Abcdefghijklmnop"), SeatSpec::bot("steady")],
        vec![
            SeatSpec::bot("steady"),
            SeatSpec::human("Ana"),
            SeatSpec::bot("steady"),
            SeatSpec::bot("steady"),
            SeatSpec::bot("steady"),
        ],
    ];
    for lang in Lang::ALL {
        let m = lang.messages();
        for seats in &tables {
            let mut h = finished_game(GameSetup {
                seats: seats.clone(),
                lang,
                ..setup(31)
            });
            h.keys(&Keys::of(lang).key(KeyAction::Review).to_string());
            let review = h.app.game_review().expect("the review").clone();
            // Five players: the reduction, said approximate (four are exact).
            assert_eq!(review.approximate, seats.len() > 4);
            let names = h.session().names();
            let screens = every_screen_of_the_review(&mut h);
            let shown = |text: &str| screens.iter().any(|s| s.contains(&flattened(text)));
            for decision in &review.decisions {
                let text = msg::review_decision(m, review.measure, &names[decision.seat], decision);
                assert!(shown(&text), "{lang}: {text}");
            }
            if let Some(note) = msg::review_approximate(m, review.valuation) {
                assert!(shown(&note), "{lang}: {note}");
                assert!(screens[0].contains("≈"), "{lang}: {}", screens[0]);
            }
        }
    }
}

#[test]
fn the_chart_draws_every_seat_and_tells_them_apart_without_colour() {
    let mut h = Harness::with(
        GameSetup {
            seats: vec![
                SeatSpec::human("Ana"),
                SeatSpec::bot("steady"),
                SeatSpec::bot("steady"),
            ],
            ..setup(12)
        },
        None,
        false,
    );
    h.key(KeyCode::Enter);
    h.play_until("the end", |s| s.game.is_over(), steady_keys);
    h.wait(2_000);
    h.keys("v");
    let screen = h.screen(80, 24);
    // Without colour each seat's line is drawn with its number, as the legend says: the plot
    // is the five lines from "100%" to "0%", right of the vertical axis.
    let plot = flat_columns(
        &screen
            .lines()
            .skip(2)
            .take(5)
            .collect::<Vec<_>>()
            .join("\n"),
        6,
        79,
    );
    for mark in ['1', '2', '3'] {
        assert!(plot.contains(mark), "seat {mark}: {screen}");
    }
    assert!(screen.contains("1 Ana  2 Steady 1  3 Steady 2"), "{screen}");
    insta::assert_snapshot!("review_screen_three_players_no_colour", screen);
}

#[test]
fn the_review_is_worked_out_in_the_background_and_the_screen_waits_for_it() {
    let app = App::new(
        setup(5),
        Box::new(TestBots),
        None,
        99,
        Theme { color: true },
    );
    let mut h = Harness {
        app,
        now: Duration::ZERO,
    };
    h.key(KeyCode::Enter);
    h.play_until("the end", |s| s.game.is_over(), steady_keys);
    h.keys("v");
    assert!(h.app.reviewing());
    let mut waited = 0;
    while h.app.game_review().is_none() {
        let screen = h.screen(80, 24);
        assert!(
            screen.contains("Working out the value of every decision"),
            "{screen}"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.wait(20);
        waited += 1;
        assert!(waited < 3_000, "the review never came");
    }
    assert!(h.screen(80, 24).contains("The biggest mistakes"));
}

// ---- the replay viewer ----

fn viewer(record: martian_engine::GameRecord, lang: Lang) -> Harness {
    Harness {
        app: App::replay(
            Timeline::new(record).unwrap(),
            Some(Box::new(SolverAdvisor::blocking())),
            Theme { color: true },
            lang,
        )
        .working_at_once(),
        now: Duration::ZERO,
    }
}

#[test]
fn the_replay_marks_each_decision_with_its_class_and_loss() {
    for lang in Lang::ALL {
        let m = lang.messages();
        let game = finished_game(setup(5));
        let record = game.session().record();
        let names = game.session().names();
        let review = martian_review::review(&record).unwrap();
        let mut h = viewer(record, lang);
        let steps = h.app.timeline().unwrap().len();
        let mut decision = 0;
        let mut marked = None;
        for _ in 0..steps {
            let timeline = h.app.timeline().unwrap();
            if timeline.next_action().is_some() {
                let d = &review.decisions[decision];
                let verdict = msg::replay_verdict(m, review.measure, &names[d.seat], d);
                let screen = flat_screen(&h);
                assert!(
                    screen.contains(&flattened(&verdict)),
                    "{lang}: {verdict}\n{screen}"
                );
                if marked.is_none() && d.class >= Class::Mistake {
                    marked = Some(timeline.position());
                }
                decision += 1;
            }
            h.key(KeyCode::Right);
            // The decision just played carries its mark in the log.
            if decision > 0 {
                let d = &review.decisions[decision - 1];
                let mark = msg::review_mark(m, review.measure, d);
                assert!(
                    h.screen(80, 24).contains(&format!(" · {mark}")),
                    "{lang}: {mark}"
                );
            }
        }
        assert_eq!(decision, review.decisions.len());
        // A mistake, as the viewer shows it.
        let at = marked.expect("the steady keys make a mistake");
        h.key(KeyCode::Home);
        for _ in 0..at {
            h.key(KeyCode::Right);
        }
        let name = if lang == Lang::En {
            "replay_marked"
        } else {
            "pt_replay_marked"
        };
        insta::assert_snapshot!(name, h.screen(80, 24));
        // The review's screen opens from the viewer too.
        h.keys(&Keys::of(lang).key(KeyAction::Review).to_string());
        assert!(h.app.reviewing());
        assert!(flat_screen(&h).contains(&flattened(&msg::review_mistakes(m))));
        h.key(KeyCode::Esc);
        assert!(!h.app.reviewing());
    }
}

// ---- the trainer ----

/// The setup screen with the trainer mode chosen (the cursor on the mode row).
fn trainer_setup(setup: GameSetup) -> Harness {
    let mut h = Harness::new(setup);
    h.key(KeyCode::Down); // Language
    h.key(KeyCode::Down); // Mode
    h.key(KeyCode::Right);
    h
}

/// The positions the trainer serves for the setup's rules, players and seed.
fn positions(
    setup: &GameSetup,
    theme: Option<martian_review::Theme>,
    n: usize,
) -> Vec<TrainingPosition> {
    let mut trainer = Trainer::new(TrainerConfig {
        rules: setup.rules,
        players: martian_review::PlayerCounts::only(setup.seats.len()),
        theme,
        margin: None,
        seed: setup.seed.unwrap(),
    })
    .unwrap();
    (0..n).map(|_| trainer.next_position().unwrap()).collect()
}

/// The key that plays `action` in `lang`.
fn key_of(lang: Lang, action: Action) -> char {
    let keys = Keys::of(lang);
    match action {
        Action::Take(face) => keys.take(face).unwrap(),
        Action::Stop => keys.key(KeyAction::Stop),
        Action::Roll => keys.key(KeyAction::Roll),
    }
}

fn trainer_position(h: &Harness) -> TrainingPosition {
    h.app
        .trainer()
        .and_then(|t| t.position().cloned())
        .expect("a position on screen")
}

#[test]
fn the_trainer_is_a_mode_of_the_setup_screen_and_keeps_a_score() {
    let game = setup(7);
    let mut h = trainer_setup(game.clone());
    let screen = h.screen(80, 24);
    for text in [
        "◂ trainer ▸",
        "Positions",
        "Start training",
        "Trainer: positions",
    ] {
        assert!(screen.contains(text), "{text}: {screen}");
    }
    assert!(
        !screen.contains("Seat 1"),
        "no seats in the trainer: {screen}"
    );
    insta::assert_snapshot!("setup_trainer", screen);
    h.key(KeyCode::Enter);
    let expected = positions(&game, None, 3);
    let position = trainer_position(&h);
    assert_eq!(position, expected[0]);
    let screen = h.screen(80, 24);
    assert!(screen.contains("Position 1 · round"), "{screen}");
    assert!(
        flat_columns(&screen, 0, 50).contains("one option is clearly best"),
        "{screen}"
    );
    // The options, in their own order, without values before the answer.
    let values = flat_columns(&screen, 50, 80);
    let labels: Vec<String> = position
        .options
        .iter()
        .map(|o| format!("{} ?", msg::coach_option(Lang::En.messages(), o.action)))
        .collect();
    assert!(values.contains(&labels.join(" ")), "{values}");
    insta::assert_snapshot!("trainer_position", screen);

    // An option that is not the best.
    let wrong_answer = position
        .options
        .iter()
        .map(|o| o.action)
        .find(|&a| a != position.best)
        .unwrap();
    h.keys(&key_of(Lang::En, wrong_answer).to_string());
    let trainer = h.app.trainer().unwrap();
    assert!(matches!(trainer.stage, Stage::Answered(_, a, _) if a == wrong_answer));
    assert_eq!((trainer.best, trainer.answered), (0, 1));
    let loss = position.loss(wrong_answer).unwrap();
    assert!((trainer.loss - loss).abs() < 1e-15);
    let screen = h.screen(80, 24);
    let flat = flat_columns(&screen, 0, 50);
    let m = Lang::En.messages();
    let wrong = msg::trainer_wrong(m, position.measure, wrong_answer, loss, position.best);
    assert!(flat.contains(&flattened(&wrong)), "{wrong}\n{screen}");
    // Why, in the coach's words (the best against the answer), under the key, across the screen.
    let why = msg::coach_why(m, &position.reason_for(wrong_answer).unwrap());
    assert!(
        flattened(&screen).contains(&flattened(&why)),
        "{why}\n{screen}"
    );
    let thumb = msg::trainer_thumb(
        m,
        position.thumb,
        position.thumb_choice,
        position.thumb_right(),
    );
    assert!(flat.contains(&flattened(&thumb)), "{thumb}\n{screen}");
    assert!(screen.contains("Score: 0 of 1 best"), "{screen}");
    let advice = martian_tui::Advice::new(
        martian_tui::Measure::WinProbability,
        position
            .options
            .iter()
            .map(|o| (o.action, o.value))
            .collect(),
    );
    for option in &position.options {
        let value = advice.format_value(m, option.value);
        let label = msg::coach_option(m, option.action);
        assert!(
            screen
                .lines()
                .any(|l| l.contains(&format!("{label} ")) && l.contains(&value)),
            "{label} {value}: {screen}"
        );
    }
    insta::assert_snapshot!("trainer_answered", screen);

    // The next position, answered with the best option.
    h.keys(" ");
    let position = trainer_position(&h);
    assert_eq!(position, expected[1]);
    assert!(h.screen(80, 24).contains("Position 2 · round"));
    h.keys(&key_of(Lang::En, position.best).to_string());
    let trainer = h.app.trainer().unwrap();
    assert_eq!((trainer.best, trainer.answered), (1, 2));
    let screen = h.screen(80, 24);
    assert!(screen.contains("Right: "), "{screen}");
    assert!(screen.contains("Score: 1 of 2 best"), "{screen}");

    // Esc: back to the setup, still on the trainer.
    h.key(KeyCode::Esc);
    let screen = h.screen(80, 24);
    assert!(screen.contains("▶ Start training"), "{screen}");
}

#[test]
fn a_key_that_is_not_an_option_is_refused_with_the_reason() {
    let mut h = trainer_setup(setup(7));
    h.key(KeyCode::Enter);
    let position = trainer_position(&h);
    let missing = match position.turn.phase() {
        TurnPhase::Choosing { roll } => martian_engine::Face::EARTHLINGS
            .into_iter()
            .find(|&f| roll.count(f) == 0 || !position.turn.legal_takes().contains(f))
            .map(|f| key_of(Lang::En, Action::Take(f))),
        _ => Some('h'),
    };
    let Some(key) = missing else { return };
    h.keys(&key.to_string());
    assert!(matches!(h.app.trainer().unwrap().stage, Stage::Asking(_)));
    assert!(
        h.screen(80, 24).contains("Not now: "),
        "{}",
        h.screen(80, 24)
    );
}

#[test]
fn the_trainer_refuses_games_it_cannot_take_positions_from_on_the_setup_screen() {
    let mut seats = vec![SeatSpec::human("Ana")];
    seats.extend((0..4).map(|_| SeatSpec::bot("steady")));
    let mut h = trainer_setup(GameSetup { seats, ..setup(7) });
    h.key(KeyCode::Enter);
    assert!(h.app.trainer().is_none());
    assert!(
        h.screen(80, 24).contains("games of 1 to 4 players"),
        "{}",
        h.screen(80, 24)
    );
    // Alone there is no final round.
    let mut h = trainer_setup(GameSetup {
        seats: vec![SeatSpec::human("Ana")],
        ..setup(7)
    });
    h.key(KeyCode::Down); // Positions
    h.key(KeyCode::Right);
    h.key(KeyCode::Right);
    assert!(h.screen(80, 24).contains("◂ the final round ▸"));
    h.key(KeyCode::Enter);
    assert!(h.app.trainer().is_none());
    assert!(
        h.screen(80, 24)
            .contains("No position of this kind occurs in solo games")
    );
}

#[test]
fn pt_the_trainer() {
    let game = pt_setup(7);
    let mut h = trainer_setup(game.clone());
    let screen = h.screen(80, 24);
    assert!(screen.contains("Começar o treino"), "{screen}");
    insta::assert_snapshot!("pt_setup_trainer", screen);
    h.key(KeyCode::Down); // Posições
    h.key(KeyCode::Right);
    assert!(h.screen(80, 24).contains("tanques perto dos raios"));
    h.key(KeyCode::Enter);
    let expected = positions(&game, Some(martian_review::Theme::TanksCloseToRays), 1);
    let position = trainer_position(&h);
    assert_eq!(position, expected[0]);
    insta::assert_snapshot!("pt_trainer_position", h.screen(80, 24));
    h.keys(&key_of(Lang::PtBr, position.thumb_choice).to_string());
    let screen = h.screen(80, 24);
    assert!(screen.contains("Não é o melhor"), "{screen}");
    assert!(screen.contains("Acertos: 0 de 1 ·"), "{screen}");
    insta::assert_snapshot!("pt_trainer_answered", screen);
}

/// Many positions of one, two and three players in both languages: the keys of every option,
/// every value, the verdict and the rule of thumb are on screen whole at 80×24.
#[test]
fn nothing_of_the_trainer_is_cut_at_80x24_in_either_language() {
    let mut checked = 0;
    for lang in Lang::ALL {
        let m = lang.messages();
        for players in 1..=3 {
            let seats = (0..players).map(|_| SeatSpec::human("Ana")).collect();
            let mut h = trainer_setup(GameSetup {
                seats,
                lang,
                rules: Rules::official(),
                ..setup(40 + players as u64)
            });
            h.key(KeyCode::Enter);
            let (mut best_answers, mut losses) = (0, 0.0);
            for n in 0..12 {
                let position = trainer_position(&h);
                let screen = h.screen(80, 24);
                if let TurnPhase::Choosing { roll } = position.turn.phase() {
                    for face in position.turn.legal_takes().iter() {
                        let key = Keys::of(lang).take(face).unwrap().to_ascii_uppercase();
                        let shown =
                            format!("[{key}] {}", msg::take_label(m, face, roll.count(face)));
                        assert!(screen.contains(&shown), "{lang}: {shown}\n{screen}");
                    }
                } else {
                    assert!(
                        screen.contains(&msg::stop_label(m, position.turn.score())),
                        "{screen}"
                    );
                }
                // Every other answer is the rule of thumb's, every other the best.
                let answer = if n % 2 == 0 {
                    position.thumb_choice
                } else {
                    position.best
                };
                h.keys(&key_of(lang, answer).to_string());
                let screen = h.screen(80, 24);
                let flat_answered = flat_columns(&screen, 0, 50);
                let advice_lines = position
                    .options
                    .iter()
                    .map(|o| (msg::coach_option(m, o.action), o.value));
                let advice = martian_tui::Advice::new(
                    match position.measure {
                        martian_review::Measure::WinProbability => {
                            martian_tui::Measure::WinProbability
                        }
                        martian_review::Measure::ExpectedTurns => {
                            martian_tui::Measure::ExpectedTurns
                        }
                    },
                    position
                        .options
                        .iter()
                        .map(|o| (o.action, o.value))
                        .collect(),
                );
                for (label, value) in advice_lines {
                    let value = advice.format_value(m, value);
                    assert!(
                        screen
                            .lines()
                            .any(|l| l.contains(&format!("{label} ")) && l.contains(&value)),
                        "{lang}: {label} {value}\n{screen}"
                    );
                }
                let loss = position.loss(answer).unwrap();
                let verdict = if answer == position.best {
                    msg::trainer_right(m, answer)
                } else {
                    msg::trainer_wrong(m, position.measure, answer, loss, position.best)
                };
                let thumb = msg::trainer_thumb(
                    m,
                    position.thumb,
                    position.thumb_choice,
                    position.thumb_right(),
                );
                let why = msg::coach_why(m, &position.reason_for(answer).unwrap());
                assert!(
                    flattened(&screen).contains(&flattened(&why)),
                    "{lang}: {why}\n{screen}"
                );
                for text in [verdict, thumb] {
                    assert!(
                        flat_answered.contains(&flattened(&text)),
                        "{lang}: {text}\n{screen}"
                    );
                }
                // The running score, whole, on the panel's lower border.
                best_answers += usize::from(answer == position.best);
                losses += loss;
                let score = msg::trainer_score(m, position.measure, best_answers, n + 1, losses);
                assert!(
                    screen.lines().any(|l| l.contains(&score)),
                    "{lang}: {score}\n{screen}"
                );
                checked += 1;
                h.keys(" ");
            }
        }
    }
    assert_eq!(checked, 72);
}

#[test]
fn the_trainer_finds_its_positions_in_the_background() {
    let app = App::new(
        setup(7),
        Box::new(TestBots),
        None,
        99,
        Theme { color: true },
    );
    let mut h = Harness {
        app,
        now: Duration::ZERO,
    };
    h.key(KeyCode::Down);
    h.key(KeyCode::Down);
    h.key(KeyCode::Right);
    h.key(KeyCode::Enter);
    let mut waited = 0;
    while !matches!(h.app.trainer().unwrap().stage, Stage::Asking(_)) {
        assert!(matches!(h.app.trainer().unwrap().stage, Stage::Finding));
        assert!(h.screen(80, 24).contains("Finding a position"));
        std::thread::sleep(Duration::from_millis(20));
        h.wait(20);
        waited += 1;
        assert!(waited < 3_000, "no position came");
    }
    assert_eq!(trainer_position(&h), positions(&setup(7), None, 1)[0]);
}
