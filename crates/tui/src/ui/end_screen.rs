//! The end of the game: who won, every seat's score round by round with a small chart of the
//! totals, the biggest turn, who made it the last round, the roll-off, and the keys.

use martian_engine::{Face, Game, Points};
use martian_i18n::Messages;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::{TooSmall, rules_summary, wrap_words};
use crate::game_review::ReviewState;
use crate::messages as msg;
use crate::theme::Theme;

pub struct EndScreen<'a> {
    pub m: &'static Messages,
    pub title: &'a str,
    pub seed: Option<u64>,
    pub game: &'a Game,
    pub names: &'a [String],
    /// An error or notice for the status line.
    pub status: Option<&'a str>,
    pub theme: Theme,
    /// The game's review, worked out as the results come up: what the end screen says of the
    /// people's decisions, leading to the review screen.
    pub review: Option<ReviewState<'a>>,
    /// The seats of the people at the screen (their decisions are summed up).
    pub people: &'a [usize],
}

/// Bars from low to high, a total each, for the chart of the totals.
const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// Each seat's turn score in each round (`None` where it did not play), and the rounds played.
fn scores_by_round(game: &Game) -> (Vec<Vec<Option<Points>>>, usize) {
    let rounds = game.history().last().map_or(0, |log| log.round as usize);
    let mut grid = vec![vec![None; rounds]; game.players()];
    for log in game.history() {
        grid[log.seat][log.round as usize - 1] = Some(log.turn.score());
    }
    (grid, rounds)
}

impl EndScreen<'_> {
    /// The banner, the table of rounds, the facts of the game and the keys.
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let EndScreen {
            m,
            game,
            names,
            theme,
            ..
        } = *self;
        let rules = game.rules();
        let Some(outcome) = game.outcome() else {
            return Vec::new();
        };
        let mut lines = Vec::new();
        let winners: Vec<&str> = outcome.winners.iter().map(|&s| names[s].as_str()).collect();
        let mut banner = if let [one] = winners[..] {
            msg::wins(m, one)
        } else {
            msg::share_victory(m, &winners)
        };
        if let (Some(_), [one]) = (&outcome.roll_off, &winners[..]) {
            banner = format!("{banner} {}", msg::won_roll_off(m, one));
        }
        lines.push(Line::styled(banner, theme.good()));
        lines.push(Line::raw(""));

        // The table: a column a round (the last ones that fit), the total, the chart.
        let (grid, rounds) = scores_by_round(game);
        let label = |seat: usize| {
            let mut label = names[seat].clone();
            if game.triggered_by() == Some(seat) {
                label = format!("{label} {}", msg::TRIGGER_MARK);
            }
            label
        };
        let name_width = (0..names.len())
            .map(|s| label(s).chars().count())
            .chain([msg::end_round_head(m).chars().count()])
            .max()
            .unwrap_or(0)
            .min(18);
        let total_head = msg::end_total_head(m);
        let total_width = total_head.chars().count().max(4);
        // "♦ " + name + " " + cells + " │ " + total + "  " + chart.
        let fixed = 2 + name_width + 1 + 3 + total_width + 2;
        let shown = ((width.saturating_sub(fixed)) / 4).min(rounds).max(1);
        let first = rounds.saturating_sub(shown);
        let cut = first > 0;
        let mut head = format!("  {:<name_width$} ", msg::end_round_head(m));
        if cut {
            head.push_str("  …");
        }
        for round in first + usize::from(cut)..rounds {
            head.push_str(&format!("{:>3}", round + 1));
        }
        head.push_str(&format!(" │ {total_head:>total_width$}"));
        lines.push(Line::styled(head, theme.dim()));
        let top = f64::from(
            game.scores()
                .iter()
                .copied()
                .max()
                .unwrap_or(0)
                .max(rules.target()),
        );
        for (seat, row) in grid.iter().enumerate() {
            let won = outcome.winners.contains(&seat);
            let mark = if won { "♦ " } else { "  " };
            let name: String = label(seat).chars().take(name_width).collect();
            let mut cells = String::new();
            if cut {
                cells.push_str("  …");
            }
            for score in &row[first + usize::from(cut)..] {
                match score {
                    Some(points) => cells.push_str(&format!("{points:>3}")),
                    None => cells.push_str("   "),
                }
            }
            let mut running: Points = 0;
            let chart: String = row
                .iter()
                .map(|score| {
                    running += score.unwrap_or(0);
                    let level = (f64::from(running) / top * BARS.len() as f64).ceil() as usize;
                    match level {
                        0 => ' ',
                        n => BARS[n.min(BARS.len()) - 1],
                    }
                })
                .collect();
            let chart: String = {
                let room = width.saturating_sub(fixed + cells.chars().count());
                let skip = chart.chars().count().saturating_sub(room);
                chart.chars().skip(skip).collect()
            };
            let style = if won {
                theme.good()
            } else {
                Style::new().add_modifier(Modifier::BOLD)
            };
            lines.push(Line::from(vec![
                Span::styled(format!("{mark}{name:<name_width$} "), style),
                Span::raw(cells),
                Span::styled(format!(" │ {:>total_width$}  ", game.scores()[seat]), style),
                Span::styled(chart, theme.face(Face::DeathRay)),
            ]));
        }
        lines.push(Line::styled(
            msg::end_legend(m, rules.target(), game.triggered_by().is_some()),
            theme.dim(),
        ));
        lines.push(Line::raw(""));

        // The facts of the game.
        let biggest = game
            .history()
            .iter()
            .filter(|log| log.turn.score() > 0)
            .max_by_key(|log| (log.turn.score(), std::cmp::Reverse(log.round)));
        lines.push(Line::raw(match biggest {
            Some(log) => msg::end_biggest(
                m,
                &names[log.seat],
                log.turn.score(),
                log.round,
                rules.earns_bonus(log.turn.aside()),
            ),
            None => msg::end_no_score(m),
        }));
        if let Some(seat) = game.triggered_by() {
            let round = game
                .history()
                .iter()
                .scan(0, |total, log| {
                    if log.seat == seat {
                        *total += log.turn.score();
                    }
                    Some((log.seat, log.round, *total))
                })
                .find(|&(s, _, total)| s == seat && total >= rules.target())
                .map_or(game.round(), |(_, round, _)| round);
            lines.push(Line::raw(msg::end_trigger(
                m,
                &names[seat],
                rules.target(),
                round,
                rules.end(),
            )));
        }
        if let Some(roll_off) = &outcome.roll_off {
            for (i, round) in roll_off.rounds().iter().enumerate() {
                let rolls: Vec<(&str, u8)> = round
                    .iter()
                    .map(|r| (names[r.seat].as_str(), r.roll.count(Face::DeathRay)))
                    .collect();
                lines.push(Line::raw(msg::end_roll_off_round(m, i + 1, &rolls)));
            }
        }
        self.review_lines(&mut lines, width);
        lines
    }

    /// What the review says of each person's decisions: the accuracy, the biggest mistake and
    /// why, and the key that opens the whole review.
    fn review_lines(&self, lines: &mut Vec<Line<'static>>, width: usize) {
        let (m, theme) = (self.m, self.theme);
        // Each entry wrapped with its later lines indented, under an indent of `depth`.
        let mut entry = |text: &str, depth: usize, style: Style| {
            let head = " ".repeat(depth);
            let rest = " ".repeat(depth + 2);
            for (i, line) in wrap_words(text, width.saturating_sub(depth + 2))
                .into_iter()
                .enumerate()
            {
                let indent = if i == 0 { &head } else { &rest };
                lines.push(Line::styled(format!("{indent}{line}"), style));
            }
        };
        let Some(state) = &self.review else {
            return;
        };
        entry("", 0, theme.plain());
        let review = match state {
            ReviewState::Ready(review) => review,
            ReviewState::Working => {
                entry(&msg::end_review_working(m), 0, theme.dim());
                return;
            }
            ReviewState::Failed(_) | ReviewState::Lost => {
                entry(&msg::review_lost(m), 0, theme.dim());
                return;
            }
        };
        for &seat in self.people {
            let Some(summary) = review.seats.get(seat) else {
                continue;
            };
            let name = &self.names[seat];
            entry(
                &msg::review_seat(m, review.measure, name, summary),
                0,
                theme.plain(),
            );
            match summary.biggest_mistake.map(|i| &review.decisions[i]) {
                Some(decision) => {
                    let text = msg::review_decision(m, review.measure, name, decision);
                    entry(&msg::end_biggest_mistake(m, &text), 2, theme.key());
                    if let Some(reason) = &decision.reason {
                        entry(&msg::coach_why(m, reason), 2, theme.why());
                    }
                }
                None if summary.decisions > 0 => entry(&msg::end_no_mistake(m), 2, theme.good()),
                None => {}
            }
        }
        entry(&msg::end_review_key(m), 0, theme.key());
    }
}

impl Widget for EndScreen<'_> {
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
            Span::raw(format!(" {}", rules_summary(m, self.game.rules()))),
        ];
        if let Some(seed) = self.seed {
            title_spans.push(Span::styled(
                format!(" · {}", msg::seed(m, seed)),
                theme.dim(),
            ));
        }
        Line::from(title_spans).render(title, buf);
        let lines = self.lines(usize::from(body.width.saturating_sub(2)));
        // The table's lines fit by construction; the facts wrap rather than being cut.
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(msg::panel_game_over(m)))
            .render(body, buf);
        Line::styled(format!(" {}", msg::hint_over(m, true)), theme.key()).render(keys, buf);
        if let Some(text) = self.status {
            Line::styled(format!(" {text}"), theme.bad()).render(status, buf);
        }
    }
}
