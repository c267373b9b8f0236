//! Keys per server before and after the change, with the spread, and the
//! two charts that show where unevenness comes from.

use leptos::html::Canvas;
use leptos::prelude::*;

use crate::app::controls::{apply, Message};
use crate::app::draw::palette::colour_of;
use crate::app::draw::theme::observed_width;
use crate::app::Model;
use crate::app::{draw::charts, timing};
use crate::model::format::{fixed, format_ratio};
use crate::model::settings::{parse_skew, skew_text};
use crate::model::{Skew, Spread};

fn describe(spread: Spread) -> String {
    format!(
        "{} ÷ {} = {}",
        spread.busiest,
        spread.quietest,
        format_ratio(spread.ratio())
    )
}

#[component]
pub fn LoadsPanel() -> impl IntoView {
    let model = expect_context::<Model>();
    let snapshot = model.snapshot;
    let loads_chart = NodeRef::<Canvas>::new();
    let spread_chart = NodeRef::<Canvas>::new();
    let loads_width = observed_width(loads_chart);
    let spread_width = observed_width(spread_chart);

    Effect::new(move |_| {
        let width = loads_width.get();
        if let (Some(canvas), true) = (loads_chart.get(), width > 0.0) {
            snapshot.with(|m| {
                timing::timed("ringcount:draw-loads-chart", || {
                    charts::draw_loads(&canvas, width, &m.0)
                })
            });
        }
    });
    Effect::new(move |_| {
        let width = spread_width.get();
        let (Some(canvas), true) = (spread_chart.get(), width > 0.0) else {
            return;
        };
        let points = snapshot.with(|m| m.0.settings.points);
        model.evenness.with(|measured| {
            if let Some(measured) = measured {
                timing::timed("ringcount:draw-spread-chart", || {
                    charts::draw_evenness(&canvas, width, &measured.0, points)
                });
            }
        });
    });

    view! {
        <section class="panel" id="loads" aria-labelledby="loads-title">
            <h2 id="loads-title">"Load per server"</h2>
            <p class="lead">
                {move || snapshot.with(|m| {
                    let s = &m.0;
                    format!(
                        "Each server holds the keys of its arcs. With {} points per server the busiest holds {} times what the quietest holds after the change; one point each leaves whole servers nearly idle.",
                        s.settings.points,
                        format_ratio(s.spread_after().ratio())
                    )
                })}
            </p>
            <SkewControl />
            <div class="table-scroll">
                <table class="numbers" id="loads-table">
                    <thead>
                        <tr><th scope="col">"Server"</th><th scope="col">"Before"</th><th scope="col">"After"</th><th scope="col">"Change"</th><th scope="col"><abbr title="The share of the ring its arcs cover after the change, exactly; the keys after are a sample of it">"Exact share"</abbr></th><th scope="col">"Keys ÷ K"</th><th scope="col">"Weight"</th><th scope="col">"Weight share"</th><th scope="col"><abbr title="Its share of all requests when key rank r gets requests in proportion to 1/r^s">"Requests"</abbr></th></tr>
                    </thead>
                    <tbody>
                        {move || snapshot.with(|m| {
                            let s = &m.0;
                            let shares = s.exact_shares();
                            let keys = s.key_count();
                            let requests = s.request_shares();
                            let total_weight: f64 = s.after.iter().map(|&id| f64::from(s.weights[usize::from(id)])).sum();
                            s.all_servers().into_iter().map(|server| {
                                let name = s.name(server).to_string();
                                let before = s.before.contains(&server).then(|| s.loads_before[usize::from(server)]);
                                let after = s.after.contains(&server).then(|| s.loads_after[usize::from(server)]);
                                let shown = |load: Option<u32>| load.map_or("—".to_string(), |l| l.to_string());
                                let delta = i64::from(after.unwrap_or(0)) - i64::from(before.unwrap_or(0));
                                let share = after.map(|_| fixed(shares[usize::from(server)], 6));
                                let share_attribute = share.clone().unwrap_or_else(|| fixed(0.0, 6));
                                let sampled = after.map(|load| fixed(f64::from(load) / keys as f64, 3));
                                let weight = s.weights[usize::from(server)];
                                let weight_share = after.map(|_| fixed(f64::from(weight) / total_weight, 3));
                                let request_share = after.map(|_| fixed(requests[usize::from(server)], 6));
                                let request_attribute = request_share.clone().unwrap_or_else(|| fixed(0.0, 6));
                                view! {
                                    <tr data-server=name.clone() data-before=before.unwrap_or(0) data-after=after.unwrap_or(0) data-share=share_attribute data-weight=weight data-requests=request_attribute>
                                        <th scope="row"><span class="swatch" style:background=colour_of(&name)></span>{name.clone()}</th>
                                        <td class="num">{shown(before)}</td>
                                        <td class="num">{shown(after)}</td>
                                        <td class="num">{if delta > 0 { format!("+{delta}") } else { delta.to_string() }}</td>
                                        <td class="num">{share.unwrap_or_else(|| "—".to_string())}</td>
                                        <td class="num">{sampled.unwrap_or_else(|| "—".to_string())}</td>
                                        <td class="num">{weight}</td>
                                        <td class="num">{weight_share.unwrap_or_else(|| "—".to_string())}</td>
                                        <td class="num">{request_share.unwrap_or_else(|| "—".to_string())}</td>
                                    </tr>
                                }
                            }).collect_view()
                        })}
                    </tbody>
                    <tfoot>
                        <tr>
                            <th scope="row">"Spread"</th>
                            <td class="num" data-figure="spread-before">{move || snapshot.with(|m| format_ratio(m.0.spread_before().ratio()))}</td>
                            <td class="num"><span data-figure="spread">{move || snapshot.with(|m| format_ratio(m.0.spread_after().ratio()))}</span></td>
                            <td></td>
                            <td></td>
                            <td></td>
                            <td></td>
                            <td></td>
                            <td></td>
                        </tr>
                    </tfoot>
                </table>
            </div>
            <p class="note">
                "Spread is the busiest server's keys ÷ the quietest's: "
                {move || snapshot.with(|m| format!("before, {}; after, {}.", describe(m.0.spread_before()), describe(m.0.spread_after())))}
                " 1.00 would be perfectly even."
            </p>
            <div class="charts">
                <figure>
                    <canvas node_ref=loads_chart class="chart" role="img" aria-label="Bar chart of keys per server before and after the change; the table above holds the same numbers."></canvas>
                    <figcaption>{move || if model.settings.with(|s| s.skew.get() > 0) {
                        "Keys per server, before (pale) and after (solid); each triangle is the server's share of requests scaled to keys (share × K). The dashed line is an even share after the change."
                    } else {
                        "Keys per server, before (pale) and after (solid). The dashed line is an even share after the change."
                    }}</figcaption>
                </figure>
                <figure>
                    <canvas node_ref=spread_chart class="chart" role="img" aria-label=move || model.evenness.with(|measured| {
                        let measured = measured.as_ref().map(|m| m.0.clone()).unwrap_or_default();
                        let listed: Vec<String> = measured.iter().map(|m| format!("{}% at {}", fixed(m.busiest_excess * 100.0, 0), m.points)).collect();
                        format!("Chart of how far the busiest server sits above an even share, by points per server: {}.", listed.join(", "))
                    })></canvas>
                    <figcaption>"How far the busiest server's exact share of the ring sits above an even share, at 1 to 500 points (dots, log scales), beside a 1/√points line. Exact shares carry no sampling noise, so the square-root rule shows even at 1,000 keys. The ring marks the current setting."</figcaption>
                </figure>
            </div>
        </section>
    }
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
    view! {
        <div class="control skew-control">
            <label for="skew-range">"Hot keys: skew s"</label>
            <div class="number-pair">
                <input type="range" id="skew-range" min=Skew::MIN max=Skew::MAX
                    prop:value=move || settings.with(|s| s.skew.get().to_string())
                    aria-valuetext=move || format!("skew {}", text())
                    aria-describedby="skew-message"
                    on:input=move |ev| set(event_target_value(&ev), from_tenths) />
                <input type="text" inputmode="decimal" id="skew-number" aria-label="Skew, exact"
                    prop:value=text aria-describedby="skew-message"
                    on:change=move |ev| set(event_target_value(&ev), parse_skew) />
            </div>
            <p class="help">
                "Key rank r gets requests in proportion to 1/r^s: 0 is every key alike, 1 is Zipf's law. The hottest key alone gets "
                <span data-figure="hottest-key-share">{move || snapshot.with(|m| fixed(m.0.hottest_key_share(), 6))}</span>
                " of all requests, 1/H(K, s), and no number of points can split one key."
            </p>
            <Message message=message id="skew-message" />
        </div>
    }
}
