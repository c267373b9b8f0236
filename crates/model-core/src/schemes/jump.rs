//! Jump consistent hash (Lamping and Veach, 2014): no table at all, only the
//! number of servers. Servers are numbered in list order, so it can only add
//! or drop the last one cheaply; a leave renumbers everyone after the leaver.

use super::{About, Context, Holds, Placement, Scheme};
use crate::keys::Key;
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::settings::Settings;

pub struct Jump;

/// What the page says about it.
pub const ABOUT: About = About {
    id: PlacementId::Jump,
    title: "Jump hash",
    uses_weights: false,
    config: None,
    down_rule: None,
    explain,
};

/// How it places a key, what that costs, and where it is used.
fn explain(_settings: &Settings) -> String {
    "A short loop seeded by the key jumps forward through bucket numbers and stops past the last one. No memory at all and perfectly even, but servers are numbers: only the last one can come or go cheaply. Google's paper made it for numbered storage shards.".to_string()
}

impl Scheme for Jump {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, _context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        Box::new(JumpPlacement(pool.to_vec()))
    }
}

struct JumpPlacement(Vec<ServerId>);

impl Placement for JumpPlacement {
    fn owner(&self, key: Key) -> ServerId {
        self.0[jump(u64::from(key.hash), self.0.len() as u32) as usize]
    }

    fn holds(&self) -> Holds {
        Holds::Count
    }
}

/// The bucket of `key` among `buckets` (at least 1), as in the paper.
pub fn jump(mut key: u64, buckets: u32) -> u32 {
    let mut bucket: i64 = -1;
    let mut next: i64 = 0;
    while next < i64::from(buckets) {
        bucket = next;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        next = ((bucket + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    bucket.max(0) as u32
}

/// Every bucket number the loop reaches for `key` among `buckets`, from
/// the first, 0, to the first past the last bucket: the one before that is
/// the key's bucket. `jump`, step by step, for the key's path.
pub fn jumps(mut key: u64, buckets: u32) -> Vec<i64> {
    let mut reached = vec![0i64];
    let mut next: i64 = 0;
    while next < i64::from(buckets) {
        let bucket = next;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        next = ((bucket + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
        reached.push(next);
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_steps_end_where_the_loop_does() {
        for key in (0..5_000u64).map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15)) {
            for buckets in [1, 2, 7, 19, 50] {
                let reached = jumps(key, buckets);
                let bucket = reached[reached.len() - 2];
                assert_eq!(bucket, i64::from(jump(key, buckets)));
                assert!(reached[reached.len() - 1] >= i64::from(buckets));
            }
        }
    }

    #[test]
    fn published_vectors() {
        assert_eq!(jump(42, 57), 43);
        assert_eq!(jump(256, 1024), 520);
        assert_eq!(jump(3_735_883_980, 666), 361);
        assert_eq!(jump(16_045_690_984_833_335_023, 255), 237);
        assert_eq!(jump(7, 1), 0);
    }
}
