//! Every address parameter, one row each: its name, what it takes and its
//! default (docs/EMBEDDING.md's table is these rows, a test keeps them
//! equal), how it is read, how it is written and how a different value of
//! it is said in words. `query::parse`, `query::render`,
//! `query::what_differs` and the address fuzz test all walk `PARAMS`, so a
//! new parameter is a row here, its field in `Settings` and its control.

use super::{parse_weights, percent_encode, View};
use crate::cost::{Bytes, MAX_BANDWIDTH, MAX_DATA, MIN_BANDWIDTH, MIN_DATA};
use crate::in_use::InUse;
use crate::keyname::KeyName;
use crate::panels::PanelId;
use crate::questions::QuestionId;
use crate::settings::{
    clean_name, parse_server_list, parse_skew, quote, skew_text, Whole, FIRST, JOIN_AT, KEYS,
    MAX_SERVERS, POINTS, PROBES, RATE, REPLICAS, ROLLOUT,
};
use crate::{Change, Epsilon, HashKind, Probes, Replicas, Settings, Weight};

/// What `query::parse` has read so far: the settings, the view, and the
/// parts of the change, which are resolved together once all are read.
pub(crate) struct Reading<'a> {
    pub settings: Settings,
    pub view: View,
    pub change: Option<Change>,
    pub after: Option<Vec<String>>,
    pub after_weights: Option<Vec<(String, Weight)>>,
    pub key: Option<String>,
    /// `present=` and `lecture=` as written (`query::resolve_presenting` reads them).
    pub present: Option<String>,
    pub lecture: Option<String>,
    /// The panels `panel=` and `present=` accept here.
    pub panels: &'a [PanelId],
}

/// One address parameter.
pub struct Param {
    pub name: &'static str,
    read: fn(&mut Reading, &str) -> Result<(), String>,
    /// Its value in the address, encoded; None when the address leaves it out.
    write: fn(&Settings, &View) -> Option<String>,
    /// A value it had, in words ("200 points per server"); None for `NAME=VALUE`.
    said: Option<fn(&str) -> String>,
}

impl Param {
    pub(crate) fn read(&self, reading: &mut Reading, value: &str) -> Result<(), String> {
        (self.read)(reading, value)
    }

    /// `NAME=VALUE` for these settings, or None when it is left out.
    pub fn written(&self, settings: &Settings, view: &View) -> Option<String> {
        (self.write)(settings, view).map(|value| format!("{}={value}", self.name))
    }

    /// A value it had, in words, for "your guess was for …".
    pub fn say(&self, value: &str) -> String {
        self.said
            .map_or_else(|| format!("{}={value}", self.name), |said| said(value))
    }

    pub fn named(name: &str) -> Option<&'static Param> {
        PARAMS.iter().find(|param| param.name == name)
    }
}

/// A whole-number setting read by its one range (`settings::Whole`): the
/// value, checked, or what it needs.
fn whole_in(range: Whole, value: &str) -> Result<u64, String> {
    range.read(value).ok_or_else(|| range.needs())
}

/// A checker's sentence as the middle of a notice.
fn clause(why: String) -> String {
    why.trim_end_matches('.').to_string()
}

/// 2 … 50 names, for `servers=` and `after=`.
fn pool(value: &str, what: &str) -> Result<Vec<String>, String> {
    match parse_server_list(value) {
        Ok(names) if (2..=MAX_SERVERS).contains(&names.len()) => Ok(names),
        Ok(names) => Err(format!(
            "{what} needs 2 to {MAX_SERVERS} servers, not {}",
            names.len()
        )),
        Err(why) => Err(clause(why)),
    }
}

/// `add=` or `remove=`: one change at a time.
fn one_change(
    reading: &mut Reading,
    value: &str,
    make: fn(String) -> Change,
) -> Result<(), String> {
    if let Some(existing) = &reading.change {
        return Err(format!(
            "only one change at a time, and {} {} is already set",
            if existing.is_join() { "add" } else { "remove" },
            quote(existing.single_name().unwrap_or_default())
        ));
    }
    reading.change = Some(make(clean_name(value).map_err(clause)?));
    Ok(())
}

/// `1`/`true` or `0`/`false`.
fn flag(value: &str) -> Option<bool> {
    match value {
        "1" | "true" => Some(true),
        "0" | "false" => Some(false),
        _ => None,
    }
}

/// The panel an id names among those accepted, or which ids are.
fn panel_of(value: &str, panels: &[PanelId]) -> Result<PanelId, String> {
    panels
        .iter()
        .copied()
        .find(|id| id.as_str() == value)
        .ok_or_else(|| {
            let ids: Vec<&str> = panels.iter().map(|id| id.as_str()).collect();
            format!("the panel must be one of {}", ids.join(", "))
        })
}

/// Names for the address, comma-separated.
pub(crate) fn encoded_list(names: &[String]) -> String {
    let names: Vec<String> = names.iter().map(|name| percent_encode(name)).collect();
    names.join(",")
}

/// `NAME:W,…` for the address.
pub(crate) fn encoded_weights(weights: &[(String, Weight)]) -> String {
    let weights: Vec<String> = weights
        .iter()
        .map(|(name, weight)| format!("{}:{}", percent_encode(name), weight.get()))
        .collect();
    weights.join(",")
}

/// Some(list) unless it is empty.
fn unless_empty(text: String) -> Option<String> {
    Some(text).filter(|text| !text.is_empty())
}

/// `PARAMS` and the docs' columns from one list of rows; the docs' text is
/// read by `docs_table` alone, so no module the page loads carries it.
macro_rules! params {
    ($(Param {
        name: $name:expr,
        values: $values:expr,
        default: $default:expr,
        read: $read:expr,
        write: $write:expr,
        said: $said:expr $(,)?
    },)*) => {
        /// Every parameter, in the order `render` writes them.
        pub const PARAMS: &[Param] = &[$(Param {
            name: $name,
            read: $read,
            write: $write,
            said: $said,
        },)*];

        /// Each parameter's values and default, as the docs give them: the
        /// default is the value `render` writes for the default settings, in
        /// backticks, or in words when the address leaves it out.
        const DOCS: &[(&str, Values, &str)] = &[$(($name, $values, $default),)*];
    };
}

params! {
    Param {
        name: "servers",
        values: Values::Words("2 … 50 distinct names, comma-separated"),
        default: "`alpha,bravo,charlie,delta`",
        read: |r, v| pool(v, "the list").map(|value| r.settings.servers = value),
        write: |s, _| Some(encoded_list(&s.servers)),
        said: Some(|v| format!("the servers {v}")),
    },
    Param {
        name: "add",
        values: Values::Words("the server that joins, at the end of the list (or at `addat`)"),
        default: "`echo`",
        read: |r, v| one_change(r, v, Change::Join),
        write: |s, _| match &s.change {
            Change::Join(name) => Some(percent_encode(name)),
            _ => None,
        },
        said: Some(|v| format!("{v} joining")),
    },
    Param {
        name: "remove",
        values: Values::Words("the server that leaves"),
        default: "none",
        read: |r, v| one_change(r, v, Change::Leave),
        write: |s, _| match &s.change {
            Change::Leave(name) => Some(percent_encode(name)),
            _ => None,
        },
        said: Some(|v| format!("{v} leaving")),
    },
    Param {
        name: "after",
        values: Values::Words("a deploy: the pool after the change, in order, 2 … 50 names (any change at once); \
                 `add`, `remove` and `addat` are shorthands for one"),
        default: "none",
        read: |r, v| pool(v, "the pool after").map(|value| r.after = Some(value)),
        write: |s, _| match &s.change {
            Change::Deploy(after) => Some(encoded_list(&after.servers)),
            _ => None,
        },
        said: Some(|v| format!("the pool after {v}")),
    },
    Param {
        name: "points",
        values: Values::Range("points per server", POINTS),
        default: "`200`",
        read: |r, v| whole_in(POINTS, v).map(|value| r.settings.points = value as u16),
        write: |s, _| Some(s.points.to_string()),
        said: Some(|v| format!("{v} points per server")),
    },
    Param {
        name: "keys",
        values: Values::Range("how many keys", KEYS),
        default: "`1000`",
        read: |r, v| whole_in(KEYS, v).map(|value| r.settings.keys = value as u32),
        write: |s, _| Some(s.keys.to_string()),
        said: Some(|v| match v.parse::<u32>() {
            Ok(keys) => format!("{} keys", crate::format::thousands(u64::from(keys))),
            Err(_) => format!("{v} keys"),
        }),
    },
    Param {
        name: "first",
        values: Values::Range("the first key's number", FIRST),
        default: "`0`",
        read: |r, v| whole_in(FIRST, v).map(|value| r.settings.first = value),
        write: |s, _| Some(s.first.to_string()),
        said: None,
    },
    Param {
        name: "hash",
        values: Values::Words("`fnv1a-fold`, `fnv1a`, `fnv1a-murmur`"),
        default: "`fnv1a-fold`",
        read: |r, v| {
            r.settings.hash = HashKind::from_id(v).ok_or_else(|| {
                format!(
                    "the hash must be {}",
                    HashKind::ALL.map(HashKind::id).join(", ")
                )
            })?;
            Ok(())
        },
        write: |s, _| Some(s.hash.id().to_string()),
        said: None,
    },
    Param {
        name: "eps",
        values: Values::Words("bounded loads' ε, 0.05 … 2"),
        default: "`0.25`",
        read: |r, v| Epsilon::parse(v).map(|value| r.settings.eps = value),
        write: |s, _| Some(s.eps.to_string()),
        said: None,
    },
    Param {
        name: "probes",
        values: Values::Range("multi-probe's probes per key", PROBES),
        default: "`21`",
        read: |r, v| {
            let probes = whole_in(PROBES, v)?;
            Probes::new(probes as u32).map(|value| r.settings.probes = value)
        },
        write: |s, _| Some(s.probes.get().to_string()),
        said: None,
    },
    Param {
        name: "replicas",
        values: Values::Range("copies per key", REPLICAS),
        default: "`3`",
        read: |r, v| {
            let replicas = whole_in(REPLICAS, v)?;
            Replicas::new(replicas as u32).map(|value| r.settings.replicas = value)
        },
        write: |s, _| Some(s.replicas.count().to_string()),
        said: None,
    },
    Param {
        name: "data",
        values: Values::Words("the data stored, in bytes with KB, MB, GB or TB (`5.5TB`, `200MB`)"),
        default: "`5.5TB`",
        read: |r, v| Bytes::parse(v, MIN_DATA, MAX_DATA).map(|value| r.settings.data = value),
        write: |s, _| Some(s.data.describe()),
        said: None,
    },
    Param {
        name: "bandwidth",
        values: Values::Words("copying bandwidth a second, in bytes as `data`"),
        default: "`200MB`",
        read: |r, v| {
            let bandwidth = Bytes::parse(v, MIN_BANDWIDTH, MAX_BANDWIDTH)
                .map_err(|why| format!("{why} a second"))?;
            r.settings.bandwidth = bandwidth;
            Ok(())
        },
        write: |s, _| Some(s.bandwidth.describe()),
        said: None,
    },
    Param {
        name: "rate",
        values: Values::Range("requests per key per minute", RATE),
        default: "`30`",
        read: |r, v| whole_in(RATE, v).map(|value| r.settings.rate = value as u32),
        write: |s, _| Some(s.rate.to_string()),
        said: None,
    },
    Param {
        name: "rollout",
        values: Values::Range("the rollout's minutes", ROLLOUT),
        default: "`12`",
        read: |r, v| whole_in(ROLLOUT, v).map(|value| r.settings.rollout = value as u32),
        write: |s, _| Some(s.rollout.to_string()),
        said: None,
    },
    Param {
        name: "skew",
        values: Values::Words("the Zipf exponent s of requests, 0 … 2"),
        default: "`0`",
        read: |r, v| parse_skew(v).map(|value| r.settings.skew = value),
        write: |s, _| Some(skew_text(s.skew)),
        said: None,
    },
    Param {
        name: "use",
        values: Values::Words("the ring drawn and measured: `ring` (the page's), or a client's own: \
                 `ketama`, `groupcache`, `nginx`, `envoy-ring`, `twemproxy`; another id is a \
                 notice that says why it cannot be a ring"),
        default: "`ring`, left out",
        read: |r, v| {
            r.settings.in_use = InUse::from_id(v).ok_or_else(|| cannot_drive(v))?;
            Ok(())
        },
        write: |s, _| Some(s.in_use.id().to_string()).filter(|_| s.in_use != InUse::Ring),
        said: Some(|v| format!("{v}'s ring")),
    },
    Param {
        name: "addat",
        values: Values::Words("the 1-based position the joining server is inserted at"),
        default: "the end, left out",
        read: |r, v| whole_in(JOIN_AT, v).map(|value| r.settings.insert_at = Some(value as u16)),
        write: |s, _| {
            s.insert_at
                .filter(|_| s.change.is_join())
                .map(|at| at.to_string())
        },
        said: None,
    },
    Param {
        name: "weights",
        values: Values::Words("`NAME:W,…`, W 1 … 10 (after the last colon)"),
        default: "all 1, left out",
        read: |r, v| parse_weights(v).map(|value| r.settings.weights = value),
        write: |s, _| unless_empty(encoded_weights(&s.weights)),
        said: None,
    },
    Param {
        name: "after-weights",
        values: Values::Words("the weights `after` sets, `NAME:W,…`; a server not named keeps its weight before"),
        default: "none",
        read: |r, v| parse_weights(v).map(|value| r.after_weights = Some(value)),
        write: |s, _| match &s.change {
            Change::Deploy(after) => unless_empty(encoded_weights(&after.weights)),
            _ => None,
        },
        said: None,
    },
    Param {
        name: "keyname",
        values: Values::Words("the key template, with `{i}` once, ≤ 40 characters"),
        default: "`key-{i}`, left out",
        read: |r, v| {
            KeyName::parse(v)
                .map_err(clause)
                .map(|value| r.settings.keyname = value)
        },
        write: |s, _| Some(percent_encode(s.keyname.as_str())).filter(|_| !s.keyname.is_default()),
        said: None,
    },
    Param {
        name: "down",
        values: Values::Words("servers that are down, comma-separated"),
        default: "the pool's first server, left out",
        read: |r, v| {
            parse_server_list(v)
                .map_err(clause)
                .map(|value| r.settings.down = value)
        },
        write: |s, _| unless_empty(encoded_list(&s.down)),
        said: None,
    },
    Param {
        name: "embed",
        values: Values::Words("`1`: no page chrome, for a frame"),
        default: "`0`, left out",
        read: |r, v| {
            r.view.embed = flag(v).ok_or("embed takes 1 or 0")?;
            Ok(())
        },
        write: |_, view| Some("1".to_string()).filter(|_| view.embed),
        said: None,
    },
    Param {
        name: "panel",
        values: Values::Words("one panel alone, by its id"),
        default: "none",
        read: |r, v| panel_of(v, r.panels).map(|value| r.view.panel = Some(value)),
        write: |_, view| view.panel.map(|panel| panel.as_str().to_string()),
        said: None,
    },
    Param {
        name: "present",
        values: Values::Words("presenter mode: `1` (from the first slide), `0`, a slide's number or id, or `notes`"),
        default: "`0`, left out",
        read: |r, v| {
            r.present = Some(v.to_string());
            Ok(())
        },
        write: |_, view| view.present.map(|index| (index + 1).to_string()),
        said: None,
    },
    Param {
        name: "lecture",
        values: Values::Words("the slides presenter mode shows, comma-separated: `lesson-STEP`, a panel's id, `preset-ID`"),
        default: "the lesson, then every other panel",
        read: |r, v| {
            r.lecture = Some(v.to_string());
            Ok(())
        },
        write: |_, view| view.lecture.map(|lecture| lecture.written()),
        said: None,
    },
    Param {
        name: "q",
        values: Values::Words("with `panel=predict`: one question (`moved`, `modulo`, `busiest`, `failover`, \
                 `between`, `copy-hours`)"),
        default: "none",
        read: |r, v| {
            r.view.question = Some(QuestionId::from_id(v).ok_or_else(|| {
                format!(
                    "the question must be one of {}",
                    QuestionId::ALL.map(QuestionId::as_str).join(", ")
                )
            })?);
            Ok(())
        },
        write: |_, view| view.question.map(|question| question.as_str().to_string()),
        said: None,
    },
    Param {
        name: "key",
        values: Values::Words("the key in the one-key box (`query::with_key` writes it)"),
        default: "none",
        read: |r, v| {
            crate::one_key::check(v).map_err(clause)?;
            r.key = Some(v.to_string()).filter(|key| !key.is_empty());
            Ok(())
        },
        write: |_, _| None,
        said: None,
    },
}

/// Why `use=` cannot take this id, naming the ids it can take.
fn cannot_drive(value: &str) -> String {
    let why = crate::in_use::CANNOT_DRIVE
        .iter()
        .find(|(id, _)| id.as_str() == value)
        // By id: the titles would bring every scheme's
        // text into the first screen's module.
        .map_or(String::new(), |(_, why)| {
            format!("; {value}: {}", why.trim_end_matches('.'))
        });
    format!(
        "use= takes a ring-shaped placement: {}{why}",
        InUse::ALL.map(InUse::id).join(", ")
    )
}

/// A parameter's values as the docs give them: in words, or a whole
/// number's range, which is its `Whole` (written once).
enum Values {
    Words(&'static str),
    Range(&'static str, Whole),
}

impl Values {
    fn text(&self) -> String {
        match self {
            Values::Words(words) => words.to_string(),
            Values::Range(what, range) => format!(
                "{what}, {} … {}",
                crate::format::thousands(range.min),
                crate::format::thousands(range.max)
            ),
        }
    }
}

/// docs/EMBEDDING.md's table of parameters, one row each.
pub fn docs_table() -> String {
    let mut table = String::from("| Parameter | Values | Default |\n|---|---|---|\n");
    for (name, values, default) in DOCS {
        let values = values.text();
        table.push_str(&format!("| `{name}` | {values} | {default} |\n"));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_default_is_the_one_the_docs_give() {
        let (settings, view) = (Settings::default(), View::default());
        for (param, (_, _, default)) in PARAMS.iter().zip(DOCS) {
            match param.written(&settings, &view) {
                Some(written) => assert_eq!(
                    format!("`{}`", &written[param.name.len() + 1..]),
                    *default,
                    "{}",
                    param.name
                ),
                None => assert!(
                    !default.starts_with('`') || default.ends_with("left out"),
                    "{}: a default in backticks is one the address writes",
                    param.name
                ),
            }
        }
        let mut names: Vec<&str> = PARAMS.iter().map(|param| param.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), PARAMS.len(), "a name in two rows");
    }

    #[test]
    fn the_docs_table_is_the_registry() {
        let docs = include_str!("../../../../docs/EMBEDDING.md");
        let table = docs_table();
        assert!(
            docs.contains(&table),
            "docs/EMBEDDING.md's table of parameters is not PARAMS; it should read:\n{table}"
        );
    }
}
