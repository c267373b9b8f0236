//! Disagreement during a rollout (DEFINITIONS §9): while routers learn the new
//! server list one by one, some writes land on a server that no longer owns
//! the key. Measured from moved keys, ring against modulo, beside the formula.

use leptos::prelude::*;
use model::figure_id::FigureId;
use model::questions::{QuestionId, QuestionSet};

use crate::app::message::{apply, Message};
use crate::app::number_control::typed_number;
use crate::app::panels::{fold, markup, Holder};
use crate::app::state::Model;
use crate::render::controls::whole_number;
use crate::render::markup::Markup;
use model::cost::{misrouted, modulo_share, significant};
use model::format::thousands;
use model::settings::{RATE, ROLLOUT};
use model::Snapshot;

/// Keys moved and writes misrouted, measured for the ring and for modulo.
/// Each figure answers a question (`Markup::tells`): the ring's count, and
/// modulo's in other units.
fn table(s: &Snapshot) -> String {
    let mut m = Markup::new();
    m.open(
        "table",
        &[
            ("class", Some("numbers compact")),
            ("id", Some("rollout-table")),
        ],
    )
    .open("thead", &[])
    .head_row(&["Scheme", "Keys moved", "Misrouted writes"])
    .close("thead")
    .open("tbody", &[]);
    let settings = &s.settings;
    for (heading, question, hook, moved) in [
        (
            "Ring (measured)",
            QuestionSet::of(&[QuestionId::Moved]),
            FigureId::MisroutedRing,
            s.moved_by_owner_diff,
        ),
        (
            "hash mod n (measured)",
            QuestionSet::of(&[QuestionId::Modulo]),
            FigureId::MisroutedModulo,
            s.modulo_moved,
        ),
    ] {
        // Whole writes: the plain number in the hook, with separators for the reader.
        let writes = misrouted(
            moved as f64,
            f64::from(settings.rate),
            f64::from(settings.rollout),
        )
        .round() as u64;
        m.open("tr", &[])
            .row_heading(heading)
            .number_cell_telling(question, &thousands(moved as u64))
            .open("td", &[("class", Some("num"))])
            .hidden_figure(hook, &writes.to_string())
            .tells(question, &mut |m| {
                m.text(&thousands(writes));
            })
            .close("td")
            .close("tr");
    }
    m.close("tbody").close("table");
    m.into_string()
}

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn rollout_panel() -> impl IntoView {
    let model = expect_context::<Model>();
    let snapshot = model.snapshot;
    let settings = model.settings;
    let rate_message = RwSignal::new(None::<String>);
    let rollout_message = RwSignal::new(None::<String>);
    // A number out of range is refused by `settle`, in its range's words.
    let set_rate = move |text: String| match whole_number::<u32>(&text) {
        Ok(rate) => apply(model, rate_message, |s| s.rate = rate),
        Err(why) => rate_message.set(Some(why)),
    };
    let set_rollout = move |text: String| match whole_number::<u32>(&text) {
        Ok(minutes) => apply(model, rollout_message, |s| s.rollout = minutes),
        Err(why) => rollout_message.set(Some(why)),
    };
    let typed_rate = typed_number(move |m| rate_message.set(m), set_rate);
    let typed_rollout = typed_number(move |m| rollout_message.set(m), set_rollout);
    let formula = move || {
        snapshot.with(|m| {
            let s = &m.0;
            let keys = s.key_count() as f64 * modulo_share(s.before.len(), s.after.len());
            format!(
                "By formula, modulo moves K·n ÷ (n+1) = {} keys here, so about {} writes go astray: moved × {} requests a minute × {} minutes ÷ 2, since on average half the routers still use the old list.",
                significant(keys, 4),
                significant(misrouted(keys, f64::from(s.settings.rate), f64::from(s.settings.rollout)), 4),
                s.settings.rate,
                s.settings.rollout
            )
        })
    };
    view! {
        <p class="lead">"Routers do not learn a new server list all at once. While some use the old list and some the new, a write for a key that moved can reach its old server, which no longer owns it."</p>
        {markup(Holder::Block, move || snapshot.with(|m| table(&m.0)))}
        {fold("Requests, rollout length and the formula", view! {
        <div class="cost-controls">
            <div class="control">
                <label for="rate">"Requests per key per minute"</label>
                <input type="number" id="rate" min=RATE.min as u32 max=RATE.max as u32 aria-describedby="rate-message"
                    prop:value=move || settings.with(|s| s.rate.to_string())
                    on:input=typed_rate.clone() on:change=typed_rate />
                <Message message=rate_message id="rate-message" />
            </div>
            <div class="control">
                <label for="rollout-minutes">"Rollout length, minutes"</label>
                <input type="number" id="rollout-minutes" min=ROLLOUT.min as u32 max=ROLLOUT.max as u32 aria-describedby="rollout-message"
                    prop:value=move || settings.with(|s| s.rollout.to_string())
                    on:input=typed_rollout.clone() on:change=typed_rollout />
                <Message message=rollout_message id="rollout-message" />
            </div>
        </div>
        <p class="note">{formula}</p>
        }.into_any())}
        <p class="note">"Make the wrong owner loud: if each server checks that it owns a key before accepting a write, a misrouted write becomes an error the client retries against the new list, instead of data silently stored where no reader will look."</p>
    }
}
