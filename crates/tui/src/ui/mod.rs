//! Drawing: the table (live game and replay share it), the setup form and the overlays, one
//! [`Widget`](ratatui::widgets::Widget) per screen or panel. Everything shown is read from the
//! engine's `Game`; nothing here decides a rule.

mod choices;
mod coach_panel;
mod dice;
mod dice_panel;
mod end_screen;
mod log;
mod popup;
mod review_screen;
mod roll_off;
mod scores;
mod setup_form;
mod table;
mod trainer_screen;

use martian_engine::{BonusRule, EndRule, Rules, TieRule};
use martian_i18n::Messages;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub use choices::{decision_guide, decision_prompt, game_over_prompt, key_prompt, tables_prompt};
pub use coach_panel::CoachView;
pub use end_screen::EndScreen;
pub use log::log_lines;
pub use popup::Popup;
pub use review_screen::ReviewScreen;
pub use setup_form::SetupScreen;
pub use table::TableView;
pub use trainer_screen::TrainerScreen;

use crate::messages as msg;
use crate::theme::Theme;

/// The smallest terminal the screens are laid out for.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// What a screen shows instead of itself when the terminal is too small for it.
struct TooSmall<'a> {
    m: &'a Messages,
    theme: Theme,
}

impl TooSmall<'_> {
    /// Whether `area` is too small for the screens.
    fn check(area: Rect) -> bool {
        area.width < MIN_WIDTH || area.height < MIN_HEIGHT
    }
}

impl Widget for TooSmall<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let text = vec![
            Line::styled(
                msg::too_small(self.m, MIN_WIDTH, MIN_HEIGHT),
                self.theme.bad(),
            ),
            Line::raw(format!("{}×{}", area.width, area.height)),
        ];
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }
}

/// `text` broken into lines of at most `width` characters, at spaces where it can be (a word
/// longer than a line is cut).
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        loop {
            let used = line.chars().count();
            let needed = word.chars().count() + usize::from(used > 0);
            if used + needed <= width {
                if used > 0 {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than a line.
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            lines.push(head);
            if word.is_empty() {
                break;
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The five faces, each in its colour with its letter and its name: the legend of the dice.
pub fn faces_legend(m: &Messages, theme: Theme) -> Line<'static> {
    let mut spans = vec![ratatui::text::Span::raw(format!(
        "{} ",
        msg::faces_legend_head(m)
    ))];
    for (i, face) in martian_engine::Face::ALL.into_iter().enumerate() {
        if i > 0 {
            spans.push(ratatui::text::Span::raw("  "));
        }
        spans.push(ratatui::text::Span::styled(
            format!(
                "{} {}",
                martian_i18n::vocab::face_letter(m, face),
                martian_i18n::vocab::face_name(m, face)
            ),
            theme.face(face),
        ));
    }
    Line::from(spans)
}

fn rules_summary(m: &Messages, rules: Rules) -> String {
    let mut parts = vec![msg::rules_line(m, rules.dice(), rules.target())];
    if rules.bonus() != BonusRule::OneOfEach {
        parts.push(msg::bonus_rule(m, rules.bonus()));
    }
    if rules.end() != EndRule::CompleteRound {
        parts.push(msg::end_rule(m, rules.end()));
    }
    if rules.tie() != TieRule::RollOff {
        parts.push(msg::tie_rule(m, rules.tie()));
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::choices::choose_line;
    use super::*;
    use martian_engine::{Dice, Face, TurnEnd};
    use martian_i18n::Lang;

    use crate::messages::TAKEABLE;

    /// The width of a line without its trailing spaces.
    fn width(line: &Line<'_>) -> usize {
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        text.trim_end().chars().count()
    }

    /// Inside the choices panel at 80 columns.
    const CHOICES: usize = MIN_WIDTH as usize - 2;
    /// Inside the dice and log panels at 80 columns.
    const LEFT: usize = MIN_WIDTH as usize - 30 - 2;

    #[test]
    fn the_take_keys_fit_at_80_columns_whatever_the_roll_in_every_language() {
        let counts = [0u8, 1, 2, 12];
        let theme = Theme { color: false };
        for lang in Lang::ALL {
            let m = lang.messages();
            for code in 0..counts.len().pow(4) {
                let mut faces = [0u8; Face::NUM];
                let mut rest = code;
                for face in TAKEABLE {
                    faces[face.index()] = counts[rest % counts.len()];
                    rest /= counts.len();
                }
                // Past the most dice a game has.
                let Ok(roll) = Dice::from_counts(faces) else {
                    continue;
                };
                // Each earthling present may have been taken already; rays never block.
                for taken in 0..8u8 {
                    let legal = |face: Face| {
                        let i = TAKEABLE.iter().position(|f| *f == face).unwrap();
                        roll.count(face) > 0 && (i == 0 || taken & (1 << (i - 1)) == 0)
                    };
                    let line = choose_line(m, roll, legal, theme);
                    assert!(width(&line) <= CHOICES, "{lang}: {line:?}");
                }
            }
        }
    }

    #[test]
    fn hints_and_captions_fit_at_80_columns_in_every_language() {
        for lang in Lang::ALL {
            let m = lang.messages();
            // The status line, after its leading space.
            for hint in [
                msg::hint_game(m),
                msg::hint_over(m, false),
                msg::hint_over(m, true),
                msg::end_trigger(m, "Abcdefghijklmnop", 999, 99, EndRule::CompleteRound),
                msg::end_legend(m, 999, true),
                msg::end_biggest(m, "Abcdefghijklmnop", 33, 12, true),
                msg::hint_replay(m),
                msg::hint_review(m),
                msg::hint_trainer(m),
                msg::hint_trainer_keys(m),
                msg::setup_hints(m),
                msg::setup_hints_trainer(m),
                msg::not_your_turn(m),
                msg::illegal(m, &msg::choose_first(m)),
                msg::illegal(m, &msg::stop_or_roll(m)),
                msg::illegal(m, &msg::taken_already(m, Face::Chicken)),
            ] {
                assert!(
                    hint.chars().count() < usize::from(MIN_WIDTH),
                    "{lang}: {hint}"
                );
            }
            // The guides under the keys name the coach and the help.
            for guide in [msg::take_all_of_one(m), msg::stop_or_roll_hint(m)] {
                assert!(
                    guide.contains("[a]") && guide.contains("[?]"),
                    "{lang}: {guide}"
                );
            }
            // The choices panel.
            for hint in [
                msg::take_all_of_one(m),
                msg::stop_or_roll_hint(m),
                msg::bot_thinking(m, "Abcdefghijklmnop"),
                msg::your_roll(m, "Abcdefghijklmnop", 30),
                msg::roll_off_your_roll(m, "Abcdefghijklmnop", 6),
                format!(
                    "[x] {}     [x] {}",
                    msg::stop_label(m, 99),
                    msg::roll_label(m, 29)
                ),
            ] {
                assert!(hint.chars().count() <= CHOICES, "{lang}: {hint}");
            }
            for caption in [
                msg::rolled_with_tanks(m, 30, 12),
                msg::rolled_and_took(m, 30, Face::DeathRay, 12),
                msg::stop_now(m, 99, true, false, false),
                msg::stop_now(m, 99, false, true, false),
                msg::stop_now(m, 99, true, false, true),
                msg::stop_now(m, 99, false, true, true),
                msg::busted_result(m),
                format!(
                    "{}{}",
                    msg::bonus_banner(m),
                    msg::turn_result(m, TurnEnd::NoChoice, 99)
                ),
                format!(
                    "  {}",
                    msg::log_rolled(m, "TTTTTTTTTTTRR".parse().unwrap(), 11)
                ),
                format!("  {}", msg::log_result(m, TurnEnd::NoChoice, 0, true)),
                msg::log_roll_off(m, "Abcdefgh", "RRRRRR".parse().unwrap()),
                msg::roll_off_between(m, &["Abcdefgh", "Ijklmnop"]),
                msg::nothing_rolled(m),
            ] {
                assert!(caption.chars().count() <= LEFT, "{lang}: {caption}");
            }
        }
    }

    /// The coach panel is 28 columns wide at 80: its lines must not be cut.
    #[test]
    fn the_coach_s_lines_fit_its_panel_in_every_language() {
        use crate::coach::{Advice, Measure};
        use martian_engine::Action;
        const COACH: usize = 28;
        const SCORES: usize = 28;
        let actions = [
            Action::Take(Face::DeathRay),
            Action::Take(Face::Human),
            Action::Take(Face::Cow),
            Action::Take(Face::Chicken),
            Action::Stop,
            Action::Roll,
        ];
        for lang in Lang::ALL {
            let m = lang.messages();
            let best = msg::coach_best(m).chars().count();
            for action in actions {
                let label = msg::coach_option(m, action).chars().count();
                // "  " + label + at least one space + "100.0%" + " " + best.
                assert!(2 + label + 1 + 6 + 1 + best <= COACH, "{lang}: {action:?}");
                for head in [msg::coach_last(m, action), msg::coach_played(m, action)] {
                    assert!(head.chars().count() <= COACH, "{lang}: {head}");
                }
            }
            // The largest costs: all of a chance to win, 99.99 points or turns.
            for (measure, worst) in [
                (Measure::WinProbability, 0.9999),
                (Measure::TurnPoints, 99.99),
                (Measure::ExpectedTurns, 99.99),
            ] {
                let advice = Advice::new(measure, vec![(Action::Stop, 1.0)]);
                let cost = advice.format_cost(m, worst);
                let line = format!(" {}", msg::review_cost(m, cost));
                assert!(line.chars().count() <= COACH, "{lang}: {line}");
            }
            let best_line = format!("  {}", msg::review_best(m));
            assert!(best_line.chars().count() <= COACH, "{lang}");
            for legend in [msg::winner_legend(m, 999), msg::trigger_legend(m)] {
                assert!(legend.chars().count() <= SCORES, "{lang}: {legend}");
            }
            for title in [
                msg::turn_of(m, "Abcdefghijklmnop"),
                msg::turn_over_of(m, "Abcdefghijklmnop"),
            ] {
                assert!(title.chars().count() <= LEFT, "{lang}: {title}");
            }
        }
    }

    #[test]
    fn every_setup_value_fits_the_form_in_every_language() {
        use crate::setup::{CoachMode, Order, PACES_MS};
        for lang in Lang::ALL {
            let m = lang.messages();
            let labels = [
                msg::setup_language(m),
                msg::setup_players(m),
                msg::setup_seat(m, 8),
                msg::setup_order(m),
                msg::setup_dice(m),
                msg::setup_target(m),
                msg::setup_bonus(m),
                msg::setup_end(m),
                msg::setup_tie(m),
                msg::setup_seed(m),
                msg::setup_coach(m),
                msg::setup_pace(m),
                msg::setup_mode(m),
                msg::setup_theme(m),
            ];
            let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap();
            let mut values: Vec<String> = Lang::ALL
                .iter()
                .map(|l| l.native_name().to_string())
                .collect();
            values.extend(
                [Order::AsListed, Order::RandomFirst, Order::Shuffle].map(|o| msg::order(m, o)),
            );
            values.extend(
                [BonusRule::OneOfEach, BonusRule::AnyEarthling].map(|r| msg::bonus_rule(m, r)),
            );
            values
                .extend([EndRule::CompleteRound, EndRule::Immediate].map(|r| msg::end_rule(m, r)));
            values.extend([TieRule::RollOff, TieRule::Shared].map(|r| msg::tie_rule(m, r)));
            values.extend([CoachMode::OnDemand, CoachMode::Always].map(|c| msg::coach_mode(m, c)));
            values.extend(PACES_MS.map(|p| msg::pace(m, p)));
            values.extend(
                [crate::setup::Mode::Game, crate::setup::Mode::Trainer].map(|x| msg::mode(m, x)),
            );
            values.extend(crate::setup::TRAIN_THEMES.map(|t| msg::train_theme(m, t)));
            values.push(msg::setup_start_trainer(m));
            values.push(msg::setup_seed_random(m));
            values.push(msg::setup_human(m, "Abcdefghijklmnop"));
            values.push(msg::setup_bot(m, "strength:0.75"));
            for value in values {
                // " label " + "◂ value ▸" inside the 64-column form.
                let row = 1 + label_width.max(10) + 1 + 2 + value.chars().count() + 2;
                assert!(row <= 62, "{lang}: {value}");
            }
        }
    }
}
