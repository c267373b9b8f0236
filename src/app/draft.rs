//! Text a reader types into a box, kept as it is typed: the page reads no
//! state back from the DOM. A box that also shows a setting (the joining
//! server's name, the pool after) holds what was typed only while the
//! setting it was typed over is unchanged; after that, the setting.

use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct Draft(StoredValue<Option<(String, String)>>);

impl Draft {
    pub fn new() -> Draft {
        Draft(StoredValue::new(None))
    }

    /// An input event's text, typed over a box that showed `shown`.
    pub fn typed(self, event: &leptos::ev::Event, shown: String) {
        self.0.set_value(Some((event_target_value(event), shown)));
    }

    /// The box's text now, given what it shows of the setting.
    pub fn text(self, shown: String) -> String {
        match self.0.get_value() {
            Some((typed, over)) if over == shown => typed,
            _ => shown,
        }
    }
}
