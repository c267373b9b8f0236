//! What `src/bin/first.rs` draws: the ring after the change and its caption,
//! measured for the address, into the placeholder of `index.html`. Plain
//! web-sys and the model only, so its module stays small.

use wasm_bindgen::JsCast;

use super::draw::ring_canvas::{self, Marks, RingColours};
use crate::markup::Markup;
use crate::model::steps::{change_stage, stage};
use crate::model::Snapshot;

/// The ring's colours on the dark canvas, as the panel draws them in a
/// light theme (the first screen does not ask for the theme).
const COLOURS: RingColours = RingColours {
    background: (0x1d, 0x20, 0x27),
    circle: "#50566a",
    moved: "#ffffff",
};

pub fn draw() -> Option<()> {
    let window = web_sys::window()?;
    let document = window.document()?;
    let search = window.location().search().ok()?;
    let query = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    // An embed or a panel alone is built by the app at once: nothing to do.
    if query.has("embed") || query.has("panel") {
        return None;
    }
    let placeholder = document.query_selector(".ring-placeholder").ok()??;
    let parsed = crate::query::parse(&search, &[]);
    let snapshot = Snapshot::of(&parsed.settings);
    let last = stage(&snapshot, change_stage(&snapshot));
    let mut m = Markup::new();
    m.ring_caption(&last);
    let width = placeholder.client_width() as f64;
    let size = (width - 32.0).clamp(200.0, 540.0);
    placeholder.set_inner_html(&format!(
        "<div class=\"first-ring\"><canvas class=\"ring-canvas\" role=\"img\" aria-label=\"The ring after the change, measured in your browser\"></canvas>{}</div>",
        m.into_string()
    ));
    let canvas: web_sys::HtmlCanvasElement = placeholder
        .query_selector("canvas")
        .ok()??
        .dyn_into()
        .ok()?;
    ring_canvas::draw(&canvas, size, &snapshot, &last, &COLOURS, Marks::default());
    Some(())
}
