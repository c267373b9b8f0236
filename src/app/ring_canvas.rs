//! Drawing the ring on a 2D canvas: server points as ticks outside the
//! circle, keys as dots inside it coloured by owner, moved keys ringed in
//! white. Pure drawing: it is handed everything it shows.

use std::f64::consts::{FRAC_PI_2, TAU};

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::palette::colour_of;
use crate::model::steps::Stage;
use crate::model::Snapshot;

/// Angle of a ring position, clockwise from twelve o'clock.
fn angle(position: u32) -> f64 {
    f64::from(position) / 4_294_967_296.0 * TAU - FRAC_PI_2
}

/// Size the canvas backing store to its CSS box times the pixel ratio, so
/// lines stay crisp on high-DPI screens. Returns the CSS size.
fn fit_to_screen(canvas: &HtmlCanvasElement) -> f64 {
    let ratio = web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .max(1.0);
    let css = f64::from(canvas.client_width()).max(200.0);
    let pixels = (css * ratio).round() as u32;
    if canvas.width() != pixels || canvas.height() != pixels {
        canvas.set_width(pixels);
        canvas.set_height(pixels);
    }
    css
}

pub struct RingColours {
    pub background: &'static str,
    pub circle: &'static str,
    pub moved: &'static str,
}

pub fn draw(canvas: &HtmlCanvasElement, snapshot: &Snapshot, stage: &Stage, colours: &RingColours) {
    let Ok(Some(context)) = canvas.get_context("2d") else {
        return;
    };
    let Ok(context) = context.dyn_into::<CanvasRenderingContext2d>() else {
        return;
    };
    let size = fit_to_screen(canvas);
    let scale = f64::from(canvas.width()) / size;
    let _ = context.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);

    context.set_fill_style_str(colours.background);
    context.fill_rect(0.0, 0.0, size, size);

    let centre = size / 2.0;
    let radius = size * 0.40;
    context.set_stroke_style_str(colours.circle);
    context.set_line_width(1.0);
    context.begin_path();
    let _ = context.arc(centre, centre, radius, 0.0, TAU);
    context.stroke();

    // Server points: a tick across the circle, longer when there are few.
    let entries = stage.ring.entries();
    let tick = if entries.len() <= 64 {
        size * 0.05
    } else {
        size * 0.025
    };
    context.set_line_width(if entries.len() <= 64 { 3.0 } else { 1.5 });
    for entry in entries {
        let (sin, cos) = angle(entry.position).sin_cos();
        context.set_stroke_style_str(colour_of(snapshot.name(entry.server)));
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

    // Keys: a band of dots inside the circle. The radial offset only keeps
    // dots from stacking; the angle alone is the key's position.
    let keys = &snapshot.keys.hashes;
    let dot = if keys.len() <= 2_000 {
        2.6
    } else if keys.len() <= 20_000 {
        1.5
    } else {
        0.9
    };
    let band = size * 0.09;
    let place = |index: usize, position: u32| {
        let depth = (index.wrapping_mul(2_654_435_761) % 1000) as f64 / 1000.0;
        let r = radius - size * 0.03 - depth * band;
        let (sin, cos) = angle(position).sin_cos();
        (centre + cos * r, centre + sin * r)
    };
    for (index, (&position, &owner)) in keys.iter().zip(&stage.owners).enumerate() {
        let (x, y) = place(index, position);
        context.set_fill_style_str(colour_of(snapshot.name(owner)));
        context.fill_rect(x - dot, y - dot, dot * 2.0, dot * 2.0);
    }
    // Moved keys last, so their white rings sit on top.
    context.set_stroke_style_str(colours.moved);
    context.set_line_width(if keys.len() <= 2_000 { 1.5 } else { 1.0 });
    context.begin_path();
    for (index, &position) in keys.iter().enumerate() {
        if stage.moved[index] {
            let (x, y) = place(index, position);
            let ring = dot + 2.0;
            context.move_to(x + ring, y);
            let _ = context.arc(x, y, ring, 0.0, TAU);
        }
    }
    context.stroke();
}
