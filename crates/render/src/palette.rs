//! Server colours, distinct within a view of up to eight servers (`Palette`);
//! white is kept for "moved".

/// Okabe–Ito's colour-blind-safe set (less its black) and a neutral grey.
const COLOURS: [&str; 8] = [
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#A0A0A0",
];

/// The CSS classes of a swatch in each colour. Markup set as HTML may not
/// carry inline styles under the page's CSP, so each colour is a class
/// (`style/main.css`, in the same order as `COLOURS`).
const CLASSES: [&str; 8] = [
    "swatch ink0",
    "swatch ink1",
    "swatch ink2",
    "swatch ink3",
    "swatch ink4",
    "swatch ink5",
    "swatch ink6",
    "swatch ink7",
];

/// The seven hues in the order servers take them: each next to the ones
/// before it as unlike as the set allows (the warm three, orange, yellow
/// and vermilion, are never neighbours), so the first five servers are
/// easy to tell apart on a small ring. Indices into `COLOURS`.
const HUES: [usize; 7] = [1, 0, 2, 6, 3, 4, 5];

/// Grey, kept for a joining server: the newcomer is told apart in every
/// view, however many servers share the seven hues.
const NEWCOMER: usize = 7;

/// The colours of one view's servers, in list order (a joiner last). A
/// joiner is grey; the others take the hues in `HUES` order by their place
/// in the list, so up to eight servers never share a colour and a joiner
/// recolours nobody. Without a joiner the eighth is grey too. Past eight,
/// hues repeat (the names beside every swatch, and on the ring, tell the
/// servers apart) but grey stays the newcomer's alone.
pub struct Palette<'a> {
    names: &'a [String],
    index: Vec<usize>,
}

impl<'a> Palette<'a> {
    /// `joins`: the last of `names` is joining.
    pub fn of(names: &'a [String], joins: bool) -> Palette<'a> {
        let staying = names.len() - usize::from(joins && !names.is_empty());
        let index = (0..names.len())
            .map(|position| {
                let eighth_of_eight =
                    !joins && names.len() == COLOURS.len() && position == HUES.len();
                if position >= staying || eighth_of_eight {
                    NEWCOMER
                } else {
                    HUES[position % HUES.len()]
                }
            })
            .collect();
        Palette { names, index }
    }

    fn index_of(&self, name: &str) -> usize {
        self.names
            .iter()
            .position(|n| n == name)
            .map_or(NEWCOMER, |at| self.index[at])
    }

    pub fn colour(&self, name: &str) -> &'static str {
        COLOURS[self.index_of(name)]
    }

    pub fn swatch_class(&self, name: &str) -> &'static str {
        CLASSES[self.index_of(name)]
    }

    /// As red, green, blue bytes, for plotters and the ring's pixels.
    pub fn rgb(&self, name: &str) -> (u8, u8, u8) {
        hex_rgb(self.colour(name))
    }
}

/// How many servers a view can hold before colours repeat.
pub const DISTINCT: usize = COLOURS.len();

/// A colour a quarter of the way from `ground` to `colour`: the other
/// servers' marks while one is picked out, there but in the background.
pub fn faded(colour: (u8, u8, u8), ground: (u8, u8, u8)) -> (u8, u8, u8) {
    let mix = |c: u8, g: u8| ((u16::from(c) + 3 * u16::from(g)) / 4) as u8;
    (
        mix(colour.0, ground.0),
        mix(colour.1, ground.1),
        mix(colour.2, ground.2),
    )
}

/// Red, green, blue bytes as "#rrggbb".
pub fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// "#RRGGBB" as red, green, blue bytes.
pub fn hex_rgb(hex: &str) -> (u8, u8, u8) {
    let byte = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).unwrap_or(128);
    (byte(1), byte(3), byte(5))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn a_faded_colour_sits_a_quarter_of_the_way_from_the_ground() {
        let ground = (0x1d, 0x20, 0x27);
        let orange = hex_rgb("#E69F00");
        let dim = faded(orange, ground);
        // (230 + 3 × 29) / 4, (159 + 3 × 32) / 4, (0 + 3 × 39) / 4
        assert_eq!(dim, (79, 63, 29));
        assert_eq!(hex_rgb(&hex(dim)), dim);
        assert_eq!(faded(ground, ground), ground);
    }

    #[test]
    fn up_to_eight_servers_never_share_a_colour() {
        // Issue 35's engineer: six addresses and a seventh joining.
        let pools = [
            (
                names(&[
                    "10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5", "10.0.0.6",
                    "10.0.0.7",
                ]),
                true,
            ),
            (
                names(&["m01", "m02", "m03", "m04", "m05", "m06", "m07", "m08"]),
                false,
            ),
            (
                names(&["m01", "m02", "m03", "m04", "m05", "m06", "m07", "m08"]),
                true,
            ),
            (names(&["a", "b"]), false),
        ];
        for (pool, joins) in &pools {
            let palette = Palette::of(pool, *joins);
            let mut seen: Vec<&str> = pool.iter().map(|n| palette.colour(n)).collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), pool.len(), "{pool:?}");
        }
    }

    #[test]
    fn the_warm_colours_are_never_among_the_first_four_together() {
        // Issue 47: alpha's yellow and delta's orange looked alike on a phone.
        let warm = ["#E69F00", "#F0E442", "#D55E00"];
        let first = names(&["alpha", "bravo", "charlie", "delta", "echo"]);
        let palette = Palette::of(&first, true);
        let colours: Vec<&str> = first.iter().map(|n| palette.colour(n)).collect();
        assert_eq!(
            colours.iter().filter(|c| warm.contains(c)).count(),
            1,
            "{colours:?}"
        );
        assert_eq!(colours[4], COLOURS[NEWCOMER]);
        // Neighbouring hues are never two warm ones.
        for pair in HUES.windows(2) {
            assert!(
                !(warm.contains(&COLOURS[pair[0]]) && warm.contains(&COLOURS[pair[1]])),
                "{pair:?}"
            );
        }
    }

    #[test]
    fn past_eight_the_newcomer_alone_is_grey_and_the_others_share_seven_hues() {
        // The lesson preset: m01 to m18, and m19 joining.
        let pool: Vec<String> = (1..=19).map(|i| format!("m{i:02}")).collect();
        let palette = Palette::of(&pool, true);
        let greys: Vec<&String> = pool
            .iter()
            .filter(|n| palette.colour(n) == COLOURS[NEWCOMER])
            .collect();
        assert_eq!(greys, vec!["m19"]);
        // Each hue is shared by at most three of the eighteen.
        for hue in HUES {
            let sharing = pool
                .iter()
                .filter(|n| palette.colour(n) == COLOURS[hue])
                .count();
            assert!((2..=3).contains(&sharing), "{hue}: {sharing}");
        }
        // Without a joiner, past eight, grey is nobody's.
        let leave = Palette::of(&pool, false);
        assert!(pool.iter().all(|n| leave.colour(n) != COLOURS[NEWCOMER]));
    }

    #[test]
    fn a_joiner_recolours_nobody() {
        let before = names(&["alpha", "bravo", "charlie", "delta"]);
        let after = names(&["alpha", "bravo", "charlie", "delta", "echo"]);
        let (p, q) = (Palette::of(&before, false), Palette::of(&after, true));
        for name in &before {
            assert_eq!(p.colour(name), q.colour(name), "{name}");
        }
    }
}
