//! Everything the arena prints for people, in the reader's language (ids `arena-*`).

use std::fmt::Write;

use martian_i18n::{Messages, decimal, tr, vocab};

use super::{ArenaReport, PlayMode, RoundRobinReport};
use crate::cmd::solve::messages::percent;
use martian_arena::ExactReport;

fn wins(m: &Messages, wins: f64) -> String {
    if wins.fract() == 0.0 {
        format!("{wins:.0}")
    } else {
        decimal(m, wins, 2)
    }
}

fn header(m: &Messages, rules: martian_engine::Rules, games: u64, seed: u64) -> String {
    tr!(
        m,
        "arena-header",
        games = games,
        rules = vocab::ruleset(m, rules),
        seed = seed.to_string()
    )
}

fn mode_line(m: &Messages, mode: PlayMode) -> String {
    let mode = match mode {
        PlayMode::Turns => "turns",
        PlayMode::Dice => "dice",
    };
    tr!(m, "arena-mode", mode = mode) + "\n"
}

/// A column heading; `seat` only for the seat columns.
fn column(m: &Messages, column: &str, seat: usize) -> String {
    tr!(m, "arena-column", column = column, seat = seat)
}

fn table(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                if c == 0 {
                    format!("{cell:<width$}", width = widths[c])
                } else {
                    format!("{cell:>width$}", width = widths[c])
                }
            })
            .collect();
        let _ = writeln!(out, "{}", line.join("  ").trim_end());
    }
    out
}

pub fn arena(m: &Messages, report: &ArenaReport) -> String {
    let mut out = header(m, report.rules, report.games, report.seed) + "\n";
    out.push_str(&mode_line(m, report.mode));
    let seats = report.bots.len();
    let mut rows = vec![{
        let mut row: Vec<String> = ["bot", "wins", "win-rate", "interval"]
            .map(|c| column(m, c, 0))
            .to_vec();
        row.extend((1..=seats).map(|s| column(m, "seat", s)));
        row.extend(["points-per-turn", "forfeits"].map(|c| column(m, c, 0)));
        row
    }];
    for bot in &report.bots {
        let mut row = vec![
            bot.name.clone(),
            wins(m, bot.wins),
            percent(m, bot.win_rate),
            format!("{} – {}", percent(m, bot.ci95[0]), percent(m, bot.ci95[1])),
        ];
        row.extend(bot.seats.iter().map(|seat| percent(m, seat.win_rate)));
        row.push(decimal(m, bot.points_per_turn, 3));
        row.push(bot.forfeits.to_string());
        rows.push(row);
    }
    out.push_str(&table(&rows));
    let summary = tr!(
        m,
        "arena-summary",
        rounds = decimal(m, report.mean_rounds, 2),
        turns = decimal(m, report.mean_turns, 2),
        rolloffs = report.roll_offs,
        shared = report.shared_victories
    );
    let _ = writeln!(out, "{summary}");
    if report.at_round_limit > 0 {
        let limited = tr!(
            m,
            "arena-round-limit",
            count = report.at_round_limit,
            rounds = report.rules.round_limit()
        );
        let _ = writeln!(out, "{limited}");
    }
    if report.forfeits > 0 {
        let _ = writeln!(out, "{}", tr!(m, "arena-forfeits", count = report.forfeits));
        for note in &report.errors {
            let line = tr!(
                m,
                "arena-forfeit-note",
                // People count games and seats from 1; the JSON keeps the indices.
                game = note.game + 1,
                seat = note.seat + 1,
                message = &note.message
            );
            let _ = writeln!(out, "  {line}");
        }
    }
    let games = decimal(m, report.games_per_second, 0);
    let seconds = decimal(m, report.seconds, 3);
    let speed = match report.decisions_per_second {
        Some(decisions_per_second) => tr!(
            m,
            "arena-speed",
            games = games,
            decisions = decimal(m, decisions_per_second, 0),
            seconds = seconds,
            threads = report.threads
        ),
        None => tr!(
            m,
            "arena-speed-turn-level",
            games = games,
            seconds = seconds,
            threads = report.threads
        ),
    };
    let _ = writeln!(out, "{speed}");
    out
}

/// `--exact`: each bot's chance over both seats and from each.
pub fn exact(m: &Messages, report: &ExactReport) -> String {
    let mut out = tr!(
        m,
        "arena-exact-header",
        rules = vocab::ruleset(m, report.rules)
    ) + "\n";
    let mut rows = vec![{
        let mut row: Vec<String> = ["bot", "win-rate"].map(|c| column(m, c, 0)).to_vec();
        row.extend((1..=2).map(|s| column(m, "seat", s)));
        row
    }];
    for bot in &report.bots {
        let mut row = vec![bot.name.clone(), exact_percent(m, bot.win_rate)];
        row.extend(bot.seats.iter().map(|seat| exact_percent(m, seat.win_rate)));
        rows.push(row);
    }
    out.push_str(&table(&rows));
    let seconds = decimal(m, report.seconds, 3);
    let _ = writeln!(out, "{}", tr!(m, "arena-exact-speed", seconds = seconds));
    out
}

/// An exact chance: four decimals of a percent.
fn exact_percent(m: &Messages, p: f64) -> String {
    format!("{}%", decimal(m, 100.0 * p, 4))
}

pub fn round_robin(m: &Messages, report: &RoundRobinReport) -> String {
    let header = header(m, report.rules, report.games_per_pair, report.seed);
    let mut out = tr!(m, "arena-round-robin", header = header) + "\n";
    let turn_level = report
        .pairs
        .iter()
        .filter(|pair| pair.mode == PlayMode::Turns)
        .count();
    if turn_level > 0 {
        let line = tr!(
            m,
            "arena-round-robin-turn-level",
            count = turn_level,
            pairs = report.pairs.len()
        );
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{}", tr!(m, "arena-matrix-title"));
    let mut rows = vec![{
        let mut row = vec![String::new()];
        row.extend(report.names.iter().cloned());
        row
    }];
    for (i, name) in report.names.iter().enumerate() {
        let mut row = vec![name.clone()];
        row.extend(
            report.matrix[i]
                .iter()
                .map(|cell| cell.map_or("—".to_string(), |p| percent(m, p))),
        );
        rows.push(row);
    }
    out.push_str(&table(&rows));
    let _ = writeln!(out, "\n{}", tr!(m, "arena-ratings-title"));
    let mut rows = vec![
        ["bot", "rating", "wins", "games", "win-rate"]
            .map(|c| column(m, c, 0))
            .to_vec(),
    ];
    for bot in &report.ratings {
        rows.push(vec![
            bot.name.clone(),
            format!("{:+.0}", bot.rating),
            wins(m, bot.wins),
            bot.games.to_string(),
            percent(m, bot.win_rate),
        ]);
    }
    out.push_str(&table(&rows));
    let speed = tr!(
        m,
        "arena-round-robin-speed",
        games = decimal(m, report.games_per_second, 0),
        seconds = decimal(m, report.seconds, 3)
    );
    let _ = writeln!(out, "{speed}");
    out
}
