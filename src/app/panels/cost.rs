//! The cost of a change in the lesson's units (DEFINITIONS §9): data to copy and
//! time to copy it, per scheme, measured from moved keys beside the formula.

use leptos::prelude::*;

use crate::app::message::{apply, Message};
use crate::app::panels::{markup, Holder};
use crate::app::state::Model;
use crate::render::markup::Markup;
use model::cost::{
    ideal_share, modulo_share, significant, Bytes, ColdMisses, Copy, MAX_BANDWIDTH, MAX_DATA,
    MIN_BANDWIDTH, MIN_DATA,
};
use model::format::{
    duration, fixed, fixed_in_prose, format_ratio, seconds_and_duration, thousands,
};
use model::placements::PlacementId;
use model::report::SchemeRow;
use model::{Settings, Snapshot};

/// "5,210 GB": gigabytes to three significant figures.
pub fn gigabytes(bytes: f64) -> String {
    format!("{} GB", significant(bytes / 1e9, 3))
}

/// A measured copy time as the table states it: "21,258 s (5.9 h)".
fn measured_seconds(seconds: f64) -> String {
    seconds_and_duration(seconds)
}

/// A formula's time, to four figures: "26,050 s (7.2 h)".
pub fn seconds(seconds: f64) -> String {
    format!("{} s ({})", significant(seconds, 4), duration(seconds))
}

/// What the measured ring is called in a sentence: "the ring", or
/// "nginx's ring" when a client's is in use.
fn ring_name(s: &model::Snapshot) -> String {
    if s.settings.in_use.is_client() {
        format!("{}'s ring", s.settings.in_use.name())
    } else {
        "the ring".to_string()
    }
}

/// What copying `moved` of the snapshot's keys takes.
fn copy_of(s: &Snapshot, moved: usize) -> Copy {
    Copy::of(
        moved as f64 / s.key_count() as f64,
        s.settings.data,
        s.settings.bandwidth,
    )
}

/// What copying takes for the ring and for modulo. Each time is in whole
/// seconds in its hook, as the reader is told it beside: the table's rows
/// and the copy-hours question say the same.
fn copy_verdict(s: &Snapshot) -> String {
    let mut html = Markup::new();
    let time = |html: &mut Markup, hook: &str, moved: usize| {
        let seconds = copy_of(s, moved).seconds;
        html.hidden_figure(hook, &(seconds.round() as u64).to_string())
            .text(&seconds_and_duration(seconds));
    };
    html.text(&format!(
        "Measured here: copying what {} moves takes ",
        ring_name(s)
    ));
    time(&mut html, "copy-seconds-ring", s.moved_by_owner_diff);
    html.text("; what hash mod n moves, ");
    time(&mut html, "copy-seconds-modulo", s.modulo_moved);
    html.text(".");
    html.into_string()
}

/// For a cache, the same moves counted as cold misses (DEFINITIONS §16),
/// and in requests where keys are not alike: one markup region, not a
/// view per figure.
fn cold_misses(s: &Snapshot) -> String {
    let rate = s.settings.rate;
    let (ring, modulo) = (
        ColdMisses::of(s.moved_by_owner_diff, rate),
        ColdMisses::of(s.modulo_moved, rate),
    );
    // A rate's hook holds it plain; the reader sees it with separators.
    let figure = |html: &mut Markup, id: &str, per_second: f64| {
        html.hidden_figure(id, &fixed(per_second, 1))
            .text(&fixed_in_prose(per_second, 1));
    };
    let mut html = Markup::new();
    html.open("p", &[("data-cold-misses", Some(""))])
        .text("For a cache, every moved key is a cold miss the next time it is asked for: ")
        .count_in_prose("cold-misses-ring", ring.misses as u64)
        .text(&format!(" misses for {}, ", ring_name(s)))
        .count_in_prose("cold-misses-modulo", modulo.misses as u64)
        .text(&format!(
            " for modulo. At {} {} per key per minute they all come within about {}: ",
            thousands(u64::from(rate)),
            if rate == 1 { "request" } else { "requests" },
            if ring.within_seconds < 1.0 {
                "under a second".to_string()
            } else {
                duration(ring.within_seconds)
            }
        ));
    figure(&mut html, "miss-rate-ring", ring.per_second);
    html.text(&format!(
        " extra requests a second to the backing store for {}, ",
        ring_name(s)
    ));
    figure(&mut html, "miss-rate-modulo", modulo.per_second);
    html.text(" for modulo.").close("p");
    // Hot keys miss as often as they are asked for: the share of traffic
    // that finds a cold cache at first (DEFINITIONS §16).
    if let (Some(ring), Some(modulo)) = (s.moved_requests(), s.modulo_moved_requests()) {
        html.open("p", &[("data-cold-requests", Some(""))])
            .hidden_figure("miss-request-share-ring", &fixed(ring.share, 6))
            .hidden_figure("miss-request-share-modulo", &fixed(modulo.share, 6))
            .text(&format!(
                "Counted in requests ({}), the moved keys get {} under {}, {} under hash mod n: that share of the traffic goes to a server without the data until each key's first miss refills it.",
                s.requests().describe(),
                ring.describe(),
                ring_name(s),
                modulo.describe()
            ))
            .close("p");
    }
    html.into_string()
}

fn lead(s: &Snapshot) -> String {
    format!(
        "Every key stands for its part of {} of data, copied at {} a second. A key that moves is data that must cross the network before the new server can answer for it. The formula assumes an ideal scheme and perfect modulo; the measured rows count the keys that really moved here.",
        s.settings.data.spaced(),
        s.settings.bandwidth.spaced()
    )
}

/// The formula's two rows: an ideal scheme and perfect modulo.
fn formula_rows(s: &Snapshot) -> impl IntoView {
    let (n_before, n_after) = (s.before.len(), s.after.len());
    let larger = n_before.max(n_after);
    let row = |formula: &'static str, heading: String, share: f64| {
        let copy = Copy::of(share, s.settings.data, s.settings.bandwidth);
        view! {
            <tr data-formula=formula>
                <th scope="row">{heading}</th>
                <td class="num">{significant(s.key_count() as f64 * share, 4)}</td>
                <td class="num">{gigabytes(copy.bytes)}</td>
                <td class="num">{seconds(copy.seconds)}</td>
            </tr>
        }
    };
    (
        row(
            "ideal",
            format!("Formula, ideal: K ÷ {larger}"),
            ideal_share(n_before, n_after),
        ),
        row(
            "modulo",
            format!("Formula, modulo: K·{} ÷ {larger}", larger - 1),
            modulo_share(n_before, n_after),
        ),
    )
}

/// One scheme's measured row. The ring row is the ring in use
/// (DEFINITIONS §18), and says whose.
fn measured_row(s: &Snapshot, row: &SchemeRow) -> impl IntoView {
    let moved = row.result.movement.moved;
    let copy = copy_of(s, moved);
    let title = match row.result.id {
        PlacementId::Ring if s.settings.in_use.is_client() => format!("{}, in use", ring_name(s)),
        id => id.title().to_string(),
    };
    view! {
        <tr data-cost-scheme=row.result.id.as_str() data-copy-seconds=copy.seconds.round() as u64>
            <th scope="row">{format!("Measured: {title}")}</th>
            <td class="num">{thousands(moved as u64)}</td>
            <td class="num">{gigabytes(copy.bytes)}</td>
            // Measured: whole seconds, as the verdict above states them.
            <td class="num">{measured_seconds(copy.seconds)}</td>
        </tr>
    }
}

fn waste(s: &Snapshot) -> String {
    format!(
        "The waste factor, modulo moved ÷ ring moved: {} ÷ {} = {}, beside n = {} servers. A scheme that must reshuffle nearly everything copies about n times what a minimal one does.",
        thousands(s.modulo_moved as u64),
        thousands(s.moved_by_owner_diff as u64),
        format_ratio(s.modulo_over_ring()),
        s.before.len().max(s.after.len()) - usize::from(s.is_join())
    )
}

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn cost_panel() -> impl IntoView {
    let model = expect_context::<Model>();
    let snapshot = model.snapshot;
    let measured_rows = move || {
        snapshot.with(|m| {
            model.with_part(
                |r| r.schemes.as_ref(),
                |measured| {
                    measured.map(|measured| {
                        measured
                            .iter()
                            .map(|row| measured_row(&m.0, row))
                            .collect_view()
                    })
                },
            )
        })
    };
    view! {
        <p class="lead">{move || snapshot.with(|m| lead(&m.0))}</p>
        <CostControls />
        {markup(Holder::Verdict, move || snapshot.with(|m| copy_verdict(&m.0)))}
        {markup(Holder::Block, move || snapshot.with(|m| cold_misses(&m.0)))}
        <div class="table-scroll" role="region" tabindex="0" aria-label="What the change costs, scheme by scheme">
            <table class="numbers" id="cost-table">
                <thead>
                    <tr><th scope="col">"Route"</th><th scope="col">"Keys moved"</th><th scope="col">"Data to copy"</th><th scope="col">"Time to copy"</th></tr>
                </thead>
                <tbody>
                    {move || snapshot.with(|m| formula_rows(&m.0))}
                    {measured_rows}
                </tbody>
            </table>
        </div>
        <p class="note">{move || snapshot.with(|m| waste(&m.0))}</p>
    }
}

/// Total data and bandwidth, typed with units.
#[component]
fn CostControls() -> impl IntoView {
    let model = expect_context::<Model>();
    let settings = model.settings;
    let data_message = RwSignal::new(None::<String>);
    let bandwidth_message = RwSignal::new(None::<String>);
    let set = move |text: String,
                    limits: (Bytes, Bytes),
                    message: RwSignal<Option<String>>,
                    write: fn(&mut Settings, Bytes)| {
        match Bytes::parse(&text, limits.0, limits.1) {
            Ok(bytes) => apply(model, message, |s| write(s, bytes)),
            Err(why) => {
                let mut why = why;
                if let Some(first) = why.get_mut(0..1) {
                    first.make_ascii_uppercase();
                }
                message.set(Some(format!(
                    "“{}” is not usable: {why}.",
                    text.trim().chars().take(24).collect::<String>()
                )))
            }
        }
    };
    view! {
        <div class="cost-controls">
            <div class="control">
                <label for="data-size">"Total data"</label>
                <input type="text" id="data-size" inputmode="decimal" aria-describedby="data-message"
                    prop:value=move || settings.with(|s| s.data.describe())
                    on:change=move |ev| set(event_target_value(&ev), (MIN_DATA, MAX_DATA), data_message, |s, b| s.data = b) />
                <p class="help">"A number with KB, MB, GB or TB (powers of 1000): 5.5TB, 720GB."</p>
                <Message message=data_message id="data-message" />
            </div>
            <div class="control">
                <label for="bandwidth">"Copy bandwidth, per second"</label>
                <input type="text" id="bandwidth" inputmode="decimal" aria-describedby="bandwidth-message"
                    prop:value=move || settings.with(|s| s.bandwidth.describe())
                    on:change=move |ev| set(event_target_value(&ev), (MIN_BANDWIDTH, MAX_BANDWIDTH), bandwidth_message, |s, b| s.bandwidth = b) />
                <p class="help">"How fast a new server can be filled: 200MB is 200 MB a second."</p>
                <Message message=bandwidth_message id="bandwidth-message" />
            </div>
        </div>
    }
}
