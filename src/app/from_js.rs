//! The worker's report read back on the main thread: the browser's own
//! `JSON.parse` parses it, and the model's reader (`model::read_back`,
//! tested against the printer natively) reads the parsed value through
//! this module. A report that does not read is None, and the panels keep
//! waiting.

use js_sys::{Array, Object, Reflect, JSON};
use model::read_back::{self, Json};
use model::report::Report;
use wasm_bindgen::{JsCast, JsValue};

/// A value `JSON.parse` made.
struct Parsed(JsValue);

impl Json for Parsed {
    fn field(&self, name: &str) -> Option<Parsed> {
        let value = Reflect::get(&self.0, &JsValue::from_str(name)).ok()?;
        (!value.is_undefined()).then_some(Parsed(value))
    }
    fn number(&self) -> Option<f64> {
        self.0.as_f64()
    }
    fn text(&self) -> Option<String> {
        self.0.as_string()
    }
    fn boolean(&self) -> Option<bool> {
        self.0.as_bool()
    }
    fn length(&self) -> Option<usize> {
        Array::is_array(&self.0).then(|| self.0.unchecked_ref::<Array>().length() as usize)
    }
    fn item(&self, index: usize) -> Parsed {
        Parsed(self.0.unchecked_ref::<Array>().get(index as u32))
    }
    fn is_null(&self) -> bool {
        self.0.is_null() || self.0.is_undefined()
    }
    fn only_entry(&self) -> Option<(String, Parsed)> {
        let keys = Object::keys(self.0.dyn_ref::<Object>()?);
        let name = (keys.length() == 1).then(|| keys.get(0).as_string())??;
        let value = self.field(&name)?;
        Some((name, value))
    }
}

/// Read the report the worker sent as `text`.
pub fn report(text: &str) -> Option<Report> {
    read_back::report(&Parsed(JSON::parse(text).ok()?))
}
