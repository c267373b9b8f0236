// The claims first (issue 76): the verdicts of an embedded claims panel do
// not wait for the app. The worker early.js starts judges them and writes
// the panel as the app would (`render::claims::section`), and the app takes
// it over without a pixel moving.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, nativeFigures, artifact, appReady, open, serve } from "./harness.mjs";

const env = sharedBrowser();

/** What the claims panel shows: each verdict, the tally, and where each part lies. */
function shownClaims() {
  const box = (selector) => {
    const rect = document.querySelector(selector)?.getBoundingClientRect();
    return rect && [rect.x, rect.y, rect.width, rect.height].map(Math.round);
  };
  return {
    verdicts: Object.fromEntries([...document.querySelectorAll("#claims tr[data-claim]")].map((row) => [row.dataset.claim, row.dataset.held])),
    tally: document.querySelector(".tally")?.textContent,
    busy: document.querySelector("#claims")?.getAttribute("aria-busy"),
    // Evidence shown as "?" while a question waits (its content hidden by the style).
    held: [...document.querySelectorAll("#claims [data-tells] > *")].filter((e) => e.offsetParent === null).length,
    boxes: ["#claims-panel", "#claims-title", ".tally", "#claims", "[data-claims-show-all]", '[data-panel="claims"] .held-note'].map(box),
    open: document.querySelector('[data-panel="claims"] details.fold')?.open,
  };
}

/**
 * Load `query` at `width` with the app's module held back, as a slow
 * network would: the claims come from the worker first, the reader scrolls
 * to them, then the app arrives. What the claims panel showed before and
 * after, its screenshots, and the layout shift.
 */
async function beforeAndAfterTheApp(query, width, openFold = false) {
  const context = await env.browser.newContext({ viewport: { width, height: 844 }, reducedMotion: "reduce" });
  await context.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const page = await context.newPage();
  const events = [];
  const file = (request) => new URL(request.url()).pathname.split("/").pop();
  page.on("request", (request) => events.push(`asked ${file(request)}`));
  page.on("requestfinished", (request) => events.push(`finished ${file(request)}`));
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route("**/ringcount_bg.wasm", async (route) => { await held; await route.continue(); });
  await page.goto(env.served.base + query);
  await page.waitForFunction(() => document.querySelectorAll("[data-early] #claims tr[data-claim]").length > 0);
  // A reader who opens the table before the app arrives keeps it open.
  if (openFold) await page.locator('[data-early][data-panel="claims"] details.fold > summary').click();
  await page.evaluate(() => document.querySelector('[data-panel="claims"]').scrollIntoView());
  const app = await page.evaluate(() => document.documentElement.dataset.app);
  const before = await page.evaluate(shownClaims);
  const name = query.includes("embed") ? "embed" : "page";
  const first = await page.screenshot({ path: artifact(`claims-first-${name}-before-${width}.png`) });
  release();
  await appReady(page);
  const after = await page.evaluate(shownClaims);
  const second = await page.screenshot({ path: artifact(`claims-first-${name}-after-${width}.png`) });
  const shift = await page.evaluate(() => window.__shift);
  return { page, context, events, app, before, after, same: first.equals(second), shift };
}

for (const width of [390, 1280]) {
  test(`an embedded claims panel shows its verdicts before the app, and the app takes it over unmoved (${width} px)`, async () => {
    const query = "?embed=1&panel=claims";
    const { page, context, events, app, before, after, same, shift } = await beforeAndAfterTheApp(query, width);
    assert.equal(app, undefined, "the app had not arrived");
    assert.deepEqual(before.verdicts, nativeFigures(query.slice(1)).claims, "the worker's verdicts are the model's");
    assert.equal(before.busy, "false");
    assert.match(before.tally, /^\d+ of \d+ claims hold for the current settings\./);
    // The app's files were asked for only once the worker's module was in
    // (the network in order: the verdicts do not share it with the app).
    const workerIn = events.indexOf("finished worker_bg.wasm");
    const appAsked = events.findIndex((e) => /^asked ringcount/.test(e));
    assert.ok(workerIn >= 0 && appAsked > workerIn, events.join(", "));
    assert.deepEqual(after, before, "the app shows the same panel, in the same place");
    assert.ok(same, "the same picture before and after the app");
    assert.equal(shift, 0, "nothing moved");
    // The app answers the panel's button.
    await page.locator("[data-claims-show-all]").click();
    await page.waitForFunction(() => !document.querySelector("#claims").classList.contains("collapsed"));
    assert.equal(await page.locator("[data-claims-show-all]").getAttribute("aria-expanded"), "true");
    await context.close();
  });

  test(`the full page's claims come before the app, their evidence held for the questions, and the app takes them over where the reader is (${width} px)`, async () => {
    const { context, app, before, after, shift } = await beforeAndAfterTheApp("", width, width < 500);
    assert.equal(app, undefined, "the app had not arrived");
    assert.deepEqual(before.verdicts, nativeFigures("").claims);
    // The lesson's questions wait, so every evidence that states an answer shows "?".
    assert.ok(before.held > 0, "some evidence waits for a question");
    // The same claims in the same place on screen: to the pixel, as the
    // worker's may lie a fraction of one off the whole pixels a scroll takes.
    assert.deepEqual(after.verdicts, before.verdicts);
    assert.equal(after.tally, before.tally);
    assert.equal(after.held, before.held);
    assert.equal(after.open, before.open, "the table open or closed as the reader left it");
    after.boxes.forEach((box, at) => {
      assert.ok(box.every((value, i) => Math.abs(value - before.boxes[at][i]) <= 1), `${JSON.stringify(box)} was ${JSON.stringify(before.boxes[at])}`);
    });
    assert.ok(shift <= 0.01, `layout shift ${shift}`);
    await context.close();
  });
}

test("the full page fetches the worker's module after the first screen's and before the app's, and the app takes the worker over", async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  const events = [];
  const file = (request) => new URL(request.url()).pathname.split("/").pop();
  page.on("request", (request) => events.push(`asked ${file(request)}`));
  page.on("requestfinished", (request) => events.push(`finished ${file(request)}`));
  await page.goto(env.served.base);
  await appReady(page);
  // Claims judged before the app but not gone to: the reader stays at the top.
  assert.equal(await page.evaluate(() => scrollY), 0);
  const at = (event) => events.indexOf(event);
  // The worker's scripts come at once (3 KB); its module after the first screen's.
  assert.ok(at("finished first_bg.wasm") >= 0 && at("finished first_bg.wasm") < at("asked worker_bg.wasm"), events.join(", "));
  assert.ok(at("finished worker_bg.wasm") < events.findIndex((e) => /^asked ringcount/.test(e)), events.join(", "));
  // One worker, the one started before the app.
  assert.equal(events.filter((e) => e === "asked measure.js").length, 1, events.join(", "));
  assert.equal(await page.evaluate(() => document.documentElement.dataset.measuredBy), "worker");
  await page.locator('[data-panel="claims"]').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector("#claims")?.getAttribute("aria-busy") === "false");
  const verdicts = await page.$$eval("#claims tr[data-claim]", (rows) => Object.fromEntries(rows.map((row) => [row.dataset.claim, row.dataset.held])));
  assert.deepEqual(verdicts, nativeFigures("").claims);
  await context.close();
});

for (const [label, options] of [
  ["a browser without workers", { init: () => delete window.Worker }],
  ["a host whose policy refuses workers", { policy: "worker-src 'none'" }],
]) {
  test(`${label}: an embedded claims panel is judged by the app, on the main thread`, async () => {
    const served = options.policy ? await serve({ policy: options.policy }) : env.served;
    const { page, close } = await open(env.browser, served, "?embed=1&panel=claims", { init: options.init, ready: "#claims tr[data-claim]" });
    await page.waitForFunction(() => document.documentElement.dataset.measuredBy);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.measuredBy), "main-thread");
    const verdicts = await page.$$eval("#claims tr[data-claim]", (rows) => Object.fromEntries(rows.map((row) => [row.dataset.claim, row.dataset.held])));
    assert.deepEqual(verdicts, nativeFigures("embed=1&panel=claims").claims);
    await close();
    if (served !== env.served) await served.close();
  });
}
