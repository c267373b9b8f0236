// The first screen first (issue 18): the title and intro paint from the
// HTML before any code runs, nothing on screen jumps when the app arrives,
// panels are built as they come near, and a panel that was out of view
// during a change catches up to the model's figures when it scrolls in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, reveal, claims, loads, schemeRows, nativeFigures, figure, artifact, appReady } from "./harness.mjs";

const env = sharedBrowser();

/**
 * Hold the app's wasm back, as a slow network would, until the test calls
 * the function this returns: what shows meanwhile is the first screen's.
 */
async function holdTheApp(page) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route("**/ringcount_bg.wasm", async (route) => { await held; await route.continue(); });
  return release;
}

/** Sum every layout shift not caused by input into `window.__shift`, from the first paint on. */
function countLayoutShift(context) {
  return context.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}

test("the title and intro are in the HTML, before any script runs", async () => {
  const context = await env.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(env.served.base);
  assert.equal(await page.locator("h1").textContent(), "Consistent hashing, counted");
  assert.match(await page.locator(".masthead .intro").first().textContent(), /hashes real keys in your browser/);
  // A placeholder holds the room the settings and the ring will take.
  const box = await page.locator(".ring-placeholder").boundingBox();
  assert.ok(box.height >= 600, `placeholder only ${box.height}px tall`);
  // With no script to lay it out later, the closing prose is there from the
  // start, its lists one tap away under their line.
  await page.locator("#leaves-out summary").click();
  assert.ok(await page.locator("#leaves-out li").first().isVisible());
  await context.close();
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`nothing on screen jumps as the app arrives (${viewport.width} px)`, async () => {
    const context = await env.browser.newContext({ viewport });
    await countLayoutShift(context);
    const page = await context.newPage();
    await page.goto(env.served.base);
    await page.waitForSelector(".panel-slot:not(.waiting) #ring canvas");
    await appReady(page);
    const shift = await page.evaluate(() => window.__shift);
    assert.ok(shift <= 0.1, `cumulative layout shift ${shift.toFixed(3)}`);
    await context.close();
  });
}

test("panels are built as they come near, not all at once", async () => {
  const { page, close } = await open(env.browser, env.served, "", { lazy: true });
  // At the top, the claims are far below: not built yet.
  assert.equal(await page.locator("#claims").count(), 0);
  assert.ok(await page.locator(".panel-slot.waiting").count() > 0);
  // Nor is the closing prose laid out (the first paint does not wait for
  // it); a handout holds the panels picked for it, not the closing prose.
  await page.waitForFunction(() => document.readyState === "complete");
  await appReady(page);
  const sources = page.locator("#leaves-out li").last();
  assert.equal(await sources.isVisible(), false);
  await page.emulateMedia({ media: "print" });
  assert.equal(await sources.isVisible(), false, "the closing prose is not in a handout");
  await page.emulateMedia({ media: "screen" });
  const verdicts = await claims(page); // scrolls to it
  assert.deepEqual(verdicts, nativeFigures("").claims);
  // Both come as the reader nears them, the prose's lists under their line.
  await page.locator("#leaves-out").scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.documentElement.classList.contains("tail-later"));
  await page.locator("#leaves-out summary").click();
  assert.ok(await sources.isVisible());
  assert.match(await sources.textContent(), /Redis Cluster/);
  await close();
});

test("a panel out of view during a change is stale, then catches up when revealed", async () => {
  const { page, close } = await open(env.browser, env.served);
  // Every panel is built and the page is back at the top; change the points.
  await page.locator("#points-number").fill("37");
  await page.locator("#points-number").press("Enter");
  await page.waitForFunction(() => location.search.includes("points=37&"));
  const query = new URL(page.url()).search.slice(1);
  const expected = nativeFigures(query);
  // The panels far below kept their figures and say they are behind.
  for (const panel of ["schemes", "claims", "failure"]) {
    assert.equal(await page.locator(`[data-panel="${panel}"]`).getAttribute("data-stale"), "yes", panel);
  }
  // Scrolled into view, each shows the model's figures for the new address.
  assert.deepEqual(await schemeRows(page), expected.schemes);
  assert.deepEqual(await claims(page), expected.claims);
  assert.deepEqual(await loads(page), expected.loads);
  assert.equal(await figure(page, "rerouted"), String(expected.failure.rerouted));
  assert.equal(await figure(page, "copy-seconds-modulo"), expected.cost["copy-seconds-modulo"]);
  await close();
});

test("during a drag a panel near but out of view holds its figures, then catches up when the drag pauses", async () => {
  // Tall enough that the entries, after the lesson and the lab's contents, are within a screen below.
  const { page, close } = await open(env.browser, env.served, "", { viewport: { width: 1280, height: 1000 } });
  const seen = await page.evaluate(async () => {
    const slot = (id) => document.querySelector(`[data-panel="${id}"]`);
    const top = slot("entries").getBoundingClientRect().top;
    const input = document.querySelector("#points-range");
    const start = Number(input.value);
    const during = [];
    // Inputs 40 ms apart: a drag, closer together than its 120 ms pause.
    // On a busy machine a timer can fire late, and a gap of 120 ms or more
    // is a pause, after which the entries rightly catch up: each reading
    // keeps the gaps it came after, and only those inside a drag count.
    let previous = performance.now();
    for (const back of [1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2]) {
      input.value = String(start - back);
      const at = performance.now();
      input.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 40));
      const read = performance.now();
      during.push({ held: at - previous < 120 && read - at < 120, stale: [slot("ring").dataset.stale, slot("entries").dataset.stale] });
      previous = at;
    }
    input.dispatchEvent(new Event("change", { bubbles: true }));
    return { near: top > innerHeight && top < 2 * innerHeight, during: during.slice(1) };
  });
  assert.ok(seen.near, "the entries panel is near the viewport but below it");
  // Inside the drag (from its second input on): the ring keeps up, the entries hold.
  const inside = seen.during.filter((d) => d.held);
  assert.ok(inside.length > 0, "no two inputs came within the drag's 120 ms pause");
  for (const { stale } of inside) assert.deepEqual(stale, ["no", "yes"]);
  // Once the drag pauses, the entries catch up to the model's figures.
  await page.waitForFunction(() => document.querySelector('[data-panel="entries"]').dataset.stale === "no");
  const query = new URL(page.url()).search.slice(1);
  const expected = nativeFigures(query);
  const lead = await page.locator("#entries .lead").textContent();
  assert.match(lead, new RegExp(`= ${expected.entries.toLocaleString("en-US")} entries`), lead);
  assert.equal(await figure(page, "moved"), expected.moved);
  await close();
});

test("an embedded panel is built at once and equals the model", async () => {
  const query = "points=13&keys=3000&remove=bravo&embed=1&panel=loads";
  const { page, close } = await open(env.browser, env.served, "?" + query);
  assert.deepEqual(await loads(page), nativeFigures(query).loads);
  assert.equal(await page.locator(".masthead, #leaves-out").count(), 0);
  await close();
});

test("before an answer, the first screen's own module asks too: the pool before, no count", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const release = await holdTheApp(page);
  await page.goto(env.served.base);
  await page.waitForSelector(".ring-placeholder [data-caption][data-asks]");
  const shown = await page.evaluate(() => {
    const placeholder = document.querySelector(".ring-placeholder");
    return placeholder.innerText + " " + placeholder.querySelector("canvas").getAttribute("aria-label");
  });
  assert.doesNotMatch(shown, new RegExp(`\\b${nativeFigures("").moved}\\b`));
  assert.match(shown, /Before echo joins, 4 servers hold the 1,000 keys\. How many of them will change server\?/);
  release();
  await context.close();
});

test("before the app arrives, the first screen's own module measures and draws the ring", async () => {
  const query = "servers=a,b,c&add=d&points=40&keys=3000";
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  // A reader who answered the headline's question in this tab: told at once.
  await context.addInitScript(() => sessionStorage.setItem("ringcount:asked:moved", "yes"));
  const page = await context.newPage();
  const release = await holdTheApp(page);
  await page.goto(`${env.served.base}?${query}`);
  await page.waitForSelector(".ring-placeholder [data-caption] strong");
  const expected = nativeFigures(query);
  assert.equal((await page.locator(".ring-placeholder [data-caption] strong").textContent()).replace(/,/g, ""), expected.moved);
  assert.equal(await page.locator(".panel-slot:not([data-early])").count(), 0, "the app has not started");
  // The canvas holds a drawn ring: pixels of more than the background.
  const colours = await page.locator(".ring-placeholder canvas").evaluate((canvas) => {
    const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    return seen.size;
  });
  assert.ok(colours > 4, `${colours} colours`);
  await page.screenshot({ path: artifact("first-screen-only.png") });
  // A reader who scrolls while the app is still on its way gets the
  // closing prose at once, not an empty box.
  const sources = page.locator("#leaves-out li").last();
  assert.equal(await sources.isVisible(), false);
  await page.mouse.wheel(0, 400);
  await page.waitForFunction(() => !document.documentElement.classList.contains("tail-later"));
  await page.locator("#leaves-out summary").click();
  assert.ok(await sources.isVisible());
  assert.equal(await page.locator(".panel-slot:not([data-early])").count(), 0, "the app has still not started");
  // The app then takes over, with the same figure.
  release();
  await page.waitForSelector(".panel-slot:not(.waiting) #ring [data-caption]");
  assert.equal(await page.locator(".ring-placeholder").count(), 0);
  assert.equal(await figure(page, "moved"), expected.moved);
  await context.close();
});

for (const width of [390, 1280]) {
  test(`before the app arrives, the first screen's points and hash answer, and the app keeps what they set (${width} px)`, async () => {
    const query = "servers=a,b,c&add=d&points=40&keys=3000";
    const context = await env.browser.newContext({ viewport: { width, height: 844 }, reducedMotion: "reduce" });
    await context.addInitScript(() => sessionStorage.setItem("ringcount:asked:moved", "yes"));
    const page = await context.newPage();
    const release = await holdTheApp(page);
    await page.goto(`${env.served.base}?${query}`);
    await page.waitForSelector('.first-ring[data-points="40"] [data-caption] strong');
    // One set shows: the phone's bar, or the settings column.
    const [shown, hidden] = width < 860 ? ["early-quick", "early"] : ["early", "early-quick"];
    assert.ok(await page.locator(`#${shown}-points-range`).isVisible());
    assert.equal(await page.locator(`#${hidden}-points-range`).isVisible(), false);
    const moved = () => page.locator(".first-ring [data-caption] strong").textContent().then((t) => t.replace(/,/g, ""));
    const drawn = (points, hash) => page.waitForSelector(`.first-ring[data-points="${points}"][data-hash="${hash}"]`);
    // The worker's claims come under the ring; a change here makes them another address's, and they go.
    const early = page.locator('[data-early][data-panel="claims"]');
    await early.locator("#claims tr[data-held]").first().waitFor({ state: "attached" });

    // A typed number applies on leaving the box, and the other set follows.
    await page.locator(`#${shown}-points-number`).fill("77");
    await page.locator(`#${shown}-points-number`).press("Tab");
    await drawn(77, "fnv1a-fold");
    assert.equal(await early.count(), 0, "the claims of the address before are gone");
    const at77 = query.replace("points=40", "points=77");
    assert.equal(await moved(), nativeFigures(at77).moved);
    assert.equal(await page.locator(`#${hidden}-points-number`).inputValue(), "77");
    assert.match(page.url(), /[?&]points=77(&|$)/);

    // The hash menu.
    await page.locator(`#${shown}-hash`).selectOption("fnv1a-murmur");
    await drawn(77, "fnv1a-murmur");
    const mixed = `${at77}&hash=fnv1a-murmur`;
    assert.equal(await moved(), nativeFigures(mixed).moved);
    assert.match(page.url(), /[?&]hash=fnv1a-murmur(&|$)/);

    // A number out of range is refused in words and changes nothing.
    await page.locator(`#${shown}-points-number`).fill("5000");
    await page.locator(`#${shown}-points-number`).press("Tab");
    await page.waitForFunction((id) => document.getElementById(id).textContent.length > 0, `${shown}-points-message`);
    assert.match(await page.locator(`#${shown}-points-message`).textContent(), /500/);
    assert.equal(await page.locator(".first-ring").getAttribute("data-points"), "77");
    assert.match(page.url(), /[?&]points=77(&|$)/);

    // The slider's first stop: the box shows its number and the ring is drawn for it.
    await page.locator(`#${shown}-points-range`).fill("0");
    await page.waitForSelector('.first-ring:not([data-points="77"])');
    const points = await page.locator(".first-ring").getAttribute("data-points");
    assert.equal(await page.locator(`#${shown}-points-number`).inputValue(), points);
    assert.equal(await page.locator(`#${shown}-points-message`).textContent(), "", "a good value clears the refusal");
    const atStop = mixed.replace("points=77", `points=${points}`);
    assert.equal(await moved(), nativeFigures(atStop).moved);
    await page.screenshot({ path: artifact(`first-screen-controls-${width}.png`) });
    assert.equal(await page.locator(".panel-slot:not([data-early])").count(), 0, "the app has not started");

    // The app starts from what the reader set.
    release();
    await appReady(page);
    const app = width < 860 ? "quick-" : "";
    assert.equal(await page.locator(`#${app}points-number`).inputValue(), points);
    assert.equal(await page.locator(`#${app}hash`).inputValue(), "fnv1a-murmur");
    assert.equal(await figure(page, "moved"), nativeFigures(atStop).moved);
    assert.equal(await page.locator(".first-bar").count(), 0, "the first screen's controls are gone");
    // The claims the app shows are the address the reader set, not the one the worker first judged.
    assert.deepEqual(await claims(page), nativeFigures(atStop).claims);
    await context.close();
  });
}

test("an embedded panel the module can draw comes first from it, the same as the app then draws it", async () => {
  const cases = [
    {
      panel: "moved",
      query: "servers=a,b,c,d&remove=c&points=40&keys=3000&embed=1&panel=moved",
      ready: '#moved [data-figure="moved"]',
      heading: "How many keys move",
      check: (first, expected) => {
        assert.equal(first.figures.moved, expected.moved);
        assert.equal(first.figures["moved-arc"], expected["moved-arc"]);
        assert.equal(first.agree, "yes");
        assert.match(first.text, /When c leaves/);
      },
    },
    {
      panel: "entries",
      query: "servers=a,b,c,d&remove=c&points=40&embed=1&panel=entries",
      ready: "#entries tr[data-entry]",
      heading: "Where the points land",
      check: (first, expected) => {
        // Twelve entries of the three servers left, in ring order.
        assert.equal(first.rows.length, 12);
        const positions = first.rows.map((row) => Number(row.position));
        assert.deepEqual(positions, [...positions].sort((x, y) => x - y));
        assert.ok(first.rows.every((row) => ["a", "b", "d"].includes(row.serverName)), JSON.stringify(first.rows));
        assert.match(first.text, new RegExp(`3 servers × 40 points = ${expected.entries} entries`));
      },
    },
  ];
  for (const { panel, query, ready, heading, check } of cases) {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    await countLayoutShift(context);
    const page = await context.newPage();
    const release = await holdTheApp(page);
    await page.goto(`${env.served.base}?${query}`);
    await page.waitForSelector(ready);
    const read = () => page.evaluate((panel) => {
      const section = document.querySelector(`#${panel}`);
      return {
        text: section.innerText,
        heading: section.querySelector("h1")?.textContent,
        figures: Object.fromEntries([...section.querySelectorAll("[data-figure]")].map((e) => [e.dataset.figure, e.textContent])),
        agree: section.querySelector("[data-routes-agree]")?.dataset.routesAgree,
        rows: [...section.querySelectorAll("tr[data-entry]")].map((row) => ({ ...row.dataset })),
        link: document.querySelector(".full-page a")?.getAttribute("href"),
        box: section.getBoundingClientRect().toJSON(),
      };
    }, panel);
    // Leptos leaves comment markers in what it builds; the module writes none.
    const builtByApp = () => page.evaluate(() => document.querySelector("#app").innerHTML.includes("<!---->"));
    assert.equal(await builtByApp(), false, `${panel}: the first screen, not the app`);
    const first = await read();
    assert.equal(first.heading, heading);
    check(first, nativeFigures(query));
    await page.screenshot({ path: artifact(`embed-first-screen-only-${panel}.png`) });
    // The app then takes over: the same words, figures, place and way out.
    release();
    await appReady(page);
    assert.equal(await builtByApp(), true, `${panel}: the app has taken over`);
    assert.deepEqual(await read(), first, panel);
    assert.ok(await page.evaluate(() => window.__shift) <= 0.001, `${panel}: nothing moved when the app took over`);
    await context.close();
  }
});

test("an embed the module cannot draw preloads the app and skips the module; the full page and a modulo embed fetch the module first, then preload the app", async () => {
  const fetchedBy = async (query, ready, inspect = async () => {}) => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const fetched = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname.split("/").pop()));
    await page.goto(`${env.served.base}${query}`);
    await page.waitForSelector(ready);
    await inspect(page);
    await context.close();
    return fetched;
  };
  const embedded = await fetchedBy("?embed=1&panel=loads", "#loads table", async (page) => {
    // The embed's own first screen is the app: early.js starts both its
    // files before boot.js asks, and each is fetched once (the preload is used).
    const timing = await page.evaluate(() => {
      const entry = (file) => performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/" + file));
      return {
        boot: entry("boot.js")[0].responseEnd,
        glue: entry("ringcount.js").map((e) => e.startTime),
        wasm: entry("ringcount_bg.wasm").map((e) => [e.startTime, e.initiatorType]),
      };
    });
    assert.equal(timing.glue.length, 1);
    assert.ok(timing.glue[0] < timing.boot, "the app's glue is asked for before boot.js could ask");
    assert.equal(timing.wasm.length, 1);
    assert.ok(timing.wasm[0][0] < timing.boot, "the app's wasm is asked for before boot.js could ask");
    assert.equal(timing.wasm[0][1], "link");
  });
  assert.deepEqual(embedded.filter((f) => f.startsWith("first")), []);
  assert.equal(embedded.filter((f) => f === "ringcount_bg.wasm").length, 1, embedded.join(" "));
  for (const [query, ready] of [["", ".panel-slot:not(.waiting) #ring [data-caption]"], ["?embed=1&panel=modulo", '[data-figure="modulo-moved"]']]) {
    const fetched = await fetchedBy(query, ready, async (page) => {
      await page.waitForFunction(() => performance.getEntriesByName("ringcount:snapshot").length > 0);
      // The app's effects have run by the second frame after its snapshot.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      // The app's wasm is asked for once, by early.js's preload, when the
      // module's own has arrived: not sharing the network with it, and
      // not waiting for it to draw either.
      const timing = await page.evaluate(() => {
        const entry = (file) => performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/" + file));
        return {
          module: entry("first_bg.wasm").map((e) => e.responseEnd),
          app: entry("ringcount_bg.wasm").map((e) => [e.startTime, e.initiatorType]),
        };
      });
      assert.equal(timing.app.length, 1);
      assert.equal(timing.app[0][1], "link", `${query}: the app's wasm comes by the preload`);
      assert.ok(timing.app[0][0] >= timing.module[0], `${query}: the app's wasm waits for the module's`);
    });
    assert.ok(fetched.includes("first_bg.wasm") && fetched.includes("first.js"), fetched.join(" "));
    if (query) {
      // A panel read off the snapshot alone asks the worker for nothing, so it never starts one.
      assert.deepEqual(fetched.filter((f) => /^(measure|worker)/.test(f)), [], `${query}: ${fetched.join(" ")}`);
    } else {
      assert.ok(fetched.includes("measure.js"), `the full page starts its worker: ${fetched.join(" ")}`);
    }
    assert.ok(fetched.indexOf("first_bg.wasm") < fetched.indexOf("ringcount_bg.wasm"), `${query}: the first screen's module is fetched before the app`);
    assert.equal(fetched.filter((f) => f === "first_bg.wasm").length, 1, fetched.join(" "));
  }
});
