// Issue 20: an embedded panel sizes its frame on the course hosts teachers
// use, each listening as it documents (fixtures/host.js), growing and
// shrinking with the content; an embed is a page of its own (its heading is
// the h1, its title names the panel) with a way out to the full page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, appReady } from "./harness.mjs";

const env = sharedBrowser();

/**
 * The frame's height and its content's, once the app in the frame is ready
 * and the host has applied the height it last reported (or given up).
 */
async function heights(page) {
  await appReady(page.frames().find((f) => f !== page.mainFrame()));
  await page.waitForFunction(() => {
    const frame = document.getElementById("frame");
    const content = frame.contentDocument.documentElement.getBoundingClientRect().height;
    return Math.abs(frame.getBoundingClientRect().height - content) <= 3;
  }).catch(() => {});
  return page.evaluate(() => {
    const frame = document.getElementById("frame");
    const content = frame.contentDocument.documentElement.getBoundingClientRect().height;
    return { frame: frame.getBoundingClientRect().height, content };
  });
}

for (const kind of ["canvas", "embedly", "wordpress"]) {
  test(`on a ${kind} host the frame follows the content, growing and shrinking`, async () => {
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 900 } });
    const page = await context.newPage();
    const fragment = kind === "wordpress" ? "#?secret=s3cr3t" : "";
    const src = `${env.served.base}?embed=1&panel=moved${fragment}`;
    await page.goto(`${env.served.origin}/fixtures/host.html?kind=${kind}&src=${encodeURIComponent(src)}`);
    await page.frameLocator("#frame").locator('[data-figure="moved"]').waitFor();
    await page.waitForFunction(() => document.getElementById("frame").getBoundingClientRect().height > 150);
    const wide = await heights(page);
    assert.ok(Math.abs(wide.frame - wide.content) <= 3, `wide: ${JSON.stringify(wide)}`);
    // A narrower column makes the panel taller, and the frame follows…
    await page.evaluate(() => { document.getElementById("frame").style.width = "360px"; });
    await page.waitForFunction((h) => document.getElementById("frame").getBoundingClientRect().height > h + 20, wide.frame);
    const narrow = await heights(page);
    assert.ok(Math.abs(narrow.frame - narrow.content) <= 3, `narrow: ${JSON.stringify(narrow)}`);
    // …and shrinks back when it widens again.
    await page.evaluate(() => { document.getElementById("frame").style.width = "900px"; });
    await page.waitForFunction((h) => document.getElementById("frame").getBoundingClientRect().height < h - 20, narrow.frame);
    const again = await heights(page);
    assert.ok(Math.abs(again.frame - again.content) <= 3, `again: ${JSON.stringify(again)}`);
    await context.close();
  });
}

test("an embed is a page of its own, with a way out to the full page", async () => {
  const context = await env.browser.newContext();
  // Opened on its own, not in a frame, it has nobody to report its height to.
  await context.addInitScript(() => {
    window.__heard = [];
    window.addEventListener("message", (event) => window.__heard.push(event.data));
  });
  const page = await context.newPage();
  await page.goto(`${env.served.base}?points=37&embed=1&panel=loads`);
  await page.waitForSelector("#loads");
  assert.deepEqual(await page.$$eval("h1", (h) => h.map((e) => e.textContent.trim())), ["Load per server"]);
  assert.equal(await page.title(), "Load per server · Consistent hashing, counted");
  const link = page.locator(".full-page a");
  assert.equal(await link.getAttribute("target"), "_blank");
  const href = new URL(await link.getAttribute("href"), page.url());
  assert.equal(href.searchParams.get("points"), "37");
  assert.equal(href.searchParams.get("embed"), null);
  assert.equal(href.searchParams.get("panel"), null);
  assert.equal(href.pathname, new URL(page.url()).pathname);
  await appReady(page);
  assert.deepEqual(await page.evaluate(() => window.__heard), []);
  await context.close();
});

test("after one visit the page works offline, with the same figures", { timeout: 90000 }, async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const query = "?points=37&keys=2000";
  await page.goto(env.served.base + query);
  await page.waitForSelector(".panel-slot:not(.waiting) [data-caption]");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const online = await page.locator("[data-caption]").textContent();
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => /\d/.test(document.querySelector("[data-caption]")?.textContent ?? ""), null, { timeout: 90000 });
  assert.equal(await page.locator("[data-caption]").textContent(), online);
  // Another address of the same page, never visited, opens offline too.
  await page.goto(env.served.base + "?points=1");
  await page.waitForFunction(() => /\d/.test(document.querySelector("[data-caption]")?.textContent ?? ""), null, { timeout: 90000 });
  await context.setOffline(false);
  await context.close();
});
