//! Moved keys, counted twice by routes that share no code.

use leptos::prelude::*;

use crate::app::state::Model;
use crate::model::format::{format_share, percent, thousands};

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn moved_panel(heading: &'static str) -> impl IntoView {
    let model = expect_context::<Model>();
    let snapshot = model.snapshot;
    let read = move |f: fn(&crate::model::Snapshot) -> String| move || snapshot.with(|m| f(&m.0));
    let agree = move || snapshot.with(|m| m.0.moved_by_owner_diff == m.0.moved_by_arc_walk);
    view! {
        <section class="panel" id="moved" aria-labelledby="moved-title">
            {super::heading("moved-title", heading)}
            <p class="lead">
                {read(|s| if s.is_join() {
                    format!("When {} joins, it takes over the arc just before each of its points, and only those keys move. ", s.name(s.changed))
                } else {
                    format!("When {} leaves, each of its arcs passes to the next server clockwise, and only its keys move. ", s.name(s.changed))
                })}
                "The page counts them twice, by two routes that share no code, and they must agree."
            </p>
            <table class="numbers">
                <tbody>
                    <tr>
                        <th scope="row">"Owner before ≠ owner after, key by key"</th>
                        <td class="num"><span data-figure="moved">{read(|s| s.moved_by_owner_diff.to_string())}</span></td>
                    </tr>
                    <tr>
                        <th scope="row">{read(|s| format!("Keys inside the arcs {} {}", s.name(s.changed), if s.is_join() { "claims" } else { "gives up" }))}</th>
                        <td class="num"><span data-figure="moved-arc">{read(|s| s.moved_by_arc_walk.to_string())}</span></td>
                    </tr>
                    <tr>
                        <th scope="row">"Even share: keys ÷ servers with the changed one"</th>
                        <td class="num"><span data-figure="even-share">{read(|s| format_share(s.even_share()))}</span></td>
                    </tr>
                </tbody>
            </table>
            <p class="verdict" aria-live="polite" data-routes-agree=move || if agree() { "yes" } else { "no" }>
                {move || if agree() { "✔ The two counts agree: " } else { "✘ The two counts disagree: " }}
                {read(|s| format!(
                    "{} of {} keys ({}) moved, against an even share of {}.",
                    thousands(s.moved_by_owner_diff as u64),
                    thousands(s.key_count() as u64),
                    percent(s.moved_by_owner_diff, s.key_count()),
                    format_share(s.even_share())
                ))}
            </p>
        </section>
    }
}
