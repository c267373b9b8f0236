//! The cost of a change in the lesson's units (DEFINITIONS §9): data to copy and
//! time to copy it, per scheme, measured from moved keys beside the formula.

use leptos::prelude::*;
use model::figure_id::FigureId;
use model::questions::{QuestionId, QuestionSet};

use crate::app::message::{apply, Message};
use crate::app::panels::{fold, markup, moved_answers, Holder};
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
    let time = |html: &mut Markup, hook: FigureId, moved: usize| {
        let seconds = copy_of(s, moved).seconds;
        html.hidden_figure(hook, &(seconds.round() as u64).to_string())
            .text(&seconds_and_duration(seconds));
    };
    // The ring's time is the moved count in other units, and the copy-hours
    // question's answer (`Markup::tells`).
    let ring_time = |html: &mut Markup| {
        html.tells(QuestionSet::of(&[QuestionId::Moved]), &mut |html| {
            time(html, FigureId::CopySecondsRing, s.moved_by_owner_diff)
        });
    };
    html.text(&format!(
        "Measured here: copying what {} moves takes ",
        ring_name(s)
    ));
    ring_time(&mut html);
    html.text("; what hash mod n moves, ");
    html.tells(
        QuestionSet::of(&[QuestionId::Modulo, QuestionId::CopyHours]),
        &mut |html| time(html, FigureId::CopySecondsModulo, s.modulo_moved),
    );
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
    let figure = |html: &mut Markup, id: FigureId, per_second: f64| {
        html.hidden_figure(id, &fixed(per_second, 1))
            .text(&fixed_in_prose(per_second, 1));
    };
    let mut html = Markup::new();
    html.open("p", &[("data-cold-misses", Some(""))])
        .text("For a cache, every moved key is a cold miss the next time it is asked for: ")
        .tells(QuestionSet::of(&[QuestionId::Moved]), &mut |html| {
            html.count_in_prose(FigureId::ColdMissesRing, ring.misses as u64);
        })
        .text(&format!(" misses for {}, ", ring_name(s)))
        .tells(QuestionSet::of(&[QuestionId::Modulo]), &mut |html| {
            html.count_in_prose(FigureId::ColdMissesModulo, modulo.misses as u64);
        })
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
    html.tells(QuestionSet::of(&[QuestionId::Moved]), &mut |html| {
        figure(html, FigureId::MissRateRing, ring.per_second)
    });
    html.text(&format!(
        " extra requests a second to the backing store for {}, ",
        ring_name(s)
    ));
    html.tells(QuestionSet::of(&[QuestionId::Modulo]), &mut |html| {
        figure(html, FigureId::MissRateModulo, modulo.per_second)
    });
    html.text(" for modulo.").close("p");
    // Hot keys miss as often as they are asked for: the share of traffic
    // that finds a cold cache at first (DEFINITIONS §16).
    if let (Some(ring), Some(modulo)) = (s.moved_requests(), s.modulo_moved_requests()) {
        html.open("p", &[("data-cold-requests", Some(""))])
            .hidden_figure(FigureId::MissRequestShareRing, &fixed(ring.share, 6))
            .hidden_figure(FigureId::MissRequestShareModulo, &fixed(modulo.share, 6))
            .text(&format!(
                "Counted in requests ({}), the moved keys get ",
                s.requests().describe()
            ))
            .tells(QuestionSet::of(&[QuestionId::Moved]), &mut |html| {
                html.text(&ring.describe());
            })
            .text(&format!(" under {}, ", ring_name(s)))
            .tells(QuestionSet::of(&[QuestionId::Modulo]), &mut |html| {
                html.text(&modulo.describe());
            })
            .text(" under hash mod n: that share of the traffic goes to a server without the data until each key's first miss refills it.")
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
fn formula_rows(m: &mut Markup, s: &Snapshot) {
    let (n_before, n_after) = (s.before.len(), s.after.len());
    let larger = n_before.max(n_after);
    // Perfect modulo's time is, to the hour's tenth, often the time
    // measured: it waits for the copy-hours question too.
    for (formula, heading, share, copying) in [
        (
            "ideal",
            format!("Formula, ideal: K ÷ {larger}"),
            ideal_share(n_before, n_after),
            QuestionSet::NONE,
        ),
        (
            "modulo",
            format!("Formula, modulo: K·{} ÷ {larger}", larger - 1),
            modulo_share(n_before, n_after),
            QuestionSet::of(&[QuestionId::CopyHours]),
        ),
    ] {
        let copy = Copy::of(share, s.settings.data, s.settings.bandwidth);
        m.open("tr", &[("data-formula", Some(formula))])
            .row_heading(&heading)
            .number_cell(&significant(s.key_count() as f64 * share, 4))
            .number_cell_telling(copying, &gigabytes(copy.bytes))
            .number_cell_telling(copying, &seconds(copy.seconds))
            .close("tr");
    }
}

/// One scheme's measured row. The ring row is the ring in use
/// (DEFINITIONS §18), and says whose. Each figure is a moved count in its
/// own units, and answers that count's question (`Markup::tells`).
fn measured_row(m: &mut Markup, s: &Snapshot, row: &SchemeRow) {
    let moved = row.result.movement.moved;
    let copy = copy_of(s, moved);
    let question = moved_answers(row.result.id);
    let title = match row.result.id {
        PlacementId::Ring if s.settings.in_use.is_client() => format!("{}, in use", ring_name(s)),
        id => id.title().to_string(),
    };
    let whole_seconds = (copy.seconds.round() as u64).to_string();
    m.open(
        "tr",
        &[
            ("data-cost-scheme", Some(row.result.id.as_str())),
            ("data-copy-seconds", Some(&whole_seconds)),
        ],
    );
    // Modulo's data and time, at the bandwidth given, are the copy-hours
    // question's answer too.
    let copying = match row.result.id {
        PlacementId::Modulo => QuestionSet::of(&[QuestionId::Modulo, QuestionId::CopyHours]),
        _ => question,
    };
    m.row_heading(&format!("Measured: {title}"))
        .number_cell_telling(question, &thousands(moved as u64))
        .number_cell_telling(copying, &gigabytes(copy.bytes))
        // Measured: whole seconds, as the verdict above states them.
        .number_cell_telling(copying, &measured_seconds(copy.seconds))
        .close("tr");
}

/// The table, formula and measured, and the waste factor under it.
fn cost_table(s: &Snapshot, measured: Option<&[SchemeRow]>) -> String {
    let mut m = Markup::new();
    m.open_scrolling_table(
        "What the change costs, scheme by scheme",
        &[("class", Some("numbers")), ("id", Some("cost-table"))],
    )
    .open("thead", &[])
    .head_row(&["Route", "Keys moved", "Data to copy", "Time to copy"])
    .close("thead")
    .open("tbody", &[]);
    formula_rows(&mut m, s);
    for row in measured.unwrap_or_default() {
        measured_row(&mut m, s, row);
    }
    m.close("tbody").close_scrolling_table();
    // Modulo's count and the ratio give the ring's away.
    let told = |m: &mut Markup, answers: QuestionSet, text: &str| {
        m.tells(answers, &mut |m| {
            m.text(text);
        });
    };
    m.open("p", &[("class", Some("note"))])
        .text("The waste factor, modulo moved ÷ ring moved: ");
    told(
        &mut m,
        QuestionSet::of(&[QuestionId::Modulo]),
        &thousands(s.modulo_moved as u64),
    );
    m.text(" ÷ ");
    told(
        &mut m,
        QuestionSet::of(&[QuestionId::Moved]),
        &thousands(s.moved_by_owner_diff as u64),
    );
    m.text(" = ");
    told(
        &mut m,
        QuestionSet::of(&[QuestionId::Moved, QuestionId::Modulo]),
        &format_ratio(s.modulo_over_ring()),
    );
    m.text(&format!(
        ", beside n = {} servers. A scheme that must reshuffle nearly everything copies about n times what a minimal one does.",
        s.before.len().max(s.after.len()) - usize::from(s.is_join())
    ))
    .close("p");
    m.into_string()
}

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn cost_panel() -> impl IntoView {
    let model = expect_context::<Model>();
    let snapshot = model.snapshot;
    let table = move || {
        snapshot.with(|m| {
            model.with_part(
                |r| r.schemes.as_ref(),
                |measured| cost_table(&m.0, measured.map(|measured| measured.value.as_slice())),
            )
        })
    };
    view! {
        <p class="lead">{move || snapshot.with(|m| lead(&m.0))}</p>
        {fold("Total data and copy bandwidth", view! { <CostControls /> }.into_any())}
        {markup(Holder::Verdict, move || snapshot.with(|m| copy_verdict(&m.0)))}
        {markup(Holder::Block, move || snapshot.with(|m| cold_misses(&m.0)))}
        {fold("The table, scheme by scheme", markup(Holder::Block, table))}
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
