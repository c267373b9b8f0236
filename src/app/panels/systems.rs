//! "What your load balancer does" (DEFINITIONS §15): every deployed system on the
//! same keys and the same change as the rest of the page, bit for bit.
//! Measured by the worker (see `app::measure`).

use config::Pasted;
use leptos::prelude::*;
use model::format::{and_list, thousands};
use model::in_use::{InUse, CANNOT_DRIVE};
use model::questions::{QuestionId, QuestionSet};
use model::report::SchemeRow;
use model::settings::{default_change, newcomer, PoolAfter};
use model::{Change, Settings, Snapshot, Weight};

use crate::app::message::apply;
use crate::app::panels::down_table::down_section;
use crate::app::panels::schemes::{notes, placements_table, Table};
use crate::app::panels::{fold, markup, Holder};
use crate::app::state::Model;
use crate::render::markup::{escape, Markup};
use model::deploy::Bounds;
use model::placements::PlacementId;

/// What the rows show at this address, in words (markup): which systems move keys
/// between servers that stay, and the spread of moved counts.
fn verdict(snapshot: &Snapshot, rows: &[SchemeRow]) -> String {
    let title = |row: &SchemeRow| row.result.id.title();
    let between: Vec<String> = rows
        .iter()
        .filter(|row| row.result.movement.moved_between > 0)
        .map(|row| {
            format!(
                "{} ({})",
                title(row),
                thousands(row.result.movement.moved_between as u64)
            )
        })
        .collect();
    let fewest = rows.iter().min_by_key(|row| row.result.movement.moved);
    let most = rows.iter().max_by_key(|row| row.result.movement.moved);
    let (Some(fewest), Some(most)) = (fewest, most) else {
        return String::new();
    };
    let change = snapshot.change_clause();
    let staying = if between.is_empty() {
        "None of them moves a key between two servers that stay.".to_string()
    } else {
        format!(
            "Keys move between servers that stay under {}: those are keys a textbook ring would have left alone.",
            between.join(", ")
        )
    };
    // Markup: each count is a moved count, withheld while the ring asks.
    let mut m = Markup::new();
    let count = |m: &mut Markup, row: &SchemeRow| {
        m.tells(QuestionSet::of(&[QuestionId::Moved]), &mut |m| {
            m.text(&thousands(row.result.movement.moved as u64));
        });
    };
    m.text(&format!(
        "When {change}, {} moves the fewest keys (",
        title(fewest)
    ));
    count(&mut m, fewest);
    m.text(&format!(") and {} the most (", title(most)));
    count(&mut m, most);
    m.text(&format!("). {staying}"));
    m.into_string()
}

/// The panel, under `heading` (from `panels::ALL`).
pub fn systems_panel() -> impl IntoView {
    let model = expect_context::<Model>();
    let snapshot = model.snapshot;
    // The row the last pasted config selects, for this tab.
    let yours = crate::app::state::ChosenPlacement::none();
    let lead = move || {
        snapshot.with(|m| {
            let s = &m.0;
            escape(&format!(
                "The same {} keys and the same change, as {} deployed systems place them, each computed as its own source does. The points slider and the hash menu do not apply here: each system fixes its own. Server names are read as each system reads its config line: a host with its port, as written there.",
                thousands(s.key_count() as u64),
                PlacementId::DEPLOYED.len()
            ))
        })
    };
    let said = move || {
        snapshot.with(|m| {
            model.with_part(
                |r| r.systems.as_ref(),
                |measured| {
                    measured
                        .map(|measured| verdict(&m.0, measured.value))
                        .unwrap_or_default()
                },
            )
        })
    };
    let table = move || {
        let keys = snapshot.with(|m| m.0.key_count());
        let (weighted, in_use) = model
            .settings
            .with(|s| (!s.weights.is_empty(), s.in_use.placement()));
        model.with_part(
            |r| r.systems.as_ref(),
            |measured| {
                placements_table(
                    Table::Systems,
                    measured.as_ref(),
                    keys,
                    weighted,
                    yours.get(),
                    in_use,
                )
            },
        )
    };
    let accounts = move || snapshot.with(|m| notes(Table::Systems, &m.0.settings));
    view! {
        {markup(Holder::Lead, lead)}
        {markup(Holder::Verdict, said)}
        {fold("Paste your config", view! { <ConfigPaste yours=yours /> }.into_any())}
        {fold("The table, system by system", markup(Holder::Block, table))}
        {down_section(|r| r.systems.as_ref(), "down-systems", "Down is not deleted", "System", false)}
        {fold("How each system places its servers", view! {
            {markup(Holder::Block, accounts)}
            <p class="note">"Not modelled: hash functions HAProxy offers besides its default; Envoy's hash_key metadata, use_hostname_for_hashing and locality weights; nginx's retries and host names that resolve to several addresses; HAProxy's server-template and hash-balance-factor; twemproxy's hash_tag. A pasted line that uses one gets a notice naming it; HAProxy's hash-key, which the HAProxy 2.6 these rows follow does not know, is refused, as HAProxy refuses it. Mark servers down in the failure panel to see what each system does then."</p>
        }.into_any())}
    }
}

/// The pasted config's pool put into the settings: names, order and
/// weights. With a config after, the change is the deploy from one to the
/// other (DEFINITIONS §20); without, a change that no longer fits the new
/// list is replaced by the default one, as the server list's own box does.
fn take_pool(settings: &mut Settings, pasted: &Pasted, after: Option<&Pasted>) {
    let names: Vec<String> = pasted
        .servers
        .iter()
        .map(|(name, _)| name.clone())
        .collect();
    settings.weights = pasted
        .servers
        .iter()
        .filter(|(_, weight)| *weight != 1)
        .filter_map(|(name, weight)| Some((name.clone(), Weight::new(*weight).ok()?)))
        .collect();
    // A new pool gets a newcomer in its own form (10.0.0.5:8080 after
    // 10.0.0.4:8080), which the change's box can still rename.
    settings.change = match &settings.change {
        Change::Leave(name) if names.contains(name) && names.len() > 2 => settings.change.clone(),
        _ if names.len() >= model::settings::MAX_SERVERS => default_change(&names),
        _ => Change::Join(newcomer(&names)),
    };
    settings.insert_at = None;
    settings.servers = names;
    if let Some(after) = after {
        settings.change = Change::Deploy(PoolAfter::from_lines(settings, &after.servers));
    }
    // Servers the config after marks down are down here (DEFINITIONS §19),
    // as long as one of the pool after the change stays up.
    let marked = &after.unwrap_or(pasted).down;
    let after = settings.pool_after();
    let down: Vec<String> = marked
        .iter()
        .filter(|name| after.contains(name))
        .cloned()
        .collect();
    settings.down = if down.len() < after.len() {
        down
    } else {
        Vec::new()
    };
    // The system its hash line names becomes the ring in use where it can
    // be one; one that cannot hands the ring back to the page's.
    if let Some(system) = pasted.system {
        settings.in_use = InUse::of(system).unwrap_or_default();
    }
}

/// What was read, in words: the form, the pool, the row, what was skipped.
fn describe(pasted: &Pasted) -> String {
    let weights: Vec<String> = pasted.servers.iter().map(|(_, w)| w.to_string()).collect();
    let mut said = format!(
        "Read {}: {} servers, weights {}.",
        pasted.form.describe(),
        pasted.servers.len(),
        weights.join(", ")
    );
    match pasted.system.map(PlacementId::about) {
        Some(about) => {
            said.push_str(&format!(
                " Its hash line selects {}: the marked row.",
                about.title
            ));
            match CANNOT_DRIVE.iter().find(|(id, _)| *id == about.id) {
                Some((_, why)) => said.push_str(&format!(
                    " It cannot be the ring drawn: {why} The panels measure the page's ring."
                )),
                None => {
                    said.push_str(" Its ring is now the one drawn and measured in every panel.")
                }
            }
        }
        None => said.push_str(" No hash line says which system: compare the rows."),
    }
    if !pasted.down.is_empty() {
        said.push_str(&format!(
            " Marked down: {}. Each row's last column, and the failure panel, say what each system does with {} down.",
            and_list(&pasted.down),
            if pasted.down.len() == 1 { "it" } else { "them" }
        ));
    }
    if !pasted.backup.is_empty() {
        said.push_str(&format!(
            " Backup, not placed: {}, which takes keys only when every other server is down.",
            and_list(&pasted.backup)
        ));
    }
    if !pasted.skipped.is_empty() {
        let lines: Vec<String> = pasted
            .skipped
            .iter()
            .map(|(n, text)| format!("line {n} ({text})"))
            .collect();
        said.push_str(&format!(
            " Skipped, as placement does not read them: {}.",
            lines.join("; ")
        ));
    }
    for (name, id) in &pasted.ids {
        said.push_str(&format!(
            " {name}'s id {id} is not used here: the page numbers HAProxy's servers by their position, as HAProxy does without ids."
        ));
    }
    for notice in &pasted.notices {
        said.push(' ');
        said.push_str(notice);
    }
    said
}

/// "Paste your config": a text box whose pool becomes the page's.
#[component]
fn ConfigPaste(yours: crate::app::state::ChosenPlacement) -> impl IntoView {
    let model = expect_context::<Model>();
    let text = RwSignal::new(String::new());
    let after_text = RwSignal::new(String::new());
    // What went wrong (nothing was taken), or what was read.
    let refused = RwSignal::new(None::<String>);
    let read = RwSignal::new(None::<String>);
    let read_it = move || {
        read.set(None);
        // The config after is optional; a refused one leaves everything as it was.
        let after = after_text.with_untracked(|t| {
            (!t.trim().is_empty()).then(|| {
                config::read(t, Bounds::PAGE).map_err(|why| format!("The config after: {why}"))
            })
        });
        match (
            config::read(&text.get_untracked(), Bounds::PAGE),
            after.transpose(),
        ) {
            (Err(why), _) => refused.set(Some(why.to_string())),
            (_, Err(why)) => refused.set(Some(why)),
            (Ok(pasted), Ok(after)) => {
                apply(model, refused, |s| take_pool(s, &pasted, after.as_ref()));
                if refused.get_untracked().is_none() {
                    yours.set(pasted.system);
                    let mut said = describe(&pasted);
                    if after.is_some() {
                        said.push_str(" The config after is the pool after: the page measures the deploy from one to the other.");
                    }
                    read.set(Some(said));
                }
            }
        }
    };
    view! {
        <div class="control config-paste">
            <label for="config-paste">"Paste your config: an nginx upstream block, an HAProxy backend, a twemproxy pool or a list of servers"</label>
            <textarea id="config-paste" data-config-paste="" rows="6" spellcheck="false"
                placeholder="upstream cache {\n    hash $request_uri consistent;\n    server 10.0.0.1:8080 weight=2;\n    server 10.0.0.2:8080;\n}"
                aria-describedby="config-message"
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))></textarea>
            <label for="config-paste-after">"And, for a deploy, the config after (optional): the page then measures the change from one to the other"</label>
            <textarea id="config-paste-after" data-config-paste-after="" rows="6" spellcheck="false"
                aria-describedby="config-message"
                prop:value=move || after_text.get()
                on:input=move |ev| after_text.set(event_target_value(&ev))></textarea>
            <button id="config-read" on:click=move |_| read_it()>"Use this pool"</button>
            <div id="config-message" data-config-message="" role="status">
                <p class="message">{move || refused.get()}</p>
                <p class="note">{move || read.get()}</p>
            </div>
        </div>
    }
}
