// The code of each WASM module by crate (issue 50's byte breakdown), read
// from the name section of the modules Cargo builds, before wasm-opt drops
// the names: each function's body counted for the crate at the root of its
// Rust (v0-mangled) path; a generic function instantiated for another crate
// counts for the crate at the root of its path. Not gzipped, before
// wasm-opt and without the data (strings): a share of the code, not of the
// bytes served.
//   node tests/browser/wasm-crates.mjs [DIR]   prints the table (of the
//   modules in DIR, another build's target/wasm32-unknown-unknown)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGET = path.resolve(here, "../../target/wasm32-unknown-unknown");

/** The modules, by the name the page's files go by, each under its Cargo profile's directory. */
export const MODULES = [
  ["app", "release/ringcount.wasm"],
  ["worker", "release/worker.wasm"],
  ["first screen", "first-screen/first.wasm"],
];

function leb(bytes, at) {
  let value = 0, shift = 0, byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

/** The names a module exports, read from its export section. */
export function wasmExports(bytes) {
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, body] = leb(bytes, at + 1);
    if (id === 7) {
      const names = [];
      let [count, j] = leb(bytes, body);
      for (let i = 0; i < count; i++) {
        let length;
        [length, j] = leb(bytes, j);
        names.push(Buffer.from(bytes.subarray(j, j + length)).toString());
        // The export's kind (a byte), then its index.
        [, j] = leb(bytes, j + length + 1);
      }
      return names;
    }
    at = body + size;
  }
  return [];
}

/** Function bodies' sizes by function index, and the names section's names. */
function bodies(bytes) {
  let at = 8, imported = 0;
  const sizes = [], names = new Map();
  while (at < bytes.length) {
    const id = bytes[at++];
    let size;
    [size, at] = leb(bytes, at);
    const end = at + size;
    if (id === 2) {
      let count, j = at;
      [count, j] = leb(bytes, j);
      for (let i = 0; i < count; i++) {
        let len;
        [len, j] = leb(bytes, j); j += len;
        [len, j] = leb(bytes, j); j += len;
        const kind = bytes[j++];
        if (kind === 0) { [, j] = leb(bytes, j); imported++; }
        else if (kind === 1) { j++; const flags = bytes[j++]; [, j] = leb(bytes, j); if (flags & 1) [, j] = leb(bytes, j); }
        else if (kind === 2) { const flags = bytes[j++]; [, j] = leb(bytes, j); if (flags & 1) [, j] = leb(bytes, j); }
        else if (kind === 3) j += 2;
      }
    } else if (id === 10) {
      let count, j = at;
      [count, j] = leb(bytes, j);
      for (let i = 0; i < count; i++) {
        let len;
        [len, j] = leb(bytes, j);
        sizes.push(len);
        j += len;
      }
    } else if (id === 0) {
      let len, j = at;
      [len, j] = leb(bytes, j);
      const name = Buffer.from(bytes.subarray(j, j + len)).toString();
      j += len;
      if (name === "name") {
        while (j < end) {
          const sub = bytes[j++];
          let subSize;
          [subSize, j] = leb(bytes, j);
          const subEnd = j + subSize;
          if (sub === 1) {
            let count, k = j;
            [count, k] = leb(bytes, k);
            for (let i = 0; i < count; i++) {
              let index, nameLen;
              [index, k] = leb(bytes, k);
              [nameLen, k] = leb(bytes, k);
              names.set(index, Buffer.from(bytes.subarray(k, k + nameLen)).toString());
              k += nameLen;
            }
          }
          j = subEnd;
        }
      }
    }
    at = end;
  }
  return { sizes, names, imported };
}

/**
 * The crate at the root of a v0-mangled path ("_RNv…Cs…_5model…"), else
 * "wasm-bindgen" for its glue, "other" for the rest, and null for the type
 * descriptions the wasm-bindgen CLI reads and strips before anything ships.
 */
export function crateOf(name) {
  if (name.startsWith("__wbindgen_describe")) return null;
  if (!name.startsWith("_R")) return name.startsWith("__wbindgen") || name.startsWith("__wbg") ? "wasm-bindgen" : "other";
  const match = /C(?:s[0-9A-Za-z]*_)?(\d+)/.exec(name);
  if (!match) return "other";
  const len = Number(match[1]);
  const start = match.index + match[0].length;
  return name.slice(start, start + len);
}

/** Code bytes by crate of the module at `file`, or null if it is not built. */
export function byCrate(file) {
  if (!fs.existsSync(file)) return null;
  const { sizes, names, imported } = bodies(fs.readFileSync(file));
  const crates = new Map();
  sizes.forEach((size, index) => {
    const crate = crateOf(names.get(index + imported) ?? "");
    if (crate) crates.set(crate, (crates.get(crate) ?? 0) + size);
  });
  return crates;
}

/** A markdown table: each crate's share of each module's code, the largest first. */
export function crateTable(target = TARGET) {
  const modules = MODULES.map(([label, file]) => [label, byCrate(path.join(target, file))]).filter(([, c]) => c);
  const totals = modules.map(([, crates]) => [...crates.values()].reduce((a, b) => a + b, 0));
  const all = new Map();
  for (const [, crates] of modules) for (const [crate, size] of crates) all.set(crate, (all.get(crate) ?? 0) + size);
  const kb = (n) => (n / 1024).toFixed(1);
  const rows = [...all.entries()].sort((a, b) => b[1] - a[1]).filter(([, size]) => size >= 2048).map(([crate]) =>
    `| ${crate} | ${modules.map(([, crates], i) => {
      const size = crates.get(crate) ?? 0;
      return size ? `${kb(size)} KB (${((100 * size) / totals[i]).toFixed(0)}%)` : "—";
    }).join(" | ")} |`);
  return [
    `| Crate | ${modules.map(([label]) => label).join(" | ")} |`,
    `|---|${modules.map(() => "---").join("|")}|`,
    ...rows,
    `| all code | ${totals.map(kb).map((k) => `${k} KB`).join(" | ")} |`,
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) console.log(crateTable(process.argv[2]));
