//! A box over the screen: help, quit, save.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

/// `lines` in a titled box `width` wide, centred over what is drawn.
pub struct Popup<'a> {
    pub title: &'a str,
    pub lines: Vec<Line<'static>>,
    pub width: u16,
}

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

impl Widget for Popup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = centered(area, self.width, self.lines.len() as u16 + 2);
        Clear.render(area, buf);
        Paragraph::new(self.lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(self.title.to_string()))
            .render(area, buf);
    }
}
