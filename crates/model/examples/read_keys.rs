//! How long reading a key file takes natively, a chunk at a time as the
//! page's worker reads it (1 MiB chunks):
//!
//!     cargo run --release -p model --example read_keys -- access.log 7

use std::time::Instant;

use model::your_keys::{Counter, Reading, Split};

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("a file");
    let field = args.next().and_then(|f| f.parse().ok());
    let bytes = std::fs::read(&file).expect("a readable file");
    let started = Instant::now();
    let mut counter = Counter::new(Reading {
        split: Split::for_file(&file),
        field,
    });
    for chunk in bytes.chunks(1 << 20) {
        counter.feed(chunk).expect("text");
    }
    let list = counter.finish().expect("keys");
    println!(
        "{} lines, {} distinct, {} placed in {:.0} ms",
        list.lines,
        list.distinct,
        list.keys.len(),
        started.elapsed().as_secs_f64() * 1000.0
    );
}
