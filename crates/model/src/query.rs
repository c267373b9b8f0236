//! The page address as state. `parse` reads any query string, however broken,
//! into valid settings plus a notice for each part it had to ignore; `render`
//! writes settings back, so the address bar is always a permalink.

use crate::cost::{Bytes, MAX_BANDWIDTH, MAX_DATA, MIN_BANDWIDTH, MIN_DATA};
use crate::in_use::InUse;
use crate::keyname::KeyName;
use crate::panels::PanelId;
use crate::questions::QuestionId;
use crate::settings::PoolAfter;
use crate::settings::{
    clean_name, parse_server_list, MAX_FIRST, MAX_KEYS, MAX_POINTS, MAX_RATE, MAX_ROLLOUT,
    MAX_SERVERS, MIN_KEYS, MIN_POINTS, MIN_RATE, MIN_ROLLOUT,
};
use crate::settings::{default_change, parse_skew, quote, skew_text, Valid};
use crate::{Change, Epsilon, Field, HashKind, Probes, Replicas, Settings, Weight};

/// A scenario readers arrive with, one click (and one link) away.
pub struct Preset {
    pub id: &'static str,
    pub title: &'static str,
    /// The panel it is for and what it shows there, in one line.
    pub teaches: &'static str,
    /// The panel it is for: ticked for the handout while it is chosen.
    pub panel: PanelId,
    pub settings: Settings,
}

fn numbered(prefix: &str, count: usize) -> Vec<String> {
    (1..=count).map(|i| format!("{prefix}{i:02}")).collect()
}

/// Every preset, in the order the page lists them.
pub fn presets() -> Vec<Preset> {
    let base = Settings::default();
    let nineteen = |points: u16| Settings {
        servers: numbered("m", 18),
        change: Change::Join("m19".into()),
        points,
        ..Settings::default()
    };
    vec![
        Preset {
            id: "default",
            title: "The default: echo joins four servers",
            teaches: "→ How many keys move: a join takes about one even share.",
            panel: PanelId::Moved,
            settings: base.clone(),
        },
        Preset {
            id: "cache-pool",
            title: "Three caches gain a fourth",
            teaches: "→ What a change costs: a fourth cache refills about a quarter of the keys.",
            panel: PanelId::Cost,
            settings: Settings {
                servers: vec!["cache-a".into(), "cache-b".into(), "cache-c".into()],
                change: Change::Join("cache-d".into()),
                points: 100,
                keys: 10_000,
                first: 1,
                hash: HashKind::Fnv1aMurmur,
                ..Settings::default()
            },
        },
        Preset {
            id: "lumpy",
            title: "A lumpy ring: 3 points each",
            teaches: "→ Load per server: why a few points per server are unfair.",
            panel: PanelId::Loads,
            settings: Settings {
                points: 3,
                ..base.clone()
            },
        },
        Preset {
            id: "nineteen-1",
            title: "Nineteen machines, 1 point each",
            teaches: "→ When servers fail: one neighbour takes all of a failed server's keys.",
            panel: PanelId::Failure,
            settings: nineteen(1),
        },
        Preset {
            id: "nineteen-200",
            title: "Nineteen machines, 200 points each",
            teaches: "→ When servers fail: with many points every survivor takes a few.",
            panel: PanelId::Failure,
            settings: nineteen(200),
        },
        Preset {
            id: "plain-fnv",
            title: "Plain FNV-1a on its own",
            teaches: "→ Load per server: without a finalizer, plain FNV-1a piles keys up.",
            panel: PanelId::Loads,
            settings: Settings {
                hash: HashKind::Fnv1a,
                ..base.clone()
            },
        },
        Preset {
            id: "lesson",
            title: "The lesson: 1,200 keys, 5.5 TB, 18 → 19 servers",
            teaches: "→ What a change costs: hours of copying under modulo, minutes on the ring.",
            panel: PanelId::Cost,
            settings: Settings {
                keys: 1_200,
                ..nineteen(200)
            },
        },
        Preset {
            id: "two-shards",
            title: "Two shards become three: 200 keys of 5 GB",
            teaches: "→ Disagreement during a rollout: writes that reach the wrong shard.",
            panel: PanelId::Rollout,
            settings: Settings {
                servers: vec!["shard-1".into(), "shard-2".into()],
                change: Change::Join("shard-3".into()),
                keys: 200,
                data: crate::cost::Bytes::new(1_000_000_000_000),
                rate: 30,
                rollout: 12,
                ..Settings::default()
            },
        },
    ]
}

/// The panels a handout holds until the teacher picks others: the first
/// lesson's (`panels::HANDOUT`) and, while a preset is chosen, its own
/// panel, in page order.
pub fn handout_for(settings: &Settings) -> Vec<PanelId> {
    let own = presets()
        .into_iter()
        .find(|preset| &preset.settings == settings)
        .map(|preset| preset.panel);
    crate::panels::ids()
        .into_iter()
        .filter(|id| crate::panels::HANDOUT.contains(id) || own == Some(*id))
        .collect()
}

/// How the page is laid out, as opposed to what it measures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// `embed=1`: no page chrome, for an iframe.
    pub embed: bool,
    /// `panel=…`: one panel alone.
    pub panel: Option<PanelId>,
    /// `q=…`: one "Guess first" question alone (DEFINITIONS §12).
    pub question: Option<QuestionId>,
    /// `present=…`: presenter mode, showing this panel (`present=1`, the
    /// first) filling the screen, one at a time (DEFINITIONS §4).
    pub present: Option<PanelId>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub settings: Valid,
    pub view: View,
    /// `key=…`: the key in the one-key box (DEFINITIONS §13), a view choice.
    pub key: Option<String>,
    /// One sentence for each parameter that was ignored, and why.
    pub notices: Vec<String>,
}

/// The query of `render` with the one-key box's key, if there is one.
pub fn with_key(query: String, key: &str) -> String {
    if key.is_empty() {
        query
    } else {
        format!("{query}&key={}", percent_encode(key))
    }
}

/// `query` (without its `?`) with parameter `name` set to `value` (already
/// encoded): in place of its first mention, any later ones dropped, or at
/// the end. Every other part is kept as written. The first screen sets
/// the two settings it offers this way, without `render`'s number printing.
pub fn with_value(query: &str, name: &str, value: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut set = false;
    for part in query.split('&').filter(|part| !part.is_empty()) {
        let named = part.split('=').next() == Some(name);
        if !named {
            parts.push(part.to_string());
        } else if !set {
            parts.push(format!("{name}={value}"));
            set = true;
        }
    }
    if !set {
        parts.push(format!("{name}={value}"));
    }
    parts.join("&")
}

/// Decode `%XX` escapes and `+`; None when the result is not UTF-8.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (
                    bytes.get(index + 1).and_then(|&b| hex(b)),
                    bytes.get(index + 2).and_then(|&b| hex(b)),
                ) {
                    (Some(high), Some(low)) => {
                        out.push((high * 16 + low) as u8);
                        index += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        index += 1;
    }
    String::from_utf8(out).ok()
}

/// Escape everything but unreserved characters and the list comma.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~,".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A whole number within a range, or a sentence saying what was wrong.
fn number_in<T>(value: &str, low: T, high: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    match value.trim().parse::<T>() {
        Ok(number) if number >= low && number <= high => Ok(number),
        _ => Err(format!("needs a whole number from {low} to {high}")),
    }
}

/// One setting read from `key=value` into `settings`, or why it cannot be
/// used; None when `key` is not a setting on its own (the change and the
/// view are `parse`'s).
fn read_setting(settings: &mut Settings, key: &str, value: &str) -> Option<Result<(), String>> {
    let trimmed = |why: String| why.trim_end_matches('.').to_string();
    Some(match key {
        "servers" => match parse_server_list(value) {
            Ok(names) if (2..=MAX_SERVERS).contains(&names.len()) => {
                settings.servers = names;
                Ok(())
            }
            Ok(names) => Err(format!(
                "the list needs 2 to {MAX_SERVERS} servers, not {}",
                names.len()
            )),
            Err(why) => Err(trimmed(why)),
        },
        "addat" => {
            number_in(value, 1, MAX_SERVERS as u16 + 1).map(|at| settings.insert_at = Some(at))
        }
        "points" => number_in(value, MIN_POINTS, MAX_POINTS).map(|points| settings.points = points),
        "keys" => number_in(value, MIN_KEYS, MAX_KEYS).map(|keys| settings.keys = keys),
        "first" => number_in(value, 0, MAX_FIRST).map(|first| settings.first = first),
        "eps" => Epsilon::parse(value).map(|eps| settings.eps = eps),
        "probes" => number_in(value, u32::from(Probes::MIN), u32::from(Probes::MAX))
            .and_then(Probes::new)
            .map(|probes| settings.probes = probes),
        "down" => parse_server_list(value)
            .map(|names| settings.down = names)
            .map_err(trimmed),
        "replicas" => number_in(value, u32::from(Replicas::MIN), u32::from(Replicas::MAX))
            .and_then(Replicas::new)
            .map(|replicas| settings.replicas = replicas),
        "data" => Bytes::parse(value, MIN_DATA, MAX_DATA).map(|data| settings.data = data),
        "bandwidth" => Bytes::parse(value, MIN_BANDWIDTH, MAX_BANDWIDTH)
            .map(|bandwidth| settings.bandwidth = bandwidth)
            .map_err(|why| format!("{why} a second")),
        "rate" => number_in(value, MIN_RATE, MAX_RATE).map(|rate| settings.rate = rate),
        "rollout" => {
            number_in(value, MIN_ROLLOUT, MAX_ROLLOUT).map(|minutes| settings.rollout = minutes)
        }
        "weights" => parse_weights(value).map(|weights| settings.weights = weights),
        "keyname" => KeyName::parse(value)
            .map(|name| settings.keyname = name)
            .map_err(trimmed),
        "skew" => parse_skew(value).map(|skew| settings.skew = skew),
        "use" => match InUse::from_id(value) {
            Some(in_use) => {
                settings.in_use = in_use;
                Ok(())
            }
            None => {
                let why = crate::in_use::CANNOT_DRIVE
                    .iter()
                    .find(|(id, _)| *id == value)
                    // By id: the titles would bring every scheme's
                    // text into the first screen's module.
                    .map_or(String::new(), |(_, why)| {
                        format!("; {value}: {}", why.trim_end_matches('.'))
                    });
                Err(format!(
                    "use= takes a ring-shaped placement: {}{why}",
                    InUse::ALL.map(InUse::id).join(", ")
                ))
            }
        },
        "hash" => HashKind::from_id(value)
            .map(|hash| settings.hash = hash)
            .ok_or_else(|| "the hash must be fnv1a-fold, fnv1a-murmur or fnv1a".to_string()),
        _ => return None,
    })
}

/// Read a query string (with or without the leading `?`). Never fails: every
/// part that cannot be used falls back to its default and earns a notice.
/// `panels` are the panels `panel=` accepts: every one (`panels::ids()`),
/// or those the first screen's module can draw.
pub fn parse(query: &str, panels: &[PanelId]) -> Parsed {
    let defaults = Settings::default();
    let mut settings = defaults.clone();
    let mut view = View::default();
    let mut notices = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut change: Option<Change> = None;
    let mut after: Option<Vec<String>> = None;
    let mut after_weights: Option<Vec<(String, Weight)>> = None;
    let mut one_key: Option<String> = None;

    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
    {
        let (raw_key, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
        let (Some(key), Some(value)) = (percent_decode(raw_key), percent_decode(raw_value)) else {
            notices.push("Ignored a parameter that is not valid UTF-8 text.".to_string());
            continue;
        };
        if seen.contains(&key) {
            notices.push(format!(
                "Ignored a repeated {}: the first one is used.",
                quote(&key)
            ));
            continue;
        }
        seen.push(key.clone());
        // A setting alone, or a part of the change or the view.
        if let Some(read) = read_setting(&mut settings, &key, &value) {
            if let Err(why) = read {
                notices.push(format!("Ignored {key}={}: {why}.", quote(&value)));
            }
            continue;
        }
        let mut ignore =
            |why: String| notices.push(format!("Ignored {key}={}: {why}.", quote(&value)));
        match key.as_str() {
            "add" | "remove" => {
                if let Some(existing) = &change {
                    ignore(format!(
                        "only one change at a time, and {} {} is already set",
                        if existing.is_join() { "add" } else { "remove" },
                        quote(existing.single_name().unwrap_or_default())
                    ));
                    continue;
                }
                match clean_name(&value) {
                    Ok(name) if key == "add" => change = Some(Change::Join(name)),
                    Ok(name) => change = Some(Change::Leave(name)),
                    Err(why) => ignore(why.trim_end_matches('.').to_string()),
                }
            }
            "after" => match parse_server_list(&value) {
                Ok(names) if (2..=MAX_SERVERS).contains(&names.len()) => after = Some(names),
                Ok(names) => ignore(format!(
                    "the pool after needs 2 to {MAX_SERVERS} servers, not {}",
                    names.len()
                )),
                Err(why) => ignore(why.trim_end_matches('.').to_string()),
            },
            "after-weights" => match parse_weights(&value) {
                Ok(weights) => after_weights = Some(weights),
                Err(why) => ignore(why),
            },
            "key" => match crate::one_key::check(&value) {
                Ok(()) => one_key = Some(value.clone()).filter(|k| !k.is_empty()),
                Err(why) => ignore(why.trim_end_matches('.').to_string()),
            },
            view_key if read_view(&mut view, view_key, &value, panels, &mut ignore) => {}
            _ => notices.push(format!(
                "Ignored {}: the page has no such setting.",
                quote(&key)
            )),
        }
    }

    resolve_change(&mut settings, change, after, after_weights, &mut notices);
    // Each part was fine alone; now the whole, by the same rules as the controls.
    let settled = Valid::settle(settings, &Valid::default());
    notices.extend(settled.notices.into_iter().map(|notice| {
        if matches!(notice.problem.field, Field::Change | Field::After) {
            format!("{} Using a default change instead.", notice.problem.message)
        } else {
            notice.problem.message
        }
    }));
    Parsed {
        settings: settled.valid,
        view,
        key: one_key,
        notices,
    }
}

/// The change the address gives: `after=` (with `after-weights=`), else
/// `add` or `remove`, else a default; and a joiner's position, if any.
fn resolve_change(
    settings: &mut Settings,
    mut change: Option<Change>,
    after: Option<Vec<String>>,
    mut after_weights: Option<Vec<(String, Weight)>>,
    notices: &mut Vec<String>,
) {
    // `after=` is the change; `add` and `remove` are shorthands for one.
    if let Some(servers) = after {
        if let Some(shorthand) = &change {
            notices.push(format!(
                "Ignored {}={}: after= gives the pool after, and it is used.",
                if shorthand.is_join() { "add" } else { "remove" },
                quote(shorthand.single_name().unwrap_or_default())
            ));
        }
        change = Some(Change::Deploy(PoolAfter {
            servers,
            weights: after_weights.take().unwrap_or_default(),
        }));
    }
    if after_weights.is_some() {
        notices.push(
            "Ignored after-weights: it gives weights to the pool after=, and there is none."
                .to_string(),
        );
    }
    settings.change = change.unwrap_or_else(|| default_change(&settings.servers));
    // A position is only for a join; at the end of the list it is the default.
    if let Some(at) = settings.insert_at {
        if !settings.change.is_join() {
            notices.push(format!(
                "Ignored addat={at}: only a joining server has a position."
            ));
            settings.insert_at = None;
        } else if usize::from(at) == settings.servers.len() + 1 {
            settings.insert_at = None;
        }
    }
}

/// One view choice read into `view` (a bad value is `ignore`d with why);
/// false when `key` is not one.
fn read_view(
    view: &mut View,
    key: &str,
    value: &str,
    panels: &[PanelId],
    ignore: &mut impl FnMut(String),
) -> bool {
    match key {
        "embed" => match value {
            "1" | "true" => view.embed = true,
            "0" | "false" => view.embed = false,
            _ => ignore("embed takes 1 or 0".to_string()),
        },
        "q" => match QuestionId::from_id(value) {
            Some(id) => view.question = Some(id),
            None => ignore(format!(
                "the question must be one of {}",
                QuestionId::ALL.map(QuestionId::as_str).join(", ")
            )),
        },
        "present" => match present(value, panels) {
            Ok(panel) => view.present = panel,
            Err(why) => ignore(why),
        },
        "panel" => match panels.iter().find(|id| id.as_str() == value) {
            Some(&id) => view.panel = Some(id),
            None => ignore(format!(
                "the panel must be one of {}",
                panels
                    .iter()
                    .map(|id| id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        },
        _ => return false,
    }
    true
}

/// `present=`: 1 for the first panel, 0 for none, or a panel's id.
fn present(value: &str, panels: &[PanelId]) -> Result<Option<PanelId>, String> {
    match value {
        "1" | "true" => Ok(panels.first().copied()),
        "0" | "false" => Ok(None),
        _ => panels
            .iter()
            .find(|id| id.as_str() == value)
            .map(|&id| Some(id))
            .ok_or_else(|| "present takes 1, 0 or a panel's id".to_string()),
    }
}

/// `alpha:3,bravo:2`: names with whole weights 1 … 10.
pub fn parse_weights(text: &str) -> Result<Vec<(String, Weight)>, String> {
    let mut weights: Vec<(String, Weight)> = Vec::new();
    for part in text.split(',').filter(|part| !part.trim().is_empty()) {
        let Some((name, weight)) = part.rsplit_once(':') else {
            return Err(format!(
                "each weight is NAME:W, and {} has no colon",
                quote(part.trim())
            ));
        };
        let name = clean_name(name).map_err(|why| why.trim_end_matches('.').to_string())?;
        let weight = weight
            .trim()
            .parse::<u32>()
            .map_err(|_| {
                format!(
                    "the weight of {} must be a whole number from 1 to 10",
                    quote(&name)
                )
            })
            .and_then(|w| {
                Weight::new(w).map_err(|why| format!("the weight of {} {why}", quote(&name)))
            })?;
        if weights.iter().any(|(named, _)| *named == name) {
            return Err(format!("{} has two weights", quote(&name)));
        }
        weights.push((name, weight));
    }
    Ok(weights)
}

/// The way out of an embed or a panel alone: the full page, relative to
/// this one, with the same settings and no view choices.
pub fn full_page_href(settings: &Settings) -> String {
    format!("./?{}", render(settings, &View::default()))
}

/// What a measurement is for: the address, and the reader's own keys by
/// their digest (they are never in the address), so figures of the
/// template's keys are never taken for figures of the reader's.
pub fn identity(settings: &Settings) -> String {
    let mut query = render(settings, &View::default());
    if let Some(yours) = &settings.your_keys {
        query.push_str("&yours=");
        query.push_str(&yours.id());
    }
    query
}

/// The query string for these settings (without the `?`).
pub fn render(settings: &Settings, view: &View) -> String {
    let servers: Vec<String> = settings
        .servers
        .iter()
        .map(|name| percent_encode(name))
        .collect();
    let change = match &settings.change {
        Change::Join(name) => format!("add={}", percent_encode(name)),
        Change::Leave(name) => format!("remove={}", percent_encode(name)),
        Change::Deploy(after) => format!("after={}", encoded_list(&after.servers)),
    };
    let mut query = format!(
        "servers={}&{change}&points={}&keys={}&first={}&hash={}&eps={}&probes={}",
        servers.join(","),
        settings.points,
        settings.keys,
        settings.first,
        settings.hash.id(),
        settings.eps,
        settings.probes.get()
    );
    query.push_str(&format!(
        "&replicas={}&data={}&bandwidth={}&rate={}&rollout={}",
        settings.replicas.count(),
        settings.data.describe(),
        settings.bandwidth.describe(),
        settings.rate,
        settings.rollout
    ));
    query.push_str(&format!("&skew={}", skew_text(settings.skew)));
    if settings.in_use != InUse::Ring {
        query.push_str(&format!("&use={}", settings.in_use.id()));
    }
    if let (Some(at), true) = (settings.insert_at, settings.change.is_join()) {
        query.push_str(&format!("&addat={at}"));
    }
    if !settings.weights.is_empty() {
        query.push_str("&weights=");
        query.push_str(&encoded_weights(&settings.weights));
    }
    if let Change::Deploy(after) = &settings.change {
        if !after.weights.is_empty() {
            query.push_str("&after-weights=");
            query.push_str(&encoded_weights(&after.weights));
        }
    }
    if !settings.keyname.is_default() {
        query.push_str("&keyname=");
        query.push_str(&percent_encode(settings.keyname.as_str()));
    }
    if !settings.down.is_empty() {
        let down: Vec<String> = settings
            .down
            .iter()
            .map(|name| percent_encode(name))
            .collect();
        query.push_str("&down=");
        query.push_str(&down.join(","));
    }
    if view.embed {
        query.push_str("&embed=1");
    }
    if let Some(panel) = view.panel {
        query.push_str("&panel=");
        query.push_str(panel.as_str());
    }
    if let Some(panel) = view.present {
        query.push_str("&present=");
        query.push_str(panel.as_str());
    }
    if let Some(question) = view.question {
        query.push_str("&q=");
        query.push_str(question.as_str());
    }
    query
}

/// Names for the address, comma-separated.
fn encoded_list(names: &[String]) -> String {
    let names: Vec<String> = names.iter().map(|name| percent_encode(name)).collect();
    names.join(",")
}

/// `NAME:W,…` for the address.
fn encoded_weights(weights: &[(String, Weight)]) -> String {
    let weights: Vec<String> = weights
        .iter()
        .map(|(name, weight)| format!("{}:{}", percent_encode(name), weight.get()))
        .collect();
    weights.join(",")
}

/// What the settings of address `then` had that address `now` lacks, in
/// words, for "your guess was for …": "200 points per server", "echo
/// joining", "hash=fnv1a", or "other settings" past two differences.
pub fn what_differs(then: &str, now: &str) -> String {
    // Compared as written in the address: a value differs or it does not.
    let differing: Vec<String> = then
        .split('&')
        .filter(|pair| !now.split('&').any(|other| other == *pair))
        .filter_map(|pair| pair.split_once('='))
        .map(|(key, value)| match key {
            "points" => format!("{value} points per server"),
            "use" => format!("{value}'s ring"),
            "keys" => format!(
                "{} keys",
                value
                    .parse::<u32>()
                    .map_or(value.to_string(), |k| crate::format::thousands(u64::from(
                        k
                    )))
            ),
            "servers" => format!("the servers {value}"),
            "add" => format!("{value} joining"),
            "remove" => format!("{value} leaving"),
            "after" => format!("the pool after {value}"),
            _ => format!("{key}={value}"),
        })
        .collect();
    match differing.len() {
        1 | 2 => differing.join(" and "),
        _ => "other settings".to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn with_value_sets_one_parameter_and_keeps_the_rest_as_written() {
        assert_eq!(
            with_value("servers=a,b&points=40&keys=9", "points", "7"),
            "servers=a,b&points=7&keys=9"
        );
        assert_eq!(
            with_value("servers=a,b", "hash", "fnv1a"),
            "servers=a,b&hash=fnv1a"
        );
        assert_eq!(with_value("", "points", "7"), "points=7");
        // A repeat is dropped, and a name that only starts the same is kept.
        assert_eq!(
            with_value("points=1&pointsx=2&points=3", "points", "9"),
            "points=9&pointsx=2"
        );
        // What it writes, the parser reads.
        let parsed = parse(&with_value("servers=a,b,c&points=40", "points", "7"));
        assert_eq!(parsed.settings.points, 7);
    }

    use super::*;

    fn parse(query: &str) -> Parsed {
        super::parse(query, &crate::panels::ids())
    }

    #[test]
    fn every_preset_is_valid_and_its_link_reads_back() {
        for preset in presets() {
            assert!(preset.settings.problems().is_empty(), "{}", preset.id);
            let parsed = parse(&render(&preset.settings, &View::default()));
            assert_eq!(*parsed.settings, preset.settings, "{}", preset.id);
            assert!(parsed.notices.is_empty(), "{}", preset.id);
        }
    }

    #[test]
    fn a_preset_names_its_panel_and_the_handout_ticks_it_while_chosen() {
        for preset in presets() {
            // The line the reader sees names the same panel the handout ticks.
            let heading = preset.panel.def().heading;
            assert!(
                preset.teaches.starts_with(&format!("→ {heading}:")),
                "{}: {}",
                preset.id,
                preset.teaches
            );
            let handout = handout_for(&preset.settings);
            assert!(handout.contains(&preset.panel), "{}", preset.id);
            assert!(
                crate::panels::HANDOUT.iter().all(|p| handout.contains(p)),
                "{}",
                preset.id
            );
        }
        let lesson = presets().into_iter().find(|p| p.id == "lesson").unwrap();
        assert_eq!(
            handout_for(&lesson.settings),
            [
                PanelId::Ring,
                PanelId::Predict,
                PanelId::Moved,
                PanelId::Modulo,
                PanelId::Loads,
                PanelId::Cost
            ]
        );
        // One setting away from a preset, the first lesson's panels alone.
        let near = Settings {
            keys: 1_201,
            ..lesson.settings
        };
        assert_eq!(handout_for(&near), crate::panels::HANDOUT);
    }

    #[test]
    fn the_spec_example_reads_as_the_default() {
        let parsed = parse("?servers=alpha,bravo,charlie,delta&add=echo&points=200&keys=1000&first=0&hash=fnv1a-fold");
        assert_eq!(*parsed.settings, Settings::default());
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        assert_eq!(*parse("").settings, Settings::default());
    }

    #[test]
    fn a_joiners_position_round_trips_and_is_checked() {
        let parsed = parse("servers=a,b,c&add=d&addat=2");
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        assert_eq!(parsed.settings.insert_at, Some(2));
        assert_eq!(parsed.settings.pool_after(), ["a", "d", "b", "c"]);
        assert_eq!(
            parse(&render(&parsed.settings, &View::default())).settings,
            parsed.settings
        );
        // The end of the list is the default, written as no position.
        let end = parse("servers=a,b,c&add=d&addat=4");
        assert_eq!(end.settings.insert_at, None);
        assert!(!render(&end.settings, &View::default()).contains("addat"));
        // Past the end, or with a leave: a notice, and the default.
        let past = parse("servers=a,b,c&add=d&addat=5");
        assert_eq!(past.settings.insert_at, None);
        assert_eq!(past.notices.len(), 1, "{:?}", past.notices);
        let leave = parse("servers=a,b,c,d&remove=b&addat=2");
        assert_eq!(leave.settings.insert_at, None);
        assert_eq!(
            leave.notices,
            ["Ignored addat=2: only a joining server has a position."]
        );
    }

    #[test]
    fn a_deploy_is_read_written_and_checked() {
        let address = "servers=a,b,c&weights=b:2&after=a,b,x,c,d&after-weights=b:3,d:4";
        let parsed = parse(address);
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        assert_eq!(parsed.settings.pool_after(), ["a", "b", "x", "c", "d"]);
        assert_eq!(parsed.settings.weight_after_of("b"), 3);
        assert_eq!(parsed.settings.weight_after_of("d"), 4);
        assert_eq!(parsed.settings.weight_after_of("c"), 1);
        assert_eq!(parsed.settings.weight_of("b"), 2);
        let written = render(&parsed.settings, &View::default());
        assert!(
            written.contains("&after=a,b,x,c,d&")
                && written.ends_with("&weights=b:2&after-weights=b:3,d:4"),
            "{written}"
        );
        assert_eq!(parse(&written).settings, parsed.settings);
        // add, remove and addat are one `after`, written as the shorthand.
        for (deploy, shorthand) in [
            ("servers=a,b,c&after=a,b,c,d", "servers=a,b,c&add=d"),
            ("servers=a,b,c&after=a,d,b,c", "servers=a,b,c&add=d&addat=2"),
            ("servers=a,b,c&after=a,c", "servers=a,b,c&remove=b"),
        ] {
            assert_eq!(
                parse(deploy).settings,
                parse(shorthand).settings,
                "{deploy}"
            );
        }
        // A weight changed is no shorthand; nor is an unchanged pool.
        assert!(parse("servers=a,b,c&after=a,b,c,d&after-weights=a:2")
            .settings
            .change
            .is_deploy());
        assert!(parse("servers=a,b,c&after=a,b,c")
            .settings
            .change
            .is_deploy());
        // Both: after is used, with a notice.
        let both = parse("servers=a,b,c&add=d&after=a,c,b");
        assert_eq!(both.settings.pool_after(), ["a", "c", "b"]);
        assert_eq!(
            both.notices,
            ["Ignored add=\u{201c}d\u{201d}: after= gives the pool after, and it is used."]
        );
    }

    #[test]
    fn a_pool_after_the_page_cannot_take_is_refused_by_name() {
        for (address, says) in [
            ("servers=a,b&after=a", "Ignored after=\u{201c}a\u{201d}: the pool after needs 2 to 50 servers, not 1."),
            ("servers=a,b&after=a,a", "Ignored after=\u{201c}a,a\u{201d}: \u{201c}a\u{201d} appears twice; every server needs its own name."),
            ("servers=a,b&after=a,c&after-weights=c:11", "Ignored after-weights=\u{201c}c:11\u{201d}: the weight of \u{201c}c\u{201d} needs a whole number from 1 to 10."),
            ("servers=a,b&after=a,c&after-weights=z:2", "\u{201c}z\u{201d} is not in the pool after, so it cannot have a weight after. Using a default change instead."),
            ("servers=a,b&after-weights=a:2", "Ignored after-weights: it gives weights to the pool after=, and there is none."),
        ] {
            let parsed = parse(address);
            assert!(parsed.notices.iter().any(|n| n == says), "{address}: {:?}", parsed.notices);
            assert!(!parsed.settings.change.is_deploy() || parsed.settings.pool_after().len() >= 2);
        }
    }

    #[test]
    fn every_setting_round_trips() {
        let settings = Settings {
            servers: vec!["north pole".into(), "sü∂".into(), "a&b=c".into()],
            change: Change::Leave("sü∂".into()),
            points: 7,
            keys: 12345,
            first: 99,
            hash: HashKind::Fnv1a,
            in_use: InUse::Twemproxy,
            eps: Epsilon::parse("1.05").unwrap(),
            probes: Probes::new(3).unwrap(),
            down: vec!["a&b=c".into()],
            replicas: Replicas::new(2).unwrap(),
            data: Bytes::new(720_000_000_001),
            bandwidth: Bytes::new(1_500),
            rate: 7,
            rollout: 90,
            weights: vec![("north pole".into(), Weight::new(4).unwrap())],
            skew: parse_skew("1.5").unwrap(),
            keyname: KeyName::parse("user:{i}/é").unwrap(),
            insert_at: None,
            your_keys: None,
        };
        let view = View {
            embed: true,
            panel: Some(PanelId::Predict),
            question: Some(QuestionId::Failover),
            present: Some(PanelId::Loads),
        };
        let parsed = parse(&render(&settings, &view));
        assert_eq!(*parsed.settings, settings);
        assert_eq!(parsed.view, view);
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
    }

    #[test]
    fn malformed_values_fall_back_with_a_notice_each() {
        let parsed = parse("data=-5TB&bandwidth=0&rate=0&rollout=99999&data=1TB");
        assert_eq!(*parsed.settings, Settings::default());
        assert_eq!(parsed.notices.len(), 5, "{:?}", parsed.notices);
        assert!(parsed.notices[0].contains("5.5TB or 200MB"));
        assert_eq!(parse("data=1.25%20GB").settings.data.get(), 1_250_000_000);
        let parsed = parse("weights=alpha:3,zulu:2&skew=1.5");
        assert_eq!(
            parsed.settings.weights,
            vec![("alpha".to_string(), Weight::new(3).unwrap())]
        );
        assert_eq!(parsed.settings.skew.get(), 15);
        assert_eq!(parsed.notices.len(), 1, "{:?}", parsed.notices);
        for bad in ["alpha:0", "alpha:11", "alpha:x", "alpha", "alpha:2,alpha:3"] {
            let parsed = parse(&format!("weights={bad}"));
            assert!(parsed.settings.weights.is_empty(), "{bad}");
            assert_eq!(parsed.notices.len(), 1, "{bad}");
        }
        let servers: Vec<String> = (0..25).map(|i| format!("n{i}")).collect();
        let weights: Vec<String> = servers.iter().map(|name| format!("{name}:10")).collect();
        let parsed = parse(&format!(
            "points=500&servers={}&weights={}",
            servers.join(","),
            weights.join(",")
        ));
        assert!(parsed.settings.weights.is_empty());
        assert!(parsed.notices[0].contains("100,000"));
        assert!(parse("skew=2.5").notices[0].contains("0 to 2"));
        let parsed = parse("eps=0.001&probes=0");
        assert_eq!(*parsed.settings, Settings::default());
        assert!(parsed.notices[0].contains("0.05 to 2"));
        assert!(parsed.notices[1].contains("1 to 64"));
        assert!(parse("panel=nope").notices[0].contains("schemes"));
        // Unknown, repeated and all-down names, too many replicas.
        let parsed = parse("down=zulu,bravo&replicas=5");
        assert_eq!(parsed.settings.down, vec!["bravo".to_string()]);
        assert_eq!(parsed.settings.replicas.count(), 5);
        assert_eq!(parsed.notices.len(), 1, "{:?}", parsed.notices);
        assert!(parsed.notices[0].contains("zulu"));
        let parsed = parse("down=alpha,alpha");
        assert!(parsed.settings.down.is_empty());
        assert!(parsed.notices[0].contains("twice"));
        let parsed = parse("servers=a,b&add=c&down=a,b,c&replicas=4");
        assert!(parsed.settings.down.is_empty());
        assert_eq!(parsed.settings.replicas.count(), 3);
        assert_eq!(parsed.settings.down_servers(), vec!["a".to_string()]);
        assert_eq!(parsed.notices.len(), 2, "{:?}", parsed.notices);
        let parsed = parse("points=abc&hash=md5&keys=5");
        assert_eq!(parsed.settings.points, 200);
        assert_eq!(parsed.settings.hash, HashKind::Fnv1aFold);
        assert_eq!(parsed.settings.keys, 5);
        assert_eq!(parsed.notices.len(), 2);
        assert!(parsed.notices[0].contains("points") && parsed.notices[0].contains("1 to 500"));
        assert!(parsed.notices[1].contains("hash"));
    }

    #[test]
    fn conflicts_and_repeats_keep_the_first_and_say_so() {
        let parsed = parse("add=x&remove=alpha&points=3&points=9");
        assert_eq!(parsed.settings.change, Change::Join("x".into()));
        assert_eq!(parsed.settings.points, 3);
        assert_eq!(parsed.notices.len(), 2);
    }

    #[test]
    fn a_change_that_does_not_fit_the_list_is_replaced() {
        let parsed = parse("add=alpha");
        assert_eq!(parsed.settings.change, Change::Join("echo".into()));
        assert_eq!(parsed.notices.len(), 1);
        let parsed = parse("servers=a,b&remove=a");
        assert_eq!(parsed.settings.change, Change::Join("echo".into()));
        let parsed = parse("servers=echo,b");
        assert_eq!(parsed.settings.change, Change::Join("server-1".into()));
    }

    #[test]
    fn percent_decoding_handles_broken_escapes() {
        assert_eq!(percent_decode("a%20b+c"), Some("a b c".into()));
        assert_eq!(percent_decode("100%"), Some("100%".into()));
        assert_eq!(percent_decode("%zz%4"), Some("%zz%4".into()));
        assert_eq!(percent_decode("%C3%A9"), Some("é".into()));
        assert_eq!(percent_decode("%FF"), None);
    }

    #[test]
    fn an_old_guess_says_what_it_was_for() {
        let then = "servers=alpha,bravo&add=echo&points=200&keys=1000&hash=fnv1a-fold";
        assert_eq!(
            what_differs(
                then,
                "servers=alpha,bravo&add=echo&points=50&keys=1000&hash=fnv1a-fold"
            ),
            "200 points per server"
        );
        assert_eq!(
            what_differs(
                then,
                "servers=alpha,bravo&remove=alpha&points=200&keys=20000&hash=fnv1a-fold"
            ),
            "echo joining and 1,000 keys"
        );
        assert_eq!(
            what_differs(then, "servers=a,b&add=c&points=1&keys=10&hash=fnv1a"),
            "other settings"
        );
    }
}
