//! Pixel work for the ring's canvas, free of web types so it is tested
//! natively: where a position points, the layer of key dots, the white ring
//! round a moved key, the ticks as pixels. `app::draw::ring_canvas` puts
//! the result on the canvas.

use std::f64::consts::{FRAC_PI_2, TAU};

use model::ServerId;

pub mod labels;
pub mod travel;

/// Angle of a ring position, clockwise from twelve o'clock.
pub fn angle(position: u32) -> f64 {
    f64::from(position) / 4_294_967_296.0 * TAU - FRAC_PI_2
}

/// Paint one key's dot, `side` pixels square, at buffer offset `corner`
/// (rows `pixels` long); what would fall past the buffer is left out.
pub fn paint_dot(buffer: &mut [u32], pixels: usize, corner: usize, side: usize, colour: u32) {
    for row in 0..side {
        let start = corner + row * pixels;
        if let Some(run) = buffer.get_mut(start..start + side) {
            run.fill(colour);
        }
    }
}

/// No server has this id (there are at most 51): a dot not yet painted.
const UNPAINTED: ServerId = ServerId::MAX;

/// The ring's key dots alone on their background, as last painted, kept
/// while the keys and the canvas size stay the same. A points step changes
/// a tenth of the owners, so a paint repaints only the dots whose owner
/// changed; a repainted dot lies over its neighbours, so the change shows.
pub struct DotsLayer {
    pixels: usize,
    /// Dot side, in device pixels.
    side: usize,
    /// Every `stride`-th key is drawn.
    stride: usize,
    /// Top-left pixel of each drawn key's dot, in key order.
    corners: Vec<(u32, u32)>,
    layer: Vec<u32>,
    painted_owners: Vec<ServerId>,
    /// What the layer is painted in: each server's colour, then the background.
    painted_colours: Vec<u32>,
}

impl DotsLayer {
    /// A layer `pixels` square for every `stride`-th key, whose dots of
    /// `side` pixels have their top-left pixels at `corners`. Nothing is
    /// painted until the first `paint`.
    pub fn new(pixels: usize, side: usize, stride: usize, corners: Vec<(u32, u32)>) -> DotsLayer {
        DotsLayer {
            pixels,
            side,
            stride,
            corners,
            layer: Vec::new(),
            painted_owners: Vec::new(),
            painted_colours: Vec::new(),
        }
    }

    /// Whether this layer is the one for a canvas `pixels` square drawing
    /// every `stride`-th key.
    pub fn fits(&self, pixels: usize, stride: usize) -> bool {
        self.pixels == pixels && self.stride == stride
    }

    /// The top-left pixel of drawn key `index`'s dot.
    pub fn corner(&self, index: usize) -> Option<(u32, u32)> {
        self.corners.get(index).copied()
    }

    /// The layer's pixels, rows `pixels` long.
    pub fn pixels(&self) -> &[u32] {
        &self.layer
    }

    /// Bring the layer to `owners` (every key's, in key order), each dot in
    /// its owner's colour from `server_colours`, on `background`. New
    /// colours (names or theme) clear the layer and paint every dot.
    pub fn paint(&mut self, owners: &[ServerId], server_colours: &[u32], background: u32) {
        let colours_now = || server_colours.iter().copied().chain([background]);
        if !self.painted_colours.iter().copied().eq(colours_now())
            || self.layer.len() != self.pixels * self.pixels
            || self.painted_owners.len() != self.corners.len()
        {
            self.layer.clear();
            self.layer.resize(self.pixels * self.pixels, background);
            self.painted_owners.clear();
            self.painted_owners.resize(self.corners.len(), UNPAINTED);
            self.painted_colours = colours_now().collect();
        }
        let (pixels, side, corners) = (self.pixels, self.side, &self.corners);
        let layer = &mut self.layer;
        let mut repaint = |index: usize, owner: ServerId, painted: &mut ServerId| {
            let Some(&(x, y)) = corners.get(index) else {
                return;
            };
            let colour = server_colours
                .get(usize::from(owner))
                .copied()
                .unwrap_or(background);
            paint_dot(
                layer,
                pixels,
                y as usize * pixels + x as usize,
                side,
                colour,
            );
            *painted = owner;
        };
        if self.stride == 1 {
            // Runs of owners equal to what is painted are skipped by
            // comparing whole slices, which stays fast at the size-first
            // optimisation the page is built with.
            const RUN: usize = 64;
            for (run, (owners, painted)) in owners
                .chunks(RUN)
                .zip(self.painted_owners.chunks_mut(RUN))
                .enumerate()
            {
                if owners == painted {
                    continue;
                }
                for (offset, (&owner, painted)) in owners.iter().zip(painted).enumerate() {
                    if *painted != owner {
                        repaint(run * RUN + offset, owner, painted);
                    }
                }
            }
        } else {
            for (index, (&owner, painted)) in owners
                .iter()
                .step_by(self.stride)
                .zip(self.painted_owners.iter_mut())
                .enumerate()
            {
                if *painted != owner {
                    repaint(index, owner, painted);
                }
            }
        }
    }
}

/// The ring's circle in this many directions, for placing many keys: a
/// step is 0.0004 radians, a quarter of a pixel at the largest canvas, and
/// a lookup costs a small part of the software sine and cosine wasm has,
/// which for 100,000 keys took most of a key-count step's redraw. Built
/// once, on the first drawing with more keys than it has entries.
pub const DIRECTION_BITS: u32 = 14;

pub fn direction_table() -> &'static [(f32, f32)] {
    static TABLE: std::sync::OnceLock<Vec<(f32, f32)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..1u32 << DIRECTION_BITS)
            .map(|step| {
                let (sin, cos) = angle(step << (32 - DIRECTION_BITS)).sin_cos();
                (sin as f32, cos as f32)
            })
            .collect()
    })
}

/// (sin, cos) of a position's angle, from the nearest direction in `table`.
pub fn direction_from(table: &[(f32, f32)], position: u32) -> (f64, f64) {
    let shift = 32 - DIRECTION_BITS;
    let nearest = position.wrapping_add(1 << (shift - 1)) >> shift;
    let (sin, cos) = table[nearest as usize];
    (f64::from(sin), f64::from(cos))
}

/// The drawn keys among `moved` (key numbers, as a stage lists them), as
/// indices among the drawn ones (every `stride`-th key).
pub fn moved_indices(moved: &[u32], stride: usize) -> impl Iterator<Item = usize> + '_ {
    moved
        .iter()
        .map(|&key| key as usize)
        .filter(move |key| key % stride == 0)
        .map(move |key| key / stride)
}

/// Pixel offsets from a centre that make a ring of `radius` and
/// `thickness` device pixels.
pub fn ring_stamp(radius: f64, thickness: f64) -> Vec<(i64, i64)> {
    let reach = (radius + thickness).ceil() as i64;
    let mut offsets = Vec::new();
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let distance = ((dx * dx + dy * dy) as f64).sqrt();
            if (distance - radius).abs() <= thickness / 2.0 {
                offsets.push((dx, dy));
            }
        }
    }
    offsets
}

/// Where the thin ticks go on one canvas: radial lines between radii
/// `from` and `to` (CSS pixels) around `centre`, one CSS pixel thick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TickGeometry {
    pub pixels: usize,
    pub scale: f64,
    pub centre: f64,
    pub from: f64,
    pub to: f64,
}

/// Every tick a canvas can show, as pixels: past one tick per pixel of the
/// circle only one per pixel can show, so the circle is cut into columns
/// about a device pixel wide at the ticks' outer end, and each column's
/// tick is worked out once per canvas size, not once per point per step
/// (a sine, a cosine and a line's worth of arithmetic each, which at the
/// largest settings was a quarter of the ring's redraw).
pub struct TickPixels {
    pub geometry: TickGeometry,
    pub columns: u64,
    /// Square dots per tick, inner end first.
    steps: usize,
    /// Dot side, in device pixels.
    width: usize,
    /// The top-left pixel of each dot of each column's tick.
    corners: Vec<u32>,
}

impl TickPixels {
    pub fn new(geometry: TickGeometry) -> TickPixels {
        let TickGeometry {
            pixels,
            scale,
            centre,
            from,
            to,
        } = geometry;
        let columns = (TAU * to * scale).ceil().max(1.0) as u64;
        let width = (scale.round() as usize).max(1);
        let steps = ((to - from) * scale).ceil() as usize + 1;
        let limit = pixels.saturating_sub(width);
        let mut corners = Vec::with_capacity(columns as usize * steps);
        for column in 0..columns {
            // The middle of the column, as a ring position.
            let position = (((2 * column + 1) << 31) / columns) as u32;
            let (sin, cos) = angle(position).sin_cos();
            for step in 0..steps {
                let r = from * scale + step as f64;
                let x = ((centre * scale + cos * r) as usize).min(limit);
                let y = ((centre * scale + sin * r) as usize).min(limit);
                corners.push((y * pixels + x) as u32);
            }
        }
        TickPixels {
            geometry,
            columns,
            steps,
            width,
            corners,
        }
    }

    /// Set column `column`'s tick in `colour`; a dashed one (a down
    /// server's, so it reads apart without colour) 2 CSS pixels on, 2 off.
    pub fn set(&self, buffer: &mut [u32], column: u64, colour: u32, dashed: bool) {
        let pixels = self.geometry.pixels;
        let start = column as usize * self.steps;
        let Some(corners) = self.corners.get(start..start + self.steps) else {
            return;
        };
        for (step, &corner) in corners.iter().enumerate() {
            if dashed && (step as f64 / self.geometry.scale) as usize % 4 >= 2 {
                continue;
            }
            for row in 0..self.width {
                let at = corner as usize + row * pixels;
                if let Some(run) = buffer.get_mut(at..at + self.width) {
                    run.fill(colour);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moved_indices_are_the_moved_keys_among_those_drawn() {
        // Against drawing every stride-th key and asking whether it moved.
        let moved: Vec<u32> = (0..2_000)
            .filter(|i| i % 97 == 0 || (255..=257).contains(i) || *i == 1_999)
            .collect();
        for stride in [1, 3, 7] {
            let expected: Vec<usize> = (0..2_000u32)
                .step_by(stride)
                .enumerate()
                .filter(|(_, key)| moved.contains(key))
                .map(|(drawn, _)| drawn)
                .collect();
            assert_eq!(
                moved_indices(&moved, stride).collect::<Vec<_>>(),
                expected,
                "stride {stride}"
            );
        }
        assert_eq!(moved_indices(&[], 1).count(), 0);
    }

    #[test]
    fn a_tick_column_points_along_its_angle_and_stays_on_the_canvas() {
        let geometry = TickGeometry {
            pixels: 400,
            scale: 2.0,
            centre: 100.0,
            from: 70.0,
            to: 85.0,
        };
        let ticks = TickPixels::new(geometry);
        // About one column per device pixel round the ticks' outer circle.
        assert_eq!(ticks.columns, (TAU * 85.0 * 2.0).ceil() as u64);
        assert_eq!(ticks.corners.len(), ticks.columns as usize * ticks.steps);
        assert!(ticks.corners.iter().all(|&c| (c as usize) < 400 * 400));
        let mut buffer = vec![0u32; 400 * 400];
        // Column 0 is at twelve o'clock: straight up from the centre, from
        // 140 to 170 device pixels out.
        ticks.set(&mut buffer, 0, 7, false);
        let set: Vec<(usize, usize)> = (0..buffer.len())
            .filter(|&i| buffer[i] == 7)
            .map(|i| (i % 400, i / 400))
            .collect();
        assert!(
            set.iter().all(|&(x, _)| (199..=201).contains(&x)),
            "{set:?}"
        );
        assert_eq!(set.iter().map(|&(_, y)| y).min(), Some(200 - 170));
        assert_eq!(set.iter().map(|&(_, y)| y).max(), Some(200 - 140 + 1));
        // A quarter of the way round: three o'clock, to the right.
        let quarter = ticks.columns / 4;
        let mut buffer = vec![0u32; 400 * 400];
        ticks.set(&mut buffer, quarter, 9, false);
        assert!((0..buffer.len())
            .filter(|&i| buffer[i] == 9)
            .all(|i| i % 400 > 300 && (195..=205).contains(&(i / 400))));
        // Dashed: 2 CSS pixels on, 2 off: a subset of the solid tick with gaps.
        let mut dashed = vec![0u32; 400 * 400];
        ticks.set(&mut dashed, 0, 7, true);
        let solid = buffer_of(&ticks, 0);
        let count = |b: &[u32]| b.iter().filter(|&&p| p == 7).count();
        assert!((0..dashed.len()).all(|i| dashed[i] != 7 || solid[i] == 7));
        assert!(count(&dashed) < count(&solid) && 3 * count(&dashed) > count(&solid));
        // A column past the last draws nothing rather than failing.
        let mut none = vec![0u32; 400 * 400];
        ticks.set(&mut none, ticks.columns + 5, 7, false);
        assert_eq!(count(&none), 0);
    }

    fn buffer_of(ticks: &TickPixels, column: u64) -> Vec<u32> {
        let mut buffer = vec![0u32; 400 * 400];
        ticks.set(&mut buffer, column, 7, false);
        buffer
    }

    #[test]
    fn a_moved_ring_is_a_ring() {
        let stamp = ring_stamp(4.0, 1.0);
        assert!(!stamp.is_empty());
        for &(dx, dy) in &stamp {
            let distance = ((dx * dx + dy * dy) as f64).sqrt();
            assert!((distance - 4.0).abs() <= 0.5);
            assert!(stamp.contains(&(-dx, -dy)) && stamp.contains(&(dy, dx)));
        }
        assert!(!stamp.contains(&(0, 0)));
    }

    /// Key `i`'s dot in colour `owners[i]`, painted in key order on a
    /// fresh layer: what a first paint must draw.
    fn painted_afresh(
        pixels: usize,
        side: usize,
        corners: &[(u32, u32)],
        colours: &[u32],
    ) -> Vec<u32> {
        let mut buffer = vec![99; pixels * pixels];
        for (&(x, y), &colour) in corners.iter().zip(colours) {
            paint_dot(
                &mut buffer,
                pixels,
                y as usize * pixels + x as usize,
                side,
                colour,
            );
        }
        buffer
    }

    #[test]
    fn a_layer_repaints_only_changed_dots_and_ends_as_painted_afresh() {
        // 1,000 keys on a 100-pixel layer, dots 2 pixels square and apart,
        // so none overlaps another: painted step by step or all at once,
        // the layer must be the same.
        let (pixels, side) = (100, 2);
        let corners: Vec<(u32, u32)> = (0..1_000u32)
            .map(|i| ((i % 50) * 2, (i / 50) * 2))
            .collect();
        let colours = [10, 11, 12, 13];
        let mut layer = DotsLayer::new(pixels, side, 1, corners.clone());
        let mut owners: Vec<ServerId> = (0..1_000).map(|i| (i * 7 % 4) as ServerId).collect();
        for step in 0..4 {
            // One owner in a run of 64, a whole run, and the last key.
            owners[130] = (step % 4) as ServerId;
            for owner in &mut owners[256..320] {
                *owner = ((*owner + 1) % 4) as ServerId;
            }
            owners[999] = ((step + 2) % 4) as ServerId;
            layer.paint(&owners, &colours, 99);
            let expected: Vec<u32> = owners.iter().map(|&o| colours[usize::from(o)]).collect();
            assert_eq!(
                layer.pixels(),
                painted_afresh(pixels, side, &corners, &expected),
                "step {step}"
            );
        }
    }

    #[test]
    fn a_repainted_dot_lies_over_its_neighbour() {
        // Key 1's dot overlaps key 0's on its right half.
        let corners = vec![(4, 4), (5, 4)];
        let mut layer = DotsLayer::new(10, 2, 1, corners);
        let at = |layer: &DotsLayer, x: usize| layer.pixels()[4 * 10 + x];
        layer.paint(&[0, 1], &[10, 11, 12], 99);
        assert_eq!((at(&layer, 4), at(&layer, 5), at(&layer, 6)), (10, 11, 11));
        // Only key 0 changed owner: it is repainted, over key 1.
        layer.paint(&[2, 1], &[10, 11, 12], 99);
        assert_eq!((at(&layer, 4), at(&layer, 5), at(&layer, 6)), (12, 12, 11));
    }

    #[test]
    fn new_colours_repaint_every_dot_and_the_background() {
        let corners = vec![(0, 0), (4, 4)];
        let mut layer = DotsLayer::new(8, 2, 1, corners.clone());
        layer.paint(&[0, 1], &[10, 11], 99);
        // A theme change: same owners, new background and server colours.
        layer.paint(&[0, 1], &[20, 21], 98);
        let mut expected = painted_afresh(8, 2, &corners, &[20, 21]);
        expected
            .iter_mut()
            .filter(|p| **p == 99)
            .for_each(|p| *p = 98);
        assert_eq!(layer.pixels(), expected);
    }

    #[test]
    fn a_sampled_layer_draws_every_stride_th_key() {
        let corners = vec![(0, 0), (3, 0), (6, 0)];
        let mut layer = DotsLayer::new(10, 2, 3, corners.clone());
        let owners = [0, 1, 1, 2, 0, 0, 1, 2];
        layer.paint(&owners, &[10, 11, 12], 99);
        // Keys 0, 3 and 6 are drawn.
        assert_eq!(
            layer.pixels(),
            painted_afresh(10, 2, &corners, &[10, 12, 11])
        );
        assert!(layer.fits(10, 3) && !layer.fits(10, 1) && !layer.fits(12, 3));
        assert_eq!((layer.corner(1), layer.corner(3)), (Some((3, 0)), None));
    }

    #[test]
    fn a_dot_is_a_square_and_never_writes_past_the_buffer() {
        let mut buffer = vec![0u32; 10 * 10];
        paint_dot(&mut buffer, 10, 2 * 10 + 3, 2, 5);
        let set: Vec<usize> = (0..100).filter(|&i| buffer[i] == 5).collect();
        assert_eq!(set, vec![23, 24, 33, 34]);
        paint_dot(&mut buffer, 10, 99, 3, 6);
        assert_eq!(buffer.iter().filter(|&&p| p == 6).count(), 0);
    }

    #[test]
    fn directions_from_the_table_match_the_angle() {
        let table = direction_table();
        for position in [0u32, 1 << 30, 3 << 30, 123_456_789, u32::MAX] {
            let (sin, cos) = direction_from(table, position);
            let (exact_sin, exact_cos) = angle(position).sin_cos();
            assert!(
                (sin - exact_sin).abs() < 1e-3 && (cos - exact_cos).abs() < 1e-3,
                "{position}"
            );
        }
    }
}
