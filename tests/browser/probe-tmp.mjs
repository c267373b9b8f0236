import { serve, launch } from "/work/main/tests/browser/harness.mjs";
const median = (xs) => { if (!xs.length) return NaN; const s=[...xs].sort((a,b)=>a-b); const m=Math.floor(s.length/2); return s.length%2?s[m]:(s[m-1]+s[m])/2; };
/** In the page: drag a range input through `values`, one input event every `gap` ms. */
async function drag(page, selector, values, gap) {
  return page.evaluate(
    async ({ selector, values, gap }) => {
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
          if (window.__noWorker || (table?.dataset.for && location.search.slice(1).startsWith(table.dataset.for))) resolve();
          else setTimeout(check, 2);
        };
        check();
      });
      const claimsReady = performance.now() - scrolled;
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
      // What filled each long task: the page's own measures that overlap it.
      const filledBy = tasks.map((task) => {
        const within = {};
        for (const entry of performance.getEntriesByType("measure")) {
          const overlap = Math.min(entry.startTime + entry.duration, task.start + task.duration) - Math.max(entry.startTime, task.start);
          if (overlap > 0 && entry.name !== "ringcount:step" && entry.name !== "ringcount:slice") {
            within[entry.name] = (within[entry.name] ?? 0) + overlap;
          }
        }
        const top = Object.entries(within).sort((a, b) => b[1] - a[1]).slice(0, 3);
        return `${task.duration.toFixed(0)} ms: ${top.map(([n, t]) => `${n.replace("ringcount:", "")} ${t.toFixed(0)}`).join(", ") || "no page measure (rendering, style, layout)"}`;
      });
      return { entries, claimsReady, ringReady, schemesCurrent, longTasks, filledBy, isolated: window.crossOriginIsolated };
    },
    { selector, values, gap },
  );
}


const largestServers = Array.from({ length: 49 }, (_, i) => `node-${i + 1}`).join(",");
const query = `?servers=${largestServers}&add=node-50&points=500&keys=100000&first=0&hash=fnv1a-fold`;
const served = await serve({ isolated: true, ...(process.env.ROOT ? { root: process.env.ROOT } : {}) });
const browser = await launch();
const throttle = Number(process.argv[2] ?? 4);
for (let load = 0; load < Number(process.argv[3] ?? 2); load++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (process.env.NOWORKER) await context.addInitScript(() => { window.__noWorker = true; window.Worker = class { constructor() {} postMessage() {} terminate() {} set onmessage(f) {} set onerror(f) {} }; });
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: "longtask", buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  await page.goto(served.base + query);
  await page.waitForFunction(() => document.querySelector(".panel-slot:not(.waiting) #ring canvas") && /\d/.test(document.querySelector("[data-caption]")?.textContent ?? ""), null, { timeout: 60000 });
  const pointValues = Array.from({ length: 40 }, (_, i) => 1 + (i % 10));
  const r = await drag(page, "#points-range", pointValues, 16);
  const allTasks = await page.evaluate(() => window.__longTasks.map(t => t.duration.toFixed(0)));
  console.log(JSON.stringify({ load, claimsReady: r.claimsReady.toFixed(1), ringReady: r.ringReady.toFixed(1), stepMedian: median(r.entries["ringcount:step"] ?? []).toFixed(2), longTasks: r.longTasks.map(t=>t.toFixed(0)), filledBy: r.filledBy, allTasks, by: await page.evaluate(() => document.documentElement.dataset.measuredBy) }));
  await context.close();
  await new Promise((res) => setTimeout(res, 1500));
}
await browser.close(); await served.close();
