//! The consistent-hashing model: hashes, the ring, the keys, one measured
//! change, every placement scheme and the claims judged from them; the
//! address that holds the settings; the list of panels and the JSON report
//! of what they show. No web type can reach it (its dependencies are two
//! hashes and serde), so all of it is tested natively in seconds.
//!
//! The measuring core (hashes to snapshot) is the crate `model-core`,
//! compiled for speed; this crate, compiled for size, judges, reports and
//! reads addresses, and re-exports the core's modules under its own name.

pub mod claims;
pub mod deploy_words;
pub mod figure_id;
pub mod key_path;
pub mod lecture;
pub mod lesson;
pub mod panels;
pub mod presets;
pub mod query;
pub mod question_id;
pub mod questions;
pub mod read_back;
pub mod report;

pub use model_core::{
    cost, deploy, down, failures, format, hash, hash_space, in_use, keyname, keys, measure,
    one_key, placements, requests, ring, schemes, settings, snapshot, sort, steps, systems, wide,
    your_keys,
};

pub use claims::{evaluate, Claim, ClaimDef, Kind};
pub use hash::HashKind;
pub use keys::{Key, Keys};
pub use measure::{Movement, Spread};
pub use ring::{Entry, Points, Ring, ServerId};
pub use settings::{
    Change, Epsilon, Field, Probes, Problem, Replicas, Settings, Skew, Valid, Weight,
};
pub use snapshot::{Rings, Snapshot};
