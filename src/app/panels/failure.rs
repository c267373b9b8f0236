//! When servers fail (DEFINITIONS §8): where the down servers' keys go, what the
//! replicas save and cost, the copysets many points create, and one key's
//! replicas on demand. Measured by the worker (see `app::measure`).

use leptos::prelude::*;
use model::figure_id::FigureId;
use model::questions::{QuestionId, QuestionSet};

use super::predict::settings_query;

use crate::app::message::{apply, Message};
use crate::app::number_control::NumberControl;
use crate::app::panels::down_table::down_section;
use crate::app::panels::{fold, markup, Holder};
use crate::app::state::{FailureMeasured, Model};
use crate::render::markup::{escape, Markup};
use crate::render::palette::Palette;
use model::failures::replicas_of;
use model::format::{and_list, fixed, percent, thousands};
use model::settings::REPLICAS;
use model::{Replicas, Snapshot};

/// What the failure panel shows on the ring: whether the ring draws the
/// failure over the pool after the change, and the key whose replicas the
/// panel lists (an offset into the keys, so a new first key keeps the slot).
/// The panel keeps it; the ring draws it, and a click on a dot picks the key.
#[derive(Clone, Copy)]
pub struct FailureView {
    pub shown: RwSignal<bool>,
    pub inspected_key: RwSignal<usize>,
}

impl Default for FailureView {
    fn default() -> FailureView {
        FailureView {
            shown: RwSignal::new(false),
            inspected_key: RwSignal::new(0),
        }
    }
}

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn failure_panel() -> impl IntoView {
    let model = expect_context::<Model>();
    let snapshot = model.snapshot;

    let lead = move || {
        snapshot.with(|m| {
            let s = &m.0;
            // With no box ticked the panel still shows a failure: the
            // pool's first, as an example (DEFINITIONS §8), and says so.
            let down = if s.settings.down.is_empty() {
                format!(
                    "No box is ticked, so the figures take the first server, {}, down as an example; tick the servers you want down. R = {}.",
                    and_list(&s.settings.down_servers()),
                    s.settings.replicas_in_pool()
                )
            } else {
                format!(
                    "Now {} down and R = {}.",
                    and_list(&s.settings.down),
                    s.settings.replicas_in_pool()
                )
            };
            escape(&format!(
                "Take servers out of the {} that remain after the change. A key whose first server is down goes to the next live server clockwise; with R replicas, a key's copies sit on the first R distinct servers clockwise from it. {down}",
                s.after.len(),
            ))
        })
    };
    let headline = move || {
        model.with_part(
            |r| r.failure.as_ref(),
            |measured| {
                measured
                    .and_then(|m| busiest_survivor(&m))
                    .unwrap_or_default()
            },
        )
    };
    let figures = move || {
        let shown = snapshot.with(|m| settings_query(&m.0));
        model.with_part(
            |r| r.failure.as_ref(),
            |measured| {
                measured
                    .map(|m| {
                        // The last address's figures, until the worker's arrive: say so.
                        let behind = if m.query == shown {
                            String::new()
                        } else {
                            let mut note = Markup::new();
                            note.paragraph("note updating", "Updating for the new settings…");
                            note.into_string()
                        };
                        behind + &figures_markup(&m)
                    })
                    .unwrap_or_default()
            },
        )
    };

    view! {
        {markup(Holder::Lead, lead)}
        <FailureControls />
        {markup(Holder::Verdict, headline)}
        {fold("Each survivor's keys, and what is lost", markup(Holder::Block, figures))}
        {down_section(|r| r.systems.as_ref(), "down-failure", "Down is not deleted: each load balancer", "System", true)}
        // Open: a dot clicked on the ring lands its key here.
        <ReplicaInspector />
    }
}

/// The survivor that ends up busiest, and what it took on, as markup. A
/// sentence that states a waiting question's answer (the busiest server's
/// keys after the change, or the most any survivor receives) waits whole
/// (`Markup::tells`).
fn busiest_survivor(measured: &FailureMeasured) -> Option<String> {
    let f = &measured.failure;
    let s = &measured.snapshot.0;
    let down = s.down_ids();
    let survivors: Vec<u16> = s
        .after
        .iter()
        .copied()
        .filter(|id| !down.contains(id))
        .collect();
    let most_received = survivors
        .iter()
        .map(|&id| f.received[usize::from(id)])
        .max()
        .unwrap_or(0);
    let busiest_after = model::measure::most_keys(&s.loads_after, &s.after);
    // The questions a sentence naming `held` and `took` answers.
    let answers = |held: u32, took: u32| {
        let mut ids = QuestionSet::NONE;
        if held == busiest_after {
            ids = ids.with(QuestionId::Busiest);
        }
        if took == most_received && took > 0 {
            ids = ids.with(QuestionId::Failover);
        }
        ids
    };
    let mut m = Markup::new();
    let receivers = f.receivers();
    if receivers == 1 {
        let taker = survivors
            .iter()
            .find(|&&id| f.received[usize::from(id)] > 0)?;
        let (held, took) = (
            s.loads_after[usize::from(*taker)],
            f.received[usize::from(*taker)],
        );
        told_if(
            &mut m,
            answers(held, took),
            &format!(
                "One survivor, {}, takes all {} of the down servers' keys: its load goes from {} to {}.",
                s.name(*taker),
                thousands(f.rerouted as u64),
                thousands(u64::from(held)),
                thousands(u64::from(held + took))
            ),
        );
        return Some(m.into_string());
    }
    let busiest = survivors
        .iter()
        .copied()
        .max_by_key(|&id| s.loads_after[usize::from(id)] + f.received[usize::from(id)])?;
    let held = s.loads_after[usize::from(busiest)];
    let took = f.received[usize::from(busiest)];
    told_if(
        &mut m,
        rerouted_tells(measured),
        &format!(
            "The {} rerouted keys spread over {} of {} survivors.",
            thousands(f.rerouted as u64),
            receivers,
            survivors.len(),
        ),
    );
    m.text(" ");
    let sentence = format!(
        "The busiest afterwards, {}, picks up {} keys, {} more than the {} it held.",
        s.name(busiest),
        thousands(u64::from(took)),
        if held == 0 {
            "∞".to_string()
        } else {
            format!("{}%", fixed(100.0 * f64::from(took) / f64::from(held), 0))
        },
        thousands(u64::from(held))
    );
    told_if(&mut m, answers(held, took), &sentence);
    Some(m.into_string())
}

/// The per-survivor table, the figures table and the notes under them.
fn figures_markup(measured: &FailureMeasured) -> String {
    let mut m = Markup::new();
    survivors_table(&mut m, measured);
    losses_table(&mut m, measured);
    m.open("p", &[("class", Some("note"))]);
    told_if(
        &mut m,
        rerouted_tells(measured),
        &replicas_sentence(measured),
    );
    m.close("p").paragraph("note", &copysets_sentence(measured));
    m.into_string()
}

/// The rerouted keys are the down servers' keys after the change: with the
/// busiest server down, that count is the busiest question's answer.
fn rerouted_tells(measured: &FailureMeasured) -> QuestionSet {
    let s = &measured.snapshot.0;
    let rerouted = measured.failure.rerouted;
    if rerouted > 0 && rerouted == model::measure::most_keys(&s.loads_after, &s.after) as usize {
        QuestionSet::of(&[QuestionId::Busiest])
    } else {
        QuestionSet::NONE
    }
}

/// `text`, waiting for the questions it answers, if any (`Markup::tells`).
fn told_if(m: &mut Markup, answers: QuestionSet, text: &str) {
    m.tells(answers, &mut |m| {
        m.text(text);
    });
}

/// What each survivor held and received, the rerouted total under them,
/// and with skewed or counted requests the traffic those keys carry.
fn survivors_table(m: &mut Markup, measured: &FailureMeasured) {
    let f = &measured.failure;
    let s = &measured.snapshot.0;
    let down = s.down_ids();
    m.open_scrolling_table(
        "Keys each survivor received",
        &[("class", Some("numbers")), ("id", Some("survivors"))],
    )
    .open("thead", &[])
    .head_row(&[
        "Survivor",
        "Keys held, nobody down",
        "Keys received",
        "Increase",
    ])
    .close("thead")
    .open("tbody", &[]);
    let palette = Palette::of(&s.names, s.is_join());
    let survivors = || s.after.iter().copied().filter(|id| !down.contains(id));
    for id in survivors() {
        let name = s.name(id);
        let held = s.loads_after[usize::from(id)];
        let received = f.received[usize::from(id)];
        let increase = if held == 0 {
            "—".to_string()
        } else {
            format!(
                "+{}%",
                fixed(100.0 * f64::from(received) / f64::from(held), 1)
            )
        };
        m.open(
            "tr",
            &[
                ("data-survivor", Some(name)),
                ("data-received", Some(&received.to_string())),
            ],
        )
        .open("th", &[("scope", Some("row"))])
        .swatch(palette.swatch_class(name))
        .text(name)
        .close("th")
        // A newcomer's keys are the keys the change moved to it (`Markup::tells`).
        // Every survivor's keys after the change, and what each receives:
        // with the rerouted total and K beside them, the others' give the
        // busiest's and the most received by one subtraction, so all wait
        // as the answers do. The increase gives both.
        .number_cell_telling(
            QuestionSet::told_by_keys(!s.before.contains(&id), true),
            &thousands(u64::from(held)),
        )
        .number_cell_telling(
            QuestionSet::of(&[QuestionId::Failover]),
            &thousands(u64::from(received)),
        )
        .number_cell_telling(
            QuestionSet::of(&[QuestionId::Failover, QuestionId::Busiest]),
            &increase,
        )
        .close("tr");
    }
    m.close("tbody")
        .open("tfoot", &[])
        .open("tr", &[])
        .row_heading("Rerouted")
        .element("td", &[], "")
        .open("td", &[("class", Some("num"))]);
    m.tells(rerouted_tells(measured), &mut |m| {
        m.count_in_prose(FigureId::Rerouted, f.rerouted as u64);
    })
    .close("td")
    .element("td", &[], "")
    .close("tr")
    .close("tfoot")
    .close_scrolling_table();
    // With skewed or counted requests, keys are not traffic: say both.
    if let Some(requests) = s.rerouted_requests() {
        m.open("p", &[("class", Some("note"))])
            .hidden_figure(FigureId::ReroutedRequestShare, &fixed(requests.share, 6))
            .text(&format!(
                "The rerouted keys get {} {}: that is the traffic the survivors take on.",
                requests.describe(),
                s.requests().describe()
            ))
            .close("p");
    }
}

/// What the failure loses: keys with no live copy, copies to remake, and
/// the copysets at the current points.
fn losses_table(m: &mut Markup, measured: &FailureMeasured) {
    let f = &measured.failure;
    m.open(
        "table",
        &[
            ("class", Some("numbers compact")),
            ("id", Some("failure-figures")),
            ("data-for", Some(measured.query)),
        ],
    )
    .open("tbody", &[]);
    let rows = [
        (
            "Keys with no live copy",
            FigureId::NoLiveCopy,
            f.no_live_copy,
        ),
        (
            "Copies to remake",
            FigureId::CopiesToRemake,
            f.copies_to_remake,
        ),
    ];
    for (label, hook, value) in rows {
        m.open("tr", &[])
            .row_heading(label)
            .open("td", &[("class", Some("num"))])
            .count_in_prose(hook, value as u64)
            .close("td")
            .close("tr");
    }
    m.open("tr", &[])
        .open("th", &[("scope", Some("row"))])
        .term("copyset", "Copysets")
        .text(" at the current points")
        .close("th")
        .open("td", &[("class", Some("num"))])
        .count_in_prose(FigureId::Copysets, measured.copysets_now.distinct as u64)
        .text(" of ")
        .count_in_prose(FigureId::CopysetsPossible, measured.copysets_now.possible)
        .close("td")
        .close("tr")
        .close("tbody")
        .close("table");
}

fn replicas_sentence(measured: &FailureMeasured) -> String {
    let f = &measured.failure;
    let keys = measured.snapshot.0.key_count();
    let promoted = if f.rerouted == 0 {
        "No key lost its first server.".to_string()
    } else if f.promoted_held_copy == f.rerouted {
        format!("Every one of the {} rerouted keys went to a server that already held a copy, so nothing had to be fetched first.", thousands(f.rerouted as u64))
    } else {
        // A rerouted key lands on a server without a copy only when all R
        // of its copies were on down servers: then nothing is left to fetch.
        format!("{} of the {} rerouted keys had all {} copies on servers that are down, so the server they now go to starts without their data and no copy is left to fetch it from; the other {} went to a server that already held a copy.", thousands((f.rerouted - f.promoted_held_copy) as u64), thousands(f.rerouted as u64), f.replicas, thousands(f.promoted_held_copy as u64))
    };
    format!(
        "With R = {}, {} of {} keys ({}) lost every copy. Repair must make {} copies again on live servers, for the keys that kept one. {promoted}",
        f.replicas,
        thousands(f.no_live_copy as u64),
        thousands(keys as u64),
        percent(f.no_live_copy, keys),
        thousands(f.copies_to_remake as u64)
    )
}

fn copysets_sentence(m: &FailureMeasured) -> String {
    let settings = &m.snapshot.0.settings;
    let share_now = percent(m.copysets_now.distinct, m.copysets_now.possible as usize);
    // At one point per server the reader's own setting is the baseline itself.
    let at_readers_points = if settings.points_phrase() == "1 point per server" {
        format!(" ({share_now})")
    } else {
        format!(
            "; with {}, {} ({share_now})",
            settings.points_phrase(),
            thousands(m.copysets_now.distinct as u64)
        )
    };
    format!(
        "Walking R = {} servers clockwise from every ring entry gives the sets of servers that hold some key together. At 1 point per server{} there are {} such sets of the {} possible{at_readers_points}. Each set is a combination of {} failures that loses some key. More points make more sets, so more of the possible failure combinations lose something; but each set then covers fewer keys, so each such failure loses less.",
        m.failure.replicas,
        if settings.in_use.is_client() {
            " on the page's ring"
        } else {
            ""
        },
        m.copysets_at_one.distinct,
        thousands(m.copysets_at_one.possible),
        m.failure.replicas
    )
}

/// Which servers are down (a checkbox each) and how many replicas.
#[component]
fn FailureControls() -> impl IntoView {
    let model = expect_context::<Model>();
    let view = expect_context::<FailureView>();
    let settings = model.settings;
    let down_message = RwSignal::new(None::<String>);
    // Bumped when a toggle is refused, so the boxes snap back to the settings.
    let refused = RwSignal::new(0u32);
    // The boxes are the servers the reader named: unticking the last
    // leaves none named, and the panel goes back to its example.
    let toggle = move |name: String| {
        let mut down = settings.with_untracked(|s| s.down.clone());
        if down.contains(&name) {
            down.retain(|n| *n != name);
        } else {
            down.push(name);
        }
        apply(model, down_message, |s| s.down = down);
        if down_message.get_untracked().is_some() {
            refused.update(|n| *n += 1);
        }
    };
    // One reader of the settings for every server's box, as for the chips.
    let down = Memo::new(move |_| settings.with(|s| s.down.clone()));
    view! {
        <div class="failure-controls">
            <fieldset class="control">
                <legend>"Servers that are down"</legend>
                <ul class="down-list">
                    // Keyed by name: a toggle updates one box, not the list.
                    {crate::app::panels::rows_by_name(
                        Signal::derive(move || settings.with(|s| s.pool_after())),
                        std::sync::Arc::new(move |name: String| {
                            let toggling = name.clone();
                            let checking = name.clone();
                            let name_for_colour = name.clone();
                            // A refused toggle snaps the box back to the settings.
                            let checked = move || {
                                refused.track();
                                down.with(|d| d.contains(&checking))
                            };
                            view! {
                                <li>
                                    <label class="check">
                                        <input type="checkbox" data-down=name.clone() prop:checked=checked aria-describedby="down-message" on:change=move |_| toggle(toggling.clone()) />
                                        {super::server_swatch(settings, name_for_colour)}
                                        {name.clone()}
                                    </label>
                                </li>
                            }.into_any()
                        }),
                    )}
                </ul>
                <Message message=down_message id="down-message" />
            </fieldset>
            <div>
                <NumberControl
                    id="replicas"
                    label="Replicas per key (R)"
                    unit="replicas"
                    help=format!(
                        "Each key is kept on the first R distinct servers clockwise, as Dynamo's {} do.",
                        crate::render::glossary::term("preference-list", "preference lists")
                    )
                    min=REPLICAS.min as u32
                    max=REPLICAS.max as u32
                    read=Signal::derive(move || settings.with(|s| s.replicas_in_pool() as u32))
                    write=|settings, value| {
                        let replicas = Replicas::new(value).map_err(|why| format!("Replicas {why}."))?;
                        let pool = settings.pool_after().len();
                        if replicas.count() > pool {
                            return Err(format!("The pool has only {pool} servers, so at most {pool} distinct copies."));
                        }
                        settings.replicas = replicas;
                        Ok(())
                    }
                />
                <label class="check">
                    <input type="checkbox" id="show-failure" prop:checked=move || view.shown.get() on:change=move |ev| view.shown.set(event_target_checked(&ev)) />
                    "Show the failure on the ring"
                </label>
            </div>
        </div>
    }
}

/// One key's walk: its position and its replicas in order, down ones marked.
#[component]
fn ReplicaInspector() -> impl IntoView {
    let model = expect_context::<Model>();
    let snapshot = model.snapshot;
    let picked = expect_context::<FailureView>().inspected_key;
    let message = RwSignal::new(None::<String>);
    let first = move || snapshot.with(|m| m.0.settings.first);
    let pick = move |text: String| {
        let (first, count) =
            snapshot.with_untracked(|m| (m.0.settings.first, m.0.key_count() as u64));
        match text.trim().parse::<u64>() {
            Ok(number) if number >= first && number < first + count => {
                picked.set((number - first) as usize);
                message.set(None);
            }
            _ => message.set(Some(format!(
                "Pick a key number from {} to {}.",
                first,
                first + count - 1
            ))),
        }
    };
    let typed = crate::app::number_control::typed_number(move |m| message.set(m), pick);
    let describe = move || {
        snapshot.with(|m| {
            let s: &Snapshot = &m.0;
            let index = picked.get().min(s.key_count() - 1);
            let key = s.keys.key(index);
            let down = s.down_ids();
            let walk = replicas_of(&s.ring_after, key.hash, s.settings.replicas_in_pool());
            let mut m = Markup::new();
            m.element(
                "p",
                &[("id", Some("replica-key"))],
                &format!(
                    "{} sits at position {} of 4,294,967,296. Its replicas, clockwise:",
                    s.settings.key_names().name(key.number),
                    thousands(u64::from(key.hash))
                ),
            )
            .open(
                "ol",
                &[("class", Some("replicas")), ("id", Some("replica-list"))],
            );
            let palette = Palette::of(&s.names, s.is_join());
            for (rank, &server) in walk.iter().enumerate() {
                let name = s.name(server);
                let is_down = down.contains(&server);
                m.open(
                    "li",
                    &[
                        ("data-replica", Some(name)),
                        ("data-down", Some(if is_down { "yes" } else { "no" })),
                    ],
                )
                .swatch(palette.swatch_class(name))
                .text(name)
                .text(if rank == 0 { " (first server)" } else { "" })
                .text(if is_down { " — down" } else { "" })
                .close("li");
            }
            m.close("ol");
            m.into_string()
        })
    };
    view! {
        <div class="inspector">
            {super::subheading(None, "One key's replicas")}
            <div class="inline">
                <label for="inspect-key">"Key number"</label>
                <input
                    type="number"
                    id="inspect-key"
                    min=first
                    prop:value=move || (first() + picked.get() as u64).to_string()
                    aria-describedby="inspect-message"
                    on:input=typed.clone()
                    on:change=typed
                />
            </div>
            <Message message=message id="inspect-message" />
            {markup(Holder::Block, describe)}
        </div>
    }
}
