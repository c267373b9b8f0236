//! Stepping through a scenario: grow the pool one server at a time from the
//! first, then make the change, so the reader sees each join take only its
//! arcs. Each stage is measured against the one before it.

use std::sync::Arc;

use super::measure::{count_moved, loads};
use super::ring::{Ring, ServerId};
use super::settings::stage_pools_of;
use super::snapshot::Snapshot;

/// One frame of the step-through.
#[derive(Clone, Debug)]
pub struct Stage {
    /// "alpha alone", "bravo joins", "echo leaves"…
    pub caption: String,
    pub members: Vec<ServerId>,
    pub ring: Ring,
    pub owners: Arc<Vec<ServerId>>,
    /// Keys each server holds at this stage, indexed by server id.
    pub loads: Vec<u32>,
    /// The keys with another owner than at the stage before, in key order:
    /// a list, as a step moves few of many keys and the ring marks only these.
    pub moved: Vec<u32>,
    pub moved_count: usize,
    /// The server that arrived or left at this stage, if any.
    pub changed: Option<ServerId>,
}

/// The pools the step-through walks: prefixes of the list (then the joiner);
/// a leave adds a last stage without the leaver.
pub fn stage_pools(snapshot: &Snapshot) -> Vec<Vec<ServerId>> {
    stage_pools_of(
        &snapshot.before,
        &snapshot.after,
        snapshot.changed,
        snapshot.is_join(),
    )
}

/// The stage at which the scenario's own change has just happened.
pub fn change_stage(snapshot: &Snapshot) -> usize {
    stage_pools(snapshot).len() - 1
}

/// Measure stage `index` (clamped to the last stage).
pub fn stage(snapshot: &Snapshot, index: usize) -> Stage {
    let pools = stage_pools(snapshot);
    let index = index.min(pools.len() - 1);
    let members = pools[index].clone();
    let last = pools.len() - 1;
    // The last two stages are the snapshot's own before and after: reuse them.
    let (ring, stage_owners, loads) = if index == last {
        (
            snapshot.ring_after.clone(),
            snapshot.owners_after.clone(),
            snapshot.loads_after.clone(),
        )
    } else if index + 1 == last {
        (
            snapshot.ring_before.clone(),
            snapshot.owners_before.clone(),
            snapshot.loads_before.clone(),
        )
    } else {
        let ring = snapshot.ring_on(&members);
        let stage_owners = Arc::new(ring.owners_of(&snapshot.keys));
        let loads = loads(&stage_owners, snapshot.names.len());
        (ring, stage_owners, loads)
    };
    let (moved, changed) = if index == 0 {
        (Vec::new(), None)
    } else {
        let previous = &pools[index - 1];
        let previous_owners = if index == last {
            snapshot.owners_before.clone()
        } else {
            let ring = snapshot.ring_on(previous);
            Arc::new(ring.owners_of(&snapshot.keys))
        };
        let moved: Vec<u32> = previous_owners
            .iter()
            .zip(stage_owners.iter())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(key, _)| key as u32)
            .collect();
        let changed = members
            .iter()
            .chain(previous.iter())
            .copied()
            .find(|server| members.contains(server) != previous.contains(server));
        debug_assert_eq!(moved.len(), count_moved(&previous_owners, &stage_owners));
        (moved, changed)
    };
    let moved_count = moved.len();
    let caption = match (index, changed) {
        (0, _) if snapshot.is_deploy() => "The pool before the deploy".to_string(),
        (_, _) if snapshot.is_deploy() => "The pool after the deploy".to_string(),
        (0, _) => format!("{} alone holds every key", snapshot.name(members[0])),
        (_, Some(server)) if members.contains(&server) => {
            format!("{} joins", snapshot.name(server))
        }
        (_, Some(server)) => format!("{} leaves", snapshot.name(server)),
        (_, None) => String::new(),
    };
    Stage {
        caption,
        members,
        ring,
        owners: stage_owners,
        loads,
        moved,
        moved_count,
        changed,
    }
}

/// The pool just before the scenario's change, nothing marked as moved:
/// what the first screen shows while it asks how many keys will move, since
/// the stage after the change (or the newcomer's load) gives the answer away.
pub fn before_the_change(snapshot: &Snapshot) -> Stage {
    Stage {
        caption: format!("Before {}", snapshot.change_phrase()),
        members: snapshot.before.clone(),
        ring: snapshot.ring_before.clone(),
        owners: snapshot.owners_before.clone(),
        loads: snapshot.loads_before.clone(),
        moved: Vec::new(),
        moved_count: 0,
        changed: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{Change, Settings};

    #[test]
    fn before_the_change_is_the_pool_before_with_nothing_moved() {
        for change in [Change::Join("echo".into()), Change::Leave("bravo".into())] {
            let settings = Settings {
                change,
                ..Settings::default()
            };
            let snapshot = Snapshot::measure(&settings).unwrap();
            let before = before_the_change(&snapshot);
            // The same pool and loads as the step-through's stage before the change.
            let stepped = stage(&snapshot, change_stage(&snapshot) - 1);
            assert_eq!(before.members, stepped.members);
            assert_eq!(before.loads, stepped.loads);
            assert_eq!(before.owners, stepped.owners);
            assert!(before.moved.is_empty() && before.moved_count == 0 && before.changed.is_none());
        }
    }

    #[test]
    fn the_last_stage_is_the_change_itself() {
        let snapshot = Snapshot::measure(&Settings::default()).unwrap();
        assert_eq!(stage_pools(&snapshot).len(), 5);
        let last = stage(&snapshot, change_stage(&snapshot));
        assert_eq!(last.moved_count, 205);
        assert_eq!(last.caption, "echo joins");
        // The change's stage reuses the snapshot's loads; every stage's
        // loads are its owners counted.
        for index in 0..=change_stage(&snapshot) {
            let at = stage(&snapshot, index);
            assert_eq!(
                at.loads,
                loads(&at.owners, snapshot.names.len()),
                "stage {index}"
            );
        }
        let first = stage(&snapshot, 0);
        assert_eq!(first.moved_count, 0);
        assert!(first.owners.iter().all(|&owner| owner == 0));
        // The second server's arrival moves exactly the keys it now owns,
        // listed in key order.
        let second = stage(&snapshot, 1);
        let owned: Vec<u32> = (0..second.owners.len() as u32)
            .filter(|&key| second.owners[key as usize] == 1)
            .collect();
        assert_eq!(second.moved, owned);
    }

    #[test]
    fn a_leave_ends_with_the_leaver_gone() {
        let settings = Settings {
            change: Change::Leave("bravo".into()),
            ..Settings::default()
        };
        let snapshot = Snapshot::measure(&settings).unwrap();
        let last = stage(&snapshot, change_stage(&snapshot));
        assert_eq!(last.caption, "bravo leaves");
        assert_eq!(last.moved_count, snapshot.moved_by_owner_diff);
        assert_eq!(last.members.len(), 3);
    }
}
