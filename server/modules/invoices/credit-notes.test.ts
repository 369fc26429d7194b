import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refunds } from "#server/modules/payments/payments.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { invoicedEvent, paidBooking } from "#tests/support/kits/invoices-test-kit.ts";
import { invoices } from "./invoices.schema.ts";
import { issueCreditNoteFor, issueInvoiceFor } from "./issue-invoices.ts";

describe.each(testDatabases)("credit notes and the frozen invoices on $name", (database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  /** A refund of `ticketCount` of the booking's tickets, as payments records it. */
  async function refundOf(
    booking: { id: string },
    made: { event: { id: string }; business: { id: string } },
    amounts: { amountMinor: number; feesMinor: number; ticketCount: number; reason?: string },
  ) {
    const tickets = await db.db.execute(
      sql`select id from tickets where booking_id = ${booking.id} order by id
          limit ${amounts.ticketCount}`,
    );
    const ticketIds = (tickets as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    const [row] = await db.db
      .insert(refunds)
      .values({
        bookingId: booking.id,
        eventId: made.event.id,
        businessId: made.business.id,
        source: "organizer",
        reason: amounts.reason ?? null,
        amountMinor: amounts.amountMinor,
        feesMinor: amounts.feesMinor,
        currency: "eur",
        ticketIds,
        provider: "stripe",
        paymentReference: "pi_test",
      })
      .returning();
    if (!row) throw new Error("no refund");
    return row;
  }

  it("issues a credit note that references its invoice, with the next number, once per refund", async () => {
    const made = await invoicedEvent(db.db);
    // 2 × €20.00 + fee 2 × €1.30 + tax 2 × €4.00 = €50.60
    const booking = await paidBooking(db.db, made, { quantity: 2 });
    const invoice = await issueInvoiceFor(db.db, booking.id);
    expect(invoice).toMatchObject({ kind: "invoice", number: "INV-000001", totalMinor: 5060 });
    // A repeat gives the same invoice.
    expect((await issueInvoiceFor(db.db, booking.id))?.id).toBe(invoice?.id);

    // One ticket back: its share is €25.30, of which €1.30 booking fee.
    const first = await refundOf(booking, made, {
      amountMinor: 2530,
      feesMinor: 130,
      ticketCount: 1,
      reason: "Could not come",
    });
    const note = await db.db.transaction((tx) => issueCreditNoteFor(tx, first.id));
    expect(note).toMatchObject({ kind: "credit-note", number: "CN-000001", totalMinor: -2530 });
    expect((await issueCreditNoteFor(db.db, first.id))?.id).toBe(note?.id);
    const [row] = await db.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, note?.id ?? ""));
    expect(row).toMatchObject({
      refundId: first.id,
      creditedInvoiceId: invoice?.id,
      bookingId: booking.id,
    });
    const document = row?.document;
    expect(document?.credit).toMatchObject({
      invoiceNumber: "INV-000001",
      reason: "Could not come",
    });
    expect(document?.lines).toEqual([
      { description: "Refund: Standard", quantity: 1, unitMinor: -2000, amountMinor: -2000 },
      { description: "Booking fee refunded", quantity: 1, unitMinor: -130, amountMinor: -130 },
    ]);
    expect(document?.taxMinor).toBe(-400);
    expect(document?.seller).toMatchObject({ name: "Test Hall", taxId: "GB123456789" });
    // The lines and the tax make up the refunded amount.
    const lineSum = (document?.lines ?? []).reduce((sum, line) => sum + line.amountMinor, 0);
    expect(lineSum + (document?.taxMinor ?? 0)).toBe(-2530);

    const second = await refundOf(booking, made, {
      amountMinor: 2530,
      feesMinor: 130,
      ticketCount: 1,
    });
    expect((await issueCreditNoteFor(db.db, second.id))?.number).toBe("CN-000002");
    const issued = await db.db.select().from(invoices).where(eq(invoices.bookingId, booking.id));
    expect(issued.map((i) => `${i.kind} ${i.number}`).sort()).toEqual([
      "credit-note 1",
      "credit-note 2",
      "invoice 1",
    ]);
  });

  it("issues no invoice when invoices are off or nothing was paid by card, and so no credit note", async () => {
    const off = await invoicedEvent(db.db, { invoices: false });
    const booking = await paidBooking(db.db, off);
    expect(await issueInvoiceFor(db.db, booking.id)).toBeNull();
    const refund = await refundOf(booking, off, { amountMinor: 100, feesMinor: 0, ticketCount: 1 });
    expect(await issueCreditNoteFor(db.db, refund.id)).toBeNull();

    const on = await invoicedEvent(db.db);
    const venue = await paidBooking(db.db, on, { provider: "venue" });
    expect(await issueInvoiceFor(db.db, venue.id)).toBeNull();
    expect(await issueCreditNoteFor(db.db, "not-a-uuid")).toBeNull();
  });

  it("refuses any update or delete of an issued invoice (the trigger)", async () => {
    const made = await invoicedEvent(db.db);
    const booking = await paidBooking(db.db, made);
    const invoice = await issueInvoiceFor(db.db, booking.id);
    const id = invoice?.id ?? "";
    await expect(
      db.db.execute(sql`update invoices set number = 99 where id = ${id}`),
    ).rejects.toThrow();
    await expect(
      db.db.execute(sql`update invoices set document = '{}'::jsonb where id = ${id}`),
    ).rejects.toThrow();
    await expect(db.db.execute(sql`delete from invoices where id = ${id}`)).rejects.toThrow();
    const [row] = await db.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row?.number).toBe(1);
    expect(row?.document.totalMinor).toBe(5060);
  });
});
