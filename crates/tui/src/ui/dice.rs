//! Dice as the panels draw them: boxes grouped by face, or a line of letters when boxes do not
//! fit.

use martian_engine::{Dice, Face};
use martian_i18n::{Messages, vocab};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Dice drawn as boxes grouped by face when they fit, else as a line of letters; the letters are
/// the reader's (`V` and `G` in Portuguese).
pub fn dice_lines(
    m: &Messages,
    roll: Dice,
    width: u16,
    style_of: impl Fn(Face) -> Style,
) -> Vec<Line<'static>> {
    let letter = |face: Face| vocab::face_letter(m, face);
    let groups = Face::ALL.iter().filter(|&&f| roll.count(f) > 0).count();
    let boxed_width = usize::from(roll.total()) * 3 + groups.saturating_sub(1);
    let mut rows: [Vec<Span<'static>>; 3] = Default::default();
    if boxed_width <= usize::from(width) {
        for (g, face) in Face::ALL.iter().filter(|&&f| roll.count(f) > 0).enumerate() {
            if g > 0 {
                for row in &mut rows {
                    row.push(Span::raw(" "));
                }
            }
            let style = style_of(*face);
            for _ in 0..roll.count(*face) {
                rows[0].push(Span::styled("┌─┐", style));
                rows[1].push(Span::styled(format!("│{}│", letter(*face)), style));
                rows[2].push(Span::styled("└─┘", style));
            }
        }
        return rows.into_iter().map(Line::from).collect();
    }
    let mut spans = Vec::new();
    for face in Face::ALL.iter().filter(|&&f| roll.count(f) > 0) {
        let letters: String =
            std::iter::repeat_n(letter(*face), usize::from(roll.count(*face))).collect();
        spans.push(Span::styled(letters, style_of(*face)));
        spans.push(Span::raw(" "));
    }
    vec![Line::from(spans)]
}
