// Unequal servers and hot keys in real headless Chromium: weights by
// address and by the chips, the skew slider, and bad weights refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, figure, loads, claims, nativeFigures, artifact, reveal, waitForCurrent } from "./harness.mjs";

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
  // Fair shares by weight (DEFINITIONS §16): the changed server's, and the spread.
  assert.equal(await figure(page, "even-share"), expected["even-share"], query);
  assert.equal(await figure(page, "spread"), expected.spread, query);
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
  // The rows once the worker has measured this address (on a busy machine
  // the table can still be waiting when the loads are read).
  await reveal(page, "schemes");
  await waitForCurrent(page, "#schemes-table");
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
    // The reason sits beside the box that was refused, which names it.
    const message = page.locator('[data-weight-message-of="bravo"]');
    await page.waitForFunction(() => document.querySelector('[data-weight-message-of="bravo"]').textContent.length > 0);
    assert.match(await message.textContent(), /1 to 10|not a whole number/, bad);
    const box = page.locator('input[data-weight-of="bravo"]');
    assert.equal(await box.getAttribute("aria-describedby"), await message.getAttribute("id"));
    assert.equal(await page.locator('label:has(input[data-weight-of="bravo"])').count(), 1, "the box has a visible label");
    assert.ok(!page.url().includes("weights="), bad);
  }
  await page.locator('.chip:has([data-weight-of="bravo"])').screenshot({ path: artifact("weight-refused.png") });
  // A weight that fits clears the reason.
  await page.locator('input[data-weight-of="bravo"]').fill("2");
  await page.locator('input[data-weight-of="bravo"]').press("Enter");
  await page.waitForFunction(() => location.search.includes("weights=bravo:2"));
  assert.equal(await page.locator('[data-weight-message-of="bravo"]').textContent(), "");
  await page.locator('input[data-weight-of="bravo"]').fill("1");
  await page.locator('input[data-weight-of="bravo"]').press("Enter");
  await page.waitForFunction(() => !location.search.includes("weights="));
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

test("with one server twice as big, fair shares follow the weights", async () => {
  // Issue 35's engineer: six memcached servers, one twice as big, a seventh joins.
  const query = "servers=m1,m2,m3,m4,m5,m6&add=m7&weights=m1:2&keys=50000";
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    const { page, errors, close } = await open(env.browser, env.served, "?" + query, { viewport });
    const expected = await expectMatchesNative(page);
    // The newcomer's fair share is 1 weight in 8, not one server in 7.
    assert.equal(expected["even-share"], "6250");
    // The loads table names the server furthest over its own fair share,
    // worked out here from the rows: keys ÷ (K × weight ÷ total weight).
    const rows = await page.$$eval("#loads-table tr[data-server]", (rows) => rows.map((r) => ({
      name: r.dataset.server, after: Number(r.dataset.after), weight: Number(r.dataset.weight),
    })).filter((r) => r.after > 0));
    const total = rows.reduce((sum, r) => sum + r.weight, 0);
    const over = rows.map((r) => ({ name: r.name, ratio: r.after / (50000 * r.weight / total) }));
    const furthest = over.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    assert.equal(await page.locator("#loads [data-furthest-over]").getAttribute("data-furthest-over"), furthest.name);
    assert.match(await page.locator("#loads .note").first().textContent(), /measured against its fair share, K × its weight ÷ the total weight/);
    // The moved panel says fair share, and the claim agrees with it.
    assert.match(await page.locator("#moved .verdict").textContent(), /against a fair share by weight of 6,250\./);
    const verdicts = await claims(page);
    assert.equal(verdicts["even-share"], expected.claims["even-share"]);
    await reveal(page, "schemes");
    assert.match(await page.locator("#schemes-table thead").textContent(), /Furthest over its fair share, after.*That one ÷ its fair share/);
    await page.locator("#loads").screenshot({ path: artifact(`fair-shares-${viewport.width}.png`) });
    assert.deepEqual(errors, []);
    await close();
  }
});
