//! The review of a game: every seat's chance to win after every turn as a chart, then the
//! decisions — each seat's summary, the biggest mistakes first, then every decision in order —
//! in a list that scrolls. Approximate values and a review that stops early say so.

use martian_engine::Rules;
use martian_i18n::{Messages, decimal};
use martian_review::{Class, Decision, Measure, Review};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph, Widget, Wrap};

use super::{TooSmall, rules_summary, wrap_words};
use crate::game_review::{GameReview, ReviewState};
use crate::messages as msg;
use crate::theme::Theme;

pub struct ReviewScreen<'a> {
    pub m: &'static Messages,
    pub title: &'a str,
    pub seed: Option<u64>,
    pub rules: Rules,
    pub names: &'a [String],
    pub review: &'a GameReview,
    /// An error or notice for the status line.
    pub status: Option<&'a str>,
    pub theme: Theme,
}

/// The chart's series: one per seat (solo: the expected length of the game), a point before the
/// first turn, one after each turn, and one after the roll-off.
fn series(review: &Review) -> Vec<Vec<(f64, f64)>> {
    match (&review.expected_turns, review.measure) {
        (Some(turns), Measure::ExpectedTurns) => {
            vec![
                turns
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| (i as f64, v))
                    .collect(),
            ]
        }
        _ => (0..review.players.len())
            .map(|seat| {
                review
                    .win_probability
                    .iter()
                    .enumerate()
                    .map(|(i, chances)| (i as f64, chances.get(seat).copied().unwrap_or(0.0)))
                    .collect()
            })
            .collect(),
    }
}

/// How a seat's line is drawn: braille in its colour, or (without colour) its seat number.
fn marker(theme: Theme, seat: usize) -> Marker {
    if theme.color {
        Marker::Braille
    } else {
        Marker::Custom(char::from_digit((seat as u32 + 1) % 10, 10).unwrap_or('*'))
    }
}

/// The legend's items, packed into lines of `width` columns.
fn legend(names: &[String], theme: Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for (seat, name) in names.iter().enumerate() {
        let key = if theme.color {
            "━━".to_string()
        } else {
            format!("{}", (seat + 1) % 10)
        };
        let item = key.chars().count() + 1 + name.chars().count();
        let gap = if used == 0 { 0 } else { 2 };
        if used > 0 && used + gap + item > width {
            lines.push(Line::from(std::mem::take(&mut line)));
            used = 0;
        }
        if used > 0 {
            line.push(Span::raw("  "));
            used += 2;
        }
        line.push(Span::styled(key, theme.seat(seat)));
        line.push(Span::raw(format!(" {name}")));
        used += item;
    }
    if !line.is_empty() {
        lines.push(Line::from(line));
    }
    lines
}

/// A text broken to `width`, its continuation lines indented by two, all in `style`.
fn entry(text: &str, width: usize, style: Style) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let first = wrap_words(text, width);
    let (head, tail) = first.split_first().expect("wrapping gives a line");
    lines.push(Line::styled(head.clone(), style));
    let rest = tail.join(" ");
    if !rest.is_empty() {
        for part in wrap_words(&rest, width.saturating_sub(2)) {
            lines.push(Line::styled(format!("  {part}"), style));
        }
    }
    lines
}

/// A note under an entry (a decision's reason): every line indented.
fn indented(text: &str, width: usize, style: Style) -> Vec<Line<'static>> {
    wrap_words(text, width.saturating_sub(4))
        .into_iter()
        .map(|line| Line::styled(format!("    {line}"), style))
        .collect()
}

fn class_style(theme: Theme, decision: &Decision) -> Style {
    match decision.class {
        _ if decision.forced => theme.dim(),
        Class::Best => theme.plain(),
        Class::Inaccuracy => theme.why(),
        Class::Mistake => theme.key(),
        Class::Blunder => theme.bad(),
    }
}

impl ReviewScreen<'_> {
    /// The list: what the values are, where the review stops, each seat, the biggest mistakes,
    /// every decision.
    fn list(&self, review: &Review, width: usize) -> Vec<Line<'static>> {
        let (m, theme) = (self.m, self.theme);
        let measure = review.measure;
        let name = |seat: usize| self.names.get(seat).cloned().unwrap_or_default();
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let mut lines = Vec::new();
        if let Some(note) = msg::review_approximate(m, review.valuation) {
            lines.extend(entry(&note, width, theme.dim()));
        }
        if let Some(stopped) = &review.stopped {
            lines.extend(entry(&msg::review_stopped(m, stopped), width, theme.bad()));
        } else if !review.finished {
            lines.extend(entry(&msg::review_unfinished(m), width, theme.dim()));
        }
        for seat in &review.seats {
            let text = msg::review_seat(m, measure, &name(seat.seat), seat);
            lines.extend(entry(&text, width, theme.plain()));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(msg::review_mistakes(m), bold));
        let mistakes: Vec<&Decision> = review
            .biggest_mistakes(None)
            .into_iter()
            .filter(|d| d.class > Class::Best)
            .collect();
        if mistakes.is_empty() {
            let text = msg::review_no_mistakes(m, measure, review.thresholds);
            lines.extend(entry(&text, width, theme.good()));
        }
        for decision in mistakes {
            let text = msg::review_decision(m, measure, &name(decision.seat), decision);
            lines.extend(entry(&text, width, class_style(theme, decision)));
            if let Some(reason) = &decision.reason {
                lines.extend(indented(&msg::coach_why(m, reason), width, theme.why()));
            }
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(msg::review_all(m), bold));
        for decision in &review.decisions {
            let text = msg::review_decision(m, measure, &name(decision.seat), decision);
            lines.extend(entry(&text, width, class_style(theme, decision)));
            if let Some(reason) = &decision.reason {
                lines.extend(indented(&msg::coach_why(m, reason), width, theme.why()));
            }
        }
        lines
    }

    fn chart(&self, review: &Review, area: Rect, buf: &mut Buffer) {
        let (m, theme) = (self.m, self.theme);
        let block =
            Block::bordered().title(msg::review_chart(m, review.measure, review.approximate));
        let inner = block.inner(area);
        block.render(area, buf);
        let names: Vec<String> = match review.measure {
            // Solo: the one line is the length of the game.
            Measure::ExpectedTurns => self.names.iter().take(1).cloned().collect(),
            Measure::WinProbability => self.names.to_vec(),
        };
        let legend = legend(&names, theme, usize::from(inner.width));
        let legend_height = (legend.len() as u16).min(inner.height.saturating_sub(3));
        let [plot, legend_area] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(legend_height)]).areas(inner);
        Paragraph::new(legend).render(legend_area, buf);

        let series = series(review);
        let points = series.first().map_or(0, |s| s.len().saturating_sub(1));
        let last = points.max(1);
        let (low, high, labels) = match review.measure {
            Measure::WinProbability => (
                0.0,
                1.0,
                vec!["0%".to_string(), "50%".to_string(), "100%".to_string()],
            ),
            Measure::ExpectedTurns => {
                let values = series.iter().flatten().map(|&(_, v)| v);
                let low = values.clone().fold(f64::INFINITY, f64::min).floor();
                let high = values
                    .fold(f64::NEG_INFINITY, f64::max)
                    .ceil()
                    .max(low + 1.0);
                let mid = (low + high) / 2.0;
                let labels = [low, mid, high].map(|v| decimal(m, v, 1)).to_vec();
                (low, high, labels)
            }
        };
        // The points after the turns: the last one is the roll-off's when it has one.
        let turns = review.turns.iter().filter(|t| t.finished).count();
        let end_label = if points > turns {
            msg::review_roll_off_x(m)
        } else {
            format!("{points} {}", msg::review_x(m))
        };
        let datasets: Vec<Dataset> = series
            .iter()
            .enumerate()
            .map(|(seat, points)| {
                Dataset::default()
                    .marker(marker(theme, seat))
                    .graph_type(GraphType::Line)
                    .style(theme.seat(seat))
                    .data(points)
            })
            .collect();
        Chart::new(datasets)
            .x_axis(
                Axis::default()
                    .bounds([0.0, last as f64])
                    .labels(["0".to_string(), end_label])
                    .style(theme.dim()),
            )
            .y_axis(
                Axis::default()
                    .bounds([low, high])
                    .labels(labels)
                    .style(theme.dim()),
            )
            .render(plot, buf);
    }
}

impl Widget for ReviewScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (m, theme) = (self.m, self.theme);
        if TooSmall::check(area) {
            TooSmall { m, theme }.render(area, buf);
            return;
        }
        let [title, body, keys, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let mut title_spans = vec![
            Span::styled(format!(" {} ", self.title), theme.title()),
            Span::raw(format!(" {}", rules_summary(m, self.rules))),
        ];
        if let Some(seed) = self.seed {
            title_spans.push(Span::styled(
                format!(" · {}", msg::seed(m, seed)),
                theme.dim(),
            ));
        }
        Line::from(title_spans).render(title, buf);
        Line::styled(format!(" {}", msg::hint_review(m)), theme.key()).render(keys, buf);
        if let Some(text) = self.status {
            Line::styled(format!(" {text}"), theme.bad()).render(status, buf);
        }
        let note = match self.review.state() {
            ReviewState::Ready(review) => {
                // The chart takes two fifths of the height, at least ten lines.
                let chart_height = (body.height * 2 / 5).max(10).min(body.height / 2 + 2);
                let [chart, list] =
                    Layout::vertical([Constraint::Length(chart_height), Constraint::Min(0)])
                        .areas(body);
                self.chart(review, chart, buf);
                let width = usize::from(list.width.saturating_sub(2));
                let lines = self.list(review, width);
                let room = usize::from(list.height.saturating_sub(2));
                let max_scroll = lines.len().saturating_sub(room);
                self.review.max_scroll.set(max_scroll);
                let from = self.review.scroll.min(max_scroll);
                let to = (from + room).min(lines.len());
                Paragraph::new(lines[from..to].to_vec())
                    .block(Block::bordered().title(msg::review_list(m, from..to, lines.len())))
                    .render(list, buf);
                return;
            }
            ReviewState::Working => Line::raw(msg::review_working(m)),
            ReviewState::Failed(error) => Line::styled(msg::review_failed(m, error), theme.bad()),
            ReviewState::Lost => Line::styled(msg::review_lost(m), theme.bad()),
        };
        Paragraph::new(note)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(msg::review_list(m, 0..0, 0)))
            .render(body, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::{Awaiting, Game, GameRecord, PlayerInfo, seeded_rng};
    use martian_i18n::Lang;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use crate::work::Pace;

    /// A finished duel: roll while the turn scores under 6, take the first legal type.
    fn record(seed: u64) -> GameRecord {
        let mut rng = seeded_rng(seed);
        let mut game = Game::new(Rules::official(), 2).unwrap();
        while game.awaiting() != Awaiting::Nothing {
            if let Awaiting::Decision { .. } = game.awaiting() {
                let actions: Vec<_> = game.turn().legal_actions().iter().collect();
                let action = if actions.contains(&martian_engine::Action::Stop) {
                    if game.turn().score() < 6 {
                        martian_engine::Action::Roll
                    } else {
                        martian_engine::Action::Stop
                    }
                } else {
                    actions[0]
                };
                game.play(action).unwrap();
            } else {
                game.roll(&mut rng).unwrap();
            }
        }
        let players = ["Ana", "Bia"]
            .map(|name| PlayerInfo {
                name: name.into(),
                bot: None,
            })
            .to_vec();
        GameRecord::of_game(&game, players, Some(seed))
    }

    fn draw(review: &GameReview, lang: Lang) -> String {
        let names = ["Ana".to_string(), "Bia".to_string()];
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal
            .draw(|frame| {
                frame.render_widget(
                    ReviewScreen {
                        m: lang.messages(),
                        title: &msg::review_title(lang.messages()),
                        seed: Some(3),
                        rules: Rules::official(),
                        names: &names,
                        review,
                        status: None,
                        theme: Theme { color: false },
                    },
                    frame.area(),
                )
            })
            .unwrap();
        terminal.backend().to_string()
    }

    /// A record that breaks the rules at its third turn is reviewed up to it, and the screen
    /// says where and why the review stops, first in the list.
    #[test]
    fn a_review_that_stops_says_where_and_why() {
        let mut broken = record(3);
        broken.turns[2].score += 1;
        let review = GameReview::start(broken, Pace::AtOnce);
        let reviewed = review.review().expect("reviewed as far as it goes");
        let stopped = reviewed.stopped.as_ref().expect("the review stops");
        assert_eq!(stopped.turn, Some(3));
        assert_eq!(reviewed.turns.len(), 2);
        let en = draw(&review, Lang::En);
        assert!(
            en.contains("│The review stops at turn 3: the record breaks the rules there"),
            "{en}"
        );
        insta::assert_snapshot!("review_stopped", en);
        let pt = draw(&review, Lang::PtBr);
        assert!(
            pt.contains("│A revisão para no turno 3: o registro quebra as regras"),
            "{pt}"
        );
        // The chart ends where the review does: after the two turns reviewed.
        assert!(en.contains("2 turns│"), "{en}");
    }

    #[test]
    fn a_review_being_worked_out_says_so() {
        let review = GameReview::start(record(3), Pace::Background);
        let screen = draw(&review, Lang::En);
        // Whichever comes first: the review or the notice that it is being worked out.
        assert!(
            screen.contains("Working out the value of every decision")
                || screen.contains("The biggest mistakes"),
            "{screen}"
        );
    }
}
