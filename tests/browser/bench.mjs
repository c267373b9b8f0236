// Browser benchmark: the page's own code path in headless Chromium, timed by
// the performance.measure entries the page records (src/app/timing.rs), at
// the default settings and the largest the controls allow. Also reads the
// native criterion results and the gzipped size of dist/, and writes
// BENCHMARKS.md. Run it with `./dev bench`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { serve, launch, open, artifact, DIST, distFiles } from "./harness.mjs";
import { millionLineLog } from "./logs.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const STEPS = Number(process.env.BENCH_STEPS ?? 40);
// Loads per setting under 4× CPU, their steps pooled: one load's steps at
// the largest moved its median by 2–3 ms from the next load's.
const THROTTLED_LOADS = Number(process.env.BENCH_THROTTLED_LOADS ?? 3);

const largestServers = Array.from({ length: 49 }, (_, i) => `node-${i + 1}`).join(",");
const SIZES = [
  { label: "default (4 + 1 servers, 200 points, 1,000 keys)", query: "", points: 200, keys: 1000 },
  {
    label: "largest (49 + 1 servers, 500 points, 100,000 keys)",
    query: `?servers=${largestServers}&add=node-50&points=500&keys=100000&first=0&hash=fnv1a-fold`,
    points: 500,
    keys: 100000,
  },
];

const median = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const best = (xs) => (xs.length ? Math.min(...xs) : NaN);
const worst = (xs) => (xs.length ? Math.max(...xs) : NaN);
const ms = (x) => (Number.isFinite(x) ? (x < 1 ? x.toFixed(3) : x.toFixed(2)) : "—");

/** In the page: drag a range input through `values`, one input event every `gap` ms. */
async function drag(page, selector, values, gap) {
  return page.evaluate(
    async ({ selector, values, gap }) => {
      // How long a panel may take to catch up before it is recorded as never.
      const CATCH_UP_LIMIT_MS = 30000;
      performance.clearMeasures();
      const dragStart = performance.now();
      const input = document.querySelector(selector);
      // The sliders move over stops; values count back from the current one.
      const start = Number(input.value);
      let lastDispatch = 0;
      for (const value of values.map((back) => Math.max(0, start - back))) {
        lastDispatch = performance.now();
        input.value = String(value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        await new Promise((r) => setTimeout(r, gap));
      }
      // Let go, as a pointer does: the slider says `change` once.
      input.dispatchEvent(new Event("change", { bubbles: true }));
      // Time from the last input until the ring is drawn for it: what the
      // reader at the top of the page waits for.
      const last = performance.now();
      await new Promise((resolve) => {
        // A step runs from its input (marked as the event is handled) to the ring drawn.
        const check = () => {
          const drawn = performance.getEntriesByName("ringcount:step").some((e) => e.startTime >= lastDispatch);
          // An input that changed nothing draws nothing: do not wait for it forever.
          if (drawn || performance.now() - last > 3000) resolve();
          else setTimeout(check, 2);
        };
        check();
      });
      const ringReady = performance.now() - last;
      // Then scroll to the claims (out of view during the drag, so held) and
      // time how long they take to catch up.
      const scrolled = performance.now();
      document.querySelector('[data-panel="claims"]').scrollIntoView();
      await new Promise((resolve) => {
        const check = () => {
          const table = document.querySelector("#claims");
          if (table?.dataset.for && location.search.slice(1).startsWith(table.dataset.for)) resolve();
          // A panel that never catches up is recorded as such (Infinity), not waited on for ever.
          else if (performance.now() - scrolled > CATCH_UP_LIMIT_MS) resolve();
          else setTimeout(check, 2);
        };
        check();
      });
      const claimsReady = performance.now() - scrolled > CATCH_UP_LIMIT_MS ? Infinity : performance.now() - scrolled;
      const caughtUp = performance.now();
      // Then the deployed systems (DEFINITIONS §15): their set-up (Maglev's
      // 65,537-row tables, nginx's CRC chains) is the worker's, and the
      // page only shows the rows.
      document.querySelector('[data-panel="systems"]').scrollIntoView();
      await new Promise((resolve) => {
        const check = () => {
          const table = document.querySelector("#systems-table");
          if (table?.dataset.for && location.search.slice(1).startsWith(table.dataset.for)) resolve();
          else if (performance.now() - caughtUp > CATCH_UP_LIMIT_MS) resolve();
          else setTimeout(check, 2);
        };
        check();
      });
      const systemsReady = performance.now() - caughtUp > CATCH_UP_LIMIT_MS ? Infinity : performance.now() - caughtUp;
      const systemsShown = performance.now();
      window.scrollTo(0, 0);
      const schemesTable = document.querySelector("#schemes-table");
      const schemesCurrent = true;
      await new Promise((r) => setTimeout(r, 300)); // let the chart finish
      const entries = {};
      for (const entry of performance.getEntriesByType("measure")) {
        (entries[entry.name] ??= []).push(entry.duration);
      }
      // Long tasks arrive after the fact, so one from the page's loading can be
      // reported during the drag: only those that began during it count.
      const tasks = window.__longTasks.filter((task) => task.start >= dragStart && task.start < scrolled);
      const longTasks = tasks.map((task) => task.duration);
      // And while the claims catch up, from the scroll until they are current.
      const catchingUp = window.__longTasks.filter((task) => task.start >= scrolled && task.start < caughtUp);
      const catchUpTasks = catchingUp.map((task) => task.duration);
      // What filled each long task: the page's own measures that overlap it.
      const fill = (task) => {
        const within = {};
        for (const entry of performance.getEntriesByType("measure")) {
          const overlap = Math.min(entry.startTime + entry.duration, task.start + task.duration) - Math.max(entry.startTime, task.start);
          if (overlap > 0 && entry.name !== "ringcount:step") {
            within[entry.name] = (within[entry.name] ?? 0) + overlap;
          }
        }
        const top = Object.entries(within).sort((a, b) => b[1] - a[1]).slice(0, 3);
        return `${task.duration.toFixed(0)} ms: ${top.map(([n, t]) => `${n.replace("ringcount:", "")} ${t.toFixed(0)}`).join(", ") || "no page measure (rendering, style, layout)"}`;
      };
      const filledBy = tasks.map(fill);
      const catchUpFilledBy = catchingUp.map(fill);
      const systemsTasks = window.__longTasks
        .filter((task) => task.start >= caughtUp && task.start < systemsShown)
        .map((task) => task.duration);
      return { entries, claimsReady, systemsReady, systemsTasks, ringReady, schemesCurrent, longTasks, catchUpTasks, filledBy, catchUpFilledBy, isolated: window.crossOriginIsolated };
    },
    { selector, values, gap },
  );
}

async function measureSize(browser, served, size, throttle = 1) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
    // When the first figure is on screen, in ms after navigation began: the
    // ring's caption, "echo joins: 205 keys changed owner" (the headline
    // asks a question first).
    const watch = () => {
      if (/\d/.test(document.querySelector("[data-caption]")?.textContent ?? "")) {
        window.__firstFigures = performance.now();
      } else {
        requestAnimationFrame(watch);
      }
    };
    requestAnimationFrame(watch);
  });
  const page = await context.newPage();
  if (throttle > 1) {
    // As mobile profiles do: the page's CPU slowed `throttle` times.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  }
  const loadStart = Date.now();
  await page.goto(served.base + size.query);
  await page.waitForFunction(() => document.querySelector(".panel-slot:not(.waiting) #ring canvas")
    && /\d/.test(document.querySelector("[data-caption]")?.textContent ?? ""), null, { timeout: 60000 });
  const firstLoad = Date.now() - loadStart;
  // Drag the points slider down and back up, one step per frame.
  // One to ten stops below the setting and back: at the largest 450, 400 … 100.
  const pointValues = Array.from({ length: STEPS }, (_, i) => 1 + (i % 10));
  const points = await drag(page, "#points-range", pointValues, 16);
  // Drag the key slider: keys change, rings are reused.
  const keyValues = Array.from({ length: Math.min(STEPS, 20) }, (_, i) => 1 + (i % 5));
  const keys = await drag(page, "#keys-range", keyValues, 16);
  const firstFigures = await page.evaluate(() => window.__firstFigures);
  const baseline = throttle > 1 ? null : await againstBaseline(page, served, size);
  await context.close();
  // Let the closed page's renderer wind down (freeing a 100,000-key page is
  // real work on 2 cores) before the next measurement starts.
  await new Promise((r) => setTimeout(r, 2000));
  const e = points.entries;
  const core = (e["ringcount:rings"] ?? []).map((r, i) => r + (e["ringcount:snapshot"]?.[i] ?? 0));
  const keyCore = (keys.entries["ringcount:keys"] ?? []).map((k, i) => k + (keys.entries["ringcount:snapshot"]?.[i] ?? 0));
  return {
    label: size.label,
    firstLoad,
    core,
    keyCore,
    rings: e["ringcount:rings"] ?? [],
    snapshot: e["ringcount:snapshot"] ?? [],
    keysOnly: keys.entries["ringcount:keys"] ?? [],
    isolated: points.isolated,
    ring: e["ringcount:draw-ring"] ?? [],
    loadsChart: e["ringcount:draw-loads-chart"] ?? [],
    step: e["ringcount:step"] ?? [],
    claimsReady: points.claimsReady,
    claimsAll: [points.claimsReady],
    systemsReady: points.systemsReady,
    systemsTasks: [...points.systemsTasks, ...keys.systemsTasks],
    schemesCurrent: points.schemesCurrent,
    schemesChart: e["ringcount:draw-schemes-chart"] ?? [],
    longTasks: [...points.longTasks, ...keys.longTasks],
    catchUpTasks: [...points.catchUpTasks, ...keys.catchUpTasks],
    filledBy: [...points.filledBy, ...keys.filledBy],
    catchUpFilledBy: [...points.catchUpFilledBy, ...keys.catchUpFilledBy],
    ringReady: points.ringReady,
    baseline,
    firstFigures,
  };
}

/** Several loads of one setting as one: every array (steps, long tasks) pooled, the rest from the first. */
function pooled(runs) {
  const out = { ...runs[0], loads: runs.length };
  for (const [name, value] of Object.entries(runs[0])) {
    if (Array.isArray(value)) out[name] = runs.flatMap((run) => run[name]);
  }
  return out;
}

/**
 * The same full recompute (hash the keys, build both rings, owners, both
 * counts, modulo, loads) by the WASM page and by the plain-JavaScript
 * baseline in fixtures/baseline.js, in the same page and run. The WASM side
 * is timed on a hash switch, which rebuilds all of it; the baseline is
 * checked against the page's figures first.
 */
async function againstBaseline(page, served, size) {
  await page.addScriptTag({ url: `${served.origin}/fixtures/baseline.js` });
  return page.evaluate(async ({ runs, settle }) => {
    // Panels out of view hold older figures: bring the ones read here up to date.
    for (const panel of ["moved", "modulo", "loads"]) {
      document.querySelector(`[data-panel="${panel}"]`).scrollIntoView();
      await new Promise((resolve) => {
        const check = () => {
          const slot = document.querySelector(`[data-panel="${panel}"]`);
          if (slot.dataset.stale === "no" && !slot.classList.contains("waiting")) resolve();
          else setTimeout(check, 5);
        };
        check();
      });
    }
    window.scrollTo(0, 0);
    const params = new URLSearchParams(location.search);
    const settings = {
      servers: params.get("servers").split(","),
      join: params.get("add"),
      leave: params.get("remove"),
      points: Number(params.get("points")),
      keys: Number(params.get("keys")),
      first: Number(params.get("first")),
      hash: params.get("hash"),
    };
    const figure = (name) => document.querySelector(`[data-figure="${name}"]`).textContent.trim();
    const figures = window.ringcountBaseline.measure(settings);
    const pageLoads = Object.fromEntries([...document.querySelectorAll("tr[data-server]")].map(
      (r) => [r.dataset.server, { before: Number(r.dataset.before), after: Number(r.dataset.after) }]));
    const agrees = String(figures.moved) === figure("moved")
      && String(figures.movedArc) === figure("moved-arc")
      && String(figures.moduloMoved) === figure("modulo-moved")
      && JSON.stringify(figures.loads) === JSON.stringify(pageLoads);
    const js = [];
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      window.ringcountBaseline.measure(settings);
      js.push(performance.now() - start);
    }
    // WASM: switch the hash back and forth; each switch rebuilds keys, rings,
    // the modulo count and the snapshot.
    const select = document.querySelector("#hash");
    const wasm = [];
    for (let run = 0; run < runs; run++) {
      performance.clearMeasures();
      select.value = run % 2 ? "fnv1a-fold" : "fnv1a-murmur";
      select.dispatchEvent(new Event("change", { bubbles: true }));
      // Each on a settled page: 30 ms after the last switch at the largest,
      // that switch's redraw (and the garbage of its 100,000-key image)
      // could still be under way and land in this one's timing.
      await new Promise((r) => setTimeout(r, settle));
      const sum = (name) => performance.getEntriesByName(name).reduce((t, e) => t + e.duration, 0);
      wasm.push(sum("ringcount:keys") + sum("ringcount:rings") + sum("ringcount:modulo") + sum("ringcount:snapshot"));
    }
    return { agrees, js, wasm };
  }, { runs: size.keys > 10000 ? 15 : 101, settle: size.keys > 10000 ? 250 : 30 });
}

/** Lighthouse's mobile profile: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, 4× CPU. */
const MOBILE_NETWORK = { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
// One load's first paint under 4× CPU ranged over 180–312 ms here, and the
// script-free floor's over 176–324, in one run of thirteen loads each: a
// median of seven moved by 40 ms and more between runs of the same code.
const ARRIVALS = 15;

/**
 * What a reader waits for on arrival, from a cold cache: first contentful
 * paint, the first measured figure on screen, and the layout shift by then,
 * for each of `loads` ({ served, query, options }), the median of ARRIVALS.
 * The loads take turns, one of each per round, with a pause after each for
 * the closed page's renderer to wind down: a slow spell of this noisy
 * machine then falls on every load alike, so they compare within one run.
 */
async function measureArrivals(browser, loads) {
  const runs = loads.map(() => []);
  for (let round = 0; round < ARRIVALS; round++) {
    for (const [index, load] of loads.entries()) {
      runs[index].push(await arriveOnce(browser, load.served, load.query, load.options));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return runs.map((loadRuns) => ({
    fcp: median(loadRuns.map((r) => r.fcp)),
    figure: median(loadRuns.map((r) => r.figure)),
    shift: Math.max(...loadRuns.map((r) => r.shift)),
  }));
}

/** One load from a cold cache. `network` applies Lighthouse's mobile network to a gzip-encoding server. */
async function arriveOnce(browser, served, query, { throttle = 1, network = false, phone = false, paintOnly = false } = {}) {
  const context = await browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    window.__arrival = { shift: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__arrival.shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
    const watch = () => {
      const caption = document.querySelector("[data-caption]")?.textContent ?? "";
      const embedded = document.querySelector("[data-figure]")?.textContent.trim();
      if (/\d/.test(caption) || embedded) window.__arrival.figure = performance.now();
      else requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttle > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  if (network) {
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", MOBILE_NETWORK);
  }
  await page.goto(served.base + query);
  if (paintOnly) await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length, null, { timeout: 60000 });
  else await page.waitForFunction(() => window.__arrival.figure, null, { timeout: 60000 });
  await page.waitForTimeout(300);
  const result = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
    figure: window.__arrival.figure ?? NaN,
    shift: window.__arrival.shift,
  }));
  await context.close();
  return result;
}

/**
 * The page's own HTML with every script taken out, in a folder of its own:
 * its first paint is the floor for this machine and browser, as nothing on
 * the real page can paint sooner.
 */
function scriptlessCopy() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ringcount-floor-"));
  const html = fs.readFileSync(path.join(DIST, "index.html"), "utf8").replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  fs.writeFileSync(path.join(dir, "index.html"), html);
  return dir;
}

function gzippedDist() {
  const rows = [];
  let total = 0;
  for (const name of distFiles()) {
    const raw = fs.readFileSync(path.join(DIST, name));
    const gz = zlib.gzipSync(raw, { level: 9 }).length;
    total += gz;
    rows.push(`| ${name} | ${(raw.length / 1024).toFixed(1)} KB | ${(gz / 1024).toFixed(1)} KB |`);
  }
  return { rows, total };
}

function nativeResults() {
  const dir = path.join(root, "target/criterion");
  const rows = [];
  if (!fs.existsSync(dir)) return rows;
  const walk = (d, name) => {
    const estimates = path.join(d, "new/estimates.json");
    if (fs.existsSync(estimates)) {
      const data = JSON.parse(fs.readFileSync(estimates, "utf8"));
      const bench = JSON.parse(fs.readFileSync(path.join(d, "new/benchmark.json"), "utf8"));
      rows.push([bench.full_id, data.median.point_estimate]);
      return;
    }
    for (const child of fs.readdirSync(d)) {
      const full = path.join(d, child);
      if (fs.statSync(full).isDirectory() && child !== "report") walk(full, child);
    }
  };
  walk(dir, "");
  return rows.sort();
}

const nanos = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(1)} µs` : `${ns.toFixed(1)} ns`);

/**
 * Read the 1,000,000-line log through the file input, `loads` times, with
 * the CPU slowed `throttle` times: the measurer's own time to read and
 * count it, the time until the page shows its figures, and every
 * main-thread task over 50 ms meanwhile.
 */
async function measureYourKeys(browser, served, loads = 3, throttle = 1) {
  const file = millionLineLog(artifact("million.log"));
  const runs = { read: [], shown: [], tasks: [], throttle };
  for (let load = 0; load < loads; load++) {
    const { page, close } = await open(browser, served, "", { lazy: true });
    if (throttle > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
    }
    await page.fill("[data-keys-field]", "7");
    await page.dispatchEvent("[data-keys-field]", "change");
    await page.evaluate(() => {
      window.benchTasks = [];
      new PerformanceObserver((list) => window.benchTasks.push(...list.getEntries().map((e) => e.duration)))
        .observe({ type: "longtask" });
    });
    const started = Date.now();
    await page.setInputFiles("[data-keys-file]", file);
    await page.waitForSelector('[data-keys-source="yours"]', { timeout: 60000 });
    runs.shown.push(Date.now() - started);
    // Stored for the tab: the last of the work a read sets off. Then two
    // frames, so the frame that shows it is counted, and an idle callback,
    // by which the observer has delivered every task that ended before it.
    await page.waitForFunction(() => performance.getEntriesByName("ringcount:keys-store").length > 0);
    await page.evaluate(() => new Promise((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve)))));
    runs.read.push(Number(await page.getAttribute("[data-keys-source]", "data-read-ms")));
    runs.tasks.push(...(await page.evaluate(() => window.benchTasks)));
    await close();
  }
  return runs;
}

// `BENCH_ROOT=DIR` serves another build (a copy of dist) for a comparison.
const served = await serve({ isolated: true, root: process.env.BENCH_ROOT });
// `BENCH_ONLY=catch-up`: only the largest settings, under 4× CPU (or
// `BENCH_THROTTLE` times), the claims' and systems' catch-up and long tasks
// printed, BENCHMARKS.md untouched: a quick look while working on the worker.
if (process.env.BENCH_ONLY === "your-keys") {
  const browser = await launch();
  try {
    console.log(JSON.stringify(await measureYourKeys(browser, served)));
    console.log(JSON.stringify(await measureYourKeys(browser, served, 3, 2)));
  } finally {
    await browser.close();
    await served.close();
  }
  process.exit(0);
}
if (process.env.BENCH_ONLY === "catch-up") {
  const browser = await launch();
  try {
    for (let load = 0; load < THROTTLED_LOADS; load++) {
      const r = await measureSize(browser, served, SIZES[1], Number(process.env.BENCH_THROTTLE ?? 4));
      console.log(JSON.stringify({
        claimsReady: Math.round(r.claimsReady),
        systemsReady: Math.round(r.systemsReady),
        systemsTasks: r.systemsTasks,
        inputToRing: Number(median(r.step).toFixed(2)),
        dragTasks: r.filledBy,
        catchUpTasks: r.catchUpFilledBy,
      }));
    }
  } finally {
    await browser.close();
    await served.close();
  }
  process.exit(0);
}
const gzipServed = await serve({ gzip: true });
const browser = await launch();
const results = [];
const throttled = [];
const arrival = {};
let yours;
let yoursSlowed;
try {
  process.stderr.write("reading a 1,000,000-line log as your keys…\n");
  yours = await measureYourKeys(browser, served);
  yoursSlowed = await measureYourKeys(browser, served, 3, 2);
  process.stderr.write("measuring arrival: local, 4× CPU, mobile profile, an embedded panel…\n");
  const floorDir = scriptlessCopy();
  const floorServed = await serve({ gzip: true, root: floorDir });
  const slowPhone = { throttle: 4, phone: true };
  const loads = {
    local: { served: gzipServed, query: "" },
    slow: { served: gzipServed, query: "", options: slowPhone },
    mobile: { served: gzipServed, query: "", options: { ...slowPhone, network: true } },
    embedLocal: { served: gzipServed, query: "?embed=1&panel=moved" },
    embed: { served: gzipServed, query: "?embed=1&panel=moved", options: slowPhone },
    floor: { served: floorServed, query: "", options: { ...slowPhone, paintOnly: true } },
  };
  const measured = await measureArrivals(browser, Object.values(loads));
  Object.keys(loads).forEach((name, index) => (arrival[name] = measured[index]));
  await floorServed.close();
  fs.rmSync(floorDir, { recursive: true });
  for (const size of SIZES) {
    process.stderr.write(`benchmarking ${size.label}…\n`);
    results.push(await measureSize(browser, served, size));
  }
  for (const size of SIZES) {
    process.stderr.write(`benchmarking ${size.label} with the CPU throttled 4×…\n`);
    const runs = [];
    for (let load = 0; load < THROTTLED_LOADS; load++) runs.push(await measureSize(browser, served, size, 4));
    throttled.push(pooled(runs));
  }
} finally {
  await browser.close();
  await served.close();
  await gzipServed.close();
}

const [def, big] = results;
const [slowDef, slowBig] = throttled;
const ratio = (r) => median(r.baseline.js) / median(r.baseline.wasm);
const budgetFile = JSON.parse(fs.readFileSync(path.join(here, "size-budget.json"), "utf8"));
const budget = budgetFile.gzipBytes;
const budgetHistory = budgetFile.history;
const brotliTotal = () => distFiles().reduce((t, name) =>
  t + zlib.brotliCompressSync(fs.readFileSync(path.join(DIST, name)), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0);
/** A target checked on a machine about half as fast as this one: met here at about half. */
const half = (what, value, target, unit = "ms") => [
  `${what} ≤ ${target} ${unit} (here ≤ ${target / 2} ${unit}, as the checking machine is about half as fast)`,
  value <= target / 2,
  `${ms(value)} ${unit}`,
];
const checks = [
  half("first figure at 4× CPU, local server", arrival.slow.figure, 1000),
  half("first figure on Lighthouse's mobile profile (150 ms, 1.6 Mbit/s, 4× CPU, gzip)", arrival.mobile.figure, 2000),
  half("an embedded panel's figure at 4× CPU", arrival.embed.figure, 700),
  (([what, met, value]) => [what, met, `${value}; a page of the same HTML without scripts: ${ms(arrival.floor.fcp)} ms`])(
    half("first contentful paint at 4× CPU", arrival.slow.fcp, 500)),
  ["cumulative layout shift ≤ 0.1 on arrival", Math.max(arrival.local.shift, arrival.slow.shift, arrival.mobile.shift) <= 0.1,
    `${Math.max(arrival.local.shift, arrival.slow.shift, arrival.mobile.shift).toFixed(3)}`],
  ["no task over 50 ms during the drags at the default, 4× CPU", slowDef.longTasks.length === 0, `${slowDef.longTasks.length} tasks`],
  ["no task over 50 ms during the drags at the largest, unthrottled", big.longTasks.length === 0, `${big.longTasks.length} tasks`],
  ["no task over 50 ms during the 40-step drag at the largest, 4× CPU", slowBig.longTasks.length === 0,
    `${slowBig.longTasks.length} tasks over ${slowBig.loads} loads${slowBig.longTasks.length ? `, longest ${ms(worst(slowBig.longTasks))} ms` : ""}`],
  ["no task over 50 ms while the claims catch up at the largest, 4× CPU", slowBig.catchUpTasks.length === 0,
    `${slowBig.catchUpTasks.length} tasks over ${slowBig.loads} loads${slowBig.catchUpTasks.length ? `, longest ${ms(worst(slowBig.catchUpTasks))} ms` : ""}`],
  half("the claims caught up after scrolling to them at the largest, 4× CPU (median of the loads)", median(slowBig.claimsAll), 250),
  ["no task over 50 ms while the systems panel catches up at the largest, 4× CPU", slowBig.systemsTasks.length === 0,
    `${slowBig.systemsTasks.length} tasks over ${slowBig.loads} loads${slowBig.systemsTasks.length ? `, longest ${ms(worst(slowBig.systemsTasks))} ms` : ""}`],
  half("input to ring drawn at the largest, 4× CPU, median", median(slowBig.step), 33),
  half("reading and counting a 1,000,000-line log as your keys (median of 3)", median(yours.read), 2000),
  ...[yours, yoursSlowed].map((r) => [
    `no task over 50 ms while a 1,000,000-line log is read and measured${r.throttle > 1 ? `, ${r.throttle}× CPU` : ""}`,
    r.tasks.length === 0,
    `${r.tasks.length} tasks${r.tasks.length ? `, longest ${ms(worst(r.tasks))} ms` : ""}`]),
  ["full recompute at the largest ≥ 8× the JS baseline", ratio(big) >= 8, `${ratio(big).toFixed(1)}×`],
  ["everything the page loads within the size budget", gzippedDist().total <= budget,
    `${(gzippedDist().total / 1024).toFixed(1)} KB gzipped of ${(budget / 1024).toFixed(1)} KB; ${(brotliTotal() / 1024).toFixed(1)} KB brotli`],
];

const baselineRows = results.map((r) =>
  `| ${r.label} | ${ms(median(r.baseline.wasm))} | ${ms(median(r.baseline.js))} | ${ratio(r).toFixed(1)}× | ${r.baseline.agrees ? "yes" : "**no**"} |`);
const size = gzippedDist();
const native = nativeResults();
const nativeRow = (id) => native.find(([n]) => n === id)?.[1];
const lookupOurs = nativeRow("lookup-25000-entries/ringcount (hash key + owner)");
const lookupPeer = nativeRow("lookup-25000-entries/hashring 0.3 (hash key + owner)");
const chromium = browser.version();
const verdict = (value, target) => (value <= target ? "met" : `**not met** (${ms(value)} vs ${ms(target)})`);

const row = (name, xs, target) =>
  `| ${name} | ${ms(median(xs))} | ${ms(best(xs))} | ${ms(worst(xs))} | ${xs.length} | ${target ?? ""} |`;
const table = (r, targets) => [
  "| What (ms) | median | best | worst | runs | target |",
  "|---|---|---|---|---|---|",
  row("core recompute on a points step (rings + owners + both counts + modulo + loads)", r.core, targets.core),
  row("… of which: build both rings", r.rings),
  row("… of which: owners, both counts, modulo, loads", r.snapshot),
  row("core recompute on a key-count step (keys + owners + both counts + modulo + loads)", r.keyCore),
  row("… of which: hash and sort the keys", r.keysOnly),
  row("ring canvas redraw", r.ring),
  row("loads chart redraw", r.loadsChart),
  row("slider step, input to ring drawn", r.step, targets.step),
  row("schemes chart redraw", r.schemesChart),
  `| last input to ring drawn | ${ms(r.ringReady)} | | | 1 | |`,
  `| claims caught up after scrolling to them (held during the drag) | ${ms(r.claimsReady)} | | | 1 | ${targets.claims ?? ""} |`,
  `| longest main-thread task during the drags (Long Tasks API, >50 ms only) | ${r.longTasks.length ? ms(worst(r.longTasks)) : "none"} | | | ${r.longTasks.length} | none over 50 |`,
  `| longest main-thread task while the claims catch up (>50 ms only) | ${r.catchUpTasks.length ? ms(worst(r.catchUpTasks)) : "none"} | | | ${r.catchUpTasks.length} | none over 50 |`,
  `| the systems panel caught up after scrolling to it from the claims | ${ms(r.systemsReady)} | | | 1 | |`,
  `| longest main-thread task while the systems panel catches up (>50 ms only) | ${r.systemsTasks.length ? ms(worst(r.systemsTasks)) : "none"} | | | ${r.systemsTasks.length} | none over 50 |`,
];

const text = `# Benchmarks

Measured by \`./dev bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}; headless Chromium ${chromium}.
The browser figures are read from the \`performance.measure\` entries the page itself records on its
real code path (\`src/app/timing.rs\`) while the benchmark drags the points slider ${STEPS} steps and
the key slider ${Math.min(STEPS, 20)} steps, one input event every 16 ms. There is no benchmark-only path.
The page is served cross-origin isolated (${def.isolated ? "confirmed" : "**not** confirmed"}), so timers resolve to microseconds.

## In the browser: ${def.label}

${table(def, { core: "≤ 0.15", step: "≤ 8" }).join("\n")}

## In the browser: ${big.label}

${table(big, { core: "≤ 3", step: "≤ 33", claims: "≤ 250" }).join("\n")}

Targets: core recompute at the largest size ${verdict(median(big.core), 3)}; at the default ${verdict(median(def.core), 0.15)};
slider step at the largest ${verdict(median(big.step), 33)}; at the default ${verdict(median(def.step), 8)};
the claims caught up within 250 ms of scrolling to them at the largest ${verdict(big.claimsReady, 250)};
long tasks over 50 ms during the drags: ${big.longTasks.length + def.longTasks.length === 0 ? "none, met" : `**${big.longTasks.length + def.longTasks.length}, not met** (longest ${ms(worst([...big.longTasks, ...def.longTasks]))})`}.

## Against plain JavaScript

The same full recompute (hash the keys, build both rings, every owner, both moved counts, modulo,
loads), by the WASM page (timed from its own marks on a hash switch, which rebuilds all of it) and
by \`tests/browser/fixtures/baseline.js\`, the model as a competent JS author would write it (typed
arrays, the built-in numeric sort, binary search; each name prefix hashed once, digits fed as char
codes), loaded into the same page in the same run.
"Same figures" checks the baseline's moved counts, modulo count and loads against the page's.
At the default both sides take a fraction of a millisecond, a few ticks of the 5 µs clock, so
that ratio moves from run to run (2.1× to 3.4× in the runs made while issue 13 was worked on,
each the median of 101 runs a side; 41 before the last of them); at the largest it held between
9.2× and 13.6×. At the largest each side is the median of 15 runs, and each WASM run starts
250 ms after the one before, on a page that has finished redrawing.

| Settings | WASM (ms, median) | JavaScript (ms, median) | JS ÷ WASM | same figures |
|---|---|---|---|---|
${baselineRows.join("\n")}

## Arrival: what a reader waits for

From a cold cache, the files served gzip-encoded, the median of ${ARRIVALS} loads each, taken in turns
(one of each per round, half a second apart, so a slow spell of the machine falls on all alike). The title and the
intro are in the HTML, so they paint before the WASM arrives; the first figure is the ring's
caption with its moved count (the moved count itself, for the embedded panel).

| Load | first contentful paint (ms) | first figure (ms) | layout shift |
|---|---|---|---|
| full page, local, 1280 px | ${ms(arrival.local.fcp)} | ${ms(arrival.local.figure)} | ${arrival.local.shift.toFixed(3)} |
| full page, local, 4× CPU, 390 px | ${ms(arrival.slow.fcp)} | ${ms(arrival.slow.figure)} | ${arrival.slow.shift.toFixed(3)} |
| full page, Lighthouse mobile profile, 390 px | ${ms(arrival.mobile.fcp)} | ${ms(arrival.mobile.figure)} | ${arrival.mobile.shift.toFixed(3)} |
| \`embed=1&panel=moved\`, local | ${ms(arrival.embedLocal.fcp)} | ${ms(arrival.embedLocal.figure)} | ${arrival.embedLocal.shift.toFixed(3)} |
| \`embed=1&panel=moved\`, 4× CPU, 390 px | ${ms(arrival.embed.fcp)} | ${ms(arrival.embed.figure)} | ${arrival.embed.shift.toFixed(3)} |
| the same HTML with its scripts taken out, 4× CPU, 390 px (the floor) | ${ms(arrival.floor.fcp)} | — | ${arrival.floor.shift.toFixed(3)} |

The last row is measured in the same run as the others: nothing on the page can paint before a
page of the same text and style with no scripts at all, so it is what this machine and browser
allow. First paint at 4× CPU took ${(arrival.slow.fcp / arrival.floor.fcp).toFixed(2)}× the floor.

## Targets (issues 18 and 31)

${checks.map(([what, met, value]) => `- ${met ? "met" : "**not met**"}: ${what} (${value})`).join("\n")}

Long tasks during the drags, and which of the page's own measures filled them (the rest is the
browser's rendering, style and layout):

${[["default", def], ["largest", big], ["default, 4× CPU", slowDef], ["largest, 4× CPU", slowBig]].map(([name, r]) =>
  `- ${name}: ${r.filledBy.length ? r.filledBy.join("; ") : "none"}`).join("\n")}

And while the claims caught up after the drag:

${[["default", def], ["largest", big], ["default, 4× CPU", slowDef], ["largest, 4× CPU", slowBig]].map(([name, r]) =>
  `- ${name}: ${r.catchUpFilledBy.length ? r.catchUpFilledBy.join("; ") : "none"}`).join("\n")}

## On a slow phone: the CPU throttled 4×

The same drags with Chromium's CPU throttled 4× (\`Emulation.setCPUThrottlingRate\`, as mobile
profiles do), on ${slowBig.loads} loads of each setting with their steps pooled (${slowBig.step.length} at the largest): one
load's median moved by 2–3 ms from the next load's.

| Settings | slider step, input to ring drawn (median ms) | main-thread tasks over 50 ms | longest |
|---|---|---|---|
${throttled.map((r) => `| ${r.label} | ${ms(median(r.step))} | ${r.longTasks.length} | ${r.longTasks.length ? ms(worst(r.longTasks)) : "—"} |`).join("\n")}

First figures on screen after navigation (local server, unthrottled): ${ms(def.firstFigures)} ms at the
default, ${ms(big.firstFigures)} ms at the largest.

## Your keys: a 1,000,000-line access log

An nginx combined log of 1,000,000 requests over 150,000 image paths (about 120 MB, generated by
\`tests/browser/logs.mjs\`), chosen through the file input with field 7, ${yours.read.length} loads. The
measurer streams the file and counts it off the main thread and hands the list over as bytes; the
page then reads it back, hashes the keys, applies them and stores them for the tab a chunk at a
time, each in a task of its own. The same loads with the CPU slowed 2× stand for the checking
machine.

| What (ms) | median | best | worst | runs | target |
|---|---|---|---|---|---|
${[yours, yoursSlowed].map((r) => {
  const at = r.throttle > 1 ? `, ${r.throttle}× CPU` : "";
  return `| read and counted, in the measurer${at} | ${ms(median(r.read))} | ${ms(best(r.read))} | ${ms(worst(r.read))} | ${r.read.length} | ${r.throttle > 1 ? "≤ 2000" : "≤ 2000 (here ≤ 1000)"} |
| file chosen to figures shown${at} | ${ms(median(r.shown))} | ${ms(best(r.shown))} | ${ms(worst(r.shown))} | ${r.shown.length} | |
| main-thread tasks over 50 ms meanwhile${at} | ${r.tasks.length ? ms(worst(r.tasks)) : "none"} | | | ${r.tasks.length} | none over 50 |`;
}).join("\n")}

## Native (criterion, \`cargo bench\`)

| Benchmark | median |
|---|---|
${native.map(([id, ns]) => `| ${id} | ${nanos(ns)} |`).join("\n")}

Single-key lookup at 25,000 entries, hashing the key included: ${lookupOurs ? nanos(lookupOurs) : "—"} here against ${lookupPeer ? nanos(lookupPeer) : "—"} for the \`hashring\` crate on a ring of the same size, ${lookupOurs && lookupPeer ? `${(lookupPeer / lookupOurs).toFixed(2)}× its rate (target ≥ 2×)` : "not measured"}.

## Size

Everything the page loads, gzipped (level 9): **${(size.total / 1024).toFixed(1)} KB**, against the
ratchet of ${(budget / 1024).toFixed(1)} KB in \`tests/browser/size-budget.json\` (\`./dev test\` enforces it);
${(brotliTotal() / 1024).toFixed(1)} KB with brotli (quality 11).

| File | raw | gzipped |
|---|---|---|
${size.rows.join("\n")}

${size.total <= budget ? "Within the budget." : `**Over the budget** by ${((size.total - budget) / 1024).toFixed(1)} KB.`} (Issue 18 withdrew the 150 KB target of issue 13.)

### What limits the size

Measured by building the page with parts of it removed (the lean build below, wasm gzipped):

- With every panel, control and chart removed, leaving the model, the measurements made after the
  frame, the Leptos runtime and the address handling, the wasm alone is **89.2 KB** and the page
  about 100 KB. That leaves about 50 KB for everything a reader sees.
- What each part added on top (removing one at a time; shared code such as plotters is only
  counted once it is no longer used by anything): the settings controls 15.7 KB, the loads panel
  14.8 KB (two plotters charts), schemes 9.2, failure 9.0, ring 7.5, cost 4.8, prose 2.6, claims
  2.3, rollout 2.0, the phone's quick bar 1.4, moved 1.3, modulo 0.8, the entries table 0.4.
  (Measured before the loads, schemes and ring tables became markup.)
- A typed Leptos view compiles code for each element tree and each reactive closure; 150 KB with
  every panel of issues 9–12 would need the views at a third of their size, or the charts drawn
  without plotters, which the stack rules out.

### Issues 33 and 34: your keys without a long task, verdicts beyond the noise

Recorded by hand while the changes were made. Your keys: the bench's 1,000,000-line log,
adopted with a build that keeps wasm function names (\`data-keep-debug\`, \`data-wasm-opt="0"\` on
the app's link in index.html), Chrome's CPU profile and a trace, unthrottled.

| Change | before → after | kept |
|---|---|---|
| the list crosses from the worker as UTF-8 bytes in a transferred Uint8Array, read back 256 KB a task, instead of one JS string re-encoded into wasm | that task's 35 ms of copying gone; longest task while adopting 54–68 → under 50 ms | yes |
| the ring's circles for the hottest keys found in one pass keeping the n hottest (\`Requests::hottest\`) instead of sorting all 100,000 | 11 ms → under 1 ms | yes |
| the keys hashed and sorted in the task before the one that applies them (\`state::prepare_keys\`) | hashing 100,000 keys, a third of a step's budget, out of the applying task | yes |
| session storage written 64 KB an item, one item per task | one \`setItem\` of the whole 2.4 MB list → one 64 KB item per task | yes |
| the address's \`replaceState\` in a task of its own after each change | up to 16 ms out of the applying task | yes |
| a claim's rule printing a float constant with \`format!\` | the worker 120.8 → 127.2 KB gzipped: the standard float printer; the words now say 5 | no |
| the panels only near the viewport held for the frame that draws a new list (as a drag holds them), caught up in a task of their own (\`Model::hold_near_panels_for_a_frame\`) | probes of 30 loads at 2× CPU: the applying step 33–40 → 17–26 ms; two runs of \`BENCH_ONLY=your-keys\` after it, no task over 50 ms in 6 of 6 loads at 2× (before, 1 in 3 loads had one of 51–68 ms). What remains in the tail is the frame's style, layout and paint of everything that changed | yes |
| a request to the measurer posted in the task after the next frame (\`timing::after_next_frame\`), not in the task that applied the change | traces at 2× CPU: the worker (and a pool thread, 27–45 ms) were busy through the whole of the frame that draws the new list, 39–80 ms, as the worker began measuring 100,000 keys at once; two cores for three busy threads. Alternating loads, 25 each: loads with a task over 50 ms 6 of 25 → 1 of 25. Sent so for every request, the claims' catch-up after a drag at 4× CPU grew (median 484 → about 560 ms, nine loads each), so only a new address waits; the same address asked again (a panel come near) and a slider let go send at once. With that, 20 alternating loads each: 8 of 20 → 0 of 20, and the catch-up medians 484 and about 490 ms | yes |
| \`contain: content\` on panels, so those that did not change are not painted again | the document's paint in a frame, median 3.8 → 1.5 ms; but in 30 alternating loads each (a busy machine), loads with a task over 50 ms were 16 before and 19 after: the frame's length was not its paint | no |
| \`content-visibility: auto\` on built panels, so a frame lays out only what is near | with every panel built, loads with a task over 50 ms 4 of 15 → 1 of 15, but an embedded panel shifted as the app took over and the failure panel's inspector stopped waking after a click on the ring | no |

### Issue 31: the measurements in a worker, the layers as crates

Recorded by hand while the changes were made, each a build of the same page before and after on
this kind of machine (2 cores). Speed: the bench's flow at the largest settings with the CPU
throttled 4×, two loads each (a probe of the same drag as above).

| Change | before → after | kept |
|---|---|---|
| the measurements (failure, schemes, claims, questions, spread chart, the one-key box) in a Web Worker, the slicer deleted | claims caught up after scrolling to them 2,092 and 2,378 → 547 and 580 ms; but input to ring drawn, median, 13.0 and 13.7 → 17.7 and 18.9 ms: the worker began a job at every step of the drag and took a core the drag's frames needed | yes, with the next row |
| the worker measures an address once it has stayed the newest for 40 ms | input to ring drawn 17.7 and 18.9 → 11.9 and 13.8 ms; claims caught up 553 and 615 ms; no task over 50 ms during the drag in one load, one of 55 ms (rendering) in the other, as before the worker | yes |
| the page reads the worker's report with serde_json | the app's wasm 270.8 → 322.6 KB gzipped: serde's reader for these types is 52 KB, so the page reads it with \`JSON.parse\` and a reader per field (\`src/app/from_js.rs\`) | no |
| scheme names, titles and notes as data (\`schemes::ABOUT\`), claim and scheme ids as const lists, the one-key box placed by the worker | the app's wasm 332.1 → 278.3 KB gzipped: it links none of the placing or judging code | yes |
| \`opt-level = 3\` for \`model\` and \`pixels\` (a profile override, replacing \`#[optimize(speed)]\` on a dozen loops) against \`"z"\` | first screen 55.2 → 62.7 KB, app +9.6 KB, worker 72.0 → 88.4 KB gzipped | yes: the issue asks for it; the bytes are in the budget's history |
| "Embed this view" as Leptos components instead of markup wired by id | the app's wasm 278.3 → 283.3 KB gzipped | yes: one way to render what reacts |
| std rebuilt for size (\`-Zbuild-std\`, \`optimize_for_size\`) against the shipped std, same flags otherwise | everything the page loads 500.2 → 460.7 KB gzipped (first screen 71.9 → 62.6, app 299.9 → 283.3, worker 104.8 → 91.2), measured with \`RINGCOUNT_PREBUILT_STD=1 ./dev build\`; only the page's wasm32 build uses it, never the tests', clippy's or the native builds | yes |

### What each change bought (issue 13)

Recorded by hand while the changes were made, each a build of the same page before and after;
\`./dev bench\` re-measures only the current build above.

| Change | wasm gzipped before → after | kept |
|---|---|---|
| Leptos components type-erased (\`--cfg erase_components\`), alone | 277.5 → 249.8 KB | yes |
| std rebuilt for size, panic locations and Debug text left out (\`-Zbuild-std\`, \`optimize_for_size\`, \`-Zlocation-detail=none\`, \`-Zfmt-debug=none\`), together with type erasure | 273.0 → 227.2 KB | yes |
| … and \`panic = immediate-abort\` | 277.5 → 243.7 KB without type erasure | no: a panic would no longer show the banner |
| failure panel's tables and sentences as markup (\`src/markup.rs\`) | 277.5 → 273.1 KB | yes |
| loads and schemes tables as markup | 227.2 → 223.9 KB | yes |
| ring legend and caption as markup | 223.9 → 222.6 KB | yes |
| every reactive closure behind \`Signal::derive\` and event handlers boxed, to share one compiled copy | 273.1 → 274.8 KB | no: larger |
| \`opt-level = "s"\` instead of \`"z"\` with the lean build | 227.5 → 253.3 KB | no |
| wasm-opt \`--converge\`, \`--gufa\` or -Oz twice | within 0.1 KB | no |

And for speed:

| Change | before → after | kept |
|---|---|---|
| canvases learn their width from a ResizeObserver instead of asking mid-update, which forced a layout of the whole page (2.5 ms of the redraw at the largest) | ring redraw 4.2–4.5 → 1.95 ms median | yes |
| the ring no longer redraws when a failure measurement it does not show arrives | two ring redraws per drag step → one | yes |
| thin ticks set in the pixel buffer, one per pixel column of the circle (more cannot show) | part of the above; ticks 0.08 ms of the redraw | yes |
| numbered names hashed in runs of ten that share all but the last digit (one independent FNV step each, no chain) | keys at the largest 1.27 → 1.09 ms with the next row | yes |
| the bucket sort finished by one insertion pass over the array when no bucket is crowded, not a tiny loop per bucket | rings at the largest 0.30 → 0.22 ms; full recompute 1.54 → 1.28 ms | yes |
| the standard library's sort instead of the bucket sort | keys at the largest 1.09 → 4.59 ms (faster natively, 4× slower in wasm) | no |
| the clock read before a measure is built, and \`performance\` looked up once | removes a few microseconds of timing overhead from each measure | yes |
| the ring's dots kept in a layer and repainted only where an owner changed; at more than 2,000 keys the moved-key rings stamped as pixels instead of 2,000 canvas arcs (issue 18) | ring redraw at the largest under 4× CPU 22.6 → 8.9 ms median (40-step points drag, 60 ms apart) | yes |
| the whole crate at \`opt-level = 3\` | ring redraw 15.8 → 8.1 ms at 4× CPU, but the wasm 262 → 404 KB gzipped | no |
| a claim that measures a client again (ketama with the first server at weight 3) places its keys a piece at a time, like the schemes; lookups timed only for the schemes panel (issue 18) | longest deferred slice at the largest 63–68 → 10–11 ms; claims caught up after scrolling 557 → 490 ms | yes |
| client rings (ketama, groupcache) hash each key once for both sides of the change | ketama 51 → 28 ms, groupcache 22 → 13 ms natively at the largest; claims caught up 490 → 460 ms | yes |
| markup regions patched where only text and attribute values changed, not set whole; controls a step does not change not rebuilt (memos; the closed embed dialog follows nothing) | changes per points step 230 → 57; main-thread time of the 40-step drag at the largest under 4× CPU 3.27 → 2.53 s | yes |
| tick pixels worked out once per canvas size; unchanged dots skipped 64 at a time; moved keys found by a byte search | ring redraw at the largest under 4× CPU 9.2 → 6.8 ms median | yes |
| the embed compiling the app's wasm as it arrives (\`WebAssembly.compileStreaming\` from early.js) | embed figure at 4× CPU 422 → 430 ms (median of 15 each, alternating) | no |
| CSS containment on the panels; the legend's counts positioned out of flow | layout per drag step unchanged within the noise | no |
| the loops a step spends its time in compiled for speed (\`#[optimize(speed)]\` behind \`--cfg hot_loops\`) in a page compiled for size: owner walk, moved count, hashing, ring build and sort, the stage, the ring's pixels | full recompute at the largest 5.41 → 3.88 ms unthrottled; input to ring drawn under 4× CPU 16.05 → 13.85 ms (same run, alternating); +3.2 KB gzipped | yes |
| … and \`inline(never)\` on them, so that no caller compiled for size takes their loops in | snapshot at the largest under 4× CPU 7.10 → 7.63 ms: no gain (wasm-opt inlines a function with one caller whatever LLVM was told) | no |
| an embedded moved or modulo panel written first by the small module, as the same markup the app then shows (\`src/snapshot_panels.rs\`) | embed figure at 4× CPU 453 → 335 ms (median of 11, alternating; 535 → 380 in a run of 15); +4.9 KB gzipped | yes |
| the first screen given a frame to paint before the app's files are fetched and compiled | embed figure 380 → 374 ms (median of 15): within the noise | no |
| each key's owner filled arc by arc (the keys an entry claims are one run of the sorted keys) instead of a ring cursor advanced key by key | owners natively at the largest 0.73 → 0.45 ms; snapshot under 4× CPU 5.9–7.0 → 3.8–4.3 ms, input to ring drawn 14.1–17.5 → 11.9–14.0 ms (four alternating drags each) | yes |
| a markup region keeps the nodes its first patch listed, instead of walking them on every patch | the walk was 0.35–0.39 ms of each step's 2.2 ms of patching at the largest under 4× CPU | yes |
| moved-key rings written from buffer offsets with no edge check per pixel when the ring fits | ring redraw at the largest under 4× CPU 5.2–5.6 → 5.2–5.5 ms (five alternating drags each): no gain | no |
| the first screen's script started from early.js as soon as it arrives, not after boot.js | the embed's first contentful paint 352 → 352 ms (median of 11, alternating) | no |
| an embedded entries panel written first by the small module, like moved and modulo (\`src/snapshot_panels.rs\`) | the entries embed's first contentful paint at 4× CPU 780 → 580 ms (median of 11, alternating); +150 bytes gzipped | yes |
| during a drag, a panel near the viewport but not in it holds its figures and catches up when the drag pauses | the 40-step drag at the largest under 4× CPU 1957–2006 → 1729–1814 ms (three alternating drags); the entries panel's changes to the page during it 2,086 → 2; input to ring drawn unchanged, as those panels redrew after the ring; +1 KB gzipped | yes |
| the first screen's wasm compiled from early.js while the page is parsed (\`WebAssembly.compileStreaming\`) | the embed's figure 286 → 261 ms, but its first contentful paint 304 → 312 ms (median of 15): the figure reached the page sooner only because the page's load event, and its layout, came before it; the reader sees it no sooner | no |
| each one-piece claim waits for room for what it cost per key the last time (a slice of its own the first time), and each scheme learns its cost per key on a small first piece (issue 18) | longest deferred slice after scrolling to the claims at the largest 11.3–12.1 → 9.7–9.9 ms; claims caught up 367–378 → 369–381 ms (four alternating loads each) | yes |
| the full page's ring drawing reached through a black-boxed pointer in the first screen's module, so wasm-opt does not inline it into an embed's \`main\` | code compiled before the embed's figure 68,807 → 56,350 bytes (V8's lazy compile events); the full page unchanged | yes |
| an embed's hidden title laid out unseen, so the font loads while the module is on its way | the embed's figure 307 → 335 ms (median of 11, alternating): the main thread is busy from navigation to the figure at 4× CPU, so moving work earlier gains nothing | no |
| one memo per list of rows (the chips' weights, rows keyed by name, the down servers, the current preset) instead of an effect per row reading the settings | a profiled step spent 2.9 ms under 4× CPU taking fifty re-run effects off the settings' subscriber list; input to ring drawn 11.6–12.5 → 10.1–12.3 ms (three alternating loads each); +1.4 KB gzipped | yes |
| no deferred task started during a drag (the work's effect reads the drag's signal), and the dark-theme query asked for once | the message channel, postMessage and onmessage rows (0.3–0.4 ms a step under 4× CPU) and matchMedia (0.12–0.35 ms) left the drag's profile | yes |
| the closing prose and sources laid out only when near (\`content-visibility: auto\` with an intrinsic size) | first paint at 4× CPU 208 → 208 ms, the script-free floor 224 → 208 ms (median of 11, alternating): within the noise | no |
| the closing prose's children not displayed until the app has taken its room and the prose comes within a screen (a class set by early.js, taken off by boot.js; a printout shows it all) | the first paint's layout at 4× CPU 27–41 → 18–25 ms in traces; first paint 236 → 188 ms, first figure 381 → 330 ms (median of 21, alternating) | yes |
| … hidden with \`content-visibility: hidden\` instead | Chromium counted the hidden box as a layout shift of 0.77 across the first screen at 1280 px | no |
| … and boot.js waiting for the first frame before it starts the small module | first paint 188 → 200 ms, first figure 330 → 384 ms (median of 21, alternating): the wait left the main thread idle until the frame | no |
| the inline style sheet cut to the first screen's rules (2.9 KB of the 16 KB), as a probe: the rest would have to load before the small module draws | first paint at 4× CPU 272 → 256 ms (median of 21, alternating): within the noise, and not built | no |
| copysets counted by spreading each replica set with fmix64 (a bijection) and the hot path's bucket sort, instead of a comparison sort compiled for size | the copysets piece at the largest 5.3–12.5 → 1.5–3.8 ms (three loads each); natively 0.9 → 0.8 ms | yes |
| a scheme's moves counted as a piece of its own after a room check (it ran unchecked after the last placing piece), and each scheme's pieces sized to a quarter slice at the dearest rate seen | in the bench's flow at the largest, the longest slice was over 10 ms in 3 of 9 loads before and in none of 6 after. Those before were single pieces on their first run, before the browser had optimised their code: an 11.0 ms placing piece (now smaller), a 12.0 ms ketama set-up and a 17.5 ms claim (both still one piece each) | yes |
| the first screen's files preloaded after the first frame instead of from early.js | first paint 224 → 216 ms, but the first figure 457 → 514 ms locally and 781 → 805 ms on the mobile profile (medians of 13 and 7) | no |
| the first screen's files not preloaded at all (early.js's requests were 10–21 ms of its work under 4× CPU) | first paint 256 → 248 ms, within the noise, but the first figure 414 → 484 ms (median of 15, alternating) | no |
| the whole inline style sheet taken out, as an upper bound for splitting it | the embed's style recalculation before its figure 23.6 → 8.0 ms under 4× CPU, but its first paint 462 → 461 ms (traced, median of 7): a split could win at most that much | no |
| jump hash's claim measured as a Remeasuring claim (its two changes' keys placed a piece at a time); ketama's points hashed once for a server with the same count of digests on both sides; the one-owner claim on the page's own ring at the reader's setting; the failure walk's pieces sized by rate | in the bench's largest flow: the longest claim piece 8.5 → 6.7 ms, ketama's set-up 7.3 → 5.4 ms, the failure walk's pieces 3.6 (9–10 on a first run) → 3–4.5 ms; +870 bytes gzipped | yes |

### What each issue's features cost (from \`tests/browser/size-budget.json\`)

${budgetHistory.map((entry) => `- ${entry}`).join("\n")}
`;
fs.writeFileSync(path.join(root, "BENCHMARKS.md"), text);
process.stdout.write(text);
// ./dev bench shows these on the terminal.
for (const [what, met, value] of checks) process.stderr.write(`${met ? "met    " : "MISSED "} ${what}: ${value}\n`);
