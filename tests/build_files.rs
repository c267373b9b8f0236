//! The build's own programs and pins (`.ci/`, `dev`, `Trunk.toml`) do what
//! their comments say. The page's wasm linker, `.ci/wasm-linker`, is run here
//! with a stand-in for rust-lld that prints the arguments it would link with:
//! wasm-streams' exports must be dropped however rustc passes them, on the
//! command line or in a response file, and nothing else. And each tool's
//! version is written in one place.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A folder with a `rust-lld` in it that prints each argument on a line of
/// its own and, for an `@FILE`, the file's lines in its place, as rust-lld
/// would read them. Written once, before any test here starts a process, so
/// that no child holds it open for writing when it is run ("text file busy").
fn stand_in() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("build_files").join("bin");
        fs::create_dir_all(&dir).unwrap();
        let lld = dir.join("rust-lld");
        let script = "#!/bin/sh\nfor arg in \"$@\"; do\n  case \"$arg\" in\n    @*) cat \"${arg#@}\" ;;\n    *) printf '%s\\n' \"$arg\" ;;\n  esac\ndone\n";
        if fs::read_to_string(&lld).ok().as_deref() != Some(script) {
            fs::write(&lld, script).unwrap();
        }
        fs::set_permissions(&lld, fs::Permissions::from_mode(0o755)).unwrap();
        dir
    })
}

/// A folder of this test's own, emptied.
fn scratch(name: &str) -> PathBuf {
    stand_in();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("build_files")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// `.ci/wasm-linker ARGS...`, with the stand-in rust-lld first on the PATH.
fn link(args: &[&str]) -> Output {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![stand_in().to_path_buf()];
    paths.extend(std::env::split_paths(&path));
    Command::new(root().join(".ci/wasm-linker"))
        .args(args)
        .env("PATH", std::env::join_paths(paths).unwrap())
        .output()
        .expect("bash runs .ci/wasm-linker")
}

/// The lines rust-lld was given, or the linker's error.
fn linked(output: Output) -> Vec<String> {
    assert!(
        output.status.success(),
        "the linker failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The arguments rustc passes for one of the page's modules, in short:
/// wasm-streams' classes among the exports, as wasm-bindgen names them.
const ARGS: &[&str] = &[
    "--export",
    "__wbindgen_start",
    "--export",
    "intounderlyingsink_write",
    "--export",
    "__wbg_intounderlyingsource_free",
    "--export",
    "main",
    "--export=intounderlyingbytesource_new",
    "--export=memory_grow",
    "--gc-sections",
    "-O3",
];

/// What rust-lld must be given for `ARGS`.
const KEPT: &[&str] = &[
    "--export",
    "__wbindgen_start",
    "--export",
    "main",
    "--export=memory_grow",
    "--gc-sections",
    "-O3",
];

#[test]
fn the_linker_drops_wasm_streams_exports_from_the_command_line() {
    let mut args = vec!["-flavor", "wasm"];
    args.extend(ARGS);
    args.extend(["-o", "/out/ringcount.wasm"]);
    let mut expected = vec!["-flavor", "wasm"];
    expected.extend(KEPT);
    expected.extend(["-o", "/out/ringcount.wasm"]);
    assert_eq!(linked(link(&args)), expected);
}

#[test]
fn the_linker_drops_wasm_streams_exports_from_a_response_file() {
    // As rustc writes one when the arguments are too long for a command line
    // (rustc_codegen_ssa, back/link.rs, exec_linker): after `-flavor wasm`,
    // one `@FILE`, the file one argument a line, a space or backslash in an
    // argument escaped by a backslash.
    let dir = scratch("response_file");
    let file = dir.join("linker-arguments");
    let escaped = r"/tmp/a\ folder/lib\\x.rlib";
    let mut lines: Vec<&str> = ARGS.to_vec();
    lines.push(escaped);
    fs::write(&file, lines.join("\n") + "\n").unwrap();
    let at_file = format!("@{}", file.display());
    let mut expected = vec!["-flavor", "wasm"];
    expected.extend(KEPT);
    expected.push(escaped);
    assert_eq!(linked(link(&["-flavor", "wasm", &at_file])), expected);
    // rustc's file is left as rustc wrote it.
    assert_eq!(fs::read_to_string(&file).unwrap(), lines.join("\n") + "\n");
}

#[test]
fn the_linker_stops_on_what_it_cannot_filter() {
    let dir = scratch("refused");
    let missing = format!("@{}", dir.join("no-such-file").display());
    let nested = dir.join("nested");
    fs::write(&nested, format!("--export\nmain\n{missing}\n")).unwrap();
    let nested = format!("@{}", nested.display());
    for args in [
        vec!["-flavor", "wasm", missing.as_str()],
        vec!["-flavor", "wasm", nested.as_str()],
        vec!["-flavor", "wasm", "--export"],
        vec!["--export", "main"],
    ] {
        let output = link(&args);
        assert!(!output.status.success(), "{args:?} was linked");
        assert!(output.stdout.is_empty(), "{args:?} reached rust-lld");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.starts_with("wasm-linker: "), "{args:?}: {error}");
    }
}

/// The first `version = "..."` after `[name] = "..."` in a TOML text's lines.
fn version_after(text: &str, name_line: &str) -> String {
    let mut lines = text.lines().skip_while(|line| line.trim() != name_line);
    lines.next().unwrap_or_else(|| panic!("no {name_line}"));
    let line = lines.next().unwrap();
    line.strip_prefix("version = \"")
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap_or_else(|| panic!("{name_line} is followed by {line}"))
        .to_owned()
}

#[test]
fn each_tool_version_is_written_once() {
    let read = |name: &str| fs::read_to_string(root().join(name)).unwrap();
    let (manifest, lock, trunk, dev) = (
        read("Cargo.toml"),
        read("Cargo.lock"),
        read("Trunk.toml"),
        read("dev"),
    );

    // wasm-bindgen: pinned in Cargo.toml, so Cargo.lock holds that version,
    // which Trunk (with no `wasm_bindgen` in Trunk.toml) and ./dev both read.
    let pin = manifest
        .lines()
        .find_map(|line| line.strip_prefix("wasm-bindgen = \"="))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("Cargo.toml pins wasm-bindgen exactly: wasm-bindgen = \"=X.Y.Z\"");
    assert_eq!(version_after(&lock, r#"name = "wasm-bindgen""#), pin);
    assert!(
        !trunk.lines().any(|line| line.starts_with("wasm_bindgen")),
        "Trunk.toml names wasm-bindgen's version: Trunk reads it from Cargo.lock"
    );
    assert!(
        !dev.contains(pin),
        "dev writes wasm-bindgen's version {pin}: it reads Cargo.lock"
    );

    // wasm-opt: written in Trunk.toml alone, which ./dev reads.
    let wasm_opt = trunk
        .lines()
        .find_map(|line| line.strip_prefix("wasm_opt = \"version_"))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("Trunk.toml names wasm-opt's version: wasm_opt = \"version_N\"");
    assert!(
        wasm_opt.parse::<u32>().is_ok(),
        "wasm_opt = \"version_{wasm_opt}\""
    );
    for written in [format!("version_{wasm_opt}"), format!("{wasm_opt}.0.0")] {
        assert!(
            !dev.contains(&written),
            "dev writes wasm-opt's version ({written}): it reads Trunk.toml"
        );
    }
}
