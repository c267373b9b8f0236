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
    judged.extend(ringcount::model::weight_claims::evaluate(&snapshot));
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
    // SPEC §8 as the failure panel and the loads table show it.
    let failure = snapshot.measure_failure();
    let shares = snapshot.exact_shares();
    let copysets = snapshot.copysets_at(snapshot.settings.points);
    let received: Vec<String> = snapshot
        .after
        .iter()
        .filter(|server| !snapshot.down_ids().contains(server))
        .map(|&server| {
            format!(
                "{}: {}",
                json_string(snapshot.name(server)),
                failure.received[usize::from(server)]
            )
        })
        .collect();
    let share_rows: Vec<String> = snapshot
        .after
        .iter()
        .map(|&server| {
            format!(
                "{}: \"{}\"",
                json_string(snapshot.name(server)),
                ringcount::model::format::fixed(shares[usize::from(server)], 6)
            )
        })
        .collect();
    // The inspector's default and the key the browser test picks.
    let replicas_of = |index: usize| -> String {
        let key = snapshot.keys.key(index.min(snapshot.key_count() - 1));
        let walk = ringcount::model::failures::replicas_of(
            &snapshot.ring_after,
            key.hash,
            snapshot.settings.replicas_in_pool(),
        );
        let names: Vec<String> = walk
            .iter()
            .map(|&s| json_string(snapshot.name(s)))
            .collect();
        format!("[{}]", names.join(", "))
    };
    let failure_json = format!(
        "{{\"rerouted\": {}, \"no-live-copy\": {}, \"copies-to-remake\": {}, \"copysets\": {}, \"copysets-possible\": {}, \"received\": {{{}}}, \"shares\": {{{}}}, \"replicas-of-key-17\": {}}}",
        failure.rerouted,
        failure.no_live_copy,
        failure.copies_to_remake,
        copysets.distinct,
        copysets.possible,
        received.join(", "),
        share_rows.join(", "),
        replicas_of(17)
    );
    // SPEC §9, measured: whole seconds to copy, whole writes misrouted.
    let cost_of = |moved: usize| {
        ringcount::model::cost::Copy::of(
            moved as f64 / snapshot.key_count() as f64,
            snapshot.settings.data,
            snapshot.settings.bandwidth,
        )
        .seconds
        .round()
    };
    let misrouted_of = |moved: usize| {
        ringcount::model::cost::misrouted(
            moved as f64,
            f64::from(snapshot.settings.rate),
            f64::from(snapshot.settings.rollout),
        )
        .round()
    };
    let cost_json = format!(
        "{{\"copy-seconds-ring\": \"{}\", \"copy-seconds-modulo\": \"{}\", \"misrouted-ring\": \"{}\", \"misrouted-modulo\": \"{}\"}}",
        cost_of(snapshot.moved_by_owner_diff),
        cost_of(snapshot.modulo_moved),
        misrouted_of(snapshot.moved_by_owner_diff),
        misrouted_of(snapshot.modulo_moved)
    );
    // SPEC §10: weights and request shares per server, the hottest key.
    let request_shares = snapshot.request_shares();
    let weight_rows: Vec<String> = snapshot
        .after
        .iter()
        .map(|&server| {
            format!(
                "{}: {{\"weight\": {}, \"requests\": \"{}\"}}",
                json_string(snapshot.name(server)),
                snapshot.weights[usize::from(server)],
                ringcount::model::format::fixed(request_shares[usize::from(server)], 6)
            )
        })
        .collect();
    let panels: Vec<String> = ringcount::query::panel_ids()
        .iter()
        .map(|id| json_string(id))
        .collect();
    println!(
        "{{\"moved\": \"{}\", \"moved-arc\": \"{}\", \"modulo-moved\": \"{}\", \"even-share\": \"{}\", \"spread\": \"{}\", \"loads\": {{{}}}, \"claims\": {{{}}}, \"schemes\": {{{}}}, \"failure\": {}, \"cost\": {}, \"requests\": {{{}}}, \"hottest-key-share\": \"{}\", \"panels\": [{}], \"notices\": {}}}",
        snapshot.moved_by_owner_diff,
        snapshot.moved_by_arc_walk,
        snapshot.modulo_moved,
        format_share(snapshot.even_share()),
        format_ratio(snapshot.spread_after().ratio()),
        loads.join(", "),
        claims.join(", "),
        schemes.join(", "),
        failure_json,
        cost_json,
        weight_rows.join(", "),
        ringcount::model::format::fixed(snapshot.hottest_key_share(), 6),
        panels.join(", "),
        parsed.notices.len()
    );
}
