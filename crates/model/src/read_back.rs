//! The report read back from the JSON `Report::to_json` writes, for the page:
//! serde's reader for these types cost it 52 KB gzipped, and this costs a
//! few. Generic over where the parsed JSON lives (the browser's `JSON.parse`
//! on the page, serde_json's `Value` in the tests), so the reader sits here,
//! beside the printer's types, and is tested against the printer natively.
//!
//! A struct is read field by field (its literal names every field, so a new
//! one fails to compile until it is read); an enum through `read_back_enum!`,
//! whose list of variants is also matched exhaustively. Anything that does
//! not read is `None`.

use crate::claims::{self, Claim};
use crate::down::DownOutcome;
use crate::failures::{Copysets, Failure};
use crate::key_path::{self, KeyPath, KeyStep, StepId};
use crate::measure::{Movement, Spread};
use crate::one_key::KeyOwners;
use crate::placements::PlacementId;
use crate::question_id::QuestionId;
use crate::questions::Question;
use crate::report::{FailureReport, LookupTiming, OneKey, Report, SchemeRow};
use crate::schemes::{Holds, SchemeResult, TableMoves};
use crate::snapshot::Evenness;

/// Parsed JSON, as far as the reader needs it.
pub trait Json: Sized {
    /// An object's field; `None` if absent.
    fn field(&self, name: &str) -> Option<Self>;
    fn number(&self) -> Option<f64>;
    fn text(&self) -> Option<String>;
    fn boolean(&self) -> Option<bool>;
    /// An array's length; `None` if this is not one.
    fn length(&self) -> Option<usize>;
    /// An array's item `index`, below its length.
    fn item(&self, index: usize) -> Self;
    fn is_null(&self) -> bool;
    /// An object's only key and its value: an externally tagged variant.
    fn only_entry(&self) -> Option<(String, Self)>;
}

/// A value read back from JSON.
pub trait ReadBack: Sized {
    fn read_back<J: Json>(value: &J) -> Option<Self>;

    /// This type as the field `name` of an object.
    fn read_field<J: Json>(object: &J, name: &str) -> Option<Self> {
        Self::read_back(&object.field(name)?)
    }
}

/// Read the report in `json`.
pub fn report<J: Json>(json: &J) -> Option<Report> {
    Report::read_back(json)
}

/// An externally tagged enum's variant: a unit variant is its name, any
/// other an object with its name as the one key.
pub fn variant<J: Json>(value: &J) -> Option<(String, Option<J>)> {
    match value.text() {
        Some(name) => Some((name, None)),
        None => value.only_entry().map(|(name, inner)| (name, Some(inner))),
    }
}

/// The reader of an externally tagged enum, from its variants as serde
/// names them: `"tag" => Unit`, `"tag" => Newtype(_)`, `"tag" => Struct {
/// a, b }`. The same list is matched against the enum, so a variant left
/// out of it fails to compile.
#[macro_export]
macro_rules! read_back_enum {
    ($t:ident { $($tag:literal => $variant:ident $( ( $one:tt ) )? $( { $($f:ident),* } )?),* $(,)? }) => {
        impl $crate::read_back::ReadBack for $t {
            fn read_back<J: $crate::read_back::Json>(value: &J) -> Option<$t> {
                // Every variant is in the list (else this fails to compile).
                let _every = |v: &$t| match v {
                    $($crate::read_back_enum!(@pattern $t $variant $( ($one) )? $( { $($f),* } )?) => (),)*
                };
                let (name, inner) = $crate::read_back::variant(value)?;
                match name.as_str() {
                    $($tag => $crate::read_back_enum!(@read $t $variant inner $( ($one) )? $( { $($f),* } )?),)*
                    _ => None,
                }
            }
        }
    };
    (@pattern $t:ident $variant:ident) => { $t::$variant };
    (@pattern $t:ident $variant:ident ($one:tt)) => { $t::$variant(..) };
    (@pattern $t:ident $variant:ident { $($f:ident),* }) => { $t::$variant { .. } };
    (@read $t:ident $variant:ident $inner:ident) => {
        $inner.is_none().then_some($t::$variant)
    };
    (@read $t:ident $variant:ident $inner:ident ($one:tt)) => {
        $inner.and_then(|inner| $crate::read_back::ReadBack::read_back(&inner)).map($t::$variant)
    };
    (@read $t:ident $variant:ident $inner:ident { $($f:ident),* }) => {
        $inner.and_then(|inner| Some($t::$variant {
            $($f: $crate::read_back::ReadBack::read_field(&inner, stringify!($f))?),*
        }))
    };
}

impl ReadBack for f64 {
    fn read_back<J: Json>(value: &J) -> Option<f64> {
        value.number()
    }
}

/// Whole numbers, which JSON carries as doubles: exact below 2^53.
macro_rules! whole {
    ($($t:ty),*) => {$(
        impl ReadBack for $t {
            fn read_back<J: Json>(value: &J) -> Option<$t> {
                let number = value.number()?;
                (number.fract() == 0.0 && number >= 0.0 && number <= <$t>::MAX as f64)
                    .then_some(number as $t)
            }
        }
    )*};
}
whole!(u16, u32, u64, usize);

impl ReadBack for bool {
    fn read_back<J: Json>(value: &J) -> Option<bool> {
        value.boolean()
    }
}

impl ReadBack for String {
    fn read_back<J: Json>(value: &J) -> Option<String> {
        value.text()
    }
}

/// `null` (or absent) is None; anything else must read.
impl<T: ReadBack> ReadBack for Option<T> {
    fn read_back<J: Json>(value: &J) -> Option<Option<T>> {
        if value.is_null() {
            Some(None)
        } else {
            T::read_back(value).map(Some)
        }
    }

    fn read_field<J: Json>(object: &J, name: &str) -> Option<Option<T>> {
        match object.field(name) {
            Some(value) => Self::read_back(&value),
            None => Some(None),
        }
    }
}

impl<T: ReadBack> ReadBack for Vec<T> {
    fn read_back<J: Json>(value: &J) -> Option<Vec<T>> {
        (0..value.length()?)
            .map(|index| T::read_back(&value.item(index)))
            .collect()
    }
}

/// A struct read field by field, each under its own name.
macro_rules! by_fields {
    ($t:ident { $($name:ident),* $(,)? }) => {
        impl ReadBack for $t {
            fn read_back<J: Json>(value: &J) -> Option<$t> {
                Some($t { $($name: ReadBack::read_field(value, stringify!($name))?),* })
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
/// A question's id as the report wrote it: a variant with nothing inside.
impl ReadBack for QuestionId {
    fn read_back<J: Json>(value: &J) -> Option<QuestionId> {
        let (name, inner) = variant(value)?;
        inner.is_none().then_some(())?;
        QuestionId::from_id(&name)
    }
}

by_fields!(OneKey {
    key,
    position,
    owners,
    paths
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
by_fields!(DownOutcome {
    moved,
    moved_between,
    failed,
    to_down,
    round_robin,
    received,
    removed_moved,
    removed_moved_between,
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

/// The id in `ids` that `value` names: ids are `&'static str`, and one no
/// list has does not read.
/// One of `ids`, by the text `as_str` gives it.
fn known<J: Json, T: Copy>(
    value: Option<J>,
    mut ids: impl Iterator<Item = T>,
    as_str: fn(T) -> &'static str,
) -> Option<T> {
    let text = value?.text()?;
    ids.find(|&id| as_str(id) == text)
}

read_back_enum!(Holds {
    "RingEntries" => RingEntries(_),
    "RingAndDisplaced" => RingAndDisplaced { entries, displaced },
    "TableRows" => TableRows(_),
    "Slots" => Slots(_),
    "Names" => Names(_),
    "Count" => Count,
});

impl ReadBack for SchemeResult {
    fn read_back<J: Json>(value: &J) -> Option<SchemeResult> {
        Some(SchemeResult {
            id: known(
                value.field("id"),
                PlacementId::ALL.iter().copied(),
                PlacementId::as_str,
            )?,
            movement: ReadBack::read_field(value, "movement")?,
            spread: ReadBack::read_field(value, "spread")?,
            holds: ReadBack::read_field(value, "holds")?,
            table_moves: ReadBack::read_field(value, "table_moves")?,
            down: ReadBack::read_field(value, "down")?,
        })
    }
}

impl ReadBack for KeyOwners {
    fn read_back<J: Json>(value: &J) -> Option<KeyOwners> {
        let own_position: Option<String> = ReadBack::read_field(value, "own_position")?;
        Some(KeyOwners {
            scheme: known(
                value.field("scheme"),
                PlacementId::ALL.iter().copied(),
                PlacementId::as_str,
            )?,
            // Sent as text: 64-bit positions are past what JSON numbers hold.
            own_position: match own_position {
                Some(text) => Some(text.parse().ok()?),
                None => None,
            },
            before: ReadBack::read_field(value, "before")?,
            after: ReadBack::read_field(value, "after")?,
        })
    }
}

impl ReadBack for KeyPath {
    fn read_back<J: Json>(value: &J) -> Option<KeyPath> {
        Some(KeyPath {
            scheme: known(
                value.field("scheme"),
                key_path::rules_ids(),
                PlacementId::as_str,
            )?,
            code: ReadBack::read_field(value, "code")?,
            steps: ReadBack::read_field(value, "steps")?,
        })
    }
}

impl ReadBack for KeyStep {
    fn read_back<J: Json>(value: &J) -> Option<KeyStep> {
        Some(KeyStep {
            id: StepId::from_id(&value.field("id")?.text()?)?,
            words: ReadBack::read_field(value, "words")?,
            value: ReadBack::read_field(value, "value")?,
            line: ReadBack::read_field(value, "line")?,
        })
    }
}

impl ReadBack for Claim {
    fn read_back<J: Json>(value: &J) -> Option<Claim> {
        Some(Claim {
            id: known(value.field("id"), claims::IDS.into_iter(), |id| id)?,
            kind: ReadBack::read_field(value, "kind")?,
            statement: ReadBack::read_field(value, "statement")?,
            rule: ReadBack::read_field(value, "rule")?,
            held: ReadBack::read_field(value, "held")?,
            evidence: ReadBack::read_field(value, "evidence")?,
        })
    }
}

impl ReadBack for Question {
    fn read_back<J: Json>(value: &J) -> Option<Question> {
        Some(Question {
            id: ReadBack::read_field(value, "id")?,
            wording: ReadBack::read_field(value, "wording")?,
            answer: ReadBack::read_field(value, "answer")?,
            measured: ReadBack::read_field(value, "measured")?,
            reference: ReadBack::read_field(value, "reference")?,
            why: ReadBack::read_field(value, "why")?,
            panel: crate::panels::PanelId::from_id(&value.field("panel")?.text()?)?,
            gives: ReadBack::read_field(value, "gives")?,
        })
    }
}

/// serde_json's parsed JSON: the tests read the printer's own output back.
impl Json for serde_json::Value {
    fn field(&self, name: &str) -> Option<Self> {
        self.get(name).cloned()
    }
    fn number(&self) -> Option<f64> {
        self.as_f64()
    }
    fn text(&self) -> Option<String> {
        self.as_str().map(str::to_string)
    }
    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }
    fn length(&self) -> Option<usize> {
        self.as_array().map(Vec::len)
    }
    fn item(&self, index: usize) -> Self {
        self[index].clone()
    }
    fn is_null(&self) -> bool {
        self.is_null()
    }
    fn only_entry(&self) -> Option<(String, Self)> {
        let object = self.as_object()?;
        let (name, value) = object.iter().next().filter(|_| object.len() == 1)?;
        Some((name.clone(), value.clone()))
    }
}
