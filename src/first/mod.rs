//! What `src/bin/first.rs` draws before the app, measured for the address:
//! on the full page, the ring after the change and its caption, into the
//! placeholder of `index.html`; for a page that is one panel drawn from the
//! snapshot alone (`crate::render::snapshot_panels`, usually an embed), that panel,
//! as the app will build it. Plain web-sys and the model only, so its
//! module stays small.

mod controls;

use wasm_bindgen::JsCast;

use crate::app::draw::ring_canvas::{self, Marks, RingColours};
use crate::dom;
use crate::render::markup::Markup;
use crate::render::snapshot_panels::{self, SnapshotPanel};
use model::in_use::InUse;
use model::panels::PanelId;
use model::query::{self, Parsed};
use model::steps::{before_the_change, change_stage, stage};
use model::{Snapshot, Valid};

/// The ring's colours on the dark canvas, as the panel draws them in a
/// light theme (the first screen does not ask for the theme).
const COLOURS: RingColours = RingColours {
    background: (0x1d, 0x20, 0x27),
    circle: "#50566a",
    moved: "#ffffff",
    text: "#e6e8ee",
};

pub fn draw() -> Option<()> {
    let search = dom::window()?.location().search().ok()?;
    let query = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    if query.has("panel") {
        let ids: Vec<PanelId> = snapshot_panels::ALL.iter().map(|p| p.id).collect();
        let parsed = query::parse(&search, &ids);
        // Another panel, or an address with parts the app will list as
        // ignored above the panel: the app builds it at once.
        let panel = parsed.view.panel.and_then(snapshot_panels::of)?;
        if !parsed.notices.is_empty() || parsed.settings.in_use != InUse::Ring {
            return None;
        }
        return draw_panel(panel, &parsed);
    }
    // The whole page embedded is built by the app at once.
    if query.has("embed") {
        return None;
    }
    let placeholder = dom::find(".ring-placeholder")?;
    draw_ring(&placeholder, &search)
}

/// The full page's first screen: the ring after the change and its
/// caption, into the placeholder. A function of its own in the module too:
/// wasm-opt would inline it into `main`, its one caller, and an embed, which
/// never draws the ring, would then compile all of it before its figure, so
/// `index.html` tells wasm-opt not to (`--no-inline=*draw_ring*`).
#[inline(never)]
fn draw_ring(placeholder: &web_sys::Element, search: &str) -> Option<()> {
    let parsed = query::parse(search, &[]);
    // A client's ring is the app's to draw: this module is built without them.
    if parsed.settings.in_use != InUse::Ring {
        return None;
    }
    // The questions that wait, as the app marks them: the claims the worker
    // writes before the app (early.js) hold their answers back by it.
    let waiting = crate::app::asking::waiting(model::questions::QuestionSet::ALL);
    dom::mark_page("data-asks", &waiting.written());
    let mut figure = Markup::new();
    figure
        .open("div", &[("class", Some("first-ring"))])
        .element(
            "canvas",
            &[("class", Some("ring-canvas")), ("role", Some("img"))],
            "",
        )
        .element("div", &[("class", Some("first-caption"))], "")
        .close("div");
    dom::set_markup(placeholder, &figure.into_string());
    let valid = parsed.settings.clone();
    // The controls first, so the phone's bar has its small ring to draw;
    // without them (a page without their room) the figure still comes.
    let _ = controls::offer(parsed, paint);
    paint(&valid)
}

/// Measure `valid` and draw its ring and caption into the first screen,
/// and the phone's small ring in the bar if it is shown.
pub fn paint(valid: &Valid) -> Option<()> {
    let figure = dom::find(".first-ring")?;
    let snapshot = Snapshot::of(valid);
    // Until the reader has answered the headline's question, the pool
    // before the change, with the question where the count would be.
    let asks = crate::app::asking::headline_asks();
    let mut m = Markup::new();
    let shown = if asks {
        m.ring_question(&snapshot);
        before_the_change(&snapshot)
    } else {
        let last = stage(&snapshot, change_stage(&snapshot));
        m.ring_caption(&last, None);
        last
    };
    dom::set_markup(&dom::find_in(&figure, ".first-caption")?, &m.into_string());
    // Hooks for tests and the bench: what the figure was drawn for.
    dom::set(&figure, "data-points", &valid.points.to_string());
    dom::set(&figure, "data-hash", valid.hash.id());
    let canvas: web_sys::HtmlCanvasElement = dom::find_in(&figure, "canvas")?.dyn_into().ok()?;
    dom::set(
        &canvas,
        "aria-label",
        if asks {
            "The ring before the change, measured in your browser"
        } else {
            "The ring after the change, measured in your browser"
        },
    );
    let width = figure.parent_element()?.client_width() as f64;
    let size = (width - 32.0).clamp(200.0, 540.0);
    ring_canvas::draw(&canvas, size, &snapshot, &shown, &COLOURS, Marks::default());
    if let Some(small) = dom::find(".first-bar canvas") {
        if let Ok(small) = small.dyn_into::<web_sys::HtmlCanvasElement>() {
            // Hidden on a wide screen: nothing to draw.
            if small.client_width() > 0 {
                ring_canvas::draw(
                    &small,
                    f64::from(small.client_width()),
                    &snapshot,
                    &shown,
                    &COLOURS,
                    Marks::default(),
                );
            }
        }
    }
    Some(())
}

/// `panel` alone, in the frame the app builds round it (its slot, and the
/// way out to the full page), so nothing moves when the app replaces it.
fn draw_panel(panel: &SnapshotPanel, parsed: &Parsed) -> Option<()> {
    let snapshot = Snapshot::of(&parsed.settings);
    let section = snapshot_panels::section(panel, &snapshot, parsed.view.embed);
    let page =
        crate::render::panel_alone(panel.id, &section, &query::full_page_href(&parsed.settings));
    dom::set_markup(&dom::by_id("app")?, &page);
    crate::app::embed::report_height_once();
    Some(())
}
