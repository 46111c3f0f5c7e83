//! The trainer: the position (the turn so far, the scores), the keys of its decision, and after
//! the answer every option's value, the verdict, the rule of thumb's choice and the score.

use martian_engine::{Action, Step, Transcript, Turn};
use martian_i18n::{Messages, vocab};
use martian_review::{Measure, TrainingPosition};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::choices::{ChoicesPanel, decision_prompt};
use super::dice_panel::turn_lines;
use super::{TooSmall, rules_summary, wrap_words};
use crate::coach::{self, Advice};
use crate::messages as msg;
use crate::theme::Theme;
use crate::trainer::{Stage, TrainerSession};

pub struct TrainerScreen<'a> {
    pub m: &'static Messages,
    pub session: &'a TrainerSession,
    /// An error or notice for the status line.
    pub status: Option<&'a str>,
    pub theme: Theme,
}

/// The steps of a position's turn so far.
fn steps_of(position: &TrainingPosition) -> Vec<Step> {
    let mut steps = Vec::new();
    if let Ok(transcript) = position.transcript.parse::<Transcript>() {
        let mut turn = Turn::new(position.rules);
        let _ = transcript.play_through(|step| {
            match step {
                Step::Rolled(roll) => turn.apply_roll(roll)?,
                Step::Played(action) => turn.play(action)?,
            }
            steps.push(step);
            Ok(())
        });
    }
    steps
}

/// The position's options as the coach shows values (best first).
fn advice_of(position: &TrainingPosition) -> Advice {
    let measure = match position.measure {
        Measure::WinProbability => coach::Measure::WinProbability,
        Measure::ExpectedTurns => coach::Measure::ExpectedTurns,
    };
    Advice::new(
        measure,
        position
            .options
            .iter()
            .map(|o| (o.action, o.value))
            .collect(),
    )
}

/// A seat's name in a training position: "You" for the seat to play, the opponents by name.
fn seat_name(m: &Messages, position: &TrainingPosition, seat: usize) -> String {
    msg::trainer_seat_names_as(&vocab::you(m), position.scores.len(), position.seat)
        .swap_remove(seat)
}

impl TrainerScreen<'_> {
    fn scores(&self, position: &TrainingPosition, area: Rect, buf: &mut Buffer) {
        let (m, theme) = (self.m, self.theme);
        let inner = usize::from(area.width.saturating_sub(2));
        let mut lines = vec![Line::styled(
            msg::round(m, position.round),
            Style::new().add_modifier(Modifier::BOLD),
        )];
        if position.final_round {
            lines.push(Line::styled(msg::final_round(m), theme.dim()));
        }
        for (seat, score) in position.scores.iter().enumerate() {
            let mark = if seat == position.seat { "▶ " } else { "  " };
            let name = seat_name(m, position, seat);
            let width = inner.saturating_sub(2 + 4);
            let name: String = name.chars().take(width).collect();
            let style = if seat == position.seat {
                theme.key()
            } else {
                theme.plain()
            };
            lines.push(Line::styled(
                format!("{mark}{name:<width$}{score:>4}"),
                style,
            ));
        }
        Paragraph::new(lines)
            .block(Block::bordered().title(msg::panel_scores(m)))
            .render(area, buf);
    }

    fn values(
        &self,
        position: &TrainingPosition,
        answer: Option<Action>,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let (m, theme) = (self.m, self.theme);
        let inner = usize::from(area.width.saturating_sub(2));
        let advice = advice_of(position);
        let best = msg::coach_best(m);
        let tag_width = best.chars().count();
        let mut lines = vec![Line::styled(
            match advice.measure {
                coach::Measure::ExpectedTurns => msg::coach_turns(m, position.rules.target()),
                _ => msg::coach_win(m),
            },
            Style::new().add_modifier(Modifier::BOLD),
        )];
        // In the position's own order: before the answer, the order must not give it away.
        for option in &position.options {
            let (action, value) = (option.action, option.value);
            let mark = if answer == Some(action) { "▸ " } else { "  " };
            let label = msg::coach_option(m, action);
            // The values come after the answer.
            let (value_text, tag, style) = match answer {
                Some(_) if action == position.best => {
                    (advice.format_value(m, value), best.as_str(), theme.good())
                }
                Some(_) => (advice.format_value(m, value), "", theme.plain()),
                None => ("?".to_string(), "", theme.plain()),
            };
            let width = inner.saturating_sub(2 + 6 + 1 + tag_width);
            let label: String = label.chars().take(width.saturating_sub(1)).collect();
            lines.push(Line::styled(
                format!("{mark}{label:<width$}{value_text:>6} {tag:<tag_width$}"),
                style,
            ));
        }
        if answer.is_some() {
            lines.push(Line::styled(msg::trainer_you_chose(m), theme.dim()));
        }
        Paragraph::new(lines)
            .block(Block::bordered().title(msg::panel_values(m)))
            .render(area, buf);
    }

    /// The trainer's panel: the final round, then the verdict and the rule of thumb.
    fn verdict_lines(&self, width: usize) -> Vec<Line<'static>> {
        let (m, theme) = (self.m, self.theme);
        let session = self.session;
        let mut lines = Vec::new();
        let mut add = |text: String, style: Style| {
            lines.extend(
                wrap_words(&text, width)
                    .into_iter()
                    .map(|l| Line::styled(l, style)),
            );
        };
        match &session.stage {
            Stage::Finding => add(msg::trainer_working(m), theme.dim()),
            Stage::Exhausted => add(msg::trainer_none(m), theme.bad()),
            Stage::Failed(error) => add(msg::trainer_failed(m, &error.to_string()), theme.bad()),
            Stage::Lost => add(msg::review_lost(m), theme.bad()),
            Stage::Asking(position) => {
                // Before the first answer: where the last sessions stand.
                if session.answered == 0
                    && let Some(progress) = &session.progress_at_start
                {
                    for line in msg::trainer_progress(m, progress) {
                        add(line, theme.dim());
                    }
                }
                if position.final_round {
                    add(msg::trainer_final_round(m), theme.dim());
                }
                add(msg::trainer_dice_left(m, position), theme.plain());
                add(msg::trainer_ask(m), theme.plain());
            }
            Stage::Answered(position, action, _) => {
                let loss = position.loss(*action).unwrap_or(0.0);
                if *action == position.best {
                    add(msg::trainer_right(m, *action), theme.good());
                } else {
                    add(
                        msg::trainer_wrong(m, position.measure, *action, loss, position.best),
                        theme.bad(),
                    );
                }
                add(
                    msg::trainer_thumb(
                        m,
                        position.thumb,
                        position.thumb_choice,
                        position.thumb_right(),
                    ),
                    theme.dim(),
                );
            }
        }
        lines
    }

    /// The trainer panel's frame, its lower border holding the running score after an answer
    /// (a row the verdict and the rule of thumb keep for themselves).
    fn verdict_block(&self, title: String) -> Block<'static> {
        let session = self.session;
        let block = Block::bordered().title(title);
        if session.answered == 0 {
            return block;
        }
        let measure = session.measure.unwrap_or(Measure::WinProbability);
        let score = msg::trainer_score(
            self.m,
            measure,
            session.best,
            session.answered,
            session.loss,
        );
        block.title_bottom(Line::styled(
            format!(" {score} "),
            Style::new().add_modifier(Modifier::BOLD),
        ))
    }
}

impl Widget for TrainerScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (m, theme) = (self.m, self.theme);
        if TooSmall::check(area) {
            TooSmall { m, theme }.render(area, buf);
            return;
        }
        let session = self.session;
        // After an answer the coach's reason goes under the key, across the screen.
        let why = match &session.stage {
            Stage::Answered(_, _, Some(reason)) => Some(msg::coach_why(m, reason)),
            _ => None,
        };
        let choice_width = usize::from(area.width.saturating_sub(2));
        let answered_keys = [Line::styled(msg::hint_trainer(m), theme.key())];
        let answered_lines = ChoicesPanel::body(
            &answered_keys,
            None,
            why.as_deref(),
            None,
            choice_width,
            theme,
        );
        let choices_height = match session.stage {
            Stage::Answered(..) => (answered_lines.len() as u16).clamp(2, 5) + 2,
            _ => 4,
        };
        let [title, body, choices, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(choices_height),
            Constraint::Length(1),
        ])
        .areas(area);
        let config = session.config;
        Line::from(vec![
            Span::styled(format!(" {} ", msg::trainer_title(m)), theme.title()),
            Span::raw(format!(" {}", rules_summary(m, config.rules))),
            Span::styled(format!(" · {}", msg::seed(m, config.seed)), theme.dim()),
        ])
        .render(title, buf);
        let status_line = match self.status {
            Some(text) => Line::styled(format!(" {text}"), theme.bad()),
            None => Line::styled(format!(" {}", msg::hint_trainer_keys(m)), theme.dim()),
        };
        status_line.render(status, buf);

        let right_width = if body.width >= 110 { 36 } else { 30 };
        let [left, right] =
            Layout::horizontal([Constraint::Min(0), Constraint::Length(right_width)]).areas(body);
        let [dice_area, verdict_area] =
            Layout::vertical([Constraint::Length(9), Constraint::Min(0)]).areas(left);
        let theme_name = msg::train_theme(m, config.theme);
        let verdict_title = format!("{}· {theme_name} ", msg::panel_trainer(m));
        let verdict = self.verdict_lines(usize::from(verdict_area.width.saturating_sub(2)));
        let Some(position) = session.position() else {
            Paragraph::new(verdict)
                .block(self.verdict_block(verdict_title))
                .render(body, buf);
            ChoicesPanel { m, lines: &[] }.render(choices, buf);
            return;
        };
        let answer = match &session.stage {
            Stage::Answered(_, action, _) => Some(*action),
            _ => None,
        };
        let steps = steps_of(position);
        let width = dice_area.width.saturating_sub(2);
        Paragraph::new(turn_lines(m, &steps, &position.turn, width, theme, None))
            .block(Block::bordered().title(msg::panel_position(m, session.number, position.round)))
            .render(dice_area, buf);
        Paragraph::new(verdict)
            .wrap(Wrap { trim: false })
            .block(self.verdict_block(verdict_title))
            .render(verdict_area, buf);
        let scores_height = position.scores.len() as u16 + 3 + u16::from(position.final_round);
        let [scores_area, values_area] =
            Layout::vertical([Constraint::Length(scores_height), Constraint::Min(0)]).areas(right);
        self.scores(position, scores_area, buf);
        self.values(position, answer, values_area, buf);
        let keys = match answer {
            None => decision_prompt(m, &position.turn, theme),
            Some(_) => answered_lines,
        };
        ChoicesPanel { m, lines: &keys }.render(choices, buf);
    }
}
