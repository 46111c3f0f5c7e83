//! The choices panel: what may be done now, with its keys.

use martian_engine::{Action, Dice, Face, Game, Turn, TurnPhase};
use martian_i18n::Messages;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::messages::{self as msg, KeyAction, Keys, TAKEABLE};
use crate::theme::Theme;

/// The panel of what may be done now: the keys, then the coach's reason (wrapped) or else a
/// word of guidance.
pub struct ChoicesPanel<'a> {
    pub m: &'a Messages,
    pub lines: &'a [Line<'static>],
}

impl ChoicesPanel<'_> {
    /// The lines under the keys: the reason, wrapped to `width`, or the guide. With a strategy
    /// card quoted, what the card does comes first (wrapped), and the reason only when the
    /// whole of it fits in the panel's [`ChoicesPanel::max_lines`] besides.
    pub fn body(
        keys: &[Line<'static>],
        guide: Option<&Line<'static>>,
        why: Option<&str>,
        card: Option<&str>,
        width: usize,
        theme: Theme,
    ) -> Vec<Line<'static>> {
        let mut lines = keys.to_vec();
        let wrapped = |text: &str| -> Vec<Line<'static>> {
            super::wrap_words(text, width)
                .into_iter()
                .map(|l| Line::styled(l, theme.why()))
                .collect()
        };
        if let Some(card) = card {
            lines.extend(wrapped(card));
        }
        match why {
            Some(why) => {
                let why = wrapped(why);
                if card.is_none() || lines.len() + why.len() <= Self::max_lines(true) {
                    lines.extend(why);
                }
            }
            None if card.is_none() => lines.extend(guide.cloned()),
            None => {}
        }
        lines
    }

    /// The most lines the panel shows inside its frame: one more with a card quoted, whose
    /// longest lines take four lines at 80 columns, besides its verdict and the keys.
    pub const fn max_lines(card: bool) -> usize {
        if card { 6 } else { 5 }
    }
}

impl Widget for ChoicesPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Paragraph::new(self.lines.to_vec())
            .block(Block::bordered().title(msg::panel_choices(self.m)))
            .render(area, buf);
    }
}

/// The keys for a decision in `turn`: every take key (the illegal ones dimmed, with the reason),
/// or stop and roll, in the language of `m`.
pub fn decision_prompt(m: &'static Messages, turn: &Turn, theme: Theme) -> Vec<Line<'static>> {
    let keys = Keys::of(m.lang());
    let legal = turn.legal_actions();
    match turn.phase() {
        TurnPhase::Choosing { roll } => vec![choose_line(
            m,
            roll,
            |face| legal.contains(Action::Take(face)),
            theme,
        )],
        TurnPhase::Deciding => {
            let stop = keys.key(KeyAction::Stop);
            let roll = keys.key(KeyAction::Roll);
            vec![Line::from(vec![
                Span::styled(format!("[{stop}]"), theme.key()),
                Span::raw(format!(" {}     ", msg::stop_label(m, turn.score()))),
                Span::styled(format!("[{roll}]"), theme.key()),
                Span::raw(format!(" {}", msg::roll_label(m, turn.dice_left()))),
            ])]
        }
        _ => Vec::new(),
    }
}

/// While a bot waits for the tables it plays by: what is computed and how far along, a gauge,
/// and why the bot waits, in `width` columns.
pub fn tables_prompt(
    m: &'static Messages,
    status: &crate::prepare::Status,
    name: &str,
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let filled = status
        .percent()
        .map_or(0, |p| (p as usize * width).div_ceil(100).min(width));
    vec![
        Line::styled(msg::tables(m, status), theme.key()),
        Line::from(vec![
            Span::styled("━".repeat(filled), theme.good()),
            Span::styled("─".repeat(width - filled), theme.dim()),
        ]),
        Line::styled(msg::tables_bot(m, name), theme.dim()),
    ]
}

/// A word of guidance under the keys of a decision (when the coach gives no reason).
pub fn decision_guide(m: &'static Messages, turn: &Turn, theme: Theme) -> Option<Line<'static>> {
    match turn.phase() {
        TurnPhase::Choosing { .. } => Some(Line::styled(msg::take_all_of_one(m), theme.dim())),
        TurnPhase::Deciding => Some(Line::styled(msg::stop_or_roll_hint(m), theme.dim())),
        _ => None,
    }
}

/// The take keys for `roll`: each face with its count, or why it cannot be taken.
pub(super) fn choose_line(
    m: &Messages,
    roll: Dice,
    legal: impl Fn(Face) -> bool,
    theme: Theme,
) -> Line<'static> {
    let keys = Keys::of(m.lang());
    let mut spans = Vec::new();
    for face in TAKEABLE {
        // The letter on the dice, as on the key.
        let key = keys.key(KeyAction::Take(face)).to_ascii_uppercase();
        let n = roll.count(face);
        if legal(face) {
            spans.push(Span::styled(format!("[{key}]"), theme.key()));
            spans.push(Span::styled(
                format!(" {}   ", msg::take_label(m, face, n)),
                theme.face(face),
            ));
        } else {
            let why = if n > 0 {
                msg::taken_already(m, face)
            } else {
                msg::none_rolled(m, face)
            };
            spans.push(Span::styled(format!("[{key}] {why}   "), theme.dim()));
        }
    }
    Line::from(spans)
}

/// A prompt asking `name` to press the roll key.
pub fn key_prompt(text: String, theme: Theme) -> Vec<Line<'static>> {
    vec![Line::styled(text, theme.key())]
}

/// The end of the game: the winner(s) and the keys.
pub fn game_over_prompt(
    m: &Messages,
    game: &Game,
    names: &[String],
    theme: Theme,
    hint: &str,
) -> Vec<Line<'static>> {
    let Some(outcome) = game.outcome() else {
        return Vec::new();
    };
    let winners: Vec<&str> = outcome.winners.iter().map(|&s| names[s].as_str()).collect();
    let mut banner = if let [one] = winners[..] {
        msg::wins(m, one)
    } else {
        msg::share_victory(m, &winners)
    };
    if let (Some(_), [one]) = (&outcome.roll_off, &winners[..]) {
        banner = format!("{banner} {}", msg::won_roll_off(m, one));
    }
    vec![
        Line::styled(banner, theme.good()),
        Line::styled(hint.to_string(), theme.key()),
    ]
}
