//! Each key's owner under one scheme or system, one per line, for checking
//! against the real program (tests/real/): `cargo run --release -p model
//! --example owners -- SYSTEM 'QUERY'` prints "KEY OWNER" after the change.

use model::placements;
use model::schemes::SchemeRun;
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
    for (index, &owner) in run.owners_after().iter().enumerate() {
        let name = snapshot
            .settings
            .keyname
            .name(snapshot.keys.key(index).number);
        println!("{name} {}", snapshot.name(owner));
    }
}
