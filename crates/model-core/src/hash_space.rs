//! What a deploy moves for a key whose hash is uniformly random: the share
//! of a hash's positions whose owner changes (DEFINITIONS §20), counted
//! exactly, no key placed. A ring's positions change owner along whole
//! stretches between points, so each stretch is judged once, at its end; a
//! lookup table's rows change one by one.

use crate::ring::ServerId;

/// One side of a change, as its positions' owners.
pub struct Owners<'a> {
    /// Every position after which the owner may change (`ByOwnHash::breaks`).
    pub breaks: Vec<u64>,
    pub owner_at: &'a dyn Fn(u64) -> ServerId,
}

/// The share of the positions 0 … 2^bits − 1 whose owner before is not
/// their owner after. Between two breaks of either side neither owner
/// changes, so each stretch (previous break, break] is judged at its end,
/// the stretch before the first break wrapping round from the last.
pub fn changed_share(bits: u32, before: Owners, after: Owners) -> f64 {
    let space = 1u128 << bits;
    let mut breaks: Vec<u64> = before.breaks;
    breaks.extend(after.breaks);
    breaks.sort_unstable();
    breaks.dedup();
    let Some(&last) = breaks.last() else {
        // No break at all: one owner each side, everywhere.
        return if changed(before.owner_at, after.owner_at, 0) {
            1.0
        } else {
            0.0
        };
    };
    let mut moved = 0u128;
    // The first stretch wraps: it starts past the last break.
    let mut previous = i128::from(last) - space as i128;
    for &end in &breaks {
        let length = (i128::from(end) - previous) as u128;
        if changed(before.owner_at, after.owner_at, end) {
            moved += length;
        }
        previous = i128::from(end);
    }
    moved as f64 / space as f64
}

fn changed(before: &dyn Fn(u64) -> ServerId, after: &dyn Fn(u64) -> ServerId, at: u64) -> bool {
    before(at) != after(at)
}

/// The share of positions 0 … 2^bits − 1 whose row, `position % rows`,
/// changed owner: a row's share is its count of positions, which is one
/// more for the first `2^bits % rows` rows.
pub fn changed_rows_share(bits: u32, before: &[ServerId], after: &[ServerId]) -> f64 {
    let space = 1u128 << bits;
    let rows = before.len().min(after.len()).max(1) as u128;
    let (each, longer) = (space / rows, space % rows);
    let moved: u128 = before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (was, now))| was != now)
        .map(|(row, _)| each + u128::from((row as u128) < longer))
        .sum();
    moved as f64 / space as f64
}
