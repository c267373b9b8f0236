//! The first entries of the ring after the change, in ring order.

use leptos::prelude::*;

use crate::app::draw::palette::colour_of;
use crate::app::state::Model;
use crate::model::format::thousands;

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
    view! {
        <section class="panel" id="entries" aria-labelledby="entries-title">
            {super::heading("entries-title", heading)}
            <p class="lead">
                "A server named S with P points is hashed P times, as S#0, S#1, … S#P−1. These are the first entries clockwise from position 0 after the change. "
                {summary}
            </p>
            <div class="table-scroll" role="region" tabindex="0" aria-label="First ring entries">
                <table class="numbers">
                    <thead>
                        <tr><th scope="col">"Position"</th><th scope="col">"Server"</th><th scope="col">"Point"</th></tr>
                    </thead>
                    <tbody>
                        {move || model.snapshot.with(|m| {
                            let s = &m.0;
                            s.ring_after.entries().iter().take(ROWS).map(|entry| {
                                let name = s.name(entry.server).to_string();
                                view! {
                                    <tr data-entry="" data-position=entry.position data-server-name=name.clone() data-point=entry.point>
                                        <td class="num">{entry.position}</td>
                                        <td><span class="swatch" style:background=colour_of(&name)></span>{name.clone()}</td>
                                        <td class="num">"#"{entry.point}</td>
                                    </tr>
                                }
                            }).collect_view()
                        })}
                    </tbody>
                </table>
            </div>
        </section>
    }
}
