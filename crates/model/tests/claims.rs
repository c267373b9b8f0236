//! Every claim of the table is one of two kinds (DEFINITIONS §14): a check of an
//! invariant, which holds wherever the reader goes, or a finding, which
//! says "no" somewhere the reader can go. The list itself names where.

use model::claims::{evaluate, Claim, Held, Kind, ALL};
use model::query;
use model::Snapshot;

fn judged(address: &str) -> Vec<Claim> {
    let parsed = query::parse(address, &model::panels::ids());
    assert!(parsed.notices.is_empty(), "{address}: {:?}", parsed.notices);
    evaluate(&Snapshot::of(&parsed.settings))
}

fn claim_at(address: &str, id: &str) -> Claim {
    judged(address)
        .into_iter()
        .find(|claim| claim.id == id)
        .unwrap_or_else(|| panic!("no claim {id}"))
}

#[test]
fn ids_are_unique_and_the_table_follows_the_list() {
    let ids: Vec<&str> = ALL.iter().map(|def| def.id).collect();
    for (index, id) in ids.iter().enumerate() {
        assert!(!ids[..index].contains(id), "{id} twice");
    }
    let order: Vec<&str> = judged("").into_iter().map(|claim| claim.id).collect();
    assert_eq!(order, ids);
}

#[test]
fn every_claim_holds_at_the_default() {
    for claim in judged("") {
        assert_eq!(claim.held, Held::Yes, "{}: {}", claim.id, claim.evidence);
    }
}

/// A finding says "no" at the address it names, for the reason its
/// evidence gives; where it names an address it does not apply to, it says
/// so, in words, and is counted neither yes nor no.
#[test]
fn every_finding_says_no_and_n_a_where_it_names() {
    for def in ALL {
        match (def.kind, def.refuted_at) {
            (Kind::Finding, Some(address)) => {
                let claim = claim_at(address, def.id);
                assert_eq!(
                    claim.held,
                    Held::No,
                    "{} at {address}: {}",
                    def.id,
                    claim.evidence
                );
                assert!(
                    claim
                        .evidence
                        .to_lowercase()
                        .contains("so it does not hold"),
                    "{} at {address}: the evidence does not give its reason: {}",
                    def.id,
                    claim.evidence
                );
            }
            (Kind::Check, None) => {}
            (kind, address) => panic!("{}: a {kind:?} with {address:?}", def.id),
        }
        if let Some(address) = def.not_applicable_at {
            let claim = claim_at(address, def.id);
            assert_eq!(
                claim.held,
                Held::NotApplicable,
                "{} at {address}: {}",
                def.id,
                claim.evidence
            );
            assert!(
                claim.evidence.contains("does not apply here"),
                "{}",
                claim.evidence
            );
            assert!(
                claim.rule.contains("Does not apply"),
                "{}: the rule must say when",
                def.id
            );
        }
    }
}

/// At 1 point per server nothing is refuted by comparing the ring with
/// itself: every claim that compares with 1 point per server stands aside.
#[test]
fn at_one_point_no_claim_compares_the_ring_with_itself() {
    let judged = judged("points=1");
    let compared = judged
        .iter()
        .filter(|claim| claim.rule.contains("Does not apply at 1 point per server"));
    let ids: Vec<&str> = compared.clone().map(|claim| claim.id).collect();
    assert_eq!(ids, ["points-fair", "entries-cost"]);
    for claim in compared {
        assert_eq!(
            claim.held,
            Held::NotApplicable,
            "{}: {}",
            claim.id,
            claim.evidence
        );
    }
}

#[test]
fn checks_hold_where_findings_fail_or_stand_aside() {
    // Every address a claim names is an odd corner: the invariants hold there
    // too, or, where too few keys can tell, stand aside; never a no.
    let addresses = ALL
        .iter()
        .flat_map(|def| [def.refuted_at, def.not_applicable_at])
        .flatten();
    for address in addresses {
        for claim in judged(address) {
            let kind = ALL.iter().find(|d| d.id == claim.id).map(|d| d.kind);
            if kind == Some(Kind::Check) {
                assert_ne!(
                    claim.held,
                    Held::No,
                    "check {} at {address}: {}",
                    claim.id,
                    claim.evidence
                );
            }
        }
    }
}

/// Jump hash's claim reuses the current measurement where it is one of its
/// two changes and measures the others again (a piece at a time on the
/// page): either way its figures are those of measuring both changes afresh.
#[test]
fn jump_claim_equals_both_changes_measured_afresh() {
    use model::claims::schemes::jump_ends_needs;
    use model::format::thousands;
    use model::schemes::{jump::Jump, measure};
    for (address, measured_again) in [
        ("", 1),
        ("remove=bravo", 1),
        ("remove=alpha", 2),
        ("servers=a,b&add=c&hash=fnv1a", 1),
        ("points=1&keys=5000&remove=delta", 2),
    ] {
        let parsed = query::parse(address, &model::panels::ids());
        assert!(parsed.notices.is_empty(), "{address}: {:?}", parsed.notices);
        let snapshot = Snapshot::of(&parsed.settings);
        let results = snapshot.measure_schemes();
        assert_eq!(
            jump_ends_needs(&snapshot, &results).len(),
            measured_again,
            "{address}"
        );
        let pool = if snapshot.is_join() {
            &snapshot.after
        } else {
            &snapshot.before
        };
        let last = pool.len() - 1;
        let second = pool[usize::from(pool.len() > 2)];
        let staying: Vec<_> = pool.iter().copied().filter(|&s| s != second).collect();
        let context = snapshot.scheme_context();
        let joined = measure(&Jump, &context, &snapshot.keys, &pool[..last], pool).movement;
        let left = measure(&Jump, &context, &snapshot.keys, pool, &staying).movement;
        let claim = evaluate(&snapshot)
            .into_iter()
            .find(|claim| claim.id == "jump-ends")
            .expect("the jump claim");
        for figures in [
            format!(
                "{} moved, {} between the others",
                thousands(joined.moved as u64),
                thousands(joined.moved_between as u64)
            ),
            format!(
                "{} moved, {} of them between",
                thousands(left.moved as u64),
                thousands(left.moved_between as u64)
            ),
        ] {
            assert!(
                claim.evidence.contains(&figures),
                "{address}: {figures} not in {}",
                claim.evidence
            );
        }
    }
}

/// The evidence is read by people: a count of 10,000 or more is written
/// with separators, at settings large enough for every claim to reach one.
#[test]
fn evidence_writes_large_counts_with_separators() {
    let parsed = query::parse(
        "servers=a,b,c,d,e,f&add=g&points=500&keys=100000",
        &model::panels::ids(),
    );
    let snapshot = Snapshot::of(&parsed.settings);
    let unseparated: Vec<String> = evaluate(&snapshot)
        .into_iter()
        .filter(|claim| {
            let text = claim.evidence.as_bytes();
            let mut start = 0;
            while start < text.len() {
                let end = start
                    + text[start..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                // A run of five digits or more, unless it is a decimal's fraction.
                if end - start >= 5 && !(start > 0 && text[start - 1] == b'.') {
                    return true;
                }
                start = end.max(start + 1);
            }
            false
        })
        .map(|claim| format!("{}: {}", claim.id, claim.evidence))
        .collect();
    assert!(unseparated.is_empty(), "{unseparated:#?}");
}
