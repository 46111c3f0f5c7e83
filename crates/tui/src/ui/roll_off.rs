//! The roll-off panel: who is tied, the latest roll's death rays, the rounds so far.

use martian_engine::{Face, RollOff};
use martian_i18n::Messages;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use super::dice::dice_lines;
use crate::messages as msg;
use crate::theme::Theme;

pub struct RollOffPanel<'a> {
    pub m: &'a Messages,
    pub roll_off: &'a RollOff,
    pub names: &'a [String],
    pub theme: Theme,
}

impl Widget for RollOffPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let RollOffPanel {
            m,
            roll_off,
            names,
            theme,
        } = self;
        let mut lines = Vec::new();
        let first_round: Vec<&str> = roll_off
            .rounds()
            .first()
            .map(|round| round.iter().map(|r| names[r.seat].as_str()).collect())
            .unwrap_or_default();
        let tied: Vec<&str> = if first_round.len() >= 2 {
            first_round
        } else {
            roll_off
                .contenders()
                .iter()
                .map(|&s| names[s].as_str())
                .collect()
        };
        lines.push(Line::raw(msg::roll_off_between(m, &tied)));
        let latest = roll_off.rounds().iter().rev().find_map(|r| r.last());
        match latest {
            Some(roll) => {
                lines.push(Line::raw(format!(
                    "{}: {}",
                    names[roll.seat],
                    msg::roll_off_rays(m, roll.roll.count(Face::DeathRay))
                )));
                let style_of = |face: Face| {
                    if face == Face::DeathRay {
                        theme.face(face)
                    } else {
                        theme.returned()
                    }
                };
                lines.extend(dice_lines(
                    m,
                    roll.roll,
                    area.width.saturating_sub(2),
                    style_of,
                ));
            }
            None => lines.extend([Line::raw(""), Line::raw(""), Line::raw(""), Line::raw("")]),
        }
        let rounds = roll_off.rounds();
        let shown = rounds.len().saturating_sub(2);
        for (i, round) in rounds.iter().enumerate().skip(shown) {
            if round.is_empty() {
                continue;
            }
            let parts: Vec<String> = round
                .iter()
                .map(|r| format!("{} {}", names[r.seat], r.roll.count(Face::DeathRay)))
                .collect();
            lines.push(Line::raw(format!(
                "{}: {}",
                msg::roll_off_round(m, i + 1),
                parts.join(" · ")
            )));
        }
        Paragraph::new(lines)
            .block(Block::bordered().title(msg::panel_roll_off(m)))
            .render(area, buf);
    }
}
