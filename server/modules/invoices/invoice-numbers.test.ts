import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { invoicedEvent, paidBooking } from "#tests/support/kits/invoices-test-kit.ts";
import { invoices } from "./invoices.schema.ts";
import { issueInvoiceFor } from "./issue-invoices.ts";

class RolledBackOnPurpose extends Error {}

describe.each(postgresOnly)(
  "invoice numbers under concurrent paid bookings on $name",
  (database) => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await database.open();
    }, 120_000);
    afterAll(async () => {
      await db?.dispose();
    });

    it("numbers 50 concurrent bookings 1..K with no gap and no repeat, K the committed ones", async () => {
      const made = await invoicedEvent(db.db);
      const booked = [];
      for (let i = 0; i < 50; i += 1) booked.push(await paidBooking(db.db, made, { quantity: 1 }));
      // Every 4th transaction rolls back after taking its number, holding it a moment first
      // so that others queue on the counter behind it (the race the counter must survive).
      const outcomes = await Promise.allSettled(
        booked.map((booking, i) =>
          db.db.transaction(async (tx) => {
            const issued = await issueInvoiceFor(tx, booking.id);
            await tx.execute(sql`select pg_sleep(0.01)`);
            if (i % 4 === 1) throw new RolledBackOnPurpose();
            return issued;
          }),
        ),
      );
      const committed = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.filter((o) => o.status === "rejected");
      expect(refused.every((o) => o.reason instanceof RolledBackOnPurpose)).toBe(true);
      expect(committed).toHaveLength(37);
      const rows = await db.db
        .select({ number: invoices.number, bookingId: invoices.bookingId })
        .from(invoices)
        .where(eq(invoices.businessId, made.business.id));
      const numbers = rows.map((r) => r.number).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
      expect(new Set(rows.map((r) => r.bookingId)).size).toBe(37);
      // What each committed call answered is what was stored: INV-000001 … INV-000037.
      const answered = committed
        .map((o) => (o.status === "fulfilled" ? o.value?.number : null))
        .sort();
      expect(answered).toEqual(numbers.map((n) => `INV-${String(n).padStart(6, "0")}`));
      // The next booking continues the sequence.
      const next = await paidBooking(db.db, made, { quantity: 1 });
      expect((await issueInvoiceFor(db.db, next.id))?.number).toBe("INV-000038");
    }, 120_000);
  },
);
