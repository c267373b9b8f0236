//! Each key's owner under one scheme or system, one per line, for checking
//! against the real program (tests/browser/real-programs.test.mjs): `cargo
//! run --release -p model --example owners -- SYSTEM 'QUERY'` prints "KEY
//! OWNER" after the change. With `down=` in the query, the owner is where the
//! system routes the key with those servers down (DEFINITIONS §19), or
//! `round-robin` or `failed`.

use model::down::Routed;
use model::placements;
use model::schemes::{routes_down, SchemeRun};
use model::{query, Snapshot};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [id, address] = &args[..] else {
        eprintln!("usage: owners SYSTEM 'QUERY'");
        std::process::exit(2);
    };
    let Some(scheme) = placements::by_id(id) else {
        eprintln!("no scheme or system {id}");
        std::process::exit(2);
    };
    let parsed = query::parse(address, &[]);
    for notice in &parsed.notices {
        eprintln!("{notice}");
    }
    let snapshot = Snapshot::of(&parsed.settings);
    let context = snapshot.scheme_context();
    let run = SchemeRun::place(
        scheme,
        &context,
        &snapshot.keys,
        &snapshot.before,
        &snapshot.after,
    );
    let routed: Vec<Routed> = if snapshot.settings.down.is_empty() {
        run.owners_after().iter().map(|&s| Routed::To(s)).collect()
    } else {
        let down = snapshot.down_ids();
        routes_down(scheme, &context, &snapshot.keys, &snapshot.after, &down).routed
    };
    for (index, route) in routed.iter().enumerate() {
        let name = snapshot
            .settings
            .keyname
            .name(snapshot.keys.key(index).number);
        let owner = match *route {
            Routed::To(server) => snapshot.name(server),
            Routed::RoundRobin => "round-robin",
            Routed::Failed => "failed",
        };
        println!("{name} {owner}");
    }
}
