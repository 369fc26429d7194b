import type { Page } from "playwright-core";
import { qrPng } from "#server/modules/tickets/qr-image.ts";

/** One screen to photograph, as scripts/screenshots.ts takes it. */
export type DoorShot = {
  name: string;
  path: string;
  as: "owner" | "staff";
  act?: (page: Page) => Promise<void>;
  after?: (page: Page) => Promise<void>;
  viewportOnly?: true;
};

const scanCall = "**/api/fn/checkin.scan";

/**
 * On the scanner: waits for the first sync, cuts the server's answers to scans off, and
 * uploads the ticket's QR until the door, offline after two failed checks, judges it on
 * the device (the verdict marked "Offline").
 */
async function scanOffline(page: Page, ticketQr: string) {
  await page.getByTestId("camera-error").waitFor({ timeout: 15_000 });
  await page
    .getByTestId("door-status")
    .getByText(/Last synced/)
    .waitFor({ timeout: 15_000 });
  await page.route(scanCall, (route) => route.abort("internetdisconnected"));
  const file = { name: "ticket.png", mimeType: "image/png", buffer: await qrPng(ticketQr) };
  const offline = page.locator('[data-testid="verdict-overlay"][data-offline]');
  for (let tries = 0; tries < 3 && !(await offline.isVisible()); tries++) {
    await page.locator('input[type="file"]').setInputFiles(file);
    await Promise.race([
      offline.waitFor({ timeout: 5000 }),
      page.getByTestId("scan-failure").waitFor({ timeout: 5000 }),
    ]).catch(() => {});
  }
  await offline.waitFor({ timeout: 5000 });
}

/**
 * The door's screens of issue 26 for `npm run screenshots`: the typed-code page's picker of
 * today's events (the demo staff, whose team works tonight's demo event), the desk with its
 * status banner, and an offline verdict on the scanner: the server's answers cut off, two
 * failed checks switch the door offline, and the third upload is judged on the device.
 */
export function doorShots({
  event,
  ticketQr,
}: {
  event: { id: string };
  ticketQr: string;
}): DoorShot[] {
  return [
    {
      name: "check_in_ticket_info_picker",
      path: "/team_coordinator/check_in/ticket_info",
      as: "staff",
    },
    { name: "check_in_desk", path: `/team_coordinator/check_in/${event.id}`, as: "owner" },
    {
      name: "scanner_offline_verdict",
      path: `/team_coordinator/check_in/scanner/${event.id}`,
      as: "owner",
      viewportOnly: true,
      act: (page) => scanOffline(page, ticketQr),
      after: (page) => page.unroute(scanCall),
    },
    {
      // The same, the verdict dismissed and the network gone: the banner says offline,
      // with the queue.
      name: "scanner_offline_banner",
      path: `/team_coordinator/check_in/scanner/${event.id}`,
      as: "owner",
      act: async (page) => {
        await scanOffline(page, ticketQr);
        await page.getByRole("button", { name: "Scan the next ticket" }).click();
        await page.context().setOffline(true);
        await page.locator('[data-testid="door-status"][data-connection="offline"]').waitFor();
      },
      after: async (page) => {
        await page.context().setOffline(false);
        await page.unroute(scanCall);
      },
    },
  ];
}
