//! The ring in use (`use=`): the page's own, or a deployed client's, which
//! the ring canvas then draws and every panel measures. At the top of the
//! settings and, compact, in the phone's quick bar.

use leptos::prelude::*;

use super::message::{apply, Message};
use super::patch::{markup, Holder};
use super::state::Model;
use crate::render::markup::Markup;
use model::in_use::{InUse, CANNOT_DRIVE};
/// The choice as the menu words it; `compact`, for the phone's quick bar.
fn title(in_use: InUse, compact: bool) -> &'static str {
    match in_use {
        InUse::Ring if compact => "Page's ring",
        InUse::Ring => "The page's ring",
        InUse::Ketama if compact => "ketama",
        InUse::Ketama => "ketama (memcached clients)",
        InUse::Groupcache if compact => "groupcache",
        InUse::Groupcache => "groupcache (Go)",
        InUse::Nginx if compact => "nginx consistent",
        InUse::Nginx => "nginx hash … consistent",
        InUse::EnvoyRing if compact => "Envoy ring hash",
        InUse::EnvoyRing => "Envoy ring hash (gRPC)",
        InUse::Twemproxy => "twemproxy",
    }
}

/// What the choice does, and why the other schemes are not in the menu.
fn help(in_use: InUse) -> String {
    let lead = match in_use {
        InUse::Ring => "The ring drawn and measured is the page's own. Pick your client to see its ring instead: its own points, its own key hash, its own figures in every panel.".to_string(),
        client => format!(
            "Every panel now measures {}'s own ring: its points and its hash of each key. Every key sits where its hash puts it, for the ring, hash mod n and the schemes table alike. The points slider and hash menu below shape only the page's own ring, which the spread-by-points chart draws.",
            client.name()
        ),
    };
    let mut m = Markup::new();
    m.open("div", &[("class", Some("help"))])
        .text(&lead)
        .open("details", &[("class", Some("why-not"))])
        .element("summary", &[], "Why not the others?")
        .element("p", &[], "The canvas draws a ring on which a key goes to the first point clockwise. These place keys another way, so they keep their rows in the tables below:")
        .open("ul", &[]);
    for (id, why) in CANNOT_DRIVE {
        m.open("li", &[])
            .element("b", &[], id.title())
            .text(": ")
            .text(why)
            .close("li");
    }
    m.close("ul").close("details").close("div");
    m.into_string()
}

#[component]
pub fn PlacementControl(id: &'static str, #[prop(optional)] compact: bool) -> impl IntoView {
    let model = expect_context::<Model>();
    let message = RwSignal::new(None::<String>);
    // The ring in use as its place in `InUse::ALL`: a memo of a type the
    // page already compiles (one of a new type is about 1 KB of wasm).
    let in_use = Memo::new(move |_| {
        model
            .settings
            .with(|s| InUse::ALL.iter().position(|&c| c == s.in_use).unwrap_or(0))
    });
    view! {
        <div class="control placement">
            <label for=id class:visually-hidden=compact>"Ring in use"</label>
            <select
                id=id
                name="use"
                aria-describedby=format!("{id}-message")
                on:change=move |ev| match InUse::from_id(&event_target_value(&ev)) {
                    Some(choice) => apply(model, message, |settings| settings.in_use = choice),
                    None => message.set(Some("Pick one of the rings listed.".into())),
                }
            >
                {InUse::ALL
                    .into_iter()
                    .enumerate()
                    .map(|(index, choice)| {
                        view! {
                            <option value=choice.id() selected=move || in_use.get() == index>
                                {title(choice, compact)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            {(!compact).then(|| markup(Holder::Block, move || help(InUse::ALL[in_use.get()])))}
            <Message message=message id=format!("{id}-message") />
        </div>
    }
}
