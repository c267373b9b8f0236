//! The page. Data flows one way: settings (from the controls or the address)
//! → one measured snapshot → panels that only read it.

mod controls;
mod deferred;
mod draw;
mod embed;
pub mod panels;
mod prose;
pub mod state;
mod timing;
mod url_state;

use leptos::prelude::*;

use crate::panels::{self as registry, PanelDef, Work};
use state::Model;

pub fn start() {
    embed::install_panic_banner();
    leptos::mount::mount_to_body(App);
}

#[component]
fn App() -> impl IntoView {
    let parsed = url_state::read();
    let view_mode = parsed.view;
    let alone = view_mode.panel.and_then(registry::find);
    // The page's panels: one alone, or all of them.
    let shown: Vec<&'static PanelDef> = match alone {
        Some(panel) => vec![panel],
        None => registry::ALL.iter().collect(),
    };
    let work: &'static [Work] = registry::work_for(shown.iter().copied()).leak();
    let model = Model::new(parsed.settings, work);
    deferred::keep_up_to_date(model);
    provide_context(model);
    url_state::keep_in_address(model, view_mode);
    let notices = parsed.notices;
    if view_mode.embed || alone.is_some() {
        embed::report_height_to_parent();
    }
    let full_page = alone.is_none();

    view! {
        <div class="page" class:embedded=view_mode.embed>
            {(!view_mode.embed).then(prose::Header)}
            {full_page.then(controls::QuickBar)}
            {(!notices.is_empty()).then(|| view! {
                <div class="notices" role="status">
                    <p>"Parts of the address could not be used, so their defaults are shown:"</p>
                    <ul>{notices.into_iter().map(|notice| view! { <li>{notice}</li> }).collect_view()}</ul>
                </div>
            })}
            <div class="layout" class:single=!full_page>
                {full_page.then(controls::Controls)}
                <main class="panels">
                    {shown.into_iter().map(|panel| (panel.view)(panel.heading)).collect_view()}
                    {(full_page && !view_mode.embed).then(prose::LeavesOut)}
                </main>
            </div>
        </div>
    }
}
