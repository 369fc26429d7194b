import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts } from "#server/modules/payments/payments.schema.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { attendees, checkoutKit, holdOf } from "#tests/support/kits/checkout-test-kit.ts";
import { makeUser, nth } from "#tests/support/kits/holds-test-kit.ts";
import { invoicedEvent, paidBooking } from "#tests/support/kits/invoices-test-kit.ts";
import { functionContext } from "#tests/support/kits/profile-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import { invoiceFunctions } from "./invoices.functions.ts";

/** The text of a PDF, as poppler's pdftotext reads it (layout kept: a line per row). */
function pdfText(base64: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "receipt-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, Buffer.from(base64, "base64"));
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(testDatabases)("receipts and invoices of card-paid bookings on $name", (database) => {
  let db: TestDatabase;
  let peer: StripePeer;
  let kit: Awaited<ReturnType<typeof checkoutKit>>;
  const registry = createRegistry([...invoiceFunctions]);
  const as = (userId: string) => {
    const auth: Auth = { userId, sessionId: "s", roles: [] };
    return {
      // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
      call: (name: string, data: unknown): Promise<any> =>
        registry.invoke(name, data, functionContext(kit.services, auth)),
      // biome-ignore lint/suspicious/noExplicitAny: the FunctionError thrown
      fail: (name: string, data: unknown): Promise<any> =>
        registry.invoke(name, data, functionContext(kit.services, auth)).then(
          (result) => {
            throw new Error(`expected ${name} to fail, got ${JSON.stringify(result)}`);
          },
          (error: unknown) => error,
        ),
    };
  };
  beforeAll(async () => {
    db = await database.open();
    peer = await startStripePeer();
    kit = await checkoutKit(db, peer);
  }, 120_000);
  afterAll(async () => {
    await peer?.close();
    await db?.dispose();
  });

  it("gives the buyer and the organiser the receipt and invoice of a booking paid at the peer, and nobody else", async () => {
    const { event, types, owner } = await kit.cardEvent({
      types: [{ priceMinor: 2000, capacity: 10 }],
      tax: { rateBp: 1000, inclusive: false },
    });
    const organiser = as(owner.id);
    await organiser.call("invoices.updateSettings", { invoicesEnabled: true, taxId: " FR12345 " });
    const buyer = await kit.buyer({ email: "ada@example.com", name: "Ada Lovelace" });
    const hold = await holdOf(buyer, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 2 }]);
    const started = await buyer.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(2),
    });
    const [row] = await db.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    await peer.pay(row?.providerCheckoutId ?? "");
    const { bookingReference } = await buyer.call("payments.checkoutStatus", {
      checkoutId: started.checkoutId,
    });

    const receipt = await as(buyer.user.id).call("invoices.receipt", {
      reference: bookingReference,
    });
    // 2 × €20.00, fee 2 × (5 % + €0.30) = €2.60, tax 10 % = €4.00: €46.60.
    expect(receipt).toMatchObject({
      reference: bookingReference,
      refundedMinor: 0,
      document: {
        seller: { name: "Test Hall", address: "1 Test Street", taxId: "FR12345" },
        buyer: { name: "Ada Lovelace", email: "ada@example.com" },
        lines: [
          { description: "Type 1", quantity: 2, unitMinor: 2000, amountMinor: 4000 },
          { description: "Booking fee", quantity: 1, unitMinor: 260, amountMinor: 260 },
        ],
        subtotalMinor: 4000,
        feesMinor: 260,
        taxMinor: 400,
        totalMinor: 4660,
        currency: "EUR",
        payment: { cardLast4: "4242" },
      },
    });
    expect(receipt.invoices).toMatchObject([
      { kind: "invoice", number: "INV-000001", totalMinor: 4660 },
    ]);
    expect(
      await organiser.call("invoices.receipt", { reference: bookingReference.toLowerCase() }),
    ).toEqual(receipt);
    const stranger = as((await makeUser(db.db)).id);
    for (const [name, input] of [
      ["invoices.receipt", { reference: bookingReference }],
      ["invoices.receiptPdf", { reference: bookingReference }],
      ["invoices.pdf", { invoiceId: receipt.invoices[0].id }],
      ["invoices.pdf", { invoiceId: "not-an-id" }],
    ] as const) {
      expect(await stranger.fail(name, input)).toMatchObject({ status: "NOT_FOUND" });
    }

    const text = pdfText(
      (await as(buyer.user.id).call("invoices.receiptPdf", { reference: bookingReference })).base64,
    );
    for (const expected of [
      "Receipt",
      "Test Hall",
      "1 Test Street",
      "Ada Lovelace",
      bookingReference,
      "Type 1",
      "€20.00",
      "€40.00",
      "Booking fee",
      "€2.60",
      "Tax 10%",
      "€4.00",
      "€46.60",
      "Paid by card ending 4242",
    ]) {
      expect(text).toContain(expected);
    }
    const invoicePdf = await organiser.call("invoices.pdf", { invoiceId: receipt.invoices[0].id });
    expect(invoicePdf.filename).toBe("INV-000001.pdf");
    const invoiceText = pdfText(invoicePdf.base64);
    for (const expected of ["Invoice INV-000001", "Tax id: FR12345", "€46.60", "4242"]) {
      expect(invoiceText).toContain(expected);
    }
  }, 60_000);

  it("has no receipt for a booking paid at the venue, and says why to its buyer", async () => {
    const made = await invoicedEvent(db.db);
    const venue = await paidBooking(db.db, made, { provider: "venue" });
    const refusal = await as(venue.buyerId).fail("invoices.receipt", {
      reference: venue.reference,
    });
    expect(refusal).toMatchObject({ status: "NOT_FOUND", details: { reason: "not-paid-by-card" } });
    expect(refusal.message).toMatch(/paid at the venue/);
    // Someone else learns nothing more than for a reference that does not exist.
    const other = as((await makeUser(db.db)).id);
    expect(await other.fail("invoices.receipt", { reference: venue.reference })).toMatchObject({
      status: "NOT_FOUND",
      details: { reason: "not-found" },
    });
  });

  it("needs a tax id of 2 to 32 characters to turn invoices on", async () => {
    const made = await invoicedEvent(db.db, { invoices: false });
    const organiser = as(made.owner.id);
    for (const taxId of ["  ", "X", "X".repeat(33)]) {
      expect(
        await organiser.fail("invoices.updateSettings", { invoicesEnabled: true, taxId }),
      ).toMatchObject({ status: "INVALID_ARGUMENT", details: [{ path: "taxId" }] });
    }
    expect(await organiser.call("invoices.settings", null)).toEqual({
      invoicesEnabled: false,
      taxId: "GB123456789",
    });
    expect(
      await organiser.call("invoices.updateSettings", { invoicesEnabled: false, taxId: "" }),
    ).toEqual({ invoicesEnabled: false, taxId: null });
    const nobody = as((await makeUser(db.db)).id);
    expect(await nobody.fail("invoices.settings", null)).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "no-business" },
    });
  });
});
