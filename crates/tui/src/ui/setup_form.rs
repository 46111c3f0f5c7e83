//! The setup screen: the form of the new game, what the selected bot does, the keys.

use martian_i18n::Messages;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::TooSmall;
use crate::messages as msg;
use crate::setup::{Mode, Row, SeatKind, Setup};
use crate::theme::Theme;

pub struct SetupScreen<'a> {
    pub form: &'a Setup,
    /// What the bot of the selected seat does.
    pub about: Option<&'a str>,
    pub theme: Theme,
}

/// Each row of the form: its label and its value.
fn rows(m: &Messages, form: &Setup) -> Vec<(Row, String, String)> {
    let s = &form.setup;
    form.rows()
        .into_iter()
        .map(|row| {
            let (label, value) = match row {
                Row::Language => (msg::setup_language(m), s.lang.native_name().to_string()),
                Row::Mode => (msg::setup_mode(m), msg::mode(m, form.mode)),
                Row::Theme => (msg::setup_theme(m), msg::train_theme(m, form.theme)),
                Row::Players => (msg::setup_players(m), s.seats.len().to_string()),
                Row::Seat(i) => {
                    let seat = &s.seats[i];
                    let value = match &seat.kind {
                        SeatKind::Human => msg::setup_human(m, &seat.name),
                        SeatKind::Bot(name) => msg::setup_bot(m, name),
                    };
                    (msg::setup_seat(m, i + 1), value)
                }
                Row::Order => (msg::setup_order(m), msg::order(m, s.order)),
                Row::Dice => (msg::setup_dice(m), s.rules.dice().to_string()),
                Row::Target => (msg::setup_target(m), s.rules.target().to_string()),
                Row::Bonus => (msg::setup_bonus(m), msg::bonus_rule(m, s.rules.bonus())),
                Row::End => (msg::setup_end(m), msg::end_rule(m, s.rules.end())),
                Row::Tie => (msg::setup_tie(m), msg::tie_rule(m, s.rules.tie())),
                Row::Seed => (
                    msg::setup_seed(m),
                    s.seed
                        .map_or_else(|| msg::setup_seed_random(m), |n| n.to_string()),
                ),
                Row::Coach => (msg::setup_coach(m), msg::coach_mode(m, s.coach)),
                Row::Pace => (msg::setup_pace(m), msg::pace(m, s.pace_ms)),
                Row::Start if form.mode == Mode::Trainer => {
                    (String::new(), msg::setup_start_trainer(m))
                }
                Row::Start => (String::new(), msg::setup_start(m)),
            };
            (row, label, value)
        })
        .collect()
}

impl Widget for SetupScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let SetupScreen { form, about, theme } = self;
        let m = form.setup.lang.messages();
        if TooSmall::check(area) {
            TooSmall { m, theme }.render(area, buf);
            return;
        }
        let rows = rows(m, form);
        // A form too tall for the screen (eight seats at 24 lines) takes the title's line, the
        // title going into its frame.
        let merged = rows.len() as u16 + 2 > area.height.saturating_sub(2);
        let [title, body, status] = Layout::vertical([
            Constraint::Length(u16::from(!merged)),
            Constraint::Min(0),
            Constraint::Length(1),
        ])
        .areas(area);
        let frame_title = if merged {
            Line::from(vec![
                Span::styled(format!(" {} ", msg::title(m)), theme.title()),
                Span::raw(msg::panel_setup(m)),
            ])
        } else {
            Line::styled(format!(" {} ", msg::title(m)), theme.title()).render(title, buf);
            Line::raw(msg::panel_setup(m))
        };
        let current = form.current();
        let label_width = rows
            .iter()
            .map(|(_, label, _)| label.chars().count())
            .max()
            .unwrap_or(0)
            .max(10);
        let mut lines = Vec::new();
        for (row, label, value) in rows {
            let selected = row == current;
            let value = if row == Row::Start {
                format!("▶ {value}")
            } else if selected {
                format!("◂ {value} ▸")
            } else {
                format!("  {value}  ")
            };
            let style = if selected {
                theme.selected()
            } else if row == Row::Start {
                theme.key()
            } else {
                theme.plain()
            };
            lines.push(Line::from(vec![
                Span::raw(format!(" {label:<label_width$} ")),
                Span::styled(value, style),
            ]));
        }
        let height = (lines.len() as u16 + 2).min(body.height);
        let width = body.width.min(64);
        let form_area = Rect {
            x: body.x + (body.width - width) / 2,
            y: body.y,
            width,
            height,
        };
        Paragraph::new(lines)
            .block(Block::bordered().title(frame_title))
            .render(form_area, buf);
        if let Some(about) = about
            && form_area.bottom() < body.bottom()
        {
            let below = Rect {
                y: form_area.bottom(),
                height: body.bottom() - form_area.bottom(),
                ..form_area
            };
            Paragraph::new(Line::styled(about.to_string(), theme.dim()))
                .wrap(Wrap { trim: true })
                .render(below, buf);
        }
        let status_line = match &form.error {
            Some(error) => Line::styled(format!(" {}", msg::setup_error(m, error)), theme.bad()),
            None if form.mode == Mode::Trainer => {
                Line::styled(format!(" {}", msg::setup_hints_trainer(m)), theme.dim())
            }
            None => Line::styled(format!(" {}", msg::setup_hints(m)), theme.dim()),
        };
        status_line.render(status, buf);
    }
}
