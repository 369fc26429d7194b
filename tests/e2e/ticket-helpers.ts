import { createPublicKey } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { verifyTicketToken } from "#server/modules/tickets/ticket-token.ts";
import { decodeQrImage } from "#tests/support/qr-decode.ts";
import { seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, uniqueUkMobile } from "./session.ts";

/** What tests/e2e/tickets.test.ts does over and over, against the server at `baseURL`. */
export function ticketHelpers(baseURL: string) {
  const call = <T>(name: string, data: unknown, userId?: string) =>
    callFunction<T>(baseURL, name, data, userId);

  /** A valid UK mobile number no other test of this run uses. */
  const ukMobile = (): string => uniqueUkMobile().e164;

  const inDays = (days: number, hour: number) =>
    `${toLocalInput(new Date(Date.now() + days * 86_400_000), "Europe/London").slice(0, 10)}T${hour}:00`;

  /** Submits the give form and waits for its confirmation (or shows why not). */
  async function giveTicket(page: Page, ticketId: string, name: string, phone: string) {
    await page.getByRole("textbox", { name: "Their name" }).fill(name);
    await page.getByRole("textbox", { name: "Their phone number" }).fill(phone);
    await page.getByRole("button", { name: "Give the ticket" }).click();
    try {
      await page.waitForURL(`${baseURL}/message/assigned_ticket_success/${ticketId}`);
    } catch (error) {
      await page.screenshot({ path: "/tmp/tickets-give-failed.png", fullPage: true });
      throw error;
    }
  }

  /** A published free event of a fresh organiser, through the console's functions. */
  async function freeEvent() {
    const organiserPhone = ukMobile();
    const { userId } = await call<{ userId: string }>("test.signInAs", {
      name: "Ticket Organiser",
      phone: organiserPhone,
    });
    await call(
      "businesses.apply",
      {
        name: "Door Tests Ltd",
        type: "venue",
        contactPhone: "+442071234567",
        contactEmail: "door@example.com",
        address: "5 Quay Street, Leeds",
      },
      userId,
    );
    const { eventId, shortId } = await call<{ eventId: string; shortId: string }>(
      "events.create",
      {
        title: "Night of Scanners",
        description: "Bring your phone.",
        venueName: "The Loft",
        venueAddress: "5 Quay Street, Leeds",
        timeZone: "Europe/London",
        startsLocal: inDays(10, 20),
        endsLocal: inDays(10, 23),
        category: "music",
      },
      userId,
    );
    const type = await call<{ id: string }>(
      "ticketTypes.create",
      { eventId, name: "Standing", priceMinor: 0, currency: "GBP", capacity: 50, perOrderLimit: 4 },
      userId,
    );
    await call("events.publish", { eventId }, userId);
    return { eventId, shortId, typeId: type.id, organiserId: userId, organiserPhone };
  }

  async function book(userId: string, event: { shortId: string; typeId: string }, count: number) {
    const hold = await call<{ id: string }>(
      "holds.create",
      {
        eventId: event.shortId,
        items: [{ ticketTypeId: event.typeId, quantity: count }],
        idempotencyKey: crypto.randomUUID(),
      },
      userId,
    );
    await call(
      "bookings.confirm",
      {
        holdId: hold.id,
        attendees: Array.from({ length: count }, (_, i) => ({ name: `Guest ${i + 1}` })),
        idempotencyKey: crypto.randomUUID(),
      },
      userId,
    );
  }

  /**
   * The page's `expected` QR codes, read from a screenshot of each, as a phone camera would
   * (once the page shows that many: a client-side navigation renders after its URL changes).
   */
  async function qrCodesOn(page: Page, expected: number): Promise<string[]> {
    await waitForHydration(page);
    const codes = page.locator("svg[data-qr-token]");
    await expect.poll(() => codes.count()).toBe(expected);
    const texts: string[] = [];
    for (let i = 0; i < expected; i++) {
      texts.push(...(await decodeQrImage(await screenshotOf(codes.nth(i)))));
    }
    return texts;
  }

  /**
   * A picture of one code. The page may render it again just as it is taken (the ticket's
   * data refetched after a navigation), which detaches the element: a camera looks again.
   */
  async function screenshotOf(code: Locator): Promise<Buffer> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await code.screenshot();
      } catch (error) {
        if (attempt === 5 || !String(error).includes("not attached")) throw error;
      }
    }
  }

  /** Verifies a token with the published public keys only (what a door device does). */
  async function verifiesWithPublishedKeys(token: string): Promise<boolean> {
    const response = await fetch(`${baseURL}/.well-known/ticket-keys.json`);
    const { keys } = (await response.json()) as { keys: { kid: number; x: string }[] };
    const claims = await verifyTicketToken(token, (kid) => {
      const key = keys.find((k) => k.kid === kid);
      return key
        ? createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: key.x }, format: "jwk" })
        : null;
    });
    return claims !== null;
  }

  async function outboxSms(to: string): Promise<string> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { messages } = await call<{ messages: { text: string }[] }>("dev.outbox", {
        destination: to,
      });
      if (messages[0]) return messages[0].text;
      if (Date.now() > deadline) throw new Error(`no SMS to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function axeInBothSchemes(page: Page, url: string) {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url);
      await waitForHydration(page);
      expect(await seriousViolations(page), `${url} in ${scheme}`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: "light" });
  }

  return {
    call,
    ukMobile,
    giveTicket,
    freeEvent,
    book,
    qrCodesOn,
    verifiesWithPublishedKeys,
    outboxSms,
    axeInBothSchemes,
  };
}
