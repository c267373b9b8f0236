//! A number control: a slider over dense-then-sparse stops with an exact
//! box beside it. A leaf, so the panels and the settings column share it
//! without importing each other.

use leptos::prelude::*;

use super::patch::{markup, Holder};

use super::message::{apply, Message};
use super::state::Model;
use model::format::{ladder, nearest_stop};
use model::Settings;

/// A typed number, or a sentence saying it is not one.
pub(crate) fn whole_number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    let text = text.trim();
    text.parse::<T>().map_err(|_| {
        let shown: String = text.chars().take(24).collect();
        format!("\u{201c}{shown}\u{201d} is not a whole number.")
    })
}

/// A slider with an exact number box beside it, both native inputs. The
/// slider moves over `ladder` stops, dense at the low end and sparse at the
/// high, so 1 … 10 take as much travel as 100 … 500; the box takes any value.
/// `write` may refuse a value with a sentence, shown beside the control.
#[component]
pub(crate) fn NumberControl(
    id: &'static str,
    label: &'static str,
    /// What the number counts, for screen readers: "200 points per server".
    unit: &'static str,
    /// Markup: it may hold a term (`render::glossary`).
    #[prop(into)]
    help: String,
    min: u32,
    max: u32,
    read: Signal<u32>,
    write: fn(&mut Settings, u32) -> Result<(), String>,
    /// Without the help line, for the compact bar on phones.
    #[prop(optional)]
    compact: bool,
) -> impl IntoView {
    let model = expect_context::<Model>();
    let message = RwSignal::new(None::<String>);
    let message_id = format!("{id}-message");
    // Tried on a copy first: a refused value leaves the settings untouched.
    let set = move |value: u32| {
        let mut trial = model
            .settings
            .with_untracked(|valid| valid.settings().clone());
        match write(&mut trial, value) {
            Ok(()) => apply(model, message, |settings| {
                let _ = write(settings, value);
            }),
            Err(why) => message.set(Some(why)),
        }
    };
    let set_from = move |text: String| match whole_number::<u32>(&text) {
        Ok(value) => set(value),
        Err(why) => message.set(Some(why)),
    };
    let stops = std::sync::Arc::new(ladder(min, max));
    let last_stop = stops.len() - 1;
    let stop_of = {
        let stops = stops.clone();
        move || nearest_stop(&stops, read.get()).to_string()
    };
    let set_from_stop = move |text: String| {
        if let Some(&value) = text.trim().parse::<usize>().ok().and_then(|i| stops.get(i)) {
            set(value);
        }
    };
    view! {
        <div class="control">
            <label for=format!("{id}-range")>{label}</label>
            <div class="number-pair">
                <input
                    type="range"
                    id=format!("{id}-range")
                    min="0"
                    max=last_stop
                    prop:value=stop_of
                    aria-valuetext=move || format!("{} {unit}", read.get())
                    aria-describedby=message_id.clone()
                    on:input=move |ev| set_from_stop(event_target_value(&ev))
                />
                <input
                    type="number"
                    id=format!("{id}-number")
                    aria-label=format!("{label}, exact")
                    min=min
                    max=max
                    prop:value=move || read.get().to_string()
                    aria-describedby=message_id.clone()
                    on:change=move |ev| set_from(event_target_value(&ev))
                />
            </div>
            {(!compact).then(|| markup(Holder::Block, move || format!("<p class=\"help\">{help}</p>")))}
            <Message message=message id=message_id />
        </div>
    }
}
