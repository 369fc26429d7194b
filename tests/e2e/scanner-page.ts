import type { Page } from "playwright-core";
import { qrPng } from "#server/modules/tickets/qr-image.ts";

// What the scanner's end-to-end files do on its page.

/** The full-screen verdict. */
export const overlay = (page: Page) => page.getByTestId("verdict-overlay");
/** The verdict on screen now (`admitted`, …), or null. */
export const verdictOf = (page: Page) =>
  overlay(page)
    .locator("[data-verdict]")
    .getAttribute("data-verdict", { timeout: 500 })
    .catch(() => null);

/**
 * Stops the camera (once it has started) to read images only. The camera keeps reading
 * Guest 1, whose verdict covers the page again every 3 s: each one is dismissed first.
 */
export async function stopCamera(page: Page) {
  const stop = page.getByRole("button", { name: "Stop the camera" });
  const start = page.getByRole("button", { name: "Start the camera" });
  await stop.waitFor({ timeout: 20_000 });
  for (let tries = 0; tries < 40 && !(await start.isVisible()); tries++) {
    if (await overlay(page).isVisible()) {
      await page
        .getByRole("button", { name: "Scan the next ticket" })
        .click({ timeout: 1000 })
        .catch(() => {});
    }
    // Covered by a verdict again: the next round dismisses it.
    await stop.click({ timeout: 1000 }).catch(() => {});
  }
  await start.waitFor({ timeout: 1000 });
  await overlay(page).waitFor({ state: "detached", timeout: 10_000 });
}

/** Chooses a PNG of the token's QR code in the scanner's file input. */
export async function uploadQr(page: Page, token: string) {
  await page.locator('input[type="file"]').setInputFiles({
    name: "ticket.png",
    mimeType: "image/png",
    buffer: await qrPng(token),
  });
}
