//! What the oracle prints for each panel: the figures the browser tests
//! read off the page, by panel id. The deferred panels' figures are read
//! from the same `Report` the page's worker sends, measured here once.

use serde_json::{json, Map, Value};

use model::claims;
use model::cost;
use model::failures;
use model::figure_id::FigureId;
use model::format::{fixed, format_ratio, format_share};
use model::measure::End;
use model::panels::{self, PanelId, Work};
use model::report::Report;
use model::Snapshot;

/// One measured address and everything its deferred panels show.
pub struct Measured<'a> {
    pub snapshot: &'a Snapshot,
    pub report: Report,
}

impl<'a> Measured<'a> {
    /// `query` is the address as `query::render` writes it; `key` the
    /// one-key box's, if any.
    pub fn new(snapshot: &'a Snapshot, query: &str, key: Option<&str>) -> Measured<'a> {
        let work: Vec<Work> = panels::work_for(panels::ALL);
        Measured {
            snapshot,
            report: Report::measure(snapshot, query, &work, key),
        }
    }
}

/// The figures the oracle prints for panel `id`: (key, value) pairs. A
/// panel that prints none says so here, so a new panel must answer.
pub fn of_panel(id: PanelId, m: &Measured) -> Vec<(&'static str, Value)> {
    let s = m.snapshot;
    match id {
        // Drawn from the snapshot's rings and keys; its figures are the
        // loads' and the entries'.
        PanelId::Ring => Vec::new(),
        PanelId::Predict => vec![("questions", questions(m))],
        PanelId::Entries => vec![("entries", json!(s.ring_after.len()))],
        PanelId::Moved => {
            let mut figures = vec![
                (
                    FigureId::Moved.as_str(),
                    json!(s.moved_by_owner_diff.to_string()),
                ),
                (
                    FigureId::MovedArc.as_str(),
                    json!(s.moved_by_arc_walk.to_string()),
                ),
                (FigureId::EvenShare.as_str(), json!(even_share(s))),
            ];
            if let Some(requests) = s.moved_requests() {
                if let Some(count) = requests.requests {
                    figures.push((FigureId::MovedRequests.as_str(), json!(count.to_string())));
                }
                figures.push((
                    FigureId::MovedRequestShare.as_str(),
                    json!(fixed(requests.share, 6)),
                ));
            }
            figures
        }
        PanelId::Modulo => vec![(
            FigureId::ModuloMoved.as_str(),
            json!(s.modulo_moved.to_string()),
        )],
        PanelId::Loads => loads(m),
        PanelId::Failure => vec![("failure", failure(m))],
        PanelId::Schemes => vec![("schemes", rows(s, m.report.schemes.as_deref()))],
        PanelId::Systems => vec![("systems", rows(s, m.report.systems.as_deref()))],
        PanelId::Cost => vec![("cost", cost(s))],
        PanelId::Rollout => vec![("rollout", rollout(s))],
        PanelId::Claims => vec![("claims", claims(m)), ("claim-kinds", claim_kinds())],
    }
}

pub fn even_share(s: &Snapshot) -> String {
    format_share(s.even_share())
}

/// Loads before and after, the spread, weights, request shares, the hottest key.
pub fn loads(m: &Measured) -> Vec<(&'static str, Value)> {
    let s = m.snapshot;
    let loads: Map<String, Value> = s
        .all_servers()
        .into_iter()
        .map(|server| {
            let i = usize::from(server);
            (
                s.name(server).to_string(),
                json!({"before": s.loads_before[i], "after": s.loads_after[i]}),
            )
        })
        .collect();
    let shares = s.request_shares();
    let requests: Map<String, Value> = s
        .after
        .iter()
        .map(|&server| {
            let i = usize::from(server);
            (
                s.name(server).to_string(),
                json!({"weight": s.weights[i], "requests": fixed(shares[i], 6)}),
            )
        })
        .collect();
    vec![
        ("loads", Value::Object(loads)),
        (
            FigureId::Spread.as_str(),
            json!(format_ratio(s.spread_after().ratio())),
        ),
        ("requests", Value::Object(requests)),
        (
            FigureId::HottestKeyShare.as_str(),
            json!(fixed(s.hottest_key_share(), 6)),
        ),
    ]
}

/// The replicas of the key at `index` (the failure panel's inspector).
pub fn replicas_of(s: &Snapshot, index: usize) -> Value {
    let key = s.keys.key(index.min(s.key_count() - 1));
    let walk = failures::replicas_of(&s.ring_after, key.hash, s.settings.replicas_in_pool());
    json!(walk
        .iter()
        .map(|&server| s.name(server))
        .collect::<Vec<_>>())
}

/// DEFINITIONS §8 as the failure panel and the loads table show it.
pub fn failure(m: &Measured) -> Value {
    let s = m.snapshot;
    let Some(measured) = &m.report.failure else {
        return Value::Null;
    };
    let failure = &measured.failure;
    let shares = s.exact_shares();
    let copysets = measured.copysets_now;
    let down = s.down_ids();
    let received: Map<String, Value> = s
        .after
        .iter()
        .filter(|server| !down.contains(server))
        .map(|&server| {
            (
                s.name(server).to_string(),
                json!(failure.received[usize::from(server)]),
            )
        })
        .collect();
    let share_rows: Map<String, Value> = s
        .after
        .iter()
        .map(|&server| {
            (
                s.name(server).to_string(),
                json!(fixed(shares[usize::from(server)], 6)),
            )
        })
        .collect();
    let mut figures = by_name([
        (FigureId::Rerouted, json!(failure.rerouted)),
        (FigureId::NoLiveCopy, json!(failure.no_live_copy)),
        (FigureId::CopiesToRemake, json!(failure.copies_to_remake)),
        (FigureId::Copysets, json!(copysets.distinct)),
        (FigureId::CopysetsPossible, json!(copysets.possible)),
    ]);
    figures["received"] = json!(received);
    figures["shares"] = json!(share_rows);
    figures["replicas-of-key-17"] = replicas_of(s, 17);
    // Only where requests are not keys, as the page shows it.
    if let Some(requests) = s.rerouted_requests() {
        figures[FigureId::ReroutedRequestShare.as_str()] = json!(fixed(requests.share, 6));
    }
    figures
}

/// Scheme rows as the page's data attributes hold them.
/// A table of schemes or systems, by id: DEFINITIONS §11's attributes and §15's entries.
/// Each end of the spread is named, and described as its cell says it (DEFINITIONS §17).
pub fn rows(s: &Snapshot, rows: Option<&[model::report::SchemeRow]>) -> Value {
    let weighted = !s.settings.weights.is_empty();
    let rows: Map<String, Value> = rows
        .into_iter()
        .flatten()
        .map(|row| &row.result)
        .map(|r| {
            let name = |end| s.name(r.spread.id_at(end));
            let text = |end| r.spread.describe(end, name(end), weighted);
            let mut row = json!({
                    "moved": r.movement.moved,
                    "moved-between": r.movement.moved_between,
                    "busiest": r.spread.busiest,
                    "quietest": r.spread.quietest,
                    "busiest-name": name(End::Busiest),
                    "quietest-name": name(End::Quietest),
                    "busiest-text": text(End::Busiest),
                    "quietest-text": text(End::Quietest),
                    "entries": r.holds.items(),
            });
            // DEFINITIONS §19, under down= only.
            if let Some(d) = &r.down {
                for (hook, count) in [
                    ("down-moved", d.moved),
                    ("down-moved-between", d.moved_between),
                    ("down-failed", d.failed),
                    ("down-to-down", d.to_down),
                    ("down-round-robin", d.round_robin),
                    ("removed-moved", d.removed_moved),
                    ("removed-moved-between", d.removed_moved_between),
                ] {
                    row[hook] = json!(count);
                }
                row["down-differs"] = json!(if d.differs() { "yes" } else { "no" });
            }
            (r.id.to_string(), row)
        })
        .collect();
    Value::Object(rows)
}

/// DEFINITIONS §9, measured: whole seconds to copy.
pub fn cost(s: &Snapshot) -> Value {
    let seconds = |moved: usize| {
        cost::Copy::of(
            moved as f64 / s.key_count() as f64,
            s.settings.data,
            s.settings.bandwidth,
        )
        .seconds
        .round()
        .to_string()
    };
    let misses = |moved: usize| cost::ColdMisses::of(moved, s.settings.rate);
    let mut figures = by_name([
        (
            FigureId::CopySecondsRing,
            json!(seconds(s.moved_by_owner_diff)),
        ),
        (FigureId::CopySecondsModulo, json!(seconds(s.modulo_moved))),
        (
            FigureId::ColdMissesRing,
            json!(s.moved_by_owner_diff.to_string()),
        ),
        (
            FigureId::ColdMissesModulo,
            json!(s.modulo_moved.to_string()),
        ),
        (
            FigureId::MissRateRing,
            json!(fixed(misses(s.moved_by_owner_diff).per_second, 1)),
        ),
        (
            FigureId::MissRateModulo,
            json!(fixed(misses(s.modulo_moved).per_second, 1)),
        ),
    ]);
    // Only where requests are not keys, as the page shows them.
    if let (Some(ring), Some(modulo)) = (s.moved_requests(), s.modulo_moved_requests()) {
        figures[FigureId::MissRequestShareRing.as_str()] = json!(fixed(ring.share, 6));
        figures[FigureId::MissRequestShareModulo.as_str()] = json!(fixed(modulo.share, 6));
    }
    figures
}

/// DEFINITIONS §9, measured: whole writes misrouted during the rollout.
pub fn rollout(s: &Snapshot) -> Value {
    let misrouted = |moved: usize| {
        cost::misrouted(
            moved as f64,
            f64::from(s.settings.rate),
            f64::from(s.settings.rollout),
        )
        .round()
        .to_string()
    };
    by_name([
        (
            FigureId::MisroutedRing,
            json!(misrouted(s.moved_by_owner_diff)),
        ),
        (FigureId::MisroutedModulo, json!(misrouted(s.modulo_moved))),
    ])
}

/// DEFINITIONS §12: each question's wording, answer and reference mark.
pub fn questions(m: &Measured) -> Value {
    let rows: Map<String, Value> = m
        .report
        .questions
        .iter()
        .flatten()
        .map(|q| {
            (
                q.id.as_str().to_string(),
                json!({"wording": q.wording, "answer": q.measured, "reference": q.reference, "gives": q.gives}),
            )
        })
        .collect();
    Value::Object(rows)
}

/// Every claim's verdict, with its kind: {id: {"held": "yes", "kind": "check"}}.
pub fn claims(m: &Measured) -> Value {
    let rows: Map<String, Value> = m
        .report
        .claims
        .iter()
        .flatten()
        .map(|claim| (claim.id.to_string(), json!(claim.held.id())))
        .collect();
    Value::Object(rows)
}

/// Each claim's kind, {id: "check" | "finding"}.
pub fn claim_kinds() -> Value {
    let kinds: Map<String, Value> = claims::ALL
        .iter()
        .map(|def| (def.id.to_string(), json!(def.kind.id())))
        .collect();
    Value::Object(kinds)
}

/// Figures under their names (`FigureId`), as an object that other keys
/// may join.
fn by_name<const N: usize>(figures: [(FigureId, Value); N]) -> Value {
    Value::Object(
        figures
            .into_iter()
            .map(|(id, value)| (id.as_str().to_string(), value))
            .collect(),
    )
}
