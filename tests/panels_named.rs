//! The panels and the figures are named in tables (`model::panels`,
//! `model::figure_id`); the docs and the browser tests' harness name them
//! too. They must name the same: the docs' list of panels is the table's ids
//! in page order, the docs name every figure and no other, and every panel
//! the harness maps a measured table to is one of them (it asks the oracle
//! which panel shows each figure, `--figure-panels`).

use model::figure_id::FigureId;
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

/// The figure names the docs give as `data-figure` values: the backticked
/// names after each "`data-figure` =" up to the clause's end, and each
/// `data-figure="NAME"`. (A figure may be named later in its row too,
/// backticked: the check that every figure is named looks for that.)
fn documented_figures(docs: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in docs.match_indices("`data-figure` =") {
        let clause = &docs[at + "`data-figure` =".len()..];
        let clause = &clause[..clause.find([';', '|']).unwrap_or(clause.len())];
        names.extend(
            clause
                .split('`')
                .skip(1)
                .step_by(2)
                .filter(|name| {
                    name.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                })
                .map(str::to_string),
        );
    }
    for (at, _) in docs.match_indices("data-figure=\"") {
        let rest = &docs[at + "data-figure=\"".len()..];
        names.push(rest[..rest.find('"').expect("a closing quote")].to_string());
    }
    names
}

#[test]
fn the_docs_name_every_figure_and_no_other() {
    let docs = include_str!("../docs/EMBEDDING.md");
    let named = documented_figures(docs);
    for figure in FigureId::ALL {
        let name = figure.as_str();
        assert!(
            named.iter().any(|n| n == name) || docs.contains(&format!("`{name}`")),
            "EMBEDDING.md does not name the figure {:?}",
            figure.as_str()
        );
    }
    for name in &named {
        assert!(
            FigureId::ALL.iter().any(|f| f.as_str() == name),
            "EMBEDDING.md names a figure {name:?} that model::figure_id does not have"
        );
    }
    // A planted stranger is found.
    let planted = documented_figures("| x | `data-figure` = `moved`, `nowhere` (a note); `zipf` |");
    assert_eq!(planted, ["moved", "nowhere"]);
}

#[test]
fn the_harness_maps_tables_to_panels_that_exist() {
    let harness = include_str!("browser/harness.mjs");
    assert!(
        !harness.contains("const FIGURE_PANEL = {"),
        "the harness asks the oracle for the figures' panels"
    );
    let measured = object_literal(harness, "MEASURED_FOR", true);
    assert!(!measured.is_empty());
    for panel in &measured {
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
    let harness = "const MEASURED_FOR = {\n  nowhere: \"#x\",\n};";
    let named = object_literal(harness, "MEASURED_FOR", true);
    assert_eq!(named, ["nowhere"]);
    assert!(PanelId::from_id(&named[0]).is_none());
}
