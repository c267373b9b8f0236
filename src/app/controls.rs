//! The controls. Each one edits the settings through `Model::try_change`, the
//! same validation the address goes through; a refused edit leaves the view
//! as it was and shows why beside the control.

use leptos::prelude::*;

use super::draft::Draft;
use super::message::{apply, Message};
use super::number_control::{typed_number, NumberControl};
use super::patch::{markup, Holder};
use crate::render::controls::{whole_number, HASH_LABEL, HASH_REFUSED, POINTS_LABEL, POINTS_UNIT};

use super::state::Model;
use model::deploy::Bounds;
use model::in_use::InUse;
use model::keyname::KeyName;
use model::settings::{
    clean_name, default_change, parse_server_list, weight_in, PoolAfter, FIRST, KEYS, POINTS,
};
use model::{Change, HashKind, Valid, Weight};

/// Points per server: in the settings column and, compact, in the phone's quick bar.
#[component]
fn PointsControl(id: &'static str, compact: bool) -> impl IntoView {
    let settings = expect_context::<Model>().settings;
    view! {
        <NumberControl
            id=id
            label=POINTS_LABEL
            unit=POINTS_UNIT
            help=format!(
                "Each server is hashed onto the ring this many times ({}). More points, smaller and more even arcs.",
                crate::render::glossary::term("virtual-node", "virtual nodes")
            )
            min=POINTS.min as u32
            max=POINTS.max as u32
            read=Signal::derive(move || u32::from(settings.with(|s| s.points)))
            write=|settings, value| {
                settings.points = u16::try_from(value).unwrap_or(u16::MAX);
                Ok(())
            }
            compact=compact
        />
    }
}

#[component]
pub fn Controls() -> impl IntoView {
    let model = expect_context::<Model>();
    let settings = model.settings;
    let yours = move || settings.with(|s| s.your_keys.is_some());
    let sheet = expect_context::<super::reach::SettingsSheet>().0;
    view! {
        <aside
            class="controls"
            class:sheet-open=move || sheet.get()
            id="settings"
            aria-labelledby="settings-title"
        >
            <button type="button" class="sheet-close" data-close-settings on:click=move |_| sheet.set(false)>
                "Back to the panels"
            </button>
            <h2 id="settings-title" tabindex="-1">"Settings"</h2>
            // The slider first, as the first screen has it: dragging it is
            // what the page is for, so it stays at the top of the sticky
            // column (and of the phone's sheet) while any panel is read.
            <PointsControl id="points" compact=false />
            <HashControl id="hash" />
            // Your own keys set the count and the names: the template's
            // controls rest meanwhile.
            <fieldset class="template-keys" disabled=yours aria-label="How many keys">
                <NumberControl
                    id="keys"
                    label="Keys"
                    unit="keys"
                    help="How many keys are placed on the ring and counted, named by the template below."
                    min=KEYS.min as u32
                    max=KEYS.max as u32
                    read=Signal::derive(move || settings.with(|s| s.keys))
                    write=|settings, value| {
                        settings.keys = value;
                        Ok(())
                    }
                />
            </fieldset>
            // A whole scenario in one click, one tap away without pushing
            // the controls out.
            <Presets />
            <CopyLink />
            <super::placement::PlacementControl id="use" />
            <p class="config-link">
                <a href="#config-paste" data-in-panel="systems">"Paste your own config"</a>
                <span>"An nginx upstream, an HAProxy backend, a twemproxy pool or a list of servers: your pool, measured."</span>
            </p>
            <ServerControls />
            <ChangeControl />
            <fieldset class="template-keys" disabled=yours aria-label="Key names from a template">
                <FirstKeyControl />
                <KeyNameControl />
            </fieldset>
            <super::your_keys::YourKeysControl />
        </aside>
    }
}

#[component]
fn HashControl(id: &'static str, #[prop(optional)] compact: bool) -> impl IntoView {
    let model = expect_context::<Model>();
    let message = RwSignal::new(None::<String>);
    let describe = move |kind: HashKind| crate::render::markup::hash_label(kind, compact);
    view! {
        <div class="control">
            // The quick bar's select says which hash it is; its name is for
            // screen readers there.
            <label for=id class:visually-hidden=compact>{HASH_LABEL}</label>
            <select
                id=id
                aria-describedby=format!("{id}-message")
                on:change=move |ev| {
                    match HashKind::from_id(&event_target_value(&ev)) {
                        Some(hash) => apply(model, message, |settings| settings.hash = hash),
                        None => message.set(Some(HASH_REFUSED.into())),
                    }
                }
            >
                {HashKind::ALL
                    .into_iter()
                    .map(|kind| {
                        view! {
                            <option
                                value=kind.id()
                                selected=move || model.settings.with(|s| s.hash == kind)
                            >
                                {describe(kind)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            {(!compact).then(|| markup(Holder::Block, hash_help))}
            <Message message=message id=format!("{id}-message") />
        </div>
    }
}

/// One server's chip: its swatch, name, weight box, remove button and the
/// reason a weight was refused. `refusal` is (the refused server, why).
/// A chip's weight box, applied: a typed weight, or why not, beside that
/// server's box. A weight of 1 is no weight: it leaves the list, so links
/// stay short.
fn weight_setter(
    model: Model,
    message: RwSignal<Option<String>>,
    (refused, refusal): (RwSignal<Option<String>>, RwSignal<Option<String>>),
) -> impl Fn(String, String) + Copy + Send + Sync + 'static {
    move |name: String, text: String| match whole_number::<u32>(&text).and_then(|w| {
        Weight::new(w).map_err(|why| format!("The weight of \u{201c}{name}\u{201d} {why}."))
    }) {
        Ok(weight) => {
            if refused.with_untracked(Option::is_some) {
                refused.set(None);
            }
            apply(model, message, |s| {
                s.weights.retain(|(named, _)| *named != name);
                if weight.get() != 1 {
                    s.weights.push((name.clone(), weight));
                }
            })
        }
        Err(why) => {
            refusal.set(Some(why));
            refused.set(Some(name));
        }
    }
}

fn server_chip(
    name: String,
    settings: ReadSignal<Valid>,
    weights: Memo<Vec<(String, Weight)>>,
    (refused, refusal): (RwSignal<Option<String>>, RwSignal<Option<String>>),
    set_weight: impl Fn(String, String) + Copy + Send + Sync + 'static,
    remove: impl Fn(String) + Copy + Send + Sync + 'static,
) -> AnyView {
    let label = format!("Remove {name}");
    let removing = name.clone();
    let weighed = name.clone();
    let coloured = name.clone();
    let troubled = name.clone();
    let typed = {
        let (waiting, name) = (name.clone(), name.clone());
        typed_number(
            move |m| {
                refusal.set(m);
                refused.set(Some(waiting.clone()));
            },
            move |text| set_weight(name.clone(), text),
        )
    };
    // An id from the name: its letters and digits, the rest as "-"
    // (names are unique, and a clash only shares a description).
    let message_id: String = "weight-message-"
        .chars()
        .chain(
            name.chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }),
        )
        .collect();
    view! {
        <li class="chip">
            {crate::app::rows::server_swatch(settings, coloured)}
            <span class="chip-name">{name.clone()}</span>
            <label class="chip-weight-label">
                "weight"
                <input
                    type="number"
                    class="chip-weight"
                    data-weight-of=name.clone()
                    min=Weight::MIN
                    max=Weight::MAX
                    aria-label=format!("Weight of {name}")
                    title="Weight: this server puts weight × points on the ring"
                    prop:value=move || weights.with(|w| weight_in(w, &weighed)).to_string()
                    aria-describedby=message_id.clone()
                    on:input=typed.clone()
                    on:change=typed
                />
            </label>
            <button
                class="chip-remove"
                aria-label=label
                title="Remove from the list"
                on:click=move |_| remove(removing.clone())
            >
                "×"
            </button>
            <span class="chip-message" class:waiting=move || refusal.with(|m| m.as_deref() == Some(super::message::WAITING)) id=message_id data-weight-message-of=name.clone() role="alert">
                {move || (refused.with(|r| r.as_deref() == Some(troubled.as_str()))).then(|| refusal.get()).flatten()}
            </span>
        </li>
    }.into_any()
}

#[component]
fn ServerControls() -> impl IntoView {
    let model = expect_context::<Model>();
    let settings = model.settings;
    let message = RwSignal::new(None::<String>);
    // The list box shows the settings' list whenever they change. What the
    // reader types there applies as a number box's does: on Enter, or on
    // leaving the box (which pressing Apply does), from the event itself.
    let new_name = RwSignal::new(String::new());
    let apply_list = move |typed: String| match parse_server_list(&typed) {
        Ok(names) => apply(model, message, |s| s.servers = names),
        Err(why) => message.set(Some(why)),
    };
    let add = move || match clean_name(&new_name.get_untracked()) {
        Ok(name) => {
            if settings.with_untracked(|s| s.servers.contains(&name)) {
                message.set(Some(format!(
                    "\u{201c}{name}\u{201d} is already in the list."
                )));
            } else {
                apply(model, message, |s| s.servers.push(name));
                if message.get_untracked().is_none() {
                    new_name.set(String::new());
                }
            }
        }
        Err(why) => message.set(Some(why)),
    };
    let remove = move |name: String| apply(model, message, |s| s.servers.retain(|n| *n != name));
    // A refused weight's server and reason, shown beside that server's box
    // (two signals of a type the page already has: a new signal type brings
    // its own copy of the reactive code).
    let refused = RwSignal::new(None::<String>);
    let refusal = RwSignal::new(None::<String>);
    let set_weight = weight_setter(model, message, (refused, refusal));

    // One reader of the settings for every chip's weight box: a step of a
    // drag re-reads it once, not once for each of up to fifty chips.
    let weights = Memo::new(move |_| settings.with(|s| s.weights.clone()));
    view! {
        <fieldset class="control">
            <legend>"Servers on the ring"</legend>
            <ul class="chips" aria-label="Servers">
                // Keyed by name: an edit rebuilds only the chips it adds or removes.
                {crate::app::rows::rows_by_name(
                    Signal::derive(move || settings.with(|s| s.servers.clone())),
                    std::sync::Arc::new(move |name: String| {
                        server_chip(name, settings, weights, (refused, refusal), set_weight, remove)
                    }),
                )}
            </ul>
            <div class="inline">
                <input
                    type="text"
                    id="add-server"
                    aria-label="New server name"
                    placeholder="new server name"
                    prop:value=move || new_name.get()
                    on:input=move |ev| new_name.set(event_target_value(&ev))
                    on:keydown=move |ev| { if ev.key() == "Enter" { add() } }
                />
                <button id="add-server-button" on:click=move |_| add()>"Add to list"</button>
            </div>
            <label for="server-list">"Edit the whole list (comma-separated)"</label>
            <div class="inline">
                <input
                    type="text"
                    id="server-list"
                    prop:value=move || settings.with(|s| s.servers.join(", "))
                    on:change=move |ev| apply_list(event_target_value(&ev))
                    aria-describedby="servers-message"
                    on:keydown=move |ev| { if ev.key() == "Enter" { apply_list(event_target_value(&ev)) } }
                />
                <button id="server-list-button" type="button">"Apply"</button>
            </div>
            <p class="help">"2 to 50 distinct names, each up to 64 characters."</p>
            <Message message=message id="servers-message" />
        </fieldset>
    }
}

/// For a leave: the servers to pick the leaver from, `leaving` chosen.
fn leaver_select(
    model: Model,
    message: RwSignal<Option<String>>,
    servers: Vec<String>,
    leaving: String,
) -> AnyView {
    view! {
        <select
            id="leaver"
            aria-label="Server that leaves"
            aria-describedby="change-message"
            on:change=move |ev| {
                let name = event_target_value(&ev);
                apply(model, message, |s| s.change = Change::Leave(name));
            }
        >
            {servers.into_iter().map(|name| {
                let selected = name == leaving;
                view! { <option value=name.clone() selected=selected>{name.clone()}</option> }
            }).collect_view()}
        </select>
    }
    .into_any()
}

#[component]
fn ChangeControl() -> impl IntoView {
    let model = expect_context::<Model>();
    let settings = model.settings;
    let message = RwSignal::new(None::<String>);
    // The name box shows the joining server; a name typed into it is
    // joined when the reader presses Join.
    let joiner = Draft::new();
    // Bumped when a kind switch is refused, so the radios snap back to the
    // settings (the browser has already checked the clicked one).
    let refused = RwSignal::new(0u32);
    let kind_now = move || {
        refused.track();
        settings.with(|s| match &s.change {
            Change::Join(_) => Kind::Join,
            Change::Leave(_) => Kind::Leave,
            Change::Deploy(_) => Kind::Deploy,
        })
    };
    let set_join = move || match clean_name(&joiner.text(settings.with_untracked(joining_name))) {
        Ok(name) => apply(model, message, |s| s.change = Change::Join(name)),
        Err(why) => message.set(Some(why)),
    };
    // A deploy starts as the pool before, line for line: nothing changes
    // until the pool after is edited (a join would settle back into one).
    let choose_kind = move |kind: Kind| {
        apply(model, message, |s| {
            s.change = match kind {
                Kind::Join => default_change(&s.servers),
                Kind::Leave => Change::Leave(s.servers.last().cloned().unwrap_or_default()),
                Kind::Deploy => Change::Deploy(PoolAfter {
                    servers: s.servers.clone(),
                    weights: Vec::new(),
                }),
            };
            s.insert_at = None;
        });
        if message.get_untracked().is_some() {
            refused.update(|count| *count += 1);
        }
    };
    // What the second row shows: the name box for a join, or for a leave
    // the servers to pick from. A memo, so a points or keys step (which
    // changes neither) does not rebuild the row.
    let second_row = Memo::new(move |_| {
        settings.with(|s| match &s.change {
            Change::Join(_) => Row::Join,
            Change::Deploy(_) => Row::Deploy,
            Change::Leave(name) => Row::Leave(s.servers.clone(), name.clone()),
        })
    });
    view! {
        <fieldset class="control">
            <legend>"The change to measure"</legend>
            <div class="inline" role="radiogroup" aria-label="Kind of change">
                {KINDS.map(|(kind, id, words)| view! {
                    <label class="radio">
                        <input type="radio" name="change-kind" id=id prop:checked=move || kind_now() == kind on:change=move |_| choose_kind(kind) />
                        {words}
                    </label>
                }).into_iter().collect_view()}
            </div>
            {move || match second_row.get() {
                Row::Deploy => pool_after_box(model, message),
                Row::Join => joiner_row(model, message, joiner, set_join),
                Row::Leave(servers, leaving) => leaver_select(model, message, servers, leaving),
            }}
            <p class="help" id="join-position-help">"A join adds a new server at the position you choose, at the end of the list unless you say otherwise; a leave takes one out. At least 2 servers must remain. A deploy is any pool after at once: addresses replaced, servers added or removed, weights changed, lines reordered. Where the list's order matters (hash mod n, jump hash, HAProxy's numbering), so does the position."</p>
            <Message message=message id="change-message" />
        </fieldset>
    }
}

/// The name the join box shows: the joining server's, or none.
fn joining_name(s: &Valid) -> String {
    match &s.change {
        Change::Join(name) => name.clone(),
        Change::Leave(_) | Change::Deploy(_) => String::new(),
    }
}

/// For a join: the new server's name box, its Join button and its position.
fn joiner_row(
    model: Model,
    message: RwSignal<Option<String>>,
    joiner: Draft,
    set_join: impl Fn() + Copy + Send + Sync + 'static,
) -> AnyView {
    let settings = model.settings;
    // Where the joiner stands in the list: 1 … n + 1, the end by default.
    let position_limit = move || settings.with(|s| s.servers.len() + 1);
    let position = move || settings.with(|s| s.join_index() + 1);
    let set_position = move |text: String| match text.trim().parse::<u16>() {
        Ok(at) => apply(model, message, |s| {
            s.insert_at = (usize::from(at) != s.servers.len() + 1).then_some(at)
        }),
        Err(_) => message.set(Some(format!(
            "The position is a whole number from 1 to {}.",
            position_limit()
        ))),
    };
    let typed_position = typed_number(move |m| message.set(m), set_position);
    view! {
        <div class="inline">
            <input
                type="text"
                id="joiner"
                aria-label="Name of the joining server"
                prop:value=move || settings.with(joining_name)
                on:input=move |ev| joiner.typed(&ev, settings.with_untracked(joining_name))
                aria-describedby="change-message"
                on:keydown=move |ev| { if ev.key() == "Enter" { set_join() } }
            />
            <button id="joiner-button" on:click=move |_| set_join()>"Join"</button>
            <span class="join-position">
                <label for="join-position">"at position"</label>
                <input
                    type="number"
                    id="join-position"
                    min="1"
                    prop:max=position_limit
                    prop:value=position
                    aria-describedby="change-message join-position-help"
                    on:input=typed_position.clone()
                    on:change=typed_position
                />
            </span>
        </div>
    }
    .into_any()
}

/// The kinds of change the radios choose.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Join,
    Leave,
    Deploy,
}

/// Each kind's radio: its id and its words.
const KINDS: [(Kind, &str, &str); 3] = [
    (Kind::Join, "change-join", "a server joins"),
    (Kind::Leave, "change-leave", "a server leaves"),
    (Kind::Deploy, "change-deploy", "a deploy"),
];

/// What the change's second row shows.
#[derive(Clone, PartialEq)]
enum Row {
    Join,
    Leave(Vec<String>, String),
    Deploy,
}

/// The pool after as the box shows it: `NAME` or `NAME weight=W` a line.
fn pool_after_text(s: &Valid) -> String {
    s.pool_after_lines()
        .iter()
        .map(|(name, weight)| match weight {
            1 => name.clone(),
            w => format!("{name} weight={w}"),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The pool after a deploy, one server a line (`NAME` or `NAME weight=W`),
/// or a whole config in any form the config box reads: edited as text, so
/// a server is replaced in place, added, removed, moved or reweighted at once.
fn pool_after_box(model: Model, message: RwSignal<Option<String>>) -> AnyView {
    let settings = model.settings;
    let typed = Draft::new();
    let use_it = move || {
        let text = typed.text(settings.with_untracked(pool_after_text));
        match config::read(&text, Bounds::PAGE) {
            Ok(pasted) => apply(model, message, |s| {
                s.change = Change::Deploy(PoolAfter::from_lines(s, &pasted.servers));
            }),
            Err(why) => message.set(Some(format!("The pool after: {why}"))),
        }
    };
    view! {
        <label for="pool-after" class="note">"The pool after, in order: one server a line, NAME or NAME weight=W (a pasted config works too)"</label>
        <textarea id="pool-after" data-pool-after="" rows="6" spellcheck="false"
            aria-describedby="change-message" prop:value=move || settings.with(pool_after_text)
            on:input=move |ev| typed.typed(&ev, settings.with_untracked(pool_after_text))></textarea>
        <button id="pool-after-button" on:click=move |_| use_it()>"Use this pool after"</button>
    }
    .into_any()
}

#[component]
fn FirstKeyControl() -> impl IntoView {
    let model = expect_context::<Model>();
    let message = RwSignal::new(None::<String>);
    let typed = typed_number(
        move |m| message.set(m),
        move |text| match whole_number::<u64>(&text) {
            Ok(first) => apply(model, message, |s| s.first = first),
            Err(why) => message.set(Some(why)),
        },
    );
    view! {
        <div class="control">
            <label for="first-number">"First key number"</label>
            <input
                type="number"
                id="first-number"
                min=FIRST.min as u32
                max=FIRST.max as u32
                prop:value=move || model.settings.with(|s| s.first.to_string())
                aria-describedby="first-message"
                on:input=typed.clone()
                on:change=typed
            />
            <p class="help">"Start the keys at another number to draw a fresh sample of keys."</p>
            <Message message=message id="first-message" />
        </div>
    }
}

/// How keys are named (DEFINITIONS §13): a template with `{i}`, and a few a reader
/// may recognise from their own cache.
#[component]
fn KeyNameControl() -> impl IntoView {
    let model = expect_context::<Model>();
    let message = RwSignal::new(None::<String>);
    let presets = model::keyname::PRESETS
        .map(|preset| view! { <option value=preset></option> })
        .to_vec();
    view! {
        <div class="control">
            <label for="keyname">"Key names"</label>
            <input
                type="text"
                id="keyname"
                list="keyname-presets"
                maxlength="160"
                spellcheck="false"
                prop:value=move || model.settings.with(|s| s.keyname.as_str().to_string())
                aria-describedby="keyname-message keyname-help"
                on:change=move |ev| match KeyName::parse(&event_target_value(&ev)) {
                    Ok(name) => apply(model, message, |s| s.keyname = name),
                    Err(why) => message.set(Some(why)),
                }
            />
            <datalist id="keyname-presets">{presets}</datalist>
            <p class="help" id="keyname-help">"Key i is this text with {i} replaced by i: try user:{i}, {i} or /img/{i}.jpg. Every figure hashes these names."</p>
            <Message message=message id="keyname-message" />
        </div>
    }
}

/// Every setting is in the address; this copies it for a lesson or a chat.
#[component]
fn CopyLink() -> impl IntoView {
    let model = expect_context::<Model>();
    let status = RwSignal::new(String::new());
    let copy = move |_| {
        let href = window().location().href().unwrap_or_default();
        let promise = window().navigator().clipboard().write_text(&href);
        let yours = model.settings.with_untracked(|s| s.your_keys.is_some());
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(_) if yours => status.set(
                    "Link copied: it opens these settings with the template's keys, as a link cannot carry yours.".into(),
                ),
                Ok(_) => status.set("Link copied: it opens this exact view.".into()),
                Err(_) if yours => status.set(
                    "Could not copy; the address bar holds the same link, which opens with the template's keys, as a link cannot carry yours.".into(),
                ),
                Err(_) => status.set("Could not copy; the address bar holds the same link.".into()),
            }
        });
    };
    view! {
        <div class="share">
            <button id="copy-link" on:click=copy>"Copy link to this view"</button>
            <super::embed_dialog::EmbedThisView />
            <super::print::PrintButton />
            <super::present::PresentButton />
            <span class="share-status" role="status">{move || status.get()}</span>
            <super::your_keys::NotInLink />
        </div>
        <super::lecture_builder::LectureBuilder />
    }
}

/// The scenarios readers arrive with, each a link to its own address.
#[component]
fn Presets() -> impl IntoView {
    let model = expect_context::<Model>();
    // Each preset's words, panel and address.
    let presets: Vec<_> = model::presets::presets()
        .into_iter()
        .map(|p| {
            let query = model::query::render(&p.settings, &Default::default());
            (p.id, p.title, p.teaches, p.panel.as_str(), query)
        })
        .collect();
    // Which preset the settings are, if any: the address is written once a
    // step, not once for each preset, and a link hears of a step only when
    // it makes the link current or no longer current.
    // (Its index, or the count for none: a memo of a type the page already
    // has adds no code of its own.)
    let current = {
        let queries: Vec<String> = presets.iter().map(|(.., query)| query.clone()).collect();
        Memo::new(move |_| {
            let now = model
                .settings
                .with(|s| model::query::render(s, &Default::default()));
            queries
                .iter()
                .position(|query| *query == now)
                .unwrap_or(queries.len())
        })
    };
    let links = presets
        .into_iter()
        .enumerate()
        .map(|(index, (id, title, teaches, panel, query))| {
            view! {
                <li>
                    // The page opens at the panel the preset is for, with
                    // focus on its heading (`reach::go_to_address_panel`).
                    <a href=format!("?{query}#{panel}") data-preset=id aria-current=move || (current.get() == index).then_some("page")>{title}</a>
                    // A word the reader may not know opens its meaning here too.
                    {markup(Holder::Block, move || {
                        let mut line = crate::render::markup::Markup::new();
                        line.open("span", &[("class", Some("teaches")), ("data-teaches", Some(""))]);
                        crate::render::glossary::with_term(&mut line, teaches, "finalizer", "finalizer");
                        line.close("span");
                        line.into_string()
                    })}
                </li>
            }
        })
        .collect_view();
    view! {
        <nav class="presets" aria-label="Presets">
            <details>
                <summary>"Start from a preset"</summary>
                <ul>{links}</ul>
            </details>
        </nav>
    }
}

/// On a phone: a small ring, the points slider and the hash, kept at the
/// top of the screen while the reader scrolls any panel (hidden on wider
/// screens, where the whole settings column stays in view).
#[component]
pub fn QuickBar() -> impl IntoView {
    let model = expect_context::<Model>();
    let client = Memo::new(move |_| model.settings.with(|s| s.in_use != InUse::Ring));
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    super::draw::mini_ring::mini_ring(canvas);
    let sheet = expect_context::<super::reach::SettingsSheet>().0;
    view! {
        <div class="quickbar" role="region" aria-label="Quick settings" inert=move || sheet.get()>
            <canvas node_ref=canvas id="quick-ring" class="quick-ring" role="img" aria-label="The ring after the change, small; the ring panel shows it in full."></canvas>
            <div class="quick-controls">
                // A client places its own points: the page's slider and
                // hash would change nothing drawn here.
                <div class="ring-only" hidden=client>
                    <PointsControl id="quick-points" compact=true />
                </div>
                <div class="quick-pair">
                    <super::placement::PlacementControl id="quick-use" compact=true />
                    <div class="ring-only" hidden=client>
                        <HashControl id="quick-hash" compact=true />
                    </div>
                </div>
                {super::reach::quick_nav()}
            </div>
        </div>
    }
}

/// The hash menu's help: what the three hashes are, "finalizer" a term.
fn hash_help() -> String {
    let mut m = crate::render::markup::Markup::new();
    m.open("p", &[("class", Some("help"))])
        .text("All three start with FNV-1a; two then mix the bits with a ")
        .written(&crate::render::glossary::term("finalizer", "finalizer"))
        .text(". Plain FNV-1a gives names that differ only in their last digits similar hashes, so points bunch up; the finalizers scatter them.")
        .close("p");
    m.into_string()
}
