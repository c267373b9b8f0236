//! One component per panel. Each reads the measured snapshot (and the
//! deferred measurements) from the model and computes nothing another panel
//! already knows.

pub mod claims;
pub mod cost;
pub mod entries;
pub mod failure;
pub mod loads;
pub mod modulo;
pub mod moved;
pub mod predict;
pub mod ring;
pub mod rollout;
pub mod schemes;

use std::sync::Arc;

use leptos::prelude::*;

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

/// A region of a panel written as markup (see `crate::markup`), brought up
/// to date whenever a signal `render` reads changes. `render` must escape
/// any text it did not write itself.
pub fn markup(holder: Holder, render: impl Fn() -> String + Send + Sync + 'static) -> AnyView {
    held(holder, Arc::new(render))
}

/// Not generic, so each holder's view is compiled once for every region.
fn held(holder: Holder, render: Arc<dyn Fn() -> String + Send + Sync>) -> AnyView {
    let region = NodeRef::<leptos::html::Div>::new();
    let paragraph = NodeRef::<leptos::html::P>::new();
    Effect::new(move |previous: Option<Option<String>>| {
        let html = render();
        let element: Option<web_sys::Element> = match holder {
            Holder::Block => region.get().map(Into::into),
            Holder::Lead | Holder::Verdict => paragraph.get().map(Into::into),
        };
        let element = element?;
        rewrite(&element, previous.flatten().as_deref(), &html);
        Some(html)
    });
    match holder {
        Holder::Lead => view! { <p class="lead" node_ref=paragraph></p> }.into_any(),
        Holder::Verdict => {
            view! { <p class="verdict" aria-live="polite" node_ref=paragraph></p> }.into_any()
        }
        Holder::Block => view! { <div node_ref=region></div> }.into_any(),
    }
}

/// Bring `element`, last written from `previous`, to `html`: where only
/// text differs, only the changed text nodes are rewritten, so the browser
/// styles and lays out no element again; otherwise the whole region.
fn rewrite(element: &web_sys::Element, previous: Option<&str>, html: &str) {
    if previous == Some(html) {
        return;
    }
    if let Some(changes) = previous.and_then(|previous| crate::markup::text_changes(previous, html))
    {
        if rewrite_texts(element, &changes) {
            return;
        }
    }
    element.set_inner_html(html);
}

/// Apply `changes` to the text nodes under `element`; false (and nothing
/// changed) unless they are the nodes the changes were counted over.
fn rewrite_texts(element: &web_sys::Element, changes: &crate::markup::TextChanges) -> bool {
    const SHOW_TEXT: u32 = 4;
    let Some(walker) = element.owner_document().and_then(|document| {
        document
            .create_tree_walker_with_what_to_show(element, SHOW_TEXT)
            .ok()
    }) else {
        return false;
    };
    let mut nodes = Vec::with_capacity(changes.text_nodes);
    while let Ok(Some(node)) = walker.next_node() {
        nodes.push(node);
    }
    if nodes.len() != changes.text_nodes {
        return false;
    }
    for (index, text) in &changes.changed {
        nodes[*index].set_node_value(Some(text));
    }
    true
}

/// A list of rows keyed by server name: an edit rebuilds only the rows it
/// adds or removes, and a row's own signals keep it current. Not generic,
/// so the keyed diff (`For`) is compiled once for every such list.
pub fn rows_by_name(
    names: Signal<Vec<String>>,
    row: Arc<dyn Fn(String) -> AnyView + Send + Sync>,
) -> AnyView {
    view! { <For each=move || names.get() key=|name: &String| name.clone() children=move |name| row(name) /> }
        .into_any()
}

/// Whether the page shows one panel alone (an embed, or `panel=`): then the
/// panel is a page of its own, and its heading is the page's `h1`.
#[derive(Clone, Copy)]
pub struct Alone(pub bool);

/// A panel's heading, with the id its section is labelled by.
pub fn heading(id: &'static str, text: &'static str) -> AnyView {
    if use_context::<Alone>().is_some_and(|alone| alone.0) {
        view! { <h1 id=id class="panel-title">{text}</h1> }.into_any()
    } else {
        view! { <h2 id=id>{text}</h2> }.into_any()
    }
}
