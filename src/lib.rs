//! Consistent hashing, counted in the browser: the page.
//!
//! Everything measured lives in the `model` crate, which names no web type;
//! the ring canvas's pixel work in `pixels`; the text the page writes
//! without Leptos (markup, the panels read off one snapshot or the worker's
//! verdicts, the embed code, the handout's names) in `render`, re-exported
//! here as `crate::render`, which the first screen's module and the worker
//! share with the app. Here: `reports`, the worker's reports as the page
//! keeps them; and `app`, built only for wasm32, the Leptos page.
//! `first`, the first screen (the ring, or an embed's snapshot panel, with
//! the points slider and the hash menu) drawn before the app arrives; and
//! `dom`, the one module for DOM calls that are neither views, the
//! patcher's markup nor canvas pixels.
//! The binaries are the app (`main.rs`), the first screen (`bin/first.rs`)
//! and the measuring worker (`bin/worker.rs`).

// The worker links `render` alone, without this crate's web dependencies.
pub use render;
pub mod reports;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod dom;
#[cfg(target_arch = "wasm32")]
pub mod first;
