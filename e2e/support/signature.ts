import type { Locator, Page } from 'playwright-core';

/** Draws a stroke across a signature pad with the mouse, as a person signs on screen. */
export async function drawSignature(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, -20],
    [120, 15],
    [180, -10],
    [240, 20],
  ] as const) {
    await page.mouse.move(box.x + dx, box.y + box.height / 2 + dy, { steps: 5 });
  }
  await page.mouse.up();
}
