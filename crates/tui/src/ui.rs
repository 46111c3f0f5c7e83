//! Drawing: the table (live game and replay share it), the setup form and the overlays.
//! Everything shown is read from the engine's `Game`; nothing here decides a rule.

use martian_engine::{
    Action, BonusRule, Dice, EndRule, Face, Game, GameState, Rules, Step, TieRule, Turn, TurnEnd,
    TurnLog, TurnPhase,
};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use martian_i18n::{Messages, vocab};

use crate::coach::{Advice, Measure, Review};
use crate::messages::{self as msg, KeyAction, Keys, TAKEABLE};
use crate::setup::{Row, SeatKind, Setup};
use crate::theme::Theme;

/// The smallest terminal the screens are laid out for.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// What the coach panel shows.
#[derive(Clone, Copy, Debug)]
pub enum CoachView<'a> {
    /// Not asked for; the last review stays visible.
    Hidden { review: Option<&'a Review> },
    /// Asked for, but no one of the people at the screen decides now.
    Waiting { review: Option<&'a Review> },
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
    },
}

/// Everything the table screen needs.
#[derive(Debug)]
pub struct TableView<'a> {
    /// The language of the screen.
    pub m: &'static Messages,
    pub title: &'a str,
    pub seed: Option<u64>,
    pub game: &'a Game,
    pub names: &'a [String],
    /// The choices panel: what may be done now.
    pub prompt: Vec<Line<'static>>,
    pub coach: CoachView<'a>,
    /// An error or notice for the status line.
    pub status: Option<&'a str>,
    pub hint: &'a str,
    pub theme: Theme,
}

/// Whether `area` is big enough for the screens; if not, says so and returns false.
pub fn fits(frame: &mut Frame, m: &Messages, theme: Theme) -> bool {
    let area = frame.area();
    if area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT {
        return true;
    }
    let text = vec![
        Line::styled(msg::too_small(m, MIN_WIDTH, MIN_HEIGHT), theme.bad()),
        Line::raw(format!("{}×{}", area.width, area.height)),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
    false
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

pub fn draw_table(frame: &mut Frame, view: &TableView<'_>) {
    if !fits(frame, view.m, view.theme) {
        return;
    }
    let theme = view.theme;
    let m = view.m;
    let [title, body, choices, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(4),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    let right_width = if body.width >= 110 { 36 } else { 30 };
    let [left, right] =
        Layout::horizontal([Constraint::Min(0), Constraint::Length(right_width)]).areas(body);
    let scores_height = view.names.len() as u16 + if compact_scores(view) { 3 } else { 5 };
    let [dice_area, log_area] =
        Layout::vertical([Constraint::Length(9), Constraint::Min(0)]).areas(left);
    let [scores_area, coach_area] =
        Layout::vertical([Constraint::Length(scores_height), Constraint::Min(0)]).areas(right);

    let mut title_spans = vec![
        Span::styled(format!(" {} ", view.title), theme.title()),
        Span::raw(format!(" {}", rules_summary(m, view.game.rules()))),
    ];
    if let Some(seed) = view.seed {
        title_spans.push(Span::styled(
            format!(" · {}", msg::seed(m, seed)),
            theme.dim(),
        ));
    }
    frame.render_widget(Line::from(title_spans), title);

    draw_dice_panel(frame, dice_area, view);
    draw_log(frame, log_area, view);
    draw_scores(frame, scores_area, view);
    draw_coach(frame, coach_area, view);
    frame.render_widget(
        Paragraph::new(view.prompt.clone()).block(Block::bordered().title(msg::panel_choices(m))),
        choices,
    );
    let status_line = match view.status {
        Some(text) => Line::styled(format!(" {text}"), theme.bad()),
        None => Line::styled(format!(" {}", view.hint), theme.dim()),
    };
    frame.render_widget(status_line, status);
}

/// The turn the dice panel shows: the one in progress, or the last one played when the next has
/// not rolled yet.
enum Shown<'a> {
    InProgress {
        seat: usize,
        steps: &'a [Step],
        turn: &'a Turn,
    },
    Finished(&'a TurnLog),
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

fn draw_dice_panel(frame: &mut Frame, area: Rect, view: &TableView<'_>) {
    let theme = view.theme;
    let m = view.m;
    let game = view.game;
    if let Some(roll_off) = game.roll_off() {
        draw_roll_off(frame, area, view, roll_off);
        return;
    }
    let (title, lines) = match shown_turn(game) {
        Shown::NotStarted { seat } => (
            msg::turn_of(m, &view.names[seat]),
            vec![Line::raw(msg::nothing_rolled(m))],
        ),
        Shown::InProgress { seat, steps, turn } => (
            msg::turn_of(m, &view.names[seat]),
            turn_lines(m, steps, turn, area.width.saturating_sub(2), theme, None),
        ),
        Shown::Finished(log) => (
            msg::turn_over_of(m, &view.names[log.seat]),
            turn_lines(
                m,
                &log.steps,
                &log.turn,
                area.width.saturating_sub(2),
                theme,
                log.turn.ended_by(),
            ),
        ),
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title)),
        area,
    );
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

fn turn_lines(
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
    lines.push(meter_line(m, aside, rules, width, theme));
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
            lines.push(Line::styled(
                msg::stop_now(m, turn.score(), busted, bonus),
                style,
            ));
        }
    }
    lines
}

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

fn meter_line(m: &Messages, aside: Dice, rules: Rules, width: u16, theme: Theme) -> Line<'static> {
    let (tanks_label, rays_label) = (msg::meter_tanks(m), msg::meter_rays(m));
    let (safe, danger) = (msg::meter_safe(m), msg::meter_danger(m));
    let chars = |s: &str| s.chars().count();
    // "Tanks nn " + bar + "│" + bar + " nn Rays " + the verdict (the longer one, so that the bars
    // keep their length whatever the verdict).
    let fixed =
        chars(&tanks_label) + 4 + 1 + 5 + chars(&rays_label) + chars(&safe).max(chars(&danger));
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
    } else {
        Span::styled(safe, theme.good())
    };
    Line::from(vec![
        Span::raw(format!("{tanks_label} {tanks:>2} ")),
        Span::styled("·".repeat(pad(&tank_bar)), theme.dim()),
        Span::styled(tank_bar, theme.face(Face::Tank)),
        Span::raw("│"),
        Span::styled(ray_bar.clone(), theme.face(Face::DeathRay)),
        Span::styled("·".repeat(pad(&ray_bar)), theme.dim()),
        Span::raw(format!(" {rays:<2} {rays_label} ")),
        verdict,
    ])
}

fn draw_roll_off(
    frame: &mut Frame,
    area: Rect,
    view: &TableView<'_>,
    roll_off: &martian_engine::RollOff,
) {
    let theme = view.theme;
    let m = view.m;
    let mut lines = Vec::new();
    let first_round: Vec<&str> = roll_off
        .rounds()
        .first()
        .map(|round| round.iter().map(|r| view.names[r.seat].as_str()).collect())
        .unwrap_or_default();
    let tied: Vec<&str> = if first_round.len() >= 2 {
        first_round
    } else {
        roll_off
            .contenders()
            .iter()
            .map(|&s| view.names[s].as_str())
            .collect()
    };
    lines.push(Line::raw(msg::roll_off_between(m, &tied)));
    let latest = roll_off.rounds().iter().rev().find_map(|r| r.last());
    match latest {
        Some(roll) => {
            lines.push(Line::raw(format!(
                "{}: {}",
                view.names[roll.seat],
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
            .map(|r| format!("{} {}", view.names[r.seat], r.roll.count(Face::DeathRay)))
            .collect();
        lines.push(Line::raw(format!(
            "{}: {}",
            msg::roll_off_round(m, i + 1),
            parts.join(" · ")
        )));
    }
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(msg::panel_roll_off(m))),
        area,
    );
}

/// The game's log: the turns so far and the roll-off, one event a line.
pub fn log_lines(m: &Messages, game: &Game, names: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut tell = |seat: usize, round: u32, steps: &[Step], rules: Rules| {
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
                    if action != Action::Stop {
                        lines.push(format!("  {}", msg::log_action(m, action, n)));
                    }
                }
            }
        }
        if let Some(end) = turn.ended_by() {
            let aside = turn.aside();
            let busted = aside.count(Face::Tank) > aside.count(Face::DeathRay);
            lines.push(format!(
                "  {}",
                msg::log_result(m, end, turn.score(), busted)
            ));
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

fn draw_log(frame: &mut Frame, area: Rect, view: &TableView<'_>) {
    let lines = log_lines(view.m, view.game, view.names);
    let room = usize::from(area.height.saturating_sub(2));
    let tail: Vec<Line> = lines[lines.len().saturating_sub(room)..]
        .iter()
        .map(|l| Line::raw(l.clone()))
        .collect();
    frame.render_widget(
        Paragraph::new(tail).block(Block::bordered().title(msg::panel_log(view.m))),
        area,
    );
}

/// With many players the score table drops its column heads and legend, leaving room for the
/// coach at 80×24.
fn compact_scores(view: &TableView<'_>) -> bool {
    view.names.len() > 5
}

fn draw_scores(frame: &mut Frame, area: Rect, view: &TableView<'_>) {
    let theme = view.theme;
    let m = view.m;
    let game = view.game;
    let inner = usize::from(area.width.saturating_sub(2));
    let mut lines = Vec::new();
    let mut round = msg::round(m, game.round());
    if game.triggered_by().is_some() {
        round = format!("{round} · {}", msg::final_round(m));
    }
    lines.push(Line::styled(
        round,
        Style::new().add_modifier(Modifier::BOLD),
    ));
    let name_width = inner.saturating_sub(2 + 6 + 5);
    let compact = compact_scores(view);
    if !compact {
        lines.push(Line::styled(
            format!(
                "  {:<name_width$}{:>6}{:>5}",
                msg::head_player(m),
                msg::head_total(m),
                msg::head_last(m)
            ),
            theme.dim(),
        ));
    }
    let acting = crate::session::actor(game);
    let winners = game
        .outcome()
        .map(|o| o.winners.clone())
        .unwrap_or_default();
    for (seat, name) in view.names.iter().enumerate() {
        let marker = if winners.contains(&seat) {
            "♦ "
        } else if acting == Some(seat) {
            "▶ "
        } else {
            "  "
        };
        let mut label = name.clone();
        if game.triggered_by() == Some(seat) {
            label = format!("{label} {}", msg::TRIGGER_MARK);
        }
        let label: String = label.chars().take(name_width).collect();
        let last = game
            .history()
            .iter()
            .rev()
            .find(|log| log.seat == seat)
            .map_or(String::from("–"), |log| log.turn.score().to_string());
        let style = if winners.contains(&seat) {
            theme.good()
        } else if acting == Some(seat) {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            theme.plain()
        };
        lines.push(Line::styled(
            format!(
                "{marker}{label:<name_width$}{:>6}{last:>5}",
                game.scores()[seat]
            ),
            style,
        ));
    }
    if game.triggered_by().is_some() && !compact {
        lines.push(Line::styled(msg::trigger_legend(m), theme.dim()));
    }
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(msg::panel_scores(m))),
        area,
    );
}

/// What a decision cost: the last decision of a person at the screen, or (`in_replay`) the move
/// played from the position shown.
fn review_line(m: &Messages, review: &Review, in_replay: bool, theme: Theme) -> Line<'static> {
    let cost = review.advice.format_cost(m, review.cost);
    match (review.was_best(), in_replay) {
        (true, false) => Line::styled(msg::coach_good(m, review.action), theme.good()),
        (false, false) => Line::styled(msg::coach_cost(m, review.action, cost), theme.bad()),
        (true, true) => Line::styled(msg::played_good(m, review.action), theme.good()),
        (false, true) => Line::styled(msg::played_cost(m, review.action, cost), theme.bad()),
    }
}

fn draw_coach(frame: &mut Frame, area: Rect, view: &TableView<'_>) {
    let theme = view.theme;
    let m = view.m;
    let inner = usize::from(area.width.saturating_sub(2));
    let mut lines = Vec::new();
    let in_replay = matches!(
        view.coach,
        CoachView::Values {
            played: Some(_),
            ..
        }
    );
    let review = match view.coach {
        CoachView::Hidden { review } => {
            lines.push(Line::styled(msg::coach_off(m), theme.dim()));
            review
        }
        CoachView::Waiting { review } => {
            lines.push(Line::styled(msg::coach_wait(m), theme.dim()));
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
        } => {
            let head = match advice.measure {
                Measure::WinProbability => msg::coach_win(m),
                Measure::TurnPoints => msg::coach_turn(m),
                Measure::ExpectedTurns => msg::coach_turns(m, view.game.rules().target()),
            };
            lines.push(Line::styled(
                head,
                Style::new().add_modifier(Modifier::BOLD),
            ));
            let best = msg::coach_best(m);
            let tag_width = best.chars().count();
            for &(action, value) in &advice.values {
                let is_best = advice.is_best(value);
                let mark = if played == Some(action) { "▸ " } else { "  " };
                let label = msg::action_short(m, action);
                let value_text = advice.format_value(m, value);
                let tag = if is_best { best.as_str() } else { "" };
                let width = inner.saturating_sub(2 + value_text.len() + 1 + tag_width);
                // At least one space between the option and its value.
                let label: String = label.chars().take(width.saturating_sub(1)).collect();
                lines.push(Line::styled(
                    format!("{mark}{label:<width$}{value_text} {tag:<tag_width$}"),
                    if is_best { theme.good() } else { theme.plain() },
                ));
            }
            if advice.provisional {
                lines.push(Line::styled(msg::coach_working(m), theme.dim()));
            }
            review
        }
    };
    if let Some(review) = review {
        lines.push(review_line(m, review, in_replay, theme));
    }
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(msg::panel_coach(m))),
        area,
    );
}

// ---- prompts (the choices panel) ----

/// The keys for a decision in `turn`: every take key (the illegal ones dimmed, with the reason),
/// or stop and roll, in the language of `m`.
pub fn decision_prompt(m: &'static Messages, turn: &Turn, theme: Theme) -> Vec<Line<'static>> {
    let keys = Keys::of(m.lang());
    let legal = turn.legal_actions();
    let mut spans = Vec::new();
    match turn.phase() {
        TurnPhase::Choosing { roll } => vec![
            choose_line(m, roll, |face| legal.contains(Action::Take(face)), theme),
            Line::styled(msg::take_all_of_one(m), theme.dim()),
        ],
        TurnPhase::Deciding => {
            let stop = keys.key(KeyAction::Stop);
            let roll = keys.key(KeyAction::Roll);
            spans.push(Span::styled(format!("[{stop}]"), theme.key()));
            spans.push(Span::raw(format!(
                " {}     ",
                msg::stop_label(m, turn.score())
            )));
            spans.push(Span::styled(format!("[{roll}]"), theme.key()));
            spans.push(Span::raw(format!(
                " {}",
                msg::roll_label(m, turn.dice_left())
            )));
            vec![
                Line::from(spans),
                Line::styled(msg::stop_or_roll_hint(m), theme.dim()),
            ]
        }
        _ => Vec::new(),
    }
}

/// The take keys for `roll`: each face with its count, or why it cannot be taken.
fn choose_line(
    m: &Messages,
    roll: Dice,
    legal: impl Fn(Face) -> bool,
    theme: Theme,
) -> Line<'static> {
    let keys = Keys::of(m.lang());
    let mut spans = Vec::new();
    for face in TAKEABLE {
        let key = keys.key(KeyAction::Take(face));
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

// ---- setup ----

pub fn draw_setup(frame: &mut Frame, form: &Setup, about: Option<&str>, theme: Theme) {
    let s = &form.setup;
    let m = s.lang.messages();
    if !fits(frame, m, theme) {
        return;
    }
    let [title, body, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    frame.render_widget(
        Line::styled(format!(" {} ", msg::title(m)), theme.title()),
        title,
    );
    let current = form.current();
    let rows: Vec<(Row, String, String)> = form
        .rows()
        .into_iter()
        .map(|row| {
            let (label, value) = match row {
                Row::Language => (msg::setup_language(m), s.lang.native_name().to_string()),
                Row::Players => (msg::setup_players(m), s.seats.len().to_string()),
                Row::Seat(i) => {
                    let seat = &s.seats[i];
                    let value = match &seat.kind {
                        SeatKind::Human => msg::setup_human(m, &seat.name),
                        SeatKind::Bot(name) => msg::setup_bot(m, name),
                    };
                    (msg::setup_seat(m, i + 1), value)
                }
                Row::Order => (msg::setup_order(m), msg::order(m, s.order)),
                Row::Dice => (msg::setup_dice(m), s.rules.dice().to_string()),
                Row::Target => (msg::setup_target(m), s.rules.target().to_string()),
                Row::Bonus => (msg::setup_bonus(m), msg::bonus_rule(m, s.rules.bonus())),
                Row::End => (msg::setup_end(m), msg::end_rule(m, s.rules.end())),
                Row::Tie => (msg::setup_tie(m), msg::tie_rule(m, s.rules.tie())),
                Row::Seed => (
                    msg::setup_seed(m),
                    s.seed
                        .map_or_else(|| msg::setup_seed_random(m), |n| n.to_string()),
                ),
                Row::Coach => (msg::setup_coach(m), msg::coach_mode(m, s.coach)),
                Row::Pace => (msg::setup_pace(m), msg::pace(m, s.pace_ms)),
                Row::Start => (String::new(), msg::setup_start(m)),
            };
            (row, label, value)
        })
        .collect();
    let label_width = rows
        .iter()
        .map(|(_, label, _)| label.chars().count())
        .max()
        .unwrap_or(0)
        .max(10);
    let mut lines = Vec::new();
    for (row, label, value) in rows {
        let selected = row == current;
        let value = if row == Row::Start {
            format!("▶ {value}")
        } else if selected {
            format!("◂ {value} ▸")
        } else {
            format!("  {value}  ")
        };
        let style = if selected {
            theme.selected()
        } else if row == Row::Start {
            theme.key()
        } else {
            theme.plain()
        };
        lines.push(Line::from(vec![
            Span::raw(format!(" {label:<label_width$} ")),
            Span::styled(value, style),
        ]));
    }
    let height = (lines.len() as u16 + 2).min(body.height);
    let width = body.width.min(64);
    let area = Rect {
        x: body.x + (body.width - width) / 2,
        y: body.y,
        width,
        height,
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(msg::panel_setup(m))),
        area,
    );
    if let Some(about) = about
        && area.bottom() < body.bottom()
    {
        let below = Rect {
            y: area.bottom(),
            height: body.bottom() - area.bottom(),
            ..area
        };
        frame.render_widget(
            Paragraph::new(Line::styled(about.to_string(), theme.dim())).wrap(Wrap { trim: true }),
            below,
        );
    }
    let status_line = match &form.error {
        Some(error) => Line::styled(format!(" {error}"), theme.bad()),
        None => Line::styled(format!(" {}", msg::setup_hints(m)), theme.dim()),
    };
    frame.render_widget(status_line, status);
}

// ---- overlays ----

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

pub fn draw_popup(frame: &mut Frame, title: &str, lines: Vec<Line<'static>>, width: u16) {
    let area = centered(frame.area(), width, lines.len() as u16 + 2);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(title.to_string())),
        area,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_i18n::Lang;

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
                let Some(roll) = Dice::from_counts(faces) else {
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
                msg::hint_over(m),
                msg::hint_replay(m),
                msg::setup_hints(m),
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
                msg::stop_now(m, 99, true, false),
                msg::stop_now(m, 99, false, true),
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
