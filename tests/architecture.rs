//! The shape of the code, checked where Cargo cannot: within each crate, no
//! file is in an import cycle, counting paths, `mod` declarations and a
//! parent's paths into its children. (That the model names no web type, Cargo
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

/// Every source file of the crate in `src` (relative to this package, or
/// absolute) as a module path ("crate::app::state"), with the file's text
/// up to its test module.
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

/// Where `prefix` starts a path of its own in `code` (not the tail of a
/// longer path such as `crate::app::super::` or `my_cost::`).
fn path_starts<'a>(code: &'a str, prefix: &'a str) -> impl Iterator<Item = usize> + 'a {
    code.match_indices(prefix)
        .map(|(at, _)| at)
        .filter(move |&at| {
            let before = code[..at].chars().last();
            !matches!(before, Some(c) if c.is_alphanumeric() || c == '_' || c == ':')
        })
}

/// The modules a file declares with `mod NAME;` (any visibility), by name.
fn declared_modules(code: &str) -> Vec<String> {
    code.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line.strip_prefix("pub ").unwrap_or(line);
            let rest = rest.strip_prefix("pub(crate) ").unwrap_or(rest);
            rest.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(str::to_string)
        })
        .collect()
}

/// Which files each file names, each path resolved to the deepest module
/// that is a file. Edges: `crate::…` and `super::…` paths, `mod NAME;`
/// declarations, and a parent's `NAME::…` paths into a child it declares.
/// A file naming one of its own ancestors (`super::heading` from a panel to
/// the panels' `mod.rs`) is no edge: a child always sees its ancestors, and
/// every parent declares its children, so counting both would make every
/// `mod.rs` a cycle. Everything else is, so a loop through a `mod.rs`
/// (controls → panels → panels::cost → controls) is found.
fn file_graph(src: &str) -> BTreeMap<String, Vec<String>> {
    let files = crate_files(src);
    let mut graph = BTreeMap::new();
    for (module, code) in &files {
        let parent: Vec<&str> = module.split("::").collect();
        let parent = parent[..parent.len().saturating_sub(1)].join("::");
        let children = declared_modules(code);
        let mut named: Vec<String> = Vec::new();
        let mut bases = vec![
            ("crate::".to_string(), "crate".to_string()),
            ("super::".to_string(), parent),
        ];
        for child in &children {
            bases.push((format!("{child}::"), format!("{module}::{child}")));
        }
        let mut name = |resolved: String| {
            let ancestor = module.starts_with(&format!("{resolved}::"));
            if resolved != *module && !ancestor && !named.contains(&resolved) {
                named.push(resolved);
            }
        };
        for child in &children {
            let target = format!("{module}::{child}");
            if files.contains_key(&target) {
                name(target);
            }
        }
        for (prefix, base) in &bases {
            for at in path_starts(code, prefix) {
                for path in paths(&code[at + prefix.len()..]) {
                    let mut target = base.clone();
                    let mut resolved = if files.contains_key(base) {
                        base.clone()
                    } else {
                        module.clone()
                    };
                    for segment in path.split("::") {
                        target = format!("{target}::{segment}");
                        if files.contains_key(&target) {
                            resolved = target.clone();
                        }
                    }
                    name(resolved);
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
const CRATES: [&str; 4] = [
    "src",
    "crates/model/src",
    "crates/model-core/src",
    "crates/pixels/src",
];

#[test]
fn no_file_of_any_crate_is_in_an_import_cycle() {
    for src in CRATES {
        let graph = file_graph(src);
        assert!(!graph.is_empty(), "{src}: no files");
        if let Some(cycle) = find_cycle(&graph) {
            panic!("an import cycle in {src}: {}", cycle.join(" → "));
        }
    }
    // The graphs are read, not empty: known edges of each kind are found.
    let page = file_graph("src");
    let edge = |from: &str, to: &str| page[from].contains(&to.to_string());
    assert!(
        edge("crate::app::state", "crate::app::timing"),
        "a crate:: path"
    );
    assert!(
        edge("crate::app::panels", "crate::app::panels::cost"),
        "a mod declaration"
    );
    assert!(
        edge("crate::app::controls", "crate::app::number_control"),
        "a super:: path"
    );
    assert!(
        !edge("crate::app::panels::cost", "crate::app::panels"),
        "no edge to an ancestor"
    );
    assert!(file_graph("crates/model/src")["crate::report"].contains(&"crate::claims".to_string()));
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let mut graph = file_graph("crates/model/src");
    assert!(find_cycle(&graph).is_none());
    graph
        .get_mut("crate::claims")
        .unwrap()
        .push("crate::report".to_string());
    assert!(find_cycle(&graph).is_some());
}

/// The loop that `crate::` and `super::` paths alone missed: the settings
/// used a helper of the panels' `mod.rs`, which declares the cost panel,
/// which took `apply` from the settings. Laid out as files, as it was.
#[test]
fn a_loop_through_a_mod_declaration_is_found() {
    let dir = std::env::temp_dir().join(format!("architecture-{}", std::process::id()));
    let write = |path: &str, text: &str| {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    write("lib.rs", "mod app;\n");
    write("app/mod.rs", "mod controls;\npub mod panels;\n");
    write(
        "app/controls.rs",
        "fn rows() { crate::app::panels::rows_by_name(); }\npub fn apply() {}\n",
    );
    write(
        "app/panels/mod.rs",
        "pub mod cost;\npub fn rows_by_name() {}\npub fn view_of() { cost::cost_panel(); }\n",
    );
    write(
        "app/panels/cost.rs",
        "use crate::app::controls::apply;\nuse super::rows_by_name;\npub fn cost_panel() {}\n",
    );
    let graph = file_graph(dir.to_str().unwrap());
    fs::remove_dir_all(&dir).unwrap();
    let cycle = find_cycle(&graph).expect("the loop is found");
    assert!(
        cycle.contains(&"crate::app::panels::cost".to_string())
            && cycle.contains(&"crate::app::controls".to_string()),
        "{cycle:?}"
    );
}

/// The model names no web type: no web crate is among everything its code
/// depends on, directly or not, as Cargo.lock resolves it.
#[test]
fn no_web_crate_is_reachable_from_the_model() {
    let lock = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock"))
        .expect("Cargo.lock");
    // name → the names it depends on ("serde 1.0.219" → "serde").
    let mut depends: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for package in lock.split("[[package]]").skip(1) {
        let field = |key: &str| {
            package
                .lines()
                .find_map(|line| line.strip_prefix(key))
                .map(|value| value.trim().trim_matches('"').to_string())
        };
        let name = field("name = ").expect("a package has a name");
        let list = package
            .split_once("dependencies = [")
            .map(|(_, rest)| rest.split(']').next().unwrap_or(""))
            .unwrap_or("");
        let names = list
            .split(',')
            .map(|item| item.trim().trim_matches('"'))
            .filter(|item| !item.is_empty())
            .map(|item| item.split(' ').next().unwrap_or(item).to_string());
        depends.entry(name).or_default().extend(names);
    }
    // What the model's own code depends on: its [dependencies], not the
    // benchmarks' and tests' (Cargo.lock lists those with them).
    let manifest =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/model/Cargo.toml"))
            .expect("the model's manifest");
    let section = manifest
        .split("[dependencies]")
        .nth(1)
        .and_then(|rest| rest.split("\n[").next())
        .expect("a [dependencies] section");
    let mut reached: Vec<String> = section
        .lines()
        .filter_map(|line| {
            line.split_once('=')
                .map(|(name, _)| name.trim().to_string())
        })
        .filter(|name| !name.is_empty() && !name.starts_with('#'))
        .collect();
    let mut index = 0;
    while index < reached.len() {
        for next in depends.get(&reached[index]).into_iter().flatten() {
            if !reached.contains(next) {
                reached.push(next.clone());
            }
        }
        index += 1;
    }
    assert!(
        reached.len() > 3,
        "the model's dependencies were read: {reached:?}"
    );
    for web in [
        "leptos",
        "web-sys",
        "js-sys",
        "wasm-bindgen",
        "plotters-canvas",
    ] {
        assert!(
            !reached.iter().any(|name| name == web),
            "the model reaches {web}"
        );
    }
    // The page does reach them: the check reads real edges.
    assert!(depends["ringcount"].iter().any(|name| name == "leptos"));
}

/// The code with every comment, string and character literal blanked out,
/// newlines kept, so that braces and `fn` are the code's own.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let at = |i: usize, k: usize| chars.get(i + k).copied();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '/' if at(i, 1) == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if at(i, 1) == Some('*') => {
                let mut depth = 0;
                loop {
                    if chars[i] == '/' && at(i, 1) == Some('*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && at(i, 1) == Some('/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        out.push(blank(chars[i]));
                        i += 1;
                    }
                }
            }
            'r' if (at(i, 1) == Some('"') || at(i, 1) == Some('#'))
                && !chars[..i]
                    .last()
                    .is_some_and(|c| c.is_alphanumeric() || *c == '_') =>
            {
                let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
                if chars.get(i + 1 + hashes) != Some(&'"') {
                    out.push('r');
                    i += 1;
                    continue;
                }
                i += hashes + 2;
                while !(chars[i] == '"' && chars[i + 1..].iter().take(hashes).all(|c| *c == '#')) {
                    out.push(blank(chars[i]));
                    i += 1;
                }
                i += hashes + 1;
            }
            '"' => {
                i += 1;
                while chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    out.push(blank(chars[i]));
                    i += 1;
                }
                i += 1;
            }
            '\'' if at(i, 1) == Some('\\') => {
                i += 2;
                while chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            '\'' if at(i, 2) == Some('\'') => i += 3,
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Each function with a body, as its name and its length in lines from
/// `fn` to the closing brace.
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let code = code_only(text);
    let bytes = code.as_bytes();
    let line_of = |at: usize| code[..at].matches('\n').count();
    let mut found = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
            continue;
        }
        let name: String = code[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        // The body opens at the first `{` outside the signature's brackets,
        // unless a `;` ends a bodiless declaration first.
        let mut depth = 0i32;
        let mut open = None;
        for (k, b) in bytes[at..].iter().enumerate() {
            match b {
                b'(' | b'[' | b'<' => depth += 1,
                b')' | b']' => depth -= 1,
                b'>' if bytes[at + k - 1] != b'-' && bytes[at + k - 1] != b'=' => depth -= 1,
                b';' if depth <= 0 => break,
                b'{' if depth <= 0 => {
                    open = Some(at + k);
                    break;
                }
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let mut braces = 0;
        let close = bytes[open..]
            .iter()
            .enumerate()
            .find_map(|(k, b)| {
                match b {
                    b'{' => braces += 1,
                    b'}' => braces -= 1,
                    _ => {}
                }
                (braces == 0).then_some(open + k)
            })
            .expect("a body closes");
        found.push((name, line_of(close) - line_of(at) + 1));
    }
    found
}

/// A reader can hold a function in their head: none is longer than this.
const LONGEST_FUNCTION: usize = 120;

#[test]
fn no_function_is_longer_than_a_reader_can_hold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    let mut counted = 0;
    for src in ["src", "crates"] {
        for file in files_under(&root.join(src)) {
            if file.extension().is_none_or(|ext| ext != "rs") {
                continue;
            }
            let text = fs::read_to_string(&file).expect("readable");
            for (name, lines) in function_lengths(&text) {
                counted += 1;
                if lines > LONGEST_FUNCTION {
                    long.push(format!("{}: {name}, {lines} lines", file.display()));
                }
            }
        }
    }
    assert!(counted > 500, "only {counted} functions found");
    assert!(
        long.is_empty(),
        "over {LONGEST_FUNCTION} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn function_lengths_are_counted_from_the_code_alone() {
    let text = "fn short() -> Vec<u8> { vec![b'{'] }\n\
                /// fn not_one() {\n\
                fn long<T: Into<u8>>(x: T) {\n    let s = \"}\";\n    let r = r#\"{\"#;\n}\n\
                trait T { fn bodiless(&self); }\n";
    assert_eq!(
        function_lengths(text),
        vec![("short".to_string(), 1), ("long".to_string(), 4)]
    );
}

/// Markup reaches the page after load only through the one patcher
/// (`src/app/patch.rs`); the first screen's module, written before Leptos
/// runs, sets its placeholders' markup itself (its ring and its controls).
#[test]
fn markup_reaches_the_page_only_through_the_patcher() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let allowed = [
        "src/app/patch.rs",
        "src/app/first.rs",
        "src/app/first_controls.rs",
    ];
    let mut found = Vec::new();
    for file in files_under(&root.join("src/app")) {
        let name = file.strip_prefix(root).expect("under the root");
        if allowed.iter().any(|a| name == Path::new(a)) {
            continue;
        }
        let code = code_only(&fs::read_to_string(&file).expect("readable"));
        if code.contains("inner_html") {
            found.push(name.display().to_string());
        }
    }
    assert!(
        found.is_empty(),
        "inner_html outside the patcher: {found:?}"
    );
    let patcher = fs::read_to_string(root.join("src/app/patch.rs")).expect("the patcher");
    assert!(
        code_only(&patcher).contains("set_inner_html"),
        "the patcher writes markup"
    );
}
