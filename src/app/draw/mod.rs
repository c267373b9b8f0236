//! Drawing: the ring canvas, the plotters charts, and what they share
//! (colours per server, the theme, the pixel ratio).

pub mod charts;
pub mod export;
pub mod mini_ring;
pub mod ring_canvas;
pub mod theme;
pub mod travel;
