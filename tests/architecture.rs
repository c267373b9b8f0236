//! The shape of the code, checked: the model's modules depend on each other
//! without a cycle, and none of them names a web type. Read from the source,
//! so a new `use` that closes a loop fails here with the loop spelled out.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Every file under `dir`, however deep.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(dir).expect("readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}

/// Which model module each model module names, from `super::X` and
/// `crate::model::X` paths (a submodule counts as its parent module).
fn model_graph() -> BTreeMap<String, Vec<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/model");
    let mut graph: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let files = files_under(&root);
    for file in files {
        let relative = file.strip_prefix(&root).expect("under src/model");
        let parts: Vec<&str> = relative
            .iter()
            .map(|p| p.to_str().expect("utf-8"))
            .collect();
        if parts == ["mod.rs"] {
            continue;
        }
        let module = parts[0].trim_end_matches(".rs").to_string();
        // In a folder's own files `super::` is the folder's mod.rs, except in mod.rs itself.
        let super_is_model = parts.len() == 1 || parts[1] == "mod.rs";
        let text = fs::read_to_string(&file).expect("readable");
        let mut named: Vec<String> = Vec::new();
        let mut prefixes = vec!["crate::model::"];
        if super_is_model {
            prefixes.push("super::");
        }
        for prefix in prefixes {
            for (at, _) in text.match_indices(prefix) {
                named.extend(first_segments(&text[at + prefix.len()..]));
            }
        }
        let known = graph.entry(module.clone()).or_default();
        for name in named {
            if name != module && !known.contains(&name) {
                known.push(name);
            }
        }
    }
    let modules: Vec<String> = graph.keys().cloned().collect();
    for targets in graph.values_mut() {
        targets.retain(|target| modules.contains(target));
    }
    graph
}

/// The first path segment after a prefix: `keys::Keys` → keys;
/// `{keys::Keys, ring::Ring}` → keys, ring.
fn first_segments(rest: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 0;
        let mut items = Vec::new();
        let mut start = 0;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    items.push(&group[start..i]);
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(&group[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        items
            .into_iter()
            .map(ident)
            .filter(|s| !s.is_empty())
            .collect()
    } else {
        vec![ident(rest)]
    }
}

/// A cycle in the graph, if there is one, as the modules along it.
fn find_cycle(graph: &BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, Vec<String>>,
        path: &mut Vec<String>,
        done: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.iter().any(|n| n == node) {
            return None;
        }
        path.push(node.to_string());
        for next in &graph[node] {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.push(node.to_string());
        None
    }
    let mut done = Vec::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, graph, &mut Vec::new(), &mut done) {
            return Some(cycle);
        }
    }
    None
}

#[test]
fn the_model_has_no_import_cycle() {
    let graph = model_graph();
    assert!(graph.len() >= 10, "{graph:?}");
    assert!(graph["claims"].contains(&"snapshot".to_string()));
    if let Some(cycle) = find_cycle(&graph) {
        panic!("an import cycle: {}", cycle.join(" → "));
    }
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let mut graph = model_graph();
    graph
        .get_mut("settings")
        .unwrap()
        .push("claims".to_string());
    assert!(find_cycle(&graph).is_some());
}

/// Every source file of the crate as a module path ("crate::app::state"),
/// with the file's text up to its test module.
fn crate_files() -> BTreeMap<String, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    for path in files_under(&src) {
        let relative = path.strip_prefix(&src).expect("under src");
        let mut segments: Vec<String> = relative
            .iter()
            .map(|p| {
                p.to_str()
                    .expect("utf-8")
                    .trim_end_matches(".rs")
                    .to_string()
            })
            .collect();
        if segments == ["main"] {
            continue;
        }
        if matches!(
            segments.last().map(String::as_str),
            Some("mod") | Some("lib")
        ) {
            segments.pop();
        }
        let module = std::iter::once("crate".to_string())
            .chain(segments)
            .collect::<Vec<_>>()
            .join("::");
        let text = fs::read_to_string(&path).expect("readable");
        // A test module's `super::` is the file itself: leave tests out.
        let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
        files.insert(module, code);
    }
    files
}

/// Which files each file names through `crate::…` and `super::…` paths,
/// each path resolved to the deepest module that is a file.
fn file_graph() -> BTreeMap<String, Vec<String>> {
    let files = crate_files();
    let mut graph = BTreeMap::new();
    for (module, code) in &files {
        let parent: Vec<&str> = module.split("::").collect();
        let parent = parent[..parent.len().saturating_sub(1)].join("::");
        let mut named: Vec<String> = Vec::new();
        for (prefix, base) in [("crate::", "crate".to_string()), ("super::", parent)] {
            for (at, _) in code.match_indices(prefix) {
                // Not the tail of a longer path such as `crate::app::super::`.
                let before = code[..at].chars().last();
                if matches!(before, Some(c) if c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                for path in paths(&code[at + prefix.len()..]) {
                    let mut target = base.clone();
                    let mut resolved = base.clone();
                    for segment in path.split("::") {
                        target = format!("{target}::{segment}");
                        if files.contains_key(&target) {
                            resolved = target.clone();
                        }
                    }
                    if resolved != *module && !named.contains(&resolved) {
                        named.push(resolved);
                    }
                }
            }
        }
        graph.insert(module.clone(), named);
    }
    graph
}

/// The paths after a prefix: `a::b::C` → ["a::b::C"]; `a::{b::C, d}` →
/// ["a::b::C", "a::d"] (one level of braces, which is all this code uses).
fn paths(rest: &str) -> Vec<String> {
    let path: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
        .collect();
    let path = path.trim_end_matches(':').to_string();
    let after = &rest[path.len()..];
    let after = after.trim_start_matches(':');
    if let Some(group) = after.strip_prefix('{') {
        let inner: String = group.chars().take_while(|&c| c != '}').collect();
        inner
            .split(',')
            .map(|item| item.split_whitespace().next().unwrap_or("").to_string())
            .filter(|item| !item.is_empty() && item != "self")
            .map(|item| format!("{path}::{item}"))
            .chain(std::iter::once(path.clone()))
            .collect()
    } else {
        vec![path]
    }
}

#[test]
fn no_file_of_the_crate_is_in_an_import_cycle() {
    let graph = file_graph();
    assert!(
        graph.contains_key("crate::app::state"),
        "{:?}",
        graph.keys()
    );
    assert!(graph["crate::panels"].contains(&"crate::app::panels::ring".to_string()));
    if let Some(cycle) = find_cycle(&graph) {
        panic!("an import cycle: {}", cycle.join(" → "));
    }
}

#[test]
fn the_model_names_no_web_type() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/model");
    for path in files_under(&root) {
        let text = fs::read_to_string(&path).expect("readable");
        for web in ["leptos", "web_sys", "js_sys", "wasm_bindgen", "plotters"] {
            assert!(!text.contains(web), "{} names {web}", path.display());
        }
    }
}
