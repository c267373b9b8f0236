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

/// A region of a panel written as markup (see `crate::markup`), rewritten
/// whenever a signal `render` reads changes. `render` must escape any text
/// it did not write itself.
pub fn markup(holder: Holder, render: impl Fn() -> String + Send + Sync + 'static) -> AnyView {
    held(holder, Arc::new(render))
}

/// Not generic, so each holder's view is compiled once for every region.
fn held(holder: Holder, render: Arc<dyn Fn() -> String + Send + Sync>) -> AnyView {
    let html = move || render();
    match holder {
        Holder::Lead => view! { <p class="lead" inner_html=html></p> }.into_any(),
        Holder::Verdict => {
            view! { <p class="verdict" aria-live="polite" inner_html=html></p> }.into_any()
        }
        Holder::Block => view! { <div inner_html=html></div> }.into_any(),
    }
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
