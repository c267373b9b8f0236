// DEFINITIONS §19 in the browser: with servers down, every scheme's and
// system's row says what it does, beside their lines deleted, as the native
// model counts it; the failure panel compares the systems; a pasted config's
// `down` and `disabled` servers are down. The rules themselves are checked
// against nginx and HAProxy in real-programs.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, reveal, schemeRows, nativeFigures, waitForCurrent, artifact } from "./harness.mjs";

const env = sharedBrowser();

/** The failure panel's table of systems, as its hooks hold it, once current. */
async function downTable(page, panel) {
  await reveal(page, panel);
  const table = `#${panel} #down-table`;
  await waitForCurrent(page, table);
  return page.$$eval(`${table} tr[data-down-scheme]`, (rows) =>
    Object.fromEntries(rows.map((row) => [row.dataset.downScheme, {
      "down-moved": Number(row.dataset.downMoved),
      "down-moved-between": Number(row.dataset.downMovedBetween),
      "down-failed": Number(row.dataset.downFailed),
      "down-to-down": Number(row.dataset.downToDown),
      "down-round-robin": Number(row.dataset.downRoundRobin),
      "removed-moved": Number(row.dataset.removedMoved),
      "removed-moved-between": Number(row.dataset.removedMovedBetween),
      "down-differs": row.dataset.downDiffers,
    }])));
}

/** The oracle's rows, their down hooks alone. */
function downOnly(rows) {
  return Object.fromEntries(Object.entries(rows).map(([id, row]) => [id, Object.fromEntries(
    Object.entries(row).filter(([key]) => key.startsWith("down-") || key.startsWith("removed-")))]));
}

// A join then a failure, unequal weights, and Envoy past its panic threshold
// (three of five down: 40% healthy).
for (const query of [
  "servers=10.0.0.1:8080,10.0.0.2:8080,10.0.0.3:8080,10.0.0.4:8080&add=10.0.0.5:8080&down=10.0.0.2:8080",
  "weights=alpha:3,charlie:2&down=bravo,delta",
  "down=alpha,bravo,charlie",
]) {
  test(`every row says what it does with servers down, as the model counts it, at "${query}"`, async () => {
    const { page, errors, close } = await open(env.browser, env.served, `?${query}`);
    const native = nativeFigures(query);
    const systems = await schemeRows(page, "systems");
    assert.deepEqual(systems, native.systems);
    assert.deepEqual(await schemeRows(page, "schemes"), native.schemes);
    for (const row of Object.values(systems)) assert.ok("down-moved" in row);
    // The failure panel's table: the same systems, the same counts.
    assert.deepEqual(await downTable(page, "failure"), downOnly(native.systems));
    assert.deepEqual(await downTable(page, "systems"), downOnly(native.systems));
    // What differs is said, from the same counts.
    const finding = await page.locator("#failure .down-finding").textContent();
    const differing = Object.values(native.systems).filter((row) => row["down-differs"] === "yes").length;
    assert.match(finding, new RegExp(`${differing} of 8 rows differ from deleting`));
    if (query.startsWith("down=alpha,bravo,charlie")) {
      // Envoy in panic: keys still go to down hosts, and nothing moves.
      for (const id of ["envoy-ring", "envoy-maglev"]) {
        assert.ok(systems[id]["down-to-down"] > 0, id);
        assert.equal(systems[id]["down-moved"], 0, id);
      }
      assert.match(finding, /still sends .* keys to down servers/);
    } else {
      assert.equal(systems["envoy-ring"]["down-to-down"], 0);
    }
    // nginx without consistent and HAProxy move only the dead servers' keys while down.
    for (const id of ["nginx-hash", "haproxy"]) {
      assert.equal(systems[id]["down-moved-between"], 0, id);
      assert.equal(systems[id]["down-differs"], "yes", id);
    }
    assert.ok(systems.twemproxy["down-failed"] > 0);
    assert.deepEqual(errors, []);
    await close();
  });
}

test("the failure panel offers the comparison, and its boxes change it", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?panel=failure", { lazy: true });
  await reveal(page, "failure");
  assert.equal(await page.locator("#failure #down-table").count(), 0);
  await page.locator("#compare-down").click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get("down") === "alpha");
  assert.deepEqual(await downTable(page, "failure"), downOnly(nativeFigures("down=alpha").systems));
  // Tick bravo: the table follows.
  await page.locator('input[data-down="bravo"]').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get("down") === "alpha,bravo");
  assert.deepEqual(await downTable(page, "failure"), downOnly(nativeFigures("down=alpha,bravo").systems));
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator("#failure").screenshot({ path: artifact(`failure-down-${width}.png`) });
    // The table fits the panel: no sideways scroll.
    const fits = await page.$eval("#failure #down-table", (table) => table.parentElement.scrollWidth <= table.parentElement.clientWidth + 1);
    assert.ok(fits, `the table overflows at ${width} px`);
  }
  assert.deepEqual(errors, []);
  await close();
});

test("a pasted config's down and disabled servers are down", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?panel=systems", { lazy: true });
  await page.locator("#systems").scrollIntoViewIfNeeded();
  await page.fill("textarea[data-config-paste]", [
    "upstream pool {",
    "    hash $request_uri;",
    "    server 10.0.0.1:8080;",
    "    server 10.0.0.2:8080 down;",
    "    server 10.0.0.3:8080;",
    "}",
  ].join("\n"));
  await page.click("#config-read");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("down") === "10.0.0.2:8080");
  assert.match(await page.locator("[data-config-message]").textContent(), /Marked down: 10\.0\.0\.2:8080/);
  const query = new URLSearchParams(new URL(page.url()).search).toString();
  const rows = await schemeRows(page, "systems");
  assert.deepEqual(rows, nativeFigures(query).systems);
  assert.equal(rows["nginx-hash"]["down-differs"], "yes");
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator("#systems").screenshot({ path: artifact(`systems-down-${width}.png`) });
    const fits = await page.$eval("#systems #down-table", (table) => table.parentElement.scrollWidth <= table.parentElement.clientWidth + 1);
    assert.ok(fits, `the systems panel's down table overflows at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.fill("textarea[data-config-paste]", "backend b\n    hash-type consistent\n    server s1 10.0.0.1:80\n    server s2 10.0.0.2:80 disabled\n    server s3 10.0.0.3:80\n");
  await page.click("#config-read");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("down") === "s2");
  assert.deepEqual(errors, []);
  await close();
});
