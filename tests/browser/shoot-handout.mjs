// A handout as it prints: node tests/browser/shoot-handout.mjs OUT.pdf [QUERY]
// (the lecture QUERY holds, or the lesson), then pdftoppm to look at it.
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { serve, launch, open } from "./harness.mjs";

/** Print `page`'s handout, the lecture it holds; the PDF's bytes. */
export async function printedHandout(page) {
  await page.waitForSelector("#print-handout");
  await page.evaluate(() => { window.print = () => { window.printCalled = true; }; });
  await page.click("#print-handout");
  await page.waitForFunction(() => window.printCalled);
  await page.waitForFunction(() => document.querySelectorAll(".panel-slot[data-in-handout].waiting").length === 0);
  await page.emulateMedia({ media: "print" });
  return page.pdf({ format: "A4", printBackground: true });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [out, query = ""] = process.argv.slice(2);
  const served = await serve();
  const browser = await launch();
  const { page, close } = await open(browser, served, query, { lazy: true });
  fs.writeFileSync(out, await printedHandout(page));
  await close(); await browser.close(); await served.close();
}
