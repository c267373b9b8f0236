//! Claims about the other placement schemes, judged from their measurements
//! on the current settings by stated rules, like the ring's claims: each can
//! say "no" when the measurement says so.

use super::{changed_share, result, yes_no, Held, Remeasure, Verdict};
use crate::format::{percent, share_in_prose, thousands};
use crate::measure::most_keys;
use crate::placements::PlacementId;
use crate::ring::ServerId;
use crate::schemes::{bounded, jump::Jump, SchemeResult};
use crate::snapshot::Snapshot;

/// Is `moved` within 3 binomial standard deviations of an even share of
/// `keys` over `servers`? Also the even share and the 3σ band, for the words.
/// Whether `moved` is within 3 binomial standard deviations of a share `p`
/// of the keys: the verdict, the expected count and the band.
fn near_share(moved: usize, keys: usize, p: f64) -> (bool, f64, f64) {
    let expected = keys as f64 * p;
    let band = 3.0 * (keys as f64 * p * (1.0 - p)).sqrt();
    ((moved as f64 - expected).abs() <= band, expected, band)
}

fn round1(value: f64) -> String {
    share_in_prose((value * 10.0).round() / 10.0)
}

/// The pool that includes the changed server: after a join, before a leave.
fn full_pool(s: &Snapshot) -> &[ServerId] {
    if s.is_join() {
        &s.after
    } else {
        &s.before
    }
}

/// The two changes jump hash is judged on, in order: the full pool's last
/// server joining, then its second (the first of two) leaving. Each comes
/// with the measurement of the current change where it is that change.
type JumpChange<'a> = (Vec<ServerId>, Vec<ServerId>, Option<&'a SchemeResult>);

/// The full pool's last server and the one from the middle of the list
/// (the second, as with bravo), by their places in it.
fn jump_ends(pool: &[ServerId]) -> (usize, usize) {
    (pool.len() - 1, usize::from(pool.len() > 2))
}

fn jump_changes<'a>(s: &Snapshot, results: &'a [SchemeResult]) -> [JumpChange<'a>; 2] {
    let pool = full_pool(s);
    let (last, middle) = jump_ends(pool);
    let current = result(results, PlacementId::Jump);
    let remaining: Vec<ServerId> = pool
        .iter()
        .copied()
        .filter(|&server| server != pool[middle])
        .collect();
    [
        (
            pool[..last].to_vec(),
            pool.to_vec(),
            current.filter(|_| s.is_join()),
        ),
        (
            pool.to_vec(),
            remaining,
            current.filter(|_| !s.is_join() && s.changed == Some(pool[middle])),
        ),
    ]
}

/// What `jump_ends_only` measures again: each of its two changes that is
/// not the current one (placed a piece at a time on the page).
pub fn jump_ends_needs(s: &Snapshot, results: &[SchemeResult]) -> Vec<Remeasure> {
    jump_changes(s, results)
        .into_iter()
        .filter(|(_, _, current)| current.is_none())
        .map(|(before, after, _)| Remeasure::on_change(s, &Jump, &before, &after))
        .collect()
}

/// Jump hash numbers its servers, so only the last one can come or go cheaply.
pub fn jump_ends_only(s: &Snapshot, results: &[SchemeResult], again: &[SchemeResult]) -> Verdict {
    let pool = full_pool(s);
    let (last, middle) = jump_ends(pool);
    // The measurements in the order the two changes were asked for.
    let mut again = again.iter();
    let [joined, left] =
        jump_changes(s, results).map(|(_, _, current)| current.or_else(|| again.next()));
    let (Some(joined), Some(left)) = (joined, left) else {
        return missing();
    };
    let leaver_held = left.movement.loads_before[usize::from(pool[middle])] as usize;
    let statement = "Jump hash moves only the new server's share when a server is added at the end of the list, but far more when one leaves from the middle.";
    let rule = "Holds when adding the last server moves no key between the others, and removing the second moves more between servers that stay than 3·√(K·p·(1−p)), p = 1 ÷ n. Does not apply when the count expected, K·((n−3) + (n−2)÷(n−1)) ÷ n, is within twice that: too few keys to tell.";
    let keys = s.key_count() as f64;
    let n = pool.len() as f64;
    let p = 1.0 / n;
    let band = 3.0 * (keys * p * (1.0 - p)).sqrt();
    let expected = keys * ((n - 3.0) + (n - 2.0) / (n - 1.0)) / n;
    let figures = format!(
        "Adding {} at the end: {} moved, {} between the others. Removing {}: {} moved, {} of them between servers that stayed (about {} expected; 3 standard deviations: {}), against the {} keys {} held under jump",
        s.name(pool[last]),
        thousands(joined.movement.moved as u64),
        thousands(joined.movement.moved_between as u64),
        s.name(pool[middle]),
        thousands(left.movement.moved as u64),
        thousands(left.movement.moved_between as u64),
        round1(expected),
        round1(band),
        thousands(leaver_held as u64),
        s.name(pool[middle]),
    );
    let held = joined.movement.moved_between == 0 && left.movement.moved_between as f64 > band;
    Verdict::beyond_noise(
        statement.into(),
        rule.into(),
        figures,
        expected > 2.0 * band,
        held,
    )
}

/// Maglev rebuilds its table from scratch, so a few rows change hands
/// between servers that stay: nearly, not perfectly, monotone.
pub fn maglev_nearly_monotone(_: &Snapshot, results: &[SchemeResult]) -> Verdict {
    let Some((r, table)) =
        result(results, PlacementId::Maglev).and_then(|r| r.table_moves.map(|table| (r, table)))
    else {
        return missing();
    };
    // Of the rows that change hands, the share that go between servers that
    // stay: the table's departure from a perfectly monotone scheme. It grows
    // with the pool, as each server's minimal share shrinks.
    let held = table.between > 0 && table.between * 20 <= table.changed;
    Verdict {
        statement: "Maglev is nearly but not perfectly monotone: rebuilding its table hands a few rows between servers that stay.".into(),
        rule: "Holds when some table rows change owner between two servers present before and after, and they are at most 1 in 20 of the rows that change owner.".into(),
        held: held.into(),
        evidence: format!(
            "Of {} rows, {} changed owner and {} of those ({}) moved between servers that stayed; {}. On the keys: {} moved, {} between servers that stayed.",
            thousands(table.rows as u64),
            thousands(table.changed as u64),
            thousands(table.between as u64),
            percent(table.between, table.changed),
            yes_no(held),
            thousands(r.movement.moved as u64),
            thousands(r.movement.moved_between as u64)
        ),
    }
}

/// Bounded loads caps every server; when the cap binds, keys shuffle
/// between servers that stay.
pub fn bounded_caps_load(s: &Snapshot, results: &[SchemeResult]) -> Verdict {
    let keys = s.key_count();
    let eps = s.settings.eps;
    let cap_before = bounded::capacity(eps, keys, s.before.len());
    let cap_after = bounded::capacity(eps, keys, s.after.len());
    // The cap counts keys, whatever the weights.
    let ring_busiest_before = most_keys(&s.loads_before, &s.before);
    let ring_busiest_after = most_keys(&s.loads_after, &s.after);
    let binds = ring_busiest_before > cap_before || ring_busiest_after > cap_after;
    let (Some(ring), Some(capped)) = (
        result(results, PlacementId::Ring),
        result(results, PlacementId::Bounded),
    ) else {
        return missing();
    };
    let capped_busiest_before = most_keys(&capped.movement.loads_before, &s.before);
    let capped_busiest_after = most_keys(&capped.movement.loads_after, &s.after);
    let within = capped_busiest_before <= cap_before && capped_busiest_after <= cap_after;
    let price_paid = if binds {
        capped.movement.moved_between > ring.movement.moved_between
    } else {
        capped.movement == ring.movement
    };
    let held = within && price_paid;
    let situation = if binds {
        format!(
            "The plain ring's busiest would hold {} before and {} after, over the cap, so bounded loads pushed keys on: {} moved, {} of them between servers that stayed (the ring: {})",
            thousands(u64::from(ring_busiest_before)),
            thousands(u64::from(ring_busiest_after)),
            thousands(capped.movement.moved as u64),
            thousands(capped.movement.moved_between as u64),
            thousands(ring.movement.moved_between as u64),
        )
    } else {
        format!(
            "The plain ring's busiest holds {} before and {} after, under the cap, so bounded loads placed every key as the ring did: {} moved, {} between servers that stayed",
            thousands(u64::from(ring_busiest_before)),
            thousands(u64::from(ring_busiest_after)),
            thousands(capped.movement.moved as u64),
            thousands(capped.movement.moved_between as u64),
        )
    };
    Verdict {
        statement: "Bounded loads never lets a server hold more than (1+ε) times an even share; when that cap binds, the price is keys moving between servers that stay.".into(),
        rule: "Holds when no server exceeds the cap before or after, and either the cap binds and more keys move between staying servers than on the plain ring, or it never binds and the placement equals the ring's.".into(),
        held: held.into(),
        evidence: format!(
            "With ε = {eps}, the cap is ⌈(1+ε)·K ÷ n⌉: {} before, {} after; the busiest held {} and {}. {situation}; {}.",
            thousands(u64::from(cap_before)),
            thousands(u64::from(cap_after)),
            thousands(u64::from(capped_busiest_before)),
            thousands(u64::from(capped_busiest_after)),
            yes_no(held)
        ),
    }
}

/// Rendezvous needs nothing but the names, and pays with a score per server
/// on every lookup.
pub fn rendezvous_without_table(s: &Snapshot, results: &[SchemeResult]) -> Verdict {
    let Some(r) = result(results, PlacementId::Rendezvous) else {
        return missing();
    };
    // Weighted rendezvous moves the changed server's weighted share.
    let (near, expected, band) = near_share(r.movement.moved, s.key_count(), changed_share(s));
    // Only what rendezvous guarantees decides: the share is reported, as
    // a count of random keys near its expectation, not judged.
    let held = r.movement.moved_between == 0;
    // A binary search over the ring's entries takes about log2(entries) steps.
    let entries = s.ring_after.len().max(1);
    let search_steps = usize::BITS - entries.leading_zeros();
    Verdict {
        statement: "Rendezvous hashing needs no table, only the server names, and still moves just the changed server's share; the price is that every lookup scores every server.".into(),
        rule: "Holds when rendezvous moves no key between servers that stay. Its moved count is set beside the changed server's fair share, K × its weight ÷ the pool's total weight, with 3 binomial standard deviations.".into(),
        held: held.into(),
        evidence: format!(
            "It keeps {} names and scores all {} per lookup, where the ring searches about {} of its {} entries. It moved {} against a fair share of {} ({} 3 standard deviations of {}), {} between servers that stayed; {}.",
            s.after.len(),
            s.after.len(),
            search_steps,
            thousands(entries as u64),
            thousands(r.movement.moved as u64),
            round1(expected),
            if near { "within" } else { "outside" },
            round1(band),
            thousands(r.movement.moved_between as u64),
            yes_no(held)
        ),
    }
}

/// A claim whose scheme was not measured: an honest "no", never a panic.
fn missing() -> Verdict {
    Verdict {
        statement: "This scheme was not measured.".into(),
        rule: "Needs the scheme's measurement.".into(),
        held: Held::No,
        evidence: "No measurement was available.".into(),
    }
}
