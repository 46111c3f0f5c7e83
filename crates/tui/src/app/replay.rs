//! The replay viewer's keys and drawing, and the review screen's keys.

use super::*;

#[derive(Debug)]
pub(super) struct ReplayScreen {
    pub(super) timeline: Timeline,
    pub(super) lang: Lang,
    pub(super) names: Vec<String>,
    pub(super) coach_visible: bool,
    pub(super) advice: Option<(Position, Option<crate::coach::Advice>)>,
    /// The record's review: it marks each decision, and its screen opens with the review key.
    pub(super) review: GameReview,
    pub(super) review_shown: bool,
}

impl ReplayScreen {
    /// Asks for the values of the decision shown, when the coach is on, once per position
    /// (values standing in stay for the whole decision: one decision, one measure).
    pub(super) fn refresh_advice(&mut self, advisor: Option<&mut (dyn Advisor + '_)>) {
        let game = self.timeline.game();
        let position = position_of(game);
        let known = self.advice.as_ref().is_some_and(|(at, _)| *at == position);
        if self.coach_visible && matches!(game.awaiting(), Awaiting::Decision { .. }) && !known {
            let advice = advisor.and_then(|a| a.advise(&game.situation()));
            self.advice = Some((position, advice));
        }
    }
}

impl App {
    pub(super) fn replay_key(&mut self, key: KeyEvent) {
        let Screen::Replay(replay) = &mut self.screen else {
            return;
        };
        let action = match key.code {
            KeyCode::Char(ch) => Keys::of(replay.lang).action(ch, &REPLAY_KEYS),
            _ => None,
        };
        let timeline = &mut replay.timeline;
        match (key.code, action) {
            (_, Some(KeyAction::Coach)) => replay.coach_visible = !replay.coach_visible,
            (_, Some(KeyAction::Review)) => replay.review_shown = true,
            (KeyCode::Esc, _) | (_, Some(KeyAction::Quit)) => self.quit = true,
            (KeyCode::Char(msg::KEY_HELP), _) => self.overlay = Overlay::Help,
            (KeyCode::Right | KeyCode::Char(' ' | 'n' | 'l') | KeyCode::Enter, _) => {
                timeline.forward()
            }
            (KeyCode::Left | KeyCode::Backspace | KeyCode::Char('p' | 'b'), _) => timeline.back(),
            (KeyCode::PageDown | KeyCode::Down | KeyCode::Char(']'), _) => timeline.next_turn(),
            (KeyCode::PageUp | KeyCode::Up | KeyCode::Char('['), _) => timeline.previous_turn(),
            (KeyCode::Home | KeyCode::Char('g'), _) => timeline.seek(0),
            (KeyCode::End | KeyCode::Char('G'), _) => timeline.seek(timeline.len()),
            _ => {}
        }
        replay.refresh_advice(self.advisor.as_deref_mut());
    }

    pub(super) fn draw_replay(&self, frame: &mut Frame, replay: &ReplayScreen) {
        let theme = self.theme;
        let m = replay.lang.messages();
        let timeline = &replay.timeline;
        let game = timeline.game();
        if replay.review_shown {
            let title = msg::review_title(m);
            let screen = ui::ReviewScreen {
                m,
                title: &title,
                seed: timeline.record.seed,
                rules: game.rules(),
                names: &replay.names,
                review: &replay.review,
                status: self.message.as_deref(),
                theme,
            };
            frame.render_widget(screen, frame.area());
            return;
        }
        let (turn, turns) = timeline.turn_number();
        let mut prompt = vec![Line::styled(
            msg::replay_position(m, timeline.position(), timeline.len(), turn, turns),
            theme.key(),
        )];
        let review = replay.review.state();
        if game.is_over() {
            prompt = ui::game_over_prompt(m, game, &replay.names, theme, &prompt_text(&prompt));
        } else if let Some(seat) = actor(game) {
            // The decision played from here, as the review classes it.
            let verdict = match (review, timeline.next_action()) {
                (ReviewState::Ready(review), Some(_)) => {
                    match review.decisions.get(timeline.decisions_before()) {
                        Some(decision) => Some((
                            msg::replay_verdict(m, review.measure, &replay.names[seat], decision),
                            review_style(theme, decision),
                        )),
                        None => review
                            .stopped
                            .as_ref()
                            .map(|stopped| (msg::review_stopped(m, stopped), theme.bad())),
                    }
                }
                (ReviewState::Working, Some(_)) => Some((msg::replay_reviewing(m), theme.dim())),
                _ => None,
            };
            match verdict {
                Some((text, style)) => prompt.extend(
                    ui::wrap_words(&text, usize::from(ui::MIN_WIDTH) - 2)
                        .into_iter()
                        .map(|line| Line::styled(line, style)),
                ),
                None => prompt.push(Line::raw(msg::replay_next(m, &replay.names[seat]))),
            }
        }
        let marks: Vec<String> = match review {
            ReviewState::Ready(review) => review
                .decisions
                .iter()
                .map(|d| msg::review_mark(m, review.measure, d))
                .collect(),
            _ => Vec::new(),
        };
        let played = timeline.next_action();
        let advice = replay
            .advice
            .as_ref()
            .filter(|(at, _)| *at == position_of(game));
        // What the move played from here cost, as the coach sees it.
        let review = match (advice, played) {
            (Some((_, Some(advice))), Some(action)) => crate::coach::Review::of(advice, action),
            _ => None,
        };
        // Nobody in a replay is "you": the coach names whose move it is.
        let whose = actor(game).map(|seat| replay.names[seat].as_str());
        let coach = if !replay.coach_visible {
            CoachView::Hidden { review: None }
        } else {
            match advice {
                Some((_, Some(advice))) => CoachView::Values {
                    advice,
                    played,
                    review: review.as_ref(),
                    whose,
                    card: None,
                },
                Some((_, None)) => CoachView::NoValues {
                    available: self.advisor.is_some(),
                    review: None,
                },
                None => CoachView::Waiting {
                    review: None,
                    whose,
                },
            }
        };
        // A mistake played from here says why the best beats it (the review's reason); else
        // the coach, when it is on, why the best is best.
        let mistake_why = match replay.review.state() {
            ReviewState::Ready(review) if timeline.next_action().is_some() => review
                .decisions
                .get(timeline.decisions_before())
                .and_then(|decision| decision.reason.as_ref()),
            _ => None,
        };
        let why = mistake_why
            .or_else(|| {
                advice
                    .filter(|_| replay.coach_visible)
                    .and_then(|(_, advice)| advice.as_ref()?.reason.as_ref())
            })
            .map(|reason| msg::coach_why(m, reason));
        let title = msg::replay_title(m);
        let hint = msg::hint_replay(m);
        let view = TableView {
            m,
            title: &title,
            seed: timeline.record.seed,
            game,
            names: &replay.names,
            prompt,
            guide: None,
            why,
            card: None,
            log_scroll: 0,
            log_marks: &marks,
            coach,
            coach_title: None,
            status: self.message.as_deref(),
            hint: &hint,
            theme,
        };
        frame.render_widget(&view, frame.area());
    }
}

/// How a decision's class is shown.
fn review_style(theme: Theme, decision: &martian_review::Decision) -> ratatui::style::Style {
    use martian_review::Class;
    match decision.class {
        _ if decision.forced => theme.dim(),
        Class::Best => theme.good(),
        Class::Inaccuracy => theme.why(),
        Class::Mistake => theme.key(),
        Class::Blunder => theme.bad(),
    }
}

fn prompt_text(lines: &[Line<'_>]) -> String {
    lines
        .first()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .unwrap_or_default()
}

/// How many lines PgUp and PgDn scroll the review's list.
const REVIEW_PAGE: isize = 8;

/// What a key on the review screen did.
pub(super) enum ReviewKey {
    Stay,
    Back,
    Quit,
}

/// A key on the review screen: the list scrolls; Esc or the review key goes back.
pub(super) fn review_key(key: KeyEvent, keys: Keys, review: Option<&mut GameReview>) -> ReviewKey {
    let action = match key.code {
        KeyCode::Char(ch) => keys.action(ch, &[KeyAction::Review, KeyAction::Quit]),
        _ => None,
    };
    match (key.code, action) {
        (KeyCode::Esc | KeyCode::Backspace, _) | (_, Some(KeyAction::Review)) => {
            return ReviewKey::Back;
        }
        (_, Some(KeyAction::Quit)) => return ReviewKey::Quit,
        _ => {}
    }
    let Some(review) = review else {
        return ReviewKey::Stay;
    };
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => review.scroll_by(-1),
        KeyCode::Down | KeyCode::Char('j') => review.scroll_by(1),
        KeyCode::PageUp => review.scroll_by(-REVIEW_PAGE),
        KeyCode::PageDown | KeyCode::Char(' ') => review.scroll_by(REVIEW_PAGE),
        KeyCode::Home => review.scroll = 0,
        KeyCode::End => review.scroll_to_end(),
        _ => {}
    }
    ReviewKey::Stay
}
