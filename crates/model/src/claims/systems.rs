//! Claims about deployed load balancers (DEFINITIONS §15), judged from the
//! systems panel's measurements by stated rules; the findings say "no"
//! where the reason they hold is absent.

use super::{equal_weights, for_one_change, result, unmeasured, yes_no, Remeasure, Verdict};
use crate::format::thousands;
use crate::placements::PlacementId;
use crate::schemes::SchemeResult;
use crate::snapshot::Snapshot;
use crate::systems::haproxy::Haproxy;

/// The change HAProxy's position claim compares with the current one: for
/// a join, the same server appended if it was inserted, else inserted
/// first; for a leave, none (the leave is judged on its own).
pub fn position_needs(s: &Snapshot, _results: &[SchemeResult]) -> Vec<Remeasure> {
    let (Some(joiner), true) = (s.changed, s.is_join()) else {
        return Vec::new();
    };
    let mut other: Vec<_> = s.before.clone();
    let appended = s.after.last() == Some(&joiner);
    if appended {
        other.insert(0, joiner);
    } else {
        other.push(joiner);
    }
    vec![Remeasure::on_change(s, &Haproxy, &s.before, &other)]
}

/// HAProxy numbers servers by their place in the list: a change that
/// shifts the servers after it renumbers them, and their keys move.
pub fn haproxy_position_matters(
    s: &Snapshot,
    results: &[SchemeResult],
    again: &[SchemeResult],
) -> Verdict {
    let Some(current) = result(results, PlacementId::Haproxy) else {
        return unmeasured();
    };
    let Some(changed) = s.changed else {
        return for_one_change(
            "In HAProxy, where a server joins or leaves the list matters: every server after it is renumbered.",
            "Holds when HAProxy moves more keys with the server inserted than appended, or moves keys between servers that stay on a leave.",
        );
    };
    let name = s.name(changed);
    if !s.is_join() {
        let between = current.movement.moved_between;
        let held = between > 0;
        return Verdict {
            statement: format!("In HAProxy, taking {name} out of the list moves keys between servers that stay: every server after it is renumbered."),
            rule: "Holds when HAProxy moves at least one key between two servers that stay on this leave.".into(),
            held: held.into(),
            evidence: format!(
                "{name} leaves from position {} of {}: HAProxy moves {} keys, {} of them between servers that stay; {}.",
                s.before.iter().position(|&id| id == changed).map_or(0, |p| p + 1),
                s.before.len(),
                thousands(current.movement.moved as u64),
                thousands(between as u64),
                yes_no(held)
            ),
        };
    }
    let Some(other) = result(again, PlacementId::Haproxy) else {
        return unmeasured();
    };
    let appended_now = s.after.last() == Some(&changed);
    let (inserted, appended) = if appended_now {
        (other, current)
    } else {
        (current, other)
    };
    let position = if appended_now {
        1
    } else {
        s.after
            .iter()
            .position(|&id| id == changed)
            .map_or(0, |p| p + 1)
    };
    let held = inserted.movement.moved > appended.movement.moved;
    Verdict {
        statement: format!("In HAProxy, where {name} joins the list matters: inserted before other servers it moves more keys than appended at the end, as every server after it is renumbered."),
        rule: "Holds when HAProxy moves more keys with the server inserted (at your position, or first if you appended it) than appended.".into(),
        held: held.into(),
        evidence: format!(
            "Inserted at position {position}: {} keys moved, {} between servers that stay; appended: {} moved, {} between; {}.",
            thousands(inserted.movement.moved as u64),
            thousands(inserted.movement.moved_between as u64),
            thousands(appended.movement.moved as u64),
            thousands(appended.movement.moved_between as u64),
            yes_no(held)
        ),
    }
}

/// Envoy gives every host ceil(1024 / n) entries at equal weights, so a
/// change of n shrinks or grows every host's set; nginx's points depend on
/// nothing but the host.
pub fn envoy_moves_between_nginx_does_not(s: &Snapshot, results: &[SchemeResult]) -> Verdict {
    let (Some(envoy), Some(nginx)) = (
        result(results, PlacementId::EnvoyRing),
        result(results, PlacementId::Nginx),
    ) else {
        return unmeasured();
    };
    let share = |hosts: usize| 1024usize.div_ceil(hosts);
    let held = envoy.movement.moved_between > 0 && nginx.movement.moved_between == 0;
    let entries = if equal_weights(s) {
        format!(
            " Each host holds {} of Envoy's entries before and {} after.",
            share(s.before.len()),
            share(s.after.len())
        )
    } else {
        String::new()
    };
    Verdict {
        statement: "Envoy's ring moves keys between hosts that stay, where nginx's ring moves none: Envoy shares out about 1,024 entries among the hosts, so a change of their number changes every host's share.".into(),
        rule: "Holds when, on this change, Envoy's ring moves at least one key between two hosts that stay and nginx's moves none.".into(),
        held: held.into(),
        evidence: format!(
            "Between hosts that stay: Envoy {} of {} moved, nginx {} of {}.{entries} So it {}.",
            thousands(envoy.movement.moved_between as u64),
            thousands(envoy.movement.moved as u64),
            thousands(nginx.movement.moved_between as u64),
            thousands(nginx.movement.moved as u64),
            if held { "holds" } else { "does not hold" }
        ),
    }
}

/// twemproxy's key hash multiplies by 435 after each byte, so keys that
/// differ only in their last characters land close together.
pub fn twemproxy_lumpier_than_ketama(s: &Snapshot, results: &[SchemeResult]) -> Verdict {
    let (Some(twemproxy), Some(ketama)) = (
        result(results, PlacementId::Twemproxy),
        result(results, PlacementId::Ketama),
    ) else {
        return unmeasured();
    };
    let held = twemproxy.spread.busiest_over_fair() > ketama.spread.busiest_over_fair();
    Verdict {
        statement: "On the same memcached pool, twemproxy's busiest server holds more keys than libketama's: its key hash multiplies by only 435 after each character, so keys that differ at the end land close together.".into(),
        rule: "Holds when twemproxy's busiest server after the change holds more keys than libketama's.".into(),
        held: held.into(),
        evidence: format!(
            "Busiest after the change: twemproxy {}, libketama {} (an even share is {}), with keys named {}; {}.",
            thousands(u64::from(twemproxy.spread.busiest)),
            thousands(u64::from(ketama.spread.busiest)),
            thousands((s.key_count() as f64 / s.after.len() as f64).round() as u64),
            s.settings.key_names().describe(),
            yes_no(held)
        ),
    }
}

/// nginx's points depend on the host and its weight alone; libketama's on
/// the host and its count of digests, the same for every server at equal
/// weights.
pub fn rings_move_only_the_changed_servers_keys(s: &Snapshot, results: &[SchemeResult]) -> Verdict {
    let (Some(nginx), Some(ketama)) = (
        result(results, PlacementId::Nginx),
        result(results, PlacementId::Ketama),
    ) else {
        return unmeasured();
    };
    let equal = equal_weights(s);
    let held = nginx.movement.moved_between == 0 && (!equal || ketama.movement.moved_between == 0);
    Verdict {
        statement: "nginx's ring, and libketama's at equal weights, move keys only to a newcomer or away from a leaver: each server keeps exactly its points.".into(),
        rule: "Holds when nginx moves no key between two servers that stay, nor libketama where every server has the same weight.".into(),
        held: held.into(),
        evidence: format!(
            "Between servers that stay: nginx {}, libketama {}{}; {}.",
            thousands(nginx.movement.moved_between as u64),
            thousands(ketama.movement.moved_between as u64),
            if equal { "" } else { " (unequal weights: libketama's counts are set aside)" },
            yes_no(held)
        ),
    }
}
