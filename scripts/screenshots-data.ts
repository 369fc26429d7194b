import type { Browser, Page } from "playwright-core";
import { demoAccounts } from "#server/modules/demo/demo-seed.ts";
import { newPage } from "#tests/e2e/browser.ts";
import { callFunction } from "#tests/e2e/session.ts";
import type { StripePeer } from "#tests/support/stripe-peer.ts";
import { prepareCardScreens } from "./screenshots-card.ts";

// The data the screens of scripts/screenshots.ts need, made on its server before the shots.

/** Signs in (test.signInAs) as the demo person with this phone, in the page's context. */
export async function signIn(page: Page, baseURL: string, phone: string): Promise<string> {
  const response = await page.request.post(`${baseURL}/api/fn/test.signInAs`, {
    data: { data: { name: "Demo", phone } },
  });
  if (!response.ok()) throw new Error(`test.signInAs: ${await response.text()}`);
  return ((await response.json()) as { result: { userId: string } }).result.userId;
}

/**
 * The demo data's ids the screens need, one confirmed booking of the demo user, invoices
 * on for the demo business, and the card-paid screens' data (screenshots-card.ts).
 */
export async function prepareScreens(
  browser: Browser,
  baseURL: string,
  peer: Pick<StripePeer, "pay">,
) {
  const page = await newPage(browser);
  const ownerId = await signIn(page, baseURL, demoAccounts.owner.phone);
  const userId = await signIn(page, baseURL, demoAccounts.user.phone);
  await page.close();
  const { events } = await callFunction<{
    events: {
      id: string;
      shortId: string;
      path: string;
      status: string;
      ticketTypeCount: number;
    }[];
  }>(baseURL, "events.listMine", null, ownerId);
  const event = events.find((e) => e.status === "published" && e.ticketTypeCount > 0);
  if (!event) throw new Error("no published demo event with tickets");
  const full = await callFunction<{ ticketTypes: { id: string }[] }>(
    baseURL,
    "events.getForOwner",
    { eventId: event.id },
    ownerId,
  );
  const hold = await callFunction<{ id: string }>(
    baseURL,
    "holds.create",
    {
      eventId: event.shortId,
      items: [{ ticketTypeId: full.ticketTypes[0]?.id, quantity: 2 }],
      idempotencyKey: crypto.randomUUID(),
    },
    userId,
  );
  const booking = await callFunction<{ id: string; reference: string }>(
    baseURL,
    "bookings.confirm",
    {
      holdId: hold.id,
      attendees: [{ name: "Demo User" }, { name: "A Friend" }],
      idempotencyKey: crypto.randomUUID(),
    },
    userId,
  );
  const { teams } = await callFunction<{ teams: { id: string }[] }>(
    baseURL,
    "teams.list",
    null,
    ownerId,
  );
  const { tickets } = await callFunction<{ tickets: { id: string; qr: string }[] }>(
    baseURL,
    "tickets.forEvent",
    { eventId: event.id },
    userId,
  );
  // Invoices on before the card booking, so its receipt links its invoice.
  await callFunction(
    baseURL,
    "invoices.updateSettings",
    { invoicesEnabled: true, taxId: "GB123456789" },
    ownerId,
  );
  return {
    ownerId,
    userId,
    event,
    booking,
    teamId: teams[0]?.id ?? "none",
    ticketId: tickets[0]?.id ?? "none",
    ticketQr: tickets[0]?.qr ?? "none",
    card: await prepareCardScreens(baseURL, peer, events, {
      ownerId,
      userId,
      otherEventId: event.id,
    }),
  };
}

export type ScreenData = Awaited<ReturnType<typeof prepareScreens>>;
