//! A snapshot made from parts trusts that they were made for its settings:
//! the page's caches are keyed by each part's spec, the one check of a step.
//! In the tests' builds a part from other settings is refused at once.

use std::sync::Arc;

use model::snapshot::Modulo;
use model::{query, Keys, Rings, Snapshot, Valid};

fn valid(address: &str) -> Valid {
    query::parse(address, &[]).settings
}

#[test]
fn parts_made_for_the_settings_make_the_same_snapshot_as_from_nothing() {
    let settings = valid("servers=a,b,c&add=d&points=40&keys=500");
    let keys = Arc::new(Keys::of(settings.key_spec()));
    let rings = Rings::build(&settings.ring_spec());
    let modulo = Modulo::count(settings.modulo_spec(), &keys);
    let parts = Snapshot::from_parts(&settings, keys, &rings, &modulo);
    let whole = Snapshot::of(&settings);
    assert_eq!(parts.moved_by_owner_diff, whole.moved_by_owner_diff);
    assert_eq!(parts.moved_by_arc_walk, whole.moved_by_arc_walk);
    assert_eq!(parts.modulo_moved, whole.modulo_moved);
}

#[test]
#[should_panic(expected = "rings from other settings")]
fn rings_made_for_other_settings_are_refused() {
    let settings = valid("points=40");
    let keys = Arc::new(Keys::of(settings.key_spec()));
    let rings = Rings::build(&valid("points=7").ring_spec());
    let modulo = Modulo::count(settings.modulo_spec(), &keys);
    Snapshot::from_parts(&settings, keys, &rings, &modulo);
}
