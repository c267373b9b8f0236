//! One scenario: a server list, one change to it, the keys, and everything
//! measured about that change. Settings are checked here, so a bad value is
//! an error the page can show, never a panic.

use std::sync::Arc;

use super::hash::{HashKind, NumberedNames};
use super::ring::{Ring, ServerId};
use super::sort;

pub const MIN_SERVERS: usize = 2;
/// The most servers on the ring at once, counting one that joins.
pub const MAX_SERVERS: usize = 50;
pub const MAX_NAME_CHARS: usize = 64;
pub const MIN_POINTS: u16 = 1;
pub const MAX_POINTS: u16 = 500;
pub const MIN_KEYS: u32 = 1;
pub const MAX_KEYS: u32 = 100_000;
pub const MAX_FIRST: u64 = 1_000_000_000;

/// The one change the page measures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A new server, appended to the list.
    Join(String),
    /// A listed server leaves.
    Leave(String),
}

impl Change {
    pub fn name(&self) -> &str {
        match self {
            Change::Join(name) | Change::Leave(name) => name,
        }
    }

    pub fn is_join(&self) -> bool {
        matches!(self, Change::Join(_))
    }
}

/// Everything the reader can set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub servers: Vec<String>,
    pub change: Change,
    pub points: u16,
    pub keys: u32,
    pub first: u64,
    pub hash: HashKind,
}

impl Default for Settings {
    /// The spec's default scenario: echo joins alpha…delta.
    fn default() -> Self {
        Settings {
            servers: ["alpha", "bravo", "charlie", "delta"]
                .map(String::from)
                .to_vec(),
            change: Change::Join("echo".to_string()),
            points: 200,
            keys: 1000,
            first: 0,
            hash: HashKind::Fnv1aFold,
        }
    }
}

impl Settings {
    /// The heaviest settings the controls allow: 49 servers and a joiner at
    /// 500 points (25,000 ring entries), 100,000 keys. The benchmarks use it.
    pub fn largest() -> Settings {
        Settings {
            servers: (1..MAX_SERVERS).map(|i| format!("node-{i}")).collect(),
            change: Change::Join(format!("node-{MAX_SERVERS}")),
            points: MAX_POINTS,
            keys: MAX_KEYS,
            first: 0,
            hash: HashKind::Fnv1aFold,
        }
    }
}

/// Which control a problem belongs to, so the page can show it beside that control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Servers,
    Change,
    Points,
    Keys,
    First,
    Hash,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: Field,
    pub message: String,
}

impl Problem {
    pub fn new(field: Field, message: impl Into<String>) -> Self {
        Problem {
            field,
            message: message.into(),
        }
    }
}

/// Trim a server name and check it can stand on the ring and in a URL.
pub fn clean_name(raw: &str) -> Result<String, String> {
    let name = raw.trim();
    if name.is_empty() {
        return Err("A server name cannot be empty.".to_string());
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(format!(
            "A server name can have at most {MAX_NAME_CHARS} characters; this one has {chars}."
        ));
    }
    if name.chars().any(char::is_control) {
        return Err("A server name cannot contain control characters.".to_string());
    }
    if name.contains(',') {
        return Err("A server name cannot contain a comma: commas separate names.".to_string());
    }
    Ok(name.to_string())
}

/// Split a comma-separated list into checked names.
pub fn parse_server_list(text: &str) -> Result<Vec<String>, String> {
    let mut names: Vec<String> = Vec::new();
    for raw in text.split(',') {
        let name = clean_name(raw).map_err(|why| {
            if raw.trim().is_empty() {
                "The list has an empty name: check for a stray comma.".to_string()
            } else {
                why
            }
        })?;
        if names.contains(&name) {
            return Err(format!(
                "\u{201c}{name}\u{201d} appears twice; every server needs its own name."
            ));
        }
        names.push(name);
    }
    Ok(names)
}

impl Settings {
    /// Every problem with these settings; empty when they can be measured.
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        let mut names_ok = true;
        for (index, name) in self.servers.iter().enumerate() {
            match clean_name(name) {
                Ok(clean) if clean == *name => {}
                Ok(_) => {
                    names_ok = false;
                    problems.push(Problem::new(
                        Field::Servers,
                        "Server names cannot start or end with spaces.",
                    ));
                }
                Err(why) => {
                    names_ok = false;
                    problems.push(Problem::new(Field::Servers, why));
                }
            }
            if self.servers[..index].contains(name) {
                names_ok = false;
                problems.push(Problem::new(
                    Field::Servers,
                    format!(
                        "\u{201c}{name}\u{201d} appears twice; every server needs its own name."
                    ),
                ));
            }
        }
        let listed = self.servers.len();
        if !(MIN_SERVERS..=MAX_SERVERS).contains(&listed) {
            problems.push(Problem::new(
                Field::Servers,
                format!("The list needs {MIN_SERVERS} to {MAX_SERVERS} servers; it has {listed}."),
            ));
        }
        if names_ok {
            match &self.change {
                Change::Join(name) => match clean_name(name) {
                    Err(why) => problems.push(Problem::new(Field::Change, why)),
                    Ok(_) if self.servers.contains(name) => problems.push(Problem::new(
                        Field::Change,
                        format!(
                            "\u{201c}{name}\u{201d} is already on the ring, so it cannot join."
                        ),
                    )),
                    Ok(_) if listed + 1 > MAX_SERVERS => problems.push(Problem::new(
                        Field::Change,
                        format!(
                            "A join would make {} servers; the most is {MAX_SERVERS}.",
                            listed + 1
                        ),
                    )),
                    Ok(_) => {}
                },
                Change::Leave(name) => {
                    if !self.servers.contains(name) {
                        problems.push(Problem::new(
                            Field::Change,
                            format!(
                                "\u{201c}{name}\u{201d} is not in the list, so it cannot leave."
                            ),
                        ));
                    } else if listed - 1 < MIN_SERVERS {
                        problems.push(Problem::new(
                            Field::Change,
                            format!("At least {MIN_SERVERS} servers must remain after a leave."),
                        ));
                    }
                }
            }
        }
        if !(MIN_POINTS..=MAX_POINTS).contains(&self.points) {
            problems.push(Problem::new(
                Field::Points,
                format!("Points per server must be {MIN_POINTS} to {MAX_POINTS}."),
            ));
        }
        if !(MIN_KEYS..=MAX_KEYS).contains(&self.keys) {
            problems.push(Problem::new(
                Field::Keys,
                format!(
                    "The key count must be {MIN_KEYS} to {}.",
                    thousands(u64::from(MAX_KEYS))
                ),
            ));
        }
        if self.first > MAX_FIRST {
            problems.push(Problem::new(
                Field::First,
                format!(
                    "The first key number must be 0 to {}.",
                    thousands(MAX_FIRST)
                ),
            ));
        }
        problems
    }
}

/// The keys' ring positions: `hashes[i]` is hash(`key-{first+i}`); `sorted`
/// holds the same values ascending and `order` the key index of each, for
/// the walks along the ring.
#[derive(Clone, Debug, Default)]
pub struct Keys {
    pub first: u64,
    pub hashes: Vec<u32>,
    pub sorted: Vec<u32>,
    pub order: Vec<u32>,
}

impl Keys {
    pub fn new(first: u64, count: u32, hash: HashKind) -> Keys {
        let names = NumberedNames::new("key-", hash);
        Keys::from_hashes(first, names.hash_range(first, u64::from(count)))
    }

    /// Keys at given positions (tests place them by hand).
    pub fn from_hashes(first: u64, hashes: Vec<u32>) -> Keys {
        // Position in the high half, key index in the low half: one stable
        // sort yields both the sorted positions and their owners' indices.
        let mut packed: Vec<u64> = hashes
            .iter()
            .enumerate()
            .map(|(index, &hash)| (u64::from(hash) << 32) | index as u64)
            .collect();
        sort::sort_by_high_bits(&mut packed);
        let sorted = packed.iter().map(|&p| (p >> 32) as u32).collect();
        let order = packed.iter().map(|&p| p as u32).collect();
        Keys {
            first,
            hashes,
            sorted,
            order,
        }
    }

    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }
}

/// The owner of every key on a ring (empty for an empty ring).
pub fn owners(ring: &Ring, keys: &Keys) -> Vec<ServerId> {
    ring.owners_of(keys)
}

/// Keys held by each server, indexed by server id.
pub fn loads(owners: &[ServerId], server_count: usize) -> Vec<u32> {
    let mut loads = vec![0u32; server_count];
    for &owner in owners {
        loads[usize::from(owner)] += 1;
    }
    loads
}

/// Busiest and quietest load among a pool's members.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spread {
    pub busiest: u32,
    pub quietest: u32,
}

impl Spread {
    pub fn of(loads: &[u32], members: &[ServerId]) -> Spread {
        let pool = members.iter().map(|&server| loads[usize::from(server)]);
        Spread {
            busiest: pool.clone().max().unwrap_or(0),
            quietest: pool.min().unwrap_or(0),
        }
    }

    /// Busiest ÷ quietest; infinite when some server holds nothing.
    pub fn ratio(self) -> f64 {
        if self.quietest == 0 {
            f64::INFINITY
        } else {
            f64::from(self.busiest) / f64::from(self.quietest)
        }
    }
}

/// A number with a fixed count of decimals: fixed(1.2737, 2) is "1.27".
/// Written out by hand because the standard float formatting adds
/// kilobytes of code to the page for the few numbers it prints.
pub fn fixed(value: f64, decimals: u32) -> String {
    if !value.is_finite() {
        return "∞".to_string();
    }
    let scale = 10u64.pow(decimals);
    let scaled = (value.abs() * scale as f64).round() as u64;
    let mut out = String::new();
    if value < 0.0 && scaled != 0 {
        out.push('-');
    }
    out.push_str(&(scaled / scale).to_string());
    if decimals > 0 {
        let fraction = (scaled % scale).to_string();
        out.push('.');
        out.extend(std::iter::repeat_n('0', decimals as usize - fraction.len()));
        out.push_str(&fraction);
    }
    out
}

/// A ratio to three significant figures, "∞" when unbounded: 1.27, 99.1, 150.
pub fn format_ratio(ratio: f64) -> String {
    if !ratio.is_finite() {
        "∞".to_string()
    } else if ratio < 10.0 {
        fixed(ratio, 2)
    } else if ratio < 100.0 {
        fixed(ratio, 1)
    } else {
        fixed(ratio, 0)
    }
}

/// A count with thousands separators, for prose: 100,000.
pub fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A share as a percentage with one decimal: 20.5%.
pub fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "0%".to_string();
    }
    format!("{}%", fixed(100.0 * part as f64 / whole as f64, 1))
}

/// A number that is usually whole: 200, or 333.3 when it is not.
pub fn format_share(share: f64) -> String {
    if (share - share.round()).abs() < 1e-9 {
        format!("{}", share.round() as u64)
    } else {
        fixed(share, 1)
    }
}

/// Everything measured about one change.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub settings: Settings,
    /// Every server named in the scenario: the list, then a joiner. A
    /// `ServerId` indexes this.
    pub names: Vec<String>,
    /// The pool before and after the change, in list order (the modulo numbering).
    pub before: Vec<ServerId>,
    pub after: Vec<ServerId>,
    /// The server that joins or leaves.
    pub changed: ServerId,
    pub keys: Arc<Keys>,
    pub ring_before: Ring,
    pub ring_after: Ring,
    pub owners_before: Vec<ServerId>,
    pub owners_after: Vec<ServerId>,
    pub loads_before: Vec<u32>,
    pub loads_after: Vec<u32>,
    /// Route (a): keys whose owner differs before and after.
    pub moved_by_owner_diff: usize,
    /// Route (b): keys inside the arcs the changed server gains or gives up.
    pub moved_by_arc_walk: usize,
    /// Keys that change server under `hash mod n` for the same change.
    pub modulo_moved: usize,
}

/// The rings of one change: everything the server list, the change, the
/// points and the hash decide. The page keeps it while only keys change.
#[derive(Clone, Debug)]
pub struct Rings {
    pub names: Vec<String>,
    pub before: Vec<ServerId>,
    pub after: Vec<ServerId>,
    pub changed: ServerId,
    pub ring_before: Ring,
    pub ring_after: Ring,
}

impl Rings {
    /// Build both rings. The settings must be valid (see `Settings::problems`).
    pub fn build(settings: &Settings) -> Rings {
        let mut names = settings.servers.clone();
        let listed: Vec<ServerId> = (0..names.len() as ServerId).collect();
        let (before, after, changed) = match &settings.change {
            Change::Join(name) => {
                names.push(name.clone());
                let joiner = listed.len() as ServerId;
                let mut after = listed.clone();
                after.push(joiner);
                (listed, after, joiner)
            }
            Change::Leave(name) => {
                let leaver = listed
                    .iter()
                    .copied()
                    .find(|&id| names[usize::from(id)] == *name)
                    .unwrap_or(0);
                let after = listed.iter().copied().filter(|&id| id != leaver).collect();
                (listed, after, leaver)
            }
        };
        // One ring is built and sorted; the other is the same minus the
        // changed server, which keeps the order.
        let (ring_before, ring_after) = if settings.change.is_join() {
            let ring_after = Ring::build(&names, &after, settings.points, settings.hash);
            (ring_after.without(changed), ring_after)
        } else {
            let ring_before = Ring::build(&names, &before, settings.points, settings.hash);
            let ring_after = ring_before.without(changed);
            (ring_before, ring_after)
        };
        Rings {
            names,
            before,
            after,
            changed,
            ring_before,
            ring_after,
        }
    }
}

impl Snapshot {
    /// Measure a change; the problems if the settings cannot be measured.
    pub fn measure(settings: &Settings) -> Result<Snapshot, Vec<Problem>> {
        let problems = settings.problems();
        if !problems.is_empty() {
            return Err(problems);
        }
        let keys = Arc::new(Keys::new(settings.first, settings.keys, settings.hash));
        let rings = Rings::build(settings);
        let modulo = modulo_moved(&keys.hashes, &rings.before, &rings.after);
        Ok(Snapshot::from_parts(settings, keys, &rings, modulo))
    }

    /// Measure from keys, rings and the modulo count already made for these
    /// settings, so a control that changes only one of them rebuilds only
    /// that one (the modulo count does not depend on the points).
    pub fn from_parts(
        settings: &Settings,
        keys: Arc<Keys>,
        rings: &Rings,
        modulo_moved: usize,
    ) -> Snapshot {
        // Route (a): every key's owner on the ring with the changed server
        // and without it, from one walk, compared key by key.
        let joining = settings.change.is_join();
        let ring_with_changed = if joining {
            &rings.ring_after
        } else {
            &rings.ring_before
        };
        let server_count = rings.names.len();
        let mut owners_before = vec![0; keys.len()];
        let mut owners_after = vec![0; keys.len()];
        let mut loads_before = vec![0u32; server_count];
        let mut loads_after = vec![0u32; server_count];
        let mut moved_by_owner_diff = 0;
        ring_with_changed.walk_owners(&keys, Some(rings.changed), |key, with, without| {
            let (before, after) = if joining {
                (without, with)
            } else {
                (with, without)
            };
            owners_before[key] = before;
            owners_after[key] = after;
            loads_before[usize::from(before)] += 1;
            loads_after[usize::from(after)] += 1;
            moved_by_owner_diff += usize::from(before != after);
        });
        // Route (b): the keys inside the arcs the changed server claims or
        // gives up, on the ring that has it.
        let moved_by_arc_walk = ring_with_changed.keys_in_arcs_of(rings.changed, &keys.sorted);
        Snapshot {
            settings: settings.clone(),
            names: rings.names.clone(),
            before: rings.before.clone(),
            after: rings.after.clone(),
            changed: rings.changed,
            keys,
            ring_before: rings.ring_before.clone(),
            ring_after: rings.ring_after.clone(),
            owners_before,
            owners_after,
            loads_before,
            loads_after,
            moved_by_owner_diff,
            moved_by_arc_walk,
            modulo_moved,
        }
    }

    pub fn name(&self, server: ServerId) -> &str {
        &self.names[usize::from(server)]
    }

    pub fn is_join(&self) -> bool {
        self.settings.change.is_join()
    }

    pub fn key_count(&self) -> usize {
        self.keys.len()
    }

    /// Size of the pool that includes the changed server.
    pub fn pool_with_changed(&self) -> usize {
        self.before.len().max(self.after.len())
    }

    /// The keys the changed server would hold if every server held the same:
    /// K ÷ (n+1) for a join, K ÷ n for a leave.
    pub fn even_share(&self) -> f64 {
        self.key_count() as f64 / self.pool_with_changed() as f64
    }

    pub fn spread_before(&self) -> Spread {
        Spread::of(&self.loads_before, &self.before)
    }

    pub fn spread_after(&self) -> Spread {
        Spread::of(&self.loads_after, &self.after)
    }

    /// Indices of the keys whose owner changed.
    pub fn moved_keys(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.key_count()).filter(|&i| self.owners_before[i] != self.owners_after[i])
    }

    /// Every server in the scenario, in list order (a joiner last).
    pub fn all_servers(&self) -> Vec<ServerId> {
        (0..self.names.len() as ServerId).collect()
    }
}

/// Route (a): compare owners key by key.
pub fn count_moved(owners_before: &[ServerId], owners_after: &[ServerId]) -> usize {
    owners_before
        .iter()
        .zip(owners_after)
        .filter(|(before, after)| before != after)
        .count()
}

/// Owner under `hash mod n`, numbering `pool` in list order.
pub fn modulo_owner(key_hash: u32, pool: &[ServerId]) -> ServerId {
    pool[key_hash as usize % pool.len()]
}

/// `a mod n` for a fixed n by two multiplications instead of a division
/// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019);
/// exact for every u32 `a`.
#[derive(Clone, Copy, Debug)]
pub struct FastMod {
    magic: u64,
    divisor: u32,
}

impl FastMod {
    /// `divisor` must not be 0.
    pub fn new(divisor: u32) -> FastMod {
        // For a divisor of 1 the magic wraps to 0, and every remainder is 0.
        FastMod {
            magic: (u64::MAX / u64::from(divisor)).wrapping_add(1),
            divisor,
        }
    }

    pub fn remainder(self, a: u32) -> u32 {
        let low = self.magic.wrapping_mul(u64::from(a));
        // The top 64 bits of low × divisor, from two 32-bit halves: wasm has
        // no 128-bit multiply, and this needs none.
        let divisor = u64::from(self.divisor);
        let high_part = (low >> 32) * divisor;
        let low_part = ((low & 0xFFFF_FFFF) * divisor) >> 32;
        ((high_part + low_part) >> 32) as u32
    }
}

/// Keys whose `hash mod n` server differs between two pools.
pub fn modulo_moved(key_hashes: &[u32], before: &[ServerId], after: &[ServerId]) -> usize {
    let (n_before, n_after) = (
        FastMod::new(before.len() as u32),
        FastMod::new(after.len() as u32),
    );
    key_hashes
        .iter()
        .filter(|&&h| {
            before[n_before.remainder(h) as usize] != after[n_after.remainder(h) as usize]
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_print_to_three_figures() {
        assert_eq!(format_ratio(228.0 / 179.0), "1.27");
        assert_eq!(format_ratio(694.0 / 7.0), "99.1");
        assert_eq!(format_ratio(270.0 / 223.0), "1.21");
        assert_eq!(format_ratio(300.0), "300");
        assert_eq!(format_ratio(f64::INFINITY), "∞");
        assert_eq!(thousands(100_000), "100,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000_000), "1,000,000,000");
        assert_eq!(percent(205, 1000), "20.5%");
        assert_eq!(format_share(200.0), "200");
        assert_eq!(format_share(1000.0 / 3.0), "333.3");
    }

    #[test]
    fn fast_remainder_is_exact() {
        let mut a = 0x9E37_79B9u32;
        for divisor in 1..=60u32 {
            let fast = FastMod::new(divisor);
            for extra in [0u32, 1, divisor - 1, divisor, u32::MAX, u32::MAX - 1] {
                assert_eq!(fast.remainder(extra), extra % divisor);
            }
            for _ in 0..2000 {
                a = a.wrapping_mul(0x0100_0193) ^ (a >> 15);
                assert_eq!(fast.remainder(a), a % divisor, "{a} mod {divisor}");
            }
        }
    }

    #[test]
    fn fixed_decimals_round_like_a_person_would() {
        assert_eq!(fixed(1.2737, 2), "1.27");
        assert_eq!(fixed(0.999, 2), "1.00");
        assert_eq!(fixed(99.142, 1), "99.1");
        assert_eq!(fixed(0.05, 1), "0.1");
        assert_eq!(fixed(-2.5, 0), "-3");
        assert_eq!(fixed(-0.01, 1), "0.0");
        assert_eq!(fixed(12.0, 3), "12.000");
        assert_eq!(fixed(f64::INFINITY, 1), "∞");
    }

    #[test]
    fn names_are_trimmed_and_checked() {
        assert_eq!(clean_name("  echo "), Ok("echo".to_string()));
        assert!(clean_name("   ").is_err());
        assert!(clean_name(&"x".repeat(65)).is_err());
        assert!(clean_name(&"é".repeat(64)).is_ok());
        assert!(clean_name("a\u{7}b").is_err());
        assert!(clean_name("a,b").is_err());
        assert_eq!(
            parse_server_list("a, b ,c"),
            Ok(vec!["a".to_string(), "b".to_string(), "c".to_string()])
        );
        assert!(parse_server_list("a,,b").unwrap_err().contains("empty"));
        assert!(parse_server_list("a,b,a").unwrap_err().contains("twice"));
    }

    #[test]
    fn bad_settings_are_problems_not_panics() {
        let fields = |settings: &Settings| -> Vec<Field> {
            settings
                .problems()
                .iter()
                .map(|problem| problem.field)
                .collect()
        };
        let mut settings = Settings::default();
        assert!(settings.problems().is_empty());
        settings.points = 0;
        settings.keys = 100_001;
        assert_eq!(fields(&settings), vec![Field::Points, Field::Keys]);

        let mut settings = Settings {
            change: Change::Join("alpha".into()),
            ..Settings::default()
        };
        assert_eq!(fields(&settings), vec![Field::Change]);
        settings.change = Change::Leave("zulu".into());
        assert_eq!(fields(&settings), vec![Field::Change]);
        settings.servers.truncate(2);
        settings.change = Change::Leave("alpha".into());
        assert_eq!(fields(&settings), vec![Field::Change]);
        settings.servers = vec!["solo".into()];
        settings.change = Change::Join("echo".into());
        assert_eq!(fields(&settings), vec![Field::Servers]);
        settings.servers = (0..50).map(|i| format!("s{i}")).collect();
        assert_eq!(fields(&settings), vec![Field::Change]);
        settings.servers = vec!["a".into(), "a".into()];
        assert_eq!(fields(&settings), vec![Field::Servers]);
        assert!(Snapshot::measure(&settings).is_err());
    }
}

/// How unevenly a pool is loaded at one point setting, for the spread chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evenness {
    pub points: u16,
    pub spread: Spread,
    /// Busiest load over the mean load, minus one: 0.25 means 25% above an even share.
    pub busiest_excess: f64,
}

/// Measure the after-change pool at several point settings.
pub fn evenness_by_points(snapshot: &Snapshot, settings: &[u16]) -> Vec<Evenness> {
    let mean = snapshot.key_count() as f64 / snapshot.after.len() as f64;
    settings
        .iter()
        .map(|&points| {
            let ring = Ring::build(
                &snapshot.names,
                &snapshot.after,
                points,
                snapshot.settings.hash,
            );
            let owner_loads = loads(&owners(&ring, &snapshot.keys), snapshot.names.len());
            let spread = Spread::of(&owner_loads, &snapshot.after);
            Evenness {
                points,
                spread,
                busiest_excess: f64::from(spread.busiest) / mean - 1.0,
            }
        })
        .collect()
}
