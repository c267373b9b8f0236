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
use crate::render::palette::{faded, hex, hex_rgb, Palette, DISTINCT};
use model::ring::Entry;
use model::steps::Stage;
use model::{Keys, ServerId, Snapshot};
use pixels::labels::{longest_runs, place, Label};
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
    /// The servers' numbers past eight servers.
    pub text: &'static str,
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

/// One key's lookup as positions on the ring.
pub struct Lookup {
    pub key: u32,
    pub compared: Vec<u32>,
    pub owner: u32,
}

/// What a drawing shows beyond the ring at its stage.
#[derive(Clone, Copy, Default)]
pub struct Marks<'a> {
    /// Down servers and the keys rerouted off them.
    pub failure: Option<&'a FailureOverlay<'a>>,
    /// The key whose replicas the failure panel lists, squared.
    pub inspected: Option<usize>,
    /// One key's lookup ("Any one key"): its position, the points the
    /// binary search looks at and the one it lands on, marked on the ring
    /// after the change.
    pub lookup: Option<&'a Lookup>,
    /// A server the reader picked out in the legend: its ticks and dots in
    /// its colour, every other server's faded, so they can be told apart
    /// where colours repeat.
    pub picked: Option<ServerId>,
    pub detail: Detail,
    /// The moved keys' rings left off: the drawing an animation of the
    /// change runs over, ringing each key as it lands (`draw::travel`), and
    /// a failure's, whose crosses are its own marks.
    pub unringed: bool,
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

/// One drawing's geometry and colours, shared by its layers.
struct Frame<'a> {
    context: CanvasRenderingContext2d,
    snapshot: &'a Snapshot,
    stage: &'a Stage,
    colours: &'a RingColours,
    /// The canvas's side in device pixels, and device pixels per CSS pixel.
    pixels: usize,
    scale: f64,
    /// In CSS pixels: the canvas's side, its centre, the circle's radius,
    /// a tick's length and a dot's radius.
    size: f64,
    centre: f64,
    radius: f64,
    tick: f64,
    dot_css: f64,
    placement: KeyPlacement,
    /// Each server's colour as drawn (faded when another is picked).
    server_rgb: Vec<(u8, u8, u8)>,
    server_rgba: Vec<u32>,
}

pub fn draw(
    canvas: &HtmlCanvasElement,
    css_width: f64,
    snapshot: &Snapshot,
    stage: &Stage,
    colours: &RingColours,
    marks: Marks,
) {
    draw_layers(canvas, css_width, snapshot, stage, colours, marks);
}

/// `draw`, then, past eight servers, where colours repeat, each server's
/// number beside its keys. The page's ring only: the first screen's module
/// and the thumbnail leave them out (the module's bytes come first on a
/// phone; a thumbnail's numbers could not be read).
pub fn draw_numbered(
    canvas: &HtmlCanvasElement,
    css_width: f64,
    snapshot: &Snapshot,
    stage: &Stage,
    colours: &RingColours,
    marks: Marks,
) {
    draw_numbered_then(canvas, css_width, snapshot, stage, colours, marks, |_| ());
}

/// `draw_numbered`, then `then` with the drawing's geometry: an animation
/// of the change reads its keys' places from it (`draw::travel`).
pub fn draw_numbered_then<T>(
    canvas: &HtmlCanvasElement,
    css_width: f64,
    snapshot: &Snapshot,
    stage: &Stage,
    colours: &RingColours,
    marks: Marks,
    then: impl FnOnce(&Geometry) -> T,
) -> Option<T> {
    let frame = draw_layers(canvas, css_width, snapshot, stage, colours, marks)?;
    let looked = marks
        .lookup
        .map(|lookup| frame.mark_lookup(lookup))
        .unwrap_or_default();
    let numbers = if snapshot.names.len() > DISTINCT {
        frame.number_servers()
    } else {
        String::new()
    };
    // Where each number and each looked-at point went, for the page's tests.
    crate::dom::set(canvas, "data-numbers", &numbers);
    crate::dom::set(canvas, "data-lookup", &looked);
    Some(then(&Geometry { frame: &frame }))
}

/// A drawing's geometry, for what is drawn over it afterwards.
pub struct Geometry<'f, 'a> {
    frame: &'f Frame<'a>,
}

impl Geometry<'_, '_> {
    /// The canvas's side and device pixels per CSS pixel.
    pub fn size_and_scale(&self) -> (f64, f64) {
        (self.frame.size, self.frame.scale)
    }

    /// The circle's centre and radius, and a key dot's radius, in CSS pixels.
    pub fn circle(&self) -> (f64, f64, f64) {
        (self.frame.centre, self.frame.radius, self.frame.dot_css)
    }

    /// Where key `index`, at `position`, is drawn.
    pub fn key_place(&self, index: usize, position: u32) -> (f64, f64) {
        self.frame.placement.place(index, position)
    }

    /// Server `server`'s colour as drawn, as CSS.
    pub fn colour(&self, server: ServerId) -> String {
        self.frame
            .server_rgb
            .get(usize::from(server))
            .map_or_else(|| self.frame.colours.circle.to_string(), |&rgb| hex(rgb))
    }
}

fn draw_layers<'a>(
    canvas: &HtmlCanvasElement,
    css_width: f64,
    snapshot: &'a Snapshot,
    stage: &'a Stage,
    colours: &'a RingColours,
    marks: Marks<'a>,
) -> Option<Frame<'a>> {
    let frame = Frame::new(canvas, css_width, snapshot, stage, colours, marks)?;
    // Layer 1: background, key dots and (when there are many) the ticks
    // and moved keys' rings, straight into pixels.
    frame.paint_pixels(marks);
    // Layers 2 to 6, as paths on top.
    frame.stroke_circle_and_few_ticks(marks);
    if !marks.unringed {
        frame.ring_moved_keys();
    }
    if let Some(failure) = marks.failure {
        frame.cross_rerouted_keys(failure);
    }
    frame.circle_hot_keys();
    if let Some(index) = marks.inspected {
        frame.square_inspected_key(index);
    }
    Some(frame)
}

impl<'a> Frame<'a> {
    fn new(
        canvas: &HtmlCanvasElement,
        css_width: f64,
        snapshot: &'a Snapshot,
        stage: &'a Stage,
        colours: &'a RingColours,
        marks: Marks<'a>,
    ) -> Option<Frame<'a>> {
        let context = canvas
            .get_context("2d")
            .ok()??
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()?;
        let size = fit_to_screen(canvas, css_width);
        let pixels = canvas.width() as usize;
        let radius = size * 0.40;
        let keys = snapshot.keys.hashes.len();
        let dot_css = if keys <= MANY_KEYS {
            2.6
        } else if keys <= 20_000 {
            1.5
        } else {
            0.9
        };
        let few_ticks = stage.ring.entries().len() <= FEW_TICKS;
        let palette = Palette::of(&snapshot.names, snapshot.is_join());
        let server_rgb: Vec<(u8, u8, u8)> = snapshot
            .names
            .iter()
            .enumerate()
            .map(|(server, name)| {
                let rgb = palette.rgb(name);
                if is_faded(marks.picked, server) {
                    faded(rgb, colours.background)
                } else {
                    rgb
                }
            })
            .collect();
        let server_rgba = server_rgb.iter().map(|&rgb| rgba(rgb)).collect();
        Some(Frame {
            context,
            snapshot,
            stage,
            colours,
            pixels,
            scale: pixels as f64 / size,
            size,
            centre: size / 2.0,
            radius,
            tick: if few_ticks { size * 0.05 } else { size * 0.025 },
            dot_css,
            placement: KeyPlacement {
                centre: size / 2.0,
                inner: radius - size * 0.03,
                band: size * 0.09,
                directions: (keys > 1 << DIRECTION_BITS).then(direction_table),
            },
            server_rgb,
            server_rgba,
        })
    }

    fn keys(&self) -> &'a [u32] {
        &self.snapshot.keys.hashes
    }

    /// Over this many keys, moved keys' rings are pixels, not paths.
    fn many_keys(&self) -> bool {
        self.keys().len() > MANY_KEYS
    }

    /// Up to this many ticks, each is a thick anti-aliased path.
    fn few_ticks(&self) -> bool {
        self.stage.ring.entries().len() <= FEW_TICKS
    }

    /// Key dots (and, at high densities, ticks and moved keys' rings) set
    /// as pixels and put on the canvas in one call.
    fn paint_pixels(&self, marks: Marks) {
        // Every `stride`th key is drawn.
        let stride = match marks.detail {
            Detail::EveryKey => 1,
            Detail::AtMost(shown) => self.keys().len().div_ceil(shown.max(1)).max(1),
        };
        PLACED.with(|cache| {
            let mut cache = cache.borrow_mut();
            // Keys changed: every size is stale.
            cache.retain(|p| Arc::ptr_eq(&p.keys, &self.snapshot.keys));
            let side = self.dot_side();
            let placed = per_size(
                &mut cache,
                |p| p.dots.fits(self.pixels, stride),
                || self.place_dots(side, stride),
            );
            placed.dots.paint(
                &self.stage.owners,
                &self.server_rgba,
                rgba(self.colours.background),
            );
            let dots = &placed.dots;
            PIXELS.with(|buffer| {
                let mut buffer = buffer.borrow_mut();
                buffer.clear();
                buffer.extend_from_slice(dots.pixels());
                if !self.few_ticks() {
                    self.set_tick_pixels(&mut buffer, marks);
                }
                if self.many_keys() && !marks.unringed {
                    self.stamp_moved_keys(&mut buffer, dots, side, stride);
                }
                // One copy into the browser. (Handing it a view of wasm
                // memory instead measured several times slower in Chromium.)
                let side = self.pixels as u32;
                if let Ok(image) = ImageData::new_with_u8_clamped_array_and_sh(
                    Clamped(bytemuck_cast(&buffer)),
                    side,
                    side,
                ) {
                    let _ = self.context.put_image_data(&image, 0.0, 0.0);
                }
            });
        });
    }

    /// A dot's side in device pixels.
    fn dot_side(&self) -> usize {
        ((self.dot_css * self.scale * 2.0).round() as usize).max(1)
    }

    /// Where each drawn key's dot goes: its top-left corner in device pixels.
    fn place_dots(&self, side: usize, stride: usize) -> Placed {
        let pixels = self.pixels;
        let corners = self
            .keys()
            .iter()
            .enumerate()
            .step_by(stride)
            .map(|(index, &position)| {
                let (x, y) = self.placement.place(index, position);
                let corner = |v: f64| {
                    ((v * self.scale) as usize)
                        .saturating_sub(side / 2)
                        .min(pixels - side) as u32
                };
                (corner(x), corner(y))
            })
            .collect();
        Placed {
            keys: self.snapshot.keys.clone(),
            dots: DotsLayer::new(pixels, side, stride, corners),
        }
    }

    /// Up to 100,000 thin ticks: two canvas calls each cost more than a
    /// frame's share at the largest settings, so they are set as pixels
    /// (docs/DECISIONS.md, the speed table). Past one tick per pixel of the
    /// circle the ticks overlap and only one per pixel can show, so only that
    /// one is drawn: a down server's if any, so a failure stays visible,
    /// then a picked one's.
    fn set_tick_pixels(&self, buffer: &mut [u32], marks: Marks) {
        let down_rgba = rgba(hex_rgb(DOWN_TICK));
        let picked = marks.picked;
        TICKS.with(|cache| {
            let mut cache = cache.borrow_mut();
            let geometry = TickGeometry {
                pixels: self.pixels,
                scale: self.scale,
                centre: self.centre,
                from: self.radius - self.tick * 0.3,
                to: self.radius + self.tick,
            };
            let ticks = per_size(
                &mut cache,
                |t| t.geometry == geometry,
                || TickPixels::new(geometry),
            );
            let column_of = |entry: &Entry| (u64::from(entry.position) * ticks.columns) >> 32;
            let entries = self.stage.ring.entries();
            for column in entries.chunk_by(|a, b| column_of(a) == column_of(b)) {
                let Some(shown) = column
                    .iter()
                    .rev()
                    .find(|entry| is_down(marks, entry.server))
                    .or_else(|| column.iter().rev().find(|e| Some(e.server) == picked))
                    .or(column.last())
                else {
                    continue;
                };
                let down = is_down(marks, shown.server);
                let colour = if down {
                    down_rgba
                } else {
                    self.server_rgba[usize::from(shown.server)]
                };
                ticks.set(buffer, column_of(shown), colour, down);
            }
        });
    }

    /// Thousands of moved keys (2,000 when one server of fifty joins
    /// 100,000 keys): a canvas arc each cost the ring more than everything
    /// else in it, so at these densities, where a ring is a few pixels
    /// across, each is stamped as pixels.
    fn stamp_moved_keys(&self, buffer: &mut [u32], dots: &DotsLayer, side: usize, stride: usize) {
        let stamp = ring_stamp((self.dot_css + 2.0) * self.scale, self.scale.max(1.0));
        let moved_rgba = rgba(hex_rgb(self.colours.moved));
        let half = side as i64 / 2;
        let pixels = self.pixels as i64;
        for index in moved_indices(&self.stage.moved, stride) {
            let Some((x, y)) = dots.corner(index) else {
                break;
            };
            let (cx, cy) = (i64::from(x) + half, i64::from(y) + half);
            for &(dx, dy) in &stamp {
                let (px, py) = (cx + dx, cy + dy);
                if (0..pixels).contains(&px) && (0..pixels).contains(&py) {
                    buffer[(py * pixels + px) as usize] = moved_rgba;
                }
            }
        }
    }

    /// The circle, and a handful of thick ticks as anti-aliased paths: a
    /// down server's grey and dashed, so not by colour alone.
    fn stroke_circle_and_few_ticks(&self, marks: Marks) {
        let context = &self.context;
        let (centre, radius, tick) = (self.centre, self.radius, self.tick);
        let _ = context.set_transform(self.scale, 0.0, 0.0, self.scale, 0.0, 0.0);
        context.set_stroke_style_str(self.colours.circle);
        context.set_line_width(1.0);
        context.begin_path();
        let _ = context.arc(centre, centre, radius, 0.0, TAU);
        context.stroke();
        if !self.few_ticks() {
            return;
        }
        context.set_line_width(3.0);
        let palette = Palette::of(&self.snapshot.names, self.snapshot.is_join());
        let dashes = js_sys::Array::of2(&2.0.into(), &2.0.into());
        let solid = js_sys::Array::new();
        for entry in self.stage.ring.entries() {
            let down = is_down(marks, entry.server);
            let server = usize::from(entry.server);
            if down {
                context.set_stroke_style_str(DOWN_TICK);
            } else if is_faded(marks.picked, server) {
                context.set_stroke_style_str(&hex(self.server_rgb[server]));
            } else {
                context.set_stroke_style_str(palette.colour(self.snapshot.name(entry.server)));
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

    /// White rings round the keys that moved at this step, as anti-aliased
    /// paths when there are few keys (set as pixels when there are many).
    fn ring_moved_keys(&self) {
        if self.many_keys() {
            return;
        }
        let context = &self.context;
        context.set_stroke_style_str(self.colours.moved);
        context.set_line_width(1.5);
        context.begin_path();
        let ring = self.dot_css + 2.0;
        for &key in &self.stage.moved {
            let index = key as usize;
            let Some(&position) = self.keys().get(index) else {
                continue;
            };
            let (x, y) = self.placement.place(index, position);
            context.move_to(x + ring, y);
            let _ = context.arc(x, y, ring, 0.0, TAU);
        }
        context.stroke();
    }

    /// A cross on each key rerouted off a down server: a different shape
    /// from the "moved" ring, so the two read apart without colour.
    fn cross_rerouted_keys(&self, failure: &FailureOverlay) {
        let context = &self.context;
        context.set_stroke_style_str(self.colours.moved);
        context.begin_path();
        let arm = self.dot_css + 2.5;
        for (index, &position) in self.keys().iter().enumerate() {
            if failure.rerouted.get(index).copied().unwrap_or(false) {
                let (x, y) = self.placement.place(index, position);
                context.move_to(x - arm, y - arm);
                context.line_to(x + arm, y + arm);
                context.move_to(x - arm, y + arm);
                context.line_to(x + arm, y - arm);
            }
        }
        context.stroke();
    }

    /// With skewed requests (or the reader's own), the hottest keys drawn
    /// as circles sized by their requests (area ∝ requests), so heat shows
    /// without colour.
    fn circle_hot_keys(&self) {
        let requests = self.snapshot.requests();
        if requests.is_even() {
            return;
        }
        let context = &self.context;
        let keys = self.keys();
        context.set_stroke_style_str(self.colours.moved);
        context.set_line_width(1.5);
        for (index, relative) in requests.hottest(keys.len(), HOT_KEYS_DRAWN) {
            let radius = self.size * 0.035 * relative.sqrt();
            if radius < self.dot_css + 1.0 {
                break;
            }
            let (x, y) = self.placement.place(index, keys[index]);
            context.begin_path();
            let _ = context.arc(x, y, radius, 0.0, TAU);
            context.stroke();
        }
    }

    /// Each server on the ring at this stage, numbered as in the legend (its
    /// place in the list), in the middle of its longest run of keys; where
    /// numbers would cover each other they step out, then inside the keys.
    /// Returns where each went: "number x y width height", CSS pixels.
    fn number_servers(&self) -> String {
        let context = &self.context;
        context.set_font(NUMBER_FONT);
        context.set_text_align("center");
        context.set_text_baseline("middle");
        context.set_fill_style_str(self.colours.text);
        // In the servers' order: `place` keeps any order from covering,
        // and a sort by angle would bring a sort's code.
        let numbers: Vec<(String, Label)> =
            longest_runs(self.stage.ring.entries(), self.snapshot.names.len())
                .into_iter()
                .enumerate()
                .filter_map(|(server, at)| {
                    let text = (server + 1).to_string();
                    let width = context.measure_text(&text).ok()?.width() + 2.0;
                    let label = Label {
                        angle: angle(at?),
                        width,
                        height: NUMBER_HEIGHT,
                    };
                    Some((text, label))
                })
                .collect();
        let labels: Vec<Label> = numbers.iter().map(|n| n.1).collect();
        let step = NUMBER_HEIGHT + 6.0;
        let outside = self.radius + self.tick + step / 2.0;
        let inside = self.placement.inner - self.placement.band - step / 2.0;
        let radii = [outside, outside + step, inside, inside - step];
        let spots = place(&labels, self.centre, &radii, 1.0);
        let mut placed = String::new();
        for ((text, label), (x, y)) in numbers.iter().zip(spots) {
            let _ = context.fill_text(text, x, y);
            // Whole pixels: a float printer would cost kilobytes.
            let whole = |v: f64| v.round() as i32;
            placed.push_str(&format!(
                "{text} {} {} {} {};",
                whole(x),
                whole(y),
                whole(label.width),
                whole(label.height)
            ));
        }
        placed
    }

    /// One key's lookup: a line out from the key's position, a small ring
    /// at each point the search looked at and a larger one at the point it
    /// landed on, just outside the circle. Returns where each ring went,
    /// "x y;" in CSS pixels, the landing one last.
    fn mark_lookup(&self, lookup: &Lookup) -> String {
        let context = &self.context;
        let at = |position: u32, r: f64| {
            let (sin, cos) = angle(position).sin_cos();
            (self.centre + cos * r, self.centre + sin * r)
        };
        context.set_stroke_style_str(self.colours.text);
        context.set_line_width(1.5);
        context.begin_path();
        let (x, y) = at(lookup.key, self.placement.inner - self.placement.band);
        context.move_to(x, y);
        let (x, y) = at(lookup.key, self.radius + self.tick);
        context.line_to(x, y);
        context.stroke();
        let out = self.radius + self.tick + 5.0;
        let mut placed = String::new();
        let marks = lookup.compared.iter().map(|&p| (p, 3.0));
        for (position, size) in marks.chain([(lookup.owner, 6.0)]) {
            let (x, y) = at(position, out);
            context.begin_path();
            let _ = context.arc(x, y, size, 0.0, TAU);
            context.stroke();
            placed.push_str(&format!("{} {};", x.round() as i32, y.round() as i32));
        }
        placed
    }

    /// The key whose replicas are listed, in a square: a shape no other
    /// mark uses.
    fn square_inspected_key(&self, index: usize) {
        let keys = self.keys();
        if index >= keys.len() {
            return;
        }
        let (x, y) = self.placement.place(index, keys[index]);
        let half = self.dot_css + 5.0;
        let context = &self.context;
        context.set_stroke_style_str(self.colours.moved);
        context.set_line_width(2.0);
        context.stroke_rect(x - half, y - half, 2.0 * half, 2.0 * half);
    }
}

fn is_down(marks: Marks, server: ServerId) -> bool {
    marks.failure.is_some_and(|f| f.down.contains(&server))
}

fn is_faded(picked: Option<ServerId>, server: usize) -> bool {
    picked.is_some_and(|p| usize::from(p) != server)
}

fn rgba((r, g, b): (u8, u8, u8)) -> u32 {
    u32::from_le_bytes([r, g, b, 255])
}

/// Over this many keys, dots shrink and moved keys' rings become pixels.
const MANY_KEYS: usize = 2_000;
/// Up to this many ring points, ticks are thick paths; past it, pixels.
const FEW_TICKS: usize = 64;

/// The ring position under a point of the canvas, in CSS pixels from its
/// top-left corner: the angle from the centre, clockwise from twelve o'clock.
pub fn position_at(css_width: f64, x: f64, y: f64) -> u32 {
    let centre = css_width.max(200.0) / 2.0;
    let turn = ((x - centre).atan2(-(y - centre)) / TAU).rem_euclid(1.0);
    (turn * 4_294_967_296.0) as u64 as u32
}

/// The servers' numbers: small, but bold enough to read over the dots.
const NUMBER_FONT: &str = "bold 11px system-ui, sans-serif";
const NUMBER_HEIGHT: f64 = 11.0;

/// How many of the hottest keys get a circle sized by their requests.
const HOT_KEYS_DRAWN: usize = 40;
