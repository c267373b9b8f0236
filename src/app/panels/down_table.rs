//! Down beside deleted, system by system (DEFINITIONS §19): the failure
//! panel's table of what each deployed system does with the reader's down
//! servers, and what deleting their lines would do instead. Its rows carry
//! the same hooks as the systems table's, under `data-down-scheme`.

use leptos::prelude::*;
use model::down::{self, DownOutcome};
use model::format::and_list;
use model::report::{Report, SchemeRow};

use crate::app::panels::{markup, Holder};
use crate::app::state::{Model, SchemesMeasured};
use crate::render::markup::Markup;

/// A panel's section on down servers: a heading and the table of the rows
/// `part` picks out (each a `kind`: "Scheme" or "System"), once the reader
/// has named servers down. With `invite`,
/// until then a button offers to name the pool's first (the failure panel,
/// which measures it down by default). Written as markup, with the button
/// hidden rather than swapped, so the section costs one view.
pub fn down_section(
    part: fn(&Report) -> Option<&Vec<SchemeRow>>,
    id: &'static str,
    heading: &'static str,
    kind: &'static str,
    invite: bool,
) -> AnyView {
    let model = expect_context::<Model>();
    let level = if crate::app::layout::layout().alone {
        "h2"
    } else {
        "h3"
    };
    let named = move || model.settings.with(|s| !s.down.is_empty());
    let section = move || {
        if !named() {
            return String::new();
        }
        model.with_part(part, |measured| {
            let Some(table) = measured.and_then(|m| down_table(&m, kind)) else {
                return String::new();
            };
            let mut m = Markup::new();
            m.element(
                level,
                &[
                    ("id", Some(id)),
                    ("class", (level == "h2").then_some("subheading")),
                ],
                heading,
            );
            m.into_string() + &table
        })
    };
    if !invite {
        return markup(Holder::Block, section);
    }
    let compare = move |_| {
        let down = model.settings.with_untracked(|s| s.down_servers());
        // The pool's own servers, already valid: nothing to refuse.
        let _ = model.try_change(|s| s.down = down);
    };
    view! {
        {markup(Holder::Block, section)}
        <p class="down-invite" hidden=named>
            "Each load balancer treats a dead server its own way, and not always as if its line were deleted. "
            <button type="button" id="compare-down" on:click=compare>
                {move || format!("Compare them with {} down", model.settings.with(|s| and_list(&s.down_servers())))}
            </button>
        </p>
    }
    .into_any()
}

/// The table, once the systems are measured with servers down; `None`
/// while they are not (no `down=`, or not yet measured).
pub fn down_table(measured: &SchemesMeasured, kind: &str) -> Option<String> {
    let settings = &measured.snapshot.0.settings;
    let rows: Vec<(&str, &str, &DownOutcome)> = measured
        .value
        .iter()
        .filter_map(|row| {
            let r = &row.result;
            Some((r.id.as_str(), r.id.title(), r.down.as_ref()?))
        })
        .collect();
    if rows.is_empty() || settings.down.is_empty() {
        return None;
    }
    let down = and_list(&settings.down);
    let mut m = Markup::new();
    let finding: Vec<(&str, &DownOutcome)> = rows.iter().map(|&(_, title, o)| (title, o)).collect();
    m.paragraph(
        "down-finding",
        &down::finding(&finding, &down, settings.down.len()),
    );
    let lines = if settings.down.len() == 1 {
        "its line"
    } else {
        "their lines"
    };
    m.open_scrolling_table(
        &format!(
            "Each {} with {down} down, and with {lines} deleted",
            kind.to_lowercase()
        ),
        &[
            ("class", Some("numbers down-table")),
            ("id", Some("down-table")),
            ("data-for", Some(measured.query)),
        ],
    );
    let deleted = format!("With {lines} deleted");
    m.open("thead", &[]).open("tr", &[]).column_heading(kind);
    for heading in ["While down", &deleted, "The same?"] {
        m.column_heading(heading);
    }
    m.close("tr").close("thead").open("tbody", &[]);
    for (id, title, outcome) in rows {
        let mut hooks = down_hooks(outcome);
        hooks.insert(0, ("data-down-scheme", id.to_string()));
        let attributes: Vec<(&str, Option<&str>)> = hooks
            .iter()
            .map(|(hook, value)| (*hook, Some(value.as_str())))
            .collect();
        let differs = outcome.differs();
        m.open("tr", &attributes)
            .element("th", &[("scope", Some("row"))], title)
            .element("td", &[], &down::down_words(outcome))
            .element("td", &[], &down::removed_words(outcome))
            .element(
                "td",
                &[("class", differs.then_some("bad"))],
                if differs { "no" } else { "yes" },
            )
            .close("tr");
    }
    m.close("tbody").close_scrolling_table();
    Some(m.into_string())
}

/// DEFINITIONS §19's hooks for one row: the counts, and whether going down
/// and being deleted differ.
pub fn down_hooks(d: &DownOutcome) -> Vec<(&'static str, String)> {
    let mut hooks: Vec<(&str, String)> = [
        ("data-down-moved", d.moved),
        ("data-down-moved-between", d.moved_between),
        ("data-down-failed", d.failed),
        ("data-down-to-down", d.to_down),
        ("data-down-round-robin", d.round_robin),
        ("data-removed-moved", d.removed_moved),
        ("data-removed-moved-between", d.removed_moved_between),
    ]
    .into_iter()
    .map(|(hook, count)| (hook, count.to_string()))
    .collect();
    hooks.push((
        "data-down-differs",
        if d.differs() { "yes" } else { "no" }.to_string(),
    ));
    hooks
}
