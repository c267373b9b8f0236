//! One component per panel. Each reads the measured snapshot (and the
//! deferred measurements) from the model and computes nothing another panel
//! already knows.

pub mod claims;
pub mod cost;
pub mod entries;
pub mod failure;
pub mod loads;
pub mod modulo;
pub mod moved;
pub mod ring;
pub mod rollout;
pub mod schemes;
