//! The placement in use (`use=`, DEFINITIONS §18): the page's own ring, or a
//! deployed client's ring, which the ring canvas then draws (its own points)
//! and every panel measures (its own key hash). The 32-bit clients' points
//! and keys fit the page's ring as they are; Envoy's 64-bit ones are drawn
//! at their top halves and fitted exactly by `wide`. The rings themselves
//! are built in `snapshot` (this file is named by the keys and the
//! settings, so it names no system).

use crate::placement_id::PlacementId;
use crate::systems::hashes;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum InUse {
    /// The page's ring: its points slider and hash menu.
    #[default]
    Ring,
    Ketama,
    Groupcache,
    Nginx,
    EnvoyRing,
    Twemproxy,
}

/// Why each other scheme and system cannot be the ring in use, by id: the
/// page draws a ring whose keys go to the first point clockwise, and these
/// place keys another way. Each keeps its row in its table.
pub const CANNOT_DRIVE: [(PlacementId, &str); 10] = [
    (PlacementId::Modulo, "a key's server is its hash's remainder, with no ring at all."),
    (PlacementId::Jump, "a key's bucket follows from its hash and the server count alone, with no ring."),
    (PlacementId::Rendezvous, "every key scores every server and takes the top score, with no ring."),
    (PlacementId::MultiProbe, "one point per server, but a key tries several positions and takes the nearest point to any of them."),
    (PlacementId::Maglev, "a lookup table of rows filled in turn by each server, not points on a circle."),
    (PlacementId::Bounded, "the ring with a cap: a key's server depends on the keys placed before it, not on its position alone."),
    (PlacementId::Slots, "fixed slots handed out in ranges, not points hashed from names."),
    (PlacementId::Haproxy, "the point nearest the key on either side, not the next one clockwise."),
    (PlacementId::NginxHash, "without `consistent`, nginx takes the hash mod the pool's total weight, with no ring."),
    (PlacementId::EnvoyMaglev, "a lookup table of 65,537 rows, not points on a circle."),
];

impl InUse {
    pub const ALL: [InUse; 6] = [
        InUse::Ring,
        InUse::Ketama,
        InUse::Groupcache,
        InUse::Nginx,
        InUse::EnvoyRing,
        InUse::Twemproxy,
    ];

    /// Its row in the placements table: the page's ring is the ring scheme.
    pub const fn placement(self) -> PlacementId {
        match self {
            InUse::Ring => PlacementId::Ring,
            InUse::Ketama => PlacementId::Ketama,
            InUse::Groupcache => PlacementId::Groupcache,
            InUse::Nginx => PlacementId::Nginx,
            InUse::EnvoyRing => PlacementId::EnvoyRing,
            InUse::Twemproxy => PlacementId::Twemproxy,
        }
    }

    /// `use=`: its placement's id.
    pub fn id(self) -> &'static str {
        self.placement().as_str()
    }

    /// The client's name in a sentence: "ketama's own points".
    pub fn name(self) -> &'static str {
        match self {
            InUse::Ring => "the page's ring",
            InUse::Ketama => "ketama",
            InUse::Groupcache => "groupcache",
            InUse::Nginx => "nginx",
            InUse::EnvoyRing => "Envoy",
            InUse::Twemproxy => "twemproxy",
        }
    }

    /// What the ring panel says of a client's ring with `entries` points
    /// on `servers` servers; None for the page's own.
    pub fn about_ring(self, entries: usize, servers: usize) -> Option<String> {
        let hash = self.key_hash()?;
        let mut said = format!(
            "This is {}'s own ring: {} points on {servers} servers, each key placed at {hash}.",
            self.name(),
            crate::format::thousands(entries as u64)
        );
        if self.is_wide() {
            said.push_str(" Envoy's circle has 2⁶⁴ positions: each point and key is drawn at its top 32 bits, and every key keeps the owner its full 64 bits give it.");
        }
        Some(said)
    }

    /// How the client places a key, for prose: "its CRC-32"; None for the
    /// page's ring, whose keys take the hash menu's.
    pub fn key_hash(self) -> Option<&'static str> {
        Some(match self {
            InUse::Ring => return None,
            InUse::Ketama => "the first four bytes of its MD5",
            InUse::Groupcache | InUse::Nginx => "its CRC-32",
            InUse::EnvoyRing => "its XXH64",
            InUse::Twemproxy => "twemproxy's 32-bit FNV-1a",
        })
    }

    /// Under a client's ring, the sentence that says every placement reads
    /// the client's positions (DEFINITIONS §18); None for the page's ring.
    pub fn same_positions(self) -> Option<String> {
        if !self.is_client() {
            return None;
        }
        let hash = self.key_hash()?;
        Some(format!(
            "Every key here sits where {}'s ring puts it, at {hash}: the ring, hash mod n and the textbook schemes all read that one position, so their counts agree across the page.",
            self.name()
        ))
    }

    pub fn from_id(id: &str) -> Option<InUse> {
        InUse::of(PlacementId::from_id(id)?)
    }

    /// The ring in use a placement can be, if it is ring-shaped.
    pub fn of(placement: PlacementId) -> Option<InUse> {
        InUse::ALL
            .into_iter()
            .find(|in_use| in_use.placement() == placement)
    }

    /// A key's position under the client's own hash (the systems'
    /// `KEY_HASH`es call the same functions), all 64 bits of Envoy's; None
    /// for the page's ring, whose keys take the hash menu's.
    /// Without the `clients` feature, None: that build never measures a
    /// client's ring.
    pub fn wide_key_position(self, name: &[u8]) -> Option<u64> {
        if cfg!(not(feature = "clients")) {
            return None;
        }
        match self {
            InUse::Ring => None,
            InUse::Ketama => Some(hashes::ketama_key(name).into()),
            InUse::Groupcache | InUse::Nginx => Some(hashes::crc32(name).into()),
            InUse::EnvoyRing => Some(hashes::xxh64(name, 0)),
            InUse::Twemproxy => Some(hashes::twemproxy_fnv(name).into()),
        }
    }

    /// Whether a client's ring is in use and this build measures one (the
    /// first screen's module, built without `clients`, never does, so the
    /// compiler drops every branch that asks).
    pub fn is_client(self) -> bool {
        cfg!(feature = "clients") && self != InUse::Ring
    }

    /// Whether its positions are 64 bits, drawn at their top halves.
    pub fn is_wide(self) -> bool {
        self == InUse::EnvoyRing
    }

    /// A key's position on the page's ring before any fitting (`wide`).
    pub fn key_position(self, name: &[u8]) -> Option<u32> {
        let position = self.wide_key_position(name)?;
        Some(if self.is_wide() {
            (position >> 32) as u32
        } else {
            position as u32
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scheme_and_system_either_drives_the_ring_or_says_why_not() {
        for &id in PlacementId::ALL {
            let drives = InUse::of(id).is_some();
            let why_not = CANNOT_DRIVE.iter().any(|(cannot, _)| *cannot == id);
            assert!(drives ^ why_not, "{id:?}");
        }
    }
}
