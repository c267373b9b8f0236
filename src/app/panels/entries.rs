//! The first entries of the ring after the change, in ring order.

use leptos::prelude::*;

use crate::app::draw::palette::swatch_class;
use crate::app::state::Model;
use crate::markup::Markup;
use crate::model::format::thousands;
use crate::model::Snapshot;

/// Enough rows to see points of different servers interleave.
const ROWS: usize = 12;

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn entries_panel(heading: &'static str) -> impl IntoView {
    let model = expect_context::<Model>();
    let summary = move || {
        model.snapshot.with(|m| {
            let s = &m.0;
            format!(
                "{} servers × {} points = {} entries. Ties at one position are ordered by server name, then point index.",
                s.after.len(),
                s.settings.points,
                thousands(s.ring_after.len() as u64)
            )
        })
    };
    // Markup, so a step that leaves the first entries as they were (most
    // points steps) changes nothing on the page.
    let rows = move || model.snapshot.with(|m| entries_table(&m.0));
    view! {
        <section class="panel" id="entries" aria-labelledby="entries-title">
            {super::heading("entries-title", heading)}
            <p class="lead">
                "A server named S with P points is hashed P times, as S#0, S#1, … S#P−1. These are the first entries clockwise from position 0 after the change. "
                {summary}
            </p>
            {super::markup(super::Holder::Block, rows)}
        </section>
    }
}

fn entries_table(s: &Snapshot) -> String {
    let mut m = Markup::new();
    m.open_scrolling_table("First ring entries", &[("class", Some("numbers"))])
        .open("thead", &[])
        .head_row(&["Position", "Server", "Point"])
        .close("thead")
        .open("tbody", &[]);
    for entry in s.ring_after.entries().iter().take(ROWS) {
        let name = s.name(entry.server);
        let position = entry.position.to_string();
        let point = entry.point.to_string();
        m.open(
            "tr",
            &[
                ("data-entry", Some("")),
                ("data-position", Some(&position)),
                ("data-server-name", Some(name)),
                ("data-point", Some(&point)),
            ],
        )
        .number_cell(&position)
        .open("td", &[])
        .swatch(swatch_class(name))
        .text(name)
        .close("td")
        .number_cell(&format!("#{point}"))
        .close("tr");
    }
    m.close("tbody").close_scrolling_table();
    m.into_string()
}
