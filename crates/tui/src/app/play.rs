//! The game's keys and its table on screen.

use super::*;

impl App {
    pub(super) fn play_key(&mut self, key: KeyEvent) {
        let Screen::Play(session) = &mut self.screen else {
            return;
        };
        let before = position_of(&session.game);
        let ch = match key.code {
            KeyCode::Char(ch) => Some(ch.to_ascii_lowercase()),
            _ => None,
        };
        let deciding = matches!(session.game.awaiting(), Awaiting::Decision { .. });
        let choosing = matches!(session.game.turn().phase(), TurnPhase::Choosing { .. });
        let live: &[KeyAction] = if session.game.is_over() {
            &END_KEYS
        } else if session.stuck.is_some() {
            &[KeyAction::Coach, KeyAction::Quit]
        } else if session.bot_to_act().is_some() {
            &[KeyAction::Fast, KeyAction::Coach, KeyAction::Quit]
        } else if deciding && choosing {
            &CHOOSE_KEYS
        } else if deciding {
            &DECIDE_KEYS
        } else {
            &[KeyAction::Roll, KeyAction::Coach, KeyAction::Quit]
        };
        // The coach's card may be changed whenever the game is on.
        let mut live = live.to_vec();
        if !session.game.is_over() {
            live.push(KeyAction::Card);
        }
        let action = ch.and_then(|c| Keys::of(session.lang).action(c, &live));
        match (key.code, ch, action) {
            (_, Some(msg::KEY_HELP), _) => self.overlay = Overlay::Help,
            // The log scrolls back through the whole game (the panel clamps it).
            (KeyCode::Up | KeyCode::PageUp, ..) => {
                let step = if key.code == KeyCode::Up { 1 } else { LOG_PAGE };
                let lines = ui::log_lines(session.lang.messages(), &session.game, &session.names());
                session.log_scroll = (session.log_scroll + step).min(lines.len());
            }
            (KeyCode::Down, ..) => session.log_scroll = session.log_scroll.saturating_sub(1),
            (KeyCode::PageDown, ..) => {
                session.log_scroll = session.log_scroll.saturating_sub(LOG_PAGE)
            }
            (KeyCode::Esc, ..) | (.., Some(KeyAction::Quit)) => {
                if session.game.is_over() || session.stuck.is_some() {
                    self.quit = true;
                } else {
                    self.overlay = Overlay::ConfirmQuit;
                }
            }
            (.., Some(KeyAction::Coach)) => {
                session.coach_visible = !session.coach_visible;
            }
            // The coach's next strategy card (none after the last); choosing one shows the coach.
            (.., Some(KeyAction::Card)) => {
                self.card = match self.card {
                    None if !self.cards.is_empty() => Some(0),
                    Some(i) if i + 1 < self.cards.len() => Some(i + 1),
                    _ => None,
                };
                if self.card.is_some() {
                    session.coach_visible = true;
                }
                let name = self.card.map(|i| &self.cards[i].name);
                self.message = Some(msg::coach_card_chosen(session.lang.messages(), name));
            }
            _ if session.game.is_over() => match action {
                // A key during the last turn's moment on the table brings the results.
                _ if session.results.is_none() && action != Some(KeyAction::Review) => {
                    session.results = Some(true);
                    if action == Some(KeyAction::Save) {
                        self.overlay = Overlay::SaveAs(msg::default_record_name(session.seed));
                    }
                }
                Some(KeyAction::View) => {
                    session.results = Some(!session.results.unwrap_or(false));
                }
                Some(KeyAction::Review) => {
                    session.results.get_or_insert(true);
                    if session.game_review.is_none() {
                        session.game_review = Some(GameReview::start(session.record(), self.pace));
                    }
                    session.review_shown = true;
                }
                Some(KeyAction::Save) => {
                    self.overlay = Overlay::SaveAs(msg::default_record_name(session.seed));
                }
                Some(KeyAction::New) => {
                    self.screen =
                        Screen::Setup(Setup::new(self.last_setup.clone(), self.bots.names()));
                    return;
                }
                _ => {}
            },
            _ if session.stuck.is_some() => {}
            _ if session.bot_to_act().is_some() => match (key.code, ch, action) {
                (KeyCode::Enter, ..) | (_, Some(' ' | '.'), _) => session.bot_step(),
                (.., Some(KeyAction::Fast)) => session.fast_forward(),
                _ => self.message = Some(msg::not_your_turn(session.lang.messages())),
            },
            _ => {
                let rolling = matches!(
                    session.game.awaiting(),
                    Awaiting::TurnRoll { .. } | Awaiting::RollOffRoll { .. }
                );
                let result = match (key.code, ch, action) {
                    (.., Some(KeyAction::Roll)) => session.human_roll(),
                    (.., Some(KeyAction::Stop)) => session.decide(Action::Stop),
                    (.., Some(KeyAction::Take(face))) => session.decide(Action::Take(face)),
                    (KeyCode::Enter, ..) | (_, Some(' '), _) if rolling => session.human_roll(),
                    // Any other letter at a decision: what the decision is.
                    (_, Some(c), None) if deciding && c.is_ascii_alphabetic() => {
                        let turn = *session.game.turn();
                        let asked = if choosing {
                            Action::Roll
                        } else {
                            Action::Take(Face::DeathRay)
                        };
                        Err(MoveRefused::Illegal(why_not(&turn, asked)))
                    }
                    _ => Ok(()),
                };
                if let Err(refused) = result {
                    self.message = Some(msg::move_refused(session.lang.messages(), &refused));
                }
            }
        }
        if position_of(&session.game) != before {
            session.schedule(self.now);
        }
        session.refresh_advice(self.advisor.as_deref_mut());
    }

    pub(super) fn draw_play(&self, frame: &mut Frame, session: &Session) {
        let theme = self.theme;
        let m = session.lang.messages();
        let game = &session.game;
        let names = session.names();
        if let (true, Some(review)) = (session.review_shown, &session.game_review) {
            let title = msg::review_title(m);
            let screen = ui::ReviewScreen {
                m,
                title: &title,
                seed: Some(session.seed),
                rules: game.rules(),
                names: &names,
                review,
                status: self.message.as_deref(),
                theme,
            };
            frame.render_widget(screen, frame.area());
            return;
        }
        if game.is_over() && session.results == Some(true) {
            let title = msg::title(m);
            let people: Vec<usize> = (0..session.players.len())
                .filter(|&seat| !session.players[seat].is_bot())
                .collect();
            let screen = ui::EndScreen {
                m,
                title: &title,
                seed: Some(session.seed),
                game,
                names: &names,
                status: self.message.as_deref(),
                theme,
                review: session.game_review.as_ref().map(GameReview::state),
                people: &people,
            };
            frame.render_widget(screen, frame.area());
            return;
        }
        let hint_over = msg::hint_over(m, false);
        let prompt = if game.is_over() {
            ui::game_over_prompt(m, game, &names, theme, &hint_over)
        } else if let Some(stuck) = &session.stuck {
            // Wrapped, not cut at the edge: the reason is in the bot's own words, after a name
            // that may be a long `exec:` path, and it is all the player has to go on.
            let text = msg::bot_stuck(m, &names[stuck.seat], &stuck.cause);
            let width = usize::from(frame.area().width.saturating_sub(2));
            ui::wrap_words(&text, width)
                .into_iter()
                .map(|line| Line::styled(line, theme.bad()))
                .collect()
        } else if let Some(seat) = session.bot_to_act() {
            match session.tables_status().filter(|_| session.bots_wait()) {
                // The bot waits for the tables it plays by: what is computed, how far along.
                Some(status) => {
                    let width = usize::from(frame.area().width.saturating_sub(2));
                    ui::tables_prompt(m, &status, &names[seat], width, theme)
                }
                None => ui::key_prompt(msg::bot_thinking(m, &names[seat]), theme),
            }
        } else {
            match game.awaiting() {
                Awaiting::Decision { .. } => ui::decision_prompt(m, game.turn(), theme),
                Awaiting::TurnRoll { seat, dice } => {
                    ui::key_prompt(msg::your_roll(m, &names[seat], dice), theme)
                }
                Awaiting::RollOffRoll { seat, dice } => {
                    ui::key_prompt(msg::roll_off_your_roll(m, &names[seat], dice), theme)
                }
                Awaiting::Nothing => Vec::new(),
            }
        };
        let deciding = !game.is_over()
            && session.stuck.is_none()
            && session.human_to_act().is_some()
            && matches!(game.awaiting(), Awaiting::Decision { .. });
        let guide = deciding
            .then(|| ui::decision_guide(m, game.turn(), theme))
            .flatten();
        let why = session
            .current_advice()
            .filter(|_| session.coach_visible && deciding)
            .and_then(|advice| advice.as_ref()?.reason.as_ref())
            .map(|reason| msg::coach_why(m, reason));
        // What the card the coach quotes does at this decision, against the coach's values.
        let card = self.coach_card();
        let card_advice = card
            .zip(session.current_advice().and_then(Option::as_ref))
            .filter(|_| session.coach_visible && deciding)
            .map(|(card, advice)| {
                let said = CardAdvice::of(&card.card, &game.situation(), advice);
                let text = msg::card_says(m, &card.card, &said, advice);
                (said.action, text)
            });
        let review = session.review.as_ref();
        let coach = if !session.coach_visible {
            CoachView::Hidden { review }
        } else {
            match session.current_advice() {
                Some(Some(advice)) => CoachView::Values {
                    advice,
                    played: None,
                    review,
                    whose: None,
                    card: card_advice.as_ref().map(|(action, _)| *action),
                },
                Some(None) => CoachView::NoValues {
                    available: self.advisor.is_some(),
                    review,
                },
                None => CoachView::Waiting {
                    review,
                    whose: None,
                },
            }
        };
        let title = msg::title(m);
        let hint = if game.is_over() {
            hint_over
        } else if let Some(status) = session.tables_status().filter(|_| !session.bots_wait()) {
            // The coach's tables (the bots' own show in the choices panel).
            msg::tables(m, &status)
        } else {
            msg::hint_game(m)
        };
        let view = TableView {
            m,
            title: &title,
            seed: Some(session.seed),
            game,
            names: &names,
            prompt,
            guide,
            why,
            card: card_advice.map(|(_, text)| text),
            log_scroll: session.log_scroll,
            log_marks: &[],
            coach,
            coach_title: card
                .filter(|_| session.coach_visible)
                .map(|card| msg::panel_coach_card(m, &card.name)),
            status: self.message.as_deref(),
            hint: &hint,
            theme,
        };
        frame.render_widget(&view, frame.area());
    }
}
