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

/// The note over a panel whose figures wait for a question, and its
/// button (the app's slot writes the same, `app::slot`; the style shows it
/// only while a question waits).
pub const HELD_NOTE: &str = "Each ? waits for your guess at a question of the lesson.";
pub const SHOW_HELD: &str = "Show the figures";

/// A panel's slot as the app builds it, written before the app arrives by
/// whatever has the panel's figures first (the first screen's module, the
/// worker): its note on what waits, then `section` in a markup region's
/// `div`, as the app's. `data-early` says it is not the app's yet.
pub fn early_slot(m: &mut Markup, panel: PanelId, section: &str) {
    m.open(
        "div",
        &[
            ("class", Some("panel-slot")),
            ("data-panel", Some(panel.as_str())),
            ("data-stale", Some("no")),
            ("data-early", Some("")),
        ],
    )
    .open("p", &[("class", Some("held-note"))])
    .text(HELD_NOTE)
    .element(
        "button",
        &[("type", Some("button")), ("data-show-held", Some(""))],
        SHOW_HELD,
    )
    .close("p")
    .open("div", &[])
    .written(section)
    .close("div")
    .close("div");
}

/// A page that is one panel (an embed, `panel=`) as the app lays it out:
/// its slot holding `section`, and the way out to the full page at
/// `full_page`; so nothing moves when the app replaces it.
pub fn panel_alone(panel: PanelId, section: &str, full_page: &str) -> String {
    let mut page = Markup::new();
    page.open("div", &[("class", Some("layout single"))])
        .open("main", &[("class", Some("panels"))]);
    early_slot(&mut page, panel, section);
    page.close("main")
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
