// The lesson, measured: the cost and rollout panels against DEFINITIONS §9's
// lesson figures and the native model, and every preset's link.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, figure, nativeFigures, artifact, reveal, choosePreset } from "./harness.mjs";

const env = sharedBrowser();
const COST_FIGURES = [
  "copy-seconds-ring", "copy-seconds-modulo", "misrouted-ring", "misrouted-modulo",
  "cold-misses-ring", "cold-misses-modulo", "miss-rate-ring", "miss-rate-modulo",
];

async function expectCostMatchesNative(page) {
  const query = new URL(page.url()).search.slice(1);
  const native = nativeFigures(query);
  const expected = { ...native.cost, ...native.rollout };
  for (const name of COST_FIGURES) assert.equal(await figure(page, name), expected[name], `${name} at ${query}`);
}

test("the lesson preset: 5.5 TB over 18 → 19 servers at 200 MB/s", async () => {
  // A reader who has answered the questions: the cost panel tells its times.
  const { page, errors, close } = await open(env.browser, env.served, "", { answered: true });
  await choosePreset(page, "lesson");
  await page.waitForFunction(() => location.search.includes("keys=1200"));
  await reveal(page, "cost");
  const formula = await page.locator('#cost-table tr[data-formula="modulo"]').textContent();
  assert.match(formula, /5,210 GB/);
  assert.match(formula, /26,050 s \(7\.2 h\)/);
  assert.match(await page.locator('#cost-table tr[data-formula="ideal"]').textContent(), /\(24 min\)/);
  await expectCostMatchesNative(page);
  // The reader sees counts of 10,000 and more with separators; the hook
  // beside them keeps the plain number.
  const modulo = await figure(page, "copy-seconds-modulo");
  assert.ok(Number(modulo) >= 10000, modulo);
  const shown = await page.locator("#cost .verdict").first().innerText();
  assert.ok(shown.includes(`hash mod n moves, ${Number(modulo).toLocaleString("en-US")} s (`), shown);
  assert.ok(!shown.includes(modulo), shown);
  // Every scheme's copy time, once the schemes are measured.
  await page.waitForSelector("#cost-table tr[data-cost-scheme]");
  const schemes = await page.$$eval("#cost-table tr[data-cost-scheme]", (rows) => rows.map((r) => r.dataset.costScheme));
  assert.equal(schemes.length, Object.keys(nativeFigures("").schemes).length, "one copy time per scheme");
  assert.match(await page.locator("#cost .note").textContent(), /waste factor.*beside n = 18/);
  await page.locator("#cost").screenshot({ path: artifact("cost-1280.png") });
  assert.deepEqual(errors, []);
  await close();
});

test("two shards become three: 24,000 misrouted writes by formula", async () => {
  const { page, close } = await open(env.browser, env.served);
  await choosePreset(page, "two-shards");
  await page.waitForFunction(() => location.search.includes("keys=200&"));
  await reveal(page, "rollout");
  assert.match(await page.locator("#rollout .note").first().textContent(), /133\.3 keys here, so about 24,000 writes/);
  assert.match(await page.locator('#cost-table tr[data-formula="modulo"]').textContent(), /667 GB.*3,333 s/);
  await expectCostMatchesNative(page);
  // Changing the rate and the rollout re-measures.
  await page.locator("#rate").fill("60");
  await page.locator("#rate").press("Enter");
  await page.locator("#rollout-minutes").fill("5");
  await page.locator("#rollout-minutes").press("Enter");
  await page.waitForFunction(() => location.search.includes("rate=60&rollout=5"));
  await expectCostMatchesNative(page);
  // The cache's bill, in words: the misses arrive within one request interval.
  assert.match(await page.locator("#cost [data-cold-misses]").textContent(), /At 60 requests per key per minute they all come within about 1 s: /);
  await close();
});

test("bad sizes and rates get a message and change nothing", async () => {
  const { page, errors, close } = await open(env.browser, env.served);
  const before = await figure(page, "copy-seconds-modulo");
  for (const bad of ["-5TB", "5.5PB", "0", "lots", "2000000TB"]) {
    await page.locator("#data-size").fill(bad);
    await page.locator("#data-size").press("Enter");
    await page.waitForFunction(() => document.querySelector("#data-message").textContent.includes("5.5TB or 200MB"));
    assert.equal(await figure(page, "copy-seconds-modulo"), before, bad);
  }
  await page.locator("#bandwidth").fill("0MB");
  await page.locator("#bandwidth").press("Enter");
  await page.waitForFunction(() => document.querySelector("#bandwidth-message").textContent.length > 0);
  await reveal(page, "rollout");
  await page.locator("#rate").fill("0");
  await page.locator("#rate").press("Enter");
  await page.waitForFunction(() => document.querySelector("#rate-message").textContent.includes("1 to 1,000,000"));
  assert.ok(page.url().includes("data=5.5TB&bandwidth=200MB&rate=30&rollout=12"));
  // A good size re-measures.
  await page.locator("#data-size").fill("720 GB");
  await page.locator("#data-size").press("Enter");
  await page.waitForFunction(() => location.search.includes("data=720GB"));
  await expectCostMatchesNative(page);
  assert.deepEqual(errors, []);
  await close();
});

test("every preset loads its settings and its link round-trips", async () => {
  const { page, close } = await open(env.browser, env.served);
  const presets = await page.$$eval("a[data-preset]", (links) => links.map((a) => [a.dataset.preset, a.getAttribute("href")]));
  assert.equal(presets.length, 8);
  // Each preset says in one line which panel it is for and what it shows there.
  const lines = await page.$$eval("a[data-preset]", (links) => links.map((a) => a.parentElement.querySelector("[data-teaches]")?.textContent ?? ""));
  // The panels' headings, as the embed dialog lists them.
  await page.click("#embed-open");
  const headings = await page.$$eval("#embed-panel option", (os) => os.map((o) => o.textContent));
  for (const line of lines) assert.ok(headings.some((h) => line.startsWith(`→ ${h}: `)), line);
  await close();
  for (const [id, href] of presets) {
    // The settings, and the panel the preset is for.
    const [search, panel] = href.split("#");
    const opened = await open(env.browser, env.served, href);
    assert.equal(await opened.page.locator(`[data-panel="${panel}"]`).count(), 1, `${id} names a panel: ${href}`);
    // The page rewrites its address from the settings it read: the same link.
    assert.equal(new URL(opened.page.url()).search, search, id);
    assert.equal(await opened.page.locator(".notices").count(), 0, id);
    assert.equal(await opened.page.locator(`a[data-preset="${id}"]`).getAttribute("aria-current"), "page", id);
    assert.equal(await opened.page.locator("a[data-preset][aria-current]").count(), 1, id);
    assert.equal(await figure(opened.page, "moved"), nativeFigures(search.slice(1)).moved, id);
    if (id === presets.at(-1)[0]) {
      // Moved off the preset by a slider, the page is no preset's any more.
      await opened.page.$eval("#points-range", (input) => {
        input.value = String(Number(input.value) - 1);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
      await opened.page.waitForFunction((before) => location.search !== before, search);
      await opened.page.waitForFunction(() => !document.querySelector("a[data-preset][aria-current]"));
    }
    await opened.close();
  }
});

test("a preset opens the page at the panel it is for, with focus on its heading", async () => {
  for (const [viewport, hasTouch] of [[{ width: 1280, height: 800 }, false], [{ width: 390, height: 844 }, true]]) {
    const { page, close } = await open(env.browser, env.served, "", { viewport, hasTouch, lazy: true });
    if (hasTouch) await page.locator("#open-settings").click();
    await choosePreset(page, "lumpy");
    await page.waitForFunction(() => location.hash === "#loads" && document.activeElement?.id === "loads-title");
    // The heading is on the screen, below the phone's sticky bar.
    const box = await page.locator("#loads-title").boundingBox();
    const bar = await page.locator(".quickbar").evaluate((bar) => (getComputedStyle(bar).display === "none" ? 0 : bar.getBoundingClientRect().bottom));
    // (A scroll lands to the device pixel: a heading at the very top may sit a fraction above 0.)
    assert.ok(box.y >= bar - 1 && box.y + box.height <= viewport.height, `${viewport.width}: heading at ${box.y}, bar to ${bar}`);
    await close();
  }
});
