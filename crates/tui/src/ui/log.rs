//! The log panel: the game so far, one event a line.

use martian_engine::{Action, Face, Game, GameState, Rules, Step, Turn};
use martian_i18n::Messages;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::messages as msg;

/// The game's log: the turns so far and the roll-off, one event a line.
pub fn log_lines(m: &Messages, game: &Game, names: &[String]) -> Vec<String> {
    log_lines_marked(m, game, names, &[])
}

/// The game's log with a mark after each decision: `marks[k]` for the game's k-th decision (a
/// stop's mark goes on the turn's result line).
pub fn log_lines_marked(
    m: &Messages,
    game: &Game,
    names: &[String],
    marks: &[String],
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut decisions = 0;
    let mut tell = |seat: usize, round: u32, steps: &[Step], rules: Rules| {
        let mut stop_mark = None;
        lines.push(msg::log_turn_head(m, &names[seat], round));
        let mut turn = Turn::new(rules);
        for step in steps {
            match *step {
                Step::Rolled(roll) => {
                    let _ = turn.apply_roll(roll);
                    lines.push(format!(
                        "  {}",
                        msg::log_rolled(m, roll, roll.count(Face::Tank))
                    ));
                }
                Step::Played(action) => {
                    let n = match (turn.pending_roll(), action) {
                        (Some(roll), Action::Take(face)) => roll.count(face),
                        _ => 0,
                    };
                    let _ = turn.play(action);
                    let mark = marks.get(decisions);
                    decisions += 1;
                    if action == Action::Stop {
                        stop_mark = mark;
                    } else {
                        let text = msg::log_action(m, action, n);
                        lines.push(match mark {
                            Some(mark) => format!("  {text} · {mark}"),
                            None => format!("  {text}"),
                        });
                    }
                }
            }
        }
        if let Some(end) = turn.ended_by() {
            let aside = turn.aside();
            let busted = aside.count(Face::Tank) > aside.count(Face::DeathRay);
            let result = msg::log_result(m, end, turn.score(), busted);
            lines.push(match stop_mark {
                Some(mark) => format!("  {result} · {mark}"),
                None => format!("  {result}"),
            });
        }
    };
    let rules = game.rules();
    for log in game.history() {
        tell(log.seat, log.round, &log.steps, rules);
    }
    if matches!(game.state(), GameState::Playing) && !game.turn_steps().is_empty() {
        tell(game.seat(), game.round(), game.turn_steps(), rules);
    }
    if let Some(roll_off) = game.roll_off() {
        for (i, round) in roll_off.rounds().iter().enumerate() {
            if i > 0 && !round.is_empty() {
                lines.push(format!("  {}", msg::log_roll_off_tied(m)));
            }
            for r in round {
                lines.push(msg::log_roll_off(m, &names[r.seat], r.roll));
            }
        }
    }
    lines
}

/// The log panel: the whole game, wrapped to the panel, showing its last lines or, scrolled
/// back, `scroll` lines before them.
pub struct LogPanel<'a> {
    pub m: &'a Messages,
    pub game: &'a Game,
    pub names: &'a [String],
    /// How many lines back from the last the panel is scrolled.
    pub scroll: usize,
    /// A mark for each decision of the game, in order (the replay's review).
    pub marks: &'a [String],
}

/// A log line broken to `width`, its continuation lines indented under its text.
fn wrapped(line: &str, width: usize) -> Vec<String> {
    let indent = line.chars().take_while(|&c| c == ' ').count();
    let text = &line[indent..];
    let lead = " ".repeat(indent);
    let more = " ".repeat(indent + 2);
    let mut out = Vec::new();
    let first = super::wrap_words(text, width.saturating_sub(indent));
    let (head, tail) = first.split_first().expect("wrapping gives a line");
    out.push(format!("{lead}{head}"));
    let rest = tail.join(" ");
    if !rest.is_empty() {
        for part in super::wrap_words(&rest, width.saturating_sub(indent + 2)) {
            out.push(format!("{more}{part}"));
        }
    }
    out
}

impl LogPanel<'_> {
    /// The panel's lines at `width`, wrapped.
    pub fn lines(&self, width: usize) -> Vec<String> {
        log_lines_marked(self.m, self.game, self.names, self.marks)
            .iter()
            .flat_map(|line| wrapped(line, width))
            .collect()
    }
}

impl Widget for LogPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = self.lines(usize::from(area.width.saturating_sub(2)));
        let room = usize::from(area.height.saturating_sub(2));
        let scroll = self.scroll.min(lines.len().saturating_sub(room));
        let end = lines.len() - scroll;
        let shown: Vec<Line> = lines[end.saturating_sub(room)..end]
            .iter()
            .map(|l| Line::raw(l.clone()))
            .collect();
        let title = if scroll > 0 {
            msg::panel_log_scrolled(self.m, scroll)
        } else {
            msg::panel_log(self.m)
        };
        Paragraph::new(shown)
            .block(Block::bordered().title(title))
            .render(area, buf);
    }
}
