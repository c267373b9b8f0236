// A number box while it waits for the typing to pause: node tests/browser/shoot-typing.mjs OUT-PREFIX
import { serve, launch, open } from "./harness.mjs";
const served = await serve();
const browser = await launch();
for (const [width, height] of [[390, 844], [1280, 800], [1440, 900]]) {
  const { page, close } = await open(browser, served, "", { viewport: { width, height } });
  await page.locator("#points-number").scrollIntoViewIfNeeded();
  // Longer than any pause: keep typing until the message shows, then shoot.
  await page.evaluate(() => { window.setTimeout = ((t) => (f, ms, ...a) => t(f, ms === 800 ? 1e7 : ms, ...a))(window.setTimeout); });
  await page.locator("#points-number").fill("3");
  await page.waitForFunction(() => document.querySelector("#points-message").textContent);
  await page.locator("#points-number").screenshot({ path: "/dev/null" }).catch(() => {});
  const box = await page.locator("#points-number").boundingBox();
  await page.screenshot({ path: `${process.argv[2]}-${width}.png`, clip: { x: 0, y: Math.max(0, box.y - 200), width, height: 400 } });
  await close();
}
await browser.close();
await served.close();
