import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "#tests/support/postgres.ts";
import { launchChromium } from "./browser.ts";
import {
  banner,
  checkInsOf,
  doorFixture,
  forged,
  openScanner,
  restartableServer,
  shownVerdict,
} from "./door-offline-kit.ts";
import { uploadQr } from "./scanner-page.ts";

const isRefresh = (url: string) => new URL(url).pathname === "/api/refresh-token";

/** Counts the page's refresh calls that found no server (the watcher's tries while it is down). */
function failedRefreshes(page: Page) {
  let failed = 0;
  page.on("requestfailed", (request) => {
    if (isRefresh(request.url())) failed += 1;
  });
  return () => failed;
}

/**
 * A door phone whose access token comes due while the server cannot be reached stays on
 * its scanner (app/session/session-watcher.ts, decision 030): nobody refused the session,
 * so the page keeps its cookies and tries the refresh again later, instead of leaving for
 * a sign-in page that cannot load offline. The server's access tokens live 61 s (the
 * minimum), so the page's watcher refreshes about every second. Needs TEST_DATABASE_URL.
 */
describe.runIf(testDatabaseUrl)("a door phone's session while the server is down", () => {
  let server: Awaited<ReturnType<typeof restartableServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await restartableServer({ ACCESS_TOKEN_TTL_SECONDS: "61" });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("keeps the scanner through failed token refreshes, admits offline, and uploads once the server is back", {
    timeout: 180_000,
  }, async () => {
    const door = await doorFixture(server.url, 1);
    const [ticket] = door.tickets;
    if (!ticket) throw new Error("expected a ticket");
    const scanner = `${server.url}/team_coordinator/check_in/scanner/${door.eventId}`;
    const page = await openScanner(browser, server.url, door.eventId, door.staff);
    // The scanner itself, not only its banner, has loaded before the server goes.
    await page.locator('input[type="file"]').waitFor({ state: "attached", timeout: 30_000 });
    const failed = failedRefreshes(page);

    await server.stop();
    // The watcher's refreshes fail: at its next (within ~1 s), then 5 s later.
    await page.waitForTimeout(8_000);
    expect(page.url()).toBe(scanner);
    expect(failed()).toBeGreaterThanOrEqual(2);
    // A forged code first: two failed calls in a row switch the phone offline, whose probe
    // then finds the server within seconds of its return (one failure waits for the
    // minute's sync).
    await uploadQr(page, forged(ticket.qr));
    expect(await shownVerdict(page)).toMatchObject({ verdict: "invalid", offline: true });
    await uploadQr(page, ticket.qr);
    expect(await shownVerdict(page)).toMatchObject({ verdict: "admitted", offline: true });
    await banner(page).getByText("1 check-in waiting to upload").waitFor();
    expect(page.url()).toBe(scanner);

    const refreshedAgain = page.waitForResponse(
      (response) => isRefresh(response.url()) && response.ok(),
      { timeout: 90_000 },
    );
    await server.start();
    await banner(page).getByText("No check-ins waiting to upload").waitFor({ timeout: 60_000 });
    expect(await checkInsOf(server.database, ticket.id)).toEqual([
      { offline: true, device_id: expect.stringMatching(/^scanner-/) },
    ]);
    // The watcher's retry got a new token: the session goes on, on the same page.
    await refreshedAgain;
    expect(page.url()).toBe(scanner);
    await page.close();
  });
});
