import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { bookingsKit, holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";
import { decodeQrImage } from "#tests/support/qr-decode.ts";
import {
  BOOKING_TICKETS_EMAIL,
  qrContentId,
  ticketEmailComposer,
} from "./ticket-email-composer.ts";

describe.each(testDatabases)("the tickets email on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof bookingsKit>>;
  let compose: ReturnType<typeof ticketEmailComposer>;
  beforeAll(async () => {
    db = await database.open();
    kit = await bookingsKit(db);
    compose = ticketEmailComposer({ database: db, settings: kit.services.settings });
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("queues the composed email for the buyer and for a different contact address", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 10 }] });
    const me = await kit.buyer({ email: "ticket-buyer@example.com" });
    const { booking } = await holdAndConfirm(me, event.shortId, nth(types, 0).id, 2, {
      contactEmail: "friend@example.com",
    });
    const mine = kit.emails.filter((mail) => mail.template?.ref === booking.id);
    expect(mine.map((mail) => [mail.to, mail.template?.name, mail.fromName]).sort()).toEqual([
      ["friend@example.com", BOOKING_TICKETS_EMAIL, "Test Hall"],
      ["ticket-buyer@example.com", BOOKING_TICKETS_EMAIL, "Test Hall"],
    ]);
  });

  it("composes a booking of two tickets: both QR images inline, a text part, one PDF, one .ics", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 10 }] });
    const me = await kit.buyer({ email: "two-tickets@example.com" });
    const { booking } = await holdAndConfirm(me, event.shortId, nth(types, 0).id, 2);
    const email = await compose(booking.id, "two-tickets@example.com");
    if (!email) throw new Error("nothing composed");
    expect(email.subject).toBe("Your tickets for Concert of Tests");
    expect(email.fromName).toBe("Test Hall");
    const attachments = email.attachments ?? [];
    const ids = booking.tickets.map((ticket: { id: string }) => ticket.id) as string[];
    for (const id of ids) {
      expect(email.html).toContain(`src="cid:${qrContentId(id)}"`);
      const image = attachments.find((file) => file.cid === qrContentId(id));
      expect(image?.contentType).toBe("image/png");
      const [token] = await decodeQrImage(image?.content ?? Buffer.alloc(0));
      const ticket = await me.call("tickets.get", { ticketId: id });
      expect(token).toBe(ticket.qr);
    }
    expect(email.html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(email.html).toContain("@media (prefers-color-scheme: dark)");
    expect(email.html).toContain(`/booking_refrence?reference=${booking.reference}`);
    expect(email.html).toContain(`/assign/${ids[0]}`);
    expect(email.text).toContain(booking.reference);
    expect(email.text).toContain("Attendee 1");
    expect(email.text).toContain("Attendee 2");
    const pdfs = attachments.filter((file) => file.contentType === "application/pdf");
    expect(pdfs).toHaveLength(1);
    expect((await PDFDocument.load(nth(pdfs, 0).content)).getPageCount()).toBe(2);
    const calendars = attachments.filter((file) => file.contentType.startsWith("text/calendar"));
    expect(calendars).toHaveLength(1);
    expect(nth(calendars, 0).content.toString("utf8")).toContain("SUMMARY:Concert of Tests");
  });

  it("shows the wallet links only when the wallets are configured", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 10 }] });
    const me = await kit.buyer({ email: "wallets@example.com" });
    const { booking } = await holdAndConfirm(me, event.shortId, nth(types, 0).id, 1);
    const without = await compose(booking.id, "wallets@example.com");
    expect(without?.html).not.toContain("/wallet/");
    const withWallets = ticketEmailComposer({
      database: db,
      settings: {
        ...kit.services.settings,
        GOOGLE_WALLET_ISSUER_ID: "3388000000000000000",
        GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: "wallet@example.iam.gserviceaccount.com",
        GOOGLE_WALLET_PRIVATE_KEY_FILE: "/nonexistent/key.pem",
      },
    });
    const email = await withWallets(booking.id, "wallets@example.com");
    expect(email?.html).toContain(`/wallet/google/${booking.tickets[0].id}?k=`);
    expect(email?.html).not.toContain("/wallet/apple/");
    expect(email?.text).toContain("Save to Google Wallet");
  });

  it("sends nothing for a booking cancelled before its email left", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 10 }] });
    const me = await kit.buyer({ email: "cancelled@example.com" });
    const { booking } = await holdAndConfirm(me, event.shortId, nth(types, 0).id, 1);
    await me.call("bookings.cancel", { bookingId: booking.id });
    expect(await compose(booking.id, "cancelled@example.com")).toBeNull();
  });
});
