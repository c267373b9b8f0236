// Trunk's post_build hook (the [[hooks]] in Trunk.toml), run on every build,
// `trunk serve` included, on the files in Trunk's staging folder
// (TRUNK_STAGING_DIR) before they reach dist/:
// - Trunk minifies the HTML and CSS, but its JS minifier fails on the
//   module glue wasm-bindgen writes (`export default`) and leaves it whole:
//   terser minifies the glue and the copied scripts (about 2.3 KB gzipped a
//   phone need not fetch); the browser tests run on the result.
// - The style sheet and early.js go into the page itself: each was a round
//   trip the first paint waited for (150 ms on a phone's network), and
//   early.js starts the first screen's downloads. The page's CSP names each
//   by its SHA-256, so no other inline script or style can run.
// terser is the one ./dev installs (its version is dev's TERSER_VERSION).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { createRequire } from "node:module";

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("finish-build.mjs: no TRUNK_STAGING_DIR; Trunk runs this (Trunk.toml's post_build hook)");
  process.exit(1);
}
const tools = process.env.RINGCOUNT_TOOLS || path.join(os.homedir(), ".cache", "ringcount-tools");
const terser = path.join(tools, "terser", "node_modules", "terser");
if (!fs.existsSync(terser)) {
  console.error(`finish-build.mjs: no terser in ${terser}: run ./dev build`);
  process.exit(1);
}
const file = (name) => path.join(dir, name);

// Comments, blank lines and indentation out of a script without multi-line strings.
const trim = (source) => {
  const kept = [];
  let inComment = false;
  for (const line of source.split("\n")) {
    let text = line.trim();
    if (inComment) {
      const end = text.indexOf("*/");
      if (end < 0) continue;
      inComment = false;
      text = text.slice(end + 2).trim();
    }
    if (text.startsWith("/*")) {
      const end = text.indexOf("*/", 2);
      if (end < 0) {
        inComment = true;
        continue;
      }
      text = text.slice(end + 2).trim();
    }
    if (text === "" || text.startsWith("//")) continue;
    kept.push(text);
  }
  return kept.join("\n") + "\n";
};

// The offline copy needs the app's JS snippets too, whose folder is named by a hash.
const snippets = [];
const walk = (folder) => {
  if (!fs.existsSync(file(folder))) return;
  for (const entry of fs.readdirSync(file(folder), { withFileTypes: true })) {
    const name = folder + "/" + entry.name;
    if (entry.isDirectory()) walk(name);
    else snippets.push("./" + name);
  }
};
walk("snippets");
const worker = fs.readFileSync(file("sw.js"), "utf8");
if (!worker.includes("...[],")) throw new Error("sw.js has no place for the snippets");
fs.writeFileSync(file("sw.js"), worker.replace("...[],", "..." + JSON.stringify(snippets) + ","));

// The scripts minified (after the snippets are listed: terser drops an
// empty spread). The service worker is a classic script, the rest modules.
const { minify } = createRequire(import.meta.url)(terser);
const scripts = [
  ["ringcount.js", true],
  ["worker.js", true],
  ["boot.js", true],
  ["measure.js", true],
  ["sw.js", false],
];
const minified = Promise.all(
  scripts.map(async ([name, module]) => {
    const result = await minify(fs.readFileSync(file(name), "utf8"), { module, compress: true, mangle: true });
    fs.writeFileSync(file(name), result.code + "\n");
  }),
);

let html = fs.readFileSync(file("index.html"), "utf8");
const hash = (text) => "'sha256-" + crypto.createHash("sha256").update(text).digest("base64") + "'";
const inline = (pattern, name, tag, directive) => {
  let text = fs.readFileSync(file(name), "utf8");
  text = (tag === "script" ? trim(text) : text).trim();
  if (text.includes("</" + tag)) throw new Error(name + " cannot be inlined: it closes its own tag");
  const before = html;
  html = html.replace(pattern, () => "<" + tag + ">" + text + "</" + tag + ">");
  if (html === before) throw new Error("index.html has no reference to " + name);
  const policy = new RegExp("(" + directive + " 'self')");
  if (!policy.test(html)) throw new Error("the CSP has no " + directive);
  html = html.replace(policy, (all) => all + " " + hash(text));
  fs.unlinkSync(file(name));
};
inline(/<link\b[^>]*\bhref="?\.\/main\.css"?[^>]*>/, "main.css", "style", "style-src");
inline(/<script\b[^>]*\bsrc="?\.\/early\.js"?[^>]*><\/script>/, "early.js", "script", "script-src");
fs.writeFileSync(file("index.html"), html);
// A failed minification fails the hook, and with it the build.
await minified;
