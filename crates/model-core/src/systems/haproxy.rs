//! HAProxy's `hash-type consistent` with its default hash, sdbm and an
//! avalanche (DEFINITIONS §15; lb_chash.c, backend.c, hash.c). It hashes neither a
//! server's name nor its address: only its numeric id, its 1-based position
//! in the backend, renumbered at each reload. A key goes to the *nearest*
//! node, not the next one clockwise.

use super::hashes::{full_hash, sdbm};
use super::{servers, Server};
use crate::down::Routed;
use crate::keys::Keys;
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::schemes::{
    key_positions, About, ByOwnHash, Context, Holds, KeyHash, OwnHashed, Placement, Scheme,
};
use crate::settings::Settings;

pub struct Haproxy;

/// Nodes per unit of weight.
pub const NODES_PER_WEIGHT: u32 = 16;

/// A key's position: the avalanche of its sdbm.
pub const KEY_HASH: KeyHash = KeyHash {
    id: "haproxy",
    bits: 32,
    hash: |name| u64::from(full_hash(sdbm(name))),
};

/// The nodes of the server with id `id` (1-based) and weight `weight`.
pub fn server_nodes(id: u32, weight: u32) -> impl Iterator<Item = u32> {
    (0..NODES_PER_WEIGHT * weight).map(move |j| full_hash(id.wrapping_mul(4096).wrapping_add(j)))
}

/// Sorted nodes with their servers.
pub struct NearestRing {
    nodes: Vec<(u32, ServerId)>,
}

/// Each server's id as HAProxy numbers them at start-up (cfgparse.c): an
/// id a line fixes (`id N`) is kept; walking the list with a counter from 1
/// that steps once per server, each other server takes the first id at or
/// above the counter that no server holds yet. With no ids fixed: 1, 2, …
pub fn numbered(servers: &[Server]) -> Vec<u32> {
    let mut taken: Vec<u32> = servers.iter().filter_map(|s| s.fixed_id).collect();
    let mut next = 1u32;
    servers
        .iter()
        .map(|server| {
            let id = server.fixed_id.unwrap_or_else(|| {
                while taken.contains(&next) {
                    next += 1;
                }
                taken.push(next);
                next
            });
            next += 1;
            id
        })
        .collect()
}

impl NearestRing {
    /// The ring of `servers` in list order, numbered as HAProxy numbers
    /// them (`numbered`), owned by `ids`.
    pub fn new(servers: &[Server], ids: &[ServerId]) -> NearestRing {
        let mut nodes: Vec<(u32, ServerId)> = servers
            .iter()
            .zip(numbered(servers))
            .zip(ids)
            .flat_map(|((server, number), &id)| {
                server_nodes(number, server.weight).map(move |node| (node, id))
            })
            .collect();
        // The avalanche is a bijection and the inputs differ (ids are
        // distinct, which the config reader checks): no two nodes tie.
        nodes.sort_unstable();
        NearestRing { nodes }
    }

    /// The ring with the nodes of `down` taken out, as HAProxy does when a
    /// server goes down (`chash_set_server_status_down` dequeues its nodes);
    /// the others keep their ids, so nothing else moves.
    pub fn without(mut self, down: &[ServerId]) -> NearestRing {
        self.nodes.retain(|(_, server)| !down.contains(server));
        self
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

impl ByOwnHash for NearestRing {
    fn key_hash(&self) -> KeyHash {
        KEY_HASH
    }

    fn points(&self) -> Vec<(u64, ServerId)> {
        self.nodes
            .iter()
            .map(|&(node, server)| (u64::from(node), server))
            .collect()
    }

    /// A key goes to the nearer of the nodes either side, the earlier on a
    /// tie: the owner changes at each node and at the last position of each
    /// gap's first half.
    fn breaks(&self) -> Vec<u64> {
        let count = self.nodes.len();
        (0..count)
            .flat_map(|index| {
                let node = self.nodes[index].0;
                let next = self.nodes[(index + 1) % count].0;
                let half = next.wrapping_sub(node) / 2;
                [u64::from(node), u64::from(node.wrapping_add(half))]
            })
            .collect()
    }

    fn owner_at(&self, position: u64) -> ServerId {
        let k = position as u32;
        let count = self.nodes.len();
        let next = self.nodes.partition_point(|&(node, _)| node < k) % count;
        let prev = (next + count - 1) % count;
        let (prev_node, prev_server) = self.nodes[prev];
        let (next_node, next_server) = self.nodes[next];
        // Distances both ways round the circle; the previous node wins a tie.
        if k.wrapping_sub(prev_node) <= next_node.wrapping_sub(k) {
            prev_server
        } else {
            next_server
        }
    }
}

pub const ABOUT: About = About {
    id: PlacementId::Haproxy,
    title: "HAProxy",
    uses_weights: true,
    config: Some("balance uri + hash-type consistent"),
    down_rule: Some("A server going down takes its nodes out of the tree (lb_chash.c) and the others keep their ids, so only its keys move. Deleting its line renumbers every server after it."),
    explain,
};

fn explain(_settings: &Settings) -> String {
    format!("HAProxy hashes each server's position in the backend, not its name or address: {NODES_PER_WEIGHT} nodes per unit of weight, and a key goes to the nearest node either way. Insert a server in the middle of the list, or take one out, and every server after it is renumbered.")
}

impl Scheme for Haproxy {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        let ring = NearestRing::new(&servers(context, pool), pool);
        let entries = ring.len();
        Box::new(OwnHashed {
            by_hash: ring,
            names: context.settings.key_names(),
            holds: Holds::RingEntries(entries),
        })
    }

    fn route_down(
        &self,
        context: &Context,
        keys: &Keys,
        pool: &[ServerId],
        down: &[ServerId],
    ) -> Option<Vec<Routed>> {
        let ring = NearestRing::new(&servers(context, pool), pool).without(down);
        let routed = key_positions(context, KEY_HASH, keys)
            .iter()
            .map(|&position| Routed::To(ring.owner_at(position)))
            .collect();
        Some(routed)
    }
}
