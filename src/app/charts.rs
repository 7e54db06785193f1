//! Pictures: line charts and dot charts drawn as SVG (with the `plotters` crate), and the
//! one-line Unicode chart (a sparkline) shown under a table in a terminal. Used by
//! `tabula analyse --plot` for a game's course and by `tabula plot` for the data files
//! of the documentation.

use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;

/// Why a chart could not be drawn, or a data file could not be read as one.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// The drawing backend failed. Its error is part of the words, so it is not also
    /// given as the source (the binary prints every source after the words).
    #[error("cannot draw the chart: {error}")]
    Draw {
        /// What the backend said.
        error: DrawingAreaErrorKind<std::io::Error>,
    },
    /// A row of the data file is not three tab-separated cells.
    #[error("line {line}: three tab-separated columns expected, found {found}")]
    Columns {
        /// The row's line in the file (counted from 1).
        line: usize,
        /// How many cells it has.
        found: usize,
    },
    /// The data file has no row to name the columns.
    #[error("the file has no header row (three column names)")]
    NoHeader,
    /// A cell of the data file that must be a number is not one.
    #[error("line {line}: '{text}' is not a number")]
    NotANumber {
        /// The cell's line in the file (counted from 1).
        line: usize,
        /// What the cell holds.
        text: String,
    },
    /// The data file's `kind:` names no kind of chart.
    #[error("kind '{kind}' is not known: 'lines' or 'dots'")]
    UnknownKind {
        /// The kind written.
        kind: String,
    },
}

/// A line of a chart: its name in the legend and its points.
#[derive(Clone, Debug)]
pub struct Series {
    /// The legend's name.
    pub name: String,
    /// The points, in order of x.
    pub points: Vec<(f64, f64)>,
    /// Drawn thin and light, as an interval's bounds are.
    pub faint: bool,
}

/// What a marker on a chart stands for; each kind has its own shape and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerKind {
    /// A decision marked as an error.
    Error,
    /// A decision marked as a blunder.
    Blunder,
    /// A roll that helped its seat much.
    Lucky,
    /// A roll that hurt its seat much.
    Unlucky,
}

impl MarkerKind {
    const ALL: [MarkerKind; 4] = [
        MarkerKind::Error,
        MarkerKind::Blunder,
        MarkerKind::Lucky,
        MarkerKind::Unlucky,
    ];

    fn name(self) -> &'static str {
        match self {
            MarkerKind::Error => "error",
            MarkerKind::Blunder => "blunder",
            MarkerKind::Lucky => "lucky roll",
            MarkerKind::Unlucky => "unlucky roll",
        }
    }

    fn color(self) -> RGBColor {
        match self {
            MarkerKind::Error => RGBColor(230, 140, 0),
            MarkerKind::Blunder => RGBColor(200, 0, 0),
            MarkerKind::Lucky => RGBColor(0, 150, 60),
            MarkerKind::Unlucky => RGBColor(120, 60, 160),
        }
    }

    /// The marker's size in pixels, the same on the chart and in its legend: a blunder
    /// larger than an error.
    fn size(self) -> i32 {
        match self {
            MarkerKind::Error => 4,
            MarkerKind::Blunder | MarkerKind::Lucky => 6,
            MarkerKind::Unlucky => 5,
        }
    }
}

/// A point marked on a chart (an error at a turn, a lucky roll).
#[derive(Clone, Debug)]
pub struct Marker {
    /// Where.
    pub at: (f64, f64),
    /// What it stands for.
    pub kind: MarkerKind,
}

/// A line chart.
#[derive(Clone, Debug, Default)]
pub struct LineChart {
    /// The title over the chart.
    pub title: String,
    /// The x axis's label.
    pub x_label: String,
    /// The y axis's label.
    pub y_label: String,
    /// The lines.
    pub series: Vec<Series>,
    /// Points marked over the lines.
    pub markers: Vec<Marker>,
    /// The x range (else the data's, with a margin).
    pub x_range: Option<(f64, f64)>,
    /// The y range (else the data's, with a margin).
    pub y_range: Option<(f64, f64)>,
    /// A logarithmic x axis (for games trained, from thousands to millions).
    pub log_x: bool,
}

/// A dot chart: one row per category, one dot per series in each.
#[derive(Clone, Debug, Default)]
pub struct DotChart {
    /// The title over the chart.
    pub title: String,
    /// The value axis's label.
    pub x_label: String,
    /// The rows, top first.
    pub categories: Vec<String>,
    /// Each series' name and its value per category (`None` where it has none).
    pub series: Vec<(String, Vec<Option<f64>>)>,
}

/// Colours told apart at a glance and in print (Tableau's ten, then darker ones).
const PALETTE: [RGBColor; 12] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(0, 0, 0),
    RGBColor(0, 90, 50),
];

fn color(index: usize) -> RGBColor {
    PALETTE[index % PALETTE.len()]
}

const SIZE: (u32, u32) = (800, 480);

fn range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
        (l.min(v), h.max(v))
    });
    if !low.is_finite() {
        return (0.0, 1.0);
    }
    let margin = ((high - low) * 0.05).max(1e-9);
    (low - margin, high + margin)
}

fn failed(error: DrawingAreaErrorKind<std::io::Error>) -> ChartError {
    ChartError::Draw { error }
}

/// The chart as an SVG document. The legend stands right of the plot, in room of its
/// own, so that the x axis ends where the data (or the given range) does and no line
/// runs under the legend.
pub fn line_chart_svg(chart: &LineChart) -> Result<String, ChartError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let (area, legend_area) = root.split_horizontally(SIZE.0 - legend_width(chart));
        let points = || chart.series.iter().flat_map(|s| s.points.iter());
        let (x0, x1) = match chart.x_range {
            Some(given) => given,
            None if chart.log_x => {
                let xs = || points().map(|p| p.0).filter(|x| *x > 0.0);
                let low = xs().fold(f64::INFINITY, f64::min);
                let high = xs().fold(0.0, f64::max);
                if low.is_finite() {
                    (low / 1.2, high * 1.2)
                } else {
                    (1.0, 10.0)
                }
            }
            None => range(points().map(|p| p.0)),
        };
        let (y0, y1) = chart.y_range.unwrap_or_else(|| range(points().map(|p| p.1)));
        let mut builder = ChartBuilder::on(&area);
        builder
            .caption(&chart.title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(64);
        // The same mesh and lines on either x axis: plotters gives a log axis and a
        // linear one different types.
        macro_rules! draw_on {
            ($plot:expr) => {{
                let mut plot = $plot.map_err(failed)?;
                plot.configure_mesh()
                    .x_desc(&chart.x_label)
                    .y_desc(&chart.y_label)
                    .x_label_formatter(&|x| count_text(*x))
                    .y_label_formatter(&|y| trim(*y))
                    .label_style(("sans-serif", 15))
                    .draw()
                    .map_err(failed)?;
                draw_lines(&mut plot, chart)?;
            }};
        }
        if chart.log_x {
            draw_on!(builder.build_cartesian_2d((x0..x1).log_scale(), y0..y1));
        } else {
            draw_on!(builder.build_cartesian_2d(x0..x1, y0..y1));
        }
        draw_legend(&legend_area, chart)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

type Plot<'a, 'b, X> =
    ChartContext<'a, SVGBackend<'b>, Cartesian2d<X, plotters::coord::types::RangedCoordf64>>;

/// Each series' line: an interval's bounds (faint) take the colour of the line they
/// belong to.
fn line_styles(chart: &LineChart) -> Vec<ShapeStyle> {
    let mut solid = 0;
    chart
        .series
        .iter()
        .map(|series| {
            if !series.faint {
                solid += 1;
            }
            let c = color(solid.max(1) - 1);
            if series.faint {
                c.mix(0.45).stroke_width(1)
            } else {
                c.stroke_width(2)
            }
        })
        .collect()
}

/// The kinds of marker the chart holds, in the legend's order.
fn marker_kinds(chart: &LineChart) -> impl Iterator<Item = MarkerKind> + '_ {
    MarkerKind::ALL
        .into_iter()
        .filter(|kind| chart.markers.iter().any(|m| m.kind == *kind))
}

fn draw_lines<'a, 'b, X>(plot: &mut Plot<'a, 'b, X>, chart: &LineChart) -> Result<(), ChartError>
where
    X: Ranged<ValueType = f64>,
{
    for (series, style) in chart.series.iter().zip(line_styles(chart)) {
        plot.draw_series(LineSeries::new(series.points.iter().copied(), style))
            .map_err(failed)?;
    }
    for kind in marker_kinds(chart) {
        let at = chart.markers.iter().filter(|m| m.kind == kind).map(|m| m.at);
        let (c, size) = (kind.color(), kind.size());
        match kind {
            MarkerKind::Error | MarkerKind::Blunder => {
                plot.draw_series(at.map(move |p| Circle::new(p, size, c.filled())))
            }
            MarkerKind::Lucky => plot.draw_series(at.map(move |p| TriangleMarker::new(p, size, c.filled()))),
            MarkerKind::Unlucky => plot.draw_series(at.map(move |p| Cross::new(p, size, c.stroke_width(2)))),
        }
        .map_err(failed)?;
    }
    Ok(())
}

/// The legend's font size, the width of an entry's sample (a line or a marker) with
/// the gaps around it, and the height of an entry, in pixels.
const LEGEND_FONT: u32 = 14;
const LEGEND_SAMPLE: u32 = 36;
const LEGEND_LINE: i32 = 22;

/// The room the legend takes right of the plot: its longest label at a generous
/// average letter width (SVG leaves the font to the viewer), its sample and gaps.
fn legend_width(chart: &LineChart) -> u32 {
    let longest = chart
        .series
        .iter()
        .map(|s| s.name.chars().count())
        .chain(marker_kinds(chart).map(|kind| kind.name().chars().count()))
        .max()
        .unwrap_or(0) as u32;
    longest * LEGEND_FONT * 6 / 10 + LEGEND_SAMPLE + 12
}

/// Draws the legend, one entry a line from the top of `area`: each series' line, then
/// each kind of marker the chart holds, its sample before its name.
fn draw_legend(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    chart: &LineChart,
) -> Result<(), ChartError> {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    let font =
        TextStyle::from(("sans-serif", LEGEND_FONT).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    let (x, mut y) = (0, 48);
    let label =
        |y: i32, name: &str| area.draw(&Text::new(name.to_string(), (x + LEGEND_SAMPLE as i32, y), &font));
    for (series, style) in chart.series.iter().zip(line_styles(chart)) {
        area.draw(&PathElement::new(vec![(x, y), (x + 24, y)], style))
            .map_err(failed)?;
        label(y, &series.name).map_err(failed)?;
        y += LEGEND_LINE;
    }
    for kind in marker_kinds(chart) {
        let (c, size, at) = (kind.color(), kind.size(), (x + 12, y));
        match kind {
            MarkerKind::Error | MarkerKind::Blunder => area.draw(&Circle::new(at, size, c.filled())),
            MarkerKind::Lucky => area.draw(&TriangleMarker::new(at, size, c.filled())),
            MarkerKind::Unlucky => area.draw(&Cross::new(at, size, c.stroke_width(2))),
        }
        .map_err(failed)?;
        label(y, kind.name()).map_err(failed)?;
        y += LEGEND_LINE;
    }
    Ok(())
}

/// `10k`, `1.5M`: counts on a logarithmic axis.
fn count_text(x: f64) -> String {
    if x.abs() >= 1e6 {
        format!("{}M", trim(x / 1e6))
    } else if x.abs() >= 1e3 {
        format!("{}k", trim(x / 1e3))
    } else {
        trim(x)
    }
}

fn trim(x: f64) -> String {
    let text = format!("{x:.1}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The dot chart as an SVG document.
pub fn dot_chart_svg(chart: &DotChart) -> Result<String, ChartError> {
    let mut svg = String::new();
    {
        let rows = chart.categories.len();
        let height = 110 + 26 * rows as u32;
        let root = SVGBackend::with_string(&mut svg, (SIZE.0, height)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let values = chart.series.iter().flat_map(|(_, v)| v.iter().flatten().copied());
        let (x0, x1) = range(values);
        let longest = chart.categories.iter().map(|c| c.len()).max().unwrap_or(4) as u32;
        let mut plot = ChartBuilder::on(&root)
            .caption(&chart.title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(20 + 8 * longest)
            .build_cartesian_2d(x0..x1, -0.5..rows as f64 - 0.5)
            .map_err(failed)?;
        let categories = chart.categories.clone();
        let name = move |y: &f64| -> String {
            let row = y.round();
            if (y - row).abs() > 0.01 || row < 0.0 {
                return String::new();
            }
            // Row 0 is drawn at the top.
            categories
                .get(categories.len().wrapping_sub(1).wrapping_sub(row as usize))
                .cloned()
                .unwrap_or_default()
        };
        plot.configure_mesh()
            .x_desc(&chart.x_label)
            .y_labels(rows.max(1))
            .y_label_formatter(&name)
            .disable_y_mesh()
            .label_style(("sans-serif", 14))
            .draw()
            .map_err(failed)?;
        for (i, (series, values)) in chart.series.iter().enumerate() {
            let c = color(i);
            let at: Vec<(f64, f64)> = values
                .iter()
                .enumerate()
                .filter_map(|(row, v)| v.map(|v| (v, (rows - 1 - row) as f64)))
                .collect();
            plot.draw_series(at.into_iter().map(move |p| Circle::new(p, 5, c.filled())))
                .map_err(failed)?
                .label(series)
                .legend(move |(x, y)| Circle::new((x + 10, y), 5, c.filled()));
        }
        plot.configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.4))
            .label_font(("sans-serif", 14))
            .draw()
            .map_err(failed)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// The SVG picture of a data file: tab-separated, `#` lines giving `title:`, `kind:`
/// (`lines` or `dots`) and `scale: log-x`, then a header row and rows. A `lines` file's
/// rows are SERIES, X, Y (the header names the axes); a `dots` file's are CATEGORY,
/// SERIES, VALUE, one row of the chart per category in the order first met.
pub fn svg_from_data(text: &str) -> Result<String, ChartError> {
    let mut title = String::new();
    let mut kind = "lines".to_string();
    let mut log_x = false;
    let mut header: Option<Vec<String>> = None;
    let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if let Some(note) = line.strip_prefix('#') {
            match note.trim().split_once(':') {
                Some(("title", v)) => title = v.trim().to_string(),
                Some(("kind", v)) => kind = v.trim().to_string(),
                Some(("scale", v)) => log_x = v.trim() == "log-x",
                _ => {}
            }
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        let cells: Vec<String> = line.split('\t').map(|c| c.trim().to_string()).collect();
        if cells.len() != 3 {
            return Err(ChartError::Columns {
                line: n + 1,
                found: cells.len(),
            });
        }
        if header.is_none() {
            header = Some(cells);
        } else {
            rows.push((n + 1, cells));
        }
    }
    let header = header.ok_or(ChartError::NoHeader)?;
    let number = |(n, text): (usize, &str)| {
        text.parse::<f64>().map_err(|_| ChartError::NotANumber {
            line: n,
            text: text.to_string(),
        })
    };
    match kind.as_str() {
        "lines" => {
            let mut series: Vec<Series> = Vec::new();
            for (n, cells) in &rows {
                let point = (number((*n, &cells[1]))?, number((*n, &cells[2]))?);
                match series.iter_mut().find(|s| s.name == cells[0]) {
                    Some(s) => s.points.push(point),
                    None => series.push(Series {
                        name: cells[0].clone(),
                        points: vec![point],
                        faint: cells[0].contains("interval"),
                    }),
                }
            }
            line_chart_svg(&LineChart {
                title,
                x_label: header[1].clone(),
                y_label: header[2].clone(),
                series,
                log_x,
                ..LineChart::default()
            })
        }
        "dots" => {
            let mut chart = DotChart {
                title,
                x_label: header[2].clone(),
                ..DotChart::default()
            };
            for (_, cells) in &rows {
                if !chart.categories.contains(&cells[0]) {
                    chart.categories.push(cells[0].clone());
                }
                if !chart.series.iter().any(|(name, _)| *name == cells[1]) {
                    chart.series.push((cells[1].clone(), Vec::new()));
                }
            }
            let categories = chart.categories.len();
            for (_, values) in &mut chart.series {
                values.resize(categories, None);
            }
            for (n, cells) in &rows {
                let row = chart.categories.iter().position(|c| *c == cells[0]).unwrap_or(0);
                let value = number((*n, &cells[2]))?;
                if let Some((_, values)) = chart.series.iter_mut().find(|(name, _)| *name == cells[1]) {
                    values[row] = Some(value);
                }
            }
            dot_chart_svg(&chart)
        }
        other => Err(ChartError::UnknownKind {
            kind: other.to_string(),
        }),
    }
}

/// `values` (each 0 to 1) as a one-line chart of at most `width` block characters
/// (▁ for 0 to █ for 1); a longer run is shown by the mean of each stretch.
pub fn sparkline(values: &[f64], width: usize) -> String {
    const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    if values.is_empty() || width == 0 {
        return String::new();
    }
    let cells = values.len().min(width);
    (0..cells)
        .map(|i| {
            let from = i * values.len() / cells;
            let to = ((i + 1) * values.len() / cells).max(from + 1);
            let stretch = &values[from..to];
            let mean = stretch.iter().sum::<f64>() / stretch.len() as f64;
            let level = (mean.clamp(0.0, 1.0) * 7.0).round() as usize;
            BLOCKS[level]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sparkline_spans_the_blocks_and_keeps_to_its_width() {
        assert_eq!(sparkline(&[0.0, 0.5, 1.0], 80), "▁▅█");
        let long: Vec<f64> = (0..200).map(|i| f64::from(i) / 199.0).collect();
        let line = sparkline(&long, 60);
        assert_eq!(line.chars().count(), 60);
        assert!(line.starts_with('▁') && line.ends_with('█'), "{line}");
        assert_eq!(sparkline(&[], 10), "");
    }

    #[test]
    fn a_data_file_that_cannot_be_read_is_refused_with_what_is_wrong() {
        let refused = |text: &str| svg_from_data(text).unwrap_err().to_string();
        assert_eq!(
            refused("# title: t\na\tb\tc\nx\t1\n"),
            "line 3: three tab-separated columns expected, found 2"
        );
        assert_eq!(
            refused("# title: t\n\n"),
            "the file has no header row (three column names)"
        );
        assert_eq!(refused("a\tb\tc\nx\t1\tmany\n"), "line 2: 'many' is not a number");
        assert_eq!(
            refused("# kind: dots\na\tb\tc\nx\ty\t1\nz\ty\t-\n"),
            "line 4: '-' is not a number"
        );
        assert_eq!(
            refused("# kind: bars\na\tb\tc\n"),
            "kind 'bars' is not known: 'lines' or 'dots'"
        );
    }

    #[test]
    fn a_drawing_that_fails_says_so_with_the_backends_words() {
        let error = plotters::drawing::DrawingAreaErrorKind::<std::io::Error>::LayoutError;
        assert_eq!(failed(error).to_string(), "cannot draw the chart: Bad layout");
    }

    #[test]
    fn a_refused_data_file_keeps_the_facts_of_what_is_wrong() {
        assert!(matches!(
            svg_from_data("a\tb\tc\nx\t1\n"),
            Err(ChartError::Columns { line: 2, found: 2 })
        ));
        assert!(matches!(svg_from_data(""), Err(ChartError::NoHeader)));
        assert!(matches!(
            svg_from_data("a\tb\tc\nx\tfew\t1\n"),
            Err(ChartError::NotANumber { line: 2, text }) if text == "few"
        ));
        assert!(matches!(
            svg_from_data("# kind: pie\na\tb\tc\n"),
            Err(ChartError::UnknownKind { kind }) if kind == "pie"
        ));
        assert!(matches!(
            failed(plotters::drawing::DrawingAreaErrorKind::SharingError),
            ChartError::Draw {
                error: plotters::drawing::DrawingAreaErrorKind::SharingError
            }
        ));
    }

    #[test]
    fn a_line_chart_draws_a_path_per_series_and_its_markers() {
        let chart = LineChart {
            title: "t".into(),
            series: vec![
                Series {
                    name: "white".into(),
                    points: vec![(0.0, 0.5), (1.0, 0.6), (2.0, 0.9)],
                    faint: false,
                },
                Series {
                    name: "black".into(),
                    points: vec![(0.0, 0.5), (1.0, 0.4), (2.0, 0.1)],
                    faint: false,
                },
            ],
            markers: vec![Marker {
                at: (1.0, 0.6),
                kind: MarkerKind::Blunder,
            }],
            y_range: Some((0.0, 1.0)),
            ..LineChart::default()
        };
        let svg = line_chart_svg(&chart).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        // A line in each series' colour, the blunder as a red dot, both in the legend.
        let line = |colour: &str| {
            svg.lines()
                .any(|l| l.starts_with("<polyline") && l.contains(&format!("stroke=\"{colour}\"")))
        };
        assert!(line("#1F77B4") && line("#FF7F0E"), "{svg}");
        assert!(
            svg.lines()
                .any(|l| l.starts_with("<circle") && l.contains("#C80000")),
            "{svg}"
        );
        assert!(svg.contains("white") && svg.contains("blunder"), "{svg}");
    }
}
