//! The one way markup reaches the page after load: a region written as a
//! string of escaped markup (`crate::render::markup`), patched in place
//! whenever a signal its render reads changes. For read-only text, tables
//! and notes, where a string measured cheaper than a view
//! (docs/DECISIONS.md); everything that takes input is a Leptos view.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

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
    held(holder, Arc::new(render), None)
}

/// What a press on a button inside a markup region does, given the button.
type OnPress = Arc<dyn Fn(&web_sys::Element) + Send + Sync>;

/// A block written as markup whose buttons are markup too: a press on one
/// (a click, or Enter or Space on it) goes to `on_press` with the button.
pub fn markup_with_buttons(
    render: impl Fn() -> String + Send + Sync + 'static,
    on_press: impl Fn(&web_sys::Element) + Send + Sync + 'static,
) -> AnyView {
    held(Holder::Block, Arc::new(render), Some(Arc::new(on_press)))
}

/// A region the page's HTML already holds (the headline under the title),
/// kept current as `markup` keeps its own.
pub fn markup_into(element: web_sys::Element, render: impl Fn() -> String + 'static) {
    // The same effect type as `held`'s, so its reactive code is not
    // compiled twice.
    Effect::new(move |previous: Option<Option<Written>>| {
        Some(rewrite(&element, previous.flatten(), render()))
    });
}

/// Not generic, so each holder's view is compiled once for every region.
fn held(
    holder: Holder,
    render: Arc<dyn Fn() -> String + Send + Sync>,
    on_press: Option<OnPress>,
) -> AnyView {
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
        Holder::Block => match on_press {
            None => view! { <div node_ref=region></div> }.into_any(),
            Some(on_press) => {
                let pressed = move |event: web_sys::MouseEvent| {
                    let button = event
                        .target()
                        .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
                        .and_then(|target| crate::dom::enclosing(&target, "button"));
                    if let Some(button) = button {
                        on_press(&button);
                    }
                };
                view! { <div node_ref=region on:click=pressed></div> }.into_any()
            }
        },
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
