//! The ring of §1: a key goes to the first server point clockwise.

use std::ops::Range;

use super::{About, Context, Holds, Placement, Scheme};
use crate::keys::{Key, Keys};
use crate::placement_id::PlacementId;
use crate::ring::{Ring, ServerId};
use crate::settings::Settings;

pub struct RingScheme;

/// What the page says about it.
pub const ABOUT: About = About {
    id: PlacementId::Ring,
    title: "Consistent hashing ring",
    uses_weights: true,
    config: None,
    down_rule: None,
    explain,
};

/// How it places a key, what that costs, and where it is used.
fn explain(settings: &Settings) -> String {
    // Under a client's ring this row is that ring (DEFINITIONS §18).
    if settings.in_use.is_client() {
        return format!(
            "Here this row is {}'s own ring, the one every panel measures: its own points and its own hash of each key. A key goes to the first point clockwise; a client keeps the sorted points and binary-searches them. Used by Dynamo, Cassandra and many memcached clients.",
            settings.in_use.name()
        );
    }
    format!(
        "Each server is hashed to {} points on the circle; a key goes to the first point clockwise. A client keeps the sorted points and binary-searches them. Used by Dynamo, Cassandra and many memcached clients.",
        settings.points
    )
}

impl Scheme for RingScheme {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        Box::new(RingPlacement(context.ring(pool)))
    }
}

struct RingPlacement(Ring);

impl Placement for RingPlacement {
    fn owner(&self, key: Key) -> ServerId {
        // A pool is never empty, so neither is its ring.
        self.0.owner(key.hash).unwrap_or_default()
    }

    fn assign(&mut self, keys: &Keys, range: Range<usize>, owners: &mut Vec<ServerId>) {
        if range == (0..keys.len()) {
            // All at once: one walk in ring order beats a search per key.
            owners.extend(self.0.owners_of(keys));
        } else {
            owners.extend(range.map(|index| self.owner(keys.key(index))));
        }
    }

    fn holds(&self) -> Holds {
        Holds::RingEntries(self.0.len())
    }
}
