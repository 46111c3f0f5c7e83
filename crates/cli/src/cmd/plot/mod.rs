//! `martian-dice plot KIND --out FILE.svg|.png`: pictures of perfect play, drawn with plotters.
//! The numbers come from the solver; [`draw`] turns a [`Picture`] into SVG or PNG (text set in the
//! DejaVu Sans font embedded in the binary, so no system font is needed). Words are in
//! [`messages`].

pub(crate) mod draw;
mod messages;

use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::{Args, ValueEnum};
use martian_engine::{Dice, Face, Points, Rules, Turn};
use martian_solver::{DuelPosition, TurnTable, duel, duel_position, expected_score_table};

use crate::output::UsageError;
use crate::rules_args::RulesArgs;

/// Draw a picture of perfect play.
///
/// duel-win: the probability that the player to move wins a duel, over (my score, opponent's
/// score), for each seat. duel-stop: where the optimal duel player stops or rolls again with the
/// dice of --aside set aside, over all pairs of scores, for each seat. turn-distribution: the
/// final score of a turn for the expected-score player and for a player with a goal: winning the
/// duel at --scores (seat --seat to play), or scoring at least --at-least points. cards: the
/// exact chance of the shipped strategy cards against perfect play by their number of lines,
/// with the expected-score player and perfect play beside them. frontier: the best card known of
/// at most 1, 2, 3, 4, 6, 8, 12, 16 and 24 conditions (the shipped cards and the budget
/// searches'), with greedy, the levels and perfect play marked.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  martian-dice plot duel-win --out duel-win.svg\n  \
                  martian-dice plot duel-stop --aside 2T3R4H --out stop.png\n  \
                  martian-dice plot turn-distribution --scores 12,24 --seat 0 --out dist.svg\n  \
                  martian-dice plot turn-distribution --at-least 10 --out dist.svg\n  \
                  martian-dice plot cards --out docs/img/cards.svg\n  \
                  martian-dice plot frontier --out docs/img/frontier.svg"
)]
pub struct PlotArgs {
    /// What to draw.
    #[arg(value_enum)]
    pub kind: PlotKind,
    /// The file to write: its extension, .svg or .png, picks the format.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// duel-stop: the dice set aside after a take, such as 2T3R4H.
    #[arg(long, value_name = "DICE", default_value = "2T3R4H")]
    pub aside: String,
    /// turn-distribution: the banked duel scores in seat order, such as 12,24. The default is the
    /// second player's last turn, 8 points behind.
    #[arg(long, value_name = "S0,S1", default_value = "30,22")]
    pub scores: String,
    /// turn-distribution: the seat to play at --scores.
    #[arg(long, default_value_t = 1)]
    pub seat: usize,
    /// turn-distribution: compare with the player who maximises the chance to score at least K
    /// points in the turn (instead of the duel player).
    #[arg(long, value_name = "K")]
    pub at_least: Option<Points>,
    /// Width of the picture in pixels.
    #[arg(long, default_value_t = 1200, value_parser = clap::value_parser!(u32).range(300..=8000))]
    pub width: u32,
    /// Height of the picture in pixels.
    #[arg(long, default_value_t = 620, value_parser = clap::value_parser!(u32).range(200..=8000))]
    pub height: u32,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlotKind {
    /// The duel win probability over both banked scores, for each seat.
    DuelWin,
    /// Where the optimal duel player stops, for one turn situation, over both banked scores.
    DuelStop,
    /// The turn-score distribution of the expected-score player and of a player with a goal.
    TurnDistribution,
    /// The shipped strategy cards' chance against perfect play by their number of lines.
    Cards,
    /// The best card known by the conditions a person must remember, against perfect play,
    /// with greedy and the levels marked.
    Frontier,
}

/// The picture formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    fn of(path: &Path) -> Result<Format, UsageError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => Err(UsageError(messages::bad_extension(path))),
        }
    }
}

/// What a picture shows, independent of how it is drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Picture {
    /// Side-by-side maps over (my score, opponent's score).
    Maps {
        title: String,
        note: String,
        panels: Vec<Panel>,
        legend: Legend,
    },
    /// Side-by-side bars per turn score.
    Bars {
        title: String,
        note: String,
        series: Vec<(String, Vec<f64>)>,
    },
    /// Points joined by a line, over horizontal reference lines.
    Line {
        title: String,
        note: String,
        x_label: String,
        y_label: String,
        /// The points: their x, y and a label each.
        points: Vec<(f64, f64, String)>,
        /// Horizontal lines: a label and a height.
        references: Vec<(String, f64)>,
    },
}

/// One map: `cells[my][opponent]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    pub caption: String,
    pub cells: Vec<Vec<Cell>>,
}

/// What a map cell shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cell {
    Probability(f64),
    /// The better decision, and whether the other is within one percentage point of it.
    Decision {
        roll: bool,
        close: bool,
    },
}

/// The key under the maps.
#[derive(Debug, Clone, PartialEq)]
pub enum Legend {
    Probability {
        label: String,
    },
    Decision {
        stop: String,
        roll: String,
        close: String,
    },
}

pub fn run(args: PlotArgs) -> Result<()> {
    let format = Format::of(&args.out)?;
    let rules = args.rules.rules()?;
    let picture = match args.kind {
        PlotKind::DuelWin => duel_win(rules)?,
        PlotKind::DuelStop => duel_stop(rules, parse_aside(&args.aside, rules)?)?,
        PlotKind::TurnDistribution => {
            let goal = match args.at_least {
                Some(k) => Goal::AtLeast(k),
                None => {
                    let scores = parse_scores(&args.scores)?;
                    let position = duel_position(rules, &scores, args.seat)
                        .map_err(|e| UsageError(e.to_string()))?;
                    Goal::Duel(scores, args.seat, position)
                }
            };
            turn_distribution(rules, goal)?
        }
        PlotKind::Cards => cards(rules)?,
        PlotKind::Frontier => frontier(rules)?,
    };
    draw::write(&picture, format, &args.out, (args.width, args.height))?;
    eprintln!("{}", messages::written(&args.out));
    Ok(())
}

fn parse_aside(text: &str, rules: Rules) -> Result<Dice, UsageError> {
    let aside: Dice = text.parse().map_err(|e: martian_engine::ParseDiceError| {
        UsageError(messages::bad_aside(text, &e.to_string()))
    })?;
    let chosen = aside.total() - aside.count(Face::Tank);
    if chosen == 0 || aside.total() >= rules.dice() {
        return Err(UsageError(messages::aside_not_a_decision(
            text,
            rules.dice(),
        )));
    }
    Ok(aside)
}

fn parse_scores(text: &str) -> Result<[Points; 2], UsageError> {
    let bad = || UsageError(messages::bad_scores(text));
    let parts: Vec<Points> = text
        .split(',')
        .map(|p| p.trim().parse::<Points>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    <[Points; 2]>::try_from(parts).map_err(|_| bad())
}

/// The two seats' duel positions at (my score, opponent's score).
fn seat_position(seat: usize, mine: Points, theirs: Points) -> DuelPosition {
    let scores = if seat == 0 {
        [mine, theirs]
    } else {
        [theirs, mine]
    };
    DuelPosition::Open { seat, scores }
}

/// The duel solution, or the limit it is beyond as a usage error (plots are in English).
fn solved_duel(rules: Rules) -> Result<std::sync::Arc<martian_solver::DuelSolution>, UsageError> {
    duel(rules).map_err(|limit| UsageError(limit.to_string()))
}

fn duel_win(rules: Rules) -> Result<Picture, UsageError> {
    let solution = solved_duel(rules)?;
    let t = rules.target();
    let panels = (0..2)
        .map(|seat| Panel {
            caption: messages::seat_panel(seat),
            cells: (0..t)
                .map(|mine| {
                    (0..t)
                        .map(|theirs| {
                            Cell::Probability(solution.mover_win(seat_position(seat, mine, theirs)))
                        })
                        .collect()
                })
                .collect(),
        })
        .collect();
    Ok(Picture::Maps {
        title: messages::duel_win_title(),
        note: messages::rules_note(rules),
        panels,
        legend: Legend::Probability {
            label: messages::win_legend(),
        },
    })
}

/// Decisions closer than this (in win probability) are drawn pale.
const CLOSE: f64 = 0.01;

fn duel_stop(rules: Rules, aside: Dice) -> Result<Picture, UsageError> {
    let solution = solved_duel(rules)?;
    let t = rules.target();
    let panels = (0..2)
        .map(|seat| Panel {
            caption: messages::seat_panel(seat),
            cells: (0..t)
                .map(|mine| {
                    (0..t)
                        .map(|theirs| {
                            let table = solution.table(seat_position(seat, mine, theirs));
                            let gap = table.value_to_roll(aside) - table.stop_value(aside);
                            Cell::Decision {
                                roll: table.should_roll(aside),
                                close: gap.abs() < CLOSE,
                            }
                        })
                        .collect()
                })
                .collect(),
        })
        .collect();
    let greedy_rolls = expected_score_table(rules).should_roll(aside);
    Ok(Picture::Maps {
        title: messages::duel_stop_title(aside, rules.score(aside), rules.dice() - aside.total()),
        note: format!(
            "{} {}",
            messages::greedy_would(greedy_rolls),
            messages::rules_note(rules)
        ),
        panels,
        legend: Legend::Decision {
            stop: messages::stop(),
            roll: messages::roll(),
            close: messages::nearly_even(),
        },
    })
}

/// The player compared with the expected-score player.
enum Goal {
    AtLeast(Points),
    Duel([Points; 2], usize, DuelPosition),
}

fn mean(distribution: &[f64]) -> f64 {
    distribution
        .iter()
        .enumerate()
        .map(|(s, p)| s as f64 * p)
        .sum()
}

fn turn_distribution(rules: Rules, goal: Goal) -> Result<Picture, UsageError> {
    let start = Turn::new(rules);
    let greedy = expected_score_table(rules).score_distribution(&start);
    let (label, distribution) = match goal {
        Goal::AtLeast(k) => {
            let space = martian_solver::TurnSpace::for_rules(rules);
            let table: TurnTable = space.solve_with(|s| if s >= k { 1.0 } else { 0.0 });
            let dist = table.score_distribution(&start);
            (
                messages::at_least_series(k, mean(&dist), table.start_value()),
                dist,
            )
        }
        Goal::Duel(scores, seat, position) => {
            let solution = solved_duel(rules)?;
            let table = solution.table(position);
            let dist = table.score_distribution(&start);
            (
                messages::duel_series(scores, seat, mean(&dist), table.start_value()),
                dist,
            )
        }
    };
    Ok(Picture::Bars {
        title: messages::distribution_title(),
        note: messages::rules_note(rules),
        series: vec![
            (messages::greedy_series(mean(&greedy)), greedy),
            (label, distribution),
        ],
    })
}

/// The shipped cards' chances against perfect play, by their number of lines (none: the
/// default play alone), with greedy's and perfect play's.
fn cards(rules: Rules) -> Result<Picture> {
    use martian_cards::{Card, chance};
    use martian_solver::{TurnPlay, duel_match};
    let mut cards = vec![Card::default()];
    cards.extend(martian_cards::shipped::SHIPPED.iter().map(|s| s.card()));
    let points = cards
        .iter()
        .map(|card| {
            let win = chance(card, &TurnPlay::Optimal, rules)?.win_rate;
            Ok((
                card.len() as f64,
                100.0 * win,
                format!("{:.2}%", 100.0 * win),
            ))
        })
        .collect::<Result<Vec<_>>>()?;
    let greedy = duel_match(rules, [&TurnPlay::Greedy, &TurnPlay::Optimal])?.win(0);
    Ok(Picture::Line {
        title: messages::cards_title(),
        note: messages::rules_note(rules),
        x_label: messages::card_lines(),
        y_label: messages::chance_against_optimal(),
        points,
        references: vec![
            (messages::optimal_reference(), 50.0),
            (messages::greedy_reference(100.0 * greedy), 100.0 * greedy),
        ],
    })
}

/// The best card known by its budget of conditions (docs/strategy.md), with greedy, the levels
/// and perfect play marked.
fn frontier(rules: Rules) -> Result<Picture> {
    use martian_cards::{Card, chance};
    use martian_solver::{TurnPlay, duel_match};
    let value = |card: &Card| chance(card, &TurnPlay::Optimal, rules).map(|c| c.win_rate);
    let mut points = vec![{
        let win = value(&Card::default())?;
        (0.0, 100.0 * win, format!("{:.2}%", 100.0 * win))
    }];
    for budget in martian_cards::shipped::BUDGETS {
        if let Some((_, win)) = martian_cards::shipped::best_within(budget, value)? {
            points.push((budget as f64, 100.0 * win, format!("{:.2}%", 100.0 * win)));
        }
    }
    let greedy = duel_match(rules, [&TurnPlay::Greedy, &TurnPlay::Optimal])?.win(0);
    let mut references = vec![
        (messages::optimal_reference(), 50.0),
        (messages::greedy_reference(100.0 * greedy), 100.0 * greedy),
    ];
    for level in ["easy", "medium", "hard"] {
        let bot = martian_bots::create(level, rules)?;
        let play = bot
            .turn_play(rules)
            .ok_or_else(|| anyhow::anyhow!("the level {level} has no exact play"))?;
        let win = duel_match(rules, [&play, &TurnPlay::Optimal])?.win(0);
        references.push((format!("{level}: {:.2}%", 100.0 * win), 100.0 * win));
    }
    Ok(Picture::Line {
        title: messages::frontier_title(),
        note: messages::rules_note(rules),
        x_label: messages::card_conditions(),
        y_label: messages::chance_against_optimal(),
        points,
        references,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_come_from_the_extension() {
        assert_eq!(Format::of(Path::new("a/b.SVG")).unwrap(), Format::Svg);
        assert_eq!(Format::of(Path::new("b.png")).unwrap(), Format::Png);
        assert!(Format::of(Path::new("b.jpg")).is_err());
        assert!(Format::of(Path::new("svg")).is_err());
    }

    #[test]
    fn aside_must_be_a_stop_or_roll_moment() {
        let rules = Rules::official();
        assert_eq!(parse_aside("2T3R4H", rules).unwrap().total(), 9);
        assert!(parse_aside("3T", rules).is_err());
        assert!(parse_aside("13H", rules).is_err());
        assert!(parse_aside("2X", rules).is_err());
    }

    #[test]
    fn scores_are_two_totals() {
        assert_eq!(parse_scores("12, 24").unwrap(), [12, 24]);
        assert!(parse_scores("12").is_err());
        assert!(parse_scores("1,2,3").is_err());
        assert!(parse_scores("a,b").is_err());
    }
}
