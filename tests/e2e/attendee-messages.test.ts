import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { attendeeMessagesKit } from "#tests/support/kits/attendee-messages-test-kit.ts";
import { ownersPublishedEvent } from "#tests/support/kits/business-test-kit.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { signInAsOwner } from "./session.ts";

// The owner's message to 450 ticket holders through /business/message, on PostgreSQL
// (the holders are inserted with SQL). Needs TEST_DATABASE_URL.
describe.runIf(testDatabaseUrl)("messages to attendees on /business/message", () => {
  let browser: Browser;
  let server: RunningServer;
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    temp = await createTempDatabase("e2e_attendee_messages", { migrated: true });
    server = await spawnServer({
      env: { NODE_ENV: "test", DATABASE_URL: temp.url, PGLITE_DIR: "" },
    });
    database = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 2 });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.close();
    await temp?.drop();
  });

  async function axeBothSchemes(page: Page, what: string) {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(100);
      expect({ what, scheme, violations: await seriousViolations(page) }).toEqual({
        what,
        scheme,
        violations: [],
      });
    }
    await page.emulateMedia({ colorScheme: "light" });
  }

  it("previews the recipients, sends, shows the progress reaching done and the history row", async () => {
    const base = server.url;
    const page = await newPage(browser, { mobile: true });
    const ownerId = await signInAsOwner(page, base, "Petra Promoter");
    const { event, type } = await ownersPublishedEvent(database.db, ownerId, 1000);
    const kit = await attendeeMessagesKit(database);
    await kit.holders(event.id, type.id, 450);

    await page.goto(`${base}/business/message?to=attendees`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Message the attendees of an event" }).waitFor();
    await axeBothSchemes(page, "compose");

    // Bad input (blank once trimmed, which the browser lets through): field errors.
    await page.getByRole("button", { name: "Preview recipients" }).click();
    await page.getByTestId("recipient-preview").waitFor();
    await page.getByRole("textbox", { name: /^Subject/ }).fill("   ");
    await page.getByRole("textbox", { name: /^Message/ }).fill("   ");
    await page.getByRole("button", { name: "Send to 450 ticket holders" }).click();
    await page.getByText("Write a subject.").waitFor();
    await page.getByText("Write a message.").waitFor();

    await page.getByRole("textbox", { name: /^Subject/ }).fill("Doors open at 19:30");
    await page
      .getByRole("textbox", { name: /^Message/ })
      .fill("Doors open half an hour later than printed.");
    await page.getByRole("button", { name: "Preview recipients" }).click();
    const preview = page.getByTestId("recipient-preview");
    await preview.waitFor();
    expect(await preview.textContent()).toBe(
      "This message reaches 450 ticket holders: Holder 00001, Holder 00002, Holder 00003, Holder 00004, Holder 00005 and 445 more.",
    );
    await axeBothSchemes(page, "preview");
    await page.getByRole("button", { name: "Send to 450 ticket holders" }).click();
    // The notice comes with the page's data read again, while the worker delivers the
    // 450: under a loaded CI machine that has taken over 30 s.
    await page
      .getByText("Sending to 450 ticket holders.", { exact: false })
      .waitFor({ timeout: 90_000 });

    const row = page.getByTestId("attendee-message");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText("Doors open at 19:30").count()).toBe(1);
    await row.getByText("450 of 450 sent", { exact: false }).waitFor({ timeout: 90_000 });
    await row.getByText("Sent", { exact: true }).waitFor();
    expect(await row.getByTestId("attendee-message-progress").textContent()).toBe(
      "450 of 450 sent · 450 by email · 0 by SMS",
    );
    await axeBothSchemes(page, "sent");

    // The history survives a reload.
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId("attendee-message-progress").textContent()).toBe(
      "450 of 450 sent · 450 by email · 0 by SMS",
    );
    // What became of them by channel: all told in-app; the emails sent or still pending.
    const delivery = page.getByTestId("delivery-counts");
    expect(await delivery.getByText("450 of 450 told").count()).toBe(1);
    expect(await delivery.getByText("Email", { exact: true }).count()).toBe(1);
    expect(await delivery.getByText("SMS", { exact: true }).count()).toBe(0);
  }, 300_000);
});
