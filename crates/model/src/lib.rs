//! The consistent-hashing model: hashes, the ring, the keys, one measured
//! change, every placement scheme and the claims judged from them; the
//! address that holds the settings; the list of panels and the JSON report
//! of what they show. No web type can reach it (its dependencies are two
//! hashes and serde), so all of it is tested natively in seconds.

pub mod claims;
pub mod cost;
pub mod down;
pub mod failures;
pub mod format;
pub mod hash;
pub mod in_use;
pub mod key_path;
pub mod keyname;
pub mod keys;
pub mod measure;
pub mod one_key;
pub mod panels;
pub mod placements;
pub mod query;
pub mod questions;
pub mod read_back;
pub mod report;
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

pub use claims::{evaluate, Claim, ClaimDef, Kind};
pub use hash::HashKind;
pub use keys::{Key, Keys};
pub use measure::{Movement, Spread};
pub use ring::{Entry, Points, Ring, ServerId};
pub use settings::{
    Change, Epsilon, Field, Probes, Problem, Replicas, Settings, Skew, Valid, Weight,
};
pub use snapshot::{Rings, Snapshot};
