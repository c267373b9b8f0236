//! What the page writes as text, with no web type: escaped markup, the
//! panels read off one snapshot, the embed's code, the handout's names, the
//! servers' colours, the claims panel from the worker's verdicts. The app,
//! the first screen's module and the worker share it: a crate of its own, so
//! the worker links it without the page's web crates.

pub mod claims;
pub mod controls;
pub mod embed_code;
pub mod glossary;
pub mod handout;
pub mod key_path;
pub mod lesson;
pub mod markup;
pub mod palette;
pub mod snapshot_panels;
pub mod your_keys;

use markup::Markup;
use model::panels::PanelId;

/// A page that is one panel (an embed, `panel=`) as the app lays it out:
/// its slot holding `section` (a markup region's `div` round it, as the
/// app's), and the way out to the full page at `full_page`. Written before
/// the app arrives by whatever has the panel's figures first (the first
/// screen's module, the worker), so nothing moves when the app replaces it.
pub fn panel_alone(panel: PanelId, section: &str, full_page: &str) -> String {
    let mut page = Markup::new();
    page.open("div", &[("class", Some("layout single"))])
        .open("main", &[("class", Some("panels"))])
        .open(
            "div",
            &[
                ("class", Some("panel-slot")),
                ("data-panel", Some(panel.as_str())),
                ("data-stale", Some("no")),
            ],
        )
        .open("div", &[])
        .written(section)
        .close("div")
        .close("div")
        .close("main")
        .close("div")
        .open("footer", &[("class", Some("full-page"))])
        .element(
            "a",
            &[
                ("href", Some(full_page)),
                ("target", Some("_blank")),
                ("rel", Some("noopener")),
            ],
            "Open the full page",
        )
        .close("footer");
    page.into_string()
}
