//! Entry point. In the browser it mounts the page. Natively it measures the
//! settings in a query string and prints the page's figures as JSON, each
//! panel's as `panels::ALL` says (see `oracle`), so the browser tests can
//! check the WASM page against the model.
//!
//!     cargo run --quiet -- 'points=1&hash=fnv1a'

#[cfg(target_arch = "wasm32")]
fn main() {
    ringcount::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use ringcount::model::Snapshot;
    use ringcount::{oracle, panels, query};
    use serde_json::{json, Map, Value};

    let address = std::env::args().nth(1).unwrap_or_default();
    let parsed = query::parse(&address, &panels::ids());
    let snapshot = Snapshot::of(&parsed.settings);
    let measured = oracle::Measured::new(&snapshot);
    let mut figures = Map::new();
    for panel in panels::ALL {
        for (key, value) in (panel.oracle)(&measured) {
            figures.insert(key.to_string(), value);
        }
    }
    if let Some(key) = &parsed.key {
        let (position, rows) = ringcount::model::one_key::owners(&snapshot, key);
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
