//! Drawing the ring on a 2D canvas: server points as ticks across the
//! circle, keys as dots inside it coloured by owner, moved keys ringed in
//! white. Pure drawing: it is handed everything it shows.
//!
//! Up to 100,000 dots are written straight into a pixel buffer and put on the
//! canvas in one call; a canvas path per dot would take far longer than a
//! frame. Ticks and white rings, far fewer, are drawn as paths on top.

use std::cell::RefCell;
use std::f64::consts::TAU;
use std::sync::Arc;

use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

use super::theme::fit_canvas;
use crate::render::palette::{faded, hex, hex_rgb, Palette};
use model::ring::Entry;
use model::steps::Stage;
use model::{Keys, ServerId, Snapshot};
use pixels::{
    angle, direction_from, direction_table, moved_indices, ring_stamp, DotsLayer, TickGeometry,
    TickPixels, DIRECTION_BITS,
};

/// RGBA pixels as the bytes they are in memory (little-endian, as wasm is).
fn bytemuck_cast(pixels: &[u32]) -> &[u8] {
    // SAFETY: u8 has no alignment or validity requirements, and the byte
    // length is exactly four times the pixel count.
    unsafe { std::slice::from_raw_parts(pixels.as_ptr().cast::<u8>(), pixels.len() * 4) }
}

/// Size the canvas backing store to its CSS box (`css_width`, square) times
/// the pixel ratio, so lines stay crisp on high-DPI screens. Returns the CSS size.
fn fit_to_screen(canvas: &HtmlCanvasElement, css_width: f64) -> f64 {
    let css = css_width.max(200.0);
    fit_canvas(canvas, css, css);
    css
}

pub struct RingColours {
    pub background: (u8, u8, u8),
    pub circle: &'static str,
    pub moved: &'static str,
}

/// The dots layer of one canvas size for one set of keys: a points step
/// recolours dots, it does not move them, so the trigonometry for 100,000
/// keys is done once per key setting.
struct Placed {
    /// Held, not just compared: while it is held its memory cannot be reused
    /// by other keys, so identity means "the same keys".
    keys: Arc<Keys>,
    dots: DotsLayer,
}

/// The entry of a per-canvas cache that `fits`, built if none does. Two
/// canvas sizes at most are drawn (the ring panel's and the phone's small
/// ring); a third, after a resize, replaces the oldest.
fn per_size<T>(cache: &mut Vec<T>, fits: impl Fn(&T) -> bool, build: impl FnOnce() -> T) -> &mut T {
    let index = match cache.iter().position(&fits) {
        Some(index) => index,
        None => {
            if cache.len() >= 2 {
                cache.remove(0);
            }
            cache.push(build());
            cache.len() - 1
        }
    };
    &mut cache[index]
}

thread_local! {
    /// The pixel buffer, kept between frames so a drag does not allocate.
    static PIXELS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// One per canvas size: the ring panel's and the phone's small ring.
    static PLACED: RefCell<Vec<Placed>> = const { RefCell::new(Vec::new()) };
    /// Tick pixels, one per canvas size, as for `PLACED`.
    static TICKS: RefCell<Vec<TickPixels>> = const { RefCell::new(Vec::new()) };
}

/// Where key `index` is drawn, in CSS pixels. The radial offset only keeps
/// dots from stacking; the angle alone is the key's position.
struct KeyPlacement {
    centre: f64,
    inner: f64,
    band: f64,
    /// Directions looked up rather than computed, when there are many keys.
    directions: Option<&'static [(f32, f32)]>,
}

impl KeyPlacement {
    fn place(&self, index: usize, position: u32) -> (f64, f64) {
        let depth = (index.wrapping_mul(2_654_435_761) % 1000) as f64 / 1000.0;
        let r = self.inner - depth * self.band;
        let (sin, cos) = match self.directions {
            Some(table) => direction_from(table, position),
            None => angle(position).sin_cos(),
        };
        (self.centre + cos * r, self.centre + sin * r)
    }
}

/// Servers that are down and the keys that had to move off them, drawn over
/// the ring after the change.
pub struct FailureOverlay<'a> {
    pub down: Vec<ServerId>,
    pub rerouted: &'a [bool],
}

/// What a drawing shows beyond the ring at its stage.
#[derive(Clone, Copy, Default)]
pub struct Marks<'a> {
    /// Down servers and the keys rerouted off them.
    pub failure: Option<&'a FailureOverlay<'a>>,
    /// The key whose replicas the failure panel lists, squared.
    pub inspected: Option<usize>,
    /// A server the reader picked out in the legend: its ticks and dots in
    /// its colour, every other server's faded, so they can be told apart
    /// where colours repeat.
    pub picked: Option<ServerId>,
    pub detail: Detail,
}

/// How many keys a drawing shows.
#[derive(Clone, Copy, Default)]
pub enum Detail {
    #[default]
    EveryKey,
    /// An even sample of about this many at most: a thumbnail's dots merge
    /// into a band long before 100,000, and each costs the drag time.
    AtMost(usize),
}

/// Down servers' ticks: grey and dashed, so not by colour alone.
const DOWN_TICK: &str = "#8a8f99";

pub fn draw(
    canvas: &HtmlCanvasElement,
    css_width: f64,
    snapshot: &Snapshot,
    stage: &Stage,
    colours: &RingColours,
    marks: Marks,
) {
    let Marks {
        failure,
        inspected,
        picked,
        detail,
    } = marks;
    let Ok(Some(context)) = canvas.get_context("2d") else {
        return;
    };
    let Ok(context) = context.dyn_into::<CanvasRenderingContext2d>() else {
        return;
    };
    let size = fit_to_screen(canvas, css_width);
    let pixels = canvas.width() as usize;
    let scale = pixels as f64 / size;
    let centre = size / 2.0;
    let radius = size * 0.40;
    let keys = &snapshot.keys.hashes;
    let placement = KeyPlacement {
        centre,
        inner: radius - size * 0.03,
        band: size * 0.09,
        directions: (keys.len() > 1 << DIRECTION_BITS).then(direction_table),
    };
    let many_keys = keys.len() > 2_000;
    let stride = match detail {
        Detail::EveryKey => 1,
        Detail::AtMost(shown) => keys.len().div_ceil(shown.max(1)).max(1),
    };
    let dot_css = if !many_keys {
        2.6
    } else if keys.len() <= 20_000 {
        1.5
    } else {
        0.9
    };

    let entries = stage.ring.entries();
    let few = entries.len() <= 64;
    let tick = if few { size * 0.05 } else { size * 0.025 };
    let is_down = |server: ServerId| failure.is_some_and(|f| f.down.contains(&server));

    // Layer 1: background, key dots and (when there are many) the ticks,
    // straight into pixels.
    let palette = Palette::of(&snapshot.names);
    let is_faded = |server: usize| picked.is_some_and(|p| usize::from(p) != server);
    let server_rgb: Vec<(u8, u8, u8)> = snapshot
        .names
        .iter()
        .enumerate()
        .map(|(server, name)| {
            let rgb = palette.rgb(name);
            if is_faded(server) {
                faded(rgb, colours.background)
            } else {
                rgb
            }
        })
        .collect();
    let server_rgba: Vec<u32> = server_rgb
        .iter()
        .map(|&(r, g, b)| u32::from_le_bytes([r, g, b, 255]))
        .collect();
    let side = ((dot_css * scale * 2.0).round() as usize).max(1);
    PLACED.with(|cache| {
        let mut cache = cache.borrow_mut();
        // Keys changed: every size is stale.
        cache.retain(|p| Arc::ptr_eq(&p.keys, &snapshot.keys));
        let placed = per_size(
            &mut cache,
            |p| p.dots.fits(pixels, stride),
            || {
                let corners = keys
                    .iter()
                    .enumerate()
                    .step_by(stride)
                    .map(|(index, &position)| {
                        let (x, y) = placement.place(index, position);
                        let corner = |v: f64| {
                            ((v * scale) as usize)
                                .saturating_sub(side / 2)
                                .min(pixels - side) as u32
                        };
                        (corner(x), corner(y))
                    })
                    .collect();
                Placed {
                    keys: snapshot.keys.clone(),
                    dots: DotsLayer::new(pixels, side, stride, corners),
                }
            },
        );
        let (br, bg, bb) = colours.background;
        let background = u32::from_le_bytes([br, bg, bb, 255]);
        placed.dots.paint(&stage.owners, &server_rgba, background);
        let placed = &*placed;
        PIXELS.with(|buffer| {
            let mut buffer = buffer.borrow_mut();
            buffer.clear();
            buffer.extend_from_slice(placed.dots.pixels());
            if !few {
                // Up to 100,000 thin ticks: two canvas calls each cost more
                // than a frame's share at the largest settings, so they are
                // set as pixels here (docs/DECISIONS.md, the speed table).
                let (r, g, b) = hex_rgb(DOWN_TICK);
                let down_rgba = u32::from_le_bytes([r, g, b, 255]);
                // Past one tick per pixel of the circle the ticks overlap and
                // only one per pixel can show, so only that one is drawn (a
                // down server's, if any, so a failure stays visible).
                TICKS.with(|cache| {
                    let mut cache = cache.borrow_mut();
                    let geometry = TickGeometry {
                        pixels,
                        scale,
                        centre,
                        from: radius - tick * 0.3,
                        to: radius + tick,
                    };
                    let ticks = per_size(
                        &mut cache,
                        |t| t.geometry == geometry,
                        || TickPixels::new(geometry),
                    );
                    let column_of =
                        |entry: &Entry| (u64::from(entry.position) * ticks.columns) >> 32;
                    // A down server's tick shows first, then a picked one's.
                    for column in entries.chunk_by(|a, b| column_of(a) == column_of(b)) {
                        let Some(shown) = column
                            .iter()
                            .rev()
                            .find(|entry| is_down(entry.server))
                            .or_else(|| column.iter().rev().find(|e| Some(e.server) == picked))
                            .or(column.last())
                        else {
                            continue;
                        };
                        let down = is_down(shown.server);
                        let colour = if down {
                            down_rgba
                        } else {
                            server_rgba[usize::from(shown.server)]
                        };
                        ticks.set(&mut buffer, column_of(shown), colour, down);
                    }
                });
            }
            if many_keys {
                // Thousands of moved keys (2,000 when one server of fifty
                // joins 100,000 keys): a canvas arc each cost the ring more
                // than everything else in it, so at these densities, where a
                // ring is a few pixels across, each is stamped as pixels.
                let (r, g, b) = hex_rgb(colours.moved);
                let stamp = ring_stamp((dot_css + 2.0) * scale, scale.max(1.0));
                let moved_rgba = u32::from_le_bytes([r, g, b, 255]);
                let half = side as i64 / 2;
                for index in moved_indices(&stage.moved, stride) {
                    let Some((x, y)) = placed.dots.corner(index) else {
                        break;
                    };
                    let (cx, cy) = (i64::from(x) + half, i64::from(y) + half);
                    for &(dx, dy) in &stamp {
                        let (px, py) = (cx + dx, cy + dy);
                        if (0..pixels as i64).contains(&px) && (0..pixels as i64).contains(&py) {
                            buffer[py as usize * pixels + px as usize] = moved_rgba;
                        }
                    }
                }
            }
            // One copy into the browser. (Handing it a view of wasm memory
            // instead measured several times slower in Chromium.)
            let bytes: &[u8] = bytemuck_cast(&buffer);
            if let Ok(image) = ImageData::new_with_u8_clamped_array_and_sh(
                Clamped(bytes),
                pixels as u32,
                pixels as u32,
            ) {
                let _ = context.put_image_data(&image, 0.0, 0.0);
            }
        });
    });

    // Layer 2: the circle and the server ticks.
    let _ = context.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
    context.set_stroke_style_str(colours.circle);
    context.set_line_width(1.0);
    context.begin_path();
    let _ = context.arc(centre, centre, radius, 0.0, TAU);
    context.stroke();
    if few {
        // A handful of thick ticks: canvas paths, anti-aliased.
        context.set_line_width(3.0);
        let dashes = js_sys::Array::of2(&2.0.into(), &2.0.into());
        let solid = js_sys::Array::new();
        for entry in entries {
            let down = is_down(entry.server);
            let server = usize::from(entry.server);
            if down {
                context.set_stroke_style_str(DOWN_TICK);
            } else if is_faded(server) {
                context.set_stroke_style_str(&hex(server_rgb[server]));
            } else {
                context.set_stroke_style_str(palette.colour(snapshot.name(entry.server)));
            }
            let _ = context.set_line_dash(if down { &dashes } else { &solid });
            let (sin, cos) = angle(entry.position).sin_cos();
            context.begin_path();
            context.move_to(
                centre + cos * (radius - tick * 0.3),
                centre + sin * (radius - tick * 0.3),
            );
            context.line_to(
                centre + cos * (radius + tick),
                centre + sin * (radius + tick),
            );
            context.stroke();
        }
        let _ = context.set_line_dash(&solid);
    }

    // Layer 3: white rings round the keys that moved at this step, as
    // anti-aliased paths when there are few keys (set as pixels above when
    // there are many).
    if !many_keys {
        context.set_stroke_style_str(colours.moved);
        context.set_line_width(1.5);
        context.begin_path();
        let ring = dot_css + 2.0;
        for &key in &stage.moved {
            let index = key as usize;
            let Some(&position) = keys.get(index) else {
                continue;
            };
            let (x, y) = placement.place(index, position);
            context.move_to(x + ring, y);
            let _ = context.arc(x, y, ring, 0.0, TAU);
        }
        context.stroke();
    }

    // Layer 4: a cross on each key rerouted off a down server: a different
    // shape from the "moved" ring, so the two read apart without colour.
    if let Some(failure) = failure {
        context.set_stroke_style_str(colours.moved);
        context.begin_path();
        let arm = dot_css + 2.5;
        for (index, &position) in keys.iter().enumerate() {
            if failure.rerouted.get(index).copied().unwrap_or(false) {
                let (x, y) = placement.place(index, position);
                context.move_to(x - arm, y - arm);
                context.line_to(x + arm, y + arm);
                context.move_to(x - arm, y + arm);
                context.line_to(x + arm, y - arm);
            }
        }
        context.stroke();
    }

    // Layer 5: with skewed requests (or the reader's own), the hottest keys
    // drawn as circles sized by their requests (area ∝ requests), so heat
    // shows without colour.
    let requests = snapshot.requests();
    if !requests.is_even() {
        context.set_stroke_style_str(colours.moved);
        context.set_line_width(1.5);
        for (index, relative) in requests.hottest(keys.len(), HOT_KEYS_DRAWN) {
            let radius = size * 0.035 * relative.sqrt();
            if radius < dot_css + 1.0 {
                break;
            }
            let (x, y) = placement.place(index, keys[index]);
            context.begin_path();
            let _ = context.arc(x, y, radius, 0.0, TAU);
            context.stroke();
        }
    }

    // Layer 6: the key whose replicas are listed, in a square: a shape no
    // other mark uses.
    if let Some(index) = inspected.filter(|&index| index < keys.len()) {
        let (x, y) = placement.place(index, keys[index]);
        let half = dot_css + 5.0;
        context.set_stroke_style_str(colours.moved);
        context.set_line_width(2.0);
        context.stroke_rect(x - half, y - half, 2.0 * half, 2.0 * half);
    }
}

/// The ring position under a point of the canvas, in CSS pixels from its
/// top-left corner: the angle from the centre, clockwise from twelve o'clock.
pub fn position_at(css_width: f64, x: f64, y: f64) -> u32 {
    let centre = css_width.max(200.0) / 2.0;
    let turn = ((x - centre).atan2(-(y - centre)) / TAU).rem_euclid(1.0);
    (turn * 4_294_967_296.0) as u64 as u32
}

/// How many of the hottest keys get a circle sized by their requests.
const HOT_KEYS_DRAWN: usize = 40;
