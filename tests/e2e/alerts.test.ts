import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAs, uniqueUkMobile } from "./session.ts";

/** A UK mobile number no one else has (team members are added by a real-looking phone). */
const ukMobile = () => uniqueUkMobile().e164;

// Two server instances on one PostgreSQL database: alerts cross between them by
// LISTEN/NOTIFY (decision 018, 020). Needs TEST_DATABASE_URL.
describe.runIf(testDatabaseUrl)("live alerts across two server instances", () => {
  let browser: Browser;
  let serverA: RunningServer;
  let serverB: RunningServer;
  let database: Awaited<ReturnType<typeof createTempDatabase>>;

  beforeAll(async () => {
    database = await createTempDatabase("e2e_alerts", { migrated: true });
    const env = { NODE_ENV: "test", DATABASE_URL: database.url, PGLITE_DIR: "" };
    browser = await launchChromium();
    // One after the other: the first one migrates the new database.
    serverA = await spawnServer({ env });
    serverB = await spawnServer({ env });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await serverA?.stop();
    await serverB?.stop();
    await database?.drop();
  });

  /** A page that counts the chimes it plays (Web Audio oscillators started). */
  async function chimingPage(): Promise<Page> {
    const page = await newPage(browser, { mobile: true });
    await page.addInitScript(() => {
      const w = window as unknown as { chimes: number };
      w.chimes = 0;
      const original = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        w.chimes += 1;
        return original.call(this);
      };
    });
    return page;
  }

  async function axeBothSchemes(page: Page, url: string) {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url);
      await waitForHydration(page);
      expect({ url, scheme, violations: await seriousViolations(page) }).toEqual({
        url,
        scheme,
        violations: [],
      });
    }
    await page.emulateMedia({ colorScheme: "light" });
  }

  it("shows on instance B, within a second, the alert the owner sends through instance A; acknowledging shows on the other device; another team hears nothing", async () => {
    const a = serverA.url;
    const b = serverB.url;
    // The owner, on instance A, with two teams.
    const owner = await newPage(browser);
    const { userId: ownerId } = await signInAs(owner, a, { name: "Olga Owner" });
    const as = <T>(name: string, data: unknown) => callFunction<T>(a, name, data, ownerId);
    await as("businesses.apply", {
      name: "Harbour Hall",
      type: "venue",
      contactPhone: "+44 20 7946 0018",
      contactEmail: "hello@harbour.example",
      address: "1 Quay Street, Bristol",
      description: "Concerts by the water.",
    });
    await as("businesses.changePlan", { plan: "pro" });
    const front = (await as<{ teamId: string }>("teams.create", { name: "Front door" })).teamId;
    const back = (await as<{ teamId: string }>("teams.create", { name: "Back door" })).teamId;

    // Coordinator of the front door on instance B (two devices: B and A); an outsider
    // coordinates the back door.
    const phone = ukMobile();
    const coordinator = await chimingPage();
    await signInAs(coordinator, b, { name: "Cleo Coordinator", phone });
    await as("teams.addMember", { teamId: front, phone, role: "coordinator" });
    const otherDevice = await newPage(browser);
    await signInAs(otherDevice, a, { name: "Cleo Coordinator", phone });
    const outsiderPhone = ukMobile();
    const outsider = await newPage(browser, { mobile: true });
    await signInAs(outsider, b, { name: "Otto Outsider", phone: outsiderPhone });
    await as("teams.addMember", { teamId: back, phone: outsiderPhone, role: "coordinator" });

    for (const [page, base] of [
      [coordinator, b],
      [otherDevice, a],
      [outsider, b],
    ] as const) {
      await page.goto(`${base}/team_coordinator/message_alert`);
      await waitForHydration(page);
      await page.getByText("No alerts yet.").waitFor();
    }
    // Let the pages' streams open (one EventSource each).
    await coordinator.waitForTimeout(500);

    // The owner writes through the page on instance A.
    await owner.goto(`${a}/business/message`);
    await waitForHydration(owner);
    await owner.getByLabel("Front door").check();
    await owner.getByLabel("Subject").fill("Doors open late");
    await owner.getByLabel("Message").fill("Open at 19:30, not 19:00.");
    await owner.getByLabel(/^Urgent/).check();
    await owner.getByRole("button", { name: "Send alert" }).click();
    await owner.getByText("Sent to 1 team.").waitFor();
    await coordinator.getByRole("heading", { name: "Doors open late" }).waitFor({ timeout: 5000 });

    // Timed: from the send's answer to the alert on the page of the other instance.
    const sentAt = Date.now();
    await as("alerts.send", {
      teamIds: [front],
      subject: "Queue at the side gate",
      body: "Send two people to the side gate.",
      urgency: "normal",
    });
    await coordinator
      .getByRole("heading", { name: "Queue at the side gate" })
      .waitFor({ timeout: 1000 });
    expect(Date.now() - sentAt).toBeLessThan(1000);

    // Newest first, both unread, the count in the title and the header; a chime each.
    const subjects = await coordinator.getByTestId("alert").getByRole("heading").allTextContents();
    expect(subjects).toEqual(["Queue at the side gate", "Doors open late"]);
    expect(await coordinator.title()).toMatch(/^\(2\) Message alerts/);
    await expect
      .poll(() => coordinator.getByTestId("alert-count").getAttribute("data-unread"))
      .toBe("2");
    expect(
      await coordinator.evaluate(() => (window as unknown as { chimes: number }).chimes),
    ).toBeGreaterThanOrEqual(4);

    // Acknowledged on instance B: the other device (instance A) shows it without reload.
    await otherDevice.getByRole("heading", { name: "Queue at the side gate" }).waitFor();
    const alert = coordinator.getByTestId("alert").filter({ hasText: "Doors open late" });
    await alert.getByRole("button", { name: "Acknowledge" }).click();
    await alert.getByText("Acknowledged").waitFor();
    expect(await coordinator.title()).toMatch(/^\(1\) Message alerts/);
    await otherDevice
      .getByTestId("alert")
      .filter({ hasText: "Doors open late" })
      .getByText("Acknowledged")
      .waitFor({ timeout: 5000 });
    await expect
      .poll(() => otherDevice.getByTestId("alert-count").getAttribute("data-unread"))
      .toBe("1");

    // The back door's coordinator heard nothing of the front door's alerts.
    await outsider.reload();
    await waitForHydration(outsider);
    await outsider.getByText("No alerts yet.").waitFor();
    expect(await outsider.getByTestId("alert").count()).toBe(0);

    // The owner's history lists what was sent.
    await owner.reload();
    await owner.getByText("Front door").first().waitFor();
    const sent = owner.getByRole("region", { name: "Sent alerts" });
    expect(await sent.getByText("Queue at the side gate").count()).toBe(1);

    await axeBothSchemes(coordinator, `${b}/team_coordinator/message_alert`);
    await axeBothSchemes(owner, `${a}/business/message`);
    for (const page of [owner, coordinator, otherDevice, outsider]) await page.close();
  });

  it("shows a visitor and a user without a business how to become one", async () => {
    const page = await newPage(browser, { mobile: true });
    await page.goto(`${serverA.url}/business/message`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Apply as a business" }).waitFor();
    await signInAs(page, serverA.url, { name: "No Business" });
    await page.goto(`${serverA.url}/business/message`);
    await page.getByRole("link", { name: "Apply as a business" }).waitFor();
    expect(await page.getByRole("button", { name: "Send alert" }).count()).toBe(0);
    await page.close();
  });
});
