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

use crate::coach::{Advice, Measure, Review};
use crate::messages as msg;
use crate::setup::{CoachMode, Order, Row, SeatKind, Setup};
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
pub fn fits(frame: &mut Frame, theme: Theme) -> bool {
    let area = frame.area();
    if area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT {
        return true;
    }
    let text = vec![
        Line::styled(msg::TOO_SMALL, theme.bad()),
        Line::raw(format!("{}×{}", area.width, area.height)),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
    false
}

fn rules_summary(rules: Rules) -> String {
    let mut parts = vec![msg::rules_line(rules.dice(), rules.target())];
    if rules.bonus() != BonusRule::OneOfEach {
        parts.push(msg::bonus_rule(rules.bonus()).into());
    }
    if rules.end() != EndRule::CompleteRound {
        parts.push(msg::end_rule(rules.end()).into());
    }
    if rules.tie() != TieRule::RollOff {
        parts.push(msg::tie_rule(rules.tie()).into());
    }
    parts.join(" · ")
}

pub fn draw_table(frame: &mut Frame, view: &TableView<'_>) {
    if !fits(frame, view.theme) {
        return;
    }
    let theme = view.theme;
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
        Span::raw(format!(" {}", rules_summary(view.game.rules()))),
    ];
    if let Some(seed) = view.seed {
        title_spans.push(Span::styled(format!(" · seed {seed}"), theme.dim()));
    }
    frame.render_widget(Line::from(title_spans), title);

    draw_dice_panel(frame, dice_area, view);
    draw_log(frame, log_area, view);
    draw_scores(frame, scores_area, view);
    draw_coach(frame, coach_area, view);
    frame.render_widget(
        Paragraph::new(view.prompt.clone()).block(Block::bordered().title(msg::PANEL_CHOICES)),
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
    let game = view.game;
    if let Some(roll_off) = game.roll_off() {
        draw_roll_off(frame, area, view, roll_off);
        return;
    }
    let (title, lines) = match shown_turn(game) {
        Shown::NotStarted { seat } => (
            msg::turn_of(&view.names[seat]),
            vec![Line::raw(msg::NOTHING_ROLLED)],
        ),
        Shown::InProgress { seat, steps, turn } => (
            msg::turn_of(&view.names[seat]),
            turn_lines(steps, turn, area.width.saturating_sub(2), theme, None),
        ),
        Shown::Finished(log) => (
            msg::turn_over_of(&view.names[log.seat]),
            turn_lines(
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
                Some(face) => msg::rolled_and_took(roll.total(), face, roll.count(face)),
                None if tanks > 0 => msg::rolled_with_tanks(roll.total(), tanks),
                None => msg::rolled(roll.total()),
            };
            lines.push(Line::raw(caption));
            let style_of = |face: Face| {
                if face == Face::Tank || choosing || taken == Some(face) {
                    theme.face(face)
                } else {
                    theme.returned()
                }
            };
            lines.extend(dice_lines(roll, width, theme, style_of));
        }
        None => {
            lines.push(Line::raw(msg::to_roll(turn.dice_left())));
        }
    }
    while lines.len() < 4 {
        lines.push(Line::raw(""));
    }
    lines.push(aside_line(aside, theme));
    lines.push(meter_line(aside, rules, width, theme));
    let busted = aside.count(Face::Tank) > aside.count(Face::DeathRay);
    let bonus = rules.earns_bonus(aside) && !busted;
    match ended {
        Some(end) => {
            let line = if busted {
                Line::styled(msg::BUSTED_RESULT, theme.bad())
            } else if bonus {
                Line::from(vec![
                    Span::styled(msg::BONUS_BANNER, theme.good()),
                    Span::styled(
                        msg::turn_result(end, turn.score()),
                        Style::new().add_modifier(Modifier::BOLD),
                    ),
                ])
            } else {
                Line::styled(
                    msg::turn_result(end, turn.score()),
                    Style::new().add_modifier(Modifier::BOLD),
                )
            };
            lines.push(line);
        }
        None => {
            let style = if busted { theme.bad() } else { theme.plain() };
            lines.push(Line::styled(
                msg::stop_now(turn.score(), busted, bonus),
                style,
            ));
        }
    }
    lines
}

/// Dice drawn as boxes grouped by face when they fit, else as a line of letters.
pub fn dice_lines(
    roll: Dice,
    width: u16,
    theme: Theme,
    style_of: impl Fn(Face) -> Style,
) -> Vec<Line<'static>> {
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
                rows[1].push(Span::styled(format!("│{}│", face.letter()), style));
                rows[2].push(Span::styled("└─┘", style));
            }
        }
        return rows.into_iter().map(Line::from).collect();
    }
    let _ = theme;
    let mut spans = Vec::new();
    for face in Face::ALL.iter().filter(|&&f| roll.count(f) > 0) {
        let letters: String =
            std::iter::repeat_n(face.letter(), usize::from(roll.count(*face))).collect();
        spans.push(Span::styled(letters, style_of(*face)));
        spans.push(Span::raw(" "));
    }
    vec![Line::from(spans)]
}

fn aside_line(aside: Dice, theme: Theme) -> Line<'static> {
    let mut spans = vec![Span::raw(format!("{}: ", msg::SET_ASIDE))];
    let earthlings: Vec<Face> = Face::EARTHLINGS
        .into_iter()
        .filter(|&f| aside.count(f) > 0)
        .collect();
    if earthlings.is_empty() {
        spans.push(Span::styled(msg::NO_EARTHLINGS, theme.dim()));
    }
    for (i, face) in earthlings.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" · "));
        }
        spans.push(Span::styled(
            msg::count(face, aside.count(face)),
            theme.face(face),
        ));
    }
    Line::from(spans)
}

fn meter_line(aside: Dice, rules: Rules, width: u16, theme: Theme) -> Line<'static> {
    // "Tanks nn " + bar + "│" + bar + " nn Rays " + the verdict.
    const FIXED: usize = 9 + 1 + 9 + 11;
    let tanks = usize::from(aside.count(Face::Tank));
    let rays = usize::from(aside.count(Face::DeathRay));
    let room = usize::from(width).saturating_sub(FIXED) / 2;
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
        Span::styled(msg::METER_DANGER, theme.bad())
    } else {
        Span::styled(msg::METER_SAFE, theme.good())
    };
    Line::from(vec![
        Span::raw(format!("{} {tanks:>2} ", msg::METER_TANKS)),
        Span::styled("·".repeat(pad(&tank_bar)), theme.dim()),
        Span::styled(tank_bar, theme.face(Face::Tank)),
        Span::raw("│"),
        Span::styled(ray_bar.clone(), theme.face(Face::DeathRay)),
        Span::styled("·".repeat(pad(&ray_bar)), theme.dim()),
        Span::raw(format!(" {rays:<2} {} ", msg::METER_RAYS)),
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
    lines.push(Line::raw(msg::roll_off_between(&tied)));
    let latest = roll_off.rounds().iter().rev().find_map(|r| r.last());
    match latest {
        Some(roll) => {
            lines.push(Line::raw(format!(
                "{}: {}",
                view.names[roll.seat],
                msg::roll_off_rays(roll.roll.count(Face::DeathRay))
            )));
            let style_of = |face: Face| {
                if face == Face::DeathRay {
                    theme.face(face)
                } else {
                    theme.returned()
                }
            };
            lines.extend(dice_lines(
                roll.roll,
                area.width.saturating_sub(2),
                theme,
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
            msg::roll_off_round(i + 1),
            parts.join(" · ")
        )));
    }
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(msg::PANEL_ROLL_OFF)),
        area,
    );
}

/// The game's log: the turns so far and the roll-off, one event a line.
pub fn log_lines(game: &Game, names: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut tell = |seat: usize, round: u32, steps: &[Step], rules: Rules| {
        lines.push(msg::log_turn_head(&names[seat], round));
        let mut turn = Turn::new(rules);
        for step in steps {
            match *step {
                Step::Rolled(roll) => {
                    let _ = turn.apply_roll(roll);
                    lines.push(format!(
                        "  {}",
                        msg::log_rolled(roll, roll.count(Face::Tank))
                    ));
                }
                Step::Played(action) => {
                    let n = match (turn.pending_roll(), action) {
                        (Some(roll), Action::Take(face)) => roll.count(face),
                        _ => 0,
                    };
                    let _ = turn.play(action);
                    if action != Action::Stop {
                        lines.push(format!("  {}", msg::log_action(action, n)));
                    }
                }
            }
        }
        if let Some(end) = turn.ended_by() {
            let aside = turn.aside();
            let busted = aside.count(Face::Tank) > aside.count(Face::DeathRay);
            lines.push(format!("  {}", msg::log_result(end, turn.score(), busted)));
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
                lines.push(format!("  {}", msg::LOG_ROLL_OFF_TIED));
            }
            for r in round {
                lines.push(msg::log_roll_off(&names[r.seat], r.roll));
            }
        }
    }
    lines
}

fn draw_log(frame: &mut Frame, area: Rect, view: &TableView<'_>) {
    let lines = log_lines(view.game, view.names);
    let room = usize::from(area.height.saturating_sub(2));
    let tail: Vec<Line> = lines[lines.len().saturating_sub(room)..]
        .iter()
        .map(|l| Line::raw(l.clone()))
        .collect();
    frame.render_widget(
        Paragraph::new(tail).block(Block::bordered().title(msg::PANEL_LOG)),
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
    let game = view.game;
    let inner = usize::from(area.width.saturating_sub(2));
    let mut lines = Vec::new();
    let mut round = msg::round(game.round());
    if game.triggered_by().is_some() {
        round = format!("{round} · {}", msg::FINAL_ROUND);
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
                msg::HEAD_PLAYER,
                msg::HEAD_TOTAL,
                msg::HEAD_LAST
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
        lines.push(Line::styled(msg::TRIGGER_LEGEND, theme.dim()));
    }
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(msg::PANEL_SCORES)),
        area,
    );
}

/// What a decision cost: the last decision of a person at the screen, or (`in_replay`) the move
/// played from the position shown.
fn review_line(review: &Review, in_replay: bool, theme: Theme) -> Line<'static> {
    let cost = review.advice.format_cost(review.cost);
    match (review.was_best(), in_replay) {
        (true, false) => Line::styled(msg::coach_good(review.action), theme.good()),
        (false, false) => Line::styled(msg::coach_cost(review.action, cost), theme.bad()),
        (true, true) => Line::styled(msg::played_good(review.action), theme.good()),
        (false, true) => Line::styled(msg::played_cost(review.action, cost), theme.bad()),
    }
}

fn draw_coach(frame: &mut Frame, area: Rect, view: &TableView<'_>) {
    let theme = view.theme;
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
            lines.push(Line::styled(msg::COACH_OFF, theme.dim()));
            review
        }
        CoachView::Waiting { review } => {
            lines.push(Line::styled(msg::COACH_WAIT, theme.dim()));
            review
        }
        CoachView::NoValues { available, review } => {
            let text = if available {
                msg::COACH_NO_VALUES
            } else {
                msg::COACH_UNAVAILABLE
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
                Measure::WinProbability => msg::COACH_WIN.to_string(),
                Measure::TurnPoints => msg::COACH_TURN.to_string(),
                Measure::ExpectedTurns => msg::coach_turns(view.game.rules().target()),
            };
            lines.push(Line::styled(
                head,
                Style::new().add_modifier(Modifier::BOLD),
            ));
            for &(action, value) in &advice.values {
                let is_best = advice.is_best(value);
                let mark = if played == Some(action) { "▸ " } else { "  " };
                let label = msg::action_short(action);
                let value_text = advice.format_value(value);
                let tag = if is_best { msg::coach_best() } else { "" };
                let width = inner.saturating_sub(2 + value_text.len() + 5);
                let label: String = label.chars().take(width).collect();
                lines.push(Line::styled(
                    format!("{mark}{label:<width$}{value_text} {tag:<4}"),
                    if is_best { theme.good() } else { theme.plain() },
                ));
            }
            if advice.provisional {
                lines.push(Line::styled(msg::COACH_WORKING, theme.dim()));
            }
            review
        }
    };
    if let Some(review) = review {
        lines.push(review_line(review, in_replay, theme));
    }
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(msg::PANEL_COACH)),
        area,
    );
}

// ---- prompts (the choices panel) ----

/// The keys for a decision in `turn`: every take key (the illegal ones dimmed, with the reason),
/// or stop and roll.
pub fn decision_prompt(turn: &Turn, theme: Theme) -> Vec<Line<'static>> {
    let legal = turn.legal_actions();
    let mut spans = Vec::new();
    match turn.phase() {
        TurnPhase::Choosing { roll } => {
            for face in [Face::DeathRay, Face::Human, Face::Cow, Face::Chicken] {
                let key = msg::take_key(face).expect("a takeable face");
                let n = roll.count(face);
                if legal.contains(Action::Take(face)) {
                    spans.push(Span::styled(format!("[{key}]"), theme.key()));
                    spans.push(Span::styled(
                        format!(" {}   ", msg::take_label(face, n)),
                        theme.face(face),
                    ));
                } else {
                    let why = if n > 0 {
                        msg::taken_already(face)
                    } else {
                        msg::none_rolled(face)
                    };
                    spans.push(Span::styled(format!("[{key}] {why}   "), theme.dim()));
                }
            }
            vec![
                Line::from(spans),
                Line::styled(msg::TAKE_ALL_OF_ONE, theme.dim()),
            ]
        }
        TurnPhase::Deciding => {
            spans.push(Span::styled(format!("[{}]", msg::KEY_STOP), theme.key()));
            spans.push(Span::raw(format!(
                " {}     ",
                msg::stop_label(turn.score())
            )));
            spans.push(Span::styled(format!("[{}]", msg::KEY_ROLL), theme.key()));
            spans.push(Span::raw(format!(" {}", msg::roll_label(turn.dice_left()))));
            vec![
                Line::from(spans),
                Line::styled(msg::STOP_OR_ROLL_HINT, theme.dim()),
            ]
        }
        _ => Vec::new(),
    }
}

/// A prompt asking `name` to press the roll key.
pub fn key_prompt(text: String, theme: Theme) -> Vec<Line<'static>> {
    vec![Line::styled(text, theme.key())]
}

/// The end of the game: the winner(s) and the keys.
pub fn game_over_prompt(
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
        msg::wins(one)
    } else {
        msg::share_victory(&winners)
    };
    if let (Some(_), [one]) = (&outcome.roll_off, &winners[..]) {
        banner = format!("{banner} {}", msg::won_roll_off(one));
    }
    vec![
        Line::styled(banner, theme.good()),
        Line::styled(hint.to_string(), theme.key()),
    ]
}

// ---- setup ----

pub fn draw_setup(frame: &mut Frame, form: &Setup, about: Option<&str>, theme: Theme) {
    if !fits(frame, theme) {
        return;
    }
    let [title, body, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    frame.render_widget(
        Line::styled(format!(" {} ", msg::TITLE), theme.title()),
        title,
    );
    let s = &form.setup;
    let current = form.current();
    let mut lines = Vec::new();
    for row in form.rows() {
        let (label, value) = match row {
            Row::Players => (msg::SETUP_PLAYERS.to_string(), s.seats.len().to_string()),
            Row::Seat(i) => {
                let seat = &s.seats[i];
                let value = match &seat.kind {
                    SeatKind::Human => format!("{}: {}", msg::SETUP_HUMAN, seat.name),
                    SeatKind::Bot(name) => msg::setup_bot(name),
                };
                (msg::setup_seat(i + 1), value)
            }
            Row::Order => (
                msg::SETUP_ORDER.into(),
                match s.order {
                    Order::AsListed => msg::ORDER_AS_LISTED,
                    Order::RandomFirst => msg::ORDER_RANDOM_FIRST,
                    Order::Shuffle => msg::ORDER_SHUFFLE,
                }
                .into(),
            ),
            Row::Dice => (msg::SETUP_DICE.into(), s.rules.dice().to_string()),
            Row::Target => (msg::SETUP_TARGET.into(), s.rules.target().to_string()),
            Row::Bonus => (
                msg::SETUP_BONUS.into(),
                msg::bonus_rule(s.rules.bonus()).into(),
            ),
            Row::End => (msg::SETUP_END.into(), msg::end_rule(s.rules.end()).into()),
            Row::Tie => (msg::SETUP_TIE.into(), msg::tie_rule(s.rules.tie()).into()),
            Row::Seed => (
                msg::SETUP_SEED.into(),
                s.seed
                    .map_or_else(|| msg::SETUP_SEED_RANDOM.to_string(), |n| n.to_string()),
            ),
            Row::Coach => (
                msg::SETUP_COACH.into(),
                match s.coach {
                    CoachMode::OnDemand => msg::COACH_ON_DEMAND,
                    CoachMode::Always => msg::COACH_ALWAYS,
                }
                .into(),
            ),
            Row::Pace => (msg::SETUP_PACE.into(), msg::pace(s.pace_ms)),
            Row::Start => (String::new(), msg::SETUP_START.into()),
        };
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
            Span::raw(format!(" {label:<10} ")),
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
        Paragraph::new(lines).block(Block::bordered().title(msg::PANEL_SETUP)),
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
        None => Line::styled(format!(" {}", msg::SETUP_HINTS), theme.dim()),
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
