// Unequal servers and hot keys in real headless Chromium: weights by
// address and by the chips, the skew slider, and bad weights refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, figure, loads, claims, nativeFigures, artifact } from "./harness.mjs";

const env = sharedBrowser();
const WEIGHT_CLAIMS = ["weights-followed", "hot-key-floor", "bounded-requests"];

/** Weight and request share per server after the change, from the loads table. */
async function requestRows(page) {
  return page.$$eval("#loads-table tr[data-server]", (rows) =>
    Object.fromEntries(rows.filter((r) => r.dataset.after !== "0" || r.dataset.before === "0")
      .map((r) => [r.dataset.server, { weight: Number(r.dataset.weight), requests: r.dataset.requests }])));
}

async function expectMatchesNative(page) {
  const query = new URL(page.url()).search.slice(1);
  const expected = nativeFigures(query);
  assert.deepEqual(await loads(page), expected.loads, query);
  assert.deepEqual(await requestRows(page), expected.requests, query);
  assert.equal(await figure(page, "hottest-key-share"), expected["hottest-key-share"], query);
  const verdicts = await claims(page);
  for (const id of WEIGHT_CLAIMS) assert.equal(verdicts[id], expected.claims[id], `${id} at ${query}`);
  return expected;
}

test("weights and skew from the address", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?weights=alpha:3,echo:2&skew=1");
  const expected = await expectMatchesNative(page);
  assert.equal(expected["hottest-key-share"], "0.133592");
  assert.equal(expected.requests.alpha.weight, 3);
  // alpha puts 600 points on the ring, echo 400.
  assert.ok((await loads(page)).alpha.after > 2 * (await loads(page)).bravo.after);
  const uses = await page.$$eval("#schemes-table tr[data-scheme]", (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.scheme, r.dataset.usesWeights])));
  assert.deepEqual(uses, { ring: "yes", modulo: "no", jump: "no", rendezvous: "yes", maglev: "no", bounded: "yes", multiprobe: "no", slots: "no" });
  assert.match(await page.locator("#weights-note").textContent(), /treat every server alike/);
  await page.locator("#loads").screenshot({ path: artifact("weights-1280.png") });
  assert.deepEqual(errors, []);
  await close();
});

test("weights from the chips and skew from the slider", async () => {
  const { page, errors, close } = await open(env.browser, env.served);
  await page.locator('input[data-weight-of="alpha"]').fill("3");
  await page.locator('input[data-weight-of="alpha"]').press("Enter");
  await page.waitForFunction(() => location.search.includes("weights=alpha:3"));
  await page.locator("#skew-range").fill("12");
  await page.waitForFunction(() => location.search.includes("skew=1.2"));
  assert.equal(await page.locator("#skew-range").getAttribute("aria-valuetext"), "skew 1.2");
  await expectMatchesNative(page);
  // A weight set back to 1 leaves the address.
  await page.locator('input[data-weight-of="alpha"]').fill("1");
  await page.locator('input[data-weight-of="alpha"]').press("Enter");
  await page.waitForFunction(() => !location.search.includes("weights="));
  assert.deepEqual(errors, []);
  await close();
});

test("bad weights get a message and change nothing", async () => {
  const { page, errors, close } = await open(env.browser, env.served);
  const before = await loads(page);
  for (const bad of ["0", "11", "-3"]) {
    await page.locator('input[data-weight-of="bravo"]').fill(bad);
    await page.locator('input[data-weight-of="bravo"]').press("Enter");
    await page.waitForFunction(() => document.querySelector("#servers-message").textContent.length > 0);
    assert.match(await page.locator("#servers-message").textContent(), /1 to 10|not a whole number/, bad);
    assert.ok(!page.url().includes("weights="), bad);
  }
  await page.locator("#skew-number").fill("2.5");
  await page.locator("#skew-number").press("Enter");
  await page.waitForFunction(() => document.querySelector("#skew-message").textContent.includes("0 to 2"));
  assert.deepEqual(await loads(page), before);
  assert.deepEqual(errors, []);
  await close();
  // In the address: unknown names, weights out of range, and a ring over the cap.
  const servers = Array.from({ length: 25 }, (_, i) => `n${i}`);
  for (const [query, pattern] of [
    ["?weights=zulu:2", /zulu.*not a server here/],
    ["?weights=alpha:0", /weight of .alpha. needs a whole number from 1 to 10/],
    ["?weights=alpha", /NAME:W/],
    ["?weights=alpha:x", /weight of .alpha. must be a whole number from 1 to 10/],
    [`?points=500&servers=${servers.join(",")}&weights=${servers.map((n) => `${n}:10`).join(",")}`, /100,000/],
  ]) {
    const opened = await open(env.browser, env.served, query);
    const notices = await opened.page.locator(".notices li").allTextContents();
    assert.match(notices.join(" "), pattern, query);
    assert.ok(!opened.page.url().includes("weights="), query);
    await opened.close();
  }
});
