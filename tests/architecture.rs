//! The shape of the code, checked where Cargo cannot: within each crate, no
//! file is in an import cycle. (That the model names no web type, Cargo
//! keeps: no web crate is among its dependencies.) Read from the source, so
//! a new `use` that closes a loop fails here with the loop spelled out.

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

/// Every source file of the crate in `src` as a module path
/// ("crate::app::state"), with the file's text up to its test module.
fn crate_files(src: &str) -> BTreeMap<String, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(src);
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
        if segments == ["main"] || segments.first().is_some_and(|s| s == "bin") {
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
fn file_graph(src: &str) -> BTreeMap<String, Vec<String>> {
    let files = crate_files(src);
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

/// Each crate's source folder: the page, and the crates below it. That one
/// crate may not name another that depends on it is Cargo's to check; a
/// cycle between files of one crate is this file's.
const CRATES: [&str; 3] = ["src", "crates/model/src", "crates/pixels/src"];

#[test]
fn no_file_of_any_crate_is_in_an_import_cycle() {
    for src in CRATES {
        let graph = file_graph(src);
        assert!(!graph.is_empty(), "{src}: no files");
        if let Some(cycle) = find_cycle(&graph) {
            panic!("an import cycle in {src}: {}", cycle.join(" → "));
        }
    }
    // The graphs are read, not empty: known edges are found.
    assert!(file_graph("src")["crate::app::state"].contains(&"crate::app::timing".to_string()));
    assert!(
        file_graph("crates/model/src")["crate::claims"].contains(&"crate::snapshot".to_string())
    );
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let mut graph = file_graph("crates/model/src");
    assert!(find_cycle(&graph).is_none());
    graph
        .get_mut("crate::settings")
        .unwrap()
        .push("crate::claims".to_string());
    assert!(find_cycle(&graph).is_some());
}
