// Screenshot the built page, for looking at it and for the README:
//   node tests/browser/shoot.mjs OUT.png [QUERY] [WIDTHxHEIGHT] [light|dark] [full]
import { serve, launch, open } from "./harness.mjs";

const [out, query = "", size = "1280x800", scheme = "light", full = ""] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tests/browser/shoot.mjs OUT.png [QUERY] [WIDTHxHEIGHT] [light|dark] [full]");
  process.exit(2);
}
const [width, height] = size.split("x").map(Number);
const served = await serve();
const browser = await launch();
try {
  const { page, close } = await open(browser, served, query, { viewport: { width, height }, colorScheme: scheme });
  await page.screenshot({ path: out, fullPage: full === "full" });
  await close();
} finally {
  await browser.close();
  await served.close();
}
