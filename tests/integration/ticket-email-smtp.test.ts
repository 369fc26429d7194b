import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Attachment } from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcStamp } from "#server/modules/events/event-calendar.ts";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { makeEvent, makeUser, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import { type MailPeer, startMailPeer } from "#tests/support/mail-peer.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { peerSettings, type SmsPeer, startSmsPeer } from "#tests/support/sms-peer.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { callFunction as call, waitFor } from "#tests/support/spawned-calls.ts";

/** The QR codes zbar reads in a PNG (each symbol's text, one a line with --raw). */
function zbarRead(file: string): string[] {
  const out = execFileSync("zbarimg", ["--raw", "-q", file], { encoding: "utf8" });
  return out.split("\n").filter(Boolean);
}

const bytesOf = (file: Attachment) =>
  Buffer.from(typeof file.content === "string" ? file.content : new Uint8Array(file.content));

describe.skipIf(!testDatabaseUrl)("the tickets email through a real SMTP server", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let db: DatabaseHandle;
  let mail: MailPeer;
  let sms: SmsPeer;
  let server: RunningServer;
  const work = mkdtempSync(path.join(tmpdir(), "ticket-email-"));

  beforeAll(async () => {
    temp = await createTempDatabase("ticketmail", { migrated: true });
    mail = await startMailPeer();
    sms = await startSmsPeer();
    server = await spawnServer({
      env: {
        NODE_ENV: "test",
        DATABASE_URL: temp.url,
        APP_SECRET: "m".repeat(32),
        PUBLIC_URL: "http://tickets.example.test",
        ...peerSettings(mail, sms),
      },
    });
    db = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 4 });
  }, 120_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await db?.close();
    await temp?.drop();
    await mail?.close();
    await sms?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("sends one mail to the buyer and one to the contact: business as sender, PDF and inline QRs are the tokens, the .ics parses", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 10 }] });
    const buyer = await makeUser(db.db, { email: "buyer@example.test" });
    const bearer = `test:${buyer.id}:`;
    const held = await call(server, "holds.create", bearer, {
      eventId: event.shortId,
      items: [{ ticketTypeId: nth(types, 0).id, quantity: 2 }],
      idempotencyKey: newKey(),
    });
    expect(held.status).toBe(200);
    const confirm = {
      holdId: (held.body.result as { id: string }).id,
      attendees: [{ name: "Ada Lovelace" }, { name: "Alan Turing" }],
      contactEmail: "Friend@Example.test",
      idempotencyKey: newKey(),
    };
    const first = await call(server, "bookings.confirm", bearer, confirm);
    expect(first.status).toBe(200);
    // The same key again answers the same booking and sends nothing more.
    const again = await call(server, "bookings.confirm", bearer, confirm);
    const booking = first.body.result as { id: string; tickets: { id: string }[] };
    expect((again.body.result as { id: string }).id).toBe(booking.id);

    await mail.waitFor("buyer@example.test");
    await mail.waitFor("friend@example.test");
    // Every message of this booking settled: nothing more can arrive for it.
    await waitFor(
      async () => {
        const rows = await rowsOf<{ status: string }>(
          db.db,
          sql`select status from outbound_messages where template_ref = ${booking.id}`,
        );
        return rows.length > 0 && rows.every((row) => row.status !== "queued");
      },
      30_000,
      "the booking's emails to be settled",
    );
    expect(mail.to("buyer@example.test")).toHaveLength(1);
    expect(mail.to("friend@example.test")).toHaveLength(1);

    const tokens: string[] = [];
    for (const ticket of booking.tickets) {
      const got = await call(server, "tickets.get", bearer, { ticketId: ticket.id });
      tokens.push((got.body.result as { qr: string }).qr);
    }
    expect(tokens.every((token) => token.length > 20)).toBe(true);

    for (const address of ["buyer@example.test", "friend@example.test"]) {
      const { parsed } = nth(mail.to(address), 0);
      expect(parsed.from).toMatchObject({ name: "Test Hall", address: "tickets@example.test" });
      expect(parsed.subject).toBe("Your tickets for Concert of Tests");
      expect(parsed.text).toContain("Ada Lovelace");
      expect(parsed.html).toContain("cid:");

      const pdfs = parsed.attachments.filter((file) => file.mimeType === "application/pdf");
      expect(pdfs).toHaveLength(1);
      const dir = mkdtempSync(path.join(work, "pdf-"));
      writeFileSync(path.join(dir, "tickets.pdf"), bytesOf(nth(pdfs, 0)));
      execFileSync("pdftoppm", ["-png", "-r", "150", "tickets.pdf", "page"], { cwd: dir });
      const pages = readdirSync(dir)
        .filter((name) => name.endsWith(".png"))
        .sort();
      expect(pages).toHaveLength(2);
      expect(pages.flatMap((page) => zbarRead(path.join(dir, page)))).toEqual(tokens);

      const inline = parsed.attachments.filter((file) => file.mimeType === "image/png");
      expect(inline).toHaveLength(2);
      const inlineTokens = inline.map((file, i) => {
        expect(parsed.html).toContain(`cid:${file.contentId?.replace(/^<|>$/g, "")}`);
        const png = path.join(dir, `inline-${i}.png`);
        writeFileSync(png, bytesOf(file));
        return zbarRead(png);
      });
      expect(inlineTokens.flat().sort()).toEqual([...tokens].sort());

      const calendars = parsed.attachments.filter((file) => file.mimeType === "text/calendar");
      expect(calendars).toHaveLength(1);
      // Content lines, unfolded (RFC 5545 3.1); mail transport may have touched the ends.
      const lines = bytesOf(nth(calendars, 0))
        .toString("utf8")
        .replace(/\r?\n[ \t]/g, "")
        .split(/\r?\n/)
        .filter(Boolean);
      expect([lines[0], lines.at(-1)]).toEqual(["BEGIN:VCALENDAR", "END:VCALENDAR"]);
      const vevent = lines.slice(lines.indexOf("BEGIN:VEVENT"), lines.indexOf("END:VEVENT"));
      expect(vevent.length).toBeGreaterThan(3);
      expect(vevent).toContain(`DTSTART:${utcStamp(event.startsAt)}`);
      expect(vevent).toContain("SUMMARY:Concert of Tests");
    }
  });
});
