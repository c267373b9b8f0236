//! One component per panel. Each reads the measured snapshot (and the
//! deferred measurements) from the model and computes nothing another panel
//! already knows.

pub mod claims;
pub mod cost;
pub mod failure;
pub mod loads;
pub mod predict;
pub mod ring;
pub mod rollout;
pub mod schemes;
pub mod systems;

use std::sync::Arc;

use leptos::prelude::*;
use model::panels::{PanelDef, PanelId};
use wasm_bindgen::JsCast;

use crate::render::palette::Palette;
use crate::render::snapshot_panels;
use model::Valid;

/// The component that draws `panel` (one of `model::panels::ALL`), under
/// its heading. Exhaustive: a new `PanelId` does not compile until it is drawn.
pub fn view_of(panel: &PanelDef) -> AnyView {
    let heading = panel.heading;
    match panel.id {
        PanelId::Ring => ring::ring_panel(heading).into_any(),
        PanelId::Predict => predict::predict_panel(heading).into_any(),
        PanelId::Loads => loads::loads_panel(heading).into_any(),
        PanelId::Failure => failure::failure_panel(heading).into_any(),
        PanelId::Schemes => schemes::schemes_panel(heading).into_any(),
        PanelId::Systems => systems::systems_panel(heading).into_any(),
        PanelId::Cost => cost::cost_panel(heading).into_any(),
        PanelId::Rollout => rollout::rollout_panel(heading).into_any(),
        PanelId::Claims => claims::claims_panel(heading).into_any(),
        // The panels read off the snapshot alone, as the first screen writes them.
        PanelId::Entries => snapshot_panel(&snapshot_panels::ENTRIES),
        PanelId::Moved => snapshot_panel(&snapshot_panels::MOVED),
        PanelId::Modulo => snapshot_panel(&snapshot_panels::MODULO),
    }
}

/// The element that holds a region of markup.
#[derive(Clone, Copy)]
pub enum Holder {
    /// The panel's opening paragraph.
    Lead,
    /// The sentence that says what the measurement shows; read out when it changes.
    Verdict,
    /// A plain container for tables and notes.
    Block,
}

/// A region of a panel written as markup (see `crate::render::markup`), brought up
/// to date whenever a signal `render` reads changes. `render` must escape
/// any text it did not write itself.
pub fn markup(holder: Holder, render: impl Fn() -> String + Send + Sync + 'static) -> AnyView {
    held(holder, Arc::new(render))
}

/// Not generic, so each holder's view is compiled once for every region.
fn held(holder: Holder, render: Arc<dyn Fn() -> String + Send + Sync>) -> AnyView {
    let region = NodeRef::<leptos::html::Div>::new();
    let paragraph = NodeRef::<leptos::html::P>::new();
    Effect::new(move |previous: Option<Option<Written>>| {
        let html = render();
        let element: Option<web_sys::Element> = match holder {
            Holder::Block => region.get().map(Into::into),
            Holder::Lead | Holder::Verdict => paragraph.get().map(Into::into),
        };
        Some(rewrite(&element?, previous.flatten(), html))
    });
    match holder {
        Holder::Lead => view! { <p class="lead" node_ref=paragraph></p> }.into_any(),
        Holder::Verdict => {
            view! { <p class="verdict" aria-live="polite" node_ref=paragraph></p> }.into_any()
        }
        Holder::Block => view! { <div node_ref=region></div> }.into_any(),
    }
}

/// What a region holds: the markup last written, and its elements and text
/// nodes once a patch has listed them. A patch adds and removes no node, so
/// the lists stay right until the region is written whole again, and a
/// slider step patches without walking the region's nodes each time.
struct Written {
    html: String,
    elements: Option<Vec<web_sys::Node>>,
    texts: Option<Vec<web_sys::Node>>,
}

/// Bring `element`, last written as `previous`, to `html`: where the
/// elements are the same, only changed text and attribute values are
/// written, so the browser builds no element again; otherwise the whole
/// region.
fn rewrite(element: &web_sys::Element, previous: Option<Written>, html: String) -> Written {
    if let Some(mut written) = previous {
        if written.html == html {
            return written;
        }
        if let Some(changes) = crate::render::markup::changes(&written.html, &html) {
            if patch(element, &changes, &mut written) {
                written.html = html;
                return written;
            }
        }
    }
    element.set_inner_html(&html);
    Written {
        html,
        elements: None,
        texts: None,
    }
}

/// The nodes under `root` that `what` selects (a `NodeFilter.SHOW_*`
/// mask), in document order; None if there are not `expected` of them.
fn nodes_under(root: &web_sys::Element, what: u32, expected: usize) -> Option<Vec<web_sys::Node>> {
    let walker = root
        .owner_document()?
        .create_tree_walker_with_what_to_show(root, what)
        .ok()?;
    let mut nodes = Vec::with_capacity(expected);
    while let Ok(Some(node)) = walker.next_node() {
        nodes.push(node);
    }
    (nodes.len() == expected).then_some(nodes)
}

/// Apply `changes` under `root`; false, with nothing changed, unless its
/// elements and text nodes are the ones the changes were counted over.
fn patch(
    root: &web_sys::Element,
    changes: &crate::render::markup::Changes,
    written: &mut Written,
) -> bool {
    const SHOW_ELEMENT: u32 = 1;
    const SHOW_TEXT: u32 = 4;
    // Only the kinds of node that change are listed, each once.
    let listed =
        |list: &mut Option<Vec<web_sys::Node>>, changed: bool, what: u32, expected: usize| {
            if changed && list.as_ref().is_none_or(|nodes| nodes.len() != expected) {
                *list = nodes_under(root, what, expected);
                return list.is_some();
            }
            true
        };
    if !listed(
        &mut written.elements,
        !changes.attributes.is_empty(),
        SHOW_ELEMENT,
        changes.elements,
    ) || !listed(
        &mut written.texts,
        !changes.texts.is_empty(),
        SHOW_TEXT,
        changes.text_nodes,
    ) {
        return false;
    }
    let elements = written.elements.as_deref().unwrap_or_default();
    for (index, name, value) in &changes.attributes {
        if let Some(element) = elements
            .get(*index)
            .and_then(|e| e.dyn_ref::<web_sys::Element>())
        {
            let _ = element.set_attribute(name, value);
        }
    }
    let texts = written.texts.as_deref().unwrap_or_default();
    for (index, text) in &changes.texts {
        if let Some(node) = texts.get(*index) {
            node.set_node_value(Some(text));
        }
    }
    true
}

/// A server's swatch in a row keyed by its name, in the colour the current
/// settings give it (another server's removal may change it). One function,
/// so its reactive class is compiled once for the chips and the down list.
pub fn server_swatch(settings: RwSignal<Valid>, name: String) -> AnyView {
    view! {
        <span class=move || settings.with(|s| Palette::of(&s.all_names()).swatch_class(&name))></span>
    }
    .into_any()
}

/// A list of rows keyed by server name: an edit rebuilds only the rows it
/// adds or removes, and a row's own signals keep it current. Not generic,
/// so the keyed diff (`For`) is compiled once for every such list.
pub fn rows_by_name(
    names: Signal<Vec<String>>,
    row: Arc<dyn Fn(String) -> AnyView + Send + Sync>,
) -> AnyView {
    // The names are read from the settings, which change on every step of
    // a drag; the list is walked again only when the names themselves do.
    let names = Memo::new(move |_| names.get());
    view! { <For each=move || names.get() key=|name: &String| name.clone() children=move |name| row(name) /> }
        .into_any()
}

/// Whether the page shows one panel alone (an embed, or `panel=`): then the
/// panel is a page of its own, and its heading is the page's `h1`.
#[derive(Clone, Copy)]
pub struct Alone(pub bool);

/// A panel drawn from the snapshot alone (`crate::render::snapshot_panels`): its
/// whole section is one markup region, the same markup the first screen's
/// module writes for an embed before the app arrives.
pub fn snapshot_panel(panel: &'static crate::render::snapshot_panels::SnapshotPanel) -> AnyView {
    let model = expect_context::<crate::app::state::Model>();
    let alone = use_context::<Alone>().is_some_and(|alone| alone.0);
    markup(Holder::Block, move || {
        model
            .snapshot
            .with(|m| crate::render::snapshot_panels::section(panel, &m.0, alone))
    })
}

/// A panel's heading, with the id its section is labelled by.
/// A heading one level under the panel's: an h2 when the panel stands alone
/// (its own heading is the h1), an h3 in the page.
pub fn subheading(id: Option<&'static str>, text: &'static str) -> AnyView {
    if use_context::<Alone>().is_some_and(|alone| alone.0) {
        view! { <h2 id=id class="subheading">{text}</h2> }.into_any()
    } else {
        view! { <h3 id=id>{text}</h3> }.into_any()
    }
}

pub fn heading(id: &'static str, text: &'static str) -> AnyView {
    if use_context::<Alone>().is_some_and(|alone| alone.0) {
        view! { <h1 id=id class="panel-title">{text}</h1> }.into_any()
    } else {
        view! { <h2 id=id>{text}</h2> }.into_any()
    }
}
