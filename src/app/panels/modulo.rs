//! The same change under `hash mod n`.

use leptos::prelude::*;

use crate::app::state::Model;
use crate::model::format::{fixed, format_share, percent, thousands};

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn modulo_panel(heading: &'static str) -> impl IntoView {
    let model = expect_context::<Model>();
    let snapshot = model.snapshot;
    let read = move |f: fn(&crate::model::Snapshot) -> String| move || snapshot.with(|m| f(&m.0));
    view! {
        <section class="panel" id="modulo" aria-labelledby="modulo-title">
            {super::heading("modulo-title", heading)}
            <p class="lead">
                {read(|s| format!(
                    "The obvious scheme sends a key to server number hash mod n. Going from {} to {} servers changes n, so almost every key gets a new number: only keys whose hash gives the same remainder for both stay put.",
                    s.before.len(), s.after.len()
                ))}
            </p>
            <table class="numbers">
                <thead>
                    <tr><th scope="col">"Scheme"</th><th scope="col">"Keys moved"</th><th scope="col">"Share"</th></tr>
                </thead>
                <tbody>
                    <tr>
                        <th scope="row">"Consistent hashing (ring)"</th>
                        <td class="num">{read(|s| s.moved_by_owner_diff.to_string())}</td>
                        <td class="num">{read(|s| percent(s.moved_by_owner_diff, s.key_count()))}</td>
                    </tr>
                    <tr>
                        <th scope="row">{read(|s| format!("hash mod n ({} → {})", s.before.len(), s.after.len()))}</th>
                        <td class="num"><span data-figure="modulo-moved">{read(|s| s.modulo_moved.to_string())}</span></td>
                        <td class="num">{read(|s| percent(s.modulo_moved, s.key_count()))}</td>
                    </tr>
                    <tr>
                        <th scope="row">"Even share (the least any scheme can move)"</th>
                        <td class="num">{read(|s| format_share(s.even_share()))}</td>
                        <td class="num">{read(|s| format!("{}%", fixed(100.0 / s.pool_with_changed() as f64, 1)))}</td>
                    </tr>
                </tbody>
            </table>
            <p class="note">
                {read(|s| format!(
                    "Of {} keys, modulo moved {} times as many as the ring.",
                    thousands(s.key_count() as u64),
                    if s.moved_by_owner_diff == 0 { "∞".to_string() } else { fixed(s.modulo_moved as f64 / s.moved_by_owner_diff as f64, 1) }
                ))}
            </p>
        </section>
    }
}
