//! When servers fail (SPEC §8): where the down servers' keys go, what the
//! replicas save and cost, the copysets many points create, and one key's
//! replicas on demand. Measured after the frame (see `deferred`).

use leptos::prelude::*;

use crate::app::controls::{apply, Message, NumberControl};
use crate::app::draw::palette::colour_of;
use crate::app::Model;
use crate::model::failures::replicas_of;
use crate::model::format::{fixed, percent, thousands};
use crate::model::{Replicas, Snapshot};

/// "alpha", "alpha and bravo", "alpha, bravo and charlie".
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[component]
pub fn FailurePanel() -> impl IntoView {
    let model = expect_context::<Model>();
    let snapshot = model.snapshot;
    let failure = model.failure;

    let lead = move || {
        snapshot.with(|m| {
            let s = &m.0;
            format!(
                "Take servers out of the {} that remain after the change. A key whose first server is down goes to the next live server clockwise; with R replicas, a key's copies sit on the first R distinct servers clockwise from it. Now {} down and R = {}.",
                s.after.len(),
                and_list(&s.settings.down_servers()),
                s.settings.replicas_in_pool()
            )
        })
    };

    // The survivor that ends up busiest, and what it took on.
    let headline = move || {
        failure.with(|measured| {
            let measured = measured.as_ref()?;
            let f = &measured.0.failure;
            {
                let s = &measured.0.snapshot.0;
                let down = s.down_ids();
                let survivors: Vec<u16> = s.after.iter().copied().filter(|id| !down.contains(id)).collect();
                let receivers = f.receivers();
                if receivers == 1 {
                    let taker = survivors.iter().find(|&&id| f.received[usize::from(id)] > 0)?;
                    return Some(format!(
                        "One survivor, {}, takes all {} of the down servers' keys: its load goes from {} to {}.",
                        s.name(*taker),
                        thousands(f.rerouted as u64),
                        s.loads_after[usize::from(*taker)],
                        s.loads_after[usize::from(*taker)] + f.received[usize::from(*taker)]
                    ));
                }
                let busiest = survivors.iter().copied().max_by_key(|&id| {
                    s.loads_after[usize::from(id)] + f.received[usize::from(id)]
                })?;
                let held = s.loads_after[usize::from(busiest)];
                let took = f.received[usize::from(busiest)];
                Some(format!(
                    "The {} rerouted keys spread over {} of {} survivors. The busiest afterwards, {}, picks up {} keys, {} more than the {} it held.",
                    thousands(f.rerouted as u64),
                    receivers,
                    survivors.len(),
                    s.name(busiest),
                    took,
                    if held == 0 { "∞".to_string() } else { format!("{}%", fixed(100.0 * f64::from(took) / f64::from(held), 0)) },
                    held
                ))
            }
        })
    };

    let survivor_rows = move || {
        failure.with(|measured| {
            measured.as_ref().map(|measured| {
                let f = &measured.0.failure;
                {
                    let s = &measured.0.snapshot.0;
                    let down = s.down_ids();
                    s.after
                        .iter()
                        .copied()
                        .filter(|id| !down.contains(id))
                        .map(|id| {
                            let name = s.name(id).to_string();
                            let held = s.loads_after[usize::from(id)];
                            let received = f.received[usize::from(id)];
                            let increase = if held == 0 {
                                "—".to_string()
                            } else {
                                format!("+{}%", fixed(100.0 * f64::from(received) / f64::from(held), 1))
                            };
                            view! {
                                <tr data-survivor=name.clone() data-received=received>
                                    <th scope="row"><span class="swatch" style:background=colour_of(&name)></span>{name.clone()}</th>
                                    <td class="num">{held}</td>
                                    <td class="num">{received}</td>
                                    <td class="num">{increase}</td>
                                </tr>
                            }
                        })
                        .collect_view()
                }
            })
        })
    };

    let figure = move |read: fn(&crate::app::FailureMeasured) -> String| {
        move || failure.with(|m| m.as_ref().map(|m| read(&m.0)).unwrap_or_default())
    };
    let replicas_sentence = move || {
        failure.with(|measured| {
            measured.as_ref().map(|measured| {
                let f = &measured.0.failure;
                let keys = measured.0.snapshot.0.key_count();
                let promoted = if f.rerouted == 0 {
                    "No key lost its first server.".to_string()
                } else if f.promoted_held_copy == f.rerouted {
                    format!("Every one of the {} rerouted keys went to a server that already held a copy, so nothing had to be fetched first.", thousands(f.rerouted as u64))
                } else {
                    format!("{} of the {} rerouted keys went to a server that held no copy: with R = {}, it must fetch the data from somewhere.", thousands((f.rerouted - f.promoted_held_copy) as u64), thousands(f.rerouted as u64), f.replicas)
                };
                format!(
                    "With R = {}, {} of {} keys ({}) lost every copy. Repair must make {} copies again on live servers, for the keys that kept one. {promoted}",
                    f.replicas,
                    thousands(f.no_live_copy as u64),
                    thousands(keys as u64),
                    percent(f.no_live_copy, keys),
                    thousands(f.copies_to_remake as u64)
                )
            })
        })
    };
    let copysets_sentence = move || {
        failure.with(|measured| {
            measured.as_ref().map(|measured| {
                let m = &measured.0;
                let points = m.snapshot.0.settings.points;
                format!(
                    "Walking R = {} servers clockwise from every ring entry gives the sets of servers that hold some key together. At 1 point per server there are {} such sets of the {} possible; at {} points, {} ({}). Each set is a combination of {} failures that loses some key. More points make more sets, so more of the possible failure combinations lose something; but each set then covers fewer keys, so each such failure loses less.",
                    m.failure.replicas,
                    m.copysets_at_one.distinct,
                    thousands(m.copysets_at_one.possible),
                    points,
                    thousands(m.copysets_now.distinct as u64),
                    percent(m.copysets_now.distinct, m.copysets_now.possible as usize),
                    m.failure.replicas
                )
            })
        })
    };

    view! {
        <section class="panel" id="failure" aria-labelledby="failure-title">
            <h2 id="failure-title">"When servers fail"</h2>
            <p class="lead">{lead}</p>
            <FailureControls />
            <p class="verdict" aria-live="polite">{headline}</p>
            <div class="table-scroll">
                <table class="numbers" id="survivors">
                    <thead>
                        <tr><th scope="col">"Survivor"</th><th scope="col">"Keys held, nobody down"</th><th scope="col">"Keys received"</th><th scope="col">"Increase"</th></tr>
                    </thead>
                    <tbody>{survivor_rows}</tbody>
                    <tfoot>
                        <tr>
                            <th scope="row">"Rerouted"</th>
                            <td></td>
                            <td class="num"><span data-figure="rerouted">{figure(|m| m.failure.rerouted.to_string())}</span></td>
                            <td></td>
                        </tr>
                    </tfoot>
                </table>
            </div>
            <table class="numbers compact" id="failure-figures" data-for=move || failure.with(|m| m.as_ref().map(|m| m.0.query.clone()).unwrap_or_default())>
                <tbody>
                    <tr><th scope="row">"Keys with no live copy"</th><td class="num"><span data-figure="no-live-copy">{figure(|m| m.failure.no_live_copy.to_string())}</span></td></tr>
                    <tr><th scope="row">"Copies to remake"</th><td class="num"><span data-figure="copies-to-remake">{figure(|m| m.failure.copies_to_remake.to_string())}</span></td></tr>
                    <tr><th scope="row">"Copysets at the current points"</th><td class="num"><span data-figure="copysets">{figure(|m| m.copysets_now.distinct.to_string())}</span>" of "<span data-figure="copysets-possible">{figure(|m| m.copysets_now.possible.to_string())}</span></td></tr>
                </tbody>
            </table>
            <p class="note">{replicas_sentence}</p>
            <p class="note">{copysets_sentence}</p>
            <ReplicaInspector />
        </section>
    }
}

/// Which servers are down (a checkbox each) and how many replicas.
#[component]
fn FailureControls() -> impl IntoView {
    let model = expect_context::<Model>();
    let settings = model.settings;
    let down_message = RwSignal::new(None::<String>);
    // Bumped when a toggle is refused, so the boxes snap back to the settings.
    let refused = RwSignal::new(0u32);
    let toggle = move |name: String| {
        let mut down = settings.with_untracked(|s| s.down_servers());
        if down.contains(&name) {
            down.retain(|n| *n != name);
        } else {
            down.push(name);
        }
        if down.is_empty() {
            down_message.set(Some(
                "At least one server must be down to measure a failure.".into(),
            ));
            refused.update(|n| *n += 1);
            return;
        }
        apply(model, down_message, |s| s.down = down);
        if down_message.get_untracked().is_some() {
            refused.update(|n| *n += 1);
        }
    };
    view! {
        <div class="failure-controls">
            <fieldset class="control">
                <legend>"Servers that are down"</legend>
                <ul class="down-list">
                    {move || {
                        refused.track();
                        settings.with(|s| {
                            let down = s.down_servers();
                            s.pool_after().into_iter().map(|name| {
                                let checked = down.contains(&name);
                                let toggling = name.clone();
                                view! {
                                    <li>
                                        <label class="check">
                                            <input type="checkbox" data-down=name.clone() prop:checked=checked aria-describedby="down-message" on:change=move |_| toggle(toggling.clone()) />
                                            <span class="swatch" style:background=colour_of(&name)></span>
                                            {name.clone()}
                                        </label>
                                    </li>
                                }
                            }).collect_view()
                        })
                    }}
                </ul>
                <Message message=down_message id="down-message" />
            </fieldset>
            <div>
                <NumberControl
                    id="replicas"
                    label="Replicas per key (R)"
                    unit="replicas"
                    help="Each key is kept on the first R distinct servers clockwise, as Dynamo's preference lists do."
                    min=u32::from(Replicas::MIN)
                    max=u32::from(Replicas::MAX)
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
                    <input type="checkbox" id="show-failure" prop:checked=move || model.show_failure.get() on:change=move |ev| model.show_failure.set(event_target_checked(&ev)) />
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
    // An offset into the keys, so a new first key keeps the same slot.
    let picked = RwSignal::new(0usize);
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
    let describe = move || {
        snapshot.with(|m| {
            let s: &Snapshot = &m.0;
            let index = picked.get().min(s.key_count() - 1);
            let key = s.keys.key(index);
            let down = s.down_ids();
            let walk = replicas_of(&s.ring_after, key.hash, s.settings.replicas_in_pool());
            let items = walk
                .iter()
                .enumerate()
                .map(|(rank, &server)| {
                    let name = s.name(server).to_string();
                    let is_down = down.contains(&server);
                    view! {
                        <li data-replica=name.clone() data-down=if is_down { "yes" } else { "no" }>
                            <span class="swatch" style:background=colour_of(&name)></span>
                            {name.clone()}
                            {if rank == 0 { " (first server)" } else { "" }}
                            {if is_down { " — down" } else { "" }}
                        </li>
                    }
                })
                .collect_view();
            view! {
                <p id="replica-key">{format!("key-{} sits at position {} of 4,294,967,296. Its replicas, clockwise:", key.number, thousands(u64::from(key.hash)))}</p>
                <ol class="replicas" id="replica-list">{items}</ol>
            }
        })
    };
    view! {
        <div class="inspector">
            <h3>"One key's replicas"</h3>
            <div class="inline">
                <label for="inspect-key">"Key number"</label>
                <input
                    type="number"
                    id="inspect-key"
                    min=first
                    prop:value=move || (first() + picked.get() as u64).to_string()
                    aria-describedby="inspect-message"
                    on:change=move |ev| pick(event_target_value(&ev))
                />
            </div>
            <Message message=message id="inspect-message" />
            {describe}
        </div>
    }
}
