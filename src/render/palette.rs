//! Server colours. A colour follows from the server's name alone, so removing
//! one server never recolours the others; white is kept for "moved".

use model::hash::HashKind;

/// Okabe–Ito's colour-blind-safe set (less its black) and a neutral grey.
const COLOURS: [&str; 8] = [
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#A0A0A0",
];

/// The salt was picked so that the default five servers get five different
/// colours; beyond eight servers, colours repeat and the legend tells them apart.
pub fn colour_of(name: &str) -> &'static str {
    COLOURS[colour_index(name)]
}

fn colour_index(name: &str) -> usize {
    let hash = HashKind::Fnv1aFold.hash(format!("ink:{name}").as_bytes());
    hash as usize % COLOURS.len()
}

/// The CSS classes of a swatch in the server's colour. Markup set as HTML
/// may not carry inline styles under the page's CSP, so each colour is a class
/// (`style/main.css`, in the same order as `COLOURS`).
pub fn swatch_class(name: &str) -> &'static str {
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
    CLASSES[colour_index(name)]
}

/// The same colour as red, green, blue bytes, for plotters.
pub fn rgb_of(name: &str) -> (u8, u8, u8) {
    hex_rgb(colour_of(name))
}

/// "#RRGGBB" as red, green, blue bytes.
pub fn hex_rgb(hex: &str) -> (u8, u8, u8) {
    let byte = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).unwrap_or(128);
    (byte(1), byte(3), byte(5))
}
