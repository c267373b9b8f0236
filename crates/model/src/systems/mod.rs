//! What deployed load balancers and clients do (DEFINITIONS §13, §15), each bit
//! for bit, on the placement interface the textbook schemes use: the same
//! keys, the same server list and the same change as the rest of the page.
//! The points slider and the hash menu do not apply: each system fixes its
//! own. Adding a system is a file here and one entry in `ALL` and `ABOUT`.

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

use crate::ring::ServerId;
use crate::schemes::{About, Context, Scheme};

/// Every deployed system, in the order its panel lists them.
pub const ALL: [&dyn Scheme; 8] = [
    &ketama::Ketama,
    &groupcache::Groupcache,
    &nginx::Nginx,
    &nginx_hash::NginxHash,
    &haproxy::Haproxy,
    &envoy_ring::EnvoyRing,
    &envoy_maglev::EnvoyMaglev,
    &twemproxy::Twemproxy,
];

/// What the page says about each, in the same order.
pub const ABOUT: [&About; 8] = [
    &ketama::ABOUT,
    &groupcache::ABOUT,
    &nginx::ABOUT,
    &nginx_hash::ABOUT,
    &haproxy::ABOUT,
    &envoy_ring::ABOUT,
    &envoy_maglev::ABOUT,
    &twemproxy::ABOUT,
];

/// Every system's id, in the same order.
pub const IDS: [&str; 8] = crate::schemes::ids(&ABOUT);

/// A server as a system reads it: its name as typed and its weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Server<'a> {
    pub name: &'a str,
    pub weight: u32,
}

/// The servers of `pool`, in its order, with their weights.
pub fn servers<'a>(context: &'a Context, pool: &[ServerId]) -> Vec<Server<'a>> {
    pool.iter()
        .map(|&id| Server {
            name: &context.names[usize::from(id)],
            weight: u32::from(context.weights.get(usize::from(id)).copied().unwrap_or(1)),
        })
        .collect()
}

/// Servers from a list of (name, weight), for the published vectors' pools.
pub fn listed<'a>(list: &[(&'a str, u32)]) -> Vec<Server<'a>> {
    list.iter()
        .map(|&(name, weight)| Server { name, weight })
        .collect()
}
