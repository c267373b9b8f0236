//! A number control: a slider over dense-then-sparse stops with an exact
//! box beside it. A leaf, so the panels and the settings column share it
//! without importing each other.

use leptos::prelude::*;

use super::patch::{markup, Holder};

use super::message::{apply, Message, WAITING};
use super::state::Model;
use crate::render::controls::{at_stop, exact_label, stop_of, stops, value_text, whole_number};
use model::Settings;

/// How long typing in a number box must pause before the number applies.
const TYPING_PAUSE_MS: f64 = 800.0;

/// A number box's handler for both `input` and `change`: a typed number
/// applies (`set`) once the typing pauses, or at once on Enter or on
/// leaving the box, so no figure stays stale for want of Enter. While it
/// waits, `say` shows `WAITING`; an emptied box waits for a number.
pub(crate) fn typed_number(
    say: impl Fn(Option<String>) + 'static,
    set: impl Fn(String) + 'static,
) -> impl Fn(web_sys::Event) + Clone + 'static {
    // Boxed so the waiting logic is compiled once, not once per box.
    typed_number_dyn(std::rc::Rc::new(say), std::rc::Rc::new(set))
}

type Says = std::rc::Rc<dyn Fn(Option<String>)>;
type Applies = std::rc::Rc<dyn Fn(String)>;

fn typed_number_dyn(say: Says, set: Applies) -> impl Fn(web_sys::Event) + Clone + 'static {
    let typing = std::rc::Rc::new(std::cell::Cell::new(0u32));
    move |ev: web_sys::Event| {
        let text = event_target_value(&ev);
        // Each event ends whatever wait came before it.
        let mine = typing.get().wrapping_add(1);
        typing.set(mine);
        if ev.type_() == "change" {
            set(text);
        } else if text.trim().is_empty() {
            say(None);
        } else {
            say(Some(WAITING.to_string()));
            let (typing, set) = (typing.clone(), set.clone());
            leptos::task::spawn_local(async move {
                super::timing::sleep(TYPING_PAUSE_MS).await;
                if typing.get() == mine {
                    set(text);
                }
            });
        }
    }
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
    /// The setting's range (`model::settings::Whole`): a typed number out of
    /// it is refused by `settle`, in the range's words.
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
    let typed = typed_number(move |m| message.set(m), set_from);
    let stops = std::sync::Arc::new(stops(min, max));
    let last_stop = stops.len() - 1;
    let slider_at = {
        let stops = stops.clone();
        move || stop_of(&stops, read.get()).to_string()
    };
    let set_from_stop = move |text: String| {
        if let Some(value) = at_stop(&stops, &text) {
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
                    prop:value=slider_at
                    aria-valuetext=move || value_text(read.get(), unit)
                    aria-describedby=message_id.clone()
                    on:input=move |ev| set_from_stop(event_target_value(&ev))
                />
                <input
                    type="number"
                    id=format!("{id}-number")
                    aria-label=exact_label(label)
                    min=min
                    max=max
                    prop:value=move || read.get().to_string()
                    aria-describedby=message_id.clone()
                    on:input=typed.clone()
                    on:change=typed
                />
            </div>
            {(!compact).then(|| markup(Holder::Block, move || crate::render::markup::wrapped("p", "help", &help)))}
            <Message message=message id=message_id />
        </div>
    }
}
