//! Every claim of the table is one of two kinds (DEFINITIONS §14): a check of an
//! invariant, which holds wherever the reader goes, or a finding, which
//! says "no" somewhere the reader can go. The list itself names where.

use model::claims::{evaluate, Kind, ALL};
use model::query;
use model::Snapshot;

fn verdicts(address: &str) -> Vec<(&'static str, bool)> {
    let parsed = query::parse(address, &model::panels::ids());
    assert!(parsed.notices.is_empty(), "{address}: {:?}", parsed.notices);
    evaluate(&Snapshot::of(&parsed.settings))
        .into_iter()
        .map(|claim| (claim.id, claim.held))
        .collect()
}

fn held_at(address: &str, id: &str) -> bool {
    let all = verdicts(address);
    all.iter()
        .find(|(claim, _)| *claim == id)
        .map(|&(_, held)| held)
        .unwrap_or_else(|| panic!("no claim {id}"))
}

#[test]
fn ids_are_unique_and_the_table_follows_the_list() {
    let ids: Vec<&str> = ALL.iter().map(|def| def.id).collect();
    for (index, id) in ids.iter().enumerate() {
        assert!(!ids[..index].contains(id), "{id} twice");
    }
    let judged: Vec<&str> = verdicts("").into_iter().map(|(id, _)| id).collect();
    assert_eq!(judged, ids);
}

#[test]
fn every_claim_holds_at_the_default() {
    for (id, held) in verdicts("") {
        assert!(held, "{id} fails at the default");
    }
}

#[test]
fn every_finding_says_no_at_the_address_it_names() {
    let mut findings = 0;
    for def in ALL {
        match (def.kind, def.refuted_at) {
            (Kind::Finding, Some(address)) => {
                findings += 1;
                assert!(
                    !held_at(address, def.id),
                    "{} holds at {address}, which it names as a no",
                    def.id
                );
            }
            (Kind::Check, None) => {}
            (kind, address) => panic!("{}: a {kind:?} with {address:?}", def.id),
        }
    }
    assert!(findings >= 10, "{findings}");
}

#[test]
fn checks_hold_where_findings_fail() {
    // Every address a finding names is an odd corner: the invariants hold there too.
    for def in ALL {
        let Some(address) = def.refuted_at else {
            continue;
        };
        for (id, held) in verdicts(address) {
            let kind = ALL.iter().find(|d| d.id == id).map(|d| d.kind);
            if kind == Some(Kind::Check) {
                assert!(held, "check {id} fails at {address}");
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
