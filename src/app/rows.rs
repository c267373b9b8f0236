//! Rows keyed by server name, which the settings column and the panels
//! both list: a leaf, so neither imports the other.

use std::sync::Arc;

use leptos::prelude::*;

use crate::render::palette::Palette;
use model::Valid;

/// A server's swatch in a row keyed by its name, in the colour the current
/// settings give it (another server's removal may change it). One function,
/// so its reactive class is compiled once for the chips and the down list.
pub fn server_swatch(settings: ReadSignal<Valid>, name: String) -> AnyView {
    view! {
        <span class=move || settings.with(|s| Palette::of(&s.all_names(), s.change.is_join()).swatch_class(&name))></span>
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
