//! What deployed load balancers and clients do (DEFINITIONS §13, §15), each bit
//! for bit, on the placement interface the textbook schemes use: the same
//! keys, the same server list and the same change as the rest of the page.
//! The points slider and the hash menu do not apply: each system fixes its
//! own. Adding a system is a file here and its row in `placements.rs`.

pub mod client_ring;
pub mod envoy_maglev;
pub mod envoy_ring;
pub mod groupcache;
pub mod haproxy;
pub mod hashes;
pub mod ketama;
pub mod nginx;
pub mod nginx_hash;
pub mod twemproxy;

use crate::down::{kept_list, Routed};
use crate::keys::Keys;
use crate::ring::ServerId;
use crate::schemes::{owners_of, Context, Scheme};

/// A server as a system reads it: its name as typed and its weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Server<'a> {
    pub name: &'a str,
    pub weight: u32,
    /// An id its config line fixes (HAProxy's `id N`); `None`: numbered by position.
    pub fixed_id: Option<u32>,
}

/// The servers of `pool`, in its order, with their weights and fixed ids.
pub fn servers<'a>(context: &'a Context, pool: &[ServerId]) -> Vec<Server<'a>> {
    pool.iter()
        .map(|&id| Server {
            name: &context.names[usize::from(id)],
            weight: context.weights.get(usize::from(id)).copied().unwrap_or(1),
            fixed_id: context.fixed_ids.get(usize::from(id)).copied().flatten(),
        })
        .collect()
}

/// Servers from a list of (name, weight), for the published vectors' pools.
pub fn listed<'a>(list: &[(&'a str, u32)]) -> Vec<Server<'a>> {
    list.iter()
        .map(|&(name, weight)| Server {
            name,
            weight,
            fixed_id: None,
        })
        .collect()
}

/// Envoy's default `healthy_panic_threshold`, in percent of hosts.
pub const PANIC_THRESHOLD: f64 = 50.0;

/// Whether Envoy is in panic with `down` of `pool` hosts unhealthy
/// (`LoadBalancerBase::isHostSetInPanic`): fewer than the threshold's share
/// healthy, counted in hosts, not weight.
pub fn envoy_in_panic(pool: usize, down: usize) -> bool {
    pool == 0 || 100.0 * (pool - down) as f64 / (pool as f64) < PANIC_THRESHOLD
}

/// Every key's route when the servers `down` stay in the placement as they
/// were: a key on one is handed to `on_down` (Envoy in panic sends it
/// there; twemproxy without ejection fails it).
pub fn kept_placement(
    scheme: &dyn Scheme,
    context: &Context,
    keys: &Keys,
    pool: &[ServerId],
    down: &[ServerId],
    on_down: fn(ServerId) -> Routed,
) -> Vec<Routed> {
    let mut placement = scheme.place(context, pool);
    let owners = owners_of(placement.as_mut(), context, keys);
    kept_list(&owners, down, on_down)
}

/// Envoy's rule for both its balancers: out of panic, the ring or table is
/// built from the healthy hosts alone, as if the others were deleted; in
/// panic, from every host, so keys still go to the unhealthy ones.
pub fn envoy_route_down(
    scheme: &dyn Scheme,
    context: &Context,
    keys: &Keys,
    pool: &[ServerId],
    down: &[ServerId],
) -> Option<Vec<Routed>> {
    envoy_in_panic(pool.len(), down.len())
        .then(|| kept_placement(scheme, context, keys, pool, down, Routed::To))
}
