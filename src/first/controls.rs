//! The first screen's points slider and hash menu: the two settings a
//! reader reaches for first, answering before the app has arrived. Each
//! change is measured and drawn by the first screen's own module (its
//! `paint`, handed in) and written into the address, where the app reads
//! its settings when it starts, so nothing the reader chose is lost when
//! the app takes over. Markup and `dom`, like `first`; their words, stops
//! and rules are the app's controls' (`render::controls`).
//!
//! The controls come twice, as in the app: in the phone's bar and in the
//! settings column; CSS shows one set at a time and both are kept equal.

use std::cell::RefCell;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::dom;
use crate::render::controls::{
    at_stop, exact_label, stop_of, stops, value_text, HASH_LABEL, HASH_REFUSED, POINTS_LABEL,
    POINTS_UNIT,
};
use crate::render::markup::{hash_label, Markup};
use model::query::{self, Parsed};
use model::settings::POINTS;
use model::{HashKind, Valid};

/// Each set's id prefix, and whether it is the phone's compact one.
const SETS: [(&str, bool); 2] = [("early-quick", true), ("early", false)];

/// What the first screen shows, and how it draws.
struct Shown {
    valid: Valid,
    /// Measures and draws the settings shown (`first::paint`).
    paint: Paint,
}

/// Measure and draw these settings on the first screen.
pub type Paint = fn(&Valid) -> Option<()>;

thread_local! {
    static SHOWN: RefCell<Option<Shown>> = const { RefCell::new(None) };
}

/// The parts of a set, each an element whose id is the set's prefix, a
/// dash and the part's name (`early-quick-hash`).
#[derive(Clone, Copy, PartialEq)]
enum Part {
    PointsRange,
    PointsNumber,
    PointsMessage,
    Hash,
}

impl Part {
    const ALL: [Part; 4] = [
        Part::PointsRange,
        Part::PointsNumber,
        Part::PointsMessage,
        Part::Hash,
    ];

    fn name(self) -> &'static str {
        match self {
            Part::PointsRange => "points-range",
            Part::PointsNumber => "points-number",
            Part::PointsMessage => "points-message",
            Part::Hash => "hash",
        }
    }

    /// This part's id in the set with `prefix`.
    fn id(self, prefix: &str) -> String {
        format!("{prefix}-{}", self.name())
    }

    /// The set's prefix and the part an element's `id` names, if any.
    fn of(id: &str) -> Option<(&'static str, Part)> {
        SETS.iter().find_map(|&(prefix, _)| {
            let name = id.strip_prefix(prefix)?.strip_prefix('-')?;
            Some((prefix, *Part::ALL.iter().find(|part| part.name() == name)?))
        })
    }
}

/// The one change a control asks for.
enum Ask {
    Points(u16),
    Hash(HashKind),
}

fn points_stops() -> Vec<u32> {
    stops(POINTS.min as u32, POINTS.max as u32)
}

/// Put both sets of controls in their places and answer them from now on.
pub fn offer(parsed: Parsed, paint: Paint) -> Option<()> {
    let bar = dom::find(".first-bar")?;
    let side = dom::find(".first-screen > .controls")?;
    dom::set_markup(&bar, &bar_markup(&parsed.settings));
    dom::set_markup(&side, &side_markup(&parsed.settings));
    // The placeholder stood for what was coming; now it is what there is.
    dom::unset(&dom::find(".first-screen")?, "aria-hidden");
    SHOWN.set(Some(Shown {
        valid: parsed.settings,
        paint,
    }));
    // Both containers go when the app empties #app, and their listeners
    // with them: the app's own controls never reach this one.
    let answer = Closure::<dyn Fn(web_sys::Event)>::new(answer);
    for container in [&bar, &side] {
        dom::listen(
            container,
            &["input", "change"],
            answer.as_ref().unchecked_ref(),
            false,
        );
    }
    answer.forget();
    Some(())
}

/// The phone's bar: a small ring beside the two controls.
fn bar_markup(valid: &Valid) -> String {
    let (prefix, compact) = SETS[0];
    let mut m = Markup::new();
    m.open(
        "canvas",
        &[
            ("class", Some("quick-ring")),
            ("role", Some("img")),
            ("aria-label", Some("The ring, small")),
        ],
    )
    .close("canvas")
    .open("div", &[("class", Some("quick-controls"))])
    .written(&controls(prefix, compact, valid))
    .close("div");
    m.into_string()
}

/// The settings column: its heading, the two controls and word of the rest.
fn side_markup(valid: &Valid) -> String {
    let (prefix, compact) = SETS[1];
    let mut m = Markup::new();
    m.element("h2", &[], "Settings").paragraph(
        "help",
        "These two answer already; the other settings arrive with the rest of the page.",
    );
    format!("{}{}", m.into_string(), controls(prefix, compact, valid))
}

/// The points slider with its exact box, and the hash menu, as the app's
/// controls draw them (`controls::PointsControl`, `HashControl`).
fn controls(prefix: &str, compact: bool, valid: &Valid) -> String {
    let stops = points_stops();
    let points = u32::from(valid.points);
    let [range, number, message, hash] = Part::ALL.map(|part| part.id(prefix));
    let last = (stops.len() - 1).to_string();
    let stop = stop_of(&stops, points).to_string();
    let (min, max) = (POINTS.min.to_string(), POINTS.max.to_string());
    let value = points.to_string();
    let said = value_text(points, POINTS_UNIT);
    let exact = exact_label(POINTS_LABEL);
    let mut m = Markup::new();
    m.open("div", &[("class", Some("ring-only"))])
        .open("div", &[("class", Some("control"))])
        .element("label", &[("for", Some(&range))], POINTS_LABEL)
        .open("div", &[("class", Some("number-pair"))])
        .open(
            "input",
            &[
                ("type", Some("range")),
                ("id", Some(&range)),
                ("min", Some("0")),
                ("max", Some(&last)),
                ("value", Some(&stop)),
                ("aria-valuetext", Some(&said)),
                ("aria-describedby", Some(&message)),
            ],
        )
        .open(
            "input",
            &[
                ("type", Some("number")),
                ("id", Some(&number)),
                ("aria-label", Some(&exact)),
                ("min", Some(&min)),
                ("max", Some(&max)),
                ("value", Some(&value)),
                ("aria-describedby", Some(&message)),
            ],
        )
        .close("div")
        .element(
            "p",
            &[
                ("class", Some("message")),
                ("id", Some(&message)),
                ("role", Some("alert")),
            ],
            "",
        )
        .close("div")
        .close("div")
        .open("div", &[("class", Some("ring-only early-hash"))])
        .open("div", &[("class", Some("control"))])
        .element(
            "label",
            &[
                ("for", Some(&hash)),
                ("class", compact.then_some("visually-hidden")),
            ],
            HASH_LABEL,
        )
        .open("select", &[("id", Some(&hash))]);
    for kind in HashKind::ALL {
        m.element(
            "option",
            &[
                ("value", Some(kind.id())),
                ("selected", (valid.hash == kind).then_some("")),
            ],
            hash_label(kind, compact),
        );
    }
    m.close("select").close("div").close("div");
    m.into_string()
}

/// One input or change in either set: the edit it asks for, applied.
fn answer(event: web_sys::Event) {
    let Some((id, value)) = dom::sent_value(&event) else {
        return;
    };
    let Some((prefix, part)) = Part::of(&id) else {
        return;
    };
    let changed = event.type_() == "change";
    let ask = match part {
        Part::PointsRange => {
            match at_stop(&points_stops(), &value).and_then(|points| u16::try_from(points).ok()) {
                Some(points) => Ok(Ask::Points(points)),
                None => return,
            }
        }
        // A typed number applies on Enter or on leaving the box.
        Part::PointsNumber if changed => POINTS
            .read(&value)
            .map(|points| Ask::Points(points as u16))
            .ok_or_else(|| POINTS.refusal()),
        Part::Hash => HashKind::from_id(&value)
            .map(Ask::Hash)
            .ok_or_else(|| HASH_REFUSED.to_string()),
        Part::PointsNumber | Part::PointsMessage => return,
    };
    let said = ask.and_then(|ask| apply(ask).map_err(|problems| problems.join(" ")));
    say(&Part::PointsMessage.id(prefix), said.err().as_deref());
}

/// Apply `ask` if the settings stay valid: remember, write the address,
/// keep both sets equal and draw. Otherwise, every problem in words.
fn apply(ask: Ask) -> Result<(), Vec<String>> {
    let valid = SHOWN.with_borrow(|shown| {
        let shown = shown.as_ref().ok_or_else(Vec::<String>::new)?;
        let mut draft = shown.valid.settings().clone();
        match ask {
            Ask::Points(points) => draft.points = points,
            Ask::Hash(hash) => draft.hash = hash,
        }
        // As every control makes settings: settled against those shown, and
        // refused whole if any part would have to be changed to fit.
        let settled = Valid::settle(draft, &shown.valid);
        if settled.notices.is_empty() {
            Ok(settled.valid)
        } else {
            Err(settled
                .notices
                .into_iter()
                .map(|n| n.problem.message)
                .collect::<Vec<_>>())
        }
    })?;
    let paint = SHOWN.with_borrow_mut(|shown| {
        let shown = shown.as_mut()?;
        shown.valid = valid.clone();
        Some(shown.paint)
    });
    write_address(&valid);
    // The claims the worker judged before the app are the old address's.
    if let Some(claims) = dom::find("[data-early][data-panel=\"claims\"]") {
        claims.remove();
    }
    show(&valid);
    if let Some(paint) = paint {
        paint(&valid);
    }
    Ok(())
}

/// The address with the settings shown: the app reads its settings from
/// there when it starts. Only the two this screen changes are written, the
/// rest kept as they are (the app writes the whole address later).
fn write_address(valid: &Valid) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let search = location.search().unwrap_or_default();
    let query = query::with_value(
        search.trim_start_matches('?'),
        "points",
        &valid.points.to_string(),
    );
    let query = query::with_value(&query, "hash", valid.hash.id());
    let fragment = location.hash().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(
            &JsValue::NULL,
            "",
            Some(&format!("?{query}{fragment}")),
        );
    }
}

/// Both sets show `valid`, and neither a refusal.
fn show(valid: &Valid) {
    let stops = points_stops();
    let points = u32::from(valid.points);
    for (prefix, _) in SETS {
        let element = |part: Part| dom::by_id(&part.id(prefix));
        if let Some(range) = element(Part::PointsRange) {
            dom::show_value(&range, &stop_of(&stops, points).to_string());
            dom::set(&range, "aria-valuetext", &value_text(points, POINTS_UNIT));
        }
        if let Some(number) = element(Part::PointsNumber) {
            dom::show_value(&number, &points.to_string());
        }
        if let Some(hash) = element(Part::Hash) {
            dom::show_value(&hash, valid.hash.id());
        }
        say(&Part::PointsMessage.id(prefix), None);
    }
}

/// A refusal beside the control, or none.
fn say(id: &str, message: Option<&str>) {
    if let Some(element) = dom::by_id(id) {
        dom::set_text(&element, message);
    }
}
