//! Go groupcache's `consistenthash` at its default of 50 replicas (SPEC
//! §13): CRC-32 (IEEE) of the replica number followed by the server name,
//! and of the key itself.

use super::client_ring::ClientRing;
use super::{About, Context, Placement, Scheme};
use crate::ring::ServerId;
use crate::settings::Settings;

/// groupcache's default replicas per server, whatever the points slider says.
pub const REPLICAS: u32 = 50;

const CRC32: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);

pub struct Groupcache;

/// CRC-32/IEEE of a key's name: its position.
pub fn key_position(name: &[u8]) -> u32 {
    CRC32.checksum(name)
}

/// The points of `server`: CRC-32 of `"{r}{server}"`, r = 0 … 49.
pub fn server_points(server: &str) -> Vec<u32> {
    (0..REPLICAS)
        .map(|r| CRC32.checksum(format!("{r}{server}").as_bytes()))
        .collect()
}

/// What the page says about it.
pub const ABOUT: About = About {
    id: "groupcache",
    title: "groupcache (Go)",
    uses_weights: false,
    explain,
};

/// How it places a key, what that costs, and where it is used.
fn explain(_settings: &Settings) -> String {
    format!(
        "What Go's groupcache computes: {REPLICAS} points per server, each the CRC-32 of the replica number written before the server's name, and a key goes to the first point at or after the CRC-32 of its name. The points slider does not apply; nor do weights."
    )
}

impl Scheme for Groupcache {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        let points = pool
            .iter()
            .map(|&id| server_points(&context.names[usize::from(id)]))
            .collect();
        Box::new(ClientRing::new(
            pool,
            points,
            key_position,
            context.settings.keyname,
        ))
    }
}
