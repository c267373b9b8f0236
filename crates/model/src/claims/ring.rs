//! The ring's own claims: how much a change moves, that the two counts
//! agree, that keys move only to a joiner or from a leaver, and what points
//! and the hash do to balance.

use std::borrow::Cow;

use super::{for_one_change, yes_no, Held, Verdict};
use crate::format::{format_ratio, percent, share_in_prose, thousands};
use crate::hash::HashKind;
use crate::keys::Keys;
use crate::measure::{count_moved, loads, Spread};
use crate::ring::{Points, Ring, ServerId};
use crate::snapshot::Snapshot;

/// How many servers the "pools of 1, 2, 3, 4" check grows through.
const GROWING_POOLS: usize = 4;
/// Point settings at which "exactly one owner" is checked, besides the current one.
const OWNER_CHECK_POINTS: [u16; 2] = [1, 10];

/// A change moves about one even share of the keys.
pub fn even_share(s: &Snapshot) -> Verdict {
    if s.is_deploy() {
        return for_one_change(
            "A join or a leave moves about an even share of the keys.",
            "Holds when the keys moved are within 3 binomial standard deviations of the changed server's fair share.",
        );
    }
    let keys = s.key_count() as f64;
    // The changed server's share of the weight: 1 ÷ servers when equal.
    let p = s.changed_weight_share();
    let expected = s.even_share();
    let deviation = (keys * p * (1.0 - p)).sqrt();
    let moved = s.moved_by_owner_diff as f64;
    let off_by = (moved - expected).abs();
    let held = off_by <= 3.0 * deviation;
    let verb = if s.is_join() { "join" } else { "leave" };
    Verdict {
        statement: format!("A {verb} moves about an even share of the keys."),
        rule: "Holds when the keys moved are within 3 binomial standard deviations of the changed server's fair share K·p: √(K·p·(1−p)), p = its weight ÷ the total weight of the pool that holds it (1 ÷ servers at equal weights).".into(),
        held: held.into(),
        evidence: format!(
            "{} moved against {} of {}: off by {}, and 3 standard deviations are {}, {}.",
            thousands(s.moved_by_owner_diff as u64),
            if s.weighted() { "a fair share by weight" } else { "an even share" },
            share_in_prose(expected),
            share_in_prose((off_by * 10.0).round() / 10.0),
            share_in_prose((3.0 * deviation * 10.0).round() / 10.0),
            yes_no(held)
        ),
    }
}

/// Owners before and after a join, both ways: (owner diff, arc walk).
pub fn count_join_both_ways(
    names: &[String],
    pool: &[ServerId],
    joiner: ServerId,
    points: Points,
    hash: HashKind,
    keys: &Keys,
) -> (usize, usize) {
    let mut grown = pool.to_vec();
    grown.push(joiner);
    let ring_after = Ring::build(names, &grown, points, hash);
    let ring_before = ring_after.without(joiner);
    let by_owner = count_moved(&ring_before.owners_of(keys), &ring_after.owners_of(keys));
    let by_arc = ring_after.keys_in_arcs_of(joiner, &keys.sorted);
    (by_owner, by_arc)
}

/// The owner diff and the arc walk agree.
pub fn routes_agree(s: &Snapshot) -> Verdict {
    let mut order = s.before.clone();
    if let (Some(joiner), true) = (s.changed, s.is_join()) {
        order.push(joiner);
    }
    let mut all_agree = s.moved_by_owner_diff == s.moved_by_arc_walk;
    let mut growing = Vec::new();
    for size in 1..=GROWING_POOLS.min(order.len() - 1) {
        let (by_owner, by_arc) = count_join_both_ways(
            &s.names,
            &order[..size],
            order[size],
            s.points_at(s.settings.points),
            s.settings.hash,
            &s.keys,
        );
        all_agree &= by_owner == by_arc;
        growing.push(format!(
            "{} joining {size}: {} and {}",
            s.name(order[size]),
            thousands(by_owner as u64),
            thousands(by_arc as u64)
        ));
    }
    Verdict {
        statement: "Counting moved keys by comparing owners and by walking the claimed arcs gives the same number.".into(),
        rule: "Holds when both counts are equal for the current change and for each join to a pool of 1 to 4 servers.".into(),
        held: all_agree.into(),
        evidence: format!(
            "Current change: {} by owners, {} by arcs. Growing pools: {}; {}.",
            thousands(s.moved_by_owner_diff as u64),
            thousands(s.moved_by_arc_walk as u64),
            growing.join("; "),
            yes_no(all_agree)
        ),
    }
}

/// Keys only move to a server that gained points or from one that lost
/// some: a joiner, a leaver, or, in a deploy, a newcomer, a leaver and a
/// server whose weight rose or fell (DEFINITIONS §20).
pub fn monotone(s: &Snapshot) -> Verdict {
    let weight_before = |id: ServerId| {
        s.before
            .contains(&id)
            .then(|| s.weights_before[usize::from(id)])
    };
    let weight_after = |id: ServerId| s.after.contains(&id).then(|| s.weights[usize::from(id)]);
    let gained = |id: ServerId| weight_after(id) > weight_before(id);
    let lost = |id: ServerId| weight_before(id) > weight_after(id);
    let moved = s.moved_keys().count();
    let through_changed = s
        .moved_keys()
        .filter(|&i| gained(s.owners_after[i]) || lost(s.owners_before[i]))
        .count();
    let between_old = moved - through_changed;
    let held = between_old == 0;
    let (moved, through_changed, between_old) = (
        thousands(moved as u64),
        thousands(through_changed as u64),
        thousands(between_old as u64),
    );
    let (statement, evidence) = match (s.changed, s.is_join()) {
        (Some(joiner), true) => (
            "Every key that moves goes to the joining server; none moves between the others.",
            format!(
                "Of {moved} moved keys, {through_changed} went to {} and {between_old} moved between old servers, {}.",
                s.name(joiner),
                yes_no(held)
            ),
        ),
        (Some(leaver), false) => (
            "Every key that moves comes from the leaving server; none moves between the others.",
            format!(
                "Of {moved} moved keys, {through_changed} came from {} and {between_old} moved between remaining servers, {}.",
                s.name(leaver),
                yes_no(held)
            ),
        ),
        (None, _) => (
            "Every key that moves goes to a server that gained points or comes from one that lost some; none moves between servers whose points stayed.",
            format!(
                "Of {moved} moved keys, {through_changed} went to a newcomer or a server whose weight rose, or came from a leaver or a server whose weight fell, and {between_old} moved between servers whose points stayed, {}.",
                yes_no(held)
            ),
        ),
    };
    Verdict {
        statement: statement.into(),
        rule:
            "Holds when no moved key changed between two servers whose points were the same before and after."
                .into(),
        held: held.into(),
        evidence,
    }
}

/// `hash mod n` moves far more keys than the ring.
pub fn modulo_moves_more(s: &Snapshot) -> Verdict {
    let keys = s.key_count();
    // At even shares modulo moves at least twice the ring's count (n times
    // on a join from n servers), so a bar of 1.5 sits below every
    // expectation: a "no" comes from a lumpy ring, not from noise.
    let held = 2 * s.modulo_moved >= 3 * s.moved_by_owner_diff && s.modulo_moved > 0;
    Verdict {
        statement: "Modulo hashing moves far more keys than the ring for the same change.".into(),
        rule: "Holds when hash mod n moves at least 1.5 times as many keys as the ring. With every server at its fair share it moves at least twice as many (n times as many when a server joins n), so only a ring whose changed server held far more than its share can say no.".into(),
        held: held.into(),
        evidence: format!(
            "Modulo ({} → {} servers) moved {} of {} ({}); the ring moved {} ({}), {}.",
            s.before.len(),
            s.after.len(),
            thousands(s.modulo_moved as u64),
            thousands(keys as u64),
            percent(s.modulo_moved, keys),
            thousands(s.moved_by_owner_diff as u64),
            percent(s.moved_by_owner_diff, keys),
            if held {
                "so it holds".to_string()
            } else {
                match s.changed {
                    Some(changed) => format!(
                        "as {} {} an arc far above its fair share of {}, so it does not hold",
                        s.name(changed),
                        if s.is_join() { "took" } else { "gave up" },
                        share_in_prose(s.even_share())
                    ),
                    None => format!(
                        "as the deploy moves few servers' keys under modulo and the ring moved far more than the {} a fair placement must, so it does not hold",
                        share_in_prose(s.even_share())
                    ),
                }
            }
        ),
    }
}

/// What taking one server off the ring did, for the leave claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    pub server: ServerId,
    /// Keys the server held before it was taken out.
    pub held: usize,
    /// Keys whose owner changed.
    pub moved: usize,
    /// Of those, the keys that had been the server's.
    pub moved_from_it: usize,
}

/// Take `server` off the after-change ring and compare every key's owner
/// with its owner on the full ring.
fn removal(s: &Snapshot, server: ServerId) -> Removal {
    let mut on_full_ring = vec![0; s.keys.len()];
    let mut without_it = vec![0; s.keys.len()];
    s.ring_after
        .fill_owners(&s.keys, &mut on_full_ring, Some((server, &mut without_it)));
    let mut moved = 0;
    let mut moved_from_it = 0;
    for (&was, &now) in on_full_ring.iter().zip(&without_it) {
        if was != now {
            moved += 1;
            if was == server {
                moved_from_it += 1;
            }
        }
    }
    Removal {
        server,
        held: s.loads_after[usize::from(server)] as usize,
        moved,
        moved_from_it,
    }
}

/// Taking out each server in `s.after`, in that order.
pub fn removals(s: &Snapshot) -> Vec<Removal> {
    s.after.iter().map(|&server| removal(s, server)).collect()
}

/// Judged from `removals`.
pub fn leave_claim(s: &Snapshot, removals: &[Removal]) -> Verdict {
    let exact = removals
        .iter()
        .all(|r| r.moved == r.held && r.moved_from_it == r.moved);
    const LISTED: usize = 6;
    let mut listing: Vec<String> = removals
        .iter()
        .take(LISTED)
        .map(|r| {
            format!(
                "{} held {}, moved {}",
                s.name(r.server),
                thousands(r.held as u64),
                thousands(r.moved as u64)
            )
        })
        .collect();
    if removals.len() > LISTED {
        listing.push(format!("and {} more", removals.len() - LISTED));
    }
    Verdict {
        statement: "Removing a server moves exactly the keys it held, whichever server it is.".into(),
        rule: "Holds when, for each server in turn, the keys that move are the keys it held and no others.".into(),
        held: exact.into(),
        evidence: format!(
            "Removing each of the {} servers: {}; {}.",
            removals.len(),
            listing.join("; "),
            yes_no(exact)
        ),
    }
}

/// Taking a server out moves exactly the keys it held.
pub fn leave_moves_its_keys(s: &Snapshot) -> Verdict {
    let removals: Vec<Removal> = s.after.iter().map(|&server| removal(s, server)).collect();
    leave_claim(s, &removals)
}

/// Spread of a pool at some point setting and hash, on the scenario's names.
fn spread_at(
    s: &Snapshot,
    pool: &[ServerId],
    points: u16,
    hash: HashKind,
    keys: &Keys,
) -> (Spread, usize) {
    let ring = Ring::build(&s.names, pool, s.points_at(points), hash);
    let owners = ring.owners_of(keys);
    (
        Spread::of(&loads(&owners, s.names.len()), pool, &s.weights),
        ring.len(),
    )
}

/// "1 point", "200 points".
fn points_phrase(points: u16) -> String {
    if points == 1 {
        "1 point".to_string()
    } else {
        format!("{points} points")
    }
}

fn describe(spread: Spread) -> String {
    format!(
        "busiest {}, quietest {}, spread {}",
        thousands(u64::from(spread.busiest)),
        thousands(u64::from(spread.quietest)),
        format_ratio(spread.ratio())
    )
}

/// One point per server is unfair; many points fix it.
pub fn points_even_out_load(s: &Snapshot) -> Verdict {
    let statement =
        "One point per server is badly unfair; many points per server even the load out.";
    let rule = "Holds when at 1 point the busiest server has at least twice the quietest's keys, and at the current setting less than 1.5 times. Does not apply at 1 point per server, which it would compare with itself.";
    if s.settings.points == 1 {
        return compared_with_itself(statement, rule, s.spread_before());
    }
    let (at_one, _) = spread_at(s, &s.before, 1, s.settings.hash, &s.keys);
    let now = s.spread_before();
    let held = at_one.ratio() >= 2.0 && now.ratio() < 1.5;
    Verdict {
        statement: statement.into(),
        rule: rule.into(),
        held: held.into(),
        evidence: format!(
            "{} servers at 1 point: {}; at {}: {}, {}.",
            s.before.len(),
            describe(at_one),
            points_phrase(s.settings.points),
            describe(now),
            yes_no(held)
        ),
    }
}

/// A claim about more points than one, at one point per server: the ring
/// would be compared with itself, so the claim is not about this setting.
fn compared_with_itself(statement: &str, rule: &str, now: Spread) -> Verdict {
    Verdict {
        statement: statement.into(),
        rule: rule.into(),
        held: Held::NotApplicable,
        evidence: format!(
            "The ring is at 1 point per server ({}), the very setting this claim compares with: it does not apply here. Drag the points up to test it.",
            describe(now)
        ),
    }
}

/// The arcs partition the ring, so each key has one owner.
pub fn one_owner_each(s: &Snapshot) -> Verdict {
    let mut settings: Vec<u16> = OWNER_CHECK_POINTS.to_vec();
    if !settings.contains(&s.settings.points) {
        settings.push(s.settings.points);
    }
    let keys = s.key_count();
    let mut held = true;
    let mut wrapped_total = 0;
    let mut checked = Vec::new();
    for &points in &settings {
        // At the reader's setting the page's own ring and lookups are the
        // ones checked (and not built a second time: at the largest settings
        // that was half this claim's work, in one piece).
        let built;
        let (ring, owner_loads) = if points == s.settings.points {
            (&s.ring_after, Cow::Borrowed(&s.loads_after))
        } else {
            built = Ring::build(&s.names, &s.after, s.points_at(points), s.settings.hash);
            let owner_loads = loads(&built.owners_of(&s.keys), s.names.len());
            (&built, Cow::Owned(owner_loads))
        };
        // Independent of the owner lookup: count each server's arcs.
        let mut arc_total = 0;
        for &server in &s.after {
            let in_arcs = ring.keys_in_arcs_of(server, &s.keys.sorted);
            arc_total += in_arcs;
            held &= in_arcs == owner_loads[usize::from(server)] as usize;
        }
        held &= arc_total == keys;
        held &= owner_loads.iter().map(|&load| load as usize).sum::<usize>() == keys;
        // Keys past the last entry must wrap to the first entry's server.
        let last = ring.entries().last().map_or(0, |entry| entry.position);
        let first_server = ring.entries()[0].server;
        for &position in s
            .keys
            .sorted
            .iter()
            .rev()
            .take_while(|&&position| position > last)
        {
            wrapped_total += 1;
            held &= ring.owner(position) == Some(first_server);
        }
        checked.push(points.to_string());
    }
    Verdict {
        statement: "Every key has exactly one owner, including keys past the last entry, which wrap to the first.".into(),
        rule: "Holds when, at each point setting checked, the keys inside each server's arcs equal its load by lookup, the arcs add up to every key once, and every key past the last entry goes to the first entry's server.".into(),
        held: held.into(),
        evidence: format!(
            "Checked at {} points per server: the arcs held all {} keys once each, {} keys in all lay past the last entry and wrapped; {}.",
            checked.join(", "),
            thousands(keys as u64),
            thousands(wrapped_total as u64),
            yes_no(held)
        ),
    }
}

/// The fairness of many points costs ring entries.
pub fn fairness_costs_entries(s: &Snapshot) -> Verdict {
    let statement = "Fairness costs ring entries: each extra point per server is one more entry to store and search.";
    let rule = "Holds when the current setting is fairer than 1 point per server and needs more ring entries to be so. Does not apply at 1 point per server, which it would compare with itself.";
    if s.settings.points == 1 {
        return compared_with_itself(statement, rule, s.spread_after());
    }
    let (at_one, entries_at_one) = spread_at(s, &s.after, 1, s.settings.hash, &s.keys);
    let now = s.spread_after();
    let entries_now = s.ring_after.len();
    let held = entries_now > entries_at_one && now.ratio() < at_one.ratio();
    Verdict {
        statement: statement.into(),
        rule: rule.into(),
        held: held.into(),
        evidence: format!(
            "At 1 point: {} entries, spread {}; at {}: {} entries, spread {}, {}.",
            thousands(entries_at_one as u64),
            format_ratio(at_one.ratio()),
            points_phrase(s.settings.points),
            thousands(entries_now as u64),
            format_ratio(now.ratio()),
            yes_no(held)
        ),
    }
}

/// Balance needs a hash that scatters similar names.
pub fn hash_must_scatter(s: &Snapshot) -> Verdict {
    let finalized = if s.settings.hash.is_finalized() {
        s.settings.hash
    } else {
        HashKind::Fnv1aFold
    };
    let points = s.settings.points;
    let spread_for = |hash: HashKind| {
        if hash == s.settings.hash {
            s.spread_before()
        } else {
            let keys = Keys::of(s.settings.key_spec().with_hash(hash));
            spread_at(s, &s.before, points, hash, &keys).0
        }
    };
    let plain = spread_for(HashKind::Fnv1a);
    let mixed = spread_for(finalized);
    let held = mixed.ratio().is_finite() && plain.ratio() >= 1.5 * mixed.ratio();
    Verdict {
        statement: "Balance needs a hash that scatters: plain FNV-1a leaves a pattern that piles keys up.".into(),
        rule: "Holds when the spread under plain fnv1a is at least 1.5 times the spread under the finalized hash, at the current points.".into(),
        held: held.into(),
        evidence: format!(
            "At {} on {} servers: fnv1a {}; {} {}, {}.",
            points_phrase(points),
            s.before.len(),
            describe(plain),
            finalized.id(),
            describe(mixed),
            yes_no(held)
        ),
    }
}
