//! A deploy's shape and its words (DEFINITIONS §20): the servers that stay,
//! whether it reorders them, the reorder alone; what was replaced, added,
//! removed, reweighted, renumbered and reordered. Read once per address, so
//! it lives here, compiled for size, beside the deploy `model-core` measures.

use crate::deploy::{Bounds, Deploy, PoolServer, Side};
use crate::ring::ServerId;

/// The pool on one side, as lines.
pub fn pool(deploy: &Deploy, side: Side) -> Vec<PoolServer> {
    let (members, weights, ids) = deploy.side(side);
    members
        .iter()
        .map(|&id| PoolServer {
            name: deploy.names[usize::from(id)].clone(),
            weight: weights[usize::from(id)],
            fixed_id: ids[usize::from(id)],
            down: match side {
                Side::Before => deploy.down_before.contains(&id),
                Side::After => deploy.down_after.contains(&id),
            },
        })
        .collect()
}

/// Servers in both pools, in the order before.
pub fn staying(deploy: &Deploy) -> Vec<ServerId> {
    deploy
        .before
        .iter()
        .copied()
        .filter(|id| deploy.after.contains(id))
        .collect()
}

/// Whether the pool after is the pool before: same lines, same order.
pub fn is_unchanged(deploy: &Deploy) -> bool {
    pool(deploy, Side::Before) == pool(deploy, Side::After)
}

/// Servers in both pools, in the order they stand after.
pub fn staying_in_order_after(deploy: &Deploy) -> Vec<ServerId> {
    deploy
        .after
        .iter()
        .copied()
        .filter(|id| deploy.before.contains(id))
        .collect()
}

/// Whether the servers in both pools stand in another order after.
pub fn reorders(deploy: &Deploy) -> bool {
    staying_in_order_after(deploy) != staying(deploy)
}

/// The reorder alone: the pool before with its servers in the order
/// they stand after (those that leave keep their places among them), so
/// its keys moved can be measured apart from the rest of the deploy.
/// None when nothing is reordered.
pub fn reorder_only(deploy: &Deploy) -> Option<Deploy> {
    if !reorders(deploy) {
        return None;
    }
    let before = pool(deploy, Side::Before);
    let mut staying_after = deploy
        .after
        .iter()
        .filter(|id| deploy.before.contains(id))
        .map(|&id| before[deploy.before.iter().position(|&b| b == id).unwrap_or(0)].clone());
    let reordered: Vec<PoolServer> = deploy
        .before
        .iter()
        .zip(&before)
        .map(|(id, line)| {
            if deploy.after.contains(id) {
                staying_after.next().unwrap_or_else(|| line.clone())
            } else {
                line.clone()
            }
        })
        .collect();
    Deploy::new(&before, &reordered, Bounds::COUNTED).ok()
}

/// The deploy in words: what was replaced, added, removed, reweighted,
/// renumbered and reordered, one clause each, joined by semicolons.
pub fn describe(deploy: &Deploy) -> String {
    if is_unchanged(deploy) {
        return "nothing changes: the pool after places keys as the pool before, server for server"
            .into();
    }
    let mut clauses = Vec::new();
    let (replaced, removed, added) = pairs(deploy);
    let weight_clause = |was: ServerId, now: ServerId| {
        let (w0, w1) = (
            deploy.weights_before[usize::from(was)],
            deploy.weights_after[usize::from(now)],
        );
        (w0 != w1).then(|| format!("weight {w0} \u{2192} {w1}"))
    };
    for &(old, new) in &replaced {
        clauses.push(format!(
            "{} replaced by {} (same place in the list{})",
            deploy.name(old),
            deploy.name(new),
            weight_clause(old, new)
                .map(|change| format!(", {change}"))
                .unwrap_or_default()
        ));
    }
    for &id in &added {
        let at = deploy.after.iter().position(|&a| a == id).unwrap_or(0);
        let place = if at + 1 == deploy.after.len() {
            "at the end".to_string()
        } else if at == 0 {
            "first in the list".to_string()
        } else {
            format!("after {}", deploy.name(deploy.after[at - 1]))
        };
        clauses.push(format!(
            "{} added {place}{}{}",
            deploy.name(id),
            match deploy.weights_after[usize::from(id)] {
                1 => String::new(),
                w => format!(" with weight {w}"),
            },
            if deploy.down_after.contains(&id) {
                ", marked down"
            } else {
                ""
            }
        ));
    }
    for &id in &removed {
        clauses.push(format!("{} removed", deploy.name(id)));
    }
    for id in staying(deploy) {
        if let Some(change) = weight_clause(id, id) {
            clauses.push(format!("{} {change}", deploy.name(id)));
        }
        match (
            deploy.down_before.contains(&id),
            deploy.down_after.contains(&id),
        ) {
            (false, true) => clauses.push(format!("{} marked down", deploy.name(id))),
            (true, false) => clauses.push(format!("{} back up", deploy.name(id))),
            _ => {}
        }
        let (was, now) = (
            deploy.ids_before[usize::from(id)],
            deploy.ids_after[usize::from(id)],
        );
        if was != now {
            let show = |id: Option<u32>| id.map_or("by position".to_string(), |id| id.to_string());
            clauses.push(format!(
                "{} id {} \u{2192} {}",
                deploy.name(id),
                show(was),
                show(now)
            ));
        }
    }
    clauses.push(order_clause(deploy, &replaced));
    clauses.join("; ")
}

/// Leavers and newcomers paired where a newcomer takes a leaver's place
/// (the same staying server before each, in turn), then the rest.
#[allow(clippy::type_complexity)]
fn pairs(deploy: &Deploy) -> (Vec<(ServerId, ServerId)>, Vec<ServerId>, Vec<ServerId>) {
    // Each leaver or newcomer keyed by the staying server before it.
    let gaps = |pool: &[ServerId], other: &[ServerId]| {
        let mut anchor: Option<ServerId> = None;
        let mut out = Vec::new();
        for &id in pool {
            if other.contains(&id) {
                anchor = Some(id);
            } else {
                out.push((anchor, id));
            }
        }
        out
    };
    let leavers = gaps(&deploy.before, &deploy.after);
    let mut newcomers = gaps(&deploy.after, &deploy.before);
    let mut replaced = Vec::new();
    let mut removed = Vec::new();
    for (anchor, old) in leavers {
        match newcomers.iter().position(|(a, _)| *a == anchor) {
            Some(at) => replaced.push((old, newcomers.remove(at).1)),
            None => removed.push(old),
        }
    }
    let added = newcomers.into_iter().map(|(_, id)| id).collect();
    (replaced, removed, added)
}

/// What happened to the order of the servers that stay.
fn order_clause(deploy: &Deploy, replaced: &[(ServerId, ServerId)]) -> String {
    if reorders(deploy) {
        return reorder_clause(deploy);
    }
    // Same relative order: do any stand at another position?
    let shifted = staying(deploy)
        .into_iter()
        .filter(|id| {
            deploy.before.iter().position(|b| b == id) != deploy.after.iter().position(|a| a == id)
        })
        .count();
    match shifted {
        0 if replaced.is_empty() && deploy.before.len() == deploy.after.len() => {
            "order unchanged".into()
        }
        0 => "order otherwise unchanged".into(),
        1 => "order otherwise unchanged, but 1 server stands at another position".into(),
        n => format!("order otherwise unchanged, but {n} servers stand at other positions"),
    }
}

/// A reorder in words: the pairs that trade places when that is all it
/// is, else the new order of the servers that stay.
fn reorder_clause(deploy: &Deploy) -> String {
    let was = staying(deploy);
    let now = staying_in_order_after(deploy);
    let mut swaps = Vec::new();
    for (at, (&a, &b)) in was.iter().zip(&now).enumerate() {
        // A swap: each of the pair stands where the other stood.
        let back = was.iter().position(|&w| w == b).map(|j| now[j]);
        if a != b && back == Some(a) && was.iter().position(|&w| w == b) > Some(at) {
            swaps.push(format!(
                "{} and {} trade places",
                deploy.name(a),
                deploy.name(b)
            ));
        } else if a != b && back != Some(a) {
            swaps.clear();
            break;
        }
    }
    if !swaps.is_empty() {
        return format!("reordered: {}", swaps.join(", "));
    }
    let names: Vec<&str> = now.iter().take(8).map(|&id| deploy.name(id)).collect();
    format!(
        "reordered: the servers that stay now stand {}{}",
        names.join(", "),
        if now.len() > 8 { ", \u{2026}" } else { "" }
    )
}
