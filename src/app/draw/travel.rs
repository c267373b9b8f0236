//! The change, animated, on the ring canvas: over the drawing of the change
//! without its moved keys' rings (copied once), each frame covers the moved
//! keys not yet landed in their old owner's colour, draws each one on its
//! way from its old owner's point to its new owner's (`pixels::travel`),
//! rings those that have landed, and counts them in the middle. The last
//! frame is the ordinary drawing, drawn by the ring panel itself.

use std::f64::consts::{FRAC_PI_2, TAU};

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::ring_canvas::{Geometry, RingColours};
use model::format::thousands;
use model::steps::Stage;
use model::{Ring, Snapshot};
use pixels::travel::{trips, Along, Trip};

/// At most this many keys are drawn travelling: past it, an even sample,
/// so a frame at the largest settings stays well inside its budget.
const TRAVELLERS: usize = 1_500;

/// One moved key: its trip, its place, and its colours before and after.
struct Moving {
    trip: Trip,
    place: (f64, f64),
    old: usize,
    new: usize,
}

/// Everything an animation of one change draws, fixed when it starts.
pub struct Scene {
    base: HtmlCanvasElement,
    size: f64,
    scale: f64,
    centre: f64,
    radius: f64,
    dot: f64,
    /// Sorted by old colour, so each colour is one fill.
    moving: Vec<Moving>,
    colours: Vec<String>,
    moved_colour: &'static str,
    text_colour: &'static str,
}

/// The position of the point owning `position` on `ring`.
fn owning_point(ring: &Ring, position: u32) -> u32 {
    ring.owner_index(position)
        .map_or(position, |i| ring.entries()[i].position)
}

impl Scene {
    /// The scene of the change from `previous` to `stage`, whose drawing
    /// without the moved keys' rings is on `canvas` now (its geometry
    /// `geometry`). None if nothing moved or the canvas cannot be copied.
    pub fn new(
        canvas: &HtmlCanvasElement,
        geometry: &Geometry,
        snapshot: &Snapshot,
        stage: &Stage,
        previous: &Stage,
        colours: &RingColours,
    ) -> Option<Scene> {
        if stage.moved.is_empty() {
            return None;
        }
        let keys = &snapshot.keys.hashes;
        let names = snapshot.names.len();
        let mut moved: Vec<(usize, u32, u32, u32)> = stage
            .moved
            .iter()
            .filter_map(|&k| {
                let index = k as usize;
                let position = *keys.get(index)?;
                Some((
                    index,
                    position,
                    owning_point(&previous.ring, position),
                    owning_point(&stage.ring, position),
                ))
            })
            .collect();
        let colour_of = |owners: &[model::ServerId], index: usize| {
            owners.get(index).map_or(names, |&s| usize::from(s))
        };
        moved.sort_by_key(|&(index, ..)| colour_of(&previous.owners, index));
        let trips = trips(moved.iter().map(|&(_, key, from, to)| (key, from, to)));
        let moving = moved
            .iter()
            .zip(trips)
            .map(|(&(index, position, ..), trip)| Moving {
                trip,
                place: geometry.key_place(index, position),
                old: colour_of(&previous.owners, index),
                new: colour_of(&stage.owners, index),
            })
            .collect();
        let (size, scale) = geometry.size_and_scale();
        let (centre, radius, dot) = geometry.circle();
        Some(Scene {
            base: copy(canvas)?,
            size,
            scale,
            centre,
            radius,
            dot,
            moving,
            colours: (0..=names)
                .map(|s| geometry.colour(s as model::ServerId))
                .collect(),
            moved_colour: colours.moved,
            text_colour: colours.text,
        })
    }

    /// Draw the frame at overall progress `t` (0 … 1) on `canvas`; how many
    /// keys have landed.
    pub fn draw(&self, canvas: &HtmlCanvasElement, t: f64) -> usize {
        let Some(context) = context_of(canvas) else {
            return 0;
        };
        let _ = context.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        let _ = context.draw_image_with_html_canvas_element(&self.base, 0.0, 0.0);
        let _ = context.set_transform(self.scale, 0.0, 0.0, self.scale, 0.0, 0.0);
        let states: Vec<Along> = self.moving.iter().map(|m| m.trip.at(t)).collect();
        // Not landed: still in the old owner's colour, in place.
        let side = self.dot * 2.0;
        let mut first = 0;
        for run in self.moving.chunk_by(|a, b| a.old == b.old) {
            context.set_fill_style_str(&self.colours[run[0].old]);
            context.begin_path();
            for (offset, m) in run.iter().enumerate() {
                if states[first + offset] != Along::Landed {
                    let (x, y) = m.place;
                    context.rect(x - self.dot, y - self.dot, side, side);
                }
            }
            context.fill();
            first += run.len();
        }
        // Landed: ringed, as the drawing of the change rings them.
        context.set_stroke_style_str(self.moved_colour);
        context.set_line_width(1.5);
        context.begin_path();
        let ring = self.dot + 2.0;
        let mut landed = 0;
        for (m, state) in self.moving.iter().zip(&states) {
            if *state == Along::Landed {
                landed += 1;
                let (x, y) = m.place;
                context.move_to(x + ring, y);
                let _ = context.arc(x, y, ring, 0.0, TAU);
            }
        }
        context.stroke();
        self.draw_travellers(&context, &states);
        self.draw_count(&context, landed);
        landed
    }

    /// The keys on their way, each a dot in its new owner's colour with an
    /// outline, on the circle and then dropping into place.
    fn draw_travellers(&self, context: &CanvasRenderingContext2d, states: &[Along]) {
        let stride = self.moving.len().div_ceil(TRAVELLERS).max(1);
        let r = self.dot + 1.5;
        context.set_line_width(1.0);
        context.set_stroke_style_str(self.moved_colour);
        for (m, state) in self.moving.iter().zip(states).step_by(stride) {
            let (x, y) = match *state {
                Along::Circle(position) => self.on_circle(position),
                Along::Dropping(share) => {
                    let (x0, y0) = self.on_circle(f64::from(m.trip.to));
                    let (x1, y1) = m.place;
                    (x0 + (x1 - x0) * share, y0 + (y1 - y0) * share)
                }
                Along::Waiting | Along::Landed => continue,
            };
            context.set_fill_style_str(&self.colours[m.new]);
            context.begin_path();
            let _ = context.arc(x, y, r, 0.0, TAU);
            context.fill();
            context.stroke();
        }
    }

    /// Where ring position `position` (fractional, possibly past 2³²) is on the circle.
    fn on_circle(&self, position: f64) -> (f64, f64) {
        let angle = position / 4_294_967_296.0 * TAU - FRAC_PI_2;
        let (sin, cos) = angle.sin_cos();
        (
            self.centre + cos * self.radius,
            self.centre + sin * self.radius,
        )
    }

    /// "23 of 52 moved", in the middle of the ring.
    fn draw_count(&self, context: &CanvasRenderingContext2d, landed: usize) {
        context.set_fill_style_str(self.text_colour);
        context.set_font(&format!(
            "600 {}px system-ui, sans-serif",
            (self.size / 24.0).clamp(12.0, 20.0)
        ));
        context.set_text_align("center");
        context.set_text_baseline("middle");
        let _ = context.fill_text(
            &format!(
                "{} of {} moved",
                thousands(landed as u64),
                thousands(self.moving.len() as u64)
            ),
            self.centre,
            self.centre,
        );
    }
}

fn context_of(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

/// A canvas of its own holding what `canvas` shows now.
fn copy(canvas: &HtmlCanvasElement) -> Option<HtmlCanvasElement> {
    let copy = crate::dom::detached_canvas()?;
    copy.set_width(canvas.width());
    copy.set_height(canvas.height());
    context_of(&copy)?
        .draw_image_with_html_canvas_element(canvas, 0.0, 0.0)
        .ok()?;
    Some(copy)
}
