//! The score table: the round, each seat's total and last turn, who acts, who won.

use martian_engine::Game;
use martian_i18n::Messages;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::messages as msg;
use crate::theme::Theme;

pub struct ScoresPanel<'a> {
    pub m: &'a Messages,
    pub game: &'a Game,
    pub names: &'a [String],
    /// Two seats a row, without column heads and legend (see [`ScoresPanel::compact`]).
    pub compact: bool,
    pub theme: Theme,
}

impl ScoresPanel<'_> {
    /// Whether the score table drops its column heads and legend and puts two seats a row: with
    /// many players, or when the full table would leave the panel below it fewer than
    /// `rows_below` of the `room` rows they share (the coach at 80×24 with five seats).
    pub fn compact(players: usize, room: u16, rows_below: u16) -> bool {
        players > 5 || Self::full_height(players) + rows_below > room
    }

    fn full_height(players: usize) -> u16 {
        players as u16 + 5
    }

    /// The rows the panel takes, borders included.
    pub fn height(players: usize, compact: bool) -> u16 {
        if compact {
            players.div_ceil(2) as u16 + 3
        } else {
            Self::full_height(players)
        }
    }
}

impl Widget for ScoresPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let ScoresPanel {
            m,
            game,
            names,
            compact,
            theme,
        } = self;
        let inner = usize::from(area.width.saturating_sub(2));
        let mut lines = Vec::new();
        let mut round = msg::round(m, game.round());
        if game.triggered_by().is_some() {
            round = format!("{round} · {}", msg::final_round(m));
        }
        lines.push(Line::styled(
            round,
            Style::new().add_modifier(Modifier::BOLD),
        ));
        // "▶ " + name + total (5) + the trigger's star (1) + last (4): a name of 16 fits in 28.
        let name_width = inner.saturating_sub(2 + 5 + 1 + 4);
        if !compact {
            lines.push(Line::styled(
                format!(
                    "  {:<name_width$}{:>5} {:>4}",
                    msg::head_player(m),
                    msg::head_total(m),
                    msg::head_last(m)
                ),
                theme.dim(),
            ));
        }
        let acting = crate::session::actor(game);
        let winners = game
            .outcome()
            .map(|o| o.winners.clone())
            .unwrap_or_default();
        let triggered = |seat: usize| game.triggered_by() == Some(seat);
        let marker = |seat: usize| {
            if winners.contains(&seat) {
                "♦"
            } else if acting == Some(seat) {
                "▶"
            } else if compact && triggered(seat) {
                msg::TRIGGER_MARK
            } else {
                " "
            }
        };
        let style = |seat: usize| {
            if winners.contains(&seat) {
                theme.good()
            } else if acting == Some(seat) {
                Style::new().add_modifier(Modifier::BOLD)
            } else {
                theme.plain()
            }
        };
        if compact {
            // Two seats a row: mark, name, total.
            let half = inner / 2;
            let width = half.saturating_sub(1 + 3);
            for pair in (0..names.len()).collect::<Vec<_>>().chunks(2) {
                let mut spans = Vec::new();
                for &seat in pair {
                    let name: String = names[seat].chars().take(width).collect();
                    spans.push(Span::styled(
                        format!("{}{name:<width$}{:>3}", marker(seat), game.scores()[seat]),
                        style(seat),
                    ));
                }
                lines.push(Line::from(spans));
            }
        } else {
            for (seat, name) in names.iter().enumerate() {
                let name: String = name.chars().take(name_width).collect();
                let last = game
                    .history()
                    .iter()
                    .rev()
                    .find(|log| log.seat == seat)
                    .map_or(String::from("–"), |log| log.turn.score().to_string());
                let star = if triggered(seat) {
                    msg::TRIGGER_MARK
                } else {
                    " "
                };
                lines.push(Line::styled(
                    format!(
                        "{} {name:<name_width$}{:>5}{star}{last:>4}",
                        marker(seat),
                        game.scores()[seat]
                    ),
                    style(seat),
                ));
            }
        }
        if !compact {
            if game.is_over() {
                lines.push(Line::styled(
                    msg::winner_legend(m, game.rules().target()),
                    theme.dim(),
                ));
            } else if game.triggered_by().is_some() {
                lines.push(Line::styled(msg::trigger_legend(m), theme.dim()));
            }
        }
        Paragraph::new(lines)
            .block(Block::bordered().title(msg::panel_scores(m)))
            .render(area, buf);
    }
}
