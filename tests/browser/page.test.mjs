// The interactive page in real headless Chromium: the spec's figures, the
// controls, and refusals that keep the last good view.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { sharedBrowser, open, figure, waitForFigure, loads, claims, artifact, nativeFigures, reveal, appReady } from "./harness.mjs";

const require = createRequire(import.meta.url);
const env = sharedBrowser();


test("default page shows the spec's figures and every claim holds", async () => {
  const { page, foreign, errors, close } = await open(env.browser, env.served);
  // DEFINITIONS §2's default figures, pinned on purpose: the page must show these.
  assert.equal(await figure(page, "moved"), "205");
  assert.equal(await figure(page, "moved-arc"), "205");
  assert.equal(await figure(page, "modulo-moved"), "773");
  assert.equal(await figure(page, "even-share"), "200");
  assert.equal(await figure(page, "spread"), "1.27");
  const load = await loads(page);
  assert.deepEqual(
    Object.fromEntries(Object.entries(load).map(([name, l]) => [name, l.after])),
    { alpha: 194, bravo: 228, charlie: 194, delta: 179, echo: 205 },
  );
  assert.equal(load.echo.before, 0);
  // Every claim of the model's list, in its order, each with its kind (DEFINITIONS §14).
  const native = nativeFigures("");
  const verdicts = await claims(page);
  assert.deepEqual(verdicts, native.claims);
  for (const id of Object.keys(native.claims)) assert.equal(verdicts[id], "yes", id);
  const kinds = await page.$$eval("#claims tr[data-claim]", (rows) =>
    Object.fromEntries(rows.map((row) => [row.dataset.claim, row.dataset.kind])),
  );
  assert.deepEqual(kinds, native["claim-kinds"]);
  // The first ring entries of the spec, in order.
  const entries = await page.$$eval("tr[data-entry]", (rows) =>
    rows.slice(0, 3).map((r) => [Number(r.dataset.position), r.dataset.serverName, Number(r.dataset.point)]),
  );
  assert.deepEqual(entries, [[16951555, "echo", 45], [22095772, "alpha", 91], [34206755, "echo", 21]]);
  // On arrival the headline asks before it tells (DEFINITIONS §12)…
  assert.match(await page.locator("[data-headline]").textContent(), /^When echo joins the 4 servers, how many of the 1,000 keys change server\?/);
  // …and once the question is skipped it states the model's numbers.
  await reveal(page, "predict");
  await page.locator('#predict [data-question="moved"] .show-me').click();
  // It then asks modulo's question in its place, and tells once that is skipped.
  await page.waitForFunction(() => /205 of 1,000 keys \(20\.5%\)\. How many would hash mod n move\?/.test(document.querySelector("[data-headline]").textContent));
  await page.locator("#question-next").click();
  await page.locator('[data-question="modulo"] .show-me').click();
  await page.waitForFunction(() => /205 of 1,000 keys \(20\.5%\).*773/.test(document.querySelector("[data-headline]").textContent));
  await page.screenshot({ path: artifact("default-1280.png"), fullPage: true });
  assert.deepEqual(foreign, [], "no request may leave the page's origin");
  assert.deepEqual(errors, []);
  await close();
});

/** The legend's counts by server name, and whether its items are the ones tagged before. */
const legendOf = (page) => page.evaluate(() => ({
  kept: [...document.querySelectorAll(".legend li")].every((element, index) => element.__tag === index),
  legend: Object.fromEntries([...document.querySelectorAll(".legend li")].map((li) => [
    li.querySelector(".legend-name").textContent,
    Number(li.querySelector(".legend-load").textContent.replace(/\D/g, "")),
  ])),
}));

test("one point per server: the model's figures and the even-share claim fails", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "", { answered: true });
  const native = nativeFigures("points=1");
  // Regions written as markup are patched where only text and attribute
  // values change: the legend's items stay the same elements. Tag them to tell.
  await page.evaluate(() => document.querySelectorAll(".legend li").forEach((element, index) => (element.__tag = index)));
  await page.locator("#points-range").fill("0"); // the first stop: 1 point
  await waitForFigure(page, "moved", native.moved);
  const after = await page.evaluate(() => ({
    rows: [...document.querySelectorAll("tr[data-entry]")].map((row) => ({
      position: row.dataset.position,
      shown: row.cells[0].textContent,
      server: row.dataset.serverName,
      named: row.cells[1].textContent,
      point: row.dataset.point,
      numbered: row.cells[2].textContent,
    })),
  }));
  const legend = await legendOf(page);
  assert.ok(legend.kept, "the legend was patched, not rebuilt");
  assert.deepEqual(legend.legend, Object.fromEntries(Object.entries(native.loads).map(([name, l]) => [name, l.after])));
  // Five entries where there were twelve: the table was written afresh.
  assert.equal(after.rows.length, 5);
  const positions = after.rows.map((row) => Number(row.position));
  assert.deepEqual(positions, [...positions].sort((a, b) => a - b));
  for (const row of after.rows) {
    assert.equal(row.shown, Number(row.position).toLocaleString("en-US"), "a position is written with separators");
    assert.equal(row.named, row.server);
    assert.equal(row.numbered, `#${row.point}`);
    assert.equal(row.point, "0", "one point per server: each is point #0");
  }
  assert.equal(await figure(page, "moved-arc"), native["moved-arc"]);
  assert.deepEqual(await loads(page), native.loads);
  const verdicts = await claims(page);
  assert.equal(verdicts["even-share"], "no");
  assert.equal(verdicts["routes-agree"], "yes");
  assert.equal(await page.locator("#points-number").inputValue(), "1");
  await page.screenshot({ path: artifact("one-point-1280.png"), fullPage: true });
  // A second patch reuses the nodes the first one listed: still the same
  // elements, and the counts of the new setting.
  await page.locator("#points-range").fill("1");
  const points = await page.locator("#points-number").inputValue();
  const second = nativeFigures(`points=${points}`);
  await waitForFigure(page, "moved", second.moved);
  const again = await legendOf(page);
  assert.notEqual(points, "1");
  assert.ok(again.kept, "the legend was patched again, not rebuilt");
  assert.deepEqual(again.legend, Object.fromEntries(Object.entries(second.loads).map(([name, l]) => [name, l.after])));
  assert.deepEqual(errors, []);
  await close();
});

test("plain FNV-1a: the model's figures, lopsided loads, even share fails", async () => {
  const { page, close } = await open(env.browser, env.served);
  const native = nativeFigures("hash=fnv1a");
  // The first entries change hash but stay twelve rows: the rows are
  // patched in place (values of attributes and text), not rebuilt.
  const before = await page.evaluate(() =>
    [...document.querySelectorAll("tr[data-entry]")].map((row, index) => ((row.__tag = index), row.dataset.position)),
  );
  await page.locator("#hash").selectOption("fnv1a");
  await waitForFigure(page, "moved", native.moved);
  const rows = await page.evaluate(() =>
    [...document.querySelectorAll("tr[data-entry]")].map((row, index) => ({
      kept: row.__tag === index,
      position: row.dataset.position,
      shown: row.cells[0].textContent,
      server: row.dataset.serverName,
      named: row.cells[1].textContent,
      swatch: row.querySelector(".swatch").className,
    })),
  );
  assert.equal(rows.length, 12);
  assert.ok(rows.every((row) => row.kept), "the entries were patched, not rebuilt");
  assert.notDeepEqual(rows.map((row) => row.position), before);
  for (const row of rows) {
    assert.equal(row.shown, Number(row.position).toLocaleString("en-US"), "a position is written with separators");
    assert.equal(row.named, row.server);
  }
  // Each swatch in its server's colour (the legend's), patched along with the name.
  const legendSwatch = await page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll(".legend li")].map((li) => [
      li.querySelector(".legend-name").textContent,
      li.querySelector(".swatch").className,
    ])),
  );
  for (const row of rows) assert.equal(row.swatch, legendSwatch[row.server], row.server);
  assert.equal(await figure(page, "moved-arc"), native["moved-arc"]);
  assert.equal(await figure(page, "modulo-moved"), native["modulo-moved"]);
  // DEFINITIONS §2 pins plain fnv1a's busiest and quietest before the join, on purpose.
  const load = await loads(page);
  assert.deepEqual(load, native.loads);
  assert.equal(Math.max(...Object.values(load).map((l) => l.before)), 433);
  assert.equal(Math.min(...Object.values(load).filter((l) => l.before > 0).map((l) => l.before)), 136);
  assert.equal((await claims(page))["even-share"], "no");
  // Each verdict states its rule on the page.
  assert.match(await page.locator('tr[data-claim="even-share"] .rule').textContent(), /3 binomial standard deviations/);
  await close();
});

test("adding and removing named servers changes the tables", async () => {
  const { page, close } = await open(env.browser, env.served);
  await page.locator("#add-server").fill("foxtrot");
  await page.locator("#add-server-button").click();
  await reveal(page, "loads");
  await page.waitForSelector('tr[data-server="foxtrot"]');
  const grown = await loads(page);
  assert.ok(grown.foxtrot.before > 0 && grown.foxtrot.after > 0);
  // 1,000 keys over six servers once foxtrot is listed.
  assert.equal(await figure(page, "even-share"), nativeFigures(new URL(page.url()).search.slice(1))["even-share"]);
  await page.getByRole("button", { name: "Remove bravo" }).click();
  await page.waitForSelector('tr[data-server="bravo"]', { state: "detached" });
  const shrunk = await loads(page);
  assert.deepEqual(Object.keys(shrunk).sort(), ["alpha", "charlie", "delta", "echo", "foxtrot"]);
  const total = Object.values(shrunk).reduce((sum, l) => sum + l.after, 0);
  assert.equal(total, 1000);
  // A leave instead of a join.
  await page.locator("#change-leave").check();
  await page.locator("#leaver").selectOption("charlie");
  await page.waitForFunction(() => document.querySelector('tr[data-server="charlie"]')?.dataset.after === "0");
  const left = await loads(page);
  assert.equal(Number(await figure(page, "moved")), left.charlie.before);
  assert.equal(await figure(page, "moved"), await figure(page, "moved-arc"));
  await close();
});

test("bad input shows a message and keeps the last view", async () => {
  const { page, errors, close } = await open(env.browser, env.served);
  await page.locator("#add-server").fill("bravo");
  await page.locator("#add-server-button").click();
  await assert.doesNotReject(page.waitForSelector("#servers-message:has-text('already')"));
  await page.locator("#server-list").fill("alpha, bravo, alpha");
  await page.locator("#server-list-button").click();
  assert.match(await page.locator("#servers-message").textContent(), /appears twice/);
  await page.locator("#points-number").fill("501");
  await page.locator("#points-number").press("Enter");
  assert.match(await page.locator("#points-message").textContent(), /1 to 500/);
  await page.locator("#keys-number").fill("0");
  await page.locator("#keys-number").press("Enter");
  assert.match(await page.locator("#keys-message").textContent(), /1 to 100,000/);
  await page.locator("#joiner").fill("alpha");
  await page.locator("#joiner-button").click();
  assert.match(await page.locator("#change-message").textContent(), /already on the ring/);
  // Nothing changed underneath: still DEFINITIONS §2's default figures (pinned on purpose).
  assert.equal(await figure(page, "moved"), "205");
  assert.equal(await figure(page, "modulo-moved"), "773");
  assert.equal(Object.keys(await loads(page)).length, 5);
  assert.deepEqual(errors, []);
  await close();
});

test("step-through walks the joins one server at a time", async () => {
  const { page, close } = await open(env.browser, env.served, "", { answered: true });
  const caption = () => page.locator("[data-caption]").textContent();
  // DEFINITIONS §2's 205, pinned on purpose.
  assert.match(await caption(), /echo joins: 205 keys changed owner/);
  await page.locator("#step-back").click();
  assert.match(await caption(), /delta joins/);
  for (let i = 0; i < 3; i++) await page.locator("#step-back").click();
  assert.match(await caption(), /alpha alone holds every key: 0 keys/);
  assert.ok(await page.locator("#step-back").isDisabled());
  await page.locator("#step-forward").click();
  assert.match(await caption(), /bravo joins/);
  await close();
});

test("layout fits a phone and a laptop without sideways scrolling", async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, close } = await open(env.browser, env.served, "", { viewport, scale: 2 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than a ${viewport.width}px screen`);
    const canvas = await page.evaluate(() => {
      const c = document.querySelector(".ring-canvas");
      return { backing: c.width, css: c.clientWidth };
    });
    assert.equal(canvas.backing, canvas.css * 2, "ring canvas is drawn at device resolution");
    await page.screenshot({ path: artifact(`default-${viewport.width}.png`), fullPage: viewport.width < 500 });
    await close();
  }
});

test("on a phone a ring and the points slider stay on screen together", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "", { viewport: { width: 390, height: 844 }, scale: 2 });
  /** Is the element's whole box inside the viewport? */
  const inView = (selector) => page.$eval(selector, (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
  });
  // The long settings column is not on the page but in the sheet ⚙ opens.
  assert.equal(await page.locator(".controls").evaluate((c) => c.getClientRects().length), 0, "the settings are in the sheet on a phone");
  for (const where of ["after loading", "scrolled to the claims"]) {
    if (where !== "after loading") {
      await page.locator("#claims-panel").scrollIntoViewIfNeeded();
      // The sticky bar is placed in the frame after the scroll.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    assert.ok(await inView("#quick-ring"), `small ring in view ${where}`);
    assert.ok(await inView("#quick-points-range"), `points slider in view ${where}`);
    assert.ok(await inView("#quick-hash"), `hash in view ${where}`);
  }
  // The small ring is drawn, and its slider drives the page: the first stop is 1 point.
  assert.ok(await page.$eval("#quick-ring", (c) => c.width > 0));
  await page.locator("#quick-points-range").fill("0");
  await page.waitForFunction(() => location.search.includes("points=1&"));
  assert.equal(await page.locator("#points-number").inputValue(), "1");
  await page.screenshot({ path: artifact("phone-claims-390.png") });
  // On a laptop the bar is hidden: the settings column is in view already.
  assert.deepEqual(errors, []);
  await close();
  const laptop = await open(env.browser, env.served);
  assert.equal(await laptop.page.$eval(".quickbar", (el) => getComputedStyle(el).display), "none");
  await laptop.close();
});

test("sentences write counts of 10,000 and more with separators", async () => {
  // Large enough that every panel's prose has such counts to write. Tables
  // (and the figures, DEFINITIONS §6) keep plain numbers, aligned in columns.
  const { page, close } = await open(env.browser, env.served, "?servers=a,b,c,d,e,f&add=g&points=500&keys=100000");
  for (const panel of await page.$$eval("[data-panel]", (slots) => slots.map((slot) => slot.dataset.panel))) await reveal(page, panel);
  await page.locator("#claims-panel").waitFor();
  await page.waitForFunction(() => document.querySelectorAll("#claims tr[data-claim]").length > 0);
  const found = await page.evaluate(() => {
    const sentences = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let seen = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const cell = node.parentElement.closest("td.num, th.num, [data-figure], script, style, code");
      if (cell) continue;
      seen += 1;
      // Five digits or more in a row, not the fraction of a decimal.
      if (/(^|[^.\d])\d{5,}/.test(node.textContent)) sentences.push(node.textContent.trim());
    }
    return { seen, sentences };
  });
  assert.ok(found.seen > 200, `only ${found.seen} text nodes read`);
  assert.deepEqual(found.sentences, []);
  // The claims' evidence is among them: one of its large counts, grouped.
  assert.match(await page.locator('tr[data-claim="routes-agree"]').textContent(), /14,647 by owners, 14,647 by arcs/);
  await close();
});

test("up to eight servers, the joiner included, never share a colour", async () => {
  // Issue 35's pool, where colours by name alone paired 10.0.0.3 with
  // 10.0.0.5 and 10.0.0.6 with the joiner.
  const query = "?servers=10.0.0.1,10.0.0.2,10.0.0.3,10.0.0.4,10.0.0.5,10.0.0.6&add=10.0.0.7&weights=10.0.0.1:2";
  const { page, close } = await open(env.browser, env.served, query, { answered: true });
  await appReady(page);
  const swatches = (selector) => page.$$eval(selector, (items) => items.map((item) => [
    item.textContent.trim().split(/\s/)[0], item.querySelector(".swatch").className,
  ]));
  for (const selector of ["#ring .legend li", "#loads-table tbody th"]) {
    const colours = Object.fromEntries(await swatches(selector));
    assert.equal(Object.keys(colours).length, 7, selector);
    assert.equal(new Set(Object.values(colours)).size, 7, `${selector}: ${JSON.stringify(colours)}`);
  }
  // Names and colours are one to one: no server is offered to pick out.
  assert.equal(await page.locator("#ring [data-pick-server]").count(), 0);
  await close();
});

test("past eight servers a name in the ring's legend picks its server out on the canvas", async () => {
  // Issue 35 item 7: at the lesson's nineteen servers colours repeat (m04
  // and m09 are both orange), so a mark's colour alone cannot name it.
  const nineteen = Array.from({ length: 18 }, (_, i) => `m${String(i + 1).padStart(2, "0")}`).join(",");
  const query = `servers=${nineteen}&add=m19`;
  const native = nativeFigures(query);
  for (const width of [390, 1280]) {
    const { page, errors, close } = await open(env.browser, env.served, `?${query}`, { answered: true, bypassCSP: true, viewport: { width, height: 900 } });
    await appReady(page);
    const names = await page.$$eval("#ring [data-pick-server]", (buttons) => buttons.map((b) => b.dataset.pickServer));
    assert.equal(names.length, 19, `${width}: one button per server after the join`);
    // Each swatch's colour, and how many canvas pixels are exactly each colour.
    const census = () => page.evaluate(() => {
      const swatch = Object.fromEntries([...document.querySelectorAll("#ring [data-pick-server]")].map((b) => [
        b.dataset.pickServer, getComputedStyle(b.querySelector(".swatch")).backgroundColor.match(/\d+/g).map(Number).join(","),
      ]));
      const canvas = document.querySelector("#ring canvas");
      const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      const pixels = {};
      for (let i = 0; i < data.length; i += 4) {
        const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
        pixels[key] = (pixels[key] ?? 0) + 1;
      }
      return { swatch, pixels, pressed: [...document.querySelectorAll('#ring [aria-pressed="true"]')].map((b) => b.dataset.pickServer) };
    });
    const before = await census();
    const m04 = before.swatch.m04;
    const others = [...new Set(Object.values(before.swatch))].filter((c) => c !== m04);
    assert.ok(others.length >= 6, `${width}: ${JSON.stringify(before.swatch)}`);
    assert.ok(before.pixels[m04] > 0, `${width}: m04's colour is on the canvas`);
    for (const colour of others) assert.ok(before.pixels[colour] > 0, `${width}: ${colour} is on the canvas before a pick`);

    await page.locator('#ring [data-pick-server="m04"]').click();
    await page.waitForFunction(() => document.querySelector("#ring [data-picked-note]")?.textContent.startsWith("Picked out: m04"));
    // Only m04's marks keep a full colour: every other colour is gone.
    await page.waitForFunction((others) => {
      const canvas = document.querySelector("#ring canvas");
      const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      const colours = new Set(others);
      for (let i = 0; i < data.length; i += 4) if (colours.has(`${data[i]},${data[i + 1]},${data[i + 2]}`)) return false;
      return true;
    }, others);
    const picked = await census();
    assert.deepEqual(picked.pressed, ["m04"]);
    assert.ok(picked.pixels[m04] > 0, `${width}: m04's marks stay in colour`);
    const note = await page.locator("#ring [data-picked-note]").textContent();
    const keys = native.loads.m04.after.toLocaleString("en-US");
    assert.match(note, new RegExp(`^Picked out: m04, its 200 points and ${keys} keys in colour`), note);
    assert.match(await page.locator("#ring canvas").getAttribute("aria-label"), /Picked out: m04/);
    await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
    const axe = await page.evaluate(() => window.axe.run());
    assert.deepEqual(axe.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`), [], `${width}`);

    // Tapped again, every server is back in its colour.
    await page.locator('#ring [data-pick-server="m04"]').click();
    await page.waitForFunction(() => document.querySelector("#ring [data-picked-note]")?.textContent.startsWith("Colours repeat"));
    const shown = await census();
    assert.deepEqual(shown.pressed, []);
    for (const colour of others) assert.ok(shown.pixels[colour] > 0, `${width}: ${colour} is back`);
    assert.deepEqual(errors, []);
    await close();
  }
});

test("past eight servers each server's number is on the ring beside its keys, as in the legend, none over another", async () => {
  // Issue 47 item 7: where colours repeat, a mark must still name its server.
  const nineteen = Array.from({ length: 18 }, (_, i) => `m${String(i + 1).padStart(2, "0")}`).join(",");
  for (const [width, points] of [[390, 1], [390, 200], [1280, 200], [1280, 1]]) {
    const { page, errors, close } = await open(env.browser, env.served, `?servers=${nineteen}&add=m19&points=${points}`, { answered: true, viewport: { width, height: 900 } });
    await appReady(page);
    await page.waitForFunction(() => document.querySelector("#ring canvas.ring-canvas")?.dataset.numbers);
    const { numbers, legend, side } = await page.evaluate(() => {
      const canvas = document.querySelector("#ring canvas.ring-canvas");
      const scale = canvas.width / canvas.clientWidth;
      const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      // How many pixels of each number's box are in the numbers' ink.
      const inked = ([x, y, w, h]) => {
        let count = 0;
        for (let py = Math.round((y - h / 2) * scale); py < (y + h / 2) * scale; py++) {
          for (let px = Math.round((x - w / 2) * scale); px < (x + w / 2) * scale; px++) {
            const i = (py * canvas.width + px) * 4;
            // #e6e8ee, the numbers' own ink (moved keys' rings are white).
            if (Math.abs(data[i] - 230) + Math.abs(data[i + 1] - 232) + Math.abs(data[i + 2] - 238) <= 6) count++;
          }
        }
        return count;
      };
      const numbers = canvas.dataset.numbers.split(";").filter(Boolean).map((n) => {
        const [number, ...box] = n.split(" ").map(Number);
        return { number, box, inked: inked(box) };
      });
      const legend = [...document.querySelectorAll("#ring .legend li")].map((li) =>
        [li.querySelector(".legend-number").textContent, li.querySelector(".legend-name").textContent]);
      return { numbers, legend, side: canvas.clientWidth };
    });
    // The legend numbers each server by its place in the list, m04 as 4.
    assert.deepEqual(legend, Array.from({ length: 19 }, (_, i) => [`${i + 1}`, `m${String(i + 1).padStart(2, "0")}`]));
    assert.deepEqual(numbers.map((n) => n.number).sort((a, b) => a - b), Array.from({ length: 19 }, (_, i) => i + 1), `${width}`);
    for (const [i, { number, box: [x, y, w, h], inked }] of numbers.entries()) {
      assert.ok(x - w / 2 >= 0 && x + w / 2 <= side && y - h / 2 >= 0 && y + h / 2 <= side, `${width}: ${number} inside the canvas`);
      assert.ok(inked > 4, `${width}: ${number} is written (${inked} pixels of ink)`);
      for (const { number: other, box: [ox, oy, ow, oh] } of numbers.slice(0, i)) {
        assert.ok(Math.abs(x - ox) >= (w + ow) / 2 || Math.abs(y - oy) >= (h + oh) / 2, `${width}, ${points}: ${number} covers ${other}`);
      }
    }
    assert.deepEqual(errors, []);
    await close();
  }
  // Up to eight servers the colours say it all: no numbers.
  const { page, close } = await open(env.browser, env.served, "", { answered: true });
  await appReady(page);
  assert.equal(await page.locator("#ring canvas.ring-canvas").getAttribute("data-numbers"), "");
  assert.equal(await page.locator("#ring .legend-number").count(), 0);
  await close();
});

test("a typed number applies once the typing pauses, or on leaving the box, and says so while it waits", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "");
  // Every text each box's message showed, however briefly.
  await page.evaluate(() => {
    window.__said = [];
    new MutationObserver(() => {
      for (const message of document.querySelectorAll("[data-message], .chip-message")) {
        if (message.textContent) window.__said.push(`${message.id}: ${message.textContent}`);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const said = () => page.evaluate(() => window.__said);
  // No Enter, the box keeps focus: the pause alone applies it.
  await page.locator("#points-number").fill("3");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("points") === "3");
  assert.equal(await page.evaluate(() => document.activeElement.id), "points-number");
  assert.ok((await said()).includes("points-message: Applies when you stop typing, or press Enter."), (await said()).join("\n"));
  await waitForFigure(page, "moved", nativeFigures("points=3").moved);
  await page.waitForFunction(() => !document.querySelector("#points-message").textContent);
  // A weight, and leaving the box (Tab) before the pause.
  await page.locator('[data-weight-of="alpha"]').fill("2");
  await page.keyboard.press("Tab");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("weights") === "alpha:2");
  assert.ok((await said()).some((s) => s.startsWith("weight-message-alpha: Applies when")), (await said()).join("\n"));
  // An emptied box waits for a number and refuses nothing.
  await page.locator("#first-number").fill("");
  await page.locator("#first-number").fill("40");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("first") === "40");
  assert.ok(!(await said()).some((s) => /not a whole number/.test(s)), (await said()).join("\n"));
  assert.deepEqual(errors, []);
  await close();
});

test("on a laptop the points slider and the hash are in the first screen and in reach while any panel is read", async () => {
  /** Is the element's whole box inside the viewport? */
  const inView = (page, selector) => page.$eval(selector, (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
  });
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }]) {
    const { page, close } = await open(env.browser, env.served, "", { viewport });
    const panels = await page.$$eval(".panels section.panel[id]", (sections) => sections.map((s) => s.id));
    assert.ok(panels.length >= 10, panels.join(","));
    for (const where of ["top", ...panels]) {
      if (where === "top") await page.evaluate(() => scrollTo(0, 0));
      else await page.locator(`#${where}`).scrollIntoViewIfNeeded();
      for (const control of ["#points-range", "#points-number", "#hash"]) {
        assert.ok(await inView(page, control), `${viewport.width}: ${control} in view at ${where}`);
      }
    }
    await close();
  }
});

test("on a phone the settings sheet opens on its controls: points, hash and keys in view, presets one tap away", async () => {
  const { page, close } = await open(env.browser, env.served, "", { viewport: { width: 390, height: 844 }, hasTouch: true, lazy: true });
  await page.locator("#open-settings").click();
  await page.waitForSelector(".controls.sheet-open");
  for (const control of ["#points-range", "#hash", "#keys-number", ".presets summary"]) {
    const box = await page.locator(control).boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `${control} at ${box?.y}`);
  }
  assert.equal(await page.locator(".presets details").evaluate((details) => details.open), false);
  await close();
});

test("a key typed in \"Any one key\" is marked on the ring, and the legend says what its marks are", async () => {
  const { page, close } = await open(env.browser, env.served, "?key=user%3A42&points=5", { answered: true, lazy: true });
  await page.waitForSelector("#lookup-legend");
  assert.match(await page.locator("#lookup-legend").textContent(), /“user:42” \(Any one key\); small rings: the points its search looked at; a large ring: where it landed/);
  assert.match(await page.locator("#ring canvas").getAttribute("aria-label"), /A line marks “user:42” at [\d,]+; a binary search looked at \d+ points/);
  // Stepped back to before the change, the lookup is not drawn, nor said.
  await page.locator("#step-back").click();
  await page.waitForFunction(() => !document.querySelector("#lookup-legend"));
  await close();
});
