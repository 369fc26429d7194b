import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventPage } from "#contract/event-page.ts";
import type { HoldView } from "#contract/hold-view.ts";
import type { MyWaitingListEntry } from "#contract/waiting-list.ts";
import { offerReleasedTickets } from "#server/modules/waiting-list/waiting-list-worker.ts";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type HttpPeer, startHttpPeer } from "#tests/support/http-peer.ts";
import { ownersPublishedEvent } from "#tests/support/kits/business-test-kit.ts";
import { type MailPeer, startMailPeer } from "#tests/support/mail-peer.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { peerSettings } from "#tests/support/sms-peer.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { callFunction, uniquePhone } from "./session.ts";

type EntryRow = {
  status: string;
  hold_id: string | null;
  offered_quantity: number | null;
  offer_expires_at: Date | string | null;
};

/**
 * A waiting list's offer made by the server's worker (decision 034), the server killed
 * (SIGKILL) either the moment the offer is committed or while its SMS is being sent, and
 * a new server started on the same PostgreSQL database: the offer still holds its ticket
 * (not on public sale), the person books it over the function API, the notice reached
 * each of their channels once (an SMS that was in flight at the kill goes again: at
 * least once, as every message), and nothing was offered twice. Needs TEST_DATABASE_URL.
 */
describe.runIf(testDatabaseUrl)("a waiting list offer survives the server being killed", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let database: DatabaseHandle;
  let mail: MailPeer;
  /** Speaks Twilio's Messages API; leaves unanswered the SMS to `stalled` (in flight). */
  let sms: HttpPeer;
  let stalled: string | null = null;
  const texts = () =>
    sms.requests.map((request) => {
      const form = new URLSearchParams(request.body);
      return { to: form.get("To") ?? "", body: form.get("Body") ?? "" };
    });
  const servers: RunningServer[] = [];
  const env = () => ({
    NODE_ENV: "test",
    DATABASE_URL: temp.url,
    PGLITE_DIR: "",
    // The sweep gives the lapsed hold's ticket back at once; the line moves every second.
    HOLD_SWEEP_SECONDS: "1",
    WAITING_LIST_TICK_SECONDS: "1",
    ...peerSettings(mail, sms),
  });

  beforeAll(async () => {
    temp = await createTempDatabase("e2e_waiting_list_restart", { migrated: true });
    mail = await startMailPeer();
    sms = await startHttpPeer((request, res) => {
      if (stalled && new URLSearchParams(request.body).get("To") === stalled) return;
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}` }));
    });
    database = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 2 });
  }, 180_000);
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL");
    await database?.close();
    await temp?.drop();
    await mail?.close();
    await sms?.close();
  });

  const countOf = async (query: ReturnType<typeof sql>) =>
    Number((await rowsOf<{ n: number | string }>(database.db, query))[0]?.n ?? 0);
  const entryOf = async (entryId: string) => {
    const [row] = await rowsOf<EntryRow>(
      database.db,
      sql`select status, hold_id, offered_quantity, offer_expires_at
          from waiting_list_entries where id = ${entryId}`,
    );
    if (!row) throw new Error(`no entry ${entryId}`);
    return row;
  };
  /** Polls `read` every 20 ms until `done` holds (90 s at most); says what it last saw. */
  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean) {
    const deadline = Date.now() + 90_000;
    let value = await read();
    while (!done(value) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      value = await read();
    }
    if (!done(value)) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    return value;
  }

  async function signIn(url: string, name: string) {
    const phone = uniquePhone();
    const response = await fetch(`${url}/api/fn/test.signInAs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { name, phone } }),
    });
    const { userId } = ((await response.json()) as { result: { userId: string } }).result;
    return { id: userId, phone };
  }

  it.each([
    { when: "the moment the offer is committed", killWhileSending: false },
    { when: "while the offer's SMS is being sent", killWhileSending: true },
  ])(
    "keeps the offer, tells once per channel and offers nothing twice: killed $when",
    async ({ killWhileSending }) => {
      // One server at a time on the database (a second would deliver the messages too).
      for (const server of servers) await server.stop("SIGKILL");
      const first = await spawnServer({ env: env() });
      servers.push(first);
      const owner = await signIn(first.url, "Wanda Waitlist");
      await callFunction(
        first.url,
        "businesses.apply",
        {
          name: "Line Hall",
          type: "venue",
          contactPhone: "+44 20 7946 0020",
          contactEmail: "hello@line.example",
          address: "3 Quay Street, Bristol",
          description: "",
        },
        owner.id,
      );
      const { event, type } = await ownersPublishedEvent(database.db, owner.id, 2);
      const [booker, holder, waiting, next, publicBuyer] = [
        await signIn(first.url, "Bo Booker"),
        await signIn(first.url, "Hal Holder"),
        await signIn(first.url, "Wes Waiting"),
        await signIn(first.url, "Nia Next"),
        await signIn(first.url, "Pat Public"),
      ];
      const email = `wes-${waiting.phone.slice(1)}@example.com`;
      await database.db.execute(
        sql`update users set email = ${email}, email_verified_at = now() where id = ${waiting.id}`,
      );
      const hold = (url: string, userId: string) =>
        callFunction<HoldView>(
          url,
          "holds.create",
          {
            eventId: event.id,
            items: [{ ticketTypeId: type.id, quantity: 1 }],
            idempotencyKey: crypto.randomUUID(),
          },
          userId,
        );
      const book = (url: string, userId: string, holdId: string, name: string) =>
        callFunction<{ id: string }>(
          url,
          "bookings.confirm",
          { holdId, attendees: [{ name }], idempotencyKey: crypto.randomUUID() },
          userId,
        );

      // Sold out: one ticket booked, the other held.
      await book(first.url, booker.id, (await hold(first.url, booker.id)).id, "Bo Booker");
      const held = await hold(first.url, holder.id);
      const join = (userId: string) =>
        callFunction<MyWaitingListEntry>(
          first.url,
          "waitingList.join",
          { ticketTypeId: type.id, quantity: 1 },
          userId,
        );
      const entry = await join(waiting.id);
      const behind = await join(next.id);
      expect([entry.status, behind.status, behind.ahead]).toEqual(["waiting", "waiting", 1]);

      // The held ticket comes back (its hold runs out): the server offers it to the first in
      // line, and is killed the moment the offer is committed, or once the SMS peer has the
      // offer's text and has not answered yet.
      stalled = killWhileSending ? waiting.phone : null;
      await database.db.execute(
        sql`update holds set expires_at = now() - interval '1 second' where id = ${held.id}`,
      );
      const offered = await until(
        "the offer",
        () => entryOf(entry.id),
        (row) => row.status !== "waiting",
      );
      if (killWhileSending) {
        await until(
          "the offer's SMS at the peer",
          async () => texts().filter((text) => text.to === waiting.phone).length,
          (count) => count > 0,
        );
      }
      await first.stop("SIGKILL");
      stalled = null;
      expect(offered).toMatchObject({ status: "offered", offered_quantity: 1 });
      const keys = ["app", "email", "sms"].map(
        (channel) => `waiting-list-offer:${entry.id}:${channel}`,
      );
      const outboxAtKill = await rowsOf<{ channel: string; status: string }>(
        database.db,
        sql`select channel, status from outbound_messages where key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}) order by channel`,
      );
      // Messages the dead server was sending may have reached the peer without being marked
      // sent: they go again (at least once; an email keeps its Message-ID).
      const inFlight = await rowsOf<{ channel: string }>(
        database.db,
        sql`select o.channel from outbound_messages o join pgboss.job j on j.id = o.id
          where o.key in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )}) and o.status = 'queued' and j.state = 'active'`,
      );
      // pg-boss retries a dead worker's jobs once they expire (120 s); the test does not wait.
      await database.db.execute(
        sql`update pgboss.job set state = 'retry', start_after = now()
          where name = 'deliver-message' and state = 'active'`,
      );

      const second = await spawnServer({ env: env() });
      servers.push(second);

      // The offer still holds: the person's hold is active until the offer's expiry.
      const after = await entryOf(entry.id);
      expect(after).toMatchObject({ status: "offered", hold_id: offered.hold_id });
      const [offerHold] = await rowsOf<{ user_id: string; status: string; expires_at: Date }>(
        database.db,
        sql`select user_id, status, expires_at from holds where id = ${after.hold_id}`,
      );
      expect(offerHold).toMatchObject({ user_id: waiting.id, status: "active" });
      expect(new Date(offerHold?.expires_at ?? 0).getTime()).toBe(
        new Date(after.offer_expires_at ?? 1).getTime(),
      );
      // Not on public sale: the page says sold out and a public hold is refused.
      const page = await callFunction<EventPage>(second.url, "events.get", { id: event.shortId });
      expect(page.ticketTypes[0]).toMatchObject({
        remaining: 0,
        notOnSaleReason: "sold-out",
        onSale: false,
      });
      await expect(hold(second.url, publicBuyer.id)).rejects.toThrow(/Sold out/);

      // The notice reaches every channel of theirs (in-app, email, SMS) through the new server.
      await until(
        "the offer's notice delivered",
        () =>
          rowsOf<{ channel: string; status: string }>(
            database.db,
            sql`select channel, status from outbound_messages where key in (${sql.join(
              keys.map((key) => sql`${key}`),
              sql`, `,
            )}) order by channel`,
          ),
        (rows) => rows.length === 2 && rows.every((row) => row.status === "sent"),
      );
      expect(
        await countOf(sql`select count(*) as n from notifications
        where user_id = ${waiting.id} and kind = 'waiting-list-offer'`),
      ).toBe(1);
      expect(
        await countOf(sql`select count(*) as n from outbound_messages
        where key like ${`waiting-list-offer:${entry.id}:%`}`),
      ).toBe(2);
      const offerMails = mail.received.filter(
        (received) =>
          received.to.some((to) => to.toLowerCase() === email) &&
          (received.parsed.subject ?? "").startsWith("Tickets held for you"),
      );
      expect(new Set(offerMails.map((m) => m.parsed.messageId)).size).toBe(1);
      const offerTexts = texts().filter(
        (text) => text.to === waiting.phone && text.body.includes("held for you"),
      );
      // Sent once; a second time only when the first was in flight at the kill (its answer
      // never came back), which the second run makes sure of.
      const smsInFlight = inFlight.some((row) => row.channel === "sms");
      expect(smsInFlight).toBe(killWhileSending);
      expect(offerTexts).toHaveLength(smsInFlight ? 2 : 1);

      // Nothing is offered twice: a tick finds nothing free to offer (the restarted server's
      // worker may hold the tick's lock: try again), and the next in line still waits.
      const tick = await until(
        "a tick of our own",
        () => offerReleasedTickets(database.db, { messages: null, publicUrl: null }),
        (result) => result !== null,
      );
      expect(tick).toEqual({ settled: 0, offered: 0, closed: 0 });
      expect(
        await countOf(sql`select count(*) as n from holds where event_id = ${event.id}
        and user_id = ${waiting.id}`),
      ).toBe(1);
      expect((await entryOf(behind.id)).status).toBe("waiting");

      // The person books the offered ticket through the function API of the new server.
      const booking = await book(second.url, waiting.id, after.hold_id as string, "Wes Waiting");
      expect(booking.id).toBeTruthy();
      await until(
        "the entry claimed",
        () => entryOf(entry.id),
        (row) => row.status === "claimed",
      );
      const [inventory] = await rowsOf<{ taken: number; tickets: number; live: number }>(
        database.db,
        sql`select t.taken,
          (select count(*) from tickets k where k.ticket_type_id = t.id
            and k.status = 'valid')::int as tickets,
          (select count(*) from holds h where h.event_id = ${event.id}
            and h.status = 'active')::int as live
        from ticket_types t where t.id = ${type.id}`,
      );
      expect(inventory).toEqual({ taken: 2, tickets: 2, live: 0 });
      expect(
        await countOf(sql`select count(*) as n from waiting_list_entries
        where ticket_type_id = ${type.id} and offered_at is not null`),
      ).toBe(1);
      expect((await entryOf(behind.id)).status).toBe("waiting");
      console.log(
        `killed with the offer's outbox rows ${JSON.stringify(outboxAtKill)}, ` +
          `${inFlight.length} in flight; ${offerTexts.length} SMS and ${offerMails.length} email(s) received`,
      );
      await second.stop("SIGTERM");
    },
    240_000,
  );
});
