//! The ring's colours for the reader's theme, and the phone's quick bar's
//! small ring after the change: drawn as the ring panel draws, used by the
//! settings' bar, so it lives here rather than in the ring panel.

use leptos::html::Canvas;
use leptos::prelude::*;

use super::ring_canvas::{self, Detail, Marks, RingColours};
use super::theme::{observed_width, prefers_dark};
use crate::app::state::Model;
use crate::app::timing;
use model::steps::{before_the_change, change_stage, stage};

/// The phone's small ring is 84 px across: past a few thousand keys its
/// dots are one band, and a sample of them draws the same picture for a
/// twentieth of the work at 100,000 keys.
const MINI_RING_KEYS: usize = 5_000;

/// Keep a small canvas showing the ring after the change, for the phone's
/// quick bar. Skipped while the canvas is hidden (it has no width then), so
/// wide screens pay nothing for it.
pub fn mini_ring(canvas: NodeRef<Canvas>) {
    let model = expect_context::<Model>();
    let width = observed_width(canvas);
    Effect::new(move |_| {
        let width = width.get();
        let (Some(element), true) = (canvas.get(), width > 0.0) else {
            return;
        };
        let asking = model.asking();
        model.snapshot.with(|m| {
            let last = if asking {
                before_the_change(&m.0)
            } else {
                stage(&m.0, change_stage(&m.0))
            };
            timing::timed("ringcount:draw-mini-ring", || {
                ring_canvas::draw(
                    &element,
                    width,
                    &m.0,
                    &last,
                    &ring_colours(false),
                    Marks {
                        detail: Detail::AtMost(MINI_RING_KEYS),
                        ..Marks::default()
                    },
                )
            })
        });
    });
}

/// The ring's colours for the reader's theme. On a light page the "white"
/// ring gets a dark background of its own: the canvas stays dark in both.
/// On paper it is white, and a moved key is ringed in black.
pub fn ring_colours(paper: bool) -> RingColours {
    if paper {
        RingColours {
            background: (0xff, 0xff, 0xff),
            circle: "#9aa0ad",
            moved: "#000000",
            text: "#000000",
        }
    } else if prefers_dark() {
        RingColours {
            background: (0x15, 0x17, 0x1c),
            circle: "#4a4f5c",
            moved: "#ffffff",
            text: "#e6e8ee",
        }
    } else {
        RingColours {
            background: (0x1d, 0x20, 0x27),
            circle: "#50566a",
            moved: "#ffffff",
            text: "#e6e8ee",
        }
    }
}
