// The README's pictures, taken again from the built page (./dev build first):
//   node tests/browser/readme-pictures.mjs
// Each is written to assets/screenshot-NAME.png; look at every one before
// committing it. Needs pdftoppm (poppler-utils) for the handout's page.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { serve, launch, open, reveal, appReady } from "./harness.mjs";
import { accessLog } from "./logs.mjs";
import { printedHandout } from "./shoot-handout.mjs";

const assets = path.resolve(import.meta.dirname, "../../assets");
const to = (name) => path.join(assets, `screenshot-${name}.png`);
const nineteen = Array.from({ length: 18 }, (_, i) => `m${String(i + 1).padStart(2, "0")}`).join(",");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "readme-pictures-"));

const served = await serve();
const browser = await launch();
const pictures = {
  // The first screen as a reader arrives: the ring asks before it tells.
  async default() {
    const { page, close } = await open(browser, served, "", { viewport: { width: 1280, height: 800 } });
    await appReady(page);
    await page.screenshot({ path: to("default") });
    await close();
  },
  async phone() {
    const { page, close } = await open(browser, served, "", { viewport: { width: 390, height: 844 }, hasTouch: true });
    await appReady(page);
    await page.screenshot({ path: to("phone") });
    await close();
  },
  async schemes() {
    const { page, close } = await open(browser, served, "", { viewport: { width: 1280, height: 900 }, answered: true });
    await reveal(page, "schemes");
    await page.locator("#schemes").screenshot({ path: to("schemes") });
    await close();
  },
  // An access log read with field 7, the request path.
  async "your-keys"() {
    const log = path.join(scratch, "access.log");
    fs.writeFileSync(log, accessLog(6000, 2500));
    const { page, close } = await open(browser, served, "?servers=cache-1,cache-2,cache-3,cache-4&add=cache-5",
      { viewport: { width: 1280, height: 900 }, answered: true });
    await appReady(page);
    await page.fill("[data-keys-field]", "7");
    await page.dispatchEvent("[data-keys-field]", "change");
    await page.setInputFiles("input[type=file][data-keys-file]", log);
    await page.waitForSelector('[data-keys-source="yours"]', { timeout: 90000 });
    // The box at the top of the settings' own scroll, the ring beside it.
    await page.locator(".your-keys").evaluate((box) => box.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: to("your-keys") });
    await close();
  },
  // The default handout's first page, printed to PDF as Chromium prints it.
  async handout() {
    const { page, close } = await open(browser, served, "", { lazy: true });
    const pdf = path.join(scratch, "handout.pdf");
    fs.writeFileSync(pdf, await printedHandout(page));
    execFileSync("pdftoppm", ["-r", "60", "-png", "-f", "1", "-l", "1", "-singlefile", pdf, to("handout").replace(/\.png$/, "")]);
    await close();
  },
  // The ring saved for a slide at the lesson's 19 servers, numbered.
  async "saved-png"() {
    const { page, close } = await open(browser, served, `?servers=${nineteen}&add=m19&keys=1200`,
      { viewport: { width: 1280, height: 900 }, answered: true });
    await appReady(page);
    const button = page.locator('[data-save-png="ring"]');
    await button.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    fs.copyFileSync(await download.path(), to("saved-png"));
    await close();
  },
  // Two panels in a course page, each frame fitted to its content.
  async embedded() {
    const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
    const page = await context.newPage();
    await page.goto(served.origin + "/fixtures/lesson.html");
    await page.frameLocator("#moved").locator('[data-figure="moved"]').waitFor();
    await page.frameLocator("#claims").locator("#claims tr[data-claim]").first().waitFor();
    await page.screenshot({ path: to("embedded"), fullPage: true });
    await context.close();
  },
};
try {
  const only = process.argv.slice(2);
  for (const [name, take] of Object.entries(pictures)) {
    if (only.length && !only.includes(name)) continue;
    await take();
    console.log(to(name));
  }
} finally {
  await browser.close();
  await served.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}
