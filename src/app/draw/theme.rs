//! What every canvas needs from the screen: the reader's colour scheme and
//! the pixel ratio, asked in one place.

use web_sys::HtmlCanvasElement;

/// True when the reader's system asks for a dark theme.
pub fn prefers_dark() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|query| query.matches())
}

/// Device pixels per CSS pixel, at least 1.
pub fn pixel_ratio() -> f64 {
    web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .max(1.0)
}

/// Give a canvas a backing store of its CSS size times the pixel ratio, so
/// lines stay crisp on high-DPI screens; untouched when already that size
/// (resizing clears a canvas). Returns the ratio.
pub fn fit_canvas(canvas: &HtmlCanvasElement, css_width: f64, css_height: f64) -> f64 {
    let ratio = pixel_ratio();
    let (width, height) = (
        (css_width * ratio).round() as u32,
        (css_height * ratio).round() as u32,
    );
    if canvas.width() != width || canvas.height() != height {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    ratio
}
