//! Placement schemes behind one interface, so the page can measure every
//! well-known way of mapping keys to servers on the same keys and the same
//! change. A scheme is one file here and one line in `ALL`.
//!
//! Definitions are DEFINITIONS §7's; `mix64` is MurmurHash3's fmix64, which several
//! schemes use to turn two 32-bit hashes into one well-mixed score.

pub mod bounded;
pub mod jump;
pub mod maglev;
pub mod modulo;
pub mod multiprobe;
pub mod rendezvous;
pub mod ring;
pub mod slots;

use std::ops::Range;
use std::sync::Arc;

use super::down::{self, DownOutcome, Routed};
use super::keyname::KeyNames;
use super::keys::{Key, Keys};
use super::measure::{Movement, Spread};
use super::ring::{Points, Ring, ServerId};
use super::settings::Settings;

/// What the page says about a scheme.
pub struct About {
    /// Its row in the registry (`placements.rs`).
    pub id: crate::placement_id::PlacementId,
    /// The name a reader knows it by.
    pub title: &'static str,
    /// Whether server weights change where it places keys (DEFINITIONS §10).
    pub uses_weights: bool,
    /// For a deployed system, the configuration line that selects it.
    pub config: Option<&'static str>,
    /// What it does with a server that is down but still listed
    /// (DEFINITIONS §19); `None`: it places keys on the servers still up,
    /// as if the down ones were deleted.
    pub down_rule: Option<&'static str>,
    /// How it places a key, what that costs, and where it is used.
    pub explain: fn(&Settings) -> String,
}

/// What a scheme is given: the scenario's names (a `ServerId` indexes them),
/// the settings that tune it, and rings already built for some pools.
pub struct Context<'a> {
    pub names: &'a [String],
    pub settings: &'a Settings,
    /// How many keys will be placed (bounded loads sets its cap from it).
    pub key_count: usize,
    /// Each server's weight, indexed by `ServerId` (DEFINITIONS §10).
    pub weights: &'a [u32],
    /// Ids a pasted HAProxy line fixes (`id N`), indexed by `ServerId`;
    /// empty or `None`: numbered by position (DEFINITIONS §20).
    pub fixed_ids: &'a [Option<u32>],
    /// Rings the snapshot has already built, with their pools, so the
    /// ring-based schemes do not hash and sort 25,000 entries again.
    pub built_rings: Vec<(&'a [ServerId], &'a Ring)>,
    /// The clients' own key hashes, kept for every run on the same keys.
    pub key_positions: Option<&'a KeyPositions>,
}

/// Each deployed system's own hash of every key (MD5 is most of ketama's
/// work), kept by the hash's id: a claim that measures ketama again at
/// other weights, and Envoy's two placements, read the positions hashed once.
#[derive(Debug, Default)]
pub struct KeyPositions(std::sync::Mutex<Vec<Positions>>);

/// One hash's positions of the keys, by its id.
type Positions = (&'static str, Arc<[u64]>);

impl KeyPositions {
    /// The positions `hash` gives the keys named by `names`, hashed the first time.
    fn of(&self, hash: KeyHash, names: &KeyNames, keys: &Keys) -> Arc<[u64]> {
        let mut kept = match self.0.lock() {
            Ok(kept) => kept,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some((_, positions)) = kept.iter().find(|(id, _)| *id == hash.id) {
            return positions.clone();
        }
        let positions = own_positions(hash, names, keys);
        kept.push((hash.id, positions.clone()));
        positions
    }
}

fn own_positions(hash: KeyHash, names: &KeyNames, keys: &Keys) -> Arc<[u64]> {
    (0..keys.len())
        .map(|index| names.with_name(keys.key(index).number, hash.hash))
        .collect()
}

/// A deployed system's own hash of a key's name (DEFINITIONS §13, §15), with an id
/// so two systems that hash keys alike share the work.
#[derive(Clone, Copy)]
pub struct KeyHash {
    pub id: &'static str,
    /// Its positions are 0 … 2^bits − 1.
    pub bits: u32,
    pub hash: fn(&[u8]) -> u64,
}

/// A placement that finds a key by its own hash of the key's name.
pub trait ByOwnHash {
    fn key_hash(&self) -> KeyHash;
    /// The owner of a key at this position of the system's own hash.
    fn owner_at(&self, position: u64) -> ServerId;
    /// Its points, sorted, with their servers, if it is a ring: what one
    /// key's path searches (`key_path`).
    fn points(&self) -> Vec<(u64, ServerId)> {
        Vec::new()
    }
    /// Every position after which the owner may change: `owner_at(p)` and
    /// `owner_at(p + 1)` (wrapping) differ only where `p` is listed. A ring
    /// whose key goes to the first point at or after it changes at its
    /// points; what picks otherwise says so (`hash_space`).
    fn breaks(&self) -> Vec<u64> {
        self.points().into_iter().map(|(point, _)| point).collect()
    }
    /// Its lookup table's rows, if it has one (Envoy's Maglev), for the
    /// same; not a `Placement::table`, whose rows' moves the schemes table counts.
    fn rows(&self) -> Option<&[ServerId]> {
        None
    }
}

/// A placement by its own hash of key names: the page's keys are named by
/// `names` (`keyname=`), and a client holds `holds`.
pub struct OwnHashed<T> {
    pub by_hash: T,
    pub names: KeyNames,
    pub holds: Holds,
}

impl<T: ByOwnHash> Placement for OwnHashed<T> {
    fn owner(&self, key: Key) -> ServerId {
        let position = self
            .names
            .with_name(key.number, self.by_hash.key_hash().hash);
        self.by_hash.owner_at(position)
    }

    fn owner_of_name(&self, name: &[u8], _hash: u32) -> ServerId {
        self.by_hash.owner_at((self.by_hash.key_hash().hash)(name))
    }

    fn holds(&self) -> Holds {
        self.holds
    }

    fn by_own_hash(&self) -> Option<&dyn ByOwnHash> {
        Some(&self.by_hash)
    }
}

impl<'a> Context<'a> {
    /// This context for one side of a deploy, whose weights and fixed ids
    /// may differ from the other side's: the rings lent are only those
    /// built for `ring`'s pool at these weights.
    pub fn side(
        &self,
        weights: &'a [u32],
        fixed_ids: &'a [Option<u32>],
        built: Option<(&'a [ServerId], &'a Ring)>,
    ) -> Context<'a> {
        Context {
            names: self.names,
            settings: self.settings,
            key_count: self.key_count,
            weights,
            fixed_ids,
            built_rings: built.into_iter().collect(),
            key_positions: self.key_positions,
        }
    }

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
    fn id(&self) -> crate::placement_id::PlacementId {
        self.about().id
    }
    fn title(&self) -> &'static str {
        self.about().title
    }
    /// The placement of every key on `pool`, built from scratch.
    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement>;
    /// Placements before and after a change with one context.
    fn place_pair(
        &self,
        context: &Context,
        before: &[ServerId],
        after: &[ServerId],
    ) -> (Box<dyn Placement>, Box<dyn Placement>) {
        self.place_sides((context, before), (context, after))
    }
    /// Placements before and after a change, each side with its own context
    /// (a deploy can change weights). Most schemes build each from scratch;
    /// a scheme whose layout after depends on the one before (slots), or
    /// that shares work between the sides (ketama), overrides this.
    fn place_sides(
        &self,
        before: (&Context, &[ServerId]),
        after: (&Context, &[ServerId]),
    ) -> (Box<dyn Placement>, Box<dyn Placement>) {
        (self.place(before.0, before.1), self.place(after.0, after.1))
    }
    /// Where each of `keys` goes when the servers `down` of `pool` are down
    /// but still listed (DEFINITIONS §19). `None`: as if their lines were
    /// deleted, a client placing keys on the servers still up, which is
    /// what a textbook scheme and most clients do.
    fn route_down(
        &self,
        _context: &Context,
        _keys: &Keys,
        _pool: &[ServerId],
        _down: &[ServerId],
    ) -> Option<Vec<Routed>> {
        None
    }
}

/// Every key's owner under `placement`: a system's by its own hash of the
/// key's name, hashed once per run when the context keeps positions.
pub fn owners_of(placement: &mut dyn Placement, context: &Context, keys: &Keys) -> Vec<ServerId> {
    match placement.by_own_hash() {
        Some(own) => key_positions(context, own.key_hash(), keys)
            .iter()
            .map(|&position| own.owner_at(position))
            .collect(),
        None => {
            let mut owners = Vec::with_capacity(keys.len());
            placement.assign(keys, 0..keys.len(), &mut owners);
            owners
        }
    }
}

/// `scheme` on `pool` (the list after the change) with `down` servers down,
/// beside their lines deleted, each against every server up.
pub fn measure_down(
    scheme: &dyn Scheme,
    context: &Context,
    keys: &Keys,
    pool: &[ServerId],
    down: &[ServerId],
) -> DownOutcome {
    let routes = routes_down(scheme, context, keys, pool, down);
    down::count(
        &routes.up,
        &routes.routed,
        &routes.removed,
        down,
        context.names.len(),
    )
}

/// Every key's server with the whole pool up, its route with `down` down,
/// and its server with their lines deleted instead.
pub struct DownRoutes {
    pub up: Vec<ServerId>,
    pub routed: Vec<Routed>,
    pub removed: Vec<ServerId>,
}

/// The routes of every key with `down` servers of `pool` down. The pool up
/// is placed afresh, so hash slots count from the layout the pool starts
/// with, not the one the change handed over.
pub fn routes_down(
    scheme: &dyn Scheme,
    context: &Context,
    keys: &Keys,
    pool: &[ServerId],
    down: &[ServerId],
) -> DownRoutes {
    let live: Vec<ServerId> = pool.iter().copied().filter(|s| !down.contains(s)).collect();
    // Deleting the lines is a change from the pool to the live servers
    // (slots hand the deleted servers' slots out, as on any leave).
    let (mut up, mut removed) = scheme.place_pair(context, pool, &live);
    let up = owners_of(up.as_mut(), context, keys);
    let removed = owners_of(removed.as_mut(), context, keys);
    let routed = scheme
        .route_down(context, keys, pool, down)
        .unwrap_or_else(|| removed.iter().map(|&s| Routed::To(s)).collect());
    DownRoutes {
        up,
        routed,
        removed,
    }
}

/// Every key's position under a system's own `hash`, kept in the context when it keeps them.
pub fn key_positions(context: &Context, hash: KeyHash, keys: &Keys) -> Arc<[u64]> {
    let names = context.settings.key_names();
    match context.key_positions {
        Some(kept) => kept.of(hash, &names, keys),
        None => own_positions(hash, &names, keys),
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
    /// A deployed system, which hashes key names itself: a run hashes each
    /// key once for both sides, not once a side.
    fn by_own_hash(&self) -> Option<&dyn ByOwnHash> {
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
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SchemeResult {
    pub id: crate::placement_id::PlacementId,
    pub movement: Movement,
    /// Busiest and quietest after the change.
    pub spread: Spread,
    /// What a client must hold after the change.
    pub holds: Holds,
    /// For a table-based scheme, the rows that changed hands.
    pub table_moves: Option<TableMoves>,
    /// With `down=` set: the down servers as this scheme routes around
    /// them, beside their lines deleted (DEFINITIONS §19).
    pub down: Option<DownOutcome>,
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
        SchemeRun::place_sides(scheme, (context, before), (context, after), keys)
    }

    /// As `place`, each side with its own context (a deploy). Once per
    /// scheme, not per key: kept out of line, so its callers do not each
    /// carry a copy.
    #[inline(never)]
    pub fn place_sides(
        scheme: &'static dyn Scheme,
        before: (&Context, &[ServerId]),
        after: (&Context, &[ServerId]),
        keys: &Keys,
    ) -> SchemeRun {
        let context = before.0;
        let (mut before, mut after) = scheme.place_sides(before, after);
        let all = 0..keys.len();
        let mut owners_before = Vec::with_capacity(keys.len());
        let mut owners_after = Vec::with_capacity(keys.len());
        match (before.by_own_hash(), after.by_own_hash()) {
            // A system hashes each key once for both sides, with its own hash.
            (Some(own_before), Some(own_after)) => {
                let positions = key_positions(context, own_before.key_hash(), keys);
                owners_before.extend(positions.iter().map(|&p| own_before.owner_at(p)));
                owners_after.extend(positions.iter().map(|&p| own_after.owner_at(p)));
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

    pub fn owners_before(&self) -> &[ServerId] {
        &self.owners_before
    }

    pub fn owners_after(&self) -> &[ServerId] {
        &self.owners_after
    }

    /// The figures: moves, spread, what a client holds.
    /// `weights` (indexed by id) give the fair shares the spread compares with.
    pub fn finish(
        &self,
        before: &[ServerId],
        after: &[ServerId],
        server_count: usize,
        weights: &[u32],
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
            spread: movement.spread_after(after, weights),
            movement,
            holds: self.after.holds(),
            table_moves,
            down: None,
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
        context.weights,
    )
}
