//! Draws a [`Picture`] with plotters on an SVG or a bitmap backend; bitmaps are encoded as PNG.

use std::path::Path;
use std::sync::OnceLock;

use anyhow::{Context, Result, anyhow};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;

use super::{Cell, Format, Legend, Panel, Picture};

const FONT: &str = "sans-serif";
const TEXT: RGBColor = RGBColor(30, 30, 30);
const STOP: RGBColor = RGBColor(202, 72, 52);
const ROLL: RGBColor = RGBColor(46, 117, 182);

/// Registers the embedded DejaVu Sans as the font of every text (so no system font is needed).
pub(crate) fn register_font() -> Result<()> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular()).is_ok()
            && plotters::style::register_font(FONT, FontStyle::Bold, dejavu::sans::bold()).is_ok()
    });
    if ok {
        Ok(())
    } else {
        Err(anyhow!("the embedded font could not be loaded"))
    }
}

/// Draws `picture` into `path` in `format`, `size` pixels.
pub fn write(picture: &Picture, format: Format, path: &Path, size: (u32, u32)) -> Result<()> {
    register_font()?;
    let bytes = render_bytes(picture, format, size)?;
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// The picture's file contents.
pub fn render_bytes(picture: &Picture, format: Format, size: (u32, u32)) -> Result<Vec<u8>> {
    register_font()?;
    match format {
        Format::Svg => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
                render(&root, picture).map_err(|e| anyhow!("drawing failed: {e}"))?;
                root.present().map_err(|e| anyhow!("drawing failed: {e}"))?;
            }
            Ok(svg.into_bytes())
        }
        Format::Png => {
            let (w, h) = size;
            let mut pixels = vec![0u8; (w as usize) * (h as usize) * 3];
            {
                let root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
                render(&root, picture).map_err(|e| anyhow!("drawing failed: {e}"))?;
                root.present().map_err(|e| anyhow!("drawing failed: {e}"))?;
            }
            let mut out = Vec::new();
            let mut encoder = png::Encoder::new(&mut out, w, h);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header()?;
            writer.write_image_data(&pixels)?;
            writer.finish()?;
            Ok(out)
        }
    }
}

type Drawn<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

fn text_style(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&TEXT)
}

fn render<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, picture: &Picture) -> Drawn<DB> {
    root.fill(&WHITE)?;
    let (title, note) = match picture {
        Picture::Maps { title, note, .. }
        | Picture::Bars { title, note, .. }
        | Picture::Line { title, note, .. } => (title, note),
    };
    let (_, height) = root.dim_in_pixel();
    let body = root.titled(title, text_style(22))?;
    let (body, footer) = body.split_vertically(body.dim_in_pixel().1.saturating_sub(34));
    footer.draw_text(note, &text_style(14), (12, 8))?;
    let _ = height;
    match picture {
        Picture::Maps { panels, legend, .. } => maps(&body, panels, legend),
        Picture::Bars { series, .. } => bars(&body, series),
        Picture::Line {
            x_label,
            y_label,
            points,
            references,
            ..
        } => line(&body, (x_label, y_label), points, references),
    }
}

fn line<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x_label, y_label): (&str, &str),
    points: &[(f64, f64, String)],
    references: &[(String, f64)],
) -> Drawn<DB> {
    let xs = points.iter().map(|p| p.0);
    let ys = points
        .iter()
        .map(|p| p.1)
        .chain(references.iter().map(|r| r.1));
    let x_max = xs.fold(1.0, f64::max);
    let (y_min, y_max) = ys.fold((f64::MAX, f64::MIN), |(lo, hi), y| (lo.min(y), hi.max(y)));
    let pad = (y_max - y_min).max(1.0) * 0.08;
    let mut chart = ChartBuilder::on(area)
        .margin(16)
        .x_label_area_size(46)
        .y_label_area_size(64)
        .build_cartesian_2d(-0.3..x_max + 0.3, (y_min - pad)..(y_max + pad))?;
    chart
        .configure_mesh()
        .light_line_style(RGBColor(235, 235, 235))
        .x_labels(x_max as usize + 1)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}%"))
        .x_desc(x_label)
        .y_desc(y_label)
        .label_style(text_style(13))
        .axis_desc_style(text_style(14))
        .draw()?;
    let colors = [RGBColor(120, 120, 120), STOP];
    for (k, (label, y)) in references.iter().enumerate() {
        let color = colors[k % colors.len()];
        chart.draw_series(LineSeries::new(
            [(-0.3, *y), (x_max + 0.3, *y)],
            color.stroke_width(2),
        ))?;
        chart.draw_series(std::iter::once(Text::new(
            label.clone(),
            (0.0, *y + pad * 0.25),
            text_style(13),
        )))?;
    }
    chart.draw_series(LineSeries::new(
        points.iter().map(|p| (p.0, p.1)),
        ROLL.stroke_width(3),
    ))?;
    chart.draw_series(
        points
            .iter()
            .map(|p| Circle::new((p.0, p.1), 6, ROLL.filled())),
    )?;
    chart.draw_series(
        points
            .iter()
            .map(|p| Text::new(p.2.clone(), (p.0 + 0.08, p.1 - pad * 0.45), text_style(13))),
    )?;
    Ok(())
}

/// Viridis, from dark blue (0) to yellow (1), by linear steps between nine of its colours.
fn viridis(p: f64) -> RGBColor {
    const STOPS: [(u8, u8, u8); 9] = [
        (68, 1, 84),
        (71, 44, 122),
        (59, 81, 139),
        (44, 113, 142),
        (33, 144, 141),
        (39, 173, 129),
        (92, 200, 99),
        (170, 220, 50),
        (253, 231, 37),
    ];
    let x = p.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let i = (x.floor() as usize).min(STOPS.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn pale(color: RGBColor) -> RGBColor {
    let mix = |c: u8| ((u16::from(c) + 2 * 255) / 3) as u8;
    RGBColor(mix(color.0), mix(color.1), mix(color.2))
}

fn cell_color(cell: Cell) -> RGBColor {
    match cell {
        Cell::Probability(p) => viridis(p),
        Cell::Decision { roll, close } => {
            let color = if roll { ROLL } else { STOP };
            if close { pale(color) } else { color }
        }
    }
}

fn maps<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panels: &[Panel],
    legend: &Legend,
) -> Drawn<DB> {
    let (width, _) = area.dim_in_pixel();
    let (maps_area, legend_area) = area.split_horizontally(width.saturating_sub(170));
    for (panel, cell_area) in panels.iter().zip(maps_area.split_evenly((1, panels.len()))) {
        let n = panel.cells.len() as f64;
        let mut chart = ChartBuilder::on(&cell_area)
            .caption(&panel.caption, text_style(17))
            .margin(12)
            .x_label_area_size(46)
            .y_label_area_size(56)
            .build_cartesian_2d(-0.5..n - 0.5, -0.5..n - 0.5)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(super::messages::my_score())
            .y_desc(super::messages::opponent_score())
            .x_labels(13)
            .y_labels(13)
            .x_label_formatter(&|v| format!("{v:.0}"))
            .y_label_formatter(&|v| format!("{v:.0}"))
            .label_style(text_style(13))
            .axis_desc_style(text_style(14))
            .draw()?;
        chart.draw_series(panel.cells.iter().enumerate().flat_map(|(mine, row)| {
            row.iter().enumerate().map(move |(theirs, &cell)| {
                let (x, y) = (mine as f64, theirs as f64);
                Rectangle::new(
                    [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
                    cell_color(cell).filled(),
                )
            })
        }))?;
    }
    match legend {
        Legend::Probability { label } => probability_legend(&legend_area, label),
        Legend::Decision { stop, roll, close } => {
            decision_legend(&legend_area, [(stop, STOP), (roll, ROLL)], close)
        }
    }
}

fn probability_legend<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, label: &str) -> Drawn<DB> {
    let mut chart = ChartBuilder::on(area)
        .caption(label, text_style(15))
        .margin_top(40)
        .margin_bottom(60)
        .margin_right(40)
        .y_label_area_size(52)
        .build_cartesian_2d(0.0..1.0, 0.0..1.0)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(5)
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .label_style(text_style(13))
        .draw()?;
    const STEPS: usize = 100;
    chart.draw_series((0..STEPS).map(|i| {
        let (lo, hi) = (i as f64 / STEPS as f64, (i + 1) as f64 / STEPS as f64);
        Rectangle::new([(0.0, lo), (1.0, hi)], viridis((lo + hi) / 2.0).filled())
    }))?;
    Ok(())
}

fn decision_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: [(&String, RGBColor); 2],
    close: &str,
) -> Drawn<DB> {
    let mut y = 70;
    for (label, color) in entries {
        area.draw(&Rectangle::new([(10, y), (34, y + 24)], color.filled()))?;
        area.draw(&Rectangle::new(
            [(36, y), (60, y + 24)],
            pale(color).filled(),
        ))?;
        area.draw_text(label, &text_style(15), (68, y + 4))?;
        y += 40;
    }
    // The note on pale cells, broken into short lines.
    let mut line = String::new();
    for word in close.split_whitespace() {
        if line.len() + word.len() > 18 && !line.is_empty() {
            area.draw_text(&line, &text_style(12), (10, y))?;
            y += 18;
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        area.draw_text(&line, &text_style(12), (10, y))?;
    }
    Ok(())
}

fn bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    series: &[(String, Vec<f64>)],
) -> Drawn<DB> {
    let len = series.iter().map(|(_, v)| v.len()).max().unwrap_or(1);
    let top = series
        .iter()
        .flat_map(|(_, v)| v.iter().copied())
        .fold(0.0, f64::max)
        .max(1e-9);
    let mut chart = ChartBuilder::on(area)
        .margin(16)
        .x_label_area_size(46)
        .y_label_area_size(64)
        .build_cartesian_2d(-0.5..len as f64 - 0.5, 0.0..top * 1.32)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .light_line_style(TRANSPARENT)
        .x_labels(len)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .x_desc(super::messages::turn_score())
        .y_desc(super::messages::probability())
        .label_style(text_style(13))
        .axis_desc_style(text_style(14))
        .draw()?;
    let colors = [RGBColor(120, 120, 120), STOP, ROLL];
    let width = 0.8 / series.len().max(1) as f64;
    for (k, (name, values)) in series.iter().enumerate() {
        let color = colors[k % colors.len()];
        let offset = -0.4 + k as f64 * width;
        chart
            .draw_series(values.iter().enumerate().map(move |(s, &p)| {
                let x = s as f64 + offset;
                Rectangle::new([(x, 0.0), (x + width, p)], color.filled())
            }))?
            .label(name.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 14, y + 6)], color.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font(text_style(14))
        .background_style(WHITE.mix(0.9))
        .border_style(RGBColor(160, 160, 160))
        .draw()?;
    Ok(())
}
