// Issue 73, item 2: nothing is told before it is asked. On a fresh page every
// one of the six questions waits, and with it every form of its answer the
// model names (`Question::gives`: the count, its share, its ratio, a copy
// time), in every panel built and every fold open, in text and in labels;
// the loads chart draws no bar after the change. Each is answered in turn in
// "Guess first", and only then do its forms show. At the default and at two
// presets, on a phone (touch) and on a laptop. The forms come from the
// native oracle, never typed in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, reveal, nativeFigures, waitForCurrent, artifact, states, QUESTIONS } from "./harness.mjs";

const env = sharedBrowser();

/**
 * Everything a reader can see or hear on the page: its text and the labels
 * of what shows, a line per element. A figure from before the change
 * (`data-when="before"`: a load before it, say) can equal an answer but is
 * never one, and neither can a time this browser measured (`data-timed`),
 * so both are left out.
 */
const everythingShown = (page) =>
  page.evaluate(() => {
    const lines = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // While the ring asks, its legend lists the loads before the change.
      const before = parent?.closest('[data-when="before"], [data-timed]') || (document.querySelector("[data-ring-asks]") && parent?.closest("#ring .legend"));
      if (parent && parent.checkVisibility() && !before) lines.push(node.textContent);
    }
    for (const labelled of document.querySelectorAll("[aria-label]")) {
      if (labelled.checkVisibility()) lines.push(labelled.getAttribute("aria-label"));
    }
    return lines.join("\n");
  });

/** The lines of `text` that state `form`, for a message. */
const context = (text, form) => text.split("\n").filter((line) => states(line, form)).map((line) => line.slice(0, 300)).join(" | ");

/** Every fold and list opened, as a reader who came for all of it. */
const openEverything = (page) =>
  page.evaluate(() => document.querySelectorAll("details").forEach((details) => { details.open = true; }));

/** The questions the page still holds back (`data-asks` on the root). */
const waiting = (page) => page.evaluate(() => (document.documentElement.dataset.asks ?? "").split(" ").filter(Boolean));

/** Answer question `id` in "Guess first", as a reader would. */
async function answer(page, id) {
  const panel = page.locator('[data-panel="predict"]');
  await panel.scrollIntoViewIfNeeded();
  while (!(await panel.locator(`.question[data-question="${id}"]`).count())) await page.locator("#question-next").click();
  if (id === "between") {
    await panel.locator("[data-scheme-guess]").first().check();
    await panel.locator(".count-it").click();
  } else {
    // A guess of 0 (a gap of 1 could equal another question's answer).
    await page.locator(`#guess-${id}`).fill("0");
    await page.locator(`#guess-${id}`).press("Enter");
  }
  await page.waitForFunction((id) => !(document.documentElement.dataset.asks ?? "").split(" ").includes(id), id);
}

/** Whether any figure marked as answering `id` can be seen. */
const anyToldShows = (page, id) =>
  page.evaluate((id) => [...document.querySelectorAll(`[data-tells~="${id}"] > *`)].some((element) => element.checkVisibility()), id);

// The "Three caches gain a fourth" preset's address.
const CACHES = "servers=cache-a,cache-b,cache-c&add=cache-d&points=100&keys=10000&first=1&hash=fnv1a-murmur";

// A deploy (a server replaced, one added, one reweighted) too.
const DEPLOY = "servers=a,b,c,d&weights=b:2&after=a,b,x,d,e&after-weights=b:3";

for (const [query, name] of [["", "default"], ["points=3", "lumpy"], [CACHES, "cache-pool"], [DEPLOY, "deploy"]]) {
  for (const [viewport, hasTouch] of [[{ width: 390, height: 844 }, true], [{ width: 1280, height: 800 }, false]]) {
    test(`${name}, ${viewport.width} px: each question's answer waits, in every form, until it is answered`, async () => {
      const native = nativeFigures(query);
      const { page, close } = await open(env.browser, env.served, query ? `?${query}` : "", { viewport, hasTouch });
      assert.deepEqual(await waiting(page), QUESTIONS, "a fresh page asks all six");
      // Every panel brought into view, so each shows its figures as they are
      // now (a panel out of view holds the last ones it drew).
      const catchUp = async () => {
        for (const panel of native.panels) await reveal(page, panel);
        await waitForCurrent(page, "#failure-figures");
        await waitForCurrent(page, "#claims");
        await page.waitForSelector("#schemes tr[data-scheme]");
        await openEverything(page);
      };
      await catchUp();
      for (const [index, id] of QUESTIONS.entries()) {
        const shown = await everythingShown(page);
        for (const held of QUESTIONS.slice(index)) {
          for (const form of native.questions[held].gives) {
            assert.ok(!states(shown, form), `${held}'s answer ${form} shows before it is asked (${index} answered): ${context(shown, form)}`);
          }
          assert.ok(!(await anyToldShows(page, held)), `a figure answering ${held} shows before it is asked`);
        }
        // An answer one subtraction gives waits too: every server's keys
        // after (the others' add up to K less the busiest's), and every
        // survivor's keys received (the others' and the rerouted total
        // give the most).
        const column = (table, at) => page.$$eval(`${table} tbody tr`, (rows, at) => rows.map((row) => row.cells[at]?.innerText.trim()), at);
        if (index <= 2) assert.deepEqual((await column("#loads-table", 2)).filter(Boolean).filter((text) => text !== "—"), [], "the loads after wait for the busiest question");
        if (index <= 3) assert.deepEqual((await column("#survivors", 2)).filter(Boolean), [], "the keys received wait for the failover question");
        // The loads chart's bars after the change give the newcomer's keys and the busiest's.
        const bars = await page.locator("#loads canvas.chart").first().getAttribute("data-bars");
        assert.equal(bars, index > 2 ? "before after" : "before", `the loads chart's bars with ${index} answered`);
        if (index === 0) await page.screenshot({ path: artifact(`one-lesson-${name}-${viewport.width}.png`), fullPage: true });
        await answer(page, id);
        await catchUp();
        // Answered, it is told: the answer beside the guess, and every figure that waited.
        const told = await everythingShown(page);
        const measured = native.questions[id].gives[0];
        if (measured) assert.ok(states(told, measured), `${id}'s answer ${measured} shows once it is answered`);
        assert.ok(await anyToldShows(page, id), `${id}'s figures show once it is answered`);
      }
      await close();
    });
  }
}

// A leave: the leaver's keys are the moved count, so its change in the loads
// table waits with that question (its keys before are the pool before the
// change, which the question itself shows). Checked apart: at a leave, other
// systems' ratios to an even share often equal the busiest question's to two
// decimals, which a search of the page's text cannot tell apart.
test("a leaver's change of keys waits for the moved question", async () => {
  const query = "servers=a,b,c,d,e&remove=b";
  const native = nativeFigures(query);
  const { page, close } = await open(env.browser, env.served, `?${query}`, { viewport: { width: 1280, height: 800 } });
  await reveal(page, "loads");
  const change = () => page.$eval('#loads-table tr[data-server="b"]', (row) => row.cells[3].innerText.trim());
  assert.equal(await change(), "", "the leaver's change waits");
  await answer(page, "moved");
  await reveal(page, "loads");
  assert.equal(await change(), `−${native.moved}`, "and shows once answered");
  await close();
});
