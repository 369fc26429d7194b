import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "#tests/support/postgres.ts";
import { launchChromium, waitForHydration } from "./browser.ts";
import {
  banner,
  checkInsOf,
  doorFixture,
  forged,
  openScanner,
  restartableServer,
  shownVerdict,
  untilKeptByWorker,
} from "./door-offline-kit.ts";
import { uploadQr } from "./scanner-page.ts";

/**
 * The offline door (issue 26, decision 030) on a real server that the test stops and
 * starts again on the same port and database: the scanner judges on the device when the
 * server is gone or slow, and uploads what it admitted when the server answers again.
 * Needs TEST_DATABASE_URL.
 */
describe.runIf(testDatabaseUrl)("the door without a network", () => {
  let server: Awaited<ReturnType<typeof restartableServer>>;
  let browser: Browser;
  let door: Awaited<ReturnType<typeof doorFixture>>;

  beforeAll(async () => {
    server = await restartableServer();
    door = await doorFixture(server.url, 8);
    // Browsers: no camera, the scanner reads uploaded images only.
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const ticket = (n: number) => {
    const found = door.tickets[n];
    if (!found) throw new Error(`no ticket ${n}`);
    return found;
  };
  const apiDelay = async (ms: number) => {
    const response = await fetch(`${server.url}/__test/api-delay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ms }),
    });
    expect(response.status).toBe(200);
  };
  const waiting = (n: number) =>
    n === 0 ? "No check-ins waiting to upload" : `${n} check-in${n === 1 ? "" : "s"} waiting`;

  it("judges on the device with the server stopped, also once reloaded from the service worker, and uploads by itself when it is back", async () => {
    const givenAway = ticket(2);
    const oldQr = givenAway.qr;
    await door.giveAway(givenAway.id);
    const page = await openScanner(browser, server.url, door.eventId, door.staff);
    expect(await banner(page).getAttribute("data-connection")).toBe("online");
    await untilKeptByWorker(page);

    await server.stop();
    await uploadQr(page, ticket(0).qr);
    const admitted = await shownVerdict(page);
    expect(admitted).toMatchObject({ verdict: "admitted", offline: true });
    expect(admitted.text).toContain("Offline");
    // The page opens again from the service worker, its copy and queue from the device.
    await page.reload();
    await waitForHydration(page);
    await banner(page).getByText(waiting(1)).waitFor();
    await banner(page)
      .getByText(/Last synced/)
      .waitFor();
    await uploadQr(page, ticket(0).qr);
    expect(await shownVerdict(page)).toMatchObject({
      verdict: "already-checked-in",
      offline: true,
    });
    await uploadQr(page, forged(ticket(1).qr));
    expect(await shownVerdict(page)).toMatchObject({ verdict: "invalid", offline: true });
    await uploadQr(page, oldQr);
    const old = await shownVerdict(page);
    expect(old).toMatchObject({ verdict: "invalid", offline: true });
    expect(old.text).toContain("given to someone else");
    await banner(page).getByText(waiting(1)).waitFor();
    expect(await banner(page).getAttribute("data-connection")).toBe("offline");
    expect(await checkInsOf(server.database, ticket(0).id)).toEqual([]);

    await server.start();
    // The probe finds the server, the queue goes up: no one touched the page.
    await banner(page).getByText(waiting(0)).waitFor({ timeout: 15_000 });
    expect(await banner(page).getAttribute("data-connection")).toBe("online");
    const checkIns = await checkInsOf(server.database, ticket(0).id);
    expect(checkIns).toEqual([{ offline: true, device_id: expect.stringMatching(/^scanner-/) }]);
    expect(await checkInsOf(server.database, ticket(1).id)).toEqual([]);
    expect(await checkInsOf(server.database, givenAway.id)).toEqual([]);
    await page.close();
  });

  it("switches offline on two slow scans and back by itself, then on two failed ones", async () => {
    const page = await openScanner(browser, server.url, door.eventId, door.staff);
    await apiDelay(4000);
    try {
      for (const n of [3, 4]) {
        await uploadQr(page, ticket(n).qr);
        expect(await shownVerdict(page)).toMatchObject({ verdict: "admitted", offline: true });
      }
      await banner(page).getByText(waiting(2)).waitFor();
      expect(await banner(page).getAttribute("data-connection")).toBe("offline");
    } finally {
      await apiDelay(0);
    }
    // The probe answers now: online again, the queue uploaded.
    await banner(page).getByText(waiting(0)).waitFor({ timeout: 15_000 });
    expect(await banner(page).getAttribute("data-connection")).toBe("online");
    for (const n of [3, 4]) {
      // The slow scans reached the server too: one admission each all the same.
      expect(await checkInsOf(server.database, ticket(n).id)).toHaveLength(1);
    }

    await server.stop();
    await uploadQr(page, ticket(5).qr);
    expect(await shownVerdict(page)).toMatchObject({ verdict: "admitted", offline: true });
    expect(await banner(page).getAttribute("data-connection")).toBe("online");
    await uploadQr(page, ticket(6).qr);
    expect(await shownVerdict(page)).toMatchObject({ verdict: "admitted", offline: true });
    await banner(page).getByText(waiting(2)).waitFor();
    expect(await banner(page).getAttribute("data-connection")).toBe("offline");
    await page.close();
  });

  it("at the desk offline: finds a ticket by name on the device and checks it in, uploaded once back", async () => {
    const guest = ticket(7);
    if (!server.running()) await server.start();
    await door.giveAway(guest.id, "Nadia Nightingale");
    const desk = await openScanner(
      browser,
      server.url,
      door.eventId,
      door.staff,
      `/team_coordinator/check_in/${door.eventId}`,
    );
    await server.stop();
    // No scans at the desk: the browser's network event says it (or the next failed sync).
    await desk.context().setOffline(true);
    await expect.poll(() => banner(desk).getAttribute("data-connection")).toBe("offline");
    await desk.getByRole("textbox", { name: /Name, phone number/ }).fill("nightingale");
    await desk.getByRole("button", { name: "Search", exact: true }).click();
    await desk.getByRole("button", { name: "Check in Nadia Nightingale" }).click();
    await desk.getByRole("status").filter({ hasText: "Admitted." }).waitFor();
    expect(await desk.locator('[data-mark="offline"]').count()).toBe(1);
    await banner(desk).getByText(waiting(1)).waitFor();

    await server.start();
    await desk.context().setOffline(false);
    await banner(desk).getByText(waiting(0)).waitFor({ timeout: 15_000 });
    expect(await checkInsOf(server.database, guest.id)).toEqual([
      { offline: true, device_id: expect.any(String) },
    ]);
    await desk.close();
  });
});
