//! Multi-probe consistent hashing (Appleton and O'Reilly, 2015): one point
//! per server, and each key looks at k probe positions instead, taking the
//! server closest clockwise to any probe. k probes buy the balance that many
//! points would, at k searches per lookup and n entries of memory.

use super::{mix64, About, Context, Holds, Placement, Scheme};
use crate::keys::Key;
use crate::placement_id::PlacementId;
use crate::ring::{Points, Ring, ServerId};
use crate::settings::Settings;

pub struct MultiProbe;

/// What the page says about it.
pub const ABOUT: About = About {
    id: PlacementId::MultiProbe,
    title: "Multi-probe",
    uses_weights: false,
    config: None,
    down_rule: None,
    explain,
};

/// How it places a key, what that costs, and where it is used.
fn explain(settings: &Settings) -> String {
    format!(
        "One point per server; the key is hashed to {} probe positions and goes to the server closest clockwise to any of them. Balance like many points with only n entries, paid for with {} searches per lookup.",
        settings.probes.get(),
        settings.probes.get()
    )
}

impl Scheme for MultiProbe {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        Box::new(MultiProbePlacement {
            // One point per server whatever its weight: multi-probe ignores weights.
            ring: Ring::build(
                context.names,
                pool,
                Points::uniform(1),
                context.settings.hash,
            ),
            probes: u64::from(context.settings.probes.get()),
        })
    }
}

struct MultiProbePlacement {
    /// One point per server, at hash(`S#0`).
    ring: Ring,
    probes: u64,
}

impl Placement for MultiProbePlacement {
    fn owner(&self, key: Key) -> ServerId {
        let entries = self.ring.entries();
        let high = u64::from(key.hash) << 32;
        let mut best = (u32::MAX, ServerId::default());
        for probe in 0..self.probes {
            let position = mix64(high | probe) as u32;
            let Some(index) = self.ring.owner_index(position) else {
                break;
            };
            let entry = entries[index];
            let distance = entry.position.wrapping_sub(position);
            // Strictly smaller: on equal distances the lower probe stays.
            if probe == 0 || distance < best.0 {
                best = (distance, entry.server);
            }
        }
        best.1
    }

    fn holds(&self) -> Holds {
        Holds::RingEntries(self.ring.len())
    }
}
