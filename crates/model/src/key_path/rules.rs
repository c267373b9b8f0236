//! Each scheme's and system's own path for a key (DEFINITIONS §13): its hash,
//! then its rule — a client's ring searched clockwise, HAProxy's nearest
//! node, jump hash's loop, a Maglev table's row, rendezvous's scores, the
//! remainder of hash mod n — on the pool after the change. Built from the
//! same functions the placements use; the tests check every owner against
//! the placement's own.

use super::{clockwise, search, Builder, Hashing, KeyPath, NamedPoint, StepId};
use crate::format::{fixed, thousands};
use crate::placements::PlacementId;
use crate::placements::PlacementId as P;
use crate::ring::ServerId;
use crate::ring::{Points, Ring};
use crate::schemes::{jump, mix64, rendezvous, slots, Context};
use crate::systems::{self, haproxy, hashes, nginx, twemproxy};
use crate::Snapshot;

/// Whether a placement has a path here: every one but the ring, whose path
/// is the ring drawn's (`steps`), and bounded loads, where a key's server
/// depends on the keys placed before it.
pub fn has_path(id: PlacementId) -> bool {
    !matches!(id, PlacementId::Ring | PlacementId::Bounded)
}

/// The placements with a path here, in the registry's order.
pub fn with_paths() -> impl Iterator<Item = PlacementId> {
    PlacementId::ALL.iter().copied().filter(|&id| has_path(id))
}

/// The path of the key named `text` on the ring drawn (`steps`), then
/// under every scheme and system with one (`with_paths`), on the pool after the change.
/// Empty for an empty key.
pub fn paths(snapshot: &Snapshot, text: &str) -> Vec<KeyPath> {
    if text.is_empty() || snapshot.after.is_empty() {
        return Vec::new();
    }
    let context = snapshot.scheme_context();
    std::iter::once(super::steps(snapshot, text))
        .chain(with_paths().map(|id| path(snapshot, &context, id, text)))
        .collect()
}

/// One scheme's or system's path, read off its own placement of the pool
/// after the change: a client's points, a table's rows.
fn path(snapshot: &Snapshot, context: &Context, id: PlacementId, text: &str) -> KeyPath {
    let mut b = Builder::new(id);
    b.bytes(text);
    let pool = &snapshot.after;
    let name = |server: ServerId| snapshot.name(server).to_string();
    let scheme = id.scheme();
    // Hash slots hand the slots out from where they were before the change.
    let placement = if id == P::Slots {
        scheme.place_pair(context, &snapshot.before, pool).1
    } else {
        scheme.place(context, pool)
    };
    if id == P::Slots {
        slot(&mut b, placement.table().unwrap_or_default(), &name, text);
        return b.finish();
    }
    match placement.by_own_hash() {
        Some(_) if id == P::NginxHash => {
            let crc = Hashing::Crc32.stages(&mut b, text.as_bytes());
            weight_walk(
                &mut b,
                &systems::servers(context, pool),
                pool,
                crc,
                &name,
                text,
            );
        }
        Some(own) => {
            let Some(hashing) = own_hashing(id) else {
                return b.finish();
            };
            let position = hashing.stages(&mut b, text.as_bytes());
            b.position(position, hashing.bits());
            match own.rows() {
                Some(rows) => table_row(&mut b, rows, position, &name, text),
                None if id == P::Haproxy => {
                    nearest(&mut b, &own.points(), position, pool, &name, text)
                }
                None => client_ring(&mut b, context, &own.points(), position, id, &name, text),
            }
        }
        None => {
            // The textbook schemes read the key where the ring in use puts it.
            Hashing::of(snapshot.settings.in_use, snapshot.settings.hash)
                .stages(&mut b, text.as_bytes());
            let hash = snapshot.key_position(text.as_bytes());
            b.position(u64::from(hash), 32);
            textbook(
                &mut b,
                context,
                placement.table(),
                pool,
                id,
                hash,
                text,
                &name,
            );
        }
    }
    b.finish()
}

/// How a system that hashes key names itself hashes them; None for the
/// textbook schemes and nginx's `hash`, which read the page's position.
/// Exhaustive, so a new placement is answered for here.
fn own_hashing(id: PlacementId) -> Option<Hashing> {
    Some(match id {
        P::Ketama => Hashing::Md5,
        P::Groupcache | P::Nginx => Hashing::Crc32,
        P::EnvoyRing | P::EnvoyMaglev => Hashing::Xxh64,
        P::Haproxy => Hashing::Haproxy,
        P::Twemproxy => Hashing::TwemproxyFnv,
        P::Ring
        | P::Modulo
        | P::Jump
        | P::Rendezvous
        | P::Maglev
        | P::Bounded
        | P::MultiProbe
        | P::Slots
        | P::NginxHash => return None,
    })
}

/// hash mod n, jump, rendezvous, multi-probe and Maglev (its `table`), from
/// the key's 32-bit hash: each its own rule.
#[allow(clippy::too_many_arguments)]
fn textbook(
    b: &mut Builder,
    context: &Context,
    table: Option<&[ServerId]>,
    pool: &[ServerId],
    id: PlacementId,
    hash: u32,
    text: &str,
    name: &dyn Fn(ServerId) -> String,
) {
    match id {
        P::Modulo => modulo_path(b, pool, hash, name, text),
        P::Jump => jump_path(b, pool, hash, name, text),
        P::MultiProbe => multiprobe(b, context, pool, hash, name, text),
        P::Rendezvous => rendezvous_path(b, context, pool, hash, name, text),
        P::Maglev => {
            if let Some(rows) = table {
                table_row(b, rows, u64::from(hash), name, text);
            }
        }
        // Slots, the ring (`steps`) and bounded loads have paths of their
        // own or none; the systems hash key names themselves.
        P::Ring
        | P::Bounded
        | P::Slots
        | P::Ketama
        | P::Groupcache
        | P::Nginx
        | P::NginxHash
        | P::Haproxy
        | P::EnvoyRing
        | P::EnvoyMaglev
        | P::Twemproxy => {}
    }
}

/// hash mod n: the remainder picks the server by its place in the list.
fn modulo_path(
    b: &mut Builder,
    pool: &[ServerId],
    hash: u32,
    name: &dyn Fn(ServerId) -> String,
    text: &str,
) {
    let n = pool.len();
    let index = hash as usize % n;
    b.line("i ← h mod n").step(
        StepId::Remainder,
        format!(
            "{} divided by {n} servers leaves {index}.",
            thousands(u64::from(hash))
        ),
        index.to_string(),
    );
    b.line("return servers[i]  (numbered from 0 in list order)")
        .owner(&name(pool[index]), text);
}

/// Jump hash: the loop's jumps from the key's hash until one passes the
/// last server number.
fn jump_path(
    b: &mut Builder,
    pool: &[ServerId],
    hash: u32,
    name: &dyn Fn(ServerId) -> String,
    text: &str,
) {
    let n = pool.len();
    let reached = jump::jumps(u64::from(hash), n as u32);
    let bucket = reached[reached.len() - 2] as usize;
    b.line("k ← h; b ← −1; j ← 0")
        .line("while j < n:")
        .line("    b ← j")
        .line("    k ← k × 2,862,933,555,777,941,757 + 1")
        .line("    j ← ⌊(b + 1) × 2³¹ ÷ ((k ≫ 33) + 1)⌋")
        .step(
            StepId::Jump,
            format!(
                "From k = {}, j jumps {}; {} is past the last server number, {}, so the loop stops.",
                thousands(u64::from(hash)),
                reached.iter().map(|j| thousands(*j as u64)).collect::<Vec<_>>().join(" \u{2192} "),
                thousands(reached[reached.len() - 1] as u64),
                n - 1
            ),
            reached.iter().map(i64::to_string).collect::<Vec<_>>().join(","),
        );
    b.line("return servers[b]  (numbered from 0 in list order)")
        .step(
            StepId::Bucket,
            format!("The last number it reached below {n}: bucket {bucket}."),
            bucket.to_string(),
        )
        .owner(&name(pool[bucket]), text);
}

/// Rendezvous: every server scores the key, weighted if weights are set,
/// and the top score wins.
fn rendezvous_path(
    b: &mut Builder,
    context: &Context,
    pool: &[ServerId],
    hash: u32,
    name: &dyn Fn(ServerId) -> String,
    text: &str,
) {
    let n = pool.len();
    let scores = rendezvous::scores(context, pool, hash);
    let weighted = scores.iter().any(|s| s.2.is_some());
    b.line("for each server s (by name): score ← mix64(h · 2³² + hash(s))");
    if weighted {
        b.line("    score ← −weight(s) ÷ ln(score ÷ 2⁶⁴)");
    }
    let mut best = 0;
    for (i, score) in scores.iter().enumerate() {
        let better = match (score.2, scores[best].2) {
            (Some(a), Some(b)) => a > b,
            _ => score.1 > scores[best].1,
        };
        if better {
            best = i;
        }
    }
    let shown = |s: &(ServerId, u64, Option<f64>)| match s.2 {
        Some(w) => format!("{} {}", name(s.0), fixed(w, 4)),
        None => format!("{} {}", name(s.0), thousands(s.1)),
    };
    b.step(
        StepId::Scores,
        format!(
            "Each of the {n} servers scores the key: {}.",
            scores.iter().map(shown).collect::<Vec<_>>().join("; ")
        ),
        scores
            .iter()
            .map(|s| match s.2 {
                // Nine places: a logarithm's last bit differs
                // between wasm's libm and the oracle's.
                Some(w) => format!("{}:{}", name(s.0), fixed(w, 9)),
                None => format!("{}:{}", name(s.0), s.1),
            })
            .collect::<Vec<_>>()
            .join(","),
    );
    b.line("return the server with the highest score")
        .owner(&name(scores[best].0), text);
}

/// Multi-probe: one point per server; each probe's first point clockwise,
/// and the nearest of them wins (the earlier probe on a tie).
fn multiprobe(
    b: &mut Builder,
    context: &Context,
    pool: &[ServerId],
    hash: u32,
    name: &dyn Fn(ServerId) -> String,
    text: &str,
) {
    let ring = Ring::build(
        context.names,
        pool,
        Points::uniform(1),
        context.settings.hash,
    );
    let entries = ring.entries();
    let probes = u64::from(context.settings.probes.get());
    let high = u64::from(hash) << 32;
    let mut best: Option<(u32, usize)> = None;
    let mut seen = Vec::new();
    for probe in 0..probes {
        let position = mix64(high | probe) as u32;
        let Some(index) = ring.owner_index(position) else {
            break;
        };
        let distance = entries[index].position.wrapping_sub(position);
        if best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, index));
        }
        seen.push((position, index, distance));
    }
    let Some((nearest, index)) = best else {
        return;
    };
    b.line("for p in 0 … probes − 1: q ← mix64(h · 2³² + p) mod 2³²")
        .line("    its point ← the first point at or after q; its distance ← point − q")
        .step(
            StepId::Probes,
            format!(
                "{probes} probes, each to its first point clockwise: {}.",
                joined(
                    seen.iter().map(|&(q, i, d)| format!(
                        "{} \u{2192} {}'s point, {} on",
                        thousands(u64::from(q)),
                        name(entries[i].server),
                        thousands(u64::from(d))
                    )),
                    "; "
                )
            ),
            joined(seen.iter().map(|&(q, _, d)| format!("{q}:{d}")), ","),
        )
        .line("return the server of the nearest (the earlier probe on a tie)")
        .step(
            StepId::Point,
            format!(
                "The nearest, {} on from its probe, is {}'s point at {}.",
                thousands(u64::from(nearest)),
                name(entries[index].server),
                thousands(u64::from(entries[index].position))
            ),
            entries[index].position.to_string(),
        )
        .owner(&name(entries[index].server), text);
}

/// Hash slots: CRC16 of the name, mod 16,384, and the slot's server.
fn slot(b: &mut Builder, table: &[ServerId], name: &dyn Fn(ServerId) -> String, text: &str) {
    let crc = slots::crc16(text.as_bytes());
    let slot = usize::from(slots::name_slot(text.as_bytes()));
    b.line("s ← CRC16(bytes) mod 16,384  (XMODEM, as Redis Cluster)")
        .step(
            StepId::Crc16,
            format!(
                "CRC16 (XMODEM) of the bytes: {}.",
                thousands(u64::from(crc))
            ),
            crc.to_string(),
        )
        .step(
            StepId::Slot,
            format!(
                "{} mod 16,384 is slot {}.",
                thousands(u64::from(crc)),
                thousands(slot as u64)
            ),
            slot.to_string(),
        );
    let Some(&owner) = table.get(slot) else {
        return;
    };
    b.line("return the server whose range holds s")
        .owner(&name(owner), text);
}

/// nginx's `hash` without `consistent` (ngx_http_upstream_hash_module.c,
/// the first try): bits 16–30 of the CRC-32, mod the total weight, walked
/// through the servers' weights in list order.
fn weight_walk(
    b: &mut Builder,
    servers: &[systems::Server],
    pool: &[ServerId],
    crc: u64,
    name: &dyn Fn(ServerId) -> String,
    text: &str,
) {
    b.step(
        StepId::Hash,
        format!("Its number: {}.", thousands(crc)),
        crc.to_string(),
    );
    let folded = (crc >> 16) & 0x7FFF;
    b.line("h ← (h ≫ 16) AND 32,767").step(
        StepId::Folded,
        format!("Its bits 16 to 30: {}.", thousands(folded)),
        folded.to_string(),
    );
    let total: u32 = servers.iter().map(|s| s.weight).sum();
    let mut w = (folded % u64::from(total.max(1))) as u32;
    b.line("w ← h mod (the total weight)").step(
        StepId::Remainder,
        format!(
            "{} mod the total weight, {total}, leaves {w}.",
            thousands(folded)
        ),
        w.to_string(),
    );
    let mut owner = pool[0];
    for (server, &id) in servers.iter().zip(pool) {
        if w < server.weight {
            owner = id;
            break;
        }
        w -= server.weight;
    }
    b.line("walk the servers in list order, taking off each one's weight, until w < its weight")
        .owner(&name(owner), text);
}

/// A Maglev table's row for the key, and its server.
fn table_row(
    b: &mut Builder,
    rows: &[ServerId],
    position: u64,
    name: &dyn Fn(ServerId) -> String,
    text: &str,
) {
    let row = (position % rows.len() as u64) as usize;
    b.line("row ← h mod M  (M, the table's rows, a prime)")
        .step(
            StepId::Row,
            format!(
                "{} divided by the table's {} rows leaves row {}.",
                thousands(position),
                thousands(rows.len() as u64),
                thousands(row as u64)
            ),
            row.to_string(),
        );
    let owner = name(rows[row]);
    b.line("return table[row]  (filled when the pool changed)")
        .step(
            StepId::Point,
            format!(
                "Row {} was claimed by {owner} when the servers took turns filling the table.",
                thousands(row as u64)
            ),
            row.to_string(),
        )
        .owner(&owner, text);
}

/// A deployed client's ring: clockwise from the key's `position` to the
/// first of the sorted `points`.
fn client_ring(
    b: &mut Builder,
    context: &Context,
    points: &[(u64, ServerId)],
    position: u64,
    id: PlacementId,
    name: &dyn Fn(ServerId) -> String,
    text: &str,
) {
    let positions: Vec<u64> = points.iter().map(|p| p.0).collect();
    clockwise(
        b,
        &positions,
        position,
        |i| {
            let server = points[i].1;
            let typed = &context.names[usize::from(server)];
            NamedPoint {
                server: name(server),
                which: origin(id, typed, points[i].0),
            }
        },
        text,
    );
}

/// How a client made the point at `position` of the server named `server`:
/// which of its hashes gave it. Searched among the first few thousand.
fn origin(id: PlacementId, server: &str, position: u64) -> String {
    const TRIES: u32 = 4_096;
    let found = |made: &dyn Fn(u32) -> Option<String>| {
        (0..TRIES)
            .find_map(made)
            .unwrap_or_else(|| "point".to_string())
    };
    match id {
        P::Ketama | P::Twemproxy => {
            let hashed = if id == P::Ketama {
                server
            } else {
                twemproxy::hashed_name(server)
            };
            found(&|r| {
                let digest = hashes::md5(format!("{hashed}-{r}").as_bytes());
                (0..4)
                    .find(|&j| u64::from(hashes::md5_word(&digest, j)) == position)
                    .map(|j| {
                        format!(
                            "point {}, bytes {}–{} of MD5(\u{201c}{hashed}-{r}\u{201d}) (each digest gives four)",
                            4 * r as usize + j,
                            4 * j,
                            4 * j + 3
                        )
                    })
            })
        }
        P::Groupcache => found(&|r| {
            (u64::from(hashes::crc32(format!("{r}{server}").as_bytes())) == position)
                .then(|| format!("point {r}, CRC-32 of \u{201c}{r}{server}\u{201d}"))
        }),
        P::Nginx => nginx::server_points(server, TRIES)
            .iter()
            .position(|&p| p == position)
            .map_or("point".to_string(), |k| {
                format!("point {k} of its CRC-32 chain (each the CRC-32 of host, a zero byte, port and the point before)")
            }),
        P::EnvoyRing => found(&|i| {
            (hashes::xxh64(format!("{server}_{i}").as_bytes(), 0) == position)
                .then(|| format!("entry {i}, XXH64 of \u{201c}{server}_{i}\u{201d}"))
        }),
        // No client ring of its own to search.
        P::Ring
        | P::Modulo
        | P::Jump
        | P::Rendezvous
        | P::Maglev
        | P::Bounded
        | P::MultiProbe
        | P::Slots
        | P::NginxHash
        | P::Haproxy
        | P::EnvoyMaglev => "point".to_string(),
    }
}

/// HAProxy: the node nearest the key's `position`, either way round, of
/// the sorted `nodes` of `pool` (its servers' ids are their places in it).
fn nearest(
    b: &mut Builder,
    nodes: &[(u64, ServerId)],
    position: u64,
    pool: &[ServerId],
    name: &dyn Fn(ServerId) -> String,
    text: &str,
) {
    let positions: Vec<u64> = nodes.iter().map(|n| n.0).collect();
    let (compared, next) = search(&positions, position);
    let previous = (next + nodes.len() - 1) % nodes.len();
    let node = |i: usize| {
        let id = pool.iter().position(|&s| s == nodes[i].1).unwrap_or(0) as u32 + 1;
        let j = (0..haproxy::NODES_PER_WEIGHT * 256)
            .find(|&j| {
                u64::from(hashes::full_hash(id.wrapping_mul(4096).wrapping_add(j))) == nodes[i].0
            })
            .unwrap_or(0);
        format!(
            "{}'s node {j} (the avalanche of its id, {id}, × 4,096 + {j}) at {}",
            name(nodes[i].1),
            thousands(nodes[i].0)
        )
    };
    b.line("i ← the first index with nodes[i] ≥ h (binary search)")
        .step(
            StepId::Search,
            format!(
                "A binary search of the {} sorted nodes, {} looks: {}.",
                thousands(nodes.len() as u64),
                compared.len(),
                joined(
                    compared.iter().map(|&i| thousands(positions[i])),
                    " \u{2192} "
                )
            ),
            joined(compared.iter().map(|&i| positions[i].to_string()), ","),
        )
        .step(
            StepId::NextPoint,
            format!("The node at or after the key: {}.", node(next)),
            positions[next].to_string(),
        )
        .line("p ← i − 1  (round past zero)")
        .step(
            StepId::PreviousPoint,
            format!("The node before it: {}.", node(previous)),
            positions[previous].to_string(),
        );
    // Distances both ways round the 32-bit circle.
    let back = (position as u32).wrapping_sub(positions[previous] as u32);
    let ahead = (positions[next] as u32).wrapping_sub(position as u32);
    let chosen = if back <= ahead { previous } else { next };
    b.line("take nodes[p] if h − nodes[p] ≤ nodes[i] − h, else nodes[i]")
        .step(
            StepId::Point,
            format!(
                "{} back against {} ahead: the {} node is nearer.",
                thousands(u64::from(back)),
                thousands(u64::from(ahead)),
                if chosen == previous {
                    "earlier"
                } else {
                    "later"
                }
            ),
            positions[chosen].to_string(),
        );
    b.line("return its server")
        .owner(&name(nodes[chosen].1), text);
}

/// Items joined by `between`.
fn joined(items: impl Iterator<Item = String>, between: &str) -> String {
    items.collect::<Vec<_>>().join(between)
}

#[cfg(test)]
mod tests {
    use super::super::tests::snapshot;
    use super::*;
    use crate::one_key;

    #[test]
    fn every_path_ends_at_the_owner_the_placement_gives() {
        for address in [
            "",
            "servers=a,b,c,d&remove=b&points=3",
            "weights=3,1,1,2,1&hash=fnv1a",
            "use=ketama",
            "use=envoy-ring&add=new",
        ] {
            let s = snapshot(address);
            for key in ["user:42", "é", "key-0", "/img/65.jpg", "k"] {
                let (_, owners) = one_key::owners(&s, key);
                for path in paths(&s, key).into_iter().skip(1) {
                    let placed = owners.iter().find(|o| o.scheme == path.scheme).unwrap();
                    assert_eq!(
                        path.value(StepId::Owner),
                        Some(placed.after.as_str()),
                        "{address} {key} {}",
                        path.scheme
                    );
                    if let Some(own) = placed.own_position {
                        // A slot is hash slots' own position.
                        let position = if path.scheme == P::Slots {
                            StepId::Slot
                        } else {
                            StepId::Hash
                        };
                        assert_eq!(
                            path.value(position),
                            Some(own.to_string().as_str()),
                            "{}",
                            path.scheme
                        );
                    }
                    let lines: Vec<usize> = path.steps.iter().map(|s| s.line).collect();
                    assert!(
                        lines.windows(2).all(|w| w[0] <= w[1]),
                        "{} {lines:?}",
                        path.scheme
                    );
                    assert!(lines.iter().all(|&l| l < path.code.len()));
                }
            }
        }
    }

    #[test]
    fn each_client_names_how_it_made_the_owning_point() {
        let s = snapshot("");
        let paths = paths(&s, "user:42");
        let words = |id: &str| {
            let path = paths.iter().find(|p| p.scheme.as_str() == id).unwrap();
            path.steps
                .iter()
                .find(|s| s.id == StepId::Point)
                .unwrap()
                .words
                .clone()
        };
        assert!(words("ketama").contains("of MD5("), "{}", words("ketama"));
        assert!(
            words("twemproxy").contains("of MD5("),
            "{}",
            words("twemproxy")
        );
        assert!(
            words("groupcache").contains("CRC-32 of"),
            "{}",
            words("groupcache")
        );
        assert!(
            words("nginx").contains("CRC-32 chain"),
            "{}",
            words("nginx")
        );
        assert!(
            words("envoy-ring").contains("XXH64 of"),
            "{}",
            words("envoy-ring")
        );
        assert!(words("haproxy").contains("nearer"), "{}", words("haproxy"));
    }
}
