//! `cargo run --release -p ringdiff -- BEFORE AFTER [options]`: see the
//! library's documentation, `ringdiff --help` and the crate's README.

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = ringdiff::run(&args);
    // A closed pipe (`| head`) is not worth a panic.
    let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    std::process::exit(outcome.code);
}
