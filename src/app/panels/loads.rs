//! Keys per server before and after the change, with the spread, and the
//! two charts that show where unevenness comes from.

use leptos::html::Canvas;
use leptos::prelude::*;
use model::figure_id::FigureId;
use web_sys::HtmlCanvasElement;

use crate::app::draw::charts;
use crate::app::draw::export::save_png_button;
use crate::app::draw::theme::observed_width;
use crate::app::message::{apply, Message};
use crate::app::panels::{fold, markup, Holder};
use crate::app::print::Handout;
use crate::app::state::Model;
use crate::app::timing;
use crate::render::markup::Markup;
use crate::render::palette::Palette;
use model::format::{fixed, format_ratio, share_in_prose, thousands};
use model::panels::PanelId;
use model::questions::{QuestionId, QuestionSet};
use model::settings::{parse_skew, skew_text};
use model::{ServerId, Skew, Snapshot, Spread};

fn describe(s: &Snapshot, spread: Spread) -> String {
    if !s.weighted() {
        return format!(
            "{} ÷ {} = {}",
            thousands(u64::from(spread.busiest)),
            thousands(u64::from(spread.quietest)),
            format_ratio(spread.ratio())
        );
    }
    format!(
        "({}'s {} ÷ weight {}) ÷ ({}'s {} ÷ weight {}) = {}",
        s.name(spread.busiest_id),
        thousands(u64::from(spread.busiest)),
        spread.busiest_weight,
        s.name(spread.quietest_id),
        thousands(u64::from(spread.quietest)),
        spread.quietest_weight,
        format_ratio(spread.ratio())
    )
}

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn loads_panel() -> impl IntoView {
    let model = expect_context::<Model>();
    let handout = expect_context::<Handout>();
    let snapshot = model.snapshot;
    let loads_chart = NodeRef::<Canvas>::new();
    let spread_chart = NodeRef::<Canvas>::new();
    let loads_width = observed_width(loads_chart);
    let spread_width = observed_width(spread_chart);

    // Each chart draws onto the canvas it is given: its own on every change,
    // or a detached one when the reader saves it as a PNG.
    let render_loads = move |canvas: &HtmlCanvasElement, width: f64| {
        let after = after_told(model, handout);
        snapshot.with(|m| {
            timing::timed("ringcount:draw-loads-chart", || {
                charts::draw_loads(canvas, width, &m.0, after)
            })
        });
        true
    };
    let render_spread = move |canvas: &HtmlCanvasElement, width: f64| {
        let points = snapshot.with(|m| m.0.settings.points);
        model.with_part(
            |r| r.evenness.as_ref(),
            |measured| {
                measured.is_some_and(|measured| {
                    timing::timed("ringcount:draw-spread-chart", || {
                        charts::draw_evenness(canvas, width, measured.value, points)
                    });
                    true
                })
            },
        )
    };
    Effect::new(move |_| {
        let width = loads_width.get();
        if let (Some(canvas), true) = (loads_chart.get(), width > 0.0) {
            render_loads(&canvas, width);
        }
    });
    Effect::new(move |_| {
        let width = spread_width.get();
        if let (Some(canvas), true) = (spread_chart.get(), width > 0.0) {
            render_spread(&canvas, width);
        }
    });
    let save_loads = save_png_button(
        "loads chart",
        "Keys per server",
        |s, held| loads_caption(s, after_told_in(held)),
        move |canvas| {
            let width = loads_width.get_untracked();
            width > 0.0 && render_loads(canvas, width)
        },
    );
    let save_spread = save_png_button(
        "spread chart",
        "More points, a fairer ring",
        |_, _| SPREAD_CAPTION.to_string(),
        move |canvas| {
            let width = spread_width.get_untracked();
            width > 0.0 && render_spread(canvas, width)
        },
    );

    view! {
        {markup(Holder::Lead, move || snapshot.with(|m| lead(&m.0)))}
        <SkewControl />
        {fold("Each server's keys, and two charts", view! {
        {markup(Holder::Block, move || snapshot.with(|m| loads_table(&m.0)))}
        <div class="charts">
            <figure>
                <canvas node_ref=loads_chart class="chart" role="img" aria-label="Bar chart of keys per server before and after the change; the table above holds the same numbers."></canvas>
                <figcaption>{move || snapshot.with(|m| loads_caption(&m.0, after_told(model, handout)))}</figcaption>
                {save_loads}
            </figure>
            <figure>
                <canvas node_ref=spread_chart class="chart" role="img" aria-label=move || model.with_part(|r| r.evenness.as_ref(), |measured| {
                    let measured = measured.map(|m| m.value.clone()).unwrap_or_default();
                    let listed: Vec<String> = measured.iter().map(|m| format!("{}% at {}", fixed(m.busiest_excess * 100.0, 0), m.points)).collect();
                    format!("Chart of how far the busiest server sits above an even share, by points per server: {}.", listed.join(", "))
                })></canvas>
                <figcaption>{SPREAD_CAPTION}</figcaption>
                {save_spread}
            </figure>
        </div>
        }.into_any())}
    }
}

/// The panel's lead: the spread after, waiting with the busiest question
/// when it names the busiest server's keys (with the quietest's, it gives
/// them).
fn lead(s: &Snapshot) -> String {
    let after = s.spread_after();
    let mut lead = Markup::new();
    lead.text(&format!(
        "Each server holds the keys of its arcs. With {} the busiest holds ",
        s.settings.points_phrase(),
    ));
    let answers = match after.busiest == model::measure::most_keys(&s.loads_after, &s.after) {
        true => QuestionSet::of(&[QuestionId::Busiest]),
        false => QuestionSet::NONE,
    };
    lead.tells(answers, &mut |m| {
        m.text(&format_ratio(after.ratio()));
    });
    lead.text(&format!(
        " times what the quietest holds after the change{}; one point each leaves whole servers nearly idle.",
        if s.weighted() { ", each for its weight" } else { "" }
    ));
    lead.into_string()
}

/// The loads table, its spread row, and the note that explains the spread.
/// What every server's row is read against, worked out once per table.
struct Columns<'a> {
    /// Exact shares of the ring and request shares, by server id.
    shares: Vec<f64>,
    requests: Vec<f64>,
    /// The pool's total weight after the change.
    total_weight: f64,
    /// The busiest server's keys after the change: the busiest question's
    /// answer.
    busiest: u32,
    palette: Palette<'a>,
}

/// One server's row: keys before and after, the change, its shares.
fn server_row(m: &mut Markup, s: &Snapshot, server: ServerId, columns: &Columns<'_>) {
    let (shares, requests, total_weight, palette) = (
        &columns.shares,
        &columns.requests,
        columns.total_weight,
        &columns.palette,
    );
    let keys = s.key_count();
    let dash = || "—".to_string();
    let name = s.name(server);
    let index = usize::from(server);
    let before = s.before.contains(&server).then(|| s.loads_before[index]);
    let after = s.after.contains(&server).then(|| s.loads_after[index]);
    let shown = |load: Option<u32>| load.map_or_else(dash, |l| thousands(u64::from(l)));
    let delta = i64::from(after.unwrap_or(0)) - i64::from(before.unwrap_or(0));
    let share = after.map(|_| fixed(shares[index], 6));
    let weight = s.weights[index];
    let request_share = after.map(|_| fixed(requests[index], 6));
    m.open(
        "tr",
        &[
            ("data-server", Some(name)),
            ("data-before", Some(&before.unwrap_or(0).to_string())),
            ("data-after", Some(&after.unwrap_or(0).to_string())),
            (
                "data-share",
                Some(&share.clone().unwrap_or_else(|| fixed(0.0, 6))),
            ),
            ("data-weight", Some(&weight.to_string())),
            (
                "data-requests",
                Some(&request_share.clone().unwrap_or_else(|| fixed(0.0, 6))),
            ),
        ],
    )
    .open("th", &[("scope", Some("row"))])
    .swatch(palette.swatch_class(name))
    .text(name)
    .close("th")
    // A figure from before the change: equal to an answer at times, but
    // never one (`data-when`, read by the tests of DEFINITIONS §12).
    .element(
        "td",
        &[("class", Some("num")), ("data-when", Some("before"))],
        &shown(before),
    );
    // A newcomer's keys after are the keys that moved to it: for one join,
    // the ring's question's answer (`Markup::tells`). Every server's keys
    // after wait for the busiest question: the others' add up to K less
    // the busiest's.
    let newcomer = before.is_none() && after.is_some();
    let busiest = after.is_some();
    let after_answers = QuestionSet::told_by_keys(newcomer, busiest);
    let sign = match delta.signum() {
        1 => "+",
        -1 => "−",
        _ => "",
    };
    let told = [
        shown(after),
        format!("{sign}{}", thousands(delta.unsigned_abs())),
    ];
    // A leaver's change is every key it held moving: the moved question's
    // answer when it leaves alone.
    let change_answers = match before.is_some() && after.is_none() {
        true => QuestionSet::of(&[QuestionId::Moved]),
        false => after_answers,
    };
    m.number_cell_telling(after_answers, &told[0])
        // Before and the change give the keys after: they wait as those do.
        .number_cell_telling(change_answers, &told[1]);
    m.number_cell(&share.unwrap_or_else(dash));
    m.number_cell_telling(
        after_answers,
        &after.map_or_else(dash, |load| fixed(f64::from(load) / keys as f64, 3)),
    );
    m.number_cell(&weight.to_string())
        .number_cell(&after.map_or_else(dash, |_| fixed(f64::from(weight) / total_weight, 3)))
        // With requests alike, a server's requests are its keys ÷ K.
        .number_cell_telling(after_answers, &request_share.unwrap_or_else(dash))
        .close("tr");
}

fn loads_table(s: &Snapshot) -> String {
    let mut m = Markup::new();
    // Named apart from the panel, whose heading is "Load per server": two
    // landmarks of one name cannot be told apart.
    m.open_scrolling_table(
        "Keys and requests of each server, before and after",
        &[("class", Some("numbers wide")), ("id", Some("loads-table"))],
    )
    .open("thead", &[])
    .open("tr", &[]);
    for heading in ["Server", "Before", "After", "Change"] {
        m.column_heading(heading);
    }
    m.term_heading("exact-share", "Exact share");
    for heading in ["Keys ÷ K", "Weight", "Weight share"] {
        m.column_heading(heading);
    }
    m.term_heading("request-share", "Requests");
    m.close("tr").close("thead").open("tbody", &[]);
    let columns = Columns {
        shares: s.exact_shares(),
        requests: s.request_shares(),
        total_weight: s
            .after
            .iter()
            .map(|&id| f64::from(s.weights[usize::from(id)]))
            .sum(),
        palette: Palette::of(&s.names, s.is_join()),
        busiest: model::measure::most_keys(&s.loads_after, &s.after),
    };
    for server in s.all_servers() {
        server_row(&mut m, s, server, &columns);
    }
    m.close("tbody")
        .open("tfoot", &[])
        .open("tr", &[])
        .row_heading("Spread")
        .element(
            "td",
            &[
                ("class", Some("num")),
                ("data-figure", Some(FigureId::SpreadBefore.as_str())),
            ],
            &format_ratio(s.spread_before().ratio()),
        )
        .open("td", &[("class", Some("num"))]);
    // The spread after names the busiest server's keys, when it is the
    // furthest over: the busiest question's answer.
    let after = s.spread_after();
    let busiest = match after.busiest == columns.busiest {
        true => QuestionSet::of(&[QuestionId::Busiest]),
        false => QuestionSet::NONE,
    };
    let spread = format_ratio(after.ratio());
    m.tells(busiest, &mut |m| {
        m.figure(FigureId::Spread, &spread);
    })
    .close("td");
    for _ in 0..6 {
        m.element("td", &[], "");
    }
    m.close("tr").close("tfoot").close_scrolling_table();
    spread_note(&mut m, s, busiest);
    m.into_string()
}

/// The note under the table: the spread before and after, and the server
/// furthest over its fair share, waiting with the busiest question when
/// they give its answer (`busiest`).
fn spread_note(m: &mut Markup, s: &Snapshot, busiest: QuestionSet) {
    let after = s.spread_after();
    let what = if s.weighted() {
        "The weights differ, so each server is measured against its fair share, K × its weight ÷ the total weight. Spread is the keys per unit of weight of the server furthest over its fair share ÷ the same for the one furthest under"
    } else {
        "Spread is the busiest server's keys ÷ the quietest's"
    };
    let told = |m: &mut Markup, text: &str| {
        m.tells(busiest, &mut |m| {
            m.text(text);
        });
    };

    m.open("p", &[("class", Some("note"))])
        .text(&format!("{what}: before, "))
        .element(
            "span",
            &[("data-when", Some("before"))],
            &describe(s, s.spread_before()),
        )
        .text("; after, ");
    told(m, &describe(s, after));
    m.text(&format!(
        ". 1.00 would be perfectly {}. Furthest over its fair share after the change: ",
        if s.weighted() { "fair" } else { "even" },
    ))
    .element(
        "span",
        &[("data-furthest-over", Some(s.name(after.busiest_id)))],
        s.name(after.busiest_id),
    )
    .text(", ");
    told(m, &thousands(u64::from(after.busiest)));
    m.text(&format!(
        " keys against {} (",
        share_in_prose(after.fair_per_weight * f64::from(after.busiest_weight)),
    ));
    told(m, &fixed(after.busiest_over_fair(), 2));
    m.text(" times).").close("p");
}

/// How skewed requests are: key rank r gets requests ∝ 1/r^s.
#[component]
fn SkewControl() -> impl IntoView {
    let model = expect_context::<Model>();
    let settings = model.settings;
    let snapshot = model.snapshot;
    let message = RwSignal::new(None::<String>);
    let set = move |text: String, read: fn(&str) -> Result<Skew, String>| match read(&text) {
        Ok(skew) => apply(model, message, |s| s.skew = skew),
        Err(why) => message.set(Some(format!("Skew {why}."))),
    };
    let from_tenths = |text: &str| {
        text.trim()
            .parse::<u32>()
            .map_err(|_| "needs a number".to_string())
            .and_then(Skew::new)
    };
    let text = move || settings.with(|s| skew_text(s.skew));
    let yours = move || settings.with(|s| s.your_keys.is_some());
    view! {
        <div class="control skew-control">
            <label for="skew-range">"Hot keys: skew s"</label>
            <fieldset class="number-pair" disabled=yours aria-label="Skew">
                <input type="range" id="skew-range" min=Skew::MIN max=Skew::MAX
                    prop:value=move || settings.with(|s| s.skew.get().to_string())
                    aria-valuetext=move || format!("skew {}", text())
                    aria-describedby="skew-message"
                    on:input=move |ev| set(event_target_value(&ev), from_tenths) />
                <input type="text" inputmode="decimal" id="skew-number" aria-label="Skew, exact"
                    prop:value=text aria-describedby="skew-message"
                    on:change=move |ev| set(event_target_value(&ev), parse_skew) />
            </fieldset>
            {markup(Holder::Block, move || {
                let hottest = snapshot.with(|m| fixed(m.0.hottest_key_share(), 6));
                let from = if yours() { "yours" } else { "zipf" };
                let mut m = Markup::new();
                m.open("p", &[("class", Some("help")), ("data-requests-from", Some(from))]);
                if yours() {
                    m.text("Requests come from your keys, not from s: a key seen k times is k requests. The hottest key alone gets ")
                        .figure(FigureId::HottestKeyShare, &hottest)
                        .text(" of all requests, and no number of points can split one key.");
                } else {
                    m.text("Key rank r gets requests in proportion to 1/r^s: 0 is every key alike, 1 is ")
                        .term("zipf", "Zipf's law")
                        .text(". The hottest key alone gets ")
                        .figure(FigureId::HottestKeyShare, &hottest)
                        .text(" of all requests, ")
                        .term("harmonic", "1/H(K, s)")
                        .text(", and no number of points can split one key.");
                }
                m.close("p");
                m.into_string()
            })}
            <Message message=message id="skew-message" />
        </div>
    }
}

/// What the spread chart shows, under it and on its saved PNG.
const SPREAD_CAPTION: &str = "How far the busiest server's exact share of the ring sits above an even share, at 1 to 500 points (dots, log scales), beside a 1/√points line. Exact shares carry no sampling noise, so the square-root rule shows however few keys there are. The ring marks the current setting.";

/// Whether the loads chart draws its bars after the change: they give the
/// newcomer's keys (the moved question's answer) and the busiest server's
/// (the busiest question's), so they wait for both (tracked).
fn after_told(model: Model, handout: Handout) -> bool {
    // On paper the questions' answers wait for the last page, answered on
    // screen or not (`Markup::tells`): so do the bars.
    let asked_on_paper = handout.printing() && handout.panels(model).contains(&PanelId::Predict);
    after_told_in(QuestionSet(model.asks.get())) && !asked_on_paper
}

fn after_told_in(held: QuestionSet) -> bool {
    !held.holds(QuestionId::Moved) && !held.holds(QuestionId::Busiest)
}

/// What the loads chart shows, under it and on its saved PNG: the bars
/// after the change only once `after` (`after_told`).
fn loads_caption(s: &Snapshot, after: bool) -> String {
    if !after {
        return "Keys per server before the change (pale). The bars after it wait for your guesses at how many keys move and how busy the busiest server gets.".to_string();
    }
    let triangles = if s.requests().is_even() {
        ""
    } else {
        "; each triangle is the server's share of requests scaled to keys (share × K)"
    };
    let dashes = if s.weighted() {
        "The dashes over each server mark its fair share after the change, K × its weight ÷ the total weight."
    } else {
        "The dashed line is an even share after the change."
    };
    format!("Keys per server, before (pale) and after (solid){triangles}. {dashes}")
}
