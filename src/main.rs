//! Entry point. In the browser it mounts the page. Natively it measures the
//! settings in a query string and prints the page's figures as JSON, so the
//! browser tests can check the WASM page against the native model.
//!
//!     cargo run --quiet -- 'points=1&hash=fnv1a'

#[cfg(target_arch = "wasm32")]
fn main() {
    ringcount::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use ringcount::model::format::{format_ratio, format_share};
    use ringcount::model::Snapshot;

    fn json_string(text: &str) -> String {
        let mut out = String::from("\"");
        for c in text.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    }

    let query = std::env::args().nth(1).unwrap_or_default();
    let parsed = ringcount::query::parse(&query);
    let snapshot = match Snapshot::measure(&parsed.settings) {
        Ok(snapshot) => snapshot,
        Err(problems) => {
            eprintln!("cannot measure: {problems:?}");
            std::process::exit(1);
        }
    };
    let loads: Vec<String> = snapshot
        .all_servers()
        .into_iter()
        .map(|server| {
            let i = usize::from(server);
            format!(
                "{}: {{\"before\": {}, \"after\": {}}}",
                json_string(snapshot.name(server)),
                snapshot.loads_before[i],
                snapshot.loads_after[i]
            )
        })
        .collect();
    let results = snapshot.measure_schemes();
    let mut judged = ringcount::model::evaluate(&snapshot);
    judged.extend(ringcount::model::scheme_claims::evaluate(
        &snapshot, &results,
    ));
    judged.extend(ringcount::model::failure_claims::evaluate(&snapshot));
    let claims: Vec<String> = judged
        .iter()
        .map(|claim| {
            format!(
                "{}: {}",
                json_string(claim.id),
                if claim.held { "\"yes\"" } else { "\"no\"" }
            )
        })
        .collect();
    // Scheme rows as the page's data attributes hold them.
    let schemes: Vec<String> = results
        .iter()
        .map(|r| {
            format!(
                "\"{}\": {{\"moved\": {}, \"moved-between\": {}, \"busiest\": {}, \"quietest\": {}}}",
                r.id, r.movement.moved, r.movement.moved_between, r.spread.busiest, r.spread.quietest
            )
        })
        .collect();
    let panels: Vec<String> = ringcount::query::panel_ids()
        .iter()
        .map(|id| json_string(id))
        .collect();
    println!(
        "{{\"moved\": \"{}\", \"moved-arc\": \"{}\", \"modulo-moved\": \"{}\", \"even-share\": \"{}\", \"spread\": \"{}\", \"loads\": {{{}}}, \"claims\": {{{}}}, \"schemes\": {{{}}}, \"panels\": [{}], \"notices\": {}}}",
        snapshot.moved_by_owner_diff,
        snapshot.moved_by_arc_walk,
        snapshot.modulo_moved,
        format_share(snapshot.even_share()),
        format_ratio(snapshot.spread_after().ratio()),
        loads.join(", "),
        claims.join(", "),
        schemes.join(", "),
        panels.join(", "),
        parsed.notices.len()
    );
}
