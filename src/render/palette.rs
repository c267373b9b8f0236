//! Server colours, distinct within a view of up to eight servers (`Palette`);
//! white is kept for "moved".

use model::hash::HashKind;

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

/// A name's own colour. The salt was picked so that the default five
/// servers get five different ones.
fn named_index(name: &str) -> usize {
    let hash = HashKind::Fnv1aFold.hash(format!("ink:{name}").as_bytes());
    hash as usize % COLOURS.len()
}

/// The colours of one view's servers, in list order (a joiner last). Each
/// takes its name's colour unless a server before it took that one, then
/// the next free colour: so up to eight servers never share a colour, a
/// joiner never recolours the others, and a leaver keeps its colour through
/// its own leave. Past eight, colours repeat, and the names beside every
/// swatch tell the servers apart.
pub struct Palette<'a> {
    names: &'a [String],
    index: Vec<usize>,
}

impl<'a> Palette<'a> {
    pub fn of(names: &'a [String]) -> Palette<'a> {
        let mut taken = [false; COLOURS.len()];
        let index = names
            .iter()
            .enumerate()
            .map(|(position, name)| {
                let mut index = named_index(name);
                if position < COLOURS.len() {
                    while taken[index] {
                        index = (index + 1) % COLOURS.len();
                    }
                    taken[index] = true;
                }
                index
            })
            .collect();
        Palette { names, index }
    }

    fn index_of(&self, name: &str) -> usize {
        self.names
            .iter()
            .position(|n| n == name)
            .map_or_else(|| named_index(name), |at| self.index[at])
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
        // Issue 35's engineer: six addresses and a seventh joining, where
        // colours by name alone gave two pairs the same colour.
        let pools = [
            names(&[
                "10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5", "10.0.0.6", "10.0.0.7",
            ]),
            names(&["m01", "m02", "m03", "m04", "m05", "m06", "m07", "m08"]),
            names(&["a", "b"]),
        ];
        for pool in &pools {
            let palette = Palette::of(pool);
            let mut seen: Vec<&str> = pool.iter().map(|n| palette.colour(n)).collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), pool.len(), "{pool:?}");
        }
        // By name alone the first pool does repeat: the test above can fail.
        let by_name: Vec<usize> = pools[0].iter().map(|n| named_index(n)).collect();
        let mut distinct = by_name.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert!(distinct.len() < by_name.len());
    }

    #[test]
    fn a_joiner_recolours_nobody_and_the_default_keeps_its_colours() {
        let before = names(&["alpha", "bravo", "charlie", "delta"]);
        let after = names(&["alpha", "bravo", "charlie", "delta", "echo"]);
        let (p, q) = (Palette::of(&before), Palette::of(&after));
        for name in &before {
            assert_eq!(p.colour(name), q.colour(name), "{name}");
            assert_eq!(q.colour(name), COLOURS[named_index(name)], "{name}");
        }
    }
}
