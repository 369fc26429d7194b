import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { callFunction, signInAs } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

const baseURL = inject("baseURL");
const helpers = ticketHelpers(baseURL);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("the ticket check of another business's door", () => {
  it("says only 'not a ticket for this event': no holder, ticket type or event", async () => {
    const ours = await helpers.freeEvent();
    const theirs = await helpers.freeEvent();
    const holder = await callFunction<{ userId: string }>(baseURL, "test.signInAs", {
      name: "Harriet Holder",
      phone: helpers.ukMobile(),
    });
    await helpers.book(holder.userId, theirs, 1);
    const wallet = await callFunction<{ tickets: { qr: string }[] }>(
      baseURL,
      "tickets.forEvent",
      { eventId: theirs.eventId },
      holder.userId,
    );
    const qr = wallet.tickets[0]?.qr;
    if (!qr) throw new Error("no ticket");

    // Door staff of the other business, at their own event's door.
    const staffPhone = helpers.ukMobile();
    const staff = await newPage(browser, { mobile: true });
    await signInAs(staff, baseURL, { name: "Stan Staff", phone: staffPhone });
    const as = <T>(name: string, data: unknown) =>
      callFunction<T>(baseURL, name, data, ours.organiserId);
    const { teamId } = await as<{ teamId: string }>("teams.create", { name: "Front door" });
    await as("teams.addMember", { teamId, phone: staffPhone, role: "staff" });
    await as("teams.assignEvents", { teamId, eventIds: [ours.eventId] });

    await staff.goto(`${baseURL}/team_coordinator/check_in/ticket_info?event=${ours.eventId}`);
    await waitForHydration(staff);
    await staff.getByRole("textbox", { name: "Ticket code" }).fill(qr);
    await staff.getByRole("button", { name: "Check the ticket" }).click();
    const verdict = staff.locator("[data-verdict]");
    await expect.poll(() => verdict.getAttribute("data-verdict")).toBe("wrong-event");
    const text = (await verdict.textContent()) ?? "";
    expect(text).toContain("Not a ticket for this event.");
    for (const secret of ["Guest 1", "Standing", "Night of Scanners"]) {
      expect(text).not.toContain(secret);
    }
  });
});
