//! The coach panel: the value of each option of the decision at hand, and what the last
//! decision cost.

use martian_engine::{Action, Face, Rules};
use martian_i18n::Messages;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::coach::{Advice, Measure, Review};
use crate::messages as msg;
use crate::theme::Theme;

/// What the coach panel shows.
#[derive(Clone, Copy, Debug)]
pub enum CoachView<'a> {
    /// Not asked for; the last review stays visible.
    Hidden { review: Option<&'a Review> },
    /// Asked for, but no one of the people at the screen decides now; in a replay, `whose`
    /// names the player to move, who has no decision yet.
    Waiting {
        review: Option<&'a Review>,
        whose: Option<&'a str>,
    },
    /// Asked for; the advisor had nothing (no solver, or no solution for this position).
    NoValues {
        available: bool,
        review: Option<&'a Review>,
    },
    Values {
        advice: &'a Advice,
        /// The action that was played from here (in a replay).
        played: Option<Action>,
        review: Option<&'a Review>,
        /// Whose decision the values are (in a replay, where nobody is "you").
        whose: Option<&'a str>,
        /// The move of the strategy card the coach quotes, tagged in the list.
        card: Option<Action>,
    },
}

pub struct CoachPanel<'a> {
    pub m: &'a Messages,
    pub view: CoachView<'a>,
    /// The rules of the game (the target names the measure when playing alone).
    pub rules: Rules,
    /// The panel's title when not the plain one (the card the coach quotes).
    pub title: Option<&'a str>,
    pub theme: Theme,
}

/// What a decision cost, in two lines: the last decision of a person at the screen, or
/// (`in_replay`) the move played from the position shown.
fn review_lines(
    m: &Messages,
    review: &Review,
    in_replay: bool,
    theme: Theme,
) -> [Line<'static>; 2] {
    let head = if in_replay {
        msg::coach_played(m, review.action)
    } else {
        msg::coach_last(m, review.action)
    };
    if review.was_best() {
        [
            Line::styled(head, theme.good()),
            Line::styled(format!("  {}", msg::review_best(m)), theme.good()),
        ]
    } else {
        let cost = review.advice.format_cost(m, review.cost);
        [
            Line::styled(head, theme.bad()),
            Line::styled(format!(" {}", msg::review_cost(m, cost)), theme.bad()),
        ]
    }
}

impl CoachPanel<'_> {
    /// The rows the panel needs for its longest list, borders included: the four options of
    /// a choice of type under its heads when the coach speaks, its note and the last review when
    /// it is off. It depends on the kind of view only, so that what is laid out around the panel
    /// keeps its shape from one decision to the next.
    pub fn rows_needed(view: CoachView<'_>) -> u16 {
        const BORDERS: u16 = 2;
        // The death rays and every earthling kind.
        const OPTIONS: u16 = Face::EARTHLINGS.len() as u16 + 1;
        match view {
            CoachView::Hidden { .. } => BORDERS + 1 + 2,
            CoachView::Waiting { whose, .. } | CoachView::Values { whose, .. } => {
                BORDERS + u16::from(whose.is_some()) + 1 + OPTIONS
            }
            CoachView::NoValues { .. } => BORDERS + 1 + OPTIONS,
        }
    }
}

impl Widget for CoachPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let CoachPanel {
            m,
            view,
            rules,
            title,
            theme,
        } = self;
        let inner = usize::from(area.width.saturating_sub(2));
        let mut lines = Vec::new();
        let in_replay = matches!(
            view,
            CoachView::Values {
                played: Some(_),
                ..
            }
        );
        let review = match view {
            CoachView::Hidden { review } => {
                lines.push(Line::styled(msg::coach_off(m), theme.dim()));
                review
            }
            CoachView::Waiting { review, whose } => {
                let text = match whose {
                    Some(name) => msg::coach_wait_for(m, name),
                    None => msg::coach_wait(m),
                };
                lines.push(Line::styled(text, theme.dim()));
                review
            }
            CoachView::NoValues { available, review } => {
                let text = if available {
                    msg::coach_no_values(m)
                } else {
                    msg::coach_unavailable(m)
                };
                lines.push(Line::styled(text, theme.dim()));
                review
            }
            CoachView::Values {
                advice,
                played,
                review,
                whose,
                card,
            } => {
                if let Some(name) = whose {
                    lines.push(Line::styled(msg::coach_whose(m, name), theme.key()));
                }
                let head = match advice.measure {
                    Measure::WinProbability => msg::coach_win(m),
                    Measure::TurnPoints => msg::coach_turn(m),
                    Measure::ExpectedTurns => msg::coach_turns(m, rules.target()),
                };
                lines.push(Line::styled(
                    head,
                    Style::new().add_modifier(Modifier::BOLD),
                ));
                let best = msg::coach_best(m);
                let card_tag = msg::coach_card_tag(m);
                let tag_width = best.chars().count().max(card_tag.chars().count());
                for &(action, value) in &advice.values {
                    let is_best = advice.is_best(value);
                    let mark = if played == Some(action) { "▸ " } else { "  " };
                    let label = msg::coach_option(m, action);
                    let value_text = advice.format_value(m, value);
                    // The best is named as such; the card's move, when it is not a best one.
                    let tag = if is_best {
                        best.as_str()
                    } else if card == Some(action) {
                        card_tag.as_str()
                    } else {
                        ""
                    };
                    let width = inner.saturating_sub(2 + value_text.len() + 1 + tag_width);
                    // At least one space between the option and its value.
                    let label: String = label.chars().take(width.saturating_sub(1)).collect();
                    let style = if is_best {
                        theme.good()
                    } else if card == Some(action) {
                        theme.bad()
                    } else {
                        theme.plain()
                    };
                    lines.push(Line::styled(
                        format!("{mark}{label:<width$}{value_text} {tag:<tag_width$}"),
                        style,
                    ));
                }
                if advice.provisional {
                    lines.push(Line::styled(msg::coach_working(m), theme.dim()));
                }
                review
            }
        };
        if let Some(review) = review {
            lines.extend(review_lines(m, review, in_replay, theme));
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(
                Block::bordered().title(title.map_or_else(|| msg::panel_coach(m), str::to_string)),
            )
            .render(area, buf);
    }
}
