//! The page's entry point: in the browser it mounts the app. The native
//! oracle is a crate of its own: `cargo run -p oracle -- QUERY`.

#[cfg(target_arch = "wasm32")]
fn main() {
    ringcount::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The page runs in a browser (./dev serve); natively, run the oracle: cargo run -p oracle -- QUERY");
    std::process::exit(2);
}
