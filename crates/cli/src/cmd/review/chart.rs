//! The review's chart: every seat's chance to win after every turn (solo: the expected length of
//! the game), drawn with plotters into SVG or PNG, text in the embedded DejaVu Sans.

use std::path::Path;

use anyhow::{Context, Result, anyhow};
use martian_i18n::{Messages, tr};
use martian_review::{Measure, Review};
use plotters::coord::Shift;
use plotters::prelude::*;

const FONT: &str = "sans-serif";
const TEXT: RGBColor = RGBColor(30, 30, 30);
const SIZE: (u32, u32) = (1200, 620);
/// One colour per seat (eight seats at most), told apart also in grey.
const SEATS: [RGBColor; 8] = [
    RGBColor(46, 117, 182),
    RGBColor(202, 72, 52),
    RGBColor(60, 150, 80),
    RGBColor(150, 90, 170),
    RGBColor(230, 150, 30),
    RGBColor(40, 40, 40),
    RGBColor(20, 170, 180),
    RGBColor(200, 90, 150),
];

/// The picture formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    /// The format a file name asks for, by its extension.
    pub fn of(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png),
            _ => None,
        }
    }
}

/// What the chart shows: one series per seat over the points of the review's series.
struct Series {
    title: String,
    /// The lines under the chart: the rules, and the approximation when there is one.
    notes: Vec<String>,
    y_label: String,
    /// (name, values) per seat; solo: one series of expected game lengths.
    lines: Vec<(String, Vec<f64>)>,
    probability: bool,
    /// The x label of the last point when it is the roll-off's.
    roll_off: Option<String>,
}

fn series(m: &Messages, review: &Review) -> Series {
    let measure = match review.measure {
        Measure::WinProbability => "win-probability",
        Measure::ExpectedTurns => "expected-turns",
    };
    let mut notes = vec![tr!(
        m,
        "review-rules",
        rules = martian_i18n::vocab::ruleset(m, review.rules)
    )];
    if review.approximate {
        notes.push(tr!(m, "review-chart-approximate"));
    }
    let lines = match &review.expected_turns {
        Some(turns) => vec![(review.players[0].name.clone(), turns.clone())],
        None => review
            .players
            .iter()
            .enumerate()
            .map(|(seat, player)| {
                let values = review.win_probability.iter().map(|c| c[seat]).collect();
                (player.name.clone(), values)
            })
            .collect(),
    };
    let finished = review.turns.iter().filter(|t| t.finished).count();
    Series {
        title: tr!(m, "review-chart-title", measure = measure),
        notes,
        y_label: tr!(m, "review-chart-y", measure = measure),
        lines,
        probability: review.measure == Measure::WinProbability,
        roll_off: (review.win_probability.len() > finished + 1)
            .then(|| tr!(m, "review-chart-roll-off")),
    }
}

/// Draws the chart of `review` into `path`.
pub fn write(m: &Messages, review: &Review, format: Format, path: &Path) -> Result<()> {
    crate::cmd::plot::draw::register_font()?;
    let series = series(m, review);
    let x_label = tr!(m, "review-chart-x");
    let bytes = match format {
        Format::Svg => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
                render(&root, &series, &x_label).map_err(|e| anyhow!("drawing failed: {e}"))?;
                root.present().map_err(|e| anyhow!("drawing failed: {e}"))?;
            }
            svg.into_bytes()
        }
        Format::Png => {
            let (w, h) = SIZE;
            let mut pixels = vec![0u8; (w as usize) * (h as usize) * 3];
            {
                let root = BitMapBackend::with_buffer(&mut pixels, SIZE).into_drawing_area();
                render(&root, &series, &x_label).map_err(|e| anyhow!("drawing failed: {e}"))?;
                root.present().map_err(|e| anyhow!("drawing failed: {e}"))?;
            }
            let mut out = Vec::new();
            let mut encoder = png::Encoder::new(&mut out, w, h);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header()?;
            writer.write_image_data(&pixels)?;
            writer.finish()?;
            out
        }
    };
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

type Drawn<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

fn text_style(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&TEXT)
}

fn render<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    series: &Series,
    x_label: &str,
) -> Drawn<DB> {
    root.fill(&WHITE)?;
    let body = root.titled(&series.title, text_style(22))?;
    let footer_height = 14 + 20 * series.notes.len() as u32;
    let (body, footer) = body.split_vertically(body.dim_in_pixel().1.saturating_sub(footer_height));
    for (index, note) in series.notes.iter().enumerate() {
        footer.draw_text(note, &text_style(13), (12, 6 + 20 * index as i32))?;
    }
    let points = series.lines.iter().map(|(_, v)| v.len()).max().unwrap_or(1);
    let last = points.saturating_sub(1).max(1) as f64;
    let (low, high) = if series.probability {
        (0.0, 1.0)
    } else {
        let top = series
            .lines
            .iter()
            .flat_map(|(_, v)| v.iter().copied())
            .fold(1.0, f64::max);
        (0.0, top * 1.1)
    };
    let mut chart = ChartBuilder::on(&body)
        .margin(16)
        .x_label_area_size(46)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..last, low..high)?;
    let probability = series.probability;
    let roll_off_at = series.roll_off.as_ref().map(|_| last);
    let roll_off_label = series.roll_off.clone().unwrap_or_default();
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(&series.y_label)
        .x_labels(points.min(21))
        .x_label_formatter(&|v| {
            if roll_off_at.is_some_and(|at| (*v - at).abs() < 1e-9) {
                roll_off_label.clone()
            } else {
                format!("{v:.0}")
            }
        })
        .y_label_formatter(&|v| {
            if probability {
                format!("{:.0}%", v * 100.0)
            } else {
                format!("{v:.0}")
            }
        })
        .label_style(text_style(13))
        .axis_desc_style(text_style(14))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()?;
    for (index, (name, values)) in series.lines.iter().enumerate() {
        let color = SEATS[index % SEATS.len()];
        chart
            .draw_series(LineSeries::new(
                values.iter().enumerate().map(|(x, &y)| (x as f64, y)),
                color.stroke_width(3),
            ))?
            .label(name.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(3))
            });
        chart.draw_series(
            values
                .iter()
                .enumerate()
                .map(|(x, &y)| Circle::new((x as f64, y), 3, color.filled())),
        )?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font(text_style(14))
        .background_style(WHITE.mix(0.9))
        .border_style(RGBColor(160, 160, 160))
        .draw()?;
    Ok(())
}
