//! The native oracle: measures the settings in an address and prints what
//! every panel shows as JSON, each panel's figures as `model::panels::ALL`
//! says, so the browser tests check the WASM page against the model rather
//! than against typed-in numbers.
//!
//!     cargo run -q -p oracle -- 'points=1&hash=fnv1a'
//!
//! With `--keys FILE` it measures the keys in FILE as the page measures a
//! file the reader chose (DEFINITIONS §16): one key per line, or with `--field N`
//! the N-th field (split as the file's name says: .csv, .tsv, or spaces).
//!
//!     cargo run -q -p oracle -- --keys access.log --field 7 'servers=a,b,c'
//!
//! With `--key NAME` it also prints that key's path on the ring drawn
//! (`key-path`), step by step, and under every other scheme and system that
//! has one (`key-paths`, by id).
//!
//!     cargo run -q -p oracle -- --key user:42 'hash=fnv1a-murmur'
//!
//! With `--figure-panels` alone it prints each named figure's panel
//! (`model::figure_id`), for the browser tests to reveal it by.

mod figures;

use std::process::ExitCode;

use model::figure_id::FigureId;
use model::your_keys::{self, Reading, Split, YourKeys};
use model::{panels, query, Snapshot};
use serde_json::{json, Map, Value};

/// The command line: an address, and maybe a key file and its field, and
/// one key whose path to print (as the address's `key=` would).
struct Args {
    address: String,
    keys: Option<String>,
    field: Option<usize>,
    key: Option<String>,
}

fn args() -> Result<Args, String> {
    let mut parsed = Args {
        address: String::new(),
        keys: None,
        field: None,
        key: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--keys" => parsed.keys = Some(args.next().ok_or("--keys needs a file")?),
            "--key" => parsed.key = Some(args.next().ok_or("--key needs a key")?),
            "--field" => {
                let field = args.next().ok_or("--field needs a number")?;
                parsed.field = Some(field.parse().map_err(|_| format!("bad field {field}"))?);
            }
            _ => parsed.address = arg,
        }
    }
    Ok(parsed)
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    if std::env::args().nth(1).as_deref() == Some("--figure-panels") {
        let panels: Map<String, Value> = FigureId::ALL
            .iter()
            .map(|f| (f.as_str().to_string(), json!(f.panel().map(|p| p.as_str()))))
            .collect();
        println!("{}", Value::Object(panels));
        return Ok(());
    }
    let args = args()?;
    let mut parsed = query::parse(&args.address, &panels::ids());
    if let Some(file) = &args.keys {
        let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
        let reading = Reading {
            split: Split::for_file(file),
            field: args.field,
        };
        let list = your_keys::read(&bytes, reading)?;
        parsed.settings = parsed.settings.with_your_keys(Some(YourKeys::new(list)));
    }
    if args.key.is_some() {
        parsed.key = args.key.clone();
    }
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
    if let Some(key) = &parsed.key {
        // One key's path, as "Any one key" lists it: each step's value.
        let values = |path: model::key_path::KeyPath| -> Value {
            let steps: Map<String, Value> = path
                .steps
                .into_iter()
                .map(|step| (step.id.id().to_string(), json!(step.value)))
                .collect();
            Value::Object(steps)
        };
        figures.insert(
            "key-path".into(),
            values(model::key_path::steps(&snapshot, key)),
        );
        // And under every other scheme and system with a path, by id.
        let paths: Map<String, Value> = model::key_path::paths(&snapshot, key)
            .into_iter()
            .skip(1)
            .map(|path| (path.scheme.to_string(), values(path)))
            .collect();
        figures.insert("key-paths".into(), Value::Object(paths));
    }
    figures.insert("panels".into(), json!(panels::ids()));
    figures.insert("notices".into(), json!(parsed.notices.len()));
    if let Some(yours) = &parsed.settings.your_keys {
        let list = &yours.list;
        figures.insert(
            "keys".into(),
            json!({"read": list.lines, "distinct": list.distinct, "placed": list.keys.len(),
                   "too-long": list.too_long, "replaced": list.replaced}),
        );
    }
    println!("{}", Value::Object(figures));
    Ok(())
}
