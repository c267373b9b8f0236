//! Consistent hashing with bounded loads (Mirrokni, Thorup and
//! Zadimoghaddam, 2018), as in HAProxy and Vimeo's video cache: the ring of
//! §1, but no server may hold more than c = ⌈(1+ε)·K/n⌉ keys; a key whose
//! server is full walks on clockwise to the next one with room.

use std::ops::Range;

use super::{About, Context, Holds, Placement, Scheme};
use crate::keys::{Key, Keys};
use crate::placement_id::PlacementId;
use crate::ring::{Ring, ServerId};
use crate::settings::{Epsilon, Settings};

pub struct Bounded;

/// What the page says about it.
pub const ABOUT: About = About {
    id: PlacementId::Bounded,
    title: "Bounded loads",
    uses_weights: true,
    config: None,
    down_rule: None,
    explain,
};

/// How it places a key, what that costs, and where it is used.
fn explain(settings: &Settings) -> String {
    format!(
        "The ring, but no server may hold more than (1 + ε) times an even share, here ε = {}; a key whose server is full walks on to the next one with room. It caps the busiest server, and when the cap binds it moves keys between servers that stay. HAProxy and Vimeo's video cache use it.",
        settings.eps
    )
}

impl Scheme for Bounded {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        Box::new(BoundedPlacement {
            ring: context.ring(pool),
            capacity: capacity(context.settings.eps, context.key_count, pool.len()),
            loads: vec![0; context.names.len()],
            displaced: Vec::new(),
        })
    }
}

/// c = ⌈(1+ε)·K / n⌉, in whole numbers: ε is kept in hundredths, so the
/// ceiling is exact where a float product like 1.1 × 1000 / 5 would not be.
pub fn capacity(eps: Epsilon, keys: usize, servers: usize) -> u32 {
    let numerator = (100 + u64::from(eps.hundredths())) * keys as u64;
    let denominator = 100 * servers.max(1) as u64;
    numerator.div_ceil(denominator) as u32
}

struct BoundedPlacement {
    ring: Ring,
    capacity: u32,
    loads: Vec<u32>,
    /// Keys that did not land on their first choice, by key number (placed
    /// in key order, so already sorted), with the server they went to.
    displaced: Vec<(u64, ServerId)>,
}

impl Placement for BoundedPlacement {
    /// A client holds the ring and the few keys the cap pushed on.
    fn owner(&self, key: Key) -> ServerId {
        match self
            .displaced
            .binary_search_by_key(&key.number, |&(number, _)| number)
        {
            Ok(found) => self.displaced[found].1,
            Err(_) => self.ring.owner(key.hash).unwrap_or_default(),
        }
    }

    fn assign(&mut self, keys: &Keys, range: Range<usize>, owners: &mut Vec<ServerId>) {
        let entries = self.ring.entries();
        for index in range {
            let key = keys.key(index);
            let first = self.ring.owner_index(key.hash).unwrap_or_default();
            // c·n ≥ K, so some server has room; the walk is bounded anyway.
            let mut at = first;
            for _ in 0..entries.len() {
                if self.loads[usize::from(entries[at].server)] < self.capacity {
                    break;
                }
                at = (at + 1) % entries.len();
            }
            let server = entries[at].server;
            self.loads[usize::from(server)] += 1;
            if server != entries[first].server {
                self.displaced.push((key.number, server));
            }
            owners.push(server);
        }
    }

    fn holds(&self) -> Holds {
        Holds::RingAndDisplaced {
            entries: self.ring.len(),
            displaced: self.displaced.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacity_is_an_exact_ceiling() {
        let eps = |h| Epsilon::from_hundredths(h).unwrap();
        assert_eq!(capacity(eps(25), 1000, 5), 250);
        assert_eq!(capacity(eps(25), 1000, 4), 313);
        // 1.1 × 1000 / 5 is 220.00000000000003 in floats; exactly 220.
        assert_eq!(capacity(eps(10), 1000, 5), 220);
        assert_eq!(capacity(eps(200), 1, 50), 1);
    }
}
