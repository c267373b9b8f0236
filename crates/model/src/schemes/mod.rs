//! Placement schemes behind one interface, so the page can measure every
//! well-known way of mapping keys to servers on the same keys and the same
//! change. A scheme is one file here and one line in `ALL`.
//!
//! Definitions are SPEC §7's; `mix64` is MurmurHash3's fmix64, which several
//! schemes use to turn two 32-bit hashes into one well-mixed score.

pub mod bounded;
pub mod client_ring;
pub mod groupcache;
pub mod jump;
pub mod ketama;
pub mod maglev;
pub mod modulo;
pub mod multiprobe;
pub mod rendezvous;
pub mod ring;
pub mod slots;

use std::ops::Range;
use std::sync::Arc;

use super::keys::{Key, Keys};
use super::measure::{Movement, Spread};
use super::ring::{Points, Ring, ServerId};
use super::settings::Settings;

/// Every scheme, in the order the page lists them.
pub const ALL: [&dyn Scheme; 10] = [
    &ring::RingScheme,
    &modulo::Modulo,
    &jump::Jump,
    &rendezvous::Rendezvous,
    &maglev::Maglev,
    &bounded::Bounded,
    &multiprobe::MultiProbe,
    &slots::Slots,
    &ketama::Ketama,
    &groupcache::Groupcache,
];

/// What the page says about each scheme, in the same order: plain data, so
/// a page that names the schemes needs none of their placing code.
pub const ABOUT: [&About; 10] = [
    &ring::ABOUT,
    &modulo::ABOUT,
    &jump::ABOUT,
    &rendezvous::ABOUT,
    &maglev::ABOUT,
    &bounded::ABOUT,
    &multiprobe::ABOUT,
    &slots::ABOUT,
    &ketama::ABOUT,
    &groupcache::ABOUT,
];

/// Every scheme's id, in the same order.
pub const IDS: [&str; 10] = {
    let mut ids = [""; 10];
    let mut index = 0;
    while index < ids.len() {
        ids[index] = ABOUT[index].id;
        index += 1;
    }
    ids
};

/// What the page says about a scheme.
pub struct About {
    /// Stable id, used in addresses and as `data-scheme`.
    pub id: &'static str,
    /// The name a reader knows it by.
    pub title: &'static str,
    /// Whether server weights change where it places keys (SPEC §10).
    pub uses_weights: bool,
    /// How it places a key, what that costs, and where it is used.
    pub explain: fn(&Settings) -> String,
}

/// What the page says about the scheme with this id.
pub fn about(id: &str) -> Option<&'static About> {
    ABOUT.into_iter().find(|about| about.id == id)
}

/// The scheme with this id (`ring`, `jump`, …).
pub fn by_id(id: &str) -> Option<&'static dyn Scheme> {
    ALL.into_iter().find(|scheme| scheme.id() == id)
}

/// What a scheme is given: the scenario's names (a `ServerId` indexes them),
/// the settings that tune it, and rings already built for some pools.
pub struct Context<'a> {
    pub names: &'a [String],
    pub settings: &'a Settings,
    /// How many keys will be placed (bounded loads sets its cap from it).
    pub key_count: usize,
    /// Each server's weight, indexed by `ServerId` (SPEC §10).
    pub weights: &'a [u8],
    /// Rings the snapshot has already built, with their pools, so the
    /// ring-based schemes do not hash and sort 25,000 entries again.
    pub built_rings: Vec<(&'a [ServerId], &'a Ring)>,
    /// The clients' own key hashes, kept for every run on the same keys.
    pub key_positions: Option<&'a KeyPositions>,
}

/// Each client's own hash of every key (MD5 is most of ketama's work), kept
/// by scheme id: a claim that measures ketama again at other weights reads
/// the positions the schemes table's run hashed.
#[derive(Debug, Default)]
pub struct KeyPositions(std::sync::Mutex<Vec<Positions>>);

/// One client's positions of the keys, by its scheme id.
type Positions = (&'static str, Arc<[u32]>);

impl KeyPositions {
    /// The positions `scheme` gives the keys, hashed by `ring` the first time.
    fn of(&self, scheme: &'static str, ring: &client_ring::ClientRing, keys: &Keys) -> Arc<[u32]> {
        let mut kept = match self.0.lock() {
            Ok(kept) => kept,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some((_, positions)) = kept.iter().find(|(id, _)| *id == scheme) {
            return positions.clone();
        }
        let positions = client_positions(ring, keys);
        kept.push((scheme, positions.clone()));
        positions
    }
}

fn client_positions(ring: &client_ring::ClientRing, keys: &Keys) -> Arc<[u32]> {
    (0..keys.len())
        .map(|index| ring.position_of_key(keys.key(index)))
        .collect()
}

impl Context<'_> {
    /// The ring of §1 for `pool` at the current points and hash.
    pub fn ring(&self, pool: &[ServerId]) -> Ring {
        self.built_rings
            .iter()
            .find(|(members, _)| *members == pool)
            .map(|(_, ring)| (*ring).clone())
            .unwrap_or_else(|| {
                let points = Points {
                    base: self.settings.points,
                    weights: self.weights,
                };
                Ring::build(self.names, pool, points, self.settings.hash)
            })
    }
}

/// What a client must hold to route a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Holds {
    /// Sorted ring entries (position and server each).
    RingEntries(usize),
    /// Ring entries plus the keys bounded loads pushed past their first choice.
    RingAndDisplaced { entries: usize, displaced: usize },
    /// A lookup table with this many rows.
    TableRows(usize),
    /// A slot table: this many slots, each naming a server.
    Slots(usize),
    /// The server names in a fixed order, nothing else.
    Names(usize),
    /// Only the number of servers.
    Count,
}

impl Holds {
    /// How many items a client stores, for comparing schemes (the count is 1).
    pub fn items(self) -> usize {
        match self {
            Holds::RingEntries(n) | Holds::TableRows(n) | Holds::Slots(n) | Holds::Names(n) => n,
            Holds::RingAndDisplaced { entries, displaced } => entries + displaced,
            Holds::Count => 1,
        }
    }
}

/// A way of placing keys on servers.
pub trait Scheme: Sync {
    /// What the page says about it (its entry in `ABOUT`).
    fn about(&self) -> &'static About;
    fn id(&self) -> &'static str {
        self.about().id
    }
    fn title(&self) -> &'static str {
        self.about().title
    }
    /// The placement of every key on `pool`, built from scratch.
    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement>;
    /// Placements before and after a change. Most schemes build each from
    /// scratch; a scheme whose layout after depends on the one before (slots)
    /// overrides this.
    fn place_pair(
        &self,
        context: &Context,
        before: &[ServerId],
        after: &[ServerId],
    ) -> (Box<dyn Placement>, Box<dyn Placement>) {
        (self.place(context, before), self.place(context, after))
    }
}

/// One scheme's placement of keys on one pool.
pub trait Placement {
    /// The server a single key goes to: the lookup a client makes. For a
    /// scheme that places keys in order (bounded loads), valid once every key
    /// has been assigned.
    fn owner(&self, key: Key) -> ServerId;
    /// Assign keys `range` (ranges come in key order, from key 0) and append
    /// their owners. By default one lookup each.
    fn assign(&mut self, keys: &Keys, range: Range<usize>, owners: &mut Vec<ServerId>) {
        owners.extend(range.map(|index| self.owner(keys.key(index))));
    }
    /// The server a key given by its name goes to (the one-key box), `hash`
    /// being the name under the page's hash. Most schemes read only that;
    /// those that hash the name themselves (slots, the clients) override it.
    fn owner_of_name(&self, _name: &[u8], hash: u32) -> ServerId {
        self.owner(Key { number: 0, hash })
    }
    /// What a client must hold to route.
    fn holds(&self) -> Holds;
    /// The lookup table, for schemes that route by one (Maglev, slots).
    fn table(&self) -> Option<&[ServerId]> {
        None
    }
    /// A client's ring (ketama, groupcache), which hashes key names itself:
    /// a run hashes each key once for both sides, not once a side.
    fn client_ring(&self) -> Option<&client_ring::ClientRing> {
        None
    }
}

/// How a table-based scheme's rows changed hands between before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TableMoves {
    pub rows: usize,
    /// Rows whose server differs.
    pub changed: usize,
    /// Of those, rows that passed between two servers present before and after.
    pub between: usize,
}

/// MurmurHash3's 64-bit finalizer.
pub fn mix64(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    k ^= k >> 33;
    k = k.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    k ^= k >> 33;
    k
}

/// Everything measured about one scheme on one change.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SchemeResult {
    pub id: &'static str,
    pub movement: Movement,
    /// Busiest and quietest after the change.
    pub spread: Spread,
    /// What a client must hold after the change.
    pub holds: Holds,
    /// For a table-based scheme, the rows that changed hands.
    pub table_moves: Option<TableMoves>,
}

/// One scheme placed on one change: every key's owner before and after,
/// kept so its lookups can be timed after its figures are counted.
pub struct SchemeRun {
    pub scheme: &'static dyn Scheme,
    before: Box<dyn Placement>,
    after: Box<dyn Placement>,
    owners_before: Vec<ServerId>,
    owners_after: Vec<ServerId>,
}

impl SchemeRun {
    /// Set the scheme up on both sides of the change and place every key.
    pub fn place(
        scheme: &'static dyn Scheme,
        context: &Context,
        keys: &Keys,
        before: &[ServerId],
        after: &[ServerId],
    ) -> SchemeRun {
        let (mut before, mut after) = scheme.place_pair(context, before, after);
        let all = 0..keys.len();
        let mut owners_before = Vec::with_capacity(keys.len());
        let mut owners_after = Vec::with_capacity(keys.len());
        match (before.client_ring(), after.client_ring()) {
            // A client hashes each key once for both sides, with its own hash.
            (Some(ring_before), Some(ring_after)) => {
                let positions = match context.key_positions {
                    Some(kept) => kept.of(scheme.id(), ring_before, keys),
                    None => client_positions(ring_before, keys),
                };
                owners_before.extend(positions.iter().map(|&p| ring_before.owner_at(p)));
                owners_after.extend(positions.iter().map(|&p| ring_after.owner_at(p)));
            }
            _ => {
                before.assign(keys, all.clone(), &mut owners_before);
                after.assign(keys, all, &mut owners_after);
            }
        }
        SchemeRun {
            scheme,
            before,
            after,
            owners_before,
            owners_after,
        }
    }

    /// Look up `count` keys after the change, starting at key `from` and
    /// cycling: the work a client does, for timing. The checksum keeps the
    /// compiler from skipping lookups whose answers nobody reads.
    pub fn lookups(&self, keys: &Keys, from: usize, count: usize) -> u64 {
        let mut checksum = 0u64;
        for step in 0..count {
            let key = keys.key((from + step) % keys.len());
            checksum =
                checksum.wrapping_add(u64::from(self.after.owner(std::hint::black_box(key))));
        }
        checksum
    }

    pub fn owners_after(&self) -> &[ServerId] {
        &self.owners_after
    }

    /// The figures: moves, spread, what a client holds.
    pub fn finish(
        &self,
        before: &[ServerId],
        after: &[ServerId],
        server_count: usize,
    ) -> SchemeResult {
        let movement = Movement::of(
            &self.owners_before,
            &self.owners_after,
            before,
            after,
            server_count,
        );
        let table_moves = match (self.before.table(), self.after.table()) {
            (Some(rows_before), Some(rows_after)) => {
                let stays = |server: &ServerId| before.contains(server) && after.contains(server);
                let changed = rows_before.iter().zip(rows_after).filter(|(a, b)| a != b);
                Some(TableMoves {
                    rows: rows_after.len(),
                    changed: changed.clone().count(),
                    between: changed.filter(|(a, b)| stays(a) && stays(b)).count(),
                })
            }
            _ => None,
        };
        SchemeResult {
            id: self.scheme.id(),
            spread: movement.spread_after(after),
            movement,
            holds: self.after.holds(),
            table_moves,
        }
    }
}

/// Measure one scheme on a change in one go (tests, the native oracle, claims).
pub fn measure(
    scheme: &'static dyn Scheme,
    context: &Context,
    keys: &Keys,
    before: &[ServerId],
    after: &[ServerId],
) -> SchemeResult {
    SchemeRun::place(scheme, context, keys, before, after).finish(
        before,
        after,
        context.names.len(),
    )
}
