//! The plan of docs/ARCHITECTURE.md, checked where Cargo and the compiler
//! cannot. Here: no file of a crate is in an import cycle (counting paths,
//! `mod` declarations and a parent's paths into its children), the settings
//! and the panels meet only in leaves, no function is too long to hold, the
//! model reaches no web crate, the model's state and the settings' one path.
//! In files of their own: the DOM rule (`dom_rule.rs`), ids matched only by
//! their tables (`ids.rs`), the moved count's two routes (`routes.rs`), each
//! read as syntax (`scan.rs`), and each rule's planted breaks (`planted.rs`).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

mod dom_rule;
mod ids;
mod planted;
mod routes;
mod scan;

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
const CRATES: [&str; 5] = [
    "src",
    "crates/model/src",
    "crates/model-core/src",
    "crates/pixels/src",
    "crates/render/src",
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

/// A reader can hold a function in their head: none is longer than this
/// (the longest were split at 120, issue 75).
const LONGEST_FUNCTION: usize = 100;

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

#[test]
fn every_other_dom_call_is_in_the_dom_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut broken = Vec::new();
    // The page and the text it writes (`render`, a crate of its own).
    let mut files = files_under(&root.join("src"));
    files.extend(files_under(&root.join("crates/render/src")));
    for file in &files {
        let name = file.strip_prefix(root).expect("under the root");
        let code = fs::read_to_string(file).expect("readable");
        broken.extend(dom_rule::breaks_in(&name.to_string_lossy(), &code));
    }
    assert!(files.len() > 40, "only {} files read", files.len());
    assert!(
        broken.is_empty(),
        "breaks of the DOM rule (ARCHITECTURE.md):\n{}",
        broken.join("\n")
    );
    // The module itself makes them, and the patcher writes its markup: the
    // scan reads real calls.
    let dom = scan::scan(
        "src/dom.rs",
        &fs::read_to_string(root.join("src/dom.rs")).unwrap(),
    );
    assert!(dom.calls.iter().any(|c| c.name == "query_selector"));
    let patcher = fs::read_to_string(root.join("src/app/patch.rs")).unwrap();
    let patcher = scan::scan("src/app/patch.rs", &patcher);
    assert!(patcher.calls.iter().any(|c| c.name == "set_inner_html"));
}

/// Every file of the page and of the crates but their tests, with its path.
fn source_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = files_under(&root.join("src"));
    for dir in [
        "crates/model/src",
        "crates/model-core/src",
        "crates/render/src",
        "crates/oracle/src",
        "crates/ringdiff/src",
        "crates/config/src",
    ] {
        files.extend(files_under(&root.join(dir)));
    }
    files
        .into_iter()
        .map(|file| {
            // Whole: a scan leaves out a file's tests (`#[cfg(test)]`).
            let code = fs::read_to_string(&file).expect("readable");
            let name = file.strip_prefix(root).expect("under the root");
            (name.to_string_lossy().into_owned(), code)
        })
        .collect()
}

#[test]
fn no_id_of_a_table_is_matched_as_a_string() {
    let files = source_files();
    assert!(files.len() > 100, "only {} files", files.len());
    let tables = ids::tables();
    let mut found = Vec::new();
    for (name, code) in &files {
        found.extend(ids::matched_as_strings(
            name,
            &scan::scan(name, code),
            &tables,
        ));
    }
    assert!(
        found.is_empty(),
        "ids matched as strings, not by their table's type:\n{}",
        found.join("\n")
    );
}

/// The settings column and the panels share helpers through leaves
/// (`message.rs`, `number_control.rs`, `rows.rs`, `draw/`): neither imports
/// the other, so a change to one cannot reach into the other's code.
fn settings_and_panels_meet(graph: &BTreeMap<String, Vec<String>>) -> Vec<String> {
    let settings = [
        "crate::app::controls",
        "crate::app::placement",
        "crate::app::your_keys",
    ];
    let panels = "crate::app::panels";
    let mut found = Vec::new();
    for (from, named) in graph {
        let from_settings = settings
            .iter()
            .any(|s| from == s || from.starts_with(&format!("{s}::")));
        let from_panels = from == panels || from.starts_with(&format!("{panels}::"));
        for to in named {
            let to_settings = settings
                .iter()
                .any(|s| to == s || to.starts_with(&format!("{s}::")));
            let to_panels = to == panels || to.starts_with(&format!("{panels}::"));
            if (from_settings && to_panels) || (from_panels && to_settings) {
                found.push(format!("{from} → {to}"));
            }
        }
    }
    found
}

#[test]
fn the_settings_and_the_panels_share_only_leaves() {
    let graph = file_graph("src");
    assert!(
        graph.contains_key("crate::app::controls")
            && graph.contains_key("crate::app::panels::ring")
    );
    let found = settings_and_panels_meet(&graph);
    assert!(
        found.is_empty(),
        "settings and panels import each other:\n{}",
        found.join("\n")
    );
    // A planted import is found.
    let mut planted = graph.clone();
    planted
        .get_mut("crate::app::controls")
        .expect("the settings")
        .push("crate::app::panels::ring".to_string());
    assert_eq!(
        settings_and_panels_meet(&planted),
        ["crate::app::controls → crate::app::panels::ring"]
    );
}

/// Settings the page measures are made by `Valid::settle` alone, from the
/// controls, the first screen, the address and your keys alike: `Valid::new`
/// checks without fitting, and only `settle` calls it (a `Valid`'s fields
/// are private to `settings.rs`, so nothing else can build one).
const SETTINGS_FILE: &str = "crates/model-core/src/settings.rs";

/// Where `Valid::new` is called in the scanned file `name`.
fn checks_unsettled(name: &str, scanned: &scan::Scan) -> Vec<String> {
    scanned
        .calls
        .iter()
        .filter(|call| call.path.ends_with("Valid::new"))
        .map(|call| format!("{name}:{}", call.line))
        .collect()
}

#[test]
fn settings_are_made_only_by_settling_them() {
    let mut made = Vec::new();
    let mut in_settle = 0;
    for (name, code) in source_files() {
        let found = checks_unsettled(&name, &scan::scan(&name, &code));
        if name == SETTINGS_FILE {
            in_settle = found.len();
        } else {
            made.extend(found);
        }
    }
    assert!(made.is_empty(), "Valid::new outside settle: {made:?}");
    assert_eq!(in_settle, 1, "settle's one call of Valid::new");
    let planted =
        "fn f(d: Settings) -> Option<Valid> {\n    model::Valid::new(\n        d,\n    ).ok()\n}";
    assert_eq!(
        checks_unsettled(PLANTED, &scan::scan(PLANTED, planted)),
        [format!("{PLANTED}:2")]
    );
    assert!(checks_unsettled(
        PLANTED,
        &scan::scan(
            PLANTED,
            "// Valid::new(d)\nfn f() { Valid::settle(d, &f); }"
        )
    )
    .is_empty());
}

const PLANTED: &str = "src/app/panels/ring.rs";

/// Each field of struct `name` in `code`, with its type as written.
fn struct_fields(code: &str, name: &str) -> Vec<(String, String)> {
    let file = syn::parse_file(code).expect("parses");
    file.items
        .iter()
        .find_map(|item| match item {
            syn::Item::Struct(s) if s.ident == name => Some(s),
            _ => None,
        })
        .map(|s| {
            s.fields
                .iter()
                .map(|f| {
                    let ty = &f.ty;
                    let ident = f.ident.as_ref().map(|i| i.to_string()).unwrap_or_default();
                    (ident, quote_type(ty))
                })
                .collect()
        })
        .unwrap_or_default()
}

fn quote_type(ty: &syn::Type) -> String {
    use quote::ToTokens;
    ty.to_token_stream().to_string().replace(' ', "")
}

/// The model holds what more than one part of the page reads, at most
/// eight things; what one panel alone needs, that panel keeps. Its
/// settings are read-only outside `state.rs`: they change through
/// `Model::try_change` alone, and the compiler keeps every other file to it.
const MODEL_FIELDS: usize = 8;

#[test]
fn the_model_holds_only_what_more_than_one_part_reads() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let state = fs::read_to_string(root.join("src/app/state.rs")).expect("state.rs");
    let fields = struct_fields(&state, "Model");
    assert!(
        fields.len() <= MODEL_FIELDS,
        "Model has {} fields: {fields:?}",
        fields.len()
    );
    let settings = fields.iter().find(|(name, _)| name == "settings");
    assert_eq!(
        settings.map(|(_, ty)| ty.as_str()),
        Some("ReadSignal<Valid>"),
        "the settings, read-only"
    );
    let planted = "pub struct Model {\n    pub settings: RwSignal<Valid>,\n    // b: not one\n    c: Vec<(u8, u8)>,\n}\n";
    assert_eq!(
        struct_fields(planted, "Model"),
        [
            ("settings".to_string(), "RwSignal<Valid>".to_string()),
            ("c".to_string(), "Vec<(u8,u8)>".to_string())
        ]
    );
}
