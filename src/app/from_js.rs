//! The worker's report read back on the main thread. The worker writes it
//! with serde (`Report::to_json`, the oracle's printer); here the browser's
//! own `JSON.parse` reads it and each field is taken by name, because serde's
//! reader for these types cost the page 52 KB gzipped and this costs a few.
//! Field names are serde's: the Rust field names, enums externally tagged.
//! A report that does not read is None, and the panels keep waiting.

use js_sys::{Array, Reflect, JSON};
use model::claims::{self, Claim, Held, Kind};
use model::failures::{Copysets, Failure};
use model::measure::{Movement, Spread};
use model::one_key::KeyOwners;
use model::placements;
use model::questions::{self, Answer, Question};
use model::report::{FailureReport, LookupTiming, OneKey, Report, SchemeRow};
use model::schemes::{Holds, SchemeResult, TableMoves};
use model::snapshot::Evenness;
use wasm_bindgen::{JsCast, JsValue};

/// A value read from parsed JSON.
trait FromJs: Sized {
    fn from_js(value: &JsValue) -> Option<Self>;
}

fn get(value: &JsValue, name: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

fn field<T: FromJs>(value: &JsValue, name: &str) -> Option<T> {
    T::from_js(&get(value, name))
}

/// Read the report the worker sent as `text`.
pub fn report(text: &str) -> Option<Report> {
    Report::from_js(&JSON::parse(text).ok()?)
}

impl FromJs for f64 {
    fn from_js(value: &JsValue) -> Option<f64> {
        value.as_f64()
    }
}

/// Whole numbers, which JSON carries as doubles: exact below 2^53.
macro_rules! whole {
    ($($t:ty),*) => {$(
        impl FromJs for $t {
            fn from_js(value: &JsValue) -> Option<$t> {
                let number = value.as_f64()?;
                (number.fract() == 0.0 && number >= 0.0 && number <= <$t>::MAX as f64)
                    .then_some(number as $t)
            }
        }
    )*};
}
whole!(u16, u32, u64, usize);

impl FromJs for bool {
    fn from_js(value: &JsValue) -> Option<bool> {
        value.as_bool()
    }
}

impl FromJs for String {
    fn from_js(value: &JsValue) -> Option<String> {
        value.as_string()
    }
}

/// `null` (or absent) is None; anything else must read.
impl<T: FromJs> FromJs for Option<T> {
    fn from_js(value: &JsValue) -> Option<Option<T>> {
        if value.is_null() || value.is_undefined() {
            Some(None)
        } else {
            T::from_js(value).map(Some)
        }
    }
}

impl<T: FromJs> FromJs for Vec<T> {
    fn from_js(value: &JsValue) -> Option<Vec<T>> {
        if !Array::is_array(value) {
            return None;
        }
        Array::from(value)
            .iter()
            .map(|item| T::from_js(&item))
            .collect()
    }
}

/// A struct read field by field, each under its own name.
macro_rules! by_fields {
    ($t:ident { $($name:ident),* $(,)? }) => {
        impl FromJs for $t {
            fn from_js(value: &JsValue) -> Option<$t> {
                Some($t { $($name: field(value, stringify!($name))?),* })
            }
        }
    };
}

by_fields!(Report {
    query,
    failure,
    schemes,
    systems,
    claims,
    evenness,
    questions,
    one_key,
});
by_fields!(OneKey {
    key,
    position,
    owners
});
by_fields!(FailureReport {
    failure,
    copysets_now,
    copysets_at_one
});
by_fields!(Failure {
    replicas,
    rerouted,
    received,
    no_live_copy,
    copies_to_remake,
    promoted_held_copy,
    single_copy_keys,
});
by_fields!(Copysets { distinct, possible });
by_fields!(SchemeRow { result, lookup });
by_fields!(Movement {
    moved,
    moved_between,
    loads_before,
    loads_after
});
by_fields!(Spread {
    busiest_id,
    quietest_id,
    busiest,
    quietest,
    busiest_weight,
    quietest_weight,
    fair_per_weight
});
by_fields!(TableMoves {
    rows,
    changed,
    between
});
by_fields!(LookupTiming {
    nanos_per_lookup,
    lookups,
    elapsed_ms,
    resolution_ms
});
by_fields!(Evenness {
    points,
    busiest_excess
});

impl FromJs for SchemeResult {
    fn from_js(value: &JsValue) -> Option<SchemeResult> {
        Some(SchemeResult {
            id: placement(&get(value, "id"))?,
            movement: field(value, "movement")?,
            spread: field(value, "spread")?,
            holds: field(value, "holds")?,
            table_moves: field(value, "table_moves")?,
        })
    }
}

impl FromJs for KeyOwners {
    fn from_js(value: &JsValue) -> Option<KeyOwners> {
        Some(KeyOwners {
            scheme: placement(&get(value, "scheme"))?,
            // Sent as text: 64-bit positions are past what JSON numbers hold.
            own_position: match get(value, "own_position").as_string() {
                Some(text) => Some(text.parse().ok()?),
                None => None,
            },
            before: field(value, "before")?,
            after: field(value, "after")?,
        })
    }
}

impl FromJs for Claim {
    fn from_js(value: &JsValue) -> Option<Claim> {
        Some(Claim {
            id: known(&get(value, "id"), &claims::IDS)?,
            kind: field(value, "kind")?,
            statement: field(value, "statement")?,
            rule: field(value, "rule")?,
            held: field(value, "held")?,
            evidence: field(value, "evidence")?,
        })
    }
}

impl FromJs for Question {
    fn from_js(value: &JsValue) -> Option<Question> {
        Some(Question {
            id: known(&get(value, "id"), &questions::IDS)?,
            wording: field(value, "wording")?,
            answer: field(value, "answer")?,
            measured: field(value, "measured")?,
            reference: field(value, "reference")?,
            why: field(value, "why")?,
            panel: model::panels::PanelId::from_id(&get(value, "panel").as_string()?)?,
        })
    }
}

/// The id in `list` that `value` names: ids are `&'static str`, and one no
/// list has is not read.
/// A scheme's or system's id.
fn placement(value: &JsValue) -> Option<&'static str> {
    let text = value.as_string()?;
    placements::ids().find(|&id| id == text)
}

fn known(value: &JsValue, list: &[&'static str]) -> Option<&'static str> {
    let text = value.as_string()?;
    list.iter().copied().find(|&id| id == text)
}

/// An externally tagged enum: a unit variant is its name, any other an
/// object with its name as the one key.
fn variant(value: &JsValue) -> Option<(String, JsValue)> {
    if let Some(name) = value.as_string() {
        return Some((name, JsValue::UNDEFINED));
    }
    let keys = js_sys::Object::keys(value.dyn_ref::<js_sys::Object>()?);
    let name = keys.get(0).as_string()?;
    Some((name.clone(), get(value, &name)))
}

impl FromJs for Kind {
    fn from_js(value: &JsValue) -> Option<Kind> {
        match value.as_string()?.as_str() {
            "check" => Some(Kind::Check),
            "finding" => Some(Kind::Finding),
            _ => None,
        }
    }
}

impl FromJs for Held {
    fn from_js(value: &JsValue) -> Option<Held> {
        Held::from_id(&value.as_string()?)
    }
}

impl FromJs for Holds {
    fn from_js(value: &JsValue) -> Option<Holds> {
        let (name, inner) = variant(value)?;
        let count = || usize::from_js(&inner);
        match name.as_str() {
            "RingEntries" => count().map(Holds::RingEntries),
            "RingAndDisplaced" => Some(Holds::RingAndDisplaced {
                entries: field(&inner, "entries")?,
                displaced: field(&inner, "displaced")?,
            }),
            "TableRows" => count().map(Holds::TableRows),
            "Slots" => count().map(Holds::Slots),
            "Names" => count().map(Holds::Names),
            "Count" => Some(Holds::Count),
            _ => None,
        }
    }
}

impl FromJs for Answer {
    fn from_js(value: &JsValue) -> Option<Answer> {
        let (name, inner) = variant(value)?;
        match name.as_str() {
            "Whole" => Some(Answer::Whole {
                max: field(&inner, "max")?,
            }),
            "Percent" => Some(Answer::Percent),
            "Hours" => Some(Answer::Hours),
            "Schemes" => Some(Answer::Schemes),
            _ => None,
        }
    }
}
