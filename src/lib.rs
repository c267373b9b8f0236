//! Consistent hashing, counted in the browser: the page.
//!
//! Everything measured lives in the `model` crate, which names no web type;
//! the ring canvas's pixel work in `pixels`. Here: `render`, the text the
//! page writes without Leptos (markup, the panels read off one snapshot, the
//! embed code, the handout's names), which the first screen's small module
//! shares with the app; `reports`, the worker's reports as the page keeps them; and `app`, built only for wasm32, the Leptos page.
//! `first`, the first screen (the ring, or an embed's snapshot panel, with
//! the points slider and the hash menu) drawn before the app arrives; and
//! `dom`, the one module for DOM calls that are neither views, the
//! patcher's markup nor canvas pixels.
//! The binaries are the app (`main.rs`), the first screen (`bin/first.rs`)
//! and the measuring worker (`bin/worker.rs`).

pub mod render;
pub mod reports;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod dom;
#[cfg(target_arch = "wasm32")]
pub mod first;
