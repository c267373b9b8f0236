//! Past eight servers colours repeat, so each server's number is written on
//! the ring beside the keys it owns: where (`longest_runs`) and, so that no
//! two numbers cover each other, at which distance from the centre
//! (`place`).

use model::ring::Entry;

/// For each of `servers` servers, the middle of its longest run of the
/// ring (the arcs that end at its points, joined where they follow each
/// other), as a ring position: the widest stretch of its own keys, where
/// its number reads as theirs. `None` for a server without points.
pub fn longest_runs(entries: &[Entry], servers: usize) -> Vec<Option<u32>> {
    let mut best: Vec<Option<(u64, u32)>> = vec![None; servers];
    let n = entries.len();
    let server_at = |i: usize| entries[i % n].server;
    // Start the walk where a run begins, after another server's point.
    let Some(first) = (0..n).find(|&i| server_at(i + n - 1) != server_at(i)) else {
        // One server (or none) holds the whole ring.
        if let Some(entry) = entries.first() {
            best[usize::from(entry.server)] = Some((1 << 32, entry.position.wrapping_add(1 << 31)));
        }
        return best.into_iter().map(|b| b.map(|(_, at)| at)).collect();
    };
    let mut start = first;
    while start < first + n {
        let mut end = start;
        while end + 1 < first + n && server_at(end + 1) == server_at(start) {
            end += 1;
        }
        let from = entries[(start + n - 1) % n].position;
        let length = entries[end % n].position.wrapping_sub(from);
        let server = usize::from(server_at(start));
        if best[server].is_none_or(|(longest, _)| u64::from(length) > longest) {
            best[server] = Some((u64::from(length), from.wrapping_add(length / 2)));
        }
        start = end + 1;
    }
    best.into_iter().map(|b| b.map(|(_, at)| at)).collect()
}

/// A label to place: its angle on the canvas (radians, as `angle` gives)
/// and its box's width and height.
#[derive(Clone, Copy, Debug)]
pub struct Label {
    pub angle: f64,
    pub width: f64,
    pub height: f64,
}

/// The centre of each label's box: on its own angle, at the first of
/// `radii` (from `centre`, in a square canvas twice `centre` wide) where its
/// box lies within the canvas and, with `gap` round it, covers no label
/// placed before it. Labels are placed in the order given; one that fits
/// nowhere takes the first radius, over another.
pub fn place(labels: &[Label], centre: f64, radii: &[f64], gap: f64) -> Vec<(f64, f64)> {
    let mut placed: Vec<(f64, f64, Label)> = Vec::with_capacity(labels.len());
    for &label in labels {
        let (sin, cos) = label.angle.sin_cos();
        let at = |r: f64| (centre + cos * r, centre + sin * r);
        let inside = |(x, y): (f64, f64)| {
            (x - centre).abs() + label.width / 2.0 <= centre
                && (y - centre).abs() + label.height / 2.0 <= centre
        };
        let free = |(x, y): (f64, f64)| {
            inside((x, y))
                && placed.iter().all(|&(px, py, other)| {
                    (x - px).abs() * 2.0 >= label.width + other.width + 2.0 * gap
                        || (y - py).abs() * 2.0 >= label.height + other.height + 2.0 * gap
                })
        };
        let spot = radii
            .iter()
            .map(|&r| at(r))
            .find(|&spot| free(spot))
            .unwrap_or_else(|| at(radii.first().copied().unwrap_or(0.0)));
        placed.push((spot.0, spot.1, label));
    }
    placed.into_iter().map(|(x, y, _)| (x, y)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::ServerId;

    fn entry(position: u32, server: ServerId) -> Entry {
        Entry {
            position,
            server,
            point: 0,
        }
    }

    #[test]
    fn a_servers_label_sits_in_the_middle_of_its_longest_run() {
        // Server 0 owns (900, 100] across twelve o'clock and (300, 400];
        // server 1 owns (100, 300] and (400, 900], two arcs of its own in a
        // row at 600 and 900, so one run of 500.
        let entries = [
            entry(100, 0),
            entry(300, 1),
            entry(400, 0),
            entry(600, 1),
            entry(900, 1),
        ];
        let ring_top = 100u32.wrapping_sub(100u32.wrapping_sub(900) / 2);
        assert_eq!(
            longest_runs(&entries, 3),
            vec![Some(ring_top), Some(650), None]
        );
        // The wrapped arc of server 0 is the whole ring less 800, so longer
        // than its arc of 100 at 400.
        assert_eq!(ring_top, 900u32.wrapping_add((u32::MAX - 800).div_ceil(2)));
    }

    #[test]
    fn one_server_owns_the_whole_ring_and_no_server_owns_nothing() {
        assert_eq!(
            longest_runs(&[entry(7, 1), entry(9, 1)], 2),
            vec![None, Some(7 + (1 << 31))]
        );
        assert_eq!(longest_runs(&[], 2), vec![None, None]);
    }

    #[test]
    fn crowded_labels_step_out_to_the_next_radius_and_never_cover_each_other() {
        // Forty labels within 1.8 radians: too many for the outer two radii.
        let labels: Vec<Label> = (0..40)
            .map(|i| Label {
                angle: f64::from(i) * 0.045,
                width: 14.0,
                height: 11.0,
            })
            .collect();
        let radii = [160.0, 178.0, 110.0, 92.0, 74.0];
        let spots = place(&labels, 200.0, &radii, 1.0);
        for (i, &(x, y)) in spots.iter().enumerate() {
            // On its own angle, at one of the radii.
            let (dx, dy) = (x - 200.0, y - 200.0);
            let r = dx.hypot(dy);
            assert!(radii.iter().any(|&at| (at - r).abs() < 1e-9), "{i}: {r}");
            assert!((dy.atan2(dx) - labels[i].angle).abs() < 1e-9);
            for &(ox, oy) in &spots[..i] {
                // 14 × 11 boxes with a pixel between them.
                assert!(
                    (x - ox).abs() >= 15.0 || (y - oy).abs() >= 12.0,
                    "{i} covers another"
                );
            }
        }
        // The first radius is used where it is free, and no box leaves
        // the canvas: the outer radius is too far out at twelve o'clock.
        assert_eq!(spots[0], (360.0, 200.0));
        let top = place(
            &[Label {
                angle: -std::f64::consts::FRAC_PI_2,
                width: 14.0,
                height: 11.0,
            }; 2],
            200.0,
            &[160.0, 196.0, 110.0],
            1.0,
        );
        assert_eq!(
            top.iter().map(|s| s.1.round()).collect::<Vec<_>>(),
            [40.0, 90.0]
        );
        assert!(spots
            .iter()
            .any(|&(x, y)| (x - 200.0).hypot(y - 200.0) < 100.0));
    }
}
