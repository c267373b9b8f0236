//! Consistent hashing, counted in the browser.
//!
//! `model` is the whole algorithm and every measurement, free of web types.
//! `query` turns the page address into settings and back. The `app` module,
//! built only for wasm32, renders a snapshot of the model with Leptos.

pub mod markup;
pub mod model;
pub mod query;

#[cfg(target_arch = "wasm32")]
pub mod app;
