// The failure panel in real headless Chromium: DEFINITIONS §8's figures, one point,
// two servers down with one replica, the replica inspector by keyboard, bad
// down= values, and the failure drawn on the ring.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, figure, claims, nativeFigures, artifact, reveal } from "./harness.mjs";

/**
 * Tick a server's "down" box and wait until the page has applied it: the
 * box follows the settings, which change on the next frame, so on a busy
 * machine Playwright's check() can look before they have.
 */
async function markDown(page, name) {
  const box = `input[data-down="${name}"]`;
  await page.locator(box).click();
  await page.waitForFunction((box) => document.querySelector(box)?.checked, box);
}

const env = sharedBrowser();
const FAILURE_CLAIMS = ["failover-spread", "replicas-cover", "sqrt-rule"];

/** The failure panel's figures, once measured for the current address. */
async function failureFigures(page) {
  await reveal(page, "failure");
  await page.waitForFunction(() => {
    const table = document.querySelector("#failure-figures");
    return table?.dataset.for && location.search.slice(1).startsWith(table.dataset.for);
  }, null, { timeout: 90000 });
  const received = await page.$$eval("tr[data-survivor]", (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.survivor, Number(r.dataset.received)])));
  const shares = await page.$$eval("#loads-table tr[data-server]", (rows) =>
    Object.fromEntries(rows.filter((r) => r.dataset.after !== "0").map((r) => [r.dataset.server, r.dataset.share])));
  const read = async (name) => Number(await figure(page, name));
  return {
    rerouted: await read("rerouted"),
    "no-live-copy": await read("no-live-copy"),
    "copies-to-remake": await read("copies-to-remake"),
    copysets: await read("copysets"),
    "copysets-possible": await read("copysets-possible"),
    received,
    shares,
  };
}

/** The page's failure figures and failure claims against the native model. */
async function expectMatchesNative(page) {
  const query = new URL(page.url()).search.slice(1);
  const expected = nativeFigures(query);
  const { ["replicas-of-key-17"]: _, ...failure } = expected.failure;
  assert.deepEqual(await failureFigures(page), failure, query);
  const verdicts = await claims(page);
  for (const id of FAILURE_CLAIMS) assert.equal(verdicts[id], expected.claims[id], `${id} at ${query}`);
  return expected;
}

test("alpha down, three replicas: DEFINITIONS §8's figures", async () => {
  const { page, errors, close } = await open(env.browser, env.served);
  const shown = await failureFigures(page);
  // DEFINITIONS §8's default figures, pinned on purpose (and checked against the model below).
  assert.deepEqual(shown, {
    rerouted: 194, "no-live-copy": 0, "copies-to-remake": 651, copysets: 10, "copysets-possible": 10,
    received: { bravo: 50, charlie: 42, delta: 56, echo: 46 },
    shares: { alpha: "0.187697", bravo: "0.199985", charlie: "0.200419", delta: "0.202126", echo: "0.209772" },
  });
  await expectMatchesNative(page);
  assert.match(await page.locator("#failure .verdict").textContent(), /bravo, picks up 50 keys, 22% more than the 228/);
  assert.match(await page.locator("#failure").textContent(), /Every one of the 194 rerouted keys went to a server that already held a copy/);
  await page.locator("#failure").screenshot({ path: artifact("failure-1280.png") });
  assert.deepEqual(errors, []);
  await close();
});

test("at one point every rerouted key goes to one survivor", async () => {
  const { page, close } = await open(env.browser, env.served);
  await page.locator("#points-range").fill("0"); // the first stop: 1 point
  await page.waitForFunction(() => location.search.includes("points=1&"));
  const expected = await expectMatchesNative(page);
  // DEFINITIONS §8 at 1 point, pinned on purpose: all 23 rerouted keys go to bravo.
  assert.deepEqual(expected.failure.received, { bravo: 23, charlie: 0, delta: 0, echo: 0 });
  assert.equal(expected.failure.copysets, 5);
  assert.match(await page.locator("#failure .verdict").textContent(), /One survivor, bravo, takes all 23/);
  // The reader's setting is the one-point baseline: said once, not twice.
  const copysets = await page.locator("#failure").textContent();
  assert.match(copysets, /At 1 point per server there are 5 such sets of the 10 possible \(50\.0%\)\./);
  assert.doesNotMatch(copysets, /at 1 points/);
  await close();
});

test("two servers down with one replica lose keys, and the ring shows it", async () => {
  const { page, errors, close } = await open(env.browser, env.served);
  await markDown(page, "alpha");
  await markDown(page, "bravo");
  await page.waitForFunction(() => location.search.includes("down=alpha,bravo"));
  await page.locator("#replicas-number").fill("1");
  await page.locator("#replicas-number").press("Enter");
  await page.waitForFunction(() => location.search.includes("replicas=1"));
  const expected = await expectMatchesNative(page);
  // One copy each: every key of alpha and bravo is lost (their DEFINITIONS §2 loads).
  assert.equal(expected.failure["no-live-copy"], expected.loads.alpha.after + expected.loads.bravo.after);
  assert.equal(expected.failure["no-live-copy"], 194 + 228);
  // So the finding that the copies cover the failure says no, as the model does.
  assert.equal((await claims(page))["replicas-cover"], "no");
  assert.equal(expected.claims["replicas-cover"], "no");
  await page.locator("#show-failure").check();
  await page.waitForSelector("#failure-legend");
  assert.match(await page.locator("#ring canvas").getAttribute("aria-label"), /Down, with dashed grey ticks: alpha, bravo\. 422 keys rerouted/);
  await page.locator("#ring").screenshot({ path: artifact("ring-failure-1280.png") });
  assert.deepEqual(errors, []);
  await close();
});

test("the replica inspector works from the keyboard", async () => {
  const { page, close } = await open(env.browser, env.served);
  await page.locator("#inspect-key").focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("17");
  await page.keyboard.press("Tab");
  await page.waitForFunction(() => document.querySelector("#replica-key")?.textContent.startsWith("key-17 "));
  const replicas = await page.$$eval("#replica-list li", (items) => items.map((li) => [li.dataset.replica, li.dataset.down]));
  assert.deepEqual(replicas.map(([name]) => name), nativeFigures("")["failure"]["replicas-of-key-17"]);
  assert.deepEqual(replicas.map(([, down]) => down), replicas.map(([name]) => (name === "alpha" ? "yes" : "no")));
  // A key outside the sample is refused beside the box.
  await page.locator("#inspect-key").fill("5000");
  await page.locator("#inspect-key").press("Enter");
  await page.waitForFunction(() => document.querySelector("#inspect-message").textContent.includes("0 to 999"));
  await close();
});

test("a click on the ring picks the key at that angle for the inspector", async () => {
  // 20 keys: neighbours are far apart in angle, so a whole-pixel click is unambiguous.
  const { page, close } = await open(env.browser, env.served, "?keys=20");
  const pickByNumber = async (number) => {
    await page.locator("#inspect-key").fill(String(number));
    await page.locator("#inspect-key").press("Enter");
    await page.waitForFunction((n) => document.querySelector("#replica-key")?.textContent.startsWith(`key-${n} `), number);
  };
  await pickByNumber(7);
  const position = Number((await page.locator("#replica-key").textContent()).match(/position ([\d,]+)/)[1].replaceAll(",", ""));
  await pickByNumber(0);
  // Click where key-7's angle crosses the key band, 30% of the width from the centre.
  await page.locator("#ring canvas").scrollIntoViewIfNeeded();
  const box = await page.locator("#ring canvas").boundingBox();
  const angle = (position / 2 ** 32) * 2 * Math.PI - Math.PI / 2;
  const centre = box.width / 2;
  await page.mouse.click(box.x + centre + Math.cos(angle) * box.width * 0.3, box.y + centre + Math.sin(angle) * box.width * 0.3);
  await page.waitForFunction(() => document.querySelector("#replica-key")?.textContent.startsWith("key-7 "));
  assert.match(await page.locator("#ring-pick").textContent(), /key-7,/);
  assert.equal(await page.locator("#inspect-key").inputValue(), "7");
  await close();
});

test("bad down= values and refused toggles keep the last valid view", async () => {
  let opened = await open(env.browser, env.served, "?down=zulu,bravo");
  let notices = await opened.page.locator(".notices li").allTextContents();
  assert.equal(notices.length, 1);
  assert.match(notices[0], /zulu.*not a server of the pool/);
  assert.equal((await failureFigures(opened.page)).rerouted, 228); // bravo's DEFINITIONS §2 load
  await opened.close();

  opened = await open(env.browser, env.served, "?down=alpha,bravo,charlie,delta,echo&replicas=4");
  notices = await opened.page.locator(".notices li").allTextContents();
  assert.match(notices.join(" "), /all 5 servers cannot be down/);
  assert.equal((await failureFigures(opened.page)).rerouted, 194); // alpha's DEFINITIONS §2 load
  await opened.close();

  const { page, errors, close } = await open(env.browser, env.served);
  await failureFigures(page);
  // No box is ticked at first: the panel takes alpha down as its example
  // and says so. Ticking a box names it; unticking the last names none, and
  // the example is back (DEFINITIONS §8, §19).
  assert.equal(await page.locator("input[data-down]:checked").count(), 0);
  assert.match(await page.locator("#failure .lead").textContent(), /No box is ticked, so the figures take the first server, alpha, down as an example/);
  await markDown(page, "charlie");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("down") === "charlie");
  assert.equal((await failureFigures(page)).rerouted, 194); // charlie's DEFINITIONS §2 load
  await page.locator('input[data-down="charlie"]').click();
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("down"));
  assert.ok(!(await page.locator('input[data-down="charlie"]').isChecked()));
  assert.equal(await page.locator("#down-message").textContent(), "");
  assert.equal((await failureFigures(page)).rerouted, 194); // alpha's, the example
  // Checking every server is refused.
  for (const name of ["alpha", "bravo", "charlie", "delta"]) {
    await markDown(page, name);
    await page.waitForFunction((name) => location.search.includes(name), name);
  }
  await page.locator('input[data-down="echo"]').click();
  await page.waitForFunction(() => document.querySelector("#down-message").textContent.includes("must stay up"));
  assert.ok(!(await page.locator('input[data-down="echo"]').isChecked()));
  assert.equal(new URL(page.url()).searchParams.get("down"), "alpha,bravo,charlie,delta");
  await page.locator("#replicas-number").fill("9");
  await page.locator("#replicas-number").press("Enter");
  await page.waitForFunction(() => document.querySelector("#replicas-message").textContent.includes("1 to 5"));
  assert.ok(page.url().includes("replicas=3"));
  assert.deepEqual(errors, []);
  await close();
  // Three servers cannot hold four distinct copies.
  const small = await open(env.browser, env.served, "?servers=a,b&add=c");
  await small.page.locator("#replicas-number").fill("4");
  await small.page.locator("#replicas-number").press("Enter");
  await small.page.waitForFunction(() => document.querySelector("#replicas-message").textContent.includes("only 3 servers"));
  assert.ok(small.page.url().includes("replicas=3"));
  await small.close();
});

test("the ring asks a mouse to click a dot and a finger to tap one", async () => {
  for (const [hasTouch, viewport, word] of [[false, { width: 1280, height: 800 }, "click"], [true, { width: 390, height: 844 }, "tap"]]) {
    const { page, close } = await open(env.browser, env.served, "", { viewport, hasTouch, answered: true });
    assert.equal(await page.evaluate(() => matchMedia("(pointer: coarse)").matches), hasTouch);
    await page.locator("#ring-pick").scrollIntoViewIfNeeded();
    assert.match(await page.locator("#ring-pick").innerText(), new RegExp(`; ${word} a dot to pick another$`));
    await close();
  }
});
