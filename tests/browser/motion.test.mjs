// Issue 48 item 1: the change, played. The moved keys travel from their old
// owner's point to their new one's over several frames, and the last frame
// is the drawing the ring shows without the animation; under reduced motion
// nothing plays, and any input lands it at once. The page reports on its
// canvas (`data-animating`, `data-frames`, `data-animation-end`); the pixels
// are read in the page, a frame at a time, so no test waits on a clock.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { sharedBrowser, open, reveal, artifact } from "./harness.mjs";

const env = sharedBrowser();

/** The ring canvas's pixels as a data URL. */
const pixels = (page) => page.$eval("#ring canvas.ring-canvas", (c) => c.toDataURL());

/**
 * Click `selector` and record the ring frame by frame (from the page's own
 * animation frames) until the animation it starts ends; or, when none
 * starts, until `quiet` frames have passed with none.
 */
function playAfterClick(page, selector, { quiet = 0, interruptAfter = 0 } = {}) {
  return page.evaluate(([selector, quiet, interruptAfter]) => new Promise((resolve) => {
    const canvas = document.querySelector("#ring canvas.ring-canvas");
    const shots = [];
    let frames = 0;
    let sawAnimating = false;
    let interruptedAt = null;
    const observer = new MutationObserver(() => {
      if (canvas.getAttribute("data-animating") === "true") sawAnimating = true;
    });
    observer.observe(canvas, { attributes: true });
    document.querySelector(selector).click();
    const done = (extra) => {
      observer.disconnect();
      resolve({ shots, sawAnimating, end: canvas.getAttribute("data-animation-end"), drawn: Number(canvas.getAttribute("data-frames") ?? 0), last: canvas.toDataURL(), ...extra });
    };
    const tick = () => {
      frames++;
      const animating = canvas.getAttribute("data-animating") === "true";
      if (animating) {
        shots.push(canvas.toDataURL());
        if (interruptAfter && shots.length === interruptAfter) {
          window.dispatchEvent(new KeyboardEvent("keydown", { key: "Shift" }));
          // At once, in the same task: the input has landed it.
          interruptedAt = { animating: canvas.hasAttribute("data-animating"), end: canvas.getAttribute("data-animation-end"), image: canvas.toDataURL() };
          return done({ interruptedAt });
        }
      }
      if (canvas.hasAttribute("data-animation-end") && sawAnimating) return done({});
      if (quiet && !sawAnimating && frames >= quiet) return done({});
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }), [selector, quiet, interruptAfter]);
}

test("the change plays: intermediate frames, then exactly the ring's own drawing", async () => {
  for (const width of [1280, 390, 1440]) {
    const { page, errors, close } = await open(env.browser, env.served, "", { viewport: { width, height: 900 }, motion: true, answered: true, hasTouch: width < 500 });
    await reveal(page, "ring");
    const still = await pixels(page);
    const played = await playAfterClick(page, "#replay-change");
    assert.ok(played.sawAnimating, `${width}: it played`);
    assert.equal(played.end, "landed", `${width}`);
    // At least pixels::travel::MIN_FRAMES frames, however busy the machine.
    assert.ok(played.drawn >= 24, `${width}: ${played.drawn} frames`);
    const moving = played.shots.filter((shot) => shot !== still);
    assert.ok(moving.length >= 10, `${width}: ${moving.length} frames differ from the still drawing`);
    assert.ok(new Set(played.shots).size >= 10, `${width}: the frames change from one to the next`);
    assert.ok(played.last === still, `${width}: the last frame is the ring's own drawing`);
    // A frame from the middle, to look at.
    const middle = played.shots[Math.floor(played.shots.length / 2)];
    fs.writeFileSync(artifact(`change-playing-${width}.png`), Buffer.from(middle.split(",")[1], "base64"));
    assert.deepEqual(errors, []);
    await close();
  }
});

test("asking to see the change plays it; so does the step-through, a stage a second", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?servers=a,b,c&add=d", { motion: true });
  await reveal(page, "ring");
  const shown = await playAfterClick(page, "[data-just-show]");
  assert.equal(shown.end, "landed", "\"Just show me\" plays the change");
  assert.ok(shown.drawn >= 24);
  // Play from the last stage starts again at the first and plays each join.
  const stages = await page.locator("#ring [data-stage]").getAttribute("data-stage");
  await page.evaluate(() => {
    const canvas = document.querySelector("#ring canvas.ring-canvas");
    window.ringEnds = [];
    new MutationObserver(() => {
      const end = canvas.getAttribute("data-animation-end");
      if (end) window.ringEnds.push(end);
    }).observe(canvas, { attributes: true, attributeFilter: ["data-animation-end"] });
  });
  await page.click("#step-play");
  assert.equal(await page.locator("#step-play").textContent(), "Pause");
  await page.waitForFunction((last) => document.querySelector("#ring [data-stage]").dataset.stage === last
    && document.querySelector("#step-play").getAttribute("aria-pressed") === "false", stages);
  const played = await page.evaluate(() => window.ringEnds);
  // Stages 2, 3 and 4 (the change) each played; the next stage may cut one
  // short on a slow machine, but the last lands.
  assert.equal(played.length, 3, JSON.stringify(played));
  assert.equal(played.at(-1), "landed");
  assert.equal(await page.locator("#step-play").textContent(), "Play");
  assert.deepEqual(errors, []);
  await close();
});

test("any input lands the change at once on the ring's own drawing", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "", { motion: true, answered: true });
  await reveal(page, "ring");
  const still = await pixels(page);
  const played = await playAfterClick(page, "#replay-change", { interruptAfter: 3 });
  assert.ok(played.interruptedAt, "it was still playing after three frames");
  assert.equal(played.interruptedAt.animating, false);
  assert.equal(played.interruptedAt.end, "interrupted");
  assert.ok(played.interruptedAt.image === still, "the key press landed it on the drawing of the change");
  assert.deepEqual(errors, []);
  await close();
});

test("with reduced motion nothing moves: the change appears as it is", async () => {
  // `open` asks for reduced motion unless told otherwise.
  const { page, errors, close } = await open(env.browser, env.served, "", { answered: true });
  await reveal(page, "ring");
  const still = await pixels(page);
  for (const control of ["#replay-change", "#step-back", "#step-forward"]) {
    const played = await playAfterClick(page, control, { quiet: 10 });
    assert.equal(played.sawAnimating, false, control);
    assert.equal(played.drawn, 0, control);
    assert.equal(played.end, null, control);
    // Asked again, the change is the drawing it was. (A step away and back
    // repaints some dots over their neighbours in another order.)
    if (control === "#replay-change") assert.ok(played.last === still, "the change, as drawn");
  }
  assert.deepEqual(errors, []);
  await close();
});

test("the step-through's buttons keep their words on one line beside the ring, and share no word with the lesson's (390, 1280, 1440 px)", async () => {
  for (const width of [390, 1280, 1440]) {
    const { page, errors, close } = await open(env.browser, env.served, "", { viewport: { width, height: 900 }, answered: true });
    await reveal(page, "ring");
    await page.locator("#ring .stepper").waitFor({ state: "visible" });
    const lines = await page.$$eval("#ring .stepper button, #ring .stage-label", (items) => items.map((item) => {
      const range = document.createRange();
      range.selectNodeContents(item);
      // One line box per line of text: a wrapped label has two or more.
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return [item.id || item.className, item.textContent.trim(), tops.size, item.getBoundingClientRect().height];
    }));
    assert.equal(lines.length, 5, `${width} px: ${JSON.stringify(lines)}`);
    // The buttons keep one line; the label may take two beside them, no taller than they are.
    const row = Math.max(...lines.map(([, , , height]) => height));
    for (const [id, text, count, height] of lines) {
      if (id === "stage-label") assert.ok(count <= 2 && height <= row, `${width} px: the label takes ${count} lines, ${height} px`);
      else assert.equal(count, 1, `${width} px: ${id} "${text}" takes ${count} lines`);
    }
    // The lesson's Back and Next sit just above the step-through: a learner
    // reads each control by its first word, so none may be another's.
    const firstWords = await page.$$eval("#ring .lesson-nav button, #ring .stepper button, #ring .stage-label", (items) =>
      items.map((item) => (item.getAttribute("aria-label") ?? item.textContent).toLowerCase().match(/[a-z]+/)[0]));
    assert.ok(firstWords.includes("back") && firstWords.includes("stage"), `${width} px: ${firstWords}`);
    assert.equal(new Set(firstWords).size, firstWords.length, `${width} px: ${firstWords}`);
    assert.deepEqual(errors, []);
    await close();
  }
});
