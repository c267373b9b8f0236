//! Consistent hashing, counted in the browser.
//!
//! `model` is the whole algorithm and every measurement, free of web types.
//! `query` turns the page address into settings and back; `panels` lists
//! the page's panels; `oracle` (native only) prints the page's figures. The `app` module,
//! built only for wasm32, renders a snapshot of the model with Leptos.

// The page's release build (./dev) compiles the hot loops for speed.
#![cfg_attr(hot_loops, feature(optimize_attribute))]

pub mod embed_code;
pub mod handout;
pub mod markup;
pub mod model;
pub mod palette;
pub mod panels;
pub mod pixels;
pub mod query;
pub mod snapshot_panels;
pub mod work;

#[cfg(not(target_arch = "wasm32"))]
pub mod oracle;

#[cfg(target_arch = "wasm32")]
pub mod app;
