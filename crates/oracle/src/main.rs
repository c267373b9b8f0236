//! The native oracle: measures the settings in an address and prints what
//! every panel shows as JSON, each panel's figures as `model::panels::ALL`
//! says, so the browser tests check the WASM page against the model rather
//! than against typed-in numbers.
//!
//!     cargo run -q -p oracle -- 'points=1&hash=fnv1a'

mod figures;

use model::{panels, query, Snapshot};
use serde_json::{json, Map, Value};

fn main() {
    let address = std::env::args().nth(1).unwrap_or_default();
    let parsed = query::parse(&address, &panels::ids());
    let snapshot = Snapshot::of(&parsed.settings);
    let rendered = query::render(&parsed.settings, &Default::default());
    let measured = figures::Measured::new(&snapshot, &rendered, parsed.key.as_deref());
    let mut figures = Map::new();
    for panel in panels::ALL {
        for (key, value) in figures::of_panel(panel.id, &measured) {
            figures.insert(key.to_string(), value);
        }
    }
    // The report itself, as the page's worker sends it for this address.
    let report: Value = serde_json::from_str(&measured.report.to_json()).unwrap_or_default();
    figures.insert("report".into(), report);
    if let Some(placed) = &measured.report.one_key {
        let (position, rows) = (placed.position, &placed.owners);
        let owners: Map<String, Value> = rows
            .iter()
            .map(|row| {
                (
                    row.scheme.to_string(),
                    json!({"before": row.before, "after": row.after}),
                )
            })
            .collect();
        figures.insert(
            "one-key".into(),
            json!({"position": position, "owners": owners}),
        );
    }
    figures.insert("panels".into(), json!(panels::ids()));
    figures.insert("notices".into(), json!(parsed.notices.len()));
    println!("{}", Value::Object(figures));
}
