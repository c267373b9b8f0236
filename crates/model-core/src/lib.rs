//! The measuring core of the model: hashes, the ring, the keys, the
//! settings they are built from, one measured change, every placement
//! scheme and deployed system. Its loops are where a slider step and the
//! worker spend their time, so this crate is compiled for speed while
//! `model`, which judges the claims and writes the report from it, is
//! compiled for size (in the first screen's module, which measures once at
//! arrival, this crate is too: Cargo.toml's `first-screen` profile). Everything here is re-exported by `model` under the
//! same paths (`model::ring::Ring`).

pub mod cost;
pub mod deploy;
pub mod down;
pub mod failures;
pub mod format;
pub mod hash;
pub mod hash_space;
pub mod in_use;
pub mod keyname;
pub mod keys;
pub mod measure;
pub mod one_key;
pub mod placement_id;
pub mod placements;
pub mod requests;
pub mod ring;
pub mod schemes;
pub mod settings;
pub mod snapshot;
pub mod sort;
pub mod steps;
pub mod systems;
pub mod wide;
pub mod your_keys;
