//! The first screen, before the app: a small module of its own (the model
//! and a canvas, no Leptos, no plotters) that measures the ring for the
//! address and draws it with its caption into the placeholder, so a phone
//! on a slow network sees a measured figure after a fraction of the bytes.
//! The full app (`ringcount`) replaces the placeholder when it arrives.
//!
//! Natively it does nothing: the oracle is `ringcount`.

#[cfg(target_arch = "wasm32")]
fn main() {
    let _ = first_screen();
}

#[cfg(target_arch = "wasm32")]
fn first_screen() -> Option<()> {
    use ringcount::first;
    first::draw()
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
