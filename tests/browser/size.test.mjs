// The size ratchet: everything the built page loads, gzipped, stays within
// the committed budget (size-budget.json). Brotli is reported beside it.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { DIST, distFiles } from "./harness.mjs";
import { wasmExports } from "./wasm-crates.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every file in dist/ with its raw, gzip (level 9) and brotli (quality 11) sizes. */
export function measureDist() {
  return distFiles()
    .map((name) => {
      const bytes = fs.readFileSync(path.join(DIST, name));
      return {
        name,
        raw: bytes.length,
        gzip: zlib.gzipSync(bytes, { level: 9 }).length,
        brotli: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    });
}

test("everything the page loads fits the size budget", () => {
  const budget = JSON.parse(fs.readFileSync(path.join(here, "size-budget.json"), "utf8"));
  const files = measureDist();
  assert.ok(files.some((f) => f.name.endsWith(".wasm")), "dist/ has the page's wasm");
  const total = (key) => files.reduce((sum, f) => sum + f[key], 0);
  for (const f of files) console.log(`# ${f.name}: ${f.raw} raw, ${f.gzip} gzip, ${f.brotli} brotli`);
  console.log(`# total: ${total("gzip")} gzip (budget ${budget.gzipBytes}), ${total("brotli")} brotli`);
  assert.ok(
    total("gzip") <= budget.gzipBytes,
    `the page loads ${total("gzip")} bytes gzipped, over the budget of ${budget.gzipBytes}: find the bytes elsewhere, or raise tests/browser/size-budget.json in a commit that says why`,
  );
});

// `.ci/wasm-linker` links the page's wasm leaving out wasm-streams' classes, which
// Leptos links whether a page streams or not (docs/DECISIONS.md, issue 63):
// about 14 KB gzipped in the app and the first screen's module.
test("no module exports wasm-streams' classes, so none carries their code", () => {
  const modules = distFiles().filter((name) => name.endsWith(".wasm"));
  assert.ok(modules.length >= 3, `dist/ has the three modules: ${modules}`);
  for (const name of modules) {
    const exports = wasmExports(fs.readFileSync(path.join(DIST, name)));
    assert.ok(exports.includes("memory"), `${name}'s exports were read (${exports.length})`);
    const streams = exports.filter((e) => /intounderlying/i.test(e));
    assert.deepEqual(streams, [], `${name} exports wasm-streams' ${streams.join(", ")}: was it linked by .ci/wasm-linker?`);
  }
});
