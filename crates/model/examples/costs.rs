//! What each scheme and each claim costs at the largest settings, natively:
//! `cargo run --release -p model --example costs`. A quick look at where the
//! worker's time goes; `./dev bench` keeps the figures that count.

use model::{claims, placements, schemes, Snapshot, Valid};
use std::time::Instant;
fn main() {
    let settings = Valid::largest();
    let t = Instant::now();
    let snapshot = Snapshot::measure(&settings).expect("valid");
    println!("snapshot {:?}", t.elapsed());
    let context = snapshot.scheme_context();
    let mut results = Vec::new();
    for scheme in placements::every() {
        let t = Instant::now();
        results.push(schemes::measure(
            scheme,
            &context,
            &snapshot.keys,
            &snapshot.before,
            &snapshot.after,
        ));
        println!("scheme {} {:?}", scheme.id(), t.elapsed());
    }
    for def in claims::ALL {
        let t = Instant::now();
        let _ = def.judge(&snapshot, &results);
        println!("claim {} {:?}", def.id, t.elapsed());
    }
    for system in model::placements::PlacementId::DEPLOYED
        .iter()
        .map(|id| id.scheme())
    {
        let t = Instant::now();
        let run = schemes::SchemeRun::place(
            system,
            &context,
            &snapshot.keys,
            &snapshot.before,
            &snapshot.after,
        );
        let placed = t.elapsed();
        let t = Instant::now();
        let sum = run.lookups(&snapshot.keys, 0, 100_000);
        println!(
            "system {} placed {:?}, 100,000 lookups {:?} ({sum})",
            system.id(),
            placed,
            t.elapsed()
        );
    }
    let t = Instant::now();
    let _ = snapshot.measure_failure();
    println!("failure {:?}", t.elapsed());
}
