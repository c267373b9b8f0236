// Issue 64, item 1, and issue 73: the page opens on a numbered lesson that
// asks the six questions in order. Each step's words and the figure they
// talk about are in view together, on a phone and on a laptop: the ring on
// the first two steps, the step's own table after; the second step plays
// the change at a few points per server, the fourth goes back to the many
// and says why, the fifth fails a server, the sixth and seventh ask about
// the other schemes and the cost; after the last, the lab. Every number in
// the words is the native model's for the settings the step shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, appReady, nativeFigures, artifact, states } from "./harness.mjs";

const env = sharedBrowser();

/** Whether each of `selectors` lies wholly inside the viewport, below the phone's sticky bar. */
function allInView(selectors) {
  const bar = document.querySelector(".quickbar")?.getBoundingClientRect();
  const top = bar && bar.height > 0 ? bar.bottom : 0;
  return selectors.every((selector) => {
    const box = document.querySelector(selector)?.getBoundingClientRect();
    return box && box.top >= top - 1 && box.bottom <= innerHeight + 1 && box.height > 0;
  });
}
const inView = (page, selector) => page.evaluate(allInView, [selector]);
/** Wait until the step's words and its ring are both in view (the page scrolls them there after Next). */
const bothInView = (page, withRing) => page.waitForFunction(allInView, withRing ? [".lesson", "#ring canvas.ring-canvas"] : [".lesson"], { timeout: 10000 });

const points = (page) => new URL(page.url()).searchParams.get("points") ?? "200";

for (const [viewport, hasTouch] of [[{ width: 390, height: 844 }, true], [{ width: 1280, height: 800 }, false]]) {
  test(`the lesson's seven steps, in order, each beside its figure (${viewport.width} px)`, async () => {
    const { page, close } = await open(env.browser, env.served, "", { viewport, hasTouch, lazy: true });
    await appReady(page);
    const few = nativeFigures("points=3");
    const many = nativeFigures("");
    // A step with a question of its own asks it first, in the step: its
    // words stop before the answer (`asks`), and every form of the answer
    // (`gives`) waits until a guess is counted there.
    const expected = [
      { id: "question", points: "200", asks: many.questions.moved, says: [/one of a server's 200 points/, /echo joins: before you see it, guess how many keys/], not: new RegExp(`\\b${many.moved}\\b`) },
      { id: "played", points: "3", says: [new RegExp(`At 200 points a server the ${many.moved} keys that moved`), new RegExp(`${few.moved} of 1,000 keys change server`)] },
      { id: "modulo", points: "3", asks: few.questions.modulo, says: [new RegExp(`${few["modulo-moved"]} of 1,000 keys would move`), new RegExp(`against ${few.moved} on the ring`)] },
      { id: "points", points: "200", asks: many.questions.busiest, says: [new RegExp(`a spread of ${few.spread}\\.`), new RegExp(`a spread of ${many.spread}\\.`)] },
      { id: "failing", points: "200", asks: many.questions.failover, says: [new RegExp(`Its ${many.failure.rerouted} keys`), new RegExp(`gains most, \\w+, takes ${many.questions.failover.answer} more keys`)] },
      { id: "between", points: "200", asks: many.questions.between, says: [/copied for nothing/, /When echo joins, (no scheme here does|only .+ does|.+ do)\./] },
      { id: "cost", points: "200", asks: many.questions["copy-hours"], says: [new RegExp(`what hash mod n moves, ${many.questions["copy-hours"].gives[0]}`)] },
    ];
    const seen = [];
    for (const [index, step] of expected.entries()) {
      await page.waitForSelector(`.lesson[data-lesson-step="${step.id}"]`);
      await page.waitForFunction((points) => (new URL(location.href).searchParams.get("points") ?? "200") === points
        && document.querySelector("#ring .ring-wrap")?.dataset.points === points, step.points);
      if (step.asks) {
        const asking = await page.locator(".lesson").innerText();
        assert.equal(await page.locator('.lesson [data-question][data-answered="no"]').count(), 1, `${step.id} asks first`);
        assert.ok(asking.includes(step.asks.wording), `${step.id}: its question in the step`);
        for (const form of step.asks.gives) assert.ok(!states(asking, form), `${step.id} gives ${form} before it is asked: ${asking}`);
        // The guess is typed (or ticked) in the step, and focus stays there once counted.
        const table = step.id === "between" || index < 2 ? "" : await page.locator(".lesson .step-figure").innerText();
        for (const form of step.asks.gives) assert.ok(!states(table, form), `${step.id}'s figure gives ${form}: ${table}`);
        if (step.id === "between") {
          const first = page.locator(".lesson label.check").first();
          const [ticked, title] = [await first.locator("input").getAttribute("data-scheme-guess"), (await first.innerText()).trim()];
          await first.locator("input").check();
          await page.locator(".lesson .count-it").click();
          // The reveal names a wrong tick, not only a score.
          await page.waitForSelector(`.lesson [data-question][data-answered="yes"]`);
          const said = await page.locator(".lesson .reveal-sentence").innerText();
          const measured = step.asks.answer.split(",").filter(Boolean);
          assert.match(said, /^You had (all \d|\d of \d) schemes right/);
          if (!measured.includes(ticked)) assert.ok(said.includes(`you ticked ${title}, which moved none here`), said);
        } else {
          const box = page.locator(`.lesson [data-question] input.guess-box`);
          await box.fill("1");
          await box.press("Enter");
        }
        await page.waitForSelector(`.lesson [data-question][data-answered="yes"]`);
        await page.waitForFunction(() => document.querySelector(".lesson").contains(document.activeElement));
      }
      const words = await page.locator(".lesson").innerText();
      assert.match(words, new RegExp(`^Lesson ${index + 1} of 7: `));
      // From the third step on, the step's own figure is in the step, and
      // once answered it shows every form of the answer it holds.
      // (Step 6's comes once the worker has measured the schemes.)
      if (index >= 2) await page.waitForSelector(".lesson .step-figure");
      assert.equal(await page.locator(".lesson .step-figure").count(), index >= 2 ? 1 : 0, step.id);
      if (step.asks && step.asks.gives.length && index >= 2) {
        const shown = await page.locator(".lesson .step-figure").innerText();
        assert.ok(step.asks.gives.some((form) => states(shown, form) || states(words, form)), `${step.id} tells once answered: ${shown}`);
      }
      for (const said of step.says) assert.match(words, said, `${step.id}: ${words}`);
      if (step.not) assert.doesNotMatch(words.split("Your guess")[0], step.not, "the question does not give its answer");
      // The words and the ring they speak of, in one view: as the reader
      // arrives at the first step (the ring, then its words), and after each Next.
      if (index === 0) {
        await page.locator("#ring canvas.ring-canvas").evaluate((canvas) => canvas.scrollIntoView({ block: "nearest" }));
        await page.locator(".lesson").evaluate((lesson) => lesson.scrollIntoView({ block: "nearest" }));
      }
      await bothInView(page, index < 2).catch(() => assert.fail(`${step.id}: the words and their figure are not in view together`));
      assert.equal(points(page), step.points);
      await page.screenshot({ path: artifact(`lesson-${index + 1}-${viewport.width}.png`) });
      seen.push(step.id);
      await page.locator("[data-lesson-next]").click();
    }
    assert.deepEqual(seen, ["question", "played", "modulo", "points", "failing", "between", "cost"]);
    // The failing step drew the failure on the ring; after the last, the lab, focused.
    await page.waitForFunction(() => document.activeElement?.id === "lab");
    assert.ok(await inView(page, "#lab"));
    assert.match(await page.locator(".lab").innerText(), /Claims held/);
    // Back through the steps undoes what they set.
    await page.locator(".lesson").scrollIntoViewIfNeeded();
    for (const id of ["between", "failing", "points", "modulo"]) {
      await page.locator("[data-lesson-back]").click();
      await page.waitForSelector(`.lesson[data-lesson-step="${id}"]`);
    }
    await page.waitForFunction(() => new URL(location.href).searchParams.get("points") === "3");
    await close();
  });
}

test("the fifth step fails a server on the ring; the first ends the ring's question", async () => {
  const { page, close } = await open(env.browser, env.served, "", { lazy: true });
  await appReady(page);
  assert.equal(await page.locator("[data-ring-asks]").count(), 1);
  await page.locator("[data-lesson-next]").click();
  await page.waitForFunction(() => !(document.documentElement.dataset.asks ?? "").split(" ").includes("moved"));
  for (let i = 0; i < 3; i++) await page.locator("[data-lesson-next]").click();
  await page.waitForSelector('.lesson[data-lesson-step="failing"]');
  await page.waitForFunction(() => /Down, with dashed grey ticks: alpha/.test(document.querySelector("#ring canvas.ring-canvas").getAttribute("aria-label")));
  await page.locator("[data-lesson-back]").click();
  await page.waitForFunction(() => !/Down, with dashed/.test(document.querySelector("#ring canvas.ring-canvas").getAttribute("aria-label")));
  await close();
});
