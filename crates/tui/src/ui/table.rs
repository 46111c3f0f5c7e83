//! The table screen, shared by the live game and the replay: the title, the dice, the log, the
//! scores, the coach, the choices and the status line.

use martian_engine::Game;
use martian_i18n::Messages;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::choices::ChoicesPanel;
use super::coach_panel::{CoachPanel, CoachView};
use super::dice_panel::DicePanel;
use super::log::LogPanel;
use super::scores::ScoresPanel;
use super::{TooSmall, rules_summary};
use crate::messages as msg;
use crate::theme::Theme;

/// Everything the table screen needs.
#[derive(Debug)]
pub struct TableView<'a> {
    /// The language of the screen.
    pub m: &'static Messages,
    pub title: &'a str,
    pub seed: Option<u64>,
    pub game: &'a Game,
    pub names: &'a [String],
    /// The choices panel: what may be done now, with its keys.
    pub prompt: Vec<Line<'static>>,
    /// A word of guidance under the keys, when the coach gives no reason.
    pub guide: Option<Line<'static>>,
    /// The coach's reason for its best option, under the keys.
    pub why: Option<String>,
    /// What the strategy card the coach quotes does here, under the keys.
    pub card: Option<String>,
    pub coach: CoachView<'a>,
    /// The coach panel's title when not the plain one.
    pub coach_title: Option<String>,
    /// How many lines back the log is scrolled.
    pub log_scroll: usize,
    /// A mark for each decision in the log (the replay's review), in order.
    pub log_marks: &'a [String],
    /// An error or notice for the status line.
    pub status: Option<&'a str>,
    pub hint: &'a str,
    pub theme: Theme,
}

impl Widget for &TableView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let view = self;
        let theme = view.theme;
        let m = view.m;
        if TooSmall::check(area) {
            TooSmall { m, theme }.render(area, buf);
            return;
        }
        let choice_lines = ChoicesPanel::body(
            &view.prompt,
            view.guide.as_ref(),
            view.why.as_deref(),
            view.card.as_deref(),
            usize::from(area.width.saturating_sub(2)),
            theme,
        );
        // The keys and two more lines, or as many as the coach's reason takes (within reason).
        let choices_height = (choice_lines.len() as u16)
            .clamp(2, ChoicesPanel::max_lines(view.card.is_some()) as u16)
            + 2;
        let [title, body, choices, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(choices_height),
            Constraint::Length(1),
        ])
        .areas(area);
        let right_width = if body.width >= 110 { 36 } else { 30 };
        let [left, right] =
            Layout::horizontal([Constraint::Min(0), Constraint::Length(right_width)]).areas(body);
        let coach = CoachPanel {
            m,
            view: view.coach,
            rules: view.game.rules(),
            title: view.coach_title.as_deref(),
            theme,
        };
        let players = view.names.len();
        // Judged with the choices at their tallest, so that the table keeps its shape through a
        // game.
        let tallest_choices = ChoicesPanel::max_lines(view.card.is_some()) as u16 + 2;
        let room = (body.height + choices.height).saturating_sub(tallest_choices);
        let compact = ScoresPanel::compact(players, room, CoachPanel::rows_needed(view.coach));
        let scores_height = ScoresPanel::height(players, compact);
        let [dice_area, log_area] =
            Layout::vertical([Constraint::Length(9), Constraint::Min(0)]).areas(left);
        let [scores_area, coach_area] =
            Layout::vertical([Constraint::Length(scores_height), Constraint::Min(0)]).areas(right);

        let mut title_spans = vec![
            Span::styled(format!(" {} ", view.title), theme.title()),
            Span::raw(format!(" {}", rules_summary(m, view.game.rules()))),
        ];
        if let Some(seed) = view.seed {
            title_spans.push(Span::styled(
                format!(" · {}", msg::seed(m, seed)),
                theme.dim(),
            ));
        }
        Line::from(title_spans).render(title, buf);

        DicePanel {
            m,
            game: view.game,
            names: view.names,
            theme,
        }
        .render(dice_area, buf);
        LogPanel {
            m,
            game: view.game,
            names: view.names,
            scroll: view.log_scroll,
            marks: view.log_marks,
        }
        .render(log_area, buf);
        ScoresPanel {
            m,
            game: view.game,
            names: view.names,
            compact,
            theme,
        }
        .render(scores_area, buf);
        coach.render(coach_area, buf);
        ChoicesPanel {
            m,
            lines: &choice_lines,
        }
        .render(choices, buf);
        let status_line = match view.status {
            Some(text) => Line::styled(format!(" {text}"), theme.bad()),
            None => Line::styled(format!(" {}", view.hint), theme.dim()),
        };
        status_line.render(status, buf);
    }
}
