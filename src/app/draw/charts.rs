//! The two plotters charts, drawn on canvases. Both take the page's theme
//! colours and the screen's pixel ratio, so they stay legible and crisp.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_canvas::CanvasBackend;
use web_sys::HtmlCanvasElement;

use super::theme::{fit_canvas, prefers_dark};
use crate::render::palette::Palette;
use model::format::fixed;
use model::ring::ServerId;
use model::snapshot::Evenness;
use model::Snapshot;

struct Theme {
    background: RGBColor,
    ink: RGBColor,
    grid: RGBColor,
    accent: RGBColor,
}

fn theme() -> Theme {
    if prefers_dark() {
        Theme {
            background: RGBColor(0x1b, 0x1e, 0x25),
            ink: RGBColor(0xe6, 0xe8, 0xee),
            grid: RGBColor(0x3a, 0x3f, 0x4b),
            accent: RGBColor(0xff, 0xff, 0xff),
        }
    } else {
        Theme {
            background: RGBColor(0xff, 0xff, 0xff),
            ink: RGBColor(0x22, 0x25, 0x2b),
            grid: RGBColor(0xdd, 0xe0, 0xe6),
            accent: RGBColor(0x22, 0x25, 0x2b),
        }
    }
}

/// A linear f64 axis whose labels the charts always write themselves (each
/// sets a formatter): plotters' own default for f64 prints with the
/// standard library's exact float printer, about 1.5 KB gzipped the page
/// otherwise never needs.
struct Axis(plotters::coord::types::RangedCoordf64);

impl Axis {
    fn of(range: std::ops::Range<f64>) -> Self {
        Axis(range.into())
    }
}

impl Ranged for Axis {
    type FormatOption = plotters::coord::ranged1d::NoDefaultFormatting;
    type ValueType = f64;
    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.0.map(value, limit)
    }
    fn key_points<Hint: plotters::coord::ranged1d::KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        self.0.key_points(hint)
    }
    fn range(&self) -> std::ops::Range<f64> {
        self.0.range()
    }
}

impl plotters::coord::ranged1d::ValueFormatter<f64> for Axis {
    fn format(value: &f64) -> String {
        fixed(*value, 0)
    }
}

/// Size the backing store to CSS size × pixel ratio; returns the ratio.
fn fit(canvas: &HtmlCanvasElement, css_width: f64) -> f64 {
    let width = css_width.max(240.0);
    let height = (width * 0.62).clamp(180.0, 320.0);
    fit_canvas(canvas, width, height)
}

fn area(
    canvas: &HtmlCanvasElement,
    css_width: f64,
) -> Option<(DrawingArea<CanvasBackend, Shift>, f64, Theme)> {
    let ratio = fit(canvas, css_width);
    let root = CanvasBackend::with_canvas_object(canvas.clone())?.into_drawing_area();
    let theme = theme();
    root.fill(&theme.background).ok()?;
    Some((root, ratio, theme))
}

/// Grouped bars: each server's keys before (pale) and after (solid); the
/// bars after only once `after` (they answer the moved and busiest questions).
pub fn draw_loads(canvas: &HtmlCanvasElement, css_width: f64, snapshot: &Snapshot, after: bool) {
    let Some((root, ratio, theme)) = area(canvas, css_width) else {
        return;
    };
    // Says how the names were written, and which bars are drawn, for a
    // reader of the page's markup.
    if let Ok(turned) = draw_loads_on(&root, ratio, &theme, snapshot, after) {
        crate::dom::set(
            canvas,
            "data-labels",
            if turned { "turned" } else { "level" },
        );
        crate::dom::set(
            canvas,
            "data-bars",
            if after { "before after" } else { "before" },
        );
    }
}

/// With skewed requests (or the reader's own), each server's request share
/// in keys' terms (share × K), drawn as a triangle over its bar; None when
/// requests are even.
fn request_heights(s: &Snapshot) -> Option<Vec<f64>> {
    (!s.requests().is_even()).then(|| {
        let keys = s.key_count() as f64;
        s.request_shares()
            .iter()
            .map(|share| share * keys)
            .collect()
    })
}

/// Each server's fair share after the change, K × weight ÷ total weight;
/// with weights, none for a server that is not in the pool after.
fn fair_shares(s: &Snapshot, servers: &[ServerId]) -> Vec<Option<f64>> {
    let total: f64 = s
        .after
        .iter()
        .map(|&id| f64::from(s.weights[usize::from(id)]))
        .sum();
    servers
        .iter()
        .map(|&server| {
            let share = s.key_count() as f64 * f64::from(s.weights[usize::from(server)]) / total;
            (s.after.contains(&server) || !s.weighted()).then_some(share)
        })
        .collect()
}

fn draw_loads_on(
    root: &DrawingArea<CanvasBackend, Shift>,
    ratio: f64,
    theme: &Theme,
    s: &Snapshot,
    after_shown: bool,
) -> Result<bool, Box<dyn std::error::Error>> {
    let px = |css: f64| (css * ratio) as i32;
    let servers = s.all_servers();
    let n = servers.len() as f64;
    let requests = request_heights(s);
    let highest = s
        .loads_before
        .iter()
        .chain(&s.loads_after)
        .map(|&load| f64::from(load))
        .chain(requests.iter().flatten().copied())
        .fold(1.0, f64::max);
    let top = highest * 1.12;
    let font = ("sans-serif", 12.0 * ratio).into_font().color(&theme.ink);
    let label = |server: ServerId| bar_label(s, server);
    let slot_width = (root.dim_in_pixel().0 as f64 - f64::from(px(58.0))) / n;
    let (turned, label_area) = label_room(s, &servers, slot_width, ratio);
    let mut chart = ChartBuilder::on(root)
        .margin_top(px(10.0))
        .margin_right(px(10.0))
        .margin_left(px(4.0))
        .x_label_area_size(px(label_area))
        .y_label_area_size(px(44.0))
        .build_cartesian_2d(Axis::of(-0.5..n - 0.5), Axis::of(0.0..top))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_labels(5)
        .y_label_formatter(&|y| fixed(*y, 0))
        .label_style(font.clone())
        .axis_style(theme.ink)
        .bold_line_style(theme.grid)
        .light_line_style(theme.background)
        .draw()?;
    let width = if servers.len() > 12 { 0.42 } else { 0.36 };
    let palette = Palette::of(&s.names, s.is_join());
    for (slot, &server) in servers.iter().enumerate() {
        let (r, g, b) = palette.rgb(s.name(server));
        let colour = RGBColor(r, g, b);
        let x = slot as f64;
        let before = f64::from(s.loads_before[usize::from(server)]);
        let after = f64::from(s.loads_after[usize::from(server)]);
        chart.draw_series([Rectangle::new(
            [(x - width, 0.0), (x - 0.02, before)],
            colour.mix(0.4).filled(),
        )])?;
        if after_shown {
            chart.draw_series([Rectangle::new(
                [(x + 0.02, 0.0), (x + width, after)],
                colour.filled(),
            )])?;
        }
        if let Some(requests) = &requests {
            if s.after.contains(&server) {
                let at = (x + width / 2.0, requests[usize::from(server)]);
                chart.draw_series([TriangleMarker::new(
                    at,
                    px(6.0),
                    theme.accent.stroke_width(px(2.0) as u32),
                )])?;
            }
        }
        let (at_x, at_y) = chart.backend_coord(&(x, 0.0));
        let style = if turned {
            font.clone()
                .transform(FontTransform::Rotate270)
                .pos(Pos::new(HPos::Right, VPos::Center))
        } else {
            font.pos(Pos::new(HPos::Center, VPos::Top))
        };
        root.draw(&Text::new(label(server), (at_x, at_y + px(6.0)), style))?;
    }
    // The fair share after the change: one dashed line at equal weights,
    // else dashes over each server at its own.
    let fair = fair_shares(s, &servers);
    let style = theme.accent.stroke_width(px(1.5) as u32);
    chart.draw_series(fair_dashes(&fair, style))?;
    root.present()?;
    Ok(turned)
}

/// A bar's name, cut to ten characters.
fn bar_label(s: &Snapshot, server: ServerId) -> String {
    s.name(server).chars().take(10).collect()
}

/// Whether the bars' names are turned on their side, and the room under
/// the chart they take. Every bar keeps its name (past eight servers
/// colours repeat): turned when the names would run into each other.
fn label_room(s: &Snapshot, servers: &[ServerId], slot_width: f64, ratio: f64) -> (bool, f64) {
    let longest = servers
        .iter()
        .map(|&id| bar_label(s, id).chars().count())
        .max()
        .unwrap_or(0) as f64;
    let turned = longest * 7.5 * ratio > slot_width * 0.9;
    (turned, if turned { 12.0 + 7.5 * longest } else { 40.0 })
}

/// Dashes at each slot's fair share (none where a server has none), eight
/// a slot.
fn fair_dashes(
    fair: &[Option<f64>],
    style: ShapeStyle,
) -> impl Iterator<Item = PathElement<(f64, f64)>> + '_ {
    (0..fair.len() * 8).filter_map(move |i| {
        let start = -0.5 + i as f64 / 8.0;
        let level = fair[((start + 0.5) as usize).min(fair.len() - 1)]?;
        Some(PathElement::new(
            vec![(start, level), (start + 1.0 / 16.0, level)],
            style,
        ))
    })
}

/// Busiest server's excess over an even share against points per server, on
/// log scales, with a fitted c/√points line.
pub fn draw_evenness(
    canvas: &HtmlCanvasElement,
    css_width: f64,
    measured: &[Evenness],
    current: u16,
) {
    let Some((root, ratio, theme)) = area(canvas, css_width) else {
        return;
    };
    let _ = draw_evenness_on(&root, ratio, &theme, measured, current);
}

/// Floor for the log axis: a perfectly even pool would sit at zero.
const EXCESS_FLOOR: f64 = 0.002;

fn draw_evenness_on(
    root: &DrawingArea<CanvasBackend, Shift>,
    ratio: f64,
    theme: &Theme,
    measured: &[Evenness],
    current: u16,
) -> Result<(), Box<dyn std::error::Error>> {
    let px = |css: f64| (css * ratio) as i32;
    let points: Vec<(f64, f64)> = measured
        .iter()
        .map(|m| (f64::from(m.points), m.busiest_excess.max(EXCESS_FLOOR)))
        .collect();
    // Least squares in log space with the slope fixed at −1/2.
    let log_c = points
        .iter()
        .map(|&(p, y)| y.ln() + 0.5 * p.ln())
        .sum::<f64>()
        / points.len().max(1) as f64;
    let trend = |p: f64| log_c.exp() / p.sqrt();
    let highest = points.iter().map(|&(_, y)| y).fold(trend(1.0), f64::max) * 1.6;
    let lowest = points.iter().map(|&(_, y)| y).fold(trend(500.0), f64::min) / 1.6;
    let font = ("sans-serif", 12.0 * ratio).into_font().color(&theme.ink);
    let mut chart = ChartBuilder::on(root)
        .margin_top(px(10.0))
        .margin_right(px(14.0))
        .x_label_area_size(px(40.0))
        .y_label_area_size(px(52.0))
        .build_cartesian_2d(
            (0.8f64..650.0).log_scale(),
            (lowest.max(EXCESS_FLOOR / 2.0)..highest).log_scale(),
        )?;
    chart
        .configure_mesh()
        .x_desc("points per server")
        .y_desc("busiest above even")
        .x_label_formatter(&|x| fixed(*x, 0))
        .y_label_formatter(&|y| format!("{}%", fixed(y * 100.0, 0)))
        .label_style(font.clone())
        .axis_desc_style(font.clone())
        .axis_style(theme.ink)
        .bold_line_style(theme.grid)
        .light_line_style(theme.background)
        .draw()?;
    let line: Vec<(f64, f64)> = (0..=60)
        .map(|i| 1.0f64 * 500f64.powf(f64::from(i) / 60.0))
        .map(|p| (p, trend(p)))
        .collect();
    chart.draw_series(LineSeries::new(
        line,
        theme.grid.stroke_width(px(2.0) as u32),
    ))?;
    let dot = RGBColor(0x56, 0xB4, 0xE9);
    chart.draw_series(
        points
            .iter()
            .map(|&(p, y)| Circle::new((p, y), px(4.0), dot.filled())),
    )?;
    if let Some(&(p, y)) = measured
        .iter()
        .find(|m| m.points == current)
        .map(|m| (f64::from(m.points), m.busiest_excess.max(EXCESS_FLOOR)))
        .as_ref()
    {
        chart.draw_series([Circle::new(
            (p, y),
            px(8.0),
            theme.accent.stroke_width(px(2.0) as u32),
        )])?;
    }
    root.present()?;
    Ok(())
}

/// One scheme's bars: its id, the share of keys it moved and its busiest
/// server over an even share.
pub struct SchemeBars {
    pub id: model::placements::PlacementId,
    pub moved_share: f64,
    pub busiest_over_even: f64,
}

/// Two bar charts, one above the other: moved share per scheme beside the
/// ideal share, and busiest ÷ even per scheme beside 1.
pub fn draw_schemes(
    canvas: &HtmlCanvasElement,
    css_width: f64,
    bars: &[SchemeBars],
    ideal_share: f64,
) {
    let width = css_width.max(240.0);
    let ratio = fit_canvas(canvas, width, 40.0 + 44.0 * bars.len() as f64);
    let Some(root) = CanvasBackend::with_canvas_object(canvas.clone()) else {
        return;
    };
    let root = root.into_drawing_area();
    let theme = theme();
    if root.fill(&theme.background).is_err() {
        return;
    }
    let (top, bottom) = root.split_vertically(root.dim_in_pixel().1 / 2);
    let moved: Vec<(&str, f64)> = bars
        .iter()
        .map(|b| (b.id.as_str(), b.moved_share))
        .collect();
    let busiest: Vec<(&str, f64)> = bars
        .iter()
        .map(|b| (b.id.as_str(), b.busiest_over_even))
        .collect();
    let blue = RGBColor(0x00, 0x72, 0xB2);
    let orange = RGBColor(0xE6, 0x9F, 0x00);
    let _ = draw_scheme_bars(
        &top,
        ratio,
        &theme,
        &moved,
        ideal_share,
        blue,
        "keys moved (share of all)",
        &|x| format!("{}%", fixed(x * 100.0, 0)),
    );
    let _ = draw_scheme_bars(
        &bottom,
        ratio,
        &theme,
        &busiest,
        1.0,
        orange,
        "busiest server ÷ even share",
        &|x| fixed(*x, 1),
    );
    let _ = root.present();
}

/// Horizontal bars, first scheme on top, with a dashed reference line.
#[allow(clippy::too_many_arguments)]
fn draw_scheme_bars(
    area: &DrawingArea<CanvasBackend, Shift>,
    ratio: f64,
    theme: &Theme,
    values: &[(&str, f64)],
    reference: f64,
    colour: RGBColor,
    caption: &str,
    format_x: &dyn Fn(&f64) -> String,
) -> Result<(), Box<dyn std::error::Error>> {
    let px = |css: f64| (css * ratio) as i32;
    let count = values.len();
    let highest = values
        .iter()
        .map(|&(_, v)| v)
        .fold(reference, f64::max)
        .max(f64::MIN_POSITIVE)
        * 1.1;
    let font = ("sans-serif", 12.0 * ratio).into_font().color(&theme.ink);
    // Row i is drawn at y = count − 1 − i, so the list reads top down.
    let row_y = |i: usize| (count - 1 - i) as f64;
    // Not ChartBuilder::caption: plotters-canvas sizes a caption with an
    // inline-styled span, which the page's CSP refuses.
    area.draw(&Text::new(
        caption.to_string(),
        (px(92.0), px(4.0)),
        font.pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    let mut chart = ChartBuilder::on(area)
        .margin_top(px(22.0))
        .margin_right(px(16.0))
        .x_label_area_size(px(22.0))
        .y_label_area_size(px(84.0))
        .build_cartesian_2d(Axis::of(0.0..highest), Axis::of(-0.5..count as f64 - 0.5))?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_labels(5)
        .x_label_formatter(format_x)
        .label_style(font.clone())
        .axis_style(theme.ink)
        .bold_line_style(theme.grid)
        .light_line_style(theme.background)
        .draw()?;
    for (i, &(id, value)) in values.iter().enumerate() {
        let y = row_y(i);
        chart.draw_series([Rectangle::new(
            [(0.0, y - 0.32), (value, y + 0.32)],
            colour.filled(),
        )])?;
        // Backend pixels are the whole canvas's; the area draws relative to its corner.
        let (at_x, at_y) = chart.backend_coord(&(0.0, y));
        let (base_x, base_y) = area.get_base_pixel();
        area.draw(&Text::new(
            id.to_string(),
            (at_x - base_x - px(6.0), at_y - base_y),
            font.pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
    }
    let steps = count * 4;
    let dashes = (0..steps).map(|i| {
        let from = -0.5 + i as f64 / 4.0;
        PathElement::new(
            vec![(reference, from), (reference, from + 1.0 / 8.0)],
            theme.accent.stroke_width(px(1.5) as u32),
        )
    });
    chart.draw_series(dashes)?;
    Ok(())
}
