//! The consistent-hashing model: hashes, the ring, one measured change and
//! the claims judged from it. Nothing here knows about the browser, so all of
//! it is tested natively in seconds.

pub mod claims;
pub mod hash;
pub mod ring;
pub mod scenario;
pub mod sort;
pub mod steps;

pub use claims::{evaluate, evaluate_one, Claim, CLAIM_COUNT, LEAVE_CLAIM};
pub use hash::HashKind;
pub use ring::{Entry, Ring, ServerId};
pub use scenario::{Change, Field, Keys, Problem, Rings, Settings, Snapshot, Spread};
