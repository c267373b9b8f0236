//! The ring panel: the canvas, a step-through of the joins, and a legend
//! with each server's load at the stage shown.

use std::sync::Arc;

use leptos::html::Canvas;
use leptos::prelude::*;
use model::panels::PanelId;
use model::questions::QuestionSet;

use std::rc::Rc;

use crate::app::draw::mini_ring::ring_colours;
use crate::app::draw::ring_canvas::{self, FailureOverlay, Lookup, Marks, RingColours};
use crate::app::draw::theme::{observed_width, Width};
use crate::app::draw::travel::Scene;
use crate::app::motion;
use crate::app::panels::failure::FailureView;
use crate::app::panels::{markup, predict, Holder};
use crate::app::print::Handout;
use crate::app::state::{Measured, Model, OneKey, Shared};
use crate::app::timing;
use crate::render::markup::Markup;
use crate::render::palette::{self, Palette};
use model::format::thousands;
use model::steps::{before_the_change, change_stage, stage, stage_pools, Stage};
use model::{ServerId, Snapshot};

/// Draw `stage` of the snapshot onto `element`, with the failure over the
/// ring after the change when `show_failure` asks for it (which keys are
/// rerouted follows from the snapshot alone). Given the stage before it,
/// the drawing leaves the moved keys unringed and returns the animation of
/// the change between the two, which rings them as they land.
#[allow(clippy::too_many_arguments)]
fn draw_stage(
    element: &web_sys::HtmlCanvasElement,
    width: f64,
    s: &Snapshot,
    stage: &Stage,
    colours: &RingColours,
    marks: Marks<'_>,
    show_failure: bool,
    previous: Option<&Stage>,
) -> Option<Scene> {
    let draw = |failure: Option<&FailureOverlay>| {
        // The failure's crosses are the marks of its own question: the
        // change's rings would cross them with another's.
        let marks = Marks {
            failure,
            unringed: previous.is_some() || failure.is_some(),
            ..marks
        };
        timing::timed("ringcount:draw-ring", || {
            ring_canvas::draw_numbered_then(element, width, s, stage, colours, marks, |geometry| {
                previous.and_then(|p| Scene::new(element, geometry, s, stage, p, colours))
            })
        })
        .flatten()
    };
    if !show_failure || stage.members != s.after {
        return draw(None);
    }
    let rerouted = s.rerouted_keys();
    draw(Some(&FailureOverlay {
        down: s.down_ids(),
        rerouted: &rerouted,
    }))
}

/// The canvas's description: the stage's shape and caption, the count or
/// the question, the down servers' crosses and the picked-out server.
fn describe_ring(
    s: &Snapshot,
    stage: &Stage,
    show_failure: bool,
    asking: bool,
    picked: Option<ServerId>,
) -> String {
    let failure = if show_failure && stage.members == s.after {
        let rerouted = s.rerouted_keys().into_iter().filter(|&r| r).count();
        Some(format!(
            " Down, with dashed grey ticks: {}. {} keys rerouted off them, each marked with a cross.",
            s.settings.down_servers().join(", "),
            thousands(rerouted as u64)
        ))
    } else {
        None
    };
    let shape = format!(
        "Ring with {} servers, {} points and {} keys.",
        stage.members.len(),
        thousands(stage.ring.len() as u64),
        thousands(s.key_count() as u64),
    );
    let picked = picked
        .map(|server| format!(" {}", picked_out(s, stage, server)))
        .unwrap_or_default();
    if asking {
        return format!(
            "{shape} {}: how many keys will change owner?{picked}",
            stage.caption
        );
    }
    format!(
        "{shape} {}: {} keys changed owner.{}{picked}",
        stage.caption,
        thousands(stage.moved_count as u64),
        failure.unwrap_or_default()
    )
}

/// Back and Next through the change's stages, hidden while the page asks.
/// Which stage of the change the ring shows: the change itself, unless the
/// reader stepped to another for the snapshot on screen (a new snapshot
/// starts again at its own change).
#[derive(Clone, Copy)]
pub struct Stages {
    picked: RwSignal<Option<(Measured, usize)>>,
    shown_index: Memo<usize>,
    count: Memo<usize>,
    /// The stage shown; while the page asks before it tells, the pool
    /// before the change.
    now: Memo<Shared<Stage>>,
    /// Times the reader asked to see the change again.
    replays: RwSignal<u32>,
    /// Whether the step-through is playing itself, a stage a second.
    playing: RwSignal<bool>,
}

impl Stages {
    /// Play the change again, as "Replay" does (the lesson's second step).
    pub fn replay(self) {
        self.replays.update(|r| *r += 1);
    }

    /// The ring's stages, made once for the page (`app::provide_parts`):
    /// the ring draws them and presenter mode's keys step them.
    pub fn new(model: Model) -> Stages {
        let picked = RwSignal::new(None::<(Measured, usize)>);
        let shown_index = Memo::new(move |_| {
            let last = model.snapshot.with(|m| change_stage(&m.0));
            let current = model.snapshot.get();
            picked.with(|picked| match picked {
                Some((on, index)) if *on == current => (*index).min(last),
                _ => last,
            })
        });
        let now = Memo::new(move |_| {
            let index = shown_index.get();
            let asking = model.asking();
            model.snapshot.with(|m| {
                Shared(Arc::new(if asking {
                    before_the_change(&m.0)
                } else {
                    stage(&m.0, index)
                }))
            })
        });
        Stages {
            picked,
            shown_index,
            count: Memo::new(move |_| model.snapshot.with(|m| stage_pools(&m.0).len())),
            now,
            replays: RwSignal::new(0),
            playing: RwSignal::new(false),
        }
    }

    /// The stage before the change, for a slide to play it on Space.
    pub fn before_the_change(self, model: Model) {
        let change = model.snapshot.with_untracked(|m| change_stage(&m.0));
        self.playing.set(false);
        self.pick(model, change.saturating_sub(1));
    }

    fn pick(self, model: Model, index: usize) {
        self.picked
            .set(Some((model.snapshot.get_untracked(), index)));
    }

    /// One stage on (`by` 1) or back (-1) by hand, if there is one there;
    /// false at either end.
    pub fn step(self, model: Model, by: isize) -> bool {
        let (index, count) = (self.shown_index.get_untracked(), self.count.get_untracked());
        match index.checked_add_signed(by).filter(|&next| next < count) {
            Some(next) => {
                self.playing.set(false);
                self.pick(model, next);
                true
            }
            None => false,
        }
    }

    /// Whether the ring shows the change itself (tracked).
    pub fn at_change(self, model: Model) -> bool {
        model
            .snapshot
            .with(|m| self.shown_index.get() == change_stage(&m.0))
    }
}

fn stepper(model: Model, stages: Stages) -> impl IntoView {
    let Stages {
        shown_index,
        count,
        playing,
        ..
    } = stages;
    // A step by hand stops the step-through playing itself.
    let step_to = move |index: usize| {
        playing.set(false);
        stages.pick(model, index);
    };
    view! {
        <div class="stepper" role="group" aria-label="Step through the joins" hidden=move || model.asking()>
            // One row of arrows, so that on a phone the stages, the step
            // that holds them and the ring fit one screen.
            <button
                id="step-back"
                aria-label="Earlier stage"
                disabled=move || { shown_index.get() == 0 }
                on:click=move |_| step_to(shown_index.get_untracked().saturating_sub(1))
            >
                "◀"
            </button>
            <span class="stage-label" aria-live="polite" data-stage=move || shown_index.get().to_string()>
                {move || format!("Stage {} of {}", shown_index.get() + 1, count.get())}
            </span>
            <button
                id="step-forward"
                disabled=move || { shown_index.get() + 1 >= count.get() }
                aria-label="Later stage"
                on:click=move |_| step_to(shown_index.get_untracked() + 1)
            >
                "▶"
            </button>
            <button id="step-play" aria-pressed=move || playing.get().to_string()
                on:click=move |_| play_stages(model, stages)>
                {move || if playing.get() { "Pause" } else { "Play" }}
            </button>
            <button id="replay-change" aria-label="Replay the change" title="Replay the change" on:click=move |_| {
                playing.set(false);
                let change = model.snapshot.with_untracked(|m| change_stage(&m.0));
                if shown_index.get_untracked() != change {
                    stages.pick(model, change);
                }
                stages.replay();
            }>
                "↻"
            </button>
        </div>
    }
}

thread_local! {
    /// Which press of Play the step-through is playing for.
    static PLAY_RUN: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Play the step-through a stage a second (from the start, if it shows
/// the last), or pause it.
fn play_stages(model: Model, stages: Stages) {
    if stages.playing.get_untracked() {
        stages.playing.set(false);
        return;
    }
    stages.playing.set(true);
    if stages.shown_index.get_untracked() + 1 >= stages.count.get_untracked() {
        stages.pick(model, 0);
    }
    // A pause and a new play within a second leave one loop running.
    let run = PLAY_RUN.with(|r| r.get() + 1);
    PLAY_RUN.with(|r| r.set(run));
    let mine = move || PLAY_RUN.with(|r| r.get()) == run && stages.playing.get_untracked();
    leptos::task::spawn_local(async move {
        loop {
            timing::sleep(1_000.0).await;
            if !mine() {
                return;
            }
            let next = stages.shown_index.get_untracked() + 1;
            if next >= stages.count.get_untracked() {
                stages.playing.set(false);
                return;
            }
            stages.pick(model, next);
        }
    });
}

/// The reader's guess at the count, shown beside it once the ring shows
/// the change it was made for.
fn guess_at_change(model: Model, stages: Stages) -> Option<String> {
    predict::Guesses::track();
    let query = model.snapshot.with(|m| predict::settings_query(&m.0));
    match predict::given(model::questions::QuestionId::Moved, &query) {
        Some(predict::Given::Guessed(guess)) if stages.at_change(model) => Some(guess),
        _ => None,
    }
}

/// Under `use=`, which system's ring every panel measures.
fn in_use_note(model: Model) -> impl IntoView {
    markup(Holder::Block, move || {
        model.snapshot.with(|m| {
            let s = &m.0;
            let about = s
                .settings
                .in_use
                .about_ring(s.ring_after.len(), s.after.len());
            about
                .map(|text| {
                    let mut m = Markup::new();
                    m.element(
                        "p",
                        &[("class", Some("note")), ("data-in-use-note", Some(""))],
                        &text,
                    );
                    m.into_string()
                })
                .unwrap_or_default()
        })
    })
}

/// Where the key named `key` sits on the ring after the change, and the
/// points a binary search for its owner looks at (`model::key_path`).
fn lookup_of(s: &Snapshot, key: &str) -> Lookup {
    let position = s.key_position(key.as_bytes());
    let positions = s.ring_after.positions();
    let (compared, index) = model::key_path::search(positions, position);
    Lookup {
        key: position,
        compared: compared.iter().map(|&i| positions[i]).collect(),
        owner: positions.get(index).copied().unwrap_or(position),
    }
}

/// The lookup's marks in words, for the canvas's description.
fn describe_lookup(s: &Snapshot, key: &str) -> String {
    let lookup = lookup_of(s, key);
    let owner = s
        .ring_after
        .owner(lookup.key)
        .map_or("", |server| s.name(server));
    format!(
        " A line marks \u{201c}{key}\u{201d} at {}; a binary search looked at {} points, each ringed small, and landed on {owner}'s point at {}, ringed large.",
        thousands(u64::from(lookup.key)),
        lookup.compared.len(),
        thousands(u64::from(lookup.owner))
    )
}

/// What the ring showed last, to tell whether a redraw is the change
/// arriving (the reader asked to see it, stepped forward one stage, chose
/// another server to join or leave, or asked for it again): that one plays.
#[derive(Clone, PartialEq)]
struct Shown {
    snapshot: Measured,
    index: usize,
    asking: bool,
    change: model::Change,
    replays: u32,
    /// The stage drawn: the one before the next, when the reader steps on.
    stage: Shared<Stage>,
}

impl Shown {
    /// The stage drawn before, when it is the one before this one.
    fn previous_in(&self, before: &Shown) -> Option<Shared<Stage>> {
        (self.snapshot == before.snapshot && (before.asking || self.index == before.index + 1))
            .then(|| before.stage.clone())
    }

    fn plays_after(&self, before: &Shown) -> bool {
        if self.asking || self.index == 0 {
            return false;
        }
        (before.asking && !self.asking)
            || self.replays != before.replays
            || (self.snapshot == before.snapshot && self.index == before.index + 1)
            || self.change != before.change
    }
}

/// Draw the ring on every change it shows, and play the change when the
/// reader has just stepped onto it; whatever was playing lands first.
fn redraw_on_change<R>(
    model: Model,
    stages: Stages,
    canvas: NodeRef<Canvas>,
    width: Width,
    render: R,
) where
    R: Fn(&web_sys::HtmlCanvasElement, f64, bool, Option<Shared<Stage>>) -> Option<Scene>
        + Copy
        + 'static,
{
    Effect::new(move |before: Option<Option<Shown>>| {
        let width = width.get();
        let (Some(element), true) = (canvas.get(), width > 0.0) else {
            return before.flatten();
        };
        let shown = Shown {
            snapshot: model.snapshot.get(),
            index: stages.shown_index.get(),
            asking: model.asking(),
            change: model.snapshot.with(|m| m.0.settings.change.clone()),
            replays: stages.replays.get(),
            stage: stages.now.get(),
        };
        let before = before.flatten();
        let play = !motion::reduced()
            && before
                .as_ref()
                .is_some_and(|before| shown.plays_after(before));
        let known = before.as_ref().and_then(|before| shown.previous_in(before));
        // Whatever was playing lands where this drawing starts.
        motion::stop();
        let scene = render(&element, width, play, known);
        // A step ends when the ring shows it.
        timing::record_step_end();
        if let Some(scene) = scene {
            let land: Rc<dyn Fn()> = Rc::new(move || {
                if let Some(element) = canvas.get_untracked() {
                    render(&element, width, false, None);
                }
            });
            let duration = if stages.playing.get_untracked() {
                motion::STAGE_MS
            } else {
                motion::CHANGE_MS
            };
            motion::play(element, scene, duration, land);
        }
        Some(shown)
    });
}

/// Draws the ring on every change it shows, plays the change when it
/// arrives (`Shown`), and offers the ring as a PNG.
fn drawn_ring(
    model: Model,
    stages: Stages,
    canvas: NodeRef<Canvas>,
    width: Width,
    picked_id: impl Fn(&Snapshot) -> Option<ServerId> + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let failure_here = crate::app::layout::shown_here(PanelId::Failure);
    let failure_view = expect_context::<FailureView>();
    let one_key = expect_context::<OneKey>().0;
    let handout = expect_context::<Handout>();
    // Onto `element`: the panel's own canvas on every change, or a detached
    // one when the reader saves it as a PNG. With `play`, the drawing the
    // change's animation runs over, and the animation.
    let render = move |element: &web_sys::HtmlCanvasElement,
                       width: f64,
                       play: bool,
                       known: Option<Shared<Stage>>| {
        let colours = ring_colours(handout.printing());
        // The squared key is the one whose replicas the failure panel lists.
        let inspected = failure_here.then(|| failure_view.inspected_key.get());
        // The failure is drawn over the ring after the change, when asked for.
        let show_failure = failure_view.shown.get();
        let key = one_key.get();
        let index = stages.shown_index.get();
        model.snapshot.with(|m| {
            // The stage before: the one drawn last when the reader stepped
            // on from it, the snapshot's own pool before the change (kept,
            // so free) when the change is shown, else measured.
            let previous = (play && index > 0).then(|| {
                known.unwrap_or_else(|| {
                    Shared(Arc::new(if index == change_stage(&m.0) {
                        before_the_change(&m.0)
                    } else {
                        stage(&m.0, index - 1)
                    }))
                })
            });
            stages.now.with(|s| {
                // A typed key's lookup, on the ring after the change.
                let lookup =
                    (!key.is_empty() && s.0.members == m.0.after).then(|| lookup_of(&m.0, &key));
                let marks = Marks {
                    inspected,
                    lookup: lookup.as_ref(),
                    picked: picked_id(&m.0),
                    ..Marks::default()
                };
                draw_stage(
                    element,
                    width,
                    &m.0,
                    &s.0,
                    &colours,
                    marks,
                    show_failure,
                    previous.as_ref().map(|p| &*p.0),
                )
            })
        })
    };
    redraw_on_change(model, stages, canvas, width, render);
    crate::app::draw::export::save_png_button(
        "ring",
        "The ring",
        |s, held| {
            crate::render::handout::ring_png_caption(
                s,
                held.holds(model::questions::QuestionId::Moved),
            )
        },
        move |target| {
            let width = width.get_untracked();
            if width > 0.0 {
                render(target, width, false, None);
            }
            width > 0.0
        },
    )
}

/// A click picks the key nearest that angle: squared on the ring, and the
/// one whose replicas the failure panel lists.
fn pick_key_at(model: Model, failure_view: FailureView, width: Width, ev: &leptos::ev::MouseEvent) {
    let position = ring_canvas::position_at(
        width.get_untracked(),
        f64::from(ev.offset_x()),
        f64::from(ev.offset_y()),
    );
    if let Some(index) = model
        .snapshot
        .with_untracked(|m| m.0.keys.nearest(position))
    {
        failure_view.inspected_key.set(index);
    }
}

fn picked_key_text(model: Model, failure_view: FailureView) -> String {
    model.snapshot.with(|m| {
        let index = failure_view.inspected_key.get().min(m.0.key_count() - 1);
        format!(
            "squared: {}, whose replicas the failure panel lists",
            m.0.settings.key_names().name(m.0.keys.key(index).number)
        )
    })
}

/// While the page asks before it tells: the question, and the two ways on.
fn ring_asks(model: Model) -> impl IntoView {
    let question = move || {
        model.snapshot.with(|m| {
            let mut html = Markup::new();
            html.ring_question(&m.0);
            html.into_string()
        })
    };
    move || {
        model.asking().then(|| {
            view! {
                {markup(Holder::Block, question)}
                // On the full page the lesson's first step asks it, its box
                // beside its words; here, a way to skip it.
                <div class="ring-ask" data-ring-asks>
                    <button type="button" data-just-show on:click=move |_| predict::skip_headline(model)>"Just show me"</button>
                </div>
            }
        })
    }
}

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn ring_panel() -> impl IntoView {
    let failure_here = crate::app::layout::shown_here(PanelId::Failure);
    let alone = crate::app::layout::layout().alone;
    let model = expect_context::<Model>();
    let failure_view = expect_context::<FailureView>();
    let one_key = expect_context::<OneKey>().0;
    let canvas = NodeRef::<Canvas>::new();
    let stages = expect_context::<Stages>();
    // A server picked out in the legend, by name (kept while it is in the
    // view; only offered past eight servers, where colours repeat).
    let picked_server = RwSignal::new(None::<String>);
    let picked_id = move |s: &Snapshot| picked_server.with(|name| picked_in(s, name.as_deref()));
    let width = observed_width(canvas);
    let description = move || {
        let (show_failure, asking) = (failure_view.shown.get(), model.asking());
        let key = one_key.get();
        model.snapshot.with(|m| {
            stages.now.with(|s| {
                let mut words = describe_ring(&m.0, &s.0, show_failure, asking, picked_id(&m.0));
                // The lookup's marks, as drawn (on the ring after the change).
                if !key.is_empty() && s.0.members == m.0.after {
                    words.push_str(&describe_lookup(&m.0, &key));
                }
                words
            })
        })
    };
    view! {
        // On the full page the lesson's first step says this, beside the ring.
        {alone.then(|| view! { <p class="lead">
            "Every key and every server point is hashed to a spot on one circle of 2"<sup>"32"</sup>
            " positions. Walking clockwise from a key, the first server tick it meets owns it. Dots take their owner's colour; a ring round a dot marks a key whose owner just changed."
        </p> })}
        {in_use_note(model)}
        // A deploy in words, where the reader looks first (DEFINITIONS §20).
        {move || model.snapshot.with(|m| m.0.is_deploy().then(|| model::deploy_words::describe(&m.0.deploy())))
            .map(|words| view! { <p class="note" data-deploy-summary="">"The deploy: "{words}"."</p> })}
        // Hooks for tests and the bench: what the ring is drawn for, as
        // on the first screen's ring.
        <div
            class="ring-wrap"
            data-points=move || model.snapshot.with(|m| m.0.settings.points)
            data-hash=move || model.snapshot.with(|m| m.0.settings.hash.id())
        >
            <canvas node_ref=canvas class="ring-canvas" role="img" aria-label=description on:click=move |ev| pick_key_at(model, failure_view, width, &ev)></canvas>
            <div class="ring-side">
                // On the page the change's stages are the lesson step's
                // reveals, stepped inside it: one counter in view.
                {if alone {
                    stepper(model, stages).into_any()
                } else {
                    crate::app::lesson::lesson_steps(move || stages.replay(), move || stages.before_the_change(model), move || stages.at_change(model), move || stepper(model, stages)).into_any()
                }}
                {ring_asks(model)}
                {legend(model, stages, failure_view, one_key, picked_server)}
                {failure_here.then(|| view! {
                    <p class="legend-moved" id="ring-pick"><span class="pick-mark" aria-hidden="true"></span><span>{move || picked_key_text(model, failure_view)}<span class="screen-only">"; "<span class="by-mouse">"click"</span><span class="by-touch">"tap"</span>" a dot to pick another"</span></span></p>
                })}
                {drawn_ring(model, stages, canvas, width, picked_id)}
            </div>
        </div>
    }
}

/// The legend beside the ring: what this step changed, each server's keys
/// (a server picked out by name), and what the marks mean.
fn legend(
    model: Model,
    stages: Stages,
    failure_view: FailureView,
    one_key: RwSignal<String>,
    picked_server: RwSignal<Option<String>>,
) -> impl IntoView {
    let picked_id = move |s: &Snapshot| picked_server.with(|name| picked_in(s, name.as_deref()));
    let caption = move || {
        if model.asking() {
            Caption::Asks
        } else {
            Caption::Tells(guess_at_change(model, stages))
        }
    };
    let legend_top = move || {
        let caption = caption();
        model.snapshot.with(|m| {
            let picked = picked_id(&m.0);
            stages
                .now
                .with(|s| legend_head(&m.0, &s.0, &caption, picked))
        })
    };
    // The lines as they look (name, colour, number, badge): they are built
    // again when that changes (a stage, a change of pool), not on a step
    // of a drag, which changes only their keys.
    let looks = Memo::new(move |_| {
        model.snapshot.with(|m| {
            stages.now.with(|s| {
                legend_lines(&m.0, &s.0)
                    .iter()
                    .map(LegendLine::look)
                    .collect::<Vec<_>>()
            })
        })
    });
    let lines = move || {
        // Read, not only tracked, so the memo is brought up to date and
        // compared.
        looks.with(|_| ());
        model
            .snapshot
            .with_untracked(|m| stages.now.with_untracked(|s| legend_lines(&m.0, &s.0)))
    };
    let (loads, tells) = legend_keys(model, stages);
    let legend_bottom = move || {
        let skewed = model.snapshot.with(|m| !m.0.requests().is_even());
        // The typed key's lookup is drawn on the ring after the change.
        let key = one_key.get();
        let after = model
            .snapshot
            .with(|m| stages.now.with(|s| s.0.members == m.0.after));
        let lookup = (!key.is_empty() && after).then_some(key);
        legend_marks(
            &caption(),
            skewed,
            failure_view.shown.get(),
            lookup.as_deref(),
        )
    };

    view! {
        {markup(Holder::Block, legend_top)}
        {legend_list(lines, loads, tells, picked_server)}
        {markup(Holder::Block, legend_bottom)}
    }
}

/// What the ring's caption says: the question, or the count (with the
/// reader's guess, if they made one).
enum Caption {
    Asks,
    Tells(Option<String>),
}

/// The server named `name`, if it is in the view and colours repeat there.
fn picked_in(snapshot: &Snapshot, name: Option<&str>) -> Option<ServerId> {
    let name = name?;
    if snapshot.names.len() <= palette::DISTINCT {
        return None;
    }
    let at = snapshot.names.iter().position(|n| n == name)?;
    ServerId::try_from(at).ok()
}

/// What the ring shows of a picked server at this stage.
fn picked_out(snapshot: &Snapshot, stage: &Stage, server: ServerId) -> String {
    let points = stage
        .ring
        .entries()
        .iter()
        .filter(|e| e.server == server)
        .count();
    let name = snapshot.name(server);
    format!(
        "Picked out: {name}, its {} points and {} keys in colour, every other server faded.",
        thousands(points as u64),
        thousands(u64::from(stage.loads[usize::from(server)])),
    )
}

/// Each mark on the canvas, explained by its shape: moved keys (unless the
/// ring still asks or shows a failure), hot keys (`skewed`) and rerouted
/// ones (`show_failure`).
fn marks_legend(m: &mut Markup, moved: bool, skewed: bool, show_failure: bool) {
    let marks = [
        (moved, None, "moved-mark", "", "ringed: moved at this step"),
        (
            skewed,
            Some("heat-legend"),
            "heat-mark",
            "",
            "circles: the hottest keys, area in proportion to their requests",
        ),
        (
            show_failure,
            Some("failure-legend"),
            "cross-mark",
            "×",
            "crossed: rerouted off a down server, whose ticks are dashed grey",
        ),
    ];
    for (shown, id, mark, symbol, words) in marks {
        if shown {
            m.open("p", &[("class", Some("legend-moved")), ("id", id)])
                .element(
                    "span",
                    &[("class", Some(mark)), ("aria-hidden", Some("true"))],
                    symbol,
                )
                .text(words)
                .close("p");
        }
    }
}

/// The legend above its list: the caption once it tells, and past eight
/// servers the note on picking one out.
fn legend_head(
    snapshot: &Snapshot,
    stage: &Stage,
    caption: &Caption,
    picked: Option<ServerId>,
) -> String {
    let mut m = Markup::new();
    // The question is shown above the way to answer it, not here.
    if let Caption::Tells(guess) = caption {
        m.ring_caption(stage, guess.as_deref());
    }
    // Past eight servers colours repeat: a name picks its server out.
    if snapshot.names.len() > palette::DISTINCT {
        let words = match picked {
            Some(server) => format!(
                "{} Tap {} again to show every server.",
                picked_out(snapshot, stage, server),
                snapshot.name(server)
            ),
            None => format!(
                "Colours repeat past {} servers: tap a name to pick out its points and keys.",
                palette::DISTINCT
            ),
        };
        m.element(
            "p",
            &[("class", Some("note")), ("data-picked-note", Some(""))],
            &words,
        );
    }
    m.into_string()
}

/// One server's line in the legend at this stage of the change: all but
/// its keys, which change with every step of a drag (`legend_loads`).
struct LegendLine {
    name: String,
    swatch: &'static str,
    /// Its number on the ring, where colours repeat (past eight servers).
    number: Option<usize>,
    /// "new" or "leaves" in a deploy, "new" for the server that joins.
    badge: Option<&'static str>,
    /// A newcomer not yet on the ring, which holds nothing yet.
    joins_next: bool,
}

impl LegendLine {
    /// Everything the line shows but its keys, as one string to compare.
    fn look(&self) -> String {
        format!(
            "{} {} {:?} {:?} {}",
            self.name, self.swatch, self.number, self.badge, self.joins_next
        )
    }
}

/// The servers the legend lists at this stage: those on the ring, then a
/// newcomer that joins next. Before a join the newcomer holds nothing yet,
/// but the legend names it and shows its colour, so a printed or saved
/// ring lists every server.
fn legend_servers(snapshot: &Snapshot, stage: &Stage) -> (Vec<ServerId>, Option<ServerId>) {
    let joiner = snapshot.changed.filter(|_| snapshot.is_join());
    let next = joiner.filter(|joiner| !stage.members.contains(joiner));
    (stage.members.clone(), next)
}

/// Every server's line at this stage: its swatch, name and number, and
/// "new" or "leaves" in a deploy.
fn legend_lines(snapshot: &Snapshot, stage: &Stage) -> Vec<LegendLine> {
    let pickable = snapshot.names.len() > palette::DISTINCT;
    let palette = Palette::of(&snapshot.names, snapshot.is_join());
    // A deploy's newcomers are marked on the pool after, its leavers on the pool before.
    let deploy = snapshot.is_deploy();
    let (on_after, on_before) = (
        stage.members == snapshot.after,
        stage.members == snapshot.before,
    );
    let (members, next) = legend_servers(snapshot, stage);
    let line = |server: ServerId, joins_next: bool| {
        let name = snapshot.name(server);
        let new = deploy && on_after && !snapshot.before.contains(&server);
        let badge = if joins_next {
            None
        } else if stage.changed == Some(server) || new {
            Some("new")
        } else if deploy && on_before && !snapshot.after.contains(&server) {
            Some("leaves")
        } else {
            None
        };
        LegendLine {
            name: name.to_string(),
            swatch: palette.swatch_class(name),
            number: (pickable && !joins_next).then_some(usize::from(server) + 1),
            badge,
            joins_next,
        }
    };
    members
        .iter()
        .map(|&server| line(server, false))
        .chain(next.map(|server| line(server, true)))
        .collect()
}

/// Each line's keys at the stage shown, and the questions they answer: a
/// step of a drag rewrites these alone.
fn legend_keys(model: Model, stages: Stages) -> (Memo<Vec<String>>, Memo<Vec<String>>) {
    let loads = Memo::new(move |_| {
        model
            .snapshot
            .with(|m| stages.now.with(|s| legend_loads(&m.0, &s.0)))
    });
    let tells = Memo::new(move |_| {
        model
            .snapshot
            .with(|m| stages.now.with(|s| legend_tells(&m.0, &s.0)))
    });
    (loads, tells)
}

/// The questions each line's keys answer at this step (`Markup::tells`;
/// "" for none), in the lines' order: a newcomer's keys are keys that
/// moved, and after the change every server's keys give the busiest
/// question's answer (the busiest's, or K less the others'). Follows the
/// keys, not the lines' look.
fn legend_tells(snapshot: &Snapshot, stage: &Stage) -> Vec<String> {
    let (members, next) = legend_servers(snapshot, stage);
    let after = stage.members == snapshot.after;
    members
        .iter()
        .map(|&server| {
            let newcomer = stage.changed == Some(server)
                || (snapshot.is_deploy() && after && !snapshot.before.contains(&server));
            QuestionSet::told_by_keys(newcomer, after).written()
        })
        .chain(next.map(|_| String::new()))
        .collect()
}

/// Each line's keys at this step, in the lines' order. While the ring
/// asks, they are the loads before the change (DEFINITIONS §12).
fn legend_loads(snapshot: &Snapshot, stage: &Stage) -> Vec<String> {
    let (members, next) = legend_servers(snapshot, stage);
    members
        .iter()
        .map(|&server| {
            format!(
                "{} keys",
                thousands(u64::from(stage.loads[usize::from(server)]))
            )
        })
        .chain(next.map(|_| "joins next".to_string()))
        .collect()
}

/// The legend's list: a line per server, built again only when a line's
/// look changes or a server is picked; a step of a drag rewrites each
/// line's keys alone (at the largest, rebuilding fifty lines a step took
/// 18 ms of a 4x-throttled step). Past eight servers a name is a button
/// that picks its server out (`picked`), and again shows them all.
fn legend_list(
    lines: impl Fn() -> Vec<LegendLine> + Send + Sync + 'static,
    loads: Memo<Vec<String>>,
    tells: Memo<Vec<String>>,
    picked: RwSignal<Option<String>>,
) -> impl IntoView {
    let built = move || {
        let lines = lines();
        picked.with(|now| {
            lines
                .iter()
                .enumerate()
                .map(|(at, line)| {
                    let pressed = now.as_deref() == Some(line.name.as_str());
                    legend_line(
                        line,
                        pressed,
                        picked,
                        move || loads.with(|loads| loads.get(at).cloned()),
                        move || {
                            tells.with(|tells| tells.get(at).filter(|t| !t.is_empty()).cloned())
                        },
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <ul class="legend" aria-label="Servers and their keys at this step">{built}</ul>
    }
}

/// One server's line: its swatch, number, name (a button past eight
/// servers), its keys at each step (`load`) and its badge.
fn legend_line(
    line: &LegendLine,
    pressed: bool,
    picked: RwSignal<Option<String>>,
    load: impl Fn() -> Option<String> + Send + Sync + 'static,
    tells: impl Fn() -> Option<String> + Send + Sync + 'static,
) -> AnyView {
    let label = view! {
        <span class=line.swatch></span>
        {line.number.map(|n| view! { <span class="legend-number">{n}</span> })}
        <span class="legend-name">{line.name.clone()}</span>
    };
    let name = match line.number {
        Some(_) => {
            let toggle = line.name.clone();
            view! {
                <button type="button" class="legend-pick" data-pick-server=line.name.clone()
                    aria-pressed=if pressed { "true" } else { "false" }
                    on:click=move |_| picked.update(|p| *p = (p.as_deref() != Some(toggle.as_str())).then(|| toggle.clone()))>
                    {label}
                </button>
            }
            .into_any()
        }
        None => label.into_any(),
    };
    view! {
        <li data-joins-next=line.joins_next.then(|| line.name.clone())>
            {name}
            <span class="legend-load" data-tells=tells><span>{load}</span></span>
            {line.badge.map(|badge| view! { <span class="badge">{badge}</span> })}
        </li>
    }
    .into_any()
}

/// What the marks on the ring mean, under the legend's list: the lookup
/// of `key`, typed in "Any one key", when it is drawn.
fn legend_marks(caption: &Caption, skewed: bool, show_failure: bool, key: Option<&str>) -> String {
    let mut m = Markup::new();
    marks_legend(
        &mut m,
        !matches!(caption, Caption::Asks) && !show_failure,
        skewed,
        show_failure,
    );
    if let Some(key) = key {
        m.open("p", &[("class", Some("legend-moved")), ("id", Some("lookup-legend"))])
            .element("span", &[("class", Some("lookup-mark")), ("aria-hidden", Some("true"))], "")
            .text(&format!(
                "a line out to \u{201c}{key}\u{201d} (Any one key); small rings: the points its search looked at; a large ring: where it landed"
            ))
            .close("p");
    }
    m.into_string()
}
