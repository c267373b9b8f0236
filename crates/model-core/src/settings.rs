//! Everything the reader can set, and the one place it is checked: a bad
//! value is a `Problem` the page shows beside its control, never a panic.

use std::sync::Arc;

use super::cost::Bytes;
use super::format::thousands;
use super::hash::HashKind;
use super::in_use::InUse;
use super::keyname::{KeyName, KeyNames};
use super::keys::KeySpec;
use super::ring::ServerId;
use super::your_keys::YourKeys;

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
    /// A new server, appended to the list (or inserted, `addat=`).
    Join(String),
    /// A listed server leaves.
    Leave(String),
    /// A deploy (DEFINITIONS §20): any pool after, at once.
    Deploy(PoolAfter),
}

/// The pool after a deploy: `after=` and `after-weights=`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolAfter {
    pub servers: Vec<String>,
    /// The weights the deploy sets. A server it names no weight for keeps
    /// its weight before (`weights=`); a newcomer's is 1.
    pub weights: Vec<(String, Weight)>,
}

impl PoolAfter {
    /// The pool after from lines read from a box or a config, names and
    /// weights in order: a weight is kept only where it differs from the
    /// server's weight before (`settings`), so a line that keeps it says
    /// nothing in the address.
    pub fn from_lines(settings: &Settings, lines: &[(String, u32)]) -> PoolAfter {
        PoolAfter {
            servers: lines.iter().map(|(name, _)| name.clone()).collect(),
            weights: lines
                .iter()
                .filter(|(name, weight)| *weight != settings.weight_of(name))
                .filter_map(|(name, weight)| Some((name.clone(), Weight::new(*weight).ok()?)))
                .collect(),
        }
    }

    /// What is wrong with the pool after, naming the item: 2 to 50
    /// servers, each name valid and listed once, each weight of a server in it.
    pub fn problem(&self) -> Option<Problem> {
        let why = |message: String| Some(Problem::new(Field::After, message));
        let count = self.servers.len();
        if !(MIN_SERVERS..=MAX_SERVERS).contains(&count) {
            return why(format!(
                "The pool after needs {MIN_SERVERS} to {MAX_SERVERS} servers; it has {count}."
            ));
        }
        for (index, name) in self.servers.iter().enumerate() {
            match clean_name(name) {
                Ok(clean) if clean == *name => {}
                Ok(_) => {
                    return why(format!(
                        "In the pool after, \u{201c}{name}\u{201d} starts or ends with spaces."
                    ))
                }
                Err(problem) => return why(format!("In the pool after: {problem}")),
            }
            if self.servers[..index].contains(name) {
                return why(format!(
                    "\u{201c}{name}\u{201d} is listed twice in the pool after; every server needs its own name."
                ));
            }
        }
        for (index, (name, _)) in self.weights.iter().enumerate() {
            if !self.servers.contains(name) {
                return why(format!(
                    "\u{201c}{name}\u{201d} is not in the pool after, so it cannot have a weight after."
                ));
            }
            if self.weights[..index].iter().any(|(other, _)| other == name) {
                return why(format!(
                    "\u{201c}{name}\u{201d} has two weights after; give it one."
                ));
            }
        }
        None
    }
}

impl Change {
    /// The server that joins or leaves; None for a deploy.
    pub fn single_name(&self) -> Option<&str> {
        match self {
            Change::Join(name) | Change::Leave(name) => Some(name),
            Change::Deploy(_) => None,
        }
    }

    pub fn is_join(&self) -> bool {
        matches!(self, Change::Join(_))
    }

    pub fn is_deploy(&self) -> bool {
        matches!(self, Change::Deploy(_))
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
    /// The placement the ring and every panel measure (`use=`).
    pub in_use: InUse,
    /// Bounded loads' slack ε.
    pub eps: Epsilon,
    /// Multi-probe's probes per key.
    pub probes: Probes,
    /// Servers of the pool (the list after the change) that are down, in
    /// the order named; empty means the default, the pool's first.
    pub down: Vec<String>,
    /// Copies of each key on distinct servers, R.
    pub replicas: Replicas,
    /// All the data the keys hold, spread evenly over them.
    pub data: Bytes,
    /// Copy bandwidth, bytes a second.
    pub bandwidth: Bytes,
    /// Requests per key per minute, for the rollout.
    pub rate: u32,
    /// Minutes over which routers learn the new server list.
    pub rollout: u32,
    /// Servers given a weight other than 1, in the order named (DEFINITIONS §10).
    pub weights: Vec<(String, Weight)>,
    /// How skewed requests are: key rank r gets requests ∝ 1/r^s, in tenths of s.
    pub skew: Skew,
    /// How keys are named (DEFINITIONS §13): `key-{i}` by default.
    pub keyname: KeyName,
    /// Where a joining server is inserted, 1-based (`addat=`, DEFINITIONS §16):
    /// `None` appends it.
    pub insert_at: Option<u16>,
    /// The reader's own keys (DEFINITIONS §16), in place of `keys`, `first` and
    /// `keyname`; never in the address.
    pub your_keys: Option<Arc<YourKeys>>,
}

/// The most ring entries all servers may put on the ring together.
pub const MAX_RING_ENTRIES: usize = 100_000;

pub const MIN_RATE: u32 = 1;
pub const MAX_RATE: u32 = 1_000_000;
pub const MIN_ROLLOUT: u32 = 1;
pub const MAX_ROLLOUT: u32 = 10_080;

/// A whole-number setting's range and the words that refuse it, written
/// once: `settle` checks the value against it, and the address reader and
/// every control that sets it read text into it (`Whole::read`), a control
/// taking its `min` and `max` from it too.
#[derive(Clone, Copy, Debug)]
pub struct Whole {
    pub field: Field,
    /// What it is, as a refusal names it ("Points per server").
    pub what: &'static str,
    pub min: u64,
    pub max: u64,
    /// What the number counts, after the range (" minutes (a week)").
    pub unit: &'static str,
}

impl Whole {
    pub fn holds(self, value: u64) -> bool {
        (self.min..=self.max).contains(&value)
    }

    /// Text as a value in the range, or none.
    pub fn read(self, text: &str) -> Option<u64> {
        text.trim().parse().ok().filter(|&value| self.holds(value))
    }

    /// A control's refusal: "Points per server must be a whole number from
    /// 1 to 500."
    pub fn refusal(self) -> String {
        format!(
            "{} must be a whole number from {} to {}{}.",
            self.what,
            thousands(self.min),
            thousands(self.max),
            self.unit
        )
    }

    /// The address reader's: "needs a whole number from 1 to 500", the
    /// middle of a notice that names the parameter.
    pub fn needs(self) -> String {
        format!("needs a whole number from {} to {}", self.min, self.max)
    }
}

pub const POINTS: Whole = Whole {
    field: Field::Points,
    what: "Points per server",
    min: MIN_POINTS as u64,
    max: MAX_POINTS as u64,
    unit: "",
};
pub const KEYS: Whole = Whole {
    field: Field::Keys,
    what: "The key count",
    min: MIN_KEYS as u64,
    max: MAX_KEYS as u64,
    unit: "",
};
pub const FIRST: Whole = Whole {
    field: Field::First,
    what: "The first key number",
    min: 0,
    max: MAX_FIRST,
    unit: "",
};
pub const RATE: Whole = Whole {
    field: Field::Rate,
    what: "Requests per key per minute",
    min: MIN_RATE as u64,
    max: MAX_RATE as u64,
    unit: "",
};
/// Where a joiner is inserted, 1-based (`addat=`); a place beyond the list's
/// end is fitted by `settle`.
pub const JOIN_AT: Whole = Whole {
    field: Field::Change,
    what: "The position",
    min: 1,
    max: MAX_SERVERS as u64 + 1,
    unit: "",
};

/// The two kept as types that hold only their range (`WholeIn`): a value
/// read by these is then made without a refusal.
pub const PROBES: Whole = Whole {
    field: Field::Probes,
    what: "Multi-probe's probes per key",
    min: Probes::MIN as u64,
    max: Probes::MAX as u64,
    unit: "",
};
pub const REPLICAS: Whole = Whole {
    field: Field::Replicas,
    what: "Replicas per key",
    min: Replicas::MIN as u64,
    max: Replicas::MAX as u64,
    unit: "",
};
pub const ROLLOUT: Whole = Whole {
    field: Field::Rollout,
    what: "The rollout",
    min: MIN_ROLLOUT as u64,
    max: MAX_ROLLOUT as u64,
    unit: " minutes (a week)",
};

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
            in_use: InUse::Ring,
            eps: Epsilon::default(),
            probes: Probes::default(),
            down: Vec::new(),
            replicas: Replicas::default(),
            // The lesson's figures: 5.5 TB copied at 200 MB/s, 30 requests
            // per key per minute, a 12-minute rollout.
            data: Bytes::new(5_500_000_000_000),
            bandwidth: Bytes::new(200_000_000),
            rate: 30,
            rollout: 12,
            weights: Vec::new(),
            keyname: KeyName::default(),
            skew: Skew::default(),
            insert_at: None,
            your_keys: None,
        }
    }
}

impl Settings {
    /// The points the ring in use has, for a sentence: "200 points per
    /// server", or "ketama's own points" when a client's ring is in use.
    pub fn points_phrase(&self) -> String {
        match self.in_use {
            InUse::Ring if self.points == 1 => "1 point per server".to_string(),
            InUse::Ring => format!("{} points per server", self.points),
            client => format!("{}'s own points", client.name()),
        }
    }

    /// How the keys are named: the template, or the reader's own keys.
    pub fn key_names(&self) -> KeyNames {
        match &self.your_keys {
            Some(yours) => KeyNames::Yours(yours.clone()),
            None => KeyNames::Template(self.keyname),
        }
    }

    /// The heaviest settings the controls allow: 49 servers and a joiner at
    /// 500 points (25,000 ring entries), 100,000 keys. The benchmarks use it.
    pub fn largest() -> Settings {
        Settings {
            servers: (1..MAX_SERVERS).map(|i| format!("node-{i}")).collect(),
            change: Change::Join(format!("node-{MAX_SERVERS}")),
            points: MAX_POINTS,
            keys: MAX_KEYS,
            ..Settings::default()
        }
    }
}

/// Bounded loads' ε, kept in whole hundredths (0.05 … 2): the capacity
/// ⌈(1+ε)·K/n⌉ is then exact integer arithmetic. Only valid values can be
/// made, so settings never hold a bad one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Epsilon(u16);

impl Epsilon {
    pub const MIN_HUNDREDTHS: u16 = 5;
    pub const MAX_HUNDREDTHS: u16 = 200;

    pub fn from_hundredths(hundredths: u32) -> Result<Epsilon, String> {
        match u16::try_from(hundredths) {
            Ok(h) if (Self::MIN_HUNDREDTHS..=Self::MAX_HUNDREDTHS).contains(&h) => Ok(Epsilon(h)),
            _ => Err(Self::RANGE.to_string()),
        }
    }

    const RANGE: &'static str = "ε must be a number from 0.05 to 2, in steps of 0.01";

    /// Read "0.25", "1", "2.0" or ".5"; at most two decimals.
    pub fn parse(text: &str) -> Result<Epsilon, String> {
        let text = text.trim();
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty())
            || !digits(whole)
            || !digits(fraction)
            || whole.len() > 3
        {
            return Err(Self::RANGE.to_string());
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > 2 {
            return Err(Self::RANGE.to_string());
        }
        let whole: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| Self::RANGE.to_string())?
        };
        let hundredths: u32 = format!("{fraction:0<2}").parse().unwrap_or(0);
        Epsilon::from_hundredths(whole * 100 + hundredths)
    }

    pub fn hundredths(self) -> u16 {
        self.0
    }

    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 100.0
    }
}

impl Default for Epsilon {
    fn default() -> Self {
        Epsilon(25)
    }
}

impl std::fmt::Display for Epsilon {
    /// The shortest exact decimal: 0.25, 0.5, 1, 1.05.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (whole, fraction) = (self.0 / 100, self.0 % 100);
        match fraction {
            0 => write!(f, "{whole}"),
            f10 if f10 % 10 == 0 => write!(f, "{whole}.{}", f10 / 10),
            _ => write!(f, "{whole}.{fraction:02}"),
        }
    }
}

/// A whole number that can only hold MIN … MAX: settings made of these
/// never hold a bad value, so they need no check after the fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WholeIn<const MIN: u8, const MAX: u8, const DEFAULT: u8>(u8);

impl<const MIN: u8, const MAX: u8, const DEFAULT: u8> WholeIn<MIN, MAX, DEFAULT> {
    pub const MIN: u8 = MIN;
    pub const MAX: u8 = MAX;

    pub fn new(value: u32) -> Result<Self, String> {
        match u8::try_from(value) {
            Ok(v) if (MIN..=MAX).contains(&v) => Ok(WholeIn(v)),
            _ => Err(format!("needs a whole number from {MIN} to {MAX}")),
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// The value as a count, for arithmetic with lengths.
    pub fn count(self) -> usize {
        usize::from(self.0)
    }
}

impl<const MIN: u8, const MAX: u8, const DEFAULT: u8> Default for WholeIn<MIN, MAX, DEFAULT> {
    fn default() -> Self {
        WholeIn(DEFAULT)
    }
}

/// A server's weight, 1 … 10: it puts weight × points on the ring.
pub type Weight = WholeIn<1, 10, 1>;

/// Request skew in tenths, 0 … 20 (s = 0 … 2).
pub type Skew = WholeIn<0, 20, 0>;

/// Read a skew such as "1.2" or "0" (one decimal at most) into tenths.
pub fn parse_skew(text: &str) -> Result<Skew, String> {
    let range = || "needs a number from 0 to 2 in steps of 0.1".to_string();
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    // "1.20" is 1.2; "0.05" has a digit past the tenths and is refused.
    let tenths = fraction.trim_end_matches('0');
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.len() != 1 || !digits(whole) || !digits(fraction) || tenths.len() > 1 {
        return Err(range());
    }
    let whole = u32::from(whole.as_bytes()[0] - b'0');
    let tenth = tenths.bytes().next().map_or(0, |b| u32::from(b - b'0'));
    Skew::new(whole * 10 + tenth).map_err(|_| range())
}

/// A skew in tenths as text: 0, 0.5, 1, 1.2.
pub fn skew_text(skew: Skew) -> String {
    match (skew.get() / 10, skew.get() % 10) {
        (whole, 0) => whole.to_string(),
        (whole, tenth) => format!("{whole}.{tenth}"),
    }
}

/// Multi-probe's probes per key, 1 … 64, 21 by default.
pub type Probes = WholeIn<1, 64, 21>;

/// Copies per key, 1 … 5, 3 by default (and never more than the pool has).
pub type Replicas = WholeIn<1, 5, 3>;

/// Which control a problem belongs to, so the page can show it beside that control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Servers,
    Change,
    /// The pool after a deploy (`after=`, `after-weights=`).
    After,
    Points,
    Keys,
    First,
    Hash,
    Eps,
    Probes,
    Down,
    Replicas,
    Data,
    Bandwidth,
    Rate,
    Rollout,
    Weights,
    Skew,
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
        let mut problems = self.part_problems();
        problems.extend(self.change_problem());
        problems.extend(self.insert_problem());
        if problems.is_empty() {
            problems.extend(self.failure_problems());
            problems.extend(self.weight_problems());
        }
        problems
    }

    /// Problems of the parts that stand alone: the list, and the numbers.
    fn part_problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        for (index, name) in self.servers.iter().enumerate() {
            match clean_name(name) {
                Ok(clean) if clean == *name => {}
                Ok(_) => problems.push(Problem::new(
                    Field::Servers,
                    "Server names cannot start or end with spaces.",
                )),
                Err(why) => problems.push(Problem::new(Field::Servers, why)),
            }
            if self.servers[..index].contains(name) {
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
        for (range, value) in [
            (POINTS, u64::from(self.points)),
            (KEYS, u64::from(self.keys)),
            (FIRST, self.first),
            (RATE, u64::from(self.rate)),
            (ROLLOUT, u64::from(self.rollout)),
        ] {
            if !range.holds(value) {
                problems.push(Problem::new(range.field, range.refusal()));
            }
        }
        problems
    }

    /// The change as a join or a leave where a deploy is one: the pool after
    /// is the list with one server inserted or one taken out, and no
    /// server's weight changes. `add`, `remove` and `addat` mean one `after`.
    fn shorthand(&mut self) -> Change {
        let Change::Deploy(after) = &self.change else {
            return self.change.clone();
        };
        let same_weights = after
            .servers
            .iter()
            .all(|name| self.weight_after_of(name) == self.weight_of(name));
        let (before, now) = (&self.servers, &after.servers);
        if same_weights && now.len() == before.len() + 1 {
            let at = (0..now.len()).find(|&i| before.get(i) != Some(&now[i]));
            if let Some(at) = at {
                if now[..at] == before[..at]
                    && now[at + 1..] == before[at..]
                    && !before.contains(&now[at])
                {
                    self.insert_at = (at + 1 < now.len()).then_some(at as u16 + 1);
                    return Change::Join(now[at].clone());
                }
            }
        }
        if same_weights && now.len() + 1 == before.len() {
            let at = (0..before.len()).find(|&i| now.get(i) != Some(&before[i]));
            if let Some(at) = at {
                if before[..at] == now[..at] && before[at + 1..] == now[at..] {
                    return Change::Leave(before[at].clone());
                }
            }
        }
        self.change.clone()
    }

    /// Whether a joiner's position is in the list after the join.
    fn insert_problem(&self) -> Option<Problem> {
        let last = self.servers.len() + 1;
        let at = self.insert_at?;
        (self.change.is_join() && (at == 0 || usize::from(at) > last)).then(|| {
            Problem::new(
                Field::Change,
                format!("The new server can stand at position 1 to {last} of the list."),
            )
        })
    }

    /// Whether the change fits the list (judged only once the list is sound).
    fn change_problem(&self) -> Option<Problem> {
        let listed = self.servers.len();
        let names_ok = !self
            .part_problems()
            .iter()
            .any(|p| p.field == Field::Servers);
        let why = match &self.change {
            _ if !names_ok => return None,
            Change::Join(name) => match clean_name(name) {
                Err(why) => why,
                Ok(clean) if clean != *name => {
                    "Server names cannot start or end with spaces.".to_string()
                }
                Ok(_) if self.servers.contains(name) => {
                    format!("\u{201c}{name}\u{201d} is already on the ring, so it cannot join.")
                }
                Ok(_) if listed + 1 > MAX_SERVERS => format!(
                    "A join would make {} servers; the most is {MAX_SERVERS}.",
                    listed + 1
                ),
                Ok(_) => return None,
            },
            Change::Leave(name) if !self.servers.contains(name) => {
                format!("\u{201c}{name}\u{201d} is not in the list, so it cannot leave.")
            }
            Change::Leave(_) if listed - 1 < MIN_SERVERS => {
                format!("At least {MIN_SERVERS} servers must remain after a leave.")
            }
            Change::Leave(_) => return None,
            Change::Deploy(after) => return after.problem(),
        };
        Some(Problem::new(Field::Change, why))
    }

    /// Where in the list after a join the joiner stands (0-based): at
    /// `insert_at`, or at the end.
    pub fn join_index(&self) -> usize {
        let end = self.servers.len();
        self.insert_at
            .map_or(end, |at| usize::from(at).saturating_sub(1).min(end))
    }

    /// The server list after the change: the pool that fails.
    pub fn pool_after(&self) -> Vec<String> {
        match &self.change {
            Change::Deploy(after) => after.servers.clone(),
            Change::Join(name) => {
                let mut pool = self.servers.clone();
                pool.insert(self.join_index(), name.clone());
                pool
            }
            Change::Leave(name) => self
                .servers
                .iter()
                .filter(|s| *s != name)
                .cloned()
                .collect(),
        }
    }

    /// The servers that are down: the ones named, or the pool's first.
    pub fn down_servers(&self) -> Vec<String> {
        if self.down.is_empty() {
            self.pool_after().into_iter().take(1).collect()
        } else {
            self.down.clone()
        }
    }

    /// Copies per key in this pool: R, or every server when the pool is
    /// smaller (two servers cannot hold three distinct copies).
    pub fn replicas_in_pool(&self) -> usize {
        self.replicas.count().min(self.pool_after().len())
    }

    /// Each server's weight, indexed like `names` (1 unless set).
    pub fn weights_for(&self, names: &[String]) -> Vec<u32> {
        names.iter().map(|name| self.weight_of(name)).collect()
    }

    pub fn weight_of(&self, name: &str) -> u32 {
        weight_in(&self.weights, name)
    }

    /// A server's weight after the change: what a deploy sets, else its
    /// weight before (DEFINITIONS §20).
    pub fn weight_after_of(&self, name: &str) -> u32 {
        match &self.change {
            Change::Deploy(after) => after
                .weights
                .iter()
                .find(|(named, _)| named == name)
                .map_or_else(
                    || self.weight_of(name),
                    |(_, weight)| u32::from(weight.get()),
                ),
            _ => self.weight_of(name),
        }
    }

    /// The pool after the change as lines: each name with its weight after.
    pub fn pool_after_lines(&self) -> Vec<(String, u32)> {
        self.pool_after()
            .into_iter()
            .map(|name| {
                let weight = self.weight_after_of(&name);
                (name, weight)
            })
            .collect()
    }

    /// Every server named in the scenario: the list, then a joiner or a
    /// deploy's newcomers in their order after.
    pub fn all_names(&self) -> Vec<String> {
        let mut names = self.servers.clone();
        match &self.change {
            Change::Join(name) => names.push(name.clone()),
            Change::Leave(_) => {}
            Change::Deploy(after) => names.extend(
                after
                    .servers
                    .iter()
                    .filter(|name| !self.servers.contains(name))
                    .cloned(),
            ),
        }
        names
    }

    /// Ring entries on the larger ring of the change: every server of the
    /// scenario on one ring, or each side of a deploy on its own.
    pub fn ring_entries(&self) -> usize {
        let entries = |names: &[String], weight: &dyn Fn(&str) -> u32| -> usize {
            names
                .iter()
                .map(|name| usize::from(self.points) * weight(name) as usize)
                .sum()
        };
        match &self.change {
            Change::Deploy(after) => entries(&self.servers, &|n| self.weight_of(n))
                .max(entries(&after.servers, &|n| self.weight_after_of(n))),
            _ => entries(&self.all_names(), &|n| self.weight_of(n)),
        }
    }

    /// Problems with `weights`: unknown or repeated names, and the cap.
    fn weight_problems(&self) -> Vec<Problem> {
        let names = self.all_names();
        let mut problems = Vec::new();
        for (index, (name, _)) in self.weights.iter().enumerate() {
            if !names.contains(name) {
                problems.push(Problem::new(
                    Field::Weights,
                    format!(
                        "\u{201c}{name}\u{201d} is not a server here, so it cannot have a weight."
                    ),
                ));
            } else if self.weights[..index].iter().any(|(n, _)| n == name) {
                problems.push(Problem::new(
                    Field::Weights,
                    format!("\u{201c}{name}\u{201d} has two weights; give it one."),
                ));
            }
        }
        let entries = self.ring_entries();
        if entries > MAX_RING_ENTRIES {
            problems.push(Problem::new(
                Field::Weights,
                format!(
                    "That would put {} entries on the ring; the most is {}. Lower the points or the weights.",
                    thousands(entries as u64),
                    thousands(MAX_RING_ENTRIES as u64)
                ),
            ));
        }
        problems
    }

    /// Problems with `down` against the pool.
    fn failure_problems(&self) -> Vec<Problem> {
        let pool = self.pool_after();
        let mut problems = Vec::new();
        for (index, name) in self.down.iter().enumerate() {
            if !pool.contains(name) {
                problems.push(Problem::new(
                    Field::Down,
                    format!("\u{201c}{name}\u{201d} is not in the pool after the change, so it cannot be down."),
                ));
            } else if self.down[..index].contains(name) {
                problems.push(Problem::new(
                    Field::Down,
                    format!("\u{201c}{name}\u{201d} is named twice."),
                ));
            }
        }
        if self.down.len() >= pool.len() {
            problems.push(Problem::new(
                Field::Down,
                format!("At least one of the {} servers must stay up.", pool.len()),
            ));
        }
        problems
    }

    /// Drop what does not fit the pool after the change: weights of servers
    /// no longer named (and all weights past the ring's cap), down servers
    /// outside the pool or named twice (and all of them if none would stay
    /// up), replicas above the pool's size. One notice for each.
    fn fit_to_pool(&mut self) -> Vec<Notice> {
        let mut notices = Vec::new();
        let mut fitted = |field: Field, message: String| {
            notices.push(Notice {
                problem: Problem::new(field, message),
                fitted: true,
            })
        };
        let names = self.all_names();
        self.weights.retain(|(name, _)| {
            let known = names.contains(name);
            if !known {
                fitted(
                    Field::Weights,
                    format!(
                        "Ignored the weight of {}: it is not a server here.",
                        quote(name)
                    ),
                );
            }
            known
        });
        let mut seen: Vec<&String> = Vec::new();
        let weights_repeated = self.weights.iter().any(|(name, _)| {
            let repeated = seen.contains(&name);
            seen.push(name);
            repeated
        });
        let entries = self.ring_entries();
        if weights_repeated || entries > MAX_RING_ENTRIES {
            fitted(
                Field::Weights,
                if weights_repeated {
                    "Ignored weights: a server has two.".to_string()
                } else {
                    format!(
                        "Ignored weights: they would put {} entries on the ring, and the most is {}.",
                        thousands(entries as u64),
                        thousands(MAX_RING_ENTRIES as u64)
                    )
                },
            );
            self.weights.clear();
        }
        let pool = self.pool_after();
        let mut kept: Vec<String> = Vec::new();
        for name in &self.down {
            if !pool.contains(name) {
                fitted(
                    Field::Down,
                    format!(
                        "Ignored down={}: it is not a server of the pool after the change.",
                        quote(name)
                    ),
                );
            } else if kept.contains(name) {
                fitted(
                    Field::Down,
                    format!(
                        "Ignored a repeated {} in down: it is down once.",
                        quote(name)
                    ),
                );
            } else {
                kept.push(name.clone());
            }
        }
        if !kept.is_empty() && kept.len() >= pool.len() {
            fitted(
                Field::Down,
                format!(
                    "Ignored down: all {} servers cannot be down at once, so only the first is.",
                    pool.len()
                ),
            );
            kept.clear();
        }
        self.down = kept;
        if self.replicas.count() > pool.len() {
            fitted(
                Field::Replicas,
                format!(
                    "Ignored replicas={}: the pool has only {} servers, so each key has {} copies.",
                    self.replicas.count(),
                    pool.len(),
                    pool.len()
                ),
            );
            if let Ok(fitted) = Replicas::new(pool.len() as u32) {
                self.replicas = fitted;
            }
        }
        notices
    }
}

/// Settings that passed every check. The only ways to make one are
/// `Valid::settle` (any draft, repaired with a notice for each repair) and
/// `Valid::new` (a draft that needs no repair), so the rings, the keys, the
/// snapshot and the page's model, which take only this, never see a bad value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Valid {
    settings: Settings,
    /// The server that joins or leaves, as an index into the list with a
    /// joiner appended: found once, when the settings are checked, so no
    /// later step has a leaver to look for and perhaps not find. None for a deploy.
    changed: Option<ServerId>,
}

impl std::ops::Deref for Valid {
    type Target = Settings;
    fn deref(&self) -> &Settings {
        &self.settings
    }
}

impl Default for Valid {
    /// The spec's default scenario: echo joins alpha…delta.
    fn default() -> Self {
        let settings = Settings::default();
        let changed = Some(settings.servers.len() as ServerId);
        Valid { settings, changed }
    }
}

/// What `Valid::settle` made of a draft.
#[derive(Clone, Debug)]
pub struct Settled {
    pub valid: Valid,
    /// One sentence for each part that could not be used as it was.
    pub notices: Vec<Notice>,
}

/// A part of a draft that `settle` had to change, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub problem: Problem,
    /// True when the part was only fitted to the pool after the change
    /// (a down server or a weight of a server no longer named, replicas
    /// above the pool's size): the consequence of editing the list, not a
    /// mistake in the part itself.
    pub fitted: bool,
}

impl Valid {
    /// The draft as it is, or every problem with it.
    pub fn new(draft: Settings) -> Result<Valid, Vec<Problem>> {
        let problems = draft.problems();
        let changed = match &draft.change {
            Change::Join(_) => Some(Some(draft.servers.len() as ServerId)),
            Change::Leave(name) => draft
                .servers
                .iter()
                .position(|listed| listed == name)
                .map(|at| Some(at as ServerId)),
            Change::Deploy(_) => Some(None),
        };
        match changed {
            Some(changed) if problems.is_empty() => Ok(Valid {
                settings: draft,
                changed,
            }),
            _ => Err(problems),
        }
    }

    /// The heaviest settings the controls allow (see `Settings::largest`).
    pub fn largest() -> Valid {
        let settings = Settings::largest();
        let changed = Some(settings.servers.len() as ServerId);
        Valid { settings, changed }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The same settings measuring the reader's own keys (DEFINITIONS §16), or
    /// the template's again: the key count becomes the keys placed.
    pub fn with_your_keys(&self, yours: Option<Arc<YourKeys>>) -> Valid {
        let mut draft = self.settings.clone();
        if let Some(yours) = &yours {
            draft.keys = (yours.len() as u32).clamp(MIN_KEYS, MAX_KEYS);
        }
        draft.your_keys = yours;
        // Settled like every other edit: nothing here can be refused, and
        // a test says so (`your_keys.rs`).
        Valid::settle(draft, self).valid
    }

    /// The one way any input becomes settings: each part of `draft` that
    /// cannot be used falls back (to `fallback`'s value, or for a change
    /// that does not fit the list, to a default change), and what no longer
    /// fits the pool after the change is dropped, each with a notice. The
    /// address parser shows every notice; a control refuses its edit unless
    /// the only notices are fittings that its own edit of the pool caused.
    pub fn settle(mut draft: Settings, fallback: &Valid) -> Settled {
        let refused = |problem: Problem| Notice {
            problem,
            fitted: false,
        };
        // Each part alone first, then the parts that depend on others.
        let mut notices: Vec<Notice> = Vec::new();
        for problem in draft.part_problems() {
            // Every field is named, no catch-all: a new field does not
            // compile until it says where its fallback is, so a check that
            // forgot one cannot drop the whole address (issue 75).
            match problem.field {
                Field::Servers => draft.servers = fallback.servers.clone(),
                Field::Points => draft.points = fallback.points,
                Field::Keys => draft.keys = fallback.keys,
                Field::First => draft.first = fallback.first,
                Field::Rate => draft.rate = fallback.rate,
                Field::Rollout => draft.rollout = fallback.rollout,
                // Checked and fallen back from below (the change, the
                // joiner's place, fitting to the pool), or typed: no part
                // problem names them.
                Field::Change
                | Field::After
                | Field::Hash
                | Field::Eps
                | Field::Probes
                | Field::Down
                | Field::Replicas
                | Field::Data
                | Field::Bandwidth
                | Field::Weights
                | Field::Skew => {}
            }
            notices.push(refused(problem));
        }
        if let Some(problem) = draft.change_problem() {
            notices.push(refused(problem));
            draft.change = default_change(&draft.servers);
        }
        draft.change = draft.shorthand();
        if let Some(problem) = draft.insert_problem() {
            notices.push(refused(problem));
            draft.insert_at = None;
        }
        notices.extend(draft.fit_to_pool());
        debug_assert!(draft.problems().is_empty(), "{:?}", draft.problems());
        // Belt and braces: should a check above ever miss a case, the
        // fallback is used whole rather than letting a bad value through.
        let valid = match Valid::new(draft) {
            Ok(valid) => valid,
            Err(problems) => {
                for problem in problems {
                    notices.push(Notice {
                        problem,
                        fitted: false,
                    });
                }
                fallback.clone()
            }
        };
        Settled { valid, notices }
    }

    /// What the keys are made from: one memo key, and the only input
    /// `Keys::of` takes, so nothing that shapes the keys can be left out.
    pub fn key_spec(&self) -> KeySpec {
        match &self.your_keys {
            // Your keys are numbered from 0 and all placed.
            Some(yours) => KeySpec {
                first: 0,
                count: yours.len() as u32,
                hash: self.hash,
                in_use: self.in_use,
                name: self.key_names(),
            },
            None => KeySpec {
                first: self.first,
                count: self.keys,
                hash: self.hash,
                in_use: self.in_use,
                name: self.key_names(),
            },
        }
    }

    /// What the two rings are made from, the change resolved to server ids.
    pub fn ring_spec(&self) -> RingSpec {
        let names = self.all_names();
        let before: Vec<ServerId> = (0..self.servers.len() as ServerId).collect();
        let after = match (&self.change, self.changed) {
            (Change::Join(_), Some(changed)) => {
                let mut after = before.clone();
                after.insert(self.join_index(), changed);
                after
            }
            (Change::Deploy(pool), _) => pool
                .servers
                .iter()
                .filter_map(|name| names.iter().position(|n| n == name))
                .map(|at| at as ServerId)
                .collect(),
            (_, changed) => before
                .iter()
                .copied()
                .filter(|&id| Some(id) != changed)
                .collect(),
        };
        let weights = self.weights_for(&names);
        let weights_after = names.iter().map(|n| self.weight_after_of(n)).collect();
        RingSpec {
            names,
            before,
            after,
            changed: self.changed,
            joining: self.change.is_join(),
            points: self.points,
            hash: self.hash,
            in_use: self.in_use,
            weights,
            weights_after,
        }
    }

    /// What the modulo count is made from: the keys and the two pools.
    pub fn modulo_spec(&self) -> ModuloSpec {
        let rings = self.ring_spec();
        ModuloSpec {
            // One position per key on every placement (DEFINITIONS §1): under
            // a client's ring, hash mod n takes the client's hash too.
            keys: self.key_spec(),
            before: rings.before,
            after: rings.after,
        }
    }
}

impl KeySpec {
    /// Keys with numbers and a count in the page's ranges; None outside them.
    pub fn new(first: u64, count: u32, hash: HashKind) -> Option<KeySpec> {
        ((MIN_KEYS..=MAX_KEYS).contains(&count) && first <= MAX_FIRST).then_some(KeySpec {
            first,
            count,
            hash,
            in_use: InUse::Ring,
            name: KeyNames::default(),
        })
    }

    /// The same keys under another name template (a claim compares them).
    pub fn with_name(&self, name: KeyName) -> KeySpec {
        self.with_names(KeyNames::Template(name))
    }

    /// The same count of keys named otherwise: a template's from `first`,
    /// or the reader's own (then every one of them).
    pub fn with_names(&self, name: KeyNames) -> KeySpec {
        match &name {
            KeyNames::Template(_) => KeySpec {
                name,
                ..self.clone()
            },
            KeyNames::Yours(yours) => KeySpec {
                first: 0,
                count: yours.len() as u32,
                name,
                ..self.clone()
            },
        }
    }
}

/// The pools the step-through walks (`steps::stage_pools`), from the change
/// itself: the rings are built before any snapshot, and a 64-bit client's
/// must fit every stage's points.
pub fn stage_pools_of(
    before: &[ServerId],
    after: &[ServerId],
    changed: Option<ServerId>,
    joining: bool,
) -> Vec<Vec<ServerId>> {
    // A deploy is one step: the pool before, then the pool after.
    let Some(changed) = changed else {
        return vec![before.to_vec(), after.to_vec()];
    };
    let mut order = before.to_vec();
    if joining {
        order.push(changed);
    }
    let mut pools: Vec<Vec<ServerId>> = (1..=order.len())
        .map(|size| order[..size].to_vec())
        .collect();
    if !joining {
        pools.push(after.to_vec());
    }
    pools
}

/// The rings of valid settings: every name (a joiner last), the pools before
/// and after as ids, the changed server, the points, the hash and weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RingSpec {
    names: Vec<String>,
    before: Vec<ServerId>,
    after: Vec<ServerId>,
    /// The server that joins or leaves; None for a deploy.
    changed: Option<ServerId>,
    joining: bool,
    points: u16,
    hash: HashKind,
    in_use: InUse,
    /// Each server's weight before and after, indexed by `ServerId`: the
    /// same but for a deploy that changes some.
    weights: Vec<u32>,
    weights_after: Vec<u32>,
}

impl RingSpec {
    pub fn names(&self) -> &[String] {
        &self.names
    }
    pub fn before(&self) -> &[ServerId] {
        &self.before
    }
    pub fn after(&self) -> &[ServerId] {
        &self.after
    }
    pub fn changed(&self) -> Option<ServerId> {
        self.changed
    }
    pub fn is_join(&self) -> bool {
        self.joining
    }
    pub fn points(&self) -> u16 {
        self.points
    }
    pub fn hash(&self) -> HashKind {
        self.hash
    }
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }
    pub fn weights_after(&self) -> &[u32] {
        &self.weights_after
    }
    pub fn in_use(&self) -> InUse {
        self.in_use
    }
}

/// The inputs of the modulo count: it ignores points, names and weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuloSpec {
    pub keys: KeySpec,
    pub before: Vec<ServerId>,
    pub after: Vec<ServerId>,
}

/// A change that fits a server list, for when a draft names none that does.
pub fn default_change(servers: &[String]) -> Change {
    if servers.len() >= MAX_SERVERS {
        return Change::Leave(servers[servers.len() - 1].clone());
    }
    let preferred = Settings::default()
        .change
        .single_name()
        .unwrap_or_default()
        .to_string();
    let name = std::iter::once(preferred)
        .chain((1..).map(|n| format!("server-{n}")))
        .find(|name| !servers.contains(name))
        .unwrap_or_default();
    Change::Join(name)
}

/// A name for a server joining `names`, in the pool's own form: where every
/// name is the same text around one number (`10.0.0.3:8080`, `web-07`,
/// `cache2.local:11211`), the next number past the largest, its digits
/// padded alike (and, in the last part of an IPv4 address, at most 254);
/// otherwise the first free `new-N`.
pub fn newcomer(names: &[String]) -> String {
    numbered_next(names).unwrap_or_else(|| {
        (1..)
            .map(|n| format!("new-{n}"))
            .find(|name| !names.contains(name))
            .unwrap_or_default()
    })
}

/// A name cut around its number: the text before it, its digits, the text
/// after it. The number is the host's last run of digits; a port (digits
/// after the last colon) stays in the text after it.
fn around_number(name: &str) -> Option<(&str, &str, &str)> {
    let host_end = match name.rsplit_once(':') {
        Some((host, port)) if !host.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => {
            host.len()
        }
        _ => name.len(),
    };
    let host = &name[..host_end];
    let end = host.rfind(|c: char| c.is_ascii_digit())? + 1;
    let start = host[..end]
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    Some((&name[..start], &name[start..end], &name[end..]))
}

fn numbered_next(names: &[String]) -> Option<String> {
    let cut: Vec<(&str, &str, &str)> = names
        .iter()
        .map(|name| around_number(name))
        .collect::<Option<_>>()?;
    let (before, digits, after) = *cut.first()?;
    if cut.iter().any(|&(b, _, a)| b != before || a != after) {
        return None;
    }
    let width = if cut.iter().all(|(_, d, _)| d.len() == digits.len()) && digits.starts_with('0') {
        digits.len()
    } else {
        0
    };
    let largest = cut
        .iter()
        .filter_map(|(_, d, _)| d.parse::<u64>().ok())
        .max()?;
    // The last part of an IPv4 address: 1 … 254.
    let ipv4 = before.matches('.').count() == 3
        && before[..before.len() - 1]
            .split('.')
            .all(|part| part.parse::<u8>().is_ok());
    let limit = if ipv4 { 254 } else { u64::MAX };
    (largest + 1..=limit)
        .chain(1..=largest)
        .map(|n| format!("{before}{n:0width$}{after}"))
        .find(|name| !names.contains(name))
}

/// Quote a value in a notice, cut short so a 10 KB value stays readable.
pub fn quote(value: &str) -> String {
    const QUOTE_CHARS: usize = 40;
    let mut shown: String = value.chars().take(QUOTE_CHARS).collect();
    if value.chars().count() > QUOTE_CHARS {
        shown.push('…');
    }
    format!("\u{201c}{shown}\u{201d}")
}

/// A server's weight in a list of weights: 1 for a server not listed.
pub fn weight_in(weights: &[(String, Weight)], name: &str) -> u32 {
    weights
        .iter()
        .find(|(named, _)| named == name)
        .map_or(1, |(_, weight)| u32::from(weight.get()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_newcomer_takes_the_pools_own_form() {
        let names = |list: &[&str]| list.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        for (pool, expected) in [
            (
                &["10.0.0.1:8080", "10.0.0.2:8080", "10.0.0.4:8080"][..],
                "10.0.0.5:8080",
            ),
            (&["10.0.0.1:11211", "10.0.0.2:11211"][..], "10.0.0.3:11211"),
            (&["web1", "web2", "web3"][..], "web4"),
            (&["node-07", "node-08", "node-09"][..], "node-10"),
            (
                &["cache1.local:8080", "cache2.local:8080"][..],
                "cache3.local:8080",
            ),
            (&["10.0.0.253:80", "10.0.0.254:80"][..], "10.0.0.1:80"),
            // No one form: the first free new-N.
            (&["alpha", "bravo"][..], "new-1"),
            (&["10.0.0.1:8080", "cache.local:8080"][..], "new-1"),
            (&["10.0.0.1:8080", "10.0.0.2:9090"][..], "new-1"),
            (&["new-1", "bravo"][..], "new-2"),
        ] {
            assert_eq!(newcomer(&names(pool)), expected, "{pool:?}");
        }
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
        assert!(crate::snapshot::Snapshot::measure(&settings).is_err());
    }

    #[test]
    fn weights_are_checked_against_the_servers_and_the_cap() {
        let weight = |w| Weight::new(w).unwrap();
        let mut settings = Settings {
            weights: vec![("alpha".into(), weight(3)), ("echo".into(), weight(2))],
            ..Settings::default()
        };
        assert!(settings.problems().is_empty());
        assert_eq!(
            settings.weights_for(&settings.all_names()),
            vec![3, 1, 1, 1, 2]
        );
        assert_eq!(settings.ring_entries(), 200 * 8);
        settings.weights.push(("zulu".into(), weight(2)));
        assert!(settings.problems()[0].message.contains("zulu"));
        settings.weights.pop();
        settings.points = 500;
        settings.servers = (0..49).map(|i| format!("n{i}")).collect();
        settings.weights = vec![("n0".into(), weight(10))];
        assert!(settings.problems().is_empty(), "{:?}", settings.problems());
        settings.weights = (0..20).map(|i| (format!("n{i}"), weight(10))).collect();
        assert!(settings.problems()[0].message.contains("100,000"));
        for (text, tenths) in [
            ("0", 0),
            ("1.2", 12),
            ("2", 20),
            ("0.5", 5),
            ("1.", 10),
            ("2.0", 20),
        ] {
            assert_eq!(parse_skew(text).map(Skew::get), Ok(tenths), "{text}");
            assert_eq!(
                parse_skew(&skew_text(parse_skew(text).unwrap())),
                parse_skew(text)
            );
        }
        for bad in ["", "-1", "2.1", "0.05", "1e0", "x", "10"] {
            assert!(parse_skew(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn epsilon_reads_decimals_exactly() {
        let read = |text: &str| Epsilon::parse(text).map(|eps| eps.hundredths());
        assert_eq!(read("0.25"), Ok(25));
        assert_eq!(read(".5"), Ok(50));
        assert_eq!(read("2"), Ok(200));
        assert_eq!(read("2.00"), Ok(200));
        assert_eq!(read(" 0.05 "), Ok(5));
        for bad in [
            "",
            ".",
            "0.04",
            "2.01",
            "0.125",
            "-1",
            "1e1",
            "abc",
            "99999999999",
            "0,5",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
        for hundredths in 5..=200 {
            let eps = Epsilon::from_hundredths(hundredths).unwrap();
            assert_eq!(Epsilon::parse(&eps.to_string()), Ok(eps));
        }
        assert_eq!(Epsilon::default().to_string(), "0.25");
        assert!(Probes::new(0).is_err() && Probes::new(65).is_err());
        assert_eq!(Probes::new(64).map(Probes::get), Ok(64));
    }
}
