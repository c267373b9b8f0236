//! The measurements made after the frame that shows the new figures, a
//! slice at a time (see `app::deferred`). Each panel names the ones it needs.

/// Measurements made after the frame, a slice at a time, for the panels
/// that show them (see `app::deferred`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// Where down servers' keys go, and the copysets (SPEC §8).
    Failure,
    /// Every placement scheme on the same change (SPEC §7).
    Schemes,
    /// Every claim of `model::claims::ALL` (which may need the schemes).
    Claims,
    /// The spread chart: the ring's evenness at several point settings.
    Evenness,
}
