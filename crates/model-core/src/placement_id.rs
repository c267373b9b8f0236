//! The id of every placement the page measures, and the one table of them
//! (`placement_table!`): the textbook schemes of the schemes table, then the
//! deployed systems of the systems panel, each with its id (a string only in
//! the address, the report and the DOM) and the module and type that place
//! its keys. This file writes the enum and its ids from the table;
//! `placements.rs` writes the lookups into those modules from the same
//! table. A leaf: the schemes name their id without naming their registry.

/// The table, handed to `$then`: one row per placement.
macro_rules! placement_table {
    ($then:ident) => {
        $then! {
            textbook {
                Ring => "ring", ring::RingScheme;
                Modulo => "modulo", modulo::Modulo;
                Jump => "jump", jump::Jump;
                Rendezvous => "rendezvous", rendezvous::Rendezvous;
                Maglev => "maglev", maglev::Maglev;
                Bounded => "bounded", bounded::Bounded;
                MultiProbe => "multiprobe", multiprobe::MultiProbe;
                Slots => "slots", slots::Slots;
            }
            deployed {
                Ketama => "ketama", ketama::Ketama;
                Groupcache => "groupcache", groupcache::Groupcache;
                Nginx => "nginx", nginx::Nginx;
                NginxHash => "nginx-hash", nginx_hash::NginxHash;
                Haproxy => "haproxy", haproxy::Haproxy;
                EnvoyRing => "envoy-ring", envoy_ring::EnvoyRing;
                EnvoyMaglev => "envoy-maglev", envoy_maglev::EnvoyMaglev;
                Twemproxy => "twemproxy", twemproxy::Twemproxy;
            }
        }
    };
}
pub(crate) use placement_table;

/// The enum, its lists and its ids, from the table.
macro_rules! declare_ids {
    (
        textbook { $($t:ident => $t_id:literal, $t_mod:ident::$t_type:ident;)* }
        deployed { $($d:ident => $d_id:literal, $d_mod:ident::$d_type:ident;)* }
    ) => {
        /// A scheme or a deployed system.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum PlacementId {
            $($t,)*
            $($d,)*
        }

        impl PlacementId {
            /// Every placement: the textbook schemes, then the systems.
            pub const ALL: &[PlacementId] = &[$(PlacementId::$t,)* $(PlacementId::$d,)*];
            /// The schemes table's rows, in its order.
            pub const TEXTBOOK: &[PlacementId] = &[$(PlacementId::$t,)*];
            /// The systems panel's rows, in its order.
            pub const DEPLOYED: &[PlacementId] = &[$(PlacementId::$d,)*];

            /// Its id: `data-scheme`, the report's and `use=`'s.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(PlacementId::$t => $t_id,)*
                    $(PlacementId::$d => $d_id,)*
                }
            }
        }
    };
}

placement_table!(declare_ids);

impl PlacementId {
    /// The placement an address, a report or a config names.
    pub fn from_id(id: &str) -> Option<PlacementId> {
        PlacementId::ALL.iter().copied().find(|p| p.as_str() == id)
    }

    /// One of the deployed systems, not a textbook scheme.
    pub fn is_system(self) -> bool {
        PlacementId::DEPLOYED.contains(&self)
    }
}

/// For an empty key's path, which has no steps.
impl Default for PlacementId {
    fn default() -> PlacementId {
        PlacementId::Ring
    }
}

impl std::fmt::Display for PlacementId {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for PlacementId {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_str(self.as_str())
    }
}
