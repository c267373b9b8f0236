//! A server that is down is not a server removed (DEFINITIONS §19). Each
//! scheme and system routes a key whose server is down by its own rule
//! (`Scheme::route_down`; `schemes::measure_down` counts it), with every server still in its list; deleting
//! the same servers' lines instead places the keys on what is left. Both are
//! counted against the pool after the change with every server up.

use serde::Serialize;

use crate::format::thousands;
use crate::ring::ServerId;

/// Where one key's request goes while some servers are down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Routed {
    /// To this server (which may be one that is down: Envoy in panic).
    To(ServerId),
    /// To a round-robin fallback, whose server depends on the order of
    /// requests (nginx after 21 tries), so no single server is named.
    RoundRobin,
    /// Nowhere: the request fails (twemproxy without `auto_eject_hosts`).
    Failed,
}

/// What a scheme or system does with `down` servers of the pool down, and
/// with their lines deleted instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DownOutcome {
    /// Keys now sent to a server that is up and differs from their server
    /// with every server up.
    pub moved: usize,
    /// Of those, keys whose server with every server up is still up.
    pub moved_between: usize,
    /// Keys whose requests fail.
    pub failed: usize,
    /// Keys still sent to a server that is down.
    pub to_down: usize,
    /// Keys left to a round-robin fallback.
    pub round_robin: usize,
    /// Per server id: the moved keys it receives.
    pub received: Vec<u32>,
    /// The same servers' lines deleted instead: keys whose server differs.
    pub removed_moved: usize,
    /// Of those, keys whose server with every server up stays.
    pub removed_moved_between: usize,
}

impl DownOutcome {
    /// Whether going down and being deleted move different keys.
    pub fn differs(&self) -> bool {
        self.moved != self.removed_moved
            || self.moved_between != self.removed_moved_between
            || self.failed + self.to_down + self.round_robin > 0
    }

    /// The server that receives the most moved keys, with its count.
    pub fn top_receiver(&self) -> Option<(ServerId, u32)> {
        self.received
            .iter()
            .enumerate()
            .filter(|(_, &count)| count > 0)
            .max_by_key(|&(id, &count)| (count, std::cmp::Reverse(id)))
            .map(|(id, &count)| (id as ServerId, count))
    }
}

/// Count every key: `up` its server with every server up, `routed` where
/// it goes with `down` down, `removed` its server with their lines deleted.
/// `servers` sizes `received`.
pub fn count(
    up: &[ServerId],
    routed: &[Routed],
    removed: &[ServerId],
    down: &[ServerId],
    servers: usize,
) -> DownOutcome {
    let is_down = |server: ServerId| down.contains(&server);
    let mut outcome = DownOutcome {
        moved: 0,
        moved_between: 0,
        failed: 0,
        to_down: 0,
        round_robin: 0,
        received: vec![0; servers],
        removed_moved: 0,
        removed_moved_between: 0,
    };
    for ((&was, &now), &deleted) in up.iter().zip(routed).zip(removed) {
        match now {
            Routed::To(server) if is_down(server) => outcome.to_down += 1,
            Routed::To(server) if server != was => {
                outcome.moved += 1;
                outcome.moved_between += usize::from(!is_down(was));
                outcome.received[usize::from(server)] += 1;
            }
            Routed::To(_) => {}
            Routed::RoundRobin => outcome.round_robin += 1,
            Routed::Failed => outcome.failed += 1,
        }
        if deleted != was {
            outcome.removed_moved += 1;
            outcome.removed_moved_between += usize::from(!is_down(was));
        }
    }
    outcome
}

/// The keys of a placement that keeps every server in its list, with a key
/// on a down server handled by `on_down` (Envoy in panic sends it there,
/// twemproxy without ejection fails it).
pub fn kept_list(
    owners: &[ServerId],
    down: &[ServerId],
    on_down: fn(ServerId) -> Routed,
) -> Vec<Routed> {
    owners
        .iter()
        .map(|&owner| {
            if down.contains(&owner) {
                on_down(owner)
            } else {
                Routed::To(owner)
            }
        })
        .collect()
}

/// What a row does while its servers are down, for its table cell:
/// "207 moved", "320 fail", "11 left to round robin" …, joined by "; ".
pub fn down_words(outcome: &DownOutcome) -> String {
    let mut parts = Vec::new();
    if outcome.moved > 0 || outcome.failed + outcome.to_down + outcome.round_robin == 0 {
        parts.push(moved_words(outcome.moved, outcome.moved_between));
    }
    for (count, words) in [
        (outcome.failed, "fail"),
        (outcome.to_down, "still sent to a down server"),
        (outcome.round_robin, "left to round robin"),
    ] {
        if count > 0 {
            parts.push(format!("{} {words}", thousands(count as u64)));
        }
    }
    parts.join("; ")
}

/// What deleting the same lines does, for the cell beside it.
pub fn removed_words(outcome: &DownOutcome) -> String {
    moved_words(outcome.removed_moved, outcome.removed_moved_between)
}

fn moved_words(moved: usize, between: usize) -> String {
    let mut words = format!("{} moved", thousands(moved as u64));
    if between > 0 {
        words.push_str(&format!(
            " ({} between servers up)",
            thousands(between as u64)
        ));
    }
    words
}

/// What a row does with its keys while the servers are down, as a clause:
/// "moves 207 keys", "fails 320 keys and …".
fn acts(outcome: &DownOutcome) -> String {
    let keys = |count: usize| {
        format!(
            "{} key{}",
            thousands(count as u64),
            if count == 1 { "" } else { "s" }
        )
    };
    let mut acts = Vec::new();
    if outcome.moved > 0 {
        let mut moves = format!("moves {}", keys(outcome.moved));
        if outcome.moved_between > 0 {
            moves.push_str(&format!(
                " ({} between servers that stay up)",
                thousands(outcome.moved_between as u64)
            ));
        }
        acts.push(moves);
    }
    if outcome.failed > 0 {
        acts.push(format!("fails {}", keys(outcome.failed)));
    }
    if outcome.to_down > 0 {
        acts.push(format!(
            "still sends {} to down servers",
            keys(outcome.to_down)
        ));
    }
    if outcome.round_robin > 0 {
        acts.push(format!(
            "leaves {} to round robin",
            keys(outcome.round_robin)
        ));
    }
    if acts.is_empty() {
        acts.push("moves no key".to_string());
    }
    crate::format::and_list(&acts)
}

/// The finding under a table of `rows` (title and outcome) with `down` (the
/// down servers' names in words, `count` of them) down: which rows route
/// around a down server otherwise than deleting its line, and how; which do
/// the same.
pub fn finding(rows: &[(&str, &DownOutcome)], down: &str, count: usize) -> String {
    let (differ, same): (Vec<_>, Vec<_>) = rows.iter().partition(|(_, o)| o.differs());
    let lines = if count == 1 {
        "its line"
    } else {
        "their lines"
    };
    if differ.is_empty() {
        return format!(
            "With {down} down, every row places keys exactly as if {lines} were deleted."
        );
    }
    let clauses: Vec<String> = differ
        .iter()
        .map(|(title, o)| {
            let mut clause = format!(
                "{title} {} while down; deleting {lines} would move {}",
                acts(o),
                thousands(o.removed_moved as u64)
            );
            if o.removed_moved_between > 0 {
                clause.push_str(&format!(
                    ", {} of them between servers that stay up",
                    thousands(o.removed_moved_between as u64)
                ));
            }
            clause
        })
        .collect();
    let mut said = format!(
        "With {down} down, {} of {} rows differ from deleting {lines}. {}.",
        differ.len(),
        rows.len(),
        clauses.join(". ")
    );
    if !same.is_empty() {
        let titles: Vec<&str> = same.iter().map(|(title, _)| *title).collect();
        said.push_str(&format!(
            " {} place keys on the servers still up, exactly as if {lines} were deleted.",
            crate::format::and_list(&titles)
        ));
    }
    said
}
