//! Each key's server before and after a deploy under one system, one line
//! per key, for checking against the real program reloaded with the config
//! after (tests/browser/real-programs.test.mjs): `cargo run --release -p
//! ringdiff --example owners -- SYSTEM BEFORE AFTER KEYS` prints "KEY BEFORE
//! AFTER", KEYS being a file of one key a line.

use std::sync::Arc;

use model::deploy::{Bounds, Deploy};
use model::keyname::KeyNames;
use model::keys::{KeySpec, Keys};
use model::schemes::KeyPositions;
use model::settings::Settings;
use model::your_keys::{self, Reading, Split, YourKeys};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [id, before, after, keys] = &args[..] else {
        eprintln!("usage: owners SYSTEM BEFORE AFTER KEYS");
        std::process::exit(2);
    };
    let read = |path: &String| {
        std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")))
    };
    let pool = |path: &String| ringdiff::read_pool(path, &read(path)).unwrap_or_else(|e| fail(&e));
    let deploy =
        Deploy::new(&pool(before), &pool(after), Bounds::COUNTED).unwrap_or_else(|e| fail(&e));
    let Some(scheme) = ringdiff::placements()
        .into_iter()
        .find(|s| s.id().as_str() == id)
    else {
        fail(&format!("no system {id}"));
    };
    let reading = Reading {
        split: Split::Spaces,
        field: None,
    };
    let list = your_keys::read(read(keys).as_bytes(), reading).unwrap_or_else(|e| fail(&e));
    let yours = YourKeys::new(list);
    let settings = Settings {
        your_keys: Some(yours.clone()),
        ..Settings::default()
    };
    let spec = KeySpec::new(0, yours.len() as u32, settings.hash)
        .unwrap_or_else(|| fail("no keys"))
        .with_names(KeyNames::Yours(Arc::clone(&yours)));
    let keys = Keys::of(spec);
    let (was, now) = deploy.owners(scheme, &settings, &keys, &KeyPositions::default());
    for (index, (was, now)) in was.iter().zip(&now).enumerate() {
        println!(
            "{} {} {}",
            yours.name(index),
            deploy.name(*was),
            deploy.name(*now)
        );
    }
}

fn fail(why: &str) -> ! {
    eprintln!("owners: {why}");
    std::process::exit(2);
}
