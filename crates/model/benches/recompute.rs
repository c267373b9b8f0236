//! Native benchmarks: the page's recompute at the default and the largest
//! settings, the claims, and single-key lookups beside the `hashring` crate
//! on a ring of the same size. `./dev bench` runs these and the browser
//! benchmark and writes BENCHMARKS.md.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use model::hash::NumberedNames;
use model::schemes::{self, SchemeRun};
use model::snapshot::Modulo;
use model::{evaluate, HashKind, Keys, Ring, Rings, Snapshot, Valid};

fn recompute(c: &mut Criterion) {
    for (label, settings) in [("default", Valid::default()), ("largest", Valid::largest())] {
        c.bench_function(&format!("recompute/{label}"), |b| {
            b.iter(|| Snapshot::of(black_box(&settings)))
        });
        // The parts: what a points step rebuilds (rings, then from_parts with
        // cached keys) and what a key-count step rebuilds (keys).
        c.bench_function(&format!("keys/{label}"), |b| {
            b.iter(|| Keys::of(black_box(settings.key_spec())))
        });
        // Key names with text after the number (issue 21): one more FNV
        // step per suffix byte on each key.
        let template = model::keyname::KeyName::parse("/img/{i}.jpg").unwrap();
        c.bench_function(&format!("keys-named-img-i-jpg/{label}"), |b| {
            b.iter(|| Keys::of(black_box(settings.key_spec().with_name(template))))
        });
        c.bench_function(&format!("rings/{label}"), |b| {
            b.iter(|| Rings::build(black_box(&settings.ring_spec())))
        });
        let keys = Arc::new(Keys::of(settings.key_spec()));
        let rings = Rings::build(&settings.ring_spec());
        let modulo = Modulo::count(settings.modulo_spec(), &keys);
        c.bench_function(&format!("points-step/{label}"), |b| {
            b.iter(|| {
                let rings = Rings::build(black_box(&settings.ring_spec()));
                Snapshot::from_parts(&settings, keys.clone(), &rings, &modulo)
            })
        });
        let snapshot = Snapshot::from_parts(&settings, keys.clone(), &rings, &modulo);
        c.bench_function(&format!("claims/{label}"), |b| {
            b.iter(|| evaluate(black_box(&snapshot)))
        });
        // DEFINITIONS §8: the failure walk over every key, copysets, exact shares.
        c.bench_function(&format!("failure/{label}"), |b| {
            b.iter(|| black_box(&snapshot).measure_failure())
        });
        c.bench_function(&format!("copysets/{label}"), |b| {
            b.iter(|| black_box(&snapshot).copysets_at(settings.points))
        });
        c.bench_function(&format!("exact-shares/{label}"), |b| {
            b.iter(|| black_box(&snapshot).exact_shares())
        });
        // Every scheme placed before and after the change, then one lookup
        // per key on the placement after.
        let context = snapshot.scheme_context();
        for scheme in model::placements::PlacementId::TEXTBOOK
            .iter()
            .map(|id| id.scheme())
        {
            c.bench_function(&format!("scheme-measure/{label}/{}", scheme.id()), |b| {
                b.iter(|| {
                    schemes::measure(
                        scheme,
                        &context,
                        &snapshot.keys,
                        &snapshot.before,
                        &snapshot.after,
                    )
                })
            });
            let run = SchemeRun::place(
                scheme,
                &context,
                &snapshot.keys,
                &snapshot.before,
                &snapshot.after,
            );
            c.bench_function(&format!("scheme-lookup/{label}/{}", scheme.id()), |b| {
                let mut from = 0;
                b.iter(|| {
                    from = (from + 1) % snapshot.keys.len();
                    run.lookups(&snapshot.keys, from, 1)
                })
            });
        }
    }
}

/// A node of the `hashring` ring: one virtual point of one server.
#[derive(Clone, Hash, PartialEq, Debug)]
struct Point {
    server: u16,
    point: u16,
}

fn lookups(c: &mut Criterion) {
    let settings = Valid::largest();
    let snapshot = Snapshot::measure(&settings).expect("valid");
    let ring: &Ring = &snapshot.ring_after;
    assert_eq!(ring.len(), 25_000);
    let keys = NumberedNames::new("key-", HashKind::Fnv1aFold);
    let mut group = c.benchmark_group("lookup-25000-entries");
    let positions: Vec<u32> = (0..100_000u64).map(|i| keys.hash(i)).collect();
    group.bench_function("ringcount (owner of a hashed key)", |b| {
        let mut i = 0usize;
        b.iter(|| {
            i = (i + 1) % positions.len();
            ring.owner(black_box(positions[i]))
        })
    });
    let mut peer = hashring::HashRing::new();
    for server in 0..50u16 {
        for point in 0..500u16 {
            peer.add(Point { server, point });
        }
    }
    // Both rings get the same 100,000 key strings, and both hash them.
    let names: Vec<String> = (0..100_000).map(|i| format!("key-{i}")).collect();
    group.bench_function("ringcount (hash key + owner)", |b| {
        let mut i = 0usize;
        b.iter(|| {
            i = (i + 1) % names.len();
            ring.owner(HashKind::Fnv1aFold.hash(black_box(names[i].as_bytes())))
        })
    });
    group.bench_function("hashring 0.3 (hash key + owner)", |b| {
        let mut i = 0usize;
        b.iter(|| {
            i = (i + 1) % names.len();
            peer.get(black_box(&names[i])).map(|p| p.server)
        })
    });
    group.finish();
}

criterion_group!(benches, recompute, lookups);
criterion_main!(benches);
