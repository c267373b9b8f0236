// Issue 33 in the browser: the reader's own keys, from a file or a paste,
// measured by every panel exactly as the native oracle measures the same
// file (`cargo run -p oracle -- --keys FILE`), kept for the tab, read
// locally with progress, and every bad input refused with the view kept.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { sharedBrowser, open, reveal, figure, loads, schemeRows, nativeFigures, artifact } from "./harness.mjs";
import { lcg, accessLog, millionLineLog } from "./logs.mjs";

const env = sharedBrowser();

function writeFile(name, contents) {
  const file = artifact(name);
  fs.writeFileSync(file, contents);
  return file;
}

/** Wait until the settings say whose keys are in use. */
async function waitForSource(page, source) {
  await page.waitForSelector(`[data-keys-source="${source}"]`, { timeout: 90000 });
}

/** The settings panel's figures about the keys read. */
async function keyFigures(page) {
  const read = async (name) => (await page.locator(`[data-figure="${name}"]`).textContent()).trim();
  return { read: await read("keys-read"), distinct: await read("keys-distinct"), placed: await read("keys-placed") };
}

/** Requests share per server, from the loads table. */
async function requestShares(page) {
  await reveal(page, "loads");
  return page.$$eval("tr[data-server]", (rows) => Object.fromEntries(rows.map((r) => [r.dataset.server, r.dataset.requests])));
}

/** Everything the page shows that the oracle prints, for one set of keys. */
async function assertPanelsMatch(page, expected) {
  assert.equal(await figure(page, "moved"), expected.moved);
  assert.equal(await figure(page, "moved-arc"), expected["moved-arc"]);
  assert.equal(await figure(page, "modulo-moved"), expected["modulo-moved"]);
  assert.deepEqual(await loads(page), expected.loads);
  assert.equal(await figure(page, "hottest-key-share"), expected["hottest-key-share"]);
  assert.deepEqual(await schemeRows(page), expected.schemes);
  assert.deepEqual(await schemeRows(page, "systems"), expected.systems);
  // The ring says how many keys it holds and how many changed owner.
  await reveal(page, "ring");
  const ring = await page.locator("#ring canvas.ring-canvas").getAttribute("aria-label");
  const placed = Number(expected.keys.placed).toLocaleString("en-US");
  assert.match(ring, new RegExp(` ${placed} keys\\.`));
}

test("a log chosen through the file input: every panel is the oracle's on the same file, and nothing leaves the page", async () => {
  const file = writeFile("access.log", accessLog(6000, 2500));
  const query = "servers=cache-1,cache-2,cache-3,cache-4&add=cache-5";
  const expected = nativeFigures(query, ["--keys", file, "--field", "7"]);
  const { page, errors, close } = await open(env.browser, env.served, `?${query}`);
  const requests = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.fill("[data-keys-field]", "7");
  await page.dispatchEvent("[data-keys-field]", "change");
  await page.setInputFiles("input[type=file][data-keys-file]", file);
  await waitForSource(page, "yours");
  // The preview shows the field that will be read.
  assert.equal((await page.locator("[data-keys-preview] tbody tr td").nth(1).textContent()).trim(),
    fs.readFileSync(file, "utf8").split("\n")[0].split(/ +/)[6]);
  assert.deepEqual(await keyFigures(page), {
    read: Number(expected.keys.read).toLocaleString("en-US"),
    distinct: Number(expected.keys.distinct).toLocaleString("en-US"),
    placed: Number(expected.keys.placed).toLocaleString("en-US"),
  });
  assert.equal(expected.keys.read, 6000);
  await assertPanelsMatch(page, expected);
  // Request shares are the log's, not Zipf's.
  const shares = await requestShares(page);
  assert.ok(Object.keys(expected.requests).length > 0);
  for (const [server, { requests }] of Object.entries(expected.requests)) assert.equal(shares[server], requests, server);
  assert.equal(await page.getAttribute("[data-requests-from]", "data-requests-from"), "yours");
  // The one-key box places a key from the file.
  await page.fill("#one-key", "/img/0.jpg");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("key") === "/img/0.jpg");
  await reveal(page, "schemes");
  await page.waitForSelector('tr[data-key-owner="ring"]');
  const oneKey = nativeFigures(`${query}&key=%2Fimg%2F0.jpg`, ["--keys", file, "--field", "7"])["one-key"];
  await page.waitForFunction((expected) => document.querySelector('tr[data-key-owner="ring"]')?.dataset.after === expected,
    oneKey.owners.ring.after);
  // Read and measured here: not one request while it was.
  assert.deepEqual(requests, []);
  // The link cannot carry a file, and says so: beside the buttons, and
  // when it is copied.
  assert.match(await page.locator("[data-keys-not-in-link]").first().textContent(), /not your keys/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.served.origin });
  await page.click("#copy-link");
  await page.waitForFunction(() =>
    /cannot carry yours/.test(document.querySelector("#copy-link ~ .share-status")?.textContent ?? ""));
  // What is copied (or left in the address bar) is the settings alone.
  assert.ok(!/yours|keys-id/.test(page.url()), page.url());
  for (const width of [390, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // On a phone the settings are in the sheet ⚙ opens.
    const sheet = width < 861 && !(await page.locator(".controls.sheet-open").count());
    if (sheet) await page.click("#open-settings");
    await page.locator(".your-keys").scrollIntoViewIfNeeded();
    await page.locator(".your-keys").screenshot({ path: artifact(`your-keys-${width}.png`) });
    if (sheet) await page.click(".sheet-close");
  }
  assert.deepEqual(errors, []);
  await close();
});

test("pasted keys: the oracle's figures, kept through a reload, and one click back to the template", async () => {
  const lines = [];
  const random = lcg(11);
  for (let i = 0; i < 3000; i++) lines.push(`user:${random.next().value % 1200}`);
  const text = lines.join("\n");
  const file = writeFile("pasted.txt", text);
  const expected = nativeFigures("", ["--keys", file]);
  const { page, close } = await open(env.browser, env.served);
  const before = await figure(page, "moved");
  // As a paste puts it there: at once, with the input event a paste sends (Playwright's fill types a long text
  // line by line, which takes Chromium half a minute for 3,000 lines).
  await page.$eval("[data-keys-paste]", (area, text) => { area.value = text; area.dispatchEvent(new Event("input", { bubbles: true })); }, text);
  await page.click("text=Use these keys");
  await waitForSource(page, "yours");
  await assertPanelsMatch(page, expected);
  // The keys slider rests while your keys set the count.
  assert.equal(await page.isDisabled("#keys-number"), true);
  await page.reload();
  await page.waitForSelector(".panel-slot:not(.waiting) section.panel");
  await waitForSource(page, "yours");
  assert.equal(await figure(page, "moved"), expected.moved);
  assert.deepEqual((await keyFigures(page)).placed, Number(expected.keys.placed).toLocaleString("en-US"));
  await page.click("[data-keys-template]");
  await waitForSource(page, "template");
  assert.equal(await figure(page, "moved"), before);
  assert.equal(await page.isDisabled("#keys-number"), false);
  await close();
});

/** Bad input: a message that names the problem, and the figures unchanged. */
async function refused(page, give, pattern) {
  const moved = await figure(page, "moved");
  const source = await page.getAttribute("[data-keys-source]", "data-keys-source");
  await give();
  await page.waitForFunction((pattern) => new RegExp(pattern).test(document.querySelector("#your-keys-message")?.textContent ?? ""),
    pattern.source, { timeout: 90000 }).catch(async (error) => {
    throw new Error(`${pattern}: the message says "${await page.locator("#your-keys-message").textContent()}" (${error.message})`);
  });
  assert.equal(await page.getAttribute("[data-keys-source]", "data-keys-source"), source);
  assert.equal(await figure(page, "moved"), moved);
}

test("bad input gets a clear message and loses nothing", async () => {
  const { page, errors, close } = await open(env.browser, env.served);
  // Some keys first: each refusal must keep them.
  await page.fill("[data-keys-paste]", "a\nb\nc\na\n");
  await page.click("text=Use these keys");
  await waitForSource(page, "yours");
  const paste = (text) => async () => {
    await page.fill("[data-keys-paste]", text);
    await page.click("text=Use these keys");
  };
  const choose = (name, contents) => () => page.setInputFiles("[data-keys-file]", writeFile(name, contents));
  await refused(page, paste("  \n\n "), /There are no keys here/);
  await refused(page, choose("empty.txt", ""), /There are no keys here/);
  await refused(page, choose("binary.log", Buffer.from([0x6b, 0x0a, 0x00, 0x01, 0x02])), /binary file \(a NUL byte on line 2\)/);
  await page.fill("[data-keys-field]", "3");
  await page.dispatchEvent("[data-keys-field]", "change");
  await refused(page, choose("fields.csv", "a,b,c\nd\ne\nf,g\n"), /Field 3 is missing from 3 of 4 lines/);
  await refused(page, async () => {
    await page.fill("[data-keys-field]", "x");
    await page.dispatchEvent("[data-keys-field]", "change");
  }, /a number from 1 to 99/);
  await page.fill("[data-keys-field]", "");
  await page.dispatchEvent("[data-keys-field]", "change");
  const many = Buffer.alloc(10_000_002, "k\n");
  await refused(page, choose("many.txt", many), /more than 5,000,000 lines/);
  // Too large: refused before a byte is read (a sparse file costs no disk).
  const huge = artifact("huge.log");
  fs.closeSync(fs.openSync(huge, "w"));
  fs.truncateSync(huge, 200_000_001);
  await refused(page, () => page.setInputFiles("[data-keys-file]", huge), /200,000,001 bytes; the page reads at most 200,000,000/);
  fs.rmSync(huge);
  // Lossy and long lines are read, and counted.
  const long = "x".repeat(201);
  await page.setInputFiles("[data-keys-file]", writeFile("mixed.txt", Buffer.concat([
    Buffer.from(`ok\n${long}\nbad `), Buffer.from([0xff]), Buffer.from("\nok\n")])));
  // The file before this one also had 4 lines: wait for this one's summary.
  await page.waitForFunction(() => /from mixed\.txt/.test(document.querySelector(".your-keys")?.textContent ?? "")
    && document.querySelector('[data-figure="keys-read"]')?.textContent.trim() === "4");
  const said = await page.locator(".your-keys").textContent();
  assert.match(said, /1 lines longer than 200 characters were skipped/);
  assert.match(said, /1 keys held bytes that are not UTF-8/);
  // A file dropped on the box is read as a chosen one is.
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["x\ny\nx\n"], "dropped.txt", { type: "text/plain" }));
    return transfer;
  });
  await page.dispatchEvent(".your-keys", "drop", { dataTransfer: dropped });
  await page.waitForFunction(() => /your keys from dropped\.txt\. 3 lines read, 2 distinct/
    .test(document.querySelector(".keys-summary")?.textContent ?? ""));
  assert.deepEqual(errors.filter((e) => !/favicon/.test(e)), []);
  await close();
});

test("a 1,000,000-line log: progress while it is read, a cancel that keeps the view, then every line counted", async () => {
  const file = millionLineLog(artifact("million.log"));
  const { page, close } = await open(env.browser, env.served, "", { lazy: true });
  await page.fill("[data-keys-field]", "7");
  await page.dispatchEvent("[data-keys-field]", "change");
  // Started and stopped: the template's keys stay.
  await page.setInputFiles("[data-keys-file]", file);
  await page.click("[data-keys-progress] [data-keys-cancel]");
  await page.waitForFunction(() => /Reading stopped/.test(document.querySelector("#your-keys-message")?.textContent ?? ""))
    .catch(async (error) => {
      throw new Error(`after Cancel: "${await page.locator(".your-keys").textContent()}" (${error.message})`);
    });
  assert.equal(await page.getAttribute("[data-keys-source]", "data-keys-source"), "template");
  assert.equal(await page.locator("[data-keys-progress]").count(), 0);
  // Read to the end, the progress showing lines read on the way.
  const seen = [];
  await page.exposeFunction("sawProgress", (n) => seen.push(n));
  await page.evaluate(() => {
    new MutationObserver(() => {
      const n = document.querySelector('[data-figure="keys-lines-seen"]')?.textContent;
      if (n) window.sawProgress(Number(n.replace(/,/g, "")));
    }).observe(document.querySelector(".your-keys"), { subtree: true, childList: true, characterData: true });
  });
  await page.setInputFiles("[data-keys-file]", file);
  await waitForSource(page, "yours");
  assert.ok(seen.some((n) => n > 0 && n < 1_000_000), `progress shown on the way: ${seen.slice(0, 5)}`);
  const figures = await keyFigures(page);
  assert.equal(figures.read, "1,000,000");
  assert.equal(figures.placed, figures.distinct === "100,000" || Number(figures.distinct.replace(/,/g, "")) <= 100000
    ? figures.distinct : "100,000");
  await close();
});
