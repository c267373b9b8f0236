// Shared set-up for the browser tests: serve dist/ from a sub-path on
// loopback, drive Debian's Chromium headless, and read figures off the page.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { before, after } from "node:test";
import { execFileSync } from "node:child_process";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DIST = path.resolve(here, "../../dist");
export const ARTIFACTS = path.resolve(here, "artifacts");

/** Every file under dist/ (its JS snippets' folder too), by its path there. */
export function distFiles() {
  return fs
    .readdirSync(DIST, { recursive: true })
    .filter((name) => fs.statSync(path.join(DIST, name)).isFile())
    .sort();
}
// A deep sub-path proves the build uses relative URLs only.
/** Every question, in the order the page asks them (DEFINITIONS §12). */
export const QUESTIONS = ["moved", "modulo", "busiest", "failover", "between", "copy-hours"];

/**
 * Whether `text` states `form` (a figure as the page writes it: "773",
 * "77.3%", "5.9 h") on its own, not as part of a longer number or a
 * percentage.
 */
export function states(text, form) {
  const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // A count is not the percentage of the same digits ("228" in "228%").
  const after = form.endsWith("%") ? "" : "|%";
  return new RegExp(`(^|[^\\d.,])${escaped}(?!\\d|[.,]\\d${after})`).test(text);
}

export const PREFIX = "/courses/distributed-systems/ring/";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".json": "application/json",
};

/**
 * Serve dist/ (and this folder's fixtures under /fixtures/) on a free port.
 * `isolated` adds the headers that make the page cross-origin isolated, which
 * gives performance.now() microsecond resolution for the benchmark; `gzip`
 * sends every file gzip-encoded; `root` serves another built copy; `policy`
 * is a Content-Security-Policy header the host adds to the page's own.
 */
export async function serve({ isolated = false, gzip = false, root = DIST, policy } = {}) {
  const gzipped = new Map();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, "http://localhost");
    let file;
    if (url.pathname.startsWith(PREFIX)) {
      file = path.join(root, decodeURIComponent(url.pathname.slice(PREFIX.length)) || "index.html");
    } else if (url.pathname.startsWith("/fixtures/")) {
      file = path.join(here, decodeURIComponent(url.pathname));
    }
    if (file && file.endsWith(path.sep)) file = path.join(file, "index.html");
    if (!file || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end("not found");
      return;
    }
    const headers = { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" };
    if (policy && file.endsWith(".html")) headers["content-security-policy"] = policy;
    if (isolated) {
      headers["cross-origin-opener-policy"] = "same-origin";
      headers["cross-origin-embedder-policy"] = "require-corp";
    }
    // `gzip`: encoded as a static host would serve it, for the network profile.
    if (gzip && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) {
      if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
      headers["content-encoding"] = "gzip";
      response.writeHead(200, headers);
      response.end(gzipped.get(file));
      return;
    }
    response.writeHead(200, headers);
    fs.createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, base: origin + PREFIX, close: () => new Promise((r) => server.close(r)) };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Open the page with a query and wait until the WASM has rendered figures.
 * Records every request to another origin and every console error.
 */
export async function open(browser, served, query = "", options = {}) {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    deviceScaleFactor: options.scale ?? 1,
    colorScheme: options.colorScheme ?? "light",
    // Still, so a redraw is its end state at once; `motion` lets the change play.
    reducedMotion: options.motion ? "no-preference" : "reduce",
    // For tests that inject axe: the page's CSP forbids inline scripts.
    bypassCSP: options.bypassCSP ?? false,
    // A touch screen: `(pointer: coarse)` holds, as on a phone.
    hasTouch: options.hasTouch ?? false,
  });
  // A script run in every frame before the page's own (e.g. a listener).
  if (options.init) await context.addInitScript(options.init);
  // A reader who has already answered every question in this tab (or, with
  // `answered: ["moved"]`, only those named): the page tells them at once
  // instead of asking first.
  if (options.answered) {
    const ids = Array.isArray(options.answered) ? options.answered : QUESTIONS;
    await context.addInitScript((ids) => ids.forEach((id) => sessionStorage.setItem(`ringcount:asked:${id}`, "yes")), ids);
  }
  // Every wait is for a condition; on a busy machine a condition can take
  // far longer than on an idle one, and the test's own 4 minutes bound it.
  context.setDefaultTimeout(90000);
  const page = await context.newPage();
  const foreign = [];
  const errors = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.origin !== served.origin) foreign.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(served.base + query);
  // The first screen: a panel built (the ring on the full page, or the one embedded).
  // Not one written before the app (`data-early`): the tests act on the app.
  await page.waitForSelector(options.ready ?? ".panel-slot:not(.waiting):not([data-early]) section.panel", { timeout: 90000 });
  // Panels are built as they come near the viewport; most tests want every
  // panel's controls to exist, so scroll through once (`lazy` skips this).
  if (!options.lazy) await buildAll(page);
  // Every test fails on a request to another origin or a panic, checked when it closes the page.
  const close = async () => {
    await context.close();
    if (foreign.length) throw new Error(`requests left the page's origin: ${foreign.join(", ")}`);
    // A Rust panic surfaces as a wasm trap: no test may pass over one.
    const panics = errors.filter((e) => /RuntimeError|panicked/.test(e));
    if (panics.length) throw new Error(`the page panicked: ${panics.join("; ")}`);
  };
  return { page, foreign, errors, close };
}

/**
 * Wait until the app has taken over from the static shell and the first
 * screen (`data-app="ready"` on the root), in a page or a frame, and has
 * painted once since.
 */
export async function appReady(target) {
  await target.waitForFunction(() => document.documentElement.dataset.app === "ready");
  await target.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Scroll through the page until every panel is built, then back to the top.
 * Panels out of view afterwards hold their figures until revealed.
 */
export async function buildAll(page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    for (let i = 0; i < 100; i++) {
      const waiting = document.querySelector(".panel-slot.waiting");
      if (!waiting) break;
      waiting.scrollIntoView();
      await frame();
      await frame();
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => !document.querySelector(".panel-slot.waiting"), null, { timeout: 90000 });
}

/**
 * Which panel shows each `data-figure`, from the model's one table of figures
 * (`oracle --figure-panels`, `model::figure_id`): read once, when first asked.
 */
let figurePanels;
function figurePanel(name) {
  figurePanels ??= JSON.parse(
    execFileSync("cargo", ["run", "--quiet", "-p", "oracle", "--", "--figure-panels"], { encoding: "utf8" }),
  );
  return figurePanels[name];
}

/**
 * Scroll a panel into view and wait until it is built and caught up: a
 * panel out of view holds its last figures (data-stale="yes") until then.
 */
/**
 * Choose preset `id` in the settings, opening its list first (it is closed,
 * one tap away, so the controls stay at the column's top).
 */
export async function choosePreset(page, id) {
  const list = page.locator(".presets details");
  if (!(await list.evaluate((details) => details.open))) await list.locator("summary").click();
  await page.locator(`a[data-preset="${id}"]`).click();
}

export async function reveal(page, panel) {
  await page.waitForSelector(".panel-slot:not([data-early])", { state: "attached", timeout: 90000 }); // the app is up
  const slot = page.locator(`[data-panel="${panel}"]`);
  if (!(await slot.count())) return; // a page that does not show it
  // Scrolled to until it is built: the page may still be placing the
  // reader as the app arrives (the claims kept where they were).
  await page.waitForFunction(
    (panel) => {
      const slot = document.querySelector(`[data-panel="${panel}"]`);
      const rect = slot?.getBoundingClientRect();
      if (rect && (rect.bottom <= 0 || rect.top >= innerHeight)) slot.scrollIntoView();
      return slot && !slot.classList.contains("waiting") && slot.dataset.stale === "no" && slot.querySelector("section");
    },
    panel,
    { timeout: 90000 },
  );
  // Its closed parts opened, as a reader who came for them would.
  await slot.evaluate((slot) => slot.querySelectorAll("details.fold:not([open])").forEach((fold) => { fold.open = true; }));
}

/**
 * Panels whose figures come from the worker mark the address they were
 * measured for: until it is the page's, they show the last address's.
 */
const MEASURED_FOR = { failure: "#failure-figures" };

/** Reveal the panel that shows `name`, and wait until its figures are for this address. */
async function revealFigure(page, name) {
  const panel = figurePanel(name);
  if (!panel) return;
  await reveal(page, panel);
  if (MEASURED_FOR[panel]) await waitForCurrent(page, MEASURED_FOR[panel]);
}

export async function figure(page, name) {
  await revealFigure(page, name);
  return (await page.locator(`[data-figure="${name}"]`).first().textContent()).trim();
}

/** Wait until a figure reads `expected` (the page recomputes after input). */
export async function waitForFigure(page, name, expected) {
  await revealFigure(page, name);
  await page.waitForFunction(
    ([name, expected]) => document.querySelector(`[data-figure="${name}"]`)?.textContent.trim() === expected,
    [name, expected],
    { timeout: 90000 },
  );
}

/** Loads table as {name: {before, after}}. */
export async function loads(page) {
  await reveal(page, "loads");
  return page.$$eval("tr[data-server]", (rows) =>
    Object.fromEntries(
      rows.map((row) => [
        row.dataset.server,
        { before: Number(row.dataset.before), after: Number(row.dataset.after) },
      ]),
    ),
  );
}

/** Claims as {id: "yes" | "no"}, once they are judged for the current address. */
export async function claims(page) {
  await reveal(page, "claims");
  await waitForCurrent(page, "#claims");
  return page.$$eval("#claims tr[data-claim]", (rows) =>
    Object.fromEntries(rows.map((row) => [row.dataset.claim, row.dataset.held])),
  );
}

export function artifact(name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, name);
}

/**
 * One server and one browser for a whole test file, started before its
 * first test and closed after its last: `const env = sharedBrowser();`
 * then `env.browser` and `env.served` inside tests.
 */
export function sharedBrowser() {
  const env = {};
  before(async () => {
    env.served = await serve();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.served?.close();
  });
  return env;
}

/**
 * The native model's figures for a query (`cargo run -p oracle -- QUERY`), to check
 * the WASM page against: figures, loads, claims, every scheme's row and the
 * list of panels. Cached: each query is measured once per test file.
 */
const nativeCache = new Map();
export function nativeFigures(query, options = []) {
  const args = [...options, query];
  const cacheKey = JSON.stringify(args);
  if (!nativeCache.has(cacheKey)) {
    const out = execFileSync("cargo", ["run", "--quiet", "-p", "oracle", "--", ...args], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
    nativeCache.set(cacheKey, JSON.parse(out));
  }
  return nativeCache.get(cacheKey);
}

/**
 * Waits until `#id[data-for]` was measured for the current address and
 * keys: `data-for` is the address, and with the reader's own keys in use
 * `&yours=` and their id (never in the address bar).
 */
export async function waitForCurrent(page, selector) {
  await page.waitForFunction((selector) => {
    let measured = document.querySelector(selector)?.dataset.for;
    if (!measured) return false;
    const yours = document.querySelector("[data-keys-source]")?.dataset.keysId;
    const tail = yours ? `&yours=${yours}` : null;
    if (tail) {
      if (!measured.endsWith(tail)) return false;
      measured = measured.slice(0, -tail.length);
    } else if (measured.includes("&yours=")) {
      return false;
    }
    return location.search.slice(1).startsWith(measured);
  }, selector, { timeout: 90000 }).catch(async (error) => {
    // Say what the page showed instead, so a timeout can be told apart from a wrong address.
    const seen = await page.evaluate((selector) => ({
      address: location.search,
      measuredFor: document.querySelector(selector)?.dataset.for ?? "(no element or no data-for)",
      slots: [...document.querySelectorAll(".panel-slot")].map(
        (slot) => `${slot.dataset.panel}:${slot.className}:${slot.dataset.stale}`).join(" "),
    }), selector).catch(() => "(page gone)");
    throw new Error(`${selector} never caught up: ${JSON.stringify(seen)}\n${error.message}`);
  });
}

/**
 * A table of placements as {id: {moved, "moved-between", busiest, quietest,
 * their names and cells' text, entries, and under down= the down hooks}},
 * once current: the schemes panel's, or the systems panel's.
 */
export async function schemeRows(page, panel = "schemes") {
  await reveal(page, panel);
  await waitForCurrent(page, `#${panel}-table`);
  return page.$$eval(`#${panel}-table tr[data-scheme]`, (rows) =>
    Object.fromEntries(
      rows.map((row) => [
        row.dataset.scheme,
        {
          moved: Number(row.dataset.moved),
          "moved-between": Number(row.dataset.movedBetween),
          busiest: Number(row.dataset.busiest),
          quietest: Number(row.dataset.quietest),
          "busiest-name": row.dataset.busiestName,
          "quietest-name": row.dataset.quietestName,
          // The cells as the reader sees them: a name, its keys and, with
          // weights, its fair share and the ratio.
          "busiest-text": row.querySelector('[data-end="busiest"]').textContent.trim(),
          "quietest-text": row.querySelector('[data-end="quietest"]').textContent.trim(),
          entries: Number(row.dataset.entries),
          // Under down= (DEFINITIONS §19), what the row does then.
          ...(row.dataset.downMoved === undefined ? {} : {
            "down-moved": Number(row.dataset.downMoved),
            "down-moved-between": Number(row.dataset.downMovedBetween),
            "down-failed": Number(row.dataset.downFailed),
            "down-to-down": Number(row.dataset.downToDown),
            "down-round-robin": Number(row.dataset.downRoundRobin),
            "removed-moved": Number(row.dataset.removedMoved),
            "removed-moved-between": Number(row.dataset.removedMovedBetween),
            "down-differs": row.dataset.downDiffers,
          }),
        },
      ]),
    ),
  );
}
