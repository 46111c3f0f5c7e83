//! The dice panel: the turn in progress (its last roll, what is set aside, the tanks against the
//! death rays, what stopping would score), or the last turn played until the next one rolls.

use martian_engine::{Action, Dice, Face, Game, GameState, Rules, Step, Turn, TurnEnd, TurnPhase};
use martian_i18n::{Messages, vocab};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::dice::dice_lines;
use super::roll_off::RollOffPanel;
use crate::messages as msg;
use crate::theme::Theme;

/// The dice panel of a game (or the roll-off, once it is under way).
pub struct DicePanel<'a> {
    pub m: &'a Messages,
    pub game: &'a Game,
    pub names: &'a [String],
    pub theme: Theme,
}

/// The turn the dice panel shows: the one in progress, or the last one played when the next has
/// not rolled yet.
enum Shown<'a> {
    InProgress {
        seat: usize,
        steps: &'a [Step],
        turn: &'a Turn,
    },
    Finished(&'a martian_engine::TurnLog),
    NotStarted {
        seat: usize,
    },
}

fn shown_turn(game: &Game) -> Shown<'_> {
    if !game.turn_steps().is_empty() && matches!(game.state(), GameState::Playing) {
        Shown::InProgress {
            seat: game.seat(),
            steps: game.turn_steps(),
            turn: game.turn(),
        }
    } else if let Some(log) = game.history().last() {
        Shown::Finished(log)
    } else {
        Shown::NotStarted { seat: game.seat() }
    }
}

impl Widget for DicePanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let DicePanel {
            m,
            game,
            names,
            theme,
        } = self;
        // The roll-off takes the panel with its first roll: until then the end of the last turn
        // stays in view, as every turn's end does until the next roll.
        let rolled = |r: &martian_engine::RollOff| r.rounds().iter().any(|round| !round.is_empty());
        if let Some(roll_off) = game
            .roll_off()
            .filter(|r| rolled(r) || game.history().is_empty())
        {
            RollOffPanel {
                m,
                roll_off,
                names,
                theme,
            }
            .render(area, buf);
            return;
        }
        let width = area.width.saturating_sub(2);
        let (title, lines) = match shown_turn(game) {
            Shown::NotStarted { seat } => (
                msg::turn_of(m, &names[seat]),
                vec![Line::raw(msg::nothing_rolled(m))],
            ),
            Shown::InProgress { seat, steps, turn } => (
                msg::turn_of(m, &names[seat]),
                turn_lines(m, steps, turn, width, theme, None),
            ),
            Shown::Finished(log) => (
                msg::turn_over_of(m, &names[log.seat]),
                turn_lines(m, &log.steps, &log.turn, width, theme, log.turn.ended_by()),
            ),
        };
        Paragraph::new(lines)
            .block(Block::bordered().title(title))
            .render(area, buf);
    }
}

/// The last roll of a turn and the type taken from it (if one was).
fn last_roll(steps: &[Step]) -> Option<(Dice, Option<Face>)> {
    let at = steps.iter().rposition(|s| matches!(s, Step::Rolled(_)))?;
    let Step::Rolled(roll) = steps[at] else {
        return None;
    };
    let taken = steps[at + 1..].iter().find_map(|s| match s {
        Step::Played(Action::Take(face)) => Some(*face),
        _ => None,
    });
    Some((roll, taken))
}

pub(super) fn turn_lines(
    m: &Messages,
    steps: &[Step],
    turn: &Turn,
    width: u16,
    theme: Theme,
    ended: Option<TurnEnd>,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let rules = turn.rules();
    let aside = turn.aside();
    match last_roll(steps) {
        Some((roll, taken)) => {
            let choosing = matches!(turn.phase(), TurnPhase::Choosing { .. });
            let tanks = roll.count(Face::Tank);
            let caption = match taken {
                Some(face) => msg::rolled_and_took(m, roll.total(), face, roll.count(face)),
                None if tanks > 0 => msg::rolled_with_tanks(m, roll.total(), tanks),
                None => msg::rolled(m, roll.total()),
            };
            lines.push(Line::raw(caption));
            let style_of = |face: Face| {
                if face == Face::Tank || choosing || taken == Some(face) {
                    theme.face(face)
                } else {
                    theme.returned()
                }
            };
            lines.extend(dice_lines(m, roll, width, style_of));
        }
        None => {
            lines.push(Line::raw(msg::to_roll(m, turn.dice_left())));
        }
    }
    while lines.len() < 4 {
        lines.push(Line::raw(""));
    }
    lines.push(aside_line(m, aside, theme));
    lines.push(meter_line(m, aside, turn.dice_left(), rules, width, theme));
    let busted = aside.count(Face::Tank) > aside.count(Face::DeathRay);
    let bonus = rules.earns_bonus(aside) && !busted;
    match ended {
        Some(end) => {
            let line = if busted {
                Line::styled(msg::busted_result(m), theme.bad())
            } else if bonus {
                Line::from(vec![
                    Span::styled(msg::bonus_banner(m), theme.good()),
                    Span::styled(
                        msg::turn_result(m, end, turn.score()),
                        Style::new().add_modifier(Modifier::BOLD),
                    ),
                ])
            } else {
                Line::styled(
                    msg::turn_result(m, end, turn.score()),
                    Style::new().add_modifier(Modifier::BOLD),
                )
            };
            lines.push(line);
        }
        None => {
            let style = if busted { theme.bad() } else { theme.plain() };
            let choosing = matches!(turn.phase(), TurnPhase::Choosing { .. });
            lines.push(Line::styled(
                msg::stop_now(m, turn.score(), busted, bonus, choosing),
                style,
            ));
        }
    }
    lines
}

fn aside_line(m: &Messages, aside: Dice, theme: Theme) -> Line<'static> {
    let mut spans = vec![Span::raw(format!("{}: ", msg::set_aside(m)))];
    let earthlings: Vec<Face> = Face::EARTHLINGS
        .into_iter()
        .filter(|&f| aside.count(f) > 0)
        .collect();
    if earthlings.is_empty() {
        spans.push(Span::styled(msg::no_earthlings(m), theme.dim()));
    }
    for (i, face) in earthlings.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" · "));
        }
        spans.push(Span::styled(
            vocab::face_count(m, face, aside.count(face)),
            theme.face(face),
        ));
    }
    Line::from(spans)
}

/// The tanks against the death rays, and the verdict: the tanks lead, the rays hold (but the
/// tanks could still pass them with the `dice_left`), or the rays are safe (no roll of the dice
/// left can give the tanks the lead).
fn meter_line(
    m: &Messages,
    aside: Dice,
    dice_left: u8,
    rules: Rules,
    width: u16,
    theme: Theme,
) -> Line<'static> {
    let (tanks_label, rays_label) = (msg::meter_tanks(m), msg::meter_rays(m));
    let (safe, hold, danger) = (msg::meter_safe(m), msg::meter_hold(m), msg::meter_danger(m));
    let chars = |s: &str| s.chars().count();
    // "Tanks nn " + bar + "│" + bar + " nn Rays: " + the verdict (the longest one, so that the
    // bars keep their length whatever the verdict).
    let longest = chars(&safe).max(chars(&danger)).max(chars(&hold));
    let fixed = chars(&tanks_label) + 4 + 1 + 6 + chars(&rays_label) + longest;
    let tanks = usize::from(aside.count(Face::Tank));
    let rays = usize::from(aside.count(Face::DeathRay));
    let room = usize::from(width).saturating_sub(fixed) / 2;
    let side = room.min(13).min(usize::from(rules.dice())).max(2);
    let bar = |n: usize| -> String {
        if n > side {
            format!("{}+", "█".repeat(side - 1))
        } else {
            "█".repeat(n)
        }
    };
    let tank_bar = bar(tanks);
    let ray_bar = bar(rays);
    let pad = |s: &str| side.saturating_sub(s.chars().count());
    let verdict = if tanks > rays {
        Span::styled(danger, theme.bad())
    } else if rays - tanks >= usize::from(dice_left) {
        Span::styled(safe, theme.good())
    } else {
        Span::styled(hold, theme.why())
    };
    Line::from(vec![
        Span::raw(format!("{tanks_label} {tanks:>2} ")),
        Span::styled("·".repeat(pad(&tank_bar)), theme.dim()),
        Span::styled(tank_bar, theme.face(Face::Tank)),
        Span::raw("│"),
        Span::styled(ray_bar.clone(), theme.face(Face::DeathRay)),
        Span::styled("·".repeat(pad(&ray_bar)), theme.dim()),
        Span::raw(format!(" {rays:<2} {rays_label}: ")),
        verdict,
    ])
}
