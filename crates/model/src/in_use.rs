//! The placement in use (`use=`, SPEC §16): the page's own ring, or a
//! deployed client's ring, which the ring canvas then draws (its own points)
//! and every panel measures (its own key hash). Clients that place keys on
//! 32 bits only: their points and keys fit the page's ring exactly. The
//! rings themselves are built in `snapshot` (this file is named by the keys
//! and the settings, so it names no system).

use crate::systems::hashes;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum InUse {
    /// The page's ring: its points slider and hash menu.
    #[default]
    Ring,
    Ketama,
    Groupcache,
    Nginx,
    Twemproxy,
}

impl InUse {
    pub const ALL: [InUse; 5] = [
        InUse::Ring,
        InUse::Ketama,
        InUse::Groupcache,
        InUse::Nginx,
        InUse::Twemproxy,
    ];

    /// `use=` and the system's id in the systems table.
    pub fn id(self) -> &'static str {
        match self {
            InUse::Ring => "ring",
            InUse::Ketama => "ketama",
            InUse::Groupcache => "groupcache",
            InUse::Nginx => "nginx",
            InUse::Twemproxy => "twemproxy",
        }
    }

    pub fn from_id(id: &str) -> Option<InUse> {
        InUse::ALL.into_iter().find(|in_use| in_use.id() == id)
    }

    /// A key's position under the client's own hash (the systems'
    /// `KEY_HASH`es call the same functions); None for the page's ring,
    /// whose keys take the hash menu's.
    pub fn key_position(self, name: &[u8]) -> Option<u32> {
        match self {
            InUse::Ring => None,
            InUse::Ketama => Some(hashes::ketama_key(name)),
            InUse::Groupcache | InUse::Nginx => Some(hashes::crc32(name)),
            InUse::Twemproxy => Some(hashes::twemproxy_fnv(name)),
        }
    }
}
