//! Entry point. In the browser it mounts the page. Natively it measures the
//! settings in a query string and prints the page's figures as JSON (see
//! `oracle`), so the browser tests can check the WASM page against the model.
//!
//!     cargo run --quiet -- 'points=1&hash=fnv1a'

#[cfg(target_arch = "wasm32")]
fn main() {
    ringcount::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let query = std::env::args().nth(1).unwrap_or_default();
    println!("{}", ringcount::oracle::figures(&query));
}
