//! The panels are named in one table (`model::panels`); the docs and the
//! browser tests' harness name them too. They must name the same panels:
//! the docs' list is the table's ids in page order, and every panel the
//! harness maps a figure or a measured table to is one of them.

use model::panels::{self, PanelId};

/// The ids in backticks of the sentence that starts with `opening`.
fn ids_in_sentence(text: &str, opening: &str) -> Vec<String> {
    let start = text.find(opening).expect("the sentence") + opening.len();
    let sentence = &text[start..start + text[start..].find('.').expect("a full stop")];
    sentence
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The quoted values of the object literal `const NAME = { … };`, or its keys.
fn object_literal(code: &str, name: &str, keys: bool) -> Vec<String> {
    let start = code
        .find(&format!("const {name} = {{"))
        .unwrap_or_else(|| panic!("no {name} in the harness"));
    let body = &code[start..start + code[start..].find("};").expect("its end")];
    let body = &body[body.find('{').unwrap() + 1..];
    body.split(',')
        .filter_map(|entry| entry.split_once(':'))
        .map(|(key, value)| if keys { key } else { value })
        .map(|text| text.trim().trim_matches('"').to_string())
        .filter(|text| !text.is_empty())
        .collect()
}

#[test]
fn the_docs_list_every_panel_in_page_order() {
    let docs = include_str!("../docs/EMBEDDING.md");
    let ids: Vec<String> = panels::ids().iter().map(|id| id.as_str().into()).collect();
    assert_eq!(ids_in_sentence(docs, "Panel ids:"), ids);
}

#[test]
fn the_harness_maps_figures_and_tables_to_panels_that_exist() {
    let harness = include_str!("browser/harness.mjs");
    let figures = object_literal(harness, "FIGURE_PANEL", false);
    let measured = object_literal(harness, "MEASURED_FOR", true);
    assert!(figures.len() > 10 && !measured.is_empty());
    for panel in figures.iter().chain(&measured) {
        assert!(
            PanelId::from_id(panel).is_some(),
            "the harness names a panel {panel:?} that model::panels does not have"
        );
    }
}

#[test]
fn the_readers_find_a_planted_stranger() {
    let docs = "Panel ids: `ring`, `nowhere`. The rest.";
    assert_eq!(ids_in_sentence(docs, "Panel ids:"), ["ring", "nowhere"]);
    let harness = "const FIGURE_PANEL = {\n  moved: \"moved\",\n  spread: \"nowhere\",\n};";
    let named = object_literal(harness, "FIGURE_PANEL", false);
    assert_eq!(named, ["moved", "nowhere"]);
    assert!(PanelId::from_id(&named[1]).is_none());
}
