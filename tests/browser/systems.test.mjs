// Issue 32 in the browser: the systems panel's rows against the native
// model and DEFINITIONS §15, the insert position and HAProxy's renumbering.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, schemeRows, nativeFigures, artifact } from "./harness.mjs";

/** A row's counts, without the names and words DEFINITIONS' tables leave out. */
const counts = ({ moved, "moved-between": between, busiest, quietest, entries }) =>
  ({ moved, "moved-between": between, busiest, quietest, entries });

const env = sharedBrowser();

/** DEFINITIONS §15's table: moved / between / busiest / quietest / entries, by address. */
const DEFINED = {
  "": { nginx: [188, 0, 218, 183, 800], haproxy: [212, 0, 232, 152, 80], "envoy-ring": [295, 84, 211, 176, 1025],
    "envoy-maglev": [195, 1, 214, 194, 65537], twemproxy: [320, 0, 320, 70, 800] },
  "servers=alpha,bravo,charlie,delta,echo&remove=bravo": { haproxy: [683, 531, 291, 182, 64],
    "nginx-hash": [797, 590, 251, 249, 4], ketama: [190, 0, 277, 212, 640] },
  "addat=2": { haproxy: [683, 531, 232, 152, 80], "nginx-hash": [797, 590, 212, 179, 5] },
};

for (const [query, cells] of Object.entries(DEFINED)) {
  test(`every system's row is the native model's and DEFINITIONS §15's at "${query}"`, async () => {
    const { page, errors, close } = await open(env.browser, env.served, query ? `?${query}` : "");
    const rows = await schemeRows(page, "systems");
    assert.deepEqual(rows, nativeFigures(query).systems);
    assert.deepEqual(Object.keys(rows), ["ketama", "groupcache", "nginx", "nginx-hash", "haproxy", "envoy-ring",
      "envoy-maglev", "twemproxy"]);
    for (const [id, [moved, between, busiest, quietest, entries]] of Object.entries(cells)) {
      assert.deepEqual(counts(rows[id]), { moved, "moved-between": between, busiest, quietest, entries }, id);
    }
    if (!query) {
      // The verdict's numbers are the rows'.
      const said = await page.locator("#systems [aria-live]").first().textContent();
      assert.match(said, /groupcache \(Go\) moves the fewest keys \(153\)/);
      assert.match(said, /Envoy ring hash \(and gRPC\) \(84\)/);
      for (const width of [390, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.locator("#systems").screenshot({ path: artifact(`systems-${width}.png`) });
      }
    }
    assert.deepEqual(errors, []);
    await close();
  });
}

test("the join's position: HAProxy renumbers, and a position past the list is refused", async () => {
  const { page, close } = await open(env.browser, env.served);
  assert.equal(await page.inputValue("#join-position"), "5");
  await page.fill("#join-position", "2");
  await page.dispatchEvent("#join-position", "change");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("addat") === "2");
  const rows = await schemeRows(page, "systems");
  assert.deepEqual(rows, nativeFigures("addat=2").systems);
  // Appended, HAProxy moves 212 keys; inserted second, every later server's
  // id shifts and 683 move, 531 of them between servers that stay.
  assert.deepEqual([rows.haproxy.moved, rows.haproxy["moved-between"]], [683, 531]);
  await page.fill("#join-position", "9");
  await page.dispatchEvent("#join-position", "change");
  await page.waitForFunction(() => /position 1 to 5/.test(document.querySelector("#change-message")?.textContent ?? ""));
  assert.equal(new URLSearchParams(new URL(page.url()).search).get("addat"), "2");
  // Back to the end: the address drops the position.
  await page.fill("#join-position", "5");
  await page.dispatchEvent("#join-position", "change");
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("addat"));
  await close();
});

test("a pasted nginx upstream sets the pool, marks its row, and a malformed one changes nothing", async () => {
  const { page, close } = await open(env.browser, env.served, "?panel=systems", { lazy: true });
  await page.locator("#systems").scrollIntoViewIfNeeded();
  const upstream = [
    "upstream cache {",
    "    hash $request_uri consistent;",
    "    server 10.0.0.1:8080 weight=2;",
    "    server cache1.local:8080;",
    "    server 10.0.0.3:8080 max_fails=3 fail_timeout=10s;",
    "    keepalive 32;",
    "}",
  ].join("\n");
  await page.fill("textarea[data-config-paste]", upstream);
  await page.click("#config-read");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("servers") === "10.0.0.1:8080,cache1.local:8080,10.0.0.3:8080");
  const params = new URLSearchParams(new URL(page.url()).search);
  assert.equal(params.get("weights"), "10.0.0.1:8080:2");
  const said = await page.locator("[data-config-message]").textContent();
  assert.match(said, /Read an nginx upstream block: 3 servers, weights 2, 1, 1/);
  assert.match(said, /line 6 \(keepalive 32;\)/);
  const query = params.toString();
  const rows = await schemeRows(page, "systems");
  assert.deepEqual(rows, nativeFigures(query).systems);
  assert.deepEqual(await page.$$eval("tr[data-yours]", (trs) => trs.map((tr) => tr.dataset.scheme)), ["nginx"]);
  await page.locator("#systems").screenshot({ path: artifact("systems-pasted-1280.png") });
  // A malformed line: its number and why, and the pool stays.
  await page.fill("textarea[data-config-paste]", "backend web\n    hash-type consistent\n    server web1 10.0.0.1:80 weight 12\n");
  await page.click("#config-read");
  await page.waitForFunction(() => /Line 3: weight 12 is outside/.test(document.querySelector("[data-config-message]").textContent));
  assert.equal(new URLSearchParams(new URL(page.url()).search).toString(), query);
  // What nginx refuses, in nginx's words: a backup after the hash line.
  await page.fill("textarea[data-config-paste]", upstream.replace("max_fails=3 fail_timeout=10s", "backup"));
  await page.click("#config-read");
  await page.waitForFunction(() => /Line 5: nginx refuses it: balancing method does not support parameter/.test(document.querySelector("[data-config-message]").textContent));
  assert.equal(new URLSearchParams(new URL(page.url()).search).toString(), query);
  assert.deepEqual(await page.$$eval("tr[data-yours]", (trs) => trs.map((tr) => tr.dataset.scheme)), ["nginx"]);
  await close();
});

test("an HAProxy backend, a twemproxy pool and a plain list each set the pool in order", async () => {
  const { page, close } = await open(env.browser, env.served, "?panel=systems", { lazy: true });
  // Each pool's newcomer is named in the pool's own form (issue 49, item 4).
  for (const [text, servers, weights, yours, joins] of [
    ["backend caches\n  balance uri\n  hash-type consistent\n  server web1 10.0.0.1:80 check weight 3\n  server web2 10.0.0.2:80 check\n  server web3 10.0.0.3:80 check\n",
      "web1,web2,web3", "web1:3", "haproxy", "web4"],
    ["beta:\n  listen: 127.0.0.1:22121\n  hash: fnv1a_64\n  distribution: ketama\n  servers:\n   - 10.0.0.1:11211:1\n   - 10.0.0.2:11211:2\n",
      "10.0.0.1:11211,10.0.0.2:11211", "10.0.0.2:11211:2", "twemproxy", "10.0.0.3:11211"],
    ["alpha\nbravo 3\ncharlie\n", "alpha,bravo,charlie", "bravo:3", null, "new-1"],
  ]) {
    await page.fill("textarea[data-config-paste]", text);
    await page.click("#config-read");
    await page.waitForFunction((s) => new URLSearchParams(location.search).get("servers") === s, servers);
    assert.equal(new URLSearchParams(new URL(page.url()).search).get("weights"), weights);
    assert.equal(new URLSearchParams(new URL(page.url()).search).get("add"), joins);
    await page.waitForFunction((y) => (document.querySelector("tr[data-yours]")?.dataset.scheme ?? null) === y, yours);
  }
  // A backup takes keys only when every other server is down: read, not
  // placed, and so not a server that joins.
  await page.fill("textarea[data-config-paste]", "backend caches\n  hash-type consistent\n  server web1 10.0.0.1:80 check\n  server web9 10.0.0.9:80 check backup\n  server web2 10.0.0.2:80 check\n");
  await page.click("#config-read");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("servers") === "web1,web2");
  assert.match(await page.locator("[data-config-message]").textContent(), /Backup, not placed: web9, which takes keys only when every other server is down\./);
  // What HAProxy itself refuses is refused by line, and nothing changes.
  const before = new URL(page.url()).search;
  await page.fill("textarea[data-config-paste]", "backend b\n  server 10.9.9.9:80 weight=eleventy;\n  server b 10.0.0.2:80\n");
  await page.click("#config-read");
  await page.waitForFunction(() => /Line 2: “weight=eleventy;” is not an address/.test(document.querySelector("[data-config-message]").textContent));
  assert.equal(new URL(page.url()).search, before);
  await close();
});

test("the settings lead to the config box, on a phone out of the sheet, and Back returns", async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const phone = viewport.width < 500;
    const { page, errors, close } = await open(env.browser, env.served, "", { viewport, hasTouch: phone, lazy: true, answered: true });
    if (phone) await page.click("[data-open-settings]");
    const link = page.locator("#settings a[data-in-panel]");
    const box = await link.boundingBox();
    assert.ok(box.height >= 44, `${viewport.width}: the link is ${box.height} px tall`);
    await link.click();
    await page.waitForFunction(() => document.activeElement?.id === "config-paste");
    if (phone) assert.equal(await page.locator("#settings.sheet-open").count(), 0, "the sheet closed");
    // The box and its label on screen, below the phone's quick bar.
    const inView = await page.evaluate(() => {
      const label = document.querySelector("label[for='config-paste']").getBoundingClientRect();
      const bar = document.querySelector(".quickbar");
      const top = bar && bar.checkVisibility() ? bar.getBoundingClientRect().bottom : 0;
      return label.top >= top - 1 && document.activeElement.getBoundingClientRect().bottom <= innerHeight;
    });
    assert.ok(inView, `${viewport.width}: the box and its label are on screen`);
    // Back: where the reader was, the page's top (and on a laptop, focus on the link).
    await page.goBack();
    await page.waitForFunction((phone) => window.scrollY < 50
      && (phone || document.activeElement?.matches("#settings a[data-in-panel]")), phone);
    assert.deepEqual(errors, []);
    await close();
  }
});
