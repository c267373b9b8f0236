//! Every placement scheme on the same keys and the same change: what moves,
//! how even the result is, what a client must hold, and what a lookup costs
//! in this browser. Measured by the worker (see `app::measure`).

use leptos::html::Canvas;
use leptos::prelude::*;
use model::questions::{QuestionId, QuestionSet};

use crate::app::draw::charts::{self, SchemeBars};
use crate::app::draw::theme::observed_width;
use crate::app::message::{apply, Message};
use crate::app::number_control::NumberControl;
use crate::app::panels::down_table::down_hooks;
use crate::app::panels::{fold, markup, moved_answers, Holder};
use crate::app::state::{self, Model, SchemesMeasured};
use crate::app::timing;
use crate::render::markup::{escape, wrapped, Markup};
use model::format::{fixed, fixed_in_prose, percent, thousands};
use model::measure::End;
use model::placements::PlacementId;
use model::report::OneKey;
use model::report::{LookupTiming, SchemeRow};
use model::schemes::{Holds, SchemeResult};
use model::settings::PROBES;
use model::{Epsilon, Probes, Settings};

/// Where every scheme sends the key in the box, before and after the change.
fn one_key_markup(snapshot: &model::Snapshot, placed: &OneKey) -> String {
    let (position, rows) = (placed.position, &placed.owners);
    let moved = rows.iter().filter(|row| row.moved()).count();
    let mut m = Markup::new();
    m.paragraph(
        "",
        &format!(
            "Under {} the key sits at position {} of 4,294,967,296, where most schemes read it; hash slots (CRC16, one of 16,384 slots) and every deployed system hash the name themselves. {} of {} schemes and systems send it to another server when {}.",
            // Under a client's ring the schemes read the client's position (DEFINITIONS §18).
            match snapshot.settings.in_use {
                client if client.is_client() => format!("{}'s own hash", client.name()),
                _ => snapshot.settings.hash.id().to_string(),
            },
            thousands(u64::from(position)),
            moved,
            rows.len(),
            snapshot.change_phrase(),
        ),
    );
    m.open_scrolling_table(
        "Owners of the key",
        &[("class", Some("numbers")), ("id", Some("one-key-table"))],
    )
    .open("thead", &[])
    // The owners first, the answer a phone shows without scrolling; the
    // position each scheme reads last.
    .head_row(&["Scheme", "Before", "After", "Moved?", "Its own position"])
    .close("thead")
    .open("tbody", &[]);
    for row in rows {
        let own = row.own_position.map_or("the ring's".to_string(), thousands);
        m.open(
            "tr",
            &[
                ("data-key-owner", Some(row.scheme.as_str())),
                ("data-before", Some(&row.before)),
                ("data-after", Some(&row.after)),
            ],
        )
        .row_heading(row.scheme.title())
        .element("td", &[], &row.before)
        .element("td", &[], &row.after)
        .element("td", &[], if row.moved() { "⇄ moved" } else { "stays" })
        .number_cell(&own)
        .close("tr");
    }
    m.close("tbody").close_scrolling_table();
    m.into_string()
}

/// What a client must hold, in words.
fn describe_holds(holds: Holds) -> String {
    match holds {
        Holds::RingEntries(n) => format!("{} ring entries", thousands(n as u64)),
        Holds::RingAndDisplaced { entries, displaced } => format!(
            "{} ring entries + {} displaced keys",
            thousands(entries as u64),
            thousands(displaced as u64)
        ),
        Holds::TableRows(n) => format!("{} table rows", thousands(n as u64)),
        Holds::Slots(n) => format!("{} slots", thousands(n as u64)),
        Holds::Names(n) => format!("{n} names"),
        Holds::Count => "the server count".to_string(),
    }
}

/// "38 ns ±2%": the clock's step over the time measured, rounded up.
fn describe_lookup(lookup: Option<LookupTiming>) -> String {
    match lookup {
        None => "—".to_string(),
        Some(timing) => {
            let ns = timing.nanos_per_lookup;
            // A slow machine can take 12,277 ns: separators, as every count.
            let shown = if ns < 10.0 {
                fixed(ns, 1)
            } else {
                fixed_in_prose(ns, 0)
            };
            let error = (timing.relative_error() * 100.0).ceil().max(1.0);
            format!("{shown} ns ±{}%", fixed(error, 0))
        }
    }
}

/// Which table of placements: the textbook schemes or the deployed systems.
#[derive(Clone, Copy, PartialEq)]
pub enum Table {
    Schemes,
    Systems,
}

impl Table {
    fn caption(self) -> &'static str {
        match self {
            Table::Schemes => "Every scheme on this change",
            Table::Systems => "Every deployed system on this change",
        }
    }

    fn id(self) -> &'static str {
        match self {
            Table::Schemes => "schemes-table",
            Table::Systems => "systems-table",
        }
    }

    /// Its rows, in order.
    fn rows(self) -> &'static [PlacementId] {
        match self {
            Table::Schemes => PlacementId::TEXTBOOK,
            Table::Systems => PlacementId::DEPLOYED,
        }
    }
}

/// What every row of a placements table is read against.
struct RowMarks {
    /// How many keys were placed.
    keys: usize,
    /// Whether weights differ, so the ends are named with their fair shares.
    weighted: bool,
    /// The row a pasted config selects, marked for the reader.
    yours: Option<PlacementId>,
    /// The row whose ring the other panels measure (`use=`).
    in_use: PlacementId,
    /// The keys that moved on that ring, and its busiest server's keys
    /// after the change: the moved and busiest questions' answers.
    moved: Option<u32>,
    busiest: Option<u32>,
}

/// A table of placements (stale rows are kept until new ones arrive), the
/// note on how lookups were timed and the note on weights.
/// `yours` is the row a pasted config selects, marked for the reader;
/// `in_use` the row whose ring the other panels measure (`use=`).
pub fn placements_table(
    table: Table,
    measured: Option<&SchemesMeasured>,
    keys: usize,
    weighted: bool,
    yours: Option<PlacementId>,
    in_use: PlacementId,
) -> String {
    let mut m = Markup::new();
    m.open_scrolling_table(
        table.caption(),
        &[
            ("class", Some("numbers schemes wide")),
            ("id", Some(table.id())),
            (
                "aria-busy",
                Some(if measured.is_none() { "true" } else { "false" }),
            ),
            ("data-for", Some(measured.map_or("", |m| m.query))),
        ],
    );
    // The figures' own settings decide, so stale rows keep their words.
    let weighted = measured.map_or(weighted, |m| !m.snapshot.0.settings.weights.is_empty());
    table_head(&mut m, table, weighted);
    m.open("tbody", &[]);
    let rows = measured.map_or(&[][..], |m| &m.value[..]);
    // Named from the snapshot these rows measured, never a newer one.
    let names = measured.map_or(&[][..], |m| &m.snapshot.0.names[..]);
    let marks = RowMarks {
        keys,
        weighted,
        yours,
        in_use,
        moved: measured.map(|m| m.snapshot.0.moved_by_owner_diff as u32),
        busiest: measured.map(|m| {
            let s = &m.snapshot.0;
            model::measure::most_keys(&s.loads_after, &s.after)
        }),
    };
    for row in rows {
        placement_row(&mut m, row, names, &marks);
    }
    m.close("tbody").close_scrolling_table();
    lookup_note(&mut m, rows);
    weights_note(&mut m, table, weighted);
    m.into_string()
}

/// The table's headings. With weights, the busiest is the server furthest
/// over its fair share: the headings say so.
fn table_head(m: &mut Markup, table: Table, weighted: bool) {
    m.open("thead", &[])
        .open("tr", &[])
        .column_heading(if table == Table::Systems {
            "System, and the line that selects it"
        } else {
            "Scheme"
        })
        .column_heading("Keys moved")
        .term_heading("moved-between", "Moved between staying servers");
    let (busiest, quietest, over) = if weighted {
        (
            "Furthest over its fair share, after",
            "Furthest under its fair share, after",
            "That one ÷ its fair share",
        )
    } else {
        ("Busiest after", "Quietest after", "Busiest ÷ even")
    };
    for heading in [busiest, quietest, over, "A client holds", "Lookup here"] {
        m.column_heading(heading);
    }
    m.close("tr").close("thead");
}

/// A row's heading: the placement's name (a term where a student may not
/// know it), whose ring it is under a client's, and the config line that
/// selects a deployed system.
fn row_heading(m: &mut Markup, id: PlacementId, in_use: PlacementId) {
    let about = id.about();
    m.open("th", &[("scope", Some("row"))]);
    match id {
        PlacementId::Maglev => m.term("maglev", about.title),
        PlacementId::Jump => m.term("jump-hash", about.title),
        _ => m.text(about.title),
    };
    // Under a client's ring the schemes' ring row is that ring (DEFINITIONS §18).
    if let Some(client) = model::in_use::InUse::of(in_use)
        .filter(|client| id == PlacementId::Ring && client.is_client())
    {
        m.element(
            "span",
            &[("class", Some("in-use-note"))],
            &format!(": here {}'s, in use", client.name()),
        );
    }
    if let Some(config) = about.config {
        m.element("code", &[("class", Some("config"))], config);
    }
    m.close("th");
}

/// The row's opening `tr`, with every hook the tests and hosts read.
fn open_row<'a>(
    m: &mut Markup,
    r: &SchemeResult,
    name: &dyn Fn(End) -> &'a str,
    marks: &RowMarks,
    lookup_ns: Option<&str>,
) {
    let about = r.id.about();
    let counts = [
        r.movement.moved,
        r.movement.moved_between,
        r.spread.busiest as usize,
        r.spread.quietest as usize,
        r.holds.items(),
    ]
    .map(|count| count.to_string());
    let yours = marks.yours == Some(r.id);
    let down_hooks = r.down.as_ref().map(down_hooks).unwrap_or_default();
    let mut hooks: Vec<(&str, Option<&str>)> = vec![
        ("data-scheme", Some(r.id.as_str())),
        ("data-moved", Some(&counts[0])),
        ("data-moved-between", Some(&counts[1])),
        ("data-busiest", Some(&counts[2])),
        ("data-quietest", Some(&counts[3])),
        ("data-busiest-name", Some(name(End::Busiest))),
        ("data-quietest-name", Some(name(End::Quietest))),
        ("data-entries", Some(&counts[4])),
        ("data-yours", yours.then_some("yes")),
        ("class", yours.then_some("yours")),
        ("data-in-use", (marks.in_use == r.id).then_some("yes")),
        ("data-lookup-ns", lookup_ns),
        ("data-uses-weights", Some(yes_no(about.uses_weights))),
    ];
    hooks.extend(
        down_hooks
            .iter()
            .map(|(hook, value)| (*hook, Some(value.as_str()))),
    );
    m.open("tr", &hooks);
}

/// One placement's row: its counts, its named ends, what a client holds
/// and its lookup time.
fn placement_row(m: &mut Markup, row: &SchemeRow, names: &[String], marks: &RowMarks) {
    let r = &row.result;
    let name = |end| {
        names
            .get(usize::from(r.spread.id_at(end)))
            .map_or("", String::as_str)
    };
    let describe = |end| r.spread.describe(end, name(end), marks.weighted);
    let between = r.movement.moved_between;
    let lookup_title = row.lookup.map(|t| {
        format!(
            "{} lookups in {} ms; this browser's clock steps by {} ms",
            thousands(t.lookups as u64),
            fixed(t.elapsed_ms, 1),
            fixed(t.resolution_ms, 3)
        )
    });
    let lookup_ns = row.lookup.map(|t| fixed(t.nanos_per_lookup, 1));
    open_row(m, r, &name, marks, lookup_ns.as_deref());
    row_heading(m, r.id, marks.in_use);
    m.open("td", &[("class", Some("num"))])
        .tells(moved_answers(r.id), &mut |m| {
            m.text(&thousands(r.movement.moved as u64))
                .text(" ")
                .element(
                    "span",
                    &[("class", Some("share"))],
                    &format!("({})", percent(r.movement.moved, marks.keys)),
                );
        })
        .close("td")
        .open(
            "td",
            &[("class", Some(if between > 0 { "num bad" } else { "num" }))],
        )
        .tells(QuestionSet::of(&[QuestionId::Between]), &mut |m| {
            m.text(&thousands(between as u64));
        })
        .close("td");
    // The ring in use is the page's: its busiest server's keys, and their
    // ratio to an even share, answer the busiest question. A server's keys
    // in any row that are the same count as an answer (a newcomer's keys
    // are the keys that moved to it; bounded loads often displaces none)
    // state that answer too.
    let page_ring = marks.in_use == r.id;
    let busiest_answer = QuestionSet::of(&[QuestionId::Busiest]);
    for (end, keys) in [
        (End::Busiest, r.spread.busiest),
        (End::Quietest, r.spread.quietest),
    ] {
        let mut answers = QuestionSet::NONE;
        if Some(keys) == marks.moved {
            answers = answers.with(QuestionId::Moved);
        }
        if Some(keys) == marks.busiest || (end == End::Busiest && page_ring) {
            answers = answers.union(busiest_answer);
        }
        let end_id = match end {
            End::Busiest => "busiest",
            End::Quietest => "quietest",
        };
        m.open("td", &[("data-end", Some(end_id))])
            .tells(answers, &mut |m| {
                m.text(&describe(end));
            })
            .close("td");
    }
    m.number_cell_telling(
        match page_ring || Some(r.spread.busiest) == marks.busiest {
            true => busiest_answer,
            false => QuestionSet::NONE,
        },
        &fixed(r.spread.busiest_over_fair(), 2),
    )
    .element("td", &[], &describe_holds(r.holds))
    .element(
        "td",
        // A time measured in this browser, not a count of the model's
        // (`data-timed`: the tests of DEFINITIONS §12 leave it out).
        &[
            ("class", Some("num")),
            ("title", lookup_title.as_deref()),
            ("data-timed", Some("")),
        ],
        &describe_lookup(row.lookup),
    )
    .close("tr");
}

fn yes_no(yes: bool) -> &'static str {
    if yes {
        "yes"
    } else {
        "no"
    }
}

/// How the lookups were timed, once they are.
fn lookup_note(m: &mut Markup, rows: &[SchemeRow]) {
    let timing = rows.iter().find_map(|row| row.lookup);
    m.paragraph(
        "note",
        &match timing {
            None => "Lookups are timed once every row is placed.".to_string(),
            Some(t) => format!(
                "Lookups were timed in this browser for about {} ms per row. Its clock steps by {} ms, so each time is good to the ± shown; times differ between runs and machines, so compare rows within one run.",
                fixed(t.elapsed_ms, 0),
                fixed(t.resolution_ms, 3)
            ),
        },
    );
}

/// Which rows take weights, and what that means for them.
fn weights_note(m: &mut Markup, table: Table, weighted: bool) {
    let titles = |uses: bool| -> Vec<&'static str> {
        table
            .rows()
            .iter()
            .map(|id| id.about())
            .filter(|s| s.uses_weights == uses)
            .map(|s| s.title)
            .collect()
    };
    let ignoring = titles(false);
    let ignored = if ignoring.is_empty() {
        String::new()
    } else {
        format!(
            "; {} ignore them here{}",
            ignoring.join(", "),
            if weighted {
                ", so their rows treat every server alike"
            } else {
                ""
            }
        )
    };
    m.element(
        "p",
        &[
            ("class", Some("note")),
            (
                "id",
                Some(match table {
                    Table::Schemes => "weights-note",
                    Table::Systems => "systems-weights-note",
                }),
            ),
        ],
        &format!(
            "Server weights apply to {}{ignored}.",
            titles(true).join(", "),
        ),
    );
}

/// A short account of each row: what it does, and what that costs.
pub fn notes(table: Table, settings: &Settings) -> String {
    let mut m = Markup::new();
    m.open("dl", &[("class", Some("scheme-notes"))]);
    // With servers down, each says what it does then (DEFINITIONS §19).
    let down = !settings.down.is_empty();
    for about in table.rows().iter().map(|id| id.about()) {
        let mut explained = (about.explain)(settings);
        if down {
            explained.push_str(" While a server is down: ");
            explained.push_str(about.down_rule.unwrap_or(
                "it places keys on the servers still up, exactly as if the down ones were deleted.",
            ));
        }
        m.element("dt", &[], about.title)
            .element("dd", &[], &explained);
    }
    m.close("dl");
    m.into_string()
}

/// The panel's opening: the same keys and change for every scheme, and,
/// under a client's ring, which hash placed them.
fn lead(s: &model::Snapshot) -> String {
    let mut lead = format!(
        "The same {} keys and the same change ({}, {} → {} servers), placed by {} schemes. The ring is one answer among several: each below trades what it moves, how evenly it spreads, what a client must keep and how long a lookup takes.",
        thousands(s.key_count() as u64),
        s.change_phrase(),
        s.before.len(),
        s.after.len(),
        PlacementId::TEXTBOOK.len()
    );
    if let Some(same) = s.settings.in_use.same_positions() {
        lead.push(' ');
        lead.push_str(&same);
    }
    escape(&lead)
}

/// The chart's description in words, for a screen reader.
fn chart_label(measured: Option<&SchemesMeasured>, keys: usize) -> String {
    let listed: Vec<String> = measured
        .map(|m| {
            m.iter()
                .map(|row| {
                    format!(
                        "{} moved {}",
                        row.result.id,
                        percent(row.result.movement.moved, keys)
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    format!("Bar charts of the share of keys each scheme moved and of its busiest server over an even share: {}. The table above holds the same numbers.", listed.join(", "))
}

/// "Any one key": the box, and where every scheme and system sends the
/// key once the worker has placed it for this address.
fn one_key_box(model: Model) -> impl IntoView {
    let one_key = expect_context::<state::OneKey>().0;
    let snapshot = model.snapshot;
    let one_key_message = RwSignal::new(None::<String>);
    let one_key_table = move || {
        one_key.with(|key| {
            if key.is_empty() {
                return String::new();
            }
            // The worker places it; until it has, for this address and
            // this key, the table waits.
            snapshot.with(|m| {
                model.with_part(
                    |r| r.one_key.as_ref(),
                    |placed| {
                        placed
                            .filter(|p| {
                                p.key == *key
                                    && p.query == crate::app::panels::predict::settings_query(&m.0)
                            })
                            .map(|p| one_key_markup(&m.0, p.value))
                            .unwrap_or_default()
                    },
                )
            })
        })
    };

    view! {
        {super::subheading(Some("one-key-title"), "Any one key")}
        <div class="control">
            <label for="one-key">"Type a key your client stores, exactly as it sends it"</label>
            <input type="text" id="one-key" maxlength="800" spellcheck="false" placeholder="user:42"
                prop:value=move || one_key.get()
                aria-describedby="one-key-message"
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    match model::one_key::check(&text) {
                        Ok(()) => {
                            one_key_message.set(None);
                            one_key.set(text);
                        }
                        Err(why) => one_key_message.set(Some(why)),
                    }
                } />
            <Message message=one_key_message id="one-key-message" />
        </div>
        {markup(Holder::Block, one_key_table)}
        {super::key_path::key_path_box(model)}
    }
}

/// The chart's bars are the table's moved counts (the ring's, modulo's)
/// and busiest loads: they give those questions' answers away.
const CHART_TELLS: QuestionSet =
    QuestionSet::of(&[QuestionId::Moved, QuestionId::Modulo, QuestionId::Busiest]);

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn schemes_panel() -> impl IntoView {
    let model = expect_context::<Model>();
    let snapshot = model.snapshot;
    let chart = NodeRef::<Canvas>::new();
    let chart_width = observed_width(chart);

    // Moved share against the ideal, busiest against its fair share.
    // Draws onto the canvas it is given: the panel's own on every change, or
    // a detached one when the reader saves the chart as a PNG.
    let render = move |canvas: &web_sys::HtmlCanvasElement, width: f64| {
        let (keys, ideal) =
            snapshot.with(|m| (m.0.key_count() as f64, 1.0 / m.0.pool_with_changed() as f64));
        model.with_part(
            |r| r.schemes.as_ref(),
            |measured| {
                let Some(measured) = measured else {
                    return false;
                };
                let bars: Vec<SchemeBars> = measured
                    .iter()
                    .map(|row| SchemeBars {
                        id: row.result.id,
                        moved_share: row.result.movement.moved as f64 / keys,
                        busiest_over_even: row.result.spread.busiest_over_fair(),
                    })
                    .collect();
                timing::timed("ringcount:draw-schemes-chart", || {
                    charts::draw_schemes(canvas, width, &bars, ideal)
                });
                true
            },
        )
    };
    Effect::new(move |_| {
        let width = chart_width.get();
        if let (Some(canvas), true) = (chart.get(), width > 0.0) {
            render(&canvas, width);
        }
    });
    let save_chart = crate::app::draw::export::save_png_button(
        "schemes chart",
        "Every scheme, side by side",
        |_, _| SCHEMES_CAPTION.to_string(),
        move |canvas| {
            let width = chart_width.get_untracked();
            width > 0.0 && render(canvas, width)
        },
    );

    let table = move || {
        let keys = snapshot.with(|m| m.0.key_count());
        let (weighted, in_use) = model
            .settings
            .with(|s| (!s.weights.is_empty(), s.in_use.placement()));
        model.with_part(
            |r| r.schemes.as_ref(),
            |measured| {
                placements_table(
                    Table::Schemes,
                    measured.as_ref(),
                    keys,
                    weighted,
                    None,
                    in_use,
                )
            },
        )
    };
    let notes = move || snapshot.with(|m| notes(Table::Schemes, &m.0.settings));
    view! {
        {markup(Holder::Lead, move || snapshot.with(|m| lead(&m.0)))}
        {fold("Bounded loads' ε and multi-probe's probes", view! { <SchemeControls /> }.into_any())}
        {fold("The table and its charts, scheme by scheme", view! {
        {markup(Holder::Block, table)}
        <figure data-tells=CHART_TELLS.written()>
            <canvas node_ref=chart class="chart tall" role="img" aria-label=move || model.with_part(|r| r.schemes.as_ref(), |measured| {
                chart_label(measured.as_ref(), snapshot.with_untracked(|m| m.0.key_count()))
            })></canvas>
            <figcaption>{SCHEMES_CAPTION}</figcaption>
            {save_chart}
        </figure>
        }.into_any())}
        {crate::app::panels::down_table::down_section(|r| r.schemes.as_ref(), "down-schemes", "Down is not deleted", "Scheme", false)}
        {fold("How each scheme places keys", markup(Holder::Block, notes))}
        {one_key_box(model)}
    }
}

/// ε for bounded loads and the probe count for multi-probe, each a native
/// slider with an exact box, validated like every other setting.
#[component]
fn SchemeControls() -> impl IntoView {
    let model = expect_context::<Model>();
    let settings = model.settings;
    let eps_message = RwSignal::new(None::<String>);
    let set_eps = move |text: String| match Epsilon::parse(&text) {
        Ok(eps) => apply(model, eps_message, |s| s.eps = eps),
        Err(why) => eps_message.set(Some(format!("{why}."))),
    };
    let set_eps_hundredths = move |text: String| match text
        .trim()
        .parse::<u32>()
        .map_err(|_| "Not a number".to_string())
        .and_then(Epsilon::from_hundredths)
    {
        Ok(eps) => apply(model, eps_message, |s| s.eps = eps),
        Err(why) => eps_message.set(Some(format!("{why}."))),
    };
    let eps_text = move || settings.with(|s| s.eps.to_string());
    view! {
        <div class="scheme-controls">
            <div class="control">
                <label for="eps-range">"Bounded loads: ε"</label>
                <div class="number-pair">
                    <input
                        type="range"
                        id="eps-range"
                        min=Epsilon::MIN_HUNDREDTHS
                        max=Epsilon::MAX_HUNDREDTHS
                        prop:value=move || settings.with(|s| s.eps.hundredths().to_string())
                        aria-valuetext=move || format!("epsilon {}", eps_text())
                        aria-describedby="eps-message"
                        on:input=move |ev| set_eps_hundredths(event_target_value(&ev))
                    />
                    <input
                        type="text"
                        inputmode="decimal"
                        id="eps-number"
                        aria-label="Bounded loads epsilon, exact"
                        prop:value=eps_text
                        aria-describedby="eps-message"
                        on:change=move |ev| set_eps(event_target_value(&ev))
                    />
                </div>
                {markup(Holder::Block, || wrapped("p", "help", &format!("0.05 to 2: each server may hold up to (1 + {}) times an even share.", crate::render::glossary::term("epsilon", "ε"))))}
                <Message message=eps_message id="eps-message" />
            </div>
            <NumberControl
                id="probes"
                label="Multi-probe: probes per key"
                unit="probes per key"
                help="1 to 64 probes; more probes, more even, slower lookups."
                min=PROBES.min as u32
                max=PROBES.max as u32
                read=Signal::derive(move || u32::from(settings.with(|s| s.probes.get())))
                write=|settings, value| {
                    settings.probes = Probes::new(value).map_err(|why| format!("Probes per key {why}."))?;
                    Ok(())
                }
            />
        </div>
    }
}

/// What the schemes chart shows, under it and on its saved PNG.
const SCHEMES_CAPTION: &str = "Top: the share of keys each scheme moved; the dashed line is one server's even share, what a join moves when the newcomer takes exactly its fair part. Bottom: the busiest server after the change over an even share; the dashed line is perfect balance.";
