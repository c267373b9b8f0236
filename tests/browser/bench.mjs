// Browser benchmark: the page's own code path in headless Chromium, timed by
// the performance.measure entries the page records (src/app/timing.rs), at
// the default settings and the largest the controls allow. Also reads the
// native criterion results and the gzipped size of dist/, and writes
// BENCHMARKS.md. Run it with `./dev bench`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { crateTable } from "./wasm-crates.mjs";
import { fileURLToPath } from "node:url";
import { serve, launch, open, artifact, DIST, distFiles } from "./harness.mjs";
import { millionLineLog } from "./logs.mjs";
import { measureRingdiff, LOG_LINES, LOG_PATHS } from "./ringdiff-bench.mjs";

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
  // The change played again (issue 48): the gaps between its frames.
  const played = await playChange(page);
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
    playGaps: played.gaps,
    playFrames: [played.frames],
    playSlowFrames: played.gaps.filter((gap) => gap > 50),
  };
}

/**
 * Press "Replay the change" and time the gaps between the page's frames
 * until the animation lands (the drags before it ended the question, so
 * the change can play).
 */
async function playChange(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const canvas = document.querySelector("#ring canvas.ring-canvas");
    const gaps = [];
    let last = null;
    let seen = false;
    const began = performance.now();
    const tick = (now) => {
      if (canvas.getAttribute("data-animating") === "true") {
        seen = true;
        if (last !== null) gaps.push(now - last);
        last = now;
      }
      if ((seen && canvas.hasAttribute("data-animation-end")) || performance.now() - began > 20000) {
        resolve({ gaps, frames: Number(canvas.getAttribute("data-frames") ?? 0) });
        return;
      }
      requestAnimationFrame(tick);
    };
    document.querySelector("#replay-change").click();
    requestAnimationFrame(tick);
  }));
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

/** Loads of each kind for the waits on the mobile profile (issue 50: at least 5). */
const WAIT_LOADS = 5;

/**
 * What a reader on a phone waits for after the first figure (issues 50 and
 * 76), on Lighthouse's mobile profile from a cold cache at 390 px: the points
 * slider and the hash menu answering (`interactive`), the app ready (every
 * control answers: `data-app="ready"`), every claim judged with the reader
 * scrolling to them as soon as the first figure shows, and an embedded
 * claims panel's first and every verdict; with the layout shift of each
 * load. Medians of WAIT_LOADS, the kinds taken in turns, and, given
 * `before` (another build served the same way: BENCH_BEFORE), each kind of
 * that build in the same turn, so both are measured alike.
 */
async function measureWaits(browser, served, before) {
  const kinds = { interactive: "", full: "", embed: "?embed=1&panel=claims" };
  const builds = before ? { now: served, before } : { now: served };
  const runs = Object.fromEntries(Object.keys(builds).map((build) => [build, { interactive: [], full: [], embed: [] }]));
  for (let round = 0; round < WAIT_LOADS; round++) {
    for (const [kind, query] of Object.entries(kinds)) {
      for (const [build, target] of Object.entries(builds)) {
        runs[build][kind].push(await waitOnce(browser, target, query, kind === "interactive"));
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
  const summary = (of) => ({
    interactive: median(of.interactive.map((r) => r.done)),
    // Which module answered the reader, load by load.
    answeredBy: of.interactive.map((r) => r.by),
    ready: median(of.full.map((r) => r.ready)),
    claims: median(of.full.map((r) => r.claims)),
    shift: median(of.full.map((r) => r.shift)),
    embedFirst: median(of.embed.map((r) => r.firstVerdict)),
    embed: median(of.embed.map((r) => r.claims)),
    embedShift: median(of.embed.map((r) => r.shift)),
    loads: WAIT_LOADS,
  });
  const now = summary(runs.now);
  return before ? { ...now, before: summary(runs.before) } : now;
}

/**
 * The layout shift of each panel embedded alone (`embed=1&panel=ID`) on the
 * mobile profile, from a cold cache until the app is ready and every figure
 * it waits for has come (nothing `aria-busy`, no panel waiting): the median
 * of `loads` loads each, in turns.
 */
async function measureEmbedShifts(browser, served, loads = 3) {
  const source = fs.readFileSync(path.join(root, "crates/model/src/panels.rs"), "utf8");
  const panels = [...source.matchAll(/^\s+[A-Z]\w* => "([a-z-]+)", section/gm)].map((m) => m[1]);
  const shifts = Object.fromEntries(panels.map((panel) => [panel, []]));
  for (let round = 0; round < loads; round++) {
    for (const panel of panels) shifts[panel].push((await waitOnce(browser, served, `?embed=1&panel=${panel}`, false, true)).shift);
  }
  return Object.fromEntries(panels.map((panel) => [panel, median(shifts[panel])]));
}

/**
 * A reader who moves the points slider to its first stop (1 point) as
 * soon as one shows, then, once the ring is drawn for it, picks another
 * hash: `done` is when the ring is drawn for both, by the first screen's
 * module (`.first-ring`) or the app's (`.ring-wrap`), whichever shows the
 * controls. Input and change events, as a keyboard sends them.
 */
function moveWhenShown() {
  window.__waits = {};
  const shown = (...selectors) => selectors.map((s) => document.querySelector(s)).find((el) => el?.offsetWidth > 0);
  const move = (control, value) => {
    control.value = value;
    for (const type of ["input", "change"]) control.dispatchEvent(new Event(type, { bubbles: true }));
  };
  const drawn = (points, hash) =>
    document.querySelector(`:is(.first-ring, .ring-wrap)[data-points="${points}"][data-hash="${hash}"]`);
  const step = () => {
    const waits = window.__waits;
    if (!waits.moved) {
      const slider = shown("#early-quick-points-range", "#quick-points-range");
      if (slider) {
        move(slider, "0");
        waits.moved = performance.now();
        waits.by = slider.id.startsWith("early") ? "first screen" : "app";
      }
    } else if (!waits.pointsDrawn) {
      if (drawn(1, "fnv1a-fold")) waits.pointsDrawn = performance.now();
    } else if (!waits.switched) {
      const menu = shown("#early-quick-hash", "#quick-hash");
      if (menu) {
        move(menu, "fnv1a-murmur");
        waits.switched = performance.now();
      }
    } else if (drawn(1, "fnv1a-murmur")) {
      waits.done = performance.now();
      return;
    }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * A reader who goes to the claims as soon as the first figure shows (the
 * ring, or an embed's verdicts) and whenever they are out of view, until
 * judged: when the app is ready, when the first and every verdict show,
 * and the layout shift meanwhile.
 */
function watchArrival() {
  window.__waits = { shift: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__waits.shift += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  const inView = (element) => {
    const rect = element.getBoundingClientRect();
    return rect.bottom > 0 && rect.top < innerHeight;
  };
  const watch = () => {
    const waits = window.__waits;
    const now = performance.now();
    if (!waits.ready && document.documentElement.dataset.app === "ready") waits.ready = now;
    if (!waits.figure && document.querySelector(".first-ring[data-points], .ring-wrap[data-points], #claims tr[data-held]")) waits.figure = now;
    const slot = document.querySelector('[data-panel="claims"]');
    if (waits.figure && !waits.claims && slot && !inView(slot)) slot.scrollIntoView();
    const rows = [...document.querySelectorAll("#claims tr[data-claim]")];
    const busy = document.querySelector("#claims")?.getAttribute("aria-busy") === "true";
    if (!waits.firstVerdict && !busy && rows.some((row) => row.dataset.held)) waits.firstVerdict = now;
    if (!waits.claims && rows.length && !busy && rows.every((row) => row.dataset.held)) waits.claims = now;
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

/**
 * One load on the mobile profile: the reader moving the controls
 * (`interactive`), or going to the claims; `settled`, an embed whose every
 * figure is waited for instead (for its layout shift).
 */
async function waitOnce(browser, served, query, interactive, settled = false) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(interactive ? moveWhenShown : watchArrival);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", MOBILE_NETWORK);
  await page.goto(served.base + query);
  if (interactive) {
    await page.waitForFunction(() => window.__waits.done, null, { timeout: 60000 });
  } else if (settled) {
    await page.waitForFunction(() => window.__waits.ready && !document.querySelector('[aria-busy="true"], .panel-slot.waiting'), null, { timeout: 60000 });
  } else {
    await page.waitForFunction(() => window.__waits.ready && window.__waits.claims, null, { timeout: 60000 });
  }
  // Two frames more, for a shift the last change caused.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const waits = await page.evaluate(() => window.__waits);
  await context.close();
  return waits;
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
process.stderr.write("ringdiff on a 5,000,000-line log, against awk | sort -u…\n");
const ringdiffRun = measureRingdiff(root);
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
      const r = await measureSize(browser, served, SIZES[Number(process.env.BENCH_SIZE ?? 1)], Number(process.env.BENCH_THROTTLE ?? 4));
      console.log(JSON.stringify({
        claimsReady: Math.round(r.claimsReady),
        systemsReady: Math.round(r.systemsReady),
        systemsTasks: r.systemsTasks,
        inputToRing: Number(median(r.step).toFixed(2)),
        dragTasks: r.filledBy,
        catchUpTasks: r.catchUpFilledBy,
        playFrames: r.playFrames,
        playSlowFrames: r.playSlowFrames.map(Math.round),
        playGapMedian: Number(median(r.playGaps).toFixed(1)),
      }));
    }
  } finally {
    await browser.close();
    await served.close();
  }
  process.exit(0);
}
// `BENCH_ONLY=arrival`: only the first figure at 4× CPU on a local server
// (the page and an embed), ARRIVALS loads, printed. With
// `BENCH_ROOTS=DIR,DIR` the builds are loaded in turns, for a comparison.
if (process.env.BENCH_ONLY === "arrival") {
  const browser = await launch();
  const roots = (process.env.BENCH_ROOTS ?? process.env.BENCH_ROOT ?? "").split(",");
  const servers = await Promise.all(roots.map((root) => serve({ gzip: true, root: root || undefined })));
  try {
    const slowPhone = { throttle: 4, phone: true };
    const loads = servers.flatMap((s) => [
      { served: s, query: "", options: slowPhone },
      { served: s, query: "?embed=1&panel=moved", options: slowPhone },
    ]);
    const measured = await measureArrivals(browser, loads);
    roots.forEach((root, index) => console.log(JSON.stringify({
      root: root || "dist",
      page: measured[2 * index].figure,
      embed: measured[2 * index + 1].figure,
    })));
  } finally {
    await browser.close();
    await served.close();
    await Promise.all(servers.map((s) => s.close()));
  }
  process.exit(0);
}
const gzipServed = await serve({ gzip: true, root: process.env.BENCH_ROOT });
// `BENCH_ONLY=waits`: only the waits on the mobile profile, and its first
// figure (ARRIVALS loads), printed.
if (process.env.BENCH_ONLY === "waits") {
  const browser = await launch();
  try {
    const mobile = { served: gzipServed, query: "", options: { throttle: 4, phone: true, network: true } };
    const [arrival] = await measureArrivals(browser, [mobile]);
    const before = process.env.BENCH_BEFORE ? await serve({ gzip: true, root: process.env.BENCH_BEFORE }) : undefined;
    const waits = await measureWaits(browser, gzipServed, before);
    const embeds = await measureEmbedShifts(browser, gzipServed);
    console.log(JSON.stringify({ firstFigure: arrival.figure, shift: arrival.shift, ...waits, embeds }));
    await before?.close();
  } finally {
    await browser.close();
    await served.close();
    await gzipServed.close();
  }
  process.exit(0);
}
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
  process.stderr.write("measuring the waits on the mobile profile: the app, the claims, an embedded claims panel…\n");
  const before = process.env.BENCH_BEFORE ? await serve({ gzip: true, root: process.env.BENCH_BEFORE }) : undefined;
  arrival.waits = await measureWaits(browser, gzipServed, before);
  await before?.close();
  process.stderr.write("measuring each embedded panel's layout shift on the mobile profile…\n");
  arrival.embeds = await measureEmbedShifts(browser, gzipServed);
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
  // Issue 50, on the emulated network (alike on every machine), with a margin:
  // these are met here outright, not at half.
  ["the points slider and the hash menu, moved, redraw the ring on the mobile profile ≤ 1500 ms (median)", arrival.waits.interactive <= 1500, `${ms(arrival.waits.interactive)} ms`],
  // Issue 76's, likewise on the emulated network.
  ["the app ready on the mobile profile ≤ 3900 ms (median)", arrival.waits.ready <= 3900, `${ms(arrival.waits.ready)} ms`],
  ["every claim judged on the mobile profile, the reader at them as soon as the first figure shows, ≤ 2200 ms (median)", arrival.waits.claims <= 2200, `${ms(arrival.waits.claims)} ms`],
  ["an embedded claims panel's first verdict on the mobile profile ≤ 1800 ms (median)", arrival.waits.embedFirst <= 1800, `${ms(arrival.waits.embedFirst)} ms`],
  ["an embedded claims panel's every verdict on the mobile profile ≤ 2000 ms (median)", arrival.waits.embed <= 2000, `${ms(arrival.waits.embed)} ms`],
  ["layout shift of the page, the reader at the claims, on the mobile profile ≤ 0.05 (median)", arrival.waits.shift <= 0.05, arrival.waits.shift.toFixed(3)],
  ["layout shift of every embedded panel on the mobile profile ≤ 0.05 (median of each)", Object.values(arrival.embeds).every((shift) => shift <= 0.05),
    Object.entries(arrival.embeds).map(([panel, shift]) => `${panel} ${shift.toFixed(3)}`).join(", ")],
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
  ...[slowDef, slowBig].map((r) => [
    `no frame over 50 ms while the change plays at ${r === slowDef ? "the default" : "the largest"}, 4× CPU`,
    r.playSlowFrames.length === 0 && r.playGaps.length > 0,
    `${r.playSlowFrames.length} of ${r.playGaps.length} frames over ${r.loads} loads${r.playGaps.length ? `, longest ${ms(worst(r.playGaps))} ms` : ""}`]),
  half("reading and counting a 1,000,000-line log as your keys (median of 3)", median(yours.read), 2000),
  ...[yours, yoursSlowed].map((r) => [
    `no task over 50 ms while a 1,000,000-line log is read and measured${r.throttle > 1 ? `, ${r.throttle}× CPU` : ""}`,
    r.tasks.length === 0,
    `${r.tasks.length} tasks${r.tasks.length ? `, longest ${ms(worst(r.tasks))} ms` : ""}`]),
  ["full recompute at the largest ≥ 8× the JS baseline", ratio(big) >= 8, `${ratio(big).toFixed(1)}×`],
  ["ringdiff on a 5,000,000-line log in at most half the time of awk | sort -u (medians, same run)",
    median(ringdiffRun.ringdiff) <= median(ringdiffRun.sort) / 2,
    `${median(ringdiffRun.ringdiff).toFixed(2)} s against ${median(ringdiffRun.sort).toFixed(2)} s`],
  ["ringdiff's peak memory on that log under 256 MB", worst(ringdiffRun.memory) < 256, `${worst(ringdiffRun.memory).toFixed(0)} MB`],
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

// A measure the run never took (a chart out of view during the drags) has
// no row: the table holds figures, not dashes. A target's row always stays.
const row = (name, xs, target) =>
  xs.length || target
    ? `| ${name} | ${ms(median(xs))} | ${ms(best(xs))} | ${ms(worst(xs))} | ${xs.length} | ${target ?? ""} |`
    : null;
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
  row("gap between frames while the change plays (Replay the change)", r.playGaps),
  `| frames while the change plays; of them over 50 ms | ${median(r.playFrames)} | | | ${r.playSlowFrames.length} | none over 50 |`,
  `| last input to ring drawn | ${ms(r.ringReady)} | | | 1 | |`,
  `| claims caught up after scrolling to them (held during the drag) | ${ms(r.claimsReady)} | | | 1 | ${targets.claims ?? ""} |`,
  `| longest main-thread task during the drags (Long Tasks API, >50 ms only) | ${r.longTasks.length ? ms(worst(r.longTasks)) : "none"} | | | ${r.longTasks.length} | none over 50 |`,
  `| longest main-thread task while the claims catch up (>50 ms only) | ${r.catchUpTasks.length ? ms(worst(r.catchUpTasks)) : "none"} | | | ${r.catchUpTasks.length} | none over 50 |`,
  `| the systems panel caught up after scrolling to it from the claims | ${ms(r.systemsReady)} | | | 1 | |`,
  `| longest main-thread task while the systems panel catches up (>50 ms only) | ${r.systemsTasks.length ? ms(worst(r.systemsTasks)) : "none"} | | | ${r.systemsTasks.length} | none over 50 |`,
].filter(Boolean);

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

What the reader waits for next on Lighthouse's mobile profile (390 px, from a cold cache, the median of
${arrival.waits.loads} loads of each, in turns${arrival.waits.before ? ", each beside a load of the build before issue 76 (`BENCH_BEFORE`)" : ""}): the ring redrawn after the reader moves the points slider
as soon as one shows and then, once it is drawn, the hash menu (answered by ${[...new Set(arrival.waits.answeredBy)].join(" or ")}
in these loads); the app ready, so every control answers (\`data-app="ready"\`); every claim judged, the
reader scrolling to them as soon as the first figure shows, and the layout shift of that load; and the
first and every verdict of a claims panel embedded alone (\`embed=1&panel=claims\`), with its layout shift.

| Wait (ms) | median | ${arrival.waits.before ? "the build before, same run | " : ""}target |
|---|---|${arrival.waits.before ? "---|" : ""}---|
${[
  ["points and hash moved, the ring redrawn", "interactive", "≤ 1500"],
  ["the app ready", "ready", "≤ 3900"],
  ["every claim judged, the reader at them", "claims", "≤ 2200"],
  ["layout shift, the reader at the claims", "shift", "≤ 0.05"],
  ["an embedded claims panel's first verdict", "embedFirst", "≤ 1800"],
  ["an embedded claims panel's every verdict", "embed", "≤ 2000"],
  ["layout shift, the embedded claims panel", "embedShift", "≤ 0.05"],
].map(([what, key, target]) => {
  const show = (waits) => (/shift/i.test(key) ? waits[key].toFixed(3) : ms(waits[key]));
  return `| ${what} | ${show(arrival.waits)} | ${arrival.waits.before ? `${show(arrival.waits.before)} | ` : ""}${target} |`;
}).join("\n")}

Each panel embedded alone (\`embed=1&panel=ID\`) on the same profile, from a cold cache until every figure it
waits for has come, the median of 3 loads each: its layout shift (target ≤ 0.05, issue 76).

| Panel | ${Object.keys(arrival.embeds).join(" | ")} |
|---|${Object.keys(arrival.embeds).map(() => "---|").join("")}
| layout shift | ${Object.values(arrival.embeds).map((shift) => shift.toFixed(3)).join(" | ")} |

Tried for issue 50 and measured, not taken: **one module for the app and the worker.** The worker ran
the app's own module, compiled once by the page and handed over, so worker_bg.wasm went. Everything
the page loads fell from 652,411 to 592,094 bytes gzipped, but the app's module grew from 400 KB to
494 KB, and it is what the reader waits for: on this profile, in 5 alternating loads of each build
in one run, the app was ready at 4,138 ms against 3,696 (median) and the claims judged at 4,645
against 4,299. Fewer bytes in all, more before anything answers.

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

## ringdiff: a 5,000,000-line access log

\`ringdiff\` counting a deploy (six nginx servers to seven: one address replaced, one added, one
weight 2 → 3) on every distinct path of a generated nginx combined log of ${LOG_LINES.toLocaleString("en-US")} requests over
${LOG_PATHS.toLocaleString("en-US")} image paths (${(ringdiffRun.bytes / 1e6).toFixed(0)} MB, \`tests/browser/logs.mjs\`), each placed under the nine placements on
both sides, against \`awk '{print $7}' LOG | sort -u\`, which only lists the distinct paths: the two
in turns, ${ringdiffRun.ringdiff.length} runs each (\`tests/browser/ringdiff-bench.mjs\`). Peak memory is ringdiff's maximum resident set (GNU time).

| What | median | best | worst | runs | target |
|---|---|---|---|---|---|
| ringdiff (s) | ${median(ringdiffRun.ringdiff).toFixed(2)} | ${best(ringdiffRun.ringdiff).toFixed(2)} | ${worst(ringdiffRun.ringdiff).toFixed(2)} | ${ringdiffRun.ringdiff.length} | ≤ half of the next row |
| awk '{print $7}' \\| sort -u (s) | ${median(ringdiffRun.sort).toFixed(2)} | ${best(ringdiffRun.sort).toFixed(2)} | ${worst(ringdiffRun.sort).toFixed(2)} | ${ringdiffRun.sort.length} | |
| ringdiff ÷ awk \\| sort -u | ${(median(ringdiffRun.ringdiff) / median(ringdiffRun.sort)).toFixed(2)} | | | | ≤ 0.5 |
| ringdiff's peak memory (MB) | ${median(ringdiffRun.memory).toFixed(0)} | ${best(ringdiffRun.memory).toFixed(0)} | ${worst(ringdiffRun.memory).toFixed(0)} | ${ringdiffRun.memory.length} | < 256 |

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

Each module's code by crate (issue 50), from the name section of the modules Cargo builds, before
wasm-bindgen and wasm-opt (\`node tests/browser/wasm-crates.mjs\`): a function counts for the crate at
the root of its path, so a Leptos view instantiated for one of the page's closures counts for
\`tachys\`. Code only, not gzipped: shares of the code, not of the bytes served.

${crateTable()}

Before the model was split (at 1623d8d, the whole model compiled at opt-level 3) the same table read
\`model\` 128.5 KB in the app, 265.7 KB in the worker and 70.1 KB in the first screen, of all code
1,121.7, 372.7 and 237.6 KB; gzipped, the three modules were 405,991, 147,272 and 78,346 bytes
(the app's and the worker's JS glue, not yet minified by terser, 9,768 and 2,353). Now
\`model_core\` holds the loops at opt-level 3 and \`model\` the rest, compiled for size; the first screen's module
\`first-screen\` profile compiles its core for size too (issue 62's bytes).

One table per kind (issue 63), built beside the commit before it (8bcb3ac) the same hour, gzipped:
everything 658,356 bytes before and 658,174 after; the app 411,642 -> 412,367, the worker
138,352 -> 137,551, the first screen 81,401 -> 81,258. The three registries (parameters, placements,
panels) cost 37 bytes together; one cache check per step gave back 3.0 KB across the modules (the
worker most); what takes input became views (the legend's buttons, one list rebuilt in place; the
guesses kept in one String signal; the list box applying from its own events) and four panels' state
their own context types, about 2.6 KB in the app. Code by crate before (same table):
\`ringcount\` 361.9 KB in the app, \`model_core\` 102.6, 116.2 and 50.8 KB, \`model\` 19.0, 90.0 and
22.2 KB, \`tachys\` and \`reactive_graph\` 180.1 and 171.7 KB in the app.

Bytes given back (issue 63, after issues 62 and 64 had added 39.3 KB), built beside the commit before
(cc75318) the same hour, gzipped: everything 676,292 bytes before and 657,579 after; the first screen
82,112 -> 74,656 and the app 428,267 -> 418,338, the worker unchanged at 137,933. Most of it is
wasm-streams' classes, which Leptos links into every module that uses it and which, as exports, no
dead-code pass could drop: \`./dev\` now links the page leaving them out (7.5 KB of the first screen,
6.4 KB of the app). The rest is the app's: signals and memos of types it already compiles, one
context for the page's layout instead of four, the charts' axes labelled only by their own formatters.
Code by crate before (same table): \`js_sys\` 37.9 and 36.5 KB in the app and the first screen,
\`wasm_bindgen\` 27.1 and 23.2 KB.

Why the page is built as it is, with the figures that decided each change: [docs/DECISIONS.md](docs/DECISIONS.md).
What each issue's features cost in bytes: the history in \`tests/browser/size-budget.json\`.
`;
fs.writeFileSync(path.join(root, "BENCHMARKS.md"), text);
process.stdout.write(text);
// ./dev bench shows these on the terminal.
for (const [what, met, value] of checks) process.stderr.write(`${met ? "met    " : "MISSED "} ${what}: ${value}\n`);
