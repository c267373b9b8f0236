//! The placement in use (`use=`, SPEC §16): the page's own ring, or a
//! deployed client's ring, which the ring canvas then draws (its own points)
//! and every panel measures (its own key hash). The 32-bit clients' points
//! and keys fit the page's ring as they are; Envoy's 64-bit ones are drawn
//! at their top halves and fitted exactly by `wide`. The rings themselves
//! are built in `snapshot` (this file is named by the keys and the
//! settings, so it names no system).

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

impl InUse {
    pub const ALL: [InUse; 6] = [
        InUse::Ring,
        InUse::Ketama,
        InUse::Groupcache,
        InUse::Nginx,
        InUse::EnvoyRing,
        InUse::Twemproxy,
    ];

    /// `use=` and the system's id in the systems table.
    pub fn id(self) -> &'static str {
        match self {
            InUse::Ring => "ring",
            InUse::Ketama => "ketama",
            InUse::Groupcache => "groupcache",
            InUse::Nginx => "nginx",
            InUse::EnvoyRing => "envoy-ring",
            InUse::Twemproxy => "twemproxy",
        }
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

    pub fn from_id(id: &str) -> Option<InUse> {
        InUse::ALL.into_iter().find(|in_use| in_use.id() == id)
    }

    /// A key's position under the client's own hash (the systems'
    /// `KEY_HASH`es call the same functions), all 64 bits of Envoy's; None
    /// for the page's ring, whose keys take the hash menu's.
    pub fn wide_key_position(self, name: &[u8]) -> Option<u64> {
        match self {
            InUse::Ring => None,
            InUse::Ketama => Some(hashes::ketama_key(name).into()),
            InUse::Groupcache | InUse::Nginx => Some(hashes::crc32(name).into()),
            InUse::EnvoyRing => Some(hashes::xxh64(name, 0)),
            InUse::Twemproxy => Some(hashes::twemproxy_fnv(name).into()),
        }
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
