//! "Save as PNG": a figure drawn again off screen at twice the resolution it
//! is shown at, for slides, and handed to the browser as a download.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlElement};

use super::theme::at_export_scale;
use crate::app::state::Model;

/// Draw `figure` at twice the shown resolution and save it. `render` draws
/// onto the canvas it is given and says whether there was anything to draw.
fn save(name: &str, render: &dyn Fn(&HtmlCanvasElement) -> bool) -> Option<()> {
    let document = window().document()?;
    let canvas: HtmlCanvasElement = document.create_element("canvas").ok()?.dyn_into().ok()?;
    if !at_export_scale(2.0, || render(&canvas)) {
        return None;
    }
    let url = canvas.to_data_url_with_type("image/png").ok()?;
    let link: HtmlElement = document.create_element("a").ok()?.dyn_into().ok()?;
    link.set_attribute("href", &url).ok()?;
    link.set_attribute("download", name).ok()?;
    link.click();
    Some(())
}

/// A "Save as PNG" button for one figure (`figure` names it in the file
/// name and in the button's accessible name).
pub fn save_png_button(
    figure: &'static str,
    render: impl Fn(&HtmlCanvasElement) -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let model = expect_context::<Model>();
    let click = move |_| {
        let name = model
            .settings
            .with_untracked(|valid| crate::render::handout::png_name(figure, valid));
        let _ = save(&name, &render);
    };
    view! {
        <button type="button" class="save-png" data-save-png=figure on:click=click
            aria-label=format!("Save as PNG: the {figure}")>
            "Save as PNG"
        </button>
    }
}
