import { randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { ownersPublishedEvent } from "#tests/support/kits/business-test-kit.ts";
import { type MailPeer, startMailPeer } from "#tests/support/mail-peer.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { peerSettings, type SmsPeer, startSmsPeer } from "#tests/support/sms-peer.ts";
import { projectRoot, type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { launchChromium, newPage } from "./browser.ts";
import { callFunction, signInAs, uniquePhone } from "./session.ts";

const people = 3000;
/**
 * Person n (1-based) by n % 6: 0 both verified, settings unset; 1 SMS off; 2 email off;
 * 3 both off; 4 phone only (no email); 5 neither verified. A cancellation goes by every
 * channel a person has: email for 0-3, SMS for 0-4, in-app for all.
 */
const hasEmail = (n: number) => n % 6 <= 3;
const hasPhone = (n: number) => n % 6 <= 4;

/**
 * An event with 3 000 people concerned cancelled, the server killed (SIGKILL) while the
 * notice fan-out is telling them, a new server started on the same PostgreSQL database:
 * each person gets exactly one notice in-app, one email if they have a verified address
 * and one SMS if they have a verified phone, counted at the real SMTP and SMS peers and in
 * the database. Needs TEST_DATABASE_URL.
 */
describe.runIf(testDatabaseUrl)("an event cancellation survives the server being killed", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let database: DatabaseHandle;
  let mail: MailPeer;
  let sms: SmsPeer;
  const servers: RunningServer[] = [];
  const env = () => ({
    NODE_ENV: "test",
    DATABASE_URL: temp.url,
    PGLITE_DIR: "",
    ...peerSettings(mail, sms),
  });

  beforeAll(async () => {
    temp = await createTempDatabase("e2e_cancel_restart", { migrated: true });
    mail = await startMailPeer();
    sms = await startSmsPeer();
    servers.push(await spawnServer({ env: env() }));
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

  /**
   * 3 000 people in bookings of ten: booking g is made by the first of its ten; in even
   * bookings the booker keeps one ticket and gave nine away, in odd ones the booker gave
   * all nine tickets away (booker and holders differ: each concerned once all the same).
   */
  async function peopleWithTickets(eventId: string, typeId: string) {
    const tag = randomUUID().slice(0, 8);
    const rows = await rowsOf<{ id: string; n: number; email: string | null; phone: string }>(
      database.db,
      sql`insert into users (name, phone, phone_verified_at, email, email_verified_at, preferences)
          select 'Person ' || n,
                 '+1555' || ${tag} || lpad(n::text, 6, '0'),
                 case when n % 6 <= 4 then now() end,
                 case when n % 6 <> 4 then 'person-' || n || '-' || ${tag} || '@example.com' end,
                 case when n % 6 <= 3 then now() end,
                 (case n % 6
                   when 1 then '{"notifyBy":{"email":true,"sms":false}}'
                   when 2 then '{"notifyBy":{"email":false,"sms":true}}'
                   when 3 then '{"notifyBy":{"email":false,"sms":false}}'
                   else '{}' end)::jsonb
          from generate_series(1, ${people}::int) as n
          returning id, (regexp_replace(name, '\\D', '', 'g'))::int as n, email, phone`,
    );
    await database.db.execute(sql`
      with people as (
        select id, (regexp_replace(name, '\\D', '', 'g'))::int as n from users
        where phone like ${`+1555${tag}%`}
      ), groups as (
        select (n - 1) / 10 as g, id as booker from people where (n - 1) % 10 = 0
      ), held as (
        insert into holds (user_id, event_id, status, expires_at)
        select booker, ${eventId}::uuid, 'converted', now() from groups
        returning id, user_id
      ), booked as (
        insert into bookings (reference, user_id, event_id, hold_id, payment_status,
                              payment_provider, total_minor, currency)
        select upper(${tag}) || '-' || g, booker, ${eventId}::uuid, held.id, 'not-required', 'free', 0, 'GBP'
        from groups join held on held.user_id = groups.booker
        returning id, user_id
      )
      insert into tickets (booking_id, event_id, ticket_type_id, holder_user_id, attendee_name, secret)
      select booked.id, ${eventId}::uuid, ${typeId}::uuid, p.id, 'Holder', md5(random()::text || p.id::text)
      from booked join groups on groups.booker = booked.user_id
      join people p on (p.n - 1) / 10 = groups.g
      -- Odd groups: the booker holds none of the tickets (all given away).
      where not (groups.g % 2 = 1 and p.id = groups.booker)`);
    await database.db.execute(
      sql`update ticket_types set taken = (select count(*) from tickets where ticket_type_id = ${typeId}::uuid)
          where id = ${typeId}::uuid`,
    );
    return rows;
  }

  it("tells each of 3 000 people once per channel across a SIGKILL and a restart", async () => {
    const first = servers[0];
    if (!first) throw new Error("no server");
    const ownerPhone = uniquePhone();
    const signedIn = await fetch(`${first.url}/api/fn/test.signInAs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { name: "Carla Cancel", phone: ownerPhone } }),
    });
    const ownerId = ((await signedIn.json()) as { result: { userId: string } }).result.userId;
    const as = <T>(url: string, name: string, data: unknown) =>
      callFunction<T>(url, name, data, ownerId);
    await as(first.url, "businesses.apply", {
      name: "Cancel Hall",
      type: "venue",
      contactPhone: "+44 20 7946 0019",
      contactEmail: "hello@cancel.example",
      address: "2 Quay Street, Bristol",
      description: "",
    });
    const { event, type } = await ownersPublishedEvent(database.db, ownerId, 5000);
    const persons = await peopleWithTickets(event.id, type.id);
    expect(persons).toHaveLength(people);

    await as(first.url, "events.cancel", { eventId: event.id, reason: "Flooded hall" }).catch(
      (error) => {
        throw new Error(`${error}\n${first.output()}`);
      },
    );
    const delivered = () =>
      countOf(sql`select coalesce(sum(delivered), 0) as n from notice_fanouts
        where event_id = ${event.id} and kind = 'event-cancelled'`);
    const started = Date.now();
    while ((await delivered()) < 200) await new Promise((r) => setTimeout(r, 10));
    await first.stop("SIGKILL");
    const atKill = await delivered();
    expect(atKill).toBeLessThan(people);
    // Messages the dead server was sending when killed may have reached the peer without
    // being marked sent: they go again (at least once; an email keeps its Message-ID).
    const inFlight = new Set(
      (
        await rowsOf<{ destination: string }>(
          database.db,
          sql`select o.destination from outbound_messages o join pgboss.job j on j.id = o.id
              where o.status = 'queued' and j.state = 'active'`,
        )
      ).map((row) => row.destination),
    );
    // pg-boss retries a dead worker's jobs once they expire (120 s); the test does not wait.
    await database.db.execute(
      sql`update pgboss.job set state = 'retry', start_after = now()
          where name = 'deliver-message' and state = 'active'`,
    );

    const second = await spawnServer({ env: env() });
    servers.push(second);
    const pending = () =>
      countOf(sql`select count(*) as n from outbound_messages o
        join notice_fanouts f on f.id = o.source_id
        where f.event_id = ${event.id} and o.status = 'queued'`);
    const deadline = Date.now() + 90_000;
    while (((await delivered()) < people || (await pending()) > 0) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect([await delivered(), await pending()]).toEqual([people, 0]);
    const seconds = Math.round((Date.now() - started) / 1000);

    // In the database: one notification each, one outbound row per person and channel.
    const ids = sql`select id from users where id = any(${`{${persons.map((p) => p.id).join(",")}}`}::uuid[])`;
    expect(
      await countOf(sql`select count(*) as n from notifications
        where kind = 'event-cancelled' and user_id in (${ids})`),
    ).toBe(people);
    expect(
      await countOf(sql`select count(distinct user_id) as n from notifications
        where kind = 'event-cancelled' and user_id in (${ids})`),
    ).toBe(people);
    const emailed = persons.filter((p) => hasEmail(p.n));
    const texted = persons.filter((p) => hasPhone(p.n));
    const rowsBy = (channel: string) =>
      countOf(sql`select count(*) as n from outbound_messages o
        join notice_fanouts f on f.id = o.source_id
        where f.event_id = ${event.id} and o.channel = ${channel} and o.status = 'sent'`);
    expect([await rowsBy("email"), await rowsBy("sms")]).toEqual([emailed.length, texted.length]);

    // At the peers: every verified address got one email (one Message-ID), nobody else any.
    const messageIds = new Map<string, Set<string>>();
    for (const received of mail.received) {
      for (const to of received.to) {
        const seen = messageIds.get(to) ?? new Set<string>();
        seen.add(received.parsed.messageId ?? "");
        messageIds.set(to, seen);
      }
    }
    const wrongMail = persons.filter(
      (p) => (messageIds.get(p.email ?? "")?.size ?? 0) !== (hasEmail(p.n) ? 1 : 0),
    );
    expect(wrongMail).toEqual([]);
    // Every verified phone got its SMS once; a second only if it was in flight at the kill.
    const smsCount = new Map<string, number>();
    for (const text of sms.received) smsCount.set(text.to, (smsCount.get(text.to) ?? 0) + 1);
    const wrongSms = persons.filter((p) => {
      const count = smsCount.get(p.phone) ?? 0;
      if (!hasPhone(p.n)) return count !== 0;
      return !(count === 1 || (count === 2 && inFlight.has(p.phone)));
    });
    expect(wrongSms).toEqual([]);
    expect(sms.received[0]?.body).toContain("is cancelled");
    // The organiser's editor shows the notice with its delivery, by channel.
    const browser = await launchChromium();
    try {
      const page = await newPage(browser, { mobile: true });
      await signInAs(page, second.url, { name: "Carla Cancel", phone: ownerPhone });
      await page.goto(`${second.url}/business/events/${event.id}`);
      const notice = page.getByTestId("event-notice");
      await notice.waitFor();
      expect(await notice.count()).toBe(1);
      const counts = notice.getByTestId("delivery-counts");
      expect(await counts.innerText()).toMatch(
        /In-app\s+3,000 of 3,000 told\s+Email\s+2,000 sent\s+SMS\s+2,500 sent/,
      );
      expect(await notice.getByText("Cancellation", { exact: false }).count()).toBe(1);
      // For the eye (screenshots/ is not kept by git): the section on a phone, light and dark.
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.locator("section", { has: notice }).screenshot({
          path: path.join(projectRoot, `screenshots/phone-${scheme}/business_event_notices.png`),
        });
      }
    } finally {
      await browser.close();
    }
    console.log(
      `killed at ${atKill} of ${people} told; ${inFlight.size} messages in flight at the kill; ` +
        `all told and sent ${seconds} s after the cancellation; ` +
        `${emailed.length} emails and ${texted.length} SMS, one per person and channel`,
    );
  }, 240_000);
});
