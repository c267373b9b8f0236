//! Entry point. In the browser it mounts the page; natively it prints the
//! default scenario's headline figures, a quick way to see the model work.

#[cfg(target_arch = "wasm32")]
fn main() {
    ringcount::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use ringcount::model::{Settings, Snapshot};
    match Snapshot::measure(&Settings::default()) {
        Ok(snapshot) => println!(
            "moved: {} by owners, {} by arcs; modulo: {} of {}",
            snapshot.moved_by_owner_diff,
            snapshot.moved_by_arc_walk,
            snapshot.modulo_moved,
            snapshot.key_count()
        ),
        Err(problems) => eprintln!("{problems:?}"),
    }
}
