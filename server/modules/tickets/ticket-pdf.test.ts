import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";
import { decodeQrImage, pdfImages } from "#tests/support/qr-decode.ts";

describe.each(testDatabases.slice(0, 1))("ticket PDFs on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await ticketsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("holds one page per valid ticket whose QR decodes to the ticket's current token", async () => {
    const { me, event } = await kit.holderOf(3);
    const wallet = await me.call("tickets.forEvent", { eventId: event.id });
    await kit.setTicketStatus(wallet.tickets[2].id, "cancelled");
    const pdf = await me.call("tickets.pdf", { eventId: event.id });
    expect(pdf.filename).toBe("tickets.pdf");
    const { pages, images } = await pdfImages(Buffer.from(pdf.base64, "base64"));
    expect(pages).toBe(2);
    const decoded = (await Promise.all(images.map(decodeQrImage))).flat();
    expect(decoded.sort()).toEqual([wallet.tickets[0].qr, wallet.tickets[1].qr].sort());

    const one = await me.call("tickets.pdf", { ticketId: wallet.tickets[0].id });
    const single = await pdfImages(Buffer.from(one.base64, "base64"));
    expect(single.pages).toBe(1);
    expect(await decodeQrImage(single.images[0] as Buffer)).toEqual([wallet.tickets[0].qr]);
  });

  it("draws names a standard PDF font cannot, without failing", async () => {
    const { me, event } = await kit.holderOf(1);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    await db.db.execute(
      `update tickets set attendee_name = '王小明 Zoë ✓' where id = '${ticket.id}'` as never,
    );
    const pdf = await me.call("tickets.pdf", { ticketId: ticket.id });
    expect((await pdfImages(Buffer.from(pdf.base64, "base64"))).pages).toBe(1);
  });
});
