//! Rendezvous (highest random weight) hashing: every server scores every
//! key and the highest score wins. Nothing to store but the names; every
//! lookup scores the whole pool.

use super::{mix64, About, Context, Holds, Placement, Scheme};
use crate::keys::Key;
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::settings::Settings;

pub struct Rendezvous;

/// What the page says about it.
pub const ABOUT: About = About {
    id: PlacementId::Rendezvous,
    title: "Rendezvous (highest random weight)",
    uses_weights: true,
    config: None,
    down_rule: None,
    explain,
};

/// How it places a key, what that costs, and where it is used.
fn explain(_settings: &Settings) -> String {
    "Every server scores the key by hashing the pair; the highest score wins. Only the names to store and only the changed server's keys move, but a lookup scores all n servers. Used in Microsoft's CARP web caches and in GitHub's load balancer.".to_string()
}

impl Scheme for Rendezvous {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        Box::new(placement(context, pool))
    }
}

/// Each server of `pool` with its score for a key at `key_hash`, in the
/// order they are compared (by name): the integer score, and the weighted
/// one when weights differ, which then decides. The key's path shows these.
pub fn scores(
    context: &Context,
    pool: &[ServerId],
    key_hash: u32,
) -> Vec<(ServerId, u64, Option<f64>)> {
    let placement = placement(context, pool);
    let high = u64::from(key_hash) << 32;
    placement
        .servers
        .iter()
        .map(|&(server, name_hash, weight)| {
            let score = mix64(high | name_hash);
            (
                server,
                score,
                placement.weighted.then(|| weighted_score(score, weight)),
            )
        })
        .collect()
}

fn placement(context: &Context, pool: &[ServerId]) -> RendezvousPlacement {
    let hash = context.settings.hash;
    let weight = |server: ServerId| {
        context
            .weights
            .get(usize::from(server))
            .copied()
            .unwrap_or(1)
    };
    // Sorted by name, so that among equal scores the first seen wins.
    let mut servers: Vec<(ServerId, u64, f64)> = pool
        .iter()
        .map(|&server| {
            let name = &context.names[usize::from(server)];
            (
                server,
                u64::from(hash.hash(name.as_bytes())),
                f64::from(weight(server)),
            )
        })
        .collect();
    servers.sort_by(|a, b| context.names[usize::from(a.0)].cmp(&context.names[usize::from(b.0)]));
    // With equal weights the logarithm keeps the scores' order, so the
    // integer scores decide: exact, with no float ties.
    let weighted = pool.iter().any(|&server| weight(server) != weight(pool[0]));
    RendezvousPlacement { servers, weighted }
}

struct RendezvousPlacement {
    /// Each server with the hash of its name and its weight, in name order.
    servers: Vec<(ServerId, u64, f64)>,
    weighted: bool,
}

/// The logarithmic method for weights: −W ÷ ln(u), u the score mapped into (0, 1).
fn weighted_score(score: u64, weight: f64) -> f64 {
    let u = (score as f64 + 0.5) / 18_446_744_073_709_551_616.0;
    -weight / u.ln()
}

impl Placement for RendezvousPlacement {
    fn owner(&self, key: Key) -> ServerId {
        let high = u64::from(key.hash) << 32;
        let (first, rest) = (&self.servers[0], &self.servers[1..]);
        if self.weighted {
            let mut best = (first.0, weighted_score(mix64(high | first.1), first.2));
            for &(server, name_hash, weight) in rest {
                let score = weighted_score(mix64(high | name_hash), weight);
                if score > best.1 {
                    best = (server, score);
                }
            }
            return best.0;
        }
        let mut best = (first.0, mix64(high | first.1));
        for &(server, name_hash, _) in rest {
            let score = mix64(high | name_hash);
            if score > best.1 {
                best = (server, score);
            }
        }
        best.0
    }

    fn holds(&self) -> Holds {
        Holds::Names(self.servers.len())
    }
}
