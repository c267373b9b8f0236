//! The moved count's two routes (DEFINITIONS §1) share no code: they read
//! the same keys and rings, and from there on no function of the model's
//! core is reached by both. Calls are followed by name through every
//! function the core defines (a name that two functions share is followed
//! into both, so the test can only over-count what is shared).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use syn::visit::Visit;

/// Every function the crate defines, as `Type::name` for a method and
/// `name` for a free function, with the functions it calls: `Type::f(…)`
/// and `Self::f(…)` that one, `f(…)` the free one, and `x.f(…)` every
/// method named `f` (no types are known here, so a method call can only
/// over-count what is reached).
pub fn calls_by_function(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    struct Collect {
        impl_type: Option<String>,
        current: Vec<String>,
        calls: BTreeMap<String, BTreeSet<String>>,
    }
    impl Collect {
        fn called(&mut self, name: String) {
            if let Some(current) = self.current.last() {
                self.calls.entry(current.clone()).or_default().insert(name);
            }
        }
        fn inside(&mut self, name: String, visit: impl FnOnce(&mut Self)) {
            self.calls.entry(name.clone()).or_default();
            self.current.push(name);
            visit(self);
            self.current.pop();
        }
        fn path(&mut self, path: &syn::Path) {
            let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
            let name = match segments.as_slice() {
                [] => return,
                [one] => one.clone(),
                [.., owner, last] if owner == "Self" => match &self.impl_type {
                    Some(t) => format!("{t}::{last}"),
                    None => last.clone(),
                },
                [.., owner, last] if owner.starts_with(char::is_uppercase) => {
                    format!("{owner}::{last}")
                }
                [.., last] => last.clone(),
            };
            self.called(name);
        }
    }
    impl<'ast> Visit<'ast> for Collect {
        fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
            let name = match &*item.self_ty {
                syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
                _ => None,
            };
            let outer = std::mem::replace(&mut self.impl_type, name);
            syn::visit::visit_item_impl(self, item);
            self.impl_type = outer;
        }
        fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
            self.inside(f.sig.ident.to_string(), |c| syn::visit::visit_item_fn(c, f));
        }
        fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
            let name = match &self.impl_type {
                Some(t) => format!("{t}::{}", f.sig.ident),
                None => f.sig.ident.to_string(),
            };
            self.inside(name, |c| syn::visit::visit_impl_item_fn(c, f));
        }
        fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
            self.called(format!("*::{}", call.method));
            syn::visit::visit_expr_method_call(self, call);
        }
        fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
            if let syn::Expr::Path(path) = &*call.func {
                self.path(&path.path);
            }
            syn::visit::visit_expr_call(self, call);
        }
        // A function passed by its path (`map(Self::f)`); a one-word path
        // outside a call is a variable.
        fn visit_expr_path(&mut self, path: &'ast syn::ExprPath) {
            if path.path.segments.len() > 1 {
                self.path(&path.path);
            }
            syn::visit::visit_expr_path(self, path);
        }
    }
    let mut collect = Collect {
        impl_type: None,
        current: Vec::new(),
        calls: BTreeMap::new(),
    };
    for (name, code) in files {
        let file = syn::parse_file(code).unwrap_or_else(|e| panic!("{name}: {e}"));
        collect.visit_file(&file);
    }
    collect.calls
}

/// The crate's functions reached from `starts`, themselves included.
pub fn reached(calls: &BTreeMap<String, BTreeSet<String>>, starts: &[&str]) -> BTreeSet<String> {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut stack: Vec<String> = starts.iter().map(|s| s.to_string()).collect();
    while let Some(name) = stack.pop() {
        // `*::f`: every method named `f`.
        if let Some(method) = name.strip_prefix("*::") {
            let suffix = format!("::{method}");
            stack.extend(calls.keys().filter(|k| k.ends_with(&suffix)).cloned());
            continue;
        }
        if !calls.contains_key(&name) || !seen.insert(name.clone()) {
            continue;
        }
        stack.extend(calls[&name].iter().cloned());
    }
    seen
}

/// Route (a): every key's owner on both rings, compared.
pub const OWNER_DIFF: [&str; 2] = ["Ring::fill_owners", "Movement::of"];
/// Route (b): the keys in each stretch whose owner changes.
pub const ARC_WALK: [&str; 2] = ["Ring::keys_in_arcs_of", "Ring::keys_in_changed_arcs"];

pub fn core_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/model-core/src");
    crate::files_under(&root)
        .into_iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rs"))
        .map(|f| {
            let code = fs::read_to_string(&f).expect("readable");
            (f.display().to_string(), code)
        })
        .collect()
}

/// What both routes may read of their inputs: a list's length (`x.len()`,
/// which names every `len` the core defines).
const INPUTS_READ: [&str; 1] = ["::len"];

#[test]
fn the_moved_counts_two_routes_share_no_code() {
    let calls = calls_by_function(&core_files());
    let owner_diff = reached(&calls, &OWNER_DIFF);
    let arc_walk = reached(&calls, &ARC_WALK);
    assert!(
        owner_diff.len() >= 2 && arc_walk.len() >= 2,
        "{owner_diff:?} {arc_walk:?}"
    );
    let shared: Vec<&String> = owner_diff
        .intersection(&arc_walk)
        .filter(|f| !INPUTS_READ.iter().any(|read| f.ends_with(read)))
        .collect();
    assert!(shared.is_empty(), "both routes reach {shared:?}");
    // A helper both call is found.
    let planted = [(
        "planted.rs".to_string(),
        "impl Ring {\n fn fill_owners(&self) { self.walk(); }\n fn keys_in_arcs_of(&self) { Ring::walk(self); }\n fn walk(&self) {}\n}\nimpl Movement { fn of() {} }\nfn keys_in_changed_arcs() {}".to_string(),
    )];
    let calls = calls_by_function(&planted);
    let shared: Vec<String> = reached(&calls, &OWNER_DIFF)
        .intersection(&reached(&calls, &ARC_WALK))
        .cloned()
        .collect();
    assert_eq!(shared, ["Ring::walk"]);
}
